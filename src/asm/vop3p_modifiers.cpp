#include "asm/vop3p_modifiers.h"

namespace gcnkit::assembler {

namespace {

using Kind = ParsedOperand::Kind;

struct NamedKey {
  std::string_view name;
  ModKey key;
};
constexpr NamedKey kKeys[] = {{"op_sel", ModKey::OpSel},     {"op_sel_hi", ModKey::OpSelHi},
                              {"neg_lo", ModKey::NegLo},     {"neg_hi", ModKey::NegHi},
                              {"wait_exp", ModKey::WaitExp}, {"wait_vdst", ModKey::WaitVdst},
                              {"clamp", ModKey::Clamp},      {"cbsz", ModKey::Cbsz},
                              {"abid", ModKey::Abid},        {"blgp", ModKey::Blgp}};

bool isBitList(ModKey k) {
  return k == ModKey::OpSel || k == ModKey::OpSelHi || k == ModKey::NegLo || k == ModKey::NegHi;
}

bool isMandatory(ModKey k) { return k == ModKey::DppCtrl || k == ModKey::Dpp8; }

// Whether some layout lets `key` stand at ops[index]: at or before its own position, after
// every mandatory modifier before it.
bool allowedAt(ModKey key, size_t index, size_t first, std::span<const ModifierLayout> layouts) {
  for (const ModifierLayout &l : layouts) {
    size_t mandatoryBefore = 0;
    for (size_t p = 0; p < l.count; ++p) {
      if (l.keys[p] == key && index >= first + mandatoryBefore && index <= first + p)
        return true;
      if (isMandatory(l.keys[p]))
        ++mandatoryBefore;
    }
  }
  return false;
}

Attempt failAt(size_t offset, size_t opIndex, std::string msg) {
  return Attempt{false, std::move(msg), offset, static_cast<int>(opIndex)};
}

// `name:[b0, b1, ...]`: up to four elements, each 0 or 1.
std::optional<Attempt> checkBitList(const ParsedOperand &op, size_t i) {
  if (!op.isList)
    return failAt(op.valueOffset, i, "expected a left square bracket");
  if (op.list.empty())
    return failAt(op.valueOffset + 1, i, "unknown token in expression");
  for (size_t j = 0; j < op.list.size() && j < 4; ++j) {
    const ParsedOperand &e = op.list[j];
    if (e.kind == Kind::Expression)
      return failAt(e.offset, i, "expected absolute expression");
    if (e.number.isReal || (e.number.integer != 0 && e.number.integer != 1))
      return failAt(e.offset, i, "invalid " + std::string(op.name) + " value.");
  }
  if (op.list.size() > 4)
    return failAt(op.list[3].endOffset, i, "expected a closing square bracket");
  return std::nullopt;
}

// The value of `wait_exp:N`, `cbsz:N`... (llvm-mc also takes `[N]`).
const ParsedOperand &scalarValue(const ParsedOperand &op) {
  return op.isList && op.list.size() == 1 ? op.list[0] : op;
}

// An absolute value; nullopt when it is one, with checkValue's range check below.
std::optional<Attempt> checkAbsolute(const ParsedOperand &op, size_t i) {
  if (op.isList && op.list.size() > 1)
    return failAt(op.list[0].endOffset, i, "expected ']' in brackets expression");
  if (scalarValue(op).expr || (op.isList && op.list.empty()))
    return failAt(op.valueOffset, i, "expected absolute expression");
  return std::nullopt;
}

bool inRange(const ParsedOperand &op, int64_t max) {
  const Number &n = scalarValue(op).number;
  return !n.isReal && n.integer >= 0 && n.integer <= max;
}

// wait_exp, wait_vdst, cbsz, abid: llvm-mc checks the range while parsing.
std::optional<Attempt> checkValue(const ParsedOperand &op, size_t i, int64_t max) {
  if (std::optional<Attempt> bad = checkAbsolute(op, i))
    return bad;
  if (!inRange(op, max))
    return failAt(op.offset, i, "invalid " + std::string(op.name) + " value.");
  return std::nullopt;
}

// A bracketed list that is no register tuple is an MIMG address list to the operand parser;
// llvm-mc's parser reports it as the register list it fails to be.
std::optional<Attempt> checkRegisterList(const ParsedOperand &op, size_t i) {
  const std::vector<ParsedOperand> &l = op.list;
  for (size_t k = 1; k < l.size(); ++k) {
    if (l[k].reg.kind != l[0].reg.kind || l[k].reg.count != 1 || l[0].reg.count != 1)
      return failAt(l[k].offset, i, "registers in a list must be of the same kind");
    if (l[k].reg.index != l[k - 1].reg.index + 1)
      return failAt(l[k].offset, i, "registers in a list must have consecutive indices");
  }
  return std::nullopt;
}

uint8_t bitsOf(const ParsedOperand &op) {
  uint8_t bits = 0;
  for (size_t j = 0; j < op.list.size() && j < 4; ++j)
    bits |= static_cast<uint8_t>((op.list[j].number.integer & 1) << j);
  return bits;
}

} // namespace

ModKey modKeyOf(const ParsedOperand &op) {
  if (op.kind == Kind::Flag && op.name == "clamp")
    return ModKey::Clamp;
  if (op.kind != Kind::Flag && op.kind != Kind::KeyValue)
    return ModKey::None;
  switch (dppControlOf(op)) {
  case DppControl::Dpp16Ctrl:
    return ModKey::DppCtrl;
  case DppControl::Dpp8:
    return ModKey::Dpp8;
  case DppControl::RowMask:
    return ModKey::RowMask;
  case DppControl::BankMask:
    return ModKey::BankMask;
  case DppControl::BoundCtrl:
    return ModKey::BoundCtrl;
  case DppControl::Fi:
    return ModKey::Fi;
  case DppControl::None:
    break;
  }
  if (op.kind == Kind::KeyValue)
    for (const NamedKey &k : kKeys)
      if (k.name == op.name)
        return k.key;
  return ModKey::None;
}

Attempt sourceFailure(const MatchInput &in, size_t i, std::string msg) {
  const ParsedOperand &op = in.ops[i];
  const bool modified = op.neg || op.abs || op.sext;
  return failAt(modified ? op.valueOffset : op.offset, i, std::move(msg));
}

ModifierLayout ModifierLayout::withDpp16() const {
  ModifierLayout l = *this;
  for (ModKey k :
       {ModKey::DppCtrl, ModKey::RowMask, ModKey::BankMask, ModKey::BoundCtrl, ModKey::Fi})
    l.add(k);
  return l;
}

ModifierLayout ModifierLayout::withDpp8() const {
  ModifierLayout l = *this;
  l.add(ModKey::Dpp8);
  l.add(ModKey::Fi);
  return l;
}

std::optional<Attempt> checkModifierSyntax(const MatchInput &in, size_t first,
                                           std::span<const ModifierLayout> layouts,
                                           uint32_t sourceModifierOps) {
  for (size_t i = 0; i < in.ops.size(); ++i) {
    const ParsedOperand &op = in.ops[i];
    if (op.kind == Kind::RegisterList)
      if (std::optional<Attempt> bad = checkRegisterList(op, i))
        return bad;
    const bool sourceModifiers = op.neg || op.abs || op.sext;
    if (sourceModifiers && (op.sext || i >= 32 || !((sourceModifierOps >> i) & 1)))
      return Attempt::failure(in, i, "not a valid operand.");
    if (op.kind != Kind::KeyValue)
      continue; // flags and values parse anywhere (a misplaced flag reads as a symbol)
    const ModKey key = modKeyOf(op);
    if (key == ModKey::None || !allowedAt(key, i, first, layouts))
      return Attempt::failure(in, i, "not a valid operand.");
    std::optional<Attempt> bad;
    if (key == ModKey::Clamp) // `clamp:` -- the flag does not take a value
      bad = failAt(op.offset + op.name.size(), i, "unknown token in expression");
    else if (isBitList(key))
      bad = checkBitList(op, i);
    else if (key == ModKey::WaitExp || key == ModKey::Cbsz)
      bad = checkValue(op, i, 7);
    else if (key == ModKey::WaitVdst || key == ModKey::Abid)
      bad = checkValue(op, i, 15);
    else if (key == ModKey::Blgp) // its range is the matcher's
      bad = checkAbsolute(op, i);
    else if (std::optional<DppDiagnostic> d = checkDppValue(op))
      bad = failAt(d->offset, i, d->message);
    if (bad)
      return bad;
  }
  return std::nullopt;
}

size_t readModifiers(std::span<const ParsedOperand> ops, size_t first, const ModifierLayout &layout,
                     ModifierValues &out) {
  size_t i = first;
  for (size_t p = 0; p < layout.count && i < ops.size(); ++p) {
    const ModKey k = layout.keys[p];
    if (k == ModKey::DppCtrl || k == ModKey::Dpp8)
      return readDppControls(ops, i, out.dpp); // the controls end the statement
    const ParsedOperand &op = ops[i];
    if (modKeyOf(op) != k)
      continue;
    switch (k) {
    case ModKey::OpSel:
      out.opSel = bitsOf(op);
      break;
    case ModKey::OpSelHi:
      out.opSelHi = bitsOf(op);
      out.opSelHiWritten = true;
      break;
    case ModKey::NegLo:
      out.negLo = bitsOf(op);
      break;
    case ModKey::NegHi:
      out.negHi = bitsOf(op);
      break;
    case ModKey::Clamp:
      out.clamp = true;
      break;
    case ModKey::WaitExp:
      out.waitExp = static_cast<uint8_t>(scalarValue(op).number.integer);
      break;
    case ModKey::WaitVdst:
      out.waitVdst = static_cast<uint8_t>(scalarValue(op).number.integer);
      break;
    case ModKey::Cbsz:
      out.cbsz = static_cast<uint8_t>(scalarValue(op).number.integer);
      break;
    case ModKey::Abid:
      out.abid = static_cast<uint8_t>(scalarValue(op).number.integer);
      break;
    case ModKey::Blgp:
      out.blgp = inRange(op, 7) ? scalarValue(op).number.integer : -1;
      out.blgpIndex = i;
      break;
    default:
      break;
    }
    ++i;
  }
  return i;
}

} // namespace gcnkit::assembler
