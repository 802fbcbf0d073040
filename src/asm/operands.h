// The operands of one instruction statement, parsed once into a neutral form that the matcher
// then checks against each candidate table row: registers, numbers, expressions (symbols,
// labels), flags such as `glc` and key:value modifiers such as `offset:16`.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "asm/expr.h"
#include "asm/immediates.h"
#include "asm/lexer.h"
#include "asm/registers.h"

namespace gcnkit::assembler {

struct ParsedOperand {
  enum class Kind : uint8_t { Register, Number, Expression, Flag, KeyValue };
  Kind kind = Kind::Number;
  Register reg;           // Register
  Number number;          // Number; KeyValue with a numeric value
  ExprPtr expr;           // Expression (not absolute), KeyValue with a symbolic value
  std::string name;       // Flag / KeyValue key
  size_t offset = 0;      // first character
  size_t valueOffset = 0; // KeyValue: where the value starts
};

struct OperandParseError {
  std::string message;
  size_t offset = 0;
};

// Names that are modifiers rather than symbols when they stand alone.
bool isFlagName(std::string_view name);

// Parses the operands after the mnemonic (toks[pos..] up to the end of the statement).
// `resolve` folds absolute symbols into numbers.
bool parseOperands(std::span<const Token> toks, size_t pos, const SymbolResolver &resolve,
                   std::vector<ParsedOperand> &out, OperandParseError &err);

} // namespace gcnkit::assembler
