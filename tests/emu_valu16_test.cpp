// 16-bit VALU, packed math (VOP3P), dot products and WMMA: clang-19 OpenCL kernels (half,
// half2, short, short2, the dot / WMMA builtins, and inline assembly for the op_sel / neg /
// mix forms clang does not choose) run in wave32 and wave64 and are compared bit for bit with
// host references computed with GCC's _Float16 (NaNs compare as NaN: payloads are not
// specified).
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "emu_kernel_util.h"

namespace gcnkit::emutest {
namespace {

using runtime::Device;
using runtime::KernelArgs;
using runtime::LaunchConfig;
using F16 = _Float16;

uint16_t hb(F16 x) { return std::bit_cast<uint16_t>(x); }
F16 hf(uint32_t b) { return std::bit_cast<F16>(static_cast<uint16_t>(b)); }
float f(uint32_t b) { return std::bit_cast<float>(b); }
uint32_t fb(float x) { return std::bit_cast<uint32_t>(x); }
double hd(uint32_t b) { return static_cast<double>(hf(b)); }
// The correctly rounded f16 of a double (libgcc's conversion, independent of the emulator's).
uint16_t toH(double d) { return hb(static_cast<F16>(d)); }
bool nanH(uint32_t b) { return (b & 0x7FFF) > 0x7C00; }

::testing::AssertionResult sameH(uint32_t got, uint32_t want) {
  got &= 0xFFFF, want &= 0xFFFF;
  if (got == want || (nanH(got) && nanH(want)))
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << std::hex << "got 0x" << got << " want 0x" << want;
}
::testing::AssertionResult sameF(uint32_t got, uint32_t want) {
  if (got == want || (std::isnan(f(got)) && std::isnan(f(want))))
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << std::hex << "got 0x" << got << " want 0x" << want;
}

// ±0, the smallest / largest denormals, the smallest normal, ±1, 1/3, the largest finite, ±inf,
// quiet and signaling NaNs, 3, -5.
constexpr uint16_t kSpecials[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x0400,
                                  0x3C00, 0xBC00, 0x3555, 0x7BFF, 0xFBFF, 0x7C00,
                                  0xFC00, 0x7E00, 0x7D00, 0x4200, 0xC500};
constexpr size_t kNumSpecials = sizeof(kSpecials) / sizeof(kSpecials[0]);

// Pairs (x[i], y[i]) of every two specials first, then random finite values.
void halfInputs(size_t n, uint32_t seed, std::vector<uint16_t> &x, std::vector<uint16_t> &y,
                std::vector<uint16_t> &z) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(-300.0f, 300.0f);
  x.resize(n), y.resize(n), z.resize(n);
  for (size_t i = 0; i < n; ++i) {
    if (i < kNumSpecials * kNumSpecials) {
      x[i] = kSpecials[i / kNumSpecials];
      y[i] = kSpecials[i % kNumSpecials];
      z[i] = kSpecials[(i * 7) % kNumSpecials];
    } else {
      x[i] = hb(static_cast<F16>(d(rng)));
      y[i] = (i % 5 == 0) ? static_cast<uint16_t>(rng() & 0x83FF) // denormals
                          : hb(static_cast<F16>(d(rng) / 64.0f));
      z[i] = hb(static_cast<F16>(d(rng)));
    }
  }
}

class EmuValu16 : public ::testing::TestWithParam<unsigned> {
protected:
  unsigned wave() const { return GetParam(); }
  Device dev;
};

constexpr const char *kFp16 = "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n";

// ---- scalar half
// ---------------------------------------------------------------------------------

F16 maxRef(F16 a, F16 b) {
  if (a != a)
    return b;
  if (b != b)
    return a;
  if (a == b)
    return hf(hb(a) & hb(b));
  return a > b ? a : b;
}
F16 minRef(F16 a, F16 b) {
  if (a != a)
    return b;
  if (b != b)
    return a;
  if (a == b)
    return hf(hb(a) | hb(b));
  return a < b ? a : b;
}
// v_div_fixup_f16 of the quotient q = x / y (the ISA's special cases).
uint16_t divFixup(uint16_t q, uint16_t y, uint16_t x) {
  const uint16_t sign = (x ^ y) & 0x8000;
  const uint16_t ya = y & 0x7FFF, xa = x & 0x7FFF;
  if (nanH(x))
    return x | 0x200;
  if (nanH(y))
    return y | 0x200;
  if ((ya == 0 && xa == 0) || (ya == 0x7C00 && xa == 0x7C00))
    return 0xFE00;
  if (ya == 0 || xa == 0x7C00)
    return sign | 0x7C00;
  if (ya == 0x7C00 || xa == 0)
    return sign;
  return sign | (q & 0x7FFF);
}

TEST_P(EmuValu16, HalfScalarOps) {
  auto m = buildModule(dev, std::string(kFp16) + R"(
__kernel void h(__global const ushort *xa, __global const ushort *ya, __global const ushort *za,
                __global const float *fin, __global const short *sa, __global ushort *out,
                __global float *fout, __global int *iout, int n) {
  int i = get_global_id(0);
  if (i >= n) return;
  half x = as_half(xa[i]), y = as_half(ya[i]), z = as_half(za[i]);
  __global half *o = (__global half *)out + i * 12;
  o[0] = x + y;
  o[1] = x - y;
  o[2] = x * y;
  o[3] = fma(x, y, z);
  o[4] = fmax(x, y);
  o[5] = fmin(x, y);
  o[6] = sqrt(x);
  o[7] = (half)fin[i];
  o[8] = floor(x);
  o[9] = (half)sa[i];
  o[10] = (half)(ushort)sa[i];
  o[11] = x / y;
  fout[2 * i] = (float)x;
  fout[2 * i + 1] = (float)x * (float)y + fin[i];
  iout[i] = (x < y) | (x == y) << 1 | (x != x) << 2 | (x >= z) << 3 | ((as_ushort(y) & 0x7fff) == 0x7c00) << 4;
})",
                       wave());
  ASSERT_TRUE(m);
  const int n = 1000;
  std::vector<uint16_t> x, y, z;
  halfInputs(n, 11, x, y, z);
  std::vector<float> fin(n);
  std::vector<int16_t> sa(n);
  std::mt19937 rng(5);
  constexpr uint32_t kFloatSpecials[] = {0x00000001, 0x80000000, 0x33000000, 0x33000001,
                                         0x387FC000, 0x477FE000, 0x477FF000, 0x7F800000,
                                         0x3F801000, 0x3F803000, 0x3F802000, 0x7FC00000};
  for (int i = 0; i < n; ++i) {
    fin[i] = i < 12 ? f(kFloatSpecials[i]) : std::ldexp(static_cast<float>(rng()), -20 - i % 20);
    sa[i] = static_cast<int16_t>(rng());
  }
  const uint64_t dx = upload(dev, x), dy = upload(dev, y), dz = upload(dev, z);
  const uint64_t dfin = upload(dev, fin), dsa = upload(dev, sa);
  const uint64_t dout = dev.alloc(n * 12 * 2), dfout = dev.alloc(n * 8), diout = dev.alloc(n * 4);
  auto r = runtime::launch(
      dev, *m, "h", LaunchConfig{{n, 1, 1}, {128, 1, 1}},
      KernelArgs().add(dx).add(dy).add(dz).add(dfin).add(dsa).add(dout).add(dfout).add(diout).add(
          n));
  ASSERT_TRUE(r.ok()) << r.error;
  auto out = download<uint16_t>(dev, dout, n * 12);
  auto fout = download<uint32_t>(dev, dfout, n * 2);
  auto iout = download<int32_t>(dev, diout, n);
  for (int i = 0; i < n; ++i) {
    const F16 a = hf(x[i]), b = hf(y[i]), c = hf(z[i]);
    const uint16_t *o = &out[i * 12];
    SCOPED_TRACE(testing::Message() << std::hex << "i=" << std::dec << i << std::hex << " x=0x"
                                    << x[i] << " y=0x" << y[i] << " z=0x" << z[i]);
    const F16 sum = a + b, diff = a - b, prod = a * b;
    EXPECT_TRUE(sameH(o[0], hb(sum)));
    EXPECT_TRUE(sameH(o[1], hb(diff)));
    EXPECT_TRUE(sameH(o[2], hb(prod)));
    EXPECT_TRUE(sameH(o[3], toH(hd(x[i]) * hd(y[i]) + hd(z[i]))));
    EXPECT_TRUE(sameH(o[4], hb(maxRef(a, b))));
    EXPECT_TRUE(sameH(o[5], hb(minRef(a, b))));
    EXPECT_TRUE(sameH(o[6], toH(std::sqrt(hd(x[i])))));
    EXPECT_TRUE(sameH(o[7], hb(static_cast<F16>(fin[i]))));
    EXPECT_TRUE(sameH(o[8], toH(std::floor(hd(x[i])))));
    EXPECT_TRUE(sameH(o[9], toH(sa[i])));
    EXPECT_TRUE(sameH(o[10], toH(static_cast<uint16_t>(sa[i]))));
    // x / y: f32 reciprocal, the product rounded once to f16 (v_fma_mixlo_f16), then fixup.
    const float rcp = 1.0f / static_cast<float>(b);
    const uint16_t q = toH(static_cast<double>(static_cast<float>(a)) * rcp);
    EXPECT_TRUE(sameH(o[11], divFixup(q, y[i], x[i])));
    EXPECT_TRUE(sameF(fout[2 * i], fb(static_cast<float>(a))));
    EXPECT_TRUE(
        sameF(fout[2 * i + 1], fb(std::fma(static_cast<float>(a), static_cast<float>(b), fin[i]))));
    const int want = (a < b) | (a == b) << 1 | (a != a) << 2 | (a >= c) << 3 |
                     (std::isinf(static_cast<float>(b))) << 4;
    EXPECT_EQ(iout[i], want);
    if (HasFailure())
      break;
  }
}

