// gfx908's SDWA and gfx9 DPP16 on the emulator: hand-written gfx908 assembly for every SDWA
// select of both sources and the destination, sext, every dst_unused, scalar and constant
// sources, compares to vcc and SGPR pairs, clamp and omod, and for every gfx9 DPP control with
// row / bank masks, bound_ctrl and EXEC-disabled source lanes; clang-19 gfx908 kernels whose byte
// / short code becomes SDWA and whose update_dpp builtins and atomic scan use the gfx9 controls.
// The host models are written from the ISA's rules (LLVM's AMDGPU modifier syntax for SDWA, the
// MI100 facts for DPP), independently of the emulator's code.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <random>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "emu/registry.h"
#include "emu_asm_util.h"
#include "gcnkit/isa.h"

namespace gcnkit::emutest {
namespace {

using runtime::Device;
using runtime::KernelArgs;
using runtime::LaunchConfig;

constexpr unsigned kW = 64; // gfx908 is wave64
constexpr isa::Target kGfx908 = isa::Target::GFX908;

const char *const kSelNames[] = {"BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3",
                                 "WORD_0", "WORD_1", "DWORD"};
const char *const kUnusedNames[] = {"UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE"};

AsmKernelOptions gfx908Options(const std::string &modes = "") {
  AsmKernelOptions o;
  o.target = kGfx908;
  o.modes = modes;
  return o;
}
std::string load(unsigned vgpr, unsigned j) { return loadInput(vgpr, j, 100, kGfx908); }
std::string store(unsigned vgpr, unsigned j) { return storeOutput(vgpr, j, 100, kGfx908); }

// ---- host models ----------------------------------------------------------------------------

// src*_sel: the byte or word of v, zero- or sign-extended (sext) to 32 bits.
uint32_t selected(uint32_t v, unsigned sel, bool sext) {
  switch (sel) {
  case 0:
  case 1:
  case 2:
  case 3: {
    const uint8_t b = static_cast<uint8_t>(v >> (8 * sel));
    return sext ? static_cast<uint32_t>(static_cast<int8_t>(b)) : b;
  }
  case 4:
  case 5: {
    const uint16_t h = static_cast<uint16_t>(sel == 5 ? v >> 16 : v);
    return sext ? static_cast<uint32_t>(static_cast<int16_t>(h)) : h;
  }
  default:
    return v;
  }
}

// dst_sel / dst_unused: the low byte or word of result in the selected field; the other bits are
// zeros (PAD), the field's sign above it and zeros below (SEXT), or old's (PRESERVE).
uint32_t placed(uint32_t result, uint32_t old, unsigned sel, unsigned unused) {
  if (sel == 6)
    return result;
  const unsigned lo = sel < 4 ? 8 * sel : (sel == 5 ? 16 : 0);
  const unsigned width = sel < 4 ? 8 : 16;
  const uint64_t field = ((uint64_t{1} << width) - 1) << lo;
  uint32_t v = static_cast<uint32_t>((uint64_t{result} << lo) & field);
  if (unused == 2)
    return v | (old & ~static_cast<uint32_t>(field));
  if (unused == 1 && ((result >> (width - 1)) & 1))
    v |= static_cast<uint32_t>(~uint64_t{0} << (lo + width));
  return v;
}

_Float16 half(uint32_t bits16) { return std::bit_cast<_Float16>(static_cast<uint16_t>(bits16)); }
uint32_t bitsOf(_Float16 h) { return std::bit_cast<uint16_t>(h); }
float f32(uint32_t b) { return std::bit_cast<float>(b); }
uint32_t bitsOf(float f) { return std::bit_cast<uint32_t>(f); }

// Random f16 values in both halves: normal numbers of moderate size, either sign.
std::vector<uint32_t> randomHalves(size_t n, uint32_t seed) {
  std::vector<uint32_t> v = randomWords(n, seed);
  for (uint32_t &x : v) {
    const uint32_t lo = (x & 0x83FF) | ((10 + (x >> 10) % 10) << 10);
    const uint32_t hi = ((x >> 16) & 0x83FF) | ((10 + (x >> 26) % 10) << 10);
    x = lo | hi << 16;
  }
  return v;
}

// The source lane of `lane` under gfx9 DPP16 control ctrl in wave64, or -1 when there is none
// (past a row edge for the row shifts, past the wave's ends for the wave shifts, row 0 of
// row_bcast:15 and rows 0-1 of row_bcast:31).
int gfx9DppSource(unsigned ctrl, int lane) {
  const int row = lane / 16 * 16, i = lane % 16, n = static_cast<int>(ctrl & 15);
  if (ctrl < 0x100)
    return row + i / 4 * 4 + static_cast<int>((ctrl >> (2 * (i % 4))) & 3);
  switch (ctrl & ~15u) {
  case 0x100:
    return i + n < 16 ? lane + n : -1;
  case 0x110:
    return i >= n ? lane - n : -1;
  case 0x120:
    return row + (i + 16 - n) % 16;
  default:
    break;
  }
  switch (ctrl) {
  case 0x130:
    return lane < 63 ? lane + 1 : -1;
  case 0x134:
    return (lane + 1) % 64;
  case 0x138:
    return lane > 0 ? lane - 1 : -1;
  case 0x13C:
    return (lane + 63) % 64;
  case 0x140:
    return row + 15 - i;
  case 0x141:
    return row + (i < 8 ? 7 - i : 23 - i);
  case 0x142:
    return lane >= 16 ? row - 1 : -1;
  case 0x143:
    return lane >= 32 ? 31 : -1;
  default:
    return -2; // not a gfx9 control
  }
}

struct DppControl {
  std::string text; // as written after the operands
  unsigned ctrl, rowMask, bankMask;
  bool boundCtrl;
};

// What lane `lane` of `v_mov_b32_dpp dst, src <c>` holds: lanes outside EXEC and the rows /
// banks the masks turn off keep old; a lane whose source is missing or outside EXEC reads 0 with
// bound_ctrl, else keeps old.
uint32_t dppMov(const DppControl &c, int lane, uint64_t exec, const std::vector<uint32_t> &src,
                uint32_t old) {
  if (!((exec >> lane) & 1) || !((c.rowMask >> (lane / 16)) & 1) ||
      !((c.bankMask >> (lane % 16 / 4)) & 1))
    return old;
  const int s = gfx9DppSource(c.ctrl, lane);
  if (s >= 0 && ((exec >> s) & 1))
    return src[s];
  return c.boundCtrl ? 0 : old;
}

// Every gfx9 control: all 256 quad_perm patterns, every row shift / rotate amount, the wave
// shifts and rotates, the mirrors and both row broadcasts, with varied masks and bound_ctrl.
std::vector<DppControl> gfx9Controls() {
  std::vector<DppControl> v;
  std::mt19937 rng(5);
  auto add = [&](std::string name, unsigned ctrl) {
    const unsigned pick = rng() % 4;
    const unsigned rowMask = pick == 0 ? rng() % 16 : 0xF, bankMask = pick == 1 ? rng() % 16 : 0xF;
    const bool bc = rng() % 2;
    std::ostringstream t;
    t << name << " row_mask:0x" << std::hex << rowMask << " bank_mask:0x" << bankMask
      << (bc ? " bound_ctrl:0" : ""); // gfx9's spelling of the bit (the assembler's quirk)
    v.push_back({t.str(), ctrl, rowMask, bankMask, bc});
  };
  for (unsigned p = 0; p < 256; ++p) {
    std::ostringstream q;
    q << "quad_perm:[" << (p & 3) << "," << ((p >> 2) & 3) << "," << ((p >> 4) & 3) << ","
      << (p >> 6) << "]";
    add(q.str(), p);
  }
  for (unsigned n = 1; n <= 15; ++n) {
    add("row_shl:" + std::to_string(n), 0x100 + n);
    add("row_shr:" + std::to_string(n), 0x110 + n);
    add("row_ror:" + std::to_string(n), 0x120 + n);
  }
  add("wave_shl:1", 0x130);
  add("wave_rol:1", 0x134);
  add("wave_shr:1", 0x138);
  add("wave_ror:1", 0x13C);
  add("row_mirror", 0x140);
  add("row_half_mirror", 0x141);
  for (unsigned rep = 0; rep < 4; ++rep) {
    add("row_bcast:15", 0x142);
    add("row_bcast:31", 0x143);
  }
  // The masks LLVM's wave scan uses, with and without bound_ctrl.
  v.push_back({"row_bcast:15 row_mask:0xa bank_mask:0xf", 0x142, 0xA, 0xF, false});
  v.push_back({"row_bcast:31 row_mask:0xc bank_mask:0xf", 0x143, 0xC, 0xF, false});
  v.push_back({"row_bcast:15 row_mask:0xf bank_mask:0xf bound_ctrl:0", 0x142, 0xF, 0xF, true});
  v.push_back({"row_bcast:31 row_mask:0xf bank_mask:0xf bound_ctrl:0", 0x143, 0xF, 0xF, true});
  return v;
}

class EmuSdwaDpp : public ::testing::Test {
protected:
  Device dev;

