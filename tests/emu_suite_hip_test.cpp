// The emulator's kernel suite, part 5: HIP kernels (tests/kernels/*.hip, compiled by clang-19 as
// HIP device code without HIP headers, see hip_prelude.h). HIP launches whole blocks (the code
// objects say uniform_work_group_size), so grids here are multiples of the block and the
// kernels guard the edges themselves.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "emu_suite_support.h"

namespace gcnkit::emutest::suite {
namespace {

using runtime::KernelArgs;
using runtime::LaunchConfig;

class EmuSuiteHip : public SuiteTest {};

uint32_t roundUp(uint32_t n, uint32_t b) { return (n + b - 1) / b * b; }

// 300 blocks of one work-item each: every wave has a single active lane.
TEST_P(EmuSuiteHip, SaxpyBlocksOfOne) {
  auto m = load("basic.hip");
  ASSERT_TRUE(m);
  const int n = 300;
  const float a = -1.75f;
  auto x = randomFloats(n, 501, -10, 10), y = randomFloats(n, 502, -10, 10);
  const uint64_t dx = upload(dev, x), dy = upload(dev, y);
  SUITE_LAUNCH(m, "hip_saxpy", (LaunchConfig{{n, 1, 1}, {1, 1, 1}}),
               KernelArgs().add(a).add(dx).add(dy).add(n));
  auto out = download<float>(dev, dy, n);
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(bits(out[i]), bits(std::fma(a, x[i], y[i]))) << "i=" << i;
}

TEST_P(EmuSuiteHip, Grid3D) {
  auto m = load("basic.hip");
  ASSERT_TRUE(m);
  const uint32_t w = 13, h = 9, d = 5;
  const runtime::Dim3 block{4, 4, 2};
  const uint32_t gx = 4, gy = 3, gz = 3;
  const uint64_t out = upload(dev, std::vector<uint32_t>(w * h * d, 0xFFFFFFFFu));
  SUITE_LAUNCH(m, "hip_grid3d", (LaunchConfig{{gx * 4, gy * 4, gz * 2}, block}),
               KernelArgs().add(out).add(w).add(h).add(d));
  auto o = download<uint32_t>(dev, out, w * h * d);
  for (uint32_t z = 0; z < d; ++z)
    for (uint32_t y = 0; y < h; ++y)
      for (uint32_t x = 0; x < w; ++x) {
        const uint32_t want = (x % 4) | (y % 4) << 5 | (z % 2) << 10 | (x / 4) << 14 |
                              (y / 4) << 19 | (z / 2) << 24 | (gx * 100 + gy * 10 + gz) << 27;
        ASSERT_EQ(o[(z * h + y) * w + x], want) << x << "," << y << "," << z;
      }
}

TEST_P(EmuSuiteHip, DivergentEscapeTime) {
  auto m = load("basic.hip");
  ASSERT_TRUE(m);
  const int w = 70, h = 50, maxIter = 200;
  const uint64_t iters = dev.alloc(w * h * 4), zabs = dev.alloc(w * h * 4);
  SUITE_LAUNCH(m, "hip_mandel", (LaunchConfig{{roundUp(w, 16), roundUp(h, 8), 1}, {16, 8, 1}}),
               KernelArgs().add(iters).add(zabs).add(w).add(h).add(maxIter));
  auto it = download<uint32_t>(dev, iters, w * h);
  auto za = download<float>(dev, zabs, w * h);
  for (int py = 0; py < h; ++py)
    for (int px = 0; px < w; ++px) {
      const float cr = -2.0f + 2.5f * static_cast<float>(px) / static_cast<float>(w);
      const float ci = -1.25f + 2.5f * static_cast<float>(py) / static_cast<float>(h);
      float zr = 0, zi = 0;
      int k = 0;
      while (k < maxIter) {
        const float zr2 = zr * zr, zi2 = zi * zi;
        if (zr2 + zi2 > 4.0f)
          break;
        zi = 2.0f * zr * zi + ci;
        zr = zr2 - zi2 + cr;
        ++k;
      }
      ASSERT_EQ(it[py * w + px], static_cast<uint32_t>(k)) << px << "," << py;
      ASSERT_EQ(bits(za[py * w + px]), bits(zr * zr + zi * zi)) << px << "," << py;
    }
}

TEST_P(EmuSuiteHip, Int128Products) {
  auto m = load("basic.hip");
  ASSERT_TRUE(m);
  const int n = 500;
  auto a = randomInts<uint64_t>(n, 503), b = randomInts<uint64_t>(n, 504);
  const uint64_t da = upload(dev, a), db = upload(dev, b), dout = dev.alloc(n * 32);
  SUITE_LAUNCH(m, "hip_int128", (LaunchConfig{{roundUp(n, 64), 1, 1}, {64, 1, 1}}),
               KernelArgs().add(da).add(db).add(dout).add(n));
  auto out = download<uint64_t>(dev, dout, n * 4);
  using u128 = unsigned __int128;
  for (int i = 0; i < n; ++i) {
    const u128 p = static_cast<u128>(a[i]) * b[i];
    const __int128 s =
        static_cast<__int128>(static_cast<int64_t>(a[i])) * static_cast<int64_t>(b[i]);
    const u128 acc = p + (static_cast<u128>(a[i]) << 64) + static_cast<u128>(s);
    ASSERT_EQ(out[4 * i], static_cast<uint64_t>(p)) << "i=" << i;
    ASSERT_EQ(out[4 * i + 1], static_cast<uint64_t>(p >> 64)) << "i=" << i;
    ASSERT_EQ(out[4 * i + 2], static_cast<uint64_t>(static_cast<u128>(s) >> 64)) << "i=" << i;
    ASSERT_EQ(out[4 * i + 3], static_cast<uint64_t>(acc >> 64) ^ static_cast<uint64_t>(acc >> 3))
        << "i=" << i;
  }
}

TEST_P(EmuSuiteHip, TiledMatmulShared) {
  auto m = load("matmul.hip");
  ASSERT_TRUE(m);
  const int M = 50, N = 70, K = 37;
  auto A = randomFloats(M * K, 505, -2, 2), B = randomFloats(K * N, 506, -2, 2);
  const uint64_t da = upload(dev, A), db = upload(dev, B), dc = dev.alloc(M * N * 4);
  SUITE_LAUNCH(m, "hip_matmul", (LaunchConfig{{roundUp(N, 16), roundUp(M, 16), 1}, {16, 16, 1}}),
               KernelArgs().add(da).add(db).add(dc).add(M).add(N).add(K));
  auto C = download<float>(dev, dc, M * N);
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < N; ++c) {
      float acc = 0.0f;
      for (int j = 0; j < K; ++j)
        acc = std::fma(A[r * K + j], B[j * N + c], acc);
      ASSERT_EQ(bits(C[r * N + c]), bits(acc)) << "row " << r << " col " << c;
    }
}

// Must match the kernel's struct Params (same layout on x86-64 and amdgcn: natural alignment).
struct Params {
  int8_t c;
  int16_t s;
  int32_t i;
  int64_t l;
  float f;
  double d;
  float v[3];
  uint8_t flags;
};
static_assert(sizeof(Params) == 48);

TEST_P(EmuSuiteHip, StructByValue) {
  auto m = load("args.hip");
  ASSERT_TRUE(m);
  Params p{}, q{};
  p.c = -100;
  p.s = -12345;
  p.i = 0x7654321;
  p.l = -0x0123456789ABCDELL;
  p.f = 6.5e-7f;
  p.d = 1.0 / 3.0;
  p.v[0] = 1.5f;
  p.v[1] = -0.0f;
  p.v[2] = 3e30f;
  p.flags = 0xA5;
  q.c = 77;
  q.s = -2;
  q.i = -1;
  q.l = 0x1122334455667788LL;
  q.f = -4.25f;
  q.d = 3.0e-5;
  q.v[0] = 0.1f;
  q.v[1] = 7.0f;
  q.v[2] = -0.3f;
  q.flags = 0x3C;
  const int16_t scale = -3;
  const uint32_t items = 32;
  const uint64_t out = dev.alloc(items * 12 * 8);
  SUITE_LAUNCH(m, "hip_struct_arg", (LaunchConfig{{items, 1, 1}, {items, 1, 1}}),
               KernelArgs().add(out).add(p).add(scale).add(q));
  auto o = download<uint64_t>(dev, out, items * 12);
  for (uint32_t t = 0; t < items; ++t) {
    const uint64_t want[12] = {
        static_cast<uint64_t>(int64_t{p.c}),
        static_cast<uint64_t>(int64_t{p.s}),
        static_cast<uint64_t>(int64_t{p.i}),
        static_cast<uint64_t>(p.l),
        bits(p.f),
        bits(p.d),
        bits(p.v[t % 3]),
        p.flags,
        static_cast<uint64_t>(p.l * scale + p.i * static_cast<int64_t>(t) + q.c),
        bits(p.d * q.d + static_cast<double>(q.f)),
        bits(q.v[0] + q.v[1] * q.v[2]),
        static_cast<uint64_t>(q.l) ^ q.flags ^ (uint64_t{static_cast<uint16_t>(q.s)} << 40)};
    for (int k = 0; k < 12; ++k)
      ASSERT_EQ(o[t * 12 + k], want[k]) << "work-item " << t << " field " << k;
  }
}

double hd(uint16_t h) { return halfToDouble(h); }
uint16_t h16(double d) { return doubleToHalf(d); }

std::vector<uint16_t> moderateHalves(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<uint16_t> v(n);
  for (uint16_t &h : v) {
    const double mag = std::ldexp(1.0 + (rng() % 1024) / 1024.0, static_cast<int>(rng() % 14) - 7);
    h = doubleToHalf(rng() & 1 ? -mag : mag);
  }
  return v;
}

TEST_P(EmuSuiteHip, HalfScalar) {
  auto m = load("half.hip");
  ASSERT_TRUE(m);
  const int n = 500;
  auto a = moderateHalves(n, 507), b = moderateHalves(n, 508), c = moderateHalves(n, 509);
  a[0] = 0x7C00; // inf
  b[1] = 0x0001; // denormal
  a[2] = c[2];   // equal
  c[3] = 0x8000; // -0
  const uint64_t da = upload(dev, a), db = upload(dev, b), dc = upload(dev, c),
                 dout = dev.alloc(n * 8 * 2);
  SUITE_LAUNCH(m, "hip_half", (LaunchConfig{{roundUp(n, 128), 1, 1}, {128, 1, 1}}),
               KernelArgs().add(da).add(db).add(dc).add(dout).add(n));
  auto out = download<uint16_t>(dev, dout, n * 8);
  for (int i = 0; i < n; ++i) {
    const double x = hd(a[i]), y = hd(b[i]), z = hd(c[i]);
    const uint16_t want[8] = {h16(x + y),
                              h16(hd(h16(x * y)) - z),
                              h16(x * y + z), // exact in double for these magnitudes
                              x > z ? a[i] : c[i],
                              h16(static_cast<int16_t>(i * 91 - 3000)),
                              h16(x + 2.0 * y),
                              h16(std::fabs(x) - std::copysign(y, z)),
                              h16(static_cast<double>(x < y) + static_cast<double>(x == z))};
    for (int k = 0; k < 8; ++k)
      ASSERT_TRUE(sameF16(out[i * 8 + k], want[k]))
          << "i=" << i << " op " << k << ": got " << hexBits(out[i * 8 + k]) << " want "
          << hexBits(want[k]);
  }
}

TEST_P(EmuSuiteHip, HalfPacked) {
  auto m = load("half.hip");
  ASSERT_TRUE(m);
  const int n = 400;
  auto a = moderateHalves(2 * n, 510), b = moderateHalves(2 * n, 511),
       c = moderateHalves(2 * n, 512);
  const uint64_t da = upload(dev, a), db = upload(dev, b), dc = upload(dev, c),
                 dout = dev.alloc(n * 6 * 4);
  SUITE_LAUNCH(m, "hip_half2", (LaunchConfig{{roundUp(n, 64), 1, 1}, {64, 1, 1}}),
               KernelArgs().add(da).add(db).add(dc).add(dout).add(n));
  auto out = download<uint16_t>(dev, dout, n * 12);
  for (int i = 0; i < n; ++i) {
    const double x0 = hd(a[2 * i]), x1 = hd(a[2 * i + 1]), y0 = hd(b[2 * i]), y1 = hd(b[2 * i + 1]),
                 z0 = hd(c[2 * i]), z1 = hd(c[2 * i + 1]);
    const uint16_t want[12] = {h16(x0 + y0),          h16(x1 + y1),          h16(x0 * y0),
                               h16(x1 * y1),          h16(x0 * y0 + z0),     h16(x1 * y1 + z1),
                               h16(std::min(x0, z0)), h16(std::min(x1, z1)), h16(x1 - z0),
                               h16(x0 - z1),          h16(x1 * z0),          h16(y0 * z0)};
    for (int k = 0; k < 12; ++k)
      ASSERT_TRUE(sameF16(out[i * 12 + k], want[k]))
          << "i=" << i << " op " << k / 2 << " half " << k % 2 << ": got "
          << hexBits(out[i * 12 + k]) << " want " << hexBits(want[k]);
  }
}

// Random multiples of `step` in [-range, range].
std::vector<double> gridValues(size_t n, uint32_t seed, double step, int range) {
  std::mt19937 rng(seed);
  std::vector<double> v(n);
  const uint32_t count = static_cast<uint32_t>(2 * range / step) + 1;
  for (double &x : v)
    x = -range + step * (rng() % count);
  return v;
}

// D = A * B + C per 16x16 tile with f32 accumulators. Inputs are multiples of 1/2 (A, B) and
// 1/4 (C) small enough that every partial sum is exact in f32, so the result does not depend
// on the order in which the hardware adds the products.
// gfx11's WMMA (gfx908's matrix instructions are MFMA: emu_mfma_test.cpp).
class EmuSuiteHipGfx11 : public SuiteTest {};

TEST_P(EmuSuiteHipGfx11, WmmaF32) {
  auto m = load("wmma.hip");
  ASSERT_TRUE(m);
  const uint32_t tiles = 6, block = 2 * wave();
  auto av = gridValues(tiles * 256, 513, 0.5, 4), bv = gridValues(tiles * 256, 514, 0.5, 4),
       cv = gridValues(tiles * 256, 515, 0.25, 64);
  std::vector<uint16_t> a(av.size()), b(bv.size());
  std::vector<float> c(cv.size());
  for (size_t k = 0; k < av.size(); ++k) {
    a[k] = h16(av[k]);
    b[k] = h16(bv[k]);
    c[k] = static_cast<float>(cv[k]);
  }
  const uint64_t da = upload(dev, a), db = upload(dev, b), dc = upload(dev, c),
                 dd = dev.alloc(tiles * 256 * 4);
  SUITE_LAUNCH(m, "hip_wmma_f32", (LaunchConfig{{tiles * wave(), 1, 1}, {block, 1, 1}}),
               KernelArgs().add(da).add(db).add(dc).add(dd));
  auto d = download<float>(dev, dd, tiles * 256);
  for (uint32_t t = 0; t < tiles; ++t)
    for (int r = 0; r < 16; ++r)
      for (int col = 0; col < 16; ++col) {
        double want = cv[t * 256 + r * 16 + col];
        for (int k = 0; k < 16; ++k)
          want += av[t * 256 + r * 16 + k] * bv[t * 256 + k * 16 + col];
        ASSERT_EQ(d[t * 256 + r * 16 + col], static_cast<float>(want))
            << "tile " << t << " row " << r << " col " << col;
      }
}

// Two chained WMMAs with f16 accumulators: D = A0*B0 + A1*B1 + C with small integers (every
// partial sum exact in f16).
TEST_P(EmuSuiteHipGfx11, WmmaF16Chained) {
  auto m = load("wmma.hip");
  ASSERT_TRUE(m);
  const uint32_t tiles = 4, block = wave();
  auto av = gridValues(tiles * 512, 516, 1, 3), bv = gridValues(tiles * 512, 517, 1, 3),
       cv = gridValues(tiles * 256, 518, 1, 100);
  std::vector<uint16_t> a(av.size()), b(bv.size()), c(cv.size());
  for (size_t k = 0; k < av.size(); ++k) {
    a[k] = h16(av[k]);
    b[k] = h16(bv[k]);
  }
  for (size_t k = 0; k < cv.size(); ++k)
    c[k] = h16(cv[k]);
  const uint64_t da = upload(dev, a), db = upload(dev, b), dc = upload(dev, c),
                 dd = dev.alloc(tiles * 256 * 2);
  SUITE_LAUNCH(m, "hip_wmma_f16", (LaunchConfig{{tiles * wave(), 1, 1}, {block, 1, 1}}),
               KernelArgs().add(da).add(db).add(dc).add(dd));
  auto d = download<uint16_t>(dev, dd, tiles * 256);
  for (uint32_t t = 0; t < tiles; ++t)
    for (int r = 0; r < 16; ++r)
      for (int col = 0; col < 16; ++col) {
        double want = cv[t * 256 + r * 16 + col];
        for (int half = 0; half < 2; ++half)
          for (int k = 0; k < 16; ++k)
            want += av[t * 512 + half * 256 + r * 16 + k] * bv[t * 512 + half * 256 + k * 16 + col];
        ASSERT_EQ(d[t * 256 + r * 16 + col], h16(want))
            << "tile " << t << " row " << r << " col " << col;
      }
}

TEST_P(EmuSuiteHip, FloatAtomicsGlobalAndShared) {
  auto m = load("atomics.hip", "-munsafe-fp-atomics");
  ASSERT_TRUE(m);
  const int n = 1000, block = 256, blocks = 4;
  auto v = gridValues(n, 519, 0.125, 100);
  std::vector<float> val(v.begin(), v.end());
  const uint64_t gsum = upload(dev, std::vector<float>{0.0f}),
                 gmax = upload(dev, std::vector<float>{-std::numeric_limits<float>::infinity()}),
                 bsums = dev.alloc(blocks * 4), dval = upload(dev, val);
  SUITE_LAUNCH(m, "hip_atomic_float", (LaunchConfig{{block * blocks, 1, 1}, {block, 1, 1}}),
               KernelArgs().add(gsum).add(gmax).add(bsums).add(dval).add(n));
  double total = 0;
  float mx = -std::numeric_limits<float>::infinity();
  for (float x : val) {
    total += x;
    mx = std::max(mx, x);
  }
  EXPECT_EQ(download<float>(dev, gsum, 1)[0], static_cast<float>(total)) << "global add";
  EXPECT_EQ(download<float>(dev, gmax, 1)[0], mx) << "global max";
  auto bs = download<float>(dev, bsums, blocks);
  for (int g = 0; g < blocks; ++g) {
    double part = 0;
    for (int i = g * block; i < std::min(n, (g + 1) * block); ++i)
      part += val[i];
    EXPECT_EQ(bs[g], static_cast<float>(part)) << "block " << g;
  }
}

TEST_P(EmuSuiteHip, BlockReduceBpermute) {
  auto m = load("reduce.hip");
  ASSERT_TRUE(m);
  const uint32_t block = 1024, blocks = 3, n = block * blocks;
  auto in = randomInts<uint32_t>(n, 520);
  const uint64_t din = upload(dev, in), dsums = dev.alloc(blocks * 4), dg = dev.alloc(n / 32 * 4);
  SUITE_LAUNCH(m, "hip_block_reduce", (LaunchConfig{{n, 1, 1}, {block, 1, 1}}),
               KernelArgs().add(din).add(dsums).add(dg));
  auto sums = download<uint32_t>(dev, dsums, blocks);
  auto groups = download<uint32_t>(dev, dg, n / 32);
  for (uint32_t g = 0; g < n / 32; ++g) {
    uint32_t s = 0;
    for (uint32_t k = 0; k < 32; ++k)
      s += in[g * 32 + k];
    ASSERT_EQ(groups[g], s) << "group of 32 #" << g;
  }
  for (uint32_t b = 0; b < blocks; ++b) {
    uint32_t s = 0;
    for (uint32_t k = 0; k < block; ++k)
      s += in[b * block + k];
    EXPECT_EQ(sums[b], s) << "block " << b;
  }
}

TEST_P(EmuSuiteHip, PrivateSortO1) {
  auto m = load("private.hip", "-O1");
  ASSERT_TRUE(m);
  const int n = 400;
  auto in = randomInts<int32_t>(n, 521);
  for (int32_t &x : in)
    x %= 1000;
  const uint64_t din = upload(dev, in), dout = dev.alloc(n * 8), drank = dev.alloc(n * 4);
  SUITE_LAUNCH(m, "hip_private_sort", (LaunchConfig{{roundUp(n, 64), 1, 1}, {64, 1, 1}}),
               KernelArgs().add(din).add(dout).add(drank).add(n));
  auto out = download<int32_t>(dev, dout, n * 2);
  auto rank = download<int32_t>(dev, drank, n);
  for (int i = 0; i < n; ++i) {
    int32_t a[20];
    for (int k = 0; k < 20; ++k)
      a[k] = in[(i * 7 + k * 13) % n];
    std::sort(a, a + 20);
    const int pick = std::abs(in[i] % 20);
    ASSERT_EQ(out[2 * i], a[pick]) << "i=" << i;
    ASSERT_EQ(out[2 * i + 1], a[0] ^ a[19]) << "i=" << i;
    ASSERT_EQ(rank[i], std::count_if(a, a + 20, [&](int32_t v) { return v < in[i]; })) << "i=" << i;
  }
}

INSTANTIATE_TEST_SUITE_P(Config, EmuSuiteHip, allConfigs(), configName);
INSTANTIATE_TEST_SUITE_P(Config, EmuSuiteHipGfx11, gfx1100Configs(), configName);

} // namespace
} // namespace gcnkit::emutest::suite
