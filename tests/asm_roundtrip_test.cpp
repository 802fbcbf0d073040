// The assembler against llvm-mc-19 on the texts of the disassembler's random corpus: every
// instruction text llvm-mc prints for random encodings is assembled by gcnkit and by llvm-mc;
// the bytes must be identical, or both must reject it.
#include <gtest/gtest.h>

#include <unistd.h>

#include <sstream>

#include "asm/instruction.h"
#include "oracle.h"
#include "random_encodings.h"

namespace gcnkit::assembler {
namespace {

std::string hexLine(const std::vector<uint8_t> &b) {
  std::string s;
  char buf[8];
  for (size_t i = 0; i < b.size(); ++i) {
    snprintf(buf, sizeof buf, "%s0x%02x", i ? "," : "", b[i]);
    s += buf;
  }
  return s;
}

// Instruction texts llvm-mc prints for random encodings of a family.
std::vector<std::string> corpusTexts(const char *family, size_t count, uint64_t seed) {
  difftest::Rng rng(seed);
  const difftest::FamilyGenerator *gen = nullptr;
  for (const auto &g : difftest::familyGenerators())
    if (g.name == family)
      gen = &g;
  std::string input;
  for (size_t i = 0; i < count; ++i) {
    std::vector<uint8_t> e;
    gen->generate(rng, e);
    input += "[" + hexLine(e) + "]\n";
  }
  std::string path = difftest::writeTempFile(input, ".txt");
  difftest::ToolRun r = difftest::llvmMcDisassemble(path, false);
  unlink(path.c_str());
  std::vector<std::string> texts;
  std::istringstream in(r.out);
  for (std::string l; std::getline(in, l);)
    if (l.size() > 1 && l[0] == '\t' && l != "\t.text")
      texts.push_back(l.substr(1));
  return texts;
}

struct Outcome {
  bool ok;
  std::string bytes; // hex listing of the encoding
};

std::vector<Outcome> llvmAssemble(const std::vector<std::string> &texts) {
  std::string src;
  for (const std::string &t : texts)
    src += t + "\n";
  std::string path = difftest::writeTempFile(src, ".s");
  difftest::ToolRun r =
      difftest::runTool({"llvm-mc-19", "-arch=amdgcn", "-mcpu=gfx1100", "-show-encoding", path});
  unlink(path.c_str());
  std::vector<Outcome> out(texts.size(), Outcome{true, {}});
  std::istringstream err(r.err);
  for (std::string l; std::getline(err, l);) {
    size_t p = l.find(".s:");
    if (p != std::string::npos && l.find(": error:") != std::string::npos)
      out[std::stoul(l.substr(p + 3)) - 1].ok = false;
  }
  std::istringstream res(r.out);
  size_t i = 0;
  for (std::string l; std::getline(res, l);) {
    size_t e = l.find("; encoding: [");
    if (e == std::string::npos)
      continue;
    while (i < out.size() && !out[i].ok)
      ++i;
    if (i < out.size())
      out[i++].bytes = l.substr(e + 13, l.size() - e - 14);
  }
  return out;
}

std::string hexOf(const std::string &bytes) {
  return hexLine(std::vector<uint8_t>(bytes.begin(), bytes.end()));
}

class AsmRoundTrip : public ::testing::TestWithParam<const char *> {};

TEST_P(AsmRoundTrip, SameBytesOrBothReject) {
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  std::vector<std::string> texts = corpusTexts(GetParam(), 6000, 77);
  ASSERT_GT(texts.size(), 3000u);
  std::vector<Outcome> want = llvmAssemble(texts);
  InstructionAssembler as;
  size_t mismatches = 0, reported = 0;
  for (size_t i = 0; i < texts.size(); ++i) {
    std::vector<Token> toks = tokenize(texts[i]);
    toks.pop_back(); // Eof
    EncodedInstruction enc;
    InstructionAssembler::Failure f;
    bool ok = as.encode(toks, enc, f);
    std::string got = ok ? hexOf(enc.bytes) : "";
    if (ok == want[i].ok && got == want[i].bytes)
      continue;
    ++mismatches;
    if (reported++ < 25)
      ADD_FAILURE() << texts[i] << "\n  llvm-mc: " << (want[i].ok ? want[i].bytes : "error")
                    << "\n  gcnkit:  " << (ok ? got : "error: " + f.message);
  }
  EXPECT_EQ(mismatches, 0u) << "of " << texts.size();
}

INSTANTIATE_TEST_SUITE_P(Families, AsmRoundTrip, ::testing::Values("salu"));

} // namespace
} // namespace gcnkit::assembler
