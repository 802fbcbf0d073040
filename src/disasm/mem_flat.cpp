// FLAT, GLOBAL and SCRATCH instructions (one microcode format; the seg field selects the
// address space): decode, llvm-mc compatible printing, re-encoding.
#include "disasm/mem_fields.h"

namespace gcnkit::disasm::detail::mem {

namespace {

using isa::Field;
using isa::Format;

// Field order shared with scripts/isa/gfx1100_mem.py (FLAT_FIELDS).
enum FlatField : unsigned { kOffset, kDlc, kGlc, kSlc, kR25, kVaddr, kVdata, kSaddr, kSve, kVdst };
constexpr FieldSpec kFlatFields[] = {{0, 13}, {13, 1}, {14, 1}, {15, 1}, {25, 1},
                                     {32, 8}, {40, 8}, {48, 7}, {55, 1}, {56, 8}};
constexpr FieldSpec kOp = {18, 7};
constexpr FieldSpec kSeg = {16, 2};

constexpr uint32_t kAtomic = 1u << 28;
constexpr unsigned kSaddrOff = 0x7C; // null: no scalar address

Format formatOfSeg(unsigned seg) {
  switch (seg) {
  case 0:
    return Format::FLAT;
  case 1:
    return Format::SCRATCH;
  case 2:
    return Format::GLOBAL;
  default:
    return Format::Count;
  }
}

bool returns(const isa::InstrDesc &d, uint64_t v) {
  return !(d.flags & kAtomic) || get(v, kFlatFields[kGlc]);
}

// Registers of the vaddr operand in this encoding (0: printed as off).
unsigned vaddrRegs(const isa::InstrDesc &d, const isa::OperandDesc &o, uint64_t v) {
  switch (d.format) {
  case Format::GLOBAL:
    return get(v, kFlatFields[kSaddr]) == kSaddrOff ? o.regs : 1;
  case Format::SCRATCH:
    return get(v, kFlatFields[kSve]) ? 1 : 0;
  default:
    return o.regs;
  }
}

// Whether the field of operand o is read in this encoding.
bool operandPresent(const isa::InstrDesc &d, const isa::OperandDesc &o, uint64_t v) {
  return o.field != Field::VDST || returns(d, v);
}

} // namespace

DecodeStatus decodeFlat(std::span<const uint8_t> bytes, Inst &inst) {
  if (bytes.size() < 8)
    return DecodeStatus::Fail;
  const uint32_t w0 = readDword(bytes, 0), w1 = readDword(bytes, 1);
  const Format f = formatOfSeg(get(w0, kSeg));
  if (f == Format::Count)
    return DecodeStatus::Fail;
  const isa::InstrDesc *d = isa::lookup(inst.target, f, get(w0, kOp));
  if (!d)
    return DecodeStatus::Fail;
  uint64_t v = uint64_t{w0} | uint64_t{w1} << 32;
  // FLAT has no scalar address: its saddr field must say off.
  if (f == Format::FLAT) {
    if (get(v, kFlatFields[kSaddr]) != kSaddrOff)
      return DecodeStatus::Fail;
    v = clear(v, kFlatFields[kSaddr]);
  }
  if (!fixedFieldsClear(*d, v, kFlatFields))
    return DecodeStatus::Fail;
  for (unsigned i = 0; i < d->numOperands; ++i) {
    const isa::OperandDesc &o = d->operands[i];
    if (!operandPresent(*d, o, v))
      continue;
    switch (o.field) {
    case Field::VADDR:
      if (!vgprFits(get(v, kFlatFields[kVaddr]), vaddrRegs(*d, o, v)))
        return DecodeStatus::Fail;
      break;
    case Field::VDATA:
      if (!vgprFits(get(v, kFlatFields[kVdata]), o.regs))
        return DecodeStatus::Fail;
      break;
    case Field::VDST:
      if (!vgprFits(get(v, kFlatFields[kVdst]), o.regs))
        return DecodeStatus::Fail;
      break;
    case Field::SADDR: {
      const unsigned s = get(v, kFlatFields[kSaddr]);
      if (s != kSaddrOff) {
        std::string scratch;
        if (!appendScalarReg(scratch, inst.target, s, o.regs))
          return DecodeStatus::Fail;
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
  inst.size = 8;
  return DecodeStatus::Success;
}

unsigned flatOperandRegs(const Inst &inst, unsigned operand) {
  const isa::InstrDesc &d = *inst.desc;
  const isa::OperandDesc &o = d.operands[operand];
  const uint64_t v = inst64(inst);
  if (!operandPresent(d, o, v))
    return 0;
  switch (o.field) {
  case Field::VADDR:
    return vaddrRegs(d, o, v);
  case Field::SADDR:
    return get(v, kFlatFields[kSaddr]) == kSaddrOff ? 0 : o.regs;
  default:
    return o.regs;
  }
}

void printFlat(const Inst &inst, std::string &out) {
  const isa::InstrDesc &d = *inst.desc;
  const uint64_t v = inst64(inst);
  out += d.name;
  bool first = true;
  for (unsigned i = 0; i < d.numOperands; ++i) {
    const isa::OperandDesc &o = d.operands[i];
    if (!operandPresent(d, o, v))
      continue;
    separator(out, first);
    switch (o.field) {
    case Field::VADDR:
      if (unsigned n = flatOperandRegs(inst, i))
        appendVGPR(out, get(v, kFlatFields[kVaddr]), n);
      else
        out += "off";
      break;
    case Field::VDATA:
      appendVGPR(out, get(v, kFlatFields[kVdata]), o.regs);
      break;
    case Field::VDST:
      appendVGPR(out, get(v, kFlatFields[kVdst]), o.regs);
      break;
    case Field::SADDR: {
      const unsigned s = get(v, kFlatFields[kSaddr]);
      if (s == kSaddrOff)
        out += "off";
      else if (s == sreg::kExecHi && o.regs == 1)
        out += "exec_hi/*Invalid register, operand has 'SReg_32_XEXEC_HI' register class*/";
      else
        appendScalarReg(out, inst.target, s, o.regs);
      break;
    }
    default:
      break;
    }
  }
  if (unsigned off = get(v, kFlatFields[kOffset]); off && (d.modifiers & isa::mod::Offset)) {
    out += " offset:";
    if (d.format == Format::FLAT)
      appendUDec(out, off);
    else
      appendDec(out, static_cast<int32_t>(off << 19) >> 19);
  }
  if (get(v, kFlatFields[kGlc]))
    out += " glc";
  if (get(v, kFlatFields[kSlc]))
    out += " slc";
  if (get(v, kFlatFields[kDlc]))
    out += " dlc";
}

void encodeFlat(const Inst &inst, std::string &out) {
  const isa::InstrDesc &d = *inst.desc;
  const uint64_t raw = inst64(inst);
  uint64_t v = clearIgnored(d, raw, kFlatFields);
  // Atomics read vdst only with glc (the row's policy describes the no-return form).
  if (d.flags & kAtomic)
    v = set(v, kFlatFields[kVdst], returns(d, raw) ? get(raw, kFlatFields[kVdst]) : 0);
  if (d.format == Format::SCRATCH && !get(v, kFlatFields[kSve]))
    v = clear(v, kFlatFields[kVaddr]);
  // Scalar register pairs are re-encoded aligned, as printed.
  if (const isa::OperandDesc *s = operandFor(d, Field::SADDR); s && s->regs == 2) {
    const unsigned enc = get(v, kFlatFields[kSaddr]);
    if (enc != kSaddrOff)
      v = set(v, kFlatFields[kSaddr], enc & ~1u);
  }
  appendDword(out, static_cast<uint32_t>(v));
  appendDword(out, static_cast<uint32_t>(v >> 32));
}

} // namespace gcnkit::disasm::detail::mem