  AsmRun run(const std::string &body, const std::vector<uint32_t> &in, unsigned outputs,
             const AsmKernelOptions &opts = gfx908Options()) {
    AsmRun r = runAsm(dev, body, kW, in, outputs, opts);
    EXPECT_TRUE(r.result.ok()) << r.result.error;
    return r;
  }

  // After `prologue`, statement k of `ops` writes v(10 + k), which holds v`preset` before, and
  // is stored as output k.
  AsmRun runStatements(const std::string &prologue, std::span<const std::string> ops,
                       unsigned preset, const std::vector<uint32_t> &in) {
    std::ostringstream body;
    body << prologue;
    for (unsigned k = 0; k < ops.size(); ++k)
      body << "  v_mov_b32 v" << 10 + k << ", v" << preset << "\n";
    for (unsigned k = 0; k < ops.size(); ++k)
      body << "  " << ops[k] << "\n" << store(10 + k, k);
    AsmRun r = run(body.str(), in, unsigned(ops.size()));
    EXPECT_EQ(r.out.size(), 64 * ops.size());
    r.out.resize(64 * ops.size());
    return r;
  }
};

// Output k of lane l against want[k].
void expectStatements(const AsmRun &r, std::span<const std::string> ops, unsigned lane,
                      std::span<const uint32_t> want) {
  for (unsigned k = 0; k < ops.size(); ++k)
    ASSERT_EQ(r.out[64 * k + lane], want[k]) << ops[k] << "\nlane " << lane;
}

std::vector<uint32_t> concat(std::initializer_list<std::vector<uint32_t>> parts) {
  std::vector<uint32_t> v;
  for (const auto &p : parts)
    v.insert(v.end(), p.begin(), p.end());
  return v;
}

// ---- SDWA -----------------------------------------------------------------------------------

// Every select of src0 (with and without sext) and of src1 on an integer add.
TEST_F(EmuSdwaDpp, SdwaSourceSelects) {
  const std::vector<uint32_t> in = randomWords(128, 1);
  std::ostringstream body;
  body << load(0, 0) << load(1, 1);
  struct Case {
    unsigned sel0, sel1;
    bool sext0, sext1;
  };
  std::vector<Case> cases;
  for (unsigned s = 0; s < 7; ++s)
    for (bool sext : {false, true})
      cases.push_back({s, 6 - s, sext, !sext});
  for (size_t k = 0; k < cases.size(); ++k) {
    const Case &c = cases[k];
    const std::string s0 = c.sext0 ? "sext(v0)" : "v0", s1 = c.sext1 ? "sext(v1)" : "v1";
    body << "  v_add_u32_sdwa v" << 10 + k << ", " << s0 << ", " << s1
         << " dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:" << kSelNames[c.sel0]
         << " src1_sel:" << kSelNames[c.sel1] << "\n"
         << store(unsigned(10 + k), unsigned(k));
  }
  const AsmRun r = run(body.str(), in, unsigned(cases.size()));
  ASSERT_EQ(r.out.size(), 64 * cases.size());
  for (size_t k = 0; k < cases.size(); ++k)
    for (unsigned l = 0; l < kW; ++l) {
      const Case &c = cases[k];
      const uint32_t want =
          selected(in[l], c.sel0, c.sext0) + selected(in[64 + l], c.sel1, c.sext1);
      ASSERT_EQ(r.out[64 * k + l], want) << "case " << k << " lane " << l;
    }
}

// Every dst_sel with every dst_unused, in the lanes EXEC enables (the others keep the old value).
TEST_F(EmuSdwaDpp, SdwaDestinationSelects) {
  const std::vector<uint32_t> in = randomWords(192, 2);
  const uint64_t exec = 0xF0F0FFFF0F0FFFFFull;
  for (unsigned unused = 0; unused < 3; ++unused) {
    std::ostringstream body;
    body << load(0, 0) << load(1, 1) << load(2, 2);
    for (unsigned sel = 0; sel < 7; ++sel)
      body << "  v_mov_b32 v" << 10 + sel << ", v2\n";
    body << setExec(kW, exec);
    for (unsigned sel = 0; sel < 7; ++sel)
      body << "  v_xor_b32_sdwa v" << 10 + sel << ", v0, v1 dst_sel:" << kSelNames[sel]
           << " dst_unused:" << kUnusedNames[unused] << " src0_sel:DWORD src1_sel:DWORD\n";
    body << allExec(kW);
    for (unsigned sel = 0; sel < 7; ++sel)
      body << store(10 + sel, sel);
    const AsmRun r = run(body.str(), in, 7);
    ASSERT_EQ(r.out.size(), 64u * 7);
    for (unsigned sel = 0; sel < 7; ++sel)
      for (unsigned l = 0; l < kW; ++l) {
        const uint32_t old = in[128 + l];
        const uint32_t want =
            ((exec >> l) & 1) ? placed(in[l] ^ in[64 + l], old, sel, unused) : old;
        ASSERT_EQ(r.out[64 * sel + l], want)
            << kSelNames[sel] << " " << kUnusedNames[unused] << " lane " << l;
      }
  }
}

// gfx9's 16-bit operations through SDWA: the selected byte / word is the 16-bit operand (sext
// reaching into its high byte), neg / abs act on the f16 sign, and the 16-bit result goes where
// dst_sel says (dst_sel:DWORD: gfx9 zeroes the high half).
TEST_F(EmuSdwaDpp, Sdwa16BitOperations) {
  const std::vector<uint32_t> ints = randomWords(192, 3);
  const std::vector<uint32_t> halves = randomHalves(128, 4);
  const std::vector<uint32_t> in = concat({ints, halves});
  const std::string ops[] = {
      "v_add_u16_sdwa v10, v0, v1 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_1 "
      "src1_sel:WORD_1",
      "v_sub_u16_sdwa v11, v0, v1 dst_sel:BYTE_2 dst_unused:UNUSED_PAD src0_sel:WORD_0 "
      "src1_sel:BYTE_3",
      "v_subrev_u16_sdwa v12, v0, v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_2 "
      "src1_sel:WORD_0",
      "v_mul_lo_u16_sdwa v13, v0, v1 dst_sel:WORD_0 dst_unused:UNUSED_SEXT src0_sel:BYTE_0 "
      "src1_sel:BYTE_3",
      "v_max_i16_sdwa v14, sext(v0), sext(v1) dst_sel:WORD_0 dst_unused:UNUSED_SEXT "
      "src0_sel:BYTE_0 src1_sel:BYTE_2",
      "v_ashrrev_i16_sdwa v15, v1, sext(v0) dst_sel:BYTE_1 dst_unused:UNUSED_PRESERVE "
      "src0_sel:BYTE_0 src1_sel:BYTE_3",
      "v_add_f16_sdwa v16, -v3, |v4| dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 "
      "src1_sel:WORD_0",
      "v_mul_f16_sdwa v17, v3, -|v4| dst_sel:WORD_0 dst_unused:UNUSED_PAD src0_sel:WORD_0 "
      "src1_sel:WORD_1",
      "v_cvt_f32_f16_sdwa v18, -v3 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1",
      "v_cvt_f16_f32_sdwa v19, v18 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:DWORD",
  };
  const AsmRun r =
      runStatements(load(0, 0) + load(1, 1) + load(2, 2) + load(3, 3) + load(4, 4), ops, 2, in);
  for (unsigned l = 0; l < kW; ++l) {
    const uint32_t a = ints[l], b = ints[64 + l], old = ints[128 + l];
    const uint32_t h = halves[l], g = halves[64 + l];
    const uint32_t cvt = bitsOf(-static_cast<float>(half(h >> 16)));
    const uint32_t want[] = {
        placed((selected(a, 1, false) + selected(b, 5, false)) & 0xFFFF, old, 5, 2),
        placed((selected(a, 4, false) - selected(b, 3, false)) & 0xFFFF, old, 2, 0),
        (selected(b, 4, false) - selected(a, 2, false)) & 0xFFFF,
        placed((selected(a, 0, false) * selected(b, 3, false)) & 0xFFFF, old, 4, 1),
        placed(static_cast<uint16_t>(std::max(static_cast<int16_t>(selected(a, 0, true)),
                                              static_cast<int16_t>(selected(b, 2, true)))),
               old, 4, 1),
        placed(static_cast<uint16_t>(static_cast<int16_t>(selected(a, 3, true)) >>
                                     (selected(b, 0, false) & 15)),
               old, 1, 2),
        placed(bitsOf(static_cast<_Float16>(-half(h >> 16) + half(g & 0x7FFF))), old, 5, 2),
        placed(bitsOf(static_cast<_Float16>(half(h) * -half((g >> 16) & 0x7FFF))), old, 4, 0),
        cvt,
        placed(bitsOf(static_cast<_Float16>(f32(cvt))), old, 5, 2),
    };
    expectStatements(r, ops, l, want);
  }
}

// SGPRs and inline constants as SDWA sources (the s0 / s1 bits), selected like VGPRs.
TEST_F(EmuSdwaDpp, SdwaScalarAndConstantSources) {
  const std::vector<uint32_t> ints = randomWords(64, 5);
  const std::vector<uint32_t> halves = randomHalves(64, 6);
  const std::vector<uint32_t> in = concat({ints, halves});
  const std::string ops[] = {
      "v_add_u32_sdwa v10, s10, v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1 "
      "src1_sel:WORD_0",
      "v_add_u32_sdwa v11, v1, s10 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_2 "
      "src1_sel:WORD_1",
      "v_add_u32_sdwa v12, sext(s10), v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_3 "
      "src1_sel:DWORD",
      "v_add_u32_sdwa v13, -7, v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1 "
      "src1_sel:WORD_0",
      "v_add_u32_sdwa v14, sext(-7), v1 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:BYTE_0 "
      "src1_sel:BYTE_0",
      "v_mul_f32_sdwa v15, 2.0, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD "
      "src1_sel:DWORD",
      "v_add_f16_sdwa v16, -1.0, v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:DWORD "
      "src1_sel:WORD_1",
      "v_max_u16_sdwa v17, s10, v1 dst_sel:WORD_0 dst_unused:UNUSED_PAD src0_sel:WORD_1 "
      "src1_sel:BYTE_2",
      "v_sub_u32_sdwa v18, v1, -1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD "
      "src1_sel:WORD_1",
  };
  const AsmRun r =
      runStatements(load(1, 0) + load(2, 1) + "  s_mov_b32 s10, 0x8899aabb\n", ops, 1, in);
  for (unsigned l = 0; l < kW; ++l) {
    const uint32_t v1 = ints[l], v2 = halves[l];
    const uint32_t want[] = {
        0xAAu + (v1 & 0xFFFF),
        ((v1 >> 16) & 0xFF) + 0x8899u,
        0xFFFFFF88u + v1,
        0xFFu + (v1 & 0xFFFF),
        placed(0xFFFFFFF9u + (v1 & 0xFF), v1, 5, 0),
        bitsOf(2.0f * f32(v2)),
        placed(bitsOf(static_cast<_Float16>(half(0xBC00) + half(v2 >> 16))), v1, 5, 2),
        std::max(0x8899u, (v1 >> 16) & 0xFF),
        v1 - 0xFFFFu,
    };
    expectStatements(r, ops, l, want);
  }
}

// VOPC SDWA: results to vcc or any SGPR pair (0 bits outside EXEC), v_cmpx writing EXEC and its
// register, integer and f16 compares of selected bytes / words.
TEST_F(EmuSdwaDpp, SdwaCompares) {
  const std::vector<uint32_t> ints = randomWords(128, 7);
  const std::vector<uint32_t> halves = randomHalves(128, 8);
  const std::vector<uint32_t> in = concat({ints, halves});
  const uint64_t exec = 0xFFFF0FF0FFFFFFF3ull;
  std::ostringstream body; // s16: lane 0's v1, so that some lanes compare equal
  body << load(0, 0) << load(1, 1) << load(2, 2) << load(3, 3) << "  v_readfirstlane_b32 s16, v1\n"
       << setExec(kW, exec)
       << "  v_cmp_lt_i32_sdwa vcc, sext(v0), v1 src0_sel:BYTE_0 src1_sel:WORD_1\n"
       << "  v_cmp_gt_u16_sdwa s[10:11], v0, v1 src0_sel:WORD_1 src1_sel:BYTE_3\n"
       << "  v_cmp_lt_f16_sdwa s[12:13], -v2, |v3| src0_sel:WORD_1 src1_sel:WORD_0\n"
       << "  v_cmp_eq_u32_sdwa s[14:15], s16, v1 src0_sel:BYTE_0 src1_sel:BYTE_0\n"
       << "  v_cmpx_ne_u32_sdwa s[20:21], v0, v1 src0_sel:BYTE_0 src1_sel:BYTE_1\n"
       << "  s_mov_b64 s[22:23], exec\n"
       << allExec(kW);
  const char *masks[] = {"vcc", "s[10:11]", "s[12:13]", "s[14:15]", "s[20:21]", "s[22:23]"};
  for (unsigned k = 0; k < std::size(masks); ++k)
    body << "  v_cndmask_b32_e64 v" << 10 + k << ", 0, 1, " << masks[k] << "\n" << store(10 + k, k);
  const AsmRun r = run(body.str(), in, unsigned(std::size(masks)));
  ASSERT_EQ(r.out.size(), 64 * std::size(masks));
  const uint32_t s16 = ints[64];
  for (unsigned l = 0; l < kW; ++l) {
    const uint32_t a = ints[l], b = ints[64 + l], h = halves[l], g = halves[64 + l];
    const bool on = (exec >> l) & 1;
    const bool ne = (a & 0xFF) != ((b >> 8) & 0xFF);
    const bool want[] = {
        on && static_cast<int32_t>(selected(a, 0, true)) < static_cast<int32_t>(b >> 16),
        on && (a >> 16) > (b >> 24),
        on && -half(h >> 16) < half(g & 0x7FFF),
        on && (s16 & 0xFF) == (b & 0xFF),
        on && ne,
        on && ne,
    };
    for (unsigned k = 0; k < std::size(masks); ++k)
      ASSERT_EQ(r.out[64 * k + l], uint32_t{want[k]}) << masks[k] << " lane " << l;
  }
}

// clamp on f32 and integer results, and omod (applied with IEEE mode off and f32 denormals
// flushed; ignored otherwise, as for VOP3).
TEST_F(EmuSdwaDpp, SdwaClampOmod) {
  std::vector<uint32_t> in(192);
  std::mt19937 rng(9);
  for (unsigned l = 0; l < 64; ++l) {
    in[l] = bitsOf((static_cast<float>(rng() % 4001) - 2000.0f) / 1000.0f);
    in[64 + l] = bitsOf((static_cast<float>(rng() % 4001) - 2000.0f) / 1000.0f);
    in[128 + l] = rng();
  }
  const std::string ops[] = {
      "v_add_f32_sdwa v10, v0, v1 clamp dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD "
      "src1_sel:DWORD",
      "v_mul_f32_sdwa v11, v0, v1 mul:2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD "
      "src1_sel:DWORD",
      "v_mul_f32_sdwa v12, v0, -v1 mul:4 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD "
      "src1_sel:DWORD",
      "v_sub_f32_sdwa v13, v0, v1 clamp div:2 dst_sel:DWORD dst_unused:UNUSED_PAD "
      "src0_sel:DWORD src1_sel:DWORD",
      "v_add_u32_sdwa v14, v2, v2 clamp dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD "
      "src1_sel:DWORD",
      "v_sub_u16_sdwa v15, v2, v2 clamp dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:BYTE_0 "
      "src1_sel:BYTE_1",
      "v_add_u16_sdwa v16, v2, v2 clamp dst_sel:WORD_0 dst_unused:UNUSED_PAD src0_sel:WORD_1 "
      "src1_sel:WORD_0",
  };
  for (bool omodApplies : {false, true}) {
    std::ostringstream body;
    body << load(0, 0) << load(1, 1) << load(2, 2);
    for (unsigned k = 0; k < std::size(ops); ++k)
      body << "  " << ops[k] << "\n" << store(10 + k, k);
    const AsmRun r =
        run(body.str(), in, unsigned(std::size(ops)),
            gfx908Options(omodApplies ? "  .amdhsa_ieee_mode 0\n  .amdhsa_float_denorm_mode_32 0\n"
                                      : ""));
    ASSERT_EQ(r.out.size(), 64 * std::size(ops));
    auto clamp01 = [](float v) { return !(v > 0.0f) ? 0.0f : (v > 1.0f ? 1.0f : v); };
    auto omod = [&](float v, float scale) { return omodApplies ? v * scale : v; };
    for (unsigned l = 0; l < kW; ++l) {
      const float a = f32(in[l]), b = f32(in[64 + l]);
      const uint32_t c = in[128 + l];
      const uint32_t sum = c + c;
      const uint32_t want[] = {
          bitsOf(clamp01(a + b)),
          bitsOf(omod(a * b, 2.0f) + 0.0f), // omod turns -0 into +0
          bitsOf(omod(a * -b, 4.0f) + 0.0f),
          bitsOf(clamp01(omod(a - b, 0.5f))),
          sum < c ? 0xFFFFFFFFu : sum,
          ((c & 0xFF) < ((c >> 8) & 0xFF) ? 0u : (c & 0xFF) - ((c >> 8) & 0xFF)) << 16,
          std::min((c >> 16) + (c & 0xFFFF), 0xFFFFu),
      };
      for (unsigned k = 0; k < std::size(ops); ++k) {
        uint32_t got = r.out[64 * k + l];
        if (!omodApplies && (k == 1 || k == 2) && got == 0x80000000u)
          got = 0; // without omod a product keeps its -0
        ASSERT_EQ(got, want[k]) << ops[k] << "\nlane " << l << " omod " << omodApplies;
      }
    }
  }
}

// SDWA in a kernel that writes MODE: the component runs behind the MODE wrapper (round toward
// zero here), with its sources selected and its result placed as without it.
TEST_F(EmuSdwaDpp, SdwaUnderModeWrapper) {
  std::vector<uint32_t> in(128);
  std::mt19937 rng(22);
  for (unsigned l = 0; l < 64; ++l) {
    in[l] = bitsOf(std::ldexp(1.0f + float(rng() % 100000) / 100000.0f, int(rng() % 20) - 10));
    in[64 + l] = bitsOf(std::ldexp(1.0f + float(rng() % 100000) / 100000.0f, int(rng() % 20)));
  }
  const uint32_t s10 = 0x3F8CCCCDu; // 1.1f: its high word selected is a denormal
  std::ostringstream body;
  body << load(0, 0) << load(1, 1) << "  s_mov_b32 s10, 0x" << std::hex << s10 << std::dec
       << "\n  v_mov_b32 v10, v1\n"
       << "  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), 3\n" // f32 round toward zero
       << "  v_mul_f32_sdwa v10, v0, v1 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE "
          "src0_sel:DWORD src1_sel:DWORD\n"
       << "  v_sub_f32_sdwa v11, v0, s10 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD "
          "src1_sel:WORD_1\n"
       << "  v_add_f32_sdwa v12, -v1, v0 dst_sel:BYTE_2 dst_unused:UNUSED_SEXT src0_sel:DWORD "
          "src1_sel:DWORD\n"
       << store(10, 0) << store(11, 1) << store(12, 2);
  const AsmRun r = run(body.str(), in, 3);
  ASSERT_EQ(r.out.size(), 64u * 3);
  for (unsigned l = 0; l < kW; ++l) {
    volatile float a = f32(in[l]), b = f32(in[64 + l]), c = f32(s10 >> 16);
    std::fesetround(FE_TOWARDZERO);
    volatile float mul = a * b, sub = a - c, add = -b + a;
    std::fesetround(FE_TONEAREST);
    ASSERT_EQ(r.out[l], placed(bitsOf(mul), in[64 + l], 5, 2)) << "mul lane " << l;
    ASSERT_EQ(r.out[64 + l], bitsOf(sub)) << "sub lane " << l;
    ASSERT_EQ(r.out[128 + l], placed(bitsOf(add), 0, 2, 1)) << "add lane " << l;
  }
}

// Every gfx908 SDWA row has an executor (its VOP1 / VOP2 / VOPC instruction is emulated), but
// for the gfx9 instructions the emulator does not implement (they stop the wave by name).
TEST_F(EmuSdwaDpp, SdwaRowsHaveExecutors) {
  const std::string_view notEmulated[] = {"v_exp_legacy_f32", "v_log_legacy_f32",
                                          "v_screen_partition_4se_b32"};
  unsigned rows = 0;
  for (const isa::InstrDesc &d : isa::instructions(kGfx908)) {
    if (!(d.modifiers & isa::mod::Sdwa))
      continue;
    ++rows;
    std::string_view name = d.name;
    if (name.ends_with("_e32"))
      name.remove_suffix(4);
    const bool expected =
        std::find(std::begin(notEmulated), std::end(notEmulated), name) == std::end(notEmulated);
    EXPECT_EQ(emu::findExecutor(name) != nullptr, expected) << name;
  }
  EXPECT_GT(rows, 200u);
}

// ---- gfx9 DPP16 -----------------------------------------------------------------------------

// v_mov_b32_dpp with every gfx9 control, under full and partial EXEC.
TEST_F(EmuSdwaDpp, DppEveryControl) {
  const std::vector<DppControl> controls = gfx9Controls();
  const std::vector<uint32_t> in = randomWords(128, 10);
  const std::vector<uint32_t> src(in.begin(), in.begin() + 64);
  constexpr unsigned kPerKernel = 15;
  std::mt19937 rng(11);
  for (size_t first = 0; first < controls.size(); first += kPerKernel) {
    const size_t n = std::min<size_t>(kPerKernel, controls.size() - first);
    const uint64_t exec = (first / kPerKernel) % 2 ? (uint64_t{rng()} << 32 | rng()) : ~0ull;
    std::ostringstream body;
    body << load(1, 0) << load(2, 1);
    for (size_t k = 0; k < n; ++k)
      body << "  v_mov_b32 v" << 10 + k << ", v2\n";
    body << setExec(kW, exec);
    for (size_t k = 0; k < n; ++k)
      body << "  v_mov_b32_dpp v" << 10 + k << ", v1 " << controls[first + k].text << "\n";
    body << allExec(kW);
    for (size_t k = 0; k < n; ++k)
      body << store(unsigned(10 + k), unsigned(k));
    const AsmRun r = run(body.str(), in, unsigned(n));
    ASSERT_EQ(r.out.size(), 64 * n);
    for (size_t k = 0; k < n; ++k) {
      const DppControl &c = controls[first + k];
      for (unsigned l = 0; l < kW; ++l)
        ASSERT_EQ(r.out[64 * k + l], dppMov(c, int(l), exec, src, in[64 + l]))
            << c.text << " exec " << std::hex << exec << std::dec << " lane " << l;
    }
  }
}

// DPP on VOP1 / VOP2 with the DPP dword's source modifiers, 16-bit operations (gfx9: the high
// half is zeroed) and the gfx9 controls LLVM's scans use.
TEST_F(EmuSdwaDpp, DppOnOperations) {
  const std::vector<uint32_t> floats = [] {
    std::vector<uint32_t> v(128);
    std::mt19937 rng(12);
    for (uint32_t &x : v)
      x = bitsOf((static_cast<float>(rng() % 20001) - 10000.0f) / 64.0f);
    return v;
  }();
  const std::vector<uint32_t> halves = randomHalves(128, 13);
  const std::vector<uint32_t> in = concat({floats, halves});
  const uint64_t exec = 0xFFF7FFFFFEFFFFFFull;
  std::ostringstream body;
  body << load(0, 0) << load(1, 1) << load(2, 2) << load(3, 3);
  for (unsigned k = 0; k < 6; ++k)
    body << "  v_mov_b32 v" << 10 + k << ", 0x5555aaaa\n";
  body << setExec(kW, exec)
       << "  v_add_f32_dpp v10, -v0, |v1| row_shr:1 row_mask:0xf bank_mask:0xf\n"
       << "  v_add_u32_dpp v11, v0, v1 wave_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:0\n"
       << "  v_mul_f16_dpp v12, -v2, v3 row_bcast:15 row_mask:0xa bank_mask:0xf\n"
       << "  v_max_i16_dpp v13, v2, v3 quad_perm:[3,0,1,1] row_mask:0xf bank_mask:0xd\n"
       << "  v_cvt_f32_i32_dpp v14, v0 row_mirror row_mask:0xf bank_mask:0xf bound_ctrl:0\n"
       << "  v_sub_u32_dpp v15, v0, v1 row_bcast:31 row_mask:0xc bank_mask:0xf\n"
       << allExec(kW);
  for (unsigned k = 0; k < 6; ++k)
    body << store(10 + k, k);
  const AsmRun r = run(body.str(), in, 6);
  ASSERT_EQ(r.out.size(), 64u * 6);
  // The permuted src0 of lane l for a control, or nothing (the lane keeps its old value).
  auto src0 = [&](const DppControl &c, const std::vector<uint32_t> &v, unsigned l, bool &write) {
    const uint32_t marker = 0xC0FFEE01u; // a value no lane holds: "keeps old"
    std::vector<uint32_t> s(v.begin(), v.begin() + 64);
    const uint32_t got = dppMov(c, int(l), exec, s, marker);
    write = got != marker;
    return got;
  };
  const DppControl ctrls[] = {{"", 0x111, 0xF, 0xF, false}, {"", 0x138, 0xF, 0xF, true},
                              {"", 0x142, 0xA, 0xF, false}, {"", 0x53, 0xF, 0xD, false},
                              {"", 0x140, 0xF, 0xF, true},  {"", 0x143, 0xC, 0xF, false}};
  const std::vector<uint32_t> v0(floats.begin(), floats.begin() + 64);
  const std::vector<uint32_t> v2(halves.begin(), halves.begin() + 64);
  for (unsigned l = 0; l < kW; ++l) {
    const uint32_t v1 = floats[64 + l], v3 = halves[64 + l];
    const uint32_t keep = 0x5555AAAAu;
    bool w[6];
    const uint32_t s[6] = {src0(ctrls[0], v0, l, w[0]), src0(ctrls[1], v0, l, w[1]),
                           src0(ctrls[2], v2, l, w[2]), src0(ctrls[3], v2, l, w[3]),
                           src0(ctrls[4], v0, l, w[4]), src0(ctrls[5], v0, l, w[5])};
    const uint32_t want[] = {
        w[0] ? bitsOf(-f32(s[0]) + std::fabs(f32(v1))) : keep,
        w[1] ? s[1] + v1 : keep,
        w[2] ? bitsOf(static_cast<_Float16>(-half(s[2]) * half(v3))) : keep,
        w[3] ? static_cast<uint16_t>(std::max(static_cast<int16_t>(s[3]), static_cast<int16_t>(v3)))
             : keep,
        w[4] ? bitsOf(static_cast<float>(static_cast<int32_t>(s[4]))) : keep,
        w[5] ? s[5] - v1 : keep,
    };
    for (unsigned k = 0; k < 6; ++k)
      ASSERT_EQ(r.out[64 * k + l], want[k]) << "op " << k << " lane " << l;
  }
}

// gfx9 has no fetch-inactive: DPP dword bit 18 (gfx10's fi) is ignored, so an inactive source
// lane still cannot be read. The words are written raw (the assembler has no fi on gfx9).
TEST_F(EmuSdwaDpp, DppFetchInactiveBitIgnored) {
  const std::vector<uint32_t> in = randomWords(128, 14);
  const uint64_t exec = 0xFFFFFFFFFFFF7FFEull;
  // v_mov_b32_dpp v2, v1 row_shr:1 row_mask:0xf bank_mask:0xf, with bit 18 set; then the same
  // with bound_ctrl (bit 19) as well.
  std::ostringstream body;
  body << load(1, 0) << load(2, 1) << "  v_mov_b32 v3, v2\n"
       << setExec(kW, exec) << "  .long 0x7e0402fa, 0xff051101\n"
       << "  .long 0x7e0602fa, 0xff0d1101\n"
       << allExec(kW) << store(2, 0) << store(3, 1);
  const AsmRun r = run(body.str(), in, 2);
  ASSERT_EQ(r.out.size(), 128u);
  const std::vector<uint32_t> src(in.begin(), in.begin() + 64);
  for (unsigned l = 0; l < kW; ++l) {
    ASSERT_EQ(r.out[l], dppMov({"", 0x111, 0xF, 0xF, false}, int(l), exec, src, in[64 + l]))
        << "lane " << l;
    ASSERT_EQ(r.out[64 + l], dppMov({"", 0x111, 0xF, 0xF, true}, int(l), exec, src, in[64 + l]))
        << "lane " << l;
  }
}

// dpp_ctrl values gfx9 does not define (gfx10's row_share, here 0x150) stop the wave with a
// named reason.
TEST_F(EmuSdwaDpp, DppUndefinedControlTraps) {
  const std::string body = load(1, 0) + "  .long 0x7e0402fa, 0xff015001\n" + store(2, 0);
  const AsmRun r = runAsm(dev, body, kW, randomWords(64, 15), 1, gfx908Options());
  ASSERT_FALSE(r.result.ok());
  ASSERT_TRUE(r.result.fault);
  EXPECT_EQ(r.result.fault->kind, runtime::Fault::Kind::UnsupportedInstruction);
  EXPECT_NE(r.result.fault->detail.find("dpp_ctrl"), std::string::npos) << r.result.fault->detail;
}

// ---- clang-19 gfx908 kernels ------------------------------------------------------------------

std::string objdumpOf(const std::vector<uint8_t> &object) {
  const ToolResult r =
      runTool("llvm-objdump-19 -d {in} > {out}", "k.o", std::string(object.begin(), object.end()));
  EXPECT_TRUE(r.ok) << r.messages;
  return r.output;
}

std::unique_ptr<runtime::Module> loadObject(Device &dev, const std::vector<uint8_t> &bytes) {
  std::string error;
  auto m = runtime::Module::load(dev, bytes, error);
  EXPECT_TRUE(m) << error;
  return m;
}

// Byte, short and half code that clang-19 turns into SDWA (checked in llvm-objdump's listing).
TEST_F(EmuSdwaDpp, ClangByteAndShortCode) {
  const std::string src = R"(
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel void k(global uchar4 *o, global const uchar4 *a, global const uchar4 *b,
              global short *s, global const short *x, global const short *y,
              global half *h, global const half *p, global const half *q, global int *c) {
  uint i = get_global_id(0);
  uchar4 u = a[i], v = b[i];
  o[i] = (u + v) ^ (u - (v >> (uchar4)(2)));
  short m = x[i], n = y[i];
  s[i] = (short)(m + n) >> 3;
  half hp = p[i], hq = q[i];
  h[i] = hp * hq - hq;
  c[i] = (hp < hq) | ((u.y > v.z) << 1) | ((m < n) << 2) | (((char)u.w < (char)v.x) << 3);
})";
  const std::vector<uint8_t> obj = compileOpenCL(src, kW, "", "gfx908");
  ASSERT_FALSE(obj.empty());
  const std::string listing = objdumpOf(obj);
  for (const char *op : {"v_add_u16_sdwa", "v_or_b32_sdwa", "v_cmp_gt_u16_sdwa"})
    EXPECT_NE(listing.find(op), std::string::npos) << op << " not in\n" << listing;
  auto m = loadObject(dev, obj);
  ASSERT_TRUE(m);
  const unsigned n = 200; // a partial last group
  const std::vector<uint32_t> a = randomWords(n, 16), b = randomWords(n, 17);
  std::vector<uint16_t> x(n), y(n), p(n), q(n);
  const std::vector<uint32_t> r = randomWords(n, 18), hs = randomHalves(n, 19);
  for (unsigned i = 0; i < n; ++i) {
    x[i] = static_cast<uint16_t>(r[i]);
    y[i] = static_cast<uint16_t>(r[i] >> 16);
    p[i] = static_cast<uint16_t>(hs[i]);
    q[i] = static_cast<uint16_t>(hs[i] >> 16);
  }
  const uint64_t dO = dev.alloc(n * 4), dA = upload(dev, a), dB = upload(dev, b);
  const uint64_t dS = dev.alloc(n * 2), dX = upload(dev, x), dY = upload(dev, y);
  const uint64_t dH = dev.alloc(n * 2), dP = upload(dev, p), dQ = upload(dev, q);
  const uint64_t dC = dev.alloc(n * 4);
  auto res = runtime::launch(
      dev, *m, "k", LaunchConfig{{n, 1, 1}, {64, 1, 1}},
      KernelArgs().add(dO).add(dA).add(dB).add(dS).add(dX).add(dY).add(dH).add(dP).add(dQ).add(dC));
  ASSERT_TRUE(res.ok()) << res.error;
  const auto o = download<uint32_t>(dev, dO, n);
  const auto s = download<uint16_t>(dev, dS, n);
  const auto h = download<uint16_t>(dev, dH, n);
  const auto c = download<int32_t>(dev, dC, n);
  for (unsigned i = 0; i < n; ++i) {
    uint32_t want = 0;
    for (unsigned k = 0; k < 4; ++k) {
      const uint8_t u = static_cast<uint8_t>(a[i] >> (8 * k)),
                    v = static_cast<uint8_t>(b[i] >> (8 * k));
      const uint8_t e =
          static_cast<uint8_t>(static_cast<uint8_t>(u + v) ^ static_cast<uint8_t>(u - (v >> 2)));
      want |= uint32_t{e} << (8 * k);
    }
    ASSERT_EQ(o[i], want) << "uchar4 item " << i;
    const int16_t sm = static_cast<int16_t>(x[i]), sn = static_cast<int16_t>(y[i]);
    ASSERT_EQ(s[i], static_cast<uint16_t>(static_cast<int16_t>(sm + sn) >> 3)) << "short " << i;
    const _Float16 hp = half(p[i]), hq = half(q[i]);
    // clang contracts hp * hq - hq into one fma: a single rounding.
    const double exact =
        static_cast<double>(hp) * static_cast<double>(hq) - static_cast<double>(hq);
    ASSERT_EQ(h[i], bitsOf(static_cast<_Float16>(exact))) << "half " << i;
    const uint8_t uy = static_cast<uint8_t>(a[i] >> 8), vz = static_cast<uint8_t>(b[i] >> 16);
    const int8_t uw = static_cast<int8_t>(a[i] >> 24), vx = static_cast<int8_t>(b[i]);
    const int32_t wantC =
        int32_t{hp < hq} | int32_t{uy > vz} << 1 | int32_t{sm < sn} << 2 | int32_t{uw < vx} << 3;
    ASSERT_EQ(c[i], wantC) << "compares " << i;
  }
}

// __builtin_amdgcn_update_dpp with the gfx9 controls, in a partial work-group: the lanes past
// the grid are inactive sources.
TEST_F(EmuSdwaDpp, ClangUpdateDppGfx9Controls) {
  const std::string src = R"(
kernel void k(global uint *out, global const uint *in) {
  uint i = get_global_id(0);
  uint x = in[i];
  global uint *o = out + i * 11;
  o[0] = __builtin_amdgcn_update_dpp(0xAAAAu, x, 0x142, 0xF, 0xF, false); // row_bcast:15
  o[1] = __builtin_amdgcn_update_dpp(0xBBBBu, x, 0x143, 0xC, 0xF, false); // row_bcast:31
  o[2] = __builtin_amdgcn_update_dpp(0xCCCCu, x, 0x130, 0xF, 0xF, true);  // wave_shl:1
  o[3] = __builtin_amdgcn_update_dpp(0xDDDDu, x, 0x134, 0xF, 0xF, false); // wave_rol:1
  o[4] = __builtin_amdgcn_update_dpp(0xEEEEu, x, 0x138, 0xF, 0xF, false); // wave_shr:1
  o[5] = __builtin_amdgcn_update_dpp(0xFFFFu, x, 0x13C, 0xF, 0xF, true);  // wave_ror:1
  o[6] = __builtin_amdgcn_update_dpp(0x1111u, x, 0x140, 0x5, 0x3, false); // row_mirror
  o[7] = __builtin_amdgcn_update_dpp(0x2222u, x, 0x141, 0xF, 0xF, false); // row_half_mirror
  o[8] = __builtin_amdgcn_update_dpp(0x3333u, x, 0x1B, 0xF, 0xF, false);  // quad_perm
  o[9] = __builtin_amdgcn_update_dpp(0x4444u, x, 0x125, 0xF, 0xF, false); // row_ror:5
  o[10] = __builtin_amdgcn_update_dpp(0x5555u, x, 0x103, 0xF, 0xE, true); // row_shl:3
})";
  const std::vector<uint8_t> obj = compileOpenCL(src, kW, "", "gfx908");
  ASSERT_FALSE(obj.empty());
  const std::string listing = objdumpOf(obj);
  for (const char *ctrl : {"row_bcast:15", "row_bcast:31", "wave_shl:1", "wave_ror:1"})
    EXPECT_NE(listing.find(ctrl), std::string::npos) << ctrl << " not in\n" << listing;
  auto m = loadObject(dev, obj);
  ASSERT_TRUE(m);
  const unsigned n = 64 + 50; // the second wave has 50 active lanes
  const std::vector<uint32_t> in = randomWords(n, 20);
  const uint64_t din = upload(dev, in), dout = dev.alloc(n * 11 * 4);
  auto res = runtime::launch(dev, *m, "k", LaunchConfig{{n, 1, 1}, {64, 1, 1}},
                             KernelArgs().add(dout).add(din));
  ASSERT_TRUE(res.ok()) << res.error;
  const auto out = download<uint32_t>(dev, dout, n * 11);
  const DppControl ctrls[] = {
      {"", 0x142, 0xF, 0xF, false}, {"", 0x143, 0xC, 0xF, false}, {"", 0x130, 0xF, 0xF, true},
      {"", 0x134, 0xF, 0xF, false}, {"", 0x138, 0xF, 0xF, false}, {"", 0x13C, 0xF, 0xF, true},
      {"", 0x140, 0x5, 0x3, false}, {"", 0x141, 0xF, 0xF, false}, {"", 0x1B, 0xF, 0xF, false},
      {"", 0x125, 0xF, 0xF, false}, {"", 0x103, 0xF, 0xE, true}};
  const uint32_t olds[] = {0xAAAA, 0xBBBB, 0xCCCC, 0xDDDD, 0xEEEE, 0xFFFF,
                           0x1111, 0x2222, 0x3333, 0x4444, 0x5555};
  for (unsigned i = 0; i < n; ++i) {
    const unsigned base = i / 64 * 64, l = i % 64;
    const unsigned active = std::min(64u, n - base);
    const uint64_t exec = active == 64 ? ~0ull : (uint64_t{1} << active) - 1;
    std::vector<uint32_t> x(64, 0);
    for (unsigned j = 0; j < active; ++j)
      x[j] = in[base + j];
    for (unsigned k = 0; k < 11; ++k)
      ASSERT_EQ(out[i * 11 + k], dppMov(ctrls[k], int(l), exec, x, olds[k]))
          << "control " << std::hex << ctrls[k].ctrl << std::dec << " item " << i;
  }
}

