// gfx9's VGPR indexing mode: the s_set_gpr_idx_* instructions and the VALU wrapper
// (emu/gpr_index.h).
#include "emu/gpr_index.h"

#include "emu/wave.h"

namespace gcnkit::emu::gpr_index {

namespace {

constexpr uint32_t kIndexMask = 0xFFu; // M0[7:0]: the index
constexpr unsigned kModeShift = 12;    // M0[15:12]: the operands it applies to
constexpr uint32_t kModeMask = 0xFu << kModeShift;

// The operands the wave's M0 selects, moved by its index; false when one leaves the kernel's
// VGPRs (the wave stops: the hardware's result is undefined).
bool indexed(const Wave &w, const DecodedInst &in, DecodedInst &c) {
  const uint32_t m0 = w.sgpr[sreg::kM0];
  const uint32_t index = m0 & kIndexMask, mode = (m0 & kModeMask) >> kModeShift;
  const uint32_t vgprs = w.group->program->vgprCount;
  for (unsigned i = 0; i < 3; ++i) {
    if (!((mode >> i) & 1) || !((in.target >> (kSrcVgprShift + i)) & 1))
      continue;
    const uint32_t regs = ((in.target >> (kSrcRegsShift + 2 * i)) & 3) + 1;
    if (c.src[i].reg + index + regs > vgprs)
      return false;
    c.src[i].reg = static_cast<uint16_t>(c.src[i].reg + index);
  }
  if ((mode & 8) && (in.target & kDstVgpr)) {
    const uint32_t regs = ((in.target >> kDstRegsShift) & 7) + 1;
    if (c.vdst + index + regs > vgprs)
      return false;
    c.vdst = static_cast<uint16_t>(c.vdst + index);
  }
  return true;
}

template <int W> void run(Wave &w, const DecodedInst &in) {
  const DecodedInst &inner = w.group->program->components[in.aux];
  if (!w.gprIndexing) {
    inner.fn(w, inner);
    return;
  }
  if (!(in.target & kIndexable)) {
    w.raise(FaultKind::UnsupportedInstruction, in);
    return;
  }
  DecodedInst c = inner;
  if (!indexed(w, in, c)) {
    w.raise(FaultKind::VgprIndexRange, in);
    return;
  }
  c.fn(w, c);
}

// S_SET_GPR_IDX_ON: mode on, M0[7:0] = S0[7:0], M0[15:12] = the 4-bit immediate.
void on(Wave &w, const DecodedInst &in) {
  uint32_t &m0 = w.sgpr[sreg::kM0];
  const uint32_t index = readScalar32(w, in.src[0]) & kIndexMask;
  const uint32_t mode = static_cast<uint32_t>(in.imm) & 0xF;
  m0 = (m0 & ~(kIndexMask | kModeMask)) | index | mode << kModeShift;
  w.gprIndexing = true;
}
void off(Wave &w, const DecodedInst &) { w.gprIndexing = false; }
// S_SET_GPR_IDX_IDX: M0[7:0] = S0[7:0].
void idx(Wave &w, const DecodedInst &in) {
  uint32_t &m0 = w.sgpr[sreg::kM0];
  m0 = (m0 & ~kIndexMask) | (readScalar32(w, in.src[0]) & kIndexMask);
}
// S_SET_GPR_IDX_MODE: M0[15:12] = SIMM16[3:0].
void mode(Wave &w, const DecodedInst &in) {
  uint32_t &m0 = w.sgpr[sreg::kM0];
  m0 = (m0 & ~kModeMask) | (static_cast<uint32_t>(in.imm) & 0xF) << kModeShift;
}

} // namespace

ExecFn wrapper(int wave) { return wave == 64 ? run<64> : run<32>; }

void registerGprIndex(Registry &r) {
  r["s_set_gpr_idx_on"] = scalarEntry(on);
  r["s_set_gpr_idx_off"] = scalarEntry(off);
  r["s_set_gpr_idx_idx"] = scalarEntry(idx);
  r["s_set_gpr_idx_mode"] = scalarEntry(mode);
}

} // namespace gcnkit::emu::gpr_index
