// `gcnkit run` as a process: kernels compiled by clang-19 at test time (OpenCL objects, HIP
// offload bundles, HIP host objects, assembly), every --arg spec checked to arrive bit for bit,
// metadata mismatches, image and sampler arguments, --save, faults, the instruction limit, --trace,
// and bad containers. Also the offload bundle reader and the f16 conversion on their own.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "gcnkit/runtime.h"
#include "oracle.h"
#include "runtime/offload_bundle.h"
#include "tools/gcnkit/run_args.h"

namespace gcnkit {
namespace {

namespace fs = std::filesystem;
using difftest::ToolRun;

// A scratch directory per test, removed afterwards.
struct TempDir {
  fs::path path;
  TempDir() {
    static int counter = 0;
    path = fs::temp_directory_path() /
           ("gcnkit_run_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
  std::string operator/(const std::string &name) const { return (path / name).string(); }
};

void writeFile(const std::string &path, const std::string &bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

template <class T> std::string bytesOf(const std::vector<T> &v) {
  return std::string(reinterpret_cast<const char *>(v.data()), v.size() * sizeof(T));
}

template <class T> std::vector<T> valuesOf(const std::string &bytes) {
  std::vector<T> v(bytes.size() / sizeof(T));
  std::memcpy(v.data(), bytes.data(), v.size() * sizeof(T));
  return v;
}

// clang-19 with these arguments (the source is written to `dir/name` first); fails the test on
// a compiler error.
bool compile(const TempDir &dir, const std::string &name, const std::string &source,
             std::vector<std::string> args) {
  writeFile(dir / name, source);
  args.insert(args.begin(), "clang-19");
  args.push_back(dir / name);
  ToolRun r = difftest::runTool(args);
  EXPECT_EQ(r.status, 0) << r.err;
  return r.status == 0;
}

bool compileOpenCL(const TempDir &dir, const std::string &source, const std::string &out,
                   std::vector<std::string> extra = {}) {
  std::vector<std::string> args{"-x",        "cl", "-target", "amdgcn-amd-amdhsa", "-mcpu=gfx1100",
                                "-nogpulib", "-O2"};
  args.insert(args.end(), extra.begin(), extra.end());
  args.insert(args.end(), {"-c", "-o", out});
  return compile(dir, "k.cl", source, args);
}

ToolRun run(std::vector<std::string> args) {
  args.insert(args.begin(), {GCNKIT_BINARY, "run"});
  return difftest::runTool(args);
}

bool contains(const std::string &text, const std::string &part) {
  return text.find(part) != std::string::npos;
}

// ---- OpenCL objects, HIP bundles and host objects, assembly -------------------------------

constexpr const char *kSaxpy = R"(
__kernel void saxpy(__global float *y, __global const float *x, float a, int n) {
  int i = __builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() +
          __builtin_amdgcn_workitem_id_x();
  if (i < n)
    y[i] = __builtin_fmaf(a, x[i], y[i]);
}
)";

struct SaxpyData {
  std::vector<float> x, y;
  explicit SaxpyData(int n) {
    for (int i = 0; i < n; ++i) {
      x.push_back(static_cast<float>(i) * 0.37f - 11.0f);
      y.push_back(1.0f / static_cast<float>(i + 3));
    }
  }
  std::vector<float> expected(float a) const {
    std::vector<float> r;
    for (size_t i = 0; i < x.size(); ++i)
      r.push_back(std::fma(a, x[i], y[i]));
    return r;
  }
};

void expectSameBits(const std::vector<float> &got, const std::vector<float> &want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i)
    ASSERT_EQ(std::memcmp(&got[i], &want[i], 4), 0)
        << "element " << i << ": " << got[i] << " vs " << want[i];
}

TEST(RunCli, OpenClObjectWithPartialGroups) {
  TempDir dir;
  ASSERT_TRUE(compileOpenCL(dir, kSaxpy, dir / "saxpy.o"));
  const int n = 1000;
  SaxpyData d(n);
  writeFile(dir / "x.bin", bytesOf(d.x));
  writeFile(dir / "y.bin", bytesOf(d.y));
  ToolRun r = run({dir / "saxpy.o", "--kernel", "saxpy", "--grid", "1000", "--block", "64", "--arg",
                   "@" + (dir / "y.bin"), "--arg", "@" + (dir / "x.bin"), "--arg", "f32:2.5",
                   "--arg", "i32:1000", "--save", "0=" + (dir / "out.bin")});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "");
  expectSameBits(valuesOf<float>(readFile(dir / "out.bin")), d.expected(2.5f));
  // The input file is not modified; only --save writes.
  EXPECT_EQ(readFile(dir / "y.bin"), bytesOf(d.y));
}

TEST(RunCli, ThreeDimensionalGridAndThreads) {
  TempDir dir;
  ASSERT_TRUE(compileOpenCL(dir, R"(
__kernel void ids(__global uint *out, uint w, uint h) {
  uint x = __builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() +
           __builtin_amdgcn_workitem_id_x();
  uint y = __builtin_amdgcn_workgroup_id_y() * __builtin_amdgcn_workgroup_size_y() +
           __builtin_amdgcn_workitem_id_y();
  uint z = __builtin_amdgcn_workgroup_id_z() * __builtin_amdgcn_workgroup_size_z() +
           __builtin_amdgcn_workitem_id_z();
  out[(z * h + y) * w + x] = x | y << 8 | z << 16;
}
)",
                            dir / "ids.o"));
  const uint32_t w = 13, h = 7, depth = 3;
  ToolRun r = run({dir / "ids.o", "--grid", "13,7,3", "--block", "4,4,2", "--threads", "2", "--arg",
                   "zeros:" + std::to_string(w * h * depth * 4), "--arg", "u32:13", "--arg",
                   "u32:7", "--save", "0=" + (dir / "out.bin")});
  ASSERT_EQ(r.status, 0) << r.err;
  std::vector<uint32_t> out = valuesOf<uint32_t>(readFile(dir / "out.bin"));
  ASSERT_EQ(out.size(), w * h * depth);
  for (uint32_t z = 0; z < depth; ++z)
    for (uint32_t y = 0; y < h; ++y)
      for (uint32_t x = 0; x < w; ++x)
        ASSERT_EQ(out[(z * h + y) * w + x], x | y << 8 | z << 16) << x << "," << y << "," << z;
}

// HIP without headers: the attributes and the launch function clang looks for on the host side.
constexpr const char *kHipScale = R"(
#define __global__ __attribute__((global))
#define __host__ __attribute__((host))
struct dim3 { unsigned x, y, z; };
typedef struct ihipStream_t *hipStream_t;
extern "C" __host__ int hipLaunchKernel(const void *f, dim3 g, dim3 b, void **args,
                                        unsigned long shm, hipStream_t s);
__global__ void scale(float *v, float k, int n) {
  int i = __builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() +
          __builtin_amdgcn_workitem_id_x();
  if (i < n)
    v[i] = __builtin_fmaf(v[i], k, 1.0f);
}
__global__ void scale(double *v, double k, int n) {}
__global__ void other(int *p) { *p = 1; }
)";

std::vector<std::string> hipFlags(bool deviceOnly, const std::string &out) {
  std::vector<std::string> f{"-x",  "hip", "-nogpuinc", "-nogpulib", "--offload-arch=gfx1100",
                             "-O2", "-c",  "-o",        out};
  if (deviceOnly)
    f.insert(f.begin(), "--cuda-device-only");
  return f;
}

void expectScaleRuns(const TempDir &dir, const std::string &object, const std::string &kernel) {
  const int n = 300;
  std::vector<float> v;
  for (int i = 0; i < n; ++i)
    v.push_back(static_cast<float>(i) / 7.0f);
  writeFile(dir / "v.bin", bytesOf(v));
  ToolRun r = run({object, "--kernel", kernel, "--grid", "300", "--block", "128", "--arg",
                   "@" + (dir / "v.bin"), "--arg", "f32:-0.75", "--arg", "i32:300", "--save",
                   "0=" + (dir / "out.bin")});
  ASSERT_EQ(r.status, 0) << r.err;
  std::vector<float> want;
  for (float x : v)
    want.push_back(std::fma(x, -0.75f, 1.0f));
  expectSameBits(valuesOf<float>(readFile(dir / "out.bin")), want);
}

