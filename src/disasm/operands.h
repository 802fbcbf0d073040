// Printing of the operand forms every family shares: scalar and vector registers, inline
// constants and literals, spelled exactly as llvm-mc-19 prints them for GFX11.
#pragma once

#include <cstdint>
#include <string>

#include "gcnkit/isa.h"
#include "isa/sdwa.h"
#include "support/numbers.h"

namespace gcnkit::disasm::detail {

using support::appendDec;
using support::appendHex;
using support::appendUDec;

// Scalar operand encodings (8-bit SSRC / 7-bit SDST space) on GFX11. Code that serves every
// target asks isa::targetInfo(target).sregs instead.
namespace sreg {
inline constexpr unsigned kVccLo = 106;
inline constexpr unsigned kVccHi = 107;
inline constexpr unsigned kTtmp0 = 108;
inline constexpr unsigned kNull = 124;
inline constexpr unsigned kM0 = 125;
inline constexpr unsigned kExecLo = 126;
inline constexpr unsigned kExecHi = 127;
inline constexpr unsigned kIntZero = 128;
inline constexpr unsigned kLiteral = 255;
inline constexpr unsigned kDpp8 = 233;
inline constexpr unsigned kDpp8Fi = 234;
inline constexpr unsigned kDpp16 = 250;
inline constexpr unsigned kSdwa = isa::sdwa::kSrc0Marker; // gfx9
} // namespace sreg

// llvm-mc's decoder names SGPR tuples that start below the target's SGPR count and end at or
// below s105 on every target (gfx9's s[100:103] although s102 is flat_scratch_lo there).
inline constexpr unsigned kSgprTupleEnd = 106;

// Appends the scalar register (tuple of `regs` dwords) at encoding `enc` (< 128, or one of the
// src_* names 235..239, 251..253) of `target`. Returns false when llvm-mc cannot name it (the
// decode fails). Tuples are aligned down as llvm-mc's decoder does (s[96:97] for an odd first
// register of a pair; quad alignment for 4+ registers).
bool appendScalarReg(std::string &out, isa::Target target, unsigned enc, unsigned regs);

// Appends v<N> or v[N:N+regs-1].
void appendVGPR(std::string &out, unsigned index, unsigned regs);
// Appends a<N> or a[N:N+regs-1] (AccVGPRs, gfx908).
void appendAGPR(std::string &out, unsigned index, unsigned regs);

// True for encodings 128..208 and 240..248: integer and float inline constants.
constexpr bool isInlineConstant(unsigned enc) {
  return (enc >= 128 && enc <= 208) || (enc >= 240 && enc <= 248);
}

// Appends the inline constant `enc` as printed for an operand of `type`.
void appendInlineConstant(std::string &out, unsigned enc, isa::DataType type);

// ---- 9-bit VALU sources (VOP1/VOP2/VOPC/VOP3/VOP3P src fields) ----------------------------
//
// llvm-mc's decoder turns an inline constant or a literal into an immediate value whose width
// and meaning depend on the operand's DataType; the printer then spells that value, and the
// encoder re-derives the src field from it (so a literal equal to an inline constant comes back
// as the inline constant, and an integer-16 operand's float inline constant comes back as a
// literal). These two functions model both directions for one source operand:
//   32-bit (B32/I32/U32/F32): value = literal; ints -16..64 print decimal, the f32 bit patterns
//     of 0.5, 1.0, 2.0, 4.0 (and negatives) and 1/(2pi) print as floats, otherwise 32-bit hex.
//   F64: the 32-bit literal is the high half; prints as the f64 value when it is an inline
//     value, otherwise the hex of the literal dword.
//   B64/I64/U64: the literal is zero-extended.
//   F16: printed from the low 16 bits (f16 inline values), hex of the low half otherwise; the
//     re-encoded literal keeps all 32 bits.
//   B16/I16/U16: integer inline check on the whole dword, then the f32 float patterns, else
//     the hex of the low half; float inline constants decode to f16 bit patterns and print as
//     hex (0x3800), re-encoded as a literal.
//   BF16: low half checked against int and bf16 inline values, otherwise 32-bit hex.
//   V2F16 / V2BF16 (packed): whole dword checked (int, then f16/bf16 pattern with a zero high
//     half), otherwise 32-bit hex. V2I16 / V2F32 / other packed types are printed like 32-bit
//     (the VOP3P family may refine them).
//
// enc: 0..255 scalar space (SGPR, specials, inline constants, 255 = literal), 256..511 VGPRs.
// regs: dwords of a register operand (1, 2, 4...). literal: the dword after the instruction
// (only read when enc == 255). Returns false when llvm-mc cannot decode the operand (reserved
// encodings, DPP markers 233/234/250, misaligned/oversized specials, lds_direct for 64-bit).
// `assemblerListing`: as llvm-mc's listing of assembled code prints it (PrintOptions).
bool appendValuSrc(std::string &out, isa::Target target, unsigned enc, unsigned regs,
                   isa::DataType type, uint32_t literal, bool assemblerListing = false);

// What llvm-mc's encoder writes back for a decoded source: the src field and, when it needs
// one, the literal dword.
struct ValuSrcEncoding {
  uint16_t field = 0;
  bool hasLiteral = false;
  uint32_t literal = 0;
};
ValuSrcEncoding reencodeValuSrc(unsigned enc, isa::DataType type, uint32_t literal);

// The immediate value llvm-mc's decoder holds for an inline constant / literal of this type
// (64-bit types: the full 64-bit pattern). Used for operands that llvm-mc prints with an
// "Invalid immediate" note and re-encodes from the raw value.
uint64_t valuImmediateValue(unsigned enc, isa::DataType type, uint32_t literal);

} // namespace gcnkit::disasm::detail
