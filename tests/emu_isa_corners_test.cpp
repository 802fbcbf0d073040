// Valid encodings the emulator once refused, each with its ISA semantics or the documented
// choice where the ISA leaves it open (docs/emulator.md): v_cvt_pk_u8_f32, v_sat_pk_u8_i16,
// clamp and omod on f64 results (v_div_scale_f64 / v_div_fmas_f64 included), integer neg_lo /
// neg_hi, s_setkill / s_sethalt / s_trap, and VOPC results in every scalar register. Hand-written
// gfx1100 snippets in wave32 and wave64 against host models.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "emu_asm_util.h"
#include "emu_predecode_util.h"

namespace gcnkit::emutest {
namespace {

using runtime::Device;

class EmuIsaCorners : public ::testing::TestWithParam<unsigned> {
protected:
  unsigned wave() const { return GetParam(); }
  Device dev;
};

uint32_t bitsOf(float f) { return std::bit_cast<uint32_t>(f); }

TEST_P(EmuIsaCorners, CvtPkU8F32) {
  const unsigned W = wave();
  std::vector<uint32_t> in(64 * 3);
  const float samples[] = {0.0f,  -0.0f,    0.4f,      0.5f,   0.6f,   1.0f,   1.99f,
                           2.5f,  127.5f,   254.9f,    255.0f, 256.0f, 1e9f,   -1.0f,
                           -1e9f, INFINITY, -INFINITY, NAN,    3.75f,  200.25f};
  for (unsigned l = 0; l < 64; ++l) {
    in[l] = bitsOf(samples[l % std::size(samples)]);
    in[64 + l] = l * 7;                  // byte select: only bits [1:0] count
    in[128 + l] = 0xA1B2C3D4u ^ l * 97u; // the word the byte goes into
  }
  const std::string body = loadInput(1, 0) + loadInput(2, 1) + loadInput(3, 2) +
                           "  v_cvt_pk_u8_f32 v4, v1, v2, v3\n" + storeOutput(4, 0);
  AsmRun r = runAsm(dev, body, W, in, 1);
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  for (unsigned l = 0; l < W; ++l) {
    const float f = samples[l % std::size(samples)];
    const uint32_t byte = !(f > 0.0f) ? 0u : (f >= 255.0f ? 255u : static_cast<uint32_t>(f));
    const uint32_t shift = 8 * ((l * 7) & 3);
    const uint32_t want = ((0xA1B2C3D4u ^ l * 97u) & ~(0xFFu << shift)) | byte << shift;
    EXPECT_EQ(r.out[l], want) << "lane " << l << " f=" << f;
  }
}

TEST_P(EmuIsaCorners, SatPkU8I16) {
  const unsigned W = wave();
  const std::vector<uint32_t> in = randomWords(64, 11);
  // The 16-bit result replaces the low half; the high half of the destination is kept.
  const std::string body = loadInput(1, 0) + "  v_mov_b32 v2, 0x12345678\n" +
                           "  v_sat_pk_u8_i16 v2, v1\n" + storeOutput(2, 0);
  AsmRun r = runAsm(dev, body, W, in, 1);
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  for (unsigned l = 0; l < W; ++l) {
    auto sat = [](uint32_t h) {
      return static_cast<uint32_t>(std::clamp<int>(static_cast<int16_t>(h), 0, 255));
    };
    const uint32_t want = 0x12340000u | sat(in[l] & 0xFFFF) | sat(in[l] >> 16) << 8;
    EXPECT_EQ(r.out[l], want) << "lane " << l << " in " << std::hex << in[l];
  }
}

double f64At(const std::vector<uint32_t> &out, unsigned l) {
  return std::bit_cast<double>(out[l] | uint64_t{out[64 + l]} << 32);
}

// clamp on f64 results: [0, 1], NaN to 0. omod applies only with IEEE mode off and f64
// denormal results flushed (v_div_scale_f64 / v_div_fmas_f64 included), and is ignored
// otherwise.
TEST_P(EmuIsaCorners, ClampAndOmodOnF64Results) {
  const unsigned W = wave();
  std::vector<uint32_t> in(64 * 4);
  const double a[] = {0.25, 3.0, -2.0, 0.75, 1e300, -0.0, 0.5, NAN};
  for (unsigned l = 0; l < 64; ++l) {
    const uint64_t x = std::bit_cast<uint64_t>(a[l % 8]), y = std::bit_cast<uint64_t>(0.125);
    in[l] = static_cast<uint32_t>(x), in[64 + l] = static_cast<uint32_t>(x >> 32);
    in[128 + l] = static_cast<uint32_t>(y), in[192 + l] = static_cast<uint32_t>(y >> 32);
  }
  const std::string load = loadInput(1, 0) + loadInput(2, 1) + loadInput(3, 2) + loadInput(4, 3);
  const std::string store = storeOutput(5, 0) + storeOutput(6, 1);
  struct Case {
    std::string op;
    std::string modes;
    double (*model)(double, double);
  };
  const std::string noIeee =
      "  .amdhsa_ieee_mode 0\n  .amdhsa_float_denorm_mode_16_64 0\n"; // omod applies
  const std::vector<Case> cases = {
      {"v_add_f64 v[5:6], v[1:2], v[3:4] clamp", "",
       [](double x, double y) { return !(x + y > 0.0) ? 0.0 : std::min(x + y, 1.0); }},
      {"v_mul_f64 v[5:6], v[1:2], v[3:4] mul:4", noIeee,
       [](double x, double y) { return x * y * 4; }},
      {"v_mul_f64 v[5:6], v[1:2], v[3:4] mul:4", "", [](double x, double y) { return x * y; }},
      {"v_add_f64 v[5:6], v[1:2], v[3:4] clamp div:2", noIeee,
       [](double x, double y) {
         const double r = (x + y) * 0.5;
         return !(r > 0.0) ? 0.0 : std::min(r, 1.0);
       }},
      // v_div_fmas_f64 with VCC clear is a plain fma; v_div_scale_f64 of y / y returns y.
      {"s_mov_b64 vcc, 0\n  v_div_fmas_f64 v[5:6], v[1:2], v[3:4], v[3:4] mul:2", noIeee,
       [](double x, double y) { return std::fma(x, y, y) * 2; }},
      {"v_div_scale_f64 v[5:6], " + std::string(W == 32 ? "vcc_lo" : "vcc") +
           ", v[3:4], v[3:4], v[3:4] mul:2",
       noIeee, [](double, double y) { return y * 2; }},
  };
  for (const Case &c : cases) {
    AsmRun r = runAsm(dev, load + "  " + c.op + "\n" + store, W, in, 2, [&] {
      AsmKernelOptions o;
      o.modes = c.modes;
      return o;
    }());
    ASSERT_TRUE(r.result.ok()) << c.op << ": " << r.result.error;
    // omod is not IEEE: where it applies, a -0 result becomes +0 (the VALU document).
    const bool omod = !c.modes.empty() && (c.op.find("mul:") != std::string::npos ||
                                           c.op.find("div:") != std::string::npos);
    for (unsigned l = 0; l < W; ++l) {
      double want = c.model(a[l % 8], 0.125);
      if (omod && want == 0.0)
        want = 0.0;
      const double got = f64At(r.out, l);
      if (std::isnan(want))
        EXPECT_TRUE(std::isnan(got)) << c.op << " lane " << l;
      else
        EXPECT_EQ(std::bit_cast<uint64_t>(got), std::bit_cast<uint64_t>(want))
            << c.op << " " << c.modes << " lane " << l << ": " << got << " vs " << want;
    }
  }
}

// neg_lo / neg_hi on integer operands act on the bit pattern as the float modifiers do: the
// sign bit of each 16-bit element is flipped (a documented choice).
TEST_P(EmuIsaCorners, NegOnIntegerPackedOperands) {
  const unsigned W = wave();
  const std::vector<uint32_t> in = randomWords(128, 12);
  const std::string body = loadInput(1, 0) + loadInput(2, 1) +
                           "  v_pk_add_u16 v3, v1, v2 neg_lo:[1,0] neg_hi:[0,1]\n" +
                           storeOutput(3, 0);
  AsmRun r = runAsm(dev, body, W, in, 1);
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  for (unsigned l = 0; l < W; ++l) {
    const uint32_t a = in[l] ^ 0x8000u, b = in[64 + l] ^ 0x80000000u;
    const uint32_t want = ((a + b) & 0xFFFF) | (((a >> 16) + (b >> 16)) & 0xFFFF) << 16;
    EXPECT_EQ(r.out[l], want) << "lane " << l;
  }
}

// Scalar loads into null discard their data: M0 and EXEC, which follow null in the register
// file, keep their values (fuzz_emu_program: an s_buffer_load_dwordx8 into gfx9's null wrote
// past the scalar registers into the wave's state).
TEST_P(EmuIsaCorners, ScalarLoadsIntoNullDiscardTheirData) {
  const unsigned W = wave();
  const std::string body =
      "  s_mov_b32 m0, 0x1234\n"
      // s_load_b512 null, s[0:1], null (llvm-mc assembles null only up to b256)
      "  .long 0xf4101f00, 0xf8000000\n"
      "  s_load_b64 null, s[0:1], 0x8\n"
      "  s_waitcnt lgkmcnt(0)\n"
      "  v_mov_b32 v1, m0\n" +
      storeOutput(1, 0);
  AsmRun r = runAsm(dev, body, W, {}, 1);
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  for (unsigned l = 0; l < W; ++l) // every lane stores: EXEC is whole
    EXPECT_EQ(r.out[l], 0x1234u) << "lane " << l;
}

// s_trap without a handler: a fault naming the trap id; s_sethalt 1: a Halted fault, 0: no
// effect; s_setkill 1: the wave ends (its later stores do not happen), 0: no effect.
TEST_P(EmuIsaCorners, TrapHaltAndKill) {
  const unsigned W = wave();
  const std::vector<uint32_t> in = randomWords(64, 13);
  AsmRun r = runAsm(dev, loadInput(1, 0) + "  s_trap 0x7\n" + storeOutput(1, 0), W, in, 1);
  ASSERT_TRUE(r.result.fault);
  EXPECT_EQ(r.result.fault->kind, runtime::Fault::Kind::Trap);
  EXPECT_NE(r.result.error.find("s_trap 0x7 executed"), std::string::npos) << r.result.error;

  r = runAsm(dev, "  s_sethalt 0\n  s_setkill 0\n" + loadInput(1, 0) + storeOutput(1, 0), W, in, 1);
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  EXPECT_EQ(r.out[0], in[0]);

  r = runAsm(dev, loadInput(1, 0) + "  s_sethalt 1\n" + storeOutput(1, 0), W, in, 1);
  ASSERT_TRUE(r.result.fault);
  EXPECT_EQ(r.result.fault->kind, runtime::Fault::Kind::Halted);
  EXPECT_EQ(r.out[0], 0xDEADBEEFu);

  r = runAsm(dev, loadInput(1, 0) + "  s_setkill 1\n" + storeOutput(1, 0), W, in, 1);
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  EXPECT_EQ(r.out[0], 0xDEADBEEFu);
}

// ds_condxchg32_rtn_b64 (the ISA's pseudocode): the 8-byte aligned pair at (VADDR + offset) &
// 0xFFF8; each dword of DATA with bit 31 set replaces its memory dword (bit 31 cleared); the
// old pair is returned. Each lane has its own pair; the data is in VDST's registers too, so the
// result must not be written before DATA is read.
TEST_P(EmuIsaCorners, DsCondXchg32) {
  const unsigned W = wave();
  std::vector<uint32_t> in = randomWords(64 * 3, 17);
  const std::string body = loadInput(1, 0) + loadInput(2, 1) + loadInput(3, 2) +
                           // LDS pair of lane l at 8 l; VADDR 0xFFFFF + 8 l plus offset 4
                           // lands on it after the mask (16 bits, 8-byte aligned).
                           "  v_lshlrev_b32 v4, 3, v0\n"
                           "  v_add_nc_u32 v5, 0x0fffff, v4\n"
                           "  ds_store_b32 v4, v1\n  ds_store_b32 v4, v2 offset:4\n"
                           "  s_waitcnt lgkmcnt(0)\n"
                           "  v_mov_b32 v6, v2\n  v_mov_b32 v7, v3\n"
                           "  ds_condxchg32_rtn_b64 v[6:7], v5, v[6:7] offset:4\n"
                           "  s_waitcnt lgkmcnt(0)\n"
                           "  ds_load_b64 v[8:9], v4\n  s_waitcnt lgkmcnt(0)\n" +
                           storeOutput(6, 0) + storeOutput(7, 1) + storeOutput(8, 2) +
                           storeOutput(9, 3);
  AsmKernelOptions o;
  o.ldsBytes = 512;
  AsmRun r = runAsm(dev, body, W, in, 4, o);
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  for (unsigned l = 0; l < W; ++l) {
    const uint32_t mem[2] = {in[l], in[64 + l]}, data[2] = {in[64 + l], in[128 + l]};
    for (unsigned i = 0; i < 2; ++i) {
      EXPECT_EQ(r.out[64 * i + l], mem[i]) << "old dword " << i << " lane " << l;
      const uint32_t now = (data[i] >> 31) ? data[i] & 0x7FFFFFFFu : mem[i];
      EXPECT_EQ(r.out[128 + 64 * i + l], now) << "new dword " << i << " lane " << l;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Wave, EmuIsaCorners, ::testing::Values(32u, 64u),
                         [](const auto &info) { return "W" + std::to_string(info.param); });

// Every VOPC row in its VOP3 form, with each scalar register as the result, pre-decodes to an
// executor in both wave sizes wherever the disassembler decodes the encoding.
TEST(EmuIsaCornersDecode, CompareResultsInEveryScalarRegister) {
  unsigned decoded = 0;
  for (bool wave64 : {false, true}) {
    for (const isa::InstrDesc &row : isa::instructions(isa::Target::GFX1100)) {
      if (row.format != isa::Format::VOP3 || row.numOperands < 3 || !row.operands[0].isDef ||
          row.operands[0].type != isa::DataType::LaneMask)
        continue;
      for (uint32_t sdst = 0; sdst < 128; ++sdst) {
        const uint32_t w0 = 0xD4000000u | uint32_t{row.opcode} << 16 | sdst;
        const PredecodedWords p = predecodeWords({w0, 0x101u | 0x102u << 9}, wave64, &row);
        if (!p.decoded)
          continue;
        ++decoded;
        ASSERT_EQ(p.refusal, "") << row.name << " sdst " << sdst
                                 << (wave64 ? " (wave64)" : " (wave32)");
      }
    }
  }
  EXPECT_GT(decoded, 10000u);
}

// A VGPR-only source in a 9-bit source field that holds a scalar register or a constant decodes
// (llvm-mc prints it with an "Invalid register" note) and is refused by name: the executors
// would index VGPR rows with the scalar register's number (fuzz_emu_program found
// v_mqsad_u32_u8 reading its accumulator past the VGPR file).
TEST(EmuIsaCornersDecode, VgprSourcesGivenScalarsAreRefused) {
  const isa::InstrDesc *mqsad = nullptr;
  for (const isa::InstrDesc &row : isa::instructions(isa::Target::GFX1100))
    if (row.name == "v_mqsad_u32_u8")
      mqsad = &row;
  ASSERT_NE(mqsad, nullptr);
  const uint32_t w0 = 0xD4000000u | uint32_t{mqsad->opcode} << 16 | 65; // v[65:68]
  auto w1 = [](uint32_t src2) { return (256u + 63) | (128u + 45) << 9 | src2 << 18; };
  for (bool wave64 : {false, true}) {
    PredecodedWords p = predecodeWords({w0, w1(256 + 4)}, wave64, mqsad); // v[4:7]
    ASSERT_TRUE(p.decoded);
    EXPECT_EQ(p.refusal, "");
    for (uint32_t src2 : {108u, 0u, 129u}) { // ttmp[0:3], s[0:3], the constant 1
      p = predecodeWords({w0, w1(src2)}, wave64, mqsad);
      if (src2 != 129) { // the disassembler may refuse a constant there
        ASSERT_TRUE(p.decoded) << src2;
      }
      if (p.decoded) {
        EXPECT_EQ(p.refusal, "VGPR operand given a scalar register or a constant") << src2;
      }
    }
  }
}

} // namespace
} // namespace gcnkit::emutest
