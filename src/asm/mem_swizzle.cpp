#include "asm/mem_swizzle.h"

#include <string_view>

namespace gcnkit::assembler {

namespace {

constexpr uint32_t kQuadPermMode = 0x8000;
constexpr uint32_t kFullMask = 0x1F; // the and / or / xor masks of the bitmask mode

struct MacroParser {
  std::span<const Token> toks;
  size_t &pos;
  const SymbolResolver &resolve;
  OperandParseError &err;

  bool fail(std::string msg, size_t offset) {
    err = {std::move(msg), offset};
    return false;
  }
  // Where a diagnostic about toks[pos] points: the token, or the end of the statement.
  size_t at() const {
    const Token &t = toks[pos];
    if ((t.kind == Tok::EndOfStatement || t.kind == Tok::Eof) && pos > 0)
      return toks[pos - 1].offset + toks[pos - 1].text.size();
    return t.offset;
  }
  bool expect(Tok kind, const char *msg) {
    if (toks[pos].kind != kind)
      return fail(msg, at());
    ++pos;
    return true;
  }
  // `, <absolute expression>`; `at` is where the value starts (for range diagnostics).
  bool commaValue(int64_t &v, size_t &at) {
    if (!expect(Tok::Comma, "expected a comma"))
      return false;
    at = toks[pos].offset;
    ExprError ee;
    ExprPtr e = parseExpr(toks, pos, ee);
    if (!e)
      return fail(ee.message, ee.offset);
    std::optional<ExprValue> value = evaluate(*e, resolve, ee);
    if (!value || !value->isAbsolute())
      return fail("expected absolute expression", at);
    v = value->constant;
    return true;
  }
};

bool isPowerOfTwo(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

// Bit `bit` of the and / or / xor masks for one BITMASK_PERM character.
bool bitmaskChar(char c, unsigned bit, uint32_t &andMask, uint32_t &orMask, uint32_t &xorMask) {
  switch (c) {
  case '0':
    return true;
  case '1':
    orMask |= 1u << bit;
    return true;
  case 'p':
    andMask |= 1u << bit;
    return true;
  case 'i':
    andMask |= 1u << bit;
    xorMask |= 1u << bit;
    return true;
  default:
    return false;
  }
}

bool parseMode(MacroParser &p, uint32_t &offset) {
  const Token &mode = p.toks[p.pos];
  if (mode.kind != Tok::Identifier)
    return p.fail("expected a swizzle mode", mode.offset);
  const std::string_view name = mode.text;
  int64_t v = 0, lane = 0;
  size_t at = 0, laneAt = 0;
  if (name == "QUAD_PERM") {
    ++p.pos;
    offset = kQuadPermMode;
    for (unsigned i = 0; i < 4; ++i) {
      if (!p.commaValue(v, at))
        return false;
      if (v < 0 || v > 3)
        return p.fail("expected a 2-bit lane id", at);
      offset |= static_cast<uint32_t>(v) << (2 * i);
    }
    return true;
  }
  if (name == "BITMASK_PERM") {
    ++p.pos;
    if (!p.expect(Tok::Comma, "expected a comma"))
      return false;
    const Token &mask = p.toks[p.pos];
    if (mask.kind != Tok::String)
      return p.fail("expected a string", mask.offset);
    const std::string_view chars = mask.text.substr(1, mask.text.size() - 2);
    if (chars.size() != 5)
      return p.fail("expected a 5-character mask", mask.offset);
    uint32_t andMask = 0, orMask = 0, xorMask = 0;
    for (unsigned i = 0; i < 5; ++i)
      if (!bitmaskChar(chars[i], 4 - i, andMask, orMask, xorMask))
        return p.fail("invalid mask", mask.offset);
    ++p.pos;
    offset = andMask | orMask << 5 | xorMask << 10;
    return true;
  }
  if (name == "SWAP" || name == "REVERSE") {
    ++p.pos;
    if (!p.commaValue(v, at))
      return false;
    const bool swap = name == "SWAP";
    if (swap ? (v < 1 || v > 16) : (v < 2 || v > 32))
      return p.fail(swap ? "group size must be in the interval [1,16]"
                         : "group size must be in the interval [2,32]",
                    at);
    if (!isPowerOfTwo(v))
      return p.fail("group size must be a power of two", at);
    offset = kFullMask | static_cast<uint32_t>(swap ? v : v - 1) << 10;
    return true;
  }
  if (name == "BROADCAST") {
    ++p.pos;
    if (!p.commaValue(v, at))
      return false;
    if (v < 2 || v > 32)
      return p.fail("group size must be in the interval [2,32]", at);
    if (!isPowerOfTwo(v))
      return p.fail("group size must be a power of two", at);
    if (!p.commaValue(lane, laneAt))
      return false;
    if (lane < 0 || lane >= v)
      return p.fail("lane id must be in the interval [0,group size - 1]", laneAt);
    offset = (~static_cast<uint32_t>(v - 1) & kFullMask) | static_cast<uint32_t>(lane) << 5;
    return true;
  }
  return p.fail("expected a swizzle mode", mode.offset);
}

} // namespace

SwizzleParse parseSwizzleMacro(std::span<const Token> toks, size_t &pos,
                               const SymbolResolver &resolve, uint32_t &offset,
                               OperandParseError &err) {
  if (toks[pos].kind != Tok::Identifier || toks[pos].text != "swizzle")
    return SwizzleParse::NotSwizzle;
  size_t p = pos + 1;
  MacroParser parser{toks, p, resolve, err};
  if (!parser.expect(Tok::LParen, "expected a left parentheses") || !parseMode(parser, offset) ||
      !parser.expect(Tok::RParen, "expected a closing parentheses"))
    return SwizzleParse::Error;
  pos = p;
  return SwizzleParse::Ok;
}

} // namespace gcnkit::assembler
