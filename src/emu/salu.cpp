// Scalar ALU executors: SOP2, SOP1, SOPC and SOPK. Each operation is a small functor over 32- or
// 64-bit values that also updates SCC where the ISA defines it; the templates below read the
// operands and write the destination. SOPP (control flow) lives in sopp.cpp.
#include <bit>
#include <cstdint>

#include "emu/mode.h"
#include "emu/registry.h"
#include "emu/wave.h"

namespace gcnkit::emu {

namespace {

using u32 = uint32_t;
using u64 = uint64_t;
using i32 = int32_t;
using i64 = int64_t;

template <class T> T readS(const Wave &w, const Src &s) {
  if constexpr (sizeof(T) == 8)
    return readScalar64(w, s);
  else
    return readScalar32(w, s);
}

template <class T> void writeS(Wave &w, uint16_t d, T v) {
  if (d == sreg::kNull)
    return;
  w.sgpr[d] = static_cast<u32>(v);
  if constexpr (sizeof(T) == 8)
    w.sgpr[d + 1] = static_cast<u32>(v >> 32);
}

// D = Op(S0, S1); Op may read and set SCC.
template <class T, class Op> void sop2(Wave &w, const DecodedInst &in) {
  writeS<T>(w, in.sdst, Op::apply(readS<T>(w, in.src[0]), readS<T>(w, in.src[1]), w.scc));
}

// Shifts and bit-field ops whose second operand is 32-bit whatever the width of the first.
template <class T, class Op> void sop2Amount(Wave &w, const DecodedInst &in) {
  writeS<T>(w, in.sdst, Op::apply(readS<T>(w, in.src[0]), readScalar32(w, in.src[1]), w.scc));
}

template <class TD, class TS, class Op> void sop1(Wave &w, const DecodedInst &in) {
  writeS<TD>(w, in.sdst, Op::apply(readS<TS>(w, in.src[0]), w.scc));
}

template <class T, class Cmp> void sopc(Wave &w, const DecodedInst &in) {
  w.scc = Cmp::apply(readS<T>(w, in.src[0]), readS<T>(w, in.src[1]));
}

// ---- SOP2 operations ----------------------------------------------------------------------

struct AddU32 {
  static u32 apply(u32 a, u32 b, bool &scc) {
    const u64 r = u64{a} + b;
    scc = r >> 32;
    return static_cast<u32>(r);
  }
};
struct SubU32 {
  static u32 apply(u32 a, u32 b, bool &scc) {
    scc = b > a;
    return a - b;
  }
};
struct AddcU32 {
  static u32 apply(u32 a, u32 b, bool &scc) {
    const u64 r = u64{a} + b + scc;
    scc = r >> 32;
    return static_cast<u32>(r);
  }
};
struct SubbU32 {
  static u32 apply(u32 a, u32 b, bool &scc) {
    const u64 sub = u64{b} + scc;
    const u32 r = static_cast<u32>(u64{a} - sub);
    scc = sub > a;
    return r;
  }
};
// Signed add / sub: SCC is the signed overflow.
struct AddI32 {
  static u32 apply(u32 a, u32 b, bool &scc) {
    const u32 r = a + b;
    scc = ((a ^ r) & (b ^ r)) >> 31;
    return r;
  }
};
struct SubI32 {
  static u32 apply(u32 a, u32 b, bool &scc) {
    const u32 r = a - b;
    scc = ((a ^ b) & (a ^ r)) >> 31;
    return r;
  }
};
struct AbsdiffI32 {
  static u32 apply(u32 a, u32 b, bool &scc) {
    const i64 d = i64{static_cast<i32>(a)} - static_cast<i32>(b);
    const u32 r = static_cast<u32>(d < 0 ? -d : d);
    scc = r != 0;
    return r;
  }
};
template <unsigned N> struct LshlAddU32 {
  static u32 apply(u32 a, u32 b, bool &scc) {
    const u64 r = (u64{a} << N) + b;
    scc = r >> 32;
    return static_cast<u32>(r);
  }
};
template <class T, bool kMin, bool kSigned> struct MinMax {
  static T apply(T a, T b, bool &scc) {
    using S = std::make_signed_t<T>;
    const bool less = kSigned ? static_cast<S>(a) < static_cast<S>(b) : a < b;
    const bool greater = kSigned ? static_cast<S>(a) > static_cast<S>(b) : a > b;
    scc = kMin ? less : greater;
    return scc ? a : b;
  }
};

// Bitwise ops: SCC = result != 0.
#define GCNKIT_SCALAR_LOGIC(Name, expr)                                                            \
  struct Name {                                                                                    \
    template <class T> static T apply(T a, T b, bool &scc) {                                       \
      const T r = (expr);                                                                          \
      scc = r != 0;                                                                                \
      return r;                                                                                    \
    }                                                                                              \
  };
GCNKIT_SCALAR_LOGIC(And, a &b)
GCNKIT_SCALAR_LOGIC(Or, a | b)
GCNKIT_SCALAR_LOGIC(Xor, a ^ b)
GCNKIT_SCALAR_LOGIC(Nand, ~(a &b))
GCNKIT_SCALAR_LOGIC(Nor, ~(a | b))
GCNKIT_SCALAR_LOGIC(Xnor, ~(a ^ b))
GCNKIT_SCALAR_LOGIC(AndNot1, a & ~b)
GCNKIT_SCALAR_LOGIC(OrNot1, a | ~b)
#undef GCNKIT_SCALAR_LOGIC

template <class T> constexpr u32 kShiftMask = sizeof(T) * 8 - 1;

struct Lshl {
  template <class T> static T apply(T a, u32 b, bool &scc) {
    const T r = a << (b & kShiftMask<T>);
    scc = r != 0;
    return r;
  }
};
struct Lshr {
  template <class T> static T apply(T a, u32 b, bool &scc) {
    const T r = a >> (b & kShiftMask<T>);
    scc = r != 0;
    return r;
  }
};
struct Ashr {
  template <class T> static T apply(T a, u32 b, bool &scc) {
    const T r = static_cast<T>(static_cast<std::make_signed_t<T>>(a) >> (b & kShiftMask<T>));
    scc = r != 0;
    return r;
  }
};

// Bit-field extract: offset in S1[5:0] (S1[4:0] for 32 bits), width in S1[22:16].
template <bool kSigned> struct Bfe {
  template <class T> static T apply(T a, u32 b, bool &scc) {
    constexpr unsigned bits = sizeof(T) * 8;
    const unsigned offset = b & kShiftMask<T>;
    const unsigned width = (b >> 16) & 0x7F;
    T r = 0;
    if (width != 0) {
      r = a >> offset;
      if (width < bits) {
        r &= (T{1} << width) - 1;
        if (kSigned && ((r >> (width - 1)) & 1))
          r |= ~((T{1} << width) - 1);
      }
    }
    scc = r != 0;
    return r;
  }
};
struct Bfm {
  template <class T> static T apply(T a, u32 b, bool &) {
    const unsigned width = static_cast<unsigned>(a) & kShiftMask<T>;
    return ((T{1} << width) - 1) << (b & kShiftMask<T>);
  }
};
struct MulI32 {
  static u32 apply(u32 a, u32 b, bool &) { return a * b; }
};
struct MulHiU32 {
  static u32 apply(u32 a, u32 b, bool &) { return static_cast<u32>((u64{a} * b) >> 32); }
};
struct MulHiI32 {
  static u32 apply(u32 a, u32 b, bool &) {
    return static_cast<u32>(static_cast<u64>(i64{static_cast<i32>(a)} * static_cast<i32>(b)) >> 32);
  }
};
struct Cselect {
  template <class T> static T apply(T a, T b, bool &scc) { return scc ? a : b; }
};
template <unsigned kLoShift, unsigned kHiShift> struct Pack {
  static u32 apply(u32 a, u32 b, bool &) {
    return ((a >> kLoShift) & 0xFFFF) | (((b >> kHiShift) & 0xFFFF) << 16);
  }
};

// ---- SOP1 operations ----------------------------------------------------------------------

struct Mov {
  template <class T> static T apply(T a, bool &) { return a; }
};
struct Not {
  template <class T> static T apply(T a, bool &scc) {
    scc = ~a != 0;
    return ~a;
  }
};
struct Brev {
  template <class T> static T apply(T a, bool &) {
    T r = 0;
    for (unsigned i = 0; i < sizeof(T) * 8; ++i)
      r |= ((a >> i) & 1) << (sizeof(T) * 8 - 1 - i);
    return r;
  }
};
struct Ctz {
  template <class T> static u32 apply(T a, bool &) {
    return a ? static_cast<u32>(std::countr_zero(a)) : ~0u;
  }
};
// gfx9's find-first-zero: the lowest clear bit, -1 when there is none.
struct Ctz0 {
  template <class T> static u32 apply(T a, bool &b) { return Ctz::apply(static_cast<T>(~a), b); }
};
struct Clz {
  template <class T> static u32 apply(T a, bool &) {
    return a ? static_cast<u32>(std::countl_zero(a)) : ~0u;
  }
};
// Leading bits equal to the sign bit (sign included); -1 when all bits are equal.
struct Cls {
  template <class T> static u32 apply(T a, bool &) {
    const T sign = static_cast<T>(static_cast<std::make_signed_t<T>>(a) >> (sizeof(T) * 8 - 1));
    const T x = a ^ sign;
    return x ? static_cast<u32>(std::countl_zero(x)) : ~0u;
  }
};
template <class N> struct Sext {
  static u32 apply(u32 a, bool &) { return static_cast<u32>(static_cast<i32>(static_cast<N>(a))); }
};
struct AbsI32 {
  static u32 apply(u32 a, bool &scc) {
    const i32 v = static_cast<i32>(a);
    const u32 r = v < 0 ? 0u - a : a;
    scc = r != 0;
    return r;
  }
};
template <bool kOnes> struct Bcnt {
  template <class T> static u32 apply(T a, bool &scc) {
    const u32 r = static_cast<u32>(std::popcount(kOnes ? a : static_cast<T>(~a)));
    scc = r != 0;
    return r;
  }
};
struct QuadMask {
  template <class T> static T apply(T a, bool &scc) {
    T r = 0;
    for (unsigned i = 0; i < sizeof(T) * 2; ++i)
      r |= T{((a >> (4 * i)) & 0xF) != 0} << i;
    scc = r != 0;
    return r;
  }
};
struct Wqm {
  template <class T> static T apply(T a, bool &scc) {
    T r = 0;
    for (unsigned i = 0; i < sizeof(T) * 2; ++i)
      if ((a >> (4 * i)) & 0xF)
        r |= T{0xF} << (4 * i);
    scc = r != 0;
    return r;
  }
};

// s_bitreplicate_b64_b32: each bit of S0 twice (D[2i] = D[2i + 1] = S0[i]).
struct BitReplicate {
  static u64 apply(u32 a, bool &) {
    u64 r = 0;
    for (unsigned i = 0; i < 32; ++i)
      r |= u64{(a >> i) & 1} * 3 << (2 * i);
    return r;
  }
};

// M0-relative SGPR moves. An index past s105 reads 0 and drops a write.
constexpr unsigned kSgprs = 106;
template <class T> T readRelative(const Wave &w, unsigned index) {
  constexpr unsigned regs = sizeof(T) / 4;
  if (index + regs > kSgprs)
    return 0;
  T v = w.sgpr[index];
  if constexpr (regs == 2)
    v |= T{w.sgpr[index + 1]} << 32;
  return v;
}
template <class T> void writeRelative(Wave &w, unsigned index, T v) {
  if (index + sizeof(T) / 4 <= kSgprs)
    writeS<T>(w, static_cast<uint16_t>(index), v);
}
// s_movrels: D = SGPR[S0 + M0].
template <class T> void movrels(Wave &w, const DecodedInst &in) {
  writeS<T>(w, in.sdst, readRelative<T>(w, in.src[0].reg + w.sgpr[sreg::kM0]));
}
// s_movreld: SGPR[D + M0] = S0.
template <class T> void movreld(Wave &w, const DecodedInst &in) {
  writeRelative<T>(w, in.sdst + w.sgpr[sreg::kM0], readS<T>(w, in.src[0]));
}
// s_movrelsd_2_b32: SGPR[D + M0[25:16]] = SGPR[S0 + M0[9:0]].
void movrelsd2(Wave &w, const DecodedInst &in) {
  const u32 m0 = w.sgpr[sreg::kM0];
  const u32 v = in.src[0].kind == SrcKind::Sgpr ? readRelative<u32>(w, in.src[0].reg + (m0 & 0x3FF))
                                                : readScalar32(w, in.src[0]);
  writeRelative<u32>(w, in.sdst + ((m0 >> 16) & 0x3FF), v);
}

template <class T> void cmov(Wave &w, const DecodedInst &in) {
  if (w.scc)
    writeS<T>(w, in.sdst, readS<T>(w, in.src[0]));
}

// s_bitset0/1: D.bit[S0] = value; D is read-modify-write.
template <class T, bool kValue> void bitset(Wave &w, const DecodedInst &in) {
  const unsigned bit = readScalar32(w, in.src[0]) & kShiftMask<T>;
  T d = w.sgpr[in.sdst];
  if constexpr (sizeof(T) == 8)
    d |= T{w.sgpr[in.sdst + 1]} << 32;
  d = kValue ? d | (T{1} << bit) : d & ~(T{1} << bit);
  writeS<T>(w, in.sdst, d);
}

// EXEC-writing ops. saveexec: D = EXEC; EXEC = Op(S0, EXEC). wrexec: EXEC = D = Op(S0, EXEC).
// SCC = EXEC != 0 for both.
template <class T> T readExec(const Wave &w) {
  if constexpr (sizeof(T) == 8)
    return w.sgpr[sreg::kExecLo] | u64{w.sgpr[sreg::kExecHi]} << 32;
  else
    return w.sgpr[sreg::kExecLo];
}

struct ExecAnd {
  template <class T> static T apply(T s, T e) { return s & e; }
};
struct ExecOr {
  template <class T> static T apply(T s, T e) { return s | e; }
};
struct ExecXor {
  template <class T> static T apply(T s, T e) { return s ^ e; }
};
struct ExecNand {
  template <class T> static T apply(T s, T e) { return ~(s & e); }
};
struct ExecNor {
  template <class T> static T apply(T s, T e) { return ~(s | e); }
};
struct ExecXnor {
  template <class T> static T apply(T s, T e) { return ~(s ^ e); }
};
struct ExecAndNot0 { // ~S0 & EXEC
  template <class T> static T apply(T s, T e) { return ~s & e; }
};
struct ExecOrNot0 {
  template <class T> static T apply(T s, T e) { return ~s | e; }
};
struct ExecAndNot1 { // S0 & ~EXEC
  template <class T> static T apply(T s, T e) { return s & ~e; }
};
struct ExecOrNot1 {
  template <class T> static T apply(T s, T e) { return s | ~e; }
};

template <class T, class Op> void saveexec(Wave &w, const DecodedInst &in) {
  const T s = readS<T>(w, in.src[0]);
  const T old = readExec<T>(w);
  const T e = Op::apply(s, old);
  writeS<T>(w, in.sdst, old);
  writeS<T>(w, sreg::kExecLo, e);
  w.scc = e != 0;
}

template <class T, class Op> void wrexec(Wave &w, const DecodedInst &in) {
  const T e = Op::apply(readS<T>(w, in.src[0]), readExec<T>(w));
  writeS<T>(w, sreg::kExecLo, e);
  writeS<T>(w, in.sdst, e);
  w.scc = e != 0;
}

// ---- program counter ------------------------------------------------------------------------

void jumpTo(Wave &w, const DecodedInst &in, uint64_t address) {
  const uint32_t target = w.group->program->indexOf(address);
  if (target + 1 == w.group->program->insts.size())
    w.raise(FaultKind::BadBranch, in, -1, address);
  else
    w.pc = target;
}

void getpc(Wave &w, const DecodedInst &in) { writeS<u64>(w, in.sdst, in.address + in.size); }
void setpc(Wave &w, const DecodedInst &in) { jumpTo(w, in, readScalar64(w, in.src[0])); }
void swappc(Wave &w, const DecodedInst &in) {
  const u64 target = readScalar64(w, in.src[0]);
  writeS<u64>(w, in.sdst, in.address + in.size);
  jumpTo(w, in, target);
}
void call(Wave &w, const DecodedInst &in) {
  writeS<u64>(w, in.sdst, in.address + in.size);
  w.pc = in.target;
  if (in.target + 1 == w.group->program->insts.size())
    w.raise(FaultKind::BadBranch, in, -1, in.address + 4 + int64_t{in.imm} * 4);
}

// ---- SOPC -----------------------------------------------------------------------------------

template <class T, template <class> class Rel> struct Cmp {
  static bool apply(T a, T b) { return Rel<T>()(a, b); }
};
template <class T, template <class> class Rel> struct CmpSigned {
  static bool apply(T a, T b) {
    using S = std::make_signed_t<T>;
    return Rel<S>()(static_cast<S>(a), static_cast<S>(b));
  }
};
template <bool kSet> struct BitCmp {
  template <class T> static bool apply(T a, T b) {
    return ((a >> (b & kShiftMask<T>)) & 1) == kSet;
  }
};
template <class T, bool kSet> void bitcmp(Wave &w, const DecodedInst &in) {
  w.scc = BitCmp<kSet>::apply(readS<T>(w, in.src[0]), T{readScalar32(w, in.src[1])});
}

// ---- SOPK -----------------------------------------------------------------------------------

void movk(Wave &w, const DecodedInst &in) { writeS<u32>(w, in.sdst, static_cast<u32>(in.imm)); }
void cmovk(Wave &w, const DecodedInst &in) {
  if (w.scc)
    writeS<u32>(w, in.sdst, static_cast<u32>(in.imm));
}
// s_cmpk_*: the register named in SDST (read as src[2]) against the 16-bit immediate,
// sign-extended for the _i32 forms and zero-extended for _u32.
template <class Rel, bool kSigned> void cmpk(Wave &w, const DecodedInst &in) {
  const u32 a = readScalar32(w, in.src[2]);
  if constexpr (kSigned)
    w.scc = Rel()(static_cast<i32>(a), in.imm);
  else
    w.scc = Rel()(a, static_cast<u32>(in.imm) & 0xFFFF);
}
void addk(Wave &w, const DecodedInst &in) {
  w.sgpr[in.sdst] = AddI32::apply(w.sgpr[in.sdst], static_cast<u32>(in.imm), w.scc);
}
void mulk(Wave &w, const DecodedInst &in) {
  w.sgpr[in.sdst] = w.sgpr[in.sdst] * static_cast<u32>(in.imm);
}
void scalarNop(Wave &, const DecodedInst &) {}

} // namespace

void registerSalu(Registry &r) {
  auto add = [&r](std::string_view name, ExecFn fn) { r[name] = scalarEntry(fn); };
  // SOP2
  add("s_add_u32", sop2<u32, AddU32>);
  add("s_sub_u32", sop2<u32, SubU32>);
  add("s_add_i32", sop2<u32, AddI32>);
  add("s_sub_i32", sop2<u32, SubI32>);
  add("s_addc_u32", sop2<u32, AddcU32>);
  add("s_subb_u32", sop2<u32, SubbU32>);
  add("s_absdiff_i32", sop2<u32, AbsdiffI32>);
  add("s_lshl_b32", sop2Amount<u32, Lshl>);
  add("s_lshl_b64", sop2Amount<u64, Lshl>);
  add("s_lshr_b32", sop2Amount<u32, Lshr>);
  add("s_lshr_b64", sop2Amount<u64, Lshr>);
  add("s_ashr_i32", sop2Amount<u32, Ashr>);
  add("s_ashr_i64", sop2Amount<u64, Ashr>);
  add("s_lshl1_add_u32", sop2<u32, LshlAddU32<1>>);
  add("s_lshl2_add_u32", sop2<u32, LshlAddU32<2>>);
  add("s_lshl3_add_u32", sop2<u32, LshlAddU32<3>>);
  add("s_lshl4_add_u32", sop2<u32, LshlAddU32<4>>);
  add("s_min_i32", sop2<u32, MinMax<u32, true, true>>);
  add("s_min_u32", sop2<u32, MinMax<u32, true, false>>);
  add("s_max_i32", sop2<u32, MinMax<u32, false, true>>);
  add("s_max_u32", sop2<u32, MinMax<u32, false, false>>);
  add("s_and_b32", sop2<u32, And>);
  add("s_and_b64", sop2<u64, And>);
  add("s_or_b32", sop2<u32, Or>);
  add("s_or_b64", sop2<u64, Or>);
  add("s_xor_b32", sop2<u32, Xor>);
  add("s_xor_b64", sop2<u64, Xor>);
  add("s_nand_b32", sop2<u32, Nand>);
  add("s_nand_b64", sop2<u64, Nand>);
  add("s_nor_b32", sop2<u32, Nor>);
  add("s_nor_b64", sop2<u64, Nor>);
  add("s_xnor_b32", sop2<u32, Xnor>);
  add("s_xnor_b64", sop2<u64, Xnor>);
  add("s_and_not1_b32", sop2<u32, AndNot1>);
  add("s_and_not1_b64", sop2<u64, AndNot1>);
  add("s_or_not1_b32", sop2<u32, OrNot1>);
  add("s_or_not1_b64", sop2<u64, OrNot1>);
  add("s_bfe_u32", sop2Amount<u32, Bfe<false>>);
  add("s_bfe_i32", sop2Amount<u32, Bfe<true>>);
  add("s_bfe_u64", sop2Amount<u64, Bfe<false>>);
  add("s_bfe_i64", sop2Amount<u64, Bfe<true>>);
  add("s_bfm_b32", sop2Amount<u32, Bfm>);
  add("s_bfm_b64", sop2Amount<u64, Bfm>);
  add("s_mul_i32", sop2<u32, MulI32>);
  add("s_mul_hi_u32", sop2<u32, MulHiU32>);
  add("s_mul_hi_i32", sop2<u32, MulHiI32>);
  add("s_cselect_b32", sop2<u32, Cselect>);
  add("s_cselect_b64", sop2<u64, Cselect>);
  add("s_pack_ll_b32_b16", sop2<u32, Pack<0, 0>>);
  add("s_pack_lh_b32_b16", sop2<u32, Pack<0, 16>>);
  add("s_pack_hh_b32_b16", sop2<u32, Pack<16, 16>>);
  add("s_pack_hl_b32_b16", sop2<u32, Pack<16, 0>>);
  // SOP1
  add("s_mov_b32", sop1<u32, u32, Mov>);
  add("s_mov_b64", sop1<u64, u64, Mov>);
  add("s_cmov_b32", cmov<u32>);
  add("s_cmov_b64", cmov<u64>);
  add("s_not_b32", sop1<u32, u32, Not>);
  add("s_not_b64", sop1<u64, u64, Not>);
  add("s_brev_b32", sop1<u32, u32, Brev>);
  add("s_brev_b64", sop1<u64, u64, Brev>);
  add("s_ctz_i32_b32", sop1<u32, u32, Ctz>);
  add("s_ctz_i32_b64", sop1<u32, u64, Ctz>);
  add("s_ff0_i32_b32", sop1<u32, u32, Ctz0>);
  add("s_ff0_i32_b64", sop1<u32, u64, Ctz0>);
  add("s_clz_i32_u32", sop1<u32, u32, Clz>);
  add("s_clz_i32_u64", sop1<u32, u64, Clz>);
  add("s_cls_i32", sop1<u32, u32, Cls>);
  add("s_cls_i32_i64", sop1<u32, u64, Cls>);
  add("s_sext_i32_i8", sop1<u32, u32, Sext<int8_t>>);
  add("s_sext_i32_i16", sop1<u32, u32, Sext<int16_t>>);
  add("s_bitset0_b32", bitset<u32, false>);
  add("s_bitset0_b64", bitset<u64, false>);
  add("s_bitset1_b32", bitset<u32, true>);
  add("s_bitset1_b64", bitset<u64, true>);
  add("s_abs_i32", sop1<u32, u32, AbsI32>);
  add("s_bcnt0_i32_b32", sop1<u32, u32, Bcnt<false>>);
  add("s_bcnt0_i32_b64", sop1<u32, u64, Bcnt<false>>);
  add("s_bcnt1_i32_b32", sop1<u32, u32, Bcnt<true>>);
  add("s_bcnt1_i32_b64", sop1<u32, u64, Bcnt<true>>);
  add("s_quadmask_b32", sop1<u32, u32, QuadMask>);
  add("s_quadmask_b64", sop1<u64, u64, QuadMask>);
  add("s_wqm_b32", sop1<u32, u32, Wqm>);
  add("s_wqm_b64", sop1<u64, u64, Wqm>);
  add("s_bitreplicate_b64_b32", sop1<u64, u32, BitReplicate>);
  add("s_movrels_b32", movrels<u32>);
  add("s_movrels_b64", movrels<u64>);
  add("s_movreld_b32", movreld<u32>);
  add("s_movreld_b64", movreld<u64>);
  add("s_movrelsd_2_b32", movrelsd2);
  add("s_and_saveexec_b32", saveexec<u32, ExecAnd>);
  add("s_and_saveexec_b64", saveexec<u64, ExecAnd>);
  add("s_or_saveexec_b32", saveexec<u32, ExecOr>);
  add("s_or_saveexec_b64", saveexec<u64, ExecOr>);
  add("s_xor_saveexec_b32", saveexec<u32, ExecXor>);
  add("s_xor_saveexec_b64", saveexec<u64, ExecXor>);
  add("s_nand_saveexec_b32", saveexec<u32, ExecNand>);
  add("s_nand_saveexec_b64", saveexec<u64, ExecNand>);
  add("s_nor_saveexec_b32", saveexec<u32, ExecNor>);
  add("s_nor_saveexec_b64", saveexec<u64, ExecNor>);
  add("s_xnor_saveexec_b32", saveexec<u32, ExecXnor>);
  add("s_xnor_saveexec_b64", saveexec<u64, ExecXnor>);
  add("s_and_not0_saveexec_b32", saveexec<u32, ExecAndNot0>);
  add("s_and_not0_saveexec_b64", saveexec<u64, ExecAndNot0>);
  add("s_or_not0_saveexec_b32", saveexec<u32, ExecOrNot0>);
  add("s_or_not0_saveexec_b64", saveexec<u64, ExecOrNot0>);
  add("s_and_not1_saveexec_b32", saveexec<u32, ExecAndNot1>);
  add("s_and_not1_saveexec_b64", saveexec<u64, ExecAndNot1>);
  add("s_or_not1_saveexec_b32", saveexec<u32, ExecOrNot1>);
  add("s_or_not1_saveexec_b64", saveexec<u64, ExecOrNot1>);
  add("s_and_not0_wrexec_b32", wrexec<u32, ExecAndNot0>);
  add("s_and_not0_wrexec_b64", wrexec<u64, ExecAndNot0>);
  add("s_and_not1_wrexec_b32", wrexec<u32, ExecAndNot1>);
  add("s_and_not1_wrexec_b64", wrexec<u64, ExecAndNot1>);
  add("s_getpc_b64", getpc);
  add("s_setpc_b64", setpc);
  // s_rfe_b64 returns from a trap handler: it clears PRIV (not modelled) and jumps like
  // s_setpc_b64.
  add("s_rfe_b64", setpc);
  add("s_swappc_b64", swappc);
  // SOPC
  add("s_cmp_eq_i32", sopc<u32, Cmp<u32, std::equal_to>>);
  add("s_cmp_lg_i32", sopc<u32, Cmp<u32, std::not_equal_to>>);
  add("s_cmp_gt_i32", sopc<u32, CmpSigned<u32, std::greater>>);
  add("s_cmp_ge_i32", sopc<u32, CmpSigned<u32, std::greater_equal>>);
  add("s_cmp_lt_i32", sopc<u32, CmpSigned<u32, std::less>>);
  add("s_cmp_le_i32", sopc<u32, CmpSigned<u32, std::less_equal>>);
  add("s_cmp_eq_u32", sopc<u32, Cmp<u32, std::equal_to>>);
  add("s_cmp_lg_u32", sopc<u32, Cmp<u32, std::not_equal_to>>);
  add("s_cmp_gt_u32", sopc<u32, Cmp<u32, std::greater>>);
  add("s_cmp_ge_u32", sopc<u32, Cmp<u32, std::greater_equal>>);
  add("s_cmp_lt_u32", sopc<u32, Cmp<u32, std::less>>);
  add("s_cmp_le_u32", sopc<u32, Cmp<u32, std::less_equal>>);
  add("s_cmp_eq_u64", sopc<u64, Cmp<u64, std::equal_to>>);
  add("s_cmp_lg_u64", sopc<u64, Cmp<u64, std::not_equal_to>>);
  add("s_bitcmp0_b32", bitcmp<u32, false>);
  add("s_bitcmp1_b32", bitcmp<u32, true>);
  add("s_bitcmp0_b64", bitcmp<u64, false>);
  add("s_bitcmp1_b64", bitcmp<u64, true>);
  // SOPK
  add("s_movk_i32", movk);
  add("s_cmovk_i32", cmovk);
  add("s_cmpk_eq_i32", cmpk<std::equal_to<i32>, true>);
  add("s_cmpk_lg_i32", cmpk<std::not_equal_to<i32>, true>);
  add("s_cmpk_gt_i32", cmpk<std::greater<i32>, true>);
  add("s_cmpk_ge_i32", cmpk<std::greater_equal<i32>, true>);
  add("s_cmpk_lt_i32", cmpk<std::less<i32>, true>);
  add("s_cmpk_le_i32", cmpk<std::less_equal<i32>, true>);
  add("s_cmpk_eq_u32", cmpk<std::equal_to<u32>, false>);
  add("s_cmpk_lg_u32", cmpk<std::not_equal_to<u32>, false>);
  add("s_cmpk_gt_u32", cmpk<std::greater<u32>, false>);
  add("s_cmpk_ge_u32", cmpk<std::greater_equal<u32>, false>);
  add("s_cmpk_lt_u32", cmpk<std::less<u32>, false>);
  add("s_cmpk_le_u32", cmpk<std::less_equal<u32>, false>);
  add("s_addk_i32", addk);
  add("s_mulk_i32", mulk);
  add("s_call_b64", call);
  for (std::string_view name :
       {"s_version", "s_waitcnt_vscnt", "s_waitcnt_vmcnt", "s_waitcnt_expcnt", "s_waitcnt_lgkmcnt"})
    r[name] = scalarEntry(scalarNop, entry::kNoEffect);
  registerHwreg(r);
}

} // namespace gcnkit::emu
