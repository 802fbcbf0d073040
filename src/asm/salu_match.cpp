// SALU statements (SOP1, SOP2, SOPK, SOPC, SOPP, SMEM): operands against one table row, with
// llvm-mc-19's rules and diagnostics, encoded.
#include "asm/match.h"

#include <bit>

#include "asm/salu_symbolic.h"
#include "isa/target_info.h"

namespace gcnkit::assembler {

namespace {

using isa::DataType;
using isa::Field;
using isa::Format;
using isa::InstrDesc;
using isa::OperandDesc;
using isa::OperandKind;
using Kind = ParsedOperand::Kind;

// Row flags shared with the SALU codec (written by scripts/isa/salu_family.py).
constexpr uint32_t kSaluImmOptional = 1u << 8;
constexpr uint32_t kSaluImmAcceptsLabel = 1u << 10; // s_call_b64: a label is a branch target
constexpr uint32_t kSaluNoLiteral = 1u << 11;       // sources take inline constants but no literal
constexpr uint32_t kSaluImmTruncated = 1u << 12;    // any integer, truncated to 16 bits
constexpr uint32_t kSaluImmUnsigned = 1u << 13;     // 0..65535 only
constexpr unsigned kSaluSpecialShift = 4;
constexpr uint32_t kLiteralEncoding = 255;
constexpr uint32_t kLdsDirectEncoding = 254;
constexpr uint32_t kSaluSpecialGprIdx = 7; // (flags >> kSaluSpecialShift) & 0xF: gpr_idx()

class RowMatcher {
public:
  explicit RowMatcher(const MatchInput &in)
      : in_(in), row_(in.row), ops_(in.ops), target_(isa::targetInfo(in.target)) {}

  Attempt run(EncodedInstruction &out);

private:
  Attempt fail(size_t opIndex, std::string msg = "invalid operand for instruction") {
    return Attempt::failure(in_, opIndex, std::move(msg));
  }
  Attempt tooFew() { return Attempt::tooFew(in_); }
  bool scalarSource(const ParsedOperand &op, const OperandDesc &d, uint32_t &enc);
  Attempt matchSmem(EncodedInstruction &out);
  Attempt immediate16(size_t i, const OperandDesc &d);
  Attempt macroMisplaced(size_t i);
  SaluMacro rowMacro() const;
  bool branchTarget(size_t i, const OperandDesc &d);
  bool constantOrLiteral(const ParsedOperand &op, const OperandDesc &d, uint32_t &enc);
  void encodeSalu(EncodedInstruction &out);

