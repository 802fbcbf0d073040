// What the emulator does when a kernel goes wrong: out-of-bounds accesses, endless loops,
// instructions it does not implement, malformed code objects, bad launches.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>

#include "emu_kernel_util.h"

namespace gcnkit::emutest {
namespace {

using runtime::Device;
using runtime::Fault;
using runtime::KernelArgs;
using runtime::LaunchConfig;

class EmuFaults : public ::testing::TestWithParam<unsigned> {
protected:
  unsigned wave() const { return GetParam(); }
};

std::string hex(uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

// The buffer holds 64 floats; the kernel is told 100: work-item 64 is the first to write past
// the end. It is lane 0 of wave 1 (wave64) or of wave 2 (wave32) in work-group 0.
TEST_P(EmuFaults, OutOfBoundsStoreNamesLaneAndAddress) {
  Device dev;
  auto m = buildModule(dev, R"(
__kernel void fill(__global float *out, int n) {
  int i = get_global_id(0);
  if (i < n) out[i] = (float)i;
})",
                       wave());
  ASSERT_TRUE(m);
  const uint64_t buf = dev.alloc(64 * 4);
  auto r = runtime::launch(dev, *m, "fill", LaunchConfig{{128, 1, 1}, {128, 1, 1}},
                           KernelArgs().add(buf).add(100));
  ASSERT_FALSE(r.ok());
  ASSERT_TRUE(r.fault);
  const Fault &f = *r.fault;
  EXPECT_EQ(f.kind, Fault::Kind::MemoryViolation);
  EXPECT_TRUE(f.write);
  EXPECT_EQ(f.address, buf + 64 * 4);
  EXPECT_EQ(f.bytes, 4u);
  EXPECT_EQ(f.lane, 0);
  EXPECT_EQ(f.wave, 64 / wave());
  EXPECT_EQ(f.workgroup.x, 0u);
  EXPECT_EQ(f.kernel, "fill");
  EXPECT_NE(f.instruction.find("global_store_b32"), std::string::npos) << f.instruction;
  EXPECT_NE(r.error.find("lane 0"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find(hex(buf + 256)), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("write of 4 bytes"), std::string::npos) << r.error;
  // Lanes before the faulting one stored their values.
  std::vector<float> out(64);
  ASSERT_TRUE(dev.copyOut(out.data(), buf, 64 * 4));
  for (int i = 0; i < 64; ++i)
    EXPECT_EQ(out[i], static_cast<float>(i));
}

TEST_P(EmuFaults, OutOfBoundsLoadFromFreedBuffer) {
  Device dev;
  auto m = buildModule(dev, R"(
__kernel void copy(__global const int *in, __global int *out) {
  int i = get_global_id(0);
  out[i] = in[i];
})",
                       wave());
  ASSERT_TRUE(m);
  const uint64_t in = dev.alloc(256), out = dev.alloc(256);
  ASSERT_TRUE(dev.free(in));
  auto r = runtime::launch(dev, *m, "copy", LaunchConfig{{64, 1, 1}, {64, 1, 1}},
                           KernelArgs().add(in).add(out));
  ASSERT_TRUE(r.fault) << r.error;
  EXPECT_EQ(r.fault->kind, Fault::Kind::MemoryViolation);
  EXPECT_FALSE(r.fault->write);
  EXPECT_EQ(r.fault->address, in);
  EXPECT_EQ(r.fault->lane, 0);
  EXPECT_NE(r.fault->instruction.find("global_load_b32"), std::string::npos);
}

TEST_P(EmuFaults, EndlessLoopHitsTheInstructionLimit) {
  Device dev(runtime::DeviceOptions{0, 100000});
  auto m = buildModule(dev, R"(
__kernel void spin(__global volatile int *flag, __global int *out) {
  int n = 0;
  while (*flag == 0) ++n;
  out[get_global_id(0)] = n;
})",
                       wave());
  ASSERT_TRUE(m);
  const uint64_t flag = dev.alloc(4), out = dev.alloc(64 * 4);
  auto r = runtime::launch(dev, *m, "spin", LaunchConfig{{64, 1, 1}, {64, 1, 1}},
                           KernelArgs().add(flag).add(out));
  ASSERT_TRUE(r.fault) << r.error;
  EXPECT_EQ(r.fault->kind, Fault::Kind::InstructionLimit);
  EXPECT_NE(r.error.find("instruction limit"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("100000"), std::string::npos) << r.error;
}

// An instruction the emulator does not implement stops the kernel, naming it.
TEST_P(EmuFaults, UnimplementedInstructionIsNamed) {
  Device dev;
  // image_gather4 is not emulated: the inline assembly stands for such an instruction.
  auto m = buildModule(dev, R"(
__kernel void pk(__global uint *q) {
  int i = get_global_id(0);
  uint4 v;
  __asm__ volatile("image_gather4 %0, %1, s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D"
                   : "=v"(v) : "v"((int2)(i, i)));
  q[i] = v.x;
})",
                       wave());
  ASSERT_TRUE(m);
  const uint64_t q = dev.alloc(128 * 4);
  auto r =
      runtime::launch(dev, *m, "pk", LaunchConfig{{64, 1, 1}, {64, 1, 1}}, KernelArgs().add(q));
  ASSERT_TRUE(r.fault) << r.error;
  EXPECT_EQ(r.fault->kind, Fault::Kind::UnsupportedInstruction);
  EXPECT_NE(r.fault->instruction.find("image_gather4"), std::string::npos) << r.fault->instruction;
  EXPECT_NE(r.error.find("unsupported instruction (image_gather4 not emulated (gather4))"),
            std::string::npos)
      << r.error;
}

// A fault inside a function the kernel calls names that function and the offset in it (the
// whole code section is decoded, so the call itself works).
TEST_P(EmuFaults, FaultInCalledFunctionNamesIt) {
  Device dev;
  auto m = buildModule(dev, R"(
__attribute__((noinline)) void put(__global int *p, int i) { p[i] = i; }
__kernel void caller(__global int *out, int k) { put(out, get_global_id(0) * k); }
)",
                       wave());
  ASSERT_TRUE(m);
  const uint64_t out = dev.alloc(64 * 4);
  auto ok = runtime::launch(dev, *m, "caller", LaunchConfig{{64, 1, 1}, {64, 1, 1}},
                            KernelArgs().add(out).add(1));
  ASSERT_TRUE(ok.ok()) << ok.error;
  EXPECT_EQ(download<int32_t>(dev, out, 64)[63], 63);
  auto r = runtime::launch(dev, *m, "caller", LaunchConfig{{64, 1, 1}, {64, 1, 1}},
                           KernelArgs().add(out).add(1 << 20));
  ASSERT_TRUE(r.fault) << r.error;
  EXPECT_EQ(r.fault->function, "put");
  EXPECT_NE(r.error.find("(put+0x"), std::string::npos) << r.error;
  EXPECT_NE(r.fault->instruction.find("global_store_b32"), std::string::npos)
      << r.fault->instruction;
}

