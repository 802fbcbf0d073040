#include <algorithm>

#include "disasm/codec.h"
#include "isa/target_info.h"
#include "isa/wave_size.h"

namespace gcnkit::disasm {

namespace {

using isa::Format;

const detail::Codec *codecFor(Format f) {
  switch (f) {
  case Format::SOP1:
  case Format::SOP2:
  case Format::SOPK:
  case Format::SOPC:
  case Format::SOPP:
  case Format::SMEM:
    return &detail::kSaluCodec;
  case Format::VOP1:
  case Format::VOP2:
  case Format::VOPC:
  case Format::VOP3:
  case Format::VOP3SD:
    return &detail::kValuCodec;
  case Format::VOP3P:
  case Format::VOPD:
  case Format::VINTERP:
  case Format::LDSDIR:
  case Format::VINTRP:
    return &detail::kVop3pCodec;
  case Format::DS:
  case Format::MUBUF:
  case Format::MTBUF:
  case Format::FLAT:
  case Format::GLOBAL:
  case Format::SCRATCH:
  case Format::MIMG:
  case Format::EXP:
    return &detail::kMemCodec;
  default:
    return nullptr;
  }
}

} // namespace

DecodeStatus Disassembler::decode(std::span<const uint8_t> bytes, Inst &inst) const {
  inst = Inst{};
  inst.target = target_;
  if (bytes.size() >= 4) {
    const uint32_t w0 = detail::readDword(bytes, 0);
    const Format f = isa::targetInfo(target_).classify(w0);
    if (const detail::Codec *c = codecFor(f)) {
      if (c->decode(f, bytes, waveSize_, inst) == DecodeStatus::Success)
        return DecodeStatus::Success;
    }
  }
  inst = Inst{};
  inst.target = target_;
  inst.size = static_cast<uint8_t>(std::min<size_t>(4, bytes.size()));
  return DecodeStatus::Fail;
}

void Disassembler::print(const Inst &inst, std::string &out, const PrintOptions &opts) const {
  if (const detail::Codec *c = inst.desc ? codecFor(inst.desc->format) : nullptr)
    c->print(inst, waveSize_, out, opts);
}

void Disassembler::encode(const Inst &inst, std::string &out) const {
  if (const detail::Codec *c = inst.desc ? codecFor(inst.desc->format) : nullptr)
    c->encode(inst, waveSize_, out);
}

unsigned Disassembler::operandRegs(const Inst &inst, unsigned operand) const {
  if (!inst.desc || operand >= inst.desc->numOperands)
    return 0;
  const detail::Codec *c = codecFor(inst.desc->format);
  if (c && c->operandRegs)
    return c->operandRegs(inst, waveSize_, operand);
  return isa::operandRegs(*inst.desc, operand, waveSize_ == WaveSize::Wave64);
}

} // namespace gcnkit::disasm