// clang's atomic optimizer (DPP strategy) scans the wave with row_shr, row_bcast:15 / 31 and
// wave_shr:1 to give each lane its prefix of a uniform atomic add.
TEST_F(EmuSdwaDpp, ClangWaveScanAtomic) {
  const std::string src = R"(
kernel void k(global uint *o, global const uint *in, global uint *counter) {
  uint i = get_global_id(0);
  o[i] = __atomic_fetch_add(counter, in[i], __ATOMIC_RELAXED);
})";
  const std::vector<uint8_t> obj =
      compileOpenCL(src, kW, "-mllvm -amdgpu-atomic-optimizer-strategy=DPP", "gfx908");
  ASSERT_FALSE(obj.empty());
  const std::string listing = objdumpOf(obj);
  for (const char *ctrl : {"row_bcast:15", "row_bcast:31", "wave_shr:1"})
    EXPECT_NE(listing.find(ctrl), std::string::npos) << ctrl << " not in\n" << listing;
  auto m = loadObject(dev, obj);
  ASSERT_TRUE(m);
  for (const unsigned n : {64u, 37u}) { // a full wave, and one with inactive lanes
    std::vector<uint32_t> in = randomWords(n, 21 + n);
    for (uint32_t &v : in)
      v &= 0xFFFFF;
    const uint64_t din = upload(dev, in), dout = dev.alloc(n * 4);
    const uint64_t dcounter = upload(dev, std::vector<uint32_t>{1000});
    auto res = runtime::launch(dev, *m, "k", LaunchConfig{{n, 1, 1}, {64, 1, 1}},
                               KernelArgs().add(dout).add(din).add(dcounter));
    ASSERT_TRUE(res.ok()) << res.error;
    const auto out = download<uint32_t>(dev, dout, n);
    // The wave adds its sum in one atomic; lane l gets the old value plus the lanes below it.
    uint32_t prefix = 0;
    for (unsigned i = 0; i < n; ++i) {
      ASSERT_EQ(out[i], 1000 + prefix) << "item " << i << " of " << n;
      prefix += in[i];
    }
    EXPECT_EQ(download<uint32_t>(dev, dcounter, 1)[0], 1000 + prefix);
  }
}

} // namespace
} // namespace gcnkit::emutest
