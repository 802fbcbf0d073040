// The gcnkit command line: inputs that are not readable files get a clear error and exit
// status 1, never a crash; standard input works like a file.
#include <gtest/gtest.h>

#include "oracle.h"

namespace gcnkit {
namespace {

TEST(Cli, DirectoryInputIsAnError) {
  difftest::ToolRun r = difftest::runTool({GCNKIT_BINARY, "dis", "/"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "gcnkit dis: error: '/': Is a directory\n");
}

TEST(Cli, MissingFileIsAnError) {
  difftest::ToolRun r = difftest::runTool({GCNKIT_BINARY, "dis", "/nonexistent/x.hex"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "gcnkit dis: error: '/nonexistent/x.hex': No such file or directory\n");
}

TEST(Cli, VersionNamesTheTargets) {
  for (const char *flag : {"--version", "-version", "version"}) {
    difftest::ToolRun r = difftest::runTool({GCNKIT_BINARY, flag});
    EXPECT_EQ(r.status, 0) << flag;
    EXPECT_EQ(r.out.rfind("gcnkit 0.", 0), 0u) << r.out;
    EXPECT_NE(r.out.find("targets: gfx1100, gfx908"), std::string::npos) << r.out;
  }
}

TEST(Cli, EmptyInputPrintsTheSectionOnly) {
  difftest::ToolRun r = difftest::runTool({GCNKIT_BINARY, "dis", "/dev/null"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "\t.text\n");
}

TEST(Cli, UnsupportedTargetIsRejected) {
  difftest::ToolRun r = difftest::runTool({GCNKIT_BINARY, "dis", "-mcpu=gfx90a", "/dev/null"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unsupported -mcpu 'gfx90a': unknown processor 'gfx90a' (supported: "
                       "gfx1100, gfx908)"),
            std::string::npos);
  r = difftest::runTool({GCNKIT_BINARY, "dis", "-mcpu=gfx908:wavefrontsize32+", "/dev/null"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("invalid target feature 'wavefrontsize32+'"), std::string::npos);
}

TEST(Cli, StandardInputMatchesAFile) {
  std::string path = difftest::writeTempFile("0x00,0x00,0x80,0xbf\n0xff\n", ".txt");
  difftest::ToolRun file = difftest::runTool({GCNKIT_BINARY, "dis", path});
  difftest::ToolRun in =
      difftest::runTool({"sh", "-c", std::string(GCNKIT_BINARY) + " dis < " + path});
  EXPECT_EQ(file.out, "\t.text\n\ts_nop 0\n");
  EXPECT_EQ(in.out, file.out);
  EXPECT_NE(in.err.find("<stdin>:2:1: warning: invalid instruction encoding"), std::string::npos);
}

} // namespace
} // namespace gcnkit
