// What the memory-format matchers (mem_*_match.cpp) share: the trailing modifiers of a memory
// instruction (offset:N, glc, dmask:N, done...) parsed and ordered as llvm-mc-19 expects them,
// and register operand checks.
#pragma once

#include <span>

#include "asm/match.h"
#include "isa/mem_layout.h"

namespace gcnkit::assembler::mem {

using Kind = ParsedOperand::Kind;

// The modifiers memory instructions take. CPol is the cache policy: glc, slc and dlc written
// together in any order. Lds is gfx9's lds token of the MUBUF / GLOBAL / SCRATCH instructions
// that load into LDS; Dfmt / Nfmt are gfx9's MTBUF data / numeric formats written before
// soffset.
enum class Mod : uint8_t {
  Offset,
  Offset0,
  Offset1,
  Format,
  Idxen,
  Offen,
  CPol,
  Gds,
  Tfe,
  Dmask,
  Dim,
  Unorm,
  R128,
  A16,
  Lwe,
  D16,
  Done,
  RowEn,
  Lds,
  Da,
  Compr,
  Vm,
  Dfmt,
  Nfmt,
  Count
};

struct Modifiers {
  bool present[static_cast<size_t>(Mod::Count)] = {};
  uint32_t value[static_cast<size_t>(Mod::Count)] = {};
  size_t opIndex[static_cast<size_t>(Mod::Count)] = {}; // where each modifier was written
  bool glc = false, slc = false, dlc = false;
  size_t glcIndex = 0;

  bool has(Mod m) const { return present[static_cast<size_t>(m)]; }
  uint32_t get(Mod m) const { return value[static_cast<size_t>(m)]; }
  size_t at(Mod m) const { return opIndex[static_cast<size_t>(m)]; }
};

// Converts the value of a key:value modifier; false with `fail` set (llvm-mc's message at its
// position) when the value is out of range.
using ValueReader = bool (*)(const MatchInput &in, Mod m, const ParsedOperand &op, uint32_t &value,
                             MatchFailure &fail);

// The modifiers a row accepts, in llvm-mc's order.
struct ModifierSyntax {
  std::span<const Mod> order;
  size_t registerOperands; // operands before the first modifier (llvm-mc's operand position)
  ValueReader readValue;
  bool formatBeforeSoffset = false; // MTBUF: format:N may also precede the soffset operand (gfx11)
  bool splitFormatBeforeSoffset = false; // MTBUF: dfmt:N, nfmt:N precede soffset instead (gfx9)
  // Flags of other GPUs llvm-mc parses and rejects ("r128 modifier is not supported on this
  // GPU"), and whether the cache policy has dlc (gfx10+).
  std::span<const Mod> unsupported = {};
  bool dlc = true;
  // A flag that is a fixed token of the row's syntax (gfx9's lds): modifiers after it cannot be
  // written before it.
  Mod required = Mod::Count;
  // MIMG: each address of an NSA vaddr list is an operand of its own, and lists of up to
  // `nsaAddresses` addresses move the modifiers' positions that much further.
  size_t nsaAddresses = 1;
};

// What llvm-mc's operand parser rejects before any matching, checked over every operand in
// source order: key:value modifiers the row has no place for, out-of-range values, repeated
// cache policy bits. Stores the key:value values in `out`. Returns the failure, if any.
std::optional<Attempt> parseModifiers(const MatchInput &in, const ModifierSyntax &syntax,
                                      Modifiers &out);

// Matches the operands from `first` on to the modifiers, in order (after parseModifiers).
std::optional<Attempt> matchModifiers(const MatchInput &in, size_t first,
                                      const ModifierSyntax &syntax, Modifiers &out);

// A diagnostic from the operand-parsing stage: it wins over every matching failure.
Attempt parseFailure(const MatchInput &in, MatchFailure f);

// A statement llvm-mc matched and then refused (a check after matching): it wins over every
// mismatch of another candidate.
Attempt refusedAfterMatch(const MatchInput &in, size_t opIndex, MatchMessage message);
// The same for an encoding of another GPU (gfx90a's AccVGPR image data, returning float
// atomics): "operands are not valid for this GPU or mode" at the mnemonic.
Attempt otherGpuForm(const MatchInput &in);

// v with the cache policy bits written (glc, slc, dlc) set in the target's fields.
uint64_t withCachePolicy(uint64_t v, const Modifiers &mods, const isa::mem::BitField &glc,
                         const isa::mem::BitField &slc, const isa::mem::BitField &dlc);

// A VGPR operand of exactly `regs` registers, written plainly (no 16-bit half, no modifiers).
bool isVgpr(const ParsedOperand &op, unsigned regs);
// A VGPR operand of any width, written plainly.
bool isAnyVgpr(const ParsedOperand &op);
// The flag `off`.
bool isOff(const ParsedOperand &op);

// Family matchers.
Attempt matchDs(const MatchInput &in, EncodedInstruction &out);
Attempt matchBuffer(const MatchInput &in, EncodedInstruction &out); // MUBUF, MTBUF
Attempt matchFlat(const MatchInput &in, EncodedInstruction &out);   // FLAT, GLOBAL, SCRATCH
Attempt matchMimg(const MatchInput &in, EncodedInstruction &out);
Attempt matchExp(const MatchInput &in, EncodedInstruction &out);

// Appends two dwords.
void appendQword(std::string &out, uint64_t v);

} // namespace gcnkit::assembler::mem