// ---- short / ushort ---------------------------------------------------------------------------

TEST_P(EmuValu16, ShortOps) {
  auto m = buildModule(dev, R"(
__kernel void s(__global const short *a, __global const short *b, __global const ushort *ua,
                __global const ushort *ub, __global short *o, __global ushort *uo, int n) {
  int i = get_global_id(0);
  if (i >= n) return;
  short x = a[i], y = b[i];
  ushort u = ua[i], v = ub[i];
  __global short *so = o + i * 8;
  so[0] = x + y;
  so[1] = x - y;
  so[2] = x * y;
  so[3] = x >> (y & 15);
  so[4] = x < y ? x : y;
  so[5] = x > y ? x : y;
  so[6] = x * y + (short)(u & 0x7f);
  so[7] = (short)(x << (v & 15));
  __global ushort *p = uo + i * 6;
  p[0] = u >> (v & 15);
  p[1] = u < v ? u : v;
  p[2] = u > v ? u : v;
  p[3] = u * v + 7;
  p[4] = u - v;
  p[5] = (u & v) ^ (u | 3);
})",
                       wave());
  ASSERT_TRUE(m);
  const int n = 777;
  std::mt19937 rng(9);
  std::vector<int16_t> a(n), b(n);
  std::vector<uint16_t> ua(n), ub(n);
  for (int i = 0; i < n; ++i) {
    a[i] = static_cast<int16_t>(rng()), b[i] = static_cast<int16_t>(i % 3 ? rng() : a[i]);
    ua[i] = static_cast<uint16_t>(rng()), ub[i] = static_cast<uint16_t>(rng());
  }
  const uint64_t da = upload(dev, a), db = upload(dev, b), dua = upload(dev, ua),
                 dub = upload(dev, ub);
  const uint64_t dso = dev.alloc(n * 16), duo = dev.alloc(n * 12);
  auto r = runtime::launch(dev, *m, "s", LaunchConfig{{n, 1, 1}, {64, 1, 1}},
                           KernelArgs().add(da).add(db).add(dua).add(dub).add(dso).add(duo).add(n));
  ASSERT_TRUE(r.ok()) << r.error;
  auto so = download<int16_t>(dev, dso, n * 8);
  auto uo = download<uint16_t>(dev, duo, n * 6);
  for (int i = 0; i < n; ++i) {
    const int16_t x = a[i], y = b[i];
    const uint16_t u = ua[i], v = ub[i];
    const int16_t ws[8] = {int16_t(x + y),
                           int16_t(x - y),
                           int16_t(x * y),
                           int16_t(x >> (y & 15)),
                           std::min(x, y),
                           std::max(x, y),
                           int16_t(x * y + (u & 0x7f)),
                           int16_t(x << (v & 15))};
    const uint16_t wu[6] = {uint16_t(u >> (v & 15)), std::min(u, v),  std::max(u, v),
                            uint16_t(u * v + 7),     uint16_t(u - v), uint16_t((u & v) ^ (u | 3))};
    for (int k = 0; k < 8; ++k)
      ASSERT_EQ(so[i * 8 + k], ws[k]) << "i=" << i << " k=" << k;
    for (int k = 0; k < 6; ++k)
      ASSERT_EQ(uo[i * 6 + k], wu[k]) << "i=" << i << " k=" << k;
  }
}

// ---- packed ---------------------------------------------------------------------------------

