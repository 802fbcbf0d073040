// What the instruction encoder hands to the streamers: the bytes of one instruction and the
// fields in them that name symbols (fixups). The listing prints a fixup as its expression and
// its kind; the object writer resolves it or turns it into a relocation.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "asm/expr.h"
#include "gcnkit/isa.h"

namespace gcnkit::assembler {

// A value the object writer must fill in: a branch target or a literal naming a label.
struct InstFixup {
  enum class Kind : uint8_t { SoppBranch, Literal32 };
  Kind kind;
  uint32_t offset; // byte offset of the field in the instruction
  ExprPtr expr;
};

struct EncodedInstruction {
  std::string bytes;
  std::vector<InstFixup> fixups;
  // What the listing must show that the bytes do not say: how SMEM's offset was written, the
  // MIMG vaddr width written on a target whose decoder prints a fixed one (gfx9; 0: none), and
  // a buffer offset written wider than its 12-bit field (which keeps the low bits; 0: none).
  isa::SmemOffsetForm smemOffset = isa::SmemOffsetForm::AsDecoded;
  uint8_t vaddrRegs = 0;
  uint32_t bufferOffset = 0;
};

// How many bytes of the instruction a fixup fills (the SOPP simm16, or a 32-bit literal).
unsigned fixupSize(InstFixup::Kind kind);

// llvm-mc's relocation variants on a symbol reference: `sym@rel32@lo`, `sym@abs32@hi`...
enum class SymbolVariant : uint8_t {
  None,
  Abs32Lo,
  Abs32Hi,
  Rel32Lo,
  Rel32Hi,
  GotPcRel,
  GotPcRel32Lo,
  GotPcRel32Hi,
  Rel64,
  Abs64,
};

// Splits `name@variant` (the lexer keeps '@' inside identifiers). Unknown suffixes give
// SymbolVariant::None with the whole name.
SymbolVariant splitSymbolVariant(std::string_view spelling, std::string_view &name);

// Whether a literal fixup is PC-relative (llvm-mc's FK_PCRel_4) rather than plain data
// (FK_Data_4): observed with llvm-mc-19, a symbol reference is PC-relative unless its variant is
// @abs32@lo/@abs32@hi; a difference is data; other operations inherit from their operands.
bool literalIsPcRelative(const Expr &e);

// The expression as llvm-mc's listing prints a fixup's value: printExpr's text, with the
// variants llvm-mc spells in capitals (`sym@GOTPCREL`) so spelled.
std::string printFixupValue(const Expr &e);

// The fixup kind as llvm-mc's listing names it (fixup_si_sopp_br, FK_PCRel_4, FK_Data_4).
std::string_view fixupKindName(const InstFixup &fixup);

} // namespace gcnkit::assembler
