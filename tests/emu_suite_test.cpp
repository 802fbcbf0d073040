// The emulator's kernel suite, part 1: elementwise math, grids with partial work-groups,
// divergent control flow, 64-bit integers, integer division and by-value arguments. Each kernel
// (tests/kernels/*.cl) is compiled by clang-19 and run in wave32 and wave64; results are compared
// bit for bit with host references.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "emu_suite_support.h"

namespace gcnkit::emutest::suite {
namespace {

using runtime::KernelArgs;
using runtime::LaunchConfig;

class EmuSuite : public SuiteTest {};

TEST_P(EmuSuite, ElementwiseF32) {
  auto m = load("elementwise.cl");
  ASSERT_TRUE(m);
  const int n = 1000; // block 256: the last group is partial
  auto a = randomFloats(n, 11, -100, 100), b = randomFloats(n, 12, -100, 100),
       c = randomFloats(n, 13, -100, 100);
  const float inf = std::numeric_limits<float>::infinity();
  a[0] = inf;
  b[1] = -inf;
  a[2] = std::nanf("");
  a[3] = 1e-40f; // denormals are kept (FLOAT_DENORM_MODE_32 = 3)
  b[3] = -1e-39f;
  a[4] = 3e38f;
  b[4] = 3e38f;
  a[5] = 0.625f; // rint(2.5) = 2: ties to even
  a[6] = -0.625f;
  a[7] = std::ldexp(1.0f, -149);
  b[7] = 0.5f; // 2^-150 rounds to even: +0
  c[8] = -0.0f;
  a[9] = 1.0f + std::ldexp(1.0f, -23);
  b[9] = 1.0f - std::ldexp(1.0f, -24);
  c[9] = -1.0f; // fma keeps the bits a separate multiply would round away
  const uint64_t da = upload(dev, a), db = upload(dev, b), dc = upload(dev, c);
  const uint64_t dout = dev.alloc(n * 12 * 4);
  SUITE_LAUNCH(m, "ew_f32", (LaunchConfig{{n, 1, 1}, {256, 1, 1}}),
               KernelArgs().add(da).add(db).add(dc).add(dout).add(n));
  auto out = download<float>(dev, dout, n * 12);
  for (int i = 0; i < n; ++i) {
    const float x = a[i], y = b[i], z = c[i];
    const float want[12] = {x + y,
                            x - y,
                            x * y,
                            std::fma(x, y, z),
                            std::fmin(x, y),
                            std::fmax(x, z),
                            std::floor(x),
                            std::ceil(y),
                            std::trunc(z),
                            std::nearbyint(x * 4.0f),
                            std::copysign(std::fabs(y), x),
                            x < y ? z : -z};
    for (int k = 0; k < 12; ++k)
      ASSERT_TRUE(sameF32(out[i * 12 + k], want[k]))
          << "i=" << i << " op " << k << " got " << out[i * 12 + k] << " want " << want[k];
  }
}

TEST_P(EmuSuite, ElementwiseI32) {
  auto m = load("elementwise.cl");
  ASSERT_TRUE(m);
  const int n = 20000; // 313 work-groups of 64
  auto a = randomInts<uint32_t>(n, 21), b = randomInts<uint32_t>(n, 22);
  a[0] = 0;
  b[0] = 0;
  a[1] = 0x80000000u;
  b[1] = 0xFFFFFFFFu;
  a[2] = 0x7FFFFFFFu;
  b[2] = 0x80000000u;
  const uint64_t da = upload(dev, a), db = upload(dev, b), dout = dev.alloc(n * 16 * 4);
  SUITE_LAUNCH(m, "ew_i32", (LaunchConfig{{n, 1, 1}, {64, 1, 1}}),
               KernelArgs().add(da).add(db).add(dout).add(n));
  auto out = download<uint32_t>(dev, dout, n * 16);
  for (int i = 0; i < n; ++i) {
    const uint32_t x = a[i], y = b[i], sh = y & 31;
    const int32_t sx = static_cast<int32_t>(x), sy = static_cast<int32_t>(y);
    const uint32_t want[16] = {
        x + y * 3u,
        x - y,
        x * y,
        static_cast<uint32_t>((uint64_t{x} * y) >> 32),
        static_cast<uint32_t>((int64_t{sx} * sy) >> 32),
        x << sh,
        x >> sh,
        static_cast<uint32_t>(sx >> sh),
        std::rotl(x, static_cast<int>(sh)),
        static_cast<uint32_t>(std::popcount(x) + (std::countl_zero(x | 1) << 8) +
                              (std::countr_zero(y | 0x80000000u) << 16)),
        [&] {
          uint32_t r = 0;
          for (int k = 0; k < 32; ++k)
            r |= ((x >> k) & 1u) << (31 - k);
          return r;
        }(),
        (y >> 24) | ((y >> 8) & 0xFF00u) | ((y << 8) & 0xFF0000u) | (y << 24),
        (x >> (y & 15)) & ((1u << ((y >> 8) & 15)) - 1u),
        static_cast<uint32_t>(std::min(sx, sy)) ^ std::max(x, y),
        (x & 0xFFFFFFu) * (y & 0xFFFFFFu),
        sx > sy ? x - y : y - x};
    for (int k = 0; k < 16; ++k)
      ASSERT_EQ(out[i * 16 + k], want[k])
          << "i=" << i << " op " << k << " x=" << hexBits(x) << " y=" << hexBits(y);
  }
}

TEST_P(EmuSuite, ElementwiseI16I8) {
  auto m = load("elementwise.cl");
  ASSERT_TRUE(m);
  const int n = 700;
  auto a = randomInts<int16_t>(n, 31), b = randomInts<int16_t>(n, 32);
  a[0] = -32768;
  b[0] = -1;
  const uint64_t da = upload(dev, a), db = upload(dev, b);
  const uint64_t dout = dev.alloc(n * 6 * 2), dout8 = dev.alloc(n * 2);
  SUITE_LAUNCH(m, "ew_i16", (LaunchConfig{{n, 1, 1}, {128, 1, 1}}),
               KernelArgs().add(da).add(db).add(dout).add(dout8).add(n));
  auto out = download<int16_t>(dev, dout, n * 6);
  auto out8 = download<int8_t>(dev, dout8, n * 2);
  for (int i = 0; i < n; ++i) {
    const int16_t x = a[i], y = b[i];
    const int16_t want[6] = {static_cast<int16_t>(x + y),
                             static_cast<int16_t>(x * y),
                             std::min(x, y),
                             static_cast<int16_t>(static_cast<uint16_t>(x) >> (y & 15)),
                             static_cast<int16_t>(x >> (y & 15)),
                             static_cast<uint16_t>(x) > static_cast<uint16_t>(y) ? x : y};
    for (int k = 0; k < 6; ++k)
      ASSERT_EQ(out[i * 6 + k], want[k]) << "i=" << i << " op " << k << " x=" << x << " y=" << y;
    const int8_t cx = static_cast<int8_t>(x), cy = static_cast<int8_t>(y);
    ASSERT_EQ(out8[2 * i], static_cast<int8_t>(cx * cy)) << "i=" << i;
    ASSERT_EQ(out8[2 * i + 1],
              static_cast<int8_t>(static_cast<uint8_t>(cx) +
                                  static_cast<uint8_t>(static_cast<uint8_t>(cy) << 1)))
        << "i=" << i;
  }
}

TEST_P(EmuSuite, Conversions) {
  auto m = load("elementwise.cl");
  ASSERT_TRUE(m);
  const int n = 500;
  auto f = randomFloats(n, 41, -2e9f, 2e9f);
  auto s = randomInts<int32_t>(n, 42);
  std::vector<double> d(n);
  std::mt19937_64 rng(43);
  std::uniform_real_distribution<double> dd(-9e18, 9e18);
  for (double &x : d)
    x = dd(rng) * std::ldexp(1.0, -static_cast<int>(rng() % 60));
  f[0] = -0.0f;
  f[1] = 2.5f;
  f[2] = -2.99f;
  s[0] = std::numeric_limits<int32_t>::min();
  s[1] = 0x7FFFFFFF;
  s[2] = -1;
  s[3] = 16777217;
  d[0] = 1e-320; // f64 denormal: 0 in f32
  d[1] = 16777217.0;
  d[2] = 16777219.0;
  d[3] = -2.5;
  d[4] = 0.49999999999999994;
  const uint64_t df = upload(dev, f), ds = upload(dev, s), ddv = upload(dev, d);
  const uint64_t dout = dev.alloc(n * 12 * 4);
  SUITE_LAUNCH(m, "ew_convert", (LaunchConfig{{n, 1, 1}, {96, 1, 1}}),
               KernelArgs().add(df).add(ds).add(ddv).add(dout).add(n));
  auto out = download<uint32_t>(dev, dout, n * 12);
  for (int i = 0; i < n; ++i) {
    const uint64_t fd = bits(static_cast<double>(f[i])), sd = bits(static_cast<double>(s[i]));
    const int64_t dl = static_cast<int64_t>(d[i]);
    const uint32_t want[12] = {
        bits(static_cast<float>(s[i])),
        bits(static_cast<float>(static_cast<uint32_t>(s[i]))),
        static_cast<uint32_t>(static_cast<int32_t>(f[i])),
        static_cast<uint32_t>(std::fabs(f[i])),
        bits(static_cast<float>(d[i])),
        static_cast<uint32_t>(fd),
        static_cast<uint32_t>(fd >> 32),
        static_cast<uint32_t>(sd),
        static_cast<uint32_t>(sd >> 32),
        static_cast<uint32_t>(dl),
        static_cast<uint32_t>(static_cast<uint64_t>(dl) >> 32),
        bits(static_cast<float>(uint64_t{static_cast<uint32_t>(s[i])} << 20))};
    for (int k = 0; k < 12; ++k)
      ASSERT_EQ(out[i * 12 + k], want[k])
          << "i=" << i << " op " << k << " f=" << f[i] << " s=" << s[i] << " d=" << d[i];
  }
}

// 2-D grid 100 x 37 in 16 x 8 groups: partial groups on the right and bottom edges.
TEST_P(EmuSuite, Stencil2DPartialGroups) {
  auto m = load("grids.cl", "-cl-std=CL2.0");
  ASSERT_TRUE(m);
  const int w = 100, h = 37;
  const uint32_t bx = 16, by = 8;
  auto in = randomInts<int32_t>(w * h, 51);
  for (int32_t &x : in)
    x = (x >> 8) % 100000;
  const uint64_t din = upload(dev, in), dout = dev.alloc(w * h * 4);
  SUITE_LAUNCH(m, "stencil2d", (LaunchConfig{{w, h, 1}, {bx, by, 1}}),
               KernelArgs().add(din).add(dout).add(w).add(h));
  auto out = download<int32_t>(dev, dout, w * h);
  auto at = [&](int x, int y) { return x < 0 || y < 0 || x >= w || y >= h ? 0 : in[y * w + x]; };
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const int lsx = std::min<int>(bx, w - x / bx * bx), lsy = std::min<int>(by, h - y / by * by);
      const int want = 4 * at(x, y) - at(x - 1, y) - at(x + 1, y) - at(x, y - 1) - at(x, y + 1) +
                       lsx * 1000 + lsy;
      ASSERT_EQ(out[y * w + x], want) << "x=" << x << " y=" << y;
    }
}

// 3-D grid 13 x 9 x 5 in 8 x 4 x 2 groups (partial in every dimension); each group also counts
// its work-items with an LDS atomic.
TEST_P(EmuSuite, Grid3DPartialGroups) {
  auto m = load("grids.cl", "-cl-std=CL2.0");
  ASSERT_TRUE(m);
  const uint32_t w = 13, h = 9, d = 5;
  const runtime::Dim3 block{8, 4, 2};
  const uint32_t ngx = 2, ngy = 3, ngz = 3;
  const uint64_t out = dev.alloc(w * h * d * 4), counts = dev.alloc(ngx * ngy * ngz * 4);
  SUITE_LAUNCH(m, "grid3d", (LaunchConfig{{w, h, d}, block}),
               KernelArgs().add(out).add(counts).add(w).add(h).add(d));
  auto o = download<uint32_t>(dev, out, w * h * d);
  auto c = download<uint32_t>(dev, counts, ngx * ngy * ngz);
  auto size = [](uint32_t total, uint32_t b, uint32_t g) { return std::min(b, total - g * b); };
  for (uint32_t z = 0; z < d; ++z)
    for (uint32_t y = 0; y < h; ++y)
      for (uint32_t x = 0; x < w; ++x) {
        const uint32_t gx = x / 8, gy = y / 4, gz = z / 2;
        const uint32_t lsize = size(w, 8, gx) * size(h, 4, gy) * size(d, 2, gz);
        const uint32_t want = ((x % 8) + (y % 4) * 16 + (z % 2) * 256) ^ (gx << 12) ^ (gy << 18) ^
                              (gz << 24) ^ (lsize << 4);
        ASSERT_EQ(o[(z * h + y) * w + x], want) << x << "," << y << "," << z;
      }
  for (uint32_t gz = 0; gz < ngz; ++gz)
    for (uint32_t gy = 0; gy < ngy; ++gy)
      for (uint32_t gx = 0; gx < ngx; ++gx)
        EXPECT_EQ(c[(gz * ngy + gy) * ngx + gx], size(w, 8, gx) * size(h, 4, gy) * size(d, 2, gz))
            << "group " << gx << "," << gy << "," << gz;
}

TEST_P(EmuSuite, DivergentCollatz) {
  auto m = load("divergence.cl");
  ASSERT_TRUE(m);
  const uint32_t n = 3000;
  auto start = randomInts<uint32_t>(n, 61);
  for (uint32_t &x : start)
    x = x % 100000 + 1;
  start[0] = 1;
  start[1] = 27;
  start[2] = 77671;
  const uint64_t ds = upload(dev, start), dsteps = dev.alloc(n * 4), dpeak = dev.alloc(n * 4);
  SUITE_LAUNCH(m, "collatz", (LaunchConfig{{n, 1, 1}, {64, 1, 1}}),
               KernelArgs().add(ds).add(dsteps).add(dpeak).add(n));
  auto steps = download<uint32_t>(dev, dsteps, n);
  auto peak = download<uint32_t>(dev, dpeak, n);
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t x = start[i], s = 0, p = x;
    while (x != 1 && s < 1000) {
      x = (x & 1) ? 3 * x + 1 : x >> 1;
      p = std::max(x, p);
      ++s;
    }
    ASSERT_EQ(steps[i], s) << "start " << start[i];
    ASSERT_EQ(peak[i], p) << "start " << start[i];
  }
}

