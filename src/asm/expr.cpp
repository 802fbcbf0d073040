#include "asm/expr.h"

#include <algorithm>
#include <bit>
#include <cstdlib>

namespace gcnkit::assembler {

namespace {

// GNU-mode binary precedence, as llvm-mc's AsmParser applies it (higher binds tighter).
int precedence(Tok t, ExprOp &op) {
  switch (t) {
  case Tok::PipePipe:
    op = ExprOp::LOr;
    return 1;
  case Tok::AmpAmp:
    op = ExprOp::LAnd;
    return 2;
  case Tok::EqualEqual:
    op = ExprOp::Eq;
    return 3;
  case Tok::ExclaimEqual:
  case Tok::LessGreater:
    op = ExprOp::Ne;
    return 3;
  case Tok::Less:
    op = ExprOp::Lt;
    return 3;
  case Tok::LessEqual:
    op = ExprOp::Le;
    return 3;
  case Tok::Greater:
    op = ExprOp::Gt;
    return 3;
  case Tok::GreaterEqual:
    op = ExprOp::Ge;
    return 3;
  case Tok::Plus:
    op = ExprOp::Add;
    return 4;
  case Tok::Minus:
    op = ExprOp::Sub;
    return 4;
  case Tok::Pipe:
    op = ExprOp::Or;
    return 5;
  case Tok::Exclaim:
    op = ExprOp::OrNot;
    return 5;
  case Tok::Amp:
    op = ExprOp::And;
    return 5;
  case Tok::Caret:
    op = ExprOp::Xor;
    return 5;
  case Tok::Star:
    op = ExprOp::Mul;
    return 6;
  case Tok::Slash:
    op = ExprOp::Div;
    return 6;
  case Tok::Percent:
    op = ExprOp::Mod;
    return 6;
  case Tok::LessLess:
    op = ExprOp::Shl;
    return 6;
  case Tok::GreaterGreater:
    op = ExprOp::Shr;
    return 6;
  default:
    return 0;
  }
}

ExprPtr node(ExprOp op, size_t offset) {
  auto e = std::make_unique<Expr>();
  e->op = op;
  e->offset = offset;
  return e;
}

// Evaluation, printing, copying and destruction all recurse over the tree, and parsing recurses
// on parentheses and unary operators, so both are bounded: an expression nested deeper than
// this (in parentheses, unary operators or a chain of binary operators) is an error rather than
// a stack overflow. llvm-mc-19 has no such limit and crashes on 100000 nested parentheses.
constexpr unsigned kMaxExprDepth = 1000;

// A recursive-descent parser over the tokens of one expression. Every parsed subtree carries its
// height, so chains such as `1+1+...+1` (a tree as deep as it is long) are bounded too.
class ExprParser {
public:
  ExprParser(std::span<const Token> toks, size_t &pos, ExprError &err)
      : toks_(toks), pos_(pos), err_(err) {}

  ExprPtr parse() { return expression(0).expr; }

private:
  struct Parsed {
    ExprPtr expr;
    unsigned height = 0;
  };

  bool tooDeep(unsigned depth, const Token &at) {
    if (depth <= kMaxExprDepth)
      return false;
    err_ = {"expression is nested too deeply (more than " + std::to_string(kMaxExprDepth) +
                " levels)",
            at.offset};
    return true;
  }

  Parsed expression(unsigned depth) {
    Parsed lhs = primary(depth);
    if (!lhs.expr)
      return {};
    return binaryRhs(1, std::move(lhs), depth);
  }

  Parsed primary(unsigned depth) {
    const Token &t = toks_[pos_];
    if (tooDeep(depth + 1, t))
      return {};
    switch (t.kind) {
    case Tok::Integer: {
      if (t.intOverflow) {
        err_ = {"literal value out of range for directive", t.offset};
        return {};
      }
      ++pos_;
      auto e = node(ExprOp::Constant, t.offset);
      e->value = static_cast<int64_t>(t.intValue);
      return {std::move(e), 1};
    }
    case Tok::Real: {
      // A real in an expression stands for its IEEE double bit pattern, as in llvm-mc.
      ++pos_;
      auto e = node(ExprOp::Constant, t.offset);
      e->value = std::bit_cast<int64_t>(std::strtod(std::string(t.text).c_str(), nullptr));
      return {std::move(e), 1};
    }
    case Tok::Identifier: {
      ++pos_;
      auto e = node(ExprOp::Symbol, t.offset);
      e->symbol = std::string(t.text);
      return {std::move(e), 1};
    }
    case Tok::LParen: {
      ++pos_;
      Parsed inner = expression(depth + 1);
      if (!inner.expr)
        return {};
      if (toks_[pos_].kind != Tok::RParen) {
        err_ = {"expected ')'", toks_[pos_].offset};
        return {};
      }
      ++pos_;
      return inner;
    }
    case Tok::Minus:
    case Tok::Tilde:
    case Tok::Exclaim:
    case Tok::Plus: {
      ++pos_;
      Parsed sub = primary(depth + 1);
      if (!sub.expr)
        return {};
      ExprOp op = t.kind == Tok::Minus     ? ExprOp::Neg
                  : t.kind == Tok::Tilde   ? ExprOp::Not
                  : t.kind == Tok::Exclaim ? ExprOp::LNot
                                           : ExprOp::Plus;
      auto e = node(op, t.offset);
      e->lhs = std::move(sub.expr);
      return {std::move(e), sub.height + 1};
    }
    case Tok::Error:
      err_ = {std::string(t.error()), t.offset};
      return {};
    default:
      err_ = {"unknown token in expression", t.offset};
      return {};
    }
  }

