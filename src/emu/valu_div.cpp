// The division and argument-reduction helpers clang's f32 / f64 division, sqrt and libm
// sequences are built from: v_div_scale, v_div_fmas, v_div_fixup, v_trig_preop, and the f64
// forms of frexp / fract. The rules are the ISA's pseudo-code; v_div_fmas rounds its scaled fma
// once (exact_fp.h), so quotients in the denormal range round correctly.
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "emu/exact_fp.h"
#include "emu/registry.h"
#include "emu/valu_exec.h"

namespace gcnkit::emu {

namespace {

using namespace valu;
using u32 = uint32_t;
using u64 = uint64_t;

// Per-type facts: the biased exponent field and the constants of the pseudo-code.
template <class T> struct Fp;
template <> struct Fp<float> {
  using Bits = u32;
  static constexpr int kScale = 64;         // div_scale / div_fmas factor 2^64
  static constexpr int kFarExponents = 96;  // numerator / denominator exponent gap
  static constexpr int kTinyNumerator = 23; // exponent(numerator) <= 23: scale both
  static constexpr int kBias = 127;
  static constexpr int kUnderflowGap = -150; // div_fixup: quotient below every denormal
  static constexpr u32 kDefaultNan = 0xFFC00000u;
  static int exponent(float x) { return static_cast<int>((std::bit_cast<u32>(x) >> 23) & 0xFF); }
  static constexpr int kMaxExponent = 255;
};
template <> struct Fp<double> {
  using Bits = u64;
  static constexpr int kScale = 128;
  static constexpr int kFarExponents = 768;
  static constexpr int kTinyNumerator = 53;
  static constexpr int kBias = 1023;
  static constexpr int kUnderflowGap = -1075;
  static constexpr u64 kDefaultNan = 0xFFF8000000000000ull;
  static int exponent(double x) { return static_cast<int>((std::bit_cast<u64>(x) >> 52) & 0x7FF); }
  static constexpr int kMaxExponent = 2047;
};

template <class T> bool isDenormal(T x) { return std::fpclassify(x) == FP_SUBNORMAL; }

// v_div_scale: S0 is the value to scale (the denominator or the numerator), S1 the denominator,
// S2 the numerator. Scales so that the reciprocal and the quotient stay normal; VCC tells
// v_div_fmas to undo a scaling of the numerator alone.
template <class T> T divScale(T s0, T s1, T s2, bool &vcc) {
  using F = Fp<T>;
  vcc = false;
  if (s2 == 0 || s1 == 0)
    return std::bit_cast<T>(static_cast<typename F::Bits>(F::kDefaultNan));
  if (F::exponent(s2) - F::exponent(s1) >= F::kFarExponents) { // quotient near overflow
    vcc = true;
    return s0 == s1 ? std::ldexp(s0, F::kScale) : s0; // only the denominator is scaled
  }
  if (isDenormal(s1))
    return std::ldexp(s0, F::kScale);
  const bool tinyReciprocal = isDenormal(T(1) / s1);
  const bool tinyQuotient = isDenormal(s2 / s1);
  if (tinyReciprocal && tinyQuotient) {
    // The pseudo-code scales the denominator up here, which overflows a denominator whose
    // reciprocal is denormal (1 / FLT_MAX). Scaling it down keeps the reciprocal normal, puts
    // the quotient 2^64 (2^128) too high, and v_div_fmas scales it back (VCC, small S2).
    vcc = true;
    return s0 == s1 ? std::ldexp(s0, -F::kScale) : s0;
  }
  if (tinyReciprocal)
    return std::ldexp(s0, -F::kScale);
  if (tinyQuotient) {
    vcc = true;
    return s0 == s2 ? std::ldexp(s0, F::kScale) : s0; // only the numerator is scaled
  }
  if (F::exponent(s2) <= F::kTinyNumerator) // numerator tiny: scale both
    return std::ldexp(s0, F::kScale);
  return s0;
}

// v_div_fmas: fma(S0, S1, S2), times 2^+-64 (f64: 2^+-128) in lanes whose VCC bit is set (the
// sign from S2's exponent), rounded once.
template <class T> T divFmas(T a, T b, T c, bool scaled) {
  using F = Fp<T>;
  if (!scaled)
    return std::fma(a, b, c);
  const int k = F::exponent(c) > F::kBias ? F::kScale : -F::kScale;
  if (!std::isfinite(a) || !std::isfinite(b) || !std::isfinite(c))
    return std::fma(a, b, c) * std::ldexp(T(1), k);
  const exactfp::Quad q = exactfp::fmaToOdd(a, b, c);
  if (q == 0)
    return std::fma(a, b, c); // an exact zero: its sign, unscaled
  return exactfp::roundQuad<T>(q * static_cast<exactfp::Quad>(std::ldexp(1.0, k)),
                               exactfp::kNearestEven);
}

template <class T> T quietNan(T x) {
  using B = typename Fp<T>::Bits;
  const B quiet = sizeof(T) == 4 ? B(0x400000u) : B(u64{1} << 51);
  return std::bit_cast<T>(static_cast<B>(std::bit_cast<B>(x) | quiet));
}

// v_div_fixup: S0 the quotient, S1 the denominator, S2 the numerator. The IEEE special cases of
// S2 / S1, otherwise S0 with the quotient's sign.
template <class T> T divFixup(T q, T d, T n) {
  using F = Fp<T>;
  using B = typename F::Bits;
  const bool negative = std::signbit(d) != std::signbit(n);
  const T inf = std::numeric_limits<T>::infinity();
  if (std::isnan(n))
    return quietNan(n);
  if (std::isnan(d))
    return quietNan(d);
  if ((d == 0 && n == 0) || (std::isinf(d) && std::isinf(n)))
    return std::bit_cast<T>(static_cast<B>(F::kDefaultNan));
  if (d == 0 || std::isinf(n))
    return negative ? -inf : inf;
  if (std::isinf(d) || n == 0)
    return negative ? T(-0.0) : T(0.0);
  if (F::exponent(n) - F::exponent(d) < F::kUnderflowGap)
    return negative ? T(-0.0) : T(0.0); // below half the smallest denormal: rounds to 0
  // The scaled quotient overflowed (to inf, or to NaN in the refinement steps): the quotient is
  // beyond the largest finite value.
  if (F::exponent(q) == F::kMaxExponent)
    return negative ? -inf : inf;
  return negative ? -std::fabs(q) : std::fabs(q);
}

// ---- executors --------------------------------------------------------------------------------

template <int W> void divScaleF32(Wave &w, const DecodedInst &in) {
  const u32 *a = lanes32<W>(w, in.src[0], 0);
  const u32 *b = lanes32<W>(w, in.src[1], 1);
  const u32 *c = lanes32<W>(w, in.src[2], 2);
  const u64 exec = execMask<W>(w);
  u32 r[W];
  u64 vcc = 0;
  for (int l = 0; l < W; ++l) {
    bool v;
    r[l] = bits(divScale(f32(a[l]), f32(b[l]), f32(c[l]), v));
    vcc |= u64{v} << l;
  }
  writeLanes<W>(vrow<W>(w, in.vdst), exec, [&](int l) { return r[l]; });
  writeMask<W>(w, in.sdst, vcc & exec);
  if (in.postOps)
    postF32<W>(w, in);
}

template <int W> void divScaleF64(Wave &w, const DecodedInst &in) {
  const u32 *lo[3], *hi[3];
  for (int s = 0; s < 3; ++s)
    lanes64<W>(w, in.src[s], s, lo[s], hi[s]);
  const u64 exec = execMask<W>(w);
  u64 r[W];
  u64 vcc = 0;
  for (int l = 0; l < W; ++l) {
    double x[3];
    for (int s = 0; s < 3; ++s)
      x[s] = f64(lo[s][l] | u64{hi[s][l]} << 32);
    bool v;
    r[l] = bits(divScale(x[0], x[1], x[2], v));
    vcc |= u64{v} << l;
  }
  u32 *dlo = vrow<W>(w, in.vdst), *dhi = vrow<W>(w, static_cast<uint16_t>(in.vdst + 1));
  writeLanes<W>(dlo, exec, [&](int l) { return static_cast<u32>(r[l]); });
  writeLanes<W>(dhi, exec, [&](int l) { return static_cast<u32>(r[l] >> 32); });
  writeMask<W>(w, in.sdst, vcc & exec);
  if (in.postOps)
    postF64<W>(w, in);
}

template <int W> void divFmasF32(Wave &w, const DecodedInst &in) {
  const u64 vcc = w.vcc();
  const u32 *a = lanes32<W>(w, in.src[0], 0);
  const u32 *b = lanes32<W>(w, in.src[1], 1);
  const u32 *c = lanes32<W>(w, in.src[2], 2);
  writeLanes<W>(vrow<W>(w, in.vdst), execMask<W>(w), [&](int l) {
    return bits(divFmas(f32(a[l]), f32(b[l]), f32(c[l]), (vcc >> l) & 1));
  });
  if (in.postOps)
    postF32<W>(w, in);
}

template <int W> void divFmasF64(Wave &w, const DecodedInst &in) {
  const u64 vcc = w.vcc();
  const u32 *lo[3], *hi[3];
  for (int s = 0; s < 3; ++s)
    lanes64<W>(w, in.src[s], s, lo[s], hi[s]);
  const u64 exec = execMask<W>(w);
  u64 r[W];
  for (int l = 0; l < W; ++l) {
    double x[3];
    for (int s = 0; s < 3; ++s)
      x[s] = f64(lo[s][l] | u64{hi[s][l]} << 32);
    r[l] = bits(divFmas(x[0], x[1], x[2], (vcc >> l) & 1));
  }
  u32 *dlo = vrow<W>(w, in.vdst), *dhi = vrow<W>(w, static_cast<uint16_t>(in.vdst + 1));
  writeLanes<W>(dlo, exec, [&](int l) { return static_cast<u32>(r[l]); });
  writeLanes<W>(dhi, exec, [&](int l) { return static_cast<u32>(r[l] >> 32); });
  if (in.postOps)
    postF64<W>(w, in);
}

struct DivFixupF32 {
  static u32 apply(u32 a, u32 b, u32 c) { return bits(divFixup(f32(a), f32(b), f32(c))); }
};

template <int N, bool kW0, bool kW1, bool kW2, bool kWD> struct Shape {
  static constexpr int kSources = N;
  static constexpr bool kWide0 = kW0, kWide1 = kW1, kWide2 = kW2, kWideDst = kWD;
};

struct DivFixupF64 : Shape<3, true, true, true, true> {
  static u64 apply(u64 a, u64 b, u64 c) { return bits(divFixup(f64(a), f64(b), f64(c))); }
};

// 2/pi = 0.b1 b2 b3 ... in binary: bits 1..1216 after the point, most significant first.
constexpr u64 kTwoOverPi[19] = {
    0xa2f9836e4e441529ull, 0xfc2757d1f534ddc0ull, 0xdb6295993c439041ull, 0xfe5163abdebbc561ull,
    0xb7246e3a424dd2e0ull, 0x06492eea09d1921cull, 0xfe1deb1cb129a73eull, 0xe88235f52ebb4484ull,
    0xe99c7026b45f7e41ull, 0x3991d639835339f4ull, 0x9c845f8bbdf9283bull, 0x1ff897ffde05980full,
    0xef2f118b5a0a6d1full, 0x6d367ecf27cb09b7ull, 0x4f463f669e5fea2dull, 0x7527bac7ebe5f17bull,
    0x3d0739f78a5292eaull, 0x6bfb5fb11f8d5d08ull, 0x56033046fc7b6babull};

// Bit k (1-based) after the binary point of 2/pi; the ISA's table has 1201 bits.
unsigned twoOverPiBit(unsigned k) {
  if (k < 1 || k > 1201)
    return 0;
  const unsigned i = k - 1;
  return (kTwoOverPi[i / 64] >> (63 - i % 64)) & 1;
}

// v_trig_preop_f64: 53 bits of 2/pi starting after bit S1[4:0] * 53 (further right for huge
// S0), scaled to their place value: the pieces of a Payne-Hanek reduction.
struct TrigPreopF64 : Shape<2, true, false, false, true> {
  static u64 apply(u64 a, u64 b, u64) {
    const int exponent = static_cast<int>((a >> 52) & 0x7FF);
    unsigned shift = static_cast<unsigned>(b & 31) * 53;
    if (exponent > 1077)
      shift += static_cast<unsigned>(exponent - 1077);
    u64 segment = 0;
    for (unsigned i = 1; i <= 53; ++i)
      segment = segment << 1 | twoOverPiBit(shift + i);
    int scale = -53 - static_cast<int>(shift);
    if (exponent >= 1968)
      scale += 128;
    return bits(std::ldexp(static_cast<double>(segment), scale));
  }
};

// f64 forms of frexp and fract (the f32 ones are in valu_float.cpp).
struct FrexpMantF64 : Shape<1, true, false, false, true> {
  static u64 apply(u64 a, u64, u64) {
    const double x = f64(a);
    if (std::isinf(x) || std::isnan(x))
      return a;
    int e;
    return bits(std::frexp(x, &e));
  }
};
struct FrexpExpI32F64 : Shape<1, true, false, false, false> {
  static u64 apply(u64 a, u64, u64) {
    const double x = f64(a);
    if (std::isinf(x) || std::isnan(x))
      return 0;
    int e;
    std::frexp(x, &e);
    return static_cast<u32>(e);
  }
};
struct FractF64 : Shape<1, true, false, false, true> { // x - floor(x), below 1.0; inf: NaN
  static u64 apply(u64 a, u64, u64) {
    const double x = f64(a);
    if (std::isinf(x))
      return bits(std::numeric_limits<double>::quiet_NaN());
    if (std::isnan(x))
      return a | (u64{1} << 51);
    return bits(std::fmin(x - std::floor(x), 0x1.fffffffffffffp-1));
  }
};

constexpr EntryFlags kF32 = entry::kF32Result | entry::kF32Sources;

} // namespace

void registerValuDiv(Registry &r) {
  r["v_div_scale_f32"] = {divScaleF32<32>, divScaleF32<64>, kF32};
  constexpr EntryFlags kF64 = entry::kF64Result;
  r["v_div_scale_f64"] = {divScaleF64<32>, divScaleF64<64>, kF64};
  r["v_div_fmas_f32"] = {divFmasF32<32>, divFmasF32<64>, kF32};
  r["v_div_fmas_f64"] = {divFmasF64<32>, divFmasF64<64>, kF64};
  r["v_div_fixup_f32"] = entryOf<Vop32<DivFixupF32, 3>>(kF32);
  r["v_div_fixup_f64"] = entryOf<Vop64<DivFixupF64>>(kF64);
  r["v_trig_preop_f64"] = entryOf<Vop64<TrigPreopF64>>(kF64);
  r["v_frexp_mant_f64"] = entryOf<Vop64<FrexpMantF64>>(kF64);
  r["v_frexp_exp_i32_f64"] = entryOf<Vop64<FrexpExpI32F64>>(entry::kIntClamp);
  r["v_fract_f64"] = entryOf<Vop64<FractF64>>(kF64);
}

} // namespace gcnkit::emu
