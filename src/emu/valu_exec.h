// The VALU executor templates. An operation is a functor with a static `apply` over the lane
// values (32-bit patterns; 64-bit values for the wide forms); the templates fetch the sources
// as lane arrays, run the functor over all W lanes and write the lanes EXEC enables. W (32 or
// 64) is a template parameter, so every loop has a constant trip count.
#pragma once

#include <bit>
#include <climits>
#include <cmath>
#include <cstdint>

#include "emu/wave.h"

namespace gcnkit::emu::valu {

inline float f32(uint32_t b) { return std::bit_cast<float>(b); }
inline uint32_t bits(float f) { return std::bit_cast<uint32_t>(f); }
inline double f64(uint64_t b) { return std::bit_cast<double>(b); }
inline uint64_t bits(double d) { return std::bit_cast<uint64_t>(d); }

// Clamp / omod / denormal flushing of f32 results (the lanes EXEC enables).
template <int W> void postF32(Wave &w, const DecodedInst &in) {
  uint32_t *d = vrow<W>(w, in.vdst);
  const uint64_t exec = execMask<W>(w);
  const uint8_t ops = in.postOps;
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    float v = f32(d[l]);
    if (ops & post::kOmodMul2)
      v *= 2.0f;
    else if (ops & post::kOmodMul4)
      v *= 4.0f;
    else if (ops & post::kOmodDiv2)
      v *= 0.5f;
    uint32_t b = bits(v);
    if (ops & post::kFlushDenormF32) {
      b = flushDenormF32(b);
      if ((ops & (post::kOmodMul2 | post::kOmodMul4 | post::kOmodDiv2)) && b == 0x80000000u)
        b = 0; // output modifiers are not IEEE: -0 becomes +0
    }
    if (ops & post::kClamp) { // to [0, 1]; NaN clamps to 0 (DX10 clamp) or passes through
      const float c = f32(b);
      if (!(std::isnan(c) && (ops & post::kClampKeepNan)))
        b = !(c > 0.0f) ? 0u : (c > 1.0f ? bits(1.0f) : b);
    }
    d[l] = b;
  }
}

// The same for f64 results (the register pair from in.vdst).
template <int W> void postF64(Wave &w, const DecodedInst &in) {
  uint32_t *lo = vrow<W>(w, in.vdst), *hi = vrow<W>(w, static_cast<uint16_t>(in.vdst + 1));
  const uint64_t exec = execMask<W>(w);
  const uint8_t ops = in.postOps;
  constexpr uint8_t omod = post::kOmodMul2 | post::kOmodMul4 | post::kOmodDiv2;
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    double v = f64(lo[l] | uint64_t{hi[l]} << 32);
    if (ops & post::kOmodMul2)
      v *= 2.0;
    else if (ops & post::kOmodMul4)
      v *= 4.0;
    else if (ops & post::kOmodDiv2)
      v *= 0.5;
    if ((ops & post::kFlushDenormF64) && std::fpclassify(v) == FP_SUBNORMAL)
      v = (ops & omod) ? 0.0 : std::copysign(0.0, v);
    else if ((ops & post::kFlushDenormF64) && (ops & omod) && v == 0.0)
      v = 0.0; // output modifiers are not IEEE: -0 becomes +0
    uint64_t b = bits(v);
    if ((ops & post::kClamp) && !(std::isnan(v) && (ops & post::kClampKeepNan)))
      b = bits(!(v > 0.0) ? 0.0 : (v > 1.0 ? 1.0 : v)); // to [0, 1]; NaN to 0 under DX10 clamp
    lo[l] = static_cast<uint32_t>(b);
    hi[l] = static_cast<uint32_t>(b >> 32);
  }
}

// DecodedInst::extra bit of a v_cmpx on a target whose v_cmpx also writes its result to VCC /
// SDST (gfx9; TargetInfo::kCmpxWritesResult). Bit 0 is integer clamp (entry::kIntClamp).
inline constexpr uint8_t kCmpxWritesResult = 1u << 1;

// A compare's per-lane result (already limited to EXEC): to SDST (v_cmp) or EXEC (v_cmpx, and
// on gfx9 to SDST too).
template <int W, bool kX> void writeCompare(Wave &w, const DecodedInst &in, uint64_t mask) {
  if constexpr (kX) {
    writeMask<W>(w, sreg::kExecLo, mask);
    if (in.extra & kCmpxWritesResult)
      writeMask<W>(w, in.sdst, mask);
  } else {
    writeMask<W>(w, in.sdst, mask);
  }
}

