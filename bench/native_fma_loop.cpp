// Built with -ffp-contract=off (bench/CMakeLists.txt): each statement rounds once, as each
// instruction of the kernel does, so the results are bit-identical to the emulator's.
#include "native_fma_loop.h"

#include <cmath>

namespace {

struct Lane {
  float x, y, z;
};

inline Lane start(uint32_t i) { return {1.0f + static_cast<float>(i) * 0x1p-20f, 0.5f, 0.25f}; }

inline void step(float &x, float &y, float &z) {
  x = std::fma(x, kA, kB);
  y = y * x;
  z = z + y;
  y = std::fma(y, kA, kB);
  z = z * kA;
  x = x + z;
  x = x * 0.5f;
}

} // namespace

void nativeFmaLoop(float *out, uint32_t items, int32_t iters) {
  for (uint32_t i = 0; i < items; ++i) {
    Lane l = start(i);
    for (int32_t k = 0; k < iters; ++k)
      step(l.x, l.y, l.z);
    out[i] = l.x + l.y + l.z;
  }
}

void nativeFmaLoopBlocked(float *out, uint32_t items, int32_t iters) {
  constexpr uint32_t kBlock = 64;
  for (uint32_t base = 0; base < items; base += kBlock) {
    const uint32_t n = items - base < kBlock ? items - base : kBlock;
    alignas(64) float x[kBlock], y[kBlock], z[kBlock];
    for (uint32_t l = 0; l < n; ++l) {
      const Lane s = start(base + l);
      x[l] = s.x;
      y[l] = s.y;
      z[l] = s.z;
    }
    for (int32_t k = 0; k < iters; ++k)
      for (uint32_t l = 0; l < kBlock; ++l)
        step(x[l], y[l], z[l]);
    for (uint32_t l = 0; l < n; ++l)
      out[base + l] = x[l] + y[l] + z[l];
  }
}
