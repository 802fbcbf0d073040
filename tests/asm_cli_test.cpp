// `gcnkit asm` against llvm-mc-19, as processes: the same source and flags must give the same
// listing on standard output, the same diagnostics on standard error, the same exit status and,
// with -filetype=obj, the same object file byte for byte.
#include <gtest/gtest.h>

#include <unistd.h>

#include <fstream>
#include <sstream>

#include "oracle.h"

namespace gcnkit {
namespace {

using difftest::ToolRun;

std::string readFile(const std::string &path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  return std::move(ss).str();
}

// The same source through both tools, with these flags (llvm-mc also gets -mcpu=gfx1100, and
// -arch=amdgcn unless a triple is given).
struct Runs {
  ToolRun gcnkit, llvm;
  std::string gcnkitObject, llvmObject;
};

Runs runBoth(const std::string &source, std::vector<std::string> flags, bool object = false) {
  const std::string path = difftest::writeTempFile(source, ".s");
  bool hasTriple = false;
  for (const std::string &f : flags)
    hasTriple = hasTriple || f.starts_with("-triple");
  std::vector<std::string> mine{GCNKIT_BINARY, "asm"};
  std::vector<std::string> theirs{"llvm-mc-19", "-mcpu=gfx1100"};
  if (!hasTriple)
    theirs.push_back("-arch=amdgcn");
  for (const std::string &f : flags) {
    mine.push_back(f);
    theirs.push_back(f);
  }
  Runs r;
  if (object) {
    mine.insert(mine.end(), {"-filetype=obj", "-o", path + ".gcnkit.o"});
    theirs.insert(theirs.end(), {"-filetype=obj", "-o", path + ".llvm.o"});
  }
  mine.push_back(path);
  theirs.push_back(path);
  r.gcnkit = difftest::runTool(mine);
  r.llvm = difftest::runTool(theirs);
  if (object) {
    r.gcnkitObject = readFile(path + ".gcnkit.o");
    r.llvmObject = readFile(path + ".llvm.o");
    unlink((path + ".gcnkit.o").c_str());
    unlink((path + ".llvm.o").c_str());
  }
  unlink(path.c_str());
  return r;
}

std::string firstDifference(const std::string &a, const std::string &b) {
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i)
    if (a[i] != b[i])
      return "first difference at byte " + std::to_string(i);
  return "sizes " + std::to_string(a.size()) + " vs " + std::to_string(b.size());
}

void expectSameListing(const std::string &source, const std::vector<std::string> &flags) {
  Runs r = runBoth(source, flags);
  EXPECT_EQ(r.gcnkit.out, r.llvm.out) << source;
  EXPECT_EQ(r.gcnkit.err, r.llvm.err) << source;
  EXPECT_EQ(r.gcnkit.status, r.llvm.status) << source;
}

void expectSameObject(const std::string &source, const std::vector<std::string> &flags) {
  Runs r = runBoth(source, flags, true);
  EXPECT_EQ(r.gcnkit.err, r.llvm.err) << source;
  EXPECT_EQ(r.gcnkit.status, r.llvm.status) << source;
  EXPECT_TRUE(r.gcnkitObject == r.llvmObject) << source << "\n"
                                              << firstDifference(r.gcnkitObject, r.llvmObject);
}

// ---- Sources --------------------------------------------------------------------------------

// Branches, literals naming labels and symbols, local labels, relocation variants.
const char *const kFixups = R"(s_branch label
s_nop 0
label:
s_cbranch_scc0 .LBB0_2
s_cbranch_execz 1f
1:
s_mov_b32 s0, sym
s_mov_b32 s0, sym+4
s_mov_b32 s0, sym-4
s_add_u32 s0, s1, label-.LBB0_2
s_mov_b32 s0, label
s_mov_b32 s0, (sym)
s_mov_b32 s0, sym*2
s_and_b32 s0, sym, 0x12
.LBB0_2:
s_getpc_b64 s[0:1]
s_add_u32 s0, s0, ext@rel32@lo+4
s_addc_u32 s1, s1, ext@rel32@hi+12
s_add_u32 s0, s0, ext@abs32@lo
s_add_u32 s0, s0, ext@abs32@hi
s_add_u32 s0, s0, ext@gotpcrel32@lo+4
s_add_u32 s0, s0, ext@gotpcrel32@hi+4
s_add_u32 s0, s0, label@rel32@lo+4
s_add_u32 s0, s0, label@abs32@lo
s_branch 1b
s_cbranch_vccnz label
s_mov_b32 s0, gsym
.globl gsym
gsym:
s_mov_b32 s0, later
later = 5
s_mov_b32 s0, lab2
.set lab2, label
s_mov_b32 s0, lab3 - label
lab3:
s_branch gsym
s_branch .
s_mov_b32 s0, .+8
.macro jump target
s_branch \target
.endm
jump lab3
s_mov_b32 s0, 4+sym
s_sub_u32 s0, lab3, 5
s_cmp_eq_u32 lab3, s0
s_setpc_b64 s[0:1]
)";

