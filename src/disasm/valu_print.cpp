// Printing of VALU instructions as llvm-mc-19 spells them: operands (VGPR tuples and 16-bit
// halves, scalar registers, constants through appendValuSrc, the "Invalid ..." notes llvm-mc
// adds for operands outside their register class), input / output modifiers and DPP controls.
#include <algorithm>
#include <string_view>

#include "disasm/dpp.h"
#include "disasm/operands.h"
#include "disasm/valu_internal.h"
#include "isa/target_info.h"

namespace gcnkit::disasm::detail::valu {

View viewOf(const Inst &inst, WaveSize wave) {
  View v{};
  v.d = inst.desc;
  v.target = inst.target;
  v.wave64 = wave == WaveSize::Wave64;
  v.vop3 = inst.flags & kIsVop3;
  v.dpp16 = inst.flags & kDpp16;
  v.dpp8 = inst.flags & kDpp8;
  v.sdwa = inst.flags & kSdwa;
  v.w0 = inst.words[0];
  v.w1 = v.vop3 ? inst.words[1] : 0;
  v.extra = inst.words[v.vop3 ? 2 : 1];
  // With DPP, a VOP3 literal follows the DPP dword.
  v.lit = (v.dpp16 || v.dpp8) ? inst.words[3] : v.extra;
  v.mods = v.vop3 ? (((v.w0 >> 8) & 0xff) | (((v.w1 >> 27) & 0x1f) << 8)) : 0;
  if (v.vop3 && v.d->format == Format::VOP3SD)
    v.mods &= ~0x7fu;
  return v;
}

bool isSource(const OperandDesc &o) {
  return !o.isDef && (o.field == Field::SRC0 || o.field == Field::SRC1 || o.field == Field::SRC2 ||
                      o.field == Field::VSRC1);
}

unsigned srcIndex(Field f) { return static_cast<unsigned>(std::max(0, isa::valuSourceIndex(f))); }

// ---- operand printing ----------------------------------------------------------------------

bool takesInputModifiers(const OperandDesc &o) { return !isa::isIntegerType(o.type); }

namespace {

void appendInvalidRegister(std::string &out, std::string_view cls) {
  out += "/*Invalid register, operand has '";
  out += cls;
  out += "' register class*/";
}

// v_writelane's data source (the only scalar-only SRC0) also accepts lds_direct on gfx11.
bool isWritelaneData(const View &v, const OperandDesc &o) {
  return o.field == Field::SRC0 &&
         isa::targetInfo(v.target).has(isa::TargetInfo::kWritelaneLdsDirect);
}

// Register class llvm-mc names for an operand that cannot hold what the field encodes.
std::string_view scalarClass(const View &v, const OperandDesc &o) {
  if (o.type == DataType::LaneMask)
    return "SReg_1_XEXEC";
  if (isWritelaneData(v, o))
    return "SRegOrLds_32";
  return o.regs == 2 ? "SReg_64" : "SReg_32";
}

bool isVgprOnlyReg(isa::Target target, unsigned enc) {
  // Scalar registers llvm-mc flags in a VGPR-only operand; specials (null, src_*) it accepts.
  const isa::ScalarRegisters &sr = isa::targetInfo(target).sregs;
  return enc < 128 && enc != sr.printedNull;
}

} // namespace

// A scalar destination field naming the literal makes llvm-mc read the literal as a 32-bit
// value first; an f64 source sharing it then sees that value instead of literal << 32.
bool literalTakenAs32(const View &v, const OperandDesc &o) {
  if (o.type != DataType::F64 || !v.vop3)
    return false;
  if (v.d->numOperands == 0)
    return false;
  const OperandDesc &dst = v.d->operands[0];
  return dst.field == Field::VDST && dst.kind != OperandKind::VReg &&
         v.field(Field::VDST) == sreg::kLiteral;
}

namespace {

// Appends a source operand. Returns false when the encoding does not decode.
bool appendSource(std::string &out, const View &v, const OperandDesc &o, unsigned opIndex,
                  unsigned enc, bool dppSrc0) {
  const InstrDesc *d = v.d;
  const bool true16 = !v.vop3 && (d->flags & kTrue16);
  const bool lo128 = !v.vop3 && ((d->flags >> (kLo128Shift + opIndex)) & 1);
  if (!v.vop3 && o.field == Field::VSRC1)
    enc += 256;
  if (dppSrc0)
    enc = 256 + (v.extra & 0xff);
  if (enc >= 256) {
    const unsigned r = enc - 256;
    if (r + o.regs > 256)
      return false; // a tuple past v255
    if (true16 && !v.vop3) {
      appendVGPR(out, r & 0x7f, 1);
      out += (r & 0x80) ? ".h" : ".l";
      return true;
    }
    appendVGPR(out, r, o.regs);
    if (o.kind == OperandKind::SReg || o.kind == OperandKind::SSrc)
      appendInvalidRegister(out, scalarClass(v, o));
    else if (lo128 && !v.vop3 && r >= 128)
      appendInvalidRegister(out, (o.kind == OperandKind::VSrc && !dppSrc0) ? "VS_32_Lo128"
                                                                           : "VGPR_32_Lo128");
    return true;
  }
  const bool isConst = isInlineConstant(enc) || enc == sreg::kLiteral;
  if (isConst) {
    if (enc == sreg::kLiteral && literalTakenAs32(v, o)) {
      // llvm-mc already holds the literal as a 32-bit value (read by the destination): the
      // f64 operand shows its high half, 0, unless it is a small integer.
      if (v.lit <= 64)
        appendUDec(out, v.lit);
      else
        out += "0x0";
      return true;
    }
    if (o.kind == OperandKind::VSrc || o.kind == OperandKind::SSrc)
      return appendValuSrc(out, v.target, enc, o.regs, o.type, v.lit, v.assemblerListing);
    if (!appendValuSrc(out, v.target, enc, o.regs, o.type, v.lit))
      return false;
    out += "/*Invalid immediate*/";
    return true;
  }
  if (!appendValuSrc(out, v.target, enc, o.regs, o.type, v.lit))
    return false;
  if (o.type == DataType::LaneMask && (enc == sreg::kExecLo || enc == sreg::kExecHi || enc == 254))
    appendInvalidRegister(out, "SReg_1_XEXEC"); // masks exclude exec and lds_direct
  // Scalar-only sources exclude lds_direct too, except v_writelane's data (SRegOrLds_32).
  if (o.kind == OperandKind::SSrc && enc == 254 && !isWritelaneData(v, o))
    appendInvalidRegister(out, scalarClass(v, o));
  // src_lds_direct is flagged too, except where the class is VRegOrLds_32 (v_readfirstlane).
  const bool vrOrLds = d->operands[0].kind == OperandKind::SReg;
  if ((o.kind == OperandKind::VReg) && (isVgprOnlyReg(v.target, enc) || (enc == 254 && !vrOrLds)))
    appendInvalidRegister(out, vrOrLds       ? "VRegOrLds_32"
                               : o.regs == 4 ? "VReg_128"
                               : o.regs == 2 ? "VReg_64"
                                             : "VGPR_32");
  return true;
}

} // namespace

bool appendOperand(std::string &out, const View &v, const OperandDesc &o, unsigned opIndex) {
  switch (o.field) {
  case Field::None: // the implicit vcc of the 32-bit forms
    out += o.regs == 2 ? "vcc" : "vcc_lo";
    return true;
  case Field::LITERAL:
    appendHex(out, v.extra);
    return true;
  case Field::VDST: {
    const unsigned enc = v.field(Field::VDST);
    if (o.kind == OperandKind::VReg) {
      if ((v.d->flags & kTrue16) && !v.vop3) {
        appendVGPR(out, enc & 0x7f, 1);
        out += (enc & 0x80) ? ".h" : ".l";
        return true;
      }
      if (enc + o.regs > 256)
        return false;
      appendVGPR(out, enc, o.regs);
      return true;
    }
    if (isInlineConstant(enc) || enc == sreg::kLiteral) { // a destination naming a constant
      if (!appendValuSrc(out, v.target, enc, o.regs, DataType::B32, v.lit))
        return false;
      out += "/*Invalid immediate*/";
      return true;
    }
    if (enc == 254) {
      if (o.regs == 2)
        return false; // no 64-bit register class names lds_direct (a wave64 lane mask)
      out += "src_lds_direct";
      appendInvalidRegister(out, o.type == DataType::LaneMask ? "SReg_1" : "SReg_32");
      return true;
    }
    return appendScalarReg(out, v.target, enc, o.regs);
  }
  case Field::SDST:
    return appendScalarReg(out, v.target, v.field(Field::SDST), o.regs);
  default:
    break;
  }
  if (o.kind == OperandKind::Special) { // an interpolation's attribute or parameter
    const unsigned enc = v.field(o.field);
    if (o.field == Field::SRC0) {
      out += "attr";
      appendUDec(out, enc & 0x3f);
      out += '.';
      out += "xyzw"[(enc >> 6) & 3];
    } else if (enc < 3) {
      static constexpr std::string_view kParams[] = {"p10", "p20", "p0"};
      out += kParams[enc];
    } else {
      out += "invalid_param_";
      appendUDec(out, enc);
    }
    return true;
  }
  const unsigned i = srcIndex(o.field);
  const bool dppSrc0 = (v.dpp16 || v.dpp8) && o.field == Field::SRC0;
  bool negBit = false, abs = false, neg = false, sext = false;
  const bool isInt = !takesInputModifiers(o);
  if (v.vop3) {
    negBit = (v.mods >> (kNegBit + i)) & 1;
    abs = (v.d->modifiers & isa::mod::Abs) && ((v.mods >> (kAbsBit + i)) & 1) && !isInt;
    if (v.dpp16 || v.dpp8) {
      // The DPP forms use integer operand classes where the plain form may not.
      if (isInt || ((v.d->flags >> (kDppIntShift + i)) & 1))
        sext = negBit, abs = false;
      else
        neg = negBit && (v.d->modifiers & isa::mod::Neg);
    } else if (v.d->modifiers & isa::mod::Neg) {
      (isInt ? sext : neg) = negBit;
    }
  } else if (v.dpp16 && i < 2) {
    // Bits the decoder accepts but the re-encoding drops are not printed, nor the ones an
    // operand without input modifiers keeps.
    const uint32_t shown =
        v.extra >> 20 & v.d->flags >> kDppModKeptShift & ~(v.d->flags >> kDppModSilentShift);
    negBit = ((shown >> (2 * i)) & 1) != 0;
    abs = ((shown >> (2 * i + 1)) & 1) != 0 && !isInt;
    (isInt ? sext : neg) = negBit;
  }
  const unsigned enc = v.field(o.field);
  // llvm-mc spells a negated constant neg(c) so that it cannot read as a negative number.
  const bool negConst = neg && !abs && !dppSrc0 && (v.vop3 || o.field != Field::VSRC1) &&
                        (isInlineConstant(enc) || enc == sreg::kLiteral);
  if (sext)
    out += "sext(";
  else if (negConst)
    out += "neg(";
  else if (neg)
    out += '-';
  if (abs)
    out += '|';
  if (!appendSource(out, v, o, opIndex, enc, dppSrc0))
    return false;
  if (abs)
    out += '|';
  if (negConst || sext)
    out += ')';
  return true;
}

namespace {

void appendName(std::string &out, const View &v) {
  std::string_view name = v.d->name;
  if (!v.dpp16 && !v.dpp8) {
    out += name;
    return;
  }
  auto strip = [&](std::string_view suffix) {
    if (name.size() > suffix.size() && name.substr(name.size() - suffix.size()) == suffix)
      name.remove_suffix(suffix.size());
  };
  strip("_e32");
  strip("_e64");
  out += name;
  if (v.vop3)
    out += "_e64_dpp";
  else if (v.d->format != Format::VOPC)
    out += "_dpp";
}

} // namespace

void printView(const View &v, std::string &out) {
  if (v.sdwa)
    return printSdwa(v, out);
  appendName(out, v);
  const InstrDesc *d = v.d;
  for (unsigned i = 0; i < d->numOperands; ++i) {
    out += i == 0 ? " " : ", ";
    appendOperand(out, v, v.operand(i), i);
  }
  if (v.vop3 && (v.w1 & 0x100) && isInterpolation(*d))
    out += " high";
  if (v.vop3) {
    if ((d->modifiers & isa::mod::OpSel) && !isInterpolation(*d)) {
      const unsigned opsel = (v.mods >> kOpSelBit) & 0xf;
      const uint32_t printable = (d->flags >> (kModKeptShift + kOpSelBit)) & 0xf;
      const unsigned shown = opsel & printable;
      const unsigned arity = (d->flags >> kOpSelArityShift) & 7;
      unsigned nsrc = 0;
      for (unsigned k = 0; k < d->numOperands; ++k)
        if (isSource(d->operands[k]))
          nsrc = std::max(nsrc, srcIndex(d->operands[k].field) + 1);
      const bool withDst = arity == nsrc + 1;
      const unsigned displayed = withDst ? (((1u << (arity - 1)) - 1) | 8u) : ((1u << arity) - 1);
      if (arity && (shown & displayed)) {
        // One entry per source, then the destination (op_sel bit 3); instructions printing
        // fewer entries than sources + 1 (v_permlane*: fi, bound_ctrl) have no destination one.
        out += " op_sel:[";
        for (unsigned k = 0; k < arity; ++k) {
          if (k)
            out += ',';
          const unsigned bit = withDst && k == arity - 1 ? 3 : k;
          out += (shown >> bit) & 1 ? '1' : '0';
        }
        out += ']';
      }
    }
    if ((d->modifiers & isa::mod::Clamp) && ((v.mods >> kClampBit) & 1))
      out += " clamp";
    if (d->modifiers & isa::mod::Omod) {
      switch ((v.mods >> kOmodBit) & 3) {
      case 1:
        out += " mul:2";
        break;
      case 2:
        out += " mul:4";
        break;
      case 3:
        out += " div:2";
        break;
      default:
        break;
      }
    }
  }
  if (v.dpp16)
    appendDpp16(out, v.target, v.extra);
  else if (v.dpp8)
    appendDpp8(out, v.extra, (v.vop3 ? (v.w1 & 0x1ff) : (v.w0 & 0x1ff)) == sreg::kDpp8Fi);
}

} // namespace gcnkit::disasm::detail::valu
