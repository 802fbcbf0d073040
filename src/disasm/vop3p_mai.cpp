// gfx908's MAI group: the v_mfma_* rows (mod::Mai) of the VOP3P opcode space. The packed
// layout's modifier bits mean other things here, and the operands are AccVGPRs:
//
// w0 = VDST[7:0] (aN) CBSZ[10:8] ABID[14:11] (bit 15 ignored) OP[22:16],
// w1 = SRC0[8:0] (A) SRC1[17:9] (B) SRC2[26:18] (C) ACC[28:27] BLGP[31:29].
//
// D is an AccVGPR tuple; A and B are VGPRs or AccVGPRs as their ACC bit says; C is an AccVGPR
// tuple (256 + N), or an inline constant, which llvm-mc's decoder prints plainly although its
// assembler refuses it. Scalar registers and (for A and B) constants print with llvm-mc's
// notes. Nothing takes a literal.
#include "disasm/operands.h"
#include "disasm/vop3p_internal.h"

namespace gcnkit::disasm::detail::vop3p {

namespace {

using isa::InstrDesc;

constexpr unsigned kAccShift = 59; // bit 59 + i: source i (A, B) is an AccVGPR

uint64_t word64(const Inst &inst) { return inst.words[0] | uint64_t{inst.words[1]} << 32; }

unsigned srcField(uint64_t q, unsigned i) {
  return static_cast<unsigned>((q >> (32 + 9 * i)) & 0x1ff);
}

unsigned regsOf(const InstrDesc &d, unsigned op) { return d.operands[op].regs; }

void appendField(std::string &out, const char *name, unsigned value) {
  if (value == 0)
    return;
  out += name;
  appendUDec(out, value);
}

} // namespace

DecodeStatus decodeMai(const InstrDesc &d, std::span<const uint8_t> bytes, Inst &inst) {
  const uint32_t w0 = readDword(bytes, 0);
  const uint32_t w1 = readDword(bytes, 1);
  const uint64_t q = w0 | uint64_t{w1} << 32;
  if (isa::bits(w0, 7, 0) + regsOf(d, 0) > 256)
    return DecodeStatus::Fail;
  for (unsigned i = 0; i < 3; ++i)
    if (!registerOnlySrcDecodes(inst.target, srcField(q, i), regsOf(d, i + 1), false))
      return DecodeStatus::Fail;
  inst.words[0] = w0;
  inst.words[1] = w1;
  inst.desc = &d;
  inst.size = 8;
  inst.flags = 0;
  return DecodeStatus::Success;
}

void printMai(const Inst &inst, std::string &out) {
  const InstrDesc &d = *inst.desc;
  const uint64_t q = word64(inst);
  out += d.name;
  out += ' ';
  appendAGPR(out, inst.words[0] & 0xff, regsOf(d, 0));
  for (unsigned i = 0; i < 3; ++i) {
    out += ", ";
    const unsigned enc = srcField(q, i);
    const unsigned regs = regsOf(d, i + 1);
    if (i == 2 && isInlineConstant(enc))
      appendValuSrc(out, inst.target, enc, 1, d.operands[3].type, 0);
    else if (enc >= 256)
      appendRegister(out, i == 2 || ((q >> (kAccShift + i)) & 1) ? 'a' : 'v', enc - 256, regs);
    else
      appendRegisterOnlySrc(out, inst.target, enc, regs, 0, i == 2 ? RegFile::AGPR : RegFile::AV);
  }
  appendField(out, " cbsz:", isa::bits(q, 10, 8));
  appendField(out, " abid:", isa::bits(q, 14, 11));
  appendField(out, " blgp:", isa::bits(q, 63, 61));
}

void encodeMai(const Inst &inst, std::string &out) {
  const InstrDesc &d = *inst.desc;
  uint64_t q = word64(inst);
  if (d.flags & kClampIgnored)
    q &= ~(uint64_t{1} << 15);
  for (unsigned i = 0; i < 3; ++i) {
    const unsigned enc = srcField(q, i);
    if (enc >= 256 || (i == 2 && isInlineConstant(enc)))
      continue;
    // A scalar A or B is no AccVGPR: its ACC bit is written as 0.
    if (i < 2)
      q &= ~(uint64_t{1} << (kAccShift + i));
    // (llvm-mc-19 -show-encoding crashes on an immediate A or B: docs/differences.md)
    const unsigned field = registerOnlySrcField(inst.target, enc, regsOf(d, i + 1), 0);
    const unsigned shift = 32 + 9 * i;
    q = (q & ~(uint64_t{0x1ff} << shift)) | uint64_t{field} << shift;
  }
  appendDword(out, static_cast<uint32_t>(q));
  appendDword(out, static_cast<uint32_t>(q >> 32));
}

} // namespace gcnkit::disasm::detail::vop3p
