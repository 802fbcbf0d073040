// f16 (cl_khr_fp16 half) scalar math and packed half2 math (v_pk_* ops with op_sel swizzles).
#include "ocl_prelude.h"
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__kernel void half_math(__global const half *a, __global const half *b, __global const half *c,
                        __global half *out, __global float *outf, uint n) {
  uint i = get_global_id(0);
  if (i >= n)
    return;
  half x = a[i], y = b[i], z = c[i];
  __global half *o = out + 10 * i;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = __builtin_fmaf16(x, y, z);
  o[4] = __builtin_fminf16(x, y);
  o[5] = __builtin_fmaxf16(x, z);
  o[6] = x < y ? z : -z;
  o[7] = (half)((float)x * 0.75f);
  o[8] = (half)(short)(i * 37u - 5000u);
  o[9] = x / y;
  outf[2 * i] = (float)x + (float)z;
  outf[2 * i + 1] = (float)(short)__builtin_truncf16(z);
}

__kernel void half2_math(__global const half2 *a, __global const half2 *b, __global const half2 *c,
                         __global half2 *out, uint n) {
  uint i = get_global_id(0);
  if (i >= n)
    return;
  half2 x = a[i], y = b[i], z = c[i];
  __global half2 *o = out + 7 * i;
  o[0] = x + y;
  o[1] = x * y;
  o[2] = x - y;
  o[3] = __builtin_elementwise_fma(x, y, z);
  o[4] = __builtin_elementwise_max(x, z);
  o[5] = x.yx * y;
  o[6] = (half2)(x.x, z.y) + y.yy;
}
