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
  case Format::VINTRP:
    return matchVop3p(in, out);
  case Format::VOPD: // only as a half of a `::` pair (encodeVopd)
    return Attempt::failure(in, 0, "invalid instruction");
  default:
    return matchMemory(in, out);
  }
}

bool endsWith(std::string_view s, std::string_view suffix) { return s.ends_with(suffix); }

// The data operands of DS, buffer and flat-family rows (their leading register operands, where
// AccVGPRs are allowed from gfx90a on).
bool isMemoryData(const InstrDesc &row, size_t i) {
  switch (row.format) {
  case Format::DS:
  case Format::MUBUF:
  case Format::MTBUF:
  case Format::FLAT:
  case Format::GLOBAL:
  case Format::SCRATCH:
    break;
  default:
    return false;
  }
  if (i >= row.numOperands)
    return false;
  const isa::Field f = row.operands[i].field;
  return f == isa::Field::VDST || f == isa::Field::VDATA || f == isa::Field::DATA0 ||
         f == isa::Field::DATA1;
}

// llvm-mc-19 (of a target without AccVGPR memory operands, gfx908 and gfx1100 alike) matches
// AccVGPRs as the data of a memory instruction and then refuses the instruction. The row is
// tried with them as VGPRs; nullopt when it has no AccVGPR data operand.
std::optional<Attempt> matchAgprData(const MatchInput &in) {
  auto isAgprData = [&in](size_t i) {
    const ParsedOperand &op = in.ops[i];
    return op.kind == ParsedOperand::Kind::Register && op.reg.kind == RegKind::AGPR &&
           isMemoryData(in.row, i);
  };
  uint32_t flipped = 0;
  for (size_t i = 0; i < in.ops.size() && i < 32; ++i)
    if (isAgprData(i)) {
      in.ops[i].reg.kind = RegKind::VGPR;
      flipped |= 1u << i;
    }
  if (!flipped)
    return std::nullopt;
  EncodedInstruction enc;
  Attempt a = matchRow(in, enc);
  for (size_t i = 0; i < in.ops.size() && i < 32; ++i)
    if ((flipped >> i) & 1)
      in.ops[i].reg.kind = RegKind::AGPR;
  if (!a.ok)
    return a;
  constexpr int kRefusedAfterMatch = 300000; // beats every mismatch of another candidate
  return Attempt{false, "invalid register class: agpr loads and stores not supported on this GPU",
                 in.mnemonicOffset, kRefusedAfterMatch};
}

} // namespace

const InstructionAssembler::Index &InstructionAssembler::indexFor(isa::Target target) {
  auto build = [](isa::Target target) {
    Index index;
    for (const InstrDesc &d : isa::instructions(target))
      index.byName.emplace(std::string(d.name), &d);
    // Every spelling that names rows -- a row's name, its base without `_e32` / `_e64`, and the
    // base with each suffix -- gets its candidate list once, so statements only look it up.
    auto remember = [&index](std::string key) {
      if (index.candidateLists.contains(key))
        return;
      std::vector<Candidate> list = candidatesIn(index, key);
      if (!list.empty())
        index.candidateLists.emplace(std::move(key), std::move(list));
    };
    for (const InstrDesc &d : isa::instructions(target)) {
      std::string_view base = d.name;
      if (base.ends_with("_e32") || base.ends_with("_e64"))
        base.remove_suffix(4);
      remember(std::string(d.name));
      for (std::string_view suffix : {"", "_e32", "_e64", "_dpp", "_e64_dpp"})
        remember(std::string(base) + std::string(suffix));
      // `_sdwa` names a VALU instruction's SDWA form (gfx9), or is "not supported".
      if (d.format == Format::VOP1 || d.format == Format::VOP2 || d.format == Format::VOPC ||
          d.format == Format::VOP3 || d.format == Format::VOP3SD)
        remember(std::string(base) + "_sdwa");
    }
    // llvm-mc's other mnemonics for rows name the rows' candidates.
    for (const isa::MnemonicAlias &a : isa::mnemonicAliases(target))
      if (!index.candidateLists.contains(a.alias))
        if (auto it = index.candidateLists.find(a.name); it != index.candidateLists.end())
          index.candidateLists.emplace(std::string(a.alias), it->second);
    return index;
  };
  if (target == isa::Target::GFX908) {
    static const Index gfx908 = build(target);
    return gfx908;
  }
  static const Index gfx1100 = build(target);
  return gfx1100;
}