TEST_P(EmuValu16, PackedHalf2AndShort2) {
  auto m = buildModule(dev, std::string(kFp16) + R"(
__kernel void p(__global const half2 *a, __global const half2 *b, __global const half2 *c,
                __global const short2 *sa, __global const short2 *sb, __global const float *fin,
                __global half2 *o, __global short2 *so, __global float *fo, int n) {
  int i = get_global_id(0);
  if (i >= n) return;
  half2 x = a[i], y = b[i], z = c[i];
  __global half2 *q = o + i * 6;
  q[0] = x + y;
  q[1] = x * y;
  q[2] = fma(x, y, z);
  q[3] = fma(x.yx, y, (half2)(2.0h, 2.0h));
  q[4] = fmax(x, y) - z;
  q[5] = fma(y, (half2)(0.5h, -3.0h), -x);
  short2 s = sa[i], t = sb[i];
  __global short2 *r = so + i * 4;
  r[0] = s + t;
  r[1] = s * t;
  r[2] = s >> (short2)(3, 9);
  r[3] = as_short2((ushort2)(as_ushort2(s) >> (ushort2)(1, 14))) - t;
  fo[i] = __builtin_amdgcn_fdot2(x, y, fin[i], false);
})",
                       wave());
  ASSERT_TRUE(m);
  const int n = 600;
  std::vector<uint16_t> x, y, z;
  halfInputs(2 * n, 21, x, y, z);
  // Keep the dot-product inputs exact in double: small magnitudes.
  std::vector<float> fin(n);
  std::vector<int16_t> sa(2 * n), sb(2 * n);
  std::mt19937 rng(4);
  for (int i = 0; i < n; ++i)
    fin[i] = static_cast<float>(static_cast<int>(rng() % 2000) - 1000) / 8.0f;
  for (int i = 0; i < 2 * n; ++i)
    sa[i] = static_cast<int16_t>(rng()), sb[i] = static_cast<int16_t>(rng());
  const uint64_t da = upload(dev, x), db = upload(dev, y), dc = upload(dev, z);
  const uint64_t dsa = upload(dev, sa), dsb = upload(dev, sb), dfin = upload(dev, fin);
  const uint64_t dout = dev.alloc(n * 6 * 4), dso = dev.alloc(n * 4 * 4), dfo = dev.alloc(n * 4);
  auto r = runtime::launch(dev, *m, "p", LaunchConfig{{n, 1, 1}, {64, 1, 1}},
                           KernelArgs()
                               .add(da)
                               .add(db)
                               .add(dc)
                               .add(dsa)
                               .add(dsb)
                               .add(dfin)
                               .add(dout)
                               .add(dso)
                               .add(dfo)
                               .add(n));
  ASSERT_TRUE(r.ok()) << r.error;
  auto out = download<uint16_t>(dev, dout, n * 12);
  auto so = download<int16_t>(dev, dso, n * 8);
  auto fo = download<uint32_t>(dev, dfo, n);
  auto fma16 = [](uint16_t p, uint16_t q, uint16_t s) { return toH(hd(p) * hd(q) + hd(s)); };
  for (int i = 0; i < n; ++i) {
    SCOPED_TRACE(testing::Message() << "i=" << i);
    for (int e = 0; e < 2; ++e) {
      const uint16_t xe = x[2 * i + e], ye = y[2 * i + e], ze = z[2 * i + e];
      const uint16_t xs = x[2 * i + 1 - e]; // x.yx
      const uint16_t *q = &out[i * 12 + e];
      EXPECT_TRUE(sameH(q[0], hb(hf(xe) + hf(ye))));
      EXPECT_TRUE(sameH(q[2], hb(hf(xe) * hf(ye))));
      EXPECT_TRUE(sameH(q[4], fma16(xe, ye, ze)));
      EXPECT_TRUE(sameH(q[6], fma16(xs, ye, 0x4000)));
      const F16 mx = maxRef(hf(xe), hf(ye));
      EXPECT_TRUE(sameH(q[8], hb(static_cast<F16>(mx - hf(ze)))));
      EXPECT_TRUE(sameH(q[10], fma16(ye, e ? 0xC200 : 0x3800, xe ^ 0x8000)));
      const int16_t s = sa[2 * i + e], t = sb[2 * i + e];
      const int16_t *rr = &so[i * 8 + e];
      EXPECT_EQ(rr[0], int16_t(s + t));
      EXPECT_EQ(rr[2], int16_t(s * t));
      EXPECT_EQ(rr[4], int16_t(s >> (e ? 9 : 3)));
      EXPECT_EQ(rr[6], int16_t(uint16_t(uint16_t(s) >> (e ? 14 : 1)) - t));
    }
    const double dot = hd(x[2 * i]) * hd(y[2 * i]) + hd(x[2 * i + 1]) * hd(y[2 * i + 1]);
    EXPECT_TRUE(sameF(fo[i], fb(static_cast<float>(dot + fin[i]))));
    if (HasFailure())
      break;
  }
}

// ---- dot products ------------------------------------------------------------------------------

uint16_t bf16Of(float v) { // round to nearest even
  const uint32_t b = fb(v);
  return static_cast<uint16_t>((b + 0x7FFF + ((b >> 16) & 1)) >> 16);
}
// A double to bf16 with one rounding: through an f32 rounded to odd (no double rounding).
uint16_t bf16Of(double d) {
  float x = static_cast<float>(d);
  if (static_cast<double>(x) != d) {
    uint32_t b = fb(x);
    if (std::fabs(static_cast<double>(x)) > std::fabs(d))
      --b;
    x = f(b | 1);
  }
  return bf16Of(x);
}
double bfd(uint16_t b) { return f(uint32_t{b} << 16); }

