// clang-19 MFMA kernels for gfx908 (tests/kernels/mfma_gfx908.cl: every MFMA builtin with
// cbsz / abid / blgp values, and an accumulator chain kept in AccVGPRs): the v_mfma_* and
// v_accvgpr_* lines of clang's assembly assemble with gcnkit to llvm-mc-19's bytes, and those
// bytes disassemble with gcnkit to llvm-mc-19's text and re-encoding. (Whole-kernel objects are
// compared once every gfx908 family has landed.)
#include <gtest/gtest.h>

#include <unistd.h>

#include <fstream>
#include <set>
#include <sstream>

#include "expect_asm_llvm_mc.h"
#include "gcnkit/mc_text.h"

namespace gcnkit::assembler {
namespace {

// The MFMA and AccVGPR instruction lines of clang-19's assembly for the kernels.
std::vector<std::string> clangMaiLines() {
  const std::string src = std::string(GCNKIT_SOURCE_DIR) + "/tests/kernels/mfma_gfx908.cl";
  const std::string out = difftest::writeTempFile("", ".s");
  difftest::ToolRun r =
      difftest::runTool({"clang-19", "-x", "cl", "-target", "amdgcn-amd-amdhsa", "-mcpu=gfx908",
                         "-nogpulib", "-O2", "-S", "-o", out, src});
  EXPECT_EQ(r.status, 0) << r.err;
  std::vector<std::string> lines;
  std::ifstream in(out);
  for (std::string l; std::getline(in, l);) {
    const size_t first = l.find_first_not_of(" \t");
    if (first == std::string::npos ||
        (l.compare(first, 7, "v_mfma_") != 0 && l.compare(first, 10, "v_accvgpr_") != 0))
      continue;
    l = l.substr(first, l.find_first_of(";/", first) - first);
    while (!l.empty() && (l.back() == ' ' || l.back() == '\t'))
      l.pop_back();
    lines.push_back(l);
  }
  unlink(out.c_str());
  return lines;
}

TEST(AsmMfmaKernels, ClangLinesAssembleAndDisassembleAsLlvmMc) {
  ASSERT_TRUE(difftest::haveTool("clang-19"));
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  const std::vector<std::string> lines = clangMaiLines();
  std::set<std::string> mfma;
  for (const std::string &l : lines)
    if (l.starts_with("v_mfma_"))
      mfma.insert(l.substr(0, l.find(' ')));
  EXPECT_EQ(mfma.size(), 20u); // every gfx908 MFMA
  EXPECT_GT(lines.size(), 200u);

  // Assembled by both.
  AsmCompareOptions opts;
  opts.target = isa::Target::GFX908;
  EXPECT_EQ(expectSameAsLlvmMc(lines, opts), 0u);

  // llvm-mc's bytes disassembled by both, with the re-encodings.
  std::string hex;
  for (const LlvmMcStatement &s : llvmMcStatements(lines, true, isa::Target::GFX908)) {
    ASSERT_TRUE(s.ok) << s.message;
    hex += s.bytes + "\n";
  }
  const std::string path = difftest::writeTempFile(hex, ".txt");
  difftest::ToolRun ref = difftest::llvmMcDisassemble(path, true, true, isa::Target::GFX908);
  disasm::Disassembler dis(isa::Target::GFX908, disasm::WaveSize::Wave64);
  disasm::McTextOptions o;
  o.showEncoding = true;
  disasm::McTextResult got = disasm::disassembleMcText(dis, hex, path, o);
  unlink(path.c_str());
  EXPECT_EQ(got.out, ref.out);
  EXPECT_EQ(got.err, ref.err);
  EXPECT_EQ(ref.err, "");
}

} // namespace
} // namespace gcnkit::assembler
