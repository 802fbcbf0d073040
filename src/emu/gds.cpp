// The global data share (GDS) of a dispatch (emu/global_share.h): DS instructions with the gds
// bit, gfx11's GS registers (ds_add_gs_reg_rtn / ds_sub_gs_reg_rtn) and ds_ordered_count.
//
// A DS instruction with gds set runs its ordinary LDS executor (lds.cpp) as a component, with
// the work-group's LDS swapped for the GDS seen from M0's base (M0[31:16], in bytes): the
// address is M0[31:16] + VADDR + offset, and an access past the dispatch's 64 KiB stops the
// kernel (GdsViolation). gfx11's GDS uses only the first lane EXEC enables and, with EXEC == 0,
// nothing is sent (RDNA3 guide, "Global Data Share"; seed 004); ds_append / ds_consume still
// count every lane of EXEC. gfx9's GDS works per lane like the LDS. The dispatch's mutex is held
// for the whole instruction, so GDS instructions are atomic across workers.
#include <bit>
#include <cstring>
#include <mutex>

#include "emu/global_share.h"
#include "emu/mem_access.h"
#include "emu/registry.h"

namespace gcnkit::emu {

namespace {

template <int W> void setExec(Wave &w, uint64_t mask) {
  w.sgpr[sreg::kExecLo] = static_cast<uint32_t>(mask);
  if constexpr (W == 64)
    w.sgpr[sreg::kExecHi] = static_cast<uint32_t>(mask >> 32);
}

template <int W> void onGds(Wave &w, const DecodedInst &in) {
  const uint64_t exec = execMask<W>(w);
  uint64_t lanes = exec;
  if (in.target & gds::kSingleLane) {
    if (!exec)
      return;
    lanes = exec & (~exec + 1);
  }
  WorkgroupContext *const own = w.group;
  GlobalShare &g = *own->global;
  const DecodedInst &component = own->program->components[in.aux];
  const uint32_t m0 = w.sgpr[sreg::kM0];
  // ds_append / ds_consume address M0.base + offset: the LDS executor adds M0[15:0], so it gets
  // the GDS base there.
  const bool m0Base = in.target & gds::kM0Base;
  const uint32_t base = m0Base ? 0 : m0 >> 16;
  WorkgroupContext view = *own;
  view.lds = g.gds.data() + base;
  view.ldsBytes = kGdsBytes - base;
  std::lock_guard<std::mutex> lock(g.mutex);
  w.group = &view;
  if (m0Base)
    w.sgpr[sreg::kM0] = m0 >> 16;
  setExec<W>(w, lanes);
  component.fn(w, component);
  setExec<W>(w, exec);
  w.sgpr[sreg::kM0] = m0;
  w.group = own;
  if (w.status == WaveStatus::Faulted) { // reported at this entry, as a GDS address
    w.fault.instIndex = static_cast<uint32_t>(&in - own->program->insts.data());
    if (w.fault.kind == FaultKind::LdsViolation) {
      w.fault.kind = FaultKind::GdsViolation;
      w.fault.address += base;
    }
  }
}

// ds_add_gs_reg_rtn / ds_sub_gs_reg_rtn (gfx11), as their pseudocode has it: offset0[5:2] names
// a GS register; 0-7 are 32-bit, 8-15 64-bit (dwords (index - 8) * 2 + 8 and the next). The
// 32-bit DATA0 of the first active lane is added or subtracted and the old value returned to
// that lane (both dwords for a 64-bit register). EXEC == 0: nothing happens.
template <int W, bool kAdd> void gsRegister(Wave &w, const DecodedInst &in) {
  const uint64_t exec = execMask<W>(w);
  if (!exec)
    return;
  const int lane = std::countr_zero(exec);
  const uint64_t data = vrow<W>(w, in.src[2].reg)[lane];
  const unsigned index = (static_cast<uint32_t>(in.imm) >> 2) & 15;
  GlobalShare &g = *w.group->global;
  std::lock_guard<std::mutex> lock(g.mutex);
  uint32_t *r = g.gsRegisters;
  if (index > 7) {
    const unsigned at = (index - 8) * 2 + 8;
    const uint64_t old = r[at] | uint64_t{r[at + 1]} << 32;
    const uint64_t v = kAdd ? old + data : old - data;
    r[at] = static_cast<uint32_t>(v);
    r[at + 1] = static_cast<uint32_t>(v >> 32);
    vrow<W>(w, in.vdst)[lane] = static_cast<uint32_t>(old);
    vrow<W>(w, static_cast<uint16_t>(in.vdst + 1))[lane] = static_cast<uint32_t>(old >> 32);
    return;
  }
  const uint32_t old = r[index];
  r[index] = static_cast<uint32_t>(kAdd ? old + data : old - data);
  vrow<W>(w, in.vdst)[lane] = old;
}

// ds_ordered_count: requests are processed in wave-creation order (groups in dispatch order,
// waves in group order). A wave whose turn has not come waits and issues the instruction again
// when released; at its turn the increment (VADDR of the first active lane; EXEC == 0 acts as
// EXEC == 1, lane 0) goes to the counter with the opcode offset1[5:4] names (0 add, 1 exchange;
// the pre-decoder refuses the others), the old value to VDST of that lane, and wave_release
// (offset1[0]) passes the turn to the next wave. The counter is a GS register (gfx11,
// offset0[5:2]; the 64-bit ones return their low dword) or the GDS dword at M0's
// ordered-count base (M0[31:18], dwords) + offset0[7:2].
template <int W> void orderedCount(Wave &w, const DecodedInst &in) {
  const uint64_t exec = execMask<W>(w);
  const int lane = exec ? std::countr_zero(exec) : 0;
  GlobalShare &g = *w.group->global;
  ResidentGroup &group = *w.group->resident;
  const uint32_t self = static_cast<uint32_t>(&in - w.group->program->insts.data());
  std::lock_guard<std::mutex> lock(g.mutex);
  if (group.linear != g.turnGroup || w.indexInGroup != g.turnWave) {
    g.orderedWaiters[{group.linear, w.indexInGroup}] =
        Waiter{&group, w.indexInGroup, self, WaitKind::OrderedCount, 0, false};
    w.pc = self;
    w.status = WaveStatus::Waiting;
    return;
  }
  const uint32_t imm = static_cast<uint32_t>(in.imm);
  const uint32_t increment = vrow<W>(w, in.src[0].reg)[lane];
  const bool exchange = ((imm >> 12) & 3) == 1;
  uint32_t old;
  if (in.aux & memflag::kOrderedGsRegisters) {
    const unsigned index = (imm >> 2) & 15;
    uint32_t *r = g.gsRegisters;
    if (index > 7) { // add only (the pre-decoder refuses an exchange here)
      const unsigned at = (index - 8) * 2 + 8;
      const uint64_t v = (r[at] | uint64_t{r[at + 1]} << 32) + increment;
      old = r[at];
      r[at] = static_cast<uint32_t>(v);
      r[at + 1] = static_cast<uint32_t>(v >> 32);
    } else {
      old = r[index];
      r[index] = exchange ? increment : old + increment;
    }
  } else {
    const uint32_t at = ((w.sgpr[sreg::kM0] >> 16) & ~3u) + (imm & 0xFC);
    if (at + 4 > kGdsBytes) {
      w.raise(FaultKind::GdsViolation, in, lane, at, 4, true);
      return;
    }
    std::memcpy(&old, g.gds.data() + at, 4);
    const uint32_t v = exchange ? increment : old + increment;
    std::memcpy(g.gds.data() + at, &v, 4);
  }
  vrow<W>(w, in.vdst)[lane] = old;
  if (imm & 0x100)
    g.advanceTurn();
}

} // namespace

ExecFn gdsExecutor(int wave) { return wave == 64 ? onGds<64> : onGds<32>; }

void registerGds(Registry &r) {
  r["ds_add_gs_reg_rtn"] = {&gsRegister<32, true>, &gsRegister<64, true>, entry::kGlobalSync};
  r["ds_sub_gs_reg_rtn"] = {&gsRegister<32, false>, &gsRegister<64, false>, entry::kGlobalSync};
  r["ds_ordered_count"] = {&orderedCount<32>, &orderedCount<64>,
                           static_cast<EntryFlags>(entry::kGlobalSync | entry::kWaitsAcrossGroups)};
}

} // namespace gcnkit::emu