// D = Op(S0[, S1[, S2]]), all 32-bit.
template <int W, class Op, int N> void vop32(Wave &w, const DecodedInst &in) {
  const uint32_t *a = lanes32<W>(w, in.src[0], 0);
  const uint32_t *b = N > 1 ? lanes32<W>(w, in.src[1], 1) : a;
  const uint32_t *c = N > 2 ? lanes32<W>(w, in.src[2], 2) : a;
  uint32_t *d = vrow<W>(w, in.vdst);
  writeLanes<W>(d, execMask<W>(w), [&](int l) {
    if constexpr (N == 1)
      return Op::apply(a[l]);
    else if constexpr (N == 2)
      return Op::apply(a[l], b[l]);
    else
      return Op::apply(a[l], b[l], c[l]);
  });
  if (in.postOps)
    postF32<W>(w, in);
}

template <class Op, int N> struct Vop32 {
  template <int W> static void run(Wave &w, const DecodedInst &in) { vop32<W, Op, N>(w, in); }
};

// Integer results saturated to the result type: what VOP3 clamp does to integer operations
// ("limits the result to the largest and smallest representable values", the VALU document).
inline uint32_t satU32(uint64_t v) {
  return v > 0xFFFFFFFFu ? 0xFFFFFFFFu : static_cast<uint32_t>(v);
}
inline uint32_t satI32(int64_t v) {
  return static_cast<uint32_t>(v > INT32_MAX ? INT32_MAX : (v < INT32_MIN ? INT32_MIN : v));
}

// An integer operation that takes VOP3 clamp: Sat, its saturating form, runs when the
// pre-decoder set DecodedInst::extra bit 0 (entry::kIntClamp), Op otherwise. One branch per
// instruction, none per lane.
template <class Op, class Sat, int N> struct Vop32Clamp {
  template <int W> static void run(Wave &w, const DecodedInst &in) {
    if (in.extra & 1)
      vop32<W, Sat, N>(w, in);
    else
      vop32<W, Op, N>(w, in);
  }
};

// Wide forms: each source and the destination is 32 or 64 bits as the functor declares
// (kWide0..2, kWideDst); values are passed as uint64_t.
template <int W, class Op> void vop64(Wave &w, const DecodedInst &in) {
  constexpr bool wide[3] = {Op::kWide0, Op::kWide1, Op::kWide2};
  const uint32_t *lo[3] = {nullptr, nullptr, nullptr};
  const uint32_t *hi[3] = {nullptr, nullptr, nullptr};
  for (int s = 0; s < Op::kSources; ++s) {
    if (wide[s])
      lanes64<W>(w, in.src[s], s, lo[s], hi[s]);
    else
      lo[s] = lanes32<W>(w, in.src[s], s);
  }
  auto value = [&](int s, int l) -> uint64_t {
    if (s >= Op::kSources)
      return 0;
    return wide[s] ? (lo[s][l] | uint64_t{hi[s][l]} << 32) : lo[s][l];
  };
  const uint64_t exec = execMask<W>(w);
  uint32_t *dlo = vrow<W>(w, in.vdst);
  uint32_t *dhi = Op::kWideDst ? vrow<W>(w, static_cast<uint16_t>(in.vdst + 1)) : nullptr;
  // Compute every lane before writing: the destination may overlap a source.
  uint64_t r[W];
  for (int l = 0; l < W; ++l)
    r[l] = Op::apply(value(0, l), value(1, l), value(2, l));
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    dlo[l] = static_cast<uint32_t>(r[l]);
    if constexpr (Op::kWideDst)
      dhi[l] = static_cast<uint32_t>(r[l] >> 32);
  }
  if (in.postOps) { // float results only (entry::kF32Result / kF64Result)
    if constexpr (Op::kWideDst)
      postF64<W>(w, in);
    else
      postF32<W>(w, in);
  }
}

template <class Op> struct Vop64 {
  template <int W> static void run(Wave &w, const DecodedInst &in) { vop64<W, Op>(w, in); }
};

template <class Op, class Sat> struct Vop64Clamp {
  template <int W> static void run(Wave &w, const DecodedInst &in) {
    if (in.extra & 1)
      vop64<W, Sat>(w, in);
    else
      vop64<W, Op>(w, in);
  }
};

} // namespace gcnkit::emu::valu