TEST_P(EmuSuite, DivergentNestedBranches) {
  auto m = load("divergence.cl");
  ASSERT_TRUE(m);
  const uint32_t n = 4096;
  auto a = randomInts<uint32_t>(n, 71);
  for (uint32_t i = 0; i < 64; ++i) // some lanes take the early return (w reaches 33)
    a[i * 7] = (a[i * 7] & 0xFFFF0) | (uint32_t{42 + 9 * (i % 50)} << 20) | 0xC;
  const uint64_t da = upload(dev, a);
  const uint64_t dout = upload(dev, std::vector<uint32_t>(n, 0xDEADBEEFu));
  SUITE_LAUNCH(m, "nested_branches", (LaunchConfig{{n, 1, 1}, {256, 1, 1}}),
               KernelArgs().add(da).add(dout));
  auto out = download<uint32_t>(dev, dout, n);
  uint32_t earlyReturns = 0;
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t v = a[i];
    uint32_t r = 0;
    bool writes = true;
    if (v & 1) {
      if (v & 2) {
        for (uint32_t k = 0; k < (v >> 4 & 15); ++k) {
          if (k == 11)
            break;
          r += k * v;
        }
      } else {
        r = 0u - v;
      }
    } else {
      switch ((v >> 2) & 3) {
      case 0:
        r = v * 3u;
        break;
      case 1:
        for (uint32_t k = 0; k < (v >> 8 & 31); ++k) {
          if ((k ^ v) & 4)
            continue;
          r ^= k << 3;
        }
        break;
      case 2:
        r = static_cast<uint32_t>(static_cast<int32_t>(v) / 7);
        break;
      default: {
        uint32_t w = v >> 20;
        while (w > 10) {
          w -= 9;
          if (w == 33) {
            writes = false;
            break;
          }
        }
        r = w;
      }
      }
    }
    earlyReturns += !writes;
    ASSERT_EQ(out[i], writes ? r : 0xDEADBEEFu) << "i=" << i << " v=" << hexBits(v);
  }
  EXPECT_GT(earlyReturns, 10u);
}

