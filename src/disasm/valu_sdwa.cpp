// SDWA (gfx9): VOP1 / VOP2 / VOPC whose src0 field is 0xF9 read a second dword that selects
// bytes or words of the sources and the destination (its layout: isa/sdwa.h). Which modifier
// bits an instruction takes is row data (valu_internal.h, kSdwaModShift); everything else here
// is the format. Decoded, printed and re-encoded as llvm-mc-19 does.
#include <array>
#include <string_view>

#include "disasm/operands.h"
#include "disasm/valu_internal.h"
#include "isa/sdwa.h"
#include "isa/target_info.h"

namespace gcnkit::disasm::detail::valu {

namespace {

using SdwaWord = isa::sdwa::Word;
using isa::sdwa::kSelReserved;

// The modifier bits of the row flags, in the order of SDWA dword bits 13, 14, 19, 20, 21,
// 27, 28, 29.
constexpr unsigned kSdwaModBits[] = {13, 14, 19, 20, 21, 27, 28, 29};

uint32_t modifierBitsOf(uint32_t w) {
  uint32_t m = 0;
  for (unsigned i = 0; i < std::size(kSdwaModBits); ++i)
    m |= ((w >> kSdwaModBits[i]) & 1) << i;
  if (((w >> 15) & 1) != 0)
    m |= 1u << 1; // omod's high bit counts as omod
  return m;
}

constexpr std::array<std::string_view, 7> kSelNames = {"BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3",
                                                       "WORD_0", "WORD_1", "DWORD"};
constexpr std::array<std::string_view, 4> kUnusedNames = {"UNUSED_PAD", "UNUSED_SEXT",
                                                          "UNUSED_PRESERVE", "UNUSED_PAD"};

// The 9-bit source encoding of source i (0: src0, 1: vsrc1): a VGPR (256+) or, with the
// source's s bit, the scalar operand the field names.
unsigned sourceEncoding(const View &v, unsigned i) {
  const SdwaWord s{v.extra};
  const unsigned field = i == 0 ? s.src0() : v.field(Field::VSRC1);
  return s.scalar(i) ? field : 256 + field;
}

bool appendSdwaSource(std::string &out, const View &v, const OperandDesc &o, unsigned i) {
  const SdwaWord s{v.extra};
  const unsigned enc = sourceEncoding(v, i);
  const bool isConst = isInlineConstant(enc) || enc == sreg::kLiteral;
  const bool negConst = s.neg(i) && !s.abs(i) && isConst;
  if (s.sext(i))
    out += "sext(";
  else if (negConst)
    out += "neg(";
  else if (s.neg(i))
    out += '-';
  if (s.abs(i))
    out += '|';
  if (!appendValuSrc(out, v.target, enc, o.regs, o.type, 0))
    return false;
  if (s.abs(i))
    out += '|';
  if (s.sext(i) || negConst)
    out += ')';
  return true;
}

// VOPC: the compare result goes to vcc, or with sd to the SGPR pair sdst names.
bool appendCompareResult(std::string &out, const View &v, const OperandDesc &o) {
  const SdwaWord s{v.extra};
  if (!s.sd())
    return appendScalarReg(out, v.target, isa::targetInfo(v.target).sregs.vcc, o.regs);
  return appendScalarReg(out, v.target, s.sdst(), o.regs);
}

void appendName(std::string &out, const View &v) {
  std::string_view name = v.d->name;
  if (name.ends_with("_e32"))
    name.remove_suffix(4);
  out += name;
  out += "_sdwa";
}

} // namespace

bool sdwaDecodes(const View &v) {
  const SdwaWord s{v.extra};
  const Format f = v.d->format;
  const uint32_t accepted = (v.d->flags >> kSdwaModShift) & 0xff;
  if (modifierBitsOf(f == Format::VOPC ? v.extra & ~0xff00u : v.extra) & ~accepted)
    return false;
  if (s.srcSel(0) == kSelReserved || (f != Format::VOPC && s.dstSel() == kSelReserved))
    return false;
  if (f == Format::VOP1 && (v.extra >> 24) != 0 && (v.extra >> 24) != 0x40)
    return false; // VOP1 has no second source (bit 30 is reserved and ignored)
  if (f != Format::VOP1 && s.srcSel(1) == kSelReserved)
    return false;
  thread_local std::string scratch;
  for (unsigned i = 0; i < v.d->numOperands; ++i) {
    scratch.clear();
    const OperandDesc o = v.operand(i);
    if (o.field == Field::SRC0 || o.field == Field::VSRC1) {
      const unsigned enc = sourceEncoding(v, o.field == Field::SRC0 ? 0 : 1);
      if (enc == sreg::kLiteral || !appendValuSrc(scratch, v.target, enc, o.regs, o.type, 0))
        return false;
    } else if (f == Format::VOPC && o.field == Field::None && o.isDef) {
      if (!appendCompareResult(scratch, v, o))
        return false;
    }
  }
  return true;
}

void printSdwa(const View &v, std::string &out) {
  const SdwaWord s{v.extra};
  appendName(out, v);
  const InstrDesc *d = v.d;
  const bool isCompare = d->format == Format::VOPC;
  for (unsigned i = 0; i < d->numOperands; ++i) {
    out += i == 0 ? " " : ", ";
    const OperandDesc o = v.operand(i);
    if (o.field == Field::SRC0)
      appendSdwaSource(out, v, o, 0);
    else if (o.field == Field::VSRC1)
      appendSdwaSource(out, v, o, 1);
    else if (isCompare && o.field == Field::None && o.isDef)
      appendCompareResult(out, v, o);
    else
      appendOperand(out, v, o, i);
  }
  if (!isCompare) {
    if (s.clamp())
      out += " clamp";
    static constexpr std::string_view kOmod[] = {"", " mul:2", " mul:4", " div:2"};
    out += kOmod[s.omod()];
    out += " dst_sel:";
    out += kSelNames[s.dstSel()];
    out += " dst_unused:";
    out += kUnusedNames[s.dstUnused()];
  }
  out += " src0_sel:";
  out += kSelNames[s.srcSel(0)];
  if (d->format != Format::VOP1) {
    out += " src1_sel:";
    out += kSelNames[s.srcSel(1)];
  }
}

void encodeSdwa(const View &v, uint32_t &w0, uint32_t &sdwa) {
  // Reserved bits 22 and 30 are dropped; a VOPC result in vcc is written as sd = 0.
  sdwa = v.extra & ~((1u << 22) | (1u << 30));
  if (v.d->format == Format::VOPC) {
    const SdwaWord s{v.extra};
    const isa::ScalarRegisters &sr = isa::targetInfo(v.target).sregs;
    // Pairs (wave64 is the only SDWA mode) are aligned down; null (gfx10's 125) is kept.
    unsigned sdst = s.sdst();
    if (sdst < sr.sgprs || (sdst >= sr.ttmp && sdst < sr.ttmp + 16u))
      sdst &= ~1u;
    sdwa &= ~0xff00u;
    if (s.sd() && sdst != sr.vcc)
      sdwa |= (0x80u | sdst) << 8;
  }
  // Scalar sources re-encode from the value llvm-mc decoded: a 16-bit integer operand's float
  // constant becomes the literal code (with no literal dword: SDWA has none).
  for (unsigned i = 0; i < v.d->numOperands; ++i) {
    const OperandDesc &o = v.d->operands[i];
    if (o.field != Field::SRC0 && o.field != Field::VSRC1)
      continue;
    const unsigned src = o.field == Field::SRC0 ? 0 : 1;
    const unsigned enc = sourceEncoding(v, src);
    if (enc >= 256)
      continue;
    unsigned field = enc;
    bool scalar = true;
    if (isInlineConstant(enc)) {
      field = reencodeValuSrc(enc, o.type, 0).field;
    } else if (enc == 254) {
      scalar = false; // llvm-mc writes src_lds_direct back without the s bit
    }
    if (src == 0) {
      sdwa = (sdwa & ~0xffu) | (field & 0xff);
      sdwa = scalar ? sdwa | (1u << 23) : sdwa & ~(1u << 23);
    } else {
      w0 = (w0 & ~(0xffu << 9)) | ((field & 0xff) << 9);
      sdwa = scalar ? sdwa | (1u << 31) : sdwa & ~(1u << 31);
    }
  }
  w0 = (w0 & ~0x1ffu) | sreg::kSdwa;
}

} // namespace gcnkit::disasm::detail::valu