  Parsed binaryRhs(int minPrec, Parsed lhs, unsigned depth) {
    for (;;) {
      ExprOp op{};
      int prec = precedence(toks_[pos_].kind, op);
      if (prec < minPrec || prec == 0)
        return lhs;
      const Token &opToken = toks_[pos_];
      ++pos_;
      Parsed rhs = primary(depth);
      if (!rhs.expr)
        return {};
      ExprOp nextOp{};
      int nextPrec = precedence(toks_[pos_].kind, nextOp);
      if (prec < nextPrec) {
        rhs = binaryRhs(prec + 1, std::move(rhs), depth);
        if (!rhs.expr)
          return {};
      }
      const unsigned height = std::max(lhs.height, rhs.height) + 1;
      if (tooDeep(depth + height, opToken))
        return {};
      auto e = node(op, opToken.offset);
      e->lhs = std::move(lhs.expr);
      e->rhs = std::move(rhs.expr);
      lhs = {std::move(e), height};
    }
  }

  std::span<const Token> toks_;
  size_t &pos_;
  ExprError &err_;
};

const char *opText(ExprOp op) {
  switch (op) {
  case ExprOp::Add:
    return "+";
  case ExprOp::Sub:
    return "-";
  case ExprOp::Mul:
    return "*";
  case ExprOp::Div:
    return "/";
  case ExprOp::Mod:
    return "%";
  case ExprOp::Shl:
    return "<<";
  case ExprOp::Shr:
    return ">>";
  case ExprOp::And:
    return "&";
  case ExprOp::Or:
    return "|";
  case ExprOp::Xor:
    return "^";
  case ExprOp::OrNot:
    return "!";
  case ExprOp::LAnd:
    return "&&";
  case ExprOp::LOr:
    return "||";
  case ExprOp::Eq:
    return "==";
  case ExprOp::Ne:
    return "!=";
  case ExprOp::Lt:
    return "<";
  case ExprOp::Le:
    return "<=";
  case ExprOp::Gt:
    return ">";
  case ExprOp::Ge:
    return ">=";
  case ExprOp::Neg:
    return "-";
  case ExprOp::Not:
    return "~";
  case ExprOp::LNot:
    return "!";
  default:
    return "+";
  }
}

} // namespace

ExprPtr parseExpr(std::span<const Token> toks, size_t &pos, ExprError &err) {
  return ExprParser(toks, pos, err).parse();
}

std::optional<ExprValue> evaluate(const Expr &e, const SymbolResolver &resolve, ExprError &err) {
  switch (e.op) {
  case ExprOp::Constant:
    return ExprValue{e.value, {}};
  case ExprOp::Symbol: {
    std::optional<ExprValue> v = resolve ? resolve(e.symbol) : std::nullopt;
    if (!v)
      err = {"undefined symbol '" + e.symbol + "'", e.offset};
    return v;
  }
  default:
    break;
  }
  std::optional<ExprValue> l = evaluate(*e.lhs, resolve, err);
  if (!l)
    return std::nullopt;
  auto u = [](int64_t v) { return static_cast<uint64_t>(v); };
  auto s = [](uint64_t v) { return static_cast<int64_t>(v); };
  if (!e.rhs) {
    if (!l->isAbsolute() && e.op != ExprOp::Plus) {
      err = {"expected absolute expression", e.offset};
      return std::nullopt;
    }
    switch (e.op) {
    case ExprOp::Neg:
      return ExprValue{s(0 - u(l->constant)), {}};
    case ExprOp::Not:
      return ExprValue{~l->constant, {}};
    case ExprOp::LNot:
      return ExprValue{l->constant == 0 ? 1 : 0, {}};
    default:
      return l;
    }
  }
  std::optional<ExprValue> r = evaluate(*e.rhs, resolve, err);
  if (!r)
    return std::nullopt;
  // symbol + constant, constant + symbol, symbol - constant, and sym - sym of the same symbol.
  if (!l->isAbsolute() || !r->isAbsolute()) {
    if (e.op == ExprOp::Add && l->isAbsolute() != r->isAbsolute()) {
      ExprValue v = l->isAbsolute() ? *r : *l;
      v.constant = s(u(l->constant) + u(r->constant));
      return v;
    }
    if (e.op == ExprOp::Sub && !l->isAbsolute() && r->isAbsolute()) {
      return ExprValue{s(u(l->constant) - u(r->constant)), l->symbol};
    }
    if (e.op == ExprOp::Sub && l->symbol == r->symbol) {
      return ExprValue{s(u(l->constant) - u(r->constant)), {}};
    }
    err = {"expected relocatable expression", e.offset};
    return std::nullopt;
  }
  int64_t a = l->constant, b = r->constant;
  int64_t v = 0;
  switch (e.op) {
  case ExprOp::Add:
    v = s(u(a) + u(b));
    break;
  case ExprOp::Sub:
    v = s(u(a) - u(b));
    break;
  case ExprOp::Mul:
    v = s(u(a) * u(b));
    break;
  case ExprOp::Div:
  case ExprOp::Mod:
    if (b == 0) {
      err = {"division by zero", e.offset};
      return std::nullopt;
    }
    if (a == INT64_MIN && b == -1)
      v = e.op == ExprOp::Div ? a : 0;
    else
      v = e.op == ExprOp::Div ? a / b : a % b;
    break;
  // llvm-mc folds shifts with the host's 64-bit shift, whose count is taken modulo 64.
  case ExprOp::Shl:
    v = s(u(a) << (u(b) & 63));
    break;
  case ExprOp::Shr:
    v = s(u(a) >> (u(b) & 63));
    break;
  case ExprOp::And:
    v = a & b;
    break;
  case ExprOp::Or:
    v = a | b;
    break;
  case ExprOp::Xor:
    v = a ^ b;
    break;
  case ExprOp::OrNot:
    v = a | ~b;
    break;
  case ExprOp::LAnd:
    v = (a && b) ? 1 : 0;
    break;
  case ExprOp::LOr:
    v = (a || b) ? 1 : 0;
    break;
  case ExprOp::Eq:
    v = a == b ? -1 : 0;
    break;
  case ExprOp::Ne:
    v = a != b ? -1 : 0;
    break;
  case ExprOp::Lt:
    v = a < b ? -1 : 0;
    break;
  case ExprOp::Le:
    v = a <= b ? -1 : 0;
    break;
  case ExprOp::Gt:
    v = a > b ? -1 : 0;
    break;
  case ExprOp::Ge:
    v = a >= b ? -1 : 0;
    break;
  default:
    break;
  }
  return ExprValue{v, {}};
}

ExprPtr symbolExpr(std::string name, size_t offset) {
  auto e = std::make_unique<Expr>();
  e->op = ExprOp::Symbol;
  e->symbol = std::move(name);
  e->offset = offset;
  return e;
}

ExprPtr cloneExpr(const Expr &e) {
  auto c = std::make_unique<Expr>();
  c->op = e.op;
  c->value = e.value;
  c->symbol = e.symbol;
  c->offset = e.offset;
  if (e.lhs)
    c->lhs = cloneExpr(*e.lhs);
  if (e.rhs)
    c->rhs = cloneExpr(*e.rhs);
  return c;
}

std::string printExpr(const Expr &e) {
  switch (e.op) {
  case ExprOp::Constant:
    return std::to_string(e.value);
  case ExprOp::Symbol:
    return e.symbol;
  default:
    break;
  }
  if (!e.rhs) {
    std::string s = opText(e.op);
    return s + printExpr(*e.lhs);
  }
  auto side = [](const Expr &x) {
    std::string s = printExpr(x);
    bool binary = x.rhs != nullptr;
    return binary ? "(" + s + ")" : s;
  };
  // llvm-mc folds "a + -c" into "a-c" when printing.
  if (e.op == ExprOp::Add && e.rhs->op == ExprOp::Constant && e.rhs->value < 0)
    return side(*e.lhs) + std::to_string(e.rhs->value);
  return side(*e.lhs) + opText(e.op) + side(*e.rhs);
}

} // namespace gcnkit::assembler
