// Scalar operands of the salu family as llvm-mc-19 decodes, prints and re-encodes them: SGPR /
// TTMP tuples and special registers checked against the operand's register class, inline
// constants, literals, and constants given to register-only operands.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "gcnkit/isa.h"

namespace gcnkit::disasm::detail::salu {

// Register classes llvm-mc checks scalar operands against; a decodable register outside the
// class prints with an "Invalid register" note.
enum class RegClass : uint8_t { Src, SmemData, SmemBase };

RegClass classOf(isa::Field f);

struct RegName {
  bool valid = false;
  std::string_view name; // "s" / "ttmp" with a range, or a whole name
  bool ranged = false;
  unsigned first = 0;
  unsigned canonical = 0;        // what the encoder writes back (tuples aligned down)
  std::string_view invalidClass; // register class named in an "Invalid register" note
};

// How llvm-mc's decoder names scalar encoding `enc` (0..127, or the 8-bit source values
// 235..239, 251..254) of `target` for an operand of `regs` dwords. Tuples are aligned down (2
// registers to even, 4 or more to a multiple of 4) and must fit in the SGPR / TTMP file.
RegName resolveReg(isa::Target target, unsigned enc, unsigned regs, RegClass cls);
void appendReg(std::string &out, const RegName &r, unsigned regs);

// A 32-bit value as llvm-mc prints an immediate of a 32-bit operand: -16..64 decimal, the
// float inline values by name, otherwise hex.
void appendValue32(std::string &out, uint32_t v);

// A source operand (SReg / SSrc) with 8-bit encoding `enc`; literal is the instruction's
// literal dword (read when enc is 255).
void appendSrc(std::string &out, isa::Target target, const isa::OperandDesc &o, unsigned enc,
               uint32_t literal);

// The 8-bit field and literal llvm-mc's encoder writes back for a decoded source.
struct SrcEncoding {
  unsigned field;
  bool literal;
};
SrcEncoding reencodeSrc(isa::Target target, const isa::OperandDesc &o, unsigned enc,
                        uint32_t literal);

} // namespace gcnkit::disasm::detail::salu
