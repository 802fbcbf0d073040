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
  auto half = [](uint32_t h) {
    const int e = (h >> 10) & 31, m = h & 1023;
    const double v = std::ldexp(1024 + m, e - 25);
    return (h & 0x8000) ? -v : v;
  };
  // Every value here is a normal f16 near 1 (exponent 15 or 14): round to 11 significant bits.
  auto toHalf = [](double x) {
    const double a = std::fabs(x);
    int e = 0;
    std::frexp(a, &e); // a in [2^(e-1), 2^e)
    const double q = std::ldexp(1.0, e - 11);
    const double r = std::nearbyint(a / q) * q;
    std::frexp(r, &e);
    const uint32_t bits = static_cast<uint32_t>((e - 1 + 15) << 10) |
                          (static_cast<uint32_t>(r / std::ldexp(1.0, e - 11)) - 1024);
    return (x < 0 ? 0x8000u : 0u) | bits;
  };
  unsigned differs = 0;
  for (unsigned l = 0; l < 64; ++l) {
    const double a = half(in[l] & 0xFFFF), b = half(in[64 + l] & 0xFFFF),
                 c = half(in[128 + l] & 0xFFFF);
    const uint32_t product = toHalf(a * b);
    const uint32_t unfused = toHalf(half(product) + c), fused = toHalf(a * b + c);
    EXPECT_EQ(r.out[l], 0xFFFF0000u | unfused) << "v_mad_f16 lane " << l;
    EXPECT_EQ(r.out[64 + l], 0xA5A50000u | unfused) << "v_mac_f16 lane " << l;
    EXPECT_EQ(r.out[128 + l], 0xFFFF0000u | toHalf(half(product) - 1.0)) << "v_madak_f16 " << l;
    EXPECT_EQ(r.out[192 + l], 0xFFFF0000u | fused) << "v_fma_f16 lane " << l;
    EXPECT_EQ(r.out[256 + l], unfused) << "v_mad_legacy_f16 lane " << l;
    differs += unfused != fused;
  }
  EXPECT_GT(differs, 0u) << "the inputs must tell fused from unfused";
}

// 16-bit integer results zero the high half on gfx9 (gfx11 keeps it).
TEST_F(EmuGfx908, SixteenBitResultsZeroTheHighHalf) {
  const std::vector<uint32_t> in = randomWords(128, 908);
  const std::string body = load(1, 0) + load(2, 1) +
                           "  v_mov_b32 v3, -1\n  v_add_u16 v3, v1, v2\n"
                           "  v_mov_b32 v4, -1\n  v_mul_lo_u16_e64 v4, v1, v2\n"
                           "  v_mov_b32 v5, -1\n  v_lshlrev_b16 v5, 3, v1\n" +
                           store(3, 0) + store(4, 1) + store(5, 2);
  AsmRun r = run(body, in, 3);
  ASSERT_TRUE(r.result.ok());
  for (unsigned l = 0; l < 64; ++l) {
    const uint32_t a = in[l] & 0xFFFF, b = in[64 + l] & 0xFFFF;
    EXPECT_EQ(r.out[l], (a + b) & 0xFFFF) << "v_add_u16 lane " << l;
    EXPECT_EQ(r.out[64 + l], (a * b) & 0xFFFF) << "v_mul_lo_u16 lane " << l;
    EXPECT_EQ(r.out[128 + l], (a << 3) & 0xFFFF) << "v_lshlrev_b16 lane " << l;
  }
}

