// Operand forms of the vop3p family: register-only sources (VGPRs, AccVGPRs) holding something
// else.
#include <string_view>

#include "disasm/operands.h"
#include "disasm/vop3p_internal.h"
#include "isa/target_info.h"

namespace gcnkit::disasm::detail::vop3p {

namespace {

// Registers of a scalar tuple as llvm-mc's decoder names it: 1024-bit classes have no scalar
// counterpart, and it names the first register alone.
unsigned scalarRegs(unsigned regs) { return regs == 32 ? 1 : regs; }

// Tuples of 2 registers are 2-aligned, larger ones 4-aligned (as llvm-mc's decoder does).
unsigned alignTuple(unsigned first, unsigned regs) {
  if (regs == 2)
    return first & ~1u;
  if (regs >= 4)
    return first & ~3u;
  return first;
}

bool isSrcName(unsigned enc) { return (enc >= 235 && enc <= 239) || (enc >= 251 && enc <= 253); }

// The 64-bit special registers (vcc, exec, and gfx9's flat_scratch and xnack_mask): a tuple of
// any width starting at the low half keeps the pair's name.
bool isPairLow(const isa::ScalarRegisters &sr, unsigned enc) {
  constexpr uint8_t kNone = isa::ScalarRegisters::kNone;
  return enc != kNone &&
         (enc == sr.vcc || enc == sr.exec || enc == sr.flatScratch || enc == sr.xnackMask);
}

std::string_view pairName(const isa::ScalarRegisters &sr, unsigned enc) {
  if (enc == sr.vcc)
    return "vcc";
  if (enc == sr.exec)
    return "exec";
  return enc == sr.flatScratch ? "flat_scratch" : "xnack_mask";
}

// "VGPR_32", "VReg_64", "AGPR_32", "AReg_512", "AV_64": llvm-mc's register class names.
void appendClassName(std::string &out, RegFile file, unsigned regs) {
  switch (file) {
  case RegFile::VGPR:
    out += regs == 1 ? "VGPR" : "VReg";
    break;
  case RegFile::AGPR:
    out += regs == 1 ? "AGPR" : "AReg";
    break;
  case RegFile::AV:
    out += "AV";
    break;
  }
  out += '_';
  appendUDec(out, 32 * regs);
}

// The scalar register a register-only operand names, with llvm-mc's note (aligned tuples, the
// 64-bit specials for pairs and wider, null and the src_* names without a note).
void appendInvalidScalar(std::string &out, isa::Target target, unsigned enc, unsigned regs,
                         RegFile file) {
  const isa::ScalarRegisters &sr = isa::targetInfo(target).sregs;
  if (regs > 1 && isPairLow(sr, enc)) {
    out += pairName(sr, enc);
  } else if (enc == 254) {
    out += "src_lds_direct";
  } else if (enc == sr.printedNull) {
    out += "null";
  } else {
    appendScalarReg(out, target, enc, scalarRegs(regs));
  }
  if (enc == sr.printedNull || isSrcName(enc))
    return;
  out += "/*Invalid register, operand has '";
  appendClassName(out, file, regs);
  out += "' register class*/";
}

} // namespace

bool isImmediateSrc(unsigned enc) { return isInlineConstant(enc) || enc == sreg::kLiteral; }

bool registerOnlySrcDecodes(isa::Target target, unsigned enc, unsigned regs, bool literal) {
  if (enc >= 256)
    return enc - 256 + regs <= 256;
  const isa::ScalarRegisters &sr = isa::targetInfo(target).sregs;
  const unsigned sregs = scalarRegs(regs);
  if (enc < sr.sgprs)
    return alignTuple(enc, sregs) + sregs <= kSgprTupleEnd;
  if (enc >= sr.ttmp && enc < sr.ttmp + 16u)
    return alignTuple(enc - sr.ttmp, sregs) + sregs <= 16;
  if (enc == sr.printedNull || isPairLow(sr, enc))
    return true;
  if (enc < 128 || enc == 254) // the high halves, m0, src_lds_direct
    return regs == 1;
  if (enc == sreg::kLiteral)
    return literal;
  return isInlineConstant(enc) || isSrcName(enc);
}

void appendRegisterOnlySrc(std::string &out, isa::Target target, unsigned enc, unsigned regs,
                           uint32_t literal, RegFile file) {
  if (enc >= 256) {
    appendRegister(out, file == RegFile::AGPR ? 'a' : 'v', enc - 256, regs);
  } else if (isImmediateSrc(enc)) {
    appendValuSrc(out, target, enc, 1, isa::DataType::B32, literal);
    out += "/*Invalid immediate*/";
  } else {
    appendInvalidScalar(out, target, enc, regs, file);
  }
}

unsigned registerOnlySrcField(isa::Target target, unsigned enc, unsigned regs, uint32_t literal) {
  if (isImmediateSrc(enc))
    return static_cast<unsigned>(valuImmediateValue(enc, isa::DataType::B32, literal) & 0x1ff);
  const isa::ScalarRegisters &sr = isa::targetInfo(target).sregs;
  if (enc < sr.sgprs)
    return alignTuple(enc, scalarRegs(regs));
  if (enc >= sr.ttmp && enc < sr.ttmp + 16u)
    return sr.ttmp + alignTuple(enc - sr.ttmp, scalarRegs(regs));
  return enc;
}

void appendRegister(std::string &out, char file, unsigned index, unsigned regs) {
  if (file == 'a')
    appendAGPR(out, index, regs);
  else
    appendVGPR(out, index, regs);
}

} // namespace gcnkit::disasm::detail::vop3p
