// MIMG (image) instructions: decode, llvm-mc compatible printing, re-encoding.
//
// How wide vdata and vaddr print depends on dmask / d16 / tfe and dim / a16: llvm-mc decodes
// a default variant of the instruction and converts it to the widths these fields ask for when
// the instruction has such a variant, else both stay at the default. The row's flags hold the
// model of this (see scripts/isa/mem_learn.py, MIMG section); VDATA.regs is the default vdata
// width and VADDR.regs the default (non-NSA) vaddr width. A target without the dim field (gfx9)
// has no address model: vaddr prints at its default width.
#include <bit>
#include <string_view>

#include "disasm/mem_fields.h"
#include "isa/mem_symbolic.h"

namespace gcnkit::disasm::detail::mem {

namespace {

using isa::Field;

namespace m = isa::mem;

using isa::mem::kImageDims;
using isa::mem::kMimgGatherLike;
using isa::mem::kMimgVdata4As5;
using isa::mem::mimgAddressSize;
using isa::mem::mimgMaxPlainVaddr;
using isa::mem::mimgNsaDefault;

// Whether a policy field must hold its fixed value (fields past the policy ones never do).
bool isFixed(const isa::InstrDesc &d, unsigned field) {
  return field < m::kMimgPolicyFields && ((d.flags >> field) & 1);
}

// BVH intersect-ray instructions are the image instructions with a fixed dmask.
bool isBvh(const isa::InstrDesc &d) { return isFixed(d, m::kMimgDmask); }

// The fixed value of a policy field: BVH instructions need dmask 0xf, unorm and r128.
uint32_t fixedValue(const isa::InstrDesc &d, unsigned field) {
  if (!isBvh(d))
    return 0;
  switch (field) {
  case m::kMimgDmask:
    return 0xF;
  case m::kMimgUnorm:
  case m::kMimgR128:
    return 1;
  default:
    return 0;
  }
}

struct Widths {
  unsigned vdata;
  unsigned vaddr;    // address count (NSA) or vaddr tuple width
  unsigned lastAddr; // NSA: registers of the last address operand (the rest of the address)
};

Widths widths(const Inst &inst, bool nsa) {
  const isa::InstrDesc &d = *inst.desc;
  const FormatLayout &lay = layoutOf(inst).mimg;
  const uint64_t v = inst64(inst);
  const uint32_t f = d.flags;
  const unsigned maxPlain = mimgMaxPlainVaddr(f);
  const bool a16 = lay[m::kMimgA16].get(v);
  if (isBvh(d))
    return {4, nsa ? 5u - a16 : maxPlain - 3 * a16, 3};
  unsigned dst = (f & kMimgGatherLike) ? 4 : std::max(std::popcount(lay[m::kMimgDmask].get(v)), 1);
  if (lay[m::kMimgD16].get(v))
    dst = (dst + 1) / 2;
  dst += lay[m::kMimgTfe].get(v);
  const unsigned vdata = (dst == 4 && (f & kMimgVdata4As5)) ? 5 : dst;
  const bool variant = ((f >> (16 + dst - 1)) & 1) && vgprFits(lay[m::kMimgVdata].get(v), vdata);
  if (!lay[m::kMimgDim].present()) // no address model: vaddr keeps its default width
    return {variant ? vdata : d.operands[0].regs, d.operands[1].regs, 1};
  const unsigned need = mimgAddressSize(f, lay[m::kMimgDim].get(v), a16);
  const bool addrOk = need <= 12 ? need <= maxPlain : maxPlain >= 13;
  const bool convert = variant && addrOk;
  if (nsa) {
    const unsigned def = mimgNsaDefault(d.flags);
    if (convert && need >= 2 && need <= def)
      return {vdata, need, 1};
    // With five NSA addresses the last one takes the rest of a longer address. Such variants
    // exist up to the widest address of a non-MSAA dim.
    if (convert && def == 5 && need > 5 && vgprFits(inst.words[2] >> 24, need - 4)) {
      unsigned nsaMax = 0;
      for (unsigned dim = 0; dim < 6; ++dim)
        nsaMax = std::max(nsaMax, mimgAddressSize(f, dim, false));
      if (need <= nsaMax)
        return {vdata, 5, need - 4};
    }
    return {d.operands[0].regs, def, 1};
  }
  const unsigned plain = need > 12 ? 16 : need;
  if (convert && vgprFits(lay[m::kMimgVaddr].get(v), plain))
    return {vdata, plain, 1};
  return {d.operands[0].regs, d.operands[1].regs, 1};
}

// Register widths of the BVH NSA address operands: node pointer, ray extent, origin, direction,
// inverse direction (the last two packed into one with a16).
unsigned bvhNsaRegs(const isa::InstrDesc &d, unsigned i) {
  // (Only called for BVH rows.)
  if (i == 0)
    return (d.flags >> 28) == 12 ? 2 : 1; // bvh64: 64-bit node pointer
  return i == 1 ? 1 : 3;
}

// Registers of NSA address operand i.
unsigned addressRegs(const isa::InstrDesc &d, const Widths &wd, unsigned i) {
  if (isBvh(d))
    return bvhNsaRegs(d, i);
  return i + 1 == wd.vaddr ? wd.lastAddr : 1;
}

unsigned nsaAddress(const Inst &inst, unsigned i) {
  return i == 0 ? layoutOf(inst).mimg[m::kMimgVaddr].get(inst64(inst))
                : (inst.words[2] >> (8 * (i - 1))) & 0xFF;
}

} // namespace

DecodeStatus decodeMimg(std::span<const uint8_t> bytes, Inst &inst) {
  if (bytes.size() < 8)
    return DecodeStatus::Fail;
  const FormatLayout &lay = layoutOf(inst).mimg;
  const uint64_t v = inst64(bytes);
  const isa::InstrDesc *d = isa::lookup(inst.target, isa::Format::MIMG, lay.key(v));
  if (!d)
    return DecodeStatus::Fail;
  for (unsigned i = 0; i < m::kMimgPolicyFields; ++i)
    if (isFixed(*d, i) && lay[i].get(v) != fixedValue(*d, i))
      return DecodeStatus::Fail;
  if (v & lay.zeroBits)
    return DecodeStatus::Fail;
  const bool nsa = lay[m::kMimgNsa].get(v);
  if (nsa && bytes.size() < 12)
    return DecodeStatus::Fail;
  inst.desc = d;
  inst.words[0] = readDword(bytes, 0);
  inst.words[1] = readDword(bytes, 1);
  inst.words[2] = nsa ? readDword(bytes, 2) : 0;
  inst.size = nsa ? 12 : 8;
  // The registers of the default variant are decoded first; widths are converted after.
  // (BVH instructions have one variant per a16 value: nothing is converted.)
  const unsigned vdataField = lay[m::kMimgVdata].get(v), vaddrField = lay[m::kMimgVaddr].get(v);
  if (!isBvh(*d) && (!vgprFits(vdataField, d->operands[0].regs) ||
                     (!nsa && !vgprFits(vaddrField, d->operands[1].regs))))
    return DecodeStatus::Fail;
  const Widths wd = widths(inst, nsa);
  if (!vgprFits(vdataField, wd.vdata))
    return DecodeStatus::Fail;
  if (nsa) {
    for (unsigned i = 0; i < wd.vaddr; ++i)
      if (!vgprFits(nsaAddress(inst, i), addressRegs(*d, wd, i)))
        return DecodeStatus::Fail;
  } else if (!vgprFits(vaddrField, wd.vaddr)) {
    return DecodeStatus::Fail;
  }
  std::string scratch;
  for (unsigned i = 2; i < d->numOperands; ++i) {
    const isa::OperandDesc &o = d->operands[i];
    const unsigned field = lay[o.field == Field::SSAMP ? m::kMimgSsamp : m::kMimgSrsrc].get(v);
    if (!appendResource(scratch, inst.target, field, o.regs))
      return DecodeStatus::Fail;
  }
  return DecodeStatus::Success;
}

unsigned mimgOperandRegs(const Inst &inst, unsigned operand) {
  const isa::InstrDesc &d = *inst.desc;
  const isa::OperandDesc &o = d.operands[operand];
  const bool nsa = inst.size == 12;
  if (o.field != Field::VDATA && o.field != Field::VADDR)
    return o.regs;
  const Widths wd = widths(inst, nsa);
  if (o.field == Field::VDATA)
    return wd.vdata;
  if (!nsa)
    return wd.vaddr;
  unsigned regs = 0;
  for (unsigned i = 0; i < wd.vaddr; ++i)
    regs += addressRegs(d, wd, i);
  return regs;
}

void printMimg(const Inst &inst, std::string &out, unsigned writtenVaddrRegs) {
  const isa::InstrDesc &d = *inst.desc;
  const FormatLayout &lay = layoutOf(inst).mimg;
  const uint64_t v = inst64(inst);
  const bool nsa = inst.size == 12;
  Widths wd = widths(inst, nsa);
  if (writtenVaddrRegs && !lay[m::kMimgDim].present())
    wd.vaddr = writtenVaddrRegs;
  out += d.name;
  // llvm-mc's NSA sampler forms have a second space after the mnemonic.
  out += nsa && operandFor(d, Field::SSAMP) ? "  " : " ";
  appendVGPR(out, lay[m::kMimgVdata].get(v), wd.vdata);
  out += ", ";
  if (nsa) {
    out += '[';
    for (unsigned i = 0; i < wd.vaddr; ++i) {
      if (i)
        out += ", ";
      appendVGPR(out, nsaAddress(inst, i), addressRegs(d, wd, i));
    }
    out += ']';
  } else {
    appendVGPR(out, lay[m::kMimgVaddr].get(v), wd.vaddr);
  }
  for (unsigned i = 2; i < d.numOperands; ++i) {
    const isa::OperandDesc &o = d.operands[i];
    out += ", ";
    appendResource(out, inst.target,
                   lay[o.field == Field::SSAMP ? m::kMimgSsamp : m::kMimgSrsrc].get(v), o.regs);
  }
  auto shown = [&](unsigned field) {
    return lay[field].present() && !isFixed(d, field) && lay[field].get(v);
  };
  if (shown(m::kMimgDmask)) {
    out += " dmask:";
    appendHex(out, lay[m::kMimgDmask].get(v));
  }
  if (lay[m::kMimgDim].present() && !isFixed(d, m::kMimgDim)) {
    out += " dim:";
    out += kImageDims[lay[m::kMimgDim].get(v)];
  }
  // The flags in llvm-mc's order (gfx9's da before d16).
  static constexpr struct {
    unsigned field;
    std::string_view text;
  } kFlags[] = {{m::kMimgUnorm, " unorm"}, {m::kMimgGlc, " glc"},   {m::kMimgSlc, " slc"},
                {m::kMimgDlc, " dlc"},     {m::kMimgR128, " r128"}, {m::kMimgA16, " a16"},
                {m::kMimgTfe, " tfe"},     {m::kMimgLwe, " lwe"},   {m::kMimgDa, " da"},
                {m::kMimgD16, " d16"}};
  for (const auto &f : kFlags)
    if (shown(f.field))
      out += f.text;
}

void encodeMimg(const Inst &inst, std::string &out) {
  appendQword(out, inst64(inst) & ~layoutOf(inst).mimg.ignoredBits);
  if (inst.size == 12) {
    // Only the address bytes the printed form uses survive.
    const unsigned used = widths(inst, true).vaddr - 1;
    const uint32_t mask = used >= 4 ? 0xFFFFFFFFu : (1u << (8 * used)) - 1;
    appendDword(out, inst.words[2] & mask);
  }
}

} // namespace gcnkit::disasm::detail::mem
