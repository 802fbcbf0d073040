// Packed math (VOP3P v_pk_*, and the VOP2 v_pk_fmac_f16), the dot products and the
// mixed-precision FMAs (v_fma_mix*).
//
// The pre-decoder resolves op_sel / op_sel_hi into DecodedInst::aux (emu/valu16.h) and neg_lo /
// neg_hi into xor masks; srcPacked hands each source over as {hi element, lo element}. Each
// element is computed like its 16-bit counterpart (f16: exact in double, one rounding to
// nearest even). Dot products multiply exactly and sum in double, in element order, with the
// accumulator last, rounding once to the result type (the hardware's internal order is not
// documented; this is a faithful model when no intermediate sum is inexact in double).
#include <algorithm>
#include <cmath>
#include <cstdint>

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

u32 satI16(i64 v) { return static_cast<u32>(std::clamp<i64>(v, INT16_MIN, INT16_MAX)) & 0xFFFF; }
u32 satU16(i64 v) { return static_cast<u32>(std::clamp<i64>(v, 0, 0xFFFF)); }

// ---- element operations: (a, b, c, clamp) -> 16-bit result -----------------------------------
struct PkFma {
  static constexpr bool kFloat = true;
  static u32 apply(u32 a, u32 b, u32 c, bool) {
    double s, e;
    twoSum(h(a) * h(b), h(c), s, e);
    return narrow<10, 5>(s, e);
  }
};
struct PkAddF16 {
  static constexpr bool kFloat = true;
  static u32 apply(u32 a, u32 b, u32, bool) { return f16FromDouble(h(a) + h(b)); }
};
struct PkMulF16 {
  static constexpr bool kFloat = true;
  static u32 apply(u32 a, u32 b, u32, bool) { return f16FromDouble(h(a) * h(b)); }
};
// min / max in both IEEE modes (emu/float_minmax.h).
template <bool kIeee> struct PkMaxF16 {
  static constexpr bool kFloat = true;
  static u32 apply(u32 a, u32 b, u32, bool) {
    return minmax::max<kIeee>(minmax::kF16, u16(a), u16(b));
  }
};
template <bool kIeee> struct PkMinF16 {
  static constexpr bool kFloat = true;
  static u32 apply(u32 a, u32 b, u32, bool) {
    return minmax::min<kIeee>(minmax::kF16, u16(a), u16(b));
  }
};
// Integer elements: clamp saturates.
struct PkMadI16 {
  static u32 apply(u32 a, u32 b, u32 c, bool clamp) {
    const i64 r = i64{si16(a)} * si16(b) + si16(c);
    return clamp ? satI16(r) : static_cast<u32>(r);
  }
};
struct PkMadU16 {
  static u32 apply(u32 a, u32 b, u32 c, bool clamp) {
    const i64 r = i64{u16(a)} * u16(b) + u16(c);
    return clamp ? satU16(r) : static_cast<u32>(r);
  }
};
struct PkMulLoU16 {
  static u32 apply(u32 a, u32 b, u32, bool clamp) {
    const i64 r = i64{u16(a)} * u16(b);
    return clamp ? satU16(r) : static_cast<u32>(r);
  }
};
struct PkAddI16 {
  static u32 apply(u32 a, u32 b, u32, bool clamp) {
    const i64 r = si16(a) + si16(b);
    return clamp ? satI16(r) : static_cast<u32>(r);
  }
};
struct PkSubI16 {
  static u32 apply(u32 a, u32 b, u32, bool clamp) {
    const i64 r = si16(a) - si16(b);
    return clamp ? satI16(r) : static_cast<u32>(r);
  }
};
struct PkAddU16 {
  static u32 apply(u32 a, u32 b, u32, bool clamp) {
    const i64 r = i64{u16(a)} + u16(b);
    return clamp ? satU16(r) : static_cast<u32>(r);
  }
};
struct PkSubU16 {
  static u32 apply(u32 a, u32 b, u32, bool clamp) {
    const i64 r = i64{u16(a)} - u16(b);
    return clamp ? satU16(r) : static_cast<u32>(r);
  }
};
struct PkMaxI16 {
  static u32 apply(u32 a, u32 b, u32, bool) { return static_cast<u32>(std::max(si16(a), si16(b))); }
};
struct PkMinI16 {
  static u32 apply(u32 a, u32 b, u32, bool) { return static_cast<u32>(std::min(si16(a), si16(b))); }
};
struct PkMaxU16 {
  static u32 apply(u32 a, u32 b, u32, bool) { return std::max(u16(a), u16(b)); }
};
struct PkMinU16 {
  static u32 apply(u32 a, u32 b, u32, bool) { return std::min(u16(a), u16(b)); }
};
// Shifts: element of S1 shifted by the element of S0 [3:0].
struct PkLshlrevB16 {
  static u32 apply(u32 a, u32 b, u32, bool) { return u16(b) << (a & 15); }
};
struct PkLshrrevB16 {
  static u32 apply(u32 a, u32 b, u32, bool) { return u16(b) >> (a & 15); }
};
struct PkAshrrevI16 {
  static u32 apply(u32 a, u32 b, u32, bool) { return static_cast<u32>(si16(b) >> (a & 15)); }
};

