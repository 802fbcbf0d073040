// f32 and f64 division and square root. The test compiles this file twice: with
// -cl-fp32-correctly-rounded-divide-sqrt (f32 results bit-exact) and without (OpenCL allows
// 2.5 ulp for f32 division and 3 ulp for sqrt). f64 is always correctly rounded.
#include "ocl_prelude.h"

__kernel void fdiv_f32(__global const float *a, __global const float *b, __global float *q,
                       __global float *s, uint n) {
  uint i = get_global_id(0);
  if (i >= n)
    return;
  q[i] = a[i] / b[i];
  s[i] = __builtin_sqrtf(a[i]);
}

__kernel void fdiv_f64(__global const double *a, __global const double *b, __global double *q,
                       __global double *s, uint n) {
  uint i = get_global_id(0);
  if (i >= n)
    return;
  q[i] = a[i] / b[i];
  s[i] = __builtin_sqrt(a[i]);
}
