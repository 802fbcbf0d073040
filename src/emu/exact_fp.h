// Exactly rounded f32 / f64 results for the cases the host's round-to-nearest arithmetic cannot
// give directly: directed rounding (MODE.FP_ROUND) and v_div_fmas' scaled fma. The exact value
// a * b + c of double inputs is formed in binary128 rounded to odd (the product is exact in 113
// bits; the sum keeps a sticky bit), and rounding that once more to f64 or f32 in any mode is
// the correct rounding of the exact value, because binary128 has more than two extra bits.
#pragma once

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace gcnkit::emu::exactfp {

__extension__ typedef __float128 Quad;

// Round modes as MODE.FP_ROUND numbers them.
inline constexpr uint32_t kNearestEven = 0, kPlusInf = 1, kMinusInf = 2, kTowardZero = 3;

// Moves q one unit in the last place away from zero (up) or toward zero.
inline Quad stepQuad(Quad q, bool awayFromZero) {
  __extension__ unsigned __int128 b;
  std::memcpy(&b, &q, sizeof b);
  b = awayFromZero ? b + 1 : b - 1;
  std::memcpy(&q, &b, sizeof b);
  return q;
}

inline bool quadLowBitOdd(Quad q) {
  uint64_t lo;
  std::memcpy(&lo, &q, 8); // little endian: the low mantissa word first
  return lo & 1;
}

// a * b + c for finite doubles, in binary128 rounded to odd. Also correct for c == -0 etc.
inline Quad fmaToOdd(double a, double b, double c) {
  const Quad p = static_cast<Quad>(a) * static_cast<Quad>(b); // exact: 106 bits
  const Quad qc = c;
  const Quad s = p + qc;
  const Quad bb = s - p; // TwoSum: the rounding error of s, exactly
  const Quad err = (p - (s - bb)) + (qc - bb);
  if (err == 0 || quadLowBitOdd(s))
    return s;
  return stepQuad(s, (s > 0) == (err > 0));
}

// q rounded to T (float or double) in `round` mode; q must carry a sticky low bit when it is
// itself inexact (fmaToOdd) so that no double rounding occurs.
template <class T> T roundQuad(Quad q, uint32_t round) {
  const T r = static_cast<T>(q); // nearest even
  if (round == kNearestEven || std::isnan(r))
    return r;
  if (std::isinf(r)) { // rounded up to infinity: directed modes may stop at the largest finite
    const bool away = (round == kPlusInf && q > 0) || (round == kMinusInf && q < 0);
    return away ? r : std::copysign(sizeof(T) == 4 ? T(FLT_MAX) : T(DBL_MAX), r);
  }
  const Quad diff = q - static_cast<Quad>(r); // exact: r is the nearest T to q
  if (diff == 0)
    return r;
  const T inf = INFINITY;
  switch (round) {
  case kPlusInf:
    return diff > 0 ? std::nextafter(r, inf) : r;
  case kMinusInf:
    return diff < 0 ? std::nextafter(r, -inf) : r;
  default: // toward zero: step back when nearest rounding went away from zero
    return (q > 0 && diff < 0) || (q < 0 && diff > 0) ? std::nextafter(r, T(0)) : r;
  }
}

// fma(a, b, c) of T values rounded in `round` mode, with IEEE's sign of an exact zero sum.
template <class T> T fmaRounded(T a, T b, T c, uint32_t round) {
  if (!std::isfinite(a) || !std::isfinite(b) || !std::isfinite(c))
    return std::fma(a, b, c); // infinities and NaNs do not round
  const Quad q = fmaToOdd(a, b, c);
  if (q == 0) {
    const bool productNegative = std::signbit(a) != std::signbit(b);
    const bool negative = productNegative == std::signbit(c) ? productNegative : round == kMinusInf;
    return negative ? T(-0.0) : T(0.0);
  }
  return roundQuad<T>(q, round);
}

template <class T> T mulRounded(T a, T b, uint32_t round) {
  if (!std::isfinite(a) || !std::isfinite(b))
    return a * b;
  return roundQuad<T>(static_cast<Quad>(a) * static_cast<Quad>(b), round); // exact product
}

template <class T> T addRounded(T a, T b, uint32_t round) {
  return fmaRounded<T>(a, T(1), b, round);
}

} // namespace gcnkit::emu::exactfp
