// Parsing of the symbolic SALU immediates llvm-mc accepts: hwreg(...), sendmsg(...), s_waitcnt
// counters (vmcnt(N) expcnt(N) lgkmcnt(N), also _sat), s_delay_alu fields (instid0(...) |
// instskip(...) | instid1(...)), depctr_*(N) and gfx9's gpr_idx(...). Each reduces to its
// 16-bit immediate; names and layouts are the target's.
#pragma once

#include <cstdint>
#include <span>

#include "asm/expr.h"
#include "asm/lexer.h"
#include "gcnkit/isa.h"

namespace gcnkit::assembler {

enum class SymbolicParse : uint8_t { NotSymbolic, Ok, Error };

// The symbolic immediate a macro word starts (ParsedOperand::saluMacro names it): the kind of
// Special operand that takes it.
enum class SaluMacro : uint8_t { None, Hwreg, Sendmsg, Waitcnt, DelayAlu, Depctr, GprIdx };
SaluMacro saluMacroKind(std::string_view firstWord);

struct SymbolicError {
  std::string message;
  size_t offset = 0;
};

// Tries a symbolic form of `target` at toks[pos]; on Ok advances pos and sets value.
SymbolicParse parseSaluSymbolic(std::span<const Token> toks, size_t &pos,
                                const SymbolResolver &resolve, isa::Target target, int64_t &value,
                                SymbolicError &err);

// Names usable in expressions of s_version operands (UC_VERSION_*), as absolute values.
std::optional<int64_t> saluSymbolValue(std::string_view name);

} // namespace gcnkit::assembler