uint64_t mulhi64(uint64_t a, uint64_t b) {
  return static_cast<uint64_t>((static_cast<unsigned __int128>(a) * b) >> 64);
}

TEST_P(EmuSuite, Int64Math) {
  auto m = load("integer.cl");
  ASSERT_TRUE(m);
  const uint32_t n = 777;
  auto a = randomInts<uint64_t>(n, 81), b = randomInts<uint64_t>(n, 82);
  a[0] = 0;
  b[0] = 0;
  a[1] = b[1] = 0x8000000000000000ull;
  a[2] = ~0ull;
  b[2] = 63;
  const uint64_t da = upload(dev, a), db = upload(dev, b), dout = dev.alloc(n * 14 * 8);
  SUITE_LAUNCH(m, "i64_math", (LaunchConfig{{n, 1, 1}, {128, 1, 1}}),
               KernelArgs().add(da).add(db).add(dout).add(n));
  auto out = download<uint64_t>(dev, dout, n * 14);
  for (uint32_t i = 0; i < n; ++i) {
    const uint64_t x = a[i], y = b[i];
    const unsigned sh = y & 63;
    const int64_t sx = static_cast<int64_t>(x), sy = static_cast<int64_t>(y);
    uint64_t rev = 0;
    for (int k = 0; k < 64; ++k)
      rev |= ((x >> k) & 1) << (63 - k);
    uint64_t swapped = 0;
    for (int k = 0; k < 8; ++k)
      swapped |= ((y >> (8 * k)) & 0xFF) << (56 - 8 * k);
    const uint64_t want[14] = {
        x + y,
        x - y * 5,
        x * y,
        mulhi64(x, y),
        x << sh,
        x >> sh,
        static_cast<uint64_t>(sx >> sh),
        std::rotl(x, static_cast<int>(sh)),
        static_cast<uint64_t>(std::countl_zero(x | 1)) |
            static_cast<uint64_t>(std::countr_zero(y | (1ull << 63))) << 8 |
            static_cast<uint64_t>(std::popcount(x)) << 16,
        sx < sy ? x : y,
        std::max(x, y),
        static_cast<uint64_t>(int64_t{static_cast<int32_t>(x)} * static_cast<int32_t>(y)) +
            uint64_t{static_cast<uint32_t>(x)} * static_cast<uint32_t>(y),
        rev,
        swapped ^ uint64_t{x == y} ^ (uint64_t{sx >= 0} << 1)};
    for (int k = 0; k < 14; ++k)
      ASSERT_EQ(out[i * 14 + k], want[k])
          << "i=" << i << " op " << k << " x=" << hexBits(x) << " y=" << hexBits(y);
  }
}

