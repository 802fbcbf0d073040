#include "emu/global_share.h"

#include <algorithm>

#include "emu/dispatch_detail.h"

namespace gcnkit::emu {

GlobalShare::GlobalShare(const DispatchSetup &s)
    : gds(kGdsBytes, 0), program(s.program), grid(s.grid), block(s.block),
      groups{detail::ceilDiv(s.grid.x, s.block.x), detail::ceilDiv(s.grid.y, s.block.y),
             detail::ceilDiv(s.grid.z, s.block.z)} {}

void GlobalShare::release(const Waiter &w) {
  ResidentGroup &g = *w.group;
  g.released[w.wave] = 1;
  if (g.parked) {
    g.parked = false;
    ready.push_back(&g);
    wake.notify_one();
  }
}

void GlobalShare::settle(GwsResource &r) {
  // DS_GWS_SEMA_P: "while (counter <= 0) WAIT_IN_QUEUE; counter--", served in queue order.
  while (r.counter > 0 && !r.semaphoreQueue.empty()) {
    r.counter = (r.counter - 1) & kGwsCounterMask;
    release(r.semaphoreQueue.front());
    r.semaphoreQueue.pop_front();
  }
  // DS_GWS_BARRIER: a waiting wave returns once "type == BARRIER && flag != its flag".
  if (!r.barrier)
    return;
  std::erase_if(r.barrierWaiters, [&](const Waiter &w) {
    if (w.tag == r.flag)
      return false;
    release(w);
    return true;
  });
}

Dim3 GlobalShare::groupId(uint64_t linear) const {
  return {static_cast<uint32_t>(linear % groups.x),
          static_cast<uint32_t>((linear / groups.x) % groups.y),
          static_cast<uint32_t>(linear / (uint64_t{groups.x} * groups.y))};
}

uint32_t GlobalShare::wavesOf(uint64_t linear) const {
  const Dim3 id = groupId(linear);
  const uint64_t threads = uint64_t{std::min(block.x, grid.x - id.x * block.x)} *
                           std::min(block.y, grid.y - id.y * block.y) *
                           std::min(block.z, grid.z - id.z * block.z);
  return static_cast<uint32_t>((threads + program->waveSize - 1) / program->waveSize);
}

void GlobalShare::advanceTurn() {
  if (++turnWave >= wavesOf(turnGroup)) {
    ++turnGroup;
    turnWave = 0;
  }
  if (auto it = orderedWaiters.find({turnGroup, turnWave}); it != orderedWaiters.end()) {
    release(it->second);
    orderedWaiters.erase(it);
  }
}

std::vector<Waiter> GlobalShare::waiters() const {
  std::vector<Waiter> all;
  for (const GwsResource &r : gws) {
    all.insert(all.end(), r.semaphoreQueue.begin(), r.semaphoreQueue.end());
    all.insert(all.end(), r.barrierWaiters.begin(), r.barrierWaiters.end());
  }
  for (const auto &[key, w] : orderedWaiters)
    all.push_back(w);
  std::sort(all.begin(), all.end(), [](const Waiter &a, const Waiter &b) {
    return std::pair(a.group->linear, a.wave) < std::pair(b.group->linear, b.wave);
  });
  return all;
}

std::string GlobalShare::describe(const Waiter &w) const {
  const GwsResource &r = gws[w.resource];
  const std::string resource = "GWS resource " + std::to_string(w.resource);
  switch (w.kind) {
  case WaitKind::Barrier:
    return "ds_gws_barrier on " + resource + " waits for " + std::to_string(r.counter) +
           " more wave(s) (the counter ds_gws_init / the last barrier set)";
  case WaitKind::Semaphore:
    return "ds_gws_sema_p on " + resource + " waits for a release (semaphore count " +
           std::to_string(r.counter) + ")";
  case WaitKind::OrderedCount: {
    const Dim3 id = groupId(turnGroup);
    return "ds_ordered_count waits for its turn, which wave " + std::to_string(turnWave) +
           " of work-group (" + std::to_string(id.x) + "," + std::to_string(id.y) + "," +
           std::to_string(id.z) + ") holds (each wave must issue it once, with wave_release)";
  }
  }
  return {};
}

} // namespace gcnkit::emu
