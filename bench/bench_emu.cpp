// The emulator's VALU throughput, side by side with native C++ doing the same arithmetic.
//
// The kernel (OpenCL C, compiled by clang-19 when the benchmark starts) runs a loop of dependent
// f32 FMAs, multiplies and adds per work-item over many waves. gcnkit runs it with one worker
// thread and with two; the same arithmetic runs natively on the host, once as the plain
// per-work-item loop a programmer would write and once lane-blocked (the form a compiler
// vectorizes, which is how the GPU runs it). Every result is checked bit for bit against the
// native one, so the figures are for correct runs only.
//
// The kernel runs as gfx1100 wave32, gfx1100 wave64 and gfx908 (wave64) code.
//
//   gcnkit-bench-emu [--items N] [--iters N] [--runs N] [--wave 32|64|gfx908|all]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bench_util.h"
#include "gcnkit/runtime.h"
#include "native_fma_loop.h"

namespace {

using namespace gcnkit;

// The arithmetic per iteration, identical in native_fma_loop.cpp: fma, mul, add, fma, mul, add,
// each depending on the previous one (x converges to 1, y and z stay bounded and normal).
constexpr const char *kKernel = R"(
__kernel void fmaloop(__global float *out, int iters, float a, float b) {
  uint i = __builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() +
           __builtin_amdgcn_workitem_id_x();
  float x = 1.0f + (float)i * 0x1p-20f, y = 0.5f, z = 0.25f;
  for (int k = 0; k < iters; ++k) {
    x = fma(x, a, b);
    y = y * x;
    z = z + y;
    y = fma(y, a, b);
    z = z * a;
    x = x + z;
    x = x * 0.5f;
  }
  out[i] = x + y + z;
}
)";

