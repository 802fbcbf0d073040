// Assembler expressions, parsed and evaluated as llvm-mc-19 does for AMDGPU (GNU rules).
//
// llvm-mc's binary operator precedence differs from the table in the operand-syntax document:
// `|`, `^`, `&` and `!` (or-not) bind tighter than `+` and `-`, comparisons yield -1 for true,
// `>>` is a logical shift. See docs/differences.md.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "asm/lexer.h"

namespace gcnkit::assembler {

enum class ExprOp : uint8_t {
  Constant,
  Symbol,
  Neg,
  Not,  // ~
  LNot, // !
  Plus, // unary +
  Add,
  Sub,
  Mul,
  Div,
  Mod,
  Shl,
  Shr,
  And,
  Or,
  Xor,
  OrNot,
  LAnd,
  LOr,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
};

struct Expr {
  ExprOp op = ExprOp::Constant;
  int64_t value = 0;  // Constant
  std::string symbol; // Symbol
  size_t offset = 0;  // source position, for diagnostics
  std::unique_ptr<Expr> lhs, rhs;
};

using ExprPtr = std::unique_ptr<Expr>;

// The value of an expression: an absolute number, or a symbol plus a constant (relocatable).
struct ExprValue {
  int64_t constant = 0;
  std::string symbol; // empty: absolute
  bool isAbsolute() const { return symbol.empty(); }
};

struct ExprError {
  std::string message;
  size_t offset = 0;
};

// Parses an expression from tokens starting at `pos`; advances pos past it.
// Returns nullptr and sets err on a syntax error.
ExprPtr parseExpr(std::span<const Token> toks, size_t &pos, ExprError &err);

// Symbol lookup for evaluation: the value of a symbol, or nullopt when it is not (yet) defined
// as an absolute value. Labels resolve to relocatable values.
using SymbolResolver = std::function<std::optional<ExprValue>(std::string_view name)>;

// Evaluates; nullopt with err set when the expression cannot be reduced to an absolute value or
// a single symbol plus constant (e.g. undefined symbols, division by zero).
std::optional<ExprValue> evaluate(const Expr &e, const SymbolResolver &resolve, ExprError &err);

ExprPtr cloneExpr(const Expr &e);

// An expression naming one symbol.
ExprPtr symbolExpr(std::string name, size_t offset = 0);

// Prints an expression as llvm-mc's streamer does: operands of a nested binary operation in
// parentheses, `a + -c` as `a-c`.
std::string printExpr(const Expr &e);

} // namespace gcnkit::assembler
