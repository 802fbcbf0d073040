// VOPD: two VALU operations issued together, printed "X :: Y".
//
// Layout: w0 = SRC0X[8:0] VSRC1X[16:9] OPY[21:17] OPX[25:22], w1 = SRC0Y[8:0] VSRC1Y[16:9]
// VDSTY[23:17] VDSTX[31:24]. VDSTY holds bits [7:1] of the Y destination; its low bit is the
// inverse of VDSTX's, so the two destinations always differ in parity. One literal dword
// follows when either SRC0 is 255 or a component is fmaak / fmamk; both components read it.
// llvm-mc does not check the VGPR bank rules, so neither does the decoder.
#include "disasm/operands.h"
#include "disasm/vop3p_internal.h"

namespace gcnkit::disasm::detail::vop3p {

namespace {

using isa::Field;
using isa::InstrDesc;
using isa::OperandKind;

// Y components are stored at OPY + 0x20 (see scripts/isa/gfx1100_vop3p.py).
constexpr unsigned kYOpcodeBase = 0x20;

const InstrDesc *componentY(uint32_t w0) { // VOPD exists only on GFX11
  return isa::lookup(isa::Target::GFX1100, isa::Format::VOPD, kYOpcodeBase + isa::bits(w0, 21, 17));
}

bool hasField(const InstrDesc &d, Field f) {
  for (unsigned i = 0; i < d.numOperands; ++i)
    if (d.operands[i].field == f)
      return true;
  return false;
}

bool hasKImm(const InstrDesc &d) { return hasField(d, Field::LITERAL); }

bool srcDecodes(unsigned enc) { return !((enc >= 209 && enc <= 234) || enc == 249 || enc == 250); }

struct Fields {
  unsigned src0, vsrc1, vdst;
};

Fields fieldsX(const Inst &inst) {
  return {isa::bits(inst.words[0], 8, 0), isa::bits(inst.words[0], 16, 9),
          isa::bits(inst.words[1], 31, 24)};
}

Fields fieldsY(const Inst &inst) {
  const unsigned vdstx = isa::bits(inst.words[1], 31, 24);
  return {isa::bits(inst.words[1], 8, 0), isa::bits(inst.words[1], 16, 9),
          isa::bits(inst.words[1], 23, 17) << 1 | ((vdstx & 1) ^ 1)};
}

isa::DataType src0Type(const InstrDesc &d, bool kimm);

void appendComponent(const InstrDesc &d, const Fields &f, uint32_t literal, bool kimm,
                     std::string &out) {
  out += d.name;
  for (unsigned i = 0; i < d.numOperands; ++i) {
    const isa::OperandDesc &o = d.operands[i];
    out += i ? ", " : " ";
    switch (o.field) {
    case Field::VDSTX:
    case Field::VDSTY:
      appendVGPR(out, f.vdst, 1);
      break;
    case Field::SRC0X:
    case Field::SRC0Y:
      appendValuSrc(out, isa::Target::GFX1100, f.src0, 1, src0Type(d, kimm), literal);
      break;
    case Field::VSRC1X:
    case Field::VSRC1Y:
      appendVGPR(out, f.vsrc1, 1);
      break;
    default: // the fmaak / fmamk constant
      appendHex(out, literal);
      break;
    }
  }
}

// With a mandatory literal (fmaak / fmamk) in either component, llvm-mc decodes the shared
// literal as a plain 32-bit value for both sources, whatever their type.
isa::DataType src0Type(const InstrDesc &d, bool kimm) {
  if (kimm)
    return isa::DataType::B32;
  for (unsigned i = 0; i < d.numOperands; ++i)
    if (d.operands[i].field == Field::SRC0X || d.operands[i].field == Field::SRC0Y)
      return d.operands[i].type;
  return isa::DataType::B32;
}

} // namespace

DecodeStatus decodeDual(std::span<const uint8_t> bytes, Inst &inst) {
  if (bytes.size() < 8)
    return DecodeStatus::Fail;
  const uint32_t w0 = readDword(bytes, 0);
  const uint32_t w1 = readDword(bytes, 1);
  const InstrDesc *x = isa::lookup(inst.target, isa::Format::VOPD, isa::bits(w0, 25, 22));
  const InstrDesc *y = componentY(w0);
  if (!x || !y)
    return DecodeStatus::Fail;
  // A component without VSRC1 (v_dual_mov_b32) needs the field to be zero.
  if ((!hasField(*x, Field::VSRC1X) && isa::bits(w0, 16, 9)) ||
      (!hasField(*y, Field::VSRC1Y) && isa::bits(w1, 16, 9)))
    return DecodeStatus::Fail;
  const unsigned src0x = isa::bits(w0, 8, 0);
  const unsigned src0y = isa::bits(w1, 8, 0);
  if (!srcDecodes(src0x) || !srcDecodes(src0y))
    return DecodeStatus::Fail;
  size_t size = 8;
  if (src0x == sreg::kLiteral || src0y == sreg::kLiteral || hasKImm(*x) || hasKImm(*y))
    size = 12;
  if (bytes.size() < size)
    return DecodeStatus::Fail;
  for (size_t i = 0; i < size / 4; ++i)
    inst.words[i] = readDword(bytes, i);
  inst.desc = x;
  inst.size = static_cast<uint8_t>(size);
  inst.flags = 0;
  return DecodeStatus::Success;
}

void printDual(const Inst &inst, std::string &out) {
  const uint32_t literal = inst.size == 12 ? inst.words[2] : 0;
  const InstrDesc &y = *componentY(inst.words[0]);
  const bool kimm = hasKImm(*inst.desc) || hasKImm(y);
  appendComponent(*inst.desc, fieldsX(inst), literal, kimm, out);
  out += " :: ";
  appendComponent(y, fieldsY(inst), literal, kimm, out);
}

void encodeDual(const Inst &inst, std::string &out) {
  const InstrDesc &x = *inst.desc;
  const InstrDesc &y = *componentY(inst.words[0]);
  const uint32_t lit = inst.size == 12 ? inst.words[2] : 0;
  const bool kimm = hasKImm(x) || hasKImm(y);
  const ValuSrcEncoding ex =
      reencodeValuSrc(isa::bits(inst.words[0], 8, 0), src0Type(x, kimm), lit);
  const ValuSrcEncoding ey =
      reencodeValuSrc(isa::bits(inst.words[1], 8, 0), src0Type(y, kimm), lit);
  appendDword(out, (inst.words[0] & ~0x1ffu) | ex.field);
  appendDword(out, (inst.words[1] & ~0x1ffu) | ey.field);
  if (kimm)
    appendDword(out, lit);
  else if (ex.hasLiteral)
    appendDword(out, ex.literal);
  else if (ey.hasLiteral)
    appendDword(out, ey.literal);
}

} // namespace gcnkit::disasm::detail::vop3p
