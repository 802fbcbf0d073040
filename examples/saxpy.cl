// y = a * x + y: the smallest useful kernel (global loads/stores, a guard branch). Work-item
// indices come from clang's AMDGPU builtins, so it compiles and links without the ROCm device
// libraries (-nogpulib).
#define GLOBAL_ID_X                                                                            \
  (__builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() +                  \
   __builtin_amdgcn_workitem_id_x())

__kernel void saxpy(__global float* y, __global const float* x, float a, int n) {
  int i = GLOBAL_ID_X;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
