// The conditions of the VALU compares (v_cmp / v_cmpx of every type) and the class test, shared
// by the 32/64-bit executors (vopc.cpp) and the 16-bit ones (valu_f16.cpp).
#pragma once

#include <cstdint>

namespace gcnkit::emu {

// Float conditions: the "n" forms are the negations (true when unordered). Integer compares use
// F, Lt, Eq, Le, Gt, Ne, Ge, T.
enum class Cond { F, Lt, Eq, Le, Gt, Lg, Ge, O, U, Nge, Nlg, Ngt, Nle, Neq, Nlt, T, Ne };

// V is float, double or _Float16 (NaN is the value that is not equal to itself).
template <Cond C, class V> bool holdsFloat(V x, V y) {
  switch (C) {
  case Cond::F:
    return false;
  case Cond::Lt:
    return x < y;
  case Cond::Eq:
    return x == y;
  case Cond::Le:
    return x <= y;
  case Cond::Gt:
    return x > y;
  case Cond::Lg:
    return x < y || x > y;
  case Cond::Ge:
    return x >= y;
  case Cond::O:
    return x == x && y == y;
  case Cond::U:
    return x != x || y != y;
  case Cond::Nge:
    return !(x >= y);
  case Cond::Nlg:
    return !(x < y || x > y);
  case Cond::Ngt:
    return !(x > y);
  case Cond::Nle:
    return !(x <= y);
  case Cond::Neq:
    return !(x == y);
  case Cond::Nlt:
    return !(x < y);
  default:
    return true;
  }
}

template <Cond C, class V> bool holdsInt(V x, V y) {
  switch (C) {
  case Cond::F:
    return false;
  case Cond::Lt:
    return x < y;
  case Cond::Eq:
    return x == y;
  case Cond::Le:
    return x <= y;
  case Cond::Gt:
    return x > y;
  case Cond::Ne:
    return x != y;
  case Cond::Ge:
    return x >= y;
  default:
    return true;
  }
}

// v_cmp_class: `mask` is a set of classes (0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denormal,
// 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf); true when the float with these exponent and
// mantissa widths, in the low bits of v, is in one of them.
template <int kExpBits, int kManBits> bool inClassMask(uint64_t v, uint64_t mask) {
  const bool neg = (v >> (kExpBits + kManBits)) & 1;
  const uint64_t exp = (v >> kManBits) & ((uint64_t{1} << kExpBits) - 1);
  const uint64_t man = v & ((uint64_t{1} << kManBits) - 1);
  constexpr uint64_t kExpMax = (uint64_t{1} << kExpBits) - 1;
  int cls;
  if (exp == kExpMax)
    cls = man == 0 ? (neg ? 2 : 9) : ((man >> (kManBits - 1)) & 1 ? 1 : 0);
  else if (exp == 0)
    cls = man == 0 ? (neg ? 5 : 6) : (neg ? 4 : 7);
  else
    cls = neg ? 3 : 8;
  return (mask >> cls) & 1;
}

} // namespace gcnkit::emu