TEST_P(EmuSuite, IntegerDivRem32) {
  auto m = load("integer.cl");
  ASSERT_TRUE(m);
  const uint32_t n = 2000;
  auto a = randomInts<int32_t>(n, 91), b = randomInts<int32_t>(n, 92);
  const int32_t special[] = {1,
                             -1,
                             2,
                             -2,
                             7,
                             -7,
                             3,
                             0x10000,
                             std::numeric_limits<int32_t>::min(),
                             std::numeric_limits<int32_t>::max(),
                             1000,
                             -65536};
  for (uint32_t i = 0; i < n; ++i) {
    if (i % 3 == 0)
      b[i] = special[i / 3 % std::size(special)];
    else if (i % 3 == 1)
      b[i] >>= (i % 31); // divisors of every magnitude
    if (b[i] == 0)
      b[i] = 5;
    if (b[i] == -1 && a[i] == std::numeric_limits<int32_t>::min())
      a[i] = 12345;
  }
  a[3] = std::numeric_limits<int32_t>::min();
  b[3] = 1;
  a[6] = std::numeric_limits<int32_t>::min();
  b[6] = -2;
  const uint64_t da = upload(dev, a), db = upload(dev, b), dout = dev.alloc(n * 10 * 4);
  SUITE_LAUNCH(m, "divrem32", (LaunchConfig{{n, 1, 1}, {256, 1, 1}}),
               KernelArgs().add(da).add(db).add(dout).add(n));
  auto out = download<int32_t>(dev, dout, n * 10);
  for (uint32_t i = 0; i < n; ++i) {
    const int32_t x = a[i], y = b[i];
    const uint32_t ux = static_cast<uint32_t>(x), uy = static_cast<uint32_t>(y);
    const int16_t sx = static_cast<int16_t>(x), sy = static_cast<int16_t>(y | 1);
    const int8_t cx = static_cast<int8_t>(x), cy = static_cast<int8_t>(y | 1);
    const int32_t want[10] = {x / y,
                              x % y,
                              static_cast<int32_t>(ux / uy),
                              static_cast<int32_t>(ux % uy),
                              sx / sy,
                              static_cast<uint16_t>(x) % static_cast<uint16_t>(y | 1),
                              cx / cy +
                                  1000 * (static_cast<uint8_t>(x) % static_cast<uint8_t>(y | 1)),
                              x / 7 + x % 1000,
                              static_cast<int32_t>(ux / 10u + ux % 641u),
                              x / -3 + (x >> 3) / 16};
    for (int k = 0; k < 10; ++k)
      ASSERT_EQ(out[i * 10 + k], want[k]) << "i=" << i << " op " << k << " x=" << x << " y=" << y;
  }
}

