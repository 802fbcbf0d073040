// 16-bit VALU operations (VOP1 / VOP2 / VOP3 / VOPC with f16, i16, u16 and b16 operands) and
// the conversions / packs between 16-bit and 32-bit values.
//
// The pre-decoder resolves which half each 16-bit source reads and which half the result goes
// to (emu/valu16.h); the functors here see 16-bit values in the low bits of their arguments.
// f16 arithmetic is computed exactly in double (sums and products of f16 values are exact
// there) and rounded once to f16 with round-to-nearest-even; fused operations carry the
// rounding error of the double result so a tie is never broken twice. Transcendentals (rcp,
// rsq, sqrt, exp, log, sin, cos) are the double results rounded to f16, i.e. correctly rounded
// except for the rare libm last-bit case, where the hardware's own approximations may differ.
// min / max / med3 follow MODE.IEEE as for f32 (emu/float_minmax.h).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <limits>
#include <string>

#include "emu/compare_conditions.h"
#include "emu/float_minmax.h"
#include "emu/registry.h"
#include "emu/valu16.h"

namespace gcnkit::emu {

namespace {

using namespace valu;
using namespace half16;
using u32 = uint32_t;
using u64 = uint64_t;
using i32 = int32_t;
using i64 = int64_t;

// What a functor's operands are: N sources, the ones in kWide (bit i) 32-bit, the others
// 16-bit halves; the result a 16-bit integer half, an f16 half (clamp / omod / flushing), a
// full 32-bit value, or an f32 (the f32 post-processing).
enum class Res { Half, F16, B32, F32 };
template <int N, Res R, unsigned kWideMask = 0> struct Shape {
  static constexpr int kSources = N;
  static constexpr Res kRes = R;
  static constexpr unsigned kWide = kWideMask;
};

u32 r16(double d) { return f16FromDouble(d); }

// min / max in both IEEE modes (emu/float_minmax.h).
template <bool kIeee> u32 maxF16(u32 a, u32 b) {
  return minmax::max<kIeee>(minmax::kF16, u16(a), u16(b));
}
template <bool kIeee> u32 minF16(u32 a, u32 b) {
  return minmax::min<kIeee>(minmax::kF16, u16(a), u16(b));
}
// a * b + c with one rounding (the product of two f16 values is exact in double).
u32 fma16(u32 a, u32 b, u32 c) {
  double s, e;
  twoSum(h(a) * h(b), h(c), s, e);
  return narrow<10, 5>(s, e);
}

// ---- f16 arithmetic ---------------------------------------------------------------------------
struct AddF16 : Shape<2, Res::F16> {
  static u32 apply(u32 a, u32 b) { return r16(h(a) + h(b)); }
};
struct SubF16 : Shape<2, Res::F16> {
  static u32 apply(u32 a, u32 b) { return r16(h(a) - h(b)); }
};
struct SubrevF16 : Shape<2, Res::F16> {
  static u32 apply(u32 a, u32 b) { return r16(h(b) - h(a)); }
};
struct MulF16 : Shape<2, Res::F16> {
  static u32 apply(u32 a, u32 b) { return r16(h(a) * h(b)); }
};
template <bool kIeee> struct MaxF16 : Shape<2, Res::F16> {
  static u32 apply(u32 a, u32 b) { return maxF16<kIeee>(a, b); }
};
template <bool kIeee> struct MinF16 : Shape<2, Res::F16> {
  static u32 apply(u32 a, u32 b) { return minF16<kIeee>(a, b); }
};
// S0 * 2^S1, S1 a signed 16-bit exponent.
struct LdexpF16 : Shape<2, Res::F16> {
  static u32 apply(u32 a, u32 b) {
    const int e = std::clamp(si16(b), -80, 80); // beyond: 0 or infinity after rounding anyway
    return r16(std::ldexp(h(a), e));
  }
};
struct FmaF16 : Shape<3, Res::F16> {
  static u32 apply(u32 a, u32 b, u32 c) { return fma16(a, b, c); }
};
// v_fmamk_f16: S0 * K + S1 (K decoded into src[2]).
struct FmamkF16 : Shape<3, Res::F16> {
  static u32 apply(u32 a, u32 b, u32 k) { return fma16(a, k, b); }
};
// gfx9's unfused f16 multiply-adds (v_mad_f16, v_mac_f16, v_madmk_f16, v_madak_f16): the
// product is rounded to f16 before the add.
u32 mad16(u32 a, u32 b, u32 c) { return r16(h(r16(h(a) * h(b))) + h(c)); }
struct MadF16 : Shape<3, Res::F16> {
  static u32 apply(u32 a, u32 b, u32 c) { return mad16(a, b, c); }
};
struct MadmkF16 : Shape<3, Res::F16> {
  static u32 apply(u32 a, u32 b, u32 k) { return mad16(a, k, b); }
};
template <bool kIeee> struct Min3F16 : Shape<3, Res::F16> {
  static u32 apply(u32 a, u32 b, u32 c) { return minF16<kIeee>(minF16<kIeee>(a, b), c); }
};
template <bool kIeee> struct Max3F16 : Shape<3, Res::F16> {
  static u32 apply(u32 a, u32 b, u32 c) { return maxF16<kIeee>(maxF16<kIeee>(a, b), c); }
};
template <bool kIeee> struct Med3F16 : Shape<3, Res::F16> {
  static u32 apply(u32 a, u32 b, u32 c) {
    return minmax::med3<kIeee>(minmax::kF16, u16(a), u16(b), u16(c));
  }
};
template <bool kIeee> struct MaxminF16 : Shape<3, Res::F16> {
  static u32 apply(u32 a, u32 b, u32 c) { return minF16<kIeee>(maxF16<kIeee>(a, b), c); }
};
template <bool kIeee> struct MinmaxF16 : Shape<3, Res::F16> {
  static u32 apply(u32 a, u32 b, u32 c) { return maxF16<kIeee>(minF16<kIeee>(a, b), c); }
};
// v_div_fixup_f16: S0 the quotient estimate, S1 the denominator, S2 the numerator; the
// special cases of the division are decided here (the ISA's pseudo-code).
struct DivFixupF16 : Shape<3, Res::F16> {
  static u32 apply(u32 q, u32 den, u32 num) {
    q = u16(q), den = u16(den), num = u16(num);
    const u32 sign = (den ^ num) & 0x8000;
    const u32 dAbs = den & 0x7FFF, nAbs = num & 0x7FFF;
    if (isNanF16(num))
      return num | 0x200;
    if (isNanF16(den))
      return den | 0x200;
    if (dAbs == 0 && nAbs == 0)
      return 0xFE00;
    if (dAbs == 0x7C00 && nAbs == 0x7C00)
      return 0xFE00;
    if (dAbs == 0 || nAbs == 0x7C00)
      return sign | 0x7C00;
    if (dAbs == 0x7C00 || nAbs == 0)
      return sign;
    return sign | (q & 0x7FFF);
  }
};

// ---- f16 unary --------------------------------------------------------------------------------
template <double (*F)(double)> struct UnaryF16 : Shape<1, Res::F16> {
  static u32 apply(u32 a) { return r16(F(h(a))); }
};
double rcpD(double x) { return 1.0 / x; }
double rsqD(double x) { return 1.0 / std::sqrt(x); }
double sqrtD(double x) { return std::sqrt(x); }
double exp2D(double x) { return std::exp2(x); }
double log2D(double x) { return std::log2(x); }
double floorD(double x) { return std::floor(x); }
double ceilD(double x) { return std::ceil(x); }
double truncD(double x) { return std::trunc(x); }
double rndneD(double x) { return std::nearbyint(x); }
// The angle is in revolutions.
double sinRev(double x) { return std::sin(x * 2.0 * M_PI); }
double cosRev(double x) { return std::cos(x * 2.0 * M_PI); }
// x - floor(x), kept below 1.0; infinity gives NaN.
double fractD(double x) {
  if (std::isinf(x))
    return std::numeric_limits<double>::quiet_NaN();
  return std::fmin(x - std::floor(x), 0x1.ffcp-1); // the largest f16 below 1
}
double frexpMantD(double x) {
  if (std::isinf(x) || std::isnan(x))
    return x;
  int e;
  return std::frexp(x, &e);
}
struct FrexpExpI16F16 : Shape<1, Res::Half> {
  static u32 apply(u32 a) {
    const double x = h(a);
    if (std::isinf(x) || std::isnan(x))
      return 0;
    int e;
    std::frexp(x, &e);
    return static_cast<u32>(e) & 0xFFFF;
  }
};

// ---- conversions ------------------------------------------------------------------------------
// Float to integer: truncation toward zero, saturated, NaN gives 0.
template <class I> u32 toInt(double x) {
  if (std::isnan(x))
    return 0;
  x = std::trunc(std::clamp(x, static_cast<double>(std::numeric_limits<I>::min()),
                            static_cast<double>(std::numeric_limits<I>::max())));
  return static_cast<u32>(static_cast<I>(x)) & 0xFFFF;
}
// Normalized conversions: [-1, 1] * 32767 or [0, 1] * 65535, rounded to nearest even.
u32 snorm16(double x) {
  if (std::isnan(x))
    return 0;
  return static_cast<u32>(static_cast<i32>(std::nearbyint(std::clamp(x, -1.0, 1.0) * 32767.0))) &
         0xFFFF;
}
u32 unorm16(double x) {
  if (std::isnan(x))
    return 0;
  return static_cast<u32>(std::nearbyint(std::clamp(x, 0.0, 1.0) * 65535.0));
}
template <class I> u32 satInt16(i64 v) {
  return static_cast<u32>(
             std::clamp<i64>(v, std::numeric_limits<I>::min(), std::numeric_limits<I>::max())) &
         0xFFFF;
}

struct CvtF16F32 : Shape<1, Res::F16, 1> {
  static u32 apply(u32 a) { return r16(static_cast<double>(f32(a))); }
};
struct CvtF32F16 : Shape<1, Res::F32> {
  static u32 apply(u32 a) { return f16ToF32Bits(u16(a)); }
};
struct CvtF16U16 : Shape<1, Res::F16> {
  static u32 apply(u32 a) { return r16(u16(a)); }
};
struct CvtF16I16 : Shape<1, Res::F16> {
  static u32 apply(u32 a) { return r16(si16(a)); }
};
struct CvtU16F16 : Shape<1, Res::Half> {
  static u32 apply(u32 a) { return toInt<uint16_t>(h(a)); }
};
struct CvtI16F16 : Shape<1, Res::Half> {
  static u32 apply(u32 a) { return toInt<int16_t>(h(a)); }
};
struct CvtNormI16F16 : Shape<1, Res::Half> {
  static u32 apply(u32 a) { return snorm16(h(a)); }
};
struct CvtNormU16F16 : Shape<1, Res::Half> {
  static u32 apply(u32 a) { return unorm16(h(a)); }
};
struct CvtI32I16 : Shape<1, Res::B32> {
  static u32 apply(u32 a) { return static_cast<u32>(si16(a)); }
};
struct CvtU32U16 : Shape<1, Res::B32> {
  static u32 apply(u32 a) { return u16(a); }
};
// Packs: S0 into the low half, S1 into the high half.
// Two f16 results in one register: clamp applies to each (omod is ignored for packed f16
// results, the VALU document). clamp: the post::kClamp / kClampKeepNan bits, or 0.
u32 packF16(u32 lo, u32 hi, uint8_t clamp) {
  if (clamp) {
    lo = postF16(lo, clamp);
    hi = postF16(hi, clamp);
  }
  return u16(lo) | u16(hi) << 16;
}
struct PackB32F16 : Shape<2, Res::B32> {
  static constexpr bool kClamps = true;
  static u32 apply(u32 a, u32 b, uint8_t clamp) { return packF16(a, b, clamp); }
};
struct CvtPkRtzF16F32 : Shape<2, Res::B32, 3> {
  static constexpr bool kClamps = true;
  static u32 apply(u32 a, u32 b, uint8_t clamp) {
    return packF16(f16TowardZero(f32(a)), f16TowardZero(f32(b)), clamp);
  }
};
// v_sat_pk_u8_i16: the two signed 16-bit halves of S0 saturated to unsigned bytes, packed into
// a 16-bit result.
struct SatPkU8I16 : Shape<1, Res::Half, 1> {
  static u32 apply(u32 a) {
    auto sat = [](int v) { return static_cast<u32>(std::clamp(v, 0, 255)); };
    return sat(si16(a & 0xFFFF)) | sat(si16(a >> 16)) << 8;
  }
};
struct CvtPkNormI16F16 : Shape<2, Res::B32> {
  static u32 apply(u32 a, u32 b) { return snorm16(h(a)) | snorm16(h(b)) << 16; }
};
struct CvtPkNormU16F16 : Shape<2, Res::B32> {
  static u32 apply(u32 a, u32 b) { return unorm16(h(a)) | unorm16(h(b)) << 16; }
};
struct CvtPkNormI16F32 : Shape<2, Res::B32, 3> {
  static u32 apply(u32 a, u32 b) { return snorm16(f32(a)) | snorm16(f32(b)) << 16; }
};
struct CvtPkNormU16F32 : Shape<2, Res::B32, 3> {
  static u32 apply(u32 a, u32 b) { return unorm16(f32(a)) | unorm16(f32(b)) << 16; }
};
struct CvtPkI16F32 : Shape<2, Res::B32, 3> {
  static u32 apply(u32 a, u32 b) { return toInt<int16_t>(f32(a)) | toInt<int16_t>(f32(b)) << 16; }
};
struct CvtPkU16F32 : Shape<2, Res::B32, 3> {
  static u32 apply(u32 a, u32 b) { return toInt<uint16_t>(f32(a)) | toInt<uint16_t>(f32(b)) << 16; }
};
struct CvtPkU16U32 : Shape<2, Res::B32, 3> {
  static u32 apply(u32 a, u32 b) { return satInt16<uint16_t>(a) | satInt16<uint16_t>(b) << 16; }
};
struct CvtPkI16I32 : Shape<2, Res::B32, 3> {
  static u32 apply(u32 a, u32 b) {
    return satInt16<int16_t>(static_cast<i32>(a)) | satInt16<int16_t>(static_cast<i32>(b)) << 16;
  }
};

// ---- 16-bit integer ---------------------------------------------------------------------------
// VOP3 clamp saturates the integer result (kClamps: apply takes the clamp bit).
struct Mov16 : Shape<1, Res::Half> {
  static u32 apply(u32 a) { return a; }
};
struct Not16 : Shape<1, Res::Half> {
  static u32 apply(u32 a) { return ~a; }
};
struct AddU16 : Shape<2, Res::Half> {
  static constexpr bool kClamps = true;
  static u32 apply(u32 a, u32 b, bool clamp) {
    const u32 r = u16(a) + u16(b);
    return clamp ? std::min(r, 0xFFFFu) : r;
  }
};
struct SubU16 : Shape<2, Res::Half> {
  static constexpr bool kClamps = true;
  static u32 apply(u32 a, u32 b, bool clamp) {
    return clamp && u16(b) > u16(a) ? 0u : u16(a) - u16(b);
  }
};
// gfx9's reversed form (gfx11 has none).
struct SubrevU16 : Shape<2, Res::Half> {
  static constexpr bool kClamps = true;
  static u32 apply(u32 a, u32 b, bool clamp) { return SubU16::apply(b, a, clamp); }
};
struct AddI16 : Shape<2, Res::Half> {
  static constexpr bool kClamps = true;
  static u32 apply(u32 a, u32 b, bool clamp) {
    const i64 r = si16(a) + si16(b);
    return clamp ? satInt16<int16_t>(r) : static_cast<u32>(r);
  }
};
struct SubI16 : Shape<2, Res::Half> {
  static constexpr bool kClamps = true;
  static u32 apply(u32 a, u32 b, bool clamp) {
    const i64 r = si16(a) - si16(b);
    return clamp ? satInt16<int16_t>(r) : static_cast<u32>(r);
  }
};
struct MulLoU16 : Shape<2, Res::Half> {
  static u32 apply(u32 a, u32 b) { return u16(a) * u16(b); }
};
struct MaxU16 : Shape<2, Res::Half> {
  static u32 apply(u32 a, u32 b) { return std::max(u16(a), u16(b)); }
};
struct MinU16 : Shape<2, Res::Half> {
  static u32 apply(u32 a, u32 b) { return std::min(u16(a), u16(b)); }
};
struct MaxI16 : Shape<2, Res::Half> {
  static u32 apply(u32 a, u32 b) { return static_cast<u32>(std::max(si16(a), si16(b))); }
};
struct MinI16 : Shape<2, Res::Half> {
  static u32 apply(u32 a, u32 b) { return static_cast<u32>(std::min(si16(a), si16(b))); }
};
// Shifts: D = S1 shifted by S0[3:0].
struct LshlrevB16 : Shape<2, Res::Half> {
  static u32 apply(u32 a, u32 b) { return u16(b) << (a & 15); }
};
struct LshrrevB16 : Shape<2, Res::Half> {
  static u32 apply(u32 a, u32 b) { return u16(b) >> (a & 15); }
};
struct AshrrevI16 : Shape<2, Res::Half> {
  static u32 apply(u32 a, u32 b) { return static_cast<u32>(si16(b) >> (a & 15)); }
};
struct And16 : Shape<2, Res::Half> {
  static u32 apply(u32 a, u32 b) { return a & b; }
};
struct Or16 : Shape<2, Res::Half> {
  static u32 apply(u32 a, u32 b) { return a | b; }
};
struct Xor16 : Shape<2, Res::Half> {
  static u32 apply(u32 a, u32 b) { return a ^ b; }
};
struct MadU16 : Shape<3, Res::Half> {
  static constexpr bool kClamps = true;
  static u32 apply(u32 a, u32 b, u32 c, bool clamp) {
    const u64 r = u64{u16(a)} * u16(b) + u16(c);
    return clamp ? static_cast<u32>(std::min<u64>(r, 0xFFFF)) : static_cast<u32>(r);
  }
};
struct MadI16 : Shape<3, Res::Half> {
  static constexpr bool kClamps = true;
  static u32 apply(u32 a, u32 b, u32 c, bool clamp) {
    const i64 r = i64{si16(a)} * si16(b) + si16(c);
    return clamp ? satInt16<int16_t>(r) : static_cast<u32>(r);
  }
};
// 16-bit products accumulated into 32 bits (S2 is 32-bit).
struct MadU32U16 : Shape<3, Res::B32, 4> {
  static constexpr bool kClamps = true;
  static u32 apply(u32 a, u32 b, u32 c, bool clamp) {
    const u64 r = u64{u16(a)} * u16(b) + c;
    return clamp ? static_cast<u32>(std::min<u64>(r, 0xFFFFFFFFu)) : static_cast<u32>(r);
  }
};
struct MadI32I16 : Shape<3, Res::B32, 4> {
  static constexpr bool kClamps = true;
  static u32 apply(u32 a, u32 b, u32 c, bool clamp) {
    const i64 r = i64{si16(a)} * si16(b) + static_cast<i32>(c);
    return static_cast<u32>(clamp ? std::clamp<i64>(r, INT32_MIN, INT32_MAX) : r);
  }
};
// v_sad_u16: |S0[15:0] - S1[15:0]| + S2 (llvm-mc treats all operands as 32-bit registers).
struct SadU16 : Shape<3, Res::B32, 7> {
  static constexpr bool kClamps = true;
  static u32 apply(u32 a, u32 b, u32 c, bool clamp) {
    const u64 r = u64(u16(a) > u16(b) ? u16(a) - u16(b) : u16(b) - u16(a)) + c;
    return clamp ? static_cast<u32>(std::min<u64>(r, 0xFFFFFFFFu)) : static_cast<u32>(r);
  }
};
template <class Pick> struct Three16 : Shape<3, Res::Half> {
  static u32 apply(u32 a, u32 b, u32 c) { return Pick::apply(a, b, c); }
};
template <class T> struct Min3Int {
  static u32 apply(u32 a, u32 b, u32 c) {
    return static_cast<u32>(std::min({T(a), T(b), T(c)})) & 0xFFFF;
  }
};
template <class T> struct Max3Int {
  static u32 apply(u32 a, u32 b, u32 c) {
    return static_cast<u32>(std::max({T(a), T(b), T(c)})) & 0xFFFF;
  }
};
template <class T> struct Med3Int {
  static u32 apply(u32 a, u32 b, u32 c) {
    const T x = T(a), y = T(b), z = T(c);
    return static_cast<u32>(std::max(std::min(x, y), std::min(std::max(x, y), z))) & 0xFFFF;
  }
};

// ---- executors --------------------------------------------------------------------------------
template <int W, class Op, int I> const u32 *fetch(Wave &w, const DecodedInst &in) {
  if constexpr (I >= Op::kSources)
    return nullptr;
  else if constexpr ((Op::kWide >> I) & 1)
    return lanes32<W>(w, in.src[I], I);
  else
    return src16<W>(w, in, I);
}

template <int W, class Op> void vop16(Wave &w, const DecodedInst &in) {
  const u32 *a = fetch<W, Op, 0>(w, in);
  const u32 *b = fetch<W, Op, 1>(w, in);
  const u32 *c = fetch<W, Op, 2>(w, in);
  // The clamp bit, as post::kClamp plus the NaN rule for the ops that clamp floats themselves.
  [[maybe_unused]] const uint8_t clamp =
      (in.extra & 1) ? post::kClamp | (in.postOps & post::kClampKeepNan) : 0;
  u32 r[W];
  for (int l = 0; l < W; ++l) {
    if constexpr (requires { Op::kClamps; }) {
      if constexpr (Op::kSources == 2)
        r[l] = Op::apply(a[l], b[l], clamp);
      else
        r[l] = Op::apply(a[l], b[l], c[l], clamp);
    } else if constexpr (Op::kSources == 1) {
      r[l] = Op::apply(a[l]);
    } else if constexpr (Op::kSources == 2) {
      r[l] = Op::apply(a[l], b[l]);
    } else {
      r[l] = Op::apply(a[l], b[l], c[l]);
    }
  }
  if constexpr (Op::kRes == Res::F16) {
    if (in.postOps)
      for (int l = 0; l < W; ++l)
        r[l] = postF16(r[l], in.postOps);
  }
  if constexpr (Op::kRes == Res::Half || Op::kRes == Res::F16) {
    writeHalf<W>(w, in, r);
  } else {
    writeLanes<W>(vrow<W>(w, in.vdst), execMask<W>(w), [&](int l) { return r[l]; });
    if constexpr (Op::kRes == Res::F32)
      if (in.postOps)
        postF32<W>(w, in);
  }
}

template <class Op> struct V16 {
  template <int W> static void run(Wave &w, const DecodedInst &in) { vop16<W, Op>(w, in); }
};

// v_cndmask_b16: D = S2.mask[lane] ? S1 : S0.
template <int W> void cndmask16(Wave &w, const DecodedInst &in) {
  const u32 *a = src16<W>(w, in, 0);
  const u32 *b = src16<W>(w, in, 1);
  const u64 sel = readMask<W>(w, in.src[2]);
  u32 r[W];
  for (int l = 0; l < W; ++l)
    r[l] = ((sel >> l) & 1) ? b[l] : a[l];
  writeHalf<W>(w, in, r);
}
struct Cndmask16 {
  template <int W> static void run(Wave &w, const DecodedInst &in) { cndmask16<W>(w, in); }
};

// ---- compares ---------------------------------------------------------------------------------
template <Cond C> bool cmpF16(u32 a, u32 b) { return holdsFloat<C>(h(a), h(b)); }
template <Cond C> bool cmpI16(u32 a, u32 b) { return holdsInt<C>(si16(a), si16(b)); }
template <Cond C> bool cmpU16(u32 a, u32 b) { return holdsInt<C>(u16(a), u16(b)); }
// v_cmp_class_f16: S1 is a mask of classes; true when S0's class is in it.
bool classF16(u32 a, u32 mask) { return inClassMask<5, 10>(a & 0xFFFF, mask); }

template <int W, bool kX, bool (*Pred)(u32, u32)> void vopc16(Wave &w, const DecodedInst &in) {
  const u32 *a = src16<W>(w, in, 0);
  const u32 *b = src16<W>(w, in, 1);
  u64 mask = 0;
  for (int l = 0; l < W; ++l)
    mask |= u64{Pred(a[l], b[l])} << l;
  mask &= execMask<W>(w);
  writeCompare<W, kX>(w, in, mask);
}

// 16-bit / packed executors: the pre-decoder resolves their halves (entry::k16Bit).
template <class Exec> ExecEntry entry16Of(EntryFlags flags = 0) {
  return entryOf<Exec>(static_cast<EntryFlags>(flags | entry::k16Bit));
}
template <class Ieee, class NonIeee> ExecEntry ieeeEntry16Of(EntryFlags flags) {
  return ieeeEntryOf<Ieee, NonIeee>(static_cast<EntryFlags>(flags | entry::k16Bit));
}

// Float results (clamp / omod / flushing) from float sources (denormal flushing).
constexpr EntryFlags kFloat = entry::kF32Result | entry::kF32Sources;
// Conversions to integers saturate already: VOP3 clamp changes nothing (and omod, ignored for
// integer results by the VALU document, neither).
constexpr EntryFlags kToInt = entry::kIntClamp;

// Mnemonics are built at registration; the registry keys are views, so they live here.
std::deque<std::string> &names() {
  static std::deque<std::string> n; // push_back keeps earlier elements in place
  return n;
}

template <bool (*Pred)(u32, u32)>
void addCompare(Registry &r, std::string cond, const char *type, EntryFlags flags) {
  for (bool x : {false, true}) {
    names().push_back(std::string(x ? "v_cmpx_" : "v_cmp_") + cond + "_" + type);
    ExecEntry e = x ? ExecEntry{&vopc16<32, true, Pred>, &vopc16<64, true, Pred>, 0}
                    : ExecEntry{&vopc16<32, false, Pred>, &vopc16<64, false, Pred>, 0};
    e.flags = static_cast<EntryFlags>(flags | entry::kCompare | entry::k16Bit);
    r[names().back()] = e;
  }
}

void addFloatCompares(Registry &r) {
  const uint8_t f = entry::kF32Sources;
  addCompare<&cmpF16<Cond::F>>(r, "f", "f16", f);
  addCompare<&cmpF16<Cond::Lt>>(r, "lt", "f16", f);
  addCompare<&cmpF16<Cond::Eq>>(r, "eq", "f16", f);
  addCompare<&cmpF16<Cond::Le>>(r, "le", "f16", f);
  addCompare<&cmpF16<Cond::Gt>>(r, "gt", "f16", f);
  addCompare<&cmpF16<Cond::Lg>>(r, "lg", "f16", f);
  addCompare<&cmpF16<Cond::Ge>>(r, "ge", "f16", f);
  addCompare<&cmpF16<Cond::O>>(r, "o", "f16", f);
  addCompare<&cmpF16<Cond::U>>(r, "u", "f16", f);
  addCompare<&cmpF16<Cond::Nge>>(r, "nge", "f16", f);
  addCompare<&cmpF16<Cond::Nlg>>(r, "nlg", "f16", f);
  addCompare<&cmpF16<Cond::Ngt>>(r, "ngt", "f16", f);
  addCompare<&cmpF16<Cond::Nle>>(r, "nle", "f16", f);
  addCompare<&cmpF16<Cond::Neq>>(r, "neq", "f16", f);
  addCompare<&cmpF16<Cond::Nlt>>(r, "nlt", "f16", f);
  addCompare<&cmpF16<Cond::T>>(r, "t", "f16", f);
  addCompare<&classF16>(r, "class", "f16", f);
}

template <Cond C> struct I16Pred {
  static bool apply(u32 a, u32 b) { return cmpI16<C>(a, b); }
};
template <Cond C> struct U16Pred {
  static bool apply(u32 a, u32 b) { return cmpU16<C>(a, b); }
};
template <template <Cond> class P> void addIntCompares(Registry &r, const char *type) {
  addCompare<&P<Cond::F>::apply>(r, "f", type, 0);
  addCompare<&P<Cond::Lt>::apply>(r, "lt", type, 0);
  addCompare<&P<Cond::Eq>::apply>(r, "eq", type, 0);
  addCompare<&P<Cond::Le>::apply>(r, "le", type, 0);
  addCompare<&P<Cond::Gt>::apply>(r, "gt", type, 0);
  addCompare<&P<Cond::Ne>::apply>(r, "ne", type, 0);
  addCompare<&P<Cond::Ge>::apply>(r, "ge", type, 0);
  addCompare<&P<Cond::T>::apply>(r, "t", type, 0);
}

} // namespace

void registerValu16(Registry &r) {
  r["v_add_f16"] = entry16Of<V16<AddF16>>(kFloat);
  r["v_sub_f16"] = entry16Of<V16<SubF16>>(kFloat);
  r["v_subrev_f16"] = entry16Of<V16<SubrevF16>>(kFloat);
  r["v_mul_f16"] = entry16Of<V16<MulF16>>(kFloat);
  r["v_max_f16"] = ieeeEntry16Of<V16<MaxF16<true>>, V16<MaxF16<false>>>(kFloat);
  r["v_min_f16"] = ieeeEntry16Of<V16<MinF16<true>>, V16<MinF16<false>>>(kFloat);
  r["v_ldexp_f16"] = entry16Of<V16<LdexpF16>>(kFloat);
  r["v_fma_f16"] = entry16Of<V16<FmaF16>>(kFloat);
  r["v_fmac_f16"] = entry16Of<V16<FmaF16>>(kFloat | entry::kAccumulator);
  r["v_fmaak_f16"] = entry16Of<V16<FmaF16>>(kFloat);
  r["v_fmamk_f16"] = entry16Of<V16<FmamkF16>>(kFloat);
  r["v_mad_f16"] = entry16Of<V16<MadF16>>(kFloat);
  r["v_mac_f16"] = entry16Of<V16<MadF16>>(kFloat | entry::kAccumulator);
  r["v_madak_f16"] = entry16Of<V16<MadF16>>(kFloat);
  r["v_madmk_f16"] = entry16Of<V16<MadmkF16>>(kFloat);
  r["v_min3_f16"] = ieeeEntry16Of<V16<Min3F16<true>>, V16<Min3F16<false>>>(kFloat);
  r["v_max3_f16"] = ieeeEntry16Of<V16<Max3F16<true>>, V16<Max3F16<false>>>(kFloat);
  r["v_med3_f16"] = ieeeEntry16Of<V16<Med3F16<true>>, V16<Med3F16<false>>>(kFloat);
  r["v_maxmin_f16"] = ieeeEntry16Of<V16<MaxminF16<true>>, V16<MaxminF16<false>>>(kFloat);
  r["v_minmax_f16"] = ieeeEntry16Of<V16<MinmaxF16<true>>, V16<MinmaxF16<false>>>(kFloat);
  r["v_div_fixup_f16"] = entry16Of<V16<DivFixupF16>>(kFloat);
  r["v_rcp_f16"] = entry16Of<V16<UnaryF16<rcpD>>>(kFloat);
  r["v_rsq_f16"] = entry16Of<V16<UnaryF16<rsqD>>>(kFloat);
  r["v_sqrt_f16"] = entry16Of<V16<UnaryF16<sqrtD>>>(kFloat);
  r["v_exp_f16"] = entry16Of<V16<UnaryF16<exp2D>>>(kFloat);
  r["v_log_f16"] = entry16Of<V16<UnaryF16<log2D>>>(kFloat);
  r["v_sin_f16"] = entry16Of<V16<UnaryF16<sinRev>>>(kFloat);
  r["v_cos_f16"] = entry16Of<V16<UnaryF16<cosRev>>>(kFloat);
  r["v_floor_f16"] = entry16Of<V16<UnaryF16<floorD>>>(kFloat);
  r["v_ceil_f16"] = entry16Of<V16<UnaryF16<ceilD>>>(kFloat);
  r["v_trunc_f16"] = entry16Of<V16<UnaryF16<truncD>>>(kFloat);
  r["v_rndne_f16"] = entry16Of<V16<UnaryF16<rndneD>>>(kFloat);
  r["v_fract_f16"] = entry16Of<V16<UnaryF16<fractD>>>(kFloat);
  r["v_frexp_mant_f16"] = entry16Of<V16<UnaryF16<frexpMantD>>>(kFloat);
  r["v_frexp_exp_i16_f16"] = entry16Of<V16<FrexpExpI16F16>>(entry::kF32Sources | kToInt);
  r["v_cvt_f16_f32"] = entry16Of<V16<CvtF16F32>>(kFloat);
  r["v_cvt_f32_f16"] = entry16Of<V16<CvtF32F16>>(kFloat);
  r["v_cvt_f16_u16"] = entry16Of<V16<CvtF16U16>>(entry::kF32Result);
  r["v_cvt_f16_i16"] = entry16Of<V16<CvtF16I16>>(entry::kF32Result);
  r["v_cvt_u16_f16"] = entry16Of<V16<CvtU16F16>>(entry::kF32Sources | entry::kIntClamp);
  r["v_cvt_i16_f16"] = entry16Of<V16<CvtI16F16>>(entry::kF32Sources | entry::kIntClamp);
  r["v_cvt_norm_i16_f16"] = entry16Of<V16<CvtNormI16F16>>(entry::kF32Sources | entry::kIntClamp);
  r["v_cvt_norm_u16_f16"] = entry16Of<V16<CvtNormU16F16>>(entry::kF32Sources | entry::kIntClamp);
  r["v_cvt_i32_i16"] = entry16Of<V16<CvtI32I16>>();
  r["v_cvt_u32_u16"] = entry16Of<V16<CvtU32U16>>();
  r["v_pack_b32_f16"] = entry16Of<V16<PackB32F16>>(entry::kIntClamp);
  r["v_cvt_pk_rtz_f16_f32"] = entry16Of<V16<CvtPkRtzF16F32>>(entry::kF32Sources | entry::kIntClamp);
  r["v_cvt_pk_norm_i16_f16"] = entry16Of<V16<CvtPkNormI16F16>>(entry::kF32Sources | kToInt);
  r["v_cvt_pk_norm_u16_f16"] = entry16Of<V16<CvtPkNormU16F16>>(entry::kF32Sources | kToInt);
  r["v_cvt_pk_norm_i16_f32"] = entry16Of<V16<CvtPkNormI16F32>>(entry::kF32Sources | kToInt);
  r["v_cvt_pk_norm_u16_f32"] = entry16Of<V16<CvtPkNormU16F32>>(entry::kF32Sources | kToInt);
  r["v_cvt_pk_i16_f32"] = entry16Of<V16<CvtPkI16F32>>(entry::kF32Sources | kToInt);
  r["v_cvt_pk_u16_f32"] = entry16Of<V16<CvtPkU16F32>>(entry::kF32Sources | kToInt);
  r["v_cvt_pk_u16_u32"] = entry16Of<V16<CvtPkU16U32>>();
  r["v_sat_pk_u8_i16"] = entry16Of<V16<SatPkU8I16>>();
  r["v_cvt_pk_i16_i32"] = entry16Of<V16<CvtPkI16I32>>();
  r["v_mov_b16"] = entry16Of<V16<Mov16>>();
  r["v_not_b16"] = entry16Of<V16<Not16>>();
  r["v_cndmask_b16"] = entry16Of<Cndmask16>();
  r["v_add_nc_u16"] = entry16Of<V16<AddU16>>(entry::kIntClamp);
  r["v_sub_nc_u16"] = entry16Of<V16<SubU16>>(entry::kIntClamp);
  r["v_subrev_u16"] = entry16Of<V16<SubrevU16>>(entry::kIntClamp);
  r["v_add_nc_i16"] = entry16Of<V16<AddI16>>(entry::kIntClamp);
  r["v_sub_nc_i16"] = entry16Of<V16<SubI16>>(entry::kIntClamp);
  r["v_mul_lo_u16"] = entry16Of<V16<MulLoU16>>();
  r["v_max_u16"] = entry16Of<V16<MaxU16>>();
  r["v_min_u16"] = entry16Of<V16<MinU16>>();
  r["v_max_i16"] = entry16Of<V16<MaxI16>>();
  r["v_min_i16"] = entry16Of<V16<MinI16>>();
  r["v_lshlrev_b16"] = entry16Of<V16<LshlrevB16>>();
  r["v_lshrrev_b16"] = entry16Of<V16<LshrrevB16>>();
  r["v_ashrrev_i16"] = entry16Of<V16<AshrrevI16>>();
  r["v_and_b16"] = entry16Of<V16<And16>>();
  r["v_or_b16"] = entry16Of<V16<Or16>>();
  r["v_xor_b16"] = entry16Of<V16<Xor16>>();
  r["v_mad_u16"] = entry16Of<V16<MadU16>>(entry::kIntClamp);
  r["v_mad_i16"] = entry16Of<V16<MadI16>>(entry::kIntClamp);
  r["v_mad_u32_u16"] = entry16Of<V16<MadU32U16>>(entry::kIntClamp);
  r["v_mad_i32_i16"] = entry16Of<V16<MadI32I16>>(entry::kIntClamp);
  r["v_sad_u16"] = entry16Of<V16<SadU16>>(entry::kIntClamp);
  r["v_min3_i16"] = entry16Of<V16<Three16<Min3Int<int16_t>>>>(entry::kIntClamp);
  r["v_max3_i16"] = entry16Of<V16<Three16<Max3Int<int16_t>>>>(entry::kIntClamp);
  r["v_med3_i16"] = entry16Of<V16<Three16<Med3Int<int16_t>>>>(entry::kIntClamp);
  r["v_min3_u16"] = entry16Of<V16<Three16<Min3Int<uint16_t>>>>(entry::kIntClamp);
  r["v_max3_u16"] = entry16Of<V16<Three16<Max3Int<uint16_t>>>>(entry::kIntClamp);
  r["v_med3_u16"] = entry16Of<V16<Three16<Med3Int<uint16_t>>>>(entry::kIntClamp);
  addFloatCompares(r);
  addIntCompares<I16Pred>(r, "i16");
  addIntCompares<U16Pred>(r, "u16");
}

} // namespace gcnkit::emu
