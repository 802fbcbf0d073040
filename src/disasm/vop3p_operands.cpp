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
void appendInvalidScalar(std::string &out, isa::Target target, unsigned enc, unsigned regs) {
  if (regs > 1 && (enc == sreg::kVccLo || enc == sreg::kExecLo)) {
    out += enc == sreg::kVccLo ? "vcc" : "exec";
  } else if (enc == 254) {
    out += "src_lds_direct";
  } else if (enc == sreg::kNull) {
    out += "null";
  } else {
    appendScalarReg(out, target, enc, regs);
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

void appendVgprOnlySrc(std::string &out, isa::Target target, unsigned enc, unsigned regs,
                       uint32_t literal) {
  if (enc >= 256) {
    appendVGPR(out, enc - 256, regs);
  } else if (isImmediateSrc(enc)) {
    appendValuSrc(out, target, enc, 1, isa::DataType::B32, literal);
    out += "/*Invalid immediate*/";
  } else {
    appendInvalidScalar(out, target, enc, regs);
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

} // namespace gcnkit::disasm::detail::vop3p
