#include "asm/instruction.h"

#include "asm/salu_symbolic.h"

#include <algorithm>
#include <cctype>

namespace gcnkit::assembler {

namespace {

using isa::Format;
using isa::InstrDesc;

Attempt matchRow(const MatchInput &in, EncodedInstruction &out) {
  switch (in.row.format) {
  case Format::SOP1:
  case Format::SOP2:
  case Format::SOPK:
  case Format::SOPC:
  case Format::SOPP:
  case Format::SMEM:
    return matchSalu(in, out);
  case Format::VOP1:
  case Format::VOP2:
  case Format::VOPC:
  case Format::VOP3:
  case Format::VOP3SD:
    return matchValu(in, out);
  case Format::VOP3P:
  case Format::VINTERP:
  case Format::LDSDIR:
    return matchVop3p(in, out);
  case Format::VOPD: // only as a half of a `::` pair (encodeVopd)
    return Attempt::failure(in, 0, "invalid instruction");
  default:
    return matchMemory(in, out);
  }
}

bool endsWith(std::string_view s, std::string_view suffix) { return s.ends_with(suffix); }

} // namespace

InstructionAssembler::InstructionAssembler(isa::Target target) {
  for (const InstrDesc &d : isa::instructions(target))
    byName_.emplace(std::string(d.name), &d);
}

std::vector<InstructionAssembler::Candidate>
InstructionAssembler::candidates(std::string_view m) const {
  std::vector<Candidate> out;
  auto add = [&](std::string_view name, Variant v) {
    auto [first, last] = byName_.equal_range(name);
    for (auto it = first; it != last; ++it)
      if (it->second->format != Format::VOPD)
        out.push_back({it->second, v});
  };
  // Suffixes force an encoding: `_e32` / `_e64` name the row; `_dpp` / `_e64_dpp` select the
  // DPP forms of the rows without it.
  if (endsWith(m, "_e64_dpp")) {
    add(std::string(m.substr(0, m.size() - 4)), Variant::E64Dpp);
    return out;
  }
  if (endsWith(m, "_dpp")) {
    std::string base(m.substr(0, m.size() - 4));
    add(base, Variant::Dpp);
    add(base + "_e32", Variant::Dpp);
    add(base + "_e64", Variant::Dpp);
    return out;
  }
  if (endsWith(m, "_e32")) {
    add(m, Variant::E32);
    return out;
  }
  if (endsWith(m, "_e64")) {
    add(m, Variant::E64);
    return out;
  }
  add(m, Variant::Any);
  // Without a suffix llvm-mc prefers the 32-bit encoding when it can express the operands.
  std::string base(m);
  add(base + "_e32", Variant::Any);
  add(base + "_e64", Variant::Any);
  return out;
}

bool InstructionAssembler::encode(std::span<const Token> tokens, EncodedInstruction &out,
                                  Failure &fail) const {
  std::string mnemonic(tokens[0].text);
  std::transform(mnemonic.begin(), mnemonic.end(), mnemonic.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  // UC_VERSION_* names are constants in operand expressions.
  SymbolResolver resolve = [this](std::string_view n) -> std::optional<ExprValue> {
    if (std::optional<int64_t> v = saluSymbolValue(n))
      return ExprValue{*v, {}};
    return resolve_ ? resolve_(n) : std::nullopt;
  };
  for (const Token &t : tokens)
    if (t.kind == Tok::ColonColon)
      return encodeVopd(tokens, resolve, out, fail);
  std::vector<Candidate> rows = candidates(mnemonic);
  if (rows.empty()) {
    fail = {"invalid instruction", tokens[0].offset};
    return false;
  }
  // The span excludes the end-of-statement token the operand parser stops at.
  std::vector<Token> toks(tokens.begin(), tokens.end());
  toks.push_back(Token{});
  std::vector<ParsedOperand> ops;
  OperandParseError perr;
  if (!parseOperands(toks, 1, resolve, ops, perr)) {
    fail = {perr.message, perr.offset};
    return false;
  }
  Attempt best;
  for (const Candidate &c : rows) {
    EncodedInstruction enc;
    Attempt a = matchRow(MatchInput{*c.row, ops, tokens[0].offset, c.variant}, enc);
    if (a.ok) {
      out = std::move(enc);
      return true;
    }
    if (a.progress > best.progress)
      best = a;
  }
  fail = {best.message, best.offset};
  return false;
}

bool InstructionAssembler::assemble(std::span<const Token> tokens, uint32_t buffer,
                                    SourceManager &sm, std::string &text, std::string &bytes) {
  EncodedInstruction enc;
  Failure f;
  if (!encode(tokens, enc, f)) {
    sm.report(SourceLoc{buffer, static_cast<uint32_t>(f.offset)}, Severity::Error, f.message);
    return false;
  }
  bytes = enc.bytes;
  text = printer_ ? printer_(bytes) : std::string();
  return true;
}

} // namespace gcnkit::assembler
