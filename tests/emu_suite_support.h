// Support for the emulator's kernel suite (tests/emu_suite_*.cpp): the kernels are real source
// files in tests/kernels/ (OpenCL C and HIP), compiled with clang-19 when a test first needs
// them, once per (file, wave size, flags) and cached on disk, then run on the emulator and
// compared with host references.
#pragma once

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <ostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "emu_kernel_util.h"

namespace gcnkit::emutest::suite {

namespace fs = std::filesystem;

inline const fs::path &kernelDir() {
  static const fs::path dir = fs::path(GCNKIT_SOURCE_DIR) / "tests" / "kernels";
  return dir;
}

inline std::string readText(const fs::path &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline uint64_t fnv1a(const std::string &text, uint64_t h = 0xcbf29ce484222325ull) {
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

// What the object depends on besides the kernel file: the compiler's version, the preludes and
// every header in tests/kernels (a stale object is never reused after an edit or an upgrade).
inline const std::string &toolchainFingerprint() {
  static const std::string fingerprint = [] {
    std::string text = kPrelude;
    const fs::path versionFile =
        fs::temp_directory_path() / ("gcnkit_suite_clang_version_" + std::to_string(::getpid()));
    if (std::system(("clang-19 --version > " + versionFile.string() + " 2>&1").c_str()) == 0)
      text += readText(versionFile);
    fs::remove(versionFile);
    std::vector<fs::path> headers;
    for (const auto &entry : fs::directory_iterator(kernelDir()))
      if (entry.path().extension() == ".h")
        headers.push_back(entry.path());
    std::sort(headers.begin(), headers.end());
    for (const fs::path &h : headers)
      text += h.filename().string() + readText(h);
    return text;
  }();
  return fingerprint;
}

inline fs::path cacheDir() {
  static const fs::path dir = [] {
    const fs::path d =
        fs::temp_directory_path() / ("gcnkit_emu_suite_cache_" + std::to_string(::getuid()));
    fs::create_directories(d);
    return d;
  }();
  return dir;
}

// Writes `text` to `path` unless it is already there (write to a private name, then rename,
// so concurrent test processes never see a partial file).
inline void publishFile(const fs::path &path, const std::string &text) {
  if (fs::exists(path))
    return;
  const fs::path tmp = path.string() + ".tmp" + std::to_string(::getpid());
  std::ofstream(tmp, std::ios::binary) << text;
  fs::rename(tmp, path);
}

// A configuration the suite runs in: the processor clang compiles for and the wave size.
struct SuiteConfig {
  const char *processor; // clang's -mcpu / --offload-arch
  unsigned wave;
};

inline void PrintTo(const SuiteConfig &c, std::ostream *os) {
  *os << c.processor << " wave" << c.wave;
}

inline constexpr SuiteConfig kGfx1100Wave32{"gfx1100", 32}, kGfx1100Wave64{"gfx1100", 64},
    kGfx908{"gfx908", 64};

// Every processor and wave size (kernels that compile for both targets), and gfx1100 alone
// (kernels of gfx11 instructions: WMMA, permlane16, gfx11 DPP controls).
inline auto allConfigs() { return ::testing::Values(kGfx1100Wave32, kGfx1100Wave64, kGfx908); }
inline auto gfx1100Configs() { return ::testing::Values(kGfx1100Wave32, kGfx1100Wave64); }

// Compiles tests/kernels/<file> for the configuration's processor and wave size (OpenCL C for
// .cl, HIP for .hip) with -O2 -ffp-contract=off unless `flags` says otherwise. Returns the
// object bytes, or an empty vector with `error` set.
inline std::vector<uint8_t> compileKernelFile(const std::string &file, const SuiteConfig &config,
                                              const std::string &flags, std::string &error) {
  static std::map<std::string, std::vector<uint8_t>> memo;
  const fs::path src = kernelDir() / file;
  const std::string source = readText(src);
  if (source.empty()) {
    error = "cannot read " + src.string();
    return {};
  }
  const bool hip = src.extension() == ".hip";
  const std::string processor = config.processor;
  std::string cmd;
  if (hip) {
    cmd = "clang-19 -x hip --cuda-device-only -nogpuinc -nogpulib --offload-arch=" + processor +
          " --no-gpu-bundle-output";
  } else {
    const fs::path prelude = cacheDir() / ("gk_workitem_" + std::to_string(fnv1a(kPrelude)) + ".h");
    publishFile(prelude, kPrelude);
    cmd = "clang-19 -x cl -target amdgcn-amd-amdhsa -mcpu=" + processor + " -nogpulib -include " +
          prelude.string();
  }
  // gfx908 is wave64 only (clang rejects -mwavefrontsize64 there).
  const bool wave64Flag = config.wave == 64 && processor != "gfx908";
  cmd += std::string(" -O2 -ffp-contract=off") + (wave64Flag ? " -mwavefrontsize64" : "") + " -I" +
         kernelDir().string() + " " + flags;
  const uint64_t key = fnv1a(source, fnv1a(cmd, fnv1a(toolchainFingerprint())));
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(key));
  const fs::path obj =
      cacheDir() / (src.stem().string() + "-" + processor + "-w" + std::to_string(config.wave) +
                    "-" + hex + (hip ? ".hip.o" : ".cl.o"));
  if (auto it = memo.find(obj.string()); it != memo.end())
    return it->second;
  if (!fs::exists(obj)) {
    const fs::path tmp = obj.string() + ".tmp" + std::to_string(::getpid());
    const fs::path log = obj.string() + ".log" + std::to_string(::getpid());
    const std::string full =
        cmd + " -c -o " + tmp.string() + " " + src.string() + " 2> " + log.string();
    const int rc = std::system(full.c_str());
    const std::string diagnostics = readText(log);
    fs::remove(log);
    if (rc != 0) {
      fs::remove(tmp);
      error = "clang-19 failed: " + full + "\n" + diagnostics;
      return {};
    }
    fs::rename(tmp, obj);
  }
  const std::string bytes = readText(obj);
  std::vector<uint8_t> v(bytes.begin(), bytes.end());
  memo[obj.string()] = v;
  return v;
}

// Base fixture: a fresh device per test, parameterized by the processor and wave size.
class SuiteTest : public ::testing::TestWithParam<SuiteConfig> {
protected:
  unsigned wave() const { return GetParam().wave; }
  bool gfx908() const { return std::string_view(GetParam().processor) == "gfx908"; }

  // The module for tests/kernels/<file>, or nullptr with a test failure.
  std::unique_ptr<runtime::Module> load(const std::string &file, const std::string &flags = "") {
    std::string error;
    const std::vector<uint8_t> bytes = compileKernelFile(file, GetParam(), flags, error);
    if (bytes.empty()) {
      ADD_FAILURE() << error;
      return nullptr;
    }
    std::unique_ptr<runtime::Module> m = runtime::Module::load(dev, bytes, error);
    EXPECT_TRUE(m) << file << ": " << error;
    return m;
  }

  runtime::Device dev;
};

inline std::string configName(const ::testing::TestParamInfo<SuiteConfig> &info) {
  return std::string(info.param.processor) + "_wave" + std::to_string(info.param.wave);
}

// Runs a kernel; on failure the test stops with the emulator's one-line error (which names the
// instruction for unimplemented ones).
#define SUITE_LAUNCH(module, name, config, args)                                                   \
  do {                                                                                             \
    const runtime::LaunchResult launchResult_ =                                                    \
        runtime::launch(dev, *(module), (name), (config), (args));                                 \
    ASSERT_TRUE(launchResult_.ok()) << (name) << ": " << launchResult_.error;                      \
  } while (0)

// ---- host reference helpers ----------------------------------------------------------------

inline uint32_t bits(float f) { return std::bit_cast<uint32_t>(f); }
inline uint64_t bits(double d) { return std::bit_cast<uint64_t>(d); }

// Bit-exact, except that any NaN matches any NaN (IEEE leaves NaN payloads open).
inline bool sameF32(float got, float want) {
  return (std::isnan(got) && std::isnan(want)) || bits(got) == bits(want);
}
inline bool sameF64(double got, double want) {
  return (std::isnan(got) && std::isnan(want)) || bits(got) == bits(want);
}

inline std::string hexBits(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

// IEEE binary16 <-> double, round to nearest even, denormals and infinities included.
inline double halfToDouble(uint16_t h) {
  const double sign = (h & 0x8000) ? -1.0 : 1.0;
  const int exp = (h >> 10) & 31, mant = h & 1023;
  if (exp == 0)
    return sign * std::ldexp(mant, -24);
  if (exp == 31)
    return mant ? std::nan("") : sign * INFINITY;
  return sign * std::ldexp(mant + 1024, exp - 25);
}

inline uint16_t doubleToHalf(double x) {
  const uint16_t sign = std::signbit(x) ? 0x8000 : 0;
  if (std::isnan(x))
    return 0x7E00;
  const double a = std::fabs(x);
  if (a >= 65520.0) // at or beyond the midpoint between 65504 and 2^16
    return sign | 0x7C00;
  if (a == 0)
    return sign;
  int exp = 0;
  std::frexp(a, &exp); // a = m * 2^exp, m in [0.5, 1)
  const int e = std::max(exp - 1, -14);
  const double quantum = std::ldexp(1.0, e - 10);
  const double r = std::nearbyint(a / quantum) * quantum; // exact scaling, then RNE
  if (r < std::ldexp(1.0, -14))
    return sign | static_cast<uint16_t>(r / std::ldexp(1.0, -24));
  int rexp = 0;
  std::frexp(r, &rexp);
  const uint16_t mant = static_cast<uint16_t>(r / std::ldexp(1.0, rexp - 11) - 1024);
  return sign | static_cast<uint16_t>((rexp - 1 + 15) << 10) | mant;
}

inline bool isHalfNan(uint16_t h) { return (h & 0x7C00) == 0x7C00 && (h & 1023); }
inline bool sameF16(uint16_t got, uint16_t want) {
  return (isHalfNan(got) && isHalfNan(want)) || got == want;
}

// |got - exact| in units of the f32 ulp at the exact value.
inline double ulpErrorF32(float got, double exact) {
  const float rounded = static_cast<float>(exact);
  const float a = std::fabs(rounded);
  const double ulp = static_cast<double>(std::nextafter(a, INFINITY)) - a;
  return std::fabs(static_cast<double>(got) - exact) / ulp;
}

template <class T> std::vector<T> randomInts(size_t n, uint32_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<T> v(n);
  for (T &x : v)
    x = static_cast<T>(rng());
  return v;
}

inline std::vector<float> randomFloats(size_t n, uint32_t seed, float lo, float hi) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(lo, hi);
  std::vector<float> v(n);
  for (float &x : v)
    x = d(rng);
  return v;
}

} // namespace gcnkit::emutest::suite