TEST_P(EmuValu16, DotProducts) {
  auto m = buildModule(dev, std::string(kFp16) + R"(
typedef short short2v __attribute__((ext_vector_type(2)));
__kernel void d(__global const uint *in, __global uint *out, int n) {
  int i = get_global_id(0);
  if (i >= n) return;
  uint a = in[4 * i], b = in[4 * i + 1], c = in[4 * i + 2], e = in[4 * i + 3];
  __global uint *o = out + 8 * i;
  o[0] = as_ushort(__builtin_amdgcn_fdot2_f16_f16(as_half2(a), as_half2(b), as_half((ushort)c)));
  o[1] = (ushort)__builtin_amdgcn_fdot2_bf16_bf16(as_short2(a), as_short2(b), (short)c);
  o[2] = as_uint(__builtin_amdgcn_fdot2_f32_bf16(as_short2(a), as_short2(b), as_float(e), false));
  o[3] = __builtin_amdgcn_sudot4(true, a, false, b, c, false);
  o[4] = __builtin_amdgcn_sudot4(true, a, true, b, e, true);
  o[5] = __builtin_amdgcn_udot4(a, b, e, true);
  o[6] = __builtin_amdgcn_sudot8(false, a, true, b, c, false);
  o[7] = __builtin_amdgcn_udot8(a, b, c, false);
})",
                       wave());
  ASSERT_TRUE(m);
  const int n = 500;
  std::mt19937 rng(77);
  std::vector<uint32_t> in(4 * n);
  for (int i = 0; i < n; ++i) {
    auto smallHalf = [&] { return uint32_t{hb(static_cast<F16>((int(rng() % 64) - 32) / 4.0))}; };
    auto smallBf = [&] { return uint32_t{bf16Of((int(rng() % 64) - 32) / 8.0f)}; };
    const bool bfInputs = i % 2;
    in[4 * i] = bfInputs ? smallBf() | smallBf() << 16 : smallHalf() | smallHalf() << 16;
    in[4 * i + 1] = bfInputs ? smallBf() | smallBf() << 16 : smallHalf() | smallHalf() << 16;
    in[4 * i + 2] = i % 3 ? (bfInputs ? smallBf() : smallHalf()) : static_cast<uint32_t>(rng());
    in[4 * i + 3] = i % 4 ? fb(static_cast<float>(int(rng() % 1000) - 500) / 16.0f)
                          : static_cast<uint32_t>(0x7FFFFFF0 + rng() % 16);
  }
  const uint64_t din = upload(dev, in), dout = dev.alloc(n * 8 * 4);
  auto r = runtime::launch(dev, *m, "d", LaunchConfig{{n, 1, 1}, {64, 1, 1}},
                           KernelArgs().add(din).add(dout).add(n));
  ASSERT_TRUE(r.ok()) << r.error;
  auto out = download<uint32_t>(dev, dout, n * 8);
  for (int i = 0; i < n; ++i) {
    const uint32_t a = in[4 * i], b = in[4 * i + 1], c = in[4 * i + 2], e = in[4 * i + 3];
    const uint32_t *o = &out[8 * i];
    SCOPED_TRACE(testing::Message()
                 << std::hex << "i=" << i << " a=" << a << " b=" << b << " c=" << c << " e=" << e);
    const double hdot = hd(a) * hd(b) + hd(a >> 16) * hd(b >> 16);
    EXPECT_TRUE(sameH(o[0], toH(hdot + hd(c))));
    const double bdot = bfd(a & 0xFFFF) * bfd(b & 0xFFFF) + bfd(a >> 16) * bfd(b >> 16);
    const auto flushBf = [](uint16_t v) { return (v & 0x7F80) ? v : uint16_t(v & 0x8000); };
    const uint16_t c16 = flushBf(static_cast<uint16_t>(c));
    if (!std::isnan(bfd(c16)) && !std::isinf(bfd(c16))) {
      EXPECT_EQ(o[1] & 0xFFFF, flushBf(bf16Of(bdot + bfd(c16))));
    }
    EXPECT_TRUE(sameF(o[2], fb(static_cast<float>(bdot + f(e)))));
    int64_t s3 = static_cast<int32_t>(c), s4 = static_cast<int32_t>(e), u5 = e;
    int64_t s6 = static_cast<int32_t>(c), u7 = c;
    for (int k = 0; k < 4; ++k) {
      const int8_t as = static_cast<int8_t>(a >> (8 * k)), bs = static_cast<int8_t>(b >> (8 * k));
      const uint8_t au = static_cast<uint8_t>(a >> (8 * k)),
                    bu = static_cast<uint8_t>(b >> (8 * k));
      s3 += int64_t{as} * bu;
      s4 += int64_t{as} * bs;
      u5 += int64_t{au} * bu;
    }
    for (int k = 0; k < 8; ++k) {
      const uint32_t an = (a >> (4 * k)) & 15, bn = (b >> (4 * k)) & 15;
      const int64_t bsn = bn >= 8 ? int64_t(bn) - 16 : bn;
      s6 += int64_t(an) * bsn;
      u7 += int64_t(an) * bn;
    }
    EXPECT_EQ(o[3], static_cast<uint32_t>(s3));
    EXPECT_EQ(o[4], static_cast<uint32_t>(std::clamp<int64_t>(s4, INT32_MIN, INT32_MAX)));
    EXPECT_EQ(o[5], static_cast<uint32_t>(std::clamp<int64_t>(u5, 0, UINT32_MAX)));
    EXPECT_EQ(o[6], static_cast<uint32_t>(s6));
    EXPECT_EQ(o[7], static_cast<uint32_t>(u7));
    if (HasFailure())
      break;
  }
}

// ---- WMMA ---------------------------------------------------------------------------------------

// The register layout of one 16x16x16 WMMA, written out per lane by the kernel:
// A[lane%16][k] in element k, B[k][lane%16] in element k, C / D element v of lane l is row
// v * (W / 16) + l / 16, column l % 16.
enum class Wmma { F32F16, F32BF16, F16F16, BF16BF16, IU8, IU4 };

