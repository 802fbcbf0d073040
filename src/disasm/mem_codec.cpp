// The memory-family codec: dispatches DS, MUBUF, MTBUF, FLAT / GLOBAL / SCRATCH, MIMG and EXP
// to their format codecs, and the operand helpers they share.
#include "disasm/mem_fields.h"
#include "disasm/salu_operands.h"
#include "isa/wave_size.h"

namespace gcnkit::disasm::detail {

namespace mem {

bool scalarSourceValid(unsigned enc) {
  if (enc < 128)
    return true;
  if (isInlineConstant(enc))
    return true;
  switch (enc) {
  case 235:
  case 236:
  case 237:
  case 238:
  case 239:
  case 251:
  case 252:
  case 253:
  case 254:
  case 255:
    return true;
  default:
    return false;
  }
}

unsigned foldedLiteral(uint32_t literal) {
  const auto v = static_cast<int32_t>(literal);
  if (v >= 0 && v <= 64)
    return sreg::kIntZero + static_cast<unsigned>(v);
  if (v >= -16 && v < 0)
    return 192 + static_cast<unsigned>(-v);
  static constexpr uint32_t kFloats[] = {0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000,
                                         0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983};
  for (unsigned i = 0; i < 9; ++i)
    if (literal == kFloats[i])
      return 240 + i;
  return 0;
}

bool appendScalarSource(std::string &out, isa::Target target, unsigned enc, uint32_t literal) {
  if (enc == sreg::kLiteral && foldedLiteral(literal))
    enc = foldedLiteral(literal);
  if (isInlineConstant(enc)) {
    appendInlineConstant(out, enc, isa::DataType::U32);
    return true;
  }
  if (enc == 255) {
    appendHex(out, literal);
    return true;
  }
  if (enc == 254) {
    out += "src_lds_direct/*Invalid register, operand has 'SReg_32' register class*/";
    return true;
  }
  return appendScalarReg(out, target, enc, 1);
}

bool appendResource(std::string &out, isa::Target target, unsigned field, unsigned regs) {
  const salu::RegName r = salu::resolveReg(target, field * 4, regs, salu::RegClass::Src);
  if (!r.valid)
    return false;
  salu::appendReg(out, r, regs);
  return true;
}

} // namespace mem

namespace {

using isa::Format;

DecodeStatus decode(Format f, std::span<const uint8_t> bytes, WaveSize, Inst &inst) {
  switch (f) {
  case Format::DS:
    return mem::decodeDs(bytes, inst);
  case Format::MUBUF:
  case Format::MTBUF:
    return mem::decodeBuffer(f, bytes, inst);
  case Format::FLAT:
  case Format::GLOBAL:
  case Format::SCRATCH:
    return mem::decodeFlat(bytes, inst);
  case Format::MIMG:
    return mem::decodeMimg(bytes, inst);
  case Format::EXP:
    return mem::decodeExp(bytes, inst);
  default:
    return DecodeStatus::Fail;
  }
}

void print(const Inst &inst, WaveSize, std::string &out, const PrintOptions &opts) {
  switch (inst.desc->format) {
  case Format::DS:
    return mem::printDs(inst, out);
  case Format::MUBUF:
  case Format::MTBUF:
    return mem::printBuffer(inst, out, opts.bufferOffset);
  case Format::FLAT:
  case Format::GLOBAL:
  case Format::SCRATCH:
    return mem::printFlat(inst, out);
  case Format::MIMG:
    return mem::printMimg(inst, out, opts.vaddrRegs);
  case Format::EXP:
    return mem::printExp(inst, out);
  default:
    return;
  }
}

void encode(const Inst &inst, WaveSize, std::string &out) {
  switch (inst.desc->format) {
  case Format::DS:
    return mem::encodeDs(inst, out);
  case Format::MUBUF:
  case Format::MTBUF:
    return mem::encodeBuffer(inst, out);
  case Format::FLAT:
  case Format::GLOBAL:
  case Format::SCRATCH:
    return mem::encodeFlat(inst, out);
  case Format::MIMG:
    return mem::encodeMimg(inst, out);
  case Format::EXP:
    return mem::encodeExp(inst, out);
  default:
    return;
  }
}

unsigned operandRegs(const Inst &inst, WaveSize wave, unsigned operand) {
  switch (inst.desc->format) {
  case Format::MUBUF:
  case Format::MTBUF:
    return mem::bufferOperandRegs(inst, operand);
  case Format::FLAT:
  case Format::GLOBAL:
  case Format::SCRATCH:
    return mem::flatOperandRegs(inst, operand);
  case Format::MIMG:
    return mem::mimgOperandRegs(inst, operand);
  default:
    return isa::operandRegs(*inst.desc, operand, wave == WaveSize::Wave64);
  }
}

} // namespace

const Codec kMemCodec = {decode, print, encode, operandRegs};

} // namespace gcnkit::disasm::detail
