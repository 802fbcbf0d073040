#include "asm/sdwa_operands.h"

#include <array>
#include <string_view>

namespace gcnkit::assembler {

namespace {

using Kind = ParsedOperand::Kind;

constexpr std::array<std::string_view, 7> kSelNames = {"BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3",
                                                       "WORD_0", "WORD_1", "DWORD"};
constexpr std::array<std::string_view, 3> kUnusedNames = {"UNUSED_PAD", "UNUSED_SEXT",
                                                          "UNUSED_PRESERVE"};

// The name a control's value is written as, or nullptr when it is no name.
const std::string *valueName(const ParsedOperand &op) {
  if (op.isList || !op.expr || op.expr->op != ExprOp::Symbol)
    return nullptr;
  return &op.expr->symbol;
}

std::optional<uint8_t> indexOf(std::span<const std::string_view> names, const std::string &s) {
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == s)
      return static_cast<uint8_t>(i);
  return std::nullopt;
}

std::optional<uint8_t> valueOf(const ParsedOperand &op) {
  const std::string *name = valueName(op);
  if (!name)
    return std::nullopt;
  return sdwaControlOf(op) == SdwaControl::DstUnused ? indexOf(kUnusedNames, *name)
                                                     : indexOf(kSelNames, *name);
}

} // namespace

SdwaControl sdwaControlOf(const ParsedOperand &op) {
  if (op.kind != Kind::KeyValue)
    return SdwaControl::None;
  if (op.name == "dst_sel")
    return SdwaControl::DstSel;
  if (op.name == "dst_unused")
    return SdwaControl::DstUnused;
  if (op.name == "src0_sel")
    return SdwaControl::Src0Sel;
  if (op.name == "src1_sel")
    return SdwaControl::Src1Sel;
  return SdwaControl::None;
}

std::optional<SdwaDiagnostic> checkSdwaValue(const ParsedOperand &op) {
  if (sdwaControlOf(op) == SdwaControl::None)
    return std::nullopt;
  if (!valueName(op))
    return SdwaDiagnostic{"expected an identifier", op.valueOffset};
  if (!valueOf(op))
    return SdwaDiagnostic{"invalid " + std::string(op.name) + " value", op.valueOffset};
  return std::nullopt;
}

size_t readSdwaControls(std::span<const ParsedOperand> ops, size_t first, isa::Format format,
                        SdwaControls &out) {
  out = SdwaControls{};
  static constexpr SdwaControl kVop1[] = {SdwaControl::DstSel, SdwaControl::DstUnused,
                                          SdwaControl::Src0Sel};
  static constexpr SdwaControl kVop2[] = {SdwaControl::DstSel, SdwaControl::DstUnused,
                                          SdwaControl::Src0Sel, SdwaControl::Src1Sel};
  static constexpr SdwaControl kVopc[] = {SdwaControl::Src0Sel, SdwaControl::Src1Sel};
  const std::span<const SdwaControl> order =
      format == isa::Format::VOP1   ? std::span<const SdwaControl>(kVop1)
      : format == isa::Format::VOPC ? std::span<const SdwaControl>(kVopc)
                                    : std::span<const SdwaControl>(kVop2);
  size_t next = 0, i = first;
  for (; i < ops.size(); ++i) {
    const SdwaControl c = sdwaControlOf(ops[i]);
    while (next < order.size() && order[next] != c)
      ++next;
    if (next == order.size())
      break;
    ++next;
    const uint8_t v = valueOf(ops[i]).value_or(0);
    switch (c) {
    case SdwaControl::DstSel:
      out.dstSel = v;
      break;
    case SdwaControl::DstUnused:
      out.dstUnused = v;
      break;
    case SdwaControl::Src0Sel:
      out.src0Sel = v;
      break;
    default:
      out.src1Sel = v;
      break;
    }
  }
  return i;
}

uint32_t sdwaControlBits(const SdwaControls &c, isa::Format format) {
  uint32_t w = uint32_t{c.src0Sel} << 16;
  if (format != isa::Format::VOPC)
    w |= uint32_t{c.dstSel} << 8 | uint32_t{c.dstUnused} << 11;
  if (format != isa::Format::VOP1)
    w |= uint32_t{c.src1Sel} << 24;
  return w;
}

} // namespace gcnkit::assembler
