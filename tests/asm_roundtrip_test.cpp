// The assembler against llvm-mc-19 on the texts of the disassembler's random corpus: every
// instruction text llvm-mc prints for random encodings is assembled by gcnkit and by llvm-mc;
// the bytes must be identical, or both must reject it.
#include <gtest/gtest.h>

#include <unistd.h>

#include <sstream>

#include "expect_asm_llvm_mc.h"
#include "random_encodings.h"

namespace gcnkit::assembler {
namespace {

// Instruction texts llvm-mc prints for random encodings of a family of a target (disassembled
// in wave64 when asked), after those of one encoding of every row where the family makes them.
std::vector<std::string> corpusTexts(const char *family, size_t count, uint64_t seed, bool wave64,
                                     isa::Target target) {
  difftest::Rng rng(seed);
  std::optional<difftest::FamilyGenerator> gen;
  for (const auto &g : difftest::familyGenerators(target))
    if (g.name == family)
      gen = g;
  // One encoding of every row (families that make them), then random ones.
  std::vector<std::vector<uint8_t>> encodings;
  if (gen->everyRow)
    gen->everyRow(rng, encodings);
  for (size_t i = 0; i < count; ++i)
    gen->generate(rng, encodings.emplace_back());
  std::string input;
  for (const std::vector<uint8_t> &e : encodings)
    input += "[" + hexBytes(std::string_view(reinterpret_cast<const char *>(e.data()), e.size())) +
             "]\n";
  std::string path = difftest::writeTempFile(input, ".txt");
  difftest::ToolRun r = difftest::llvmMcDisassemble(path, false, wave64, target);
  unlink(path.c_str());
  std::vector<std::string> texts;
  std::istringstream in(r.out);
  for (std::string l; std::getline(in, l);)
    if (l.size() > 1 && l[0] == '\t' && l != "\t.text")
      texts.push_back(l.substr(1));
  return texts;
}

// A family, and whether its texts are disassembled and assembled in wave64, for a target.
struct RoundTripCase {
  const char *family;
  bool wave64;
  isa::Target target = isa::Target::GFX1100;
};

void PrintTo(const RoundTripCase &c, std::ostream *os) {
  *os << isa::processorName(c.target) << " " << c.family << (c.wave64 ? " (wave64)" : "");
}

class AsmRoundTrip : public ::testing::TestWithParam<RoundTripCase> {};

TEST_P(AsmRoundTrip, SameBytesOrBothReject) {
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  const RoundTripCase c = GetParam();
  std::vector<std::string> texts = corpusTexts(c.family, 6000, 77, c.wave64, c.target);
  ASSERT_GT(texts.size(), 3000u);
  AsmCompareOptions opts;
  opts.compareMessages = false; // both reject is enough here; asm_errors_test checks messages
  opts.wave64 = c.wave64;
  opts.target = c.target;
  EXPECT_EQ(expectSameAsLlvmMc(texts, opts), 0u) << "of " << texts.size();
}

// Indices 0..3 are the wave32 families (--gtest_filter='*AsmRoundTrip*/1' is valu); the
// lane-mask families follow in wave64 (4: valu, 5: vop3p).
INSTANTIATE_TEST_SUITE_P(Families, AsmRoundTrip,
                         ::testing::Values(RoundTripCase{"salu", false},
                                           RoundTripCase{"valu", false},
                                           RoundTripCase{"vop3p", false},
                                           RoundTripCase{"mem", false}, RoundTripCase{"valu", true},
                                           RoundTripCase{"vop3p", true}));

// gfx908 (wave64 only).
INSTANTIATE_TEST_SUITE_P(Gfx908, AsmRoundTrip,
                         ::testing::Values(RoundTripCase{"salu", true, isa::Target::GFX908},
                                           RoundTripCase{"valu", true, isa::Target::GFX908},
                                           RoundTripCase{"vop3p", true, isa::Target::GFX908},
                                           RoundTripCase{"mem", true, isa::Target::GFX908}));

} // namespace
} // namespace gcnkit::assembler
