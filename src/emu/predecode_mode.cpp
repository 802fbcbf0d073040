// The FP mode: f32 denormal flushing decoded from the kernel's initial mode, and the MODE
// wrapper for kernels that write MODE or start in a mode the decoded flags cannot express
// (emu/mode.h).
#include "emu/predecode_builder.h"

#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "emu/mode.h"
#include "gcnkit/kernel_descriptor.h"
#include "isa/salu_symbolic.h"

namespace gcnkit::emu::predecode_detail {

void Builder::applyDenormMode(const ExecEntry &entry, const InstrDesc &row, DecodedInst &d) const {
  const uint32_t mode = isa::kd::kFloatDenormMode32.get(info.rsrc1);
  if ((entry.flags & entry::kF32Sources) && (mode == 0 || mode == 2)) {
    const unsigned slots = f32SourceSlots(entry, row);
    for (unsigned i = 0; i < kMaxSources; ++i)
      if (((slots >> i) & 1) && d.src[i].kind != SrcKind::None) {
        d.src[i].modified = true;
        d.src[i].flushDenorm = true;
      }
  }
  if ((entry.flags & entry::kF32Result) && (mode == 0 || mode == 1))
    d.postOps |= post::kFlushDenormF32;
}

int32_t Builder::canonicalHwreg(int32_t simm16) const {
  const uint32_t id = static_cast<uint32_t>(simm16) & 63;
  if (&target == &isa::targetInfo(isa::Target::GFX1100))
    return simm16;
  const std::span<const std::string_view> names = target.saluSymbols->hwreg;
  const std::string_view name = id < names.size() ? names[id] : std::string_view();
  uint32_t canonical = hwreg::kUnknown;
  if (name == "HW_REG_HW_ID") {
    canonical = hwreg::kHwId;
  } else if (!name.empty()) {
    const std::span<const std::string_view> gfx11 =
        isa::targetInfo(isa::Target::GFX1100).saluSymbols->hwreg;
    for (uint32_t i = 0; i < gfx11.size(); ++i)
      if (gfx11[i] == name)
        canonical = i;
  }
  return static_cast<int32_t>((static_cast<uint32_t>(simm16) & ~63u) | canonical);
}

bool Builder::needsModeWrapper(const std::vector<std::pair<size_t, disasm::Inst>> &decoded) {
  const uint32_t m = mode::fromRsrc1(info.rsrc1);
  if (mode::round32(m) != mode::kNearestEven || mode::round64(m) != mode::kNearestEven ||
      mode::denorm64(m) != mode::kKeep)
    staticModeNeedsWrapper = true;
  modeWritten = writesMode(decoded);
  return staticModeNeedsWrapper || modeWritten;
}

bool Builder::staticModeWraps(uint32_t bits) const {
  const uint32_t m = mode::fromRsrc1(info.rsrc1);
  if ((bits & modeinfo::kRoundWide)
          ? mode::round64(m) != mode::kNearestEven
          : (bits & modeinfo::kF32Result) && mode::round32(m) != mode::kNearestEven)
    return true;
  const bool f64 = bits & (modeinfo::kF64Result | modeinfo::kF64Source0 * 7);
  return f64 && mode::denorm64(m) != mode::kKeep;
}

bool Builder::writesMode(const std::vector<std::pair<size_t, disasm::Inst>> &decoded) {
  for (const auto &[at, inst] : decoded) {
    if (!inst.desc)
      continue;
    const std::string_view n = inst.desc->name;
    if (n == "s_round_mode" || n == "s_denorm_mode")
      return true;
    if ((n == "s_setreg_b32" || n == "s_setreg_imm32_b32") &&
        (isa::bits(inst.words[0], 5, 0) == hwreg::kMode))
      return true;
  }
  return false;
}

unsigned Builder::f32SourceSlots(const ExecEntry &entry, const InstrDesc &row) {
  unsigned slots = 0;
  for (unsigned i = 0; i < row.numOperands; ++i) {
    const OperandDesc &o = row.operands[i];
    if (!o.isDef && o.type == DataType::F32) // fmaak / fmamk constants included
      slots |= 1u << slotOf(o.field);
    if (o.isDef && o.type == DataType::F32 && (entry.flags & entry::kAccumulator))
      slots |= 4u; // the accumulator of an f32 result (not v_fmac_f16 / v_pk_fmac_f16)
  }
  return slots;
}

bool Builder::isFloat16(DataType t) {
  return t == DataType::F16 || t == DataType::BF16 || t == DataType::V2F16 || t == DataType::V2BF16;
}

uint32_t Builder::floatModeInfo(const disasm::Inst &inst, const ExecEntry &entry) {
  const InstrDesc &row = *inst.desc;
  if (row.format == Format::DS || row.format == Format::GLOBAL || row.format == Format::FLAT ||
      row.format == Format::SCRATCH || row.format == Format::SMEM || row.format == Format::MUBUF ||
      row.format == Format::MTBUF || row.format == Format::MIMG)
    return 0; // memory atomics follow their own rules, not MODE
  if (row.modifiers & isa::mod::Mai)
    return 0; // MFMA rounds to nearest even and keeps denormals whatever MODE says (emu/mfma.cpp)
  uint32_t bits = 0;
  if (entry.flags & entry::kF32Sources)
    bits |= f32SourceSlots(entry, row) << modeinfo::kF32SourceShift;
  // 16-bit entries use kF32Result for f16 results too; only an f32 result is the wrapper's.
  bool f32Def = !(entry.flags & entry::k16Bit);
  for (unsigned i = 0; i < row.numOperands; ++i)
    f32Def |= row.operands[i].isDef && row.operands[i].type == DataType::F32;
  if ((entry.flags & entry::kF32Result) && f32Def)
    bits |= modeinfo::kF32Result;
  for (unsigned i = 0; i < row.numOperands; ++i) {
    const OperandDesc &o = row.operands[i];
    if (isFloat16(o.type))
      bits |= modeinfo::kF16 | (o.isDef ? modeinfo::kRoundWide : 0);
    if (o.type != DataType::F64)
      continue;
    if (o.isDef)
      bits |= modeinfo::kF64Result | modeinfo::kRoundWide;
    else if (o.field == Field::SRC0 || o.field == Field::SRC1 || o.field == Field::SRC2)
      bits |= modeinfo::kF64Source0 << slotOf(o.field);
  }
  if (Encoding{inst}.omod())
    bits |= modeinfo::kOmod;
  if (bits && Encoding{inst}.clamp())
    bits |= modeinfo::kClamp;
  if (bits && entry.nonIeee32)
    bits |= modeinfo::kIeeeVariant;
  return bits;
}

bool Builder::roundsExactly(std::string_view name) {
  for (std::string_view prefix :
       {"v_min", "v_max", "v_med3_", "v_floor_", "v_ceil_", "v_trunc_", "v_rndne_", "v_frexp_mant_",
        "v_cvt_f32_ubyte", "v_mov_", "v_cndmask_", "v_div_fixup_", "v_cmp", "v_cvt_f64_f32",
        "v_cvt_f64_i32", "v_cvt_f64_u32", "v_cvt_f32_f16"})
    if (name.substr(0, prefix.size()) == prefix)
      return true;
  return false;
}

bool Builder::decodeUnderMode(const disasm::Inst &inst, std::string_view name,
                              const ExecEntry &entry, DecodedInst &d, std::string &why) {
  uint32_t modeBits = wrapFloatMode ? floatModeInfo(inst, entry) : 0;
  if (modeBits && !modeWritten && !staticModeWraps(modeBits))
    modeBits = 0;
  neutralMode = modeBits != 0;
  const bool ok = operands(inst, entry, d, why);
  neutralMode = false;
  if (!ok)
    return false;
  d.fn = pick(entry);
  if (!modeBits)
    return true;
  // components[aux + r]: the instruction for round mode r (nullptr: not emulated).
  const bool resultRounds =
      (modeBits & (modeinfo::kF32Result | modeinfo::kF64Result | modeinfo::kRoundWide)) &&
      !roundsExactly(name);
  const uint32_t first = static_cast<uint32_t>(prog.components.size());
  const ExecFn nonIeee = info.waveSize == 64 ? entry.nonIeee64 : entry.nonIeee32;
  if (modeBits & modeinfo::kIeeeVariant) // components[first + 0..3] are the IEEE = 1 executor
    d.fn = info.waveSize == 64 ? entry.wave64 : entry.wave32;
  prog.components.push_back(d);
  for (uint32_t r = 1; r <= 3; ++r) {
    DecodedInst v = d;
    if (resultRounds)
      v.fn = (modeBits & modeinfo::kF16) ? nullptr : roundingExecutor(name, r, info.waveSize);
    prog.components.push_back(v);
  }
  if (modeBits & modeinfo::kIeeeVariant) {
    DecodedInst v = d;
    v.fn = nonIeee;
    prog.components.push_back(v);
  }
  d.fn = modeExecutor(info.waveSize);
  d.aux = first;
  d.target = modeBits;
  d.imm = modeReason();
  return true;
}

int32_t Builder::modeReason() {
  if (modeReasonIndex < 0) {
    modeReasonIndex = static_cast<int32_t>(prog.trapReasons.size());
    prog.trapReasons.push_back("the MODE register's round mode or f16 denormal mode is not "
                               "emulated for this instruction (only round-to-nearest-even)");
  }
  return modeReasonIndex;
}

} // namespace gcnkit::emu::predecode_detail
