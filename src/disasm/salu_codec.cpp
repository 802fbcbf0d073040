// The salu family codec: SOP1, SOP2, SOPK, SOPC, SOPP and SMEM on GFX11, decoded against the
// table rows, printed and re-encoded as llvm-mc-19 does (-disassemble -show-encoding).
#include <string_view>

#include "disasm/codec.h"
#include "disasm/operands.h"
#include "disasm/salu.h"
#include "disasm/salu_operands.h"

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
// register pairs); OFFSET as the 21-bit two's complement value.
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
  case Field::SOFFSET:
    return isa::bits(w[1], 31, 25);
  case Field::OFFSET:
    return isa::bits(w[1], 20, 0);
  default:
    return 0;
  }
}

int32_t offsetValue(uint32_t raw21) { return static_cast<int32_t>(raw21 << 11) >> 11; }

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
void appendSpecial(std::string &out, uint32_t v, uint32_t flags, bool assemblerListing) {
  switch (salu::specialOf(flags)) {
  case salu::Special::Hwreg:
    salu::appendHwreg(out, v);
    break;
  case salu::Special::Sendmsg:
    salu::appendSendmsg(out, v);
    break;
  case salu::Special::Waitcnt:
    salu::appendWaitcnt(out, v);
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
      salu::appendVersion(out, v);
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
    // Without a cache-policy operand the glc / dlc bits must be clear.
    if ((isa::bits(w0, 14, 14) && !(d->modifiers & isa::mod::Glc)) ||
        (isa::bits(w0, 13, 13) && !(d->modifiers & isa::mod::Dlc)))
      return DecodeStatus::Fail;
  }
  if ((d->flags & salu::kImmMustBeZero) && isa::bits(w0, 15, 0) != 0)
    return DecodeStatus::Fail;
  bool literal = false;
  for (unsigned i = 0; i < d->numOperands; ++i) {
    const OperandDesc &o = d->operands[i];
    if (o.kind == OperandKind::KImm) {
      literal = true;
    } else if (isRegisterOperand(o)) {
      unsigned enc = fieldOf(o.field, inst.words);
      if (enc == sreg::kLiteral)
        literal = true;
      else if (!isInlineConstant(enc) && !resolveReg(enc, o.regs, classOf(o.field)).valid)
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

// SMEM: "sdata, sbase, soffset[ offset:X]" where a null soffset prints the offset alone (or
// "null" when the offset is zero); then glc / dlc.
void printSmem(const Inst &inst, const InstrDesc &d, isa::SmemOffsetForm form, std::string &out) {
  const uint32_t *w = inst.words;
  for (unsigned i = 0; i < d.numOperands; ++i) {
    const OperandDesc &o = d.operands[i];
    if (o.field == Field::OFFSET)
      continue;
    out += i == 0 ? " " : ", ";
    unsigned v = fieldOf(o.field, w);
    int32_t offset = offsetValue(fieldOf(Field::OFFSET, w));
    if (o.kind == OperandKind::Imm) {
      appendImm16(out, v, d.flags);
    } else if (o.field == Field::SOFFSET && form != isa::SmemOffsetForm::AsDecoded) {
      // As written in assembly: the offset alone, the register alone, or both.
      if (form == isa::SmemOffsetForm::Immediate) {
        appendSignedHex(out, offset);
      } else {
        appendReg(out, resolveReg(v, 1, RegClass::Src), 1);
        if (form == isa::SmemOffsetForm::RegisterAndOffset) {
          out += " offset:";
          appendSignedHex(out, offset);
        }
      }
    } else if (o.field == Field::SOFFSET) {
      if (v == sreg::kNull) {
        if (offset != 0)
          appendSignedHex(out, offset);
        else
          out += "null";
      } else {
        appendReg(out, resolveReg(v, 1, RegClass::Src), 1);
        if (offset != 0) {
          out += " offset:";
          appendSignedHex(out, offset);
        }
      }
    } else {
      appendReg(out, resolveReg(v, o.regs, classOf(o.field)), o.regs);
    }
  }
  if ((d.modifiers & isa::mod::Glc) && isa::bits(w[0], 14, 14))
    out += " glc";
  if ((d.modifiers & isa::mod::Dlc) && isa::bits(w[0], 13, 13))
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
      appendSrc(out, o, v, literal);
      break;
    case OperandKind::KImm:
      appendValue32(out, literal);
      break;
    case OperandKind::Special:
      appendSpecial(out, v, d.flags, opts.assemblerListing);
      break;
    default: // Imm, Label: objdump prints the same text (see salu::branchTarget)
      appendImm16(out, v, d.flags);
      break;
    }
  }
}

void encodeSmem(const Inst &inst, const InstrDesc &d, std::string &out) {
  const uint32_t *w = inst.words;
  uint32_t w0 = (0x3Du << 26) | (d.opcode << 18), w1 = 0;
  for (unsigned i = 0; i < d.numOperands; ++i) {
    const OperandDesc &o = d.operands[i];
    uint32_t v = fieldOf(o.field, w);
    switch (o.field) {
    case Field::SDATA:
      w0 |= (o.kind == OperandKind::Imm ? v : resolveReg(v, o.regs, RegClass::SmemData).canonical)
            << 6;
      break;
    case Field::SBASE:
      w0 |= resolveReg(v, o.regs, RegClass::SmemBase).canonical / 2;
      break;
    case Field::SOFFSET:
      w1 |= v << 25;
      break;
    case Field::OFFSET:
      w1 |= v;
      break;
    default:
      break;
    }
  }
  if (d.modifiers & isa::mod::Glc)
    w0 |= w[0] & (1u << 14);
  if (d.modifiers & isa::mod::Dlc)
    w0 |= w[0] & (1u << 13);
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
      SrcEncoding e = reencodeSrc(o, v, literal);
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

const Codec kSaluCodec = {decode, print, encode};

} // namespace gcnkit::disasm::detail