TEST(RunCli, HipOffloadBundle) {
  TempDir dir;
  ASSERT_TRUE(compile(dir, "k.hip", kHipScale, hipFlags(true, dir / "k.o")));
  ASSERT_EQ(readFile(dir / "k.o").substr(0, 24), runtime::kBundleMagic);
  expectScaleRuns(dir, dir / "k.o", "_Z5scalePffi"); // the symbol itself
  // The unmangled name is ambiguous (two overloads); a unique one is found.
  ToolRun r = run({dir / "k.o", "--kernel", "scale", "--grid", "1", "--block", "1"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "gcnkit run: error: --kernel scale is ambiguous: _Z5scalePddi _Z5scalePffi\n");
  r = run({dir / "k.o", "--kernel", "other", "--grid", "1", "--block", "1", "--arg", "zeros:4",
           "--save", "0=" + (dir / "o.bin")});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(valuesOf<int>(readFile(dir / "o.bin")), std::vector<int>{1});
  // Without --kernel, a file with several kernels lists them.
  r = run({dir / "k.o", "--grid", "1", "--block", "1"});
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "the code object has 3 kernels; choose one with --kernel: "))
      << r.err;
  r = run({dir / "k.o", "--kernel", "nope", "--grid", "1", "--block", "1"});
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "no kernel named 'nope'; the code object has: _Z5other")) << r.err;
}

TEST(RunCli, HipHostObjectWithFatbinSection) {
  TempDir dir;
  ASSERT_TRUE(compile(dir, "k.hip", kHipScale, hipFlags(false, dir / "host.o")));
  ASSERT_EQ(readFile(dir / "host.o").substr(0, 4), "\x7f"
                                                   "ELF");
  expectScaleRuns(dir, dir / "host.o", "_Z5scalePffi");
}

TEST(RunCli, AssemblyFromClangWave32AndWave64) {
  for (const char *wave : {"", "-mwavefrontsize64"}) {
    TempDir dir;
    std::vector<std::string> args{
        "-x",  "cl", "-target", "amdgcn-amd-amdhsa", "-mcpu=gfx1100", "-nogpulib",
        "-O2", "-S", "-o",      dir / "saxpy.s"};
    if (*wave)
      args.push_back(wave);
    ASSERT_TRUE(compile(dir, "k.cl", kSaxpy, args));
    const int n = 200;
    SaxpyData d(n);
    writeFile(dir / "x.bin", bytesOf(d.x));
    writeFile(dir / "y.bin", bytesOf(d.y));
    ToolRun r = run({dir / "saxpy.s", "--grid", "200", "--block", "96", "--arg",
                     "@" + (dir / "y.bin"), "--arg", "@" + (dir / "x.bin"), "--arg", "f32:-3",
                     "--arg", "i32:200", "--save", "0=" + (dir / "out.bin")});
    ASSERT_EQ(r.status, 0) << wave << r.err;
    expectSameBits(valuesOf<float>(readFile(dir / "out.bin")), d.expected(-3.0f));
  }
}

TEST(RunCli, AssemblerErrorsAsTheAssemblerPrintsThem) {
  TempDir dir;
  writeFile(dir / "bad.s", "  s_mov_b32 s0, s1\n  v_bogus v0\n");
  ToolRun r = run({dir / "bad.s", "--grid", "1", "--block", "1"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, dir / "bad.s" + ":2:3: error: invalid instruction\n  v_bogus v0\n  ^\n" +
                       "gcnkit run: error: " + (dir / "bad.s") + ": assembly failed\n");
}

// ---- argument specs ----------------------------------------------------------------------

// Stores each by-value argument at a fixed offset of `out`, so the bytes that arrived can be
// compared with the bytes meant.
constexpr const char *kSpecKernel = R"(
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void spec(__global uchar *out, char a, uchar b, short c, ushort d, int e, uint f,
                   long g, ulong h, half i, float j, double k, float4 v4, int3 i3, short2 s2,
                   char16 c16, double2 d2, uchar8 u8, half2 h2, ulong4 u4) {
  __global uchar *p = out;
  *(__global char *)(p + 0) = a;
  *(__global uchar *)(p + 1) = b;
  *(__global short *)(p + 2) = c;
  *(__global ushort *)(p + 4) = d;
  *(__global int *)(p + 8) = e;
  *(__global uint *)(p + 12) = f;
  *(__global long *)(p + 16) = g;
  *(__global ulong *)(p + 24) = h;
  *(__global half *)(p + 32) = i;
  *(__global float *)(p + 36) = j;
  *(__global double *)(p + 40) = k;
  *(__global float4 *)(p + 48) = v4;
  *(__global int *)(p + 64) = i3.x;
  *(__global int *)(p + 68) = i3.y;
  *(__global int *)(p + 72) = i3.z;
  *(__global short2 *)(p + 80) = s2;
  *(__global char16 *)(p + 96) = c16;
  *(__global double2 *)(p + 112) = d2;
  *(__global uchar8 *)(p + 128) = u8;
  *(__global half2 *)(p + 136) = h2;
  *(__global ulong4 *)(p + 160) = u4;
}
)";

template <class T> void put(std::string &buf, size_t at, T v) {
  std::memcpy(buf.data() + at, &v, sizeof v);
}

TEST(RunCli, EverySpecTypeArrivesBitExactly) {
  TempDir dir;
  ASSERT_TRUE(compileOpenCL(dir, kSpecKernel, dir / "spec.o"));
  ToolRun r = run({dir / "spec.o",
                   "--grid",
                   "1",
                   "--block",
                   "1",
                   "--arg",
                   "zeros:192",
                   "--arg",
                   "i8:-128",
                   "--arg",
                   "u8:255",
                   "--arg",
                   "i16:-32768",
                   "--arg",
                   "u16:0xffff",
                   "--arg",
                   "i32:-2147483648",
                   "--arg",
                   "u32:4294967295",
                   "--arg",
                   "i64:-9223372036854775808",
                   "--arg",
                   "u64:0xfedcba9876543210",
                   "--arg",
                   "f16:0.1",
                   "--arg",
                   "f32:-1.5e-40",
                   "--arg",
                   "f64:0x1.123456789abcdp-1000",
                   "--arg",
                   "f32x4:1,-2.5,inf,-nan",
                   "--arg",
                   "i32x3:1,-1,0x7fffffff",
                   "--arg",
                   "i16x2:-1,+2",
                   "--arg",
                   "i8x16:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,-1",
                   "--arg",
                   "f64x2:1e308,-0",
                   "--arg",
                   "u8x8:1,2,3,4,5,6,7,0xff",
                   "--arg",
                   "f16x2:65504,-6e-8",
                   "--arg",
                   "u64x4:1,2,3,18446744073709551615",
                   "--save",
                   "0=" + (dir / "out.bin")});
  ASSERT_EQ(r.status, 0) << r.err;
  std::string want(192, '\0');
  put<int8_t>(want, 0, -128);
  put<uint8_t>(want, 1, 255);
  put<int16_t>(want, 2, -32768);
  put<uint16_t>(want, 4, 0xffff);
  put<int32_t>(want, 8, INT32_MIN);
  put<uint32_t>(want, 12, 0xffffffffu);
  put<int64_t>(want, 16, INT64_MIN);
  put<uint64_t>(want, 24, 0xfedcba9876543210ull);
  put<uint16_t>(want, 32, 0x2e66); // 0.1 rounded to nearest even half
  put<float>(want, 36, -1.5e-40f); // a denormal, kept
  put<double>(want, 40, 0x1.123456789abcdp-1000);
  put<float>(want, 48, 1.0f);
  put<float>(want, 52, -2.5f);
  put<uint32_t>(want, 56, 0x7f800000u);
  put<uint32_t>(want, 60, 0xffc00000u); // -nan: the sign and the quiet bit
  put<int32_t>(want, 64, 1);
  put<int32_t>(want, 68, -1);
  put<int32_t>(want, 72, 0x7fffffff);
  put<int16_t>(want, 80, -1);
  put<int16_t>(want, 82, 2);
  for (int i = 0; i < 15; ++i)
    put<int8_t>(want, 96 + i, static_cast<int8_t>(i));
  put<int8_t>(want, 111, -1);
  put<double>(want, 112, 1e308);
  put<uint64_t>(want, 120, 0x8000000000000000ull);
  for (int i = 0; i < 7; ++i)
    put<uint8_t>(want, 128 + i, static_cast<uint8_t>(i + 1));
  put<uint8_t>(want, 135, 0xff);
  put<uint16_t>(want, 136, 0x7bff); // 65504, the largest half
  put<uint16_t>(want, 138, 0x8001); // -6e-8 rounds to the smallest denormal, -2^-24
  put<uint64_t>(want, 160, 1);
  put<uint64_t>(want, 168, 2);
  put<uint64_t>(want, 176, 3);
  put<uint64_t>(want, 184, ~uint64_t{0});
  const std::string got = readFile(dir / "out.bin");
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i)
    EXPECT_EQ(static_cast<int>(static_cast<uint8_t>(got[i])),
              static_cast<int>(static_cast<uint8_t>(want[i])))
        << "byte " << i;
}

