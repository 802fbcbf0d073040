// Real clang-19 OpenCL kernels run on the emulator in wave32 and wave64, compared bit for bit
// with a host reference computed here.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <random>

#include "emu_kernel_util.h"

namespace gcnkit::emutest {
namespace {

using runtime::Device;
using runtime::KernelArgs;
using runtime::LaunchConfig;

class EmuKernels : public ::testing::TestWithParam<unsigned> {
protected:
  unsigned wave() const { return GetParam(); }
  Device dev;
};

std::vector<float> randomFloats(size_t n, uint32_t seed, float lo, float hi) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(lo, hi);
  std::vector<float> v(n);
  for (float &x : v)
    x = d(rng);
  return v;
}

uint32_t bitsOf(float f) { return std::bit_cast<uint32_t>(f); }

TEST_P(EmuKernels, VectorAddF32) {
  auto m = buildModule(dev, R"(
__kernel void vadd(__global const float *a, __global const float *b, __global float *c, int n) {
  int i = get_global_id(0);
  if (i < n) c[i] = a[i] + b[i];
})",
                       wave());
  ASSERT_TRUE(m);
  const int n = 1000; // not a multiple of the block: the last group is partial
  auto a = randomFloats(n, 1, -100, 100), b = randomFloats(n, 2, -100, 100);
  const uint64_t da = upload(dev, a), db = upload(dev, b), dc = dev.alloc(n * 4);
  auto r = runtime::launch(dev, *m, "vadd", LaunchConfig{{n, 1, 1}, {256, 1, 1}},
                           KernelArgs().add(da).add(db).add(dc).add(n));
  ASSERT_TRUE(r.ok()) << r.error;
  auto c = download<float>(dev, dc, n);
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(bitsOf(c[i]), bitsOf(a[i] + b[i])) << "i=" << i;
  EXPECT_EQ(r.waves, (1024u / wave()));
}

TEST_P(EmuKernels, Saxpy) {
  auto m = buildModule(dev, R"(
__kernel void saxpy(float alpha, __global const float *x, __global float *y, int n) {
  int i = get_global_id(0);
  if (i < n) y[i] = alpha * x[i] + y[i];
})",
                       wave());
  ASSERT_TRUE(m);
  const int n = 4096;
  const float alpha = 1.7f;
  auto x = randomFloats(n, 3, -10, 10), y = randomFloats(n, 4, -10, 10);
  const uint64_t dx = upload(dev, x), dy = upload(dev, y);
  auto r = runtime::launch(dev, *m, "saxpy", LaunchConfig{{n, 1, 1}, {128, 1, 1}},
                           KernelArgs().add(alpha).add(dx).add(dy).add(n));
  ASSERT_TRUE(r.ok()) << r.error;
  auto out = download<float>(dev, dy, n);
  for (int i = 0; i < n; ++i) // OpenCL contracts a * b + c into one fma
    ASSERT_EQ(bitsOf(out[i]), bitsOf(std::fma(alpha, x[i], y[i]))) << "i=" << i;
}