std::string wmmaKernel(Wmma kind, unsigned wave) {
  const std::string w = wave == 64 ? "_w64" : "_w32";
  const std::string cn = wave == 64 ? "4" : "8";
  std::string s = std::string(kFp16) + "#define RPR " + std::to_string(wave / 16) + "\n" +
                  "#define CN " + cn + "\n" + R"(
typedef half half16 __attribute__((ext_vector_type(16)));
typedef short short16 __attribute__((ext_vector_type(16)));
typedef float floatC __attribute__((ext_vector_type(CN)));
typedef int intC __attribute__((ext_vector_type(CN)));
typedef int int4v __attribute__((ext_vector_type(4)));
typedef int int2v __attribute__((ext_vector_type(2)));
__kernel void w(__global const uint *A, __global const uint *B, __global const uint *C,
                __global uint *D, uint flags) {
  uint l = __builtin_amdgcn_workitem_id_x(), lane = l % 16;
)";
  switch (kind) {
  case Wmma::F32F16:
  case Wmma::F32BF16: {
    const bool bf = kind == Wmma::F32BF16;
    s += std::string("  ") + (bf ? "short16" : "half16") + " a, b;\n";
    s += std::string("  for (int k = 0; k < 16; ++k) { a[k] = ") +
         (bf ? "(short)A[lane * 16 + k]; b[k] = (short)B[k * 16 + lane]; }\n"
             : "as_half((ushort)A[lane * 16 + k]); b[k] = as_half((ushort)B[k * 16 + lane]); }\n");
    s += "  floatC c;\n  for (int v = 0; v < CN; ++v) c[v] = as_float(C[(v * RPR + l / 16) * 16 + "
         "lane]);\n";
    s += std::string("  floatC d = __builtin_amdgcn_wmma_f32_16x16x16_") + (bf ? "bf16" : "f16") +
         w + "(a, b, c);\n";
    s += "  for (int v = 0; v < CN; ++v) D[(v * RPR + l / 16) * 16 + lane] = as_uint(d[v]);\n";
    break;
  }
  case Wmma::F16F16:
  case Wmma::BF16BF16: {
    const bool bf = kind == Wmma::BF16BF16;
    const std::string t = bf ? "short16" : "half16";
    const std::string ct = bf ? "shortC" : "halfC"; // C / D: 2 * CN halves
    s += std::string("typedef ") + (bf ? "short" : "half") + " " + ct +
         " __attribute__((ext_vector_type(2 * CN)));\n";
    s += "  " + t + " a, b;\n  " + ct + " c;\n";
    s += std::string("  for (int k = 0; k < 16; ++k) { a[k] = ") +
         (bf ? "(short)A[lane * 16 + k]; b[k] = (short)B[k * 16 + lane]; }\n"
             : "as_half((ushort)A[lane * 16 + k]); b[k] = as_half((ushort)B[k * 16 + lane]); }\n");
    // C in the half op_sel picks (the other half of D is not defined by the builtin: clang may
    // give D other registers than C).
    s += "  for (int v = 0; v < CN; ++v) {\n"
         "    uint e = C[(v * RPR + l / 16) * 16 + lane];\n";
    s += bf ? "    c[2 * v + (flags & 1)] = (short)e; c[2 * v + 1 - (flags & 1)] = (short)0x5555;\n"
            : "    c[2 * v + (flags & 1)] = as_half((ushort)e);\n"
              "    c[2 * v + 1 - (flags & 1)] = as_half((ushort)0x5555);\n";
    s += "  }\n";
    s += "  " + ct + " d = (flags & 1) ? __builtin_amdgcn_wmma_" +
         (bf ? std::string("bf16_16x16x16_bf16") : std::string("f16_16x16x16_f16")) + w +
         "(a, b, c, true) : __builtin_amdgcn_wmma_" +
         (bf ? std::string("bf16_16x16x16_bf16") : std::string("f16_16x16x16_f16")) + w +
         "(a, b, c, false);\n";
    s += bf ? "  for (int v = 0; v < CN; ++v) D[(v * RPR + l / 16) * 16 + lane] = "
              "(ushort)d[2 * v + (flags & 1)] | (uint)(ushort)d[2 * v + 1 - (flags & 1)] << 16;\n"
            : "  for (int v = 0; v < CN; ++v) D[(v * RPR + l / 16) * 16 + lane] = "
              "as_ushort(d[2 * v + (flags & 1)]) | (uint)as_ushort(d[2 * v + 1 - (flags & 1)]) "
              "<< 16;\n";
    break;
  }
  case Wmma::IU8:
  case Wmma::IU4: {
    const bool iu8 = kind == Wmma::IU8;
    const std::string vt = iu8 ? "int4v" : "int2v";
    const int per = iu8 ? 4 : 8, bits = iu8 ? 8 : 4;
    s += "  " + vt + " a = 0, b = 0;\n";
    s += "  for (int k = 0; k < 16; ++k) {\n    a[k / " + std::to_string(per) +
         "] |= (int)((A[lane * 16 + k] & " + std::to_string((1 << bits) - 1) + ") << (k % " +
         std::to_string(per) + " * " + std::to_string(bits) + "));\n    b[k / " +
         std::to_string(per) + "] |= (int)((B[k * 16 + lane] & " + std::to_string((1 << bits) - 1) +
         ") << (k % " + std::to_string(per) + " * " + std::to_string(bits) + "));\n  }\n";
    s += "  intC c;\n  for (int v = 0; v < CN; ++v) c[v] = C[(v * RPR + l / 16) * 16 + lane];\n";
    const std::string fn =
        std::string("__builtin_amdgcn_wmma_i32_16x16x16_") + (iu8 ? "iu8" : "iu4") + w;
    // The signedness and clamp flags must be constants: all eight combinations.
    s += "  intC d;\n  switch (flags & 7) {\n";
    for (int v = 0; v < 8; ++v)
      s += "  case " + std::to_string(v) + ": d = " + fn + "(" + (v & 1 ? "true" : "false") +
           ", a, " + (v & 2 ? "true" : "false") + ", b, c, " + (v & 4 ? "true" : "false") +
           "); break;\n";
    s += "  }\n  for (int v = 0; v < CN; ++v) D[(v * RPR + l / 16) * 16 + lane] = d[v];\n";
    break;
  }
  }
  s += "}\n";
  return s;
}

void runWmma(Device &dev, Wmma kind, unsigned wave, uint32_t flags, uint32_t seed) {
  auto m = buildModule(dev, wmmaKernel(kind, wave), wave);
  ASSERT_TRUE(m);
  std::mt19937 rng(seed);
  std::vector<uint32_t> A(256), B(256), C(256);
  const bool isInt = kind == Wmma::IU8 || kind == Wmma::IU4;
  const bool bf = kind == Wmma::F32BF16 || kind == Wmma::BF16BF16;
  // Small multiples of 1/4 (floats): every product and sum is exact, so the order of the
  // accumulation cannot matter and the reference is unambiguous.
  auto elem = [&] {
    const double v = (static_cast<int>(rng() % 33) - 16) / 4.0;
    return bf ? uint32_t{bf16Of(static_cast<float>(v))} : uint32_t{hb(static_cast<F16>(v))};
  };
  for (int i = 0; i < 256; ++i) {
    A[i] = isInt ? rng() : elem();
    B[i] = isInt ? rng() : elem();
    if (isInt)
      C[i] = i % 7 == 0 ? 0x7FFFFF00u + rng() % 256 : (i % 11 == 0 ? 0x80000010u : rng());
    else if (kind == Wmma::F16F16)
      C[i] = hb(static_cast<F16>((static_cast<int>(rng() % 200) - 100) / 8.0));
    else if (kind == Wmma::BF16BF16)
      C[i] = bf16Of((static_cast<int>(rng() % 200) - 100) / 8.0f);
    else
      C[i] = fb((static_cast<int>(rng() % 2000) - 1000) / 8.0f);
  }
  const uint64_t dA = upload(dev, A), dB = upload(dev, B), dC = upload(dev, C),
                 dD = dev.alloc(256 * 4);
  auto r = runtime::launch(dev, *m, "w", LaunchConfig{{wave, 1, 1}, {wave, 1, 1}},
                           KernelArgs().add(dA).add(dB).add(dC).add(dD).add(flags));
  ASSERT_TRUE(r.ok()) << r.error;
  auto D = download<uint32_t>(dev, dD, 256);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      const uint32_t got = D[i * 16 + j];
      SCOPED_TRACE(testing::Message() << "D[" << i << "][" << j << "]");
      if (isInt) {
        const int bits = kind == Wmma::IU8 ? 8 : 4;
        auto val = [&](uint32_t raw, bool sgn) -> int64_t {
          const uint32_t e = raw & ((1u << bits) - 1);
          return sgn && (e >> (bits - 1)) ? int64_t(e) - (int64_t{1} << bits) : int64_t(e);
        };
        int64_t acc = static_cast<int32_t>(C[i * 16 + j]);
        for (int k = 0; k < 16; ++k)
          acc += val(A[i * 16 + k], flags & 1) * val(B[k * 16 + j], flags & 2);
        if (flags & 4)
          acc = std::clamp<int64_t>(acc, INT32_MIN, INT32_MAX);
        ASSERT_EQ(got, static_cast<uint32_t>(acc));
        continue;
      }
      double acc = 0;
      for (int k = 0; k < 16; ++k)
        acc += (bf ? bfd(A[i * 16 + k]) : hd(A[i * 16 + k])) *
               (bf ? bfd(B[k * 16 + j]) : hd(B[k * 16 + j]));
      if (kind == Wmma::F16F16) {
        ASSERT_EQ(got & 0xFFFF, toH(acc + hd(C[i * 16 + j])));
      } else if (kind == Wmma::BF16BF16) {
        ASSERT_EQ(got & 0xFFFF, bf16Of(acc + bfd(C[i * 16 + j])));
      } else {
        ASSERT_EQ(got, fb(static_cast<float>(acc + f(C[i * 16 + j]))));
      }
    }
}

