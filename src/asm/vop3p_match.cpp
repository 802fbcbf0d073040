// VOP3P statements: packed math, dot products, v_fma_mix*, WMMA and v_accvgpr_read/write, with
// their DPP16 / DPP8 forms, against one table row with llvm-mc-19's rules and diagnostics, for
// every target (what differs is row data: literals, DPP, AccVGPR operands; and the target's
// constant bus limit). gfx908's MFMA rows are in vop3p_mai_match.cpp, VINTERP, LDSDIR and
// VINTRP in interp_match.cpp.
//
// Layout: w0 = VDST[7:0] NEG_HI[10:8] OP_SEL[13:11] OP_SEL_HI2[14] CLAMP[15] OP[22:16] under
// the target's VOP3P prefix, w1 = SRC0[8:0] SRC1[17:9] SRC2[26:18] OP_SEL_HI[28:27]
// NEG[31:29]; then the DPP dword (SRC0 = 0xFA / 0xE9 / 0xEA) or the literal.
#include "asm/vop3p_match.h"

#include <algorithm>
#include <bit>

#include "asm/vop3p_modifiers.h"
#include "isa/target_info.h"
#include "isa/wave_size.h"

namespace gcnkit::assembler {

namespace {

using isa::DataType;
using isa::InstrDesc;
using isa::OperandKind;
using Kind = ParsedOperand::Kind;

// Row flags shared with the vop3p codec (written by scripts/isa/gfx1100_vop3p.py). The 13
// modifier bits are instruction bits 8..15 then 59..63.
constexpr uint32_t kModifierMask = 0x1fff; // bits the instruction has no operand for
constexpr unsigned kForceOneShift = 13;    // bits always encoded as 1
constexpr uint32_t kOpSelHiDefaultZero = 1u << 27;
constexpr uint32_t kNoLiteral = 1u << 31; // no source takes a literal (gfx9)
constexpr unsigned kLdsDirect = 254;

// An inline constant of 32-bit operands: -16..64, or the f32 bits of +-0.5, 1, 2, 4, 1/(2pi).
bool isInline32(uint32_t v) {
  const auto i = static_cast<int32_t>(v);
  if (i >= -16 && i <= 64)
    return true;
  for (uint32_t f : {0x3f000000u, 0x3f800000u, 0x40000000u, 0x40800000u})
    if ((v & 0x7fffffffu) == f)
      return true;
  return v == 0x3e22f983u;
}

uint64_t spreadModifierBits(uint32_t m) {
  return uint64_t{m & 0xff} << 8 | uint64_t{(m >> 8) & 0x1f} << 59;
}

// The register file of a register-only operand kind (AReg: AccVGPRs).
RegKind fileOf(OperandKind kind) {
  return kind == OperandKind::AReg ? RegKind::AGPR : RegKind::VGPR;
}

bool is32Bit(DataType t) {
  return t == DataType::B32 || t == DataType::F32 || t == DataType::I32 || t == DataType::U32;
}

// The WMMA C matrix takes inline constants only: 64-bit floating-point ones in wave32, the
// 32-bit ones of an f32 operand in wave64 (whatever the matrix type).
std::optional<unsigned> wmmaInlineCode(const Number &n, bool wave64) {
  if (wave64) {
    const std::optional<EncodedImm> imm = encodeImmediate(n, DataType::F32);
    if (!imm || !imm->isInline)
      return std::nullopt;
    return imm->inlineCode;
  }
  const uint64_t bits =
      n.isReal ? std::bit_cast<uint64_t>(n.real) : static_cast<uint64_t>(n.integer);
  const auto asInteger = static_cast<int64_t>(bits);
  if (asInteger >= 0 && asInteger <= 64)
    return 128 + static_cast<unsigned>(asInteger);
  if (asInteger >= -16 && asInteger < 0)
    return 192 + static_cast<unsigned>(-asInteger);
  return inlineCodeFor(bits, DataType::F64);
}

class PackedMatcher {
public:
  explicit PackedMatcher(const MatchInput &in)
      : in_(in), row_(in.row), ops_(in.ops),
        accWrite_(in.row.operands[0].kind == OperandKind::AReg) {}
  Attempt run(EncodedInstruction &out);

private:
  Attempt fail(size_t i, std::string msg = "invalid operand for instruction") {
    return Attempt::failure(in_, i, std::move(msg));
  }
  Attempt failSource(size_t i, std::string msg = "invalid operand for instruction") {
    return sourceFailure(in_, i, std::move(msg));
  }
  bool source(size_t s, bool dpp);
  std::optional<Attempt> validate(bool dpp);
  size_t lastLiteralOperand() const;
  Attempt failAtLiteral(std::string msg, size_t after);
  void encode(const ModifierValues &mods, EncodedInstruction &out);