TEST_P(EmuKernels, IntegerLoop) {
  auto m = buildModule(dev, R"(
__kernel void intloop(__global const int *a, __global int *out, int iters) {
  int i = get_global_id(0);
  int v = a[i];
  uint acc = 0;
  for (int k = 0; k < iters; ++k) {
    acc = acc * 31u + (uint)(v ^ k);
    v = (v << 1) | ((uint)v >> 31);
    if ((uint)v % 7u == 3u) acc += (uint)v / 5u;
  }
  // (no device libraries: mul_hi, clz, popcount, min and max spelled out)
  uint uv = (uint)v;
  out[i] = (int)(acc + (uint)(((ulong)uv * 0x9e3779b9ul) >> 32) + (uint)(v >> 3) +
                 (uv ? __builtin_clz(uv) : 32) + __builtin_popcount(acc) + (v < -v ? v : -v) +
                 (uv > 77u ? uv : 77u));
})",
                       wave());
  ASSERT_TRUE(m);
  const int n = 640;
  std::vector<int32_t> a(n);
  std::mt19937 rng(5);
  for (int32_t &x : a)
    x = static_cast<int32_t>(rng());
  const int iters = 37;
  const uint64_t da = upload(dev, a), dout = dev.alloc(n * 4);
  auto r = runtime::launch(dev, *m, "intloop", LaunchConfig{{n, 1, 1}, {64, 1, 1}},
                           KernelArgs().add(da).add(dout).add(iters));
  ASSERT_TRUE(r.ok()) << r.error;
  auto out = download<int32_t>(dev, dout, n);
  for (int i = 0; i < n; ++i) {
    uint32_t v = static_cast<uint32_t>(a[i]), acc = 0;
    for (int k = 0; k < iters; ++k) {
      acc = acc * 31u + (v ^ static_cast<uint32_t>(k));
      v = (v << 1) | (v >> 31);
      if (v % 7u == 3u)
        acc += v / 5u;
    }
    const int32_t sv = static_cast<int32_t>(v);
    const uint32_t expect =
        acc + static_cast<uint32_t>((uint64_t{v} * 0x9e3779b9u) >> 32) +
        static_cast<uint32_t>(sv >> 3) + static_cast<uint32_t>(std::countl_zero(v)) +
        static_cast<uint32_t>(std::popcount(acc)) +
        static_cast<uint32_t>(std::min(sv, static_cast<int32_t>(0u - v))) + std::max(v, 77u);
    ASSERT_EQ(static_cast<uint32_t>(out[i]), expect) << "i=" << i;
  }
}

TEST_P(EmuKernels, IfElseDivergence) {
  auto m = buildModule(dev, R"(
__kernel void diverge(__global const float *a, __global float *out) {
  int i = get_global_id(0);
  float x = a[i];
  if (x > 0.5f) out[i] = x * 3.0f - 1.0f;
  else out[i] = fmax(x, -0.25f) + (float)i;
})",
                       wave());
  ASSERT_TRUE(m);
  const int n = 512;
  auto a = randomFloats(n, 6, -1, 2);
  const uint64_t da = upload(dev, a), dout = dev.alloc(n * 4);
  auto r = runtime::launch(dev, *m, "diverge", LaunchConfig{{n, 1, 1}, {64, 1, 1}},
                           KernelArgs().add(da).add(dout));
  ASSERT_TRUE(r.ok()) << r.error;
  auto out = download<float>(dev, dout, n);
  for (int i = 0; i < n; ++i) {
    const float x = a[i];
    const float expect =
        x > 0.5f ? std::fma(x, 3.0f, -1.0f) : std::fmax(x, -0.25f) + static_cast<float>(i);
    ASSERT_EQ(bitsOf(out[i]), bitsOf(expect)) << "i=" << i << " x=" << x;
  }
}

// A 2-D grid whose size is not a multiple of the work-group in either dimension. OpenCL 2.0
// allows non-uniform groups, so the kernel reads the partial group's size from the hidden
// block-count and remainder arguments (OpenCL 1.2 lets the compiler assume full groups).
TEST_P(EmuKernels, Grid2DPartialGroups) {
  auto m = buildModule(dev, R"(
__kernel void grid2d(__global int *out, int w, int h) {
  int x = get_global_id(0), y = get_global_id(1);
  if (x < w && y < h)
    out[y * w + x] = x * 1000 + y + get_local_id(0) * 7 + get_group_id(1) * 100000 +
                     get_local_size(0) * 10000000 + get_local_size(1) * 1000000000;
})",
                       wave(), "-cl-std=CL2.0");
  ASSERT_TRUE(m);
  const int w = 37, h = 23;
  const uint32_t bx = 8, by = 4;
  const uint64_t dout = dev.alloc(w * h * 4);
  auto r = runtime::launch(dev, *m, "grid2d", LaunchConfig{{w, h, 1}, {bx, by, 1}},
                           KernelArgs().add(dout).add(w).add(h));
  ASSERT_TRUE(r.ok()) << r.error;
  auto out = download<int32_t>(dev, dout, w * h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const uint32_t gx = x / bx, gy = y / by;
      const uint32_t lsx = std::min<uint32_t>(bx, w - gx * bx);
      const uint32_t lsy = std::min<uint32_t>(by, h - gy * by);
      const uint32_t expect =
          x * 1000u + y + (x % bx) * 7u + gy * 100000u + lsx * 10000000u + lsy * 1000000000u;
      ASSERT_EQ(static_cast<uint32_t>(out[y * w + x]), expect) << "x=" << x << " y=" << y;
    }
}

