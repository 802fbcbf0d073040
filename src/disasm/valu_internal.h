// Internal interface of the VALU family codec (valu_codec.cpp: decode / encode,
// valu_print.cpp: printing): the decoded view of an instruction and the row flag layout.
#pragma once

#include <cstdint>
#include <string>

#include "gcnkit/disasm.h"
#include "isa/wave_size.h"

namespace gcnkit::disasm::detail::valu {

using isa::DataType;
using isa::Field;
using isa::Format;
using isa::InstrDesc;
using isa::OperandDesc;
using isa::OperandKind;

// Inst::flags bits set by decode.
inline constexpr uint8_t kIsVop3 = 1 << 0;
inline constexpr uint8_t kDpp16 = 1 << 1;
inline constexpr uint8_t kDpp8 = 1 << 2;
inline constexpr uint8_t kHasLiteral = 1 << 3; // a literal dword follows (words[1] or words[2])
inline constexpr uint8_t kSdwa = 1 << 4;       // gfx9 SDWA: words[1] is the SDWA dword

// Row flag bits (scripts/isa/gfx1100_valu.py).
inline constexpr uint32_t kModValidShift = 0;
inline constexpr uint32_t kModKeptShift = 13;
inline constexpr uint32_t kModMask = 0x1fff;
inline constexpr uint32_t kOpSelArityShift = 26;   // VOP3: op_sel entries printed (3 bits)
inline constexpr uint32_t kDppIntShift = 29;       // VOP3: source i is an integer in DPP forms
inline constexpr uint32_t kLo128Shift = 0;         // VOP1/2/C: operand i is a Lo128 16-bit VGPR
inline constexpr uint32_t kHiVgprFailsShift = 4;   // VOP1/2/C: operand i fails with v128+
inline constexpr uint32_t kDppModValidShift = 8;   // VOP1/2/C: DPP16 dword bits 20..23 accepted
inline constexpr uint32_t kDppModKeptShift = 12;   // VOP1/2/C: ... and kept by the re-encoding
inline constexpr uint32_t kSdwaModShift = 16;      // VOP1/2/C: SDWA modifier bits accepted (8)
inline constexpr uint32_t kDppModSilentShift = 24; // VOP1/2/C: DPP16 bits kept, not printed
inline constexpr uint32_t kTrue16 = 1u << 31;      // VOP1/2/C: .l / .h 16-bit VGPRs

// Modifier bit positions in the 13-bit modifier word: word0 bits 8..15, word1 bits 27..31.
inline constexpr unsigned kAbsBit = 0;   // 3 bits
inline constexpr unsigned kOpSelBit = 3; // 4 bits
inline constexpr unsigned kClampBit = 7; //
inline constexpr unsigned kOmodBit = 8;  // 2 bits
inline constexpr unsigned kNegBit = 10;  // 3 bits

// The decoded view of an instruction, shared by print and encode.
struct View {
  const InstrDesc *d;
  isa::Target target;
  bool vop3, dpp16, dpp8, sdwa;
  bool wave64;            // lane masks are SGPR pairs
  bool assemblerListing;  // PrintOptions::assemblerListing
  uint32_t w0, w1, extra; // extra: DPP or SDWA dword, or literal
  uint32_t lit;           // the literal dword
  uint32_t mods;          // 13-bit modifier word (VOP3)

  // Operand i of the row, with its register count in this wave size (lane masks).
  OperandDesc operand(unsigned i) const {
    OperandDesc o = d->operands[i];
    o.regs = static_cast<uint8_t>(isa::operandRegs(*d, i, wave64));
    return o;
  }

  // The raw value of an encoding field (VSRC1: the 8-bit VGPR number).
  uint32_t field(Field f) const {
    if (vop3) {
      switch (f) {
      case Field::VDST:
        return w0 & 0xff;
      case Field::SDST:
        return (w0 >> 8) & 0x7f;
      case Field::SRC0:
        return w1 & 0x1ff;
      case Field::SRC1:
        return (w1 >> 9) & 0x1ff;
      case Field::SRC2:
        return (w1 >> 18) & 0x1ff;
      default:
        return 0;
      }
    }
    switch (f) {
    case Field::VDST:
      return (w0 >> 17) & 0xff;
    case Field::SRC0:
      return w0 & 0x1ff;
    case Field::VSRC1:
      return (w0 >> 9) & 0xff;
    default:
      return 0;
    }
  }
};

// The view of a decoded instruction.
View viewOf(const Inst &inst, WaveSize wave);

// gfx9's VOP3 interpolations: SRC0 is an LDS attribute (attr[5:0], channel[7:6], bit 8 `high`
// where the row has mod::OpSel), printed `attrN.c`; v_interp_mov's SRC1 is a parameter.
inline bool isInterpolation(const InstrDesc &d) {
  for (unsigned i = 0; i < d.numOperands; ++i)
    if (d.operands[i].field == Field::SRC0 && d.operands[i].kind == OperandKind::Special)
      return true;
  return false;
}

// Source operands (SRC0/1/2, VSRC1) and their index 0..2.
bool isSource(const OperandDesc &o);
unsigned srcIndex(Field f);

// False for integer sources: llvm-mc shows no abs on them and prints neg as sext(x).
bool takesInputModifiers(const OperandDesc &o);

// A scalar destination field naming the literal makes llvm-mc read the literal as a 32-bit
// value first; an f64 source sharing it then sees that value instead of literal << 32.
bool literalTakenAs32(const View &v, const OperandDesc &o);

// Appends operand `opIndex` of the row (o: v.operand(opIndex)); false when llvm-mc cannot decode
// it.
bool appendOperand(std::string &out, const View &v, const OperandDesc &o, unsigned opIndex);

// Appends the whole instruction text.
void printView(const View &v, std::string &out);

// SDWA forms (valu_sdwa.cpp): whether llvm-mc decodes the SDWA dword for the row, the text,
// and the first dword and SDWA dword as llvm-mc re-encodes them.
bool sdwaDecodes(const View &v);
void printSdwa(const View &v, std::string &out);
void encodeSdwa(const View &v, uint32_t &w0, uint32_t &sdwa);

} // namespace gcnkit::disasm::detail::valu
