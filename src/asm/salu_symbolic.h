// Parsing of the symbolic SALU immediates llvm-mc accepts on GFX11: hwreg(...), sendmsg(...),
// s_waitcnt counters (vmcnt(N) expcnt(N) lgkmcnt(N), also _sat), s_delay_alu fields
// (instid0(...) | instskip(...) | instid1(...)) and depctr_*(N). Each reduces to its 16-bit
// immediate.
#pragma once

#include <cstdint>
#include <span>

#include "asm/expr.h"
#include "asm/lexer.h"

namespace gcnkit::assembler {

enum class SymbolicParse : uint8_t { NotSymbolic, Ok, Error };

struct SymbolicError {
  std::string message;
  size_t offset = 0;
};

// Tries a symbolic form at toks[pos]; on Ok advances pos and sets value.
SymbolicParse parseSaluSymbolic(std::span<const Token> toks, size_t &pos,
                                const SymbolResolver &resolve, int64_t &value, SymbolicError &err);

// Names usable in expressions of s_version operands (UC_VERSION_*), as absolute values.
std::optional<int64_t> saluSymbolValue(std::string_view name);

} // namespace gcnkit::assembler