template <class Op> constexpr bool isFloat() {
  if constexpr (requires { Op::kFloat; })
    return Op::kFloat;
  else
    return false;
}

// D.{hi, lo} = Op(S0, S1[, S2]) element-wise.
template <int W, class Op, int N> void vopPacked(Wave &w, const DecodedInst &in) {
  const u32 *a = srcPacked<W>(w, in, 0);
  const u32 *b = srcPacked<W>(w, in, 1);
  const u32 *c = N > 2 ? srcPacked<W>(w, in, 2) : a;
  const bool clamp = in.extra & 1;
  const uint8_t ops = in.postOps;
  u32 r[W];
  for (int l = 0; l < W; ++l) {
    u32 lo = Op::apply(a[l] & 0xFFFF, b[l] & 0xFFFF, c[l] & 0xFFFF, clamp);
    u32 hi = Op::apply(a[l] >> 16, b[l] >> 16, c[l] >> 16, clamp);
    if constexpr (isFloat<Op>()) {
      if (ops) {
        lo = postF16(lo, ops);
        hi = postF16(hi, ops);
      }
    }
    r[l] = (lo & 0xFFFF) | hi << 16;
  }
  writeLanes<W>(vrow<W>(w, in.vdst), execMask<W>(w), [&](int l) { return r[l]; });
}
template <class Op, int N> struct Packed {
  template <int W> static void run(Wave &w, const DecodedInst &in) { vopPacked<W, Op, N>(w, in); }
};

// ---- dot products -----------------------------------------------------------------------------
template <double (*Elem)(u32)> double dot2(u32 a, u32 b) {
  return Elem(a & 0xFFFF) * Elem(b & 0xFFFF) + Elem(a >> 16) * Elem(b >> 16);
}
double bf(u32 v) { return bf16ToDouble(v); }
double bfFlushed(u32 v) { return bf16ToDouble(flushBF16(v & 0xFFFF)); }

// v_dot2_f32_f16 / v_dot2_f32_bf16 / v_dot2acc_f32_f16: D.f32 = S0 . S1 + S2.f32.
template <int W, double (*Elem)(u32)> void dot2F32(Wave &w, const DecodedInst &in) {
  const u32 *a = srcPacked<W>(w, in, 0);
  const u32 *b = srcPacked<W>(w, in, 1);
  const u32 *c = lanes32<W>(w, in.src[2], 2);
  u32 r[W];
  for (int l = 0; l < W; ++l)
    r[l] = narrow<23, 8>(dot2<Elem>(a[l], b[l]) + static_cast<double>(f32(c[l])));
  writeLanes<W>(vrow<W>(w, in.vdst), execMask<W>(w), [&](int l) { return r[l]; });
  if (in.postOps)
    postF32<W>(w, in);
}
template <double (*Elem)(u32)> struct Dot2F32 {
  template <int W> static void run(Wave &w, const DecodedInst &in) { dot2F32<W, Elem>(w, in); }
};

