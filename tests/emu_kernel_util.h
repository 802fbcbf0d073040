// Test support for the emulator: compiles OpenCL C kernels with clang-19 at test time (wave32
// or wave64) and loads them onto a device.
#pragma once

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "gcnkit/runtime.h"

namespace gcnkit::emutest {

// Without the device libraries clang has no get_global_id & co; these use the builtins they are
// made of (the work-group size comes from the hidden kernel arguments).
inline constexpr const char *kPrelude = R"(
static inline uint gk_lid(uint d) {
  return d == 0 ? __builtin_amdgcn_workitem_id_x()
                : d == 1 ? __builtin_amdgcn_workitem_id_y() : __builtin_amdgcn_workitem_id_z();
}
static inline uint gk_grp(uint d) {
  return d == 0 ? __builtin_amdgcn_workgroup_id_x()
                : d == 1 ? __builtin_amdgcn_workgroup_id_y() : __builtin_amdgcn_workgroup_id_z();
}
static inline uint gk_gsz(uint d) {
  return d == 0 ? __builtin_amdgcn_workgroup_size_x()
                : d == 1 ? __builtin_amdgcn_workgroup_size_y() : __builtin_amdgcn_workgroup_size_z();
}
// The size of this work-group: the hidden remainder for the partial group at the grid's end
// (code object v5 hidden arguments: block counts at 0, group sizes at 12, remainders at 18).
static inline uint gk_lsz(uint d) {
  __constant char *p = (__constant char *)__builtin_amdgcn_implicitarg_ptr();
  uint fullGroups = ((__constant uint *)p)[d];
  ushort size = ((__constant ushort *)(p + 12))[d];
  ushort rem = ((__constant ushort *)(p + 18))[d];
  return gk_grp(d) < fullGroups ? size : rem;
}
#define get_local_id(d) gk_lid(d)
#define get_group_id(d) gk_grp(d)
#define get_local_size(d) gk_lsz(d)
#define get_global_id(d) (gk_grp(d) * gk_gsz(d) + gk_lid(d))
)";

// Compiles `source` (prelude added) to a relocatable object; returns its bytes, or fails the
// test. extraFlags: e.g. "-cl-std=CL2.0". gfx908 (processor) runs wave64 only: waveSize is then
// ignored.
inline std::vector<uint8_t> compileOpenCL(const std::string &source, unsigned waveSize,
                                          const std::string &extraFlags = "",
                                          const std::string &processor = "gfx1100") {
  namespace fs = std::filesystem;
  static int counter = 0;
  const fs::path dir = fs::temp_directory_path() / ("gcnkit_emu_" + std::to_string(::getpid()) +
                                                    "_" + std::to_string(counter++));
  fs::create_directories(dir);
  const fs::path src = dir / "k.cl", obj = dir / "k.o", log = dir / "log.txt";
  std::ofstream(src) << kPrelude << source;
  const bool wave32Capable = processor == "gfx1100";
  const std::string cmd =
      "clang-19 -x cl -target amdgcn-amd-amdhsa -mcpu=" + processor + " -nogpulib -O2 " +
      std::string(wave32Capable && waveSize == 64 ? "-mwavefrontsize64 " : "") + extraFlags +
      " -c -o " + obj.string() + " " + src.string() + " 2> " + log.string();
  const int rc = std::system(cmd.c_str());
  std::vector<uint8_t> bytes;
  if (rc != 0) {
    std::stringstream msg;
    msg << std::ifstream(log).rdbuf();
    ADD_FAILURE() << "clang-19 failed: " << cmd << "\n" << msg.str();
  } else {
    std::ifstream in(obj, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  fs::remove_all(dir);
  return bytes;
}

// Compiles and loads; nullptr (with a test failure) on error.
inline std::unique_ptr<runtime::Module> buildModule(runtime::Device &dev, const std::string &source,
                                                    unsigned waveSize,
                                                    const std::string &extraFlags = "") {
  std::vector<uint8_t> bytes = compileOpenCL(source, waveSize, extraFlags);
  if (bytes.empty())
    return nullptr;
  std::string error;
  std::unique_ptr<runtime::Module> m = runtime::Module::load(dev, bytes, error);
  EXPECT_TRUE(m) << error;
  return m;
}

template <class T> uint64_t upload(runtime::Device &dev, const std::vector<T> &v) {
  const uint64_t a = dev.alloc(v.size() * sizeof(T));
  EXPECT_NE(a, 0u);
  EXPECT_TRUE(dev.copyIn(a, v.data(), v.size() * sizeof(T)));
  return a;
}

template <class T> std::vector<T> download(runtime::Device &dev, uint64_t a, size_t n) {
  std::vector<T> v(n);
  EXPECT_TRUE(dev.copyOut(v.data(), a, n * sizeof(T)));
  return v;
}

} // namespace gcnkit::emutest
