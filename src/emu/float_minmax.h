// The float min / max / med3 rules of the VALU for f16, f32 and f64 bit patterns, in both states
// of MODE.IEEE (the ISA's pseudocode of V_MIN_F32 / V_MAX_F32 / V_MED3_F32 and their f16 / f64
// forms):
//
//   IEEE = 1: a signaling NaN in S0, else in S1, gives its quiet form;
//   then (both modes): a NaN in S0 yields S1 as it is, a NaN in S1 yields S0;
//   -0 < +0; otherwise the smaller (larger) value.
//
// So with IEEE = 0 a signaling NaN is never quieted and never returned unless both inputs are
// NaNs. med3 with any NaN input is min3 of the three; otherwise the pseudocode's "max3 equals S0
// (numerically, +0 == -0): max(S1, S2), equals S1: max(S0, S2), else max(S0, S1)".
#pragma once

#include <cstdint>

namespace gcnkit::emu::minmax {

// The bits of a float format held in the low bits of T.
template <class T> struct Format {
  T sign;  // sign bit
  T inf;   // exponent all ones, mantissa 0
  T quiet; // the quiet bit of a NaN (top mantissa bit)
};
inline constexpr Format<uint32_t> kF16{0x8000u, 0x7C00u, 0x200u};
inline constexpr Format<uint32_t> kF32{0x80000000u, 0x7F800000u, 0x400000u};
inline constexpr Format<uint64_t> kF64{uint64_t{1} << 63, 0x7FF0000000000000ull, uint64_t{1} << 51};

template <class T> constexpr bool isNan(const Format<T> &f, T x) {
  return (x & static_cast<T>(~f.sign)) > f.inf;
}

// A key that orders non-NaN patterns as their values (both zeros map to 0).
template <class T> constexpr int64_t key(const Format<T> &f, T x) {
  const int64_t magnitude = static_cast<int64_t>(x & static_cast<T>(~f.sign)); // < 2^63
  return (x & f.sign) ? -magnitude : magnitude;
}

// min (kMax false) or max of a and b under MODE.IEEE = kIeee.
template <bool kMax, bool kIeee, class T> constexpr T pick(const Format<T> &f, T a, T b) {
  const bool nanA = isNan(f, a), nanB = isNan(f, b);
  if (nanA || nanB) {
    if (kIeee && nanA && !(a & f.quiet))
      return a | f.quiet;
    if (kIeee && nanB && !(b & f.quiet))
      return b | f.quiet;
    return nanA ? b : a;
  }
  const int64_t ka = key(f, a), kb = key(f, b);
  if (ka == kb)
    return kMax ? (a & b) : (a | b); // equal values: +0 is the max and -0 the min of the zeros
  return (kMax ? ka > kb : ka < kb) ? a : b;
}

template <bool kIeee, class T> constexpr T min(const Format<T> &f, T a, T b) {
  return pick<false, kIeee>(f, a, b);
}
template <bool kIeee, class T> constexpr T max(const Format<T> &f, T a, T b) {
  return pick<true, kIeee>(f, a, b);
}

template <bool kIeee, class T> constexpr T med3(const Format<T> &f, T a, T b, T c) {
  if (isNan(f, a) || isNan(f, b) || isNan(f, c))
    return min<kIeee>(f, min<kIeee>(f, a, b), c);
  const int64_t top = key(f, max<kIeee>(f, max<kIeee>(f, a, b), c));
  if (top == key(f, a))
    return max<kIeee>(f, b, c);
  if (top == key(f, b))
    return max<kIeee>(f, a, c);
  return max<kIeee>(f, a, b);
}

} // namespace gcnkit::emu::minmax
