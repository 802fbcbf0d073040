// What llvm-mc decides about VALU operands while parsing them, before it matches any encoding:
// values of DPP controls, op_sel and omod, and whether a modifier or a named operand is one
// that some encoding of the mnemonic takes at all. These errors win over every mismatch.
#include <functional>
#include <span>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "asm/dpp_operands.h"
#include "asm/sdwa_operands.h"
#include "asm/valu_internal.h"
#include "isa/target_info.h"

namespace gcnkit::assembler::valu {

namespace {

using isa::DataType;
using isa::Field;
using isa::Format;
using isa::InstrDesc;
using Kind = ParsedOperand::Kind;

std::string_view baseName(std::string_view name) {
  if (name.ends_with("_e32") || name.ends_with("_e64"))
    name.remove_suffix(4);
  return name;
}

// The decoder prints one VOP2 opcode as a VOPC compare (the row's first operand is the
// compare's vcc result); llvm-mc never assembles to it.
bool isVopcAlias(const InstrDesc &row) {
  return row.format == Format::VOP2 && row.numOperands > 0 &&
         row.operands[0].field == Field::None && row.operands[0].isDef;
}

// Which kinds of input modifier an operand position takes in some encoding of the mnemonic.
struct ModifierKinds {
  bool fp = false;   // -x, |x|, neg(x), abs(x)
  bool sext = false; // sext(x)
};

ModifierKinds modifierKindsAt(const RowPair &rows, size_t pos) {
  ModifierKinds k;
  if (const InstrDesc *r = rows.e64; r && pos < r->numOperands && !r->operands[pos].isDef) {
    const int i = isa::valuSourceIndex(r->operands[pos].field);
    if (i >= 0) {
      const uint32_t kept = keptModifiers(*r);
      const bool neg = (kept >> (kNegBit + i)) & 1, abs = (kept >> (kAbsBit + i)) & 1;
      const bool isInt = isa::isIntegerType(r->operands[pos].type);
      (isInt ? k.sext : k.fp) |= isInt ? neg : (neg || abs);
      if (r->modifiers & (isa::mod::Dpp16 | isa::mod::Dpp8)) {
        const bool dppInt = isInt || ((r->flags >> (kDppIntShift + i)) & 1);
        (dppInt ? k.sext : k.fp) |= dppInt ? neg : (neg || abs);
      }
    }
  }
  if (const InstrDesc *r = rows.e32;
      r && (r->modifiers & isa::mod::Sdwa) && pos < r->numOperands && !r->operands[pos].isDef) {
    const int i = isa::valuSourceIndex(r->operands[pos].field);
    if (i == 0 || i == 1) {
      const uint32_t bits = (r->flags >> (kSdwaModShift + 2 + 3 * i)) & 7; // sext, neg, abs
      k.sext |= (bits & 1) != 0;
      k.fp |= (bits & 6) != 0;
    }
  }
  if (const InstrDesc *r = rows.e32;
      r && (r->modifiers & isa::mod::Dpp16) && pos < r->numOperands && !r->operands[pos].isDef) {
    const int i = isa::valuSourceIndex(r->operands[pos].field);
    if (i == 0 || i == 1) {
      const uint32_t bits = (r->flags >> (kDppModKeptShift + 2 * i)) & 3;
      if (isa::isIntegerType(r->operands[pos].type))
        k.sext |= (bits & 1) != 0;
      else
        k.fp |= bits != 0;
    }
  }
  return k;
}

// Named operands as llvm-mc's parser tells them apart (mul / div are one omod operand).
enum class Named : uint8_t {
  OpSel,
  Clamp,
  Omod,
  Dpp16Ctrl,
  RowMask,
  BankMask,
  BoundCtrl,
  Fi,
  Dpp8,
  DstSel,
  DstUnused,
  Src0Sel,
  Src1Sel
};

std::optional<Named> namedOf(const ParsedOperand &op, isa::Target target) {
  switch (sdwaControlOf(op)) {
  case SdwaControl::DstSel:
    return Named::DstSel;
  case SdwaControl::DstUnused:
    return Named::DstUnused;
  case SdwaControl::Src0Sel:
    return Named::Src0Sel;
  case SdwaControl::Src1Sel:
    return Named::Src1Sel;
  case SdwaControl::None:
    break;
  }
  switch (dppControlOf(op, target)) {
  case DppControl::Dpp16Ctrl:
    return Named::Dpp16Ctrl;
  case DppControl::RowMask:
    return Named::RowMask;
  case DppControl::BankMask:
    return Named::BankMask;
  case DppControl::BoundCtrl:
    return Named::BoundCtrl;
  case DppControl::Fi:
    return Named::Fi;
  case DppControl::Dpp8:
    return Named::Dpp8;
  case DppControl::None:
    break;
  }
  if (op.name == "op_sel")
    return Named::OpSel;
  if (op.name == "clamp")
    return Named::Clamp;
  if (op.name == "mul" || op.name == "div")
    return Named::Omod;
  return std::nullopt;
}

// llvm-mc's parser accepts a `key:value` operand only at the positions where some encoding of
// the mnemonic can have it: the operand's own index among that encoding's operands, or fewer
// by up to the number of optional operands before it.
bool acceptedAt(const RowPair &rows, Named what, size_t pos, isa::Target target) {
  struct TailEntry {
    Named named;
    bool optional;
  };
  // The implicit vcc of the 32-bit forms is a fixed token of llvm-mc's syntax. gfx11 leaves
  // it out of the position count; gfx9 counts it (`v_addc_co_u32_dpp v1, vcc, v2, v3, vcc
  // ...`) unless it may be left out (v_cndmask_b32's optional vcc).
  const bool countsTokens = isa::targetInfo(target).has(isa::TargetInfo::kAsmCountsVccTokens);
  auto tokensOf = [&](const InstrDesc &row, bool resultIsOperand) {
    size_t tokens = 0;
    if (!isVop3(row))
      for (unsigned k = 0; k < row.numOperands; ++k)
        tokens +=
            row.operands[k].field == Field::None && !(resultIsOperand && row.operands[k].isDef);
    return tokens;
  };
  auto accepts = [&](const InstrDesc &row, std::span<const TailEntry> tail,
                     bool resultIsOperand = false) {
    const size_t tokens = tokensOf(row, resultIsOperand);
    // Where the tokens may be left out, both counts give a position.
    const size_t counted = countsTokens ? tokens : 0;
    const size_t uncounted = countsTokens && !implicitVccOptional(row) ? tokens : 0;
    size_t optionalBefore = 0;
    for (size_t j = 0; j < tail.size(); ++j) {
      for (const size_t extra : {counted, uncounted}) {
        const size_t index = row.numOperands - tokens + extra + j;
        if (tail[j].named == what && pos + optionalBefore >= index && pos <= index)
          return true;
      }
      optionalBefore += tail[j].optional;
    }
    return false;
  };
  const TailEntry dpp16[] = {{Named::Dpp16Ctrl, false},
                             {Named::RowMask, true},
                             {Named::BankMask, true},
                             {Named::BoundCtrl, true},
                             {Named::Fi, true}};
  const TailEntry dpp8[] = {{Named::Dpp8, false}, {Named::Fi, true}};
  if (const InstrDesc *r = rows.e32; r && (r->modifiers & isa::mod::Sdwa)) {
    // SDWA: every control optional.
    const uint32_t sdwaMods = r->flags >> kSdwaModShift;
    TailEntry tail[6];
    size_t n = 0;
    if (r->format != Format::VOPC) {
      if (sdwaMods & 1)
        tail[n++] = {Named::Clamp, true};
      if (sdwaMods & 2)
        tail[n++] = {Named::Omod, true};
      tail[n++] = {Named::DstSel, true};
      tail[n++] = {Named::DstUnused, true};
    }
    tail[n++] = {Named::Src0Sel, true};
    if (r->format != Format::VOP1)
      tail[n++] = {Named::Src1Sel, true};
    // The VOPC result is an operand here, not a fixed token.
    if (accepts(*r, std::span<const TailEntry>(tail, n), r->format == Format::VOPC))
      return true;
  }
  if (const InstrDesc *r = rows.e32) {
    if ((r->modifiers & isa::mod::Dpp16) && accepts(*r, dpp16))
      return true;
    if ((r->modifiers & isa::mod::Dpp8) && accepts(*r, dpp8))
      return true;
  }
  if (const InstrDesc *r = rows.e64) {
    TailEntry tail[8];
    size_t n = 0;
    if ((r->modifiers & isa::mod::OpSel) && !isInterpolation(*r)) // `high` is no named operand
      tail[n++] = {Named::OpSel, true};
    if (r->modifiers & isa::mod::Clamp)
      tail[n++] = {Named::Clamp, true};
    if (r->modifiers & isa::mod::Omod)
      tail[n++] = {Named::Omod, true};
    if (accepts(*r, std::span<const TailEntry>(tail, n)))
      return true;
    for (const auto &dpp : {std::span<const TailEntry>(dpp16), std::span<const TailEntry>(dpp8)}) {
      if (!(r->modifiers & (dpp.size() == 5 ? isa::mod::Dpp16 : isa::mod::Dpp8)))
        continue;
      size_t m = n;
      for (const TailEntry &e : dpp)
        tail[m++] = e;
      if (accepts(*r, std::span<const TailEntry>(tail, m)))
        return true;
    }
  }
  return false;
}

uint32_t allModifiers(const RowPair &rows) {
  return (rows.e32 ? rows.e32->modifiers : 0) | (rows.e64 ? rows.e64->modifiers : 0);
}

Attempt parseError(const ParsedOperand &op, std::string message, size_t offset) {
  (void)op;
  return Attempt{false, std::move(message), offset, kParseErrorProgress};
}

std::optional<Attempt> checkNamed(const ParsedOperand &op, const RowPair &rows, size_t pos,
                                  isa::Target target) {
  // A flag llvm-mc's parser does not expect reads as a symbol, which then fails to match.
  if (op.kind == Kind::Flag)
    return std::nullopt;
  const std::optional<Named> named = namedOf(op, target);
  if (!named || !acceptedAt(rows, *named, pos, target))
    return parseError(op, "not a valid operand.", op.offset);
  const uint32_t mods = allModifiers(rows);
  uint32_t e64 = rows.e64 ? rows.e64->modifiers : 0;
  if (rows.e64 && isInterpolation(*rows.e64))
    e64 &= ~isa::mod::OpSel; // an interpolation's op_sel is spelled `high`
  // gfx9 SDWA forms take clamp and omod too.
  if (const InstrDesc *r = rows.e32; r && (r->modifiers & isa::mod::Sdwa)) {
    if (sdwaControlOf(op) != SdwaControl::None) {
      if (std::optional<SdwaDiagnostic> d = checkSdwaValue(op))
        return parseError(op, d->message, d->offset);
      return std::nullopt;
    }
    const uint32_t sdwaMods = r->flags >> kSdwaModShift;
    e64 |= (sdwaMods & 1 ? isa::mod::Clamp : 0) | (sdwaMods & 2 ? isa::mod::Omod : 0);
  }
  const DppControl dpp = dppControlOf(op, target);
  if (dpp != DppControl::None) {
    const uint32_t needed = dpp == DppControl::Dpp8 ? isa::mod::Dpp8
                            : dpp == DppControl::Fi ? (isa::mod::Dpp8 | isa::mod::Dpp16)
                                                    : isa::mod::Dpp16;
    if (!(mods & needed))
      return parseError(op, "not a valid operand.", op.offset);
    if (std::optional<DppDiagnostic> d = checkDppValue(op, target))
      return parseError(op, d->message, d->offset);
    return std::nullopt;
  }
  if (op.kind == Kind::Flag && op.name == "clamp" && (e64 & isa::mod::Clamp))
    return std::nullopt;
  if (op.kind == Kind::KeyValue && op.name == "op_sel" && (e64 & isa::mod::OpSel)) {
    if (!op.isList)
      return parseError(op, "expected a left square bracket", op.valueOffset);
    for (size_t i = 0; i < op.list.size(); ++i) {
      if (i == 4)
        return parseError(op, "expected a closing square bracket", op.list[3].endOffset);
      const ParsedOperand &v = op.list[i];
      if (v.kind != Kind::Number || v.number.isReal ||
          (v.number.integer != 0 && v.number.integer != 1))
        return parseError(op, "invalid op_sel value.", v.offset);
    }
    return std::nullopt;
  }
  if (op.kind == Kind::KeyValue && (op.name == "mul" || op.name == "div") &&
      (e64 & isa::mod::Omod)) {
    const bool ok = !op.isList && !op.expr && !op.number.isReal &&
                    (op.number.integer == 1 || op.number.integer == 2 ||
                     (op.name == "mul" && op.number.integer == 4));
    if (!ok)
      return parseError(op, "invalid " + std::string(op.name) + " value.", op.offset);
    return std::nullopt;
  }
  return parseError(op, "not a valid operand.", op.offset);
}

} // namespace

namespace {

// The VOP1/2/C and VOP3 rows of each base name in one target's table, and the pair of every
// row of that table by its position (every VALU candidate asks).
struct RowPairs {
  std::span<const InstrDesc> table;
  std::unordered_map<std::string_view, RowPair> byName;
  std::vector<RowPair> byRow;