// Waves of one work-group exchange data through global memory across s_barrier: every
// work-item reads what the mirror work-item (in another wave) stored before the barrier.
TEST_P(EmuKernels, BarrierOrdersWavesOfAGroup) {
  auto m = buildModule(dev, R"(
__kernel void exchange(__global int *buf, __global int *out) {
  uint l = get_local_id(0), g = get_group_id(0), n = get_local_size(0);
  buf[g * n + l] = (int)(l * l + g);
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
  out[g * n + l] = buf[g * n + (n - 1 - l)];
})",
                       wave());
  ASSERT_TRUE(m);
  const uint32_t block = 256, groups = 6, n = block * groups;
  const uint64_t buf = dev.alloc(n * 4), out = dev.alloc(n * 4);
  auto r = runtime::launch(dev, *m, "exchange", LaunchConfig{{n, 1, 1}, {block, 1, 1}},
                           KernelArgs().add(buf).add(out));
  ASSERT_TRUE(r.ok()) << r.error;
  auto o = download<int32_t>(dev, out, n);
  for (uint32_t g = 0; g < groups; ++g)
    for (uint32_t l = 0; l < block; ++l) {
      const uint32_t mirror = block - 1 - l;
      ASSERT_EQ(static_cast<uint32_t>(o[g * block + l]), mirror * mirror + g)
          << "g=" << g << " l=" << l;
    }
}

// f64 arithmetic (fma, max, negated source) and the integer division / remainder expansion
// (v_rcp_iflag_f32, v_cvt_u32_f32, mul_hi corrections, VOPD v_cndmask pairs in wave32).
TEST_P(EmuKernels, DoubleMathAndIntegerDivision) {
  auto m = buildModule(dev, R"(
__kernel void f64k(__global const double *a, __global double *out, __global const uint *u,
                   __global uint *q) {
  uint i = get_global_id(0);
  double x = a[i];
  out[i] = x * 1.5 + (double)(int)i - fmax(x, 0.25);
  q[i] = u[i] / (i + 3u) + u[i] % 7u;
})",
                       wave());
  ASSERT_TRUE(m);
  const uint32_t n = 300;
  std::mt19937_64 rng(9);
  std::uniform_real_distribution<double> d(-4, 4);
  std::vector<double> a(n);
  std::vector<uint32_t> u(n);
  for (uint32_t i = 0; i < n; ++i) {
    a[i] = d(rng);
    u[i] = static_cast<uint32_t>(rng());
  }
  const uint64_t da = upload(dev, a), du = upload(dev, u);
  const uint64_t dout = dev.alloc(n * 8), dq = dev.alloc(n * 4);
  auto r = runtime::launch(dev, *m, "f64k", LaunchConfig{{n, 1, 1}, {64, 1, 1}},
                           KernelArgs().add(da).add(dout).add(du).add(dq));
  ASSERT_TRUE(r.ok()) << r.error;
  auto out = download<double>(dev, dout, n);
  auto q = download<uint32_t>(dev, dq, n);
  for (uint32_t i = 0; i < n; ++i) {
    const double expect = std::fma(a[i], 1.5, static_cast<double>(i)) - std::fmax(a[i], 0.25);
    ASSERT_EQ(std::bit_cast<uint64_t>(out[i]), std::bit_cast<uint64_t>(expect)) << "i=" << i;
    ASSERT_EQ(q[i], u[i] / (i + 3u) + u[i] % 7u) << "i=" << i << " u=" << u[i];
  }
}

