// Histogram in LDS with atomics, written against clang's HIP builtins only (no HIP headers), so
// it compiles with `clang-19 -x hip --cuda-device-only -nogpuinc -nogpulib`.
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __device__ __attribute__((device))

__device__ inline void barrier() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

__global__ void histogram(const unsigned* in, unsigned* bins, int n) {
  __shared__ unsigned local[256];
  unsigned t = __builtin_amdgcn_workitem_id_x();
  local[t] = 0;
  barrier();
  for (int i = t + __builtin_amdgcn_workgroup_id_x() * 256; i < n; i += 65536)
    __atomic_fetch_add(&local[in[i] & 255], 1u, __ATOMIC_RELAXED);
  barrier();
  __atomic_fetch_add(&bins[t], local[t], __ATOMIC_RELAXED);
}

__global__ void scale(float* v, float k, int n) {
  int i = __builtin_amdgcn_workgroup_id_x() * 64 + __builtin_amdgcn_workitem_id_x();
  if (i < n)
    v[i] = __builtin_fmaf(v[i], k, 1.0f);
}
