#include "asm/dpp_operands.h"

#include <array>

#include "isa/target_info.h"

namespace gcnkit::assembler {

namespace {

using Kind = ParsedOperand::Kind;

// The dpp_ctrl spellings of a target that take a value (`row_shl:N`), or are a flag
// (`row_mirror`): its DPP16 controls less quad_perm and the notes for controls it lacks.
bool isAssemblable(const isa::DppControlSpelling &c) { return !c.isNote && c.first != 0; }

// The entry named `name` whose value range holds `value` (any entry of that name when value is
// nullopt), or nullptr.
const isa::DppControlSpelling *rowControl(std::string_view name, isa::Target target,
                                          std::optional<int64_t> value = std::nullopt) {
  for (const isa::DppControlSpelling &c : isa::targetInfo(target).dppControls) {
    if (!isAssemblable(c) || c.name != name)
      continue;
    if (!value || (*value >= c.valueOfFirst && *value <= c.valueOfFirst + (c.last - c.first)))
      return &c;
  }
  return nullptr;
}

// A number: a Number operand, a list element or the value of a KeyValue.
bool isInteger(const ParsedOperand &op) {
  return (op.kind == Kind::Number || op.kind == Kind::KeyValue) && !op.number.isReal && !op.expr &&
         !op.isList;
}

// `key:[v0, v1, ...]` with `count` values of `bits` bits each, checked as llvm-mc parses it.
std::optional<DppDiagnostic> checkSelectList(const ParsedOperand &op, size_t count, int bits) {
  if (!op.isList)
    return DppDiagnostic{"expected an opening square bracket", op.valueOffset};
  const std::string bitsMessage = "expected a " + std::to_string(bits) + "-bit value";
  for (size_t i = 0; i < count; ++i) {
    if (i >= op.list.size())
      return DppDiagnostic{"expected a comma",
                           op.list.empty() ? op.valueOffset + 1 : op.list.back().endOffset};
    const ParsedOperand &v = op.list[i];
    if (v.kind == Kind::Expression)
      return DppDiagnostic{"expected absolute expression", v.offset};
    if (!isInteger(v) || v.number.integer < 0 || v.number.integer >= (int64_t{1} << bits))
      return DppDiagnostic{bitsMessage, v.offset};
  }
  if (op.list.size() > count)
    return DppDiagnostic{"expected a closing square bracket", op.list[count - 1].endOffset};
  return std::nullopt;
}

uint32_t selects(const ParsedOperand &op, int bits) {
  uint32_t v = 0;
  for (size_t i = 0; i < op.list.size(); ++i)
    v |= static_cast<uint32_t>(op.list[i].number.integer) << (bits * i);
  return v;
}

} // namespace

DppControl dppControlOf(const ParsedOperand &op, isa::Target target) {
  if (op.kind == Kind::Flag) {
    const isa::DppControlSpelling *c = rowControl(op.name, target);
    return c && c->valueOfFirst < 0 ? DppControl::Dpp16Ctrl : DppControl::None;
  }
  if (op.kind != Kind::KeyValue)
    return DppControl::None;
  if (op.name == "quad_perm")
    return DppControl::Dpp16Ctrl;
  if (const isa::DppControlSpelling *c = rowControl(op.name, target); c && c->valueOfFirst >= 0)
    return DppControl::Dpp16Ctrl;
  if (op.name == "row_mask")
    return DppControl::RowMask;
  if (op.name == "bank_mask")
    return DppControl::BankMask;
  if (op.name == "bound_ctrl")
    return DppControl::BoundCtrl;
  if (op.name == "fi" && isa::targetInfo(target).has(isa::TargetInfo::kDppFetchInactive))
    return DppControl::Fi;
  if (op.name == "dpp8")
    return DppControl::Dpp8;
  return DppControl::None;
}

std::optional<DppDiagnostic> checkDppValue(const ParsedOperand &op, isa::Target target) {
  const DppControl c = dppControlOf(op, target);
  if (c == DppControl::None || op.kind == Kind::Flag)
    return std::nullopt;
  if (op.name == "quad_perm")
    return checkSelectList(op, 4, 2);
  if (c == DppControl::Dpp8)
    return checkSelectList(op, 8, 3);
  if (op.isList || op.expr)
    return DppDiagnostic{"expected absolute expression", op.valueOffset};
  if (c == DppControl::Dpp16Ctrl) {
    if (!isInteger(op) || !rowControl(op.name, target, op.number.integer))
      return DppDiagnostic{"invalid " + std::string(op.name) + " value", op.valueOffset};
    return std::nullopt;
  }
  if (c == DppControl::BoundCtrl &&
      (!isInteger(op) || (op.number.integer != 0 && op.number.integer != 1)))
    return DppDiagnostic{"invalid bound_ctrl value.", op.offset};
  return std::nullopt;
}

size_t readDppControls(std::span<const ParsedOperand> ops, size_t first, DppControls &out,
                       isa::Target target) {
  out = DppControls{};
  if (first >= ops.size())
    return first;
  const DppControl lead = dppControlOf(ops[first], target);
  if (lead != DppControl::Dpp16Ctrl && lead != DppControl::Dpp8)
    return first;
  const ParsedOperand &head = ops[first];
  if (lead == DppControl::Dpp8) {
    out.kind = DppControls::Kind::Dpp8;
    out.ctrl = selects(head, 3);
  } else {
    out.kind = DppControls::Kind::Dpp16;
    if (head.name == "quad_perm") {
      out.ctrl = selects(head, 2);
    } else {
      const std::optional<int64_t> value =
          head.kind == Kind::Flag ? std::nullopt : std::optional<int64_t>(head.number.integer);
      const isa::DppControlSpelling *c = rowControl(head.name, target, value);
      out.ctrl = c->first + static_cast<uint32_t>(value ? *value - c->valueOfFirst : 0);
    }
  }
  // Later controls in llvm-mc's order; each may be left out.
  const DppControl order16[] = {DppControl::RowMask, DppControl::BankMask, DppControl::BoundCtrl,
                                DppControl::Fi};
  const DppControl order8[] = {DppControl::Fi};
  std::span<const DppControl> order =
      lead == DppControl::Dpp8 ? std::span<const DppControl>(order8) : order16;
  size_t next = 0;
  size_t i = first + 1;
  for (; i < ops.size(); ++i) {
    const DppControl c = dppControlOf(ops[i], target);
    while (next < order.size() && order[next] != c)
      ++next;
    if (next == order.size())
      break;
    ++next;
    const auto value = static_cast<uint32_t>(ops[i].number.integer);
    switch (c) {
    case DppControl::RowMask:
      out.rowMask = value & 0xf;
      break;
    case DppControl::BankMask:
      out.bankMask = value & 0xf;
      break;
    case DppControl::BoundCtrl:
      // gfx9's parser sets the bit for bound_ctrl:0 too (llvm-mc's historical spelling).
      out.boundCtrl =
          value != 0 || isa::targetInfo(target).has(isa::TargetInfo::kDppBoundCtrlZeroSets);
      break;
    case DppControl::Fi:
      // DPP16 keeps the value's low bit in its one-bit field; DPP8 tests it against zero.
      out.fi = lead == DppControl::Dpp8 ? ops[i].number.integer != 0 : (value & 1) != 0;
      break;
    default:
      break;
    }
  }
  return i;
}

unsigned dppSrc0Field(const DppControls &c) {
  if (c.kind == DppControls::Kind::Dpp8)
    return c.fi ? 0xEA : 0xE9;
  return 0xFA;
}

uint32_t dpp16Dword(const DppControls &c, unsigned src0Vgpr, unsigned sourceModifiers) {
  return (src0Vgpr & 0xff) | (c.ctrl & 0x1ff) << 8 | (c.fi ? 1u << 18 : 0) |
         (c.boundCtrl ? 1u << 19 : 0) | (sourceModifiers & 0xf) << 20 | uint32_t{c.bankMask} << 24 |
         uint32_t{c.rowMask} << 28;
}

uint32_t dpp8Dword(const DppControls &c, unsigned src0Vgpr) {
  return (src0Vgpr & 0xff) | (c.ctrl & 0xffffff) << 8;
}

} // namespace gcnkit::assembler
