// Object output against llvm-mc-19 -filetype=obj: the same source must give a byte-identical ELF
// file -- directives through the parser alone, and instructions whose fixups (branch targets,
// literals naming symbols) the object writer resolves or relocates.
#include <gtest/gtest.h>

#include <unistd.h>

#include <fstream>
#include <sstream>

#include "asm/parser.h"
#include "elf/assemble.h"
#include "elf/object_streamer.h"
#include "oracle.h"

namespace gcnkit::assembler {
namespace {

std::string readFile(const std::string &path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  return std::move(ss).str();
}

std::string hexDiff(const std::string &a, const std::string &b) {
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i)
    if (a[i] != b[i])
      return "first difference at byte " + std::to_string(i);
  return "sizes " + std::to_string(a.size()) + " vs " + std::to_string(b.size());
}

struct ObjectCase {
  const char *source;
  bool amdhsa;
};

class AsmObjectTest : public ::testing::TestWithParam<ObjectCase> {};

TEST_P(AsmObjectTest, SameBytesAsLlvmMc) {
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  const ObjectCase &c = GetParam();
  std::string path = difftest::writeTempFile(c.source, ".s");
  std::string obj = path + ".o";
  difftest::ToolRun mc =
      difftest::runTool({"llvm-mc-19", c.amdhsa ? "-triple=amdgcn-amd-amdhsa" : "-arch=amdgcn",
                         "-mcpu=gfx1100", "-filetype=obj", path, "-o", obj});
  ASSERT_EQ(mc.status, 0) << mc.err;
  std::string want = readFile(obj);
  unlink(path.c_str());
  unlink(obj.c_str());

  SourceManager sm;
  elf::ObjectOptions oo;
  oo.amdhsa = c.amdhsa;
  elf::ObjectStreamer out(sm, oo);
  ParserOptions po;
  po.amdhsa = c.amdhsa;
  Parser p(sm, out, nullptr, po);
  ASSERT_TRUE(p.run(sm.addBuffer("x.s", c.source))) << sm.diagnostics();
  std::string got = out.finish(p.codeObjectVersion());
  EXPECT_TRUE(sm.diagnostics().empty()) << sm.diagnostics();
  EXPECT_EQ(got == want, true) << c.source << "\n" << hexDiff(got, want);
}

INSTANTIATE_TEST_SUITE_P(
    Sources, AsmObjectTest,
    ::testing::Values(
        ObjectCase{"", false}, ObjectCase{"", true}, ObjectCase{".text\n.long 1\n", false},
        ObjectCase{"a:\n.long 1\nb:\n.long b - a\n.long 4*(b-a)\n.long c - b\nc:\n"
                   ".size a, b - a\n.size b, .-b\n.set q, b - a\n.long q\n.p2align 3\n"
                   ".long .-a\n",
                   false},
        ObjectCase{".text\nzz:\n.long 0xbf800000\naa:\n.globl gz\ngz:\n.globl ga\nga:\n"
                   ".long 0xbfb00000\n.data\nd:\n.long zz\n.long gz + 4\n.quad ga\n"
                   ".section .rodata\nr:\n.long aa - zz\n.long undefined_sym\n",
                   true},
        ObjectCase{".text\n.long 0xbf800000\n.p2align 4\n.long 0xbfb00000\n.data\n.byte 1\n"
                   ".p2align 3\n.byte 2\n.rodata\n.byte 3\n.balign 8, 0x55\n.byte 4\n",
                   true},
        ObjectCase{".amdgcn_target \"amdgcn-amd-amdhsa--gfx1100\"\n"
                   ".amdhsa_code_object_version 5\n.text\n.globl k\n.p2align 8\n"
                   ".type k,@function\nk:\n.long 0xbfb00000\n.rodata\n.p2align 6\n"
                   ".amdhsa_kernel k\n.amdhsa_next_free_vgpr 8\n.amdhsa_next_free_sgpr 16\n"
                   ".amdhsa_user_sgpr_kernarg_segment_ptr 1\n.end_amdhsa_kernel\n",
                   true},
        ObjectCase{".amdhsa_code_object_version 4\n.text\n.globl k1, k2\n.p2align 8\n"
                   ".type k1,@function\nk1:\n.long 0xbfb00000\n.p2align 8\n"
                   ".type k2,@function\nk2:\n.long 0xbfb00000\n.size k2, .-k2\n.rodata\n"
                   ".p2align 6\n.amdhsa_kernel k1\n.amdhsa_next_free_vgpr 8\n"
                   ".amdhsa_next_free_sgpr 16\n.end_amdhsa_kernel\n.amdhsa_kernel k2\n"
                   ".amdhsa_next_free_vgpr 32\n.amdhsa_next_free_sgpr 16\n"
                   ".end_amdhsa_kernel\n",
                   true},
        ObjectCase{".data\n.ascii \"hello\"\n.asciz \"x\"\n.zero 3\n.fill 2, 2, 0x1234\n"
                   ".section .bss,\"aw\",@nobits\n.zero 16\n.section .foo,\"aMS\",@progbits,1\n"
                   ".byte 1\nx = 5\n.weak w\n.long w\n.local l\n",
                   false}),
    [](const ::testing::TestParamInfo<ObjectCase> &info) {
      return "case" + std::to_string(info.index);
    });

// Whole sources with instructions, through the `gcnkit asm` path.
class AsmObjectFixupTest : public ::testing::TestWithParam<ObjectCase> {};

TEST_P(AsmObjectFixupTest, SameBytesAsLlvmMc) {
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  const ObjectCase &c = GetParam();
  std::string path = difftest::writeTempFile(c.source, ".s");
  std::string obj = path + ".o";
  difftest::ToolRun mc =
      difftest::runTool({"llvm-mc-19", c.amdhsa ? "-triple=amdgcn-amd-amdhsa" : "-arch=amdgcn",
                         "-mcpu=gfx1100", "-filetype=obj", path, "-o", obj});
  ASSERT_EQ(mc.status, 0) << mc.err;
  std::string want = readFile(obj);
  unlink(path.c_str());
  unlink(obj.c_str());
  elf::AssembleOptions ao;
  ao.amdhsa = c.amdhsa;
  ao.object = true;
  elf::AssembleResult got = elf::assemble("x.s", c.source, ao);
  ASSERT_TRUE(got.ok) << got.diagnostics;
  EXPECT_EQ(got.output == want, true) << c.source << "\n" << hexDiff(got.output, want);
}

constexpr const char *kBranches = "s_branch l1\ns_nop 0\nl1:\ns_cbranch_scc0 .LBB0_2\n"
                                  "s_cbranch_execz 1f\n1:\ns_branch 1b\n.LBB0_2:\ns_endpgm\n";
constexpr const char *kLiterals =
    "s_mov_b32 s0, sym\ns_mov_b32 s0, sym+4\ns_mov_b32 s0, sym-4\nl1:\n"
    "s_add_u32 s0, s1, l2-l1\ns_mov_b32 s0, l1\ns_and_b32 s0, sym, 0x12\nl2:\n"
    "s_mov_b32 s0, later\nlater = 5\n.globl g\ng:\ns_mov_b32 s0, g\n";
constexpr const char *kVariants =
    "s_getpc_b64 s[0:1]\ns_add_u32 s0, s0, ext@rel32@lo+4\ns_addc_u32 s1, s1, ext@rel32@hi+12\n"
    "s_add_u32 s0, s0, ext@abs32@lo\ns_add_u32 s0, s0, ext@gotpcrel32@lo+4\n"
    "s_add_u32 s0, s0, ext@gotpcrel+4\nl:\ns_add_u32 s0, s0, l@rel32@lo+4\n";
constexpr const char *kAcrossSections =
    "s_branch other\ns_branch gl\n.globl gl\ngl:\ns_nop 0\n"
    ".section .text.b,\"ax\",@progbits\nother:\ns_nop 0\ns_branch w\n.weak w\nw:\n"
    ".data\n.long other\n";

INSTANTIATE_TEST_SUITE_P(
    Sources, AsmObjectFixupTest,
    ::testing::Values(ObjectCase{kBranches, false}, ObjectCase{kBranches, true},
                      ObjectCase{kLiterals, false}, ObjectCase{kLiterals, true},
                      ObjectCase{kVariants, false}, ObjectCase{kVariants, true},
                      ObjectCase{kAcrossSections, false}, ObjectCase{kAcrossSections, true}),
    [](const ::testing::TestParamInfo<ObjectCase> &info) {
      return "case" + std::to_string(info.index);
    });

} // namespace
} // namespace gcnkit::assembler
