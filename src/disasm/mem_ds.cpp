// DS (LDS / GDS) instructions: decode, llvm-mc compatible printing, re-encoding.
#include "disasm/mem_fields.h"

namespace gcnkit::disasm::detail::mem {

namespace {

using isa::Field;

namespace m = isa::mem;

constexpr BitField kOffset16 = {0, 16}; // offset0 and offset1 read as one (every target)

constexpr uint32_t kTwoOffsets = 1u << 28;
constexpr uint32_t kGdsRequired = 1u << 29;
constexpr uint32_t kSwizzle = 1u << 30;

const BitField &fieldOf(const FormatLayout &lay, Field f) {
  switch (f) {
  case Field::VADDR:
    return lay[m::kDsAddr];
  case Field::DATA0:
    return lay[m::kDsData0];
  case Field::DATA1:
    return lay[m::kDsData1];
  default:
    return lay[m::kDsVdst];
  }
}

// One lane-select character of a BITMASK_PERM pattern.
char bitmaskChar(unsigned andBit, unsigned orBit, unsigned xorBit) {
  if (orBit)
    return xorBit ? '0' : '1';
  if (andBit)
    return xorBit ? 'i' : 'p';
  return xorBit ? '1' : '0';
}

bool isPowerOfTwo(unsigned v) { return v && !(v & (v - 1)); }

// The ds_swizzle_b32 offset as llvm-mc spells it.
void appendSwizzle(std::string &out, unsigned offset) {
  if (offset & 0x8000) {
    if (offset & 0x7F00) {
      out += "offset:";
      appendUDec(out, offset);
      return;
    }
    out += "offset:swizzle(QUAD_PERM";
    for (unsigned lane = 0; lane < 4; ++lane) {
      out += ',';
      appendUDec(out, (offset >> (2 * lane)) & 3);
    }
    out += ')';
    return;
  }
  const unsigned andMask = offset & 0x1F, orMask = (offset >> 5) & 0x1F,
                 xorMask = (offset >> 10) & 0x1F;
  if (andMask == 0x1F && orMask == 0 && xorMask != 0) {
    if (isPowerOfTwo(xorMask)) {
      out += "offset:swizzle(SWAP,";
      appendUDec(out, xorMask);
      out += ')';
      return;
    }
    if (isPowerOfTwo(xorMask + 1)) {
      out += "offset:swizzle(REVERSE,";
      appendUDec(out, xorMask + 1);
      out += ')';
      return;
    }
  }
  if (xorMask == 0) {
    for (unsigned group = 2; group <= 32; group *= 2) {
      if (andMask == (~(group - 1) & 0x1F) && orMask < group) {
        out += "offset:swizzle(BROADCAST,";
        appendUDec(out, group);
        out += ',';
        appendUDec(out, orMask);
        out += ')';
        return;
      }
    }
  }
  out += "offset:swizzle(BITMASK_PERM,\"";
  for (int bit = 4; bit >= 0; --bit)
    out += bitmaskChar((andMask >> bit) & 1, (orMask >> bit) & 1, (xorMask >> bit) & 1);
  out += "\")";
}

} // namespace

DecodeStatus decodeDs(std::span<const uint8_t> bytes, Inst &inst) {
  if (bytes.size() < 8)
    return DecodeStatus::Fail;
  const FormatLayout &lay = layoutOf(inst).ds;
  uint64_t v = inst64(bytes);
  const isa::InstrDesc *d = isa::lookup(inst.target, isa::Format::DS, lay.key(v));
  if (!d)
    return DecodeStatus::Fail;
  if (d->flags & kGdsRequired) {
    if (!lay[m::kDsGds].get(v))
      return DecodeStatus::Fail;
    v = lay[m::kDsGds].clear(v);
  }
  if (!fixedFieldsClear(*d, v, lay, m::kDsFields))
    return DecodeStatus::Fail;
  for (unsigned i = 0; i < d->numOperands; ++i) {
    const isa::OperandDesc &o = d->operands[i];
    if (!vgprFits(fieldOf(lay, o.field).get(v), o.regs))
      return DecodeStatus::Fail;
  }
  inst.desc = d;
  inst.words[0] = readDword(bytes, 0);
  inst.words[1] = readDword(bytes, 1);
  inst.size = 8;
  return DecodeStatus::Success;
}

void printDs(const Inst &inst, std::string &out) {
  const isa::InstrDesc &d = *inst.desc;
  const FormatLayout &lay = layoutOf(inst).ds;
  const uint64_t v = inst64(inst);
  out += d.name;
  bool first = true;
  for (unsigned i = 0; i < d.numOperands; ++i) {
    const isa::OperandDesc &o = d.operands[i];
    separator(out, first);
    appendVGPR(out, fieldOf(lay, o.field).get(v), o.regs);
  }
  if (d.modifiers & isa::mod::Offset) {
    if (d.flags & kTwoOffsets) {
      if (unsigned o0 = lay[m::kDsOffset0].get(v)) {
        out += " offset0:";
        appendUDec(out, o0);
      }
      if (unsigned o1 = lay[m::kDsOffset1].get(v)) {
        out += " offset1:";
        appendUDec(out, o1);
      }
    } else if (unsigned off = kOffset16.get(v)) {
      out += ' ';
      if (d.flags & kSwizzle) {
        appendSwizzle(out, off);
      } else {
        out += "offset:";
        appendUDec(out, off);
      }
    }
  }
  appendFlag(out, lay[m::kDsGds], v, " gds");
}

void encodeDs(const Inst &inst, std::string &out) {
  appendQword(out, clearIgnored(*inst.desc, inst64(inst), layoutOf(inst).ds, m::kDsFields));
}

} // namespace gcnkit::disasm::detail::mem
