// Parameter interpolation statements, with llvm-mc-19's rules and diagnostics: gfx11's VINTERP
// (with wait_exp) and LDSDIR (LDS parameter / direct loads, with wait_vdst), gfx9's VINTRP.
//
// VINTERP: w0 = VDST[7:0] WAIT_EXP[10:8] OP_SEL[14:11] CLAMP[15] OP[22:16] 0xCD[31:24],
// w1 = SRC0[8:0] SRC1[17:9] SRC2[26:18] NEG[31:29].
// LDSDIR: VDST[7:0] ATTR_CHAN[9:8] ATTR[15:10] WAIT_VDST[19:16] OP[21:20] 0xCE[31:24].
// VINTRP: VSRC[7:0] ATTR_CHAN[9:8] ATTR[15:10] OP[17:16] VDST[25:18] 110101[31:26]; the source
// is a VGPR (v_interp_p1/p2_f32) or a parameter p10 / p20 / p0 (v_interp_mov_f32).
#include "asm/vop3p_match.h"

#include <charconv>

#include "asm/vop3p_modifiers.h"
#include "isa/target_info.h"

namespace gcnkit::assembler {

namespace {

using Kind = ParsedOperand::Kind;

// Errors of llvm-mc's operand parsers beat every matching failure of the mnemonic's rows.
constexpr int kParseErrorProgress = 400000;

bool isVgpr(const ParsedOperand &op) { return isRegisterTuple(op, RegKind::VGPR, 1); }

// Reads every modifier the layout allows after ops[n - 1]; fails on the first operand left.
Attempt readAll(const MatchInput &in, size_t n, const ModifierLayout &layout,
                ModifierValues &mods) {
  const size_t next = readModifiers(in.ops, n, layout, mods);
  if (next < in.ops.size())
    return Attempt::failure(in, next);
  return Attempt::success(in.ops.size());
}

// An LDS parameter: `attrN.c` with N at most 32 and c one of x, y, z, w.
struct Attribute {
  unsigned number = 0, channel = 0;
};

// The symbol an attribute operand starts with: llvm-mc reads `attrN.c` as one identifier, so
// in `attr-1.x` it sees `attr` (and finds no channel).
const Expr *leadingSymbol(const ParsedOperand &op) {
  if (op.kind != Kind::Expression)
    return nullptr;
  const Expr *e = op.expr.get();
  while (e->op != ExprOp::Symbol && e->lhs)
    e = e->lhs.get();
  return e->op == ExprOp::Symbol ? e : nullptr;
}

// Reads ops[i].
std::optional<Attempt> readAttribute(const MatchInput &in, size_t i, Attribute &attr) {
  const ParsedOperand &op = in.ops[i];
  if (op.kind == Kind::Number)
    return Attempt::failure(in, i);
  const Expr *symbol = leadingSymbol(op);
  if (!symbol || !symbol->symbol.starts_with("attr"))
    return Attempt::failure(in, i, "invalid interpolation attribute");
  const std::string_view name = symbol->symbol;
  const size_t dot = name.size() - 2;
  const size_t channel = name.size() > 5 && name[dot] == '.'
                             ? std::string_view("xyzw").find(name.back())
                             : std::string_view::npos;
  if (channel == std::string_view::npos)
    return Attempt::failure(in, i, "invalid or missing interpolation attribute channel");
  const std::string_view digits = name.substr(4, dot - 4);
  uint32_t number = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), number);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size())
    return Attempt::failure(in, i, "invalid or missing interpolation attribute number");
  if (number > 32)
    return Attempt::failure(in, i, "out of bounds interpolation attribute number");
  attr = {number, static_cast<unsigned>(channel)};
  return std::nullopt;
}

} // namespace