// Work-item and work-group ids in all three dimensions, with partial groups in each.
TEST_P(EmuKernels, Grid3DIds) {
  auto m = buildModule(dev, R"(
__kernel void ids(__global uint *out, uint w, uint h) {
  uint x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
  out[(z * h + y) * w + x] = get_local_id(0) | get_local_id(1) << 4 | get_local_id(2) << 8 |
                             get_group_id(0) << 12 | get_group_id(1) << 16 |
                             get_group_id(2) << 20 | get_local_size(2) << 24;
})",
                       wave(), "-cl-std=CL2.0");
  ASSERT_TRUE(m);
  const uint32_t w = 7, h = 5, d = 6;
  const runtime::Dim3 block{4, 2, 4};
  const uint64_t out = dev.alloc(w * h * d * 4);
  auto r = runtime::launch(dev, *m, "ids", LaunchConfig{{w, h, d}, block},
                           KernelArgs().add(out).add(w).add(h));
  ASSERT_TRUE(r.ok()) << r.error;
  auto o = download<uint32_t>(dev, out, w * h * d);
  for (uint32_t z = 0; z < d; ++z)
    for (uint32_t y = 0; y < h; ++y)
      for (uint32_t x = 0; x < w; ++x) {
        const uint32_t lsz = std::min(block.z, d - z / block.z * block.z);
        const uint32_t expect = (x % block.x) | (y % block.y) << 4 | (z % block.z) << 8 |
                                (x / block.x) << 12 | (y / block.y) << 16 | (z / block.z) << 20 |
                                lsz << 24;
        ASSERT_EQ(o[(z * h + y) * w + x], expect) << x << "," << y << "," << z;
      }
}

// 64-bit integer math on uniform values (the scalar unit: s_mul_hi, carries, s_cselect...) and
// per lane (v_mad_u64_u32 chains, 64-bit compares), including the 64-bit division expansion.
TEST_P(EmuKernels, Int64ScalarAndVector) {
  auto m = buildModule(dev, R"(
__kernel void scalar64(__global ulong *out, ulong a, ulong b, uint s, int t) {
  uint i = get_local_id(0);
  ulong r;
  switch (i) {
  case 0: r = a * b; break;
  case 1: r = a / (b | 1); break;
  case 2: r = a % (b | 1); break;
  case 3: r = (a << (s & 63)) ^ (b >> (s & 31)); break;
  case 4: r = (ulong)((long)a >> (s & 63)); break;
  case 5: r = a > b ? a - b : b - a; break;
  case 6: r = (ulong)(long)(t < -5 ? t * 3 : t / 3); break;
  default: r = (a & 0xFFFF0000FFFFul) | ((b >> 7) & 0x1234); break;
  }
  out[i] = r + i;
}
__kernel void vector64(__global const ulong *in, __global ulong *out) {
  uint i = get_local_id(0);
  ulong x = in[i], y = in[(i + 1) & 63];
  out[i] = x * y + x / ((y & 0xFFFF) | 1) + (x >> (i & 63)) + ((long)x < (long)y ? 1 : 2);
})",
                       wave());
  ASSERT_TRUE(m);
  const uint64_t a = 0xFEDCBA9876543210ull, b = 0x0123456789ABCDEFull;
  const uint32_t sh = 37;
  const int32_t t = -17;
  const uint64_t out = dev.alloc(8 * 8);
  auto r = runtime::launch(dev, *m, "scalar64", LaunchConfig{{8, 1, 1}, {8, 1, 1}},
                           KernelArgs().add(out).add(a).add(b).add(sh).add(t));
  ASSERT_TRUE(r.ok()) << r.error;
  auto o = download<uint64_t>(dev, out, 8);
  const uint64_t expect[8] = {a * b,
                              a / (b | 1),
                              a % (b | 1),
                              (a << (sh & 63)) ^ (b >> (sh & 31)),
                              static_cast<uint64_t>(static_cast<int64_t>(a) >> (sh & 63)),
                              a > b ? a - b : b - a,
                              static_cast<uint64_t>(int64_t{t < -5 ? t * 3 : t / 3}),
                              (a & 0xFFFF0000FFFFull) | ((b >> 7) & 0x1234)};
  for (uint32_t i = 0; i < 8; ++i)
    EXPECT_EQ(o[i], expect[i] + i) << "case " << i;

  std::vector<uint64_t> in(64);
  std::mt19937_64 rng(13);
  for (uint64_t &x : in)
    x = rng();
  const uint64_t din = upload(dev, in), dout = dev.alloc(64 * 8);
  r = runtime::launch(dev, *m, "vector64", LaunchConfig{{64, 1, 1}, {64, 1, 1}},
                      KernelArgs().add(din).add(dout));
  ASSERT_TRUE(r.ok()) << r.error;
  auto v = download<uint64_t>(dev, dout, 64);
  for (uint32_t i = 0; i < 64; ++i) {
    const uint64_t x = in[i], y = in[(i + 1) & 63];
    const uint64_t e = x * y + x / ((y & 0xFFFF) | 1) + (x >> (i & 63)) +
                       (static_cast<int64_t>(x) < static_cast<int64_t>(y) ? 1 : 2);
    ASSERT_EQ(v[i], e) << "i=" << i;
  }
}

