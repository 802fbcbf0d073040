// VOPD dual-issue statements, `X-instruction :: Y-instruction`, with llvm-mc-19's rules and
// diagnostics: each half against its v_dual_* row, then the pair's limits -- one literal value
// (a source literal or an fmaak / fmamk constant, shared), at most two scalar values on the
// constant bus, destinations of different parity, and the VGPR bank rules of the sources.
//
// Layout: w0 = SRC0X[8:0] VSRC1X[16:9] OPY[21:17] OPX[25:22] 0x32[31:26], w1 = SRC0Y[8:0]
// VSRC1Y[16:9] VDSTY[23:17] (bits 7..1 of the Y destination) VDSTX[31:24]; then the literal.
#include <algorithm>
#include <cctype>

#include "asm/match.h"

#include <span>
#include <vector>

namespace gcnkit::assembler {

namespace {

using isa::DataType;
using isa::Field;
using isa::InstrDesc;
using isa::OperandKind;
using Kind = ParsedOperand::Kind;

// Row flags shared with the VOPD codec (scripts/isa/gfx1100_vop3p.py): Y components are at
// opcode 0x20 + OPY; flag bit 0 marks them, bit 1 says the component accumulates into its
// destination (read through the SRC2 port), bit 2 that it reads VCC.
constexpr unsigned kYOpcodeBase = 0x20;
constexpr uint32_t kYComponent = 1u << 0;
constexpr uint32_t kAccumulates = 1u << 1;
constexpr uint32_t kReadsVcc = 1u << 2;
// llvm-mc counts cndmask's VCC read apart from a vcc_lo source (once for both halves).
constexpr unsigned kImplicitVcc = 0x1000;
// lds_direct: a VOPD source (only there), read like a VGPR of bank 3, not on the constant bus.
constexpr unsigned kLdsDirect = 254;

// The VGPR bank of a src0 encoding, if it reads one.
std::optional<unsigned> src0Bank(unsigned enc) {
  if (enc >= 256)
    return enc & 3;
  if (enc == kLdsDirect)
    return 3;
  return std::nullopt;
}

// The VOPD rows (a few dozen), collected once: statements search only them.
std::span<const InstrDesc *const> vopdRows() {
  static const std::vector<const InstrDesc *> rows = [] {
    std::vector<const InstrDesc *> r;
    for (const InstrDesc &d : isa::instructions(isa::Target::GFX1100))
      if (d.format == isa::Format::VOPD)
        r.push_back(&d);
    return r;
  }();
  return rows;
}

const InstrDesc *findComponent(std::string_view name, bool y) {
  for (const InstrDesc *d : vopdRows())
    if (d->name == name && ((d->flags & kYComponent) != 0) == y)
      return d;
  return nullptr;
}

bool isKnownMnemonic(std::string_view name) {
  for (const InstrDesc &d : isa::instructions(isa::Target::GFX1100))
    if (d.name == name || (d.name.starts_with(name) && (d.name.substr(name.size()) == "_e32" ||
                                                        d.name.substr(name.size()) == "_e64")))
      return true;
  return false;
}

bool hasKImm(const InstrDesc &row) {
  for (unsigned k = 0; k < row.numOperands; ++k)
    if (row.operands[k].kind == OperandKind::KImm)
      return true;
  return false;
}

bool isVgpr(const ParsedOperand &op) {
  return op.kind == Kind::Register && op.reg.kind == RegKind::VGPR && op.reg.count == 1 &&
         !op.reg.hiHalf && !op.reg.loHalf;
}

bool isBareSymbol(const ParsedOperand &op) {
  return op.kind == Kind::Flag || (op.kind == Kind::Expression && op.expr->op == ExprOp::Symbol);
}

// One half of the pair, matched against its row.
struct Half {
  const InstrDesc *row = nullptr;
  std::vector<ParsedOperand> ops;
  unsigned vdst = 0, src0 = 0, vsrc1 = 0;
  // Operand indices (into ops) of the source, vsrc1 and fmaak / fmamk constant; -1 if none.
  int src0Op = -1, vsrc1Op = -1, kimmOp = -1;
  std::optional<uint32_t> srcLiteral, kimm; // src0's literal, the fmaak / fmamk constant
  ExprPtr literalExpr;                      // src0's literal when it names a symbol