TEST_P(EmuSuite, IntegerDivRem64) {
  auto m = load("integer.cl");
  ASSERT_TRUE(m);
  const uint32_t n = 1000;
  auto a = randomInts<int64_t>(n, 101), b = randomInts<int64_t>(n, 102);
  for (uint32_t i = 0; i < n; ++i) {
    if (i % 4 == 1)
      b[i] >>= (i % 63);
    else if (i % 4 == 2)
      b[i] = static_cast<int32_t>(b[i]) >> (i % 29); // 32-bit divisors: the fast path
    else if (i % 4 == 3)
      a[i] >>= (i % 50);
    if (b[i] == 0)
      b[i] = -9;
    if (b[i] == -1 && a[i] == std::numeric_limits<int64_t>::min())
      a[i] = 1;
  }
  a[0] = -1234567890123;
  b[0] = -1;
  b[1] = 1;
  a[1] = std::numeric_limits<int64_t>::min();
  const uint64_t da = upload(dev, a), db = upload(dev, b), dout = dev.alloc(n * 6 * 8);
  SUITE_LAUNCH(m, "divrem64", (LaunchConfig{{n, 1, 1}, {64, 1, 1}}),
               KernelArgs().add(da).add(db).add(dout).add(n));
  auto out = download<int64_t>(dev, dout, n * 6);
  for (uint32_t i = 0; i < n; ++i) {
    const int64_t x = a[i], y = b[i];
    const uint64_t ux = static_cast<uint64_t>(x), uy = static_cast<uint64_t>(y);
    const int64_t want[6] = {x / y,
                             x % y,
                             static_cast<int64_t>(ux / uy),
                             static_cast<int64_t>(ux % uy),
                             x / 1000000007,
                             static_cast<int64_t>(ux % 10)};
    for (int k = 0; k < 6; ++k)
      ASSERT_EQ(out[i * 6 + k], want[k]) << "i=" << i << " op " << k << " x=" << x << " y=" << y;
  }
}

