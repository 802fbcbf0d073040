// EXP (export) instructions: decode, llvm-mc compatible printing, re-encoding.
#include "disasm/mem_fields.h"
#include "isa/mem_symbolic.h"

namespace gcnkit::disasm::detail::mem {

namespace {

namespace m = isa::mem;

// Export targets the target has by name (isa::mem::kExpTargetNames); anything else is
// invalid_target_<n>.
void appendTarget(std::string &out, unsigned tgt, uint64_t targets) {
  if ((targets >> tgt) & 1) {
    for (const m::ExpTargetName &t : m::kExpTargetNames) {
      if (tgt < t.first || tgt > t.last)
        continue;
      out += t.name;
      if (t.numbered)
        appendUDec(out, tgt - t.first);
      return;
    }
  }
  out += "invalid_target_";
  appendUDec(out, tgt);
}

} // namespace

DecodeStatus decodeExp(std::span<const uint8_t> bytes, Inst &inst) {
  if (bytes.size() < 8)
    return DecodeStatus::Fail;
  const isa::InstrDesc *d = isa::lookup(inst.target, isa::Format::EXP, 0);
  if (!d)
    return DecodeStatus::Fail;
  inst.desc = d;
  inst.words[0] = readDword(bytes, 0);
  inst.words[1] = readDword(bytes, 1);
  if (!fixedFieldsClear(*d, inst64(inst), layoutOf(inst).exp, m::kExpFields))
    return DecodeStatus::Fail;
  inst.size = 8;
  return DecodeStatus::Success;
}

void printExp(const Inst &inst, std::string &out) {
  const isa::mem::MemLayout &mem = layoutOf(inst);
  const FormatLayout &lay = mem.exp;
  const uint64_t v = inst64(inst);
  out += inst.desc->name;
  out += ' ';
  appendTarget(out, lay[m::kExpTgt].get(v), mem.expTargets);
  const unsigned en = lay[m::kExpEn].get(v);
  // Compressed exports (gfx9) hold two 16-bit values per register: sources 0 and 1 print the
  // first register, 2 and 3 the second.
  const bool compr = lay[m::kExpCompr].present() && lay[m::kExpCompr].get(v);
  for (unsigned i = 0; i < 4; ++i) {
    out += i ? ", " : " ";
    if (en & (1u << i))
      appendVGPR(out, lay[m::kExpVsrc0 + (compr ? i / 2 : i)].get(v), 1);
    else
      out += "off";
  }
  appendFlag(out, lay[m::kExpDone], v, " done");
  appendFlag(out, lay[m::kExpCompr], v, " compr");
  appendFlag(out, lay[m::kExpVm], v, " vm");
  appendFlag(out, lay[m::kExpRowEn], v, " row_en");
}

void encodeExp(const Inst &inst, std::string &out) {
  appendQword(out, clearIgnored(*inst.desc, inst64(inst), layoutOf(inst).exp, m::kExpFields));
}

} // namespace gcnkit::disasm::detail::mem
