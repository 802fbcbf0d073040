// FLAT, GLOBAL and SCRATCH statements: `flat_op vdst, vaddr, vdata [offset:N] [glc slc dlc]`,
// GLOBAL's scalar base (`saddr` pair with a 32-bit vaddr offset, or `off` with a 64-bit vaddr),
// SCRATCH's vaddr / saddr / `off` combinations, and atomics, which return the pre-op value into
// vdst exactly when glc is set.
#include "asm/mem_match.h"
#include "isa/target_info.h"

namespace gcnkit::assembler::mem {

namespace {

using isa::Field;
using isa::Format;
namespace m = isa::mem;

// Row flag shared with the FLAT codec (written by scripts/isa/mem_learn.py).
constexpr uint32_t kAtomic = 1u << 28;

constexpr Mod kFlatMods[] = {Mod::Offset, Mod::CPol};
constexpr Mod kLdsLoadMods[] = {Mod::Offset, Mod::CPol, Mod::Lds}; // gfx9's loads into LDS

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
bool readSaddr(const ParsedOperand &op, unsigned regs, const isa::TargetInfo &info, uint32_t &enc) {
  if (op.kind != Kind::Register || !isScalar(op.reg) || op.neg || op.abs || op.sext)
    return false;
  if (op.reg.kind == RegKind::Special && op.reg.index == info.sregs.null) { // either width
    enc = info.sregs.null;
    return true;
  }
  enc = op.reg.encoding();
  return op.reg.count == regs && enc <= 127 && !(regs == 1 && enc == 127);
}

// gfx9's SCRATCH addresses by vaddr or by saddr, never both nor neither: llvm-mc matches and
// then refuses such an operand list.
bool scratchAddressValid(const isa::mem::MemLayout &mem, bool hasVaddr, uint32_t saddr) {
  return mem.flat[m::kFlatSve].present() || hasVaddr != (saddr != mem.saddrOff);
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
  const isa::TargetInfo &info = isa::targetInfo(in.target);
  const m::FormatLayout &lay = info.mem.flat;
  const bool atomic = row.flags & kAtomic;
  const bool lds = row.modifiers & isa::mod::Lds;
  // Atomics without glc have no vdst: the form is chosen by how many registers are written.
  // (gfx9's float atomics have only that form: glc is then refused.)
  const bool returning =
      !atomic || ((row.modifiers & isa::mod::Glc) && leadingOperands(in.ops) >= row.numOperands);
  const unsigned firstOperand = atomic && !returning && (row.modifiers & isa::mod::Glc) ? 1 : 0;
  ModifierSyntax syntax{lds ? std::span<const Mod>(kLdsLoadMods) : std::span<const Mod>(kFlatMods),
                        row.numOperands - firstOperand, readFlatValue};
  syntax.dlc = lay[m::kFlatDlc].present();
  if (lds)
    syntax.required = Mod::Lds;
  Modifiers mods;
  if (std::optional<Attempt> a = parseModifiers(in, syntax, mods))
    return *a;
  // A returning form written for gfx9's float atomics (which have none): llvm-mc knows
  // gfx90a's with an saddr (and refuses it), not the one with `off`.
  if (atomic && !(row.modifiers & isa::mod::Glc) &&
      leadingOperands(in.ops) == row.numOperands + 1u) {
    if (isOff(in.ops[row.numOperands]))
      return Attempt::failure(in, row.numOperands);
    return otherGpuForm(in);
  }

  uint32_t vdst = 0, vaddr = 0, vdata = 0, saddr = info.mem.saddrOff;
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
      if (wideVaddr || !readSaddr(op, d.regs, info, saddr))
        return Attempt::failure(in, i);
      break;
    }
    }
  }
  if (std::optional<Attempt> a = matchModifiers(in, i, syntax, mods))
    return *a;
  if (lds && !mods.has(Mod::Lds))
    return Attempt::tooFew(in);
  if (atomic && returning && !mods.glc)
    return Attempt::failure(in, in.ops.size() + 1, "instruction must use glc");
  if (atomic && !returning && mods.glc)
    return Attempt::failure(in, mods.glcIndex, "instruction must not use glc");
  if (row.format == Format::SCRATCH && !scratchAddressValid(info.mem, hasVaddr, saddr))
    return otherGpuForm(in);

  const unsigned segment = row.format == Format::FLAT ? 0 : row.format == Format::SCRATCH ? 1 : 2;
  uint64_t v = lay.withKey(info.prefix(Format::FLAT), row.opcode);
  v = info.mem.flatSegment.set(v, segment);
  v = lay[m::kFlatOffset].set(v, mods.get(Mod::Offset));
  v = withCachePolicy(v, mods, lay[m::kFlatGlc], lay[m::kFlatSlc], lay[m::kFlatDlc]);
  v = lay[m::kFlatVaddr].set(v, vaddr);
  v = lay[m::kFlatVdata].set(v, vdata);
  v = lay[m::kFlatSaddr].set(v, row.format == Format::FLAT ? info.mem.flatSaddr : saddr);
  v = lay[m::kFlatSve].set(v, row.format == Format::SCRATCH && hasVaddr);
  v = lay[m::kFlatVdst].set(v, vdst);
  appendQword(out.bytes, v);
  return Attempt::success(in.ops.size());
}

} // namespace gcnkit::assembler::mem