Attempt matchInterp(const MatchInput &in, EncodedInstruction &out) {
  const isa::InstrDesc &row = in.row;
  const size_t n = row.numOperands; // vdst and three sources
  ModifierLayout layout;
  layout.add(ModKey::Clamp);
  if (row.modifiers & isa::mod::OpSel)
    layout.add(ModKey::OpSel);
  layout.add(ModKey::WaitExp);
  // Sources take neg (and abs, which has no bit and is dropped); neg() only around a register.
  for (size_t i = 1; i < n && i < in.ops.size(); ++i)
    if (in.ops[i].negFunction && in.ops[i].kind != Kind::Register)
      return Attempt{false, "failed parsing operand.", in.ops[i].valueOffset, static_cast<int>(i)};
  if (std::optional<Attempt> bad = checkModifierSyntax(in, n, {&layout, 1}, 0b1110))
    return *bad;
  uint32_t w1 = 0;
  for (size_t i = 0; i < n; ++i) {
    if (i >= in.ops.size())
      return Attempt::tooFew(in);
    const ParsedOperand &op = in.ops[i];
    if (!isVgpr(op))
      return sourceFailure(in, i);
    if (i > 0)
      w1 |= (256 + op.reg.index) << (9 * (i - 1)) | (op.neg ? 1u << (28 + i) : 0);
  }
  ModifierValues mods;
  Attempt a = readAll(in, n, layout, mods);
  if (!a.ok)
    return a;
  appendDword(out.bytes, 0xCDu << 24 | uint32_t{row.opcode} << 16 | (mods.clamp ? 1u << 15 : 0) |
                             uint32_t{mods.opSel & 0xfu} << 11 | uint32_t{mods.waitExp} << 8 |
                             in.ops[0].reg.index);
  appendDword(out.bytes, w1);
  return a;
}

Attempt matchLdsDir(const MatchInput &in, EncodedInstruction &out) {
  const isa::InstrDesc &row = in.row;
  // lds_param_load writes its attribute and channel (two fields) as one operand.
  const bool param = row.numOperands > 1;
  const size_t n = param ? 2 : 1;
  ModifierLayout layout;
  layout.add(ModKey::WaitVdst);
  if (std::optional<Attempt> bad = checkModifierSyntax(in, n, {&layout, 1}, 0))
    return *bad;
  Attribute attr;
  if (param && in.ops.size() > 1)
    if (std::optional<Attempt> bad = readAttribute(in, 1, attr))
      return *bad;
  if (in.ops.size() < n)
    return Attempt::tooFew(in);
  if (!isVgpr(in.ops[0]))
    return Attempt::failure(in, 0);
  ModifierValues mods;
  Attempt a = readAll(in, n, layout, mods);
  if (!a.ok)
    return a;
  appendDword(out.bytes, 0xCEu << 24 | uint32_t{row.opcode} << 20 | uint32_t{mods.waitVdst} << 16 |
                             attr.number << 10 | attr.channel << 8 | in.ops[0].reg.index);
  return a;
}

Attempt matchVintrp(const MatchInput &in, EncodedInstruction &out) {
  const isa::InstrDesc &row = in.row;
  if (in.variant == Variant::Dpp || in.variant == Variant::E64Dpp)
    return Attempt{false, "dpp variant of this instruction is not supported", in.mnemonicOffset, 0};
  // llvm-mc parses v_interp_mov_f32's parameter (operand 1) and the attribute (operand 2) with
  // their own parsers, whose errors win over matching; a number is left to the matcher.
  const bool mov = row.operands[1].kind != isa::OperandKind::VReg;
  uint32_t vsrc = 0;
  if (mov && in.ops.size() > 1 && in.ops[1].kind != Kind::Number) {
    static constexpr std::string_view kParams[] = {"p10", "p20", "p0"};
    const ParsedOperand &src = in.ops[1];
    std::string_view name;
    if (src.kind == Kind::Expression && src.expr->op == ExprOp::Symbol)
      name = src.expr->symbol;
    while (vsrc < 3 && kParams[vsrc] != name)
      ++vsrc;
    if (vsrc == 3)
      return Attempt{false, "invalid interpolation slot", src.offset, kParseErrorProgress};
  }
  Attribute attr;
  std::optional<Attempt> badAttribute;
  if (in.ops.size() > 2) {
    badAttribute = readAttribute(in, 2, attr);
    if (badAttribute && in.ops[2].kind != Kind::Number)
      return Attempt{false, badAttribute->message, badAttribute->offset, kParseErrorProgress};
  }
  if (in.ops.size() < 3)
    return Attempt::tooFew(in);
  if (!isVgpr(in.ops[0]))
    return Attempt::failure(in, 0);
  if (!mov) {
    if (!isVgpr(in.ops[1]))
      return Attempt::failure(in, 1);
    vsrc = in.ops[1].reg.index;
  } else if (in.ops[1].kind == Kind::Number) {
    return Attempt::failure(in, 1);
  }
  if (badAttribute)
    return *badAttribute;
  if (in.ops.size() > 3)
    return Attempt::failure(in, 3);
  appendDword(out.bytes, isa::targetInfo(in.target).prefix(isa::Format::VINTRP) |
                             uint32_t{in.ops[0].reg.index} << 18 | uint32_t{row.opcode} << 16 |
                             attr.number << 10 | attr.channel << 8 | vsrc);
  return Attempt::success(in.ops.size());
}

} // namespace gcnkit::assembler
