// Hostile and malformed assembler input: unterminated blocks, numbers too large for any field,
// huge repeat counts and sizes, deep nesting, recursion, binary garbage. Each must end quickly
// with a clear error and never crash, hang or allocate without bound. Where llvm-mc-19 behaves
// (an error, or a result), gcnkit must give the same listing and diagnostics; where it crashes,
// hangs or runs out of memory, gcnkit must report the error named here.
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <random>
#include <set>

#include "elf/assemble.h"
#include "oracle.h"

namespace gcnkit::assembler {
namespace {

// Every case must finish within this, in both output modes. Sanitizer builds run about ten
// times slower (the nested .rept case assembles 16 MiB of expansions before its error: 0.45 s
// in Release, 4.5 s under ASan), so they get a proportionally larger bound.
#if defined(__SANITIZE_ADDRESS__)
constexpr auto kTimeLimit = std::chrono::seconds(50);
#else
constexpr auto kTimeLimit = std::chrono::seconds(5);
#endif

elf::AssembleResult assembleTimed(const std::string &source, bool object) {
  const auto start = std::chrono::steady_clock::now();
  elf::AssembleResult r = elf::assemble("bad.s", source, {.object = object, .showEncoding = true});
  EXPECT_LT(std::chrono::steady_clock::now() - start, kTimeLimit)
      << (object ? "object" : "listing") << " mode too slow";
  return r;
}

// The listing and the diagnostics of llvm-mc-19 -show-encoding, file name included.
void expectSameAsLlvmMc(const std::string &source) {
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  std::string path = difftest::writeTempFile(source, ".s");
  difftest::ToolRun ref =
      difftest::runTool({"llvm-mc-19", "-arch=amdgcn", "-mcpu=gfx1100", "-show-encoding", path});
  unlink(path.c_str());
  const auto start = std::chrono::steady_clock::now();
  elf::AssembleResult got = elf::assemble(path, source, {.showEncoding = true});
  EXPECT_LT(std::chrono::steady_clock::now() - start, kTimeLimit);
  EXPECT_EQ(got.output, ref.out);
  EXPECT_EQ(got.diagnostics, ref.err);
  EXPECT_EQ(got.ok, ref.status == 0);
  // The object path must survive it too (and agree that it is an error).
  elf::AssembleResult object = assembleTimed(source, true);
  if (!got.ok) {
    EXPECT_FALSE(object.ok);
  }
}

// llvm-mc crashes, hangs or exhausts memory on these: gcnkit reports `message`, in the listing
// unless `objectOnly` (what only the object writer would have to hold in memory).
void expectError(const std::string &source, const std::string &message, bool objectOnly = false) {
  for (bool object : {false, true}) {
    elf::AssembleResult r = assembleTimed(source, object);
    if (objectOnly && !object) {
      EXPECT_TRUE(r.ok) << r.diagnostics.substr(0, 2000);
      continue;
    }
    EXPECT_FALSE(r.ok) << (object ? "object" : "listing");
    EXPECT_NE(r.diagnostics.find(message), std::string::npos)
        << (object ? "object: " : "listing: ") << r.diagnostics.substr(0, 2000);
  }
}

std::string repeated(std::string_view unit, size_t n) {
  std::string s;
  s.reserve(unit.size() * n);
  for (size_t i = 0; i < n; ++i)
    s += unit;
  return s;
}

TEST(AsmBadInput, UnterminatedBlocks) {
  expectSameAsLlvmMc(".macro m\n.long 1\n");
  expectSameAsLlvmMc(".macro m a\n.long \\a\n.endr\n");
  expectSameAsLlvmMc(".rept 3\n.long 1\n");
  expectSameAsLlvmMc(".irp x, 1, 2\n.long \\x\n");
  expectSameAsLlvmMc(".irpc x, 123\n.long \\x\n");
  expectSameAsLlvmMc(".if 1\n.long 1\n");
  expectSameAsLlvmMc(".if 1\n.if 0\n.else\n");
  expectSameAsLlvmMc(".endif\n.else\n.endr\n.endm\n");
  expectSameAsLlvmMc(".ascii \"abc\n.long 1\n");
  expectSameAsLlvmMc(".long 'a\n");
  expectSameAsLlvmMc("/* no end\n.long 1\n");
  expectSameAsLlvmMc(".rodata\n.amdhsa_kernel k\n");
}

TEST(AsmBadInput, HugeNumbers) {
  expectSameAsLlvmMc(".long 0x1ffffffffffffffff\n");
  expectSameAsLlvmMc(".quad 123456789012345678901234567890\n");
  expectSameAsLlvmMc(".quad " + repeated("9", 5000) + "\n");
  expectSameAsLlvmMc(".quad 0b" + repeated("1", 200) + "\n");
  expectSameAsLlvmMc("s_mov_b32 s0, 0x1ffffffffffffffff\n");
  expectSameAsLlvmMc("s_mov_b32 s0, 1e400\ns_mov_b32 s1, -1e400\ns_mov_b32 s2, 1e-400\n");
  expectSameAsLlvmMc("s_mov_b64 s[0:1], 1" + repeated("0", 400) + ".0\n");
  expectSameAsLlvmMc(".long 1e400\n");
  expectSameAsLlvmMc("s_mov_b32 s0, s[0x100000000]\ns_mov_b32 s0, s[99999999999999999999]\n");
  expectSameAsLlvmMc(".long 1 << 64\n.long 1 >> -1\n.quad 1.5, -1.5, .5, 1e400\n");
  expectSameAsLlvmMc(".long 'a', '\\n', '\\0', '\\q'\n.long 'ab'\n.long ''\n.long '\\");
  expectSameAsLlvmMc("s_nop 0x10000000000000000\ns_waitcnt vmcnt(99999999999999999999)\n");
}

TEST(AsmBadInput, HugeCountsInTheListing) {
  // The listing only prints these; llvm-mc does the same.
  expectSameAsLlvmMc(".fill 0x7fffffffffff, 8, 0\n");
  expectSameAsLlvmMc(".zero 0x7fffffffffffffff\n");
  expectSameAsLlvmMc(".p2align 31\n.byte 1\n.p2align 31\n");
  expectSameAsLlvmMc(".p2align 32\n");
  expectSameAsLlvmMc(".fill -1, 4, 0\n.zero -5\n");
  expectSameAsLlvmMc(".rept -1\n.endr\n");
}

TEST(AsmBadInput, HugeSizesInAnObject) {
  // llvm-mc allocates these in full (running out of memory, or writing a 4 GB file); gcnkit's
  // object writer reports them instead.
  expectError(".fill 0x7fffffffffff, 8, 0\n", "section '.text' would be larger than", true);
  expectError(".zero 0x7fffffffffffffff\n", "section '.text' would be larger than", true);
  expectError(".byte 1\n.p2align 31\n", "section '.text' would be larger than", true);
  expectError(".data\n.fill 0x20000000, 4, 1\n", "section '.data' would be larger than", true);
}

TEST(AsmBadInput, HugeRepeats) {
  // llvm-mc runs out of memory or time on these.
  expectError(".rept 0x7fffffff\n.long 1\n.endr\n", "'.rept' expansion is too large");
  expectError(".rept 1000\n.rept 1000\n.rept 1000\n.long 1\n.endr\n.endr\n.endr\n",
              "expansions are too large");
  expectError(".irpc x, " + repeated("a", 100000) + "\n" + repeated(".long 0\n", 1000) + ".endr\n",
              "expansion is too large");
  // Nothing to repeat: no time spent either.
  for (bool object : {false, true})
    EXPECT_TRUE(assembleTimed(".rept 0x7fffffffffffffff\n.endr\n", object).ok);
}

TEST(AsmBadInput, DeepExpressions) {
  // Within the limit: as llvm-mc.
  expectSameAsLlvmMc(".long " + repeated("(", 900) + "1" + repeated(")", 900) + "\n");
  expectSameAsLlvmMc(".long " + repeated("-", 900) + "1\n");
  expectSameAsLlvmMc(".long 1" + repeated("+1", 900) + "\n");
  // Beyond it llvm-mc overflows its stack; gcnkit reports the depth.
  const std::string deep = "expression is nested too deeply";
  expectError(".long " + repeated("(", 100000) + "1" + repeated(")", 100000) + "\n", deep);
  expectError(".long " + repeated("(", 100000) + "\n", deep);
  expectError(".long " + repeated("~-", 50000) + "1\n", deep);
  expectError(".long 1" + repeated("+1", 100000) + "\n", deep);
  expectError("s_mov_b32 s0, " + repeated("(", 100000) + "1" + repeated(")", 100000) + "\n", deep);
  expectError("v_mov_b32 v[" + repeated("(", 100000) + "0" + repeated(")", 100000) + "], 0\n",
              deep);
  expectError("x = 1" + repeated("*1", 100000) + "\n", deep);
}

TEST(AsmBadInput, Recursion) {
  expectSameAsLlvmMc(".macro m\nm\n.endm\nm\n");
  expectSameAsLlvmMc(".macro m a\n.long \\a\nm \\a+1\n.endm\nm 0\n");
  // Each level doubles: 2^20 instantiations unless the budget stops it first.
  expectError(".macro m\nm\nm\n.endm\nm\n", "macros cannot be nested more than 20 levels deep");
  // .rept has no nesting limit in llvm-mc; 21 levels is fine.
  expectSameAsLlvmMc(repeated(".rept 1\n", 21) + ".long 1\n" + repeated(".endr\n", 21));
  expectError(repeated(".rept 1\n", 1000) + ".long 1\n" + repeated(".endr\n", 1000),
              "expansions cannot be nested more than 256 levels deep");
  expectSameAsLlvmMc(".rept 2\n.rept 2\n.rept 2\n.long 1\n.endr\n.endr\n.endr\n");
}

TEST(AsmBadInput, WhereLlvmMcCrashes) {
  // llvm-mc-19 dies with SIGFPE on these; the quotient wraps as two's complement.
  for (bool object : {false, true}) {
    elf::AssembleResult r = assembleTimed(".quad -9223372036854775808 / -1\n", object);
    EXPECT_TRUE(r.ok) << r.diagnostics;
    // A division by zero keeps the expression unfolded: the object writer rejects it.
    EXPECT_EQ(assembleTimed(".long 5 / 0\n.long 5 % 0\n", object).ok, !object);
  }
}

TEST(AsmBadInput, DeepNesting) {
  expectSameAsLlvmMc(repeated(".if 1\n", 10000) + ".long 1\n" + repeated(".endif\n", 10000));
  expectSameAsLlvmMc(repeated(".if 1\n", 10000));
  expectSameAsLlvmMc("s_mov_b32 s0, [[[[\ns_mov_b32 s0, [[s1]]\ns_mov_b32 s0, [1]\n");
  expectSameAsLlvmMc("s_mov_b32 s0, " + repeated("[", 10000) + "\n");
  expectSameAsLlvmMc("v_add_f32 v0, " + repeated("|", 10000) + "\n");
  expectSameAsLlvmMc("v_add_f32 v0, " + repeated("neg(", 10000) + "\n");
  // Labels on one line.
  std::string labels;
  for (int i = 0; i < 20000; ++i)
    labels += "l" + std::to_string(i) + ": ";
  expectSameAsLlvmMc(labels + "s_nop 0\n");
}

TEST(AsmBadInput, LongLines) {
  expectSameAsLlvmMc(".long " + repeated("1,", 100000) + "1\n");
  expectSameAsLlvmMc(repeated("a", 1 << 20) + ":\n");
  expectSameAsLlvmMc("s_mov_b32 s0, " + repeated("a", 1 << 20) + "\n");
  expectSameAsLlvmMc(".ascii \"" + repeated("x", 1 << 20) + "\"\n");
  expectSameAsLlvmMc("s_nop 0 " + repeated(" ", 1 << 20) + "// comment\n");
  expectSameAsLlvmMc("s_nop " + repeated("0", 100000) + "\n");
}

TEST(AsmBadInput, BinaryAndInvalidText) {
  expectSameAsLlvmMc(std::string("s_nop 0\0\ns_nop 1\n", 17));
  expectSameAsLlvmMc(std::string("\0\0\0\0", 4));
  expectSameAsLlvmMc(std::string(".long 1\0 2\n.ascii \"a\0b\"\n", 25));
  expectSameAsLlvmMc("s_nop 0 ; \xff\xfe\n\xc3\x28: s_nop 1\n.ascii \"\xff\xfe\"\n");
  expectSameAsLlvmMc("\xef\xbb\xbfs_nop 0\n");
  expectSameAsLlvmMc(".long \x80\n.long 1 /* \xe2\x82\xac\n");
  expectSameAsLlvmMc("s_nop 0\r\ns_nop 1\r\n\r\n");
  // Random bytes: no crash, and an error when llvm-mc gives one.
  std::mt19937 rng(7);
  for (int i = 0; i < 20; ++i) {
    std::string garbage(4096, '\0');
    for (char &c : garbage)
      c = static_cast<char>(rng());
    for (bool object : {false, true})
      EXPECT_FALSE(assembleTimed(garbage, object).ok);
  }
}

// Statements cut off where an operand parser looks ahead (after `key:`, `-`, `|`, `neg(`, a
// register bracket, `::`): every look-ahead must stay inside the token buffer (ASan checks it),
// and the statement is an error, as in llvm-mc (whose messages for these differ in places;
// docs/differences.md). The VOPD halves are parsed from token vectors of their own, sized
// exactly, which is where a read past the end was found (`v_dual_sub_f32 s: ::`, a fuzzer
// reproducer).
TEST(AsmBadInput, CutOffOperands) {
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  const char *const tails[] = {"s:",       "s: ::", "-",    "-|", "|",         "neg(",
                               "abs(-",    "v[",    "s[0:", "-v", "sext(",     "offset:",
                               "op_sel:[", "[v1,",  "1 +",  "::", ":: v_dual_"};
  const char *const heads[] = {"v_dual_sub_f32 ", "v_dual_mul_f32 v0, v1, v2 :: v_dual_mov_b32 ",
                               "v_add_f32 v0, ",  "s_mov_b32 ",
                               "v_add_f32 ",      "global_load_b32 v1, "};
  std::string source;
  for (const char *head : heads)
    for (const char *tail : tails)
      source += std::string(head) + tail + "\n";
  // The lines each assembler reports an error on ("<file>:<line>:<col>: error: ...").
  auto errorLines = [](const std::string &diagnostics) {
    std::set<unsigned long> lines;
    for (size_t at = diagnostics.find(": error: "); at != std::string::npos;
         at = diagnostics.find(": error: ", at + 1)) {
      const size_t lineStart = diagnostics.rfind('\n', at) + 1; // npos + 1 == 0
      const size_t colon = diagnostics.find(".s:", lineStart);
      if (colon < at)
        lines.insert(std::stoul(diagnostics.substr(colon + 3)));
    }
    return lines;
  };
  std::string path = difftest::writeTempFile(source, ".s");
  difftest::ToolRun ref =
      difftest::runTool({"llvm-mc-19", "-arch=amdgcn", "-mcpu=gfx1100", "-show-encoding", path});
  unlink(path.c_str());
  const std::set<unsigned long> want = errorLines(ref.err);
  EXPECT_EQ(want.size(), std::size(heads) * std::size(tails));
  for (bool object : {false, true}) {
    elf::AssembleResult r = assembleTimed(source, object);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(errorLines(r.diagnostics), want) << (object ? "object" : "listing");
  }
}

} // namespace
} // namespace gcnkit::assembler
