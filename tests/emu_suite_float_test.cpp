// The emulator's kernel suite, part 3: f32 / f64 division and square root, f16 and packed f16
// math (OpenCL half / half2). References are host IEEE arithmetic; f16 results are computed in
// double and rounded once to f16 (exact sums and products of halves fit in a double; for
// division the double rounding is harmless since 53 >= 2 * 11 + 2).
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "emu_suite_support.h"

namespace gcnkit::emutest::suite {
namespace {

using runtime::KernelArgs;
using runtime::LaunchConfig;

class EmuSuiteFloat : public ::gcnkit::emutest::suite::SuiteTest {};

// Floats of every magnitude (random exponent and mantissa bits), with zeros, denormals,
// infinities, NaN and the extremes at fixed places.
std::vector<float> wideFloats(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<float> v(n);
  for (float &x : v) {
    const uint32_t exp = rng() % 254 + 1, mant = rng() & 0x7FFFFF, sign = rng() & 0x80000000u;
    x = std::bit_cast<float>(sign | exp << 23 | mant);
  }
  const float special[] = {0.0f,
                           -0.0f,
                           std::numeric_limits<float>::infinity(),
                           -std::numeric_limits<float>::infinity(),
                           std::nanf(""),
                           std::numeric_limits<float>::denorm_min(),
                           -1e-40f,
                           std::numeric_limits<float>::min(),
                           std::numeric_limits<float>::max(),
                           1.0f,
                           3.0f,
                           -7.0f};
  for (size_t k = 0; k < std::size(special) && k * 7 < n; ++k)
    v[k * 7] = special[k];
  return v;
}

// Half the quotients / roots in a moderate range, the rest anywhere.
void divisionInputs(uint32_t n, std::vector<float> &a, std::vector<float> &b) {
  a = wideFloats(n, 301);
  b = wideFloats(n, 302);
  for (uint32_t i = 0; i < n; i += 2)
    if (std::isfinite(a[i]) && std::isfinite(b[i]) && a[i] != 0 && b[i] != 0) {
      int ea = 0, eb = 0;
      std::frexp(a[i], &ea);
      const float mb = std::frexp(b[i], &eb);
      b[i] = std::ldexp(mb, ea + static_cast<int>(i % 41) - 20);
    }
  for (uint32_t k = 0; k < 12; ++k) // specials against specials
    b[k * 7 + 1] = a[(k * 5 % 12) * 7];
}

struct F32DivResults {
  std::vector<float> a, b, q, s;
};

F32DivResults runF32Division(runtime::Device &dev, const runtime::Module &m) {
  F32DivResults r;
  const uint32_t n = 3000;
  divisionInputs(n, r.a, r.b);
  const uint64_t da = upload(dev, r.a), db = upload(dev, r.b), dq = dev.alloc(n * 4),
                 ds = dev.alloc(n * 4);
  auto res = runtime::launch(dev, m, "fdiv_f32", LaunchConfig{{n, 1, 1}, {256, 1, 1}},
                             KernelArgs().add(da).add(db).add(dq).add(ds).add(n));
  EXPECT_TRUE(res.ok()) << "fdiv_f32: " << res.error;
  if (!res.ok())
    return {};
  r.q = download<float>(dev, dq, n);
  r.s = download<float>(dev, ds, n);
  return r;
}

TEST_P(EmuSuiteFloat, DivSqrtF32CorrectlyRounded) {
  auto m = load("fdiv.cl", "-cl-fp32-correctly-rounded-divide-sqrt");
  ASSERT_TRUE(m);
  const F32DivResults r = runF32Division(dev, *m);
  ASSERT_FALSE(r.q.empty());
  int bad = 0; // report up to 8 mismatches, then stop
  for (size_t i = 0; i < r.a.size() && bad < 8; ++i) {
    const float q = r.a[i] / r.b[i], s = std::sqrt(r.a[i]);
    if (!sameF32(r.q[i], q)) {
      ++bad;
      ADD_FAILURE() << "i=" << i << " " << r.a[i] << " / " << r.b[i] << ": got "
                    << hexBits(bits(r.q[i])) << " want " << hexBits(bits(q));
    }
    if (!sameF32(r.s[i], s)) {
      ++bad;
      ADD_FAILURE() << "i=" << i << " sqrt(" << r.a[i] << "): got " << hexBits(bits(r.s[i]))
                    << " want " << hexBits(bits(s));
    }
  }
}

// OpenCL's default f32 division may be 2.5 ulp off and sqrt 3 ulp (clang lowers them to
// v_rcp_f32 / v_sqrt_f32 with scaling): finite results are checked against those bounds,
// infinities, zeros of exact cases and NaNs exactly.
TEST_P(EmuSuiteFloat, DivSqrtF32Default) {
  auto m = load("fdiv.cl");
  ASSERT_TRUE(m);
  const F32DivResults r = runF32Division(dev, *m);
  ASSERT_FALSE(r.q.empty());
  for (size_t i = 0; i < r.a.size(); ++i) {
    const float a = r.a[i], b = r.b[i], q = a / b, s = std::sqrt(a);
    if (std::isnan(q) || std::isinf(q) || a == 0 || std::isinf(b)) {
      ASSERT_TRUE(sameF32(r.q[i], q)) << "i=" << i << " " << a << " / " << b << " got " << r.q[i];
    } else {
      ASSERT_LE(ulpErrorF32(r.q[i], static_cast<double>(a) / b), 2.5)
          << "i=" << i << " " << a << " / " << b << " got " << r.q[i] << " want " << q;
    }
    if (std::isnan(s) || std::isinf(s) || a == 0) {
      ASSERT_TRUE(sameF32(r.s[i], s)) << "i=" << i << " sqrt(" << a << ") got " << r.s[i];
    } else {
      ASSERT_LE(ulpErrorF32(r.s[i], std::sqrt(static_cast<double>(a))), 3.0)
          << "i=" << i << " sqrt(" << a << ") got " << r.s[i] << " want " << s;
    }
  }
}

TEST_P(EmuSuiteFloat, DivSqrtF64) {
  auto m = load("fdiv.cl");
  ASSERT_TRUE(m);
  const uint32_t n = 2000;
  std::mt19937_64 rng(303);
  std::vector<double> a(n), b(n);
  for (uint32_t i = 0; i < n; ++i) {
    // Exponents spread over the whole range for a third, moderate for the rest.
    const uint64_t spread = i % 3 == 0 ? 2046 : 200;
    auto make = [&] {
      const uint64_t exp = rng() % spread + (spread == 2046 ? 1 : 923);
      return std::bit_cast<double>((rng() & 0x800FFFFFFFFFFFFFull) | exp << 52);
    };
    a[i] = make();
    b[i] = make();
  }
  const double inf = std::numeric_limits<double>::infinity();
  const double special[] = {0.0,      -0.0,      inf, -inf, std::nan(""),
                            4.9e-324, -2.2e-308, 1.0, 9.0,  std::numeric_limits<double>::max()};
  for (size_t k = 0; k < std::size(special); ++k) {
    a[k * 11] = special[k];
    b[k * 11 + 1] = special[k];
    a[k * 11 + 2] = special[k];
    b[k * 11 + 2] = special[(k + 3) % std::size(special)];
  }
  const uint64_t da = upload(dev, a), db = upload(dev, b), dq = dev.alloc(n * 8),
                 ds = dev.alloc(n * 8);
  SUITE_LAUNCH(m, "fdiv_f64", (LaunchConfig{{n, 1, 1}, {128, 1, 1}}),
               KernelArgs().add(da).add(db).add(dq).add(ds).add(n));
  auto q = download<double>(dev, dq, n);
  auto s = download<double>(dev, ds, n);
  int bad = 0; // report up to 8 mismatches, then stop
  for (uint32_t i = 0; i < n && bad < 8; ++i) {
    if (!sameF64(q[i], a[i] / b[i])) {
      ++bad;
      ADD_FAILURE() << "i=" << i << " " << a[i] << " / " << b[i] << ": got " << hexBits(bits(q[i]))
                    << " want " << hexBits(bits(a[i] / b[i]));
    }
    if (!sameF64(s[i], std::sqrt(a[i]))) {
      ++bad;
      ADD_FAILURE() << "i=" << i << " sqrt(" << a[i] << "): got " << hexBits(bits(s[i])) << " want "
                    << hexBits(bits(std::sqrt(a[i])));
    }
  }
}

// ---- f16 -----------------------------------------------------------------------------------

// Halves with exponents in [lo, hi] (random sign and mantissa).
std::vector<uint16_t> randomHalves(size_t n, uint32_t seed, int lo, int hi) {
  std::mt19937 rng(seed);
  std::vector<uint16_t> v(n);
  for (uint16_t &h : v) {
    const int e = lo + static_cast<int>(rng() % static_cast<uint32_t>(hi - lo + 1));
    const double mag = std::ldexp(1.0 + (rng() % 1024) / 1024.0, e);
    h = doubleToHalf(rng() & 1 ? -mag : mag);
  }
  return v;
}

double hd(uint16_t h) { return halfToDouble(h); }

// IEEE-mode min / max: a NaN operand yields the other one, -0 < +0.
double minIeee(double a, double b) {
  if (std::isnan(a))
    return b;
  if (std::isnan(b))
    return a;
  if (a == b)
    return std::signbit(a) ? a : b;
  return a < b ? a : b;
}
double maxIeee(double a, double b) {
  if (std::isnan(a))
    return b;
  if (std::isnan(b))
    return a;
  if (a == b)
    return std::signbit(a) ? b : a;
  return a > b ? a : b;
}

// fma of halves in double: the product is exact; the sum must be too for a single rounding.
uint16_t fmaHalf(uint16_t x, uint16_t y, uint16_t z) {
  const double p = hd(x) * hd(y), c = hd(z), s = p + c;
  if (std::isfinite(s)) {
    const double bp = s - c;
    EXPECT_EQ((p - bp) + (c - (s - bp)), 0.0) << "reference fma not exact: test inputs too wide";
  }
  return doubleToHalf(s);
}

uint16_t negHalf(uint16_t h) { return h ^ 0x8000; }

// Adjacent f16 values (one ulp apart, same sign) or equal.
bool withinOneUlpF16(uint16_t got, uint16_t want) {
  if (sameF16(got, want))
    return true;
  if ((got ^ want) & 0x8000)
    return false;
  return got + 1 == want || want + 1 == got;
}

void halfInputs(uint32_t n, std::vector<uint16_t> &a, std::vector<uint16_t> &b,
                std::vector<uint16_t> &c) {
  a = randomHalves(n, 311, -8, 7);
  b = randomHalves(n, 312, -8, 7);
  c = randomHalves(n, 313, -10, 12);
  const uint16_t specialAB[] = {0x7C00, 0xFC00, 0x7E00, 0x0001, 0x83FF, 0x0000,
                                0x8000, 0x7BFF, 0x0400, 0x3C00, 0xBC01};
  for (size_t k = 0; k < std::size(specialAB); ++k) {
    a[k * 5] = specialAB[k];
    b[k * 5 + 1] = specialAB[k];
    a[k * 5 + 2] = specialAB[k];
    b[k * 5 + 2] = specialAB[(k + 4) % std::size(specialAB)];
  }
  c[3] = 0x0000;
  c[8] = 0x8001;  // denormal
  c[13] = 0x77FF; // 32752: still a short after truncation
}

TEST_P(EmuSuiteFloat, HalfScalar) {
  auto m = load("half.cl");
  ASSERT_TRUE(m);
  const uint32_t n = 1000;
  std::vector<uint16_t> a, b, c;
  halfInputs(n, a, b, c);
  const uint64_t da = upload(dev, a), db = upload(dev, b), dc = upload(dev, c),
                 dout = dev.alloc(n * 10 * 2), doutf = dev.alloc(n * 2 * 4);
  SUITE_LAUNCH(m, "half_math", (LaunchConfig{{n, 1, 1}, {64, 1, 1}}),
               KernelArgs().add(da).add(db).add(dc).add(dout).add(doutf).add(n));
  auto out = download<uint16_t>(dev, dout, n * 10);
  auto outf = download<float>(dev, doutf, n * 2);
  for (uint32_t i = 0; i < n; ++i) {
    const uint16_t x = a[i], y = b[i], z = c[i];
    const uint16_t want[9] = {doubleToHalf(hd(x) + hd(y)),
                              doubleToHalf(hd(x) - hd(y)),
                              doubleToHalf(hd(x) * hd(y)),
                              fmaHalf(x, y, z),
                              doubleToHalf(minIeee(hd(x), hd(y))),
                              doubleToHalf(maxIeee(hd(x), hd(z))),
                              hd(x) < hd(y) ? z : negHalf(z),
                              doubleToHalf(hd(x) * 0.75),
                              doubleToHalf(static_cast<int16_t>(i * 37u - 5000u))};
    for (int k = 0; k < 9; ++k)
      ASSERT_TRUE(sameF16(out[i * 10 + k], want[k]))
          << "i=" << i << " op " << k << " x=" << hexBits(x) << " y=" << hexBits(y)
          << " z=" << hexBits(z) << ": got " << hexBits(out[i * 10 + k]) << " want "
          << hexBits(want[k]);
    // f16 division is an f32 reciprocal and multiply (v_rcp_f32 is approximate on hardware)
    // with v_div_fixup_f16; OpenCL allows it 1 ulp.
    const uint16_t q = doubleToHalf(hd(x) / hd(y));
    ASSERT_TRUE(withinOneUlpF16(out[i * 10 + 9], q))
        << "i=" << i << " " << hexBits(x) << " / " << hexBits(y) << ": got "
        << hexBits(out[i * 10 + 9]) << " want " << hexBits(q);
    ASSERT_TRUE(sameF32(outf[2 * i], static_cast<float>(hd(x) + hd(z)))) << "i=" << i;
    ASSERT_TRUE(
        sameF32(outf[2 * i + 1], static_cast<float>(static_cast<int16_t>(std::trunc(hd(z))))))
        << "i=" << i;
  }
}

TEST_P(EmuSuiteFloat, HalfPacked) {
  auto m = load("half.cl");
  ASSERT_TRUE(m);
  const uint32_t n = 600; // half2 elements
  std::vector<uint16_t> a, b, c;
  halfInputs(2 * n, a, b, c);
  const uint64_t da = upload(dev, a), db = upload(dev, b), dc = upload(dev, c),
                 dout = dev.alloc(n * 7 * 4);
  SUITE_LAUNCH(m, "half2_math", (LaunchConfig{{n, 1, 1}, {128, 1, 1}}),
               KernelArgs().add(da).add(db).add(dc).add(dout).add(n));
  auto out = download<uint16_t>(dev, dout, n * 14);
  for (uint32_t i = 0; i < n; ++i) {
    const uint16_t x0 = a[2 * i], x1 = a[2 * i + 1], y0 = b[2 * i], y1 = b[2 * i + 1],
                   z0 = c[2 * i], z1 = c[2 * i + 1];
    const uint16_t want[14] = {doubleToHalf(hd(x0) + hd(y0)),
                               doubleToHalf(hd(x1) + hd(y1)),
                               doubleToHalf(hd(x0) * hd(y0)),
                               doubleToHalf(hd(x1) * hd(y1)),
                               doubleToHalf(hd(x0) - hd(y0)),
                               doubleToHalf(hd(x1) - hd(y1)),
                               fmaHalf(x0, y0, z0),
                               fmaHalf(x1, y1, z1),
                               doubleToHalf(maxIeee(hd(x0), hd(z0))),
                               doubleToHalf(maxIeee(hd(x1), hd(z1))),
                               doubleToHalf(hd(x1) * hd(y0)),
                               doubleToHalf(hd(x0) * hd(y1)),
                               doubleToHalf(hd(x0) + hd(y1)),
                               doubleToHalf(hd(z1) + hd(y1))};
    for (int k = 0; k < 14; ++k)
      ASSERT_TRUE(sameF16(out[i * 14 + k], want[k]))
          << "i=" << i << " op " << k / 2 << " half " << k % 2 << ": got "
          << hexBits(out[i * 14 + k]) << " want " << hexBits(want[k]);
  }
}

INSTANTIATE_TEST_SUITE_P(Config, EmuSuiteFloat, allConfigs(), configName);

} // namespace
} // namespace gcnkit::emutest::suite
