// Throughput of the emulator on a VALU-bound loop (checked against the host, and reported as
// wave-instructions per second; there is no timing assertion, machines differ).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdio>

#include "emu_kernel_util.h"

namespace gcnkit::emutest {
namespace {

class EmuSpeed : public ::testing::TestWithParam<unsigned> {};

TEST_P(EmuSpeed, ValuLoop) {
  runtime::Device dev;
  auto m = buildModule(dev, R"(
__kernel void valuloop(__global uint *out, int iters) {
  uint i = get_global_id(0);
  uint x = i, y = i * 7u + 1u;
  for (int k = 0; k < iters; ++k) {
    x = x * 1664525u + 1013904223u;
    y ^= x >> 7;
    y = (y << 3) | (y >> 29);
  }
  out[i] = x + y;
})",
                       GetParam());
  ASSERT_TRUE(m);
  const uint32_t n = 1 << 16;
  const int iters = 500;
  const uint64_t dout = dev.alloc(n * 4);
  const auto start = std::chrono::steady_clock::now();
  auto r = runtime::launch(dev, *m, "valuloop", runtime::LaunchConfig{{n, 1, 1}, {256, 1, 1}},
                           runtime::KernelArgs().add(dout).add(iters));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_TRUE(r.ok()) << r.error;
  auto out = download<uint32_t>(dev, dout, n);
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t x = i, y = i * 7u + 1u;
    for (int k = 0; k < iters; ++k) {
      x = x * 1664525u + 1013904223u;
      y ^= x >> 7;
      y = (y << 3) | (y >> 29);
    }
    ASSERT_EQ(out[i], x + y) << "i=" << i;
  }
  std::printf("[ speed    ] wave%u: %llu wave-instructions in %.3f s: %.1f M wave-instr/s, "
              "%.1f M lane-instr/s\n",
              GetParam(), static_cast<unsigned long long>(r.waveInstructions), seconds,
              r.waveInstructions / seconds / 1e6,
              r.waveInstructions * double(GetParam()) / seconds / 1e6);
}

INSTANTIATE_TEST_SUITE_P(Wave, EmuSpeed, ::testing::Values(32u, 64u),
                         [](const auto &info) { return "wave" + std::to_string(info.param); });

} // namespace
} // namespace gcnkit::emutest