TEST(RunCli, LdsArgumentsGetAlignedOffsetsAfterStaticLds) {
  TempDir dir;
  // 400 bytes of static LDS, then a 100-byte __local uint block and a __local uint4 block
  // (pointee alignment 16: offset 512).
  ASSERT_TRUE(compileOpenCL(dir, R"(
__kernel void lds(__global uint *out, __local uint *a, __local uint4 *b, uint n) {
  __local uint fixed[100];
  uint t = __builtin_amdgcn_workitem_id_x();
  fixed[t] = t;
  a[t] = t * 3;
  b[t] = (uint4)(t, t, t, 7);
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
  out[t] = a[n - 1 - t] + b[n - 1 - t].w + fixed[n - 1 - t];
  if (t == 0) {
    out[n] = (uint)(ulong)a;
    out[n + 1] = (uint)(ulong)b;
  }
}
)",
                            dir / "lds.o"));
  ToolRun r =
      run({dir / "lds.o", "--grid", "25", "--block", "25", "--arg", "zeros:108", "--arg", "lds:100",
           "--arg", "lds:400", "--arg", "u32:25", "--save", "0=" + (dir / "out.bin")});
  ASSERT_EQ(r.status, 0) << r.err;
  std::vector<uint32_t> out = valuesOf<uint32_t>(readFile(dir / "out.bin"));
  ASSERT_EQ(out.size(), 27u);
  for (uint32_t t = 0; t < 25; ++t)
    EXPECT_EQ(out[t], (24 - t) * 3 + 7 + (24 - t)) << t;
  EXPECT_EQ(out[25], 400u);
  EXPECT_EQ(out[26], 512u);
  // More LDS than a work-group has.
  r = run({dir / "lds.o", "--grid", "25", "--block", "25", "--arg", "zeros:108", "--arg", "lds:100",
           "--arg", "lds:65100", "--arg", "u32:25"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "gcnkit run: error: --arg 2 (lds:65100): the work-group's LDS would need "
                   "65612 bytes; it has 65536\n");
}

TEST(RunCli, MetadataMismatchesAreNamed) {
  TempDir dir;
  ASSERT_TRUE(compileOpenCL(dir, R"(
__kernel void k(__global float *y, __local int *l, float a, uint n, long w, float4 v) {
  y[0] = a + n + w + v.x + l[0];
}
)",
                            dir / "k.o", {"-cl-kernel-arg-info"}));
  const std::vector<std::string> good{"zeros:4", "lds:4", "f32:1",
                                      "u32:2",   "i64:3", "f32x4:1,2,3,4"};
  auto runWith = [&](size_t index, const std::string &spec) {
    std::vector<std::string> args{dir / "k.o", "--grid", "1", "--block", "1"};
    for (size_t i = 0; i < good.size(); ++i)
      args.insert(args.end(), {"--arg", i == index ? spec : good[i]});
    return run(args);
  };
  EXPECT_EQ(runWith(99, "").status, 0);
  const std::string prefix = "gcnkit run: error: ";
  struct Case {
    size_t index;
    std::string spec, message;
  };
  const Case cases[] = {
      {3, "f32:1.5",
       "--arg 3 (f32:1.5): kernel 'k' argument 3 'n' is a 4-byte by-value uint; "
       "f32 does not match"},
      {3, "i64:2",
       "--arg 3 (i64:2): kernel 'k' argument 3 'n' is a 4-byte by-value uint; i64 "
       "is 8 bytes"},
      {3, "i16x2:1,2",
       "--arg 3 (i16x2:1,2): kernel 'k' argument 3 'n' is a 4-byte by-value "
       "uint; i16x2 does not match"},
      {2, "@/dev/null",
       "--arg 2 (@/dev/null): kernel 'k' argument 2 'a' is a 4-byte by-value "
       "float, not a buffer"},
      {0, "f32:1",
       "--arg 0 (f32:1): kernel 'k' argument 0 'y' is a buffer pointer (float*); "
       "give it @FILE or zeros:BYTES"},
      {0, "lds:16",
       "--arg 0 (lds:16): kernel 'k' argument 0 'y' is a buffer pointer (float*), "
       "not a pointer to dynamic LDS"},
      {1, "zeros:16",
       "--arg 1 (zeros:16): kernel 'k' argument 1 'l' is a __local pointer to "
       "dynamic LDS (int*); give it lds:BYTES"},
      {1, "u32:0",
       "--arg 1 (u32:0): kernel 'k' argument 1 'l' is a __local pointer to "
       "dynamic LDS (int*); give it lds:BYTES"},
      {5, "f32x3:1,2,3",
       "--arg 5 (f32x3:1,2,3): kernel 'k' argument 5 'v' is a 16-byte "
       "by-value float4; f32x3 does not match"},
      {5, "f64x2:1,2",
       "--arg 5 (f64x2:1,2): kernel 'k' argument 5 'v' is a 16-byte by-value "
       "float4; f64x2 does not match"},
  };
  for (const Case &c : cases) {
    ToolRun r = runWith(c.index, c.spec);
    EXPECT_EQ(r.status, 2) << c.spec;
    EXPECT_EQ(r.err, prefix + c.message + "\n") << c.spec;
  }
  // Too few arguments: the message lists what the kernel takes.
  ToolRun r = run({dir / "k.o", "--grid", "1", "--block", "1", "--arg", "zeros:4"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, prefix + "kernel 'k' takes 6 arguments, 1 --arg given\n"
                            "  argument 0 'y' is a buffer pointer (float*)\n"
                            "  argument 1 'l' is a __local pointer to dynamic LDS (int*)\n"
                            "  argument 2 'a' is a 4-byte by-value float\n"
                            "  argument 3 'n' is a 4-byte by-value uint\n"
                            "  argument 4 'w' is an 8-byte by-value long\n"
                            "  argument 5 'v' is a 16-byte by-value float4\n");
}

TEST(RunCli, MalformedSpecsAndValuesOutOfRange) {
  const std::pair<std::string, std::string> cases[] = {
      {"f33:1", "unknown type 'f33' (i8 i16 i32 i64 u8 u16 u32 u64 f16 f32 f64, vectors like "
                "f32x4)"},
      {"i8:200", "'200' is out of range for i8 (-128..127)"},
      {"i8:-129", "'-129' is out of range for i8 (-128..127)"},
      {"u8:-1", "'-1' is out of range for u8 (0..255)"},
      {"u16:0x10000", "'0x10000' is out of range for u16 (0..65535)"},
      {"i64:9223372036854775808", "'9223372036854775808' is out of range for i64 "
                                  "(-9223372036854775808..9223372036854775807)"},
      {"u64:18446744073709551616", "'18446744073709551616' is out of range for u64"},
      {"i32:12abc", "'12abc' is not an integer"},
      {"f16:65520", "'65520' is out of range for f16 (largest finite 65504)"},
      {"f32:1e39", "'1e39' is out of range for f32"},
      {"f64:1e309", "'1e309' is out of range for f64"},
      {"f32:0x3fc00000", "'0x3fc00000' is not a number (decimal, hex float 0x1.8p1, inf, nan)"},
      {"f32:one", "'one' is not a number (decimal, hex float 0x1.8p1, inf, nan)"},
      {"i32x3:1,2", "i32x3 needs 3 values, 2 given"},
      {"i32x5:1,2,3,4,5", "vector length '5' is not 2, 3, 4, 8 or 16"},
      {"zeros:lots", "'lots' is not a byte count"},
      {"@", "'@' needs a file name"},
      {"17", "expected @PATH, zeros:BYTES, lds:BYTES, bytes:HEX or TYPE:VALUE"},
  };
  for (const auto &[spec, message] : cases) {
    ToolRun r = run({"/nonexistent.o", "--grid", "1", "--block", "1", "--arg", spec});
    EXPECT_EQ(r.status, 2) << spec;
    EXPECT_TRUE(contains(r.err, "gcnkit run: error: --arg 0 (" + spec + "): " + message))
        << spec << ": " << r.err;
  }
}

