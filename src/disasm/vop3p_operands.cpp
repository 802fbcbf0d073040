// Operand forms of the vop3p family: VGPR-only sources holding something else, DPP controls.
#include <string_view>

#include "disasm/operands.h"
#include "disasm/vop3p_internal.h"

namespace gcnkit::disasm::detail::vop3p {

namespace {

// Tuples of 2 registers are 2-aligned, larger ones 4-aligned (as llvm-mc's decoder does).
unsigned alignTuple(unsigned first, unsigned regs) {
  if (regs == 2)
    return first & ~1u;
  if (regs >= 4)
    return first & ~3u;
  return first;
}

std::string_view registerClassName(unsigned regs) {
  switch (regs) {
  case 1:
    return "VGPR_32";
  case 2:
    return "VReg_64";
  case 4:
    return "VReg_128";
  default:
    return "VReg_256";
  }
}

bool isSrcName(unsigned enc) { return (enc >= 235 && enc <= 239) || (enc >= 251 && enc <= 253); }

// The scalar register a VGPR-only operand names, with llvm-mc's note (aligned tuples, vcc /
// exec for pairs and wider, null and the src_* names without a note).
void appendInvalidScalar(std::string &out, unsigned enc, unsigned regs) {
  if (regs > 1 && (enc == sreg::kVccLo || enc == sreg::kExecLo)) {
    out += enc == sreg::kVccLo ? "vcc" : "exec";
  } else if (enc == 254) {
    out += "src_lds_direct";
  } else if (enc == sreg::kNull) {
    out += "null";
  } else {
    appendScalarReg(out, enc, regs);
  }
  if (enc == sreg::kNull || isSrcName(enc))
    return;
  out += "/*Invalid register, operand has '";
  out += registerClassName(regs);
  out += "' register class*/";
}

} // namespace

bool isImmediateSrc(unsigned enc) { return isInlineConstant(enc) || enc == sreg::kLiteral; }

bool vgprOnlySrcDecodes(unsigned enc, unsigned regs) {
  if (enc >= 256)
    return enc - 256 + regs <= 256;
  if (enc < sreg::kVccLo)
    return alignTuple(enc, regs) + regs <= sreg::kVccLo;
  if (enc >= sreg::kTtmp0 && enc < sreg::kNull)
    return alignTuple(enc - sreg::kTtmp0, regs) + regs <= 16;
  switch (enc) {
  case sreg::kVccLo:
  case sreg::kExecLo:
  case sreg::kNull:
    return true;
  case sreg::kVccHi:
  case sreg::kM0:
  case sreg::kExecHi:
  case 254: // src_lds_direct
    return regs == 1;
  default:
    return isImmediateSrc(enc) || isSrcName(enc);
  }
}

void appendVgprOnlySrc(std::string &out, unsigned enc, unsigned regs, uint32_t literal) {
  if (enc >= 256) {
    appendVGPR(out, enc - 256, regs);
  } else if (isImmediateSrc(enc)) {
    appendValuSrc(out, enc, 1, isa::DataType::B32, literal);
    out += "/*Invalid immediate*/";
  } else {
    appendInvalidScalar(out, enc, regs);
  }
}

unsigned vgprOnlySrcField(unsigned enc, unsigned regs, uint32_t literal) {
  if (isImmediateSrc(enc))
    return static_cast<unsigned>(valuImmediateValue(enc, isa::DataType::B32, literal) & 0x1ff);
  if (enc < sreg::kVccLo)
    return alignTuple(enc, regs);
  if (enc >= sreg::kTtmp0 && enc < sreg::kNull)
    return sreg::kTtmp0 + alignTuple(enc - sreg::kTtmp0, regs);
  return enc;
}

// ---- DPP ---------------------------------------------------------------------------------------

void appendDpp16(std::string &out, uint32_t dpp) {
  const unsigned ctrl = (dpp >> 8) & 0x1ff;
  if (ctrl <= 0xff) {
    out += " quad_perm:[";
    for (unsigned i = 0; i < 4; ++i) {
      if (i)
        out += ',';
      out += static_cast<char>('0' + ((ctrl >> (2 * i)) & 3));
    }
    out += ']';
  } else {
    const unsigned n = ctrl & 0xf;
    std::string_view name;
    switch (ctrl & 0x1f0) {
    case 0x100:
      name = n ? " row_shl:" : "";
      break;
    case 0x110:
      name = n ? " row_shr:" : "";
      break;
    case 0x120:
      name = n ? " row_ror:" : "";
      break;
    case 0x150:
      name = " row_share:";
      break;
    case 0x160:
      name = " row_xmask:";
      break;
    default:
      break;
    }
    if (!name.empty()) {
      out += name;
      appendUDec(out, n);
    } else if (ctrl == 0x140) {
      out += " row_mirror";
    } else if (ctrl == 0x141) {
      out += " row_half_mirror";
    } else if (ctrl == 0x130) {
      out += " /* wave_shl is not supported starting from GFX10 */";
    } else if (ctrl == 0x134) {
      out += " /* wave_rol is not supported starting from GFX10 */";
    } else if (ctrl == 0x138) {
      out += " /* wave_shr is not supported starting from GFX10 */";
    } else if (ctrl == 0x13c) {
      out += " /* wave_ror is not supported starting from GFX10 */";
    } else if (ctrl == 0x142 || ctrl == 0x143) {
      out += " /* row_bcast is not supported starting from GFX10 */";
    } else {
      out += " /* Invalid dpp_ctrl value */";
    }
  }
  out += " row_mask:";
  appendHex(out, dpp >> 28);
  out += " bank_mask:";
  appendHex(out, (dpp >> 24) & 0xf);
  if (dpp & (1u << 19))
    out += " bound_ctrl:1";
  if (dpp & (1u << 18))
    out += " fi:1";
}

void appendDpp8(std::string &out, uint32_t dpp, bool fi) {
  out += " dpp8:[";
  for (unsigned i = 0; i < 8; ++i) {
    if (i)
      out += ',';
    out += static_cast<char>('0' + ((dpp >> (8 + 3 * i)) & 7));
  }
  out += ']';
  if (fi)
    out += " fi:1";
}

} // namespace gcnkit::disasm::detail::vop3p
