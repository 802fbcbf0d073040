// Divergent control flow: per-lane loop trip counts, nested branches, switch, break/continue.
#include "ocl_prelude.h"

// Collatz: lanes of a wave leave the loop at different iterations.
__kernel void collatz(__global const uint *start, __global uint *steps, __global uint *peak,
                      uint n) {
  uint i = get_global_id(0);
  if (i >= n)
    return;
  uint x = start[i], s = 0, p = x;
  while (x != 1 && s < 1000) {
    x = (x & 1) ? 3 * x + 1 : x >> 1;
    p = x > p ? x : p;
    ++s;
  }
  steps[i] = s;
  peak[i] = p;
}

__kernel void nested_branches(__global const uint *a, __global uint *out) {
  uint i = get_global_id(0);
  uint v = a[i], r = 0;
  if (v & 1) {
    if (v & 2) {
      for (uint k = 0; k < (v >> 4 & 15); ++k) {
        if (k == 11)
          break;
        r += k * v;
      }
    } else {
      r = 0u - v;
    }
  } else {
    switch ((v >> 2) & 3) {
    case 0:
      r = v * 3u;
      break;
    case 1:
      for (uint k = 0; k < (v >> 8 & 31); ++k) {
        if ((k ^ v) & 4)
          continue;
        r ^= k << 3;
      }
      break;
    case 2:
      r = (uint)((int)v / 7);
      break;
    default: {
      uint w = v >> 20;
      while (w > 10) {
        w -= 9;
        if (w == 33)
          return; // this work-item writes nothing
      }
      r = w;
    }
    }
  }
  out[i] = r;
}
