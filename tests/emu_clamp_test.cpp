// VOP3 clamp on integer operations saturates the result to its type ("limits the result to the
// largest and smallest representable values", the VALU document): every gfx1100 row that takes
// clamp is emulated with it, and the 32-bit, 64-bit, carry and SAD families saturate as a host
// model says, in wave32 and wave64.
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "emu_asm_util.h"
#include "emu_predecode_util.h"
#include "isa/target_info.h"

namespace gcnkit::emutest {
namespace {

using isa::Field;
using isa::Format;

// The dwords of a VOP3 / VOP3SD / VOP3P encoding of `row` with clamp set and VGPR sources.
std::vector<uint32_t> clampEncoding(const isa::InstrDesc &row) {
  const isa::TargetInfo &t = isa::targetInfo(isa::Target::GFX1100);
  // VOP3SD shares VOP3's prefix.
  const Format prefixFormat = row.format == Format::VOP3SD ? Format::VOP3 : row.format;
  uint32_t w0 = t.prefix(prefixFormat) | uint32_t{row.opcode} << 16 | 1u << 15;
  uint32_t w1 = 0;
  for (unsigned i = 0; i < row.numOperands; ++i) {
    const isa::OperandDesc &o = row.operands[i];
    switch (o.field) {
    case Field::VDST:
      w0 |= o.kind == isa::OperandKind::VReg ? 8u : 10u;
      break;
    case Field::SDST:
      w0 |= 106u << 8; // vcc
      break;
    case Field::SRC0:
    case Field::SRC1:
    case Field::SRC2: {
      const unsigned shift = o.field == Field::SRC0 ? 0 : (o.field == Field::SRC1 ? 9 : 18);
      // Lane masks (carry-in, selectors) are vcc; everything else a VGPR, 20 apart (WMMA
      // sources span up to 8).
      const unsigned enc = o.type == isa::DataType::LaneMask ? 106u : 256u + 16 + 20 * shift / 9;
      w1 |= enc << shift;
      break;
    }
    default:
      break;
    }
  }
  if (row.format == Format::VOP3P)
    w1 |= 3u << 27, w0 |= 1u << 14; // op_sel_hi: the high halves
  return {w0, w1};
}

TEST(EmuClamp, EveryRowTakingClampIsEmulatedWithIt) {
  for (bool wave64 : {false, true}) {
    std::vector<std::string> refused;
    unsigned checked = 0;
    for (const isa::InstrDesc &row : isa::instructions(isa::Target::GFX1100)) {
      const bool vop3 =
          row.format == Format::VOP3 || row.format == Format::VOP3SD || row.format == Format::VOP3P;
      if (!vop3 || !(row.modifiers & isa::mod::Clamp))
        continue;
      const std::vector<uint32_t> w = clampEncoding(row);
      const PredecodedWords p = predecodeWords({w[0], w[1]}, wave64, &row);
      ASSERT_TRUE(p.decoded) << row.name << (wave64 ? " (wave64)" : " (wave32)");
      ++checked;
      if (!p.refusal.empty())
        refused.push_back(std::string(row.name) + ": " + p.refusal);
    }
    EXPECT_GT(checked, 150u);
    std::string list;
    for (const std::string &r : refused)
      list += "  " + r + "\n";
    EXPECT_TRUE(refused.empty()) << (wave64 ? "wave64" : "wave32") << ", " << refused.size()
                                 << " rows refused with clamp:\n"
                                 << list;
  }
}

// ---- saturation against a host model ---------------------------------------------------------

// Operands that overflow in every direction: extremes, their neighbours and random words.
std::vector<uint32_t> edgeWords(uint32_t seed) {
  std::vector<uint32_t> v = randomWords(64, seed);
  const uint32_t edges[] = {0,          1,          2,          0x7FFFFFFF, 0x80000000, 0x80000001,
                            0xFFFFFFFF, 0xFFFFFFFE, 0x00FFFFFF, 0x00800000, 0xFF800000, 0x7FFFFF,
                            0x40000000, 0xC0000000, 0xFFFF,     0x10000};
  for (size_t i = 0; i < std::size(edges); ++i)
    v[(i * 5 + seed) % 64] = edges[i];
  return v;
}

int64_t s64(uint32_t v) { return static_cast<int32_t>(v); }
int64_t sext24(uint32_t v) { return static_cast<int32_t>(v << 8) >> 8; }
uint32_t satU(uint64_t v) { return static_cast<uint32_t>(std::min<uint64_t>(v, UINT32_MAX)); }
uint32_t satI(int64_t v) {
  return static_cast<uint32_t>(std::clamp<int64_t>(v, INT32_MIN, INT32_MAX));
}

struct ClampCase {
  std::string op; // the instruction, operands v3, v0, v1, v2 written as {D}, {A}, {B}, {C}
  std::function<uint32_t(uint32_t, uint32_t, uint32_t)> model;
};

class EmuClampSaturates : public ::testing::TestWithParam<unsigned> {
protected:
  unsigned wave() const { return GetParam(); }
  runtime::Device dev;
};

TEST_P(EmuClampSaturates, ThirtyTwoBitResults) {
  const unsigned W = wave();
  const std::vector<ClampCase> cases = {
      {"v_add_nc_u32_e64 v3, v0, v1 clamp",
       [](auto a, auto b, auto) { return satU(uint64_t{a} + b); }},
      {"v_sub_nc_u32_e64 v3, v0, v1 clamp",
       [](auto a, auto b, auto) { return a > b ? a - b : 0u; }},
      {"v_subrev_nc_u32_e64 v3, v0, v1 clamp",
       [](auto a, auto b, auto) { return b > a ? b - a : 0u; }},
      {"v_add_nc_i32 v3, v0, v1 clamp", [](auto a, auto b, auto) { return satI(s64(a) + s64(b)); }},
      {"v_sub_nc_i32 v3, v0, v1 clamp", [](auto a, auto b, auto) { return satI(s64(a) - s64(b)); }},
      {"v_mul_u32_u24_e64 v3, v0, v1 clamp",
       [](auto a, auto b, auto) { return satU(uint64_t{a & 0xFFFFFF} * (b & 0xFFFFFF)); }},
      {"v_mul_i32_i24_e64 v3, v0, v1 clamp",
       [](auto a, auto b, auto) { return satI(sext24(a) * sext24(b)); }},
      {"v_mad_u32_u24 v3, v0, v1, v2 clamp",
       [](auto a, auto b, auto c) { return satU(uint64_t{a & 0xFFFFFF} * (b & 0xFFFFFF) + c); }},
      {"v_mad_i32_i24 v3, v0, v1, v2 clamp",
       [](auto a, auto b, auto c) { return satI(sext24(a) * sext24(b) + s64(c)); }},
      {"v_add_nc_u32_e64 v3, v0, v1", [](auto a, auto b, auto) { return a + b; }},
      {"v_sad_u32 v3, v0, v1, v2 clamp",
       [](auto a, auto b, auto c) { return satU(uint64_t{a > b ? a - b : b - a} + c); }},
      {"v_sad_hi_u8 v3, v0, v1, v2 clamp",
       [](auto a, auto b, auto c) {
         uint64_t sad = 0;
         for (int i = 0; i < 4; ++i) {
           const uint32_t x = (a >> (8 * i)) & 0xFF, y = (b >> (8 * i)) & 0xFF;
           sad += x > y ? x - y : y - x;
         }
         return satU((sad << 16) + c);
       }},
  };
  const std::vector<uint32_t> a = edgeWords(1), b = edgeWords(2), c = edgeWords(3);
  std::vector<uint32_t> in = a;
  in.insert(in.end(), b.begin(), b.end());
  in.insert(in.end(), c.begin(), c.end());
  for (const ClampCase &k : cases) {
    const std::string body = loadInput(0, 0) + loadInput(1, 1) + loadInput(2, 2) + "  " + k.op +
                             "\n" + storeOutput(3, 0);
    AsmRun r = runAsm(dev, body, W, in, 1);
    ASSERT_TRUE(r.result.ok()) << k.op << ": " << r.result.error;
    for (unsigned l = 0; l < W; ++l)
      ASSERT_EQ(r.out[l], k.model(a[l], b[l], c[l]))
          << k.op << " lane " << l << " a=" << a[l] << " b=" << b[l] << " c=" << c[l];
  }
}

// The carry forms saturate the result (all ones on carry-out, 0 on borrow) and still write the
// carry; v_mad_u64_u32 / v_mad_i64_i32 saturate to 64 bits.
TEST_P(EmuClampSaturates, CarryAndSixtyFourBitResults) {
  const unsigned W = wave();
  const std::string m = W == 32 ? "s8" : "s[8:9]";
  const std::vector<uint32_t> a = edgeWords(4), b = edgeWords(5), c = edgeWords(6);
  std::vector<uint32_t> in = a;
  in.insert(in.end(), b.begin(), b.end());
  in.insert(in.end(), c.begin(), c.end());
  struct Carry {
    std::string op;
    bool add, reverse, carryIn;
  };
  for (const Carry &k :
       {Carry{"v_add_co_u32 v3, " + m + ", v0, v1 clamp", true, false, false},
        Carry{"v_sub_co_u32 v3, " + m + ", v0, v1 clamp", false, false, false},
        Carry{"v_subrev_co_u32 v3, " + m + ", v0, v1 clamp", false, true, false},
        Carry{"v_add_co_ci_u32_e64 v3, " + m + ", v0, v1, " + m + " clamp", true, false, true},
        Carry{"v_sub_co_ci_u32_e64 v3, " + m + ", v0, v1, " + m + " clamp", false, false, true}}) {
    const std::string body = loadInput(0, 0) + loadInput(1, 1) +
                             "  s_mov_b32 s8, 0x6db6db6d\n  s_mov_b32 s9, 0xb6db6db6\n  " + k.op +
                             "\n  v_mov_b32 v4, s8\n" + storeOutput(3, 0) + storeOutput(4, 1);
    AsmRun r = runAsm(dev, body, W, in, 2);
    ASSERT_TRUE(r.result.ok()) << k.op << ": " << r.result.error;
    const uint64_t carryIn = k.carryIn ? 0xb6db6db66db6db6dull : 0;
    uint32_t carryOut = 0;
    for (unsigned l = 0; l < W; ++l) {
      const uint64_t x = k.reverse ? b[l] : a[l], y = k.reverse ? a[l] : b[l];
      const uint64_t ci = (carryIn >> l) & 1;
      bool out;
      uint32_t want;
      if (k.add) {
        out = ((x + y + ci) >> 32) != 0;
        want = out ? UINT32_MAX : static_cast<uint32_t>(x + y + ci);
      } else {
        out = y + ci > x;
        want = out ? 0 : static_cast<uint32_t>(x - y - ci);
      }
      if (l < 32)
        carryOut |= uint32_t{out} << l;
      ASSERT_EQ(r.out[l], want) << k.op << " lane " << l;
    }
    EXPECT_EQ(r.out[64], carryOut) << k.op;
  }
  for (bool sgn : {false, true}) {
    const std::string op = std::string(sgn ? "v_mad_i64_i32" : "v_mad_u64_u32") + " v[4:5], " + m +
                           ", v0, v1, v[2:3] clamp";
    const std::vector<uint32_t> hi = {0xFFFFFFFF, 0x7FFFFFFF, 0x80000000, 0};
    std::string body = loadInput(0, 0) + loadInput(1, 1) + loadInput(2, 2);
    for (uint32_t h : hi) {
      AsmRun r = runAsm(dev,
                        body + "  v_mov_b32 v3, " + std::to_string(h) + "\n  " + op + "\n" +
                            storeOutput(4, 0) + storeOutput(5, 1),
                        W, in, 2);
      ASSERT_TRUE(r.result.ok()) << op << ": " << r.result.error;
      for (unsigned l = 0; l < W; ++l) {
        const uint64_t cc = c[l] | uint64_t{h} << 32;
        uint64_t want;
        if (sgn) {
          const __int128 v = __int128{s64(a[l]) * s64(b[l])} + static_cast<int64_t>(cc);
          want = static_cast<uint64_t>(
              v > INT64_MAX ? INT64_MAX : (v < INT64_MIN ? INT64_MIN : static_cast<int64_t>(v)));
        } else {
          const unsigned __int128 v = static_cast<unsigned __int128>(uint64_t{a[l]} * b[l]) + cc;
          want = v > UINT64_MAX ? UINT64_MAX : static_cast<uint64_t>(v);
        }
        ASSERT_EQ(r.out[l] | uint64_t{r.out[64 + l]} << 32, want)
            << op << " hi " << h << " lane " << l;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Wave, EmuClampSaturates, ::testing::Values(32u, 64u),
                         [](const auto &info) { return "W" + std::to_string(info.param); });

} // namespace
} // namespace gcnkit::emutest
