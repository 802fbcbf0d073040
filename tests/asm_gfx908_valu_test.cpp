// Assembler tests for gfx908's VALU syntax against llvm-mc-19: SDWA (selectors, dst_unused,
// sext / neg / abs, clamp / omod, scalar and constant sources, VOPC results), gfx9 DPP
// controls (wave_* shifts, row_bcast, bound_ctrl:0), VOP3B carries, what gfx9 lacks (VOP3
// literals, a second constant-bus read, op_sel outside the 16-bit mad family, gfx10+
// instructions), with llvm-mc's messages and columns.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "expect_asm_llvm_mc.h"

namespace gcnkit::assembler {
namespace {

TEST(AsmGfx908Valu, SdwaSpellings) {
  std::vector<std::string> s =
      expand({"v_add_f32_sdwa v1, v2, v3 @", "v_add_u16_sdwa v1, v2, v3 @",
              "v_mov_b32_sdwa v1, v2 @", "v_cvt_f32_f16_sdwa v1, v2 @",
              "v_cmp_lt_f32_sdwa vcc, v2, v3 @", "v_cmp_lt_i16_sdwa s[6:7], v2, v3 @"},
             {"",
              "dst_sel:WORD_1",
              "dst_sel:BYTE_0 dst_unused:UNUSED_SEXT",
              "dst_unused:UNUSED_PAD",
              "dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:BYTE_3",
              "src0_sel:WORD_0 src1_sel:BYTE_2",
              "src1_sel:WORD_1",
              "clamp",
              "mul:2",
              "div:2",
              "mul:4 dst_sel:BYTE_1",
              "clamp mul:2 dst_sel:WORD_0",
              "mul:2 clamp",
              "src0_sel:BYTE_0 dst_sel:WORD_1",
              "dst_sel:WORD_3",
              "dst_sel:word_1",
              "dst_unused:UNUSED_FOO",
              "src0_sel:7",
              "dst_sel:WORD_1 dst_sel:WORD_0",
              "src1_sel:BYTE_0 src0_sel:BYTE_0",
              "row_shl:1",
              "quad_perm:[0,1,2,3]"});
  EXPECT_EQ(expectSameAsLlvmMc(s, gfx908AsmOptions()), 0u);
  // Without a suffix (selectors out of order are a known difference: docs/differences.md).
  std::vector<std::string> plain =
      expand({"v_add_f32 v1, v2, v3 @", "v_cvt_f32_f16 v1, v2 @"},
             {"dst_sel:WORD_1", "dst_sel:BYTE_0 dst_unused:UNUSED_SEXT",
              "src0_sel:WORD_0 src1_sel:BYTE_2", "clamp", "mul:2", "div:2 dst_sel:WORD_0",
              "clamp mul:2 dst_sel:WORD_0", "mul:2 clamp", "dst_sel:WORD_3", "row_shl:1 clamp",
              "clamp row_shl:1", "dst_sel:WORD_1 row_shl:1", "row_shl:1 dst_sel:WORD_1"});
  EXPECT_EQ(expectSameAsLlvmMc(plain, gfx908AsmOptions()), 0u);
}

TEST(AsmGfx908Valu, SdwaSources) {
  std::vector<std::string> s =
      expand({"v_add_f32_sdwa v1, @, v3", "v_add_f32_sdwa v1, v2, @", "v_add_u32_sdwa v1, @, v3",
              "v_add_u16_sdwa v1, v2, @", "v_add_f16_sdwa v1, @, v3", "v_mov_b32_sdwa v1, @",
              "v_cmp_lt_f32_sdwa vcc, @, v3", "v_cmp_eq_u32_sdwa s[4:5], v2, @",
              "v_cndmask_b32_sdwa v1, @, v3, vcc", "v_addc_co_u32_sdwa v1, vcc, @, v3, vcc"},
             {"v2",
              "s2",
              "s[2:3]",
              "vcc_lo",
              "m0",
              "exec_lo",
              "ttmp1",
              "0",
              "-1",
              "64",
              "0.5",
              "-4.0",
              "1.5",
              "0x3800",
              "0x12345678",
              "-v2",
              "|v2|",
              "-|v2|",
              "neg(v2)",
              "abs(v2)",
              "sext(v2)",
              "sext(s2)",
              "-s2",
              "neg(0.5)",
              "-|1.0|",
              "sext(-1)",
              "src_scc",
              "src_shared_base",
              "xnack_mask_lo",
              "flat_scratch_hi",
              "a0",
              "s102"});
  EXPECT_EQ(expectSameAsLlvmMc(s, gfx908AsmOptions()), 0u);
}

TEST(AsmGfx908Valu, SdwaDestinationsAndForms) {
  EXPECT_EQ(expectSameAsLlvmMc({"v_cmp_lt_f32_sdwa vcc, v2, v3",
                                "v_cmp_lt_f32_sdwa s[4:5], v2, v3",
                                "v_cmp_lt_f32_sdwa exec, v2, v3",
                                "v_cmp_lt_f32_sdwa ttmp[2:3], v2, v3",
                                "v_cmp_lt_f32_sdwa flat_scratch, v2, v3",
                                "v_cmp_lt_f32_sdwa vcc_lo, v2, v3",
                                "v_cmp_lt_f32_sdwa s4, v2, v3",
                                "v_cmp_lt_f32_sdwa s[4:5], v2, v3 clamp",
                                "v_cmp_lt_f32 s[4:5], v2, v3 src0_sel:WORD_1",
                                "v_cmpx_gt_u16_sdwa vcc, v2, v3",
                                "v_cmp_lt_f64_sdwa vcc, v[2:3], v[4:5]",
                                "v_mac_f32_sdwa v1, v2, v3",
                                "v_dot2c_f32_f16_sdwa v1, v2, v3",
                                "v_mov_b32 v1, v2 clamp",
                                "v_mov_b32 v1, v2 dst_sel:BYTE_1",
                                "v_add_f32 v1, v2, v3 clamp",
                                "v_add_f32 v1, v2, s3",
                                "v_add_f32 v1, s2, s3",
                                "v_add_f32_sdwa v1, s2, s3",
                                "v_add_f32_sdwa v1, 1, s3",
                                "v_add_f32_sdwa v1, s2, s2",
                                "v_add_co_u32_sdwa v1, vcc, v2, v3",
                                "v_sub_u32_sdwa v1, v2, v3 clamp",
                                "v_add_f32_e32_sdwa v1, v2, v3",
                                "v_add_f32_sdwa v1, v2"},
                               gfx908AsmOptions()),
            0u);
}

TEST(AsmGfx908Valu, DppControls) {
  std::vector<std::string> s =
      expand({"v_add_f32_dpp v1, v2, v3 @", "v_mov_b32 v1, v2 @", "v_add_u32_dpp v1, v2, v3 @",
              "v_cmp_lt_f32 vcc, v2, v3 @"},
             {"quad_perm:[0,1,2,3]",
              "quad_perm:[3,2,1,0] row_mask:0xa bank_mask:0x3 bound_ctrl:0",
              "row_shl:1",
              "row_shr:15",
              "row_ror:8",
              "wave_shl:1",
              "wave_rol:1",
              "wave_shr:1",
              "wave_ror:1 bound_ctrl:1",
              "wave_shl:2",
              "row_mirror",
              "row_half_mirror",
              "row_bcast:15 row_mask:0xa",
              "row_bcast:31 row_mask:0xc",
              "row_bcast:16",
              "row_share:1",
              "row_xmask:1",
              "quad_perm:[0,1,2,3] fi:1",
              "dpp8:[0,1,2,3,4,5,6,7]",
              "row_shl:1 bound_ctrl:0 row_mask:0x1"});
  EXPECT_EQ(expectSameAsLlvmMc(s, gfx908AsmOptions()), 0u);
}

TEST(AsmGfx908Valu, Vop3AndCarries) {
  EXPECT_EQ(expectSameAsLlvmMc({"v_add_co_u32_e64 v1, s[4:5], v2, v3",
                                "v_add_co_u32 v1, vcc, v2, v3",
                                "v_add_co_u32_e64 v1, s[4:5], v2, v3 clamp",
                                "v_addc_co_u32 v1, vcc, v2, v3, vcc",
                                "v_addc_co_u32_e64 v1, s[4:5], v2, v3, s[6:7]",
                                "v_sub_co_u32 v1, vcc, s2, v3",
                                "v_subbrev_co_u32 v1, vcc, v2, v3, vcc",
                                "v_add_u32 v1, v2, v3",
                                "v_add_u32_e64 v1, v2, v3 clamp",
                                "v_add_i32 v1, v2, v3",
                                "v_mad_u64_u32 v[1:2], s[4:5], v2, v3, v[4:5]",
                                "v_mad_i64_i32 v[1:2], vcc, v2, v3, v[4:5] clamp",
                                "v_div_scale_f32 v1, vcc, v2, v3, v4",
                                "v_div_scale_f64 v[1:2], s[4:5], v[2:3], v[4:5], v[6:7]",
                                "v_mac_f32 v1, v2, v3",
                                "v_mac_f32_e64 v1, -v2, v3 clamp",
                                "v_mac_f16 v1, v2, v3",
                                "v_madmk_f32 v1, v2, 0x41200000, v3",
                                "v_madak_f32 v1, v2, v3, 0x41200000",
                                "v_madmk_f16 v1, v2, 0x4900, v3",
                                "v_fmac_f32 v1, v2, v3",
                                "v_pk_fmac_f16 v1, v2, v3",
                                "v_dot2c_f32_f16 v1, v2, v3",
                                "v_dot4c_i32_i8 v1, v2, v3",
                                "v_dot8c_i32_i4 v1, s2, v3",
                                "v_mad_u16 v1, v2, v3, v4 op_sel:[1,1,0,1]",
                                "v_fma_f16 v1, v2, v3, v4 op_sel:[0,1,0,0]",
                                "v_add_f16_e64 v1, v2, v3 op_sel:[1,0,0]",
                                "v_cndmask_b32 v1, v2, v3, vcc",
                                "v_cndmask_b32_e64 v1, v2, v3, s[4:5]",
                                "v_cndmask_b32 v1, v2, v3, vcc_lo",
                                "v_readlane_b32 s1, v2, 0x12",
                                "v_writelane_b32 v1, s2, 3",
                                "v_cmp_lt_f32_e64 s[4:5], -v2, |v3|",
                                "v_cmpx_eq_u32 vcc, v2, v3",
                                "v_lshlrev_b64 v[1:2], s2, v[3:4]",
                                "v_swap_b32 v1, v2",
                                "v_nop"},
                               gfx908AsmOptions()),
            0u);
}

TEST(AsmGfx908Valu, WhatGfx9Lacks) {
  EXPECT_EQ(expectSameAsLlvmMc({"v_add_f32_e64 v1, v2, 0x1234",
                                "v_fma_f32 v1, v2, v3, 0x1234",
                                "v_fma_f32 v1, v2, v3, 1.5",
                                "v_add_f32 v1, 1.5, v3",
                                "v_add_f32_e64 v1, s2, s3",
                                "v_add_f32_e64 v1, s2, s2",
                                "v_fma_f32 v1, s1, s2, v3",
                                "v_fma_f32 v1, s1, 1.0, v3",
                                "v_add_nc_u32 v1, v2, v3",
                                "v_add_nc_u32_e64 v1, v2, v3",
                                "v_fmac_f16 v1, v2, v3",
                                "v_add_f32_e64_dpp v1, v2, v3 quad_perm:[0,1,2,3]",
                                "v_cmp_lt_f32_dpp vcc, v2, v3 quad_perm:[0,1,2,3]",
                                "v_mov_b32 v1, null",
                                "v_add_f32 v1, v2, v3 dpp8:[0,1,2,3,4,5,6,7]",
                                "v_add_f32 v1, src_lds_direct, v3",
                                "v_subrev_f32 v0, src_lds_direct, v11",
                                "v_lshl_or_b32 v1, src_lds_direct, v3, s0",
                                "v_readfirstlane_b32 src_private_limit, v1",
                                "v_readfirstlane_b32 src_scc, v1",
                                "v_cmp_o_f16_e64 src_shared_base, v2, -v59"},
                               gfx908AsmOptions()),
            0u);
}

} // namespace
} // namespace gcnkit::assembler
