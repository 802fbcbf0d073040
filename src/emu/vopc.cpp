// VALU compares (VOPC and their VOP3 forms): one result bit per lane, written to VCC / an SGPR
// (v_cmp) or to EXEC (v_cmpx). Lanes EXEC disables produce 0 bits. The entries are generated
// from the condition and type tables below rather than listed one by one.
#include <cmath>
#include <cstdint>
#include <deque>
#include <string>

#include "emu/compare_conditions.h"
#include "emu/registry.h"
#include "emu/valu_exec.h"

namespace gcnkit::emu {

namespace {

using namespace valu;
using u32 = uint32_t;
using u64 = uint64_t;

enum class Type { F32, F64, I32, U32, I64, U64 };

template <Type T> constexpr bool kWide = T == Type::F64 || T == Type::I64 || T == Type::U64;

template <Cond C, Type T> bool compare(u64 a, u64 b) {
  if constexpr (T == Type::F32)
    return holdsFloat<C>(f32(static_cast<u32>(a)), f32(static_cast<u32>(b)));
  else if constexpr (T == Type::F64)
    return holdsFloat<C>(f64(a), f64(b));
  else if constexpr (T == Type::I32)
    return holdsInt<C>(static_cast<int32_t>(a), static_cast<int32_t>(b));
  else if constexpr (T == Type::U32)
    return holdsInt<C>(static_cast<u32>(a), static_cast<u32>(b));
  else if constexpr (T == Type::I64)
    return holdsInt<C>(static_cast<int64_t>(a), static_cast<int64_t>(b));
  else
    return holdsInt<C>(a, b);
}

// v_cmp_class: S1 is a mask of classes; true when S0's class is in it.
template <Type T> bool classOf(u64 a, u64 mask) {
  if constexpr (T == Type::F32)
    return inClassMask<8, 23>(a & 0xFFFFFFFFull, mask);
  else
    return inClassMask<11, 52>(a, mask);
}

template <int W, Type T, bool kX, bool (*Pred)(u64, u64)>
void vopc(Wave &w, const DecodedInst &in) {
  const u32 *alo, *ahi = nullptr, *blo, *bhi = nullptr;
  if constexpr (kWide<T>)
    lanes64<W>(w, in.src[0], 0, alo, ahi);
  else
    alo = lanes32<W>(w, in.src[0], 0);
  if (kWide<T> && Pred != &classOf<T>)
    lanes64<W>(w, in.src[1], 1, blo, bhi);
  else
    blo = lanes32<W>(w, in.src[1], 1); // 32-bit compares and class masks
  u64 mask = 0;
  for (int l = 0; l < W; ++l) {
    const u64 a = kWide<T> ? (alo[l] | u64{ahi[l]} << 32) : alo[l];
    const u64 b = bhi ? (blo[l] | u64{bhi[l]} << 32) : blo[l];
    mask |= u64{Pred(a, b)} << l;
  }
  mask &= execMask<W>(w);
  writeCompare<W, kX>(w, in, mask);
}

template <Type T, bool kX, bool (*Pred)(u64, u64)> ExecEntry entryOf() {
  return {&vopc<32, T, kX, Pred>, &vopc<64, T, kX, Pred>,
          static_cast<uint8_t>(entry::kCompare | (T == Type::F32 ? entry::kF32Sources : 0))};
}

// Mnemonics are built at registration; the registry keys are views, so they live here.
std::deque<std::string> &names() {
  static std::deque<std::string> n; // push_back keeps earlier elements in place
  return n;
}

template <Type T, Cond C> void addCond(Registry &r, const char *cond, const char *type) {
  for (bool x : {false, true}) {
    names().push_back(std::string(x ? "v_cmpx_" : "v_cmp_") + cond + "_" + type);
  }
  const size_t n = names().size();
  r[names()[n - 2]] = entryOf<T, false, &compare<C, T>>();
  r[names()[n - 1]] = entryOf<T, true, &compare<C, T>>();
}

template <Type T> void addFloat(Registry &r, const char *type) {
  addCond<T, Cond::F>(r, "f", type);
  addCond<T, Cond::Lt>(r, "lt", type);
  addCond<T, Cond::Eq>(r, "eq", type);
  addCond<T, Cond::Le>(r, "le", type);
  addCond<T, Cond::Gt>(r, "gt", type);
  addCond<T, Cond::Lg>(r, "lg", type);
  addCond<T, Cond::Ge>(r, "ge", type);
  addCond<T, Cond::O>(r, "o", type);
  addCond<T, Cond::U>(r, "u", type);
  addCond<T, Cond::Nge>(r, "nge", type);
  addCond<T, Cond::Nlg>(r, "nlg", type);
  addCond<T, Cond::Ngt>(r, "ngt", type);
  addCond<T, Cond::Nle>(r, "nle", type);
  addCond<T, Cond::Neq>(r, "neq", type);
  addCond<T, Cond::Nlt>(r, "nlt", type);
  addCond<T, Cond::T>(r, "t", type);
  names().push_back(std::string("v_cmp_class_") + type);
  names().push_back(std::string("v_cmpx_class_") + type);
  const size_t n = names().size();
  r[names()[n - 2]] = entryOf<T, false, &classOf<T>>();
  r[names()[n - 1]] = entryOf<T, true, &classOf<T>>();
}

template <Type T> void addInt(Registry &r, const char *type) {
  addCond<T, Cond::F>(r, "f", type);
  addCond<T, Cond::Lt>(r, "lt", type);
  addCond<T, Cond::Eq>(r, "eq", type);
  addCond<T, Cond::Le>(r, "le", type);
  addCond<T, Cond::Gt>(r, "gt", type);
  addCond<T, Cond::Ne>(r, "ne", type);
  addCond<T, Cond::Ge>(r, "ge", type);
  addCond<T, Cond::T>(r, "t", type);
}

} // namespace

void registerVopc(Registry &r) {
  addFloat<Type::F32>(r, "f32");
  addFloat<Type::F64>(r, "f64");
  addInt<Type::I32>(r, "i32");
  addInt<Type::U32>(r, "u32");
  addInt<Type::I64>(r, "i64");
  addInt<Type::U64>(r, "u64");
}

} // namespace gcnkit::emu
