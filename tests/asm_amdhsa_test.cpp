// Kernel descriptor bytes against llvm-mc-19's object file: each .amdhsa_kernel block is
// assembled by llvm-mc (-filetype=obj) and by gcnkit, and the 64 bytes of <name>.kd compared.
#include <gtest/gtest.h>

#include <unistd.h>

#include <sstream>

#include "asm/amdhsa.h"
#include "asm/parser.h"
#include "oracle.h"

namespace gcnkit::assembler {
namespace {

// Keeps the kernel descriptors; the rest of the stream is not looked at.
class KernelCapture final : public Streamer {
public:
  std::vector<AmdhsaKernel> kernels;
  void switchSection(const SectionSpec &) override {}
  void emitLabel(std::string_view) override {}
  void emitAssignment(std::string_view, const Expr *, int64_t) override {}
  void emitSymbolAttribute(std::string_view, SymbolAttr) override {}
  void emitSize(std::string_view, const Expr *, int64_t) override {}
  void emitValue(const Expr *, int64_t, unsigned) override {}
  void emitBytes(std::string_view) override {}
  void emitFill(int64_t, unsigned, uint64_t) override {}
  void emitZeros(int64_t, int64_t, bool) override {}
  void emitAlign(const Alignment &) override {}
  void emitInstruction(std::string_view, const EncodedInstruction &, SourceLoc) override {}
  void emitBlankLine() override {}
  void emitDirectiveLine(std::string_view) override {}
  void emitAmdhsaKernel(const AmdhsaKernel &k) override { kernels.push_back(k); }
  void emitAmdgpuMetadata(const MetadataNode &) override {}
  void emitIdent(std::string_view) override {}
  void emitAddrsig() override {}
  void emitAddrsigSym(std::string_view) override {}
};

std::vector<uint8_t> llvmRodata(const std::string &src) {
  std::string path = difftest::writeTempFile(src, ".s");
  std::string obj = path + ".o";
  difftest::ToolRun mc = difftest::runTool({"llvm-mc-19", "-triple=amdgcn-amd-amdhsa",
                                            "-mcpu=gfx1100", "-filetype=obj", path, "-o", obj});
  difftest::ToolRun dump = difftest::runTool({"llvm-readelf-19", "-x", ".rodata", obj});
  unlink(path.c_str());
  unlink(obj.c_str());
  std::vector<uint8_t> bytes;
  std::istringstream in(dump.out);
  for (std::string line; std::getline(in, line);) {
    // "0x00000000 00000000 00000000 00000000 00000000 ................"
    if (line.rfind("0x", 0) != 0)
      continue;
    std::istringstream words(line.substr(11, 35));
    for (std::string w; words >> w;)
      for (size_t i = 0; i + 1 < w.size(); i += 2)
        bytes.push_back(static_cast<uint8_t>(std::stoul(w.substr(i, 2), nullptr, 16)));
  }
  return bytes;
}

class AmdhsaDescriptorTest : public ::testing::TestWithParam<const char *> {};

TEST_P(AmdhsaDescriptorTest, BytesMatchLlvmMc) {
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  std::string src =
      std::string(".rodata\n.amdhsa_kernel k\n") + GetParam() + ".end_amdhsa_kernel\n";
  std::vector<uint8_t> want = llvmRodata(src);
  ASSERT_EQ(want.size(), 64u) << src;
  SourceManager sm;
  KernelCapture cap;
  ParserOptions opts;
  opts.amdhsa = true;
  Parser p(sm, cap, nullptr, opts);
  ASSERT_TRUE(p.run(sm.addBuffer("k.s", src))) << sm.diagnostics();
  ASSERT_EQ(cap.kernels.size(), 1u);
  std::array<uint8_t, 64> got = cap.kernels[0].descriptor.encode();
  EXPECT_EQ(std::vector<uint8_t>(got.begin(), got.end()), want) << src;
}

INSTANTIATE_TEST_SUITE_P(
    Blocks, AmdhsaDescriptorTest,
    ::testing::Values(
        ".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n",
        ".amdhsa_next_free_vgpr 9\n.amdhsa_next_free_sgpr 1\n",
        ".amdhsa_next_free_vgpr 17\n.amdhsa_next_free_sgpr 1\n.amdhsa_wavefront_size32 0\n",
        ".amdhsa_next_free_vgpr 0\n.amdhsa_next_free_sgpr 100\n.amdhsa_reserve_vcc 0\n",
        ".amdhsa_next_free_vgpr 257\n.amdhsa_next_free_sgpr 107\n",
        ".amdhsa_next_free_vgpr 300\n.amdhsa_next_free_sgpr 200\n",
        ".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n.amdhsa_user_sgpr_count 5\n",
        ".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n.amdhsa_system_vgpr_workitem_id 3\n",
        ".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n.amdhsa_wavefront_size32 0\n"
        ".amdhsa_shared_vgpr_count 1\n",
        ".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n"
        ".amdhsa_private_segment_fixed_size 1\n.amdhsa_kernarg_size 3\n"
        ".amdhsa_group_segment_fixed_size 0xffffffff\n",
        ".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n"
        ".amdhsa_group_segment_fixed_size 1024\n.amdhsa_private_segment_fixed_size 16\n"
        ".amdhsa_kernarg_size 48\n.amdhsa_user_sgpr_dispatch_ptr 1\n"
        ".amdhsa_user_sgpr_queue_ptr 1\n.amdhsa_user_sgpr_kernarg_segment_ptr 1\n"
        ".amdhsa_user_sgpr_dispatch_id 1\n.amdhsa_user_sgpr_private_segment_size 1\n"
        ".amdhsa_enable_private_segment 1\n.amdhsa_system_sgpr_workgroup_id_y 1\n"
        ".amdhsa_system_sgpr_workgroup_id_z 1\n.amdhsa_system_sgpr_workgroup_info 1\n"
        ".amdhsa_system_vgpr_workitem_id 2\n.amdhsa_shared_vgpr_count 3\n"
        ".amdhsa_exception_int_div_zero 1\n.amdhsa_uses_dynamic_stack 1\n",
        ".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n.amdhsa_float_round_mode_32 3\n"
        ".amdhsa_float_round_mode_16_64 2\n.amdhsa_float_denorm_mode_32 1\n"
        ".amdhsa_float_denorm_mode_16_64 0\n.amdhsa_dx10_clamp 0\n.amdhsa_ieee_mode 0\n"
        ".amdhsa_fp16_overflow 1\n.amdhsa_workgroup_processor_mode 0\n"
        ".amdhsa_memory_ordered 0\n.amdhsa_forward_progress 1\n"
        ".amdhsa_exception_fp_ieee_invalid_op 1\n.amdhsa_exception_fp_denorm_src 1\n"
        ".amdhsa_exception_fp_ieee_div_zero 1\n.amdhsa_exception_fp_ieee_overflow 1\n"
        ".amdhsa_exception_fp_ieee_underflow 1\n.amdhsa_exception_fp_ieee_inexact 1\n"));

} // namespace
} // namespace gcnkit::assembler
