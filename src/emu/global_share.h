// What the waves of one dispatch share beyond guest memory: the global data share (GDS), the GS
// registers gfx11's ds_add_gs_reg_rtn / ds_sub_gs_reg_rtn reach, the 64 global wave sync (GWS)
// resources and the ordered-count unit. A dispatch gets one GlobalShare only when its program
// uses any of them (Program::usesGlobalShare), so other kernels pay nothing.
//
// Everything here is guarded by one mutex: GDS instructions, GWS operations and ordered counts
// are rare next to ordinary instructions, and one lock makes each of them atomic across the
// workers (a whole GDS instruction, not only each lane) without a second synchronisation path.
// Waves that must wait (ds_gws_sema_p on an empty semaphore, ds_gws_barrier before the last
// wave, ds_ordered_count before the wave's turn) are recorded as Waiters; the cooperative
// dispatcher (emu/cooperative.h) parks their work-group and resumes it when release() marks
// one of its waves.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "emu/dispatch.h"

namespace gcnkit::emu {

// M0 gives GDS instructions a 16-bit base and a 16-bit size in bytes, so a dispatch's GDS is the
// 64 KiB those fields can address.
inline constexpr uint32_t kGdsBytes = 64 * 1024;
inline constexpr unsigned kGwsResources = 64;
// A GWS resource's counter is a 12-bit unsigned integer (seed 004).
inline constexpr uint32_t kGwsCounterMask = 0xFFF;
// gfx11's GS registers as dwords: eight 32-bit registers (offset0[5:2] = 0..7) and eight 64-bit
// ones (8..15) at dword (index - 8) * 2 + 8, as DS_ADD_GS_REG_RTN's pseudocode numbers them.
inline constexpr unsigned kGsRegisterDwords = 24;

// A work-group resident in the cooperative dispatcher, as the GWS and ordered-count units see
// it. Guarded by GlobalShare::mutex.
struct ResidentGroup {
  uint64_t linear = 0; // the group's index in dispatch order (x fastest)
  Dim3 id;
  std::vector<uint8_t> released; // per wave: released from a wait, not yet running again
  bool parked = false;           // every wave that has not ended waits; no worker runs it
};

enum class WaitKind : uint8_t { Barrier, Semaphore, OrderedCount };

// A wave waiting for the GWS or the ordered-count unit.
struct Waiter {
  ResidentGroup *group = nullptr;
  uint32_t wave = 0;
  uint32_t inst = 0; // the waiting instruction (Program::insts index), for a deadlock report
  WaitKind kind = WaitKind::Barrier;
  uint8_t resource = 0; // GWS resource id
  bool tag = false;     // barrier: the resource's flag when the wave arrived
};

// One GWS resource (the seed's state: flag, 12-bit counter, type; the queue keeps the waves).
struct GwsResource {
  uint32_t counter = 0;
  bool flag = false;
  bool barrier = false; // type: barrier, else semaphore
  std::deque<Waiter> semaphoreQueue;
  std::vector<Waiter> barrierWaiters;
};

struct GlobalShare {
  explicit GlobalShare(const DispatchSetup &s);

  std::mutex mutex;
  // The cooperative dispatcher's workers wait here for a ready group or the dispatch's end.
  std::condition_variable wake;
  std::deque<ResidentGroup *> ready; // parked groups with a released wave

  std::vector<uint8_t> gds; // kGdsBytes, zeroed at the dispatch's start
  uint32_t gsRegisters[kGsRegisterDwords] = {};
  GwsResource gws[kGwsResources];

  // Ordered count: the wave whose request is processed next, in creation order (groups in
  // dispatch order, waves in group order), and the waves waiting for their turn.
  uint64_t turnGroup = 0;
  uint32_t turnWave = 0;
  std::map<std::pair<uint64_t, uint32_t>, Waiter> orderedWaiters;

  const Program *program = nullptr;
  Dim3 grid, block, groups;

  // Marks a waiting wave as released; a parked group goes to the ready queue (mutex held).
  void release(const Waiter &w);
  // Releases the waves a resource's new state lets go (mutex held): semaphore waiters in queue
  // order while the counter is above zero, barrier waiters whose tag differs from the flag.
  void settle(GwsResource &r);
  // Passes the ordered-count turn to the next wave in creation order (mutex held).
  void advanceTurn();
  // Waves in work-group `linear` (partial groups at the grid's edges have fewer).
  uint32_t wavesOf(uint64_t linear) const;
  Dim3 groupId(uint64_t linear) const;

  // Every waiting wave, the earliest in creation order first (for a deadlock report).
  std::vector<Waiter> waiters() const;
  // What a waiter waits for, in words ("GWS barrier on resource 3: ...").
  std::string describe(const Waiter &w) const;
};

} // namespace gcnkit::emu
