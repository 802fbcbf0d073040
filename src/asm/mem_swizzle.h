// The ds_swizzle_b32 offset macros: `offset:swizzle(QUAD_PERM, a, b, c, d)`,
// `swizzle(BITMASK_PERM, "01pip")`, `swizzle(SWAP, n)`, `swizzle(REVERSE, n)` and
// `swizzle(BROADCAST, group, lane)`, folded into the 16-bit offset with llvm-mc-19's
// diagnostics.
#pragma once

#include <cstdint>
#include <span>

#include "asm/operands.h"

namespace gcnkit::assembler {

enum class SwizzleParse : uint8_t { NotSwizzle, Ok, Error };

// Parses a swizzle macro at toks[pos] (the identifier `swizzle`); advances past it on Ok.
SwizzleParse parseSwizzleMacro(std::span<const Token> toks, size_t &pos,
                               const SymbolResolver &resolve, uint32_t &offset,
                               OperandParseError &err);

} // namespace gcnkit::assembler
