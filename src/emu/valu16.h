// 16-bit and packed VALU support shared by the pre-decoder and the executors of
// valu_f16.cpp (16-bit VOP1/VOP2/VOP3/VOPC), valu_packed.cpp (VOP3P) and wmma.cpp:
//   - how DecodedInst::aux describes the halves an instruction reads and writes;
//   - f16 / bf16 conversions with correct round-to-nearest-even (no double rounding);
//   - lane fetchers that extract a 16-bit half or swizzle a packed pair before the modifiers.
//
// 16-bit values travel in the low 16 bits of a 32-bit lane value; the bits above are ignored by
// the operations (they may be garbage). A 16-bit result is written to one half of the
// destination VGPR and the other half is preserved, as gfx10+ hardware does.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>

#include "emu/valu_exec.h"

namespace gcnkit::emu::half16 {

// ---- DecodedInst::aux of the 16-bit and packed executors --------------------------------------
// 16-bit sources (VOP1/VOP2/VOPC: VGPR field bit 7; VOP3: op_sel[i]): source i reads the high
// half. Packed sources (VOP3P): the low element comes from the high half (op_sel[i]).
inline constexpr uint32_t kSrcHi = 1u << 0; // << i
// The 16-bit result goes to the high half (VOP1/VOP2: VDST bit 7; VOP3: op_sel[3]).
inline constexpr uint32_t kDstHi = 1u << 3;
// Packed sources: the high element comes from the low half (op_sel_hi[i] == 0).
inline constexpr uint32_t kSrcHiFromLo = 1u << 4; // << i
// v_fma_mix*: source i is an f16 (op_sel_hi[i]); op_sel[i] (kSrcHi) then picks its half.
inline constexpr uint32_t kMixF16 = 1u << 8; // << i
// Integer dot / WMMA: source i is signed (the neg bits of the iu8 / iu4 forms).
inline constexpr uint32_t kSigned = 1u << 12; // << i
// WMMA: op_sel[2] of the f16 / bf16 accumulator forms (C and D use the high halves).
inline constexpr uint32_t kWmmaHi = 1u << 16;
// WMMA f16 / bf16 inputs: neg_lo[i] / neg_hi[i] negate the low / high elements of A (0), B (1);
// C gets {neg_hi[2], neg_lo[2]} as {abs, neg}.
inline constexpr uint32_t kNegLo = 1u << 20; // << i
inline constexpr uint32_t kNegHi = 1u << 24; // << i
// gfx9: a 16-bit result written to the low half zeroes the high half (gfx10+ keep it).
inline constexpr uint32_t kZeroHigh = 1u << 28;

inline bool srcHi(const DecodedInst &in, unsigned i) { return (in.aux >> i) & 1; }
inline bool dstHi(const DecodedInst &in) { return in.aux & kDstHi; }

// ---- formats ---------------------------------------------------------------------------------
// s + e is the exact value (e: the rounding error of s, |e| <= ulp(s) / 2, or 0), rounded to
// nearest even into the binary format with M mantissa and E exponent bits. The error term breaks
// the ties double rounding would get wrong: when s lies exactly on a midpoint of the narrow format,
// the sign of e says which way the exact value lies. Overflow gives infinity; NaN stays NaN
// (quieted, high payload bits kept). kTowardZero truncates instead (overflow then gives the
// largest finite value).
template <int M, int E, bool kTowardZero = false> uint32_t narrow(double s, double e = 0.0) {
  constexpr int kBias = (1 << (E - 1)) - 1;
  constexpr uint32_t kExpMax = (1u << E) - 1;
  const uint64_t b = std::bit_cast<uint64_t>(s);
  const uint32_t sign = static_cast<uint32_t>(b >> 63) << (M + E);
  const int dexp = static_cast<int>((b >> 52) & 0x7FF);
  const uint64_t dman = b & ((uint64_t{1} << 52) - 1);
  if (dexp == 0x7FF) {
    if (dman == 0)
      return sign | kExpMax << M;
    return sign | kExpMax << M | 1u << (M - 1) | static_cast<uint32_t>(dman >> (52 - M));
  }
  if (dexp == 0) // zero (double denormals are far below every narrow format)
    return sign;
  const int ex = dexp - 1023;
  if (ex > kBias)
    return sign | (kTowardZero ? (kExpMax << M) - 1 : kExpMax << M);
  const uint64_t sig = dman | uint64_t{1} << 52;
  const int shift = 52 - M + (ex < 1 - kBias ? (1 - kBias) - ex : 0);
  if (shift > 54) // below half the smallest denormal
    return sign;
  uint64_t q = sig >> shift;
  const uint64_t rem = sig & ((uint64_t{1} << shift) - 1);
  const uint64_t half = uint64_t{1} << (shift - 1);
  bool up = rem > half;
  if (rem == half)
    up = e != 0.0 ? ((e > 0) == (s > 0)) : (q & 1) != 0;
  if (!kTowardZero)
    q += up;
  if (ex >= 1 - kBias) // q carries the hidden bit into the exponent field
    return sign | ((static_cast<uint32_t>(ex + kBias - 1) << M) + static_cast<uint32_t>(q));
  return sign | static_cast<uint32_t>(q); // denormal (may round up to the smallest normal)
}

// s + e == a + b exactly (Knuth's two-sum), for narrow()'s error term.
inline void twoSum(double a, double b, double &s, double &e) {
  s = a + b;
  const double bb = s - a;
  e = (a - (s - bb)) + (b - bb);
}

inline uint16_t f16FromDouble(double d) { return static_cast<uint16_t>(narrow<10, 5>(d)); }
inline uint16_t bf16FromDouble(double d) { return static_cast<uint16_t>(narrow<7, 8>(d)); }
inline uint16_t f16TowardZero(double d) { return static_cast<uint16_t>(narrow<10, 5, true>(d)); }

// Exact widening.
inline double f16ToDouble(uint32_t h) {
  const uint32_t exp = (h >> 10) & 0x1F, man = h & 0x3FF;
  const bool neg = h & 0x8000;
  double v;
  if (exp == 0x1F) {
    if (man == 0)
      v = INFINITY;
    else // keep the payload: build the f32 pattern
      return static_cast<double>(
          std::bit_cast<float>(0x7F800000u | (neg ? 0x80000000u : 0u) | man << 13));
  } else if (exp == 0) {
    v = std::ldexp(static_cast<double>(man), -24);
  } else {
    v = std::ldexp(static_cast<double>(man | 0x400), static_cast<int>(exp) - 25);
  }
  return neg ? -v : v;
}
inline uint32_t f16ToF32Bits(uint32_t h) {
  const uint32_t sign = (h & 0x8000u) << 16, exp = (h >> 10) & 0x1F, man = h & 0x3FF;
  if (exp == 0x1F)
    return sign | 0x7F800000u | man << 13;
  if (exp != 0)
    return sign | (exp + 112) << 23 | man << 13;
  if (man == 0)
    return sign;
  return sign | std::bit_cast<uint32_t>(static_cast<float>(man) * 0x1p-24f);
}
inline float f16ToFloat(uint32_t h) { return std::bit_cast<float>(f16ToF32Bits(h)); }
inline double bf16ToDouble(uint32_t h) {
  return static_cast<double>(std::bit_cast<float>((h & 0xFFFFu) << 16));
}

// The low half of a lane value as an f16 (exactly, in double), a signed or an unsigned short.
inline double h(uint32_t v) { return f16ToDouble(v & 0xFFFF); }
inline int32_t si16(uint32_t v) { return static_cast<int16_t>(v); }
inline uint32_t u16(uint32_t v) { return v & 0xFFFF; }

inline bool isNanF16(uint32_t h) { return (h & 0x7FFF) > 0x7C00; }
inline bool isDenormF16(uint32_t h) { return (h & 0x7C00) == 0 && (h & 0x3FF) != 0; }
inline uint32_t flushF16(uint32_t h) { return (h & 0x7C00) ? h : h & 0x8000; }
inline uint32_t flushBF16(uint32_t h) { return (h & 0x7F80) ? h : h & 0x8000; }

// ---- lane fetchers ---------------------------------------------------------------------------
// 16-bit source i: the selected half in the low 16 bits (the high bits undefined), with the
// source's modifiers (masks on bit 15) and f16 denormal flushing applied.
template <int W> const uint32_t *src16(Wave &w, const DecodedInst &in, unsigned i) {
  const Src &s = in.src[i];
  const bool hi = srcHi(in, i);
  uint32_t *b = w.lanesLo[i];
  auto mod = [&s](uint32_t v) {
    if (s.flushDenorm)
      v = flushF16(v & 0xFFFF);
    return (v & s.andMask) ^ s.xorMask;
  };
  if (s.kind == SrcKind::Vgpr) {
    const uint32_t *r = vrow<W>(w, s.reg);
    if (!hi && !s.modified)
      return r;
    if (!s.modified) {
      for (int l = 0; l < W; ++l)
        b[l] = r[l] >> 16;
      return b;
    }
    for (int l = 0; l < W; ++l)
      b[l] = mod(hi ? r[l] >> 16 : r[l] & 0xFFFF);
    return b;
  }
  uint32_t v = readScalar32(w, s);
  v = mod(hi ? v >> 16 : v & 0xFFFF);
  for (int l = 0; l < W; ++l)
    b[l] = v;
  return b;
}

// Packed source i: {hi element, lo element} after op_sel / op_sel_hi, then the modifiers (neg_lo
// / neg_hi as xor masks on bits 15 / 31, denormal flushing of both f16 halves).
template <int W> const uint32_t *srcPacked(Wave &w, const DecodedInst &in, unsigned i) {
  const Src &s = in.src[i];
  const bool loFromHi = (in.aux >> i) & 1;
  const bool hiFromLo = (in.aux >> (4 + i)) & 1;
  uint32_t *b = w.lanesLo[i];
  auto swizzle = [&](uint32_t v) {
    const uint32_t lo = loFromHi ? v >> 16 : v & 0xFFFF;
    const uint32_t hi = hiFromLo ? v & 0xFFFF : v >> 16;
    v = lo | hi << 16;
    if (s.flushDenorm)
      v = flushF16(v & 0xFFFF) | flushF16(v >> 16) << 16;
    return (v & s.andMask) ^ s.xorMask;
  };
  if (s.kind == SrcKind::Vgpr) {
    const uint32_t *r = vrow<W>(w, s.reg);
    if (!loFromHi && !hiFromLo && !s.modified)
      return r;
    for (int l = 0; l < W; ++l)
      b[l] = swizzle(r[l]);
    return b;
  }
  const uint32_t v = swizzle(readScalar32(w, s));
  for (int l = 0; l < W; ++l)
    b[l] = v;
  return b;
}

// ---- results ---------------------------------------------------------------------------------
// Clamp / omod / denormal flushing of f16 results (post:: bits, as for f32).
inline uint32_t postF16(uint32_t h, uint8_t ops) {
  h &= 0xFFFF;
  if (ops & (post::kOmodMul2 | post::kOmodMul4 | post::kOmodDiv2)) {
    const double scale = (ops & post::kOmodMul2) ? 2.0 : (ops & post::kOmodMul4) ? 4.0 : 0.5;
    h = f16FromDouble(f16ToDouble(h) * scale);
  }
  if (ops & post::kFlushDenormF32) {
    h = flushF16(h);
    if ((ops & (post::kOmodMul2 | post::kOmodMul4 | post::kOmodDiv2)) && h == 0x8000)
      h = 0; // output modifiers are not IEEE: -0 becomes +0
  }
  if (ops & post::kClamp) { // to [0, 1]; NaN clamps to 0 (DX10 clamp) or passes through
    const double v = f16ToDouble(h);
    if (!(std::isnan(v) && (ops & post::kClampKeepNan)))
      h = !(v > 0.0) ? 0u : (v > 1.0 ? 0x3C00u : h);
  }
  return h;
}

// Writes the 16-bit results r (low bits) into the destination half, other half preserved.
template <int W> void writeHalf(Wave &w, const DecodedInst &in, const uint32_t *r) {
  uint32_t *d = vrow<W>(w, in.vdst);
  const uint64_t exec = execMask<W>(w);
  if (dstHi(in))
    writeLanes<W>(d, exec, [&](int l) { return (d[l] & 0xFFFFu) | r[l] << 16; });
  else if (in.aux & kZeroHigh)
    writeLanes<W>(d, exec, [&](int l) { return r[l] & 0xFFFFu; });
  else
    writeLanes<W>(d, exec, [&](int l) { return (d[l] & 0xFFFF0000u) | (r[l] & 0xFFFFu); });
}

} // namespace gcnkit::emu::half16