TEST_P(EmuValu16, WmmaF32F16) { runWmma(dev, Wmma::F32F16, wave(), 0, 1); }
TEST_P(EmuValu16, WmmaF32Bf16) { runWmma(dev, Wmma::F32BF16, wave(), 0, 2); }
TEST_P(EmuValu16, WmmaF16F16LowAndHighHalf) {
  runWmma(dev, Wmma::F16F16, wave(), 0, 3);
  runWmma(dev, Wmma::F16F16, wave(), 1, 4);
}
TEST_P(EmuValu16, WmmaBf16Bf16) {
  runWmma(dev, Wmma::BF16BF16, wave(), 0, 5);
  runWmma(dev, Wmma::BF16BF16, wave(), 1, 6);
}
TEST_P(EmuValu16, WmmaIu8SignsAndClamp) {
  for (uint32_t flags : {0u, 1u, 2u, 3u, 7u})
    runWmma(dev, Wmma::IU8, wave(), flags, 10 + flags);
}
TEST_P(EmuValu16, WmmaIu4SignsAndClamp) {
  for (uint32_t flags : {0u, 3u, 6u})
    runWmma(dev, Wmma::IU4, wave(), flags, 20 + flags);
}

// ---- inline assembly: op_sel, neg, mix, true16 and the unary ops over special values ----------

uint32_t lo16(uint32_t v) { return v & 0xFFFF; }
uint32_t hi16(uint32_t v) { return v >> 16; }
uint32_t withLo(uint32_t r, uint32_t lo) { return (r & 0xFFFF0000u) | (lo & 0xFFFF); }
uint32_t withHi(uint32_t r, uint32_t hi) { return (r & 0xFFFFu) | (hi & 0xFFFF) << 16; }
uint32_t fmaH(uint32_t a, uint32_t b, uint32_t c) { return toH(hd(a) * hd(b) + hd(c)); }
// f32 to f16 rounding toward zero.
uint32_t rtzH(float v) {
  uint16_t h = hb(static_cast<F16>(v));
  if (std::isnan(v) || std::isinf(v))
    return h;
  if ((h & 0x7FFF) == 0x7C00 || std::fabs(hd(h)) > std::fabs(static_cast<double>(v)))
    --h; // rounded away from zero: the next value toward zero
  return h;
}

// The instructions' own min / max (IEEE mode): a signaling NaN gives a quiet NaN, a quiet NaN
// gives the other operand.
uint32_t ieeeMax(uint32_t a, uint32_t b) {
  if (nanH(a) && !(a & 0x200))
    return a | 0x200;
  if (nanH(b) && !(b & 0x200))
    return b | 0x200;
  return hb(maxRef(hf(a), hf(b)));
}
uint32_t ieeeMin(uint32_t a, uint32_t b) {
  if (nanH(a) && !(a & 0x200))
    return a | 0x200;
  if (nanH(b) && !(b & 0x200))
    return b | 0x200;
  return hb(minRef(hf(a), hf(b)));
}

struct AsmCase {
  const char *text; // %0: the destination (initially r0), %1..%3: x, y, z; VCC: vcc / vcc_lo
  uint32_t (*ref)(uint32_t r0, uint32_t x, uint32_t y, uint32_t z);
};

