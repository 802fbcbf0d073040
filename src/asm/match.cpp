#include "asm/match.h"

namespace gcnkit::assembler {

bool isScalar(const Register &r) {
  return r.kind == RegKind::SGPR || r.kind == RegKind::TTMP || r.kind == RegKind::Special;
}

bool widthMatches(const Register &r, unsigned regs) {
  if (r.kind == RegKind::Special && r.index >= 235)
    return true;
  if (r.kind == RegKind::Special && r.index == 124) // null: 32- and 64-bit classes only
    return regs <= 2;
  return r.count == regs;
}

bool fitsSigned(int64_t v, unsigned bits) {
  return v >= -(int64_t{1} << (bits - 1)) && v < (int64_t{1} << (bits - 1));
}

bool fitsUnsigned(int64_t v, unsigned bits) { return v >= 0 && v < (int64_t{1} << bits); }

void appendDword(std::string &out, uint32_t w) {
  for (int b = 0; b < 4; ++b)
    out.push_back(static_cast<char>((w >> (8 * b)) & 0xFF));
}

SourceResult encodeConstantOrLiteral(const ParsedOperand &op, isa::DataType type, Fields &f,
                                     uint32_t &enc) {
  if (op.kind == ParsedOperand::Kind::Number) {
    std::optional<EncodedImm> imm = encodeImmediate(op.number, type);
    if (!imm)
      return SourceResult::Mismatch;
    if (imm->isInline) {
      enc = imm->inlineCode;
      return SourceResult::Ok;
    }
    if (f.literalExpr || (f.literal && *f.literal != imm->literal))
      return SourceResult::LiteralConflict;
    f.literal = imm->literal;
    enc = 255;
    return SourceResult::Ok;
  }
  if (op.kind == ParsedOperand::Kind::Expression) {
    if (f.literal || f.literalExpr)
      return SourceResult::LiteralConflict;
    f.literalExpr = cloneExpr(*op.expr);
    f.literal = 0;
    enc = 255;
    return SourceResult::Ok;
  }
  return SourceResult::Mismatch;
}

ExprPtr operandExpr(const ParsedOperand &op) {
  if (op.kind == ParsedOperand::Kind::Expression && op.expr)
    return cloneExpr(*op.expr);
  if (op.kind != ParsedOperand::Kind::Flag)
    return nullptr;
  return symbolExpr(std::string(op.name), op.offset);
}

void appendLiteral(Fields &f, EncodedInstruction &out) {
  if (!f.literal)
    return;
  if (f.literalExpr)
    out.fixups.push_back({InstFixup::Kind::Literal32, static_cast<uint32_t>(out.bytes.size()),
                          std::move(f.literalExpr)});
  appendDword(out.bytes, *f.literal);
}

} // namespace gcnkit::assembler