// v_dot2_f16_f16 / v_dot2_bf16_bf16 (VOP3): D.16 = S0 . S1 + S2.16, S2 and D one half each
// (op_sel[2], op_sel[3]). The f16 form keeps denormals; the bf16 form flushes them all.
template <int W, bool kBf16> void dot2Half(Wave &w, const DecodedInst &in) {
  const u32 *a = srcPacked<W>(w, in, 0);
  const u32 *b = srcPacked<W>(w, in, 1);
  const u32 *c = src16<W>(w, in, 2);
  u32 r[W];
  for (int l = 0; l < W; ++l) {
    if constexpr (kBf16)
      r[l] = flushBF16(
          bf16FromDouble(dot2<bfFlushed>(a[l], b[l]) + bf16ToDouble(flushBF16(c[l] & 0xFFFF))));
    else
      r[l] = f16FromDouble(dot2<h>(a[l], b[l]) + h(c[l]));
  }
  writeHalf<W>(w, in, r);
}
template <bool kBf16> struct Dot2Half {
  template <int W> static void run(Wave &w, const DecodedInst &in) { dot2Half<W, kBf16>(w, in); }
};

// v_dot4_*_iu8 / v_dot8_*_iu4: integer elements of kBits bits, each source signed or unsigned
// (aux kSigned: the neg bits of the iu forms; kSignedInputs: gfx9's signed forms
// v_dot2_i32_i16 / v_dot4_i32_i8 / v_dot8_i32_i4 and their accumulating *c forms),
// accumulated into S2; clamp saturates to the 32-bit result type (kSignedResult).
template <int W, int kBits, bool kSignedResult, bool kSignedInputs>
void dotInt(Wave &w, const DecodedInst &in) {
  const u32 *a = lanes32<W>(w, in.src[0], 0);
  const u32 *b = lanes32<W>(w, in.src[1], 1);
  const u32 *c = lanes32<W>(w, in.src[2], 2);
  const bool signedA = kSignedInputs || ((in.aux >> 12) & 1);
  const bool signedB = kSignedInputs || ((in.aux >> 13) & 1);
  const bool clamp = in.extra & 1;
  constexpr u32 kMask = (1u << kBits) - 1;
  auto elem = [](u32 v, int i, bool sgn) -> i64 {
    const u32 e = (v >> (i * kBits)) & kMask;
    return sgn ? static_cast<i64>(static_cast<i32>(e << (32 - kBits)) >> (32 - kBits)) : e;
  };
  u32 r[W];
  for (int l = 0; l < W; ++l) {
    i64 acc = kSignedResult ? i64{static_cast<i32>(c[l])} : i64{c[l]};
    for (int i = 0; i < 32 / kBits; ++i)
      acc += elem(a[l], i, signedA) * elem(b[l], i, signedB);
    if (clamp)
      acc = kSignedResult ? std::clamp<i64>(acc, INT32_MIN, INT32_MAX)
                          : std::clamp<i64>(acc, 0, UINT32_MAX);
    r[l] = static_cast<u32>(acc);
  }
  writeLanes<W>(vrow<W>(w, in.vdst), execMask<W>(w), [&](int l) { return r[l]; });
}
template <int kBits, bool kSignedResult, bool kSignedInputs = false> struct DotInt {
  template <int W> static void run(Wave &w, const DecodedInst &in) {
    dotInt<W, kBits, kSignedResult, kSignedInputs>(w, in);
  }
};

