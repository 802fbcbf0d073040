// DS (LDS / GDS) statements: `ds_op vdst, addr, data0, data1 offset:N gds`, the two-address
// forms' offset0:N offset1:N, ds_swizzle_b32's swizzle macros, and the GWS / ordered-count
// instructions whose syntax requires gds.
#include "asm/mem_match.h"
#include "isa/target_info.h"

namespace gcnkit::assembler::mem {

namespace {

using isa::Field;
namespace m = isa::mem;

// Row flags shared with the DS codec (written by scripts/isa/mem_learn.py).
constexpr uint32_t kTwoOffsets = 1u << 28;
constexpr uint32_t kGdsRequired = 1u << 29;
constexpr uint32_t kSwizzle = 1u << 30;

constexpr Mod kOneOffset[] = {Mod::Offset, Mod::Gds};
constexpr Mod kTwoOffsetMods[] = {Mod::Offset0, Mod::Offset1, Mod::Gds};

bool readDsValue(const MatchInput &in, Mod m, const ParsedOperand &op, uint32_t &value,
                 MatchFailure &fail) {
  const bool swizzleRow = in.row.flags & kSwizzle;
  if (op.expr || op.isList || (op.swizzle && !swizzleRow)) {
    fail = {swizzleRow ? "expected a swizzle macro or an absolute expression"
                       : "expected absolute expression",
            op.valueOffset};
    return false;
  }
  if (op.swizzle) {
    value = static_cast<uint32_t>(op.number.integer);
    return true;
  }
  const int64_t v = op.number.isReal ? -1 : op.number.integer;
  if (m == Mod::Offset0 || m == Mod::Offset1) {
    if (!fitsUnsigned(v, 8)) {
      fail = {m == Mod::Offset0 ? "invalid offset0 value." : "invalid offset1 value.", op.offset};
      return false;
    }
  } else if (swizzleRow) {
    if (!fitsUnsigned(v, 16)) {
      fail = {"expected a 16-bit offset", op.valueOffset};
      return false;
    }
  } else if (!fitsUnsigned(v, 16)) {
    fail = {"expected a 16-bit unsigned offset", op.offset};
    return false;
  }
  value = static_cast<uint32_t>(v);
  return true;
}

const m::BitField &fieldOf(const m::FormatLayout &lay, Field f) {
  switch (f) {
  case Field::VADDR:
    return lay[m::kDsAddr];
  case Field::DATA0:
    return lay[m::kDsData0];
  case Field::DATA1:
    return lay[m::kDsData1];
  default:
    return lay[m::kDsVdst];
  }
}

} // namespace

Attempt matchDs(const MatchInput &in, EncodedInstruction &out) {
  const isa::InstrDesc &row = in.row;
  std::span<const Mod> order;
  if (row.modifiers & isa::mod::Offset)
    order = (row.flags & kTwoOffsets) ? std::span<const Mod>(kTwoOffsetMods)
                                      : std::span<const Mod>(kOneOffset);
  if (!(row.modifiers & isa::mod::Gds) && !order.empty())
    order = order.first(order.size() - 1);
  Modifiers mods;
  const ModifierSyntax syntax{order, row.numOperands, readDsValue};
  if (std::optional<Attempt> a = parseModifiers(in, syntax, mods))
    return *a;
  const isa::TargetInfo &info = isa::targetInfo(in.target);
  const m::FormatLayout &lay = info.mem.ds;
  uint64_t v = lay.withKey(info.prefix(isa::Format::DS), row.opcode);
  for (unsigned k = 0; k < row.numOperands; ++k) {
    if (k >= in.ops.size())
      return Attempt::tooFew(in);
    if (!isVgpr(in.ops[k], row.operands[k].regs))
      return Attempt::failure(in, k);
    v = fieldOf(lay, row.operands[k].field).set(v, in.ops[k].reg.index);
  }
  if (std::optional<Attempt> a = matchModifiers(in, row.numOperands, syntax, mods))
    return *a;
  if ((row.flags & kGdsRequired) && !mods.has(Mod::Gds))
    return Attempt::tooFew(in);
  const bool two = row.flags & kTwoOffsets;
  const uint32_t offset = mods.get(Mod::Offset);
  v = lay[m::kDsOffset0].set(v, two ? mods.get(Mod::Offset0) : offset & 0xFF);
  v = lay[m::kDsOffset1].set(v, two ? mods.get(Mod::Offset1) : offset >> 8);
  v = lay[m::kDsGds].set(v, mods.has(Mod::Gds));
  appendQword(out.bytes, v);
  return Attempt::success(in.ops.size());
}

} // namespace gcnkit::assembler::mem
