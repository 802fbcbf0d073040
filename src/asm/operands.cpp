#include "asm/operands.h"

#include "asm/salu_symbolic.h"

#include <array>
#include <cstdlib>
#include <string>

namespace gcnkit::assembler {

namespace {

constexpr std::array<std::string_view, 20> kFlags = {
    "glc",   "slc", "dlc",  "gds", "offen", "idxen", "addr64", "lds", "tfe",    "lwe",
    "unorm", "da",  "r128", "a16", "d16",   "clamp", "done",   "vm",  "row_en", "compr"};

bool isEnd(const Token &t) { return t.kind == Tok::EndOfStatement || t.kind == Tok::Eof; }

// A number operand: an optionally negated real, or an expression folded to an integer.
bool parseNumberOrExpr(std::span<const Token> toks, size_t &pos, const SymbolResolver &resolve,
                       ParsedOperand &op, OperandParseError &err) {
  bool neg = false;
  size_t p = pos;
  if (toks[p].kind == Tok::Minus && toks[p + 1].kind == Tok::Real) {
    neg = true;
    ++p;
  }
  if (toks[p].kind == Tok::Real) {
    std::string text(toks[p].text);
    op.kind = ParsedOperand::Kind::Number;
    op.number.isReal = true;
    op.number.real = std::strtod(text.c_str(), nullptr) * (neg ? -1.0 : 1.0);
    pos = p + 1;
    return true;
  }
  ExprError ee;
  ExprPtr e = parseExpr(toks, pos, ee);
  if (!e) {
    err = {ee.message, ee.offset};
    return false;
  }
  std::optional<ExprValue> v = evaluate(*e, resolve, ee);
  if (v && v->isAbsolute()) {
    op.kind = ParsedOperand::Kind::Number;
    op.number.integer = v->constant;
    return true;
  }
  op.kind = ParsedOperand::Kind::Expression;
  op.expr = std::move(e);
  return true;
}

} // namespace

bool isFlagName(std::string_view name) {
  for (std::string_view f : kFlags)
    if (f == name)
      return true;
  return false;
}

bool parseOperands(std::span<const Token> toks, size_t pos, const SymbolResolver &resolve,
                   std::vector<ParsedOperand> &out, OperandParseError &err) {
  while (!isEnd(toks[pos])) {
    if (toks[pos].kind == Tok::Comma) {
      ++pos;
      continue;
    }
    ParsedOperand op;
    op.offset = toks[pos].offset;
    const Token &t = toks[pos];
    if (t.kind == Tok::Identifier && toks[pos + 1].kind == Tok::Colon &&
        toks[pos + 1].offset == t.offset + t.text.size()) {
      op.kind = ParsedOperand::Kind::KeyValue;
      op.name = std::string(t.text);
      pos += 2;
      op.valueOffset = toks[pos].offset;
      ParsedOperand value;
      if (!parseNumberOrExpr(toks, pos, resolve, value, err))
        return false;
      op.number = value.number;
      op.expr = std::move(value.expr);
      out.push_back(std::move(op));
      continue;
    }
    if (t.kind == Tok::Identifier && isFlagName(t.text)) {
      op.kind = ParsedOperand::Kind::Flag;
      op.name = std::string(t.text);
      ++pos;
      out.push_back(std::move(op));
      continue;
    }
    int64_t symbolic = 0;
    SymbolicError serr;
    switch (parseSaluSymbolic(toks, pos, resolve, symbolic, serr)) {
    case SymbolicParse::Ok:
      op.kind = ParsedOperand::Kind::Number;
      op.number.integer = symbolic;
      out.push_back(std::move(op));
      continue;
    case SymbolicParse::Error:
      err = {serr.message, serr.offset};
      return false;
    case SymbolicParse::NotSymbolic:
      break;
    }
    RegisterError rerr;
    switch (parseRegister(toks, pos, op.reg, rerr)) {
    case RegParse::Ok:
      op.kind = ParsedOperand::Kind::Register;
      out.push_back(std::move(op));
      continue;
    case RegParse::Error:
      err = {rerr.message, rerr.offset};
      return false;
    case RegParse::NotARegister:
      break;
    }
    if (!parseNumberOrExpr(toks, pos, resolve, op, err))
      return false;
    out.push_back(std::move(op));
  }
  return true;
}

} // namespace gcnkit::assembler
