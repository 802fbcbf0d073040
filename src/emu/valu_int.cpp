// Integer and bitwise VALU operations (VOP1 / VOP2 / VOP3 / VOP3SD), the carry chain, and the
// cross-lane moves (readlane, writelane, readfirstlane, mbcnt).
#include <bit>
#include <cstdint>

#include "emu/registry.h"
#include "emu/valu_exec.h"
#include "emu/valu_families.h"

namespace gcnkit::emu {

namespace {

using namespace valu;
using u32 = uint32_t;
using u64 = uint64_t;
using i32 = int32_t;
using i64 = int64_t;

i32 s(u32 v) { return static_cast<i32>(v); }
u32 sext24(u32 v) { return static_cast<u32>(s(v << 8) >> 8); }

// ---- unary ----------------------------------------------------------------------------------
struct Mov {
  static u32 apply(u32 a) { return a; }
};
struct Not {
  static u32 apply(u32 a) { return ~a; }
};
struct Bfrev {
  static u32 apply(u32 a) {
    u32 r = 0;
    for (int i = 0; i < 32; ++i)
      r |= ((a >> i) & 1) << (31 - i);
    return r;
  }
};
struct ClzU32 { // -1 for 0
  static u32 apply(u32 a) { return a ? static_cast<u32>(std::countl_zero(a)) : ~0u; }
};
struct CtzB32 {
  static u32 apply(u32 a) { return a ? static_cast<u32>(std::countr_zero(a)) : ~0u; }
};
struct ClsI32 { // leading bits equal to the sign (sign included); -1 for 0 and -1
  static u32 apply(u32 a) {
    const u32 x = a ^ static_cast<u32>(s(a) >> 31);
    return x ? static_cast<u32>(std::countl_zero(x)) : ~0u;
  }
};

// ---- binary ---------------------------------------------------------------------------------
struct AddU32 {
  static u32 apply(u32 a, u32 b) { return a + b; }
};
struct SubU32 {
  static u32 apply(u32 a, u32 b) { return a - b; }
};
struct SubrevU32 {
  static u32 apply(u32 a, u32 b) { return b - a; }
};
struct MulLoU32 {
  static u32 apply(u32 a, u32 b) { return a * b; }
};
struct MulHiU32 {
  static u32 apply(u32 a, u32 b) { return static_cast<u32>((u64{a} * b) >> 32); }
};
struct MulHiI32 {
  static u32 apply(u32 a, u32 b) {
    return static_cast<u32>(static_cast<u64>(i64{s(a)} * s(b)) >> 32);
  }
};
struct MulU32U24 {
  static u32 apply(u32 a, u32 b) { return (a & 0xFFFFFF) * (b & 0xFFFFFF); }
};
struct MulHiU32U24 {
  static u32 apply(u32 a, u32 b) {
    return static_cast<u32>((u64{a & 0xFFFFFF} * (b & 0xFFFFFF)) >> 32);
  }
};
struct MulI32I24 {
  static u32 apply(u32 a, u32 b) { return sext24(a) * sext24(b); }
};
struct MulHiI32I24 {
  static u32 apply(u32 a, u32 b) {
    return static_cast<u32>(static_cast<u64>(i64{s(sext24(a))} * s(sext24(b))) >> 32);
  }
};
// The saturating forms (VOP3 clamp).
struct AddSatU32 {
  static u32 apply(u32 a, u32 b) { return satU32(u64{a} + b); }
};
struct SubSatU32 {
  static u32 apply(u32 a, u32 b) { return a > b ? a - b : 0; }
};
struct SubrevSatU32 {
  static u32 apply(u32 a, u32 b) { return SubSatU32::apply(b, a); }
};
struct AddSatI32 {
  static u32 apply(u32 a, u32 b) { return satI32(i64{s(a)} + s(b)); }
};
struct SubSatI32 {
  static u32 apply(u32 a, u32 b) { return satI32(i64{s(a)} - s(b)); }
};
struct MulSatU32U24 {
  static u32 apply(u32 a, u32 b) { return satU32(u64{a & 0xFFFFFF} * (b & 0xFFFFFF)); }
};
struct MulSatI32I24 {
  static u32 apply(u32 a, u32 b) { return satI32(i64{s(sext24(a))} * s(sext24(b))); }
};
struct MinI32 {
  static u32 apply(u32 a, u32 b) { return s(a) < s(b) ? a : b; }
};
struct MaxI32 {
  static u32 apply(u32 a, u32 b) { return s(a) > s(b) ? a : b; }
};
struct MinU32 {
  static u32 apply(u32 a, u32 b) { return a < b ? a : b; }
};
struct MaxU32 {
  static u32 apply(u32 a, u32 b) { return a > b ? a : b; }
};
// The "rev" shifts take the amount in S0 (so a constant amount fits the 32-bit encodings).
struct LshlrevB32 {
  static u32 apply(u32 a, u32 b) { return b << (a & 31); }
};
struct LshrrevB32 {
  static u32 apply(u32 a, u32 b) { return b >> (a & 31); }
};
struct AshrrevI32 {
  static u32 apply(u32 a, u32 b) { return static_cast<u32>(s(b) >> (a & 31)); }
};
struct And {
  static u32 apply(u32 a, u32 b) { return a & b; }
};
struct Or {
  static u32 apply(u32 a, u32 b) { return a | b; }
};
struct Xor {
  static u32 apply(u32 a, u32 b) { return a ^ b; }
};
struct Xnor {
  static u32 apply(u32 a, u32 b) { return ~(a ^ b); }
};
struct BcntU32 { // popcount(S0) + S1
  static u32 apply(u32 a, u32 b) { return static_cast<u32>(std::popcount(a)) + b; }
};
struct BfmB32 {
  static u32 apply(u32 a, u32 b) { return ((1u << (a & 31)) - 1) << (b & 31); }
};

// ---- ternary (VOP3) -------------------------------------------------------------------------
struct Add3U32 {
  static u32 apply(u32 a, u32 b, u32 c) { return a + b + c; }
};
struct XadU32 {
  static u32 apply(u32 a, u32 b, u32 c) { return (a ^ b) + c; }
};
struct LshlAddU32 {
  static u32 apply(u32 a, u32 b, u32 c) { return (a << (b & 31)) + c; }
};
struct AddLshlU32 {
  static u32 apply(u32 a, u32 b, u32 c) { return (a + b) << (c & 31); }
};
struct LshlOrB32 {
  static u32 apply(u32 a, u32 b, u32 c) { return (a << (b & 31)) | c; }
};
struct AndOrB32 {
  static u32 apply(u32 a, u32 b, u32 c) { return (a & b) | c; }
};
struct Or3B32 {
  static u32 apply(u32 a, u32 b, u32 c) { return a | b | c; }
};
struct Xor3B32 {
  static u32 apply(u32 a, u32 b, u32 c) { return a ^ b ^ c; }
};
struct MadU32U24 {
  static u32 apply(u32 a, u32 b, u32 c) { return (a & 0xFFFFFF) * (b & 0xFFFFFF) + c; }
};
struct MadI32I24 {
  static u32 apply(u32 a, u32 b, u32 c) { return sext24(a) * sext24(b) + c; }
};
struct MadSatU32U24 {
  static u32 apply(u32 a, u32 b, u32 c) { return satU32(u64{a & 0xFFFFFF} * (b & 0xFFFFFF) + c); }
};
struct MadSatI32I24 {
  static u32 apply(u32 a, u32 b, u32 c) { return satI32(i64{s(sext24(a))} * s(sext24(b)) + s(c)); }
};
// Bit-field extract: offset S1[4:0], width S2[4:0].
struct BfeU32 {
  static u32 apply(u32 a, u32 b, u32 c) {
    const u32 width = c & 31;
    return width ? (a >> (b & 31)) & ((1u << width) - 1) : 0;
  }
};
struct BfeI32 {
  static u32 apply(u32 a, u32 b, u32 c) {
    const u32 width = c & 31;
    if (!width)
      return 0;
    const u32 v = (a >> (b & 31)) << (32 - width);
    return static_cast<u32>(s(v) >> (32 - width));
  }
};
struct BfiB32 {
  static u32 apply(u32 a, u32 b, u32 c) { return (a & b) | (~a & c); }
};
struct AlignbitB32 {
  static u32 apply(u32 a, u32 b, u32 c) { return static_cast<u32>((u64{a} << 32 | b) >> (c & 31)); }
};
struct AlignbyteB32 {
  static u32 apply(u32 a, u32 b, u32 c) {
    return static_cast<u32>((u64{a} << 32 | b) >> (8 * (c & 3)));
  }
};
template <class Min, class Max> struct Med3 {
  static u32 apply(u32 a, u32 b, u32 c) {
    return Max::apply(Min::apply(a, b), Min::apply(Max::apply(a, b), c));
  }
};
template <class Op> struct Three {
  static u32 apply(u32 a, u32 b, u32 c) { return Op::apply(Op::apply(a, b), c); }
};
// v_maxmin: min(max(S0, S1), S2); v_minmax: max(min(S0, S1), S2).
template <class First, class Second> struct Chain {
  static u32 apply(u32 a, u32 b, u32 c) { return Second::apply(First::apply(a, b), c); }
};
// v_perm_b32: each result byte selects one of the 8 bytes of {S0, S1} or a constant.
struct PermB32 {
  static u32 apply(u32 a, u32 b, u32 sel) {
    const u64 bytes = u64{a} << 32 | b;
    u32 r = 0;
    for (int i = 0; i < 4; ++i) {
      const u32 k = (sel >> (8 * i)) & 0xFF;
      u32 v;
      if (k < 8)
        v = (bytes >> (8 * k)) & 0xFF;
      else if (k < 12) { // sign of byte 1, 3, 5, 7 replicated
        const u32 src = 2 * (k - 8) + 1;
        v = ((bytes >> (8 * src + 7)) & 1) ? 0xFF : 0;
      } else if (k == 12)
        v = 0;
      else
        v = 0xFF;
      r |= v << (8 * i);
    }
    return r;
  }
};

// ---- 64-bit forms ---------------------------------------------------------------------------
struct LshlrevB64 {
  static constexpr int kSources = 2;
  static constexpr bool kWide0 = false, kWide1 = true, kWide2 = false, kWideDst = true;
  static u64 apply(u64 a, u64 b, u64) { return b << (a & 63); }
};
struct LshrrevB64 {
  static constexpr int kSources = 2;
  static constexpr bool kWide0 = false, kWide1 = true, kWide2 = false, kWideDst = true;
  static u64 apply(u64 a, u64 b, u64) { return b >> (a & 63); }
};
struct AshrrevI64 {
  static constexpr int kSources = 2;
  static constexpr bool kWide0 = false, kWide1 = true, kWide2 = false, kWideDst = true;
  static u64 apply(u64 a, u64 b, u64) { return static_cast<u64>(static_cast<i64>(b) >> (a & 63)); }
};

// v_mad_u64_u32 / v_mad_i64_i32: D64 = S0 * S1 + S2 (64-bit), SDST = per-lane carry out (the
// unsigned / signed overflow of the addition; the 32 x 32 product itself always fits).
template <int W, bool kSigned> void mad64(Wave &w, const DecodedInst &in) {
  const u32 *a = lanes32<W>(w, in.src[0], 0);
  const u32 *b = lanes32<W>(w, in.src[1], 1);
  const u32 *clo, *chi;
  lanes64<W>(w, in.src[2], 2, clo, chi);
  const u64 exec = execMask<W>(w);
  u64 p[W], r[W];
  for (int l = 0; l < W; ++l) {
    p[l] = kSigned ? static_cast<u64>(i64{s(a[l])} * s(b[l])) : u64{a[l]} * b[l];
    r[l] = p[l] + (clo[l] | u64{chi[l]} << 32);
  }
  // The carry reads S2, so it is computed before the destination (which may overlap) is written.
  // With clamp an overflowing lane saturates to the 64-bit result type.
  const bool clamp = in.extra & 1;
  if (in.sdst != sreg::kNull || clamp) {
    u64 carry = 0;
    for (int l = 0; l < W; ++l) {
      const u64 c = clo[l] | u64{chi[l]} << 32;
      const bool out = kSigned ? (((p[l] ^ r[l]) & (c ^ r[l])) >> 63) != 0 : r[l] < c;
      carry |= u64{out} << l;
      if (clamp && out)
        r[l] = !kSigned ? ~u64{0} : (static_cast<i64>(c) < 0 ? u64{1} << 63 : ~(u64{1} << 63));
    }
    if (in.sdst != sreg::kNull)
      writeMask<W>(w, in.sdst, carry & exec);
  }
  u32 *dlo = vrow<W>(w, in.vdst);
  u32 *dhi = vrow<W>(w, static_cast<uint16_t>(in.vdst + 1));
  writeLanes<W>(dlo, exec, [&](int l) { return static_cast<u32>(r[l]); });
  writeLanes<W>(dhi, exec, [&](int l) { return static_cast<u32>(r[l] >> 32); });
}
template <bool kSigned> struct Mad64 {
  template <int W> static void run(Wave &w, const DecodedInst &in) { mad64<W, kSigned>(w, in); }
};

// ---- carry chain ----------------------------------------------------------------------------
// D = S0 + S1 (+ carry-in from the S2 mask); the per-lane carry-out (borrow for the
// subtractions) goes to SDST (VCC in the 32-bit encodings). Inactive lanes write 0. With clamp
// the result saturates: all ones where the addition carries out, 0 where a subtraction borrows
// (the carry-out is still written).
enum class CarryOp { Add, Sub, Subrev };
template <int W, CarryOp kOp, bool kCarryIn> void carry(Wave &w, const DecodedInst &in) {
  const u32 *a = lanes32<W>(w, in.src[0], 0);
  const u32 *b = lanes32<W>(w, in.src[1], 1);
  const u64 cin = kCarryIn ? readMask<W>(w, in.src[2]) : 0;
  const u64 exec = execMask<W>(w);
  u32 r[W];
  u64 cout = 0;
  for (int l = 0; l < W; ++l) {
    const u64 ci = (cin >> l) & 1;
    u64 x, y;
    if constexpr (kOp == CarryOp::Subrev) {
      x = b[l];
      y = a[l];
    } else {
      x = a[l];
      y = b[l];
    }
    if constexpr (kOp == CarryOp::Add) {
      const u64 sum = x + y + ci;
      r[l] = static_cast<u32>(sum);
      cout |= (sum >> 32) << l;
    } else {
      r[l] = static_cast<u32>(x - y - ci);
      cout |= u64{y + ci > x} << l;
    }
  }
  if (in.extra & 1) {
    const u32 saturated = kOp == CarryOp::Add ? ~0u : 0u;
    for (int l = 0; l < W; ++l)
      r[l] = ((cout >> l) & 1) ? saturated : r[l];
  }
  u32 *d = vrow<W>(w, in.vdst);
  writeLanes<W>(d, exec, [&](int l) { return r[l]; });
  writeMask<W>(w, in.sdst, cout & exec);
}
template <CarryOp kOp, bool kCarryIn> struct Carry {
  template <int W> static void run(Wave &w, const DecodedInst &in) {
    carry<W, kOp, kCarryIn>(w, in);
  }
};

// v_cndmask_b32: D = S2.mask[lane] ? S1 : S0.
template <int W> void cndmask(Wave &w, const DecodedInst &in) {
  const u32 *a = lanes32<W>(w, in.src[0], 0);
  const u32 *b = lanes32<W>(w, in.src[1], 1);
  const u64 sel = readMask<W>(w, in.src[2]);
  writeLanes<W>(vrow<W>(w, in.vdst), execMask<W>(w),
                [&](int l) { return ((sel >> l) & 1) ? b[l] : a[l]; });
}
struct Cndmask {
  template <int W> static void run(Wave &w, const DecodedInst &in) { cndmask<W>(w, in); }
};

// ---- cross-lane -----------------------------------------------------------------------------
template <int W> void readfirstlane(Wave &w, const DecodedInst &in) {
  const u64 exec = execMask<W>(w);
  const int lane = exec ? std::countr_zero(exec) : 0;
  const u32 *a = lanes32<W>(w, in.src[0], 0);
  if (in.sdst != sreg::kNull)
    w.sgpr[in.sdst] = a[lane];
}
struct Readfirstlane {
  template <int W> static void run(Wave &w, const DecodedInst &in) { readfirstlane<W>(w, in); }
};

template <int W> void readlane(Wave &w, const DecodedInst &in) {
  const u32 *a = lanes32<W>(w, in.src[0], 0);
  const u32 lane = readScalar32(w, in.src[1]) & (W - 1);
  if (in.sdst != sreg::kNull)
    w.sgpr[in.sdst] = a[lane];
}
struct Readlane {
  template <int W> static void run(Wave &w, const DecodedInst &in) { readlane<W>(w, in); }
};

// v_writelane_b32: writes one lane whatever EXEC says.
template <int W> void writelane(Wave &w, const DecodedInst &in) {
  const u32 lane = readScalar32(w, in.src[1]) & (W - 1);
  vrow<W>(w, in.vdst)[lane] = readScalar32(w, in.src[0]);
}
struct Writelane {
  template <int W> static void run(Wave &w, const DecodedInst &in) { writelane<W>(w, in); }
};

// v_mbcnt_lo / hi: S1 + the number of bits of S0 set below this lane (lanes 0-31 / 32-63).
template <int W, bool kHi> void mbcnt(Wave &w, const DecodedInst &in) {
  const u32 *a = lanes32<W>(w, in.src[0], 0);
  const u32 *b = lanes32<W>(w, in.src[1], 1);
  writeLanes<W>(vrow<W>(w, in.vdst), execMask<W>(w), [&](int l) {
    const u64 below = (u64{1} << l) - 1;
    const u32 mask = static_cast<u32>(kHi ? below >> 32 : below);
    return static_cast<u32>(std::popcount(a[l] & mask)) + b[l];
  });
}
template <bool kHi> struct Mbcnt {
  template <int W> static void run(Wave &w, const DecodedInst &in) { mbcnt<W, kHi>(w, in); }
};

void vnop(Wave &, const DecodedInst &) {}

} // namespace

void registerValuInt(Registry &r) {
  r["v_nop"] = scalarEntry(vnop, entry::kNoEffect);
  // gfx9: clears the wave's exception state, which the emulator does not keep.
  r["v_clrexcp"] = scalarEntry(vnop, entry::kNoEffect);
  r["v_pipeflush"] = scalarEntry(vnop, entry::kNoEffect);
  r["v_mov_b32"] = entryOf<Vop32<Mov, 1>>();
  r["v_not_b32"] = entryOf<Vop32<Not, 1>>();
  // gfx908: moves between the VGPR and AccVGPR files (the pre-decoder resolves the rows).
  r["v_accvgpr_read_b32"] = entryOf<Vop32<Mov, 1>>();
  r["v_accvgpr_write_b32"] = entryOf<Vop32<Mov, 1>>();
  r["v_bfrev_b32"] = entryOf<Vop32<Bfrev, 1>>();
  r["v_clz_i32_u32"] = entryOf<Vop32<ClzU32, 1>>();
  r["v_ctz_i32_b32"] = entryOf<Vop32<CtzB32, 1>>();
  r["v_cls_i32"] = entryOf<Vop32<ClsI32, 1>>();
  constexpr EntryFlags kClamp = entry::kIntClamp;
  r["v_add_nc_u32"] = entryOf<Vop32Clamp<AddU32, AddSatU32, 2>>(kClamp);
  r["v_sub_nc_u32"] = entryOf<Vop32Clamp<SubU32, SubSatU32, 2>>(kClamp);
  r["v_subrev_nc_u32"] = entryOf<Vop32Clamp<SubrevU32, SubrevSatU32, 2>>(kClamp);
  r["v_add_nc_i32"] = entryOf<Vop32Clamp<AddU32, AddSatI32, 2>>(kClamp);
  r["v_sub_nc_i32"] = entryOf<Vop32Clamp<SubU32, SubSatI32, 2>>(kClamp);
  r["v_mul_lo_u32"] = entryOf<Vop32<MulLoU32, 2>>();
  r["v_mul_hi_u32"] = entryOf<Vop32<MulHiU32, 2>>();
  r["v_mul_hi_i32"] = entryOf<Vop32<MulHiI32, 2>>();
  r["v_mul_u32_u24"] = entryOf<Vop32Clamp<MulU32U24, MulSatU32U24, 2>>(kClamp);
  r["v_mul_hi_u32_u24"] = entryOf<Vop32<MulHiU32U24, 2>>();
  r["v_mul_i32_i24"] = entryOf<Vop32Clamp<MulI32I24, MulSatI32I24, 2>>(kClamp);
  r["v_mul_hi_i32_i24"] = entryOf<Vop32<MulHiI32I24, 2>>();
  r["v_min_i32"] = entryOf<Vop32<MinI32, 2>>();
  r["v_max_i32"] = entryOf<Vop32<MaxI32, 2>>();
  r["v_min_u32"] = entryOf<Vop32<MinU32, 2>>();
  r["v_max_u32"] = entryOf<Vop32<MaxU32, 2>>();
  r["v_lshlrev_b32"] = entryOf<Vop32<LshlrevB32, 2>>();
  r["v_lshrrev_b32"] = entryOf<Vop32<LshrrevB32, 2>>();
  r["v_ashrrev_i32"] = entryOf<Vop32<AshrrevI32, 2>>();
  r["v_and_b32"] = entryOf<Vop32<And, 2>>();
  r["v_or_b32"] = entryOf<Vop32<Or, 2>>();
  r["v_xor_b32"] = entryOf<Vop32<Xor, 2>>();
  r["v_xnor_b32"] = entryOf<Vop32<Xnor, 2>>();
  r["v_bcnt_u32_b32"] = entryOf<Vop32<BcntU32, 2>>();
  r["v_bfm_b32"] = entryOf<Vop32<BfmB32, 2>>();
  r["v_add3_u32"] = entryOf<Vop32<Add3U32, 3>>();
  r["v_xad_u32"] = entryOf<Vop32<XadU32, 3>>();
  r["v_lshl_add_u32"] = entryOf<Vop32<LshlAddU32, 3>>();
  r["v_add_lshl_u32"] = entryOf<Vop32<AddLshlU32, 3>>();
  r["v_lshl_or_b32"] = entryOf<Vop32<LshlOrB32, 3>>();
  r["v_and_or_b32"] = entryOf<Vop32<AndOrB32, 3>>();
  r["v_or3_b32"] = entryOf<Vop32<Or3B32, 3>>();
  r["v_xor3_b32"] = entryOf<Vop32<Xor3B32, 3>>();
  r["v_mad_u32_u24"] = entryOf<Vop32Clamp<MadU32U24, MadSatU32U24, 3>>(kClamp);
  r["v_mad_i32_i24"] = entryOf<Vop32Clamp<MadI32I24, MadSatI32I24, 3>>(kClamp);
  r["v_bfe_u32"] = entryOf<Vop32<BfeU32, 3>>();
  r["v_bfe_i32"] = entryOf<Vop32<BfeI32, 3>>();
  r["v_bfi_b32"] = entryOf<Vop32<BfiB32, 3>>();
  r["v_alignbit_b32"] = entryOf<Vop32<AlignbitB32, 3>>();
  r["v_alignbyte_b32"] = entryOf<Vop32<AlignbyteB32, 3>>();
  r["v_perm_b32"] = entryOf<Vop32<PermB32, 3>>();
  r["v_min3_i32"] = entryOf<Vop32<Three<MinI32>, 3>>();
  r["v_max3_i32"] = entryOf<Vop32<Three<MaxI32>, 3>>();
  r["v_min3_u32"] = entryOf<Vop32<Three<MinU32>, 3>>();
  r["v_max3_u32"] = entryOf<Vop32<Three<MaxU32>, 3>>();
  r["v_med3_i32"] = entryOf<Vop32<Med3<MinI32, MaxI32>, 3>>();
  r["v_med3_u32"] = entryOf<Vop32<Med3<MinU32, MaxU32>, 3>>();
  r["v_maxmin_i32"] = entryOf<Vop32<Chain<MaxI32, MinI32>, 3>>();
  r["v_minmax_i32"] = entryOf<Vop32<Chain<MinI32, MaxI32>, 3>>();
  r["v_maxmin_u32"] = entryOf<Vop32<Chain<MaxU32, MinU32>, 3>>();
  r["v_minmax_u32"] = entryOf<Vop32<Chain<MinU32, MaxU32>, 3>>();
  r["v_lshlrev_b64"] = entryOf<Vop64<LshlrevB64>>();
  r["v_lshrrev_b64"] = entryOf<Vop64<LshrrevB64>>();
  r["v_ashrrev_i64"] = entryOf<Vop64<AshrrevI64>>();
  r["v_mad_u64_u32"] = entryOf<Mad64<false>>(kClamp);
  r["v_mad_i64_i32"] = entryOf<Mad64<true>>(kClamp);
  r["v_add_co_u32"] = entryOf<Carry<CarryOp::Add, false>>(kClamp);
  r["v_sub_co_u32"] = entryOf<Carry<CarryOp::Sub, false>>(kClamp);
  r["v_subrev_co_u32"] = entryOf<Carry<CarryOp::Subrev, false>>(kClamp);
  r["v_add_co_ci_u32"] = entryOf<Carry<CarryOp::Add, true>>(kClamp);
  r["v_sub_co_ci_u32"] = entryOf<Carry<CarryOp::Sub, true>>(kClamp);
  r["v_subrev_co_ci_u32"] = entryOf<Carry<CarryOp::Subrev, true>>(kClamp);
  r["v_cndmask_b32"] = entryOf<Cndmask>();
  r["v_readfirstlane_b32"] = entryOf<Readfirstlane>();
  r["v_readlane_b32"] = entryOf<Readlane>();
  r["v_writelane_b32"] = entryOf<Writelane>();
  r["v_mbcnt_lo_u32_b32"] = entryOf<Mbcnt<false>>();
  r["v_mbcnt_hi_u32_b32"] = entryOf<Mbcnt<true>>();
  registerValuLanes(r);
  registerValuMisc(r);
}

} // namespace gcnkit::emu