  explicit RowPairs(isa::Target target) : table(isa::instructions(target)) {
    for (const InstrDesc &d : table) {
      if (isVopcAlias(d))
        continue;
      RowPair &p = byName[baseName(d.name)];
      if (d.format == Format::VOP1 || d.format == Format::VOP2 || d.format == Format::VOPC)
        p.e32 = &d;
      else if (isVop3(d))
        p.e64 = &d;
    }
    byRow.reserve(table.size());
    for (const InstrDesc &d : table)
      byRow.push_back(lookup(d));
  }

  RowPair lookup(const InstrDesc &d) const {
    auto it = byName.find(baseName(d.name));
    return it == byName.end() ? RowPair{} : it->second;
  }
};

const RowPairs &rowPairs(isa::Target target) {
  if (target == isa::Target::GFX908) {
    static const RowPairs gfx908(target);
    return gfx908;
  }
  static const RowPairs gfx1100(target);
  return gfx1100;
}

} // namespace

RowPair rowPairOf(isa::Target target, const InstrDesc &row) {
  const RowPairs &pairs = rowPairs(target);
  const std::less<const InstrDesc *> before; // a total order, also for rows outside the table
  if (!before(&row, pairs.table.data()) && before(&row, pairs.table.data() + pairs.table.size()))
    return pairs.byRow[static_cast<size_t>(&row - pairs.table.data())];
  return pairs.lookup(row);
}

std::optional<Attempt> parseErrors(const MatchInput &in, const RowPair &rows) {
  for (size_t p = 0; p < in.ops.size(); ++p) {
    const ParsedOperand &op = in.ops[p];
    if (op.kind == Kind::KeyValue || op.kind == Kind::Flag) {
      if (std::optional<Attempt> a = checkNamed(op, rows, p, in.target))
        return a;
      continue;
    }
    if (!op.neg && !op.abs && !op.sext)
      continue;
    const ModifierKinds k = modifierKindsAt(rows, p);
    if (((op.neg || op.abs) && !k.fp) || (op.sext && !k.sext))
      return parseError(op, "not a valid operand.", op.offset);
  }
  return std::nullopt;
}

} // namespace gcnkit::assembler::valu