TEST(RunCli, OptionErrors) {
  TempDir dir;
  ASSERT_TRUE(compileOpenCL(dir, kSaxpy, dir / "saxpy.o"));
  const std::string o = dir / "saxpy.o";
  const std::vector<std::string> args4{"--arg", "zeros:4", "--arg", "zeros:4",
                                       "--arg", "f32:1",   "--arg", "i32:1"};
  auto withArgs = [&](std::vector<std::string> a) {
    a.insert(a.end(), args4.begin(), args4.end());
    return run(a);
  };
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const Case cases[] = {
      {{o, "--block", "1"}, "--grid and --block are required"},
      {{o, "--grid", "0", "--block", "1"}, "--grid 0: expected X[,Y,Z], each at least 1"},
      {{o, "--grid", "1,2,3,4", "--block", "1"}, "--grid 1,2,3,4: expected X[,Y,Z]"},
      {{o, "--grid", "1", "--block", "x"}, "--block x: expected X[,Y,Z]"},
      {{o, "--grid", "1", "--block", "2048"},
       "work-group size must be 1..1024 work-items with no zero dimension"},
      {{o, "--grid", "1", "--block", "1", "--lds", "70000"}, "--lds 70000: expected a byte count"},
      {{o, "--grid", "1", "--block", "1", "--threads", "0"}, "--threads 0: expected 1..1024"},
      {{o, "--grid", "1", "--block", "1", "--max-instructions", "-5"},
       "--max-instructions -5: expected a positive count"},
      {{o, "--grid", "1", "--block", "1", "--save", "2=x"},
       "--save 2=x: argument 2 is not a buffer or an image (@PATH, zeros:, image*:)"},
      {{o, "--grid", "1", "--block", "1", "--save", "9=x"},
       "--save 9=x: argument 9 does not exist"},
      {{o, "--grid", "1", "--block", "1", "--save", "x"}, "--save x: expected N=PATH"},
      {{o, "--grid", "1", "--block", "1", "--bogus"}, "unknown option '--bogus'"},
      {{"--grid", "1", "--block", "1"}, "no input file"},
  };
  for (const Case &c : cases) {
    ToolRun r = withArgs(c.args);
    EXPECT_EQ(r.status, 2) << c.message;
    EXPECT_TRUE(contains(r.err, "gcnkit run: error: " + c.message)) << r.err;
  }
  ToolRun help = run({"--help"});
  EXPECT_EQ(help.status, 0);
  EXPECT_TRUE(contains(help.out, "--grid counts WORK-ITEMS per dimension"));
}

// ---- faults, the instruction limit, tracing ------------------------------------------------

TEST(RunCli, FaultReportAndExitStatus) {
  TempDir dir;
  ASSERT_TRUE(compileOpenCL(dir, R"(
__kernel void oob(__global uint *out) {
  uint i = __builtin_amdgcn_workgroup_id_x() * 64 + __builtin_amdgcn_workitem_id_x();
  out[i] = i;
}
)",
                            dir / "oob.o"));
  // 100 work-items write 4 bytes each into a 300-byte buffer: lane 11 of workgroup 1 is the
  // first outside it (work-item 75, byte 300).
  ToolRun r = run({dir / "oob.o", "--grid", "100", "--block", "64", "--arg", "zeros:300", "--save",
                   "0=" + (dir / "out.bin")});
  EXPECT_EQ(r.status, 3);
  EXPECT_TRUE(contains(r.err, "gcnkit run: error: kernel oob: memory violation: write of 4 bytes "
                              "at 0x"))
      << r.err;
  EXPECT_TRUE(contains(r.err, " is outside every allocation; workgroup (1,0,0) wave 0 lane 11, "
                              "pc 0x"))
      << r.err;
  EXPECT_TRUE(contains(r.err, "global_store_b32")) << r.err;
  EXPECT_FALSE(fs::exists(dir / "out.bin")); // nothing saved from a faulted run
}

constexpr const char *kEndless = R"(
  .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
  .text
  .globl spin
  .p2align 8
  .type spin,@function
spin:
  s_mov_b32 s0, 0
.Lloop:
  s_add_u32 s0, s0, 1
  s_branch .Lloop
  .rodata
  .p2align 6
  .amdhsa_kernel spin
    .amdhsa_next_free_vgpr 1
    .amdhsa_next_free_sgpr 1
  .end_amdhsa_kernel
)";

TEST(RunCli, EndlessLoopStopsAtMaxInstructions) {
  TempDir dir;
  writeFile(dir / "spin.s", kEndless);
  ToolRun r = run({dir / "spin.s", "--grid", "1", "--block", "1", "--max-instructions", "1000"});
  EXPECT_EQ(r.status, 3);
  EXPECT_TRUE(contains(r.err, "gcnkit run: error: kernel spin: instruction limit reached: a wave "
                              "executed more than 1000 instructions (endless loop?); workgroup "
                              "(0,0,0) wave 0, pc 0x"))
      << r.err;
}

// A hand-written kernel without metadata: SGPR, VGPR (per lane and uniform), VCC, SCC and EXEC
// changes, a partial second workgroup.
constexpr const char *kTraceKernel = R"(
  .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
  .text
  .globl tiny
  .p2align 8
  .type tiny,@function
tiny:
  s_load_b32 s2, s[0:1], 0x0
  s_waitcnt lgkmcnt(0)
  v_add_nc_u32 v1, s2, v0
  v_cmp_gt_u32 vcc_lo, 2, v0
  v_cndmask_b32 v2, 0, v1, vcc_lo
  s_and_b32 s3, s2, 1
  s_mov_b32 exec_lo, 1
  v_mov_b32 v1, 7
  s_endpgm
  .rodata
  .p2align 6
  .amdhsa_kernel tiny
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .amdhsa_kernarg_size 4
    .amdhsa_next_free_vgpr 3
    .amdhsa_next_free_sgpr 4
  .end_amdhsa_kernel
)";

constexpr const char *kTraceExpected =
    R"(wg (0,0,0) wave 0 +0x0000 exec 0x0000000f  s_load_b32 s2, s[0:1], null
    s2 = 0x5
wg (0,0,0) wave 0 +0x000c exec 0x0000000f  v_add_nc_u32_e32 v1, s2, v0
    v1 = [0]=0x5 [1]=0x6 [2]=0x7 [3]=0x8
wg (0,0,0) wave 0 +0x0010 exec 0x0000000f  v_cmp_gt_u32_e32 vcc_lo, 2, v0
    vcc_lo = 0x3
wg (0,0,0) wave 0 +0x0014 exec 0x0000000f  v_cndmask_b32_e32 v2, 0, v1, vcc_lo
    v2 = [0]=0x5 [1]=0x6 [2]=0x0 [3]=0x0
wg (0,0,0) wave 0 +0x0018 exec 0x0000000f  s_and_b32 s3, s2, 1
    s3 = 0x1
    scc = 1
wg (0,0,0) wave 0 +0x001c exec 0x0000000f  s_mov_b32 exec_lo, 1
    exec_lo = 0x1
wg (0,0,0) wave 0 +0x0020 exec 0x00000001  v_mov_b32_e32 v1, 7
    v1 = 0x7 (all active lanes)
wg (0,0,0) wave 0 +0x0024 exec 0x00000001  s_endpgm
wg (1,0,0) wave 0 +0x0000 exec 0x00000003  s_load_b32 s2, s[0:1], null
    s2 = 0x5
wg (1,0,0) wave 0 +0x000c exec 0x00000003  v_add_nc_u32_e32 v1, s2, v0
    v1 = [0]=0x5 [1]=0x6
wg (1,0,0) wave 0 +0x0010 exec 0x00000003  v_cmp_gt_u32_e32 vcc_lo, 2, v0
    vcc_lo = 0x3
wg (1,0,0) wave 0 +0x0014 exec 0x00000003  v_cndmask_b32_e32 v2, 0, v1, vcc_lo
    v2 = [0]=0x5 [1]=0x6
wg (1,0,0) wave 0 +0x0018 exec 0x00000003  s_and_b32 s3, s2, 1
    s3 = 0x1
    scc = 1
wg (1,0,0) wave 0 +0x001c exec 0x00000003  s_mov_b32 exec_lo, 1
    exec_lo = 0x1
wg (1,0,0) wave 0 +0x0020 exec 0x00000001  v_mov_b32_e32 v1, 7
    v1 = 0x7 (all active lanes)
wg (1,0,0) wave 0 +0x0024 exec 0x00000001  s_endpgm
)";