// VOP2 carries go through VCC; v_addc_co_u32 adds VCC in; v_add_u32 has no carry and clamps
// (unsigned saturation) in its VOP3 form.
TEST_F(EmuGfx908, CarriesThroughVcc) {
  std::vector<uint32_t> in = randomWords(128, 909);
  for (unsigned l = 0; l < 64; l += 3)
    in[l] |= 0xF0000000u, in[64 + l] |= 0xF0000000u; // carries in some lanes
  const std::string body = load(1, 0) + load(2, 1) +
                           "  v_add_co_u32_e32 v3, vcc, v1, v2\n"
                           "  v_addc_co_u32_e32 v4, vcc, v1, v2, vcc\n"
                           "  v_cndmask_b32_e64 v5, 0, 1, vcc\n"
                           "  v_sub_co_u32_e64 v6, s[10:11], v1, v2\n"
                           "  v_cndmask_b32_e64 v7, 0, 1, s[10:11]\n"
                           "  v_add_u32_e64 v8, v1, v2 clamp\n"
                           "  v_sub_u32 v9, v1, v2\n" +
                           store(3, 0) + store(4, 1) + store(5, 2) + store(6, 3) + store(7, 4) +
                           store(8, 5) + store(9, 6);
  AsmRun r = run(body, in, 7);
  ASSERT_TRUE(r.result.ok());
  for (unsigned l = 0; l < 64; ++l) {
    const uint64_t a = in[l], b = in[64 + l];
    const uint64_t carry1 = (a + b) >> 32;
    const uint64_t sum2 = a + b + carry1;
    EXPECT_EQ(r.out[l], static_cast<uint32_t>(a + b)) << "lane " << l;
    EXPECT_EQ(r.out[64 + l], static_cast<uint32_t>(sum2)) << "lane " << l;
    EXPECT_EQ(r.out[128 + l], static_cast<uint32_t>(sum2 >> 32)) << "lane " << l;
    EXPECT_EQ(r.out[192 + l], static_cast<uint32_t>(a - b)) << "lane " << l;
    EXPECT_EQ(r.out[256 + l], a < b ? 1u : 0u) << "borrow lane " << l;
    EXPECT_EQ(r.out[320 + l], a + b > 0xFFFFFFFFu ? 0xFFFFFFFFu : static_cast<uint32_t>(a + b))
        << "v_add_u32 clamp lane " << l;
    EXPECT_EQ(r.out[384 + l], static_cast<uint32_t>(a - b)) << "v_sub_u32 lane " << l;
  }
}

// gfx9's v_cmpx writes EXEC and also its result: VCC in the 32-bit encoding, the SDST pair in
// VOP3 (gfx10+ write only EXEC).
TEST_F(EmuGfx908, CmpxWritesExecAndResult) {
  std::vector<uint32_t> in(64);
  for (unsigned l = 0; l < 64; ++l)
    in[l] = (l * 37) % 64;
  const std::string body = load(1, 0) +
                           "  v_mov_b32 v2, -1\n"
                           "  v_cmpx_gt_u32_e32 vcc, 40, v1\n" // EXEC = VCC = lanes with v1 < 40
                           "  v_mov_b32 v2, 7\n"
                           "  s_mov_b64 s[12:13], vcc\n"
                           "  v_cmpx_lt_u32_e64 s[14:15], 9, v1\n" // of those, v1 > 9
                           "  v_mov_b32 v3, 5\n"
                           "  s_mov_b64 s[16:17], exec\n"
                           "  s_mov_b64 exec, -1\n"
                           "  v_mov_b32 v4, s12\n  v_mov_b32 v5, s13\n"
                           "  v_mov_b32 v6, s14\n  v_mov_b32 v7, s15\n"
                           "  v_mov_b32 v8, s16\n  v_mov_b32 v9, s17\n" +
                           store(2, 0) + store(4, 1) + store(5, 2) + store(6, 3) + store(7, 4) +
                           store(8, 5) + store(9, 6);
  AsmRun r = run(body, in, 7);
  ASSERT_TRUE(r.result.ok());
  uint64_t first = 0, second = 0;
  for (unsigned l = 0; l < 64; ++l) {
    first |= uint64_t{in[l] < 40} << l;
    second |= uint64_t{in[l] < 40 && in[l] > 9} << l;
  }
  for (unsigned l = 0; l < 64; ++l)
    EXPECT_EQ(r.out[l], (first >> l) & 1 ? 7u : 0xFFFFFFFFu) << "lane " << l;
  EXPECT_EQ(r.out[64] | uint64_t{r.out[128]} << 32, first) << "VCC of v_cmpx_e32";
  EXPECT_EQ(r.out[192] | uint64_t{r.out[256]} << 32, second) << "SDST of v_cmpx_e64";
  EXPECT_EQ(r.out[320] | uint64_t{r.out[384]} << 32, second) << "EXEC";
}