double seconds(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// One way to run the kernel: the processor clang compiles for and the wave size.
struct Config {
  const char *processor;
  unsigned wave;
  const char *name; // for --wave and the report
};
constexpr Config kConfigs[] = {
    {"gfx1100", 32, "32"}, {"gfx1100", 64, "64"}, {"gfx908", 64, "gfx908"}};

std::vector<uint8_t> compileKernel(const Config &config) {
  const std::string processor = config.processor;
  // gfx908 is wave64 only (clang rejects the wave-size option there).
  const bool wave64Flag = config.wave == 64 && processor != "gfx908";
  return bench::compileWithClang(kKernel, "k.cl",
                                 "-x cl -target amdgcn-amd-amdhsa -mcpu=" + processor +
                                     " -nogpulib -O2" + (wave64Flag ? " -mwavefrontsize64" : ""));
}

struct EmuRun {
  double seconds = 0;
  uint64_t waveInstructions = 0;
};

// Best of `runs` launches on a device with `threads` workers; exits on any error or mismatch.
EmuRun runEmulator(const std::vector<uint8_t> &code, unsigned threads, uint32_t items,
                   int32_t iters, int runs, const std::vector<float> &expected) {
  runtime::DeviceOptions options;
  options.threads = threads;
  runtime::Device dev(options);
  std::string error;
  auto module = runtime::Module::load(dev, code, error);
  if (!module) {
    std::fprintf(stderr, "gcnkit-bench-emu: %s\n", error.c_str());
    std::exit(1);
  }
  const uint64_t out = dev.alloc(uint64_t{items} * 4);
  EmuRun best;
  for (int r = 0; r < runs; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    const runtime::LaunchResult result =
        runtime::launch(dev, *module, "fmaloop", {{items, 1, 1}, {256, 1, 1}, 0},
                        runtime::KernelArgs().add(out).add(iters).add(kA).add(kB));
    const double s = seconds(t0);
    if (!result.ok()) {
      std::fprintf(stderr, "gcnkit-bench-emu: %s\n", result.error.c_str());
      std::exit(1);
    }
    if (r == 0 || s < best.seconds)
      best = {s, result.waveInstructions};
  }
  std::vector<float> got(items);
  dev.copyOut(got.data(), out, uint64_t{items} * 4);
  for (uint32_t i = 0; i < items; ++i) {
    if (std::memcmp(&got[i], &expected[i], 4) != 0) {
      std::fprintf(stderr, "gcnkit-bench-emu: work-item %u: emulator %a, native %a\n", i,
                   double(got[i]), double(expected[i]));
      std::exit(1);
    }
  }
  return best;
}

template <class F> double bestOf(int runs, F f) {
  double best = 0;
  for (int r = 0; r < runs; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    const double s = seconds(t0);
    best = r == 0 ? s : std::min(best, s);
  }
  return best;
}

int usage() {
  std::fprintf(stderr, "usage: gcnkit-bench-emu [--items N] [--iters N] [--runs N] "
                       "[--wave 32|64|gfx908|all]\n");
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  uint32_t items = 1 << 18;
  int32_t iters = 1024;
  int runs = 3;
  std::string waves = "all";
  const bool optionsRead =
      bench::readOptions(argc, argv, [&](const std::string &arg, const char *value) {
        if (arg == "--items")
          items = static_cast<uint32_t>(std::strtoul(value, nullptr, 0));
        else if (arg == "--iters")
          iters = static_cast<int32_t>(std::strtol(value, nullptr, 0));
        else if (arg == "--runs")
          runs = std::max(1, std::atoi(value));
        else if (arg == "--wave")
          waves = value;
        else
          return false;
        return true;
      });
  if (!optionsRead)
    return usage();
  if (items == 0 || items % 256 != 0 || iters <= 0 || iters % 4 != 0)
    return std::fprintf(stderr, "gcnkit-bench-emu: --items must be a multiple of 256 and "
                                "--iters a positive multiple of 4\n"),
           2;

  std::vector<float> expected(items), blocked(items);
  const double nativeLoop = bestOf(runs, [&] { nativeFmaLoop(expected.data(), items, iters); });
  const double nativeBlocked =
      bestOf(runs, [&] { nativeFmaLoopBlocked(blocked.data(), items, iters); });
  if (std::memcmp(expected.data(), blocked.data(), items * 4) != 0)
    return std::fprintf(stderr, "gcnkit-bench-emu: the native loops disagree\n"), 1;

  // VALU operations per work-item, as the reference for "lane operations per second".
  const double laneOps = double(items) * iters * kOpsPerIteration;
  std::printf("VALU-bound kernel: %u work-items (blocks of 256), %d iterations of %d dependent "
              "f32 ops (fma, mul, add), best of %d\n",
              items, iters, kOpsPerIteration, runs);
  std::printf("  %-34s %8.3f s  %8.1f M f32 ops/s\n", "native C++, per-work-item loop", nativeLoop,
              laneOps / nativeLoop / 1e6);
  std::printf("  %-34s %8.3f s  %8.1f M f32 ops/s\n", "native C++, lane-blocked (SIMD)",
              nativeBlocked, laneOps / nativeBlocked / 1e6);
  for (const Config &config : kConfigs) {
    if (waves != "all" && waves != "both" && waves != config.name)
      continue;
    const std::string label = std::string(config.processor) + " wave" + std::to_string(config.wave);
    const std::vector<uint8_t> code = compileKernel(config);
    if (code.empty())
      return std::fprintf(stderr, "gcnkit-bench-emu: clang-19 failed\n"), 1;
    const EmuRun one = runEmulator(code, 1, items, iters, runs, expected);
    const EmuRun two = runEmulator(code, 2, items, iters, runs, expected);
    for (const auto &[threads, run] : {std::pair{1, one}, std::pair{2, two}}) {
      std::printf("  gcnkit %s, %d thread%s %*s %8.3f s  %8.1f M f32 ops/s  %7.1f M "
                  "wave-instr/s  (%.2fx the per-work-item loop's time, %.2fx the blocked "
                  "loop's)\n",
                  label.c_str(), threads, threads == 1 ? "" : "s", threads == 1 ? 6 : 5, "",
                  run.seconds, laneOps / run.seconds / 1e6,
                  run.waveInstructions / run.seconds / 1e6, run.seconds / nativeLoop,
                  run.seconds / nativeBlocked);
    }
    std::printf("  gcnkit %s: %llu wave-instructions per run; 2 threads / 1 thread: %.2fx\n",
                label.c_str(), static_cast<unsigned long long>(one.waveInstructions),
                one.seconds / two.seconds);
  }
  return 0;
}
