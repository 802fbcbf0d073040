// HIP float atomics: add and max on global memory (compiled with -munsafe-fp-atomics: single
// instructions) and add on __shared__ memory. Values are multiples of 1/8, so sums are exact in
// any order.
#include "hip_prelude.h"

extern "C" __global__ void hip_atomic_float(float *gsum, float *gmax, float *blockSums,
                                            const float *val, int n) {
  __shared__ float s;
  if (threadIdx.x == 0)
    s = 0.0f;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = val[i];
    __hip_atomic_fetch_add(gsum, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    __hip_atomic_fetch_max(gmax, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    __hip_atomic_fetch_add(&s, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  }
  __syncthreads();
  if (threadIdx.x == 0)
    blockSums[blockIdx.x] = s;
}