// AccVGPRs: written and read through v_accvgpr_write / v_accvgpr_read (inline constants,
// VGPRs), kept apart from the VGPRs of the same number.
TEST_F(EmuGfx908, AccVgprMoves) {
  const std::vector<uint32_t> in = randomWords(64, 910);
  const std::string body = load(1, 0) +
                           "  v_accvgpr_write_b32 a1, v1\n"
                           "  v_accvgpr_write_b32 a2, 17\n"
                           "  v_mov_b32 v2, 0x1234\n" // v2 is not a2
                           "  v_accvgpr_read_b32 v3, a1\n"
                           "  v_accvgpr_read_b32 v4, a2\n"
                           "  v_accvgpr_write_b32 a0, v2\n"
                           "  v_accvgpr_read_b32 v5, a0\n" +
                           store(3, 0) + store(4, 1) + store(5, 2) + store(2, 3);
  AsmRun r = run(body, in, 4);
  ASSERT_TRUE(r.result.ok());
  for (unsigned l = 0; l < 64; ++l) {
    EXPECT_EQ(r.out[l], in[l]) << "lane " << l;
    EXPECT_EQ(r.out[64 + l], 17u) << "lane " << l;
    EXPECT_EQ(r.out[128 + l], 0x1234u) << "lane " << l;
    EXPECT_EQ(r.out[192 + l], 0x1234u) << "lane " << l;
  }
}