// ---- v_fma_mix* -------------------------------------------------------------------------------
// Source i as f32 bits: an f16 (aux kMixF16, half picked by kSrcHi) widened exactly, or an f32;
// then abs / neg (f32 masks) as the pre-decoder set them.
template <int W> const u32 *srcMix(Wave &w, const DecodedInst &in, unsigned i) {
  const Src &s = in.src[i];
  const bool isF16 = (in.aux >> (8 + i)) & 1;
  const bool hi = srcHi(in, i);
  auto conv = [&](u32 v) {
    if (isF16) {
      v = hi ? v >> 16 : v & 0xFFFF;
      v = f16ToF32Bits(s.flushDenorm ? flushF16(v) : v);
    } else if (s.flushDenorm) {
      v = flushDenormF32(v);
    }
    return (v & s.andMask) ^ s.xorMask;
  };
  u32 *b = w.lanesLo[i];
  if (s.kind == SrcKind::Vgpr) {
    const u32 *r = vrow<W>(w, s.reg);
    if (!isF16 && !s.modified)
      return r;
    for (int l = 0; l < W; ++l)
      b[l] = conv(r[l]);
    return b;
  }
  const u32 v = conv(readScalar32(w, s));
  for (int l = 0; l < W; ++l)
    b[l] = v;
  return b;
}

// kDst: 0 v_fma_mix_f32, 1 v_fma_mixlo_f16, 2 v_fma_mixhi_f16. One rounding to the result type
// (the product of two f32 values is exact in double, two-sum keeps the addition's error).
template <int W, int kDst> void fmaMix(Wave &w, const DecodedInst &in) {
  const u32 *a = srcMix<W>(w, in, 0);
  const u32 *b = srcMix<W>(w, in, 1);
  const u32 *c = srcMix<W>(w, in, 2);
  u32 r[W];
  if constexpr (kDst == 0) {
    for (int l = 0; l < W; ++l)
      r[l] = bits(std::fma(f32(a[l]), f32(b[l]), f32(c[l])));
    writeLanes<W>(vrow<W>(w, in.vdst), execMask<W>(w), [&](int l) { return r[l]; });
    if (in.postOps)
      postF32<W>(w, in);
  } else {
    for (int l = 0; l < W; ++l) {
      double s, e;
      twoSum(static_cast<double>(f32(a[l])) * f32(b[l]), f32(c[l]), s, e);
      r[l] = narrow<10, 5>(s, e);
      if (in.postOps)
        r[l] = postF16(r[l], in.postOps);
    }
    u32 *d = vrow<W>(w, in.vdst);
    if constexpr (kDst == 1)
      writeLanes<W>(d, execMask<W>(w), [&](int l) { return (d[l] & 0xFFFF0000u) | r[l]; });
    else
      writeLanes<W>(d, execMask<W>(w), [&](int l) { return (d[l] & 0xFFFFu) | r[l] << 16; });
  }
}
template <int kDst> struct FmaMix {
  template <int W> static void run(Wave &w, const DecodedInst &in) { fmaMix<W, kDst>(w, in); }
};

// 16-bit / packed executors: the pre-decoder resolves their halves (entry::k16Bit).
template <class Exec> ExecEntry entry16Of(EntryFlags flags = 0) {
  return entryOf<Exec>(static_cast<EntryFlags>(flags | entry::k16Bit));
}

constexpr EntryFlags kFloat = entry::kF32Result | entry::kF32Sources;
constexpr EntryFlags kFloat16 = kFloat | entry::k16Bit;

} // namespace