// Sources are 32-bit values: two f16 (or 16-bit integers), or an f32 where the op says so.
const AsmCase kAsmCases[] = {
    {"v_fma_f16 %0, %1, %2, %3 op_sel:[1,0,1,1]",
     [](uint32_t r, uint32_t x, uint32_t y, uint32_t z) -> uint32_t {
       return withHi(r, fmaH(hi16(x), lo16(y), hi16(z)));
     }},
    {"v_add_nc_u16 %0, %1, %2 op_sel:[0,1,1] clamp",
     [](uint32_t r, uint32_t x, uint32_t y, uint32_t) -> uint32_t {
       return withHi(r, std::min(lo16(x) + hi16(y), 0xFFFFu));
     }},
    {"v_mad_u32_u16 %0, %1, %2, %3 op_sel:[1,1,0,0]",
     [](uint32_t, uint32_t x, uint32_t y, uint32_t z) -> uint32_t {
       return hi16(x) * hi16(y) + z;
     }},
    {"v_pack_b32_f16 %0, -%1, %2 op_sel:[1,0,0]",
     [](uint32_t, uint32_t x, uint32_t y, uint32_t) -> uint32_t {
       return (hi16(x) ^ 0x8000) | lo16(y) << 16;
     }},
    {"v_pk_add_f16 %0, %1, %2 op_sel:[1,0] op_sel_hi:[0,1] neg_lo:[0,1] neg_hi:[1,0]",
     [](uint32_t, uint32_t x, uint32_t y, uint32_t) -> uint32_t {
       const uint32_t lo = toH(hd(hi16(x)) - hd(lo16(y)));
       const uint32_t hi = toH(-hd(lo16(x)) + hd(hi16(y)));
       return lo | hi << 16;
     }},
    {"v_pk_add_u16 %0, %1, %2 clamp",
     [](uint32_t, uint32_t x, uint32_t y, uint32_t) -> uint32_t {
       return std::min(lo16(x) + lo16(y), 0xFFFFu) | std::min(hi16(x) + hi16(y), 0xFFFFu) << 16;
     }},
    {"v_fma_mix_f32 %0, %1, |%2|, -%3 op_sel:[1,0,1] op_sel_hi:[1,0,1]",
     [](uint32_t, uint32_t x, uint32_t y, uint32_t z) -> uint32_t {
       return fb(std::fma(static_cast<float>(hf(hi16(x))), std::fabs(f(y)),
                          -static_cast<float>(hf(hi16(z)))));
     }},
    {"v_fma_mixhi_f16 %0, %1, %2, %3 op_sel:[0,1,0] op_sel_hi:[1,1,1]",
     [](uint32_t r, uint32_t x, uint32_t y, uint32_t z) -> uint32_t {
       return withHi(r, fmaH(lo16(x), hi16(y), lo16(z)));
     }},
    {"v_fma_mixlo_f16 %0, %1, %2, %3 op_sel_hi:[0,1,0]",
     [](uint32_t r, uint32_t x, uint32_t y, uint32_t z) -> uint32_t {
       return withLo(r, toH(static_cast<double>(f(x)) * hd(lo16(y)) + f(z)));
     }},
    {"v_mov_b16_e32 %0.h, %1.l",
     [](uint32_t r, uint32_t x, uint32_t, uint32_t) -> uint32_t { return withHi(r, lo16(x)); }},
    {"v_cvt_pk_rtz_f16_f32 %0, %1, %2",
     [](uint32_t, uint32_t x, uint32_t y, uint32_t) -> uint32_t {
       return rtzH(f(x)) | rtzH(f(y)) << 16;
     }},
    {"v_dot2_f16_f16 %0, %1, %2, %3 op_sel:[0,0,1,1]",
     [](uint32_t r, uint32_t x, uint32_t y, uint32_t z) -> uint32_t {
       const double d = hd(lo16(x)) * hd(lo16(y)) + hd(hi16(x)) * hd(hi16(y));
       return withHi(r, toH(d + hd(hi16(z))));
     }},
    // An inline constant is in the low half only: with op_sel_hi = 1 the high element reads 0.
    {"v_pk_fma_f16 %0, %1, %2, 1.0",
     [](uint32_t, uint32_t x, uint32_t y, uint32_t) -> uint32_t {
       return fmaH(lo16(x), lo16(y), 0x3C00) | fmaH(hi16(x), hi16(y), 0) << 16;
     }},
    {"v_pk_mul_f16 %0, %1, -2.0 op_sel_hi:[1,0]",
     [](uint32_t, uint32_t x, uint32_t, uint32_t) -> uint32_t {
       return toH(hd(lo16(x)) * -2.0) | toH(hd(hi16(x)) * -2.0) << 16;
     }},
    // v_add_f16_e64 v12, v10, v11 op_sel:[1,0,0,1] (llvm-mc's fake16 mode does not take op_sel
    // here, so it is written as its encoding).
    {"v_mov_b32 v10, %1\n v_mov_b32 v11, %2\n v_mov_b32 v12, %0\n"
     " .long 0xd532480c, 0x0002170a\n v_mov_b32 %0, v12",
     [](uint32_t r, uint32_t x, uint32_t y, uint32_t) -> uint32_t {
       return withHi(r, hb(static_cast<F16>(hf(hi16(x)) + hf(lo16(y)))));
     }},
    {"v_cvt_f32_f16_e64 %0, -|%1|",
     [](uint32_t, uint32_t x, uint32_t, uint32_t) -> uint32_t {
       return fb(-std::fabs(static_cast<float>(hf(lo16(x)))));
     }},
    {"v_cmp_lt_u32_e32 VCC, %1, %2\n v_cndmask_b16 %0, %1, -%2, VCC",
     [](uint32_t r, uint32_t x, uint32_t y, uint32_t) -> uint32_t {
       return withLo(r, x < y ? lo16(y) ^ 0x8000 : lo16(x));
     }},
    {"v_med3_f16 %0, %1, %2, %3 op_sel:[1,1,1,0]",
     [](uint32_t r, uint32_t x, uint32_t y, uint32_t z) -> uint32_t {
       // The ISA's pseudocode: min3 when any input is a NaN, else the max of the two inputs
       // other than the (numerically) largest.
       const uint32_t a = hi16(x), b = hi16(y), c = hi16(z);
       if (nanH(a) || nanH(b) || nanH(c))
         return withLo(r, ieeeMin(ieeeMin(a, b), c));
       const double top = hd(ieeeMax(ieeeMax(a, b), c));
       return withLo(r, top == hd(a)   ? ieeeMax(b, c)
                        : top == hd(b) ? ieeeMax(a, c)
                                       : ieeeMax(a, b));
     }},
    {"v_div_fixup_f16 %0, %1, %2, %3",
     [](uint32_t r, uint32_t x, uint32_t y, uint32_t z) -> uint32_t {
       return withLo(r, divFixup(static_cast<uint16_t>(x), static_cast<uint16_t>(y),
                                 static_cast<uint16_t>(z)));
     }},
    {"v_ldexp_f16 %0, %1, %2",
     [](uint32_t r, uint32_t x, uint32_t y, uint32_t) -> uint32_t {
       const int e = std::clamp(static_cast<int>(static_cast<int16_t>(y)), -100, 100);
       return withLo(r, toH(std::ldexp(hd(lo16(x)), e)));
     }},
    {"v_cvt_f16_f32 %0, %1",
     [](uint32_t r, uint32_t x, uint32_t, uint32_t) -> uint32_t {
       return withLo(r, hb(static_cast<F16>(f(x))));
     }},
};