// A work-group tree reduction in LDS with barriers, plus an LDS atomic counter.
TEST_P(EmuKernels, LdsReduction) {
  auto m = buildModule(dev, R"(
__kernel void reduce(__global const uint *in, __global uint *sums, __global uint *counts) {
  __local uint part[256];
  __local uint count;
  uint l = get_local_id(0), g = get_group_id(0);
  if (l == 0) count = 0;
  part[l] = in[get_global_id(0)];
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
  if (part[l] & 1) __atomic_fetch_add(&count, 1u, __ATOMIC_RELAXED);
  for (uint s = 128; s > 0; s >>= 1) {
    if (l < s) part[l] += part[l + s];
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
    __builtin_amdgcn_s_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
  }
  if (l == 0) { sums[g] = part[0]; counts[g] = count; }
})",
                       wave());
  ASSERT_TRUE(m);
  const uint32_t groups = 5, n = 256 * groups;
  std::vector<uint32_t> in(n);
  std::mt19937 rng(17);
  for (uint32_t &x : in)
    x = rng() & 0xFFFFFF;
  const uint64_t din = upload(dev, in), dsums = dev.alloc(groups * 4),
                 dcounts = dev.alloc(groups * 4);
  auto r = runtime::launch(dev, *m, "reduce", LaunchConfig{{n, 1, 1}, {256, 1, 1}},
                           KernelArgs().add(din).add(dsums).add(dcounts));
  ASSERT_TRUE(r.ok()) << r.error;
  auto sums = download<uint32_t>(dev, dsums, groups);
  auto counts = download<uint32_t>(dev, dcounts, groups);
  for (uint32_t g = 0; g < groups; ++g) {
    uint32_t sum = 0, odd = 0;
    for (uint32_t i = 0; i < 256; ++i) {
      sum += in[g * 256 + i];
      odd += in[g * 256 + i] & 1;
    }
    EXPECT_EQ(sums[g], sum) << "group " << g;
    EXPECT_EQ(counts[g], odd) << "group " << g;
  }
}

INSTANTIATE_TEST_SUITE_P(Wave, EmuKernels, ::testing::Values(32u, 64u),
                         [](const auto &info) { return "wave" + std::to_string(info.param); });

} // namespace
} // namespace gcnkit::emutest
