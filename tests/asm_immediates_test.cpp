// Numeric operand conversion against llvm-mc-19: each value is assembled by llvm-mc into
// instructions with 16-, 32- and 64-bit, integer and float operands, and the src0 code and
// literal it chose are compared with encodeImmediate's.
#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <sstream>

#include "asm/expr.h"
#include "asm/immediates.h"
#include "oracle.h"

namespace gcnkit::assembler {
namespace {

using isa::DataType;

struct Form {
  const char *prefix; // instruction up to the operand
  const char *suffix; // after it
  DataType type;
  // Where src0 sits in the encoding: byte offset and bit width (9 bits spill into byte+1).
  unsigned byte;
  unsigned size; // instruction size without literal
};

constexpr Form kForms[] = {
    {"s_mov_b32 s0, ", "", DataType::B32, 0, 4},
    {"s_mov_b64 s[0:1], ", "", DataType::B64, 0, 4},
    {"v_add_f32 v0, ", ", v1", DataType::F32, 0, 4},
    {"v_add_f16 v0, ", ", v1", DataType::F16, 0, 4},
    {"v_ceil_f64 v[0:1], ", "", DataType::F64, 0, 4},
    {"v_add_nc_u16 v0, ", ", v1", DataType::U16, 4, 8},
    {"v_add_nc_u32 v0, ", ", v1", DataType::U32, 0, 4},
};

const char *kValues[] = {
    "0",
    "1",
    "64",
    "65",
    "-1",
    "-16",
    "-17",
    "0.5",
    "-0.5",
    "1.0",
    "-1.0",
    "2.0",
    "-2.0",
    "4.0",
    "-4.0",
    "0.15915494",
    "0.1592",
    "0.15915494309189532",
    "1.5",
    "-0.0",
    "0.0",
    "0x3f800000",
    "0x3c00",
    "0x3800",
    "0x3118",
    "0xffff",
    "0x10000",
    "0xffffffff",
    "0x1ffffffff",
    "0xffffffff80000000",
    "0xffffffff7fffffff",
    "0x3ff0000000000000",
    "0x3ff00000",
    "0x3fe0000000000000",
    "100",
    "-100",
    "65504.0",
    "65519.0",
    "65520.0",
    "1e40",
    "1e-50",
    "1e-10",
    "3.4028235e38",
    "0x12345678",
    "0xfff0",
    "-256",
    "0x80000000",
    "0xfffffffe00000000",
    "1e400",
    "0x7fffffffffffffff",
    "1.0e-45",
    "6e-8",
};

Number parseNumber(const std::string &text) {
  std::vector<Token> toks = tokenize(text);
  size_t pos = 0;
  bool neg = false;
  if (toks[0].kind == Tok::Minus && toks[1].kind == Tok::Real) {
    neg = true;
    pos = 1;
  }
  if (toks[pos].kind == Tok::Real) {
    double d = std::strtod(std::string(toks[pos].text).c_str(), nullptr);
    return Number{true, 0, neg ? -d : d};
  }
  ExprError err;
  ExprPtr e = parseExpr(toks, pos, err);
  std::optional<ExprValue> v = e ? evaluate(*e, nullptr, err) : std::nullopt;
  return Number{false, v ? v->constant : 0, 0};
}

std::vector<uint8_t> parseEncoding(const std::string &line) {
  std::vector<uint8_t> bytes;
  size_t p = line.find("encoding: [");
  if (p == std::string::npos)
    return bytes;
  std::istringstream in(line.substr(p + 11));
  for (std::string b; std::getline(in, b, ',');)
    bytes.push_back(static_cast<uint8_t>(std::strtoul(b.c_str(), nullptr, 16)));
  return bytes;
}

TEST(AsmImmediates, SameAsLlvmMc) {
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  std::string src;
  std::vector<std::pair<const Form *, std::string>> cases;
  for (const Form &f : kForms)
    for (const char *v : kValues) {
      src += std::string(f.prefix) + v + f.suffix + "\n";
      cases.emplace_back(&f, v);
    }
  std::string path = difftest::writeTempFile(src, ".s");
  difftest::ToolRun ref =
      difftest::runTool({"llvm-mc-19", "-arch=amdgcn", "-mcpu=gfx1100", "-show-encoding", path});
  std::map<size_t, bool> errorLines;
  std::istringstream err(ref.err);
  for (std::string l; std::getline(err, l);) {
    size_t p = l.find(".s:");
    if (p != std::string::npos && l.find("error:") != std::string::npos)
      errorLines[std::stoul(l.substr(p + 3))] = true;
  }
  std::vector<std::string> lines;
  std::istringstream out(ref.out);
  for (std::string l; std::getline(out, l);)
    if (l.find("encoding:") != std::string::npos)
      lines.push_back(l);
  size_t next = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Form &f = *cases[i].first;
    const std::string &value = cases[i].second;
    std::optional<EncodedImm> got = encodeImmediate(parseNumber(value), f.type);
    std::string what = std::string(f.prefix) + value;
    if (errorLines.count(i + 1)) {
      EXPECT_FALSE(got) << what << " is rejected by llvm-mc";
      continue;
    }
    ASSERT_LT(next, lines.size());
    std::vector<uint8_t> enc = parseEncoding(lines[next++]);
    ASSERT_TRUE(got) << what << " is accepted by llvm-mc: " << lines[next - 1];
    unsigned code = enc[f.byte];
    if (code == 255) {
      ASSERT_EQ(enc.size(), f.size + 4u) << what;
      uint32_t lit = enc[f.size] | enc[f.size + 1] << 8 | enc[f.size + 2] << 16 |
                     static_cast<uint32_t>(enc[f.size + 3]) << 24;
      EXPECT_FALSE(got->isInline) << what << " -> literal";
      EXPECT_EQ(got->literal, lit) << what;
    } else {
      EXPECT_TRUE(got->isInline) << what << " -> inline " << code;
      EXPECT_EQ(got->inlineCode, code) << what;
    }
  }
}

} // namespace
} // namespace gcnkit::assembler
