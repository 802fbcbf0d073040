// Numeric operands: how an integer or floating-point value written in assembly becomes an
// inline constant or a 32-bit literal for an operand of a given data type, following the
// operand-syntax document's validation and conversion tables as llvm-mc-19 applies them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "gcnkit/isa.h"

namespace gcnkit::assembler {

// A number as written: integers are 64-bit, reals are doubles.
struct Number {
  bool isReal = false;
  int64_t integer = 0;
  double real = 0;
};

// How the operand is encoded.
struct EncodedImm {
  bool isInline = false;
  unsigned inlineCode = 0; // 128..208, 240..248 when isInline
  uint32_t literal = 0;    // the literal dword otherwise
  std::string warning;     // e.g. f64 literal with non-zero low bits
};

// Converts; nullopt when llvm-mc rejects the value for this type ("invalid operand for
// instruction"). `inlineAllowed` is false for operands that only take literals (KImm).
std::optional<EncodedImm> encodeImmediate(const Number &n, isa::DataType type,
                                          bool inlineAllowed = true);

// The inline-constant code for a value of `type` whose bits are `bits`, if there is one.
std::optional<unsigned> inlineCodeFor(uint64_t bits, isa::DataType type);

// IEEE conversions used by the assembler (round to nearest even), with overflow/underflow
// detection as llvm-mc applies it: nullopt when a finite value overflows to infinity or a
// non-zero value underflows to zero.
std::optional<uint32_t> toF32Bits(double v);
std::optional<uint16_t> toF16Bits(double v);
// bf16: f32's range checks, rounded to nearest even from the double.
std::optional<uint16_t> toBF16Bits(double v);

} // namespace gcnkit::assembler
