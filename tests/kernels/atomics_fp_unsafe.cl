// Global float atomic add as one instruction (global_atomic_add_f32): the test compiles this
// file with -munsafe-fp-atomics. Values are multiples of 1/4, so every order gives the same sum.
#include "ocl_prelude.h"

__kernel void atomics_f32_global_add(__global float *sum, __global float *old,
                                     __global const float *val, uint n) {
  uint i = get_global_id(0);
  if (i >= n)
    return;
  __atomic_fetch_add(&sum[0], val[i], __ATOMIC_RELAXED);
  old[i] = __atomic_fetch_add(&sum[1], 1.0f, __ATOMIC_RELAXED);
}
