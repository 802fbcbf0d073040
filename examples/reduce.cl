// Work-group sum with a grid-stride loop, an LDS tree reduction, barriers and a global atomic;
// and a float stencil with clamped borders and half-precision output. Only clang builtins are
// used, so the kernels compile and link without the ROCm device libraries (-nogpulib).
#define LOCAL_ID_X __builtin_amdgcn_workitem_id_x()
#define LOCAL_ID_Y __builtin_amdgcn_workitem_id_y()
#define LOCAL_SIZE_X __builtin_amdgcn_workgroup_size_x()
#define GLOBAL_ID_X (__builtin_amdgcn_workgroup_id_x() * LOCAL_SIZE_X + LOCAL_ID_X)
#define GLOBAL_ID_Y                                                                            \
  (__builtin_amdgcn_workgroup_id_y() * __builtin_amdgcn_workgroup_size_y() + LOCAL_ID_Y)
#define WORKGROUP_BARRIER()                                                                    \
  do {                                                                                         \
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");                                     \
    __builtin_amdgcn_s_barrier();                                                              \
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");                                     \
  } while (0)

#pragma OPENCL EXTENSION cl_khr_fp16 : enable

static int clampInt(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

__kernel void reduce(__global int* out, __global const int* in, __local int* tmp, int n,
                     int stride) {
  int l = LOCAL_ID_X;
  int acc = 0;
  for (int i = GLOBAL_ID_X; i < n; i += stride)
    acc += in[i];
  tmp[l] = acc;
  WORKGROUP_BARRIER();
  for (int s = LOCAL_SIZE_X / 2; s > 0; s >>= 1) {
    if (l < s)
      tmp[l] += tmp[l + s];
    WORKGROUP_BARRIER();
  }
  if (l == 0)
    __atomic_fetch_add(out, tmp[0], __ATOMIC_RELAXED);
}

__kernel void blur(__global half* out, __global const float* in, int w, int h) {
  int x = GLOBAL_ID_X, y = GLOBAL_ID_Y;
  if (x >= w || y >= h)
    return;
  float s = 0.0f;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      int xx = clampInt(x + dx, 0, w - 1), yy = clampInt(y + dy, 0, h - 1);
      s += in[yy * w + xx];
    }
  out[y * w + x] = (half)(s * (1.0f / 9.0f));
}
