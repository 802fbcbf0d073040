// Assembler expressions against llvm-mc-19: random expressions over every operator, with
// parentheses and unary operators, evaluated by gcnkit and by llvm-mc (`.quad EXPR`).
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "asm/expr.h"
#include "oracle.h"

namespace gcnkit::assembler {
namespace {

std::string randomExpr(std::mt19937_64 &rng, int depth) {
  static const char *kBinary[] = {"+", "-",  "*",  "/",  "%",  "<<", ">>", "&",  "|", "^",
                                  "!", "&&", "||", "==", "!=", "<>", "<",  "<=", ">", ">="};
  static const char *kUnary[] = {"-", "~", "!", "+"};
  switch (depth <= 0 ? 0 : rng() % 4) {
  case 0: {
    switch (rng() % 5) {
    case 0:
      return std::to_string(rng() % 70);
    case 1: {
      std::ostringstream s;
      s << "0x" << std::hex << (rng() & 0xffffffffffull);
      return s.str();
    }
    case 2:
      return std::to_string(rng() % 5);
    case 3:
      return rng() % 2 ? "0b101" : "0b1";
    default:
      return std::to_string(rng() % 100000);
    }
  }
  case 1: {
    std::string r = kUnary[rng() % 4];
    r += randomExpr(rng, depth - 1);
    return r;
  }
  case 2: {
    std::string r = "(";
    r += randomExpr(rng, depth - 1);
    r += ')';
    return r;
  }
  default: {
    // Appends rather than operator+ chains: GCC 12 reports a false -Wrestrict on those.
    std::string r = randomExpr(rng, depth - 1);
    r += ' ';
    r += kBinary[rng() % 20];
    r += ' ';
    r += randomExpr(rng, depth - 1);
    return r;
  }
  }
}

TEST(AsmExpr, RandomExpressionsMatchLlvmMc) {
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  std::mt19937_64 rng(7);
  std::vector<std::string> exprs;
  std::string src;
  for (int i = 0; i < 3000; ++i) {
    exprs.push_back(randomExpr(rng, 4));
    src += ".quad " + exprs.back() + "\n";
  }
  std::string path = difftest::writeTempFile(src, ".s");
  difftest::ToolRun ref = difftest::runTool({"llvm-mc-19", "-arch=amdgcn", "-mcpu=gfx1100", path});
  std::istringstream out(ref.out);
  std::vector<std::string> values;
  for (std::string line; std::getline(out, line);)
    if (line.rfind("\t.quad\t", 0) == 0)
      values.push_back(line.substr(7));
  ASSERT_EQ(values.size(), exprs.size()) << ref.err;
  int compared = 0;
  for (size_t i = 0; i < exprs.size(); ++i) {
    std::vector<Token> toks = tokenize(exprs[i]);
    size_t pos = 0;
    ExprError err;
    ExprPtr e = parseExpr(toks, pos, err);
    ASSERT_TRUE(e) << exprs[i] << ": " << err.message;
    ASSERT_EQ(toks[pos].kind, Tok::Eof) << exprs[i];
    std::optional<ExprValue> v = evaluate(*e, nullptr, err);
    // llvm-mc leaves expressions it cannot fold (division by zero) unevaluated.
    bool refIsNumber = values[i].find_first_not_of("-0123456789") == std::string::npos;
    if (!refIsNumber) {
      EXPECT_FALSE(v) << exprs[i] << " -> llvm-mc " << values[i];
      continue;
    }
    ASSERT_TRUE(v) << exprs[i] << ": " << err.message;
    EXPECT_EQ(std::to_string(v->constant), values[i]) << exprs[i];
    ++compared;
  }
  EXPECT_GT(compared, 2500);
}

} // namespace
} // namespace gcnkit::assembler
