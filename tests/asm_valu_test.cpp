// Assembler tests for the valu family against llvm-mc-19: spelling variants (registers,
// radixes, case, spacing, suffixes, every spelling of the input modifiers, output modifiers and
// DPP controls), the choice between the 32-bit, VOP3 and DPP encodings, and error cases with
// llvm-mc's messages and columns.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "expect_asm_llvm_mc.h"

namespace gcnkit::assembler {
namespace {

TEST(AsmValu, RegisterAndNumberSpellings) {
  std::vector<std::string> s = expand(
      {"v_mov_b32 v1, @", "v_add_f32 v1, @, v3", "v_add_f32 v1, v2, @", "v_fma_f32 v1, v2, v3, @",
       "v_add_f64 v[2:3], @, v[4:5]", "v_add_f16 v1, @, v3", "v_add_nc_u16 v1, v2, @",
       "v_cmp_lt_i32 vcc_lo, @, v3", "v_cvt_f32_f16 v1, @", "v_lshlrev_b64 v[2:3], 1, @"},
      {"v2",
       "v[2]",
       "v[2:2]",
       "s2",
       "s[2]",
       "ttmp3",
       "vcc_lo",
       "exec_hi",
       "m0",
       "null",
       "src_shared_base",
       "src_scc",
       "s[2:3]",
       "v[2:3]",
       "ttmp[2:3]",
       "vcc",
       "0",
       "64",
       "-16",
       "65",
       "-17",
       "0x40",
       "0b101",
       "077",
       "1+2*3",
       "-(4)",
       "0.5",
       "-0.5",
       "1.0",
       "-4.0",
       "0.15915494",
       "0.1",
       "1e10",
       "0x3800",
       "0xffff",
       "0x100000000",
       "-0x80000000",
       "0x3ff00000",
       "0x12345678"});
  EXPECT_EQ(expectSameAsLlvmMc(s), 0u);
}

TEST(AsmValu, InputModifierSpellings) {
  std::vector<std::string> s = expand(
      {"v_add_f32 v1, @, v3", "v_add_f32 v1, v2, @", "v_add_f32_e64 v1, @, v3",
       "v_fma_f32 v1, v2, v3, @", "v_add_f64 v[2:3], @, v[4:5]", "v_add_f16 v1, @, v3",
       "v_cmp_class_f32 vcc_lo, v1, @", "v_cndmask_b32 v1, @, v3, vcc_lo", "v_ldexp_f32 v1, v2, @",
       "v_div_scale_f32 v1, vcc_lo, @, v3, v4", "v_add_nc_u32 v1, @, v3", "v_mov_b32 v1, @"},
      {"-v2",           "neg(v2)",  "|v2|",    "abs(v2)", "-|v2|",  "neg(|v2|)",    "neg(abs(v2))",
       "-abs(v2)",      "sext(v2)", "-s2",     "|s2|",    "-1.0",   "neg(1.0)",     "|-1.0|",
       "abs(-1.0)",     "-|1.0|",   "|1|",     "|-1|",    "neg(2)", "neg(0x12345)", "|0x80001234|",
       "-|0x12345678|", "sext(1)",  "neg(-1)", "- v2",    "-|-1|"});
  EXPECT_EQ(expectSameAsLlvmMc(s), 0u);
}

TEST(AsmValu, OutputModifiersAndOpSel) {
  std::vector<std::string> s = expand(
      {"v_add_f32 v1, v2, v3 @", "v_add_f32_e64 v1, -v2, v3 @", "v_fma_f16 v1, v2, v3, v4 @",
       "v_add_nc_u16 v1, v2, v3 @", "v_fmac_f16_e64 v1, v2, v3 @", "v_cmp_eq_f32 s1, v2, v3 @",
       "v_add_nc_u32 v1, v2, v3 @", "v_mov_b32 v1, v2 @", "v_div_scale_f32 v1, s2, v3, v4, v5 @"},
      {"clamp",
       "mul:2",
       "mul:4",
       "div:2",
       "mul:1",
       "div:1",
       "mul:3",
       "div:4",
       "clamp mul:2",
       "mul:2 clamp",
       "clamp clamp",
       "op_sel:[1,0]",
       "op_sel:[0,1,1]",
       "op_sel:[1,1,1,1]",
       "op_sel:[0,0,0,1]",
       "op_sel:[1]",
       "op_sel:[2,0,0]",
       "op_sel:[0,0,0,0,0]",
       "op_sel:[1,0,1] clamp",
       "clamp op_sel:[1,0,1]",
       "CLAMP",
       "glc",
       "foo:1"});
  EXPECT_EQ(expectSameAsLlvmMc(s), 0u);
}

TEST(AsmValu, DppControls) {
  std::vector<std::string> s = expand(
      {"v_mov_b32 v1, v2 @", "v_add_f32 v1, -v2, |v3| @", "v_add_f32 v1, v2, v3 clamp @",
       "v_fma_f32 v1, v2, v3, s4 @", "v_cmp_eq_f32 vcc_lo, v1, v2 @", "v_cmpx_lt_i32 v1, v2 @",
       "v_cndmask_b32 v1, v2, v3, vcc_lo @", "v_add_co_ci_u32 v1, vcc_lo, v2, v3, vcc_lo @",
       "v_add_nc_u16 v1, v2, sext(v3) op_sel:[1,0,1] @", "v_readfirstlane_b32 s1, v2 @"},
      {"quad_perm:[3,2,1,0]", "quad_perm:[0, 1 ,2 ,3 ]", "row_shl:1", "row_shl:15", "row_shr:0x7",
       "row_ror:9", "row_mirror", "row_half_mirror", "row_share:0", "row_xmask:15",
       "row_shl:1 row_mask:0x3", "row_shl:1 bank_mask:5",
       "row_shl:1 row_mask:1 bank_mask:2 bound_ctrl:1 fi:1", "row_shl:1 bound_ctrl:0",
       "row_shl:1, row_mask:1", "row_shl:1 fi:1", "row_shl:1 fi:2", "row_shl:1 row_mask:0x10",
       "dpp8:[7,6,5,4,3,2,1,0]", "dpp8:[0,1,2,3,4,5,6,7] fi:1", "dpp8:[0,0,0,0,0,0,0,0] fi:0",
       // errors
       "row_shl:0", "row_shl:16", "row_share:16", "quad_perm:[0,1,2,4]", "quad_perm:[0,1,2]",
       "quad_perm:[0,1,2,3,0]", "quad_perm:[x,1,2,3]", "quad_perm:0", "dpp8:[0,1,2,3,4,5,6,8]",
       "dpp8:[0,1,2,3,4,5,6]", "row_shl:1 bound_ctrl:2", "row_mask:1", "fi:1",
       "row_shl:1 bank_mask:1 row_mask:1", "row_shl:1 fi:1 bank_mask:1", "row_shl:1 row_shr:1",
       "row_shl:1 dpp8:[0,1,2,3,4,5,6,7]", "dpp8:[0,1,2,3,4,5,6,7] row_mask:1",
       "dpp8:[0,1,2,3,4,5,6,7] fi:1 fi:1", "wave_shl:1", "row_bcast:15", "row_shl:1 clamp"});
  EXPECT_EQ(expectSameAsLlvmMc(s), 0u);
}

TEST(AsmValu, EncodingChoiceAndSuffixes) {
  std::vector<std::string> s = expand(
      {
          "v_add_f32@ v1, v2, v3",
          "v_add_f32@ v1, s2, v3",

          "v_add_f32@ v1, 0x1234, v3",
          "v_add_f32@ v1, v2, v3 row_shl:1",
          "v_add_f32@ v1, v2, v3 dpp8:[0,1,2,3,4,5,6,7]",
          "v_add_f32@ v1, v2, v3 clamp row_shl:1",
          "v_fma_f32@ v1, v2, v3, v4",
          "v_fma_f32@ v1, v2, v3, v4 row_shl:1",
          "v_cmp_eq_f32@ vcc_lo, v1, v2",
          "v_cmp_eq_f32@ s1, v1, v2",
          "v_cmpx_eq_f32@ v1, v2",

          "v_cndmask_b32@ v1, v2, v3, vcc_lo",
          "v_cndmask_b32@ v1, v2, v3",
          "v_cndmask_b32@ v1, v2, v3, s4",
          "v_add_co_ci_u32@ v1, vcc_lo, v2, v3, vcc_lo",
          "v_add_co_ci_u32@ v1, s4, v2, v3, s5",
          "v_add_co_u32@ v1, s4, v2, v3",
          "v_mov_b16@ v1.l, v2.h",
          "v_mov_b32@ v1, v2",
          "v_nop@",
          "v_readlane_b32@ s1, v2, s3",
          "v_fmaak_f32@ v1, v2, v3, 0x1234",
      },
      {"", "_e32", "_e64", "_dpp", "_e64_dpp", "_E32"});
  // (llvm-mc's DPP diagnostics for these differ by suffix in ways not modeled: no DPP spelling)
  s.insert(s.end(),
           {"v_add_f32 v1, v2, s3", "v_add_f32_e32 v1, v2, s3", "v_add_f32_e64 v1, v2, s3",
            "v_cmpx_eq_f32 v1, s2", "v_cmpx_eq_f32_e32 v1, s2", "v_cmpx_eq_f32_e64 v1, s2",
            "v_add_f16 v1, v2, v200", "v_add_f16_e32 v1, v2, v200", "v_add_f16_e64 v1, v2, v200"});
  EXPECT_EQ(expectSameAsLlvmMc(s), 0u);
}

TEST(AsmValu, ScalarOperandRules) {
  EXPECT_EQ(expectSameAsLlvmMc({
                // constant bus: two scalar values, one for the 64-bit shifts
                "v_fma_f32 v1, s0, s0, s1",
                "v_fma_f32 v1, s0, 0x1234, s1",
                "v_fma_f32 v1, s0, 0x1234, 0x1234",
                "v_fma_f32 v1, null, s0, s1",
                "v_fma_f32 v1, vcc_lo, s0, s1",
                "v_fma_f32 v1, src_shared_base, s0, s1",
                "v_cndmask_b32 v1, s1, s2, s3",
                "v_cndmask_b32 v1, s1, s1, s3",
                "v_lshlrev_b64 v[1:2], s0, s[2:3]",
                "v_lshlrev_b64 v[1:2], 0x12345678, 0x12345678",
                "v_lshlrev_b64 v[1:2], 1, s[2:3]",
                "v_div_fmas_f32 v1, s2, v3, v4",
                "v_div_fmas_f32 v1, s2, s3, v4",
                "v_div_fmas_f32 v1, 0x1234, v3, s4",
                // literals: one value, shared
                "v_fma_f32 v1, 0x1234, 0x5678, v3",
                "v_min3_i16 v1, 0x5f27, 0x5f27, 0x4400",
                "v_add_f32_e64 v1, 0x1234, 0x1234",
                "v_fmaak_f32 v1, 0x1234, v3, 0x1234",
                "v_fmaak_f32 v1, 0x1235, v3, 0x1234",
                "v_fmamk_f32 v1, 0x1235, 0x1234, v3",
                "v_fmaak_f32 v1, 1.0, v3, 1.0",
                "v_fmamk_f16 v1, v2, 1.0, v3",
                "v_fmamk_f16 v1, v2, 0x12345, v3",
                "v_add_f64 v[1:2], s[0:1], 1.5",
                "v_add_f64 v[1:2], 1.5, 0x3ff80000",
                "v_add_f64 v[1:2], v[0:1], 0x100000000",
                "v_readlane_b32 s1, v2, 5",
                "v_readlane_b32 s1, v2, 0x1234",
                "v_writelane_b32 v1, 0x1234, s3",
                "v_writelane_b32 v1, 0x1234, 0x1234",
                // lane masks and destinations
                "v_cmp_eq_f32 vcc, v1, v2",
                "v_cmp_eq_f32 exec_hi, v1, v2",
                "v_cmp_eq_f32_e64 ttmp5, v1, v2",
                "v_cndmask_b32 v1, v2, v3, vcc",
                "v_cndmask_b32_e64 v1, v2, v3, exec_lo",
                "v_div_scale_f32 v1, exec_hi, v2, v3, v4",
                "v_add_f16_e32 v1, v2, v200",
                "v_add_f16_e32 v200, v2, v3",
                "v_mov_b16 v129.h, v2.l",
                "v_mov_b16 v1, v2",
            }),
            0u);
}

TEST(AsmValu, Errors) {
  EXPECT_EQ(expectSameAsLlvmMc({
                "v_add_f32 v1, v2",
                "v_add_f32 v1",
                "v_add_f32",
                "v_add_f32 v1, v2, v3, v4",
                "v_add_f32 s1, v2, v3",
                "v_add_f32 v1, v2, v[3:4]",
                "v_add_f32 v1, v2, s[3:4]",
                "v_add_f32 v1, sext(v2), v3",
                "v_add_f32 v1, v2, 1.0 row_shl:1",
                "v_add_f32 v1, v2, 0x1234 row_shl:1",
                "v_add_f32 v1, 0x1234, v3 row_shl:1",
                "v_add_f32_e32 v1, v2, s3",
                "v_add_f32_e32 v1, -v2, v3",
                "v_add_f32_e32 v1, -|v2|, v3",
                "v_add_f32_e32 v1, v2, v3 clamp",
                "v_add_f32_e64 v1, v2, v3 row_shl:1",
                "v_add_f32_dpp v1, v2, v3",
                "v_add_f32_e64_dpp v1, v2, v3",
                "v_add_f32_e64_dpp v1, v2, s3 row_shl:1",
                "v_fma_f32_e32 v1, v2, v3, v4",
                "v_fma_f32_dpp v1, v2, v3, v4 row_shl:1",
                "v_fma_f32 v1, v2, v3, 0x1234 row_shl:1",
                "v_fma_f32 v1, v2, 2.0, v4 row_shl:1",
                "v_add_nc_u32 v1, -v2, v3",
                "v_add_nc_u32_e64 v1, v2, v3 mul:2",
                "v_add_f64 v[1:2], -|0x12345678|, v[2:3]",
                "v_cmp_eq_f32 v1, v2, v3",
                "v_cmp_eq_f32 vcc_lo, v2, v3, v4",
                "v_cmpx_eq_f32 v2",
                "v_cndmask_b32 v1, v2, v3, v4",
                "v_fmaak_f32 v1, v2, v3, v4",
                "v_fmaak_f32 v1, v2, s3, 0x1234",
                "v_readfirstlane_b32 v1, v2",
                "v_readfirstlane_b32 s1, v2 row_shl:1",
                "v_mov_b32 v1, v2, v3",
                "v_mov_b32 v1, -v2",
                "v_mov_b32 v256, v2",
                "v_mov_b16_e64 v1.l, v2.l",
                "v_add_f16 v1, v2.l, v3",
                "v_sqrt_f64 v1, v[2:3]",
                "v_add_co_u32 v1, vcc_lo, v2, v3, vcc_lo",
                "v_add_co_ci_u32 v1, vcc_lo, v2, v3",
                "v_nop v1",
                "v_add_f32_e32 v1, 0x1234, 0x1234",
            }),
            0u);
}

// -mattr=+wavefrontsize64: every lane-mask operand (compare results, carry in / out,
// v_cndmask selectors, v_div_scale's flag, the implicit vcc of the 32-bit forms) is an SGPR
// pair, in every encoding.
TEST(AsmValu, Wave64LaneMasks) {
  AsmCompareOptions wave64;
  wave64.wave64 = true;
  std::vector<std::string> s =
      expand({"v_cmp_eq_u32 @, v1, v2",
              "v_cmp_eq_u32_e64 @, v1, s2",
              "v_cmp_lt_f16_e64 @, -v1, 0.5",
              "v_cmp_class_f64_e64 @, v[2:3], v4",
              "v_cmp_eq_u32_e64_dpp @, v1, v2 quad_perm:[1,0,3,2]",
              "v_cmp_eq_u32_e64_dpp @, v1, v2 dpp8:[7,6,5,4,3,2,1,0]",
              "v_cmp_eq_u32 @, v1, v2 row_shl:1",
              "v_cndmask_b32 v1, v2, v3, @",
              "v_cndmask_b32_e64 v1, s2, 1.0, @",
              "v_cndmask_b32_e64 v1, v2, v3, @ row_mirror",
              "v_cndmask_b32 v1, v2, v3, @ dpp8:[7,6,5,4,3,2,1,0]",
              "v_cndmask_b16 v1, v2, v3, @",
              "v_add_co_u32 v1, @, v2, v3",
              "v_sub_co_u32 v1, @, s2, v3 clamp",
              "v_add_co_ci_u32 v1, @, v2, v3, vcc",
              "v_add_co_ci_u32 v1, vcc, v2, v3, @",
              "v_add_co_ci_u32_e64 v1, @, v2, v3, s[4:5]",
              "v_subrev_co_ci_u32_e64 v1, s[8:9], 5, v3, @",
              "v_add_co_ci_u32 v1, @, v2, v3, vcc row_shr:1",
              "v_div_scale_f32 v1, @, v2, v3, v4",
              "v_div_scale_f64 v[1:2], @, v[2:3], v[4:5], v[6:7]",
              "v_mad_u64_u32 v[1:2], @, v2, v3, v[4:5]",
              "v_mad_i64_i32 v[1:2], @, v2, 7, v[4:5] clamp"},
             {"vcc", "vcc_lo", "s[4:5]", "s[5:6]", "s4", "s[104:105]", "ttmp[2:3]", "ttmp[14:15]",
              "exec", "exec_lo", "null", "m0", "v[2:3]", "s[4:7]", "0", "-1", "0x1234"});
  // The 32-bit forms of wave32 spellings, and the dual-issue forms, which need wave32.
  s.insert(s.end(), {"v_cmp_eq_u32_e32 vcc_lo, v1, v2", "v_cndmask_b32_e32 v1, v2, v3, vcc_lo",
                     "v_add_co_ci_u32_e32 v1, vcc_lo, v2, v3, vcc_lo", "v_cmpx_eq_u32 v1, v2",
                     "v_cmpx_eq_u32_e64 v1, s2", "v_readlane_b32 s1, v2, s3",
                     "v_dual_mov_b32 v1, v2 :: v_dual_mov_b32 v4, v5",
                     "v_dual_cndmask_b32 v1, v2, v3 :: v_dual_mov_b32 v4, v5",
                     "v_dual_cndmask_b32 v1, v2, v3, vcc :: v_dual_mov_b32 v4, v5",
                     "V_DUAL_MOV_B32 v1 :: v_dual_foo v4, v5", "v_dual_mov_b32 v1, v2",
                     "v_dual_foo v1, v2 :: v_dual_mov_b32 v4, v5"});
  EXPECT_EQ(expectSameAsLlvmMc(s, wave64), 0u);
}

// Lane masks spelled for the other wave size: llvm-mc blames the mode ("operands are not valid
// for this GPU or mode") when the operands fit a 32-bit (or DPP, or SDWA) form of the other
// wave size, and otherwise the operand where the forms of both wave sizes fail. Not modelled
// yet: without a suffix, a scalar second source with a lane mask that fits no form
// (`v_cndmask_b32 v1, v2, s3, s0` in wave64: llvm-mc blames s0, gcnkit s3), and wave32's
// `v_add_co_u32 v1, vcc, v2, v3` (llvm-mc blames the mode: GFX9 had a 32-bit form).
TEST(AsmValu, LaneMaskSpellingOfTheOtherWaveSize) {
  const std::vector<std::string> masks = {"vcc", "vcc_lo", "s[0:1]", "s0"};
  std::vector<std::string> s =
      expand({"v_cndmask_b32 v1, v2, v3, @ row_shr:1", "v_cndmask_b32 v1, 0x1234, v3, @",
              "v_cmp_eq_u32 @, v1, v2 row_shr:1", "v_cmp_eq_u32 @, 0x1234, v2",
              "v_cmp_eq_u32 @, s1, v2 dpp8:[0,1,2,3,4,5,6,7]"},
             masks);
  // Every encoding, in both spellings (wave32 registers, then wave64 ones).
  const std::vector<std::string> forms = {
      "v_add_co_ci_u32_e64 v1, vcc_lo, v2, v3, vcc_lo",
      "v_add_co_ci_u32_e64 v1, s0, v2, v3, s1",
      "v_add_co_ci_u32_e64 v1, s0, v2, v3, vcc_lo",
      "v_add_co_ci_u32_e64 v1, vcc_lo, v2, v3, s0",
      "v_add_co_ci_u32 v1, vcc_lo, v2, s3, vcc_lo",
      "v_add_co_ci_u32 v1, s0, v2, s3, vcc_lo",
      "v_add_co_ci_u32 v1, vcc_lo, v2, s3, s0",
      "v_add_co_ci_u32 v1, s0, v2, s3, s1",
      "v_cndmask_b32_e64 v1, v2, v3, s0",
      "v_cndmask_b32_e64 v1, v2, v3, vcc_lo",
      "v_cndmask_b32 v1, s2, v3, vcc_lo",
      "v_cndmask_b32 v1, v2, s3, vcc_lo",
      "v_add_co_u32 v1, s0, v2, v3",
      "v_add_co_u32 v1, vcc_lo, v2, v3",
      "v_cmp_eq_u32_e64 vcc_lo, v1, v2",
      "v_cmp_eq_u32_e64 s0, v1, v2",
      "v_cmp_eq_u32 vcc_lo, v1, s2",
      "v_div_scale_f32 v1, vcc_lo, v2, v3, v4",
      "v_div_scale_f32 v1, s0, v2, v3, v4",
      "v_cndmask_b16 v1, v2, v3, s0",
      "v_mad_u64_u32 v[1:2], s0, v2, v3, v[4:5]",
      "v_add_co_ci_u32_e32 v1, vcc_lo, v2, v3, vcc_lo",
      "v_add_co_ci_u32_e32 v1, vcc_lo, v2, s3, vcc_lo",
      "v_add_co_ci_u32_dpp v1, vcc_lo, v2, v3, vcc_lo row_shr:1",
      "v_add_co_ci_u32_e64_dpp v1, vcc_lo, v2, v3, vcc_lo row_shr:1",
      "v_add_co_ci_u32_e64_dpp v1, s0, v2, v3, s1 row_shr:1",
      "v_cndmask_b32_e64_dpp v1, v2, v3, s0 row_shr:1",
      "v_cndmask_b32 v1, v2, v3, s0 row_shr:1",
      "v_cmp_eq_u32_e64_dpp s0, v1, v2 row_shr:1",
      "v_add_co_ci_u32_e64 v1, vcc, v2, v3, vcc",
      "v_add_co_ci_u32_e64 v1, s[0:1], v2, v3, s[2:3]",
      "v_add_co_ci_u32_e64 v1, s[0:1], v2, v3, vcc",
      "v_add_co_ci_u32_e64 v1, vcc, v2, v3, s[0:1]",
      "v_add_co_ci_u32 v1, vcc, v2, s3, vcc",
      "v_add_co_ci_u32 v1, s[0:1], v2, s3, vcc",
      "v_add_co_ci_u32 v1, vcc, v2, s3, s[0:1]",
      "v_add_co_ci_u32 v1, s[0:1], v2, s3, s[2:3]",
      "v_cndmask_b32_e64 v1, v2, v3, s[0:1]",
      "v_cndmask_b32_e64 v1, v2, v3, vcc",
      "v_cndmask_b32 v1, s2, v3, vcc",
      "v_cndmask_b32 v1, v2, s3, vcc",
      "v_add_co_u32 v1, s[0:1], v2, v3",
      "v_cmp_eq_u32_e64 vcc, v1, v2",
      "v_cmp_eq_u32_e64 s[0:1], v1, v2",
      "v_cmp_eq_u32 vcc, v1, s2",
      "v_div_scale_f32 v1, vcc, v2, v3, v4",
      "v_div_scale_f32 v1, s[0:1], v2, v3, v4",
      "v_cndmask_b16 v1, v2, v3, s[0:1]",
      "v_mad_u64_u32 v[1:2], s[0:1], v2, v3, v[4:5]",
      "v_add_co_ci_u32_e32 v1, vcc, v2, v3, vcc",
      "v_add_co_ci_u32_e32 v1, vcc, v2, s3, vcc",
      "v_add_co_ci_u32_dpp v1, vcc, v2, v3, vcc row_shr:1",
      "v_add_co_ci_u32_e64_dpp v1, vcc, v2, v3, vcc row_shr:1",
      "v_add_co_ci_u32_e64_dpp v1, s[0:1], v2, v3, s[2:3] row_shr:1",
      "v_cndmask_b32_e64_dpp v1, v2, v3, s[0:1] row_shr:1",
      "v_cndmask_b32 v1, v2, v3, s[0:1] row_shr:1",
      "v_cmp_eq_u32_e64_dpp s[0:1], v1, v2 row_shr:1",
  };
  s.insert(s.end(), forms.begin(), forms.end());
  for (const std::string &out : masks)
    for (const std::string &in : masks)
      for (const char *form : {"v2, v3, %", "v2, v3, % row_shr:1"}) {
        std::string text = std::string("v_add_co_ci_u32 v1, ") + out + ", " + form;
        text.replace(text.find('%'), 1, in);
        s.push_back(text);
      }
  EXPECT_EQ(expectSameAsLlvmMc(s), 0u);
  AsmCompareOptions wave64;
  wave64.wave64 = true;
  EXPECT_EQ(expectSameAsLlvmMc(s, wave64), 0u);
}

} // namespace
} // namespace gcnkit::assembler