const char *const kAbsoluteSymbols = R"(abs = 5
s_mov_b32 s0, abs
s_mov_b32 s0, abs+100
s_movk_i32 s1, abs*2
s_branch abs
s_branch 3
x = abs - 7
s_add_u32 s0, s1, x
)";

const char *const kSections = R"(.text
s_branch other
s_branch gl
.globl gl
gl:
s_nop 0
.section .text.b,"ax",@progbits
other:
s_nop 0
s_branch weakx
.weak weakx
weakx:
s_endpgm
.data
d:
.long other
.long gl + 4
.p2align 3
.quad d
.section .rodata
.p2align 4
.byte 1
.p2align 4, 0x55
.p2align 4,,8
.text
.p2align 4
.p2align 4,,8
)";

const char *const kKernel = R"(.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
.text
.globl k
.p2align 8
.type k,@function
k:
s_load_b64 s[0:1], s[0:1], 0x10
s_cmp_eq_u32 s2, 0
s_cbranch_scc1 .LBB0_2
s_mov_b32 s3, 0x12345678
.LBB0_2:
s_endpgm
.Lfunc_end0:
.size k, .Lfunc_end0-k
.rodata
.p2align 6
.amdhsa_kernel k
.amdhsa_next_free_vgpr 8
.amdhsa_next_free_sgpr 16
.amdhsa_user_sgpr_kernarg_segment_ptr 1
.end_amdhsa_kernel
)";

const char *const kMetadata = R"(.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .name:           out
        .offset:         0
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
        .access:         read_only
        .is_const:       true
      - .offset: 8
        .size: 4
        .value_kind: by_value
        .type_name: int
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 12
    .language:       OpenCL C
    .language_version:
      - 1
      - 2
    .max_flat_workgroup_size: 256
    .name:           k
    .private_segment_fixed_size: 0
    .reqd_workgroup_size: [64, 1, 1]
    .sgpr_count:     16
    .sgpr_spill_count: 0
    .symbol:         k.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     8
    .vgpr_spill_count: 0
    .wavefront_size: 32
    .workgroup_processor_mode: 1
    .custom_negative: -3
    .custom_hex: 0x10
    .custom_octal: 017
    .custom_big: 4294967296
    .custom_min: -9223372036854775808
    .custom_bools: [y, No, on, OFF, TRUE, false]
    .custom_float: 1.5
    .custom_tilde: ~
    .custom_null: null
    .custom_quoted_int: "12"
    .custom_str_tag: !str 5
    .custom_nil_tag: !nil x
    .custom_other_tag: !!int "7"
    .custom_empty:
    .custom_empty_string: ''
    .custom_map: {b: 1, a: {c: [1, 2]}}
    .custom_list_of_maps: [{x: 1, y: 2}, {}]
    .custom_long_string: abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz
    .custom_quoting: ["a:b", "-x", "a b", "a#b", "a'b", "x\ny", Null, '.inf', 1_000]
amdhsa.printf:
  - '1:1:4:%d\n'
amdhsa.target:   amdgcn-amd-amdhsa--gfx1100
amdhsa.version:
  - 1
  - 2
...
.end_amdgpu_metadata
)";

std::string kernelWithMetadata() { return std::string(kKernel) + kMetadata; }

// ---- Listings -------------------------------------------------------------------------------

TEST(AsmCli, ListingOfFixups) {
  expectSameListing(kFixups, {"-show-encoding"});
  expectSameListing(kFixups, {});
  expectSameListing(kFixups, {"-triple=amdgcn-amd-amdhsa", "--show-encoding"});
}

TEST(AsmCli, ListingOfAbsoluteSymbolsAndSections) {
  expectSameListing(kAbsoluteSymbols, {"-show-encoding"});
  expectSameListing(kSections, {"-show-encoding"});
}

TEST(AsmCli, ListingOfKernelAndMetadata) {
  for (const char *version : {"4", "5", "6"})
    expectSameListing(kernelWithMetadata(),
                      {"-triple=amdgcn-amd-amdhsa", "-show-encoding",
                       std::string("--amdhsa-code-object-version=") + version});
  expectSameListing(".amdgpu_metadata\namdhsa.version: [1, 2]\namdhsa.kernels: []\n"
                    ".end_amdgpu_metadata\ns_nop 0\n",
                    {"-triple=amdgcn-amd-amdhsa", "-show-encoding"});
}

// ---- Objects --------------------------------------------------------------------------------

