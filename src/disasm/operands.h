// Printing of the operand forms every family shares: scalar and vector registers, inline
// constants and literals, spelled exactly as llvm-mc-19 prints them for GFX11.
#pragma once

#include <cstdint>
#include <string>

#include "gcnkit/isa.h"

namespace gcnkit::disasm::detail {

void appendDec(std::string& out, int64_t v);
void appendUDec(std::string& out, uint64_t v);
// Lower-case hex with 0x prefix, no leading zeros ("0x0" for zero).
void appendHex(std::string& out, uint64_t v);

// Scalar operand encodings (8-bit SSRC / 7-bit SDST space) on GFX11.
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
}  // namespace sreg

// Appends the scalar register (tuple of `regs` dwords) at encoding `enc` (< 128, or one of the
// src_* names 235..239, 251..253). Returns false when llvm-mc cannot name it (the decode fails).
// Tuples are aligned down as llvm-mc's decoder does (s[96:97] for an odd first register of a
// pair; quad alignment for 4+ registers).
bool appendScalarReg(std::string& out, unsigned enc, unsigned regs);

// Appends v<N> or v[N:N+regs-1].
void appendVGPR(std::string& out, unsigned index, unsigned regs);

// True for encodings 128..208 and 240..248: integer and float inline constants.
constexpr bool isInlineConstant(unsigned enc) {
  return (enc >= 128 && enc <= 208) || (enc >= 240 && enc <= 248);
}

// Appends the inline constant `enc` as printed for an operand of `type`.
void appendInlineConstant(std::string& out, unsigned enc, isa::DataType type);

}  // namespace gcnkit::disasm::detail
