// The few HIP definitions the suite's kernels need. They are compiled with -nogpuinc, so there
// are no HIP headers: the attributes and the thread / block ids are spelled out here with the
// same clang attributes and builtins the HIP headers use.
#pragma once

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))

struct gk_dim3 {
  unsigned x, y, z;
};

__device__ inline gk_dim3 gk_thread_idx() {
  return {__builtin_amdgcn_workitem_id_x(), __builtin_amdgcn_workitem_id_y(),
          __builtin_amdgcn_workitem_id_z()};
}
__device__ inline gk_dim3 gk_block_idx() {
  return {__builtin_amdgcn_workgroup_id_x(), __builtin_amdgcn_workgroup_id_y(),
          __builtin_amdgcn_workgroup_id_z()};
}
// HIP's blockDim is the launch's block size, also in the partial blocks at the grid's end.
__device__ inline gk_dim3 gk_block_dim() {
  return {__builtin_amdgcn_workgroup_size_x(), __builtin_amdgcn_workgroup_size_y(),
          __builtin_amdgcn_workgroup_size_z()};
}
// gridDim: number of blocks, from the hidden block counts (full blocks) and remainders.
__device__ inline unsigned gk_grid_blocks(unsigned d) {
  const char *p = (const char *)__builtin_amdgcn_implicitarg_ptr();
  const unsigned full = ((const unsigned *)p)[d];
  const unsigned short rem = ((const unsigned short *)(p + 18))[d];
  return full + (rem != 0);
}
__device__ inline gk_dim3 gk_grid_dim() {
  return {gk_grid_blocks(0), gk_grid_blocks(1), gk_grid_blocks(2)};
}

#define threadIdx (gk_thread_idx())
#define blockIdx (gk_block_idx())
#define blockDim (gk_block_dim())
#define gridDim (gk_grid_dim())

__device__ inline void __syncthreads() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

__device__ inline unsigned gk_lane() {
  return __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
}
