// Target ids and e_flags (include/gcnkit/target.h), and the format prefixes of each target
// (src/isa/target_info.h). The e_flags values are the ones llvm-mc-19 writes and
// llvm-readelf-19 reads for these target ids (see the object tests for the direct comparison).
#include <gtest/gtest.h>

#include "gcnkit/target.h"
#include "isa/target_info.h"

namespace gcnkit::isa {
namespace {

TEST(TargetId, ParsesProcessorsAndFeatures) {
  std::string error;
  std::optional<TargetId> id = parseTargetId("gfx908:sramecc-:xnack+", error);
  ASSERT_TRUE(id) << error;
  EXPECT_EQ(id->target, Target::GFX908);
  EXPECT_EQ(id->sramecc, FeatureSetting::Off);
  EXPECT_EQ(id->xnack, FeatureSetting::On);
  EXPECT_EQ(targetIdString(*id), "gfx908:sramecc-:xnack+");
  // LLVM's order puts sramecc first whatever order it was written in.
  id = parseTargetId("gfx908:xnack-:sramecc+", error);
  ASSERT_TRUE(id);
  EXPECT_EQ(targetIdString(*id), "gfx908:sramecc+:xnack-");
  id = parseTargetId("gfx1100", error);
  ASSERT_TRUE(id);
  EXPECT_EQ(id->target, Target::GFX1100);
  EXPECT_EQ(targetIdString(*id), "gfx1100");
}

TEST(TargetId, RejectsUnknownProcessorsAndFeatures) {
  std::string error;
  EXPECT_FALSE(parseTargetId("gfx90a", error));
  EXPECT_EQ(error, "unknown processor 'gfx90a' (supported: gfx1100, gfx908)");
  EXPECT_FALSE(parseTargetId("gfx1100:xnack+", error)); // gfx11 has no xnack setting
  EXPECT_EQ(error, "invalid target feature 'xnack+' in target id 'gfx1100:xnack+'");
  EXPECT_FALSE(parseTargetId("gfx908:xnack", error));
  EXPECT_FALSE(parseTargetId("gfx908:", error));
  EXPECT_FALSE(parseTargetId("", error));
}

TEST(TargetId, ElfFlagsRoundTrip) {
  struct Case {
    const char *id;
    uint32_t flags;
  };
  // llvm-readelf-19 -h of llvm-mc-19 objects (gfx908-facts.md, section 4).
  const Case cases[] = {{"gfx908", 0x530},
                        {"gfx908:xnack+", 0x730},
                        {"gfx908:xnack-", 0x630},
                        {"gfx908:sramecc+", 0xd30},
                        {"gfx908:sramecc-", 0x930},
                        {"gfx908:sramecc+:xnack+", 0xf30},
                        {"gfx908:sramecc-:xnack-", 0xa30},
                        {"gfx908:sramecc+:xnack-", 0xe30},
                        {"gfx1100", 0x41}};
  for (const Case &c : cases) {
    std::string error;
    std::optional<TargetId> id = parseTargetId(c.id, error);
    ASSERT_TRUE(id) << c.id;
    EXPECT_EQ(elfFlags(*id), c.flags) << c.id;
    std::optional<TargetId> back = targetIdFromElfFlags(c.flags);
    ASSERT_TRUE(back) << c.id;
    EXPECT_EQ(targetIdString(*back), c.id);
  }
  EXPECT_FALSE(targetIdFromElfFlags(0x3f));
}

TEST(TargetInfo, ClassifiesFormatPrefixes) {
  const TargetInfo &gfx11 = targetInfo(Target::GFX1100);
  const TargetInfo &gfx9 = targetInfo(Target::GFX908);
  EXPECT_EQ(gfx11.classify(0xbf800000), Format::SOPP);
  EXPECT_EQ(gfx9.classify(0xbf800000), Format::SOPP);
  EXPECT_EQ(gfx11.classify(0xf4000000), Format::SMEM);
  EXPECT_EQ(gfx9.classify(0xc0020000), Format::SMEM);
  EXPECT_EQ(gfx9.classify(0xd3c00000), Format::VOP3P); // v_mfma_f32_32x32x1f32
  EXPECT_EQ(gfx9.classify(0xd1000000), Format::VOP3);
  EXPECT_EQ(gfx11.classify(0xd5000000), Format::VOP3);
  EXPECT_EQ(gfx11.classify(0xcc000000), Format::VOP3P);
  EXPECT_EQ(gfx11.classify(0xcf000000), Format::Count);
  EXPECT_EQ(gfx9.classify(0xd4000000), Format::VINTRP);
  EXPECT_EQ(gfx9.classify(0x7e000000), Format::VOP1);
  EXPECT_EQ(gfx9.classify(0x7c000000), Format::VOPC);
  EXPECT_EQ(gfx9.classify(0x02000000), Format::VOP2);
  EXPECT_EQ(gfx9.sregs.m0, 124);
  EXPECT_EQ(gfx11.sregs.m0, 125);
}

} // namespace
} // namespace gcnkit::isa
