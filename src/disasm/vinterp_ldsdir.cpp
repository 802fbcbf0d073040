// Parameter interpolation: gfx11's VINTERP (with wait_exp) and LDSDIR (LDS parameter / direct
// loads with wait_vdst), and gfx9's VINTRP.
//
// VINTERP: w0 = VDST[7:0] WAIT_EXP[10:8] OP_SEL[14:11] CLAMP[15] OP[22:16], w1 = SRC0[8:0]
// SRC1[17:9] SRC2[26:18] NEG[31:29]. Bit 23 of w0 and bits 27..28 of w1 are ignored and
// re-encoded as 0. Sources are VGPR-only (other encodings print with llvm-mc's notes); a
// literal source consumes its dword, which the re-encoding drops.
// LDSDIR: VDST[7:0] ATTR_CHAN[9:8] ATTR[15:10] WAIT_VDST[19:16] OP[21:20]; bits 23:22 must be
// zero.
// VINTRP: VSRC[7:0] ATTR_CHAN[9:8] ATTR[15:10] OP[17:16] VDST[25:18]. The source is a VGPR
// (p1, p2) or the parameter v_interp_mov_f32 reads (p10, p20, p0; other values print as
// invalid_param_N).
#include "disasm/operands.h"
#include "disasm/vop3p_internal.h"

namespace gcnkit::disasm::detail::vop3p {

namespace {

using isa::InstrDesc;

unsigned srcField(const Inst &inst, unsigned i) { return (inst.words[1] >> (9 * i)) & 0x1ff; }

// A one-dword instruction of row d (nullptr: the decode fails).
DecodeStatus acceptDword(const InstrDesc *d, uint32_t w, Inst &inst) {
  if (!d)
    return DecodeStatus::Fail;
  inst.words[0] = w;
  inst.desc = d;
  inst.size = 4;
  inst.flags = 0;
  return DecodeStatus::Success;
}

// ", attrN.c": the attribute and channel fields of LDSDIR and VINTRP.
void appendAttribute(std::string &out, uint32_t w) {
  out += ", attr";
  appendUDec(out, isa::bits(w, 15, 10));
  out += '.';
  out += "xyzw"[isa::bits(w, 9, 8)];
}

} // namespace

DecodeStatus decodeInterp(std::span<const uint8_t> bytes, Inst &inst) {
  if (bytes.size() < 8)
    return DecodeStatus::Fail;
  const uint32_t w0 = readDword(bytes, 0);
  const uint32_t w1 = readDword(bytes, 1);
  const InstrDesc *d = isa::lookup(inst.target, isa::Format::VINTERP, isa::bits(w0, 22, 16));
  if (!d)
    return DecodeStatus::Fail;
  if (!(d->modifiers & isa::mod::OpSel) && isa::bits(w0, 14, 11))
    return DecodeStatus::Fail;
  size_t size = 8;
  for (unsigned i = 0; i < 3; ++i) {
    const unsigned enc = (w1 >> (9 * i)) & 0x1ff;
    if (!registerOnlySrcDecodes(inst.target, enc, 1, true))
      return DecodeStatus::Fail;
    if (enc == sreg::kLiteral)
      size = 12;
  }
  if (bytes.size() < size)
    return DecodeStatus::Fail;
  for (size_t i = 0; i < size / 4; ++i)
    inst.words[i] = readDword(bytes, i);
  inst.desc = d;
  inst.size = static_cast<uint8_t>(size);
  inst.flags = 0;
  return DecodeStatus::Success;
}

void printInterp(const Inst &inst, std::string &out) {
  const InstrDesc &d = *inst.desc;
  const uint32_t w0 = inst.words[0];
  const uint32_t w1 = inst.words[1];
  const uint32_t lit = inst.size == 12 ? inst.words[2] : 0;
  out += d.name;
  out += ' ';
  appendVGPR(out, w0 & 0xff, 1);
  for (unsigned i = 0; i < 3; ++i) {
    out += ", ";
    const unsigned enc = srcField(inst, i);
    const bool neg = (w1 >> (29 + i)) & 1;
    const bool negCall = neg && isImmediateSrc(enc);
    if (neg)
      out += negCall ? "neg(" : "-";
    appendRegisterOnlySrc(out, inst.target, enc, 1, lit, RegFile::VGPR);
    if (negCall)
      out += ')';
  }
  if (w0 & (1u << 15))
    out += " clamp";
  if ((d.modifiers & isa::mod::OpSel) && isa::bits(w0, 14, 11)) {
    out += " op_sel:[";
    for (unsigned i = 0; i < 4; ++i) {
      if (i)
        out += ',';
      out += static_cast<char>('0' + ((w0 >> (11 + i)) & 1));
    }
    out += ']';
  }
  out += " wait_exp:";
  appendUDec(out, isa::bits(w0, 10, 8));
}

void encodeInterp(const Inst &inst, std::string &out) {
  const uint32_t lit = inst.size == 12 ? inst.words[2] : 0;
  uint32_t w1 = inst.words[1] & 0xe0000000u;
  for (unsigned i = 0; i < 3; ++i)
    w1 |= registerOnlySrcField(inst.target, srcField(inst, i), 1, lit) << (9 * i);
  appendDword(out, inst.words[0] & ~(1u << 23));
  appendDword(out, w1);
}

DecodeStatus decodeLdsDir(std::span<const uint8_t> bytes, Inst &inst) {
  const uint32_t w = readDword(bytes, 0);
  const InstrDesc *d = isa::lookup(inst.target, isa::Format::LDSDIR, isa::bits(w, 21, 20));
  return acceptDword(isa::bits(w, 23, 22) ? nullptr : d, w, inst);
}

void printLdsDir(const Inst &inst, std::string &out) {
  const InstrDesc &d = *inst.desc;
  const uint32_t w = inst.words[0];
  out += d.name;
  out += ' ';
  appendVGPR(out, w & 0xff, 1);
  if (d.numOperands > 1) // attribute and channel
    appendAttribute(out, w);
  out += " wait_vdst:";
  appendUDec(out, isa::bits(w, 19, 16));
}

void encodeLdsDir(const Inst &inst, std::string &out) {
  // Fields the instruction has no operand for are not re-encoded.
  const uint32_t w = inst.words[0];
  appendDword(out, inst.desc->numOperands > 1 ? w : (w & ~0xff00u));
}

DecodeStatus decodeVintrp(std::span<const uint8_t> bytes, Inst &inst) {
  const uint32_t w = readDword(bytes, 0);
  return acceptDword(isa::lookup(inst.target, isa::Format::VINTRP, isa::bits(w, 17, 16)), w, inst);
}

void printVintrp(const Inst &inst, std::string &out) {
  static constexpr const char *kParams[] = {"p10", "p20", "p0"};
  const InstrDesc &d = *inst.desc;
  const uint32_t w = inst.words[0];
  const unsigned src = isa::bits(w, 7, 0);
  out += d.name;
  out += ' ';
  appendVGPR(out, isa::bits(w, 25, 18), 1);
  out += ", ";
  if (d.operands[1].kind == isa::OperandKind::VReg) {
    appendVGPR(out, src, 1);
  } else if (src < 3) {
    out += kParams[src];
  } else {
    out += "invalid_param_";
    appendUDec(out, src);
  }
  appendAttribute(out, w);
}

void encodeVintrp(const Inst &inst, std::string &out) { appendDword(out, inst.words[0]); }

} // namespace gcnkit::disasm::detail::vop3p
