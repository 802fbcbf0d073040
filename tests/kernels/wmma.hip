// WMMA 16x16x16 with f16 inputs, f32 or f16 accumulators. Each wave computes one tile
// D = A * B + C (tile t of each array, row-major 16x16). Register layout (RDNA3 ISA, AMD's
// GPUOpen WMMA article, AMD's matrix instruction calculator): lane l holds row l%16 of A and
// column l%16 of B, element k = K index (lanes 16-31, 32-63 repeat lanes 0-15); the f32 C/D
// element r of lane l is row r*(wave/16) + l/16, column l%16; f16 C/D use the low half of each
// register (op_sel 0): vector element 2r.
#include "hip_prelude.h"

typedef _Float16 half16 __attribute__((ext_vector_type(16)));
typedef _Float16 half8 __attribute__((ext_vector_type(8)));
typedef float float8 __attribute__((ext_vector_type(8)));
typedef float float4 __attribute__((ext_vector_type(4)));

#define WAVE __AMDGCN_WAVEFRONT_SIZE
#define ROWSTEP (WAVE / 16)

__device__ inline void load_ab(const _Float16 *A, const _Float16 *B, unsigned lane, half16 &a,
                               half16 &b) {
  for (int k = 0; k < 16; ++k) {
    a[k] = A[(lane % 16) * 16 + k];
    b[k] = B[k * 16 + lane % 16];
  }
}

extern "C" __global__ void hip_wmma_f32(const _Float16 *a, const _Float16 *b, const float *c,
                                        float *d) {
  unsigned lane = threadIdx.x % WAVE, tile = (blockIdx.x * blockDim.x + threadIdx.x) / WAVE;
  const _Float16 *A = a + tile * 256, *B = b + tile * 256;
  const float *C = c + tile * 256;
  float *D = d + tile * 256;
  half16 av, bv;
  load_ab(A, B, lane, av, bv);
#if WAVE == 64
  float4 cv, dv;
  for (int r = 0; r < 4; ++r)
    cv[r] = C[(r * ROWSTEP + lane / 16) * 16 + lane % 16];
  dv = __builtin_amdgcn_wmma_f32_16x16x16_f16_w64(av, bv, cv);
  for (int r = 0; r < 4; ++r)
    D[(r * ROWSTEP + lane / 16) * 16 + lane % 16] = dv[r];
#else
  float8 cv, dv;
  for (int r = 0; r < 8; ++r)
    cv[r] = C[(r * ROWSTEP + lane / 16) * 16 + lane % 16];
  dv = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(av, bv, cv);
  for (int r = 0; r < 8; ++r)
    D[(r * ROWSTEP + lane / 16) * 16 + lane % 16] = dv[r];
#endif
}

// Two chained products (K = 32: A0*B0 + A1*B1 + C) with f16 accumulation.
extern "C" __global__ void hip_wmma_f16(const _Float16 *a, const _Float16 *b, const _Float16 *c,
                                        _Float16 *d) {
  unsigned lane = threadIdx.x % WAVE, tile = (blockIdx.x * blockDim.x + threadIdx.x) / WAVE;
  const _Float16 *A = a + tile * 512, *B = b + tile * 512;
  const _Float16 *C = c + tile * 256;
  _Float16 *D = d + tile * 256;
  half16 a0, b0, a1, b1;
  load_ab(A, B, lane, a0, b0);
  load_ab(A + 256, B + 256, lane, a1, b1);
#if WAVE == 64
  half8 cv = {};
  for (int r = 0; r < 4; ++r)
    cv[2 * r] = C[(r * ROWSTEP + lane / 16) * 16 + lane % 16];
  cv = __builtin_amdgcn_wmma_f16_16x16x16_f16_w64(a0, b0, cv, false);
  cv = __builtin_amdgcn_wmma_f16_16x16x16_f16_w64(a1, b1, cv, false);
  for (int r = 0; r < 4; ++r)
    D[(r * ROWSTEP + lane / 16) * 16 + lane % 16] = cv[2 * r];
#else
  half16 cv = {};
  for (int r = 0; r < 8; ++r)
    cv[2 * r] = C[(r * ROWSTEP + lane / 16) * 16 + lane % 16];
  cv = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32(a0, b0, cv, false);
  cv = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32(a1, b1, cv, false);
  for (int r = 0; r < 8; ++r)
    D[(r * ROWSTEP + lane / 16) * 16 + lane % 16] = cv[2 * r];
#endif
}
