// EXP (export) instructions: decode, llvm-mc compatible printing, re-encoding.
#include "disasm/mem_fields.h"

namespace gcnkit::disasm::detail::mem {

namespace {

// Field order shared with scripts/isa/gfx1100_mem.py (EXP_FIELDS).
enum ExpField : unsigned { kEn, kTgt, kR10, kDone, kR12, kRowEn, kR14, kVsrc0 };
constexpr FieldSpec kExpFields[] = {{0, 4},   {4, 6},  {10, 1}, {11, 1}, {12, 1}, {13, 1},
                                    {14, 12}, {32, 8}, {40, 8}, {48, 8}, {56, 8}};

// Export targets as llvm-mc names them on GFX11; anything else is invalid_target_<n>.
void appendTarget(std::string &out, unsigned tgt) {
  if (tgt <= 7) {
    out += "mrt";
    appendUDec(out, tgt);
  } else if (tgt == 8) {
    out += "mrtz";
  } else if (tgt >= 12 && tgt <= 16) {
    out += "pos";
    appendUDec(out, tgt - 12);
  } else if (tgt == 20) {
    out += "prim";
  } else if (tgt == 21 || tgt == 22) {
    out += "dual_src_blend";
    appendUDec(out, tgt - 21);
  } else {
    out += "invalid_target_";
    appendUDec(out, tgt);
  }
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
  if (!fixedFieldsClear(*d, inst64(inst), kExpFields))
    return DecodeStatus::Fail;
  inst.size = 8;
  return DecodeStatus::Success;
}

void printExp(const Inst &inst, std::string &out) {
  const uint64_t v = inst64(inst);
  out += inst.desc->name;
  out += ' ';
  appendTarget(out, get(v, kExpFields[kTgt]));
  const unsigned en = get(v, kExpFields[kEn]);
  for (unsigned i = 0; i < 4; ++i) {
    out += i ? ", " : " ";
    if (en & (1u << i))
      appendVGPR(out, get(v, kExpFields[kVsrc0 + i]), 1);
    else
      out += "off";
  }
  if (get(v, kExpFields[kDone]))
    out += " done";
  if (get(v, kExpFields[kRowEn]))
    out += " row_en";
}

void encodeExp(const Inst &inst, std::string &out) {
  const uint64_t v = clearIgnored(*inst.desc, inst64(inst), kExpFields);
  appendDword(out, static_cast<uint32_t>(v));
  appendDword(out, static_cast<uint32_t>(v >> 32));
}

} // namespace gcnkit::disasm::detail::mem
