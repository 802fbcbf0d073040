// EXP statements: `exp TARGET src0, src1, src2, src3 [done] [row_en]`, each source a VGPR or
// `off` (the enable mask has a bit per VGPR source).
#include "asm/mem_match.h"

#include <string_view>

namespace gcnkit::assembler::mem {

namespace {

// The table's EXP row has no modifier bits for done / row_en (they are fields of the format).
constexpr Mod kExpMods[] = {Mod::Done, Mod::RowEn};

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

// GFX11 export targets: mrt0..7 (0..7), mrtz (8), pos0..4 (12..16), prim (20),
// dual_src_blend0/1 (21, 22). null and param0..31 belong to other GPUs.
Target readTarget(std::string_view name, unsigned &tgt) {
  unsigned n = 0;
  if (readNumbered(name, "mrt", 8, n)) {
    tgt = n;
  } else if (name == "mrtz") {
    tgt = 8;
  } else if (readNumbered(name, "pos", 5, n)) {
    tgt = 12 + n;
  } else if (name == "prim") {
    tgt = 20;
  } else if (readNumbered(name, "dual_src_blend", 2, n)) {
    tgt = 21 + n;
  } else if (name == "null" || readNumbered(name, "param", 32, n)) {
    return Target::Unsupported;
  } else {
    return Target::Invalid;
  }
  return Target::Ok;
}

bool noValues(const MatchInput &, Mod, const ParsedOperand &op, uint32_t &, MatchFailure &fail) {
  fail = {"not a valid operand.", op.offset};
  return false;
}

} // namespace

Attempt matchExp(const MatchInput &in, EncodedInstruction &out) {
  if (in.ops.empty())
    return Attempt::tooFew(in);
  const ParsedOperand &target = in.ops[0];
  std::string_view name;
  if (target.kind == Kind::Expression && target.expr->op == ExprOp::Symbol)
    name = target.expr->symbol;
  else if (target.kind == Kind::Register && target.reg.kind == RegKind::Special &&
           target.reg.index == 124)
    name = "null";
  unsigned tgt = 0;
  switch (readTarget(name, tgt)) {
  case Target::Ok:
    break;
  case Target::Invalid:
    return parseFailure(in, {"invalid exp target", target.offset});
  case Target::Unsupported:
    return parseFailure(in, {"exp target is not supported on this GPU", target.offset});
  }
  const ModifierSyntax syntax{kExpMods, 5, noValues};
  Modifiers mods;
  if (std::optional<Attempt> a = parseModifiers(in, syntax, mods))
    return *a;
  uint64_t v = 0xF8000000u | tgt << 4;
  for (unsigned k = 0; k < 4; ++k) {
    const size_t i = 1 + k;
    if (i >= in.ops.size())
      return Attempt::tooFew(in);
    if (isOff(in.ops[i]))
      continue;
    if (!isVgpr(in.ops[i], 1))
      return Attempt::failure(in, i);
    v |= 1u << k;
    v |= uint64_t{in.ops[i].reg.index} << (32 + 8 * k);
  }
  if (std::optional<Attempt> a = matchModifiers(in, 5, syntax, mods))
    return *a;
  v |= uint32_t{mods.has(Mod::Done)} << 11 | uint32_t{mods.has(Mod::RowEn)} << 13;
  appendQword(out.bytes, v);
  return Attempt::success(in.ops.size());
}

} // namespace gcnkit::assembler::mem