// An LDS access past the work-group's LDS size stops the kernel with the lane and LDS address.
TEST_P(EmuFaults, LdsOutOfRange) {
  Device dev;
  auto m = buildModule(dev, R"(
__kernel void lds(__global int *out, int k) {
  __local int tmp[64];
  int i = get_local_id(0);
  tmp[i * k] = i;
  __builtin_amdgcn_s_barrier();
  out[i] = tmp[i];
})",
                       wave());
  ASSERT_TRUE(m);
  const uint64_t out = dev.alloc(64 * 4);
  auto r = runtime::launch(dev, *m, "lds", LaunchConfig{{64, 1, 1}, {64, 1, 1}},
                           KernelArgs().add(out).add(3));
  ASSERT_TRUE(r.fault) << r.error;
  EXPECT_EQ(r.fault->kind, Fault::Kind::LdsViolation);
  EXPECT_TRUE(r.fault->write);
  EXPECT_EQ(r.fault->address, 22u * 3 * 4); // lane 22 is the first with i * 3 >= 64
  EXPECT_EQ(r.fault->lane, 22 % static_cast<int>(wave()));
  EXPECT_NE(r.fault->instruction.find("ds_store_b32"), std::string::npos);
  EXPECT_NE(r.error.find("LDS (256 bytes)"), std::string::npos) << r.error;
}

TEST_P(EmuFaults, LaunchErrors) {
  Device dev;
  auto m = buildModule(dev, "__kernel void k(__global int *p, int v) { p[0] = v; }", wave());
  ASSERT_TRUE(m);
  const uint64_t p = dev.alloc(4);
  auto r = runtime::launch(dev, *m, "nope", LaunchConfig{{1, 1, 1}, {1, 1, 1}},
                           KernelArgs().add(p).add(1));
  EXPECT_NE(r.error.find("no kernel named 'nope'"), std::string::npos) << r.error;
  r = runtime::launch(dev, *m, "k", LaunchConfig{{1, 1, 1}, {1, 1, 1}}, KernelArgs().add(p));
  EXPECT_NE(r.error.find("takes 2 arguments, 1 given"), std::string::npos) << r.error;
  r = runtime::launch(dev, *m, "k", LaunchConfig{{1, 1, 1}, {1, 1, 1}},
                      KernelArgs().add(p).add(int64_t{1}));
  EXPECT_NE(r.error.find("argument 1 is 4 bytes, 8 given"), std::string::npos) << r.error;
  r = runtime::launch(dev, *m, "k", LaunchConfig{{1, 1, 1}, {2048, 1, 1}},
                      KernelArgs().add(p).add(1));
  EXPECT_FALSE(r.ok());
  r = runtime::launch(dev, *m, "k", LaunchConfig{{1, 1, 1}, {1, 1, 1}},
                      KernelArgs().add(p).add(42));
  ASSERT_TRUE(r.ok()) << r.error;
  int v = 0;
  ASSERT_TRUE(dev.copyOut(&v, p, 4));
  EXPECT_EQ(v, 42);
}