TEST(AsmCli, ObjectsWithFixups) {
  for (const char *triple : {"-arch=amdgcn", "-triple=amdgcn-amd-amdhsa"}) {
    expectSameObject(kFixups, {triple});
    expectSameObject(kAbsoluteSymbols, {triple});
    expectSameObject(kSections, {triple});
  }
}

TEST(AsmCli, BranchOffsets) {
  // Backward and forward, from unaligned positions (the offset is truncated toward zero).
  expectSameObject("s_nop 0\n.byte 1,2\n1:\n.byte 3\ns_branch 1b\n", {});
  expectSameObject("s_branch 1f\n.byte 1\n1:\n s_branch 2f\n.fill 32767,4,0\n2:\n", {});
  expectSameObject("1:\n.fill 32768,4,0\ns_branch 1b\n", {});
}

TEST(AsmCli, ObjectsOfKernelAndMetadata) {
  for (const char *version : {"4", "5", "6"}) {
    const std::string v = std::string("--amdhsa-code-object-version=") + version;
    expectSameObject(kKernel, {"-triple=amdgcn-amd-amdhsa", v});
    expectSameObject(kernelWithMetadata(), {"-triple=amdgcn-amd-amdhsa", v});
  }
  // Without .amdgpu_metadata there is no note.
  expectSameObject("s_endpgm\n", {"-triple=amdgcn-amd-amdhsa"});
  // The note section comes where the block is; the current section stays.
  expectSameObject(std::string(".data\n.long 1\n") + kMetadata + ".long 2\n",
                   {"-triple=amdgcn-amd-amdhsa"});
}

// ---- Errors ---------------------------------------------------------------------------------

TEST(AsmCli, FixupErrors) {
  expectSameObject("s_branch far\n.fill 40000, 4, 0\nfar:\n", {});
  expectSameObject("  s_branch undefined_label\n", {});
  expectSameObject(".globl ext\ns_cbranch_scc0 ext\n", {});
  expectSameObject("s_mov_b32 s0, -sym\n", {});
  expectSameObject("s_mov_b32 s0, a - b\na:\n.data\nb:\n", {});
  expectSameObject("s_mov_b32 s0, a-(b+4)\na:\n", {});
  expectSameObject("s_mov_b32 s0, (a+b)*2\ns_mov_b32 s0, ~sym\ns_mov_b32 s0, sym>>2\n", {});
  // A source error: no fixup is resolved and no object written.
  expectSameObject("s_branch far\ns_bogus\n", {});
}

TEST(AsmCli, MetadataErrors) {
  const std::string head = ".amdgpu_metadata\n";
  const std::string tail = ".end_amdgpu_metadata\n";
  const std::vector<std::string> hsa{"-triple=amdgcn-amd-amdhsa"};
  expectSameListing(head, hsa);        // no end
  expectSameListing(head + tail, hsa); // empty
  expectSameListing(head + "amdhsa.version: [1]\namdhsa.kernels: []\n" + tail, hsa);
  expectSameListing(head + "amdhsa.kernels: []\n" + tail, hsa); // no version
  expectSameListing(head + "amdhsa.version: [1, 2]\namdhsa.kernels: [{.name: \"n\"}]\n" + tail,
                    hsa); // "n" is a bool
  expectSameListing(head + "amdhsa.version: [1, 2]\namdhsa.kernels: []\nx: !int y\n" + tail,
                    hsa); // bad !int
  expectSameListing(head + "amdhsa.version: [1, 2]\namdhsa.kernels: []\nx: !bool 5\n" + tail, hsa);
  // Required kernel fields, argument kinds and address spaces.
  const std::string kernel = "amdhsa.version: [1, 2]\namdhsa.kernels:\n  - .name: k\n"
                             "    .symbol: k.kd\n    .kernarg_segment_size: 0\n"
                             "    .group_segment_fixed_size: 0\n"
                             "    .private_segment_fixed_size: 0\n"
                             "    .kernarg_segment_align: 4\n    .wavefront_size: 32\n"
                             "    .sgpr_count: 1\n    .vgpr_count: 1\n";
  expectSameListing(head + kernel + tail, hsa); // .max_flat_workgroup_size missing
  expectSameListing(head + kernel + "    .max_flat_workgroup_size: 64\n" + tail, hsa);
  expectSameListing(head + kernel +
                        "    .max_flat_workgroup_size: 64\n    .args:\n      - .offset: 0\n"
                        "        .size: 8\n        .value_kind: nonsense\n" +
                        tail,
                    hsa);
  expectSameListing(head + kernel +
                        "    .max_flat_workgroup_size: 64\n    .args:\n      - .offset: 0\n"
                        "        .size: 8\n        .value_kind: global_buffer\n"
                        "        .address_space: nowhere\n" +
                        tail,
                    hsa);
}