  const MatchInput &in_;
  const InstrDesc &row_;
  std::vector<ParsedOperand> &ops_;
  // v_accvgpr_write_b32 (a source into an AccVGPR destination): scalars match but are
  // refused afterwards, literals do not match.
  const bool accWrite_;
  unsigned src_[3] = {};
  // Operand modifiers of v_fma_mix*: bit s for source s.
  uint8_t neg_ = 0, abs_ = 0;
  Fields f_;
  bool literalConflict_ = false; // a second literal value
};

// Encodes source s (ops[s + 1]) into src_[s]; false when the row's operand cannot take it.
bool PackedMatcher::source(size_t s, bool dpp) {
  const ParsedOperand &op = ops_[s + 1];
  const isa::OperandDesc &d = row_.operands[s + 1];
  const unsigned regs = isa::operandRegs(row_, s + 1, in_.wave64);
  neg_ |= static_cast<uint8_t>(op.neg ? 1u << s : 0);
  abs_ |= static_cast<uint8_t>(op.abs ? 1u << s : 0);
  // DPP reads src0 from the DPP dword and src1 from a VGPR (v_fma_mix* check this while
  // matching, the dot products in validate()).
  const bool vgprOnly = d.kind == OperandKind::VReg || d.kind == OperandKind::AReg ||
                        (dpp && s == 0) || (dpp && s == 1 && (row_.modifiers & isa::mod::Abs));
  if (op.kind == Kind::Register) {
    if (isRegisterTuple(op, fileOf(d.kind), regs)) {
      src_[s] = 256 + op.reg.index;
      return true;
    }
    // The WMMA C matrix also takes null and the src_* constants, as immediates.
    if (d.kind == OperandKind::VRegOrImm && !dpp && op.reg.kind == RegKind::Special &&
        (op.reg.index == 124 || op.reg.index >= 235)) {
      src_[s] = op.reg.index;
      return true;
    }
    if (vgprOnly || d.kind != OperandKind::VSrc || !isScalar(op.reg) ||
        !widthMatches(op.reg, regs) || op.reg.hiHalf || op.reg.loHalf)
      return false;
    src_[s] = op.reg.encoding();
    return true;
  }
  if (vgprOnly || (op.kind != Kind::Number && op.kind != Kind::Expression))
    return false;
  if (d.kind == OperandKind::VRegOrImm && isa::isWmma(row_)) {
    std::optional<unsigned> code;
    if (op.kind == Kind::Number)
      code = wmmaInlineCode(op.number, in_.wave64);
    if (!code)
      return false;
    src_[s] = *code;
    return true;
  }
  if (op.kind == Kind::Expression && (dpp || accWrite_ || !is32Bit(d.type)))
    return false; // a symbolic literal needs a 32-bit operand
  uint32_t enc = 0;
  switch (encodeConstantOrLiteral(op, d.type, f_, enc)) {
  case SourceResult::Mismatch:
    return false;
  case SourceResult::LiteralConflict: // reported once the operands match
    literalConflict_ = true;
    enc = 255;
    break;
  case SourceResult::Ok:
    break;
  }
  // DPP forms take no literal, except as an f16 source, for which llvm-mc-19 encodes the
  // literal's field and leaves the literal out.
  if ((dpp && enc == 255 && d.type != DataType::F16) || (accWrite_ && enc == 255))
    return false;
  src_[s] = enc;
  return true;
}

// The last source llvm-mc's diagnostics call a literal (0: none): an expression, a
// floating-point number (an inline constant too), or an integer that is no inline constant of
// the operand nor of a 32-bit one (0x3f800000 for an f16 pair is none of the latter).
size_t PackedMatcher::lastLiteralOperand() const {
  for (size_t i = row_.numOperands - 1u; i > 0 && i < ops_.size(); --i) {
    const ParsedOperand &op = ops_[i];
    if (op.kind == Kind::Expression || (op.kind == Kind::Number && op.number.isReal))
      return i;
    if (op.kind != Kind::Number)
      continue;
    const std::optional<EncodedImm> imm = encodeImmediate(op.number, row_.operands[i].type);
    if (imm && !imm->isInline && !isInline32(imm->literal))
      return i;
  }
  return 0;
}

// A failure at the later of that literal and operand `after` (0: none), or at the mnemonic.
Attempt PackedMatcher::failAtLiteral(std::string msg, size_t after) {
  const size_t at = std::max(lastLiteralOperand(), after);
  if (at)
    return failSource(at, std::move(msg));
  return Attempt{false, std::move(msg), in_.mnemonicOffset, static_cast<int>(ops_.size())};
}

// llvm-mc's checks once the operands match: lds_direct (gfx9) only as src0, literals (one
// value; none on gfx9), then the constant bus (the target's limit of scalar values: distinct
// scalar registers other than null and lds_direct, and the literal), then v_accvgpr_write's
// source.
std::optional<Attempt> PackedMatcher::validate(bool dpp) {
  const unsigned nsrc = row_.numOperands - 1u;
  for (unsigned s = 0; s < nsrc; ++s) {
    if (src_[s] != kLdsDirect || ops_[s + 1].kind != Kind::Register)
      continue;
    // (Keyed on the name: llvm-mc refuses it in the operand-reversed shifts.)
    if (row_.name.find("rev_") != std::string_view::npos)
      return failSource(s + 1, "lds_direct cannot be used with this instruction");
    if (s > 0)
      return failSource(s + 1, "lds_direct may be used as src0 only");
  }
  if (row_.flags & kNoLiteral) {
    bool any = false;
    for (unsigned s = 0; s < nsrc; ++s)
      any = any || src_[s] == 255;
    if (any)
      return failAtLiteral("literal operands are not supported", 0);
  }
  if (literalConflict_)
    for (unsigned s = nsrc; s-- > 0;)
      if (src_[s] == 255) // llvm-mc reports at the last literal operand
        return failSource(s + 1, "only one unique literal operand is allowed");
  const isa::TargetInfo &target = isa::targetInfo(in_.target);
  unsigned scalars[3] = {};
  unsigned numScalars = 0, count = 0, lastScalar = 0;
  bool literalCounted = false;
  for (unsigned s = 0; s < nsrc; ++s) {
    const ParsedOperand &op = ops_[s + 1];
    bool uses = false;
    if (op.kind == Kind::Register && !(dpp && s == 0) && src_[s] < 256 &&
        src_[s] != target.sregs.null && src_[s] != kLdsDirect) {
      lastScalar = s + 1;
      uses = true;
      for (unsigned k = 0; k < numScalars; ++k)
        uses = uses && scalars[k] != src_[s];
      if (uses)
        scalars[numScalars++] = src_[s];
    } else if (src_[s] == 255) {
      uses = !literalCounted;
      literalCounted = true;
    }
    count += uses;
  }
  // llvm-mc reports a violation at the last scalar register or literal, whichever is later.
  if (count > target.constantBusLimit)
    return failAtLiteral("invalid operand (violates constant bus restrictions)", lastScalar);
  if (accWrite_ && ops_[1].kind == Kind::Register && src_[0] < 256 && src_[0] != kLdsDirect)
    return failSource(1, "source operand must be either a VGPR or an inline constant");
  // The DPP form of a dot product reads src1 from a VGPR; llvm-mc's matcher lets scalars and
  // inline constants through and rejects them here (a constant at the mnemonic).
  if (dpp && nsrc > 1 && src_[1] < 256) {
    if (ops_[2].kind == Kind::Register)
      return failSource(2);
    return Attempt{false, "src1 immediate operand invalid for instruction", in_.mnemonicOffset,
                   static_cast<int>(ops_.size())};
  }
  return std::nullopt;
}

Attempt PackedMatcher::run(EncodedInstruction &out) {
  const size_t n = row_.numOperands; // vdst and the sources
  const unsigned nsrc = row_.numOperands - 1u;
  ModifierLayout plain;
  const uint32_t m = row_.modifiers;
  if (m & isa::mod::OpSel)
    plain.add(ModKey::OpSel);
  if (m & isa::mod::OpSelHi)
    plain.add(ModKey::OpSelHi);
  if (m & isa::mod::NegLo)
    plain.add(ModKey::NegLo);
  if (m & isa::mod::NegHi)
    plain.add(ModKey::NegHi);
  if (m & isa::mod::Clamp)
    plain.add(ModKey::Clamp);
  ModifierLayout layouts[3] = {plain};
  size_t numLayouts = 1;
  if (m & isa::mod::Dpp16)
    layouts[numLayouts++] = plain.withDpp16();
  if (m & isa::mod::Dpp8)
    layouts[numLayouts++] = plain.withDpp8();
  // v_fma_mix* take neg / abs on their sources.
  const uint32_t sourceModifierOps = (m & isa::mod::Abs) ? ((1u << n) - 2) : 0;
  if (std::optional<Attempt> bad = checkModifierSyntax(
          in_, n, std::span<const ModifierLayout>(layouts, numLayouts), sourceModifierOps))
    return *bad;

  // The DPP forms are chosen by their suffix or any DPP control.
  bool dpp = in_.variant == Variant::E64Dpp;
  if (numLayouts > 1)
    for (size_t i = n; i < ops_.size() && !dpp; ++i)
      dpp = modKeyOf(ops_[i]) >= ModKey::DppCtrl;

  if (ops_.empty())
    return Attempt::tooFew(in_);
  if (!isRegisterTuple(ops_[0], fileOf(row_.operands[0].kind),
                       isa::operandRegs(row_, 0, in_.wave64)))
    return fail(0);
  for (unsigned s = 0; s < nsrc; ++s) {
    if (s + 1 >= ops_.size())
      return Attempt::tooFew(in_);
    if (!source(s, dpp))
      return failSource(s + 1);
  }
  ModifierValues mods;
  const size_t next = readModifiers(ops_, n, dpp ? plain.withDpp16() : plain, mods);
  if (dpp && mods.dpp.kind == DppControls::Kind::None)
    return next < ops_.size() ? fail(next) : Attempt::tooFew(in_);
  if (next < ops_.size())
    return fail(next);
  if (std::optional<Attempt> bad = validate(dpp))
    return *bad;
  encode(mods, out);
  return Attempt::success(ops_.size());
}

void PackedMatcher::encode(const ModifierValues &mods, EncodedInstruction &out) {
  const unsigned nsrc = row_.numOperands - 1u;
  const bool mix = row_.modifiers & isa::mod::Abs;
  const uint8_t allSources = static_cast<uint8_t>((1u << nsrc) - 1);
  uint8_t opSelHi = mods.opSelHi;
  if (!mods.opSelHiWritten)
    opSelHi = (row_.flags & kOpSelHiDefaultZero) ? 0 : allSources;
  // v_fma_mix* keep their operand modifiers in the NEG / NEG_HI fields.
  const uint8_t negLo = mix ? neg_ : mods.negLo;
  const uint8_t negHi = mix ? abs_ : mods.negHi;
  const bool isDpp = mods.dpp.kind != DppControls::Kind::None;
  const unsigned src0 = isDpp ? dppSrc0Field(mods.dpp) : src_[0];
  uint64_t q = isa::targetInfo(in_.target).prefix(isa::Format::VOP3P) |
               uint64_t{row_.opcode} << 16 | (ops_[0].reg.index & 0xff);
  q |= uint64_t{negHi & 7u} << 8 | uint64_t{mods.opSel & 7u} << 11 |
       uint64_t{(opSelHi >> 2) & 1u} << 14 | uint64_t{mods.clamp} << 15;
  q |= uint64_t{src0} << 32 | uint64_t{src_[1]} << 41 | uint64_t{src_[2]} << 50;
  q |= uint64_t{opSelHi & 3u} << 59 | uint64_t{negLo & 7u} << 61;
  // Bits of sources the instruction does not have are dropped, or always 1.
  q &= ~spreadModifierBits(row_.flags & kModifierMask);
  q |= spreadModifierBits((row_.flags >> kForceOneShift) & kModifierMask);
  appendDword(out.bytes, static_cast<uint32_t>(q));
  appendDword(out.bytes, static_cast<uint32_t>(q >> 32));
  const unsigned src0Vgpr = ops_[1].reg.index;
  if (mods.dpp.kind == DppControls::Kind::Dpp16)
    appendDword(out.bytes, dpp16Dword(mods.dpp, src0Vgpr));
  else if (mods.dpp.kind == DppControls::Kind::Dpp8)
    appendDword(out.bytes, dpp8Dword(mods.dpp, src0Vgpr));
  else
    appendLiteral(f_, out);
}

} // namespace

bool isRegisterTuple(const ParsedOperand &op, RegKind kind, unsigned regs) {
  return op.kind == Kind::Register && op.reg.kind == kind && op.reg.count == regs &&
         !op.reg.hiHalf && !op.reg.loHalf;
}

// `a16` reads as a modifier name (MIMG's), but where an AccVGPR operand stands llvm-mc reads it
// as the register a16.
void readA16AsRegister(const MatchInput &in) {
  for (size_t i = 0; i < in.ops.size() && i < in.row.numOperands; ++i) {
    ParsedOperand &op = in.ops[i];
    const OperandKind k = in.row.operands[i].kind;
    if (op.kind == Kind::Flag && op.name == "a16" &&
        (k == OperandKind::AReg || k == OperandKind::AVReg || k == OperandKind::ARegOrImm)) {
      op.kind = Kind::Register;
      op.reg = Register{};
      op.reg.kind = RegKind::AGPR;
      op.reg.index = 16;
      op.reg.offset = op.offset;
    }
  }
}

Attempt matchVop3p(const MatchInput &in, EncodedInstruction &out) {
  if (in.row.format == isa::Format::VINTRP)
    return matchVintrp(in, out);
  readA16AsRegister(in);
  // These formats have no 32-bit encoding; `_e64` names the only one, `_e64_dpp` the DPP forms.
  // (LDSDIR is in llvm-mc's default encoding with the memory instructions: `_e32` names it.)
  const char *unsupported = nullptr;
  if (in.variant == Variant::E32 && in.row.format != isa::Format::LDSDIR)
    unsupported = "e32";
  else if (in.variant == Variant::Dpp)
    unsupported = "dpp";
  else if (in.variant == Variant::E64Dpp &&
           !(in.row.modifiers & (isa::mod::Dpp16 | isa::mod::Dpp8)))
    unsupported = "e64_dpp";
  if (unsupported)
    return Attempt{false,
                   std::string(unsupported) + " variant of this instruction is not supported",
                   in.mnemonicOffset, 0};
  switch (in.row.format) {
  case isa::Format::VINTERP:
    return matchInterp(in, out);
  case isa::Format::LDSDIR:
    return matchLdsDir(in, out);
  default:
    if (in.row.modifiers & isa::mod::Mai)
      return matchMai(in, out);
    return PackedMatcher(in).run(out);
  }
}

} // namespace gcnkit::assembler
