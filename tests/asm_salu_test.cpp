// SALU statements against llvm-mc-19 on gfx908 and gfx1100: the spellings of the GFX9 syntax
// (SMEM offset forms, gpr_idx, the GFX9 sendmsg / hwreg / s_waitcnt), the symbolic operands
// whose names and checks differ by target, special registers, and the diagnostics (message
// and column) for what llvm-mc rejects.
#include <gtest/gtest.h>

#include "expect_asm_llvm_mc.h"

namespace gcnkit::assembler {
namespace {

// GFX9 SMEM: an offset alone, an SGPR alone, both; glc; no dlc, nv or null; offset ranges;
// register classes.
const std::vector<std::string> kSmem = {
    "s_load_dword s5, s[2:3], 0x10",
    "s_load_dword s5, s[2:3], s4",
    "s_load_dword s5, s[2:3], s4 offset:0x10",
    "s_load_dword s5, s[2:3], s4 offset:0",
    "s_load_dword s5, s[2:3], s4 offset:-1",
    "s_load_dword s5, s[2:3], 0x10 glc",
    "s_load_dword s5, s[2:3], m0",
    "s_load_dword s5, s[2:3], vcc_lo",
    "s_load_dword s5, s[2:3], ttmp3",
    "s_load_dword s5, s[2:3], flat_scratch_lo",
    "s_load_dword s5, s[2:3], xnack_mask_hi",
    "s_load_dword s5, s[2:3], exec_hi",
    "s_load_dword s5, s[2:3], null",
    "s_load_dword s5, s[2:3], 0x10 nv",
    "s_load_dword s5, s[2:3], 0x10 dlc",
    "s_load_dword s5, s[2:3], 0xfffff",
    "s_load_dword s5, s[2:3], -0x100000",
    "s_load_dword s5, s[2:3], 0x100000",
    "s_load_dword s5, s[2:3], 0x10 offset:4",
    "s_load_dword m0, s[2:3], 0",
    "s_load_dword flat_scratch_lo, s[2:3], 0",
    "s_load_dwordx2 s[4:5], s[2:3], -1",
    "s_load_dwordx2 flat_scratch, s[2:3], 0",
    "s_load_dwordx2 exec, s[2:3], 0",
    "s_load_dwordx4 s[4:7], vcc, 0",
    "s_load_dwordx8 s[8:15], s[4:5], 0x20",
    "s_load_dwordx16 s[16:31], s[4:5], s6",
    "s_load_dwordx16 s[88:103], s[4:5], 0",
    "s_load_dword s5, s[3:4], 0",
    "s_buffer_load_dword s5, s[4:7], 0x10",
    "s_buffer_load_dword s5, s[4:7], -1",
    "s_buffer_load_dword s5, s[4:7], 0xfffff",
    "s_buffer_load_dword s5, s[4:7], s1 offset:0xfffff",
    "s_buffer_load_dwordx2 s[4:5], s[100:103], s1",
    "s_buffer_load_dwordx16 s[16:31], ttmp[4:7], 0",
    "s_store_dword s5, s[2:3], 0x10 glc",
    "s_store_dwordx4 s[4:7], s[2:3], m0",
    "s_buffer_store_dwordx2 s[4:5], s[8:11], s12 offset:0x40 glc",
    "s_scratch_load_dword s5, s[2:3], 0x10",
    "s_scratch_store_dwordx2 s[4:5], s[2:3], s1 offset:8",
    "s_atomic_add s5, s[2:3], 0x10 glc",
    "s_atomic_cmpswap_x2 s[4:7], s[2:3], s8",
    "s_buffer_atomic_umax_x2 s[4:5], s[8:11], 0x10",
    "s_dcache_inv",
    "s_dcache_wb_vol",
    "s_dcache_inv glc",
    "s_memtime s[4:5]",
    "s_memrealtime s[4:5]",
    "s_memtime exec",
    "s_atc_probe 7, s[4:5], 0x10",
    "s_atc_probe 8, s[4:5], 0x10",
    "s_atc_probe_buffer 7, s[4:7], s4",
    "s_dcache_discard s[2:3], s4",
    "s_dcache_discard_x2 s[2:3], 0x10",
    "s_dcache_discard s[2:3], s4 offset:0x20",
};

// SOP operands: the GFX9 special registers, literals, fork / join, gpr_idx.
const std::vector<std::string> kSop = {
    "s_mov_b32 s0, m0",
    "s_mov_b32 m0, s0",
    "s_mov_b32 s0, flat_scratch_lo",
    "s_mov_b64 s[0:1], flat_scratch",
    "s_mov_b64 xnack_mask, s[0:1]",
    "s_mov_b32 s0, xnack_mask_hi",
    "s_mov_b32 s0, ttmp15",
    "s_mov_b64 ttmp[14:15], exec",
    "s_mov_b32 s0, src_vccz",
    "s_mov_b32 s0, src_execz",
    "s_mov_b32 s0, src_scc",
    "s_mov_b32 s0, src_lds_direct",
    "s_mov_b32 s0, src_pops_exiting_wave_id",
    "s_mov_b32 s0, src_shared_base",
    "s_mov_b32 null, s0",
    "s_mov_b32 s0, null",
    "s_mov_b32 s0, s101",
    "s_mov_b32 s0, s102",
    "s_mov_b64 s[0:1], s[100:101]",
    "s_mov_b64 s[0:1], 0x12345678",
    "s_mov_b64 s[0:1], 1.0",
    "s_mov_b64 s[0:1], 0.15915494",
    "s_add_u32 s0, 0x12345678, 0x12345679",
    "s_add_u32 s0, 0x12345678, 0x12345678",
    "s_and_saveexec_b64 s[0:1], s[2:3]",
    "s_andn1_wrexec_b64 s[0:1], s[2:3]",
    "s_bitreplicate_b64_b32 s[0:1], s2",
    "s_cbranch_g_fork s[0:1], s[2:3]",
    "s_cbranch_g_fork s[0:1], 1",
    "s_cbranch_g_fork 0x1234, s[0:1]",
    "s_cbranch_join s0",
    "s_cbranch_join s[0:1]",
    "s_cbranch_i_fork s[0:1], 16",
    "s_cbranch_i_fork s[0:1], 0x10000",
    "s_call_b64 s[0:1], 16",
    "s_call_b64 s[0:1], 65536",
    "s_rfe_restore_b64 s[0:1], s2",
    "s_rfe_restore_b64 s[0:1], 0x12345678",
    "s_setvskip s0, s1",
    "s_setvskip 1, 2",
    "s_movrels_b32 s0, 1",
    "s_set_gpr_idx_idx s0",
    "s_set_gpr_idx_idx 0x12345678",
    "s_set_gpr_idx_on s0, gpr_idx(SRC0,DST)",
    "s_set_gpr_idx_on s0, gpr_idx()",
    "s_set_gpr_idx_on s0, gpr_idx(DST,SRC2,SRC1,SRC0)",
    "s_set_gpr_idx_on s0, 15",
    "s_set_gpr_idx_on s0, 1+2",
    "s_set_gpr_idx_on s0, 16",
    "s_set_gpr_idx_on s0, -1",
    "s_set_gpr_idx_on s0, s1",
    "s_set_gpr_idx_on s0, gpr_idx",
    "s_set_gpr_idx_on s0, gpr_idx(SRC0,SRC0)",
    "s_set_gpr_idx_on s0, gpr_idx(SRC3)",
    "s_set_gpr_idx_on s0, gpr_idx(SRC0 SRC1)",
    "s_set_gpr_idx_on s0, gpr_idx(SRC0,)",
    "s_set_gpr_idx_on s0, gpr_idx(",
    "s_set_gpr_idx_on s0, gpr_idx(src0)",
    "s_set_gpr_idx_on 0x12345678, gpr_idx(SRC0)",
    "s_set_gpr_idx_on s0",
    "s_set_gpr_idx_mode gpr_idx(SRC1)",
    "s_set_gpr_idx_mode 3",
    "s_set_gpr_idx_mode 16",
    "s_set_gpr_idx_mode s0",
    "s_set_gpr_idx_off",
    "s_mov_b32 s0, gpr_idx(SRC0)",
    "s_endpgm_saved",
    "s_endpgm_ordered_ps_done",
    "s_wakeup",
    "s_setkill 1",
    "s_version 0",
    "s_delay_alu instid0(VALU_DEP_1)",
    "s_waitcnt_vscnt null, 0",
    "s_load_b32 s0, s[0:1], 0",
};

// Symbolic immediates: hwreg, sendmsg, s_waitcnt, as each target names and checks them.
const std::vector<std::string> kSymbolic = {
    "s_waitcnt vmcnt(0)",
    "s_waitcnt expcnt(0)",
    "s_waitcnt lgkmcnt(0)",
    "s_waitcnt vmcnt(1) expcnt(2) lgkmcnt(3)",
    "s_waitcnt vmcnt(1), lgkmcnt(3)",
    "s_waitcnt vmcnt(1) & lgkmcnt(3)",
    "s_waitcnt vmcnt(47)",
    "s_waitcnt vmcnt(63)",
    "s_waitcnt vmcnt(64)",
    "s_waitcnt vmcnt_sat(64)",
    "s_waitcnt lgkmcnt(15)",
    "s_waitcnt lgkmcnt(16)",
    "s_waitcnt lgkmcnt_sat(100)",
    "s_waitcnt expcnt(8)",
    "s_waitcnt vmcnt(-1)",
    "s_waitcnt 0",
    "s_waitcnt 0xffff",
    "s_waitcnt vscnt(0)",
    "s_waitcnt s0",
    "s_sendmsg sendmsg(MSG_INTERRUPT)",
    "s_sendmsg sendmsg(MSG_GS, GS_OP_CUT, 1)",
    "s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT_CUT, 3)",
    "s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)",
    "s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP, 0)",
    "s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_CUT)",
    "s_sendmsg sendmsg(MSG_GS_DONE, 0, 5)",
    "s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_REG_RD)",
    "s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_HOST_TRAP_ACK)",
    "s_sendmsg sendmsg(MSG_SYSMSG, 1, 0)",
    "s_sendmsg sendmsg(MSG_SYSMSG, 5, 0)",
    "s_sendmsg sendmsg(MSG_SYSMSG, GS_OP_CUT)",
    "s_sendmsg sendmsg(MSG_SYSMSG)",
    "s_sendmsg sendmsg(MSG_GS)",
    "s_sendmsg sendmsg(MSG_GS, GS_OP_NOP)",
    "s_sendmsg sendmsg(MSG_GS, 0)",
    "s_sendmsg sendmsg(MSG_GS, 4, 5)",
    "s_sendmsg sendmsg(MSG_GS, GS_OP_CUT, 4)",
    "s_sendmsg sendmsg(MSG_GS, GS_OP_CUT, 1+1)",
    "s_sendmsg sendmsg(MSG_GS, GS_OP_CUT+1)",
    "s_sendmsg sendmsg(MSG_GS GS_OP_CUT)",
    "s_sendmsg sendmsg(MSG_GS, GS_OP_CUT, 1, 2)",
    "s_sendmsg sendmsg(MSG_GS, x)",
    "s_sendmsg sendmsg(MSG_GS, 1, x)",
    "s_sendmsg sendmsg(MSG_GS,)",
    "s_sendmsg sendmsg()",
    "s_sendmsg sendmsg(x)",
    "s_sendmsg sendmsg(MSG_INTERRUPT, 0)",
    "s_sendmsg sendmsg(MSG_INTERRUPT, GS_OP_CUT, 0)",
    "s_sendmsg sendmsg(MSG_RTN_GET_DOORBELL)",
    "s_sendmsg sendmsg(MSG_RTN_GET_TMA, 1)",
    "s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)",
    "s_sendmsg sendmsg(MSG_GET_DOORBELL)",
    "s_sendmsg sendmsg(MSG_SAVEWAVE)",
    "s_sendmsg sendmsg(MSG_HS_TESSFACTOR)",
    "s_sendmsg sendmsg(15, 7, 3)",
    "s_sendmsg sendmsg(15, SYSMSG_OP_HOST_TRAP_ACK)",
    "s_sendmsg sendmsg(15, SYSMSG_OP_REG_RD, 3)",
    "s_sendmsg sendmsg(15, GS_OP_CUT)",
    "s_sendmsg sendmsg(2, GS_OP_NOP)",
    "s_sendmsg sendmsg(2, SYSMSG_OP_REG_RD)",
    "s_sendmsg sendmsg(3, GS_OP_NOP, 3)",
    "s_sendmsg sendmsg(2, 8, 3)",
    "s_sendmsg sendmsg(2, 1, 4)",
    "s_sendmsg sendmsg(16)",
    "s_sendmsg sendmsg(16, 8)",
    "s_sendmsg sendmsg(-1)",
    "s_sendmsg sendmsg(3+1)",
    "s_sendmsg 0x1234",
    "s_sendmsg 65536",
    "s_sendmsg s0",
    "s_sendmsghalt sendmsg(MSG_GS, GS_OP_CUT, 1)",
    "s_getreg_b32 s0, hwreg(HW_REG_MODE)",
    "s_getreg_b32 s0, hwreg(HW_REG_HW_ID)",
    "s_getreg_b32 s0, hwreg(HW_REG_SH_MEM_BASES, 1, 5)",
    "s_getreg_b32 s0, hwreg(HW_REG_TBA_LO, 0, 32)",
    "s_getreg_b32 s0, hwreg(HW_REG_TMA_HI)",
    "s_getreg_b32 s0, hwreg(HW_REG_FLAT_SCR_LO)",
    "s_getreg_b32 s0, hwreg(HW_REG_HW_ID1)",
    "s_getreg_b32 s0, hwreg(HW_REG_XNACK_MASK)",
    "s_getreg_b32 s0, hwreg(HW_REG_SHADER_CYCLES)",
    "s_getreg_b32 s0, hwreg(HW_REG_FOO)",
    "s_getreg_b32 s0, hwreg(20)",
    "s_getreg_b32 s0, 0x1234",
    "s_getreg_b32 s0, s1",
    "s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s0",
    "s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0x12345678",
    "s_setreg_imm32_b32 hwreg(HW_REG_TRAPSTS, 8, 3), 1.0",
    "s_setreg_imm32_b32 65536, 0x12345678",
};

TEST(AsmSalu, Gfx908SmemSameAsLlvmMc) {
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  AsmCompareOptions opts;
  opts.target = isa::Target::GFX908;
  EXPECT_EQ(expectSameAsLlvmMc(kSmem, opts), 0u);
}

TEST(AsmSalu, Gfx908SopSameAsLlvmMc) {
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  AsmCompareOptions opts;
  opts.target = isa::Target::GFX908;
  EXPECT_EQ(expectSameAsLlvmMc(kSop, opts), 0u);
}

// The symbolic operands on both targets: their names and checks are the target's data.
class AsmSaluSymbolic : public ::testing::TestWithParam<isa::Target> {};

TEST_P(AsmSaluSymbolic, SameAsLlvmMc) {
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  AsmCompareOptions opts;
  opts.target = GetParam();
  EXPECT_EQ(expectSameAsLlvmMc(kSymbolic, opts), 0u);
}

INSTANTIATE_TEST_SUITE_P(Targets, AsmSaluSymbolic,
                         ::testing::Values(isa::Target::GFX908, isa::Target::GFX1100),
                         [](const auto &info) {
                           return info.param == isa::Target::GFX908 ? "gfx908" : "gfx1100";
                         });

} // namespace
} // namespace gcnkit::assembler
