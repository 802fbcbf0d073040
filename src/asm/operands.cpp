#include "asm/operands.h"

#include "asm/mem_swizzle.h"
#include "asm/salu_symbolic.h"

#include <array>
#include <cstdlib>
#include <string>

namespace gcnkit::assembler {

namespace {

constexpr std::array<std::string_view, 23> kFlags = {
    "glc",    "slc",   "dlc", "gds",        "offen",          "idxen",
    "addr64", "lds",   "tfe", "lwe",        "unorm",          "da",
    "r128",   "a16",   "d16", "clamp",      "done",           "vm",
    "row_en", "compr", "off", "row_mirror", "row_half_mirror"};

// isFlagName tells registers from flags by their first letter.
static_assert([] {
  for (std::string_view f : kFlags)
    if ((f[0] == 'v' && f != "vm") || (f[0] == 's' && f != "slc"))
      return false;
  return true;
}());

// Up to 8 characters packed into an integer, so that a name is compared with each flag in one
// instruction (isFlagName runs for every identifier operand).
constexpr uint64_t packName(std::string_view s) {
  uint64_t v = 0;
  for (size_t i = 0; i < s.size() && i < 8; ++i)
    v |= uint64_t{static_cast<uint8_t>(s[i])} << (8 * i);
  return v;
}

constexpr size_t kShortFlagCount = [] {
  size_t n = 0;
  for (std::string_view f : kFlags)
    n += f.size() <= 8;
  return n;
}();

constexpr std::array<uint64_t, kShortFlagCount> kShortFlags = [] {
  std::array<uint64_t, kShortFlagCount> t{};
  size_t n = 0;
  for (std::string_view f : kFlags)
    if (f.size() <= 8)
      t[n++] = packName(f);
  return t;
}();

// What every operand parser needs: symbol values and the target (its register names).
struct OperandContext {
  const SymbolResolver &resolve;
  isa::Target target;
};

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
  // The common case, a lone (optionally negated) integer, needs no expression tree.
  {
    const bool negated = toks[p].kind == Tok::Minus;
    const Token &num = toks[negated ? p + 1 : p];
    const Tok after = toks[negated ? p + 2 : p + 1].kind;
    if (num.kind == Tok::Integer && !num.intOverflow &&
        (after == Tok::Comma || after == Tok::EndOfStatement || after == Tok::Eof ||
         after == Tok::RBrac || after == Tok::Identifier || after == Tok::ColonColon)) {
      const uint64_t magnitude = num.intValue;
      op.kind = ParsedOperand::Kind::Number;
      op.number.integer = static_cast<int64_t>(negated ? 0 - magnitude : magnitude);
      pos = (negated ? p + 2 : p + 1);
      return true;
    }
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

// `[v4, v9, v2]`: registers that are not one tuple (MIMG NSA addresses). False (pos unchanged)
// when the brackets hold anything else.
bool parseRegisterList(std::span<const Token> toks, size_t &pos, isa::Target target,
                       ParsedOperand &op) {
  size_t p = pos + 1;
  std::vector<ParsedOperand> regs;
  while (true) {
    ParsedOperand r;
    r.offset = toks[p].offset;
    RegisterError rerr;
    if (parseRegister(toks, p, r.reg, rerr, target) != RegParse::Ok)
      return false;
    r.kind = ParsedOperand::Kind::Register;
    regs.push_back(std::move(r));
    if (toks[p].kind == Tok::Comma) {
      ++p;
      continue;
    }
    if (toks[p].kind != Tok::RBrac)
      return false;
    ++p;
    break;
  }
  op.kind = ParsedOperand::Kind::RegisterList;
  op.isList = true;
  op.list = std::move(regs);
  pos = p;
  return true;
}

bool isExport(const Token &mnemonic) {
  const std::string_view m = mnemonic.text;
  return m.size() == 3 && (m[0] | 0x20) == 'e' && (m[1] | 0x20) == 'x' && (m[2] | 0x20) == 'p';
}

bool isFunctionModifier(const Token &t, const Token &next) {
  return t.kind == Tok::Identifier && next.kind == Tok::LParen &&
         (t.text == "neg" || t.text == "abs" || t.text == "sext");
}

// A register or a number (an optionally negated integer or real, no operators): what may stand
// inside `|..|`, where a full expression would read the closing bar as an operator.
bool parsePlainValue(std::span<const Token> toks, size_t &pos, const OperandContext &ctx,
                     ParsedOperand &op, OperandParseError &err) {
  op.valueOffset = toks[pos].offset;
  RegisterError rerr;
  switch (parseRegister(toks, pos, op.reg, rerr, ctx.target, true)) {
  case RegParse::Ok:
    op.kind = ParsedOperand::Kind::Register;
    return true;
  case RegParse::Error:
    err = {rerr.message, rerr.offset};
    return false;
  case RegParse::NotARegister:
    break;
  }
  size_t p = pos;
  const bool negative = toks[p].kind == Tok::Minus;
  if (negative)
    ++p;
  if (toks[p].kind == Tok::Real)
    return parseNumberOrExpr(toks, pos, ctx.resolve, op, err);
  if (toks[p].kind == Tok::Integer) {
    op.kind = ParsedOperand::Kind::Number;
    const int64_t v = static_cast<int64_t>(toks[p].intValue);
    op.number.integer = negative ? -v : v;
    pos = p + 1;
    return true;
  }
  if (toks[p].kind == Tok::Identifier && !negative) {
    // A modifier function inside another (`neg(neg(v1))`) is no value.
    const bool modifier = isFunctionModifier(toks[p], toks[p + 1]);
    err = {modifier ? "failed parsing operand." : "expected an absolute expression",
           toks[p].offset};
    return false;
  }
  err = {"failed parsing operand.", toks[pos].offset};
  return false;
}

// A source with its input modifiers: `-x`, `|x|`, `-|x|`, `neg(x)`, `abs(x)`, `-abs(x)`,
// `neg(|x|)`, `sext(x)`; otherwise a register or a number / expression.
bool parseSource(std::span<const Token> toks, size_t &pos, const OperandContext &ctx,
                 ParsedOperand &op, OperandParseError &err);

bool parseFunctionModifier(std::span<const Token> toks, size_t &pos, const OperandContext &ctx,
                           ParsedOperand &op, OperandParseError &err) {
  const std::string_view name = toks[pos].text;
  pos += 2;
  if (name == "neg") {
    op.neg = op.negFunction = true;
    // neg(|x|) and neg(abs(x)) combine; neg(-1) is the number -1 under the modifier.
    if (toks[pos].kind == Tok::Pipe ||
        (toks[pos].kind == Tok::Identifier && toks[pos].text == "abs" &&
         toks[pos + 1].kind == Tok::LParen)) {
      if (!parseSource(toks, pos, ctx, op, err))
        return false;
    } else if (!parsePlainValue(toks, pos, ctx, op, err)) {
      return false;
    }
  } else {
    (name == "abs" ? op.abs : op.sext) = true;
    op.absFunction = name == "abs";
    if (toks[pos].kind == Tok::Minus && toks[pos + 1].kind == Tok::Identifier) {
      err = {"failed parsing operand.", toks[pos].offset};
      return false;
    }
    if (!parsePlainValue(toks, pos, ctx, op, err))
      return false;
  }
  if (toks[pos].kind != Tok::RParen) {
    err = {"expected closing parentheses", toks[pos].offset};
    return false;
  }
  ++pos;
  return true;
}

bool parseSource(std::span<const Token> toks, size_t &pos, const OperandContext &ctx,
                 ParsedOperand &op, OperandParseError &err) {
  const Token &t = toks[pos];
  if (isFunctionModifier(t, toks[pos + 1]))
    return parseFunctionModifier(toks, pos, ctx, op, err);
  if (t.kind == Tok::Pipe) {
    op.abs = true;
    ++pos;
    if (toks[pos].kind == Tok::Pipe || isFunctionModifier(toks[pos], toks[pos + 1])) {
      err = {"failed parsing operand.", toks[pos].offset};
      return false;
    }
    if (!parsePlainValue(toks, pos, ctx, op, err))
      return false;
    if (toks[pos].kind != Tok::Pipe) {
      err = {"expected vertical bar", toks[pos].offset};
      return false;
    }
    ++pos;
    return true;
  }
  if (t.kind == Tok::Minus) {
    const Token &n = toks[pos + 1];
    if (n.kind == Tok::Pipe ||
        (n.kind == Tok::Identifier && n.text == "abs" && toks[pos + 2].kind == Tok::LParen)) {
      op.neg = true;
      ++pos;
      return parseSource(toks, pos, ctx, op, err);
    }
    if (n.kind == Tok::Identifier && isFunctionModifier(n, toks[pos + 2])) {
      err = {"not a valid operand.", t.offset};
      return false;
    }
    if (n.kind == Tok::Identifier) {
      size_t p = pos + 1;
      Register reg;
      RegisterError rerr;
      switch (parseRegister(toks, p, reg, rerr, ctx.target, true)) {
      case RegParse::Ok:
        op.kind = ParsedOperand::Kind::Register;
        op.reg = reg;
        op.neg = true;
        op.valueOffset = toks[pos + 1].offset;
        pos = p;
        return true;
      case RegParse::Error:
        err = {rerr.message, rerr.offset};
        return false;
      case RegParse::NotARegister:
        break;
      }
    }
  }
  RegisterError rerr;
  const size_t start = pos; // a failed register parse may have moved pos
  op.valueOffset = toks[pos].offset;
  switch (parseRegister(toks, pos, op.reg, rerr, ctx.target)) {
  case RegParse::Ok:
    op.kind = ParsedOperand::Kind::Register;
    op.bracketed = t.kind == Tok::LBrac;
    return true;
  case RegParse::Error:
    pos = start;
    if (t.kind == Tok::LBrac && parseRegisterList(toks, pos, ctx.target, op))
      return true;
    err = {rerr.message, rerr.offset};
    return false;
  case RegParse::NotARegister:
    break;
  }
  return parseNumberOrExpr(toks, pos, ctx.resolve, op, err);
}

} // namespace

bool isFlagName(std::string_view name) {
  // Registers (v1, s[0:1], ...) are most identifiers seen here; no flag is longer than 15.
  if (name.size() < 2 || name.size() > 15)
    return false;
  // Registers start with v or s; of the flags only vm and slc do.
  if (name[0] == 'v')
    return name == "vm";
  if (name[0] == 's')
    return name == "slc";
  if (name.size() <= 8) {
    const uint64_t key = packName(name);
    for (uint64_t f : kShortFlags)
      if (f == key)
        return true;
    return false;
  }
  for (std::string_view f : kFlags)
    if (f.size() > 8 && f == name)
      return true;
  return false;
}

bool parseOperands(std::span<const Token> toks, size_t pos, const SymbolResolver &resolve,
                   isa::Target target, std::vector<ParsedOperand> &out, OperandParseError &err) {
  const OperandContext ctx{resolve, target};
  while (!isEnd(toks[pos])) {
    if (toks[pos].kind == Tok::Comma) {
      ++pos;
      continue;
    }
    // Built in place: an operand is large, and most statements have several.
    ParsedOperand &op = out.emplace_back();
    op.offset = toks[pos].offset;
    const Token &t = toks[pos];
    if (t.kind == Tok::Identifier && toks[pos + 1].kind == Tok::Colon &&
        toks[pos + 1].offset == t.offset + t.text.size()) {
      op.kind = ParsedOperand::Kind::KeyValue;
      op.name = t.text;
      pos += 2;
      op.valueOffset = toks[pos].offset;
      if (toks[pos].kind == Tok::LBrac) {
        // key:[a, b, ...] (op_sel, quad_perm, dpp8, neg_lo, format:[NAME, NAME]...)
        op.isList = true;
        op.list.reserve(4); // most lists in one allocation (small enough for malloc's caches)
        ++pos;
        while (toks[pos].kind != Tok::RBrac) {
          if (isEnd(toks[pos])) {
            err = {"expected a closing square bracket", toks[pos].offset};
            return false;
          }
          ParsedOperand item;
          item.offset = toks[pos].offset;
          if (!parseNumberOrExpr(toks, pos, resolve, item, err))
            return false;
          item.endOffset = toks[pos].offset;
          op.list.push_back(std::move(item));
          if (toks[pos].kind == Tok::Comma)
            ++pos;
          else if (toks[pos].kind != Tok::RBrac) {
            err = {"expected a comma or a closing square bracket", toks[pos].offset};
            return false;
          }
        }
        ++pos;
        continue;
      }
      if (op.name == "offset") {
        uint32_t swizzled = 0;
        switch (parseSwizzleMacro(toks, pos, resolve, swizzled, err)) {
        case SwizzleParse::Ok:
          op.swizzle = true;
          op.number.integer = swizzled;
          continue;
        case SwizzleParse::Error:
          return false;
        case SwizzleParse::NotSwizzle:
          break;
        }
      }
      // MIMG `dim:2D`, `dim:2D_MSAA`...: a number and a name written together are one name.
      if (op.name == "dim" && toks[pos].kind == Tok::Integer &&
          toks[pos + 1].kind == Tok::Identifier &&
          toks[pos + 1].offset == toks[pos].offset + toks[pos].text.size()) {
        op.expr = symbolExpr(std::string(toks[pos].text) + std::string(toks[pos + 1].text),
                             toks[pos].offset);
        pos += 2;
        continue;
      }
      ParsedOperand value;
      if (!parseNumberOrExpr(toks, pos, resolve, value, err))
        return false;
      op.number = value.number;
      op.expr = std::move(value.expr);
      continue;
    }
    // An export's target is a name (llvm-mc parses it before any register: `exp null` on gfx9,
    // which has no null register).
    if (out.size() == 1 && t.kind == Tok::Identifier && isExport(toks[0])) {
      op.kind = ParsedOperand::Kind::Expression;
      op.expr = symbolExpr(std::string(t.text), t.offset);
      ++pos;
      continue;
    }
    if (t.kind == Tok::Identifier && isFlagName(t.text)) {
      op.kind = ParsedOperand::Kind::Flag;
      op.name = t.text;
      ++pos;
      continue;
    }
    int64_t symbolic = 0;
    SymbolicError serr;
    const size_t argOffset = toks[pos + 1].kind == Tok::LParen ? toks[pos + 2].offset : 0;
    switch (parseSaluSymbolic(toks, pos, resolve, target, symbolic, serr)) {
    case SymbolicParse::Ok:
      op.kind = ParsedOperand::Kind::KeyValue;
      op.saluMacro = true;
      op.name = t.text;
      op.valueOffset = argOffset;
      op.number.integer = symbolic;
      continue;
    case SymbolicParse::Error:
      err = {serr.message, serr.offset};
      return false;
    case SymbolicParse::NotSymbolic:
      break;
    }
    if (!parseSource(toks, pos, ctx, op, err))
      return false;
    // `scc` is src_scc, except where llvm-mc's cache-policy parser reads it (memory modifiers).
    if (op.kind == ParsedOperand::Kind::Register && t.kind == Tok::Identifier && t.text == "scc")
      op.name = t.text;
  }
  return true;
}

} // namespace gcnkit::assembler