// Unary f16 operations over the special values (and random ones): D.lo = op(x.lo).
struct UnaryCase {
  const char *op;
  uint32_t (*ref)(uint32_t x);
};
uint32_t unaryD(uint32_t x, double (*fn)(double)) { return toH(fn(hd(x))); }
const UnaryCase kUnaryCases[] = {
    {"v_rcp_f16",
     [](uint32_t x) -> uint32_t { return unaryD(x, [](double v) { return 1.0 / v; }); }},
    {"v_sqrt_f16",
     [](uint32_t x) -> uint32_t { return unaryD(x, [](double v) { return std::sqrt(v); }); }},
    {"v_rsq_f16",
     [](uint32_t x) -> uint32_t { return unaryD(x, [](double v) { return 1.0 / std::sqrt(v); }); }},
    {"v_log_f16",
     [](uint32_t x) -> uint32_t { return unaryD(x, [](double v) { return std::log2(v); }); }},
    {"v_exp_f16",
     [](uint32_t x) -> uint32_t { return unaryD(x, [](double v) { return std::exp2(v); }); }},
    {"v_sin_f16",
     [](uint32_t x) -> uint32_t {
       return unaryD(x, [](double v) { return std::sin(v * 2.0 * M_PI); });
     }},
    {"v_cos_f16",
     [](uint32_t x) -> uint32_t {
       return unaryD(x, [](double v) { return std::cos(v * 2.0 * M_PI); });
     }},
    {"v_floor_f16",
     [](uint32_t x) -> uint32_t { return unaryD(x, [](double v) { return std::floor(v); }); }},
    {"v_ceil_f16",
     [](uint32_t x) -> uint32_t { return unaryD(x, [](double v) { return std::ceil(v); }); }},
    {"v_trunc_f16",
     [](uint32_t x) -> uint32_t { return unaryD(x, [](double v) { return std::trunc(v); }); }},
    {"v_rndne_f16",
     [](uint32_t x) -> uint32_t { return unaryD(x, [](double v) { return std::nearbyint(v); }); }},
    {"v_fract_f16",
     [](uint32_t x) -> uint32_t {
       return unaryD(x, [](double v) {
         return std::isinf(v) ? NAN : std::fmin(v - std::floor(v), 0x1.ffcp-1);
       });
     }},
    {"v_frexp_mant_f16",
     [](uint32_t x) -> uint32_t {
       return unaryD(x, [](double v) {
         int e;
         return std::isinf(v) || std::isnan(v) ? v : std::frexp(v, &e);
       });
     }},
    {"v_frexp_exp_i16_f16",
     [](uint32_t x) -> uint32_t {
       int e = 0;
       const double v = hd(x);
       if (!std::isinf(v) && !std::isnan(v))
         std::frexp(v, &e);
       return static_cast<uint16_t>(e);
     }},
    {"v_cvt_i16_f16",
     [](uint32_t x) -> uint32_t {
       const double v = hd(x);
       return std::isnan(v) ? 0
                            : static_cast<uint16_t>(static_cast<int16_t>(
                                  std::trunc(std::clamp(v, -32768.0, 32767.0))));
     }},
    {"v_cvt_u16_f16",
     [](uint32_t x) -> uint32_t {
       const double v = hd(x);
       return std::isnan(v) ? 0 : static_cast<uint16_t>(std::trunc(std::clamp(v, 0.0, 65535.0)));
     }},
    {"v_cvt_norm_i16_f16",
     [](uint32_t x) -> uint32_t {
       const double v = hd(x);
       return std::isnan(v) ? 0
                            : static_cast<uint16_t>(static_cast<int16_t>(
                                  std::nearbyint(std::clamp(v, -1.0, 1.0) * 32767)));
     }},
    {"v_cvt_f16_i16", [](uint32_t x) -> uint32_t { return toH(static_cast<int16_t>(x)); }},
    {"v_cvt_f16_u16", [](uint32_t x) -> uint32_t { return toH(static_cast<uint16_t>(x)); }},
    {"v_not_b16", [](uint32_t x) -> uint32_t { return ~x & 0xFFFF; }},
};

TEST_P(EmuValu16, InlineAsmModifiersAndHalves) {
  std::string src = "__kernel void a(__global const uint *in, __global uint *out) {\n"
                    "  uint i = get_global_id(0);\n"
                    "  uint x = in[4 * i], y = in[4 * i + 1], z = in[4 * i + 2], "
                    "r0 = in[4 * i + 3], r;\n";
  const size_t cases = std::size(kAsmCases), unary = std::size(kUnaryCases);
  const size_t per = cases + unary;
  const std::string vcc = wave() == 64 ? "vcc" : "vcc_lo";
  for (size_t c = 0; c < cases; ++c) {
    std::string text = kAsmCases[c].text;
    for (size_t at; (at = text.find("VCC")) != std::string::npos;)
      text.replace(at, 3, vcc);
    std::string escaped;
    for (char ch : text)
      escaped += ch == '\n' ? std::string("\\n") : std::string(1, ch);
    src += "  r = r0; __asm__ volatile(\"" + escaped +
           "\" : \"+v\"(r) : \"v\"(x), \"v\"(y), \"v\"(z) : \"v10\", \"v11\", \"v12\", \"vcc\");\n"
           "  out[i * " +
           std::to_string(per) + " + " + std::to_string(c) + "] = r;\n";
  }
  for (size_t u = 0; u < unary; ++u)
    src += "  r = r0; __asm__ volatile(\"" + std::string(kUnaryCases[u].op) +
           " %0, %1\" : \"+v\"(r) : \"v\"(x));\n  out[i * " + std::to_string(per) + " + " +
           std::to_string(cases + u) + "] = r;\n";
  src += "}\n";
  auto m = buildModule(dev, src, wave());
  ASSERT_TRUE(m);
  const int n = 640;
  std::vector<uint16_t> hx, hy, hz;
  halfInputs(2 * n, 31, hx, hy, hz);
  std::vector<uint32_t> in(4 * n);
  std::mt19937 rng(8);
  for (int i = 0; i < n; ++i) {
    // Pairs of specials in both halves (the high halves shifted through the table).
    const int j = (i * 5) % n;
    in[4 * i] = hx[i] | uint32_t{hx[j]} << 16;
    in[4 * i + 1] = hy[i] | uint32_t{hy[j]} << 16;
    in[4 * i + 2] = hz[i] | uint32_t{hz[j]} << 16;
    in[4 * i + 3] = static_cast<uint32_t>(rng());
  }
  const uint64_t din = upload(dev, in), dout = dev.alloc(n * per * 4);
  auto r = runtime::launch(dev, *m, "a", LaunchConfig{{n, 1, 1}, {64, 1, 1}},
                           KernelArgs().add(din).add(dout));
  ASSERT_TRUE(r.ok()) << r.error;
  auto out = download<uint32_t>(dev, dout, n * per);
  for (int i = 0; i < n; ++i) {
    const uint32_t x = in[4 * i], y = in[4 * i + 1], z = in[4 * i + 2], r0 = in[4 * i + 3];
    for (size_t c = 0; c < per; ++c) {
      const uint32_t got = out[i * per + c];
      const uint32_t want = c < cases ? kAsmCases[c].ref(r0, x, y, z)
                                      : withLo(r0, kUnaryCases[c - cases].ref(lo16(x)));
      const char *what = c < cases ? kAsmCases[c].text : kUnaryCases[c - cases].op;
      // 32-bit results (mix_f32, mad_u32_u16, cvt_f32_f16) compare as f32, the others by halves.
      const bool f32Result =
          c < cases && (std::string(what).find("mix_f32") != std::string::npos ||
                        std::string(what).find("cvt_f32_f16") != std::string::npos);
      const bool intResult = c < cases && (std::string(what).find("_u16") != std::string::npos ||
                                           std::string(what).find("_u32") != std::string::npos ||
                                           std::string(what).find("b16_e32") != std::string::npos);
      if (f32Result)
        ASSERT_TRUE(sameF(got, want))
            << what << " i=" << i << std::hex << " x=" << x << " y=" << y << " z=" << z;
      else if (intResult)
        ASSERT_EQ(got, want) << what << " i=" << i;
      else
        ASSERT_TRUE(sameH(got, want) && sameH(got >> 16, want >> 16))
            << what << " i=" << i << std::hex << " x=" << x << " y=" << y << " z=" << z
            << " r0=" << r0;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Waves, EmuValu16, ::testing::Values(32u, 64u),
                         [](const auto &info) { return "Wave" + std::to_string(info.param); });

} // namespace
} // namespace gcnkit::emutest
