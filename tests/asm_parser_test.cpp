// The assembler's statement layer against llvm-mc-19: data directives, symbols, sections,
// alignment, macros, .rept/.irp/.irpc and conditionals, compared on the full listing and the
// full diagnostics (instructions are covered by the instruction tests).
#include <gtest/gtest.h>

#include <unistd.h>

#include "asm/parser.h"
#include "oracle.h"

namespace gcnkit::assembler {
namespace {

void expectSameAsLlvmMc(const std::string &src, bool amdhsa) {
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  std::string path = difftest::writeTempFile(src, ".s");
  difftest::ToolRun ref =
      difftest::runTool({"llvm-mc-19", amdhsa ? "-triple=amdgcn-amd-amdhsa" : "-arch=amdgcn",
                         "-mcpu=gfx1100", "-show-encoding", path});
  unlink(path.c_str());
  SourceManager sm;
  uint32_t buf = sm.addBuffer(path, src);
  TextStreamer out(true);
  ParserOptions opts;
  opts.amdhsa = amdhsa;
  Parser p(sm, out, nullptr, opts);
  bool ok = p.run(buf);
  EXPECT_EQ(out.text(), ref.out) << src;
  EXPECT_EQ(sm.diagnostics(), ref.err) << src;
  EXPECT_EQ(ok ? 0 : 1, ref.status) << src;
}

class AsmParserTest : public ::testing::TestWithParam<const char *> {};

TEST_P(AsmParserTest, SameAsLlvmMc) { expectSameAsLlvmMc(GetParam(), false); }

class AmdhsaTest : public ::testing::TestWithParam<const char *> {};

TEST_P(AmdhsaTest, SameAsLlvmMc) { expectSameAsLlvmMc(GetParam(), true); }

INSTANTIATE_TEST_SUITE_P(
    Snippets, AmdhsaTest,
    ::testing::Values(
        "", ".amdgcn_target \"amdgcn-amd-amdhsa--gfx1100\"\n.amdhsa_code_object_version 5\n",
        ".amdgcn_target \"amdgcn-amd-amdhsa--gfx1101\"\n.amdgcn_target \"bogus\"\n"
        ".amdgcn_target foo\n.amdhsa_code_object_version 4\n.amdhsa_code_object_version x\n",
        ".rodata\n.amdhsa_kernel k\n.amdhsa_next_free_vgpr 8\n.amdhsa_next_free_sgpr 16\n"
        ".amdhsa_user_sgpr_kernarg_segment_ptr 1\n.end_amdhsa_kernel\n",
        ".rodata\n.amdhsa_kernel k\n.end_amdhsa_kernel\n",
        ".rodata\n.amdhsa_kernel k\n.amdhsa_next_free_vgpr 1\n.end_amdhsa_kernel\n",
        ".amdhsa_kernel k\n.amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n"
        ".amdhsa_dx10_clamp 2\n.end_amdhsa_kernel\n",
        ".amdhsa_kernel k\n.amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n"
        ".amdhsa_group_segment_fixed_size 0x100000000\n.end_amdhsa_kernel\n",
        ".amdhsa_kernel k\n.amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n"
        ".amdhsa_user_sgpr_count 33\n.end_amdhsa_kernel\n",
        ".amdhsa_kernel k\n.amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n"
        ".amdhsa_bogus 1\n.end_amdhsa_kernel\n",
        ".amdhsa_kernel k\n.amdhsa_next_free_vgpr 1\n.amdhsa_next_free_vgpr 1\n"
        ".amdhsa_next_free_sgpr 1 2\n.end_amdhsa_kernel\n",
        ".amdhsa_kernel k\n.amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n"
        ".amdhsa_user_sgpr_count 1\n.amdhsa_user_sgpr_dispatch_ptr 1\n.end_amdhsa_kernel\n",
        ".amdhsa_kernel k\n.amdhsa_next_free_vgpr 1\n",
        ".rodata\n.amdhsa_kernel k\n.amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n"
        ".amdhsa_group_segment_fixed_size 1024\n.amdhsa_private_segment_fixed_size 16\n"
        ".amdhsa_kernarg_size 48\n.amdhsa_user_sgpr_dispatch_ptr 1\n"
        ".amdhsa_user_sgpr_queue_ptr 1\n.amdhsa_user_sgpr_kernarg_segment_ptr 1\n"
        ".amdhsa_user_sgpr_dispatch_id 1\n.amdhsa_user_sgpr_private_segment_size 1\n"
        ".amdhsa_enable_private_segment 1\n.amdhsa_system_sgpr_workgroup_id_y 1\n"
        ".amdhsa_system_sgpr_workgroup_id_z 1\n.amdhsa_system_sgpr_workgroup_info 1\n"
        ".amdhsa_system_vgpr_workitem_id 2\n.amdhsa_shared_vgpr_count 3\n"
        ".amdhsa_exception_int_div_zero 1\n.amdhsa_uses_dynamic_stack 1\n"
        ".amdhsa_float_round_mode_32 3\n.amdhsa_float_round_mode_16_64 2\n"
        ".amdhsa_float_denorm_mode_32 1\n.amdhsa_float_denorm_mode_16_64 0\n"
        ".amdhsa_dx10_clamp 0\n.amdhsa_ieee_mode 0\n.amdhsa_fp16_overflow 1\n"
        ".amdhsa_workgroup_processor_mode 0\n.amdhsa_memory_ordered 0\n"
        ".amdhsa_forward_progress 1\n.amdhsa_wavefront_size32 0\n.end_amdhsa_kernel\n",
        ".section .foo\n.section .bar,\"a\"\n.section .baz,\"aw\",@nobits\n"
        ".section .note,\"\",@note\n.bss\n.section .data\n"
        ".section .text.k,\"ax\",@progbits\n.section .rodata.str,\"aMS\",@progbits,1\n"
        ".section .foo\n.text\n.text\n.rodata\n.section .rodata\n"));

INSTANTIATE_TEST_SUITE_P(
    Snippets, AsmParserTest,
    ::testing::Values(
        ".byte 1,2 , 3\n.byte -1\n.byte 255\n.short -1\n.short 65535, 1\n",
        ".long 0xffffffff\n.quad 0x123456789abcdef0\n.2byte 5\n.4byte 6\n.8byte 7\n.int 8\n"
        ".value 10\n",
        ".hword 9\n.word 11\n", ".ascii \"ab\\n\"\n.asciz \"cd\"\n.string \"ef\"\n",
        ".zero 3\n.skip 2, 0xff\n.space 4\n.fill 2\n.fill 2, 2\n.fill 2, 4, -1\n",
        ".balign 16\n.balign 16, 0xff\n.p2align 3, 0, 4\n.align 8\n",
        ".ifdef x\n.byte 1\n.endif\n.ifndef x\n.byte 2\n.endif\n.ifeq 0\n.byte 3\n.endif\n"
        ".ifne 0\n.byte 4\n.elseif 1\n.byte 5\n.endif\n",
        ".irpc c, 123\n.byte \\c\n.endr\n",
        ".equ z, 3\n.equiv w, 4\n.byte z, w\nx = 5\n.set y, x + 1\n.long y\n",
        ".data\n.byte 1\n.text\n.byte 3\n.local q\n.weak r\n.global s\n.globl t, u\n",
        ".byte 256\n.byte -129\n.short 65536\n.long 1 +\n.long (1\n",
        ".p2align 40\n.if 1\n.byte 1\n.byte 2 +\n.ascii x\n.set 1, 2\n",
        ".macro m a b\n.byte \\a, \\b\n.endm\nm 1 2\nm 3, 4\n",
        ".macro n a=5, b:req\n.byte \\a\\()0, \\b\n.endm\nn , 6\nn 7, 8\n",
        ".macro k\n.byte \\@\n.endm\nk\nk\n",
        ".macro v a, rest:vararg\n.byte \\a\n.byte \\rest\n.endm\nv 1, 2, 3\n",
        ".macro\n.rept 0\n.byte 9\n.endr\n.rept -1\n.byte 9\n.endr\n",
        ".rept 3\n.byte 1\n.endr\n.irp r, 4, 5\n.short \\r\n.endr\n",
        ".if 1 > 2\n.byte 1\n.else\n.byte 2\n.endif\n",
        ".if 0\n.if 1\n.byte 1\n.else\n.byte 2\n.endif\n.else\n.byte 3\n.endif\n",
        ".else\n.endif\n.byte 1 ; comment\n.byte 2 // comment\n# line comment\n",
        ".byte 2 /* c */ , 3\n/* multi\nline */ .byte 4\n.byte 5 ;; x\n", ".if x\n.endif\n.foo\n",
        ".macro bad a\n  .byte \\a\n.endm\n  bad 300\n.rept 2\n  .byte 1000\n.endr\n",
        "foo:\n.long foo\n.long foo+4\n",
        "a:\n.long 1\nb:\n.long b - a\n.long 4*(b-a)\n.long c - b\nc:\n.size a, b - a\n"
        ".size b, .-b\n.set q, b - a\n.long q\n.p2align 3\n.long .-a\n",
        "1:\n.long 1b\n.long 1f\n1:\n.long 1b\n2: .long 2b, 3f\n3:\n.long .\n.long . + 4\n"
        "foo = .\n.long foo\n.set bar, . - 4\n.long 9b\n",
        ".globl k\n.type k,@function\n.type d,@object\n.type e,%function\n"
        ".type f,\"object\"\n.type g,STT_FUNC\nk:\n.size k, 4\n",
        ".long 2f - 1f\n1: .long 0\n2:\n"));

} // namespace
} // namespace gcnkit::assembler
