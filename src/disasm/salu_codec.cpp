// The salu family codec: SOP1, SOP2, SOPK, SOPC, SOPP and SMEM, decoded against the target's
// table rows, printed and re-encoded as llvm-mc-19 does (-disassemble -show-encoding). The SOP
// formats have one layout on every target; SMEM's varies, as the target's SmemLayout says.
#include <string_view>

#include "isa/smem_offsets.h"
#include "disasm/codec.h"
#include "disasm/operands.h"
#include "disasm/salu.h"
#include "disasm/salu_operands.h"
#include "isa/target_info.h"

namespace gcnkit::disasm::detail {

namespace {

using isa::Field;
using isa::Format;
using isa::InstrDesc;
using isa::OperandDesc;
using isa::OperandKind;
using salu::appendReg;
using salu::appendSrc;
using salu::appendValue32;
using salu::classOf;
using salu::reencodeSrc;
using salu::RegClass;
using salu::resolveReg;
using salu::SrcEncoding;

constexpr uint8_t kHasLiteral = 1; // Inst::flags: words[1] (words[2] for SMEM) is a literal

// ---- Encoding fields ------------------------------------------------------------------------

uint32_t opcodeOf(Format f, uint32_t w) {
  switch (f) {
  case Format::SOP2:
    return isa::bits(w, 29, 23);
  case Format::SOPK:
    return isa::bits(w, 27, 23);
  case Format::SOP1:
    return isa::bits(w, 15, 8);
  case Format::SOPC:
  case Format::SOPP:
    return isa::bits(w, 22, 16);
  case Format::SMEM:
    return isa::bits(w, 25, 18);
  default:
    return 0xFFFF;
  }
}

// Raw value of an operand's field. SBASE is returned as the register number (the field counts
// register pairs). SMEM's offsets are read by smemOffsets().
uint32_t fieldOf(Field f, const uint32_t *w) {
  switch (f) {
  case Field::SDST:
    return isa::bits(w[0], 22, 16);
  case Field::SSRC0:
    return isa::bits(w[0], 7, 0);
  case Field::SSRC1:
    return isa::bits(w[0], 15, 8);
  case Field::SIMM16:
    return isa::bits(w[0], 15, 0);
  case Field::SDATA:
    return isa::bits(w[0], 12, 6);
  case Field::SBASE:
    return isa::bits(w[0], 5, 0) * 2;
  default:
    return 0;
  }
}

using isa::smemBitSet;
using isa::SmemOffsets;
using isa::smemOffsets;
bool bitSet(uint32_t w, uint8_t bit) { return smemBitSet(w, bit); }
uint32_t bitValue(uint8_t bit, bool on) {
  return on && bit != isa::SmemLayout::kNoBit ? 1u << bit : 0;
}

bool hasOffsets(const InstrDesc &d) {
  for (unsigned i = 0; i < d.numOperands; ++i)
    if (d.operands[i].field == Field::SOFFSET)
      return true;
  return false;
}

void appendImm16(std::string &out, uint32_t v, uint32_t flags) {
  switch (flags & salu::kImmStyleMask) {
  case salu::kImmHex:
    appendHex(out, v);
    break;
  case salu::kImmSmallDec:
    if (v <= 64)
      appendUDec(out, v);
    else
      appendHex(out, v);
    break;
  default:
    appendUDec(out, v);
    break;
  }
}

// `assemblerListing`: llvm-mc's listing of assembled code shows s_version's operand in hex.
void appendSpecial(std::string &out, const salu::Symbols &s, uint32_t v, uint32_t flags,
                   bool assemblerListing) {
  switch (salu::specialOf(flags)) {
  case salu::Special::Hwreg:
    salu::appendHwreg(out, s, v);
    break;
  case salu::Special::Sendmsg:
    salu::appendSendmsg(out, s, v);
    break;
  case salu::Special::Waitcnt:
    salu::appendWaitcnt(out, s, v);
    break;
  case salu::Special::DelayAlu:
    salu::appendDelayAlu(out, v);
    break;
  case salu::Special::Depctr:
    salu::appendDepctr(out, v);
    break;
  case salu::Special::Version:
    if (assemblerListing)
      appendHex(out, v);
    else
      salu::appendVersion(out, s, v);
    break;
  case salu::Special::GprIdx:
    salu::appendGprIdx(out, s, v);
    break;
  default:
    appendUDec(out, v);
    break;
  }
}

void appendSignedHex(std::string &out, int32_t v) {
  if (v < 0) {
    out += '-';
    appendHex(out, static_cast<uint64_t>(-static_cast<int64_t>(v)));
  } else {
    appendHex(out, static_cast<uint64_t>(v));
  }
}

bool isRegisterOperand(const OperandDesc &o) {
  return o.kind == OperandKind::SReg || o.kind == OperandKind::SSrc;
}

// ---- Codec ----------------------------------------------------------------------------------

DecodeStatus decode(Format f, std::span<const uint8_t> bytes, WaveSize, Inst &inst) {
  const uint32_t w0 = readDword(bytes, 0);
  const InstrDesc *d = isa::lookup(inst.target, f, opcodeOf(f, w0));
  if (!d)
    return DecodeStatus::Fail;
  inst.words[0] = w0;
  size_t size = 4;
  if (f == Format::SMEM) {
    if (bytes.size() < 8)
      return DecodeStatus::Fail;
    inst.words[1] = readDword(bytes, 1);
    size = 8;
    const isa::TargetInfo &t = isa::targetInfo(inst.target);
    const isa::SmemLayout &l = t.smem;
    // Without a cache-policy operand gfx11 requires the glc / dlc bits clear (gfx9 drops them);
    // without offset operands gfx9 requires the imm bit clear.
    if (l.strictPolicyBits && ((bitSet(w0, l.glc) && !(d->modifiers & isa::mod::Glc)) ||
                               (bitSet(w0, l.dlc) && !(d->modifiers & isa::mod::Dlc))))
      return DecodeStatus::Fail;
    if (hasOffsets(*d)) {
      const SmemOffsets o = smemOffsets(t, inst.words);
      if (o.hasReg && !resolveReg(inst.target, o.reg, 1, RegClass::Src).valid)
        return DecodeStatus::Fail;
    } else if (bitSet(w0, l.imm)) {
      return DecodeStatus::Fail;
    }
  }
  if ((d->flags & salu::kImmMustBeZero) && isa::bits(w0, 15, 0) != 0)
    return DecodeStatus::Fail;
  bool literal = false;
  for (unsigned i = 0; i < d->numOperands; ++i) {
    const OperandDesc &o = d->operands[i];
    if (o.kind == OperandKind::KImm) {
      literal = true;
    } else if (isRegisterOperand(o) && o.field != Field::SOFFSET) {
      unsigned enc = fieldOf(o.field, inst.words);
      if (enc == sreg::kLiteral)
        literal = true;
      else if (!isInlineConstant(enc) &&
               !resolveReg(inst.target, enc, o.regs, classOf(o.field)).valid)
        return DecodeStatus::Fail;
    }
  }
  if (literal) {
    if (bytes.size() < size + 4)
      return DecodeStatus::Fail;
    inst.words[size / 4] = readDword(bytes, size / 4);
    inst.flags |= kHasLiteral;
    size += 4;
  }
  inst.desc = d;
  inst.size = static_cast<uint8_t>(size);
  return DecodeStatus::Success;
}

// SMEM: "sdata, sbase, " then the offsets: an SGPR, an immediate, or "SGPR offset:IMM"; then
// glc / dlc. The assembler's listing shows the offsets as written (gfx11 cannot tell the forms
// apart from the bits).
void printSmem(const Inst &inst, const InstrDesc &d, isa::SmemOffsetForm form, std::string &out) {
  const uint32_t *w = inst.words;
  const isa::TargetInfo &t = isa::targetInfo(inst.target);
  for (unsigned i = 0; i < d.numOperands; ++i) {
    const OperandDesc &o = d.operands[i];
    if (o.field == Field::OFFSET)
      continue;
    out += i == 0 ? " " : ", ";
    unsigned v = fieldOf(o.field, w);
    if (o.kind == OperandKind::Imm) {
      appendImm16(out, v, d.flags);
    } else if (o.field == Field::SOFFSET) {
      SmemOffsets off = smemOffsets(t, w);
      if (form != isa::SmemOffsetForm::AsDecoded) {
        off.hasReg = form != isa::SmemOffsetForm::Immediate;
        off.hasImm = form != isa::SmemOffsetForm::Register;
      }
      if (off.hasReg)
        appendReg(out, resolveReg(inst.target, off.reg, 1, RegClass::Src), 1);
      if (off.hasImm) {
        if (off.hasReg)
          out += " offset:";
        appendSignedHex(out, off.imm);
      }
    } else {
      appendReg(out, resolveReg(inst.target, v, o.regs, classOf(o.field)), o.regs);
    }
  }
  if ((d.modifiers & isa::mod::Glc) && bitSet(w[0], t.smem.glc))
    out += " glc";
  if ((d.modifiers & isa::mod::Dlc) && bitSet(w[0], t.smem.dlc))
    out += " dlc";
}

void print(const Inst &inst, WaveSize, std::string &out, const PrintOptions &opts) {
  const InstrDesc &d = *inst.desc;
  out += d.name;
  if (d.format == Format::SMEM) {
    printSmem(inst, d, opts.smemOffset, out);
    return;
  }
  const uint32_t literal = (inst.flags & kHasLiteral) ? inst.words[1] : 0;
  for (unsigned i = 0; i < d.numOperands; ++i) {
    const OperandDesc &o = d.operands[i];
    uint32_t v = fieldOf(o.field, inst.words);
    if (o.kind == OperandKind::Imm && v == 0 && (d.flags & salu::kImmOptional))
      continue;
    out += i == 0 ? " " : ", ";
    switch (o.kind) {
    case OperandKind::SReg:
    case OperandKind::SSrc:
      appendSrc(out, inst.target, o, v, literal);
      break;
    case OperandKind::KImm:
      appendValue32(out, literal);
      break;
    case OperandKind::Special:
      appendSpecial(out, *isa::targetInfo(inst.target).saluSymbols, v, d.flags,
                    opts.assemblerListing);
      break;
    default: // Imm, Label: objdump prints the same text (see salu::branchTarget)
      appendImm16(out, v, d.flags);
      break;
    }
  }
}

void encodeSmem(const Inst &inst, const InstrDesc &d, std::string &out) {
  const uint32_t *w = inst.words;
  const isa::TargetInfo &t = isa::targetInfo(inst.target);
  const isa::SmemLayout &l = t.smem;
  uint32_t w0 = (uint32_t{l.encoding} << 26) | (d.opcode << 18), w1 = 0;
  for (unsigned i = 0; i < d.numOperands; ++i) {
    const OperandDesc &o = d.operands[i];
    uint32_t v = fieldOf(o.field, w);
    switch (o.field) {
    case Field::SDATA:
      w0 |= (o.kind == OperandKind::Imm
                 ? v
                 : resolveReg(inst.target, v, o.regs, RegClass::SmemData).canonical)
            << 6;
      break;
    case Field::SBASE:
      w0 |= resolveReg(inst.target, v, o.regs, RegClass::SmemBase).canonical / 2;
      break;
    case Field::SOFFSET: {
      const SmemOffsets off = smemOffsets(t, w);
      if (off.hasImm || l.imm == isa::SmemLayout::kNoBit)
        w1 |= isa::bits(w[1], 20, 0);
      if (l.imm == isa::SmemLayout::kNoBit)
        w1 |= off.reg << 25;
      else if (off.hasReg)
        w1 |= off.regInSoffset ? off.reg << 25 : off.reg;
      w0 |= bitValue(l.imm, off.hasImm) | bitValue(l.soffsetEn, off.hasReg && off.regInSoffset);
      break;
    }
    default:
      break;
    }
  }
  if (d.modifiers & isa::mod::Glc)
    w0 |= bitValue(l.glc, bitSet(w[0], l.glc));
  if (d.modifiers & isa::mod::Dlc)
    w0 |= bitValue(l.dlc, bitSet(w[0], l.dlc));
  appendDword(out, w0);
  appendDword(out, w1);
}

void encode(const Inst &inst, WaveSize, std::string &out) {
  const InstrDesc &d = *inst.desc;
  if (d.format == Format::SMEM) {
    encodeSmem(inst, d, out);
    return;
  }
  const uint32_t literal = (inst.flags & kHasLiteral) ? inst.words[1] : 0;
  uint32_t sdst = 0, ssrc0 = 0, ssrc1 = 0, simm16 = 0;
  bool needLiteral = false;
  for (unsigned i = 0; i < d.numOperands; ++i) {
    const OperandDesc &o = d.operands[i];
    uint32_t v = fieldOf(o.field, inst.words);
    uint32_t enc = v;
    if (o.kind == OperandKind::KImm) {
      needLiteral = true;
      continue;
    }
    if (isRegisterOperand(o)) {
      SrcEncoding e = reencodeSrc(inst.target, o, v, literal);
      enc = e.field;
      needLiteral |= e.literal;
    }
    switch (o.field) {
    case Field::SDST:
      sdst = enc;
      break;
    case Field::SSRC0:
      ssrc0 = enc;
      break;
    case Field::SSRC1:
      ssrc1 = enc;
      break;
    case Field::SIMM16:
      simm16 = v;
      break;
    default:
      break;
    }
  }
  uint32_t w = 0;
  switch (d.format) {
  case Format::SOP2:
    w = (0b10u << 30) | (d.opcode << 23) | (sdst << 16) | (ssrc1 << 8) | ssrc0;
    break;
  case Format::SOP1:
    w = (0x17Du << 23) | (sdst << 16) | (d.opcode << 8) | ssrc0;
    break;
  case Format::SOPC:
    w = (0x17Eu << 23) | (d.opcode << 16) | (ssrc1 << 8) | ssrc0;
    break;
  case Format::SOPK:
    w = (0b1011u << 28) | (d.opcode << 23) | (sdst << 16) | simm16;
    break;
  default: // SOPP
    w = (0x17Fu << 23) | (d.opcode << 16) | simm16;
    break;
  }
  appendDword(out, w);
  if (needLiteral)
    appendDword(out, literal);
}

} // namespace

namespace salu {

bool branchTarget(const Inst &inst, uint64_t address, uint64_t &target) {
  if (!inst.desc)
    return false;
  const InstrDesc &d = *inst.desc;
  for (unsigned i = 0; i < d.numOperands; ++i) {
    if (d.operands[i].kind != OperandKind::Label)
      continue;
    auto offset = static_cast<int16_t>(isa::bits(inst.words[0], 15, 0));
    target = address + 4 + static_cast<uint64_t>(static_cast<int64_t>(offset) * 4);
    return true;
  }
  return false;
}

} // namespace salu

const Codec kSaluCodec = {decode, print, encode, nullptr};

} // namespace gcnkit::disasm::detail
