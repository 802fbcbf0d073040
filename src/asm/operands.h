// The operands of one instruction statement, parsed once into a neutral form that the matcher
// then checks against each candidate table row: registers, numbers, expressions (symbols,
// labels), flags such as `glc`, key:value modifiers such as `offset:16` or `op_sel:[0,1]`,
// and the input modifiers written around a source (`-v1`, `|v1|`, `neg(..)`, `abs(..)`,
// `sext(..)`).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "asm/expr.h"
#include "asm/immediates.h"
#include "asm/lexer.h"
#include "asm/registers.h"

namespace gcnkit::assembler {

struct ParsedOperand {
  // RegisterList: a bracketed list of registers that are not one tuple (MIMG NSA addresses,
  // `[v4, v9]`); the registers are in `list`.
  enum class Kind : uint8_t { Register, Number, Expression, Flag, KeyValue, RegisterList };
  Kind kind = Kind::Number;
  Register reg;           // Register
  Number number;          // Number; KeyValue with a numeric value
  ExprPtr expr;           // Expression (not absolute), KeyValue with a symbolic value
  std::string_view name;  // Flag / KeyValue key, a Register written `scc` (views of the source)
  size_t offset = 0;      // first character
  size_t valueOffset = 0; // KeyValue, a source: where the value starts (inside modifiers)
  // Input modifiers around a Register / Number / Expression: `-x` or `neg(x)`, `|x|` or
  // `abs(x)`, `sext(x)`. `-1.0` and `-1` are numbers, not modifiers. negFunction / absFunction
  // tell the function spellings apart (llvm-mc keeps `neg(1.0)` as a modifier bit on 1.0).
  bool neg = false, abs = false, sext = false;
  bool negFunction = false, absFunction = false;
  // KeyValue `key:[a, b, ...]` (isList) and RegisterList: the elements.
  bool isList = false;
  std::vector<ParsedOperand> list;
  // Where the token after the operand starts (list elements: their ',' or ']'), for
  // diagnostics about what follows a value.
  size_t endOffset = 0;
  // KeyValue `offset:swizzle(...)`: the macro, already folded into `number`.
  bool swizzle = false;
  // Register written as a list of consecutive registers, `[v4, v5]` (MIMG reads it as NSA).
  bool bracketed = false;
  // KeyValue: a symbolic SALU immediate (hwreg(...), sendmsg(...), vmcnt(...) ..., gpr_idx(...))
  // folded into `number`; `name` is its first word, valueOffset where its arguments start. Only
  // the operand of the matching kind takes it (see saluMacroKind).
  bool saluMacro = false;
};

struct OperandParseError {
  std::string message;
  size_t offset = 0;
};

// Names that are modifiers rather than symbols when they stand alone.
bool isFlagName(std::string_view name);

// Parses the operands after the mnemonic (toks[pos..] up to the end of the statement).
// `resolve` folds absolute symbols into numbers; `target` decides which register names exist.
bool parseOperands(std::span<const Token> toks, size_t pos, const SymbolResolver &resolve,
                   isa::Target target, std::vector<ParsedOperand> &out, OperandParseError &err);

} // namespace gcnkit::assembler
