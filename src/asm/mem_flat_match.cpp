// FLAT, GLOBAL and SCRATCH statements: `flat_op vdst, vaddr, vdata [offset:N] [glc slc dlc]`,
// GLOBAL's scalar base (`saddr` pair with a 32-bit vaddr offset, or `off` with a 64-bit vaddr),
// SCRATCH's vaddr / saddr / `off` combinations, and atomics, which return the pre-op value into
// vdst exactly when glc is set.
#include "asm/mem_match.h"

namespace gcnkit::assembler::mem {

namespace {

using isa::Field;
using isa::Format;

// Row flag shared with the FLAT codec (written by scripts/isa/gfx1100_mem.py).
constexpr uint32_t kAtomic = 1u << 28;
constexpr uint32_t kSaddrOff = 0x7C;

constexpr Mod kFlatMods[] = {Mod::Offset, Mod::CPol};

bool readFlatValue(const MatchInput &in, Mod, const ParsedOperand &op, uint32_t &value,
                   MatchFailure &fail) {
  if (op.expr || op.isList || op.swizzle) {
    fail = {"expected absolute expression", op.valueOffset};
    return false;
  }
  const int64_t v = op.number.integer;
  if (in.row.format == Format::FLAT) {
    if (op.number.isReal || !fitsUnsigned(v, 12)) {
      fail = {"expected a 12-bit unsigned offset", op.offset};
      return false;
    }
  } else if (op.number.isReal || !fitsSigned(v, 13)) {
    fail = {"expected a 13-bit signed offset", op.offset};
    return false;
  }
  value = static_cast<uint32_t>(v) & 0x1FFF;
  return true;
}

// The scalar base: GLOBAL takes a 64-bit register (SGPR / TTMP pair, vcc, exec, null),
// SCRATCH a 32-bit one other than exec_hi.
bool readSaddr(const ParsedOperand &op, unsigned regs, uint32_t &enc) {
  if (op.kind != Kind::Register || !isScalar(op.reg) || op.neg || op.abs || op.sext)
    return false;
  if (op.reg.kind == RegKind::Special && op.reg.index == 124) { // null fits either width
    enc = 124;
    return true;
  }
  enc = op.reg.encoding();
  return op.reg.count == regs && enc <= 127 && !(regs == 1 && enc == 127);
}

// Operands written before the modifiers: registers and `off`.
size_t leadingOperands(const std::vector<ParsedOperand> &ops) {
  size_t n = 0;
  while (n < ops.size() && (ops[n].kind == Kind::Register || isOff(ops[n])))
    ++n;
  return n;
}

} // namespace

Attempt matchFlat(const MatchInput &in, EncodedInstruction &out) {
  const isa::InstrDesc &row = in.row;
  const bool atomic = row.flags & kAtomic;
  // Atomics without glc have no vdst: the form is chosen by how many registers are written.
  const bool returning = !atomic || leadingOperands(in.ops) >= row.numOperands;
  const unsigned firstOperand = atomic && !returning ? 1 : 0;
  const ModifierSyntax syntax{kFlatMods, row.numOperands - firstOperand, readFlatValue};
  Modifiers mods;
  if (std::optional<Attempt> a = parseModifiers(in, syntax, mods))
    return *a;

  uint32_t vdst = 0, vaddr = 0, vdata = 0, saddr = kSaddrOff;
  bool hasVaddr = false;
  size_t vaddrAt = 0;
  size_t i = 0;
  for (unsigned k = firstOperand; k < row.numOperands; ++k, ++i) {
    const isa::OperandDesc &d = row.operands[k];
    if (i >= in.ops.size())
      return Attempt::tooFew(in);
    const ParsedOperand &op = in.ops[i];
    switch (d.field) {
    case Field::VDST:
    case Field::VDATA:
      if (!isVgpr(op, d.regs))
        return Attempt::failure(in, i);
      (d.field == Field::VDST ? vdst : vdata) = op.reg.index;
      break;
    case Field::VADDR:
      vaddrAt = i;
      if (row.format == Format::SCRATCH && isOff(op))
        break;
      // GLOBAL: a 32-bit offset with saddr, the 64-bit address without (decided at saddr).
      if (!isVgpr(op, d.regs) && !(row.format == Format::GLOBAL && isVgpr(op, 1)))
        return Attempt::failure(in, i);
      hasVaddr = true;
      vaddr = op.reg.index;
      break;
    default: { // SADDR
      const bool wideVaddr = hasVaddr && in.ops[vaddrAt].reg.count == 2;
      if (isOff(op)) {
        if (row.format == Format::GLOBAL && hasVaddr && !wideVaddr)
          return Attempt::failure(in, i);
        break;
      }
      if (wideVaddr || !readSaddr(op, d.regs, saddr))
        return Attempt::failure(in, i);
      break;
    }
    }
  }
  if (std::optional<Attempt> a = matchModifiers(in, i, syntax, mods))
    return *a;
  if (atomic && returning && !mods.glc)
    return Attempt::failure(in, in.ops.size() + 1, "instruction must use glc");
  if (atomic && !returning && mods.glc)
    return Attempt::failure(in, mods.glcIndex, "instruction must not use glc");

  const unsigned segment = row.format == Format::FLAT ? 0 : row.format == Format::SCRATCH ? 1 : 2;
  uint64_t v = 0xDC000000u | uint32_t{row.opcode} << 18 | segment << 16 | uint32_t{mods.slc} << 15 |
               uint32_t{mods.glc} << 14 | uint32_t{mods.dlc} << 13 | mods.get(Mod::Offset);
  const bool sve = row.format == Format::SCRATCH && hasVaddr;
  v |= uint64_t{vaddr} << 32 | uint64_t{vdata} << 40 | uint64_t{saddr} << 48 | uint64_t{sve} << 55 |
       uint64_t{vdst} << 56;
  appendQword(out.bytes, v);
  return Attempt::success(in.ops.size());
}

} // namespace gcnkit::assembler::mem