TEST(RunCli, TraceOfASmallKernel) {
  TempDir dir;
  writeFile(dir / "tiny.s", kTraceKernel);
  ToolRun r = run({dir / "tiny.s", "--grid", "6", "--block", "4", "--arg", "u32:5", "--trace",
                   "--threads", "2"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, kTraceExpected);
}

TEST(RunCli, TraceThroughTheApiMatchesTheCli) {
  TempDir dir;
  writeFile(dir / "tiny.s", kTraceKernel);
  ToolRun assembled =
      difftest::runTool({GCNKIT_BINARY, "asm", "-triple=amdgcn-amd-amdhsa", "-mcpu=gfx1100",
                         "-filetype=obj", "-o", dir / "tiny.o", dir / "tiny.s"});
  ASSERT_EQ(assembled.status, 0) << assembled.err;
  runtime::Device dev;
  std::string error;
  auto module = runtime::Module::loadFile(dev, dir / "tiny.o", error);
  ASSERT_TRUE(module) << error;
  runtime::LaunchOptions options;
  std::string trace;
  options.trace = [&](std::string_view text) { trace += text; };
  runtime::LaunchConfig config;
  config.grid = {6, 1, 1};
  config.block = {4, 1, 1};
  auto r = runtime::launch(dev, *module, "tiny", config, runtime::KernelArgs().add(uint32_t{5}),
                           options);
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(trace, kTraceExpected);
}

TEST(RunCli, TraceReportsTheFaultingInstruction) {
  TempDir dir;
  writeFile(dir / "spin.s", kEndless);
  ToolRun r =
      run({dir / "spin.s", "--grid", "1", "--block", "1", "--max-instructions", "3", "--trace"});
  EXPECT_EQ(r.status, 3);
  EXPECT_EQ(r.out, "wg (0,0,0) wave 0 +0x0000 exec 0x00000001  s_mov_b32 s0, 0\n"
                   "wg (0,0,0) wave 0 +0x0004 exec 0x00000001  s_add_u32 s0, s0, 1\n"
                   "    s0 = 0x1\n"
                   "wg (0,0,0) wave 0 +0x0008 exec 0x00000001  s_branch 65534\n"
                   "wg (0,0,0) wave 0 +0x0004 exec 0x00000001  s_add_u32 s0, s0, 1\n"
                   "    s0 = 0x2\n"
                   "    fault: instruction limit reached\n");
}

// ---- gfx908: several processors in one bundle, code object v4, AccVGPRs in the trace -----

// HIP compiled for both processors: the bundle holds a gfx1100 and a gfx908 entry (the gfx908
// one with target features in its id).
TEST(RunCli, BundleWithSeveralProcessorsRunsTheChosenOne) {
  TempDir dir;
  for (bool deviceOnly : {true, false}) {
    std::vector<std::string> flags = hipFlags(deviceOnly, dir / "k.o");
    flags.push_back("--offload-arch=gfx908:xnack-");
    ASSERT_TRUE(compile(dir, "k.hip", kHipScale, flags));
    ToolRun r = run({dir / "k.o", "--kernel", "_Z5scalePffi", "--grid", "1", "--block", "1"});
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_TRUE(contains(r.err, "gfx1100")) << r.err;
    EXPECT_TRUE(contains(r.err, "gfx908")) << r.err;
    EXPECT_TRUE(contains(r.err, "--mcpu")) << r.err;
    for (const std::string mcpu : {"gfx1100", "gfx908"}) {
      SCOPED_TRACE(mcpu + (deviceOnly ? " bundle" : " host object"));
      const int n = 300;
      std::vector<float> v;
      for (int i = 0; i < n; ++i)
        v.push_back(static_cast<float>(i) / 7.0f);
      writeFile(dir / "v.bin", bytesOf(v));
      r = run({dir / "k.o", "--mcpu", mcpu, "--kernel", "_Z5scalePffi", "--grid", "300", "--block",
               "128", "--arg", "@" + (dir / "v.bin"), "--arg", "f32:-0.75", "--arg", "i32:300",
               "--save", "0=" + (dir / "out.bin")});
      ASSERT_EQ(r.status, 0) << r.err;
      std::vector<float> want;
      for (float x : v)
        want.push_back(std::fma(x, -0.75f, 1.0f));
      expectSameBits(valuesOf<float>(readFile(dir / "out.bin")), want);
      // The API picks the same entry.
      runtime::Device dev;
      std::string error;
      runtime::LoadOptions options;
      options.target = mcpu == "gfx908" ? isa::Target::GFX908 : isa::Target::GFX1100;
      auto module = runtime::Module::loadFile(dev, dir / "k.o", error, options);
      ASSERT_TRUE(module) << error;
      EXPECT_EQ(module->target(), *options.target);
    }
    ToolRun bad = run({dir / "k.o", "--mcpu", "gfx90a", "--grid", "1", "--block", "1"});
    EXPECT_NE(bad.status, 0);
    EXPECT_TRUE(contains(bad.err, "gfx90a")) << bad.err;
  }
}

// Code object v4 has no hidden group sizes: the kernel reads the work-group and grid sizes from
// the AQL dispatch packet (dispatch_ptr), which the runtime fills as a HSA runtime does.
TEST(RunCli, CodeObjectV4ReadsSizesFromTheDispatchPacket) {
  constexpr const char *kPacket = R"(
__kernel void sizes(__global uint *out) {
  __constant ushort *p16 = (__constant ushort *)__builtin_amdgcn_dispatch_ptr();
  __constant uint *p32 = (__constant uint *)p16;
  uint x = __builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() +
           __builtin_amdgcn_workitem_id_x();
  uint y = __builtin_amdgcn_workgroup_id_y() * __builtin_amdgcn_workgroup_size_y() +
           __builtin_amdgcn_workitem_id_y();
  uint gx = p32[3], gy = p32[4], gz = p32[5];
  if (x < gx && y < gy)
    out[y * gx + x] = p16[1] | p16[2] << 4 | p16[3] << 12 | p16[4] << 20 | gz << 28;
}
)";
  TempDir dir;
  for (const std::string mcpu : {"gfx908", "gfx1100"}) {
    for (const std::string version : {"4", "5"}) {
      SCOPED_TRACE(mcpu + " v" + version);
      std::vector<std::string> args{"-x",
                                    "cl",
                                    "-target",
                                    "amdgcn-amd-amdhsa",
                                    "-mcpu=" + mcpu,
                                    "-nogpulib",
                                    "-O2",
                                    "-mcode-object-version=" + version,
                                    "-c",
                                    "-o",
                                    dir / "k.o"};
      ASSERT_TRUE(compile(dir, "k.cl", kPacket, args));
      const unsigned gx = 50, gy = 7;
      ToolRun r = run({dir / "k.o", "--grid", "50,7", "--block", "16,4", "--arg",
                       "zeros:" + std::to_string(gx * gy * 4), "--save", "0=" + (dir / "o.bin")});
      ASSERT_EQ(r.status, 0) << r.err;
      // The packet's setup (2 dimensions), workgroup_size_x/y/z and grid_size_z.
      const std::vector<uint32_t> got = valuesOf<uint32_t>(readFile(dir / "o.bin"));
      ASSERT_EQ(got.size(), gx * gy);
      for (unsigned i = 0; i < got.size(); ++i)
        ASSERT_EQ(got[i], 2u | 16u << 4 | 4u << 12 | 1u << 20 | 1u << 28) << "work-item " << i;
    }
  }
}

// AccVGPR changes appear in the trace as a<N>.
TEST(RunCli, TraceShowsAccVgprs) {
  TempDir dir;
  writeFile(dir / "acc.s", R"(.amdgcn_target "amdgcn-amd-amdhsa--gfx908"
.text
.globl acc
.p2align 8
.type acc,@function
acc:
  v_mov_b32 v1, 5
  v_accvgpr_write_b32 a2, v1
  v_accvgpr_read_b32 v0, a2
  s_endpgm
.rodata
.p2align 6
.amdhsa_kernel acc
  .amdhsa_next_free_vgpr 8
  .amdhsa_next_free_sgpr 8
.end_amdhsa_kernel
)");
  ToolRun r = run({dir / "acc.s", "--grid", "64", "--block", "64", "--trace"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "v_accvgpr_write_b32 a2, v1\n    a2 = 0x5 (all active lanes)\n"))
      << r.out;
  EXPECT_TRUE(contains(r.out, "v_accvgpr_read_b32 v0, a2\n    v0 = 0x5 (all active lanes)\n"))
      << r.out;
}

// ---- containers --------------------------------------------------------------------------

