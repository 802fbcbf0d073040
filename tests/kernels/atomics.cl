// Integer atomics on global memory and LDS (32- and 64-bit), and float atomic add (LDS:
// ds_add_f32; global: a compare-and-swap loop, since the file is compiled without
// -munsafe-fp-atomics). The host checks final values and the returned old values, which are
// deterministic as multisets whatever the order of the work-items.
#include "ocl_prelude.h"

__kernel void atomics_global_i32(__global int *ctr, __global int *old, __global const int *val,
                                 uint n) {
  uint i = get_global_id(0);
  if (i >= n)
    return;
  int v = val[i];
  old[i] = __atomic_fetch_add(&ctr[0], 1, __ATOMIC_RELAXED);
  __atomic_fetch_add(&ctr[1], v, __ATOMIC_RELAXED);
  __scoped_atomic_fetch_min(&ctr[2], v, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE);
  __scoped_atomic_fetch_max(&ctr[3], v, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE);
  __atomic_fetch_min((__global uint *)&ctr[4], (uint)v, __ATOMIC_RELAXED);
  __atomic_fetch_max((__global uint *)&ctr[5], (uint)v, __ATOMIC_RELAXED);
  __atomic_fetch_and(&ctr[6], ~(1 << (i % 31)), __ATOMIC_RELAXED);
  __atomic_fetch_or(&ctr[7], 1 << (i % 29), __ATOMIC_RELAXED);
  __atomic_fetch_xor(&ctr[8], v, __ATOMIC_RELAXED);
  old[n + i] = __atomic_exchange_n(&ctr[9], (int)i + 1, __ATOMIC_RELAXED);
  int expected = 0;
  old[2 * n + i] = __atomic_compare_exchange_n(&ctr[10], &expected, (int)i + 1, false,
                                               __ATOMIC_RELAXED, __ATOMIC_RELAXED)
                       ? -1
                       : expected;
  old[3 * n + i] = (int)__builtin_amdgcn_atomic_inc32((volatile __global uint *)&ctr[11], 9u,
                                                      __ATOMIC_RELAXED, "agent");
  old[4 * n + i] = (int)__builtin_amdgcn_atomic_dec32((volatile __global uint *)&ctr[12], 6u,
                                                      __ATOMIC_RELAXED, "agent");
  __atomic_fetch_sub(&ctr[13], v, __ATOMIC_RELAXED);
}

// The same operations on LDS counters of each work-group (block 256), copied out at the end.
__kernel void atomics_lds_i32(__global int *ctr, __global int *old, __global const int *val,
                              uint n) {
  __local int c[16];
  uint l = get_local_id(0), g = get_group_id(0), i = get_global_id(0);
  if (l < 16)
    c[l] = l == 2 || l == 4 ? 0x7FFFFFFF : l == 3 || l == 5 ? (int)0x80000000 : l == 6 ? -1 : 0;
  GK_BARRIER();
  int v = val[i];
  old[i] = __atomic_fetch_add(&c[0], 1, __ATOMIC_RELAXED);
  __atomic_fetch_add(&c[1], v, __ATOMIC_RELAXED);
  __atomic_fetch_min(&c[2], v, __ATOMIC_RELAXED);
  __atomic_fetch_max(&c[3], v, __ATOMIC_RELAXED);
  __atomic_fetch_min((__local uint *)&c[4], (uint)v, __ATOMIC_RELAXED);
  __atomic_fetch_max((__local uint *)&c[5], (uint)v, __ATOMIC_RELAXED);
  __atomic_fetch_and(&c[6], ~(1 << (l % 31)), __ATOMIC_RELAXED);
  __atomic_fetch_or(&c[7], 1 << (l % 29), __ATOMIC_RELAXED);
  __atomic_fetch_xor(&c[8], v, __ATOMIC_RELAXED);
  old[n + i] = __atomic_exchange_n(&c[9], (int)l + 1, __ATOMIC_RELAXED);
  int expected = 0;
  old[2 * n + i] = __atomic_compare_exchange_n(&c[10], &expected, (int)l + 1, false,
                                               __ATOMIC_RELAXED, __ATOMIC_RELAXED)
                       ? -1
                       : expected;
  old[3 * n + i] = (int)__builtin_amdgcn_atomic_inc32((volatile __local uint *)&c[11], 9u,
                                                      __ATOMIC_RELAXED, "workgroup");
  old[4 * n + i] = (int)__builtin_amdgcn_atomic_dec32((volatile __local uint *)&c[12], 6u,
                                                      __ATOMIC_RELAXED, "workgroup");
  __atomic_fetch_sub(&c[13], v, __ATOMIC_RELAXED);
  GK_BARRIER();
  if (l < 16)
    ctr[g * 16 + l] = c[l];
}

