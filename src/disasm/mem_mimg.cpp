// MIMG (image) instructions: decode, llvm-mc compatible printing, re-encoding.
//
// How wide vdata and vaddr print depends on dmask / d16 / tfe and dim / a16: llvm-mc decodes
// a default variant of the instruction and converts it to the widths these fields ask for when
// the instruction has such a variant, else both stay at the default. The row's flags hold the
// model of this (see scripts/isa/gfx1100_mem.py, MIMG section); VDATA.regs is the default vdata
// width and VADDR.regs the default (non-NSA) vaddr width.
#include <array>
#include <bit>
#include <string_view>

#include "disasm/mem_fields.h"
#include "isa/mem_symbolic.h"

namespace gcnkit::disasm::detail::mem {

namespace {

using isa::Field;

// Policy fields, in the order of MIMG_POLICY_FIELDS (a flag bit each: must hold its fixed value).
enum MimgField : unsigned {
  kDim,
  kUnorm,
  kDmask,
  kSlc,
  kDlc,
  kGlc,
  kR128,
  kA16,
  kD16,
  kTfe,
  kLwe,
  kSsamp,
  kNumPolicyFields
};
constexpr FieldSpec kFields[] = {{2, 3},  {7, 1},  {8, 4},  {12, 1}, {13, 1}, {14, 1},
                                 {15, 1}, {16, 1}, {17, 1}, {53, 1}, {54, 1}, {58, 5}};
constexpr FieldSpec kOp = {18, 8};
constexpr FieldSpec kVaddr = {32, 8};
constexpr FieldSpec kVdata = {40, 8};
constexpr FieldSpec kSrsrc = {48, 5};
// Bits the decoder ignores in every image instruction (dropped on re-encoding).
constexpr uint64_t kIgnoredBits =
    (uint64_t{1} << 1) | (uint64_t{3} << 5) | (uint64_t{7} << 55) | (uint64_t{1} << 63);

using isa::mem::kImageDims;
using isa::mem::kMimgGatherLike;
using isa::mem::kMimgVdata4As5;
using isa::mem::mimgAddressSize;
using isa::mem::mimgMaxPlainVaddr;
using isa::mem::mimgNsaDefault;

bool isFixed(const isa::InstrDesc &d, unsigned field) { return (d.flags >> field) & 1; }

// BVH intersect-ray instructions are the image instructions with a fixed dmask.
bool isBvh(const isa::InstrDesc &d) { return isFixed(d, kDmask); }

// The fixed value of a policy field: BVH instructions need dmask 0xf, unorm and r128.
uint32_t fixedValue(const isa::InstrDesc &d, unsigned field) {
  if (!isBvh(d))
    return 0;
  switch (field) {
  case kDmask:
    return 0xF;
  case kUnorm:
  case kR128:
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
  const uint64_t v = inst64(inst);
  const uint32_t f = d.flags;
  const unsigned maxPlain = mimgMaxPlainVaddr(f);
  const bool a16 = get(v, kFields[kA16]);
  if (isBvh(d))
    return {4, nsa ? 5u - a16 : maxPlain - 3 * a16, 3};
  unsigned dst = (f & kMimgGatherLike) ? 4 : std::max(std::popcount(get(v, kFields[kDmask])), 1);
  if (get(v, kFields[kD16]))
    dst = (dst + 1) / 2;
  dst += get(v, kFields[kTfe]);
  const unsigned vdata = (dst == 4 && (f & kMimgVdata4As5)) ? 5 : dst;
  const unsigned need = mimgAddressSize(f, get(v, kFields[kDim]), a16);
  const bool addrOk = need <= 12 ? need <= maxPlain : maxPlain >= 13;
  bool convert = ((f >> (16 + dst - 1)) & 1) && addrOk && vgprFits(get(v, kVdata), vdata);
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
  if (convert && vgprFits(get(v, kVaddr), plain))
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
  return i == 0 ? get(inst64(inst), kVaddr) : (inst.words[2] >> (8 * (i - 1))) & 0xFF;
}

bool appendResource(std::string &out, isa::Target target, unsigned field, unsigned regs) {
  if (field == 31) {
    out += "null";
    return true;
  }
  return appendScalarReg(out, target, field * 4, regs);
}

} // namespace

DecodeStatus decodeMimg(std::span<const uint8_t> bytes, Inst &inst) {
  if (bytes.size() < 8)
    return DecodeStatus::Fail;
  const uint32_t w0 = readDword(bytes, 0), w1 = readDword(bytes, 1);
  const isa::InstrDesc *d = isa::lookup(inst.target, isa::Format::MIMG, get(w0, kOp));
  if (!d)
    return DecodeStatus::Fail;
  const uint64_t v = uint64_t{w0} | uint64_t{w1} << 32;
  for (unsigned i = 0; i < kNumPolicyFields; ++i)
    if (isFixed(*d, i) && get(v, kFields[i]) != fixedValue(*d, i))
      return DecodeStatus::Fail;
  const bool nsa = w0 & 1;
  if (nsa && bytes.size() < 12)
    return DecodeStatus::Fail;
  inst.desc = d;
  inst.words[0] = w0;
  inst.words[1] = w1;
  inst.words[2] = nsa ? readDword(bytes, 2) : 0;
  inst.size = nsa ? 12 : 8;
  // The registers of the default variant are decoded first; widths are converted after.
  // (BVH instructions have one variant per a16 value: nothing is converted.)
  if (!isBvh(*d) && (!vgprFits(get(v, kVdata), d->operands[0].regs) ||
                     (!nsa && !vgprFits(get(v, kVaddr), d->operands[1].regs))))
    return DecodeStatus::Fail;
  const Widths wd = widths(inst, nsa);
  if (!vgprFits(get(v, kVdata), wd.vdata))
    return DecodeStatus::Fail;
  if (nsa) {
    for (unsigned i = 0; i < wd.vaddr; ++i)
      if (!vgprFits(nsaAddress(inst, i), addressRegs(*d, wd, i)))
        return DecodeStatus::Fail;
  } else if (!vgprFits(get(v, kVaddr), wd.vaddr)) {
    return DecodeStatus::Fail;
  }
  std::string scratch;
  for (unsigned i = 2; i < d->numOperands; ++i) {
    const isa::OperandDesc &o = d->operands[i];
    const unsigned field = o.field == Field::SSAMP ? get(v, kFields[kSsamp]) : get(v, kSrsrc);
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

void printMimg(const Inst &inst, std::string &out) {
  const isa::InstrDesc &d = *inst.desc;
  const uint64_t v = inst64(inst);
  const bool nsa = inst.size == 12;
  const Widths wd = widths(inst, nsa);
  out += d.name;
  // llvm-mc's NSA sampler forms have a second space after the mnemonic.
  out += nsa && operandFor(d, Field::SSAMP) ? "  " : " ";
  appendVGPR(out, get(v, kVdata), wd.vdata);
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
    appendVGPR(out, get(v, kVaddr), wd.vaddr);
  }
  for (unsigned i = 2; i < d.numOperands; ++i) {
    const isa::OperandDesc &o = d.operands[i];
    out += ", ";
    appendResource(out, inst.target,
                   o.field == Field::SSAMP ? get(v, kFields[kSsamp]) : get(v, kSrsrc), o.regs);
  }
  auto shown = [&](unsigned field) { return !isFixed(d, field) && get(v, kFields[field]); };
  if (shown(kDmask)) {
    out += " dmask:";
    appendHex(out, get(v, kFields[kDmask]));
  }
  if (!isFixed(d, kDim)) {
    out += " dim:";
    out += kImageDims[get(v, kFields[kDim])];
  }
  static constexpr struct {
    MimgField field;
    std::string_view text;
  } kFlags[] = {{kUnorm, " unorm"}, {kGlc, " glc"},   {kSlc, " slc"},
                {kDlc, " dlc"},     {kR128, " r128"}, {kA16, " a16"},
                {kTfe, " tfe"},     {kLwe, " lwe"},   {kD16, " d16"}};
  for (const auto &f : kFlags)
    if (shown(f.field))
      out += f.text;
}

void encodeMimg(const Inst &inst, std::string &out) {
  const uint64_t v = inst64(inst) & ~kIgnoredBits;
  appendDword(out, static_cast<uint32_t>(v));
  appendDword(out, static_cast<uint32_t>(v >> 32));
  if (inst.size == 12) {
    // Only the address bytes the printed form uses survive.
    const unsigned used = widths(inst, true).vaddr - 1;
    const uint32_t mask = used >= 4 ? 0xFFFFFFFFu : (1u << (8 * used)) - 1;
    appendDword(out, inst.words[2] & mask);
  }
}

} // namespace gcnkit::disasm::detail::mem