TEST(RunCli, BadContainersGiveClearErrors) {
  TempDir dir;
  ASSERT_TRUE(compile(dir, "k.hip", kHipScale, hipFlags(true, dir / "k.o")));
  const std::string bundle = readFile(dir / "k.o");
  auto runFile = [&](const std::string &name, const std::string &bytes) {
    writeFile(dir / name, bytes);
    return run({dir / name, "--grid", "1", "--block", "1"});
  };
  auto expectLoadError = [&](const std::string &name, const std::string &bytes,
                             const std::string &message) {
    ToolRun r = runFile(name, bytes);
    EXPECT_EQ(r.status, 1) << name;
    EXPECT_EQ(r.err, "gcnkit run: error: " + (dir / name) + ": " + message + "\n") << name;
  };
  expectLoadError("short.o", bundle.substr(0, 60),
                  "offload bundle: entry count 2 does not fit in the 60-byte bundle (byte offset "
                  "0x18)");
  expectLoadError("count.o", bundle.substr(0, 30),
                  "offload bundle: truncated before the entry count (byte offset 0x18)");
  // Entry 1's size made huge.
  std::string huge = bundle;
  const size_t entry1 = 32 + 24 + 27; // after entry 0 (the 27-byte host triple)
  put<uint64_t>(huge, entry1 + 8, uint64_t{1} << 40);
  expectLoadError("huge.o", huge,
                  "offload bundle: entry 1 (hipv4-amdgcn-amd-amdhsa--gfx1100) data at 0x1000, "
                  "1099511627776 bytes, runs past the end of the " +
                      std::to_string(bundle.size()) + "-byte bundle (byte offset 0x53)");
  std::string longName = bundle;
  put<uint64_t>(longName, entry1 + 16, uint64_t{1} << 62);
  expectLoadError("name.o", longName,
                  "offload bundle: entry 1 target name (4611686018427387904 bytes) runs past the "
                  "end of the bundle (byte offset 0x63)");
  std::string otherGpu = bundle;
  otherGpu.replace(otherGpu.find("gfx1100"), 7, "gfx1030");
  expectLoadError("gfx1030.o", otherGpu,
                  "no code object for a supported processor (gfx1100, gfx908) in the offload "
                  "container; targets found: host-x86_64-unknown-linux--, "
                  "hipv4-amdgcn-amd-amdhsa--gfx1030");
  // The code object inside is cut short: the ELF loader says why.
  std::string cut = bundle;
  put<uint64_t>(cut, entry1 + 8, 100);
  ToolRun r = runFile("cut.o", cut);
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(contains(r.err, "past the end of the file")) << r.err;
  // A truncated AMDGPU ELF.
  ASSERT_TRUE(compileOpenCL(dir, kSaxpy, dir / "saxpy.o"));
  r = runFile("trunc.o", readFile(dir / "saxpy.o").substr(0, 100));
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(contains(r.err, "section header table offset")) << r.err;
  // A compressed bundle whose data is corrupt, and one cut short.
  std::vector<std::string> compressed = hipFlags(true, dir / "ccob.o");
  compressed.push_back("--offload-compress");
  ASSERT_TRUE(compile(dir, "k.hip", kHipScale, compressed));
  std::string ccob = readFile(dir / "ccob.o");
  std::string corrupt = ccob;
  for (size_t i = 40; i < corrupt.size(); i += 7)
    corrupt[i] = static_cast<char>(corrupt[i] ^ 0x5a);
  r = runFile("corrupt-ccob.o", corrupt);
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(contains(r.err, ": compressed offload bundle: zstd: ")) << r.err;
  expectLoadError("short-ccob.o", ccob.substr(0, 100),
                  "compressed offload bundle: file size " + std::to_string(ccob.size()) +
                      " does not fit the 100 bytes there (byte offset 0x8)");
  // A host object without device code.
  ASSERT_TRUE(compile(dir, "c.c", "int f(void) { return 1; }\n", {"-c", "-o", dir / "c.o"}));
  r = run({dir / "c.o", "--grid", "1", "--block", "1"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "gcnkit run: error: " + (dir / "c.o") +
                       ": host ELF (e_machine 62) has no .hip_fatbin or .llvm.offloading section: "
                       "it carries no HIP device code\n");
  r = run({dir / "missing.o", "--grid", "1", "--block", "1"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "gcnkit run: error: " + (dir / "missing.o") + ": No such file or directory\n");
}

TEST(OffloadBundle, RandomCorruptionNeverCrashes) {
  TempDir dir;
  ASSERT_TRUE(compile(dir, "k.hip", kHipScale, hipFlags(true, dir / "k.o")));
  const std::string original = readFile(dir / "k.o");
  uint32_t seed = 12345;
  auto next = [&] {
    seed = seed * 1664525u + 1013904223u;
    return seed >> 8;
  };
  for (int round = 0; round < 300; ++round) {
    std::string bytes = original;
    // Corrupt the header area mostly (that is what the bundle reader parses).
    for (int k = 0; k < 4; ++k) {
      const size_t at = next() % (round % 2 ? 160 : bytes.size());
      bytes[at] = static_cast<char>(next());
    }
    if (round % 7 == 0)
      bytes.resize(next() % bytes.size());
    std::string error;
    auto span = std::span(reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size());
    auto object = runtime::findCodeObject(span, std::nullopt, error);
    if (object) {
      EXPECT_GE(object->bytes.data(), span.data());
      EXPECT_LE(object->bytes.data() + object->bytes.size(), span.data() + span.size());
    } else {
      EXPECT_FALSE(error.empty());
    }
    runtime::Device dev({1, 1000});
    auto m = runtime::Module::load(dev, span, error);
    (void)m;
  }
}

// A struct passed by value: `bytes:HEX` gives its bytes in memory order; the size must be the
// argument's.
TEST(RunCli, StructByValueAsBytes) {
  TempDir dir;
  ASSERT_TRUE(compileOpenCL(dir, R"(
typedef struct { int a; float b; short c; } S;
kernel void k(global float *out, S s) { out[0] = s.a * s.b + s.c; })",
                            dir / "k.o"));
  writeFile(dir / "out.bin", std::string(4, '\0'));
  // a = 3, b = 2.5f (0x40200000), c = -2, padding.
  ToolRun r = run({dir / "k.o", "--grid", "1", "--block", "1", "--arg", "@" + (dir / "out.bin"),
                   "--arg", "bytes:030000000000 2040feff0000", "--save", "0=" + (dir / "out.bin")});
  EXPECT_EQ(r.status, 2); // a blank is no hex digit
  EXPECT_TRUE(contains(r.err, "is not an even number of hex digits")) << r.err;
  r = run({dir / "k.o", "--grid", "1", "--block", "1", "--arg", "@" + (dir / "out.bin"), "--arg",
           "bytes:0300000000002040feff0000", "--save", "0=" + (dir / "out.bin")});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(valuesOf<float>(readFile(dir / "out.bin")), std::vector<float>{5.5f});
  r = run({dir / "k.o", "--grid", "1", "--block", "1", "--arg", "@" + (dir / "out.bin"), "--arg",
           "bytes:0300000000002040"});
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "is a 12-byte by-value S; 8 bytes given")) << r.err;
}

TEST(OffloadBundle, EntryNames) {
  using isa::Target;
  EXPECT_EQ(runtime::entryTarget("hipv4-amdgcn-amd-amdhsa--gfx1100"), Target::GFX1100);
  EXPECT_EQ(runtime::entryTarget("hip-amdgcn-amd-amdhsa--gfx1100"), Target::GFX1100);
  EXPECT_EQ(runtime::entryTarget("openmp-amdgcn-amd-amdhsa--gfx1100"), Target::GFX1100);
  EXPECT_EQ(runtime::entryTarget("hipv4-amdgcn-amd-amdhsa-unknown-gfx1100:xnack-"),
            Target::GFX1100);
  EXPECT_EQ(runtime::entryTarget("hipv4-amdgcn-amd-amdhsa--gfx908:sramecc+:xnack-"),
            Target::GFX908);
  EXPECT_EQ(runtime::entryTarget("hipv4-amdgcn-amd-amdhsa--gfx1101"), std::nullopt);
  EXPECT_EQ(runtime::entryTarget("host-x86_64-unknown-linux--"), std::nullopt);
  EXPECT_EQ(runtime::entryTarget("cuda-nvptx64-nvidia-cuda--sm_80"), std::nullopt);
  EXPECT_EQ(runtime::entryTarget("hipv4-amdgcn-amd-amdpal--gfx1100"), std::nullopt);
}

