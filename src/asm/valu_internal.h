// Internal interface of the VALU matcher (valu_match.cpp: forms and encoding,
// valu_checks.cpp: what llvm-mc decides while parsing the operands, before any matching).
#pragma once

#include <optional>

#include "asm/match.h"

namespace gcnkit::assembler::valu {

// Row flag layout of the VALU rows (scripts/isa/gfx1100_valu.py), as far as the assembler
// needs it.
//   VOP3 / VOP3SD: bits 13..25 the modifier bits llvm-mc's encoder keeps (13-bit modifier word:
//                  abs 0..2, op_sel 3..6, clamp 7, omod 8..9, neg 10..12); bits 26..28 the
//                  number of op_sel entries llvm-mc prints; bits 29..31 source
//                  i is an integer operand (sext, no abs) in the DPP forms.
//   VOP1/2/C:      bits 0..3 operand i is a VGPR limited to v0..v127; bits 4..7 operand i
//                  cannot be v128+ either; bits 12..15 the DPP16 source modifier bits (src0
//                  neg, src0 abs, src1 neg, src1 abs); bit 31 .l / .h 16-bit VGPRs.
inline constexpr uint32_t kModKeptShift = 13;
inline constexpr uint32_t kModMask = 0x1fff;
inline constexpr uint32_t kOpSelArityShift = 26; // VOP3: op_sel entries llvm-mc prints
inline constexpr uint32_t kDppIntShift = 29;
inline constexpr uint32_t kLo128Shift = 0;
inline constexpr uint32_t kHiVgprFailsShift = 4;
inline constexpr uint32_t kDppModKeptShift = 12;
inline constexpr uint32_t kSdwaModShift = 16; // VOP1/2/C: SDWA clamp, omod, src0 / src1 sext,
                                              // neg, abs accepted (8 bits, valu_learn.py)
inline constexpr uint32_t kTrue16 = 1u << 31;
inline constexpr unsigned kAbsBit = 0, kOpSelBit = 3, kClampBit = 7, kOmodBit = 8, kNegBit = 10;

inline bool isVop3(const isa::InstrDesc &row) {
  return row.format == isa::Format::VOP3 || row.format == isa::Format::VOP3SD;
}

// Modifier bits of the 13-bit word the VOP3 encoder keeps for this row.
inline uint32_t keptModifiers(const isa::InstrDesc &row) {
  return (row.flags >> kModKeptShift) & kModMask;
}

// gfx9's VOP3 interpolations, whose SRC0 is an LDS attribute (OperandKind::Special).
inline bool isInterpolation(const isa::InstrDesc &row) {
  for (unsigned i = 0; i < row.numOperands; ++i)
    if (row.operands[i].field == isa::Field::SRC0 &&
        row.operands[i].kind == isa::OperandKind::Special)
      return true;
  return false;
}

// v_cndmask_b32's 32-bit forms may leave out their final vcc operand (the table row lists it;
// llvm-mc's parser makes it optional).
inline bool implicitVccOptional(const isa::InstrDesc &row) {
  return row.name == "v_cndmask_b32_e32";
}

// The 32-bit (VOP1/2/C) and 64-bit (VOP3/VOP3SD) rows of one mnemonic; either may be null.
struct RowPair {
  const isa::InstrDesc *e32 = nullptr;
  const isa::InstrDesc *e64 = nullptr;
};
RowPair rowPairOf(isa::Target target, const isa::InstrDesc &row);

// Priorities of failures, so that the candidate loop reports what llvm-mc reports: an error
// found while parsing the operands beats everything; an instruction that matched but failed
// a later check (constant bus, literals) beats match failures; a match that needs a feature
// GFX11 lacks beats operand mismatches; among mismatches llvm-mc reports the last encoding
// variant it tried (e32, e64, DPP, e64 DPP), at the operand where it stopped.
inline constexpr int kParseErrorProgress = 400000;
inline constexpr int kValidationProgress = 300000;
inline constexpr int kMissingFeatureProgress = 200000;
inline constexpr int kVariantProgress = 1000;

// The first operand llvm-mc's parser rejects for this mnemonic (values of DPP controls,
// op_sel and omod, modifiers no encoding of the mnemonic takes, unknown names), or nullopt.
std::optional<Attempt> parseErrors(const MatchInput &in, const RowPair &rows);

} // namespace gcnkit::assembler::valu
