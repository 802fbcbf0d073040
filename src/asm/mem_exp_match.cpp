// EXP statements: `exp TARGET src0, src1, src2, src3 [done] [compr] [vm] [row_en]`, each source
// a VGPR or `off` (the enable mask has a bit per VGPR source).
#include "asm/mem_match.h"

#include <string_view>

#include "isa/mem_symbolic.h"
#include "isa/target_info.h"

namespace gcnkit::assembler::mem {

namespace {

namespace m = isa::mem;

// The modifier order (the table's EXP row has no modifier bits for these: they are fields of
// the format, where the target has them).
constexpr Mod kExpMods[] = {Mod::Done, Mod::Compr, Mod::Vm, Mod::RowEn};

bool readNumbered(std::string_view name, std::string_view prefix, unsigned count, unsigned &index) {
  if (!name.starts_with(prefix) || name.size() == prefix.size())
    return false;
  unsigned v = 0;
  for (char c : name.substr(prefix.size())) {
    if (c < '0' || c > '9')
      return false;
    v = v * 10 + static_cast<unsigned>(c - '0');
    if (v >= 1000)
      return false;
  }
  if (name.size() > prefix.size() + 1 && name[prefix.size()] == '0')
    return false; // mrt01 is not mrt1
  index = v;
  return v < count;
}

enum class Target : uint8_t { Ok, Invalid, Unsupported };

// Export targets by the names of every processor (isa::mem::kExpTargetNames); the target's
// mask says which it has, the others are "not supported on this GPU".
Target readTarget(std::string_view name, uint64_t targets, unsigned &tgt) {
  for (const m::ExpTargetName &t : m::kExpTargetNames) {
    unsigned n = 0;
    if (t.numbered ? !readNumbered(name, t.name, t.last - t.first + 1u, n) : name != t.name)
      continue;
    tgt = t.first + n;
    return ((targets >> tgt) & 1) ? Target::Ok : Target::Unsupported;
  }
  return Target::Invalid;
}

bool noValues(const MatchInput &, Mod, const ParsedOperand &op, uint32_t &, MatchFailure &fail) {
  fail = {"not a valid operand.", op.offset};
  return false;
}

} // namespace

Attempt matchExp(const MatchInput &in, EncodedInstruction &out) {
  if (in.ops.empty())
    return Attempt::tooFew(in);
  const isa::TargetInfo &info = isa::targetInfo(in.target);
  const m::FormatLayout &lay = info.mem.exp;
  const ParsedOperand &target = in.ops[0];
  std::string_view name;
  if (target.kind == Kind::Expression && target.expr->op == ExprOp::Symbol)
    name = target.expr->symbol;
  else if (target.kind == Kind::Register && target.reg.kind == RegKind::Special &&
           target.reg.index == info.sregs.null)
    name = "null";
  unsigned tgt = 0;
  switch (readTarget(name, info.mem.expTargets, tgt)) {
  case Target::Ok:
    break;
  case Target::Invalid:
    return parseFailure(in, {"invalid exp target", target.offset});
  case Target::Unsupported:
    return parseFailure(in, {"exp target is not supported on this GPU", target.offset});
  }
  // The flags the target has, in llvm-mc's order.
  Mod order[std::size(kExpMods)];
  size_t orderSize = 0;
  for (Mod mod : kExpMods)
    if (lay[mod == Mod::Done    ? m::kExpDone
            : mod == Mod::Compr ? m::kExpCompr
            : mod == Mod::Vm    ? m::kExpVm
                                : m::kExpRowEn]
            .present())
      order[orderSize++] = mod;
  const ModifierSyntax syntax{std::span<const Mod>(order, orderSize), 5, noValues};
  Modifiers mods;
  if (std::optional<Attempt> a = parseModifiers(in, syntax, mods))
    return *a;
  // Sources: a VGPR or off each (the enable mask has a bit per source).
  uint32_t src[4] = {}, en = 0;
  for (unsigned k = 0; k < 4; ++k) {
    const size_t i = 1 + k;
    if (i >= in.ops.size())
      return Attempt::tooFew(in);
    if (isOff(in.ops[i]))
      continue;
    if (!isVgpr(in.ops[i], 1))
      return Attempt::failure(in, i);
    en |= 1u << k;
    src[k] = in.ops[i].reg.index;
  }
  if (std::optional<Attempt> a = matchModifiers(in, 5, syntax, mods))
    return *a;
  // A compressed export (gfx9) takes sources 0 and 2, each a register of two 16-bit values
  // enabling two channels; sources 1 and 3 are dropped, as llvm-mc does.
  const bool compr = mods.has(Mod::Compr);
  if (compr) {
    src[1] = src[2];
    src[2] = src[3] = 0;
    en = ((en & 1) ? 0x3u : 0u) | ((en & 4) ? 0xCu : 0u);
  }
  uint64_t v = info.prefix(isa::Format::EXP);
  v = lay[m::kExpTgt].set(v, tgt);
  v = lay[m::kExpEn].set(v, en);
  for (unsigned k = 0; k < 4; ++k)
    v = lay[m::kExpVsrc0 + k].set(v, src[k]);
  v = lay[m::kExpDone].set(v, mods.has(Mod::Done));
  v = lay[m::kExpCompr].set(v, compr);
  v = lay[m::kExpVm].set(v, mods.has(Mod::Vm));
  v = lay[m::kExpRowEn].set(v, mods.has(Mod::RowEn));
  appendQword(out.bytes, v);
  return Attempt::success(in.ops.size());
}

} // namespace gcnkit::assembler::mem