// Arguments by value: char, uchar, short, ushort, int, uint, long, ulong, float, double, half,
// float2, float4, int4 (their offsets come from the code object's metadata).
TEST_P(EmuSuite, ByValueArguments) {
  auto m = load("byvalue.cl");
  ASSERT_TRUE(m);
  const int8_t c = -7;
  const uint8_t uc = 200;
  const int16_t s = -30000;
  const uint16_t us = 65000;
  const int32_t i = -123456789;
  const uint32_t ui = 0xFEDCBA98u;
  const int64_t l = -0x123456789ABCDEFll;
  const uint64_t ul = 0xF0E1D2C3B4A59687ull;
  const float f = 1.5e-3f;
  const double d = -2.75e100;
  const uint16_t h = 0x4248; // 3.140625
  const std::array<float, 2> f2{0.25f, -3.5f};
  const std::array<float, 4> f4{1.0e10f, -2.0f, 7.125f, 1e-3f};
  const std::array<int32_t, 4> i4{1234, -5678, 0x7000000, -99};
  const uint32_t items = 64;
  const uint64_t out = dev.alloc(items * 20 * 8);
  SUITE_LAUNCH(m, "byval_scalars", (LaunchConfig{{items, 1, 1}, {items, 1, 1}}),
               KernelArgs()
                   .add(out)
                   .add(c)
                   .add(uc)
                   .add(s)
                   .add(us)
                   .add(i)
                   .add(ui)
                   .add(l)
                   .add(ul)
                   .add(f)
                   .add(d)
                   .add(h)
                   .add(f2)
                   .add(f4)
                   .add(i4));
  auto o = download<uint64_t>(dev, out, items * 20);
  auto pair = [](float lo, float hi) { return uint64_t{bits(lo)} | uint64_t{bits(hi)} << 32; };
  for (uint32_t k = 0; k < items; ++k) {
    const uint64_t want[20] = {
        static_cast<uint64_t>(int64_t{c}),
        uc,
        static_cast<uint64_t>(int64_t{s}),
        us,
        static_cast<uint64_t>(int64_t{i}),
        ui,
        static_cast<uint64_t>(l),
        ul,
        bits(f),
        bits(d),
        h,
        pair(f2[0], f2[1]),
        pair(f4[0], f4[1]),
        pair(f4[2], f4[3]),
        static_cast<uint32_t>(i4[0]) | uint64_t{static_cast<uint32_t>(i4[1])} << 32,
        static_cast<uint32_t>(i4[2]) | uint64_t{static_cast<uint32_t>(i4[3])} << 32,
        static_cast<uint64_t>(int64_t{c} + s + i + l + k) ^ (uint64_t{uc} << 8) ^
            (uint64_t{us} << 16) ^ ul ^ ui,
        bits(f * f2[1] + f4[2] + static_cast<float>(halfToDouble(h))),
        bits(d * static_cast<double>(f4[3]) + static_cast<double>(k)),
        static_cast<uint32_t>(i4[0] * i4[1] + i4[2] - i4[3] + static_cast<int32_t>(k))};
    for (int j = 0; j < 20; ++j)
      ASSERT_EQ(o[k * 20 + j], want[j]) << "work-item " << k << " field " << j;
  }
}

INSTANTIATE_TEST_SUITE_P(Config, EmuSuite, allConfigs(), configName);

} // namespace
} // namespace gcnkit::emutest::suite
