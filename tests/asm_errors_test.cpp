// Assembler diagnostics against llvm-mc-19: for statements llvm-mc rejects, gcnkit must reject
// them too, with the same message at the same column.
#include <gtest/gtest.h>

#include <set>

#include "expect_asm_llvm_mc.h"

namespace gcnkit::assembler {
namespace {

const char *kStatements[] = {
    "s_mov_b32 s0",
    "s_mov_b32 s0, s1, s2",
    "s_mov_b32 v0, s1",
    "s_mov_b32 s0, v1",
    "s_bogus s0",
    "s_movk_i32 s0, 0x12345",
    "s_movk_i32 s0, -32769",
    "s_nop",
    "s_branch 0x10000",
    "s_branch -32769",
    "s_endpgm 0x10000",
    "s_load_b32 s0, s[2:3], 0x100000",
    "s_buffer_load_b32 s0, s[4:7], -1",
    "s_buffer_load_b32 s0, s[4:7], s1 offset:-1",
    "s_load_b32 s0, s[2:3], 0x10 offset:4",
    "s_load_b32 m0, s[2:3], 0",
    "s_load_b64 exec, s[2:3], 0",
    "s_buffer_load_b32 s0, null, 0",
    "s_waitcnt_vscnt s30, 0x1",
    "s_cmpk_eq_u32 s0, -1",
    "s_getreg_b32 s0, hwreg(HW_REG_MODE, 2)",
    "s_getreg_b32 s0, hwreg(HW_REG_BOGUS)",
    "s_getreg_b32 s0, hwreg(64)",
    "s_getreg_b32 s0, hwreg(1, 32, 1)",
    "s_getreg_b32 s0, hwreg(1, 0, 33)",
    "s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)",
    "s_sendmsg sendmsg(MSG_BOGUS)",
    "s_sendmsg sendmsg(1, 8, 0)",
    "s_sendmsg sendmsg(256)",
    "s_waitcnt vmcnt(64)",
    "s_waitcnt vmcnt(x)",
    "s_waitcnt expcnt(8)",
    "s_delay_alu instid0(BOGUS)",
    "s_waitcnt_depctr depctr_va_vdst(16)",
    "s_mov_b64 s[0:1], s[1:2]",
    "s_mov_b32 s0, s106",
    "s_mov_b32 s0, 0x1ffffffff",
    "s_mov_b64 s[0:1], 1.5",
    "s_add_u32 s0, 0x12345678, 0x12345679",
};

TEST(AsmErrors, SameMessageAndColumnAsLlvmMc) {
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  std::vector<std::string> statements(std::begin(kStatements), std::end(kStatements));
  // Every statement is one llvm-mc rejects.
  for (const LlvmMcStatement &s : llvmMcStatements(statements))
    ASSERT_FALSE(s.ok) << s.bytes;
  EXPECT_EQ(expectSameAsLlvmMc(statements), 0u);
}

// Every spelling of every row's mnemonic with each suffix that forces an encoding, without
// operands: llvm-mc reports an encoding the instruction does not have whatever the operands
// ("e64 variant of this instruction is not supported" for s_and_b32_e64, ds_load_b32_dpp,
// lds_param_load_sdwa), else the missing operands.
TEST(AsmErrors, EncodingSuffixesOfEveryRow) {
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  for (isa::Target target : {isa::Target::GFX1100, isa::Target::GFX908}) {
    std::set<std::string> statements;
    for (const isa::InstrDesc &d : isa::instructions(target)) {
      // VOPD halves are written in pairs (vopd_match); gfx908's v_nop has DPP and SDWA forms
      // its row does not record.
      if (d.format == isa::Format::VOPD || (target == isa::Target::GFX908 && d.name == "v_nop"))
        continue;
      std::string_view base = d.name;
      if (base.ends_with("_e32") || base.ends_with("_e64"))
        base.remove_suffix(4);
      for (const char *suffix : {"", "_e32", "_e64", "_dpp", "_e64_dpp", "_sdwa"})
        statements.insert(std::string(base) + suffix);
    }
    AsmCompareOptions o;
    o.target = target;
    const std::vector<std::string> list(statements.begin(), statements.end());
    EXPECT_EQ(expectSameAsLlvmMc(list, o), 0u) << isa::processorName(target);
  }
}

} // namespace
} // namespace gcnkit::assembler
