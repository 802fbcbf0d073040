// C = A (m x k) * B (k x n) in f32 with 16x16 tiles staged through LDS (__shared__), 2-D blocks
// of 16x16 and a grid rounded up to whole tiles (edge tiles padded with zeros). Each output is a
// chain of fmas in k order, which the host reproduces.
#include "hip_prelude.h"

extern "C" __global__ void hip_matmul(const float *A, const float *B, float *C, int m, int n,
                                      int k) {
  __shared__ float ta[16][16];
  __shared__ float tb[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * 16 + ty, col = blockIdx.x * 16 + tx;
  float acc = 0.0f;
  for (int t = 0; t < k; t += 16) {
    ta[ty][tx] = row < m && t + tx < k ? A[row * k + t + tx] : 0.0f;
    tb[ty][tx] = t + ty < k && col < n ? B[(t + ty) * n + col] : 0.0f;
    __syncthreads();
    int kk = k - t < 16 ? k - t : 16;
    for (int j = 0; j < kk; ++j)
      acc = __builtin_fmaf(ta[ty][j], tb[j][tx], acc);
    __syncthreads();
  }
  if (row < m && col < n)
    C[row * n + col] = acc;
}
