#include "asm/fixup.h"

namespace gcnkit::assembler {

unsigned fixupSize(InstFixup::Kind kind) { return kind == InstFixup::Kind::SoppBranch ? 2 : 4; }

SymbolVariant splitSymbolVariant(std::string_view spelling, std::string_view &name) {
  static constexpr struct {
    std::string_view suffix;
    SymbolVariant variant;
  } kVariants[] = {
      {"@abs32@lo", SymbolVariant::Abs32Lo},
      {"@abs32@hi", SymbolVariant::Abs32Hi},
      {"@rel32@lo", SymbolVariant::Rel32Lo},
      {"@rel32@hi", SymbolVariant::Rel32Hi},
      {"@gotpcrel32@lo", SymbolVariant::GotPcRel32Lo},
      {"@gotpcrel32@hi", SymbolVariant::GotPcRel32Hi},
      {"@gotpcrel", SymbolVariant::GotPcRel},
      {"@rel64", SymbolVariant::Rel64},
      {"@abs64", SymbolVariant::Abs64},
  };
  name = spelling;
  for (const auto &v : kVariants)
    if (spelling.size() > v.suffix.size() && spelling.ends_with(v.suffix)) {
      name = spelling.substr(0, spelling.size() - v.suffix.size());
      return v.variant;
    }
  return SymbolVariant::None;
}

bool literalIsPcRelative(const Expr &e) {
  switch (e.op) {
  case ExprOp::Constant:
    return false;
  case ExprOp::Symbol: {
    std::string_view name;
    SymbolVariant v = splitSymbolVariant(e.symbol, name);
    return v != SymbolVariant::Abs32Lo && v != SymbolVariant::Abs32Hi;
  }
  case ExprOp::Sub:
    return false;
  default:
    return (e.lhs && literalIsPcRelative(*e.lhs)) || (e.rhs && literalIsPcRelative(*e.rhs));
  }
}

std::string printFixupValue(const Expr &e) {
  std::string text = printExpr(e);
  constexpr std::string_view kGotPcRel = "@gotpcrel";
  for (size_t at = text.find(kGotPcRel); at != std::string::npos;
       at = text.find(kGotPcRel, at + 1)) {
    const size_t end = at + kGotPcRel.size();
    if (end < text.size() && text[end] == '3') // @gotpcrel32@lo / @hi stay lower case
      continue;
    text.replace(at, kGotPcRel.size(), "@GOTPCREL");
  }
  return text;
}

std::string_view fixupKindName(const InstFixup &fixup) {
  if (fixup.kind == InstFixup::Kind::SoppBranch)
    return "fixup_si_sopp_br";
  return literalIsPcRelative(*fixup.expr) ? "FK_PCRel_4" : "FK_Data_4";
}

} // namespace gcnkit::assembler