// Float atomic add: each work-item adds 1 to an LDS and a global counter (returned old values:
// a permutation of 0..n-1) and a multiple of 1/4 to another (sums exact in any order).
__kernel void atomics_f32(__global float *gsum, __global float *gold, __global float *lold,
                          __global float *lsums, __global const float *val) {
  __local float acc[2];
  uint l = get_local_id(0), g = get_group_id(0), i = get_global_id(0);
  if (l < 2)
    acc[l] = 0.0f;
  GK_BARRIER();
  float v = val[i];
  lold[i] = __atomic_fetch_add(&acc[0], 1.0f, __ATOMIC_RELAXED);
  __atomic_fetch_add(&acc[1], v, __ATOMIC_RELAXED);
  gold[i] = __atomic_fetch_add(&gsum[0], 1.0f, __ATOMIC_RELAXED);
  __atomic_fetch_add(&gsum[1], v, __ATOMIC_RELAXED);
  GK_BARRIER();
  if (l < 2)
    lsums[2 * g + l] = acc[l];
}

// 64-bit atomics on global memory and LDS, plus f64 add (global and LDS).
__kernel void atomics_i64(__global long *gctr, __global long *gold, __global long *lctr,
                          __global const long *val, __global double *fsum, uint n) {
  __local long c[8];
  __local double dsum;
  uint l = get_local_id(0), g = get_group_id(0), i = get_global_id(0);
  if (l < 8)
    c[l] = l == 1 ? 0x7FFFFFFFFFFFFFFFl : l == 2 ? (long)0x8000000000000000ul : 0;
  if (l == 0)
    dsum = 0.0;
  GK_BARRIER();
  long v = val[i];
  gold[i] = __atomic_fetch_add(&gctr[0], 1l << 35, __ATOMIC_RELAXED);
  __atomic_fetch_add(&gctr[10], v, __ATOMIC_RELAXED);
  __scoped_atomic_fetch_min(&gctr[1], v, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE);
  __scoped_atomic_fetch_max(&gctr[2], v, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE);
  __atomic_fetch_min((__global ulong *)&gctr[3], (ulong)v, __ATOMIC_RELAXED);
  __atomic_fetch_max((__global ulong *)&gctr[4], (ulong)v, __ATOMIC_RELAXED);
  __atomic_fetch_and(&gctr[5], ~(1l << (i % 63)), __ATOMIC_RELAXED);
  __atomic_fetch_or(&gctr[6], 1l << (i % 61), __ATOMIC_RELAXED);
  __atomic_fetch_xor(&gctr[7], v, __ATOMIC_RELAXED);
  gold[n + i] = __atomic_exchange_n(&gctr[8], (long)i + 1, __ATOMIC_RELAXED);
  long expected = 0;
  gold[2 * n + i] = __atomic_compare_exchange_n(&gctr[9], &expected, (long)i + 1, false,
                                                __ATOMIC_RELAXED, __ATOMIC_RELAXED)
                        ? -1
                        : expected;
  gold[3 * n + i] = __atomic_fetch_add(&c[0], (long)1 << 33, __ATOMIC_RELAXED);
  __atomic_fetch_min(&c[1], v, __ATOMIC_RELAXED);
  __atomic_fetch_max(&c[2], v, __ATOMIC_RELAXED);
  __atomic_fetch_max((__local ulong *)&c[3], (ulong)v, __ATOMIC_RELAXED);
  __atomic_fetch_xor(&c[4], v, __ATOMIC_RELAXED);
  __atomic_fetch_or(&c[5], 1l << (l % 60), __ATOMIC_RELAXED);
  long e2 = 0;
  __atomic_compare_exchange_n(&c[6], &e2, (long)l + 100, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  gold[4 * n + i] = __atomic_exchange_n(&c[7], (long)l + 1, __ATOMIC_RELAXED);
  double dv = (double)(v & 0xFFFF) * 0.125;
  __atomic_fetch_add(&fsum[0], dv, __ATOMIC_RELAXED);
  __atomic_fetch_add(&dsum, dv, __ATOMIC_RELAXED);
  GK_BARRIER();
  if (l < 8)
    lctr[g * 9 + l] = c[l];
  if (l == 0)
    lctr[g * 9 + 8] = as_long(dsum);
}
