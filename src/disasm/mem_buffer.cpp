// MUBUF and MTBUF (buffer / typed buffer) instructions: decode, llvm-mc compatible printing,
// re-encoding.
#include <array>
#include <string_view>

#include "disasm/mem_fields.h"
#include "isa/mem_symbolic.h"

namespace gcnkit::disasm::detail::mem {

namespace {

using isa::Field;
using isa::Format;

// Field order shared with scripts/isa/gfx1100_mem.py (MUBUF_FIELDS / MTBUF_FIELDS): both
// formats have the same fields except the one at index 4 (reserved bits vs. the data format).
enum BufField : unsigned {
  kOffset,
  kSlc,
  kDlc,
  kGlc,
  kFormatOrReserved,
  kVaddr,
  kVdata,
  kSrsrc,
  kTfe,
  kOffen,
  kIdxen,
  kSoffset
};
constexpr FieldSpec kMubufFields[] = {{0, 12}, {12, 1}, {13, 1}, {14, 1}, {15, 3}, {32, 8},
                                      {40, 8}, {48, 5}, {53, 1}, {54, 1}, {55, 1}, {56, 8}};
constexpr FieldSpec kMtbufFields[] = {{0, 12}, {12, 1}, {13, 1}, {14, 1}, {19, 7}, {32, 8},
                                      {40, 8}, {48, 5}, {53, 1}, {54, 1}, {55, 1}, {56, 8}};
constexpr FieldSpec kMubufOp = {18, 8};
constexpr FieldSpec kMtbufOp = {15, 4};

constexpr unsigned kSrsrcNull = 31; // s[124:127] prints as null

std::span<const FieldSpec> fieldsOf(Format f) {
  return f == Format::MTBUF ? std::span<const FieldSpec>(kMtbufFields)
                            : std::span<const FieldSpec>(kMubufFields);
}

// vdata registers: the row's width plus one for the tfe status dword.
unsigned vdataRegs(const isa::OperandDesc &o, uint64_t v, std::span<const FieldSpec> fields) {
  return o.regs + get(v, fields[kTfe]);
}

unsigned vaddrRegs(uint64_t v, std::span<const FieldSpec> fields) {
  return get(v, fields[kOffen]) + get(v, fields[kIdxen]);
}

} // namespace

DecodeStatus decodeBuffer(Format f, std::span<const uint8_t> bytes, Inst &inst) {
  if (bytes.size() < 8)
    return DecodeStatus::Fail;
  const uint32_t w0 = readDword(bytes, 0), w1 = readDword(bytes, 1);
  const uint32_t op = get(w0, f == Format::MTBUF ? kMtbufOp : kMubufOp);
  const isa::InstrDesc *d = isa::lookup(inst.target, f, op);
  if (!d)
    return DecodeStatus::Fail;
  const auto fields = fieldsOf(f);
  const uint64_t v = uint64_t{w0} | uint64_t{w1} << 32;
  if (!fixedFieldsClear(*d, v, fields))
    return DecodeStatus::Fail;
  uint8_t size = 8;
  for (unsigned i = 0; i < d->numOperands; ++i) {
    const isa::OperandDesc &o = d->operands[i];
    switch (o.field) {
    case Field::VDATA:
      if (!vgprFits(get(v, fields[kVdata]), vdataRegs(o, v, fields)))
        return DecodeStatus::Fail;
      break;
    case Field::VADDR:
      if (!vgprFits(get(v, fields[kVaddr]), vaddrRegs(v, fields)))
        return DecodeStatus::Fail;
      break;
    case Field::SRSRC:
      if (get(v, fields[kSrsrc]) == 26) // s[104:107] runs into vcc
        return DecodeStatus::Fail;
      break;
    case Field::SOFFSET: {
      const unsigned so = get(v, fields[kSoffset]);
      if (!scalarSourceValid(so))
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
  inst.words[0] = w0;
  inst.words[1] = w1;
  inst.size = size;
  return DecodeStatus::Success;
}

unsigned bufferOperandRegs(const Inst &inst, unsigned operand) {
  const isa::OperandDesc &o = inst.desc->operands[operand];
  const auto fields = fieldsOf(inst.desc->format);
  const uint64_t v = inst64(inst);
  switch (o.field) {
  case Field::VDATA:
    return vdataRegs(o, v, fields);
  case Field::VADDR:
    return vaddrRegs(v, fields);
  default:
    return o.regs;
  }
}

void printBuffer(const Inst &inst, std::string &out) {
  const isa::InstrDesc &d = *inst.desc;
  const auto fields = fieldsOf(d.format);
  const uint64_t v = inst64(inst);
  out += d.name;
  bool first = true;
  for (unsigned i = 0; i < d.numOperands; ++i) {
    const isa::OperandDesc &o = d.operands[i];
    separator(out, first);
    switch (o.field) {
    case Field::VDATA:
      appendVGPR(out, get(v, fields[kVdata]), bufferOperandRegs(inst, i));
      break;
    case Field::VADDR:
      if (unsigned n = bufferOperandRegs(inst, i))
        appendVGPR(out, get(v, fields[kVaddr]), n);
      else
        out += "off";
      break;
    case Field::SRSRC:
      if (get(v, fields[kSrsrc]) == kSrsrcNull)
        out += "null";
      else
        appendScalarReg(out, inst.target, get(v, fields[kSrsrc]) * 4, 4);
      break;
    case Field::SOFFSET:
      appendScalarSource(out, inst.target, get(v, fields[kSoffset]), inst.words[2]);
      break;
    default:
      break;
    }
  }
  if (d.modifiers & isa::mod::Format) {
    const unsigned fmt = get(v, fields[kFormatOrReserved]);
    if (fmt != isa::mem::kDefaultBufferFormat) {
      out += " format:";
      if (fmt < isa::mem::kBufferFormats.size()) {
        out += '[';
        out += isa::mem::kBufferFormats[fmt];
        out += ']';
      } else {
        appendUDec(out, fmt);
      }
    }
  }
  using namespace isa::mod;
  if ((d.modifiers & Idxen) && get(v, fields[kIdxen]))
    out += " idxen";
  if ((d.modifiers & Offen) && get(v, fields[kOffen]))
    out += " offen";
  if (unsigned off = get(v, fields[kOffset]); off && (d.modifiers & Offset)) {
    out += " offset:";
    appendUDec(out, off);
  }
  if ((d.modifiers & Glc) && get(v, fields[kGlc]))
    out += " glc";
  if ((d.modifiers & Slc) && get(v, fields[kSlc]))
    out += " slc";
  if ((d.modifiers & Dlc) && get(v, fields[kDlc]))
    out += " dlc";
  if ((d.modifiers & Tfe) && get(v, fields[kTfe]))
    out += " tfe";
}

void encodeBuffer(const Inst &inst, std::string &out) {
  const isa::InstrDesc &d = *inst.desc;
  const auto fields = fieldsOf(d.format);
  uint64_t v = clearIgnored(d, inst64(inst), fields);
  if (vaddrRegs(v, fields) == 0)
    v = clear(v, fields[kVaddr]);
  const bool literal = get(v, fields[kSoffset]) == sreg::kLiteral && operandFor(d, Field::SOFFSET);
  // A literal llvm-mc can express as an inline constant is re-encoded as one.
  if (literal && foldedLiteral(inst.words[2]))
    v = set(v, fields[kSoffset], foldedLiteral(inst.words[2]));
  appendDword(out, static_cast<uint32_t>(v));
  appendDword(out, static_cast<uint32_t>(v >> 32));
  if (literal && !foldedLiteral(inst.words[2]))
    appendDword(out, inst.words[2]);
}

} // namespace gcnkit::disasm::detail::mem
