// Register operands in every syntax llvm-mc-19 accepts for GFX11: v/s/ttmp/a names, ranges
// (`v[0:3]`, `s[2*2]`, `s [0:1]`), SP3 lists (`[s4,s5]`, `[exec_lo,exec_hi]`), and the named
// special registers, with llvm-mc's diagnostics for bad ranges, lists and alignment.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "asm/lexer.h"
#include "gcnkit/isa.h"

namespace gcnkit::assembler {

enum class RegKind : uint8_t { SGPR, VGPR, TTMP, AGPR, Special };

struct Register {
  RegKind kind = RegKind::SGPR;
  unsigned index = 0;  // first register (SGPR/VGPR/TTMP/AGPR number; special: its encoding)
  unsigned count = 1;  // 32-bit registers in the tuple
  bool hiHalf = false; // `.h` 16-bit half (true16 syntax)
  bool loHalf = false; // `.l`
  size_t offset = 0;   // where the operand starts

  // The 8/9-bit operand encoding of the first register: SGPR n, TTMP 108+n (on every target
  // gcnkit has), specials as named (their encoding on the target they were parsed for), VGPR
  // 256+n. AGPRs have no encoding in these fields (MFMA operands select them with other bits).
  unsigned encoding() const;
};

struct RegisterError {
  std::string message;
  size_t offset = 0;
};

enum class RegParse : uint8_t { NotARegister, Ok, Error };

// Parses a register at toks[pos]. NotARegister leaves pos unchanged (the operand may be a
// symbol, e.g. `V1` or `s0x`); Ok advances past it; Error fills err.
// `underInputModifier`: the register stands inside `-x`, `|x|`, `neg(x)`... (where llvm-mc-19
// accepts src_execz / src_vccz).
RegParse parseRegister(std::span<const Token> toks, size_t &pos, Register &reg, RegisterError &err,
                       isa::Target target, bool underInputModifier = false);

} // namespace gcnkit::assembler
