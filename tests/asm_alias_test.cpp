// gfx1100's mnemonic aliases (isa::mnemonicAliases: the names llvm-mc-19 takes for gfx11
// instructions besides their own, mostly their names before gfx11) against llvm-mc-19: every
// alias in statements of each encoding form of its instruction, with the operands of random
// encodings; the same statements with bad operands; names near the aliases that llvm-mc
// rejects; the examples of issue 9. Whole sources are compared: the -show-encoding listing
// (bytes and the new name's text) and the diagnostics (message, column), in wave32 and wave64.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <set>

#include "compare.h"
#include "elf/assemble.h"
#include "gcnkit/disasm.h"
#include "oracle.h"
#include "random_encodings.h"

namespace gcnkit::assembler {
namespace {

using isa::Target;

// The instruction name of a printed mnemonic: without its encoding suffix.
std::string_view instructionName(std::string_view printed) {
  for (std::string_view suffix : {"_e64_dpp", "_dpp", "_e32", "_e64"})
    if (printed.ends_with(suffix))
      return printed.substr(0, printed.size() - suffix.size());
  return printed;
}

// What gcnkit and llvm-mc-19 -show-encoding print for each statement of one source (the
// statements separated by marker statements, difftest::splitBlocks).
struct Outcomes {
  std::vector<difftest::Block> gcnkit, llvmMc;
  bool same(size_t i) const {
    return gcnkit[i].out == llvmMc[i].out && gcnkit[i].err == llvmMc[i].err;
  }
};

Outcomes outcomes(const std::vector<std::string> &statements, bool wave64) {
  std::string source;
  for (const std::string &s : statements)
    source += s + "\n" + difftest::kMarkerStatement + "\n";
  const std::string path = difftest::writeTempFile(source, ".s");
  std::vector<std::string> argv = {"llvm-mc-19", "-arch=amdgcn", "-mcpu=gfx1100", "-show-encoding"};
  if (wave64)
    argv.push_back(difftest::kWave64Attr);
  argv.push_back(path);
  const difftest::ToolRun ref = difftest::runTool(argv);
  const elf::AssembleResult got =
      elf::assemble(path, source, {.showEncoding = true, .wave64 = wave64});
  unlink(path.c_str());
  return {difftest::splitBlocks(got.output, got.diagnostics, statements.size()),
          difftest::splitBlocks(ref.out, ref.err, statements.size())};
}

void reportDifference(const Outcomes &o, const std::vector<std::string> &statements, size_t i,
                      bool wave64) {
  ADD_FAILURE() << statements[i] << (wave64 ? " (wave64)" : "") << "\n  gcnkit:\n"
                << o.gcnkit[i].out << o.gcnkit[i].err << "  llvm-mc:\n"
                << o.llvmMc[i].out << o.llvmMc[i].err;
}

// Assembles `statements` as one source with gcnkit and with llvm-mc-19: each statement must list
// the same lines (bytes and instruction text) and give the same diagnostics. Returns the number
// of statements that differ.
size_t expectSameListing(const std::vector<std::string> &statements, bool wave64) {
  const Outcomes o = outcomes(statements, wave64);
  size_t differences = 0;
  for (size_t i = 0; i < statements.size(); ++i)
    if (!o.same(i) && differences++ < 25)
      reportDifference(o, statements, i, wave64);
  return differences;
}

// For every instruction with aliases, texts of each of its printed forms (a few per printed
// mnemonic), printed by the disassembler for random encodings of every family.
std::map<std::string, std::vector<std::string>, std::less<>> formTexts(bool wave64) {
  std::set<std::string_view> named;
  for (const isa::MnemonicAlias &a : isa::mnemonicAliases(Target::GFX1100))
    named.insert(a.name);
  const disasm::Disassembler dis(Target::GFX1100,
                                 wave64 ? disasm::WaveSize::Wave64 : disasm::WaveSize::Wave32);
  std::map<std::string, std::vector<std::string>, std::less<>> texts;
  difftest::Rng rng(2024);
  std::vector<uint8_t> bytes;
  std::string text;
  for (const difftest::FamilyGenerator &g : difftest::familyGenerators(Target::GFX1100))
    for (int i = 0; i < 400000; ++i) {
      bytes.clear();
      g.generate(rng, bytes);
      disasm::Inst inst;
      if (dis.decode(bytes, inst) != disasm::DecodeStatus::Success)
        continue;
      text.clear();
      dis.print(inst, text);
      if (text.find("/*") != std::string::npos) // notes on invalid operands
        continue;
      const std::string_view printed = std::string_view(text).substr(0, text.find(' '));
      if (!named.contains(instructionName(printed)))
        continue;
      std::vector<std::string> &v = texts[std::string(printed)];
      if (v.size() < 3 && std::find(v.begin(), v.end(), text) == v.end())
        v.push_back(text);
    }
  return texts;
}

// A statement written with an alias, and the same statement with the instruction's name.
struct AliasStatement {
  std::string alias, name;
};

// Each alias written in place of its instruction's name in every text of the instruction, with
// the form's suffix and (for suffixed forms) without it. Fails unless every alias gets some.
std::vector<AliasStatement> aliasStatements(bool wave64) {
  const auto texts = formTexts(wave64);
  std::vector<AliasStatement> out;
  for (const isa::MnemonicAlias &a : isa::mnemonicAliases(Target::GFX1100)) {
    const size_t before = out.size();
    for (const auto &[printed, list] : texts) {
      if (instructionName(printed) != a.name)
        continue;
      const std::string suffix = printed.substr(a.name.size());
      for (const std::string &t : list) {
        const std::string rest = t.substr(printed.size());
        out.push_back({std::string(a.alias) + suffix + rest, t});
        if (!suffix.empty())
          out.push_back({std::string(a.alias) + rest, std::string(a.name) + rest});
      }
    }
    EXPECT_GT(out.size(), before) << "no statement for " << a.alias;
  }
  return out;
}

std::vector<std::string> aliasSpellings(const std::vector<AliasStatement> &list) {
  std::vector<std::string> out;
  for (const AliasStatement &s : list)
    out.push_back(s.alias);
  return out;
}

TEST(AsmAlias, TableIsSortedAndNamesInstructions) {
  std::span<const isa::MnemonicAlias> all = isa::mnemonicAliases(Target::GFX1100);
  ASSERT_GT(all.size(), 250u);
  std::set<std::string_view> names;
  for (const isa::InstrDesc &d : isa::instructions(Target::GFX1100))
    names.insert(instructionName(d.name));
  for (size_t i = 0; i < all.size(); ++i) {
    EXPECT_TRUE(names.contains(all[i].name)) << all[i].alias << " -> " << all[i].name;
    EXPECT_FALSE(names.contains(all[i].alias)) << all[i].alias;
    if (i > 0) {
      EXPECT_LT(all[i - 1].alias, all[i].alias);
    }
    EXPECT_EQ(isa::findMnemonicAlias(Target::GFX1100, all[i].alias), &all[i]);
  }
  EXPECT_EQ(isa::findMnemonicAlias(Target::GFX1100, "buffer_load_b32"), nullptr);
  EXPECT_EQ(isa::findMnemonicAlias(Target::GFX1100, "buffer_load_dwordx5"), nullptr);
  EXPECT_EQ(isa::findMnemonicAlias(Target::GFX1100, "v_cvt_flr_i32_f32_e64"), nullptr);
  EXPECT_EQ(isa::findMnemonicAlias(Target::GFX908, "buffer_load_dword"), nullptr);
  ASSERT_NE(isa::findMnemonicAlias(Target::GFX908, "v_accvgpr_read"), nullptr);
}

// The examples of issue 9, and what each names.
TEST(AsmAlias, IssueExamples) {
  const std::vector<std::pair<std::string_view, std::string_view>> named = {
      {"buffer_load_dword", "buffer_load_b32"},
      {"buffer_atomic_fcmpswap", "buffer_atomic_cmpswap_f32"},
      {"tbuffer_load_format_d16_x", "tbuffer_load_d16_format_x"},
      {"s_load_dword", "s_load_b32"},
      {"flat_load_dwordx2", "flat_load_b64"},
      {"global_atomic_csub", "global_atomic_csub_u32"},
      {"global_atomic_smax", "global_atomic_max_i32"},
      {"global_atomic_umin_x2", "global_atomic_min_u64"},
      {"scratch_load_dwordx2", "scratch_load_b64"},
      {"ds_read_b32", "ds_load_b32"},
      {"ds_read2_b32", "ds_load_2addr_b32"},
      {"ds_wrxchg2_rtn_b32", "ds_storexchg_2addr_rtn_b32"},
      {"v_cvt_flr_i32_f32", "v_cvt_floor_i32_f32"},
      {"v_ffbh_u32", "v_clz_i32_u32"},
      {"v_dot2c_f32_f16", "v_dot2acc_f32_f16"},
      {"v_fmac_legacy_f32", "v_fmac_dx9_zero_f32"},
      {"v_fma_legacy_f32", "v_fma_dx9_zero_f32"},
      {"v_cvt_pknorm_i16_f16", "v_cvt_pk_norm_i16_f16"},
      {"v_cmp_tru_f32", "v_cmp_t_f32"},
      {"v_cmpx_tru_f16", "v_cmpx_t_f16"},
      {"s_andn2_b32", "s_and_not1_b32"},
      {"s_flbit_i32_b32", "s_clz_i32_u32"},
      {"s_andn1_saveexec_b32", "s_and_not0_saveexec_b32"},
      {"s_inst_prefetch", "s_set_inst_prefetch_distance"}};
  for (auto [alias, name] : named) {
    const isa::MnemonicAlias *a = isa::findMnemonicAlias(Target::GFX1100, alias);
    ASSERT_NE(a, nullptr) << alias;
    EXPECT_EQ(a->name, name);
  }
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  const std::vector<std::string> statements = {
      "buffer_load_dword v1, off, s[4:7], s1 offset:4 glc",
      "buffer_atomic_fcmpswap v[1:2], off, s[4:7], s1 glc",
      "tbuffer_load_format_d16_x v1, off, s[4:7], s1 format:[BUF_FMT_32_FLOAT] offset:4",
      "tbuffer_load_format_d16_x v1, off, s[4:7], s1 format:22 offset:4",
      "s_load_dword s1, s[2:3], 0x10",
      "s_load_dword s1, s[2:3], s5 offset:0x10 glc dlc",
      "flat_load_dwordx2 v[1:2], v[3:4] offset:16",
      "global_atomic_csub v1, v2, v3, s[4:5] glc",
      "global_atomic_smax v1, v2, s[4:5] offset:-8",
      "global_atomic_umin_x2 v[1:2], v[3:4], off",
      "scratch_load_dwordx2 v[1:2], off, s1 offset:-4096",
      "ds_read_b32 v1, v2 offset:65535",
      "ds_read2_b32 v[1:2], v3 offset0:1 offset1:2",
      "ds_wrxchg2_rtn_b32 v[1:2], v3, v4, v5 offset0:8 offset1:255",
      "v_cvt_flr_i32_f32 v1, v2",
      "v_cvt_flr_i32_f32_e64 v1, -v2",
      "v_cvt_flr_i32_f32_dpp v1, v2 quad_perm:[0,1,2,3] row_mask:0x5",
      "v_cvt_flr_i32_f32 v1, v2 row_shl:1",
      "v_cvt_flr_i32_f32 v1, v2 dpp8:[0,1,2,3,4,5,6,7] fi:1",
      "v_cvt_flr_i32_f32_e64_dpp v1, |v2| quad_perm:[0,1,2,3]",
      "v_cvt_flr_i32_f32 v1, v2 clamp",
      "V_CVT_FLR_I32_F32_E64 v1, v2",
      "v_ffbh_u32 v1, s2",
      "v_ffbh_u32_e64 v1, 0x1234",
      "v_dot2c_f32_f16 v1, v2, v3",
      "v_dot2c_f32_f16_dpp v1, v2, v3 quad_perm:[3,2,1,0]",
      "v_fmac_legacy_f32 v1, v2, v3",
      "v_fmac_legacy_f32_e64 v1, v2, v3 clamp",
      "v_fma_legacy_f32 v1, v2, v3, v4",
      "v_cvt_pknorm_i16_f16 v1, v2, v3 op_sel:[1,0,0]",
      "v_cmp_tru_f32 vcc_lo, v1, v2",
      "v_cmp_tru_f32_e64 s1, v1, v2",
      "v_cmp_tru_f32 vcc_lo, v1, v2 quad_perm:[0,1,2,3]",
      "v_cmp_tru_f32_e64_dpp s1, v1, v2 dpp8:[7,6,5,4,3,2,1,0]",
      "v_cmpx_tru_f16 v1, v2",
      "v_cmpx_tru_f16_e64 v1, v2",
      "v_cmpx_tru_f64 v[1:2], v[3:4]",
      "s_andn2_b32 s1, s2, s3",
      "s_andn2_b64 s[2:3], s[4:5], -1",
      "s_flbit_i32_b32 s1, s2",
      "s_andn1_saveexec_b32 s1, s2",
      "s_inst_prefetch 1",
      "s_inst_prefetch 0x10000"};
  EXPECT_EQ(expectSameListing(statements, false), 0u);
  // In wave64 the lane masks are pairs.
  const std::vector<std::string> wave64 = {"v_cmp_tru_f32 vcc, v1, v2",
                                           "v_cmp_tru_f32_e64 s[2:3], v1, v2",
                                           "v_cmp_tru_f32 vcc, v1, v2 quad_perm:[0,1,2,3]",
                                           "v_cmpx_tru_f32 v1, v2",
                                           "v_cmp_tru_f32 vcc_lo, v1, v2",
                                           "v_add_u32 v1, v2, v3",
                                           "s_andn2_saveexec_b64 s[2:3], s[4:5]",
                                           "buffer_load_dword v1, off, s[4:7], s1"};
  EXPECT_EQ(expectSameListing(wave64, true), 0u);
}

class AsmAliasWave : public ::testing::TestWithParam<bool> {};

// Every alias, in statements of every form of its instruction.
TEST_P(AsmAliasWave, EveryAliasInEveryForm) {
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  const std::vector<std::string> statements = aliasSpellings(aliasStatements(GetParam()));
  ASSERT_GT(statements.size(), 3 * isa::mnemonicAliases(Target::GFX1100).size());
  EXPECT_EQ(expectSameListing(statements, GetParam()), 0u) << "of " << statements.size();
}

// The operands of a statement, split at the commas outside brackets and parentheses (the last
// one keeps the modifiers after it).
std::vector<std::string> topLevelOperands(std::string_view operands) {
  std::vector<std::string> out(1);
  int depth = 0;
  for (char c : operands) {
    depth += (c == '[' || c == '(') - (c == ']' || c == ')');
    if (c == ',' && depth == 0)
      out.emplace_back();
    else
      out.back() += c;
  }
  return out;
}

// Statements with bad operands, for one form of each alias: the last operand dropped, one
// operand too many, a scalar register where the first operand stands. Each is written with the
// alias and with the instruction's name.
std::vector<AliasStatement> badOperandStatements(bool wave64) {
  std::vector<AliasStatement> out;
  std::set<std::string> seen;
  for (const AliasStatement &s : aliasStatements(wave64)) {
    const size_t space = s.alias.find(' ');
    if (space == std::string::npos || !seen.insert(s.alias.substr(0, space)).second)
      continue;
    const std::string aliasMnemonic = s.alias.substr(0, space + 1);
    const std::string nameMnemonic = s.name.substr(0, s.name.find(' ') + 1);
    const std::vector<std::string> ops = topLevelOperands(s.alias.substr(space + 1));
    auto add = [&](const std::string &operands) {
      out.push_back({aliasMnemonic + operands, nameMnemonic + operands});
    };
    std::string allButLast;
    for (size_t i = 0; i + 1 < ops.size(); ++i)
      allButLast += (i ? "," : "") + ops[i];
    if (ops.size() > 1)
      add(allButLast);
    add(s.alias.substr(space + 1) + ", v1");
    std::string first = "exec_hi";
    for (size_t i = 1; i < ops.size(); ++i)
      first += "," + ops[i];
    add(first);
  }
  return out;
}

// The bad-operand statements give llvm-mc's diagnostics under the alias wherever they do under
// the instruction's name (those where gcnkit's message for the name itself differs from
// llvm-mc's belong to the name's family and are counted, not failed, here).
TEST_P(AsmAliasWave, BadOperands) {
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  const bool wave64 = GetParam();
  const std::vector<AliasStatement> list = badOperandStatements(wave64);
  std::vector<std::string> aliased, named;
  for (const AliasStatement &s : list) {
    aliased.push_back(s.alias);
    named.push_back(s.name);
  }
  const Outcomes a = outcomes(aliased, wave64), n = outcomes(named, wave64);
  size_t differences = 0, ofTheName = 0;
  for (size_t i = 0; i < list.size(); ++i) {
    if (a.same(i))
      continue;
    if (!n.same(i))
      ++ofTheName;
    else if (differences++ < 25)
      reportDifference(a, aliased, i, wave64);
  }
  EXPECT_EQ(differences, 0u) << "of " << list.size();
  std::cout << ofTheName << " of " << list.size()
            << " statements differ from llvm-mc under the instruction's name too\n";
}

INSTANTIATE_TEST_SUITE_P(Waves, AsmAliasWave, ::testing::Bool(),
                         [](const auto &info) { return info.param ? "wave64" : "wave32"; });

// Names near the aliases that llvm-mc rejects: other sizes and types, typos, suffixes forcing
// an encoding the instruction lacks, old names gfx11 dropped (llvm-mc knows them from other
// processors: "instruction not supported on this GPU").
TEST(AsmAlias, NearMisses) {
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  const std::vector<std::string> statements = {
      "buffer_load_dwordx5 v[1:5], off, s[4:7], s1", "buffer_load_dwrd v1, off, s[4:7], s1",
      "buffer_atomic_fcmpswap_x2 v[1:4], off, s[4:7], s1",
      "buffer_atomic_fmin_x2 v[1:2], off, s[4:7], s1", "buffer_store_lds_dword off, s[4:7], s1",
      "buffer_wbinvl1", "global_atomic_csub_x2 v[1:2], v[2:3], off",
      "global_load_dword_addtid_x2 v1, s[2:3]", "flat_load_dword_addtid v1, v[2:3]",
      "scratch_load_dwordx5 v[1:5], off, s1", "ds_read2_b16 v[1:2], v3", "ds_read_b256 v[1:8], v3",
      "ds_read3_b32 v[1:2], v3", "ds_read_addtid_b64 v[1:2]", "s_load_dwordx3 s[4:6], s[2:3], 0",
      "s_andn2_b16 s1, s2, s3", "s_flbit_i32_b16 s1, s2", "s_inst_prefetch_distance 1",
      "v_cvt_flr_i32_f16 v1, v2", "v_cvt_flr_i32_f64 v1, v[2:3]", "v_cmp_tru_u16 vcc_lo, v1, v2",
      "v_cmps_tru_f32 vcc_lo, v1, v2", "v_dot2c_f32_bf16 v1, v2, v3", "v_mac_legacy_f32 v1, v2, v3",
      "v_ffbh_u64 v1, v[2:3]", "v_add_u16_e32 v1, v2, v3",
      // Encoding suffixes the instruction has no form for.
      "v_dot2c_f32_f16_e64 v1, v2, v3", "v_dot2c_f32_f16_e64_dpp v1, v2, v3 quad_perm:[0,1,2,3]",
      "s_andn2_b32_e64 s1, s2, s3", "s_andn2_b32_dpp s1, s2, s3", "s_andn2_b32_sdwa s1, s2, s3",
      "v_cvt_flr_i32_f32_sdwa v1, v2", "v_cmpx_tru_f32_sdwa v1, v2", "v_add_u32_sdwa v1, v2, v3",
      "buffer_load_dword_dpp v1, off, s[4:7], s1",
      "buffer_atomic_fcmpswap_x2_e32 v[1:4], off, s[4:7], s1",
      // Suffixes llvm-mc ignores where the instruction has one encoding.
      "buffer_load_dword_e32 v1, off, s[4:7], s1", "s_andn2_b32_e32 s1, s2, s3",
      "tbuffer_load_format_d16_x_e32 v1, off, s[4:7], s1 format:22"};
  EXPECT_EQ(expectSameListing(statements, false), 0u);
}

// llvm-mc suggests a spelling after "invalid instruction" (for names within two edits of one of
// its mnemonics); gcnkit gives the message without the suggestion (docs/differences.md).
TEST(AsmAlias, SuggestionsAreNotGiven) {
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  for (const std::string s : {"v_cmp_tru_i32 vcc_lo, v1, v2", "v_cmpx_tru_i64 v[1:2], v[2:3]",
                              "s_andn3_b32 s1, s2, s3"}) {
    const std::string path = difftest::writeTempFile(s + "\n", ".s");
    const difftest::ToolRun want =
        difftest::runTool({"llvm-mc-19", "-arch=amdgcn", "-mcpu=gfx1100", "-show-encoding", path});
    const elf::AssembleResult got = elf::assemble(path, s + "\n", {.showEncoding = true});
    unlink(path.c_str());
    EXPECT_NE(want.err.find("error: invalid instruction, did you mean: "), std::string::npos)
        << want.err;
    EXPECT_NE(got.diagnostics.find(":1:1: error: invalid instruction\n"), std::string::npos)
        << got.diagnostics;
  }
}

} // namespace
} // namespace gcnkit::assembler