INSTANTIATE_TEST_SUITE_P(Wave, EmuFaults, ::testing::Values(32u, 64u),
                         [](const auto &info) { return "wave" + std::to_string(info.param); });

TEST(EmuLoad, MalformedObjectsGiveClearErrors) {
  Device dev;
  std::string error;
  const std::vector<uint8_t> junk = {'n', 'o', 't', ' ', 'a', 'n', ' ', 'e', 'l', 'f'};
  EXPECT_FALSE(runtime::Module::load(dev, junk, error));
  EXPECT_NE(error.find("ELF"), std::string::npos) << error;

  std::vector<uint8_t> good = compileOpenCL("__kernel void k(__global int *p) { p[0] = 1; }", 32);
  ASSERT_FALSE(good.empty());
  // Every truncation is rejected with a message (or, if what is left still parses, loads).
  for (size_t len :
       {size_t{0}, size_t{16}, size_t{63}, size_t{64}, good.size() / 2, good.size() - 1}) {
    error.clear();
    std::vector<uint8_t> cut(good.begin(), good.begin() + len);
    auto m = runtime::Module::load(dev, cut, error);
    if (!m) {
      EXPECT_FALSE(error.empty()) << "length " << len;
    }
  }
  // Corrupt the section header table offset.
  std::vector<uint8_t> bad = good;
  bad[40] = 0xFF;
  bad[41] = 0xFF;
  bad[42] = 0xFF;
  error.clear();
  EXPECT_FALSE(runtime::Module::load(dev, bad, error));
  EXPECT_NE(error.find("section header table"), std::string::npos) << error;
  // A missing file.
  EXPECT_FALSE(runtime::Module::loadFile(dev, "/nonexistent/k.o", error));
  EXPECT_NE(error.find("cannot open"), std::string::npos) << error;
}

TEST(EmuLoad, UndefinedSymbolIsReported) {
  Device dev;
  std::string error;
  // get_global_id without the device libraries is an external call.
  const std::string src = "#undef get_global_id\n"
                          "size_t get_global_id(uint);\n"
                          "__kernel void k(__global int *p) { p[get_global_id(0)] = 1; }";
  std::vector<uint8_t> obj = compileOpenCL(src, 32);
  ASSERT_FALSE(obj.empty());
  EXPECT_FALSE(runtime::Module::load(dev, obj, error));
  EXPECT_NE(error.find("undefined symbol 'get_global_id'"), std::string::npos) << error;
}

// Corrupted code objects either fail to load with a message or load and run into a fault or
// an error: never a crash (the sanitizer build checks the "never").
TEST(EmuLoad, CorruptedObjectsNeverCrash) {
  Device dev(runtime::DeviceOptions{1, 10000});
  std::vector<uint8_t> good = compileOpenCL(R"(
__kernel void k(__global int *p, int n) {
  int i = get_global_id(0);
  for (int j = 0; j < n; ++j) p[i] += j * i;
})",
                                            32);
  ASSERT_FALSE(good.empty());
  std::mt19937 rng(11);
  int loaded = 0;
  for (int round = 0; round < 400; ++round) {
    std::vector<uint8_t> bad = good;
    for (int flips = 1 + rng() % 4; flips > 0; --flips)
      bad[rng() % bad.size()] ^= static_cast<uint8_t>(1 + rng() % 255);
    std::string error;
    auto m = runtime::Module::load(dev, bad, error);
    if (!m) {
      EXPECT_FALSE(error.empty());
      continue;
    }
    ++loaded;
    const uint64_t p = dev.alloc(64 * 4);
    for (const std::string &name : m->kernelNames())
      runtime::launch(dev, *m, name, LaunchConfig{{64, 1, 1}, {64, 1, 1}},
                      KernelArgs().add(p).add(5));
    dev.free(p);
  }
  EXPECT_GT(loaded, 0);
}

TEST(EmuMemory, CopiesAreBoundsChecked) {
  Device dev;
  const uint64_t a = dev.alloc(16);
  uint8_t buf[32] = {};
  EXPECT_TRUE(dev.copyIn(a, buf, 16));
  EXPECT_FALSE(dev.copyIn(a, buf, 17));
  EXPECT_FALSE(dev.copyOut(buf, a + 8, 9));
  EXPECT_FALSE(dev.copyOut(buf, 0, 1));
  EXPECT_TRUE(dev.free(a));
  EXPECT_FALSE(dev.free(a));
  EXPECT_FALSE(dev.copyIn(a, buf, 1));
}

} // namespace
} // namespace gcnkit::emutest