// clang's compressed bundles (--offload-compress: CCOB, zstd), as a device-only bundle and
// inside a host object's .hip_fatbin, run like the uncompressed ones.
TEST(RunCli, CompressedOffloadBundles) {
  TempDir dir;
  std::vector<std::string> device = hipFlags(true, dir / "ccob.o");
  device.push_back("--offload-compress");
  ASSERT_TRUE(compile(dir, "k.hip", kHipScale, device));
  ASSERT_EQ(readFile(dir / "ccob.o").substr(0, 4), "CCOB");
  expectScaleRuns(dir, dir / "ccob.o", "_Z5scalePffi");
  std::vector<std::string> host = hipFlags(false, dir / "host.o");
  host.push_back("--offload-compress");
  ASSERT_TRUE(compile(dir, "k.hip", kHipScale, host));
  expectScaleRuns(dir, dir / "host.o", "_Z5scalePffi");
}

// The new offload driver's format: an offload binary holding a code object runs (built here
// around a clang-19 object, as clang-linker-wrapper embeds them); the relocatable objects clang
// writes with --offload-new-driver -fgpu-rdc hold LLVM bitcode, which gets a clear error.
TEST(RunCli, NewOffloadDriverFormat) {
  TempDir dir;
  ASSERT_TRUE(compile(dir, "k.hip", kHipScale, hipFlags(true, dir / "k.bundle")));
  std::string error;
  const std::string bundle = readFile(dir / "k.bundle");
  auto code = runtime::findCodeObject(
      std::span(reinterpret_cast<const uint8_t *>(bundle.data()), bundle.size()),
      isa::Target::GFX1100, error);
  ASSERT_TRUE(code) << error;
  const std::string elf(reinterpret_cast<const char *>(code->bytes.data()), code->bytes.size());
  // OffloadBinary: header (magic, version 1, size, entry offset 32, entry size 48), entry
  // (image kind 1 = object, offload kind 3 = HIP, flags, string table at 80, 2 strings, image),
  // strings ("triple", "arch" and their values), the image 8-aligned.
  std::string strings;
  std::vector<std::pair<uint64_t, uint64_t>> table;
  const uint64_t stringsAt = 80 + 2 * 16;
  for (auto [k, v] :
       {std::pair<std::string, std::string>{"triple", "amdgcn-amd-amdhsa"}, {"arch", "gfx1100"}}) {
    const uint64_t key = stringsAt + strings.size();
    strings += k + '\0';
    table.emplace_back(key, stringsAt + strings.size());
    strings += v + '\0';
  }
  const uint64_t imageAt = (stringsAt + strings.size() + 7) & ~uint64_t{7};
  std::string bin(imageAt, '\0');
  bin += elf;
  bin.replace(0, 4, "\x10\xff\x10\xad");
  put<uint32_t>(bin, 4, 1);
  put<uint64_t>(bin, 8, bin.size());
  put<uint64_t>(bin, 16, 32);
  put<uint64_t>(bin, 24, 48);
  put<uint16_t>(bin, 32, 1);
  put<uint16_t>(bin, 34, 3);
  put<uint64_t>(bin, 40, 80);
  put<uint64_t>(bin, 48, 2);
  put<uint64_t>(bin, 56, imageAt);
  put<uint64_t>(bin, 64, elf.size());
  for (size_t i = 0; i < table.size(); ++i) {
    put<uint64_t>(bin, 80 + 16 * i, table[i].first);
    put<uint64_t>(bin, 88 + 16 * i, table[i].second);
  }
  bin.replace(stringsAt, strings.size(), strings);
  writeFile(dir / "k.offload", bin);
  expectScaleRuns(dir, dir / "k.offload", "_Z5scalePffi");
  // Relocatable device code from the new driver: bitcode.
  std::vector<std::string> rdc = hipFlags(false, dir / "rdc.o");
  rdc.insert(rdc.begin(), {"--offload-new-driver", "-fgpu-rdc"});
  ASSERT_TRUE(compile(dir, "k.hip", kHipScale, rdc));
  ToolRun r = run({dir / "rdc.o", "--grid", "1", "--block", "1"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "gcnkit run: error: " + (dir / "rdc.o") +
                       ": the gfx1100 image in the offload binary is LLVM bitcode (relocatable "
                       "device code, -fgpu-rdc): it needs linking first; build without "
                       "-fgpu-rdc or load the linked program\n");
}

// ---- f16 conversion ----------------------------------------------------------------------

double halfValue(uint16_t h) {
  const int exponent = (h >> 10) & 31, mantissa = h & 1023;
  const double magnitude =
      exponent == 0 ? std::ldexp(mantissa, -24) : std::ldexp(1024 + mantissa, exponent - 25);
  return h & 0x8000 ? -magnitude : magnitude;
}

// The exact decimal expansion of a double whose value has at most 40 fractional bits.
std::string exactDecimal(double v) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "%.40f", v);
  return buf;
}

// The decimal 10^-40 below an exact expansion written by exactDecimal (positive values).
std::string justBelow(std::string s) {
  for (size_t i = s.size(); i-- > 0;) {
    if (s[i] == '.')
      continue;
    if (s[i] == '0') {
      s[i] = '9';
      continue;
    }
    --s[i];
    break;
  }
  return s;
}

TEST(HalfConversion, EveryHalfMidpointAndNeighbour) {
  for (uint32_t h = 0; h < 0x7c00; ++h) {
    const double v = halfValue(static_cast<uint16_t>(h));
    char text[64];
    std::snprintf(text, sizeof text, "%.17g", v);
    ASSERT_EQ(tools::parseHalf(text), h) << text;
    std::snprintf(text, sizeof text, "%.17g", -v);
    ASSERT_EQ(tools::parseHalf(text), h | 0x8000) << text;
    // Between h and h + 1: the exact midpoint rounds to the even one; a hair above or below
    // it rounds away from / towards h although the hair is far below double precision (a
    // conversion through double alone gets these wrong).
    const uint16_t above = static_cast<uint16_t>(h + 1);
    const std::string mid = exactDecimal((v + halfValue(above)) / 2);
    const uint16_t even = (h & 1) ? above : static_cast<uint16_t>(h);
    if (above == 0x7c00) {
      EXPECT_EQ(tools::parseHalf(mid), std::nullopt) << mid; // 65520 rounds to infinity
      EXPECT_EQ(tools::parseHalf(justBelow(mid)), 0x7bff) << mid;
      continue;
    }
    ASSERT_EQ(tools::parseHalf(mid), even) << mid;
    ASSERT_EQ(tools::parseHalf(mid + "1"), above) << mid;
    ASSERT_EQ(tools::parseHalf(justBelow(mid)), h) << mid;
    ASSERT_EQ(tools::parseHalf("-" + mid + "1"), above | 0x8000) << mid;
    ASSERT_EQ(tools::parseHalf("-" + justBelow(mid)), h | 0x8000) << mid;
  }
  EXPECT_EQ(tools::parseHalf("inf"), 0x7c00);
  EXPECT_EQ(tools::parseHalf("-infinity"), 0xfc00);
  EXPECT_EQ(tools::parseHalf("nan"), 0x7e00);
  EXPECT_EQ(tools::parseHalf("-0"), 0x8000);
  EXPECT_EQ(tools::parseHalf("1e-30"), 0x0000); // underflows to zero, sign kept
  EXPECT_EQ(tools::parseHalf("-1e-30"), 0x8000);
  EXPECT_EQ(tools::parseHalf("0x1.8p1"), 0x4200);
  EXPECT_EQ(tools::parseHalf("1e6"), std::nullopt);
  EXPECT_EQ(tools::parseHalf("x"), std::nullopt);
}

// ---- image and sampler arguments ----------------------------------------------------------------

// Kernels using examples/opencl_images.h for the image built-ins (compiled without the device
// libraries).
std::vector<std::string> imageFlags() {
  return {"-cl-std=CL2.0", "-include",
          std::string(GCNKIT_SOURCE_DIR) + "/examples/opencl_images.h"};
}

constexpr const char *kImageKernels = R"(
__kernel void invert(read_only image2d_t src, write_only image2d_t dst, sampler_t s) {
  int x = __builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() +
          __builtin_amdgcn_workitem_id_x();
  int y = __builtin_amdgcn_workitem_id_y();
  float4 v = read_imagef(src, s, (float2)(x + 0.5f, y + 0.5f));
  write_imagef(dst, (int2)(x, y), (float4)(1.0f) - v);
}
__kernel void add3d(read_only image3d_t src, write_only image3d_t dst) {
  int4 c = (int4)(__builtin_amdgcn_workitem_id_x(), __builtin_amdgcn_workitem_id_y(),
                  __builtin_amdgcn_workitem_id_z(), 0);
  write_imagei(dst, c, read_imagei(src, c) + (int4)(1, 2, 3, 4));
}
__kernel void scale1da(read_only image1d_array_t src, write_only image1d_array_t dst) {
  int2 c = (int2)(__builtin_amdgcn_workitem_id_x(), __builtin_amdgcn_workitem_id_y());
  write_imagef(dst, c, read_imagef(src, c) * 2.0f);
}
__kernel void negbuf(read_only image1d_buffer_t src, write_only image1d_buffer_t dst) {
  int x = __builtin_amdgcn_workitem_id_x();
  write_imagef(dst, x, -read_imagef(src, x));
}
__kernel void sizes(read_only image2d_array_t a, __global int *o) {
  o[0] = get_image_width(a); o[1] = get_image_height(a); o[2] = (int)get_image_array_size(a);
}
__kernel void buf(__global int *o) { o[0] = 1; }
)";

