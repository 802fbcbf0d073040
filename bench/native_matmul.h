// A native f32 matrix multiply for bench_mfma.cpp: the host's vector units doing the work the
// MFMA loop asks of the emulator, as a compiler-vectorized register-blocked micro-kernel.
#pragma once

#include <vector>

// C (n x n, row-major) += A * B with A packed in panels of kMr rows (k-major within a panel) and
// B in panels of kNr columns; n must be a multiple of kMr and kNr.
inline constexpr int kMatmulMr = 3, kMatmulNr = 32;
void nativeMatmul(int n, const std::vector<float> &aPanels, const std::vector<float> &bPanels,
                  std::vector<float> &c);