  bool literalConflict_ = false;
  std::optional<Attempt> branchFailure_;
  bool glc_ = false, dlc_ = false;
  isa::SmemOffsetForm smemOffset_ = isa::SmemOffsetForm::AsDecoded; // how the listing shows it
  const MatchInput &in_;
  const InstrDesc &row_;
  std::vector<ParsedOperand> &ops_;
  const isa::TargetInfo &target_;
  Fields f_;
};

bool RowMatcher::scalarSource(const ParsedOperand &op, const OperandDesc &d, uint32_t &enc) {
  switch (op.kind) {
  case Kind::Register:
    if (!isScalar(op.reg) || !widthMatches(op.reg, d.regs))
      return false;
    enc = op.reg.encoding();
    return enc != kLdsDirectEncoding; // a VALU source only
  case Kind::Flag:                    // a symbol named like a modifier
  case Kind::Expression:
    // Symbolic literals are 32-bit fixups: 64-bit operands take none.
    if (d.regs != 1)
      return false;
    if (op.kind == Kind::Flag) {
      ParsedOperand symbol;
      symbol.kind = Kind::Expression;
      symbol.expr = operandExpr(op);
      return constantOrLiteral(symbol, d, enc);
    }
    return constantOrLiteral(op, d, enc);
  case Kind::Number:
    return constantOrLiteral(op, d, enc);
  default:
    return false;
  }
}

bool RowMatcher::constantOrLiteral(const ParsedOperand &op, const OperandDesc &d, uint32_t &enc) {
  switch (encodeConstantOrLiteral(op, d.type, f_, enc)) {
  case SourceResult::Ok:
    return true;
  case SourceResult::LiteralConflict:
    literalConflict_ = true;
    return false;
  case SourceResult::Mismatch:
    return false;
  }
  return false;
}

// A label as a PC-relative branch target (a fixup). llvm-mc takes a bare symbol only; other
// non-absolute expressions are a parse error, reported whatever the candidate.
bool RowMatcher::branchTarget(size_t i, const OperandDesc &d) {
  ExprPtr e = operandExpr(ops_[i]);
  if (!e)
    return false;
  if (e->op != ExprOp::Symbol) {
    branchFailure_ = fail(i, "expected an absolute expression or a label");
    branchFailure_->progress = 1 << 20;
    return false;
  }
  f_.branchExpr = std::move(e);
  f_.put(d.field, 0);
  return true;
}

Attempt RowMatcher::matchSmem(EncodedInstruction &out) {
  // sdata, sbase, then an soffset register or an offset; then offset:N and glc / dlc. Buffer
  // forms (a 4-register sbase) take a 20-bit unsigned offset, the others a 21-bit signed one.
  bool buffer = false;
  for (unsigned k = 0; k < row_.numOperands; ++k)
    if (row_.operands[k].field == Field::SBASE)
      buffer = row_.operands[k].regs == 4;
  auto offsetOk = [&](int64_t v) { return buffer ? fitsUnsigned(v, 20) : fitsSigned(v, 21); };
  const char *offsetError =
      buffer ? "expected a 20-bit unsigned offset" : "expected a 21-bit signed offset";
  size_t i = 0;
  const isa::ScalarRegisters &sr = target_.sregs;
  // gfx11 encodes a null soffset unless a register is given; gfx9 has no null (its imm /
  // soffset_en bits say which offsets there are).
  if (row_.numOperands && sr.null != isa::ScalarRegisters::kNone)
    f_.put(Field::SOFFSET, sr.null);
  for (unsigned k = 0; k < row_.numOperands; ++k) {
    const OperandDesc &d = row_.operands[k];
    if (d.field == Field::OFFSET)
      continue; // folded into the SOFFSET position below
    if (i >= ops_.size())
      return tooFew();
    const ParsedOperand &op = ops_[i];
    if (d.field == Field::SOFFSET) {
      if (op.kind == Kind::Register) {
        if (!isScalar(op.reg) || op.reg.count != 1)
          return fail(i);
        f_.put(Field::SOFFSET, op.reg.encoding());
        smemOffset_ = isa::SmemOffsetForm::Register;
      } else if (op.kind == Kind::Number && !op.number.isReal) {
        if (!offsetOk(op.number.integer))
          return fail(i, offsetError);
        f_.put(Field::OFFSET, static_cast<uint32_t>(op.number.integer) & 0x1FFFFF);
        smemOffset_ = isa::SmemOffsetForm::Immediate;
      } else {
        return fail(i);
      }
      ++i;
      continue;
    }
    if (d.kind == OperandKind::Imm) { // s_atc_probe's 3-bit immediate
      if (op.kind != Kind::Number || op.number.isReal || !fitsUnsigned(op.number.integer, 7))
        return fail(i);
      f_.put(d.field, static_cast<uint32_t>(op.number.integer));
      ++i;
      continue;
    }
    if (op.kind != Kind::Register || !isScalar(op.reg) || !widthMatches(op.reg, d.regs))
      return fail(i);
    // Register classes: sdata excludes m0 and exec (SReg_*_XM0_XEXEC); a buffer resource
    // cannot be null.
    const unsigned enc = op.reg.encoding();
    if (d.field == Field::SDATA && (enc == sr.m0 || enc == sr.exec || enc == sr.exec + 1u))
      return fail(i);
    if (d.field == Field::SBASE && buffer && enc == sr.null)
      return fail(i);
    f_.put(d.field, enc);
    ++i;
  }
  for (; i < ops_.size(); ++i) {
    const ParsedOperand &op = ops_[i];
    if (op.kind == Kind::Flag && op.name == "glc" && (row_.modifiers & isa::mod::Glc))
      glc_ = true;
    else if (op.kind == Kind::Flag && op.name == "dlc" && (row_.modifiers & isa::mod::Dlc))
      dlc_ = true;
    else if (op.kind == Kind::Flag && op.name == "dlc" &&
             target_.smem.dlc == isa::SmemLayout::kNoBit)
      return fail(i, "dlc modifier is not supported on this GPU");
    else if (op.kind == Kind::KeyValue && op.name == "offset" && !op.expr && !op.number.isReal &&
             !f_.set[static_cast<size_t>(Field::OFFSET)]) {
      if (!offsetOk(op.number.integer))
        return fail(i, offsetError); // reported at the `offset:` key, as llvm-mc does
      f_.put(Field::OFFSET, static_cast<uint32_t>(op.number.integer) & 0x1FFFFF);
      smemOffset_ = isa::SmemOffsetForm::RegisterAndOffset;
    } else {
      return fail(i);
    }
  }
  encodeSalu(out);
  return Attempt::success(ops_.size());
}

// A symbolic immediate where a register or constant is expected: llvm-mc reads its first word
// as a symbol and stops at the parenthesis.
Attempt RowMatcher::macroMisplaced(size_t i) {
  Attempt a = fail(i);
  a.offset = ops_[i].offset + ops_[i].name.size();
  return a;
}

// The symbolic immediate a Special operand of this row takes.
SaluMacro RowMatcher::rowMacro() const {
  switch ((row_.flags >> kSaluSpecialShift) & 0xF) {
  case 1:
    return SaluMacro::Hwreg;
  case 2:
    return SaluMacro::Sendmsg;
  case 3:
    return SaluMacro::Waitcnt;
  case 4:
    return SaluMacro::DelayAlu;
  case 5:
    return SaluMacro::Depctr;
  case kSaluSpecialGprIdx:
    return SaluMacro::GprIdx;
  default:
    return SaluMacro::None; // s_version: numbers only
  }
}

// A SIMM16 immediate, a Special operand's symbolic form, or s_set_gpr_idx_on's mode, with the
// ranges and messages of llvm-mc's operand parsers (the row flags say which truncate or take
// unsigned values only).
Attempt RowMatcher::immediate16(size_t i, const OperandDesc &d) {
  const ParsedOperand &op = ops_[i];
  const SaluMacro macro = d.kind == OperandKind::Special ? rowMacro() : SaluMacro::None;
  if (op.saluMacro && macro != SaluMacro::None && saluMacroKind(op.name) == macro) {
    f_.put(d.field, static_cast<uint32_t>(op.number.integer) & 0xFFFF);
    return Attempt::success(i + 1);
  }
  if (d.kind == OperandKind::Imm && (row_.flags & kSaluImmAcceptsLabel)) {
    if (op.kind == Kind::Number) {
      if (op.number.isReal ||
          !(fitsSigned(op.number.integer, 16) || fitsUnsigned(op.number.integer, 16)))
        return fail(i, "expected a 16-bit signed jump offset");
      f_.put(d.field, static_cast<uint32_t>(op.number.integer) & 0xFFFF);
    } else if (!branchTarget(i, d)) {
      return branchFailure_ ? *branchFailure_ : fail(i);
    }
    return Attempt::success(i + 1);
  }
  if (op.kind != Kind::Number) {
    switch (macro) {
    case SaluMacro::Hwreg:
      return fail(i, "expected a hwreg macro, structured immediate or an absolute expression");
    case SaluMacro::Sendmsg:
      return fail(i, "expected a sendmsg macro or an absolute expression");
    case SaluMacro::Waitcnt:
      if (op.saluMacro && saluMacroKind(op.name) == SaluMacro::GprIdx) {
        Attempt a = fail(i, "expected absolute expression");
        a.offset = op.valueOffset;
        return a;
      }
      if (op.saluMacro)
        return fail(i, "invalid counter name " + std::string(op.name));
      return fail(i, "expected absolute expression");
    case SaluMacro::DelayAlu:
    case SaluMacro::Depctr:
    case SaluMacro::GprIdx:
      return fail(i, "expected absolute expression");
    default:
      return fail(i, (row_.flags & kSaluImmOptional) ? "expected absolute expression"
                                                     : "invalid operand for instruction");
    }
  }
  const int64_t v = op.number.integer;
  uint32_t bits = static_cast<uint32_t>(v);
  if (macro == SaluMacro::GprIdx) {
    if (op.number.isReal || !fitsUnsigned(v, 4))
      return fail(i, "invalid immediate: only 4-bit values are legal");
  } else if (row_.flags & kSaluImmTruncated) {
    // Truncated to 16 bits; a real number gives the low bits of its double.
    if (op.number.isReal)
      bits = static_cast<uint32_t>(std::bit_cast<uint64_t>(op.number.real));
  } else if (macro == SaluMacro::Hwreg || macro == SaluMacro::Sendmsg) {
    if (op.number.isReal || !fitsUnsigned(v, 16))
      return fail(i, "invalid immediate: only 16-bit values are legal");
  } else if (op.number.isReal ||
             ((row_.flags & kSaluImmUnsigned) ? !fitsUnsigned(v, 16)
                                              : !(fitsSigned(v, 16) || fitsUnsigned(v, 16)))) {
    return fail(i, (row_.flags & kSaluImmOptional) ? "expected a 16-bit value"
                                                   : "invalid operand for instruction");
  }
  f_.put(d.field, bits & 0xFFFF);
  return Attempt::success(i + 1);
}

Attempt RowMatcher::run(EncodedInstruction &out) {
  if (row_.format == Format::SMEM)
    return matchSmem(out);
  size_t i = 0;
  for (unsigned k = 0; k < row_.numOperands; ++k) {
    const OperandDesc &d = row_.operands[k];
    if (i >= ops_.size()) {
      if (d.kind == OperandKind::Imm && (row_.flags & kSaluImmOptional)) {
        f_.put(d.field, 0);
        continue;
      }
      return tooFew();
    }
    const ParsedOperand &op = ops_[i];
    uint32_t enc = 0;
    switch (d.kind) {
    case OperandKind::SReg:
      if (op.saluMacro)
        return macroMisplaced(i);
      if (op.kind != Kind::Register || !isScalar(op.reg) || !widthMatches(op.reg, d.regs))
        return fail(i);
      // s_waitcnt_{vscnt,vmcnt,expcnt,lgkmcnt}: llvm-mc's assembler requires the register
      // field to be null (its disassembler prints whatever is encoded).
      if (row_.format == Format::SOPK && row_.name.starts_with("s_waitcnt_") &&
          op.reg.encoding() != target_.sregs.null)
        return fail(i, "src0 must be null");
      f_.put(d.field, op.reg.encoding());
      break;
    case OperandKind::SSrc:
      if (op.saluMacro)
        return macroMisplaced(i);
      if (!scalarSource(op, d, enc))
        return literalConflict_ ? fail(i, "only one unique literal operand is allowed") : fail(i);
      if (enc == kLiteralEncoding && (row_.flags & kSaluNoLiteral))
        return fail(i);
      f_.put(d.field, enc);
      break;
    case OperandKind::KImm:
      if (op.kind == Kind::Number && op.number.isReal) {
        // llvm-mc-19 takes the low 32 bits of the double (1.5 becomes 0; see
        // docs/differences.md).
        f_.literal = static_cast<uint32_t>(std::bit_cast<uint64_t>(op.number.real));
      } else if (op.kind == Kind::Number) {
        if (!fitsSigned(op.number.integer, 32) && !fitsUnsigned(op.number.integer, 32))
          return fail(i);
        f_.literal = static_cast<uint32_t>(op.number.integer);
      } else if (op.kind == Kind::Expression) {
        f_.literalExpr = cloneExpr(*op.expr);
        f_.literal = 0;
      } else {
        return fail(i);
      }
      break;
    case OperandKind::Label:
      if (op.kind == Kind::Number && !op.number.isReal) {
        // The disassembler prints offsets unsigned (65535 for -1); both spellings assemble.
        if (!fitsSigned(op.number.integer, 16) && !fitsUnsigned(op.number.integer, 16))
          return fail(i, "expected a 16-bit signed jump offset");
        f_.put(d.field, static_cast<uint32_t>(op.number.integer) & 0xFFFF);
      } else if (!branchTarget(i, d)) {
        return branchFailure_ ? *branchFailure_ : fail(i);
      }
      break;
    case OperandKind::Imm:
    case OperandKind::Special:
      if (Attempt a = immediate16(i, d); !a.ok)
        return a;
      break;
    default:
      return fail(i);
    }
    ++i;
  }
  if (i < ops_.size())
    return fail(i);
  encodeSalu(out);
  return Attempt::success(ops_.size());
}

void RowMatcher::encodeSalu(EncodedInstruction &out) {
  const uint32_t op = row_.opcode;
  auto F = [&](Field f) { return f_.get(f); };
  uint32_t w0 = 0;
  switch (row_.format) {
  case Format::SOP1:
    w0 = 0xBE800000u | (F(Field::SDST) & 0x7F) << 16 | op << 8 | (F(Field::SSRC0) & 0xFF);
    break;
  case Format::SOP2:
    w0 = 0x80000000u | op << 23 | (F(Field::SDST) & 0x7F) << 16 | (F(Field::SSRC1) & 0xFF) << 8 |
         (F(Field::SSRC0) & 0xFF);
    break;
  case Format::SOPK:
    w0 = 0xB0000000u | op << 23 | (F(Field::SDST) & 0x7F) << 16 | (F(Field::SIMM16) & 0xFFFF);
    break;
  case Format::SOPC:
    w0 = 0xBF000000u | op << 16 | (F(Field::SSRC1) & 0xFF) << 8 | (F(Field::SSRC0) & 0xFF);
    break;
  case Format::SOPP:
    w0 = 0xBF800000u | op << 16 | (F(Field::SIMM16) & 0xFFFF);
    break;
  case Format::SMEM: {
    const isa::SmemLayout &l = target_.smem;
    auto bit = [](uint8_t b, bool on) { return on && b != isa::SmemLayout::kNoBit ? 1u << b : 0u; };
    w0 = uint32_t{l.encoding} << 26 | op << 18 | bit(l.glc, glc_) | bit(l.dlc, dlc_) |
         (F(Field::SDATA) & 0x7F) << 6 | ((F(Field::SBASE) >> 1) & 0x3F);
    uint32_t w1 = (F(Field::SOFFSET) & 0x7F) << 25 | (F(Field::OFFSET) & 0x1FFFFF);
    if (l.imm != isa::SmemLayout::kNoBit) {
      // gfx9: an offset alone, an SGPR alone (in the offset field), or both.
      const bool hasImm = f_.has(Field::OFFSET), hasReg = f_.has(Field::SOFFSET);
      w0 |= bit(l.imm, hasImm) | bit(l.soffsetEn, hasImm && hasReg);
      if (hasReg && !hasImm)
        w1 = F(Field::SOFFSET) & 0x7F;
    }
    appendDword(out.bytes, w0);
    appendDword(out.bytes, w1);
    out.smemOffset = smemOffset_;
    return;
  }
  default:
    break;
  }
  appendDword(out.bytes, w0);
  if (f_.branchExpr)
    out.fixups.push_back({InstFixup::Kind::SoppBranch, 0, std::move(f_.branchExpr)});
  appendLiteral(f_, out);
}

} // namespace

Attempt matchSalu(const MatchInput &in, EncodedInstruction &out) { return RowMatcher(in).run(out); }

} // namespace gcnkit::assembler
