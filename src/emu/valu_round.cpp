// Directed rounding (MODE.FP_ROUND other than nearest-even) for the f32 / f64 operations whose
// exact results gcnkit can round in any mode without changing the host's FP environment: add,
// sub, mul and fma (emu/exact_fp.h). The MODE wrapper selects these executors; every other
// rounding instruction stops the wave when a directed mode is in effect.
#include <array>
#include <string_view>
#include <unordered_map>

#include "emu/exact_fp.h"
#include "emu/mode.h"
#include "emu/valu_exec.h"

namespace gcnkit::emu {

namespace {

using namespace valu;
using exactfp::addRounded;
using exactfp::fmaRounded;
using exactfp::mulRounded;
using u32 = uint32_t;
using u64 = uint64_t;

template <u32 R> struct AddF32 {
  static u32 apply(u32 a, u32 b) { return bits(addRounded<float>(f32(a), f32(b), R)); }
};
template <u32 R> struct SubF32 {
  static u32 apply(u32 a, u32 b) { return bits(addRounded<float>(f32(a), -f32(b), R)); }
};
template <u32 R> struct SubrevF32 {
  static u32 apply(u32 a, u32 b) { return bits(addRounded<float>(f32(b), -f32(a), R)); }
};
template <u32 R> struct MulF32 {
  static u32 apply(u32 a, u32 b) { return bits(mulRounded<float>(f32(a), f32(b), R)); }
};
template <u32 R> struct FmaF32 {
  static u32 apply(u32 a, u32 b, u32 c) {
    return bits(fmaRounded<float>(f32(a), f32(b), f32(c), R));
  }
};
template <u32 R> struct FmamkF32 { // S0 * K + S1, K in src[2]
  static u32 apply(u32 a, u32 b, u32 k) {
    return bits(fmaRounded<float>(f32(a), f32(k), f32(b), R));
  }
};

struct F64Binary {
  static constexpr int kSources = 2;
  static constexpr bool kWide0 = true, kWide1 = true, kWide2 = false, kWideDst = true;
};
template <u32 R> struct AddF64 : F64Binary {
  static u64 apply(u64 a, u64 b, u64) { return bits(addRounded<double>(f64(a), f64(b), R)); }
};
template <u32 R> struct MulF64 : F64Binary {
  static u64 apply(u64 a, u64 b, u64) { return bits(mulRounded<double>(f64(a), f64(b), R)); }
};
template <u32 R> struct FmaF64 {
  static constexpr int kSources = 3;
  static constexpr bool kWide0 = true, kWide1 = true, kWide2 = true, kWideDst = true;
  static u64 apply(u64 a, u64 b, u64 c) {
    return bits(fmaRounded<double>(f64(a), f64(b), f64(c), R));
  }
};

using Variants = std::array<std::array<ExecFn, 2>, 3>; // [round - 1][wave64]

template <template <u32> class Op, int N> Variants vop32Variants() {
  return {{{&vop32<32, Op<1>, N>, &vop32<64, Op<1>, N>},
           {&vop32<32, Op<2>, N>, &vop32<64, Op<2>, N>},
           {&vop32<32, Op<3>, N>, &vop32<64, Op<3>, N>}}};
}
template <template <u32> class Op> Variants vop64Variants() {
  return {{{&vop64<32, Op<1>>, &vop64<64, Op<1>>},
           {&vop64<32, Op<2>>, &vop64<64, Op<2>>},
           {&vop64<32, Op<3>>, &vop64<64, Op<3>>}}};
}

const std::unordered_map<std::string_view, Variants> &table() {
  static const std::unordered_map<std::string_view, Variants> t = {
      {"v_add_f32", vop32Variants<AddF32, 2>()},
      {"v_sub_f32", vop32Variants<SubF32, 2>()},
      {"v_subrev_f32", vop32Variants<SubrevF32, 2>()},
      {"v_mul_f32", vop32Variants<MulF32, 2>()},
      {"v_fma_f32", vop32Variants<FmaF32, 3>()},
      {"v_fmac_f32", vop32Variants<FmaF32, 3>()},
      {"v_fmaak_f32", vop32Variants<FmaF32, 3>()},
      {"v_fmamk_f32", vop32Variants<FmamkF32, 3>()},
      {"v_add_f64", vop64Variants<AddF64>()},
      {"v_mul_f64", vop64Variants<MulF64>()},
      {"v_fma_f64", vop64Variants<FmaF64>()},
  };
  return t;
}

} // namespace

ExecFn roundingExecutor(std::string_view name, uint32_t round, int wave) {
  const auto &t = table();
  auto it = t.find(name);
  if (it == t.end() || round < 1 || round > 3)
    return nullptr;
  return it->second[round - 1][wave == 64 ? 1 : 0];
}

} // namespace gcnkit::emu