void registerValuPacked(Registry &r) {
  r["v_pk_fma_f16"] = entry16Of<Packed<PkFma, 3>>(kFloat);
  r["v_pk_fmac_f16"] = entry16Of<Packed<PkFma, 3>>(kFloat | entry::kAccumulator);
  r["v_pk_add_f16"] = entry16Of<Packed<PkAddF16, 2>>(kFloat);
  r["v_pk_mul_f16"] = entry16Of<Packed<PkMulF16, 2>>(kFloat);
  r["v_pk_max_f16"] = ieeeEntryOf<Packed<PkMaxF16<true>, 2>, Packed<PkMaxF16<false>, 2>>(kFloat16);
  r["v_pk_min_f16"] = ieeeEntryOf<Packed<PkMinF16<true>, 2>, Packed<PkMinF16<false>, 2>>(kFloat16);
  r["v_pk_mad_i16"] = entry16Of<Packed<PkMadI16, 3>>(entry::kIntClamp);
  r["v_pk_mad_u16"] = entry16Of<Packed<PkMadU16, 3>>(entry::kIntClamp);
  r["v_pk_mul_lo_u16"] = entry16Of<Packed<PkMulLoU16, 2>>(entry::kIntClamp);
  r["v_pk_add_i16"] = entry16Of<Packed<PkAddI16, 2>>(entry::kIntClamp);
  r["v_pk_sub_i16"] = entry16Of<Packed<PkSubI16, 2>>(entry::kIntClamp);
  r["v_pk_add_u16"] = entry16Of<Packed<PkAddU16, 2>>(entry::kIntClamp);
  r["v_pk_sub_u16"] = entry16Of<Packed<PkSubU16, 2>>(entry::kIntClamp);
  r["v_pk_max_i16"] = entry16Of<Packed<PkMaxI16, 2>>(entry::kIntClamp);
  r["v_pk_min_i16"] = entry16Of<Packed<PkMinI16, 2>>(entry::kIntClamp);
  r["v_pk_max_u16"] = entry16Of<Packed<PkMaxU16, 2>>(entry::kIntClamp);
  r["v_pk_min_u16"] = entry16Of<Packed<PkMinU16, 2>>(entry::kIntClamp);
  r["v_pk_lshlrev_b16"] = entry16Of<Packed<PkLshlrevB16, 2>>(entry::kIntClamp);
  r["v_pk_lshrrev_b16"] = entry16Of<Packed<PkLshrrevB16, 2>>(entry::kIntClamp);
  r["v_pk_ashrrev_i16"] = entry16Of<Packed<PkAshrrevI16, 2>>(entry::kIntClamp);
  r["v_dot2_f32_f16"] = entry16Of<Dot2F32<h>>(kFloat);
  r["v_dot2acc_f32_f16"] = entry16Of<Dot2F32<h>>(kFloat | entry::kAccumulator);
  r["v_dot2_f32_bf16"] = entry16Of<Dot2F32<bf>>(entry::kF32Result);
  r["v_dot2_f16_f16"] = entry16Of<Dot2Half<false>>();
  r["v_dot2_bf16_bf16"] = entry16Of<Dot2Half<true>>();
  r["v_dot4_i32_iu8"] = entry16Of<DotInt<8, true>>(entry::kIntClamp);
  r["v_dot4_u32_u8"] = entry16Of<DotInt<8, false>>(entry::kIntClamp);
  r["v_dot8_i32_iu4"] = entry16Of<DotInt<4, true>>(entry::kIntClamp);
  r["v_dot8_u32_u4"] = entry16Of<DotInt<4, false>>(entry::kIntClamp);
  // gfx9: 16-bit dot products, signed-only forms, and the VOP2 forms accumulating into VDST.
  r["v_dot2_i32_i16"] = entry16Of<DotInt<16, true, true>>(entry::kIntClamp);
  r["v_dot2_u32_u16"] = entry16Of<DotInt<16, false>>(entry::kIntClamp);
  r["v_dot4_i32_i8"] = entry16Of<DotInt<8, true, true>>(entry::kIntClamp);
  r["v_dot8_i32_i4"] = entry16Of<DotInt<4, true, true>>(entry::kIntClamp);
  r["v_dot2c_i32_i16"] = entry16Of<DotInt<16, true, true>>(entry::kAccumulator);
  r["v_dot4c_i32_i8"] = entry16Of<DotInt<8, true, true>>(entry::kAccumulator);
  r["v_dot8c_i32_i4"] = entry16Of<DotInt<4, true, true>>(entry::kAccumulator);
  r["v_fma_mix_f32"] = entry16Of<FmaMix<0>>(kFloat);
  r["v_fma_mixlo_f16"] = entry16Of<FmaMix<1>>(kFloat);
  r["v_fma_mixhi_f16"] = entry16Of<FmaMix<2>>(kFloat);
}

} // namespace gcnkit::emu
