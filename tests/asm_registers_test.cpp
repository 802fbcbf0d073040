// Register operand syntax against llvm-mc-19: every accepted spelling names the register
// llvm-mc prints, and every rejected one gets llvm-mc's message at llvm-mc's column.
#include <gtest/gtest.h>

#include <sstream>

#include "asm/registers.h"
#include "oracle.h"

namespace gcnkit::assembler {
namespace {

struct Case {
  const char *prefix; // instruction text before the operand
  const char *operand;
};

// Register-level diagnostics; other errors are the instruction matcher's business.
bool isRegisterMessage(const std::string &m) {
  for (const char *k :
       {"invalid register alignment", "registers in a list must", "register index is out of range",
        "first register index should not exceed", "expected a closing square bracket",
        "register not available on this GPU", "not supported on this GPU",
        "invalid or unsupported register size", "register does not fit in the list",
        "expected a comma or a closing square bracket", "expected a register or a list",
        "invalid register index", "expected absolute expression", "unknown token in expression"})
    if (m.find(k) != std::string::npos)
      return true;
  return false;
}

// llvm-mc's canonical spelling of the registers these cases produce.
std::string printRegister(const Register &r) {
  auto range = [&](const char *prefix, unsigned first) {
    std::string s = prefix;
    if (r.count == 1)
      return s + std::to_string(first);
    return s + "[" + std::to_string(first) + ":" + std::to_string(first + r.count - 1) + "]";
  };
  switch (r.kind) {
  case RegKind::VGPR:
    return range("v", r.index);
  case RegKind::SGPR:
    return range("s", r.index);
  case RegKind::TTMP:
    return range("ttmp", r.index);
  default:
    break;
  }
  switch (r.index) {
  case 106:
    return r.count == 2 ? "vcc" : "vcc_lo";
  case 107:
    return "vcc_hi";
  case 126:
    return r.count == 2 ? "exec" : "exec_lo";
  case 127:
    return "exec_hi";
  case 124:
    return "null";
  case 125:
    return "m0";
  case 235:
    return "src_shared_base";
  case 253:
    return "src_scc";
  default:
    return "?";
  }
}

TEST(AsmRegisters, SameAsLlvmMc) {
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  const std::vector<Case> cases = {
      {"s_mov_b64 s[0:1], ", "s[2:3]"},
      {"s_mov_b64 s[0:1], ", "s[1:2]"},
      {"s_mov_b64 s[0:1], ", "[s2,s3]"},
      {"s_mov_b64 s[0:1], ", "[s2,s4]"},
      {"s_mov_b64 s[0:1], ", "s[2*1:1+2]"},
      {"s_mov_b64 s[0:1], ", "[exec_lo,exec_hi]"},
      {"s_mov_b64 s[0:1], ", "[exec]"},
      {"s_mov_b64 s[0:1], ", "exec"},
      {"s_mov_b64 s[0:1], ", "vcc"},
      {"s_mov_b64 s[0:1], ", "[vcc_lo,vcc_hi]"},
      {"s_mov_b32 s0, ", "[s5]"},
      {"s_mov_b32 s0, ", "s[5]"},
      {"s_mov_b32 s0, ", "s106"},
      {"s_mov_b32 s0, ", "s105"},
      {"s_mov_b32 s0, ", "ttmp15"},
      {"s_mov_b32 s0, ", "ttmp16"},
      {"s_mov_b64 s[0:1], ", "ttmp[2:3]"},
      {"s_mov_b64 s[0:1], ", "ttmp[1:2]"},
      {"s_load_b128 ", "s[2:5], s[4:5], 0"},
      {"s_mov_b64 s[0:1], ", "[s2,s3,s4]"},
      {"s_mov_b64 s[0:1], ", "[v2,s3]"},
      {"s_mov_b64 s[0:1], ", "[]"},
      {"s_mov_b64 s[0:1], ", "[s2:s3]"},
      {"s_mov_b64 s[0:1], ", "s[2:x]"},
      {"s_mov_b64 s[0:1], ", "s[-1:0]"},
      {"s_mov_b64 s[0:1], ", "s[104:105]"},
      {"s_mov_b64 s[0:1], ", "s[106:107]"},
      {"s_mov_b64 s[0:1], ", "s [2:3]"},
      {"v_mov_b32 v0, ", "v255"},
      {"v_mov_b32 v0, ", "v256"},
      {"v_mov_b32 v0, ", "v[2*2]"},
      {"v_mov_b32 v0, ", "[v252]"},
      {"v_mov_b32 v0, ", "v[256]"},
      {"v_mov_b32 v0, ", "v[255:256]"},
      {"v_mov_b32 v0, ", "src_shared_base"},
      {"v_mov_b32 v0, ", "shared_base"},
      {"v_mov_b32 v0, ", "src_scc"},
      {"v_mov_b32 v0, ", "scc"},
      {"v_mov_b32 v0, ", "vccz"},
      {"v_mov_b32 v0, ", "src_execz"},
      {"v_mov_b32 v0, ", "m0"},
      {"v_mov_b32 v0, ", "[m0]"},
      {"v_mov_b32 v0, ", "null"},
      {"v_mov_b32 v0, ", "lds_direct"},
      {"v_mov_b32 v0, ", "pops_exiting_wave_id"},
      {"v_mov_b32 v0, ", "s[1:0]"},
      {"v_mov_b32 v0, ", "s[0:1"},
      {"v_mov_b32 v0, ", "s[0:12]"},
      {"v_mov_b32 v0, ", "v[0:16]"},
      {"v_mov_b32 v0, ", "[ttmp1]"},
      {"v_mov_b32 v0, ", "[exec_hi,exec_lo]"},
      {"v_mov_b32 v0, ", "[s1,exec_lo]"},
      {"v_mov_b32 v0, ", "[vcc_lo,vcc_hi,s0]"},
      {"v_mov_b32 v0, ", "s[0 1]"},
      {"v_mov_b32 v0, ", "s[]"},
      {"v_mov_b32 v0, ", "[s0"},
      {"v_mov_b32 v0, ", "[s0 s1]"},
      {"v_mov_b32 v0, ", "s[1:0x1]"},
      {"v_mov_b32 v0, ", "s[0:0x100000000]"},
      {"v_mov_b32 v0, ", "s[x]"},
      {"v_mov_b32 v0, ", "s0001"},
      {"v_mov_b32 v0, ", "flat_scratch_lo"},
      {"v_mov_b32 v0, ", "vcc_hi"},
      {"v_mov_b32 v0, ", "exec_hi"},
  };
  std::string src;
  for (const Case &c : cases)
    src += std::string(c.prefix) + c.operand + "\n";
  std::string path = difftest::writeTempFile(src, ".s");
  difftest::ToolRun ref = difftest::runTool({"llvm-mc-19", "-arch=amdgcn", "-mcpu=gfx1100", path});
  // Map diagnostics to lines.
  std::map<size_t, std::pair<size_t, std::string>> errors; // line -> (column, message)
  std::istringstream err(ref.err);
  for (std::string l; std::getline(err, l);) {
    size_t p = l.find(".s:");
    if (p == std::string::npos)
      continue;
    size_t line = std::stoul(l.substr(p + 3));
    size_t c2 = l.find(':', p + 3);
    size_t col = std::stoul(l.substr(c2 + 1));
    size_t m = l.find("error: ");
    errors[line] = {col, l.substr(m + 7)};
  }
  std::vector<std::string> printed;
  std::istringstream out(ref.out);
  for (std::string l; std::getline(out, l);)
    if (l != "\t.text")
      printed.push_back(l);
  size_t okIndex = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    std::string operand = cases[i].operand;
    std::vector<Token> toks = tokenize(operand);
    size_t pos = 0;
    Register reg;
    RegisterError rerr;
    RegParse r = parseRegister(toks, pos, reg, rerr, isa::Target::GFX1100);
    size_t prefixLen = std::string(cases[i].prefix).size();
    auto e = errors.find(i + 1);
    if (e != errors.end()) {
      if (!isRegisterMessage(e->second.second))
        continue; // the matcher's error, not the register parser's
      ASSERT_EQ(r, RegParse::Error) << operand << " (llvm-mc: " << e->second.second << ")";
      EXPECT_EQ(rerr.message, e->second.second) << operand;
      EXPECT_EQ(rerr.offset + prefixLen + 1, e->second.first) << operand;
      continue;
    }
    ASSERT_LT(okIndex, printed.size());
    const std::string &line = printed[okIndex++];
    ASSERT_EQ(r, RegParse::Ok) << operand << ": " << rerr.message;
    if (std::string(cases[i].prefix).rfind("s_load", 0) == 0)
      continue;
    // The source operand is the last one llvm-mc prints.
    std::string want = line.substr(line.rfind(", ") + 2);
    EXPECT_EQ(printRegister(reg), want) << operand;
  }
}

} // namespace
} // namespace gcnkit::assembler
