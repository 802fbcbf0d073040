// The VALU family codec: VOP1, VOP2, VOPC, VOP3 and VOP3SD, with their DPP16 and DPP8 forms.
//
// Everything instruction-specific comes from the table row (operands, modifiers and the flag
// bits described in scripts/isa/gfx1100_valu.py); this file decodes the formats' layouts and
// re-encodes them as llvm-mc's encoder does, valu_print.cpp prints them.
#include "disasm/codec.h"
#include "disasm/dpp.h"
#include "disasm/operands.h"
#include "disasm/valu_internal.h"
#include "isa/target_info.h"

namespace gcnkit::disasm::detail {

namespace {

using namespace valu;

// ---- decode --------------------------------------------------------------------------------

unsigned opcodeOf(Format f, uint32_t w0) {
  switch (f) {
  case Format::VOP1:
    return (w0 >> 9) & 0xff;
  case Format::VOP2:
    return (w0 >> 25) & 0x3f;
  case Format::VOPC:
    return (w0 >> 17) & 0xff;
  default:
    return (w0 >> 16) & 0x3ff;
  }
}

DecodeStatus decode(Format format, std::span<const uint8_t> bytes, WaveSize wave, Inst &inst) {
  const uint32_t w0 = readDword(bytes, 0);
  const bool vop3 = format == Format::VOP3 || format == Format::VOP3SD;
  if (vop3 && bytes.size() < 8)
    return DecodeStatus::Fail;
  const unsigned op = opcodeOf(format, w0);
  const InstrDesc *d = isa::lookup(inst.target, vop3 ? Format::VOP3 : format, op);
  if (!d && vop3)
    d = isa::lookup(inst.target, Format::VOP3SD, op);
  if (!d)
    return DecodeStatus::Fail;
  inst.desc = d;
  inst.words[0] = w0;
  size_t size = 4;
  uint8_t flags = 0;
  uint32_t w1 = 0;
  if (vop3) {
    w1 = readDword(bytes, 1);
    inst.words[1] = w1;
    size = 8;
    flags |= kIsVop3;
  }
  // Which source fields the row reads; the others must be zero.
  bool hasSrc0 = false, needsLiteral = false, interpolation = false;
  for (unsigned i = 0; i < d->numOperands; ++i) {
    const OperandDesc &o = d->operands[i];
    if (o.field == Field::SRC0)
      (o.kind == OperandKind::Special ? interpolation : hasSrc0) = true; // an LDS attribute
    if (o.kind == OperandKind::KImm)
      needsLiteral = true;
  }
  const unsigned src0 = vop3 ? (w1 & 0x1ff) : (w0 & 0x1ff);
  if (hasSrc0 && src0 == sreg::kSdwa && !vop3 && (d->modifiers & isa::mod::Sdwa)) {
    if (bytes.size() < 8)
      return DecodeStatus::Fail;
    inst.words[1] = readDword(bytes, 1);
    inst.flags = kSdwa;
    inst.size = 8;
    return sdwaDecodes(viewOf(inst, wave)) ? DecodeStatus::Success : DecodeStatus::Fail;
  }
  if (hasSrc0 && src0 == sreg::kDpp16) {
    if (!(d->modifiers & isa::mod::Dpp16))
      return DecodeStatus::Fail;
    flags |= kDpp16;
  } else if (hasSrc0 && (src0 == sreg::kDpp8 || src0 == sreg::kDpp8Fi)) {
    if (!(d->modifiers & isa::mod::Dpp8))
      return DecodeStatus::Fail;
    flags |= kDpp8;
  }
  if (d->numOperands == 0 && (vop3 ? (w0 & 0xff) : ((w0 >> 17) & 0xff)))
    return DecodeStatus::Fail; // v_nop / v_pipeflush: vdst must be zero (src0 is ignored)
  if (format == Format::VOP2 && d->numOperands == 0 && w0 != 0)
    return DecodeStatus::Fail; // v_illegal is the all-zero dword only
  inst.flags = flags;
  View v = viewOf(inst, wave);
  if (vop3) {
    const uint32_t valid = (d->flags >> kModValidShift) & kModMask;
    if (v.mods & ~valid)
      return DecodeStatus::Fail;
    if (!hasSrc0 && (w1 & 0x1ff) && !interpolation)
      return DecodeStatus::Fail;
    // An LDS attribute's bit 8 (`high`) exists for the 16-bit interpolations only.
    if (interpolation && (w1 & 0x100) && !(d->modifiers & isa::mod::OpSel))
      return DecodeStatus::Fail;
  }
  for (unsigned i = 0; i < d->numOperands; ++i) {
    const OperandDesc &o = d->operands[i];
    if (o.field == Field::VDST && o.kind != OperandKind::VReg &&
        v.field(Field::VDST) == sreg::kLiteral)
      needsLiteral = true; // a scalar destination field naming a literal reads one
    if (o.isDef || o.field == Field::None || o.field == Field::LITERAL ||
        o.kind == OperandKind::Special)
      continue;
    if ((flags & (kDpp16 | kDpp8)) && o.field == Field::SRC0)
      continue;
    if (v.field(o.field) == sreg::kLiteral && (o.field != Field::VSRC1))
      needsLiteral = true;
  }
  if (vop3) {
    // Unused source fields must be zero.
    bool used[3] = {false, false, false};
    for (unsigned i = 0; i < d->numOperands; ++i) {
      const Field f = d->operands[i].field;
      if (f == Field::SRC0 || f == Field::SRC1 || f == Field::SRC2)
        used[srcIndex(f)] = true;
    }
    if ((!used[1] && ((w1 >> 9) & 0x1ff)) || (!used[2] && ((w1 >> 18) & 0x1ff)))
      return DecodeStatus::Fail;
  }
  // Targets without VOP3 literals (gfx9) do not decode a VOP3 source naming one.
  if (vop3 && needsLiteral && !isa::targetInfo(inst.target).has(isa::TargetInfo::kVop3Literal))
    return DecodeStatus::Fail;
  if (flags & (kDpp16 | kDpp8)) {
    if (bytes.size() < size + 4)
      return DecodeStatus::Fail;
    inst.words[size / 4] = readDword(bytes, size / 4);
    size += 4;
    if (needsLiteral) {
      // VOP3 DPP reads a literal after the DPP dword (printed, but not re-encoded).
      if (!vop3 || bytes.size() < size + 4)
        return DecodeStatus::Fail;
      inst.words[size / 4] = readDword(bytes, size / 4);
      size += 4;
    }
  } else if (needsLiteral) {
    if (bytes.size() < size + 4)
      return DecodeStatus::Fail;
    inst.words[size / 4] = readDword(bytes, size / 4);
    size += 4;
    flags |= kHasLiteral;
  }
  inst.flags = flags;
  inst.size = static_cast<uint8_t>(size);
  v = viewOf(inst, wave);
  if (!vop3 && !(d->flags & kTrue16)) {
    // 16-bit operands of some 32-bit forms cannot name v128+ at all.
    for (unsigned i = 0; i < d->numOperands; ++i) {
      if (!((d->flags >> (kHiVgprFailsShift + i)) & 1))
        continue;
      const Field f = d->operands[i].field;
      unsigned r = 0;
      if (f == Field::VDST || f == Field::VSRC1)
        r = v.field(f);
      else if (f == Field::SRC0)
        r = (flags & (kDpp16 | kDpp8)) ? (v.extra & 0xff)
                                       : (v.field(f) >= 256 ? v.field(f) - 256 : 0);
      if (r >= 128)
        return DecodeStatus::Fail;
    }
  }
  if ((flags & kDpp16) && !vop3 && ((v.extra >> 20) & 0xf & ~(d->flags >> kDppModValidShift)))
    return DecodeStatus::Fail; // DPP16 source modifiers the instruction does not take
  // Dry-run the operands to reject encodings llvm-mc cannot name; VGPRs inside the register
  // file and constants always decode, so only scalar registers need the printer's verdict.
  thread_local std::string scratch;
  for (unsigned i = 0; i < d->numOperands; ++i) {
    const OperandDesc o = v.operand(i);
    if (o.field == Field::None || o.field == Field::LITERAL || o.kind == OperandKind::Special)
      continue;
    unsigned enc = v.field(o.field);
    if (o.field == Field::VSRC1 || (o.field == Field::VDST && o.kind == OperandKind::VReg))
      enc += 256;
    const bool dppSrc0 = (flags & (kDpp16 | kDpp8)) && o.field == Field::SRC0;
    if (!dppSrc0 && o.field != Field::VDST && o.field != Field::SDST &&
        ((enc >= 256 && enc - 256 + o.regs <= 256) || isInlineConstant(enc)))
      continue;
    scratch.clear();
    if (!appendOperand(scratch, v, o, i))
      return DecodeStatus::Fail;
  }
  return DecodeStatus::Success;
}

void print(const Inst &inst, WaveSize wave, std::string &out, const PrintOptions &opts) {
  View v = viewOf(inst, wave);
  v.assemblerListing = opts.assemblerListing;
  printView(v, out);
}

// ---- encode --------------------------------------------------------------------------------

// llvm-mc's decoder aligns scalar register tuples down (s[58:59] for 59).
unsigned alignedScalar(isa::Target target, unsigned enc, unsigned regs) {
  const isa::ScalarRegisters &sr = isa::targetInfo(target).sregs;
  const bool sgpr = enc < sr.sgprs, ttmp = enc >= sr.ttmp && enc < sr.ttmp + 16u;
  if (regs < 2 || !(sgpr || ttmp)) // named specials (gfx9's flat_scratch...) stay as they are
    return enc;
  const unsigned base = sgpr ? 0 : sr.ttmp;
  const unsigned mask = regs == 2 ? 1u : 3u;
  return base + ((enc - base) & ~mask);
}

void encode(const Inst &inst, WaveSize wave, std::string &out) {
  const View v = viewOf(inst, wave);
  const InstrDesc *d = v.d;
  if (v.sdwa) {
    uint32_t w0 = v.w0, sdwa = 0;
    encodeSdwa(v, w0, sdwa);
    appendDword(out, w0);
    appendDword(out, sdwa);
    return;
  }
  uint32_t w0 = v.w0, w1 = v.w1;
  bool hasLit = false;
  uint32_t lit = 0;
  for (unsigned i = 0; i < d->numOperands; ++i) {
    const OperandDesc o = v.operand(i);
    if (o.field == Field::LITERAL) {
      hasLit = true;
      lit = v.extra;
      continue;
    }
    if (o.isDef || o.field == Field::None || o.field == Field::VSRC1 ||
        o.kind == OperandKind::Special)
      continue;
    if ((v.dpp16 || v.dpp8) && o.field == Field::SRC0)
      continue;
    const unsigned enc = v.field(o.field);
    if (enc >= 256)
      continue;
    unsigned field;
    if (!(isInlineConstant(enc) || enc == sreg::kLiteral)) {
      field = alignedScalar(v.target, enc, o.regs);
      if (v.vop3) {
        const unsigned shift = 9 * srcIndex(o.field);
        w1 = (w1 & ~(0x1ffu << shift)) | (field << shift);
      } else {
        w0 = (w0 & ~0x1ffu) | field;
      }
      continue;
    }
    if (enc == sreg::kLiteral && literalTakenAs32(v, o)) {
      field = v.lit <= 64 ? 128 + v.lit : sreg::kLiteral;
      if (field == sreg::kLiteral && !hasLit) {
        hasLit = true;
        lit = 0;
      }
    } else if (o.kind == OperandKind::VSrc || o.kind == OperandKind::SSrc) {
      const ValuSrcEncoding e = reencodeValuSrc(enc, o.type, v.lit);
      field = e.field;
      if (e.hasLiteral && !hasLit) { // one literal dword: the first source value wins
        hasLit = true;
        lit = e.literal;
      }
    } else {
      field = static_cast<unsigned>(valuImmediateValue(enc, o.type, v.lit)) & 0x1ff;
    }
    if (v.vop3) {
      const unsigned shift = 9 * srcIndex(o.field);
      w1 = (w1 & ~(0x1ffu << shift)) | (field << shift);
    } else {
      w0 = (w0 & ~0x1ffu) | field;
    }
  }
  for (unsigned i = 0; i < d->numOperands; ++i) {
    const OperandDesc o = v.operand(i);
    if (o.field == Field::VDST && o.kind != OperandKind::VReg) {
      // A scalar destination naming a constant re-encodes from the constant's value.
      const unsigned shift = v.vop3 ? 0 : 17;
      const unsigned enc = (w0 >> shift) & 0xff;
      const unsigned field =
          (isInlineConstant(enc) || enc == sreg::kLiteral)
              ? static_cast<unsigned>(valuImmediateValue(enc, DataType::B32, v.lit)) & 0xff
              : alignedScalar(v.target, enc, o.regs);
      w0 = (w0 & ~(0xffu << shift)) | (field << shift);
    } else if (o.field == Field::SDST) { // VOP3SD carry-out / scale flag, a pair in wave64
      const unsigned field = alignedScalar(v.target, v.field(Field::SDST), o.regs);
      w0 = (w0 & ~(0x7fu << 8)) | (field << 8);
    }
  }
  if (v.vop3) {
    const uint32_t kept = (d->flags >> kModKeptShift) & kModMask;
    uint32_t m = v.mods & kept;
    if (d->format == Format::VOP3SD)
      m |= (w0 >> 8) & 0x7f;
    w0 = (w0 & ~0xff00u) | ((m & 0xff) << 8);
    w1 = (w1 & ~(0x1fu << 27)) | (((m >> 8) & 0x1f) << 27);
    bool hasVdst = false;
    for (unsigned i = 0; i < d->numOperands; ++i)
      if (d->operands[i].field == Field::VDST)
        hasVdst = true;
    if (!hasVdst && d->numOperands > 0)
      w0 = (w0 & ~0xffu) | sreg::kExecLo;
  }
  if (!v.vop3 && d->numOperands == 0)
    w0 &= ~0x1ffu;
  appendDword(out, w0);
  if (v.vop3)
    appendDword(out, w1);
  if (v.dpp16)
    // Bit 17 is reserved; VOP3 takes abs / neg from its own fields.
    appendDword(out, (reencodedDpp16(v.target, v.extra) & ~0xf00000u) |
                         (v.vop3 ? 0 : (v.extra & (((d->flags >> kDppModKeptShift) & 0xf) << 20))));
  else if (v.dpp8)
    appendDword(out, v.extra);
  else if (hasLit && (!v.vop3 || isa::targetInfo(v.target).has(isa::TargetInfo::kVop3Literal)))
    appendDword(out, lit); // gfx9's VOP3 encoder writes the literal code without the dword
}

} // namespace

const Codec kValuCodec = {decode, print, encode, nullptr};

} // namespace gcnkit::disasm::detail
