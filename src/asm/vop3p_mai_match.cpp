// gfx908's MFMA statements (rows with mod::Mai), with llvm-mc-19's rules and diagnostics:
//
//   v_mfma_* aD, A, B, C [cbsz:N] [abid:N] [blgp:N]
//
// D is an AccVGPR tuple, A and B VGPRs or AccVGPRs (their ACC bit says which), C an AccVGPR
// tuple or one of the src_* constants (gfx90a's VGPR-D form matches and is refused). Inline
// constants in C match but are then refused
// ("inline constants are not allowed for this operand", at the operand, or at the mnemonic when
// written as a floating-point number); literals do not match. cbsz (0..7) and abid (0..15) are
// checked while parsing, blgp (0..7) while matching. A D wider than 128 bits and C must be the
// same tuple or not overlap.
//
// Layout: w0 = VDST[7:0] CBSZ[10:8] ABID[14:11] OP[22:16] and the VOP3P prefix above,
// w1 = SRC0[8:0] SRC1[17:9] SRC2[26:18] ACC[28:27] BLGP[31:29].
#include "asm/vop3p_match.h"

#include <algorithm>

#include "asm/vop3p_modifiers.h"
#include "isa/target_info.h"

namespace gcnkit::assembler {

namespace {

using Kind = ParsedOperand::Kind;

// The src_* constants (shared / private apertures, pops_exiting_wave_id, vccz, execz, scc).
bool isSrcConstant(const ParsedOperand &op) {
  return op.kind == Kind::Register && op.reg.kind == RegKind::Special &&
         ((op.reg.index >= 235 && op.reg.index <= 239) ||
          (op.reg.index >= 251 && op.reg.index <= 253));
}

// Row flags of MFMA rows (scripts/isa/gfx908_vop3p.py).
constexpr uint32_t kMismatchAtDst = 1u << 0; // llvm-mc reports every mismatch at D
constexpr uint32_t kVgprForm = 1u << 1;      // the mnemonic also names a VGPR-D form

// One form of the mnemonic: its D and C register file. llvm-mc-19's matcher also tries the
// form gfx90a adds (D and C VGPRs, C also an inline constant) and reports the operand where
// the form that got furthest failed, or "operands are not valid for this GPU or mode" when
// that form matches.
struct Operands {
  unsigned src[3] = {};
  bool acc[2] = {};
  bool constantC = false; // an inline constant as C
};

// The index of the first operand the form cannot take (ops.size(): all taken).
size_t matchOperands(const MatchInput &in, RegKind dc, Operands &out) {
  const isa::InstrDesc &row = in.row;
  if (in.ops.empty() || !isRegisterTuple(in.ops[0], dc, row.operands[0].regs))
    return 0;
  for (unsigned s = 0; s < 3; ++s) {
    if (s + 1 >= in.ops.size())
      return in.ops.size();
    const ParsedOperand &op = in.ops[s + 1];
    const unsigned regs = row.operands[s + 1].regs;
    if (isRegisterTuple(op, s < 2 ? RegKind::AGPR : dc, regs) ||
        (s < 2 && isRegisterTuple(op, RegKind::VGPR, regs))) {
      out.src[s] = 256 + op.reg.index;
      if (s < 2)
        out.acc[s] = op.reg.kind == RegKind::AGPR;
    } else if (s == 2 && isSrcConstant(op)) {
      out.src[s] = op.reg.index;
    } else if (s == 2 && op.kind == Kind::Number) {
      const std::optional<EncodedImm> imm = encodeImmediate(op.number, row.operands[3].type);
      if (!imm || !imm->isInline)
        return s + 1;
      out.src[s] = imm->inlineCode;
      out.constantC = true;
    } else {
      return s + 1;
    }
  }
  return in.ops.size();
}

} // namespace

Attempt matchMai(const MatchInput &in, EncodedInstruction &out) {
  const isa::InstrDesc &row = in.row;
  const size_t n = row.numOperands; // D, A, B, C
  ModifierLayout layout;
  layout.add(ModKey::Cbsz);
  layout.add(ModKey::Abid);
  layout.add(ModKey::Blgp);
  if (std::optional<Attempt> bad = checkModifierSyntax(in, n, {&layout, 1}, 0))
    return *bad;
  if (in.ops.size() < n)
    return Attempt::tooFew(in);
  ModifierValues mods;
  size_t next = readModifiers(in.ops, n, layout, mods);
  if (mods.blgpIndex && mods.blgp < 0)
    next = mods.blgpIndex;
  Operands ops;
  const size_t own = std::min(matchOperands(in, RegKind::AGPR, ops), next);
  if (own < in.ops.size()) {
    size_t at = own;
    if (row.flags & kVgprForm) {
      Operands other;
      const size_t theirs = std::min(matchOperands(in, RegKind::VGPR, other), next);
      if (theirs == in.ops.size())
        return Attempt{false, "operands are not valid for this GPU or mode", in.mnemonicOffset,
                       static_cast<int>(in.ops.size())};
      at = std::max(at, theirs);
    }
    Attempt a = Attempt::failure(in, (row.flags & kMismatchAtDst) ? 0 : at);
    a.progress = static_cast<int>(at);
    return a;
  }
  if (ops.constantC)
    return Attempt{false, "inline constants are not allowed for this operand",
                   in.ops[3].number.isReal ? in.mnemonicOffset : in.ops[3].offset,
                   static_cast<int>(in.ops.size())};
  // A D wider than 128 bits and C are the same tuple or do not overlap.
  const unsigned dst = in.ops[0].reg.index, dregs = row.operands[0].regs;
  if (dregs > 4 && ops.src[2] >= 256) {
    const unsigned c = ops.src[2] - 256;
    if (c != dst && c < dst + dregs && dst < c + row.operands[3].regs)
      return Attempt{false, "source 2 operand must not partially overlap with dst",
                     in.ops[3].offset, static_cast<int>(in.ops.size())};
  }
  const uint32_t prefix = isa::targetInfo(in.target).prefix(isa::Format::VOP3P);
  appendDword(out.bytes, prefix | uint32_t{row.opcode} << 16 | uint32_t{mods.abid} << 11 |
                             uint32_t{mods.cbsz} << 8 | dst);
  appendDword(out.bytes, static_cast<uint32_t>(mods.blgp) << 29 | uint32_t{ops.acc[1]} << 28 |
                             uint32_t{ops.acc[0]} << 27 | ops.src[2] << 18 | ops.src[1] << 9 |
                             ops.src[0]);
  return Attempt::success(in.ops.size());
}

} // namespace gcnkit::assembler
