// _Float16 scalar math and two-element _Float16 vectors (packed f16 ops).
#include "hip_prelude.h"

typedef _Float16 half2_t __attribute__((ext_vector_type(2)));

extern "C" __global__ void hip_half(const _Float16 *a, const _Float16 *b, const _Float16 *c,
                                    _Float16 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  _Float16 x = a[i], y = b[i], z = c[i];
  _Float16 *o = out + 8 * i;
  o[0] = x + y;
  o[1] = x * y - z;
  o[2] = __builtin_fmaf16(x, y, z);
  o[3] = x > z ? x : z;
  o[4] = (_Float16)(int)(short)(i * 91 - 3000);
  o[5] = (_Float16)((float)x + (float)y * 2.0f);
  o[6] = __builtin_fabsf16(x) - __builtin_copysignf16(y, z);
  o[7] = (_Float16)(x < y) + (_Float16)(x == z);
}

extern "C" __global__ void hip_half2(const half2_t *a, const half2_t *b, const half2_t *c,
                                     half2_t *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  half2_t x = a[i], y = b[i], z = c[i];
  half2_t *o = out + 6 * i;
  o[0] = x + y;
  o[1] = x * y;
  o[2] = __builtin_elementwise_fma(x, y, z);
  o[3] = __builtin_elementwise_min(x, z);
  o[4] = x.yx - z;
  o[5] = half2_t{x.y, y.x} * z.xx;
}
