// Built with the native reference flags (bench/CMakeLists.txt: -march=native): the 3 x 32 block
// of C stays in vector registers (12 of AVX2's 16) while k runs, one broadcast of A and four
// vector loads of B per k and row; std::fma is the host's fused multiply-add. 3 x 32 was the
// fastest of the shapes tried with g++ 12 on this machine (4 x 16, 6 x 16, 8 x 8, 4 x 32, 2 x 64,
// 6 x 24, 4 x 24).
#include "native_matmul.h"

#include <cmath>

namespace {

void microKernel(int k, const float *a, const float *b, float *c, int ldc) {
  float acc[kMatmulMr][kMatmulNr] = {};
  for (int p = 0; p < k; ++p)
    for (int i = 0; i < kMatmulMr; ++i)
      for (int j = 0; j < kMatmulNr; ++j)
        acc[i][j] = std::fma(a[p * kMatmulMr + i], b[p * kMatmulNr + j], acc[i][j]);
  for (int i = 0; i < kMatmulMr; ++i)
    for (int j = 0; j < kMatmulNr; ++j)
      c[i * ldc + j] += acc[i][j];
}

} // namespace

void nativeMatmul(int n, const std::vector<float> &aPanels, const std::vector<float> &bPanels,
                  std::vector<float> &c) {
  for (int i = 0; i < n; i += kMatmulMr)
    for (int j = 0; j < n; j += kMatmulNr)
      microKernel(n, aPanels.data() + i * n, bPanels.data() + j * n, c.data() + i * n + j, n);
}
