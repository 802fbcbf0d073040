// The emulator's MFMA throughput (gfx908, wave64) in GFLOP/s, side by side with a native f32
// matrix multiply on the same core.
//
// Three gfx908 kernels (assembly, assembled by clang-19 when the benchmark starts) run a loop of
// chained MFMAs, each accumulating into the previous one's result in AccVGPRs: four
// v_mfma_f32_32x32x8f16 per iteration, four v_mfma_f32_32x32x2f32, or both interleaved. The
// emulator runs them with one worker thread; every lane's accumulators are checked against the
// exact expected sums. The native reference is a register-blocked f32 matrix multiply
// (native_matmul.cpp) on n x n matrices held in cache, checked against a plain triple loop.
// An MFMA counts 2 M N K flops, a matrix multiply 2 n^3.
//
//   gcnkit-bench-mfma [--waves N] [--iters N] [--runs N] [--size N]
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iterator>
#include <string>
#include <vector>

#include "bench_util.h"
#include "gcnkit/runtime.h"
#include "native_matmul.h"

namespace {

using namespace gcnkit;

constexpr int kUnroll = 4; // MFMAs of each kind per loop iteration

struct Loop {
  const char *name;
  bool f16, f32; // which chains the loop runs
};
constexpr Loop kLoops[] = {
    {"mfma_f16", true, false}, {"mfma_f32", false, true}, {"mfma_mixed", true, true}};

// A/B: f16 0.125 in every half (each 32x32x8f16 adds 8 / 64 = 1/8 to every element of a[0:15]),
// f32 0.5 and 0.25 (each 32x32x2f32 adds 2 / 8 = 1/4 to a[16:31]); the sums stay exact.
std::string kernelSource() {
  std::string s = ".amdgcn_target \"amdgcn-amd-amdhsa--gfx908\"\n"
                  ".amdhsa_code_object_version 5\n.text\n";
  std::string meta = ".amdgpu_metadata\n---\namdhsa.kernels:\n";
  for (const Loop &loop : kLoops) {
    const std::string n = loop.name;
    s += ".globl " + n + "\n.p2align 8\n.type " + n + ",@function\n" + n + ":\n";
    s += "  s_load_dwordx2 s[4:5], s[0:1], 0x0\n  s_load_dword s6, s[0:1], 0x8\n";
    for (int v = 2; v <= 5; ++v)
      s += "  v_mov_b32 v" + std::to_string(v) + ", 0x30003000\n";
    s += "  v_mov_b32 v6, 0.5\n  v_mov_b32 v7, 0.25\n";
    for (int a = 0; a < 32; ++a)
      s += "  v_accvgpr_write_b32 a" + std::to_string(a) + ", 0\n";
    s += "  s_waitcnt lgkmcnt(0)\n." + n + "_loop:\n";
    for (int u = 0; u < kUnroll; ++u) {
      if (loop.f16)
        s += "  v_mfma_f32_32x32x8f16 a[0:15], v[2:3], v[4:5], a[0:15]\n";
      if (loop.f32)
        s += "  v_mfma_f32_32x32x2f32 a[16:31], v6, v7, a[16:31]\n";
    }
    s += "  s_sub_u32 s6, s6, 1\n  s_cmp_lg_u32 s6, 0\n  s_cbranch_scc1 ." + n + "_loop\n";
    // out[64 * group + lane] = {a0, a16}: both chains' first accumulator.
    s += "  v_accvgpr_read_b32 v8, a0\n  v_accvgpr_read_b32 v9, a16\n"
         "  s_lshl_b32 s3, s2, 9\n  s_add_u32 s4, s4, s3\n  s_addc_u32 s5, s5, 0\n"
         "  v_lshlrev_b32 v10, 3, v0\n  global_store_dwordx2 v10, v[8:9], s[4:5]\n  s_endpgm\n";
    s += ".rodata\n.p2align 6\n.amdhsa_kernel " + n +
         "\n  .amdhsa_kernarg_size 16\n  .amdhsa_user_sgpr_kernarg_segment_ptr 1\n"
         "  .amdhsa_next_free_vgpr 32\n  .amdhsa_next_free_sgpr 16\n.end_amdhsa_kernel\n.text\n";
    meta += "  - .args:\n      - .address_space: global\n        .offset: 0\n        .size: 8\n"
            "        .value_kind: global_buffer\n      - .offset: 8\n        .size: 4\n"
            "        .value_kind: by_value\n    .group_segment_fixed_size: 0\n"
            "    .kernarg_segment_align: 8\n    .kernarg_segment_size: 16\n"
            "    .max_flat_workgroup_size: 64\n    .name: " +
            n + "\n    .private_segment_fixed_size: 0\n    .sgpr_count: 16\n    .symbol: " + n +
            ".kd\n    .vgpr_count: 32\n    .wavefront_size: 64\n";
  }
  return s + meta + "amdhsa.target: amdgcn-amd-amdhsa--gfx908\namdhsa.version:\n  - 1\n  - 2\n" +
         "...\n.end_amdgpu_metadata\n";
}

// Processor time of the whole process (the device's one worker included): on a shared machine
// it does not count the time other jobs hold the core, which wall-clock time would.
double cpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

[[noreturn]] void fail(const std::string &why) {
  std::fprintf(stderr, "gcnkit-bench-mfma: %s\n", why.c_str());
  std::exit(1);
}

// One launch of the loop kernel on the device (one worker thread): its processor time. Exits on
// any error or wrong accumulator.
double runLoop(runtime::Device &dev, runtime::Module &module, const Loop &loop, uint32_t waves,
               int32_t iters) {
  const uint64_t out = dev.alloc(uint64_t{waves} * 64 * 8);
  const double t0 = cpuSeconds();
  const runtime::LaunchResult result =
      runtime::launch(dev, module, loop.name, {{waves * 64, 1, 1}, {64, 1, 1}, 0},
                      runtime::KernelArgs().add(out).add(iters));
  const double s = cpuSeconds() - t0;
  if (!result.ok())
    fail(result.error);
  std::vector<float> got(size_t{waves} * 64 * 2);
  dev.copyOut(got.data(), out, got.size() * 4);
  dev.free(out);
  const float n = static_cast<float>(iters * kUnroll);
  for (size_t i = 0; i < got.size(); i += 2)
    if (got[i] != (loop.f16 ? n / 8 : 0.0f) || got[i + 1] != (loop.f32 ? n / 4 : 0.0f))
      fail(std::string(loop.name) + ": lane " + std::to_string(i / 2) + " accumulated " +
           std::to_string(got[i]) + " / " + std::to_string(got[i + 1]));
  return s;
}

int usage() {
  std::fprintf(stderr, "usage: gcnkit-bench-mfma [--waves N] [--iters N] [--runs N] [--size N]\n");
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  uint32_t waves = 64;
  int32_t iters = 256;
  int runs = 3;
  int size = 192;
  const bool optionsRead =
      bench::readOptions(argc, argv, [&](const std::string &arg, const char *text) {
        const long value = std::strtol(text, nullptr, 0);
        if (arg == "--waves")
          waves = static_cast<uint32_t>(value);
        else if (arg == "--iters")
          iters = static_cast<int32_t>(value);
        else if (arg == "--runs")
          runs = std::max(1, static_cast<int>(value));
        else if (arg == "--size")
          size = static_cast<int>(value);
        else
          return false;
        return true;
      });
  if (!optionsRead)
    return usage();
  if (waves == 0 || iters <= 0 || size <= 0 || size % kMatmulMr || size % kMatmulNr)
    return std::fprintf(stderr,
                        "gcnkit-bench-mfma: --waves and --iters must be positive and "
                        "--size a multiple of %d and %d\n",
                        kMatmulMr, kMatmulNr),
           2;

  // Native: small integers times powers of two, so every sum is exact and the blocked kernel
  // must match the triple loop bit for bit.
  const int n = size;
  std::vector<float> a(size_t(n) * n), b(size_t(n) * n), aPanels(a.size()), bPanels(b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    a[i] = static_cast<float>(i % 7) * 0.25f - 0.75f;
    b[i] = static_cast<float>(i % 5) * 0.5f - 1.0f;
  }
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < n; ++k) {
      aPanels[size_t(i / kMatmulMr) * kMatmulMr * n + size_t(k) * kMatmulMr + i % kMatmulMr] =
          a[size_t(i) * n + k];
      bPanels[size_t(i / kMatmulNr) * kMatmulNr * n + size_t(k) * kMatmulNr + i % kMatmulNr] =
          b[size_t(k) * n + i];
    }
  std::vector<float> c(size_t(n) * n), want(size_t(n) * n);
  nativeMatmul(n, aPanels, bPanels, c);
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < n; ++k)
      for (int j = 0; j < n; ++j)
        want[size_t(i) * n + j] += a[size_t(i) * n + k] * b[size_t(k) * n + j];
  if (c != want)
    fail("the native matrix multiply disagrees with the triple loop");
  const int reps = std::max(1, static_cast<int>(2e9 / (2.0 * n * n * n))); // ~2 GFLOP a run

  const std::vector<uint8_t> code = bench::compileWithClang(
      kernelSource(), "k.s", "-x assembler -target amdgcn-amd-amdhsa -mcpu=gfx908");
  if (code.empty())
    fail("clang-19 could not assemble the gfx908 kernels");
  runtime::DeviceOptions options;
  options.threads = 1;
  runtime::Device dev(options);
  std::string error;
  auto module = runtime::Module::load(dev, code, error);
  if (!module)
    fail(error);

  // The runs alternate between the native multiply and the loops, so a change in the machine's
  // load hits both sides; each keeps its best.
  double native = 0;
  double loopTime[std::size(kLoops)] = {};
  for (int r = 0; r < runs; ++r) {
    const double t0 = cpuSeconds();
    for (int i = 0; i < reps; ++i)
      nativeMatmul(n, aPanels, bPanels, c);
    const double s = cpuSeconds() - t0;
    native = r == 0 ? s : std::min(native, s);
    for (size_t l = 0; l < std::size(kLoops); ++l) {
      const double t = runLoop(dev, *module, kLoops[l], waves, iters);
      loopTime[l] = r == 0 ? t : std::min(loopTime[l], t);
    }
  }
  const double nativeGflops = 2.0 * n * n * n * reps / native / 1e9;

  std::printf("MFMA-bound loops: %u waves (wave64, gfx908) x %d iterations of %d chained MFMAs "
              "of each kind, one worker thread; processor time, best of %d\n",
              waves, iters, kUnroll, runs);
  std::printf("  %-44s %8.3f s  %7.2f GFLOP/s\n",
              ("native f32 matmul " + std::to_string(n) + "^3 x " + std::to_string(reps)).c_str(),
              native, nativeGflops);
  constexpr double kF16Flops = 2.0 * 32 * 32 * 8, kF32Flops = 2.0 * 32 * 32 * 2;
  for (size_t l = 0; l < std::size(kLoops); ++l) {
    const Loop &loop = kLoops[l];
    const double s = loopTime[l];
    const double mfmas = double(waves) * iters * kUnroll;
    const double flops = mfmas * ((loop.f16 ? kF16Flops : 0) + (loop.f32 ? kF32Flops : 0));
    const char *what = loop.f16 && loop.f32 ? "gcnkit 32x32x8f16 + 32x32x2f32 chains"
                       : loop.f16           ? "gcnkit v_mfma_f32_32x32x8f16 chain"
                                            : "gcnkit v_mfma_f32_32x32x2f32 chain";
    std::printf("  %-44s %8.3f s  %7.2f GFLOP/s  %6.2f us/MFMA  %5.1f%% of native\n", what, s,
                flops / s / 1e9, s / (mfmas * (loop.f16 + loop.f32)) * 1e6,
                100.0 * flops / s / 1e9 / nativeGflops);
  }
  return 0;
}