TEST(RunCli, ImageAndSamplerArgumentsWithSave) {
  TempDir dir;
  ASSERT_TRUE(compileOpenCL(dir, kImageKernels, dir / "k.o", imageFlags()));
  std::string texels;
  for (int i = 0; i < 6 * 4 * 4; ++i)
    texels += static_cast<char>(i * 7 + 3);
  writeFile(dir / "in.bin", texels);
  ToolRun r = run({dir / "k.o", "--kernel", "invert", "--grid", "6,4", "--block", "2,4", "--arg",
                   "image2d:6,4,rgba_unorm8,@" + (dir / "in.bin"), "--arg",
                   "image2d:6,4,rgba_unorm8", "--arg", "sampler:unnormalized,clamp_to_edge,nearest",
                   "--save", "1=" + (dir / "out.bin")});
  ASSERT_EQ(r.status, 0) << r.err;
  std::string want;
  for (char c : texels) // 1 - b / 255, stored as unorm8: 255 - b
    want += static_cast<char>(255 - static_cast<uint8_t>(c));
  EXPECT_EQ(readFile(dir / "out.bin"), want);

  // image3d with signed 16-bit RG texels: (x, y) + (1, 2); the image is saved as stored.
  std::vector<int16_t> v3(3 * 2 * 2 * 2);
  for (size_t i = 0; i < v3.size(); ++i)
    v3[i] = static_cast<int16_t>(i * 1000 - 9000);
  writeFile(dir / "v3.bin", bytesOf(v3));
  r = run({dir / "k.o", "--kernel", "add3d", "--grid", "3,2,2", "--block", "3,2,2", "--arg",
           "image3d:3,2,2,rg_sint16,@" + (dir / "v3.bin"), "--arg", "image3d:3,2,2,rg_sint16",
           "--save", "1=" + (dir / "o3.bin")});
  ASSERT_EQ(r.status, 0) << r.err;
  std::vector<int16_t> w3 = v3;
  for (size_t i = 0; i < w3.size(); ++i)
    w3[i] = static_cast<int16_t>(w3[i] + (i % 2 ? 2 : 1));
  EXPECT_EQ(valuesOf<int16_t>(readFile(dir / "o3.bin")), w3);

  // image1d_array of floats, 3 layers; image1d_buffer of R floats.
  std::vector<float> f(5 * 3);
  for (size_t i = 0; i < f.size(); ++i)
    f[i] = static_cast<float>(i) * 0.25f - 1.0f;
  writeFile(dir / "f.bin", bytesOf(f));
  r = run({dir / "k.o", "--kernel", "scale1da", "--grid", "5,3", "--block", "5,3", "--arg",
           "image1d_array:5,3,r_float,@" + (dir / "f.bin"), "--arg", "image1d_array:5,3,r_float",
           "--save", "1=" + (dir / "of.bin")});
  ASSERT_EQ(r.status, 0) << r.err;
  std::vector<float> wf = f;
  for (float &x : wf)
    x *= 2.0f;
  expectSameBits(valuesOf<float>(readFile(dir / "of.bin")), wf);
  r = run({dir / "k.o", "--kernel", "negbuf", "--grid", "15", "--block", "15", "--arg",
           "image1d_buffer:15,r_float,@" + (dir / "f.bin"), "--arg", "image1d_buffer:15,r_float",
           "--save", "1=" + (dir / "ob.bin")});
  ASSERT_EQ(r.status, 0) << r.err;
  std::vector<float> wb = f;
  for (float &x : wb)
    x = -x;
  expectSameBits(valuesOf<float>(readFile(dir / "ob.bin")), wb);

  r = run({dir / "k.o", "--kernel", "sizes", "--grid", "1", "--block", "1", "--arg",
           "image2d_array:7,9,11,bgra_unorm8", "--arg", "zeros:12", "--save",
           "1=" + (dir / "s.bin")});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(valuesOf<int32_t>(readFile(dir / "s.bin")), (std::vector<int32_t>{7, 9, 11}));
}

TEST(RunCli, ImageSpecErrors) {
  const std::pair<std::string, std::string> malformed[] = {
      {"image2d:4,rgba_unorm8", "expected image2d:W,H,FORMAT[,@FILE]"},
      {"image2d:4,4,rgb_unorm8", "unknown image format 'rgb_unorm8' (ORDER_TYPE: orders r rg "
                                 "rgba bgra"},
      {"image2d:0,4,r_float", "'0' is not a size 1..16384"},
      {"image2d:20000,4,r_float", "'20000' is not a size 1..16384"},
      {"image3d:4,4,9000,r_float", "'9000' is not a size 1..8192"},
      {"image1d:4,r_float,@", "'@' needs a file name"},
      {"image2d_array:4,4,r_float", "expected image2d_array:W,H,N,FORMAT[,@FILE]"},
      {"sampler:normalized,clamp", "expected sampler:COORDS,ADDRESS,FILTER"},
      {"sampler:normalized,wrap,linear", "unknown sampler property 'wrap'"},
      {"sampler:normalized,clamp,nearest,linear", "sampler property 'linear' repeats a setting"},
      {"sampler:unnormalized,repeat,linear", "repeat and mirrored_repeat need normalized "
                                             "coordinates"},
  };
  for (const auto &[spec, message] : malformed) {
    ToolRun r = run({"/nonexistent.o", "--grid", "1", "--block", "1", "--arg", spec});
    EXPECT_EQ(r.status, 2) << spec;
    EXPECT_TRUE(contains(r.err, "gcnkit run: error: --arg 0 (" + spec + "): " + message))
        << spec << ": " << r.err;
  }
  TempDir dir;
  ASSERT_TRUE(compileOpenCL(dir, kImageKernels, dir / "k.o", imageFlags()));
  writeFile(dir / "small.bin", std::string(10, '\0'));
  struct Case {
    std::string kernel;
    std::vector<std::string> args;
    std::string message;
  };
  const std::string sampler = "sampler:normalized,clamp,linear";
  const Case cases[] = {
      {"invert",
       {"image3d:2,2,2,r_float", "image2d:2,2,r_float", sampler},
       "--arg 0 (image3d:2,2,2,r_float): kernel 'invert' argument 0 is an image (image2d_t); "
       "image3d does not match"},
      {"invert",
       {"zeros:64", "image2d:2,2,r_float", sampler},
       "kernel 'invert' argument 0 is an image (image2d_t); give it image2d:SIZES,FORMAT[,@FILE]"},
      {"invert",
       {"image2d:2,2,r_float", "image2d:2,2,r_float", "f32:1"},
       "argument 2 is a sampler (sampler_t); give it sampler:COORDS,ADDRESS,FILTER"},
      {"invert",
       {sampler, "image2d:2,2,r_float", sampler},
       "--arg 0 (" + sampler +
           "): kernel 'invert' argument 0 is an image (image2d_t), not a "
           "sampler"},
      {"buf", {"image2d:2,2,r_float"}, "argument 0 is a buffer pointer (int*), not an image"},
      {"invert",
       {"image2d:2,2,r_float,@" + (dir / "small.bin"), "image2d:2,2,r_float", sampler},
       "small.bin holds 10 bytes; the image has 16 (4 per texel)"},
  };
  for (const Case &c : cases) {
    std::vector<std::string> args{dir / "k.o", "--kernel", c.kernel, "--grid", "1", "--block", "1"};
    for (const std::string &a : c.args)
      args.insert(args.end(), {"--arg", a});
    ToolRun r = run(args);
    EXPECT_EQ(r.status, 2) << c.message;
    EXPECT_TRUE(contains(r.err, c.message)) << r.err;
  }
  ToolRun r = run({dir / "k.o", "--kernel", "invert", "--grid", "1", "--block", "1", "--arg",
                   "image2d:2,2,r_float", "--arg", "image2d:2,2,r_float", "--arg", sampler,
                   "--save", "2=" + (dir / "x.bin")});
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "argument 2 is not a buffer or an image")) << r.err;
}

} // namespace
} // namespace gcnkit
