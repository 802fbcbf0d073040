typedef float float32 __attribute__((ext_vector_type(32)));
typedef int int32 __attribute__((ext_vector_type(32)));
typedef short short2_t __attribute__((ext_vector_type(2)));
typedef half half4_t __attribute__((ext_vector_type(4)));

// The second MFMA into o16 / o4 writes entries 64.. (one wave: 0..63 are the first's), so no
// work-item reads or writes what another one writes and the results have one reference.
#define GID (__builtin_amdgcn_workgroup_id_x() * 64 + __builtin_amdgcn_workitem_id_x())

__kernel void mfma_f32(__global const float *a, __global const float *b, __global float32 *o32,
                       __global float16 *o16, __global float4 *o4) {
  unsigned i = GID;
  float x = a[i], y = b[i];
  o32[i] = __builtin_amdgcn_mfma_f32_32x32x1f32(x, y, o32[i], 1, 0, 0);
  o16[i] = __builtin_amdgcn_mfma_f32_16x16x1f32(x, y, o16[i], 2, 3, 1);
  o4[i] = __builtin_amdgcn_mfma_f32_4x4x1f32(x, y, o4[i], 4, 15, 7);
  o16[i + 64] = __builtin_amdgcn_mfma_f32_32x32x2f32(y, x, o16[i + 64], 0, 0, 3);
  o4[i + 64] = __builtin_amdgcn_mfma_f32_16x16x4f32(x, x, o4[i + 64], 0, 0, 0);
}

__kernel void mfma_f16(__global const half4_t *a, __global const half4_t *b, __global float32 *o32,
                       __global float16 *o16, __global float4 *o4) {
  unsigned i = GID;
  half4_t x = a[i], y = b[i];
  o32[i] = __builtin_amdgcn_mfma_f32_32x32x4f16(x, y, o32[i], 1, 1, 2);
  o16[i] = __builtin_amdgcn_mfma_f32_16x16x4f16(x, y, o16[i], 2, 0, 4);
  o4[i] = __builtin_amdgcn_mfma_f32_4x4x4f16(x, y, o4[i], 3, 5, 5);
  o16[i + 64] = __builtin_amdgcn_mfma_f32_32x32x8f16(y, x, o16[i + 64], 0, 0, 6);
  o4[i + 64] = __builtin_amdgcn_mfma_f32_16x16x16f16(x, y, o4[i + 64], 0, 0, 0);
}

__kernel void mfma_i8(__global const int *a, __global const int *b, __global int32 *o32,
                      __global int16 *o16, __global int4 *o4) {
  unsigned i = GID;
  int x = a[i], y = b[i];
  o32[i] = __builtin_amdgcn_mfma_i32_32x32x4i8(x, y, o32[i], 1, 1, 1);
  o16[i] = __builtin_amdgcn_mfma_i32_16x16x4i8(x, y, o16[i], 0, 0, 2);
  o4[i] = __builtin_amdgcn_mfma_i32_4x4x4i8(x, y, o4[i], 4, 9, 3);
  o16[i + 64] = __builtin_amdgcn_mfma_i32_32x32x8i8(y, x, o16[i + 64], 0, 0, 0);
  o4[i + 64] = __builtin_amdgcn_mfma_i32_16x16x16i8(x, y, o4[i + 64], 0, 0, 7);
}

__kernel void mfma_bf16(__global const short2_t *a, __global const short2_t *b,
                        __global float32 *o32, __global float16 *o16, __global float4 *o4) {
  unsigned i = GID;
  short2_t x = a[i], y = b[i];
  o32[i] = __builtin_amdgcn_mfma_f32_32x32x2bf16(x, y, o32[i], 1, 0, 1);
  o16[i] = __builtin_amdgcn_mfma_f32_16x16x2bf16(x, y, o16[i], 2, 2, 2);
  o4[i] = __builtin_amdgcn_mfma_f32_4x4x2bf16(x, y, o4[i], 4, 4, 4);
  o16[i + 64] = __builtin_amdgcn_mfma_f32_32x32x4bf16(y, x, o16[i + 64], 0, 0, 5);
  o4[i + 64] = __builtin_amdgcn_mfma_f32_16x16x8bf16(x, y, o4[i + 64], 0, 0, 0);
}

// A chain that keeps its accumulator in AccVGPRs, started from constants.
__kernel void mfma_chain(__global const float *a, __global float16 *out, int n) {
  unsigned i = GID;
  float16 acc = 1.0f;
  for (int k = 0; k < n; ++k)
    acc = __builtin_amdgcn_mfma_f32_16x16x1f32(a[i + k], a[i + k + 1], acc, 0, 0, 0);
  out[i] = acc;
}
