// The CI differential test: random encodings over every family, decoded by gcnkit and by
// llvm-mc-19 in the same run; text, encodings and warnings must be identical.
#include <gtest/gtest.h>

#include <cstdlib>

#include "compare.h"
#include "oracle.h"

namespace gcnkit::difftest {
namespace {

uint64_t envCount(const char *name, uint64_t dflt) {
  const char *v = std::getenv(name);
  return v ? std::strtoull(v, nullptr, 10) : dflt;
}

TEST(DiffTest, RandomEncodingsMatchLlvmMc) {
  ASSERT_TRUE(haveTool("llvm-mc-19")) << "llvm-mc-19 is the oracle; install llvm-19";
  CompareOptions opts;
  opts.count = envCount("GCNKIT_DIFF_COUNT", 24000);
  opts.seed = envCount("GCNKIT_DIFF_SEED", 20261121);
  CompareReport r = compareWithLlvmMc(opts);
  ASSERT_TRUE(r.error.empty()) << r.error;
  for (const FamilyStats &f : r.families) {
    EXPECT_EQ(f.mismatches, 0u) << f.name << ": " << f.mismatches << " of " << f.encodings;
    // Biased generators: most encodings must decode, or the test proves little.
    EXPECT_GT(f.decoded * 10, f.encodings * 6) << f.name << " decodes too rarely";
  }
  for (const std::string &e : r.examples)
    ADD_FAILURE() << e;
}

// The same in wave64 (-mattr=+wavefrontsize64): lane masks are SGPR pairs, WMMA accumulators
// half as wide, VOPD absent. The lane-mask families carry the weight; salu and mem must not
// change.
TEST(DiffTest, Wave64RandomEncodingsMatchLlvmMc) {
  ASSERT_TRUE(haveTool("llvm-mc-19")) << "llvm-mc-19 is the oracle; install llvm-19";
  CompareOptions opts;
  opts.wave64 = true;
  opts.count = envCount("GCNKIT_DIFF_COUNT", 24000);
  opts.seed = envCount("GCNKIT_DIFF_SEED", 20261121) + 64;
  CompareReport r = compareWithLlvmMc(opts);
  ASSERT_TRUE(r.error.empty()) << r.error;
  for (const FamilyStats &f : r.families) {
    EXPECT_EQ(f.mismatches, 0u) << f.name << ": " << f.mismatches << " of " << f.encodings;
    // Every VOPD encoding fails in wave64, so vop3p decodes less often than in wave32.
    EXPECT_GT(f.decoded * 2, f.encodings) << f.name << " decodes too rarely";
  }
  for (const std::string &e : r.examples)
    ADD_FAILURE() << e;
}

// gfx908 (wave64 only), over every family that has a gfx908 generator.
TEST(DiffTest, Gfx908RandomEncodingsMatchLlvmMc) {
  ASSERT_TRUE(haveTool("llvm-mc-19")) << "llvm-mc-19 is the oracle; install llvm-19";
  CompareOptions opts;
  opts.target = isa::Target::GFX908;
  opts.wave64 = true;
  opts.count = envCount("GCNKIT_DIFF_COUNT", 24000);
  opts.seed = envCount("GCNKIT_DIFF_SEED", 20261121) + 908;
  CompareReport r = compareWithLlvmMc(opts);
  ASSERT_TRUE(r.error.empty()) << r.error;
  ASSERT_FALSE(r.families.empty());
  for (const FamilyStats &f : r.families) {
    EXPECT_EQ(f.mismatches, 0u) << f.name << ": " << f.mismatches << " of " << f.encodings;
    EXPECT_GT(f.decoded * 10, f.encodings * 6) << f.name << " decodes too rarely";
  }
  for (const std::string &e : r.examples)
    ADD_FAILURE() << e;
}

} // namespace
} // namespace gcnkit::difftest