// ---- The command line -----------------------------------------------------------------------

TEST(AsmCli, UnknownFlagIsRejected) {
  ToolRun r = difftest::runTool({GCNKIT_BINARY, "asm", "-foo", "/dev/null"});
  ToolRun llvm = difftest::runTool({"llvm-mc-19", "-arch=amdgcn", "-foo", "/dev/null"});
  EXPECT_EQ(r.status, llvm.status);
  EXPECT_EQ(r.err, "gcnkit asm: Unknown command line argument '-foo'.  Try: 'gcnkit asm --help'\n");
}

TEST(AsmCli, MissingFile) {
  ToolRun r = difftest::runTool({GCNKIT_BINARY, "asm", "/nonexistent/x.s"});
  ToolRun llvm = difftest::runTool({"llvm-mc-19", "-arch=amdgcn", "/nonexistent/x.s"});
  EXPECT_EQ(r.status, llvm.status);
  EXPECT_EQ(r.err, "gcnkit asm: error: /nonexistent/x.s: No such file or directory\n");
  EXPECT_EQ(llvm.err, "llvm-mc-19: error: /nonexistent/x.s: No such file or directory\n");
}

TEST(AsmCli, OtherTargetsAreRejected) {
  for (const char *flag :
       {"-mcpu=gfx90a", "-mcpu=gfx1100:xnack+", "-arch=r600", "-triple=amdgcn-amd-amdpal"}) {
    ToolRun r = difftest::runTool({GCNKIT_BINARY, "asm", flag, "/dev/null"});
    EXPECT_EQ(r.status, 2) << flag;
    EXPECT_NE(r.err.find("unsupported"), std::string::npos) << flag;
  }
}

TEST(AsmCli, BadFlagValues) {
  for (std::vector<std::string> flags :
       {std::vector<std::string>{"-filetype=foo"}, {"--amdhsa-code-object-version=foo"}}) {
    Runs r = runBoth("s_nop 0\n", flags);
    EXPECT_EQ(r.gcnkit.status, r.llvm.status) << flags[0];
    EXPECT_EQ(r.gcnkit.out, "");
  }
  // An unknown feature is a warning, as with llvm-mc.
  Runs r = runBoth("s_nop 0\n", {"-mattr=+foo"});
  EXPECT_EQ(r.gcnkit.status, 0);
  EXPECT_EQ(r.gcnkit.out, r.llvm.out);
  EXPECT_NE(r.gcnkit.err.find("'+foo' is not a recognized feature"), std::string::npos);
  r = runBoth("s_nop 0\n", {"-mattr=+wavefrontsize64,-wavefrontsize32", "-show-encoding"});
  EXPECT_EQ(r.gcnkit.out, r.llvm.out);
  EXPECT_EQ(r.gcnkit.err, r.llvm.err);
}

TEST(AsmCli, StandardInputAndOutputFile) {
  const std::string source = "s_branch l\nl:\ns_bogus\n";
  const std::string path = difftest::writeTempFile(source, ".s");
  ToolRun mine =
      difftest::runTool({"sh", "-c", std::string(GCNKIT_BINARY) + " asm -show-encoding < " + path});
  ToolRun theirs = difftest::runTool(
      {"sh", "-c", "llvm-mc-19 -arch=amdgcn -mcpu=gfx1100 -show-encoding < " + path});
  EXPECT_EQ(mine.out, theirs.out);
  EXPECT_EQ(mine.err, theirs.err); // "<stdin>:3:1: error: ..."
  EXPECT_EQ(mine.status, theirs.status);
  // -o FILE gets the listing; "-" is standard output.
  const std::string out = path + ".lst";
  ToolRun toFile = difftest::runTool({GCNKIT_BINARY, "asm", "-show-encoding", "-o", out, path});
  ToolRun toStdout = difftest::runTool({GCNKIT_BINARY, "asm", "-show-encoding", "-o", "-", path});
  EXPECT_EQ(readFile(out), theirs.out);
  EXPECT_EQ(toStdout.out, theirs.out);
  EXPECT_EQ(toFile.status, 1);
  unlink(out.c_str());
  unlink(path.c_str());
}

TEST(AsmCli, HelpListsTheOptions) {
  ToolRun r = difftest::runTool({GCNKIT_BINARY, "asm", "--help"});
  EXPECT_EQ(r.status, 0);
  for (const char *option : {"-show-encoding", "-filetype", "-mattr", "-triple", "-mcpu",
                             "-o=", "-amdhsa-code-object-version"})
    EXPECT_NE(r.out.find(option), std::string::npos) << option;
}

} // namespace
} // namespace gcnkit
