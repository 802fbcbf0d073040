// Elementwise f32 / integer math and conversions, one work-item per element, 1-D grids whose
// size is not a multiple of the block. Floating-point contraction is off (the test passes
// -ffp-contract=off): a fused multiply-add is always spelled __builtin_fmaf.
#include "ocl_prelude.h"

__kernel void ew_f32(__global const float *a, __global const float *b, __global const float *c,
                     __global float *out, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  float x = a[i], y = b[i], z = c[i];
  __global float *o = out + 12 * i;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = __builtin_fmaf(x, y, z);
  o[4] = __builtin_fminf(x, y);
  o[5] = __builtin_fmaxf(x, z);
  o[6] = __builtin_floorf(x);
  o[7] = __builtin_ceilf(y);
  o[8] = __builtin_truncf(z);
  o[9] = __builtin_rintf(x * 4.0f);
  o[10] = __builtin_copysignf(__builtin_fabsf(y), x);
  o[11] = x < y ? z : -z;
}

__kernel void ew_i32(__global const uint *a, __global const uint *b, __global uint *out, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  uint x = a[i], y = b[i];
  int sx = (int)x, sy = (int)y;
  uint sh = y & 31;
  __global uint *o = out + 16 * i;
  o[0] = x + y * 3u;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = (uint)(((ulong)x * y) >> 32);
  o[4] = (uint)(((long)sx * sy) >> 32);
  o[5] = x << sh;
  o[6] = x >> sh;
  o[7] = (uint)(sx >> sh);
  o[8] = (x << sh) | (x >> ((32 - sh) & 31));
  o[9] = __builtin_popcount(x) + ((uint)__builtin_clz(x | 1) << 8) +
         ((uint)__builtin_ctz(y | 0x80000000u) << 16);
  o[10] = __builtin_bitreverse32(x);
  o[11] = __builtin_bswap32(y);
  o[12] = (x >> (y & 15)) & ((1u << ((y >> 8) & 15)) - 1u);
  o[13] = (uint)(sx < sy ? sx : sy) ^ (x > y ? x : y);
  o[14] = (x & 0xFFFFFFu) * (y & 0xFFFFFFu);
  o[15] = sx > sy ? x - y : y - x;
}

// 16- and 8-bit integer arithmetic (the compiler uses the 16-bit VALU forms).
__kernel void ew_i16(__global const short *a, __global const short *b, __global short *out,
                     __global char *out8, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  short x = a[i], y = b[i];
  __global short *o = out + 6 * i;
  o[0] = (short)(x + y);
  o[1] = (short)(x * y);
  o[2] = x < y ? x : y;
  o[3] = (short)((ushort)x >> (y & 15));
  o[4] = (short)(x >> (y & 15));
  o[5] = (short)((ushort)x > (ushort)y ? x : y);
  char cx = (char)x, cy = (char)y;
  out8[2 * i] = (char)(cx * cy);
  out8[2 * i + 1] = (char)((uchar)cx + (uchar)((uchar)cy << 1));
}

// Conversions between integers, f32 and f64 (values in range where C leaves it undefined).
__kernel void ew_convert(__global const float *f, __global const int *s, __global const double *d,
                         __global uint *out, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  float fv = f[i];
  int sv = s[i];
  double dv = d[i];
  __global uint *o = out + 12 * i;
  o[0] = as_uint((float)sv);
  o[1] = as_uint((float)(uint)sv);
  o[2] = (uint)(int)fv;
  o[3] = (uint)__builtin_fabsf(fv);
  o[4] = as_uint((float)dv);
  ulong fd = as_ulong((double)fv);
  o[5] = (uint)fd;
  o[6] = (uint)(fd >> 32);
  ulong sd = as_ulong((double)sv);
  o[7] = (uint)sd;
  o[8] = (uint)(sd >> 32);
  long dl = (long)dv;
  o[9] = (uint)dl;
  o[10] = (uint)((ulong)dl >> 32);
  o[11] = as_uint((float)((ulong)(uint)sv << 20));
}
