// Block reduction over 1024 work-items: xor-butterfly within groups of 32 lanes through
// ds_bpermute (the source lane stays in the same 32-lane half, as RDNA3 wave64 requires), then
// the 32 partial sums through __shared__ memory.
#include "hip_prelude.h"

__device__ inline unsigned shfl_xor32(unsigned v, unsigned mask) {
  unsigned lane = gk_lane();
  return (unsigned)__builtin_amdgcn_ds_bpermute((int)((lane ^ mask) * 4), (int)v);
}

__device__ inline unsigned reduce32(unsigned v) {
  for (unsigned m = 16; m > 0; m >>= 1)
    v += shfl_xor32(v, m);
  return v;
}

extern "C" __global__ void hip_block_reduce(const unsigned *in, unsigned *sums,
                                            unsigned *groupOf32) {
  __shared__ unsigned part[32];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  unsigned v = reduce32(in[i]);
  if (t % 32 == 0) {
    part[t / 32] = v;
    groupOf32[i / 32] = v;
  }
  __syncthreads();
  if (t < 32) {
    unsigned s = reduce32(part[t]);
    if (t == 0)
      sums[blockIdx.x] = s;
  }
}