InstructionAssembler::InstructionAssembler(isa::Target target)
    : index_(indexFor(target)), target_(target) {}

bool InstructionAssembler::mnemonicOfOtherTarget(std::string_view mnemonic) const {
  for (isa::Target t : {isa::Target::GFX1100, isa::Target::GFX908})
    if (t != target_ && indexFor(t).candidateLists.contains(mnemonic))
      return true;
  return false;
}

std::span<const InstructionAssembler::Candidate>
InstructionAssembler::lookupCandidates(std::string_view mnemonic) const {
  auto it = index_.candidateLists.find(mnemonic);
  if (it == index_.candidateLists.end())
    return {};
  return it->second;
}

std::vector<InstructionAssembler::Candidate>
InstructionAssembler::candidatesIn(const Index &index, std::string_view m) {
  std::vector<Candidate> out;
  auto add = [&](std::string_view name, Variant v) {
    auto [first, last] = index.byName.equal_range(name);
    for (auto it = first; it != last; ++it)
      if (it->second->format != Format::VOPD)
        out.push_back({it->second, v});
  };
  // Suffixes force an encoding: `_e32` / `_e64` name the row; `_dpp` / `_e64_dpp` / `_sdwa`
  // select the DPP / SDWA forms of the rows without it.
  if (endsWith(m, "_sdwa")) {
    const std::string base(m.substr(0, m.size() - 5));
    add(base + "_e32", Variant::Sdwa);
    add(base, Variant::Sdwa);
    add(base + "_e64", Variant::Sdwa);
    return out;
  }
  if (endsWith(m, "_e64_dpp")) {
    const std::string base(m.substr(0, m.size() - 8));
    add(base + "_e64", Variant::E64Dpp);
    add(base, Variant::E64Dpp); // VOP3-only mnemonics have no suffix in the table
    add(base + "_e32", Variant::E64Dpp);
    return out;
  }
  if (endsWith(m, "_dpp")) {
    std::string base(m.substr(0, m.size() - 4));
    add(base, Variant::Dpp);
    add(base + "_e32", Variant::Dpp);
    add(base + "_e64", Variant::Dpp);
    return out;
  }
  // A suffix the mnemonic has no row for still names its other rows, which report llvm-mc's
  // "e32 / e64 variant of this instruction is not supported".
  if (endsWith(m, "_e32") || endsWith(m, "_e64")) {
    const Variant v = endsWith(m, "_e32") ? Variant::E32 : Variant::E64;
    add(m, v);
    if (out.empty()) {
      const std::string base(m.substr(0, m.size() - 4));
      add(base, v);
      add(base + (v == Variant::E32 ? "_e64" : "_e32"), v);
    }
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
  // Mnemonics are case-insensitive; no table mnemonic is longer than the buffer.
  char lower[64];
  const std::string_view written = tokens[0].text;
  const size_t n = std::min(written.size(), sizeof lower);
  for (size_t i = 0; i < n; ++i)
    lower[i] =
        (written[i] >= 'A' && written[i] <= 'Z') ? static_cast<char>(written[i] + 32) : written[i];
  const std::string_view mnemonic =
      written.size() <= sizeof lower ? std::string_view(lower, n) : std::string_view();
  // UC_VERSION_* names are constants in operand expressions.
  SymbolResolver resolve = [this](std::string_view name) -> std::optional<ExprValue> {
    if (std::optional<int64_t> v = saluSymbolValue(name))
      return ExprValue{*v, {}};
    return resolve_ ? resolve_(name) : std::nullopt;
  };
  if (wave64_) {
    // VOPD exists only in wave32: llvm-mc says so before it reads any operand.
    auto [first, last] = index_.byName.equal_range(mnemonic);
    for (auto it = first; it != last; ++it)
      if (it->second->format == Format::VOPD) {
        fail = {"instruction requires wavesize=32", tokens[0].offset};
        return false;
      }
  }
  for (const Token &t : tokens)
    if (t.kind == Tok::ColonColon)
      return encodeVopd(tokens, resolve, out, fail);
  std::span<const Candidate> rows = lookupCandidates(mnemonic);
  if (rows.empty()) {
    fail = {mnemonicOfOtherTarget(mnemonic) ? "instruction not supported on this GPU"
                                            : "invalid instruction",
            tokens[0].offset};
    return false;
  }
  // The span excludes the end-of-statement token the operand parser stops at. The scratch
  // vectors keep their capacity from statement to statement.
  std::vector<Token> &toks = scratchTokens_;
  toks.assign(tokens.begin(), tokens.end());
  // The end of the statement, where errors about missing operands point (as llvm-mc's does).
  terminateStatement(toks, tokens.back().offset + tokens.back().text.size());
  std::vector<ParsedOperand> &ops = scratchOps_;
  ops.clear();
  OperandParseError perr;
  if (!parseOperands(toks, 1, resolve, target_, ops, perr)) {
    fail = {perr.message, perr.offset};
    return false;
  }
  // llvm-mc parses the operands once for all of a mnemonic's encodings: a parsing error of one
  // candidate row counts only when no other row gets past parsing.
  Attempt best, bestParse;
  auto consider = [&best, &bestParse](const Attempt &a) {
    if (a.progress == kParseStageProgress) {
      if (bestParse.progress < 0)
        bestParse = a;
    } else if (a.progress > best.progress) {
      best = a;
    }
  };
  bool anyAgpr = false; // (AccVGPR operands are rare: the memory rule is tried only then)
  for (const ParsedOperand &op : ops)
    anyAgpr = anyAgpr || (op.kind == ParsedOperand::Kind::Register && op.reg.kind == RegKind::AGPR);
  for (const Candidate &c : rows) {
    EncodedInstruction enc;
    const MatchInput in{*c.row, ops, tokens[0].offset, c.variant, wave64_, target_};
    if (std::optional<Attempt> refused = anyAgpr ? matchAgprData(in) : std::nullopt) {
      consider(*refused);
      continue;
    }
    Attempt a = matchRow(in, enc);
    if (a.ok) {
      out = std::move(enc);
      return true;
    }
    consider(a);
  }
  const Attempt &reported = best.progress >= 0 ? best : bestParse;
  fail = {reported.message, reported.offset};
  return false;
}

bool InstructionAssembler::assemble(std::span<const Token> tokens, uint32_t buffer,
                                    SourceManager &sm, std::string &text,
                                    EncodedInstruction &inst) {
  Failure f;
  if (!encode(tokens, inst, f)) {
    sm.report(SourceLoc{buffer, static_cast<uint32_t>(f.offset)}, Severity::Error, f.message);
    return false;
  }
  if (printer_)
    printWithFixups(inst, text);
  else
    text.clear();
  return true;
}

// The printer only sees bytes, so a fixed-up field is printed as a sentinel value, whose text
// is then replaced by the expression, as llvm-mc's listing shows it. The sentinels are values
// no other operand prints as: a branch offset (printed in decimal) and a literal dword (printed
// in hex, or its low half for 16-bit operands).
void InstructionAssembler::printWithFixups(const EncodedInstruction &inst,
                                           std::string &text) const {
  if (inst.fixups.empty()) {
    printer_(inst.bytes, inst, text);
    return;
  }
  constexpr uint16_t kBranchSentinel = 0x7e5c;
  constexpr uint32_t kLiteralSentinel = 0x5eadc0de;
  std::string bytes = inst.bytes;
  for (const InstFixup &fx : inst.fixups) {
    const uint32_t v = fx.kind == InstFixup::Kind::SoppBranch ? kBranchSentinel : kLiteralSentinel;
    for (unsigned i = 0; i < fixupSize(fx.kind) && fx.offset + i < bytes.size(); ++i)
      bytes[fx.offset + i] = static_cast<char>((v >> (8 * i)) & 0xFF);
  }
  printer_(bytes, inst, text);
  auto isWordChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  // Replaces each whole-token occurrence of `sentinel`; true if there was one.
  auto substitute = [&](std::string_view sentinel, const std::string &expr) {
    bool found = false;
    size_t at = 0;
    while ((at = text.find(sentinel, at)) != std::string::npos) {
      const size_t end = at + sentinel.size();
      if ((at > 0 && isWordChar(text[at - 1])) || (end < text.size() && isWordChar(text[end]))) {
        at = end;
        continue;
      }
      text.replace(at, sentinel.size(), expr);
      at += expr.size();
      found = true;
    }
    return found;
  };
  for (const InstFixup &fx : inst.fixups) {
    const std::string expr = printFixupValue(*fx.expr);
    if (fx.kind == InstFixup::Kind::SoppBranch)
      substitute("32348", expr);
    else if (!substitute("0x5eadc0de", expr))
      substitute("0xc0de", expr);
  }
}

} // namespace gcnkit::assembler