// The integer dot products: v_dot2_i32_i16, v_dot4_i32_i8, v_dot8_i32_i4 (signed),
// v_dot2_u32_u16 (unsigned) and the accumulating VOP2 form v_dot4c_i32_i8 (vdst += ...).
TEST_F(EmuGfx908, IntegerDotProducts) {
  const std::vector<uint32_t> in = randomWords(64 * 3, 911);
  const std::string body = load(1, 0) + load(2, 1) + load(3, 2) +
                           "  v_dot2_i32_i16 v4, v1, v2, v3\n"
                           "  v_dot2_u32_u16 v5, v1, v2, v3\n"
                           "  v_dot4_i32_i8 v6, v1, v2, v3\n"
                           "  v_dot8_i32_i4 v7, v1, v2, v3\n"
                           "  v_mov_b32 v8, v3\n"
                           "  v_dot4c_i32_i8 v8, v1, v2\n" +
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

// Scalar atomics need natural alignment as the vector ones do, but SMEM addresses are only
// rounded to dwords: an _x2 atomic at 4 mod 8, or an s_buffer_atomic through a resource whose
// base is no dword multiple, stops the wave with MisalignedAtomic and leaves memory alone
// (fuzz_emu_program found the host's 64-bit atomic on a misaligned pointer).
TEST_F(EmuGfx908, MisalignedScalarAtomicsFault) {
  const std::string wide = "  s_mov_b64 s[10:11], 1\n"
                           "  s_atomic_add_x2 s[10:11], s[4:5], 0x4 glc\n";
  AsmRun r = runAsm(dev, wide, 64, {}, 1, gfx908Options());
  ASSERT_TRUE(r.result.fault) << r.result.error;
  EXPECT_EQ(r.result.fault->kind, runtime::Fault::Kind::MisalignedAtomic);
  EXPECT_EQ(r.result.fault->address % 8, 4u);
  EXPECT_EQ(r.result.fault->bytes, 8u);
  EXPECT_EQ(r.out[1], 0xDEADBEEFu);
  const std::string buffer = "  s_add_u32 s12, s4, 1\n"
                             "  s_addc_u32 s13, s5, 0\n"
                             "  s_movk_i32 s14, 0x100\n"
                             "  s_mov_b32 s15, 0\n"
                             "  s_mov_b32 s10, 1\n"
                             "  s_buffer_atomic_add s10, s[12:15], 0x0\n";
  r = runAsm(dev, buffer, 64, {}, 1, gfx908Options());
  ASSERT_TRUE(r.result.fault) << r.result.error;
  EXPECT_EQ(r.result.fault->kind, runtime::Fault::Kind::MisalignedAtomic);
  EXPECT_EQ(r.result.fault->address % 4, 1u);
  EXPECT_EQ(r.out[0], 0xDEADBEEFu);
}

// gfx9's SDATA 125, which its decoder prints as null: loads into it discard their data (M0 and
// EXEC, after null in the emulator's register file, keep their values), stores and atomics
// from it write zeros.
TEST_F(EmuGfx908, ScalarMemoryWithNullData) {
  // llvm-mc refuses null on gfx9: the three null forms are written as words.
  const std::string body = "  s_mov_b32 m0, 0x1234\n"
                           "  .long 0xc0121f43, 0x0\n" // s_load_dwordx16 null, s[6:7], 0x0
                           "  s_mov_b32 s20, 7\n"
                           "  s_store_dword s20, s[4:5], 0x0\n"
                           "  s_store_dword s20, s[4:5], 0x4\n"
                           "  .long 0xc0421f42, 0x4\n" // s_store_dword null, s[4:5], 0x4
                           "  .long 0xc20a1f42, 0x0\n" // s_atomic_add null, s[4:5], 0x0
                           "  s_waitcnt lgkmcnt(0)\n"
                           "  s_dcache_wb\n"
                           "  v_mov_b32 v1, m0\n" +
                           store(1, 1);
  AsmRun r = run(body, std::vector<uint32_t>(64, 0x55), 2);
  ASSERT_TRUE(r.result.ok());
  EXPECT_EQ(r.out[0], 7u); // + 0
  EXPECT_EQ(r.out[1], 0u);
  for (unsigned l = 0; l < 64; ++l)
    EXPECT_EQ(r.out[64 + l], 0x1234u) << "lane " << l;
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

// gfx9's VGPR indexing: between s_set_gpr_idx_on and s_set_gpr_idx_off, the VALU operands
// M0[15:12] selects (SRC0, SRC1, SRC2, DST) are moved by M0[7:0]; s_set_gpr_idx_idx and
// s_set_gpr_idx_mode change the index and the operands.
TEST_F(EmuGfx908, VgprIndexingMode) {
  const std::vector<uint32_t> in = randomWords(64, 912);
  std::string body = load(10, 0);
  for (unsigned k = 0; k < 8; ++k) // v20..v27 = input + k
    body += "  v_add_u32 v" + std::to_string(20 + k) + ", " + std::to_string(k) + ", v10\n";
  body += "  s_mov_b32 s12, 3\n"
          "  s_set_gpr_idx_on s12, gpr_idx(SRC0)\n"
          "  v_mov_b32 v1, v20\n" // v1 = v23
          "  s_set_gpr_idx_idx 5\n"
          "  v_add_u32 v2, v20, v21\n" // v2 = v25 + v21 (only src0 indexed)
          "  s_set_gpr_idx_mode gpr_idx(DST,SRC1)\n"
          "  v_sub_u32 v20, v10, v20\n" // v25 = v10 - v25
          "  s_set_gpr_idx_off\n"
          "  v_mov_b32 v3, v20\n" // not indexed: v20
          "  v_mov_b32 v4, v25\n" +
          store(1, 0) + store(2, 1) + store(3, 2) + store(4, 3);
  AsmRun r = run(body, in, 4);
  ASSERT_TRUE(r.result.ok());
  for (unsigned l = 0; l < 64; ++l) {
    const uint32_t x = in[l];
    EXPECT_EQ(r.out[l], x + 3) << "lane " << l;
    EXPECT_EQ(r.out[64 + l], (x + 5) + (x + 1)) << "lane " << l;
    EXPECT_EQ(r.out[128 + l], x) << "lane " << l;
    EXPECT_EQ(r.out[192 + l], x - (x + 5)) << "lane " << l;
  }
}

// An index moving an operand past the kernel's VGPRs stops the wave with a named fault.
TEST_F(EmuGfx908, VgprIndexOutOfRange) {
  const std::string body = "  s_movk_i32 s12, 0x7f\n"
                           "  s_set_gpr_idx_on s12, gpr_idx(SRC0)\n"
                           "  v_mov_b32 v1, v60\n" // v187: the kernel has 128 VGPRs
                           "  s_set_gpr_idx_off\n" +
                           store(1, 0);
  AsmRun r = runAsm(dev, body, 64, {}, 1, gfx908Options());
  ASSERT_TRUE(r.result.fault);
  EXPECT_EQ(r.result.fault->kind, runtime::Fault::Kind::VgprIndexRange);
  EXPECT_NE(r.result.error.find("VGPR index out of range"), std::string::npos) << r.result.error;
}

} // namespace
} // namespace gcnkit::emutest
