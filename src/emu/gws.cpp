// Global wave sync (GWS): ds_gws_init, ds_gws_sema_v / _br / _p / _release_all and
// ds_gws_barrier on the dispatch's 64 resources (emu/global_share.h), as the RDNA3 guide's
// pseudocode and seed 004 give them:
//
// - the resource is (M0[21:16] + offset0[5:0]) % 64 (the per-VMID base is 0: a dispatch has
//   all 64 resources);
// - the instructions are single-lane: the value comes from the first lane EXEC enables; with
//   EXEC == 0, ds_gws_init, ds_gws_sema_br and ds_gws_barrier act as if EXEC were 1 (lane 0),
//   while ds_gws_sema_v, ds_gws_sema_p and ds_gws_sema_release_all do nothing;
// - the counter is 12 bits, unsigned: "counter <= 0" is counter == 0 and arithmetic wraps
//   modulo 4096 (so a ds_gws_barrier on a resource whose counter is 0 wraps it to 4095);
// - ds_gws_sema_p waits while the counter is 0 and waiting waves are served in arrival order;
//   a ds_gws_barrier wave waits until the resource is a barrier whose flag differs from the flag
//   it arrived with (the last arriving wave flips the flag and loads the next count).
//
// A wave that waits gets WaveStatus::Waiting and its work-group is parked by the cooperative
// dispatcher (only kernels with these waiting instructions run there).
#include <bit>
#include <mutex>

#include "emu/global_share.h"
#include "emu/registry.h"

namespace gcnkit::emu {

namespace {

uint8_t resourceId(const Wave &w, const DecodedInst &in) {
  return static_cast<uint8_t>((((w.sgpr[sreg::kM0] >> 16) & 63) + (in.imm & 63)) % kGwsResources);
}

// VADDR in the first lane EXEC enables; lane 0 when EXEC is 0 (the instructions that act as if
// EXEC were 1).
template <int W> uint32_t firstLaneValue(Wave &w, const DecodedInst &in) {
  const uint64_t exec = execMask<W>(w);
  return vrow<W>(w, in.src[0].reg)[exec ? std::countr_zero(exec) : 0];
}

// Puts the calling wave into a wait; the dispatcher parks its group.
Waiter waitHere(Wave &w, const DecodedInst &in, WaitKind kind, uint8_t resource, bool tag) {
  w.status = WaveStatus::Waiting;
  return {w.group->resident,
          w.indexInGroup,
          static_cast<uint32_t>(&in - w.group->program->insts.data()),
          kind,
          resource,
          tag};
}

template <int W> void init(Wave &w, const DecodedInst &in) {
  const uint32_t value = firstLaneValue<W>(w, in);
  GlobalShare &g = *w.group->global;
  std::lock_guard<std::mutex> lock(g.mutex);
  GwsResource &r = g.gws[resourceId(w, in)];
  r.counter = value & kGwsCounterMask;
  r.flag = false;
  g.settle(r);
}

// sema_v adds 1, sema_br the first lane's count, release_all the number of waves queued at the
// semaphore; all three make the resource a semaphore.
enum class Release { One, Bulk, All };

template <int W, Release kHow> void semaphoreRelease(Wave &w, const DecodedInst &in) {
  if (kHow != Release::Bulk && !execMask<W>(w))
    return; // nothing is sent to the GWS
  const uint32_t bulk = kHow == Release::Bulk ? firstLaneValue<W>(w, in) : 0;
  GlobalShare &g = *w.group->global;
  std::lock_guard<std::mutex> lock(g.mutex);
  GwsResource &r = g.gws[resourceId(w, in)];
  const uint32_t add = kHow == Release::One    ? 1
                       : kHow == Release::Bulk ? bulk
                                               : static_cast<uint32_t>(r.semaphoreQueue.size());
  r.counter = (r.counter + add) & kGwsCounterMask;
  r.barrier = false;
  g.settle(r);
}

template <int W> void semaphoreAcquire(Wave &w, const DecodedInst &in) {
  if (!execMask<W>(w))
    return;
  GlobalShare &g = *w.group->global;
  std::lock_guard<std::mutex> lock(g.mutex);
  const uint8_t id = resourceId(w, in);
  GwsResource &r = g.gws[id];
  r.barrier = false;
  if (r.counter > 0 && r.semaphoreQueue.empty()) {
    r.counter = (r.counter - 1) & kGwsCounterMask;
    return;
  }
  r.semaphoreQueue.push_back(waitHere(w, in, WaitKind::Semaphore, id, false));
}

template <int W> void barrier(Wave &w, const DecodedInst &in) {
  const uint32_t next = firstLaneValue<W>(w, in);
  GlobalShare &g = *w.group->global;
  std::lock_guard<std::mutex> lock(g.mutex);
  const uint8_t id = resourceId(w, in);
  GwsResource &r = g.gws[id];
  r.barrier = true;
  r.counter = (r.counter - 1) & kGwsCounterMask;
  const bool tag = r.flag;
  if (r.counter == 0) { // the last wave: release the others and load the next barrier's count
    r.flag = !r.flag;
    r.counter = next & kGwsCounterMask;
    g.settle(r);
    return;
  }
  r.barrierWaiters.push_back(waitHere(w, in, WaitKind::Barrier, id, tag));
}

template <auto F32, auto F64> ExecEntry gwsEntry(EntryFlags flags) {
  return {F32, F64, static_cast<EntryFlags>(entry::kGlobalSync | flags)};
}

} // namespace

void registerGws(Registry &r) {
  r["ds_gws_init"] = gwsEntry<&init<32>, &init<64>>(0);
  r["ds_gws_sema_v"] =
      gwsEntry<&semaphoreRelease<32, Release::One>, &semaphoreRelease<64, Release::One>>(0);
  r["ds_gws_sema_br"] =
      gwsEntry<&semaphoreRelease<32, Release::Bulk>, &semaphoreRelease<64, Release::Bulk>>(0);
  r["ds_gws_sema_release_all"] =
      gwsEntry<&semaphoreRelease<32, Release::All>, &semaphoreRelease<64, Release::All>>(0);
  r["ds_gws_sema_p"] =
      gwsEntry<&semaphoreAcquire<32>, &semaphoreAcquire<64>>(entry::kWaitsAcrossGroups);
  r["ds_gws_barrier"] = gwsEntry<&barrier<32>, &barrier<64>>(entry::kWaitsAcrossGroups);
}

} // namespace gcnkit::emu
