// gfx908 instructions and rules that differ from gfx1100, in hand-written wave64 snippets run on
// the emulator against host models: the unfused v_mad / v_mac / v_madmk / v_madak (f32 and
// f16), VOP2 carries through VCC, carry-less v_add_u32 with clamp, 16-bit results that zero the
// high half, v_cmpx writing EXEC and its SDST, AccVGPR moves, the integer dot products, scalar
// stores and atomics, and the hardware registers as gfx9 numbers and lays them out.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "emu_asm_util.h"

namespace gcnkit::emutest {
namespace {

using runtime::Device;

constexpr isa::Target kGfx908 = isa::Target::GFX908;

std::string load(unsigned vgpr, unsigned j) { return loadInput(vgpr, j, 100, kGfx908); }
std::string store(unsigned vgpr, unsigned j) { return storeOutput(vgpr, j, 100, kGfx908); }

AsmKernelOptions gfx908Options(const std::string &modes = "") {
  AsmKernelOptions o;
  o.target = kGfx908;
  o.modes = modes;
  return o;
}

uint32_t bitsOf(float f) { return std::bit_cast<uint32_t>(f); }
float floatOf(uint32_t u) { return std::bit_cast<float>(u); }

class EmuGfx908 : public ::testing::Test {
protected:
  AsmRun run(const std::string &body, const std::vector<uint32_t> &in, unsigned outputs,
             const std::string &modes = "") {
    AsmRun r = runAsm(dev, body, 64, in, outputs, gfx908Options(modes));
    EXPECT_TRUE(r.result.ok()) << r.result.error;
    return r;
  }
  Device dev;
};

// Inputs whose product is inexact, so fused and unfused results differ in the last bit.
std::vector<uint32_t> mulAddInputs() {
  std::vector<uint32_t> in(64 * 3);
  for (unsigned l = 0; l < 64; ++l) {
    in[l] = bitsOf(1.0f + static_cast<float>(l) * 0x1.0p-20f + 0x1.0p-23f);
    in[64 + l] = bitsOf(1.0f + 0x1.8p-22f * static_cast<float>(l + 1));
    in[128 + l] = bitsOf(-1.0f - static_cast<float>(l) * 0x1.0p-21f);
  }
  return in;
}

// v_mad_f32 / v_mac_f32 / v_madmk_f32 / v_madak_f32 round the product before the add (the
// MI100 guide; clang emits them only with f32 denormals flushed).
TEST_F(EmuGfx908, UnfusedMultiplyAddF32) {
  const std::vector<uint32_t> in = mulAddInputs();
  const std::string body = load(1, 0) + load(2, 1) + load(3, 2) +
                           "  v_mad_f32 v4, v1, v2, v3\n"
                           "  v_mov_b32 v5, v3\n"
                           "  v_mac_f32 v5, v1, v2\n"
                           "  v_madmk_f32 v6, v1, 0x3f800003, v3\n"
                           "  v_madak_f32 v7, v1, v2, 0xbf800000\n"
                           "  v_fma_f32 v8, v1, v2, v3\n" +
                           store(4, 0) + store(5, 1) + store(6, 2) + store(7, 3) + store(8, 4);
  AsmRun r = run(body, in, 5, "  .amdhsa_float_denorm_mode_32 0\n");
  ASSERT_TRUE(r.result.ok());
  unsigned differs = 0;
  for (unsigned l = 0; l < 64; ++l) {
    const float a = floatOf(in[l]), b = floatOf(in[64 + l]), c = floatOf(in[128 + l]);
    const float k = floatOf(0x3f800003);
    volatile float ab = a * b, ak = a * k;
    EXPECT_EQ(r.out[l], bitsOf(ab + c)) << "v_mad_f32 lane " << l;
    EXPECT_EQ(r.out[64 + l], bitsOf(ab + c)) << "v_mac_f32 lane " << l;
    EXPECT_EQ(r.out[128 + l], bitsOf(ak + c)) << "v_madmk_f32 lane " << l;
    EXPECT_EQ(r.out[192 + l], bitsOf(ab + -1.0f)) << "v_madak_f32 lane " << l;
    EXPECT_EQ(r.out[256 + l], bitsOf(std::fma(a, b, c))) << "v_fma_f32 lane " << l;
    differs += r.out[l] != r.out[256 + l];
  }
  EXPECT_GT(differs, 0u) << "the inputs must tell fused from unfused";
}

// v_mad_f32 flushes f32 denormal inputs and results whatever the mode says (it has no denormal
// support on gfx9); v_fma_f32 keeps them when the mode keeps them.
TEST_F(EmuGfx908, MadF32FlushesDenormals) {
  std::vector<uint32_t> in(64 * 3);
  for (unsigned l = 0; l < 64; ++l) {
    in[l] = l % 2 ? 0x00400000u : bitsOf(0x1.0p-100f); // a denormal, or a tiny normal
    in[64 + l] = bitsOf(l % 2 ? 2.0f : 0x1.0p-30f);
    in[128 + l] = 0;
  }
  const std::string body = load(1, 0) + load(2, 1) + load(3, 2) +
                           "  v_mad_f32 v4, v1, v2, v3\n  v_fma_f32 v5, v1, v2, v3\n" +
                           store(4, 0) + store(5, 1);
  AsmRun r = run(body, in, 2); // the harness keeps f32 denormals (mode 3)
  ASSERT_TRUE(r.result.ok());
  for (unsigned l = 0; l < 64; ++l) {
    const float a = floatOf(in[l]), b = floatOf(in[64 + l]);
    EXPECT_EQ(r.out[l], 0u) << "v_mad_f32 lane " << l; // denormal input, or denormal product
    EXPECT_EQ(r.out[64 + l], bitsOf(a * b)) << "v_fma_f32 lane " << l;
  }
}

// The f16 forms: v_mad_f16 / v_mac_f16 / v_madak_f16 round the product to f16 first. gfx9's
// op_sel forms (v_mad_f16, v_fma_f16) and v_mac / v_madak keep the high half of the
// destination; the legacy (gfx8) encoding v_mad_legacy_f16 zeroes it.
TEST_F(EmuGfx908, UnfusedMultiplyAddF16) {
  std::vector<uint32_t> in(64 * 3);
  for (unsigned l = 0; l < 64; ++l) {
    in[l] = 0xABCD0000u | (0x3C00u + l * 3 + 1); // 1 + small: products need rounding
    in[64 + l] = 0x12340000u | (0x3C00u + l * 5 + 3);
    in[128 + l] = 0xA5A50000u | (0xBC00u + l);
  }
  const std::string body = load(1, 0) + load(2, 1) + load(3, 2) +
                           "  v_mov_b32 v4, -1\n  v_mad_f16 v4, v1, v2, v3\n"
                           "  v_mov_b32 v5, v3\n  v_mac_f16 v5, v1, v2\n"
                           "  v_mov_b32 v6, -1\n  v_madak_f16 v6, v1, v2, 0xbc00\n"
                           "  v_mov_b32 v7, -1\n  v_fma_f16 v7, v1, v2, v3\n"
                           "  v_mov_b32 v8, -1\n  v_mad_legacy_f16 v8, v1, v2, v3\n" +
                           store(4, 0) + store(5, 1) + store(6, 2) + store(7, 3) + store(8, 4);
  AsmRun r = run(body, in, 5);
  ASSERT_TRUE(r.result.ok());
  auto field = [](uint32_t v, unsigned bitsPer, unsigned i, bool sign) {
    const uint32_t raw = (v >> (bitsPer * i)) & ((1u << bitsPer) - 1);
    if (sign && (raw >> (bitsPer - 1)))
      return static_cast<int64_t>(raw) - (int64_t{1} << bitsPer);
    return static_cast<int64_t>(raw);
  };
  auto dot = [&](uint32_t a, uint32_t b, uint32_t c, unsigned bitsPer, bool sign) {
    int64_t sum = sign ? static_cast<int32_t>(c) : static_cast<int64_t>(c);
    for (unsigned i = 0; i < 32 / bitsPer; ++i)
      sum += field(a, bitsPer, i, sign) * field(b, bitsPer, i, sign);
    return static_cast<uint32_t>(sum);
  };
  for (unsigned l = 0; l < 64; ++l) {
    const uint32_t a = in[l], b = in[64 + l], c = in[128 + l];
    EXPECT_EQ(r.out[l], dot(a, b, c, 16, true)) << "v_dot2_i32_i16 lane " << l;
    EXPECT_EQ(r.out[64 + l], dot(a, b, c, 16, false)) << "v_dot2_u32_u16 lane " << l;
    EXPECT_EQ(r.out[128 + l], dot(a, b, c, 8, true)) << "v_dot4_i32_i8 lane " << l;
    EXPECT_EQ(r.out[192 + l], dot(a, b, c, 4, true)) << "v_dot8_i32_i4 lane " << l;
    EXPECT_EQ(r.out[256 + l], dot(a, b, c, 8, true)) << "v_dot4c_i32_i8 lane " << l;
  }
}

// Scalar stores and atomics (gfx9 SMEM): s_store_dword writes the kernel's output buffer;
// s_atomic_add with glc returns the old value, without glc keeps SDATA.
TEST_F(EmuGfx908, ScalarStoresAndAtomics) {
  std::vector<uint32_t> in(64, 0);
  const std::string body = "  s_mov_b32 s10, 0x5eed\n"
                           "  s_store_dword s10, s[4:5], 0x0\n"
                           "  s_mov_b32 s11, 5\n"
                           "  s_atomic_add s11, s[4:5], 0x0 glc\n" // old 0x5eed, memory + 5
                           "  s_mov_b32 s12, 7\n"
                           "  s_atomic_add s12, s[4:5], 0x0\n" // no return: s12 stays 7
                           "  s_waitcnt lgkmcnt(0)\n"
                           "  s_dcache_wb\n"
                           "  v_mov_b32 v1, s11\n  v_mov_b32 v2, s12\n" +
                           store(1, 1) + store(2, 2);
  AsmRun r = run(body, in, 3);
  ASSERT_TRUE(r.result.ok());
  EXPECT_EQ(r.out[0], 0x5eedu + 12u);
  EXPECT_EQ(r.out[64], 0x5eedu);
  EXPECT_EQ(r.out[128], 7u);
}

// s_getreg on gfx9's numbering: HW_ID (id 4) holds the wave id; GPR_ALLOC counts VGPRs in
// blocks of 4 (bits 13:8); ids gfx9 lacks (HW_ID1 = 23 on gfx11) read 0.
TEST_F(EmuGfx908, HardwareRegisters) {
  const std::string body = "  s_getreg_b32 s10, hwreg(HW_REG_HW_ID, 0, 4)\n"
                           "  s_getreg_b32 s11, hwreg(HW_REG_GPR_ALLOC, 8, 6)\n"
                           "  s_getreg_b32 s12, hwreg(23)\n"
                           "  s_getreg_b32 s13, hwreg(HW_REG_MODE, 0, 4)\n"
                           "  v_mov_b32 v1, s10\n  v_mov_b32 v2, s11\n"
                           "  v_mov_b32 v3, s12\n  v_mov_b32 v4, s13\n" +
                           store(1, 0) + store(2, 1) + store(3, 2) + store(4, 3);
  AsmRun r = run(body, {}, 4);
  ASSERT_TRUE(r.result.ok());
  EXPECT_EQ(r.out[0], 0u);            // the first (only) wave of the group
  EXPECT_EQ(r.out[64], 128u / 4 - 1); // .amdhsa_next_free_vgpr 128
  EXPECT_EQ(r.out[128], 0u);          // no such register on gfx9
  EXPECT_EQ(r.out[192], 0u);          // FP_ROUND: nearest even
}

} // namespace
} // namespace gcnkit::emutest
