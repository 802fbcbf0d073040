// 64-bit integer math and integer division / remainder (32-, 16-, 8- and 64-bit, by variables
// and by constants). The host never divides by 0 or INT_MIN by -1.
#include "ocl_prelude.h"

// High 64 bits of a 64x64 product from 32-bit halves (the host uses unsigned __int128).
static ulong mulhi64(ulong a, ulong b) {
  ulong al = (uint)a, ah = a >> 32, bl = (uint)b, bh = b >> 32;
  ulong ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
  ulong mid = (ll >> 32) + (uint)lh + (uint)hl;
  return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

__kernel void i64_math(__global const ulong *a, __global const ulong *b, __global ulong *out,
                       uint n) {
  uint i = get_global_id(0);
  if (i >= n)
    return;
  ulong x = a[i], y = b[i];
  uint sh = (uint)y & 63;
  __global ulong *o = out + 14 * i;
  o[0] = x + y;
  o[1] = x - y * 5;
  o[2] = x * y;
  o[3] = mulhi64(x, y);
  o[4] = x << sh;
  o[5] = x >> sh;
  o[6] = (ulong)((long)x >> sh);
  o[7] = (x << sh) | (x >> ((64 - sh) & 63));
  o[8] = (ulong)__builtin_clzl(x | 1) | (ulong)__builtin_ctzl(y | (1ul << 63)) << 8 |
         (ulong)__builtin_popcountl(x) << 16;
  o[9] = (long)x < (long)y ? x : y;
  o[10] = x > y ? x : y;
  o[11] = (ulong)((long)(int)x * (long)(int)y) + (ulong)(uint)x * (ulong)(uint)y;
  o[12] = __builtin_bitreverse64(x);
  o[13] = __builtin_bswap64(y) ^ (ulong)(x == y) ^ (ulong)((long)x >= 0) << 1;
}

__kernel void divrem32(__global const int *a, __global const int *b, __global int *out, uint n) {
  uint i = get_global_id(0);
  if (i >= n)
    return;
  int x = a[i], y = b[i];
  uint ux = (uint)x, uy = (uint)y;
  __global int *o = out + 10 * i;
  o[0] = x / y;
  o[1] = x % y;
  o[2] = (int)(ux / uy);
  o[3] = (int)(ux % uy);
  short sx = (short)x, sy = (short)(y | 1);
  o[4] = sx / sy;
  o[5] = (int)((ushort)x % (ushort)(y | 1));
  char cx = (char)x, cy = (char)(y | 1);
  o[6] = cx / cy + 1000 * ((uchar)x % (uchar)(y | 1));
  o[7] = x / 7 + x % 1000;
  o[8] = (int)(ux / 10u + ux % 641u);
  o[9] = x / -3 + (x >> 3) / 16;
}

__kernel void divrem64(__global const long *a, __global const long *b, __global long *out, uint n) {
  uint i = get_global_id(0);
  if (i >= n)
    return;
  long x = a[i], y = b[i];
  ulong ux = (ulong)x, uy = (ulong)y;
  __global long *o = out + 6 * i;
  o[0] = x / y;
  o[1] = x % y;
  o[2] = (long)(ux / uy);
  o[3] = (long)(ux % uy);
  o[4] = x / 1000000007l;
  o[5] = (long)(ux % 10ul);
}
