// The llvm-mc input front end: tokens, comments, atomic blocks, truncated and invalid input,
// diagnostics with line, column and caret, compared with llvm-mc-19 itself.
#include <gtest/gtest.h>

#include <unistd.h>

#include "expect_llvm_mc.h"
#include "gcnkit/mc_text.h"
#include "oracle.h"
#include "support/listing.h"

namespace gcnkit::disasm {
namespace {

class McTextTest : public ::testing::TestWithParam<const char *> {};

TEST_P(McTextTest, SameAsLlvmMc) {
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  expectSameAsLlvmMc(GetParam(), {false, true, true});
  expectSameAsLlvmMc(GetParam(), {true, true, true});
}

INSTANTIATE_TEST_SUITE_P(
    Inputs, McTextTest,
    ::testing::Values("", "\n\n", "# only a comment\n", "0xff,0xff,0xff\n", "0xff\n",
                      "0x00,0x00,0x01,0xd5,0x01,0x02\n", "0x1g\n", "0x100\n", "256\n",
                      "0x01,0x05,0x0a,0x7e,0x1ff\n", "[0x01,0x05,0x0a,0x7e\n",
                      "0x01,0x05,0x0a,0x7e]\n", "[[0x01]]\n", "[0xff,0xff,0xff,0xff]\n",
                      "\t0xff, 0xff,\t0xff ,0xff # c\n", "0x01 0x05\n0x0a 0x7e\n",
                      "0xff,0xff\n0x00,0x00,0x00,0x00\n", "0b11111111 0377 255 0xFF\n",
                      "0x01 0x05 0x0a // not a comment for llvm-mc\n0x7e\n",
                      "0x01,0x05,0x0a,0x7e # c\n0x12\n0x34\n"));

TEST(McText, SlashCommentsAreAcceptedByDefault) {
  Disassembler dis;
  McTextResult a = disassembleMcText(dis, "0xff,0xff // c\n0x00 # d\n", "x.txt");
  McTextResult b = disassembleMcText(dis, "0xff,0xff\n0x00\n", "x.txt");
  EXPECT_EQ(a.out, b.out);
  // Same diagnostics at the same places; only the quoted source lines differ.
  EXPECT_NE(a.err.find("x.txt:1:1: warning: invalid instruction encoding"), std::string::npos);
  EXPECT_EQ(a.err.find("invalid input token"), std::string::npos);
  McTextOptions strict;
  strict.strictComments = true;
  McTextResult c = disassembleMcText(dis, "0xff,0xff // c\n", "x.txt", strict);
  EXPECT_NE(c.err.find("x.txt:1:11: error: invalid input token"), std::string::npos);
}

TEST(Listing, EncodingCommentColumn) {
  std::string out;
  support::appendListingLine(out, "s_nop 0", std::string("\x00\x00\x80\xbf", 4), true);
  EXPECT_EQ(out, std::string("\ts_nop 0") + std::string(33, ' ') +
                     "; encoding: [0x00,0x00,0x80,0xbf]\n");
  out.clear();
  std::string longText(39, 'x');
  support::appendListingLine(out, longText, std::string("\x01", 1), true);
  EXPECT_EQ(out, "\t" + longText + " ; encoding: [0x01]\n");
}

} // namespace
} // namespace gcnkit::disasm
