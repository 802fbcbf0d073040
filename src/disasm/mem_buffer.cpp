// MUBUF and MTBUF (buffer / typed buffer) instructions: decode, llvm-mc compatible printing,
// re-encoding.
#include "disasm/mem_fields.h"
#include "isa/mem_symbolic.h"

namespace gcnkit::disasm::detail::mem {

namespace {

using isa::Field;
using isa::Format;
namespace m = isa::mem;

// gfx9's lds rows (mod::Lds) print ` lds` last, or buffer_store_lds_dword before glc / slc.
constexpr uint32_t kLdsBeforeCachePolicy = 1u << 30;

const FormatLayout &layoutFor(const Inst &inst, Format f) {
  return f == Format::MTBUF ? layoutOf(inst).mtbuf : layoutOf(inst).mubuf;
}

// vdata registers: the row's width plus one for the tfe status dword.
unsigned vdataRegs(const isa::OperandDesc &o, uint64_t v, const FormatLayout &lay) {
  return o.regs + lay[m::kBufTfe].get(v);
}

unsigned vaddrRegs(uint64_t v, const FormatLayout &lay) {
  return lay[m::kBufOffen].get(v) + lay[m::kBufIdxen].get(v);
}

// format:[...] of a format field value that is not the default.
void appendFormat(std::string &out, unsigned fmt, m::BufferFormatSyntax syntax) {
  if (syntax == m::BufferFormatSyntax::Unified) {
    if (fmt == m::kDefaultBufferFormat)
      return;
    out += " format:";
    if (fmt < m::kBufferFormats.size()) {
      out += '[';
      out += m::kBufferFormats[fmt];
      out += ']';
    } else {
      appendUDec(out, fmt);
    }
    return;
  }
  const unsigned data = fmt & ((1u << m::kNumFormatShift) - 1), num = fmt >> m::kNumFormatShift;
  if (data == m::kDefaultDataFormat && num == m::kDefaultNumFormat)
    return;
  out += " format:[";
  if (data != m::kDefaultDataFormat) {
    out += "BUF_DATA_FORMAT_";
    out += m::kBufferDataFormats[data];
  }
  if (num != m::kDefaultNumFormat) {
    if (data != m::kDefaultDataFormat)
      out += ',';
    out += "BUF_NUM_FORMAT_";
    out += m::kBufferNumFormats[num];
  }
  out += ']';
}

} // namespace

DecodeStatus decodeBuffer(Format f, std::span<const uint8_t> bytes, Inst &inst) {
  if (bytes.size() < 8)
    return DecodeStatus::Fail;
  const FormatLayout &lay = layoutFor(inst, f);
  const uint64_t v = inst64(bytes);
  const isa::InstrDesc *d = isa::lookup(inst.target, f, lay.key(v));
  if (!d || !fixedFieldsClear(*d, v, lay, m::kBufFields))
    return DecodeStatus::Fail;
  uint8_t size = 8;
  for (unsigned i = 0; i < d->numOperands; ++i) {
    const isa::OperandDesc &o = d->operands[i];
    switch (o.field) {
    case Field::VDATA:
      if (!vgprFits(lay[m::kBufVdata].get(v), vdataRegs(o, v, lay)))
        return DecodeStatus::Fail;
      break;
    case Field::VADDR:
      if (!vgprFits(lay[m::kBufVaddr].get(v), vaddrRegs(v, lay)))
        return DecodeStatus::Fail;
      break;
    case Field::SRSRC: {
      std::string scratch;
      if (!appendResource(scratch, inst.target, lay[m::kBufSrsrc].get(v), o.regs))
        return DecodeStatus::Fail;
      break;
    }
    case Field::SOFFSET: {
      const unsigned so = lay[m::kBufSoffset].get(v);
      if (!scalarSourceValid(so) || (so == sreg::kLiteral && !layoutOf(inst).soffsetLiteral))
        return DecodeStatus::Fail;
      if (so == sreg::kLiteral) {
        if (bytes.size() < 12)
          return DecodeStatus::Fail;
        inst.words[2] = readDword(bytes, 2);
        size = 12;
      }
      break;
    }
    default:
      break;
    }
  }
  inst.desc = d;
  inst.words[0] = readDword(bytes, 0);
  inst.words[1] = readDword(bytes, 1);
  inst.size = size;
  return DecodeStatus::Success;
}

unsigned bufferOperandRegs(const Inst &inst, unsigned operand) {
  const isa::OperandDesc &o = inst.desc->operands[operand];
  const FormatLayout &lay = layoutFor(inst, inst.desc->format);
  const uint64_t v = inst64(inst);
  switch (o.field) {
  case Field::VDATA:
    return vdataRegs(o, v, lay);
  case Field::VADDR:
    return vaddrRegs(v, lay);
  default:
    return o.regs;
  }
}

void printBuffer(const Inst &inst, std::string &out, uint32_t writtenOffset) {
  const isa::InstrDesc &d = *inst.desc;
  const FormatLayout &lay = layoutFor(inst, d.format);
  const uint64_t v = inst64(inst);
  out += d.name;
  bool first = true;
  for (unsigned i = 0; i < d.numOperands; ++i) {
    const isa::OperandDesc &o = d.operands[i];
    separator(out, first);
    switch (o.field) {
    case Field::VDATA:
      appendVGPR(out, lay[m::kBufVdata].get(v), bufferOperandRegs(inst, i));
      break;
    case Field::VADDR:
      if (unsigned n = bufferOperandRegs(inst, i))
        appendVGPR(out, lay[m::kBufVaddr].get(v), n);
      else
        out += "off";
      break;
    case Field::SRSRC:
      appendResource(out, inst.target, lay[m::kBufSrsrc].get(v), o.regs);
      break;
    case Field::SOFFSET:
      appendScalarSource(out, inst.target, lay[m::kBufSoffset].get(v), inst.words[2]);
      break;
    default:
      break;
    }
  }
  if (d.modifiers & isa::mod::Format)
    appendFormat(out, lay[m::kBufFormatOrReserved].get(v), layoutOf(inst).bufferFormat);
  using namespace isa::mod;
  if ((d.modifiers & Idxen) && lay[m::kBufIdxen].get(v))
    out += " idxen";
  if ((d.modifiers & Offen) && lay[m::kBufOffen].get(v))
    out += " offen";
  if (unsigned off = writtenOffset ? writtenOffset : lay[m::kBufOffset].get(v);
      off && (d.modifiers & Offset)) {
    out += " offset:";
    appendUDec(out, off);
  }
  const bool lds = d.modifiers & isa::mod::Lds;
  if (lds && (d.flags & kLdsBeforeCachePolicy))
    out += " lds";
  if ((d.modifiers & Glc) && lay[m::kBufGlc].get(v))
    out += " glc";
  if ((d.modifiers & Slc) && lay[m::kBufSlc].get(v))
    out += " slc";
  if ((d.modifiers & Dlc) && lay[m::kBufDlc].get(v))
    out += " dlc";
  if ((d.modifiers & Tfe) && lay[m::kBufTfe].get(v))
    out += " tfe";
  if (lds && !(d.flags & kLdsBeforeCachePolicy))
    out += " lds";
}

void encodeBuffer(const Inst &inst, std::string &out) {
  const isa::InstrDesc &d = *inst.desc;
  const FormatLayout &lay = layoutFor(inst, d.format);
  uint64_t v = clearIgnored(d, inst64(inst), lay, m::kBufFields);
  if (vaddrRegs(v, lay) == 0)
    v = lay[m::kBufVaddr].clear(v);
  const bool literal =
      lay[m::kBufSoffset].get(v) == sreg::kLiteral && operandFor(d, Field::SOFFSET);
  // A literal llvm-mc can express as an inline constant is re-encoded as one.
  if (literal && foldedLiteral(inst.words[2]))
    v = lay[m::kBufSoffset].set(v, foldedLiteral(inst.words[2]));
  appendQword(out, v);
  if (literal && !foldedLiteral(inst.words[2]))
    appendDword(out, inst.words[2]);
}

} // namespace gcnkit::disasm::detail::mem
