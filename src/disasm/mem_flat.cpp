// FLAT, GLOBAL and SCRATCH instructions (one microcode format; the seg field selects the
// address space): decode, llvm-mc compatible printing, re-encoding.
#include "disasm/mem_fields.h"

namespace gcnkit::disasm::detail::mem {

namespace {

using isa::Field;
using isa::Format;
namespace m = isa::mem;

constexpr uint32_t kAtomic = 1u << 28;

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

// The decoded instruction's fields and the target facts its printing needs.
struct Flat {
  const isa::InstrDesc &d;
  const isa::mem::MemLayout &mem;
  const FormatLayout &lay;
  uint64_t v;

  Flat(const isa::InstrDesc &desc, const isa::mem::MemLayout &ml, uint64_t bits)
      : d(desc), mem(ml), lay(ml.flat), v(bits) {}

  unsigned get(unsigned field) const { return lay[field].get(v); }
  bool saddrOff() const { return get(m::kFlatSaddr) == mem.saddrOff; }
  bool returns() const { return !(d.flags & kAtomic) || get(m::kFlatGlc); }

  // Registers of the vaddr operand in this encoding (0: printed as off). SCRATCH uses vaddr
  // when its sve bit says so (gfx11) or, without one, when there is no saddr (gfx9).
  unsigned vaddrRegs(const isa::OperandDesc &o) const {
    switch (d.format) {
    case Format::GLOBAL:
      return saddrOff() ? o.regs : 1;
    case Format::SCRATCH:
      return (lay[m::kFlatSve].present() ? get(m::kFlatSve) : saddrOff()) ? 1 : 0;
    default:
      return o.regs;
    }
  }

  // Whether the field of operand o is read in this encoding.
  bool operandPresent(const isa::OperandDesc &o) const {
    return o.field != Field::VDST || returns();
  }
};

} // namespace

DecodeStatus decodeFlat(std::span<const uint8_t> bytes, Inst &inst) {
  if (bytes.size() < 8)
    return DecodeStatus::Fail;
  const isa::mem::MemLayout &mem = layoutOf(inst);
  const FormatLayout &lay = mem.flat;
  uint64_t v = inst64(bytes);
  const Format f = formatOfSeg(mem.flatSegment.get(v));
  if (f == Format::Count)
    return DecodeStatus::Fail;
  const isa::InstrDesc *d = isa::lookup(inst.target, f, lay.key(v));
  if (!d)
    return DecodeStatus::Fail;
  // FLAT has no scalar address: its saddr field must hold the target's fixed value.
  if (f == Format::FLAT) {
    if (lay[m::kFlatSaddr].get(v) != mem.flatSaddr)
      return DecodeStatus::Fail;
    v = lay[m::kFlatSaddr].clear(v);
  }
  if (!fixedFieldsClear(*d, v, lay, m::kFlatFields))
    return DecodeStatus::Fail;
  const Flat fl(*d, mem, v);
  for (unsigned i = 0; i < d->numOperands; ++i) {
    const isa::OperandDesc &o = d->operands[i];
    if (!fl.operandPresent(o))
      continue;
    switch (o.field) {
    case Field::VADDR:
      if (!vgprFits(fl.get(m::kFlatVaddr), fl.vaddrRegs(o)))
        return DecodeStatus::Fail;
      break;
    case Field::VDATA:
      if (!vgprFits(fl.get(m::kFlatVdata), o.regs))
        return DecodeStatus::Fail;
      break;
    case Field::VDST:
      if (!vgprFits(fl.get(m::kFlatVdst), o.regs))
        return DecodeStatus::Fail;
      break;
    case Field::SADDR:
      if (!fl.saddrOff()) {
        std::string scratch;
        if (!appendScalarReg(scratch, inst.target, fl.get(m::kFlatSaddr), o.regs))
          return DecodeStatus::Fail;
      }
      break;
    default:
      break;
    }
  }
  inst.desc = d;
  inst.words[0] = readDword(bytes, 0);
  inst.words[1] = readDword(bytes, 1);
  inst.size = 8;
  return DecodeStatus::Success;
}

unsigned flatOperandRegs(const Inst &inst, unsigned operand) {
  const isa::InstrDesc &d = *inst.desc;
  const isa::OperandDesc &o = d.operands[operand];
  const Flat fl(d, layoutOf(inst), inst64(inst));
  if (!fl.operandPresent(o))
    return 0;
  switch (o.field) {
  case Field::VADDR:
    return fl.vaddrRegs(o);
  case Field::SADDR:
    return fl.saddrOff() ? 0 : o.regs;
  default:
    return o.regs;
  }
}

void printFlat(const Inst &inst, std::string &out) {
  const isa::InstrDesc &d = *inst.desc;
  const Flat fl(d, layoutOf(inst), inst64(inst));
  out += d.name;
  bool first = true;
  for (unsigned i = 0; i < d.numOperands; ++i) {
    const isa::OperandDesc &o = d.operands[i];
    if (!fl.operandPresent(o))
      continue;
    separator(out, first);
    switch (o.field) {
    case Field::VADDR:
      if (unsigned n = flatOperandRegs(inst, i))
        appendVGPR(out, fl.get(m::kFlatVaddr), n);
      else
        out += "off";
      break;
    case Field::VDATA:
      appendVGPR(out, fl.get(m::kFlatVdata), o.regs);
      break;
    case Field::VDST:
      appendVGPR(out, fl.get(m::kFlatVdst), o.regs);
      break;
    case Field::SADDR: {
      const unsigned s = fl.get(m::kFlatSaddr);
      if (fl.saddrOff())
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
  if (unsigned off = fl.get(m::kFlatOffset); off && (d.modifiers & isa::mod::Offset)) {
    out += " offset:";
    if (d.format == Format::FLAT)
      appendUDec(out, off);
    else
      appendDec(out, static_cast<int32_t>(off << 19) >> 19);
  }
  appendFlag(out, fl.lay[m::kFlatGlc], fl.v, " glc");
  appendFlag(out, fl.lay[m::kFlatSlc], fl.v, " slc");
  appendFlag(out, fl.lay[m::kFlatDlc], fl.v, " dlc");
  if (d.modifiers & isa::mod::Lds) // gfx9: the data goes to LDS
    out += " lds";
}

void encodeFlat(const Inst &inst, std::string &out) {
  const isa::InstrDesc &d = *inst.desc;
  const isa::mem::MemLayout &mem = layoutOf(inst);
  const FormatLayout &lay = mem.flat;
  const Flat raw(d, mem, inst64(inst));
  uint64_t v = clearIgnored(d, raw.v, lay, m::kFlatFields);
  // Atomics read vdst only with glc (the row's policy describes the no-return form).
  if (d.flags & kAtomic)
    v = lay[m::kFlatVdst].set(v, raw.returns() ? raw.get(m::kFlatVdst) : 0);
  for (unsigned i = 0; i < d.numOperands; ++i)
    if (d.operands[i].field == Field::VADDR && raw.vaddrRegs(d.operands[i]) == 0)
      v = lay[m::kFlatVaddr].clear(v);
  // Scalar register pairs are re-encoded aligned, as printed (null is not a pair).
  if (const isa::OperandDesc *s = operandFor(d, Field::SADDR); s && s->regs == 2) {
    const unsigned enc = lay[m::kFlatSaddr].get(v);
    if (enc != mem.saddrOff && enc != isa::targetInfo(inst.target).sregs.printedNull)
      v = lay[m::kFlatSaddr].set(v, enc & ~1u);
  }
  appendQword(out, v);
}

} // namespace gcnkit::disasm::detail::mem