  bool isFmamk() const { return kimmOp >= 0 && vsrc1Op > kimmOp; }
  // The register read through the SRC1 / SRC2 ports: fmamk reads its vsrc1 as SRC2; fmac and
  // dot2acc read their destination as SRC2.
  std::optional<unsigned> src1Port() const {
    return vsrc1Op >= 0 && !isFmamk() ? std::optional<unsigned>(vsrc1) : std::nullopt;
  }
  std::optional<unsigned> src2Port() const {
    if (isFmamk())
      return vsrc1;
    if (row->flags & kAccumulates)
      return vdst;
    return std::nullopt;
  }
  int src2PortOp() const { return isFmamk() ? vsrc1Op : -1; }
};

// Statement-level failure in one of the halves.
struct Failure {
  std::string message;
  size_t offset;
};

std::optional<Failure> failAt(const ParsedOperand &op,
                              std::string msg = "invalid operand for instruction") {
  return Failure{std::move(msg), op.offset};
}

// llvm-mc's parse-stage errors in a half: source modifiers, and in the X half a symbol or flag
// right before `::` (read as a `name:` modifier).
std::optional<Failure> checkSyntax(const Half &h, bool isX) {
  for (size_t i = 0; i < h.ops.size(); ++i) {
    const ParsedOperand &op = h.ops[i];
    if (op.neg || op.abs || op.sext || op.kind == Kind::KeyValue ||
        (isX && i + 1 == h.ops.size() && isBareSymbol(op)))
      return failAt(op, "not a valid operand.");
  }
  return std::nullopt;
}

// The mandatory constant of fmaak / fmamk: any 32-bit integer, or a real as f32.
std::optional<uint32_t> kimmValue(const ParsedOperand &op) {
  if (op.kind != Kind::Number)
    return std::nullopt;
  if (op.number.isReal)
    return toF32Bits(op.number.real);
  if (!fitsSigned(op.number.integer, 32) && !fitsUnsigned(op.number.integer, 32))
    return std::nullopt;
  return static_cast<uint32_t>(op.number.integer);
}

// Matches the half's operands against its row; `tooFewOffset` is where llvm-mc reports a
// missing operand (the `::` for the X half, the statement for the Y half).
std::optional<Failure> matchHalf(Half &h, size_t tooFewOffset, bool isX, bool kimmPair) {
  const InstrDesc &row = *h.row;
  size_t i = 0;
  for (unsigned k = 0; k < row.numOperands; ++k, ++i) {
    const isa::OperandDesc &d = row.operands[k];
    if (i >= h.ops.size())
      return Failure{isX ? "invalid operand for instruction" : "too few operands for instruction",
                     tooFewOffset};
    const ParsedOperand &op = h.ops[i];
    switch (d.kind) {
    case OperandKind::VReg:
      if (!isVgpr(op))
        return failAt(op);
      (d.isDef ? h.vdst : h.vsrc1) = op.reg.index;
      if (!d.isDef)
        h.vsrc1Op = static_cast<int>(i);
      break;
    case OperandKind::KImm: {
      std::optional<uint32_t> v = kimmValue(op);
      if (!v)
        return failAt(op);
      h.kimm = *v;
      h.kimmOp = static_cast<int>(i);
      break;
    }
    default: { // the VSrc src0
      h.src0Op = static_cast<int>(i);
      if (op.kind == Kind::Register) {
        if (isVgpr(op))
          h.src0 = 256 + op.reg.index;
        else if (isScalar(op.reg) && widthMatches(op.reg, 1) && !op.reg.hiHalf && !op.reg.loHalf)
          h.src0 = op.reg.encoding();
        else
          return failAt(op);
        break;
      }
      if (op.kind == Kind::Number) {
        // With an fmaak / fmamk constant in the pair, llvm-mc reads every source as 32 bits.
        std::optional<EncodedImm> imm =
            encodeImmediate(op.number, kimmPair ? DataType::F32 : d.type);
        if (!imm)
          return failAt(op);
        h.src0 = imm->isInline ? imm->inlineCode : 255;
        if (!imm->isInline)
          h.srcLiteral = imm->literal;
        break;
      }
      if (op.kind == Kind::Expression && (kimmPair || d.type != DataType::V2F16)) {
        h.src0 = 255;
        h.srcLiteral = 0;
        h.literalExpr = cloneExpr(*op.expr);
        break;
      }
      return failAt(op);
    }
    }
  }
  if (i < h.ops.size())
    return failAt(h.ops[i]);
  return std::nullopt;
}

// The pair's limits, checked in llvm-mc's order.
std::optional<Failure> validatePair(const Half &x, const Half &y) {
  const Half *halves[2] = {&x, &y};
  // One literal value. llvm-mc reports at the last source literal, else the last constant.
  // (A literal naming a symbol is a value of its own.)
  std::optional<uint32_t> value;
  bool twoLiterals = false;
  size_t count = 0;
  for (const Half *h : halves)
    for (const std::optional<uint32_t> &v : {h->srcLiteral, h->kimm}) {
      if (!v)
        continue;
      twoLiterals = twoLiterals || (value && *value != *v);
      value = v;
      ++count;
    }
  twoLiterals = twoLiterals || ((x.literalExpr || y.literalExpr) && count > 1);
  if (twoLiterals) {
    for (const Half *h : {&y, &x})
      if (h->srcLiteral)
        return failAt(h->ops[h->src0Op], "only one unique literal operand is allowed");
    return failAt(y.ops[y.kimmOp], "only one unique literal operand is allowed");
  }
  // Two scalar values: VCC read by v_dual_cndmask_b32, scalar sources (null excepted), the
  // literal. llvm-mc reports at the last operand using the bus.
  unsigned scalars[4] = {};
  unsigned numScalars = 0;
  bool literal = false;
  const ParsedOperand *last = nullptr;
  auto use = [&](unsigned enc) {
    if (std::find(scalars, scalars + numScalars, enc) == scalars + numScalars)
      scalars[numScalars++] = enc;
  };
  for (const Half *h : halves) {
    if (h->row->flags & kReadsVcc)
      use(kImplicitVcc);
    if (h->srcLiteral || h->kimm)
      literal = true;
    if (h->src0 == 255)
      last = &h->ops[h->src0Op];
    else if (h->src0 < 256 && h->ops[h->src0Op].kind == Kind::Register && h->src0 != 124 &&
             h->src0 != kLdsDirect) {
      use(h->src0);
      last = &h->ops[h->src0Op];
    }
  }
  if (numScalars + (literal ? 1 : 0) > 2)
    return failAt(last ? *last : y.ops[0], "invalid operand (violates constant bus restrictions)");
  if ((x.vdst & 1) == (y.vdst & 1))
    return failAt(y.ops[0], "one dst register must be even and the other odd");
  if (src0Bank(x.src0) && src0Bank(y.src0) && *src0Bank(x.src0) == *src0Bank(y.src0))
    return failAt(y.ops[y.src0Op], "src0 operands must use different VGPR banks");
  if (x.src1Port() && y.src1Port() && (*x.src1Port() & 3) == (*y.src1Port() & 3))
    return failAt(y.ops[y.vsrc1Op], "src1 operands must use different VGPR banks");
  if (x.src2Port() && y.src2Port() && (*x.src2Port() & 1) == (*y.src2Port() & 1)) {
    // At the Y component's operand when it is written (fmamk), else at the X one's.
    const int op = y.src2PortOp() >= 0 ? y.src2PortOp() : x.src2PortOp();
    return failAt((y.src2PortOp() >= 0 ? y : x).ops[op],
                  "src2 operands must use different VGPR banks");
  }
  return std::nullopt;
}

void encodePair(Half &x, Half &y, EncodedInstruction &out) {
  const uint32_t opx = x.row->opcode, opy = y.row->opcode - kYOpcodeBase;
  appendDword(out.bytes, 0x32u << 26 | opx << 22 | opy << 17 | (x.vsrc1 & 0xff) << 9 | x.src0);
  appendDword(out.bytes, (x.vdst & 0xff) << 24 | ((y.vdst >> 1) & 0x7f) << 17 |
                             (y.vsrc1 & 0xff) << 9 | y.src0);
  std::optional<uint32_t> value;
  for (const Half *h : {&x, &y})
    for (const std::optional<uint32_t> &v : {h->srcLiteral, h->kimm})
      if (v && !value)
        value = v;
  if (!value)
    return;
  ExprPtr &e = x.literalExpr ? x.literalExpr : y.literalExpr;
  if (e)
    out.fixups.push_back(
        {InstFixup::Kind::Literal32, static_cast<uint32_t>(out.bytes.size()), std::move(e)});
  appendDword(out.bytes, *value);
}

std::string lowercase(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool parseHalf(std::span<const Token> toks, size_t endOffset, const SymbolResolver &resolve,
               Half &h, MatchFailure &fail) {
  // The register parser rejects lds_direct, which only VOPD takes: it is parsed as another
  // special register and put back.
  std::vector<Token> t;
  t.reserve(toks.size() + 1 + kTokenLookahead); // with the end of statement: one allocation
  t.assign(toks.begin(), toks.end());
  std::vector<size_t> ldsDirect;
  for (Token &tok : t)
    if (tok.kind == Tok::Identifier && (tok.text == "lds_direct" || tok.text == "src_lds_direct")) {
      tok.text = "src_scc";
      ldsDirect.push_back(tok.offset);
    }
  terminateStatement(t, endOffset);
  OperandParseError perr;
  h.ops.reserve(4); // a half has at most four operands when it is valid
  if (!parseOperands(t, 0, resolve, isa::Target::GFX1100, h.ops, perr)) {
    fail = {perr.message, perr.offset};
    return false;
  }
  for (ParsedOperand &op : h.ops)
    if (op.kind == Kind::Register &&
        std::find(ldsDirect.begin(), ldsDirect.end(), op.reg.offset) != ldsDirect.end())
      op.reg.index = kLdsDirect;
  return true;
}

} // namespace

bool encodeVopd(std::span<const Token> tokens, const SymbolResolver &resolve,
                EncodedInstruction &out, MatchFailure &fail) {
  size_t cc = 0;
  while (tokens[cc].kind != Tok::ColonColon)
    ++cc;
  const Token &sep = tokens[cc];
  // The X mnemonic (any case; `_e32` names the same operation).
  std::string xName = lowercase(tokens[0].text);
  for (std::string_view suffix : {"_e64", "_dpp", "_sdwa"})
    if (xName.starts_with("v_dual_") && xName.ends_with(suffix)) {
      fail = {std::string(suffix.substr(1)) + " variant of this instruction is not supported",
              tokens[0].offset};
      return false;
    }
  if (xName.ends_with("_e32"))
    xName.resize(xName.size() - 4);
  Half x, y;
  x.row = findComponent(xName, false);
  if (!x.row) {
    // Another instruction: its operands end at the `::`.
    if (!xName.starts_with("v_dual_") && isKnownMnemonic(xName))
      fail = {"invalid operand for instruction", sep.offset};
    else
      fail = {"invalid instruction", tokens[0].offset};
    return false;
  }
  if (!parseHalf(tokens.subspan(1, cc - 1), sep.offset, resolve, x, fail))
    return false;
  if (std::optional<Failure> f = checkSyntax(x, true)) {
    fail = {f->message, f->offset};
    return false;
  }
  // The Y mnemonic, exactly as llvm-mc spells it.
  const size_t yAt = cc + 1;
  const Token &last = tokens.back();
  const size_t endOffset = last.offset + last.text.size();
  if (yAt >= tokens.size() || tokens[yAt].kind != Tok::Identifier) {
    fail = {"expected a VOPDY instruction after ::",
            yAt < tokens.size() ? tokens[yAt].offset : endOffset};
    return false;
  }
  y.row = findComponent(tokens[yAt].text, true);
  if (!y.row) {
    fail = {"invalid VOPDY instruction", tokens[yAt].offset};
    return false;
  }
  // A second `::` is an operand the Y half does not take.
  size_t yEnd = yAt + 1;
  while (yEnd < tokens.size() && tokens[yEnd].kind != Tok::ColonColon)
    ++yEnd;
  if (!parseHalf(tokens.subspan(yAt + 1, yEnd - yAt - 1),
                 yEnd < tokens.size() ? tokens[yEnd].offset : endOffset, resolve, y, fail))
    return false;
  const bool kimmPair = hasKImm(*x.row) || hasKImm(*y.row);
  std::optional<Failure> f = checkSyntax(y, false);
  if (!f) {
    f = matchHalf(x, sep.offset, true, kimmPair);
    // llvm-mc reports a dot2acc X source it cannot take at the Y mnemonic (every other pair
    // with this X gets further).
    if (f && x.row->operands[1].type == DataType::V2F16 && x.ops.size() > 1 &&
        f->offset == x.ops[1].offset && x.ops[1].kind != Kind::Register)
      f = Failure{"invalid VOPDY instruction", tokens[yAt].offset};
  }
  if (!f)
    f = matchHalf(y, tokens[0].offset, false, kimmPair);
  if (!f && yEnd < tokens.size())
    f = Failure{"invalid operand for instruction", tokens[yEnd].offset};
  if (!f)
    f = validatePair(x, y);
  if (f) {
    fail = {f->message, f->offset};
    return false;
  }
  encodePair(x, y, out);
  return true;
}

} // namespace gcnkit::assembler
