// Floating-point VALU operations and conversions.
//
// Arithmetic is the host's IEEE single / double arithmetic with round-to-nearest-even, which is
// what the kernels' default FP mode asks for; denormal flushing per FLOAT_DENORM_MODE is done by
// the pre-decoder's source flags and the result post-pass. min / max / med3 follow MODE.IEEE
// (emu/float_minmax.h; the executor for IEEE = 0 is the entry's nonIeee one). Transcendentals (rcp,
// rsq, sqrt, exp, log, sin, cos) use the host's correctly rounded or libm results, which may differ
// from the hardware's approximations in the last bits. NaN payloads are whatever the host produces.
#include <cmath>
#include <cstdint>
#include <limits>

#include "emu/float_minmax.h"
#include "emu/registry.h"
#include "emu/valu_exec.h"
#include "emu/valu_families.h"

namespace gcnkit::emu {

namespace {

using namespace valu;
using u32 = uint32_t;
using u64 = uint64_t;
using i32 = int32_t;

struct AddF32 {
  static u32 apply(u32 a, u32 b) { return bits(f32(a) + f32(b)); }
};
struct SubF32 {
  static u32 apply(u32 a, u32 b) { return bits(f32(a) - f32(b)); }
};
struct SubrevF32 {
  static u32 apply(u32 a, u32 b) { return bits(f32(b) - f32(a)); }
};
struct MulF32 {
  static u32 apply(u32 a, u32 b) { return bits(f32(a) * f32(b)); }
};
// DX9 rules: 0 * anything (even inf / NaN) is 0.
struct MulDx9ZeroF32 {
  static u32 apply(u32 a, u32 b) {
    if (!(a & 0x7FFFFFFFu) || !(b & 0x7FFFFFFFu))
      return 0;
    return bits(f32(a) * f32(b));
  }
};
// min / max / med3 in both IEEE modes (emu/float_minmax.h).
template <bool kIeee> struct MaxF32 {
  static u32 apply(u32 a, u32 b) { return minmax::max<kIeee>(minmax::kF32, a, b); }
};
template <bool kIeee> struct MinF32 {
  static u32 apply(u32 a, u32 b) { return minmax::min<kIeee>(minmax::kF32, a, b); }
};
template <bool kIeee> struct Med3F32 {
  static u32 apply(u32 a, u32 b, u32 c) { return minmax::med3<kIeee>(minmax::kF32, a, b, c); }
};
struct LdexpF32 {
  static u32 apply(u32 a, u32 b) { return bits(std::ldexp(f32(a), static_cast<i32>(b))); }
};
struct FmaF32 {
  static u32 apply(u32 a, u32 b, u32 c) { return bits(std::fma(f32(a), f32(b), f32(c))); }
};
// v_fmamk_f32: S0 * K + S1, with K decoded into src[2].
struct FmamkF32 {
  static u32 apply(u32 a, u32 b, u32 k) { return bits(std::fma(f32(a), f32(k), f32(b))); }
};
struct FmaDx9ZeroF32 {
  static u32 apply(u32 a, u32 b, u32 c) {
    if (!(a & 0x7FFFFFFFu) || !(b & 0x7FFFFFFFu))
      return bits(0.0f + f32(c));
    return bits(std::fma(f32(a), f32(b), f32(c)));
  }
};
// gfx9's unfused multiply-adds (v_mad_f32, v_mac_f32, v_madmk_f32, v_madak_f32): the product is
// rounded before the add, and f32 denormals are flushed whatever the FP mode (inputs, product
// and result, sign kept): LLVM selects these only where denormals are flushed because the
// hardware does not support them (a documented choice where the guide is silent).
inline float flushDenorm(float x) {
  return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x;
}
inline u32 mad(u32 a, u32 b, u32 c) {
  const float p = flushDenorm(flushDenorm(f32(a)) * flushDenorm(f32(b)));
  return bits(flushDenorm(p + flushDenorm(f32(c))));
}
struct MadF32 {
  static u32 apply(u32 a, u32 b, u32 c) { return mad(a, b, c); }
};
// v_madmk_f32: S0 * K + S1, with K decoded into src[2].
struct MadmkF32 {
  static u32 apply(u32 a, u32 b, u32 k) { return mad(a, k, b); }
};
// v_mad_legacy_f32: v_mad_f32 where a zero multiplicand gives a +0 product (DX9 rules).
struct MadLegacyF32 {
  static u32 apply(u32 a, u32 b, u32 c) {
    if (!(a & 0x7FFFFFFFu) || !(b & 0x7FFFFFFFu))
      return bits(flushDenorm(0.0f + flushDenorm(f32(c))));
    return mad(a, b, c);
  }
};
template <class Op> struct Three {
  static u32 apply(u32 a, u32 b, u32 c) { return Op::apply(Op::apply(a, b), c); }
};
template <class First, class Second> struct Chain {
  static u32 apply(u32 a, u32 b, u32 c) { return Second::apply(First::apply(a, b), c); }
};

// ---- unary ----------------------------------------------------------------------------------
template <float (*F)(float)> struct UnaryF32 {
  static u32 apply(u32 a) { return bits(F(f32(a))); }
};
float rcp(float x) { return 1.0f / x; }
// In double first: the result is the correctly rounded 1 / sqrt(x) except when it lies within
// 2^-29 ulp of a rounding boundary.
float rsq(float x) { return static_cast<float>(1.0 / std::sqrt(static_cast<double>(x))); }
float sqrtF(float x) { return std::sqrt(x); }
float exp2F(float x) { return std::exp2(x); }
float log2F(float x) { return std::log2(x); }
float floorF(float x) { return std::floor(x); }
float ceilF(float x) { return std::ceil(x); }
float truncF(float x) { return std::trunc(x); }
float rndneF(float x) { return std::nearbyint(x); } // default rounding: ties to even
// x - floor(x), kept below 1.0; inf gives NaN.
float fractF(float x) {
  if (std::isinf(x))
    return std::numeric_limits<float>::quiet_NaN();
  return std::fmin(x - std::floor(x), 0x1.fffffep-1f);
}
// The hardware's sin / cos take the angle in revolutions.
float sinRev(float x) { return static_cast<float>(std::sin(double{x} * 2.0 * M_PI)); }
float cosRev(float x) { return static_cast<float>(std::cos(double{x} * 2.0 * M_PI)); }
float frexpMant(float x) {
  if (std::isinf(x) || std::isnan(x))
    return x;
  int e;
  return std::frexp(x, &e);
}

struct FrexpExpI32F32 {
  static u32 apply(u32 a) {
    const float x = f32(a);
    if (std::isinf(x) || std::isnan(x))
      return 0;
    int e;
    std::frexp(x, &e);
    return static_cast<u32>(e);
  }
};

// ---- conversions ----------------------------------------------------------------------------
// Float to integer: truncation toward zero, NaN gives 0, out-of-range values saturate.
template <class I> u32 toInt(double x) {
  if (std::isnan(x))
    return 0;
  x = std::trunc(x);
  if (x <= static_cast<double>(std::numeric_limits<I>::min()))
    return static_cast<u32>(std::numeric_limits<I>::min());
  if (x >= static_cast<double>(std::numeric_limits<I>::max()))
    return static_cast<u32>(std::numeric_limits<I>::max());
  return static_cast<u32>(static_cast<I>(x));
}
struct CvtF32I32 {
  static u32 apply(u32 a) { return bits(static_cast<float>(static_cast<i32>(a))); }
};
struct CvtF32U32 {
  static u32 apply(u32 a) { return bits(static_cast<float>(a)); }
};
struct CvtU32F32 {
  static u32 apply(u32 a) { return toInt<u32>(f32(a)); }
};
struct CvtI32F32 {
  static u32 apply(u32 a) { return toInt<i32>(f32(a)); }
};
struct CvtFloorI32F32 {
  static u32 apply(u32 a) { return toInt<i32>(std::floor(f32(a))); }
};
struct CvtNearestI32F32 {
  static u32 apply(u32 a) { return toInt<i32>(std::floor(f32(a) + 0.5f)); }
};
template <unsigned kByte> struct CvtF32Ubyte {
  static u32 apply(u32 a) { return bits(static_cast<float>((a >> (8 * kByte)) & 0xFF)); }
};

// ---- f64 ------------------------------------------------------------------------------------
template <int N, bool kW0, bool kW1, bool kW2, bool kWD> struct Shape {
  static constexpr int kSources = N;
  static constexpr bool kWide0 = kW0, kWide1 = kW1, kWide2 = kW2, kWideDst = kWD;
};
using F64Binary = Shape<2, true, true, false, true>;
using F64Unary = Shape<1, true, false, false, true>;

struct AddF64 : F64Binary {
  static u64 apply(u64 a, u64 b, u64) { return bits(f64(a) + f64(b)); }
};
struct MulF64 : F64Binary {
  static u64 apply(u64 a, u64 b, u64) { return bits(f64(a) * f64(b)); }
};
template <bool kIeee> struct MaxF64 : F64Binary {
  static u64 apply(u64 a, u64 b, u64) { return minmax::max<kIeee>(minmax::kF64, a, b); }
};
template <bool kIeee> struct MinF64 : F64Binary {
  static u64 apply(u64 a, u64 b, u64) { return minmax::min<kIeee>(minmax::kF64, a, b); }
};
struct FmaF64 : Shape<3, true, true, true, true> {
  static u64 apply(u64 a, u64 b, u64 c) { return bits(std::fma(f64(a), f64(b), f64(c))); }
};
struct LdexpF64 : Shape<2, true, false, false, true> {
  static u64 apply(u64 a, u64 b, u64) {
    return bits(std::ldexp(f64(a), static_cast<i32>(static_cast<u32>(b))));
  }
};
template <double (*F)(double)> struct UnaryF64 : F64Unary {
  static u64 apply(u64 a, u64, u64) { return bits(F(f64(a))); }
};
double floorD(double x) { return std::floor(x); }
double ceilD(double x) { return std::ceil(x); }
double truncD(double x) { return std::trunc(x); }
double rndneD(double x) { return std::nearbyint(x); }
double sqrtD(double x) { return std::sqrt(x); }
double rcpD(double x) { return 1.0 / x; }
double rsqD(double x) { return 1.0 / std::sqrt(x); }

struct CvtF64F32 : Shape<1, false, false, false, true> {
  static u64 apply(u64 a, u64, u64) { return bits(static_cast<double>(f32(static_cast<u32>(a)))); }
};
struct CvtF64I32 : Shape<1, false, false, false, true> {
  static u64 apply(u64 a, u64, u64) {
    return bits(static_cast<double>(static_cast<i32>(static_cast<u32>(a))));
  }
};
struct CvtF64U32 : Shape<1, false, false, false, true> {
  static u64 apply(u64 a, u64, u64) { return bits(static_cast<double>(static_cast<u32>(a))); }
};
struct CvtF32F64 : Shape<1, true, false, false, false> {
  static u64 apply(u64 a, u64, u64) { return bits(static_cast<float>(f64(a))); }
};
struct CvtI32F64 : Shape<1, true, false, false, false> {
  static u64 apply(u64 a, u64, u64) { return toInt<i32>(f64(a)); }
};
struct CvtU32F64 : Shape<1, true, false, false, false> {
  static u64 apply(u64 a, u64, u64) { return toInt<u32>(f64(a)); }
};

constexpr EntryFlags kF32 = entry::kF32Result | entry::kF32Sources;
// Integer-to-float conversions: float result, integer sources.
constexpr EntryFlags kToF32 = entry::kF32Result;
constexpr EntryFlags kF64 = entry::kF64Result;
// Float-to-integer conversions saturate already, so VOP3 clamp changes nothing.
constexpr EntryFlags kToInt = entry::kIntClamp;

} // namespace

void registerValuFloat(Registry &r) {
  r["v_add_f32"] = entryOf<Vop32<AddF32, 2>>(kF32);
  r["v_sub_f32"] = entryOf<Vop32<SubF32, 2>>(kF32);
  r["v_subrev_f32"] = entryOf<Vop32<SubrevF32, 2>>(kF32);
  r["v_mul_f32"] = entryOf<Vop32<MulF32, 2>>(kF32);
  r["v_mul_dx9_zero_f32"] = entryOf<Vop32<MulDx9ZeroF32, 2>>(kF32);
  r["v_max_f32"] = ieeeEntryOf<Vop32<MaxF32<true>, 2>, Vop32<MaxF32<false>, 2>>(kF32);
  r["v_min_f32"] = ieeeEntryOf<Vop32<MinF32<true>, 2>, Vop32<MinF32<false>, 2>>(kF32);
  r["v_ldexp_f32"] = entryOf<Vop32<LdexpF32, 2>>(entry::kF32Result);
  r["v_fma_f32"] = entryOf<Vop32<FmaF32, 3>>(kF32);
  r["v_fmac_f32"] = entryOf<Vop32<FmaF32, 3>>(kF32 | entry::kAccumulator);
  r["v_fmaak_f32"] = entryOf<Vop32<FmaF32, 3>>(kF32);
  r["v_fmamk_f32"] = entryOf<Vop32<FmamkF32, 3>>(kF32);
  r["v_mad_f32"] = entryOf<Vop32<MadF32, 3>>(kF32);
  r["v_mac_f32"] = entryOf<Vop32<MadF32, 3>>(kF32 | entry::kAccumulator);
  r["v_madak_f32"] = entryOf<Vop32<MadF32, 3>>(kF32);
  r["v_madmk_f32"] = entryOf<Vop32<MadmkF32, 3>>(kF32);
  r["v_mad_legacy_f32"] = entryOf<Vop32<MadLegacyF32, 3>>(kF32);
  r["v_fma_dx9_zero_f32"] = entryOf<Vop32<FmaDx9ZeroF32, 3>>(kF32);
  r["v_fmac_dx9_zero_f32"] = entryOf<Vop32<FmaDx9ZeroF32, 3>>(kF32 | entry::kAccumulator);
  r["v_min3_f32"] =
      ieeeEntryOf<Vop32<Three<MinF32<true>>, 3>, Vop32<Three<MinF32<false>>, 3>>(kF32);
  r["v_max3_f32"] =
      ieeeEntryOf<Vop32<Three<MaxF32<true>>, 3>, Vop32<Three<MaxF32<false>>, 3>>(kF32);
  r["v_med3_f32"] = ieeeEntryOf<Vop32<Med3F32<true>, 3>, Vop32<Med3F32<false>, 3>>(kF32);
  r["v_maxmin_f32"] = ieeeEntryOf<Vop32<Chain<MaxF32<true>, MinF32<true>>, 3>,
                                  Vop32<Chain<MaxF32<false>, MinF32<false>>, 3>>(kF32);
  r["v_minmax_f32"] = ieeeEntryOf<Vop32<Chain<MinF32<true>, MaxF32<true>>, 3>,
                                  Vop32<Chain<MinF32<false>, MaxF32<false>>, 3>>(kF32);
  r["v_rcp_f32"] = entryOf<Vop32<UnaryF32<rcp>, 1>>(kF32);
  r["v_rcp_iflag_f32"] = entryOf<Vop32<UnaryF32<rcp>, 1>>(kF32);
  r["v_rsq_f32"] = entryOf<Vop32<UnaryF32<rsq>, 1>>(kF32);
  r["v_sqrt_f32"] = entryOf<Vop32<UnaryF32<sqrtF>, 1>>(kF32);
  r["v_exp_f32"] = entryOf<Vop32<UnaryF32<exp2F>, 1>>(kF32);
  r["v_log_f32"] = entryOf<Vop32<UnaryF32<log2F>, 1>>(kF32);
  r["v_sin_f32"] = entryOf<Vop32<UnaryF32<sinRev>, 1>>(kF32);
  r["v_cos_f32"] = entryOf<Vop32<UnaryF32<cosRev>, 1>>(kF32);
  r["v_floor_f32"] = entryOf<Vop32<UnaryF32<floorF>, 1>>(kF32);
  r["v_ceil_f32"] = entryOf<Vop32<UnaryF32<ceilF>, 1>>(kF32);
  r["v_trunc_f32"] = entryOf<Vop32<UnaryF32<truncF>, 1>>(kF32);
  r["v_rndne_f32"] = entryOf<Vop32<UnaryF32<rndneF>, 1>>(kF32);
  r["v_fract_f32"] = entryOf<Vop32<UnaryF32<fractF>, 1>>(kF32);
  r["v_frexp_mant_f32"] = entryOf<Vop32<UnaryF32<frexpMant>, 1>>(kF32);
  r["v_frexp_exp_i32_f32"] = entryOf<Vop32<FrexpExpI32F32, 1>>(entry::kF32Sources | kToInt);
  r["v_cvt_f32_i32"] = entryOf<Vop32<CvtF32I32, 1>>(kToF32);
  r["v_cvt_f32_u32"] = entryOf<Vop32<CvtF32U32, 1>>(kToF32);
  r["v_cvt_u32_f32"] = entryOf<Vop32<CvtU32F32, 1>>(entry::kF32Sources | kToInt);
  r["v_cvt_i32_f32"] = entryOf<Vop32<CvtI32F32, 1>>(entry::kF32Sources | kToInt);
  r["v_cvt_floor_i32_f32"] = entryOf<Vop32<CvtFloorI32F32, 1>>(entry::kF32Sources | kToInt);
  r["v_cvt_nearest_i32_f32"] = entryOf<Vop32<CvtNearestI32F32, 1>>(entry::kF32Sources | kToInt);
  r["v_cvt_f32_ubyte0"] = entryOf<Vop32<CvtF32Ubyte<0>, 1>>(kToF32);
  r["v_cvt_f32_ubyte1"] = entryOf<Vop32<CvtF32Ubyte<1>, 1>>(kToF32);
  r["v_cvt_f32_ubyte2"] = entryOf<Vop32<CvtF32Ubyte<2>, 1>>(kToF32);
  r["v_cvt_f32_ubyte3"] = entryOf<Vop32<CvtF32Ubyte<3>, 1>>(kToF32);
  r["v_add_f64"] = entryOf<Vop64<AddF64>>(kF64);
  r["v_mul_f64"] = entryOf<Vop64<MulF64>>(kF64);
  r["v_max_f64"] = ieeeEntryOf<Vop64<MaxF64<true>>, Vop64<MaxF64<false>>>(kF64);
  r["v_min_f64"] = ieeeEntryOf<Vop64<MinF64<true>>, Vop64<MinF64<false>>>(kF64);
  r["v_fma_f64"] = entryOf<Vop64<FmaF64>>(kF64);
  r["v_ldexp_f64"] = entryOf<Vop64<LdexpF64>>(kF64);
  r["v_floor_f64"] = entryOf<Vop64<UnaryF64<floorD>>>(kF64);
  r["v_ceil_f64"] = entryOf<Vop64<UnaryF64<ceilD>>>(kF64);
  r["v_trunc_f64"] = entryOf<Vop64<UnaryF64<truncD>>>(kF64);
  r["v_rndne_f64"] = entryOf<Vop64<UnaryF64<rndneD>>>(kF64);
  r["v_sqrt_f64"] = entryOf<Vop64<UnaryF64<sqrtD>>>(kF64);
  r["v_rcp_f64"] = entryOf<Vop64<UnaryF64<rcpD>>>(kF64);
  r["v_rsq_f64"] = entryOf<Vop64<UnaryF64<rsqD>>>(kF64);
  r["v_cvt_f64_f32"] = entryOf<Vop64<CvtF64F32>>(kF64);
  r["v_cvt_f64_i32"] = entryOf<Vop64<CvtF64I32>>(kF64);
  r["v_cvt_f64_u32"] = entryOf<Vop64<CvtF64U32>>(kF64);
  r["v_cvt_f32_f64"] = entryOf<Vop64<CvtF32F64>>(entry::kF32Result);
  r["v_cvt_i32_f64"] = entryOf<Vop64<CvtI32F64>>(kToInt);
  r["v_cvt_u32_f64"] = entryOf<Vop64<CvtU32F64>>(kToInt);
  registerValuDiv(r);
}

} // namespace gcnkit::emu
