// Private memory across calls: noinline helpers keep their arrays in their own stack frames
// (gfx9: below the stack pointer s32, a wave-scaled offset into the swizzled private segment),
// fill and read the caller's array through generic pointers (flat accesses to the private
// aperture), and nested calls keep arrays in their frames across calls. Compiled as OpenCL C
// 2.0 for the generic address space.
#include "ocl_prelude.h"

__attribute__((noinline)) uint mix_private(uint seed, uint rounds) {
  uint arr[32];
  for (uint k = 0; k < 32; ++k)
    arr[k] = (seed * (k + 1)) ^ (k << 7);
  uint acc = seed;
  for (uint k = 0; k < rounds; ++k) {
    uint j = (acc >> 3) % 32;
    arr[j] += acc;
    acc = acc * 33u + arr[(j + k) % 32];
  }
  return acc;
}

__attribute__((noinline)) void fill_through(uint *p, uint count, uint seed) {
  for (uint k = 0; k < count; ++k)
    p[k] = seed + k * k;
}

__attribute__((noinline)) uint sum_through(const uint *p, uint count) {
  uint s = 0;
  for (uint k = 0; k < count; ++k)
    s = s * 7u + p[k];
  return s;
}

// Nested calls, each keeping an array in its frame across the call below it. (No recursion:
// clang-19 sizes the private segment from the call graph without it, so a recursive kernel would
// overflow the segment its descriptor asks for.)
__attribute__((noinline)) uint level2(uint v) {
  uint frame[6];
  for (uint k = 0; k < 6; ++k)
    frame[k] = v * (k + 3);
  return frame[v % 6] ^ frame[(v >> 4) % 6];
}
__attribute__((noinline)) uint level1(uint v) {
  uint frame[5];
  for (uint k = 0; k < 5; ++k)
    frame[k] = v + k * 11;
  uint below = level2(v * 3u + 1u);
  return frame[(v + below) % 5] + below;
}
__attribute__((noinline)) uint level0(uint v) {
  uint frame[4];
  for (uint k = 0; k < 4; ++k)
    frame[k] = v ^ (k << 9);
  uint below = level1(v + 7u);
  return frame[below % 4] * 5u + below;
}

__kernel void private_calls(__global const uint *in, __global uint *out, uint n) {
  uint i = get_global_id(0);
  if (i >= n)
    return;
  uint buf[24];
  fill_through(buf, 24, in[i]);
  buf[in[i] % 24] ^= mix_private(in[i], 5 + i % 7);
  out[3 * i] = sum_through(buf, 24);
  out[3 * i + 1] = mix_private(in[(i + 1) % n], 9);
  out[3 * i + 2] = level0(in[i]);
}
