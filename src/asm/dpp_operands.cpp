#include "asm/dpp_operands.h"

#include <array>

namespace gcnkit::assembler {

namespace {

using Kind = ParsedOperand::Kind;

// dpp_ctrl values of the controls taking a number: base and accepted range.
struct RowControl {
  std::string_view name;
  uint32_t base;
  int64_t min, max;
};
constexpr std::array<RowControl, 5> kRowControls = {{{"row_shl", 0x100, 1, 15},
                                                     {"row_shr", 0x110, 1, 15},
                                                     {"row_ror", 0x120, 1, 15},
                                                     {"row_share", 0x150, 0, 15},
                                                     {"row_xmask", 0x160, 0, 15}}};
constexpr uint32_t kRowMirror = 0x140, kRowHalfMirror = 0x141;

const RowControl *rowControl(std::string_view name) {
  for (const RowControl &r : kRowControls)
    if (r.name == name)
      return &r;
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

DppControl dppControlOf(const ParsedOperand &op) {
  if (op.kind == Kind::Flag)
    return op.name == "row_mirror" || op.name == "row_half_mirror" ? DppControl::Dpp16Ctrl
                                                                   : DppControl::None;
  if (op.kind != Kind::KeyValue)
    return DppControl::None;
  if (op.name == "quad_perm" || rowControl(op.name))
    return DppControl::Dpp16Ctrl;
  if (op.name == "row_mask")
    return DppControl::RowMask;
  if (op.name == "bank_mask")
    return DppControl::BankMask;
  if (op.name == "bound_ctrl")
    return DppControl::BoundCtrl;
  if (op.name == "fi")
    return DppControl::Fi;
  if (op.name == "dpp8")
    return DppControl::Dpp8;
  return DppControl::None;
}

std::optional<DppDiagnostic> checkDppValue(const ParsedOperand &op) {
  const DppControl c = dppControlOf(op);
  if (c == DppControl::None || op.kind == Kind::Flag)
    return std::nullopt;
  if (op.name == "quad_perm")
    return checkSelectList(op, 4, 2);
  if (c == DppControl::Dpp8)
    return checkSelectList(op, 8, 3);
  if (op.isList || op.expr)
    return DppDiagnostic{"expected absolute expression", op.valueOffset};
  if (const RowControl *r = rowControl(op.name)) {
    if (!isInteger(op) || op.number.integer < r->min || op.number.integer > r->max)
      return DppDiagnostic{"invalid " + std::string(r->name) + " value", op.valueOffset};
    return std::nullopt;
  }
  if (c == DppControl::BoundCtrl &&
      (!isInteger(op) || (op.number.integer != 0 && op.number.integer != 1)))
    return DppDiagnostic{"invalid bound_ctrl value.", op.offset};
  return std::nullopt;
}

size_t readDppControls(std::span<const ParsedOperand> ops, size_t first, DppControls &out) {
  out = DppControls{};
  if (first >= ops.size())
    return first;
  const DppControl lead = dppControlOf(ops[first]);
  if (lead != DppControl::Dpp16Ctrl && lead != DppControl::Dpp8)
    return first;
  const ParsedOperand &head = ops[first];
  if (lead == DppControl::Dpp8) {
    out.kind = DppControls::Kind::Dpp8;
    out.ctrl = selects(head, 3);
  } else {
    out.kind = DppControls::Kind::Dpp16;
    if (head.kind == Kind::Flag)
      out.ctrl = head.name == "row_mirror" ? kRowMirror : kRowHalfMirror;
    else if (head.name == "quad_perm")
      out.ctrl = selects(head, 2);
    else
      out.ctrl = rowControl(head.name)->base + static_cast<uint32_t>(head.number.integer);
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
    const DppControl c = dppControlOf(ops[i]);
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
      out.boundCtrl = value != 0;
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
