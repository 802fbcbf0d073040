// The trailing modifiers of memory instructions, as llvm-mc-19 parses and matches them.
//
// llvm-mc parses operands before it matches any instruction. A key:value modifier is parsed only
// at the operand positions where the mnemonic's syntax can have it: from the first modifier
// position up to its own place in the modifier order (every earlier modifier may be omitted);
// anywhere else it is "not a valid operand.". Flags (glc, gds, tfe...) parse anywhere. The cache
// policy bits written together form one operand. Matching then walks the modifiers in order:
// an operand that does not fit a later place is "invalid operand for instruction".
#include "asm/mem_match.h"

#include <algorithm>
#include <string>
#include <string_view>

namespace gcnkit::assembler::mem {

namespace {

std::optional<Mod> flagMod(std::string_view name) {
  static constexpr struct {
    std::string_view name;
    Mod mod;
  } kFlags[] = {
      {"glc", Mod::CPol},    {"slc", Mod::CPol},    {"dlc", Mod::CPol},     {"scc", Mod::CPol},
      {"gds", Mod::Gds},     {"idxen", Mod::Idxen}, {"offen", Mod::Offen},  {"tfe", Mod::Tfe},
      {"unorm", Mod::Unorm}, {"r128", Mod::R128},   {"a16", Mod::A16},      {"lwe", Mod::Lwe},
      {"d16", Mod::D16},     {"done", Mod::Done},   {"row_en", Mod::RowEn}, {"lds", Mod::Lds},
      {"da", Mod::Da},       {"compr", Mod::Compr}, {"vm", Mod::Vm}};
  for (const auto &f : kFlags)
    if (f.name == name)
      return f.mod;
  return std::nullopt;
}

std::optional<Mod> keyMod(std::string_view name) {
  static constexpr struct {
    std::string_view name;
    Mod mod;
  } kKeys[] = {{"offset", Mod::Offset}, {"offset0", Mod::Offset0}, {"offset1", Mod::Offset1},
               {"format", Mod::Format}, {"dmask", Mod::Dmask},     {"dim", Mod::Dim},
               {"dfmt", Mod::Dfmt},     {"nfmt", Mod::Nfmt}};
  for (const auto &k : kKeys)
    if (k.name == name)
      return k.mod;
  return std::nullopt;
}

bool isCachePolicyFlag(const ParsedOperand &op) {
  return op.kind == Kind::Flag && flagMod(op.name) == Mod::CPol;
}

std::optional<Mod> modOf(const ParsedOperand &op) {
  if (op.kind == Kind::Flag)
    return flagMod(op.name);
  if (op.kind == Kind::KeyValue)
    return keyMod(op.name);
  return std::nullopt;
}

// The place of modifier m at or after `from`; a required token (when matching) is not skipped.
std::optional<size_t> slotOf(const ModifierSyntax &syntax, Mod m, size_t from = 0,
                             bool stopAtRequired = false) {
  for (size_t k = from; k < syntax.order.size(); ++k) {
    if (syntax.order[k] == m)
      return k;
    if (stopAtRequired && syntax.order[k] == syntax.required)
      return std::nullopt;
  }
  return std::nullopt;
}

// The operands an MIMG vaddr stands for: an NSA list is its brackets and each address.
size_t addressOperands(const ParsedOperand &op) {
  const size_t n = op.kind == Kind::RegisterList               ? op.list.size()
                   : op.kind == Kind::Register && op.bracketed ? op.reg.count
                                                               : 1;
  return n > 1 ? n + 2 : 1; // `[v2]` is a plain vaddr
}

// Whether the modifier at `slot` parses at operand position `here`: in any of the syntax's
// variants (plain vaddr, NSA lists of 2.. addresses), from the first modifier position up to
// the modifier's own place.
bool inWindow(const ModifierSyntax &syntax, size_t here, size_t lowest, size_t slot) {
  if (here >= lowest && here <= syntax.registerOperands + slot)
    return true;
  for (size_t n = 2; n <= syntax.nsaAddresses; ++n) {
    const size_t first = syntax.registerOperands + n + 1; // vaddr: `[`, n addresses, `]`
    if (here >= first && here <= first + slot)
      return true;
  }
  return false;
}

// "<name> modifier is not supported on this GPU", llvm-mc's parser error for a flag of another
// generation.
Attempt unsupportedFlag(const MatchInput &in, const ParsedOperand &op) {
  std::string message(op.name);
  message += " modifier is not supported on this GPU";
  return parseFailure(in, {std::move(message), op.offset});
}

// gfx9's dfmt:N / nfmt:N (before soffset): the value range, checked while parsing.
std::optional<Attempt> checkSplitFormat(const MatchInput &in, Mod m, const ParsedOperand &op,
                                        Modifiers &out) {
  if (op.expr || op.isList || op.swizzle || op.number.isReal)
    return parseFailure(in, {"expected absolute expression", op.valueOffset});
  const bool data = m == Mod::Dfmt;
  if (!fitsUnsigned(op.number.integer, data ? 4 : 3))
    return parseFailure(in, {data ? "out of range dfmt" : "out of range nfmt", op.offset});
  out.value[static_cast<size_t>(m)] = static_cast<uint32_t>(op.number.integer);
  return std::nullopt;
}

} // namespace

std::optional<Attempt> parseModifiers(const MatchInput &in, const ModifierSyntax &syntax,
                                      Modifiers &out) {
  const bool hasCachePolicy = slotOf(syntax, Mod::CPol).has_value();
  size_t position = 0;      // llvm-mc's operand position: a cache policy run is one operand
  unsigned runBits = 0;     // cache policy bits seen in the current run
  bool splitFormat = false; // gfx9 dfmt / nfmt seen
  for (size_t i = 0; i < in.ops.size(); ++i) {
    const ParsedOperand &op = in.ops[i];
    if (isCachePolicyFlag(op) && hasCachePolicy) {
      if (op.name == "scc" || (op.name == "dlc" && !syntax.dlc))
        return unsupportedFlag(in, op);
      const unsigned bit = op.name == "glc" ? 1 : op.name == "slc" ? 2 : 4;
      if (runBits & bit)
        return parseFailure(in, {"duplicate cache policy modifier", op.offset});
      if (runBits == 0)
        ++position;
      runBits |= bit;
      continue;
    }
    // `scc` (src_scc elsewhere) where a cache policy may stand: gfx90a's bit.
    if (op.kind == Kind::Register && op.name == "scc" && hasCachePolicy &&
        position >= syntax.registerOperands)
      return unsupportedFlag(in, op);
    if (op.kind == Kind::Flag)
      if (const std::optional<Mod> f = flagMod(op.name))
        if (std::find(syntax.unsupported.begin(), syntax.unsupported.end(), *f) !=
            syntax.unsupported.end())
          return unsupportedFlag(in, op);
    runBits = 0;
    const size_t here = position;
    const std::optional<Mod> m = op.kind == Kind::KeyValue ? keyMod(op.name) : std::nullopt;
    if (m == Mod::Dfmt || m == Mod::Nfmt) {
      // gfx9's dfmt / nfmt stand in soffset's place, before it; with soffset they make one
      // operand to llvm-mc (the format), so they take no position of their own.
      if (!syntax.splitFormatBeforeSoffset || here != syntax.registerOperands - 1)
        return parseFailure(in, {"not a valid operand.", op.offset});
      if (std::optional<Attempt> a = checkSplitFormat(in, *m, op, out))
        return a;
      splitFormat = true;
      continue;
    }
    position += i == 1 && syntax.nsaAddresses > 1 ? addressOperands(op) : 1;
    if (op.kind != Kind::KeyValue)
      continue;
    const std::optional<size_t> slot = m ? slotOf(syntax, *m) : std::nullopt;
    const size_t lowest =
        syntax.registerOperands - (m == Mod::Format && syntax.formatBeforeSoffset);
    if (!slot || !inWindow(syntax, here, lowest, *slot))
      return parseFailure(in, {"not a valid operand.", op.offset});
    if (m == Mod::Format && splitFormat)
      return parseFailure(in, {"duplicate format", op.offset});
    MatchFailure f;
    uint32_t value = 0;
    if (!syntax.readValue(in, *m, op, value, f))
      return parseFailure(in, f);
    out.value[static_cast<size_t>(*m)] = value;
  }
  return std::nullopt;
}

Attempt parseFailure(const MatchInput &, MatchFailure f) {
  return Attempt{false, std::move(f.message), f.offset, kParseStageProgress};
}

Attempt refusedAfterMatch(const MatchInput &in, size_t opIndex, MatchMessage message) {
  constexpr int kRefusedAfterMatch = 300000; // beats every mismatch of another candidate
  Attempt a = Attempt::failure(in, opIndex, std::move(message));
  a.progress = kRefusedAfterMatch;
  return a;
}

Attempt otherGpuForm(const MatchInput &in) {
  return refusedAfterMatch(in, in.ops.size() + 1, "operands are not valid for this GPU or mode");
}

uint64_t withCachePolicy(uint64_t v, const Modifiers &mods, const isa::mem::BitField &glc,
                         const isa::mem::BitField &slc, const isa::mem::BitField &dlc) {
  return dlc.set(slc.set(glc.set(v, mods.glc), mods.slc), mods.dlc);
}

std::optional<Attempt> matchModifiers(const MatchInput &in, size_t first,
                                      const ModifierSyntax &syntax, Modifiers &out) {
  size_t next = 0;
  for (size_t i = first; i < in.ops.size(); ++i) {
    const ParsedOperand &op = in.ops[i];
    const std::optional<Mod> m = modOf(op);
    const std::optional<size_t> slot = m ? slotOf(syntax, *m, next, true) : std::nullopt;
    if (!slot)
      return Attempt::failure(in, i);
    const auto index = static_cast<size_t>(*m);
    out.present[index] = true;
    out.opIndex[index] = i;
    if (*m == Mod::CPol) {
      if (op.name == "glc") {
        out.glc = true;
        out.glcIndex = i;
      }
      out.slc |= op.name == "slc";
      out.dlc |= op.name == "dlc";
      next = *slot; // more cache policy bits may follow
    } else {
      next = *slot + 1;
    }
  }
  return std::nullopt;
}

bool isAnyVgpr(const ParsedOperand &op) {
  return op.kind == Kind::Register && op.reg.kind == RegKind::VGPR && !op.reg.hiHalf &&
         !op.reg.loHalf && !op.neg && !op.abs && !op.sext;
}

bool isVgpr(const ParsedOperand &op, unsigned regs) {
  return isAnyVgpr(op) && op.reg.count == regs;
}

bool isOff(const ParsedOperand &op) { return op.kind == Kind::Flag && op.name == "off"; }

void appendQword(std::string &out, uint64_t v) {
  appendDword(out, static_cast<uint32_t>(v));
  appendDword(out, static_cast<uint32_t>(v >> 32));
}

} // namespace gcnkit::assembler::mem
