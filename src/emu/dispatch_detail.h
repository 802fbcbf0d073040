// Pieces of the dispatcher (dispatch.cpp) that the cooperative dispatcher (cooperative.cpp)
// shares: the storage one work-group runs in, the initial wave state, the wave loop and the
// fault description.
#pragma once

#include <cstdint>
#include <memory>
#include <new>
#include <vector>

#include "emu/dispatch.h"

namespace gcnkit::emu::detail {

uint32_t ceilDiv(uint32_t a, uint32_t b);

struct AlignedDelete {
  void operator()(uint32_t *p) const { ::operator delete[](p, std::align_val_t(64)); }
};

// The waves and register files one work-group runs in: one per worker, reused for every group
// it runs (the cooperative dispatcher keeps one per resident group).
struct Worker {
  // The worker (resident group slot): its waves' scratch slots (DispatchSetup::scratchBase).
  unsigned index = 0;
  std::vector<Wave> waves;
  std::unique_ptr<uint32_t[], AlignedDelete> vgprs;
  std::vector<uint8_t> lds;
  std::vector<uint8_t> scratch; // every lane's private segment, reused by every workgroup
  WorkgroupContext group;
  uint64_t instructions = 0;
  uint64_t waveCount = 0;

  Worker(const DispatchSetup &s, uint32_t wavesPerGroup, unsigned i, GlobalShare *global);
};

// Sets wave `waveIndex` of a group to its initial state; `worker` is the scratch slot (the
// worker, or the cooperative dispatcher's resident-group slot).
void initWave(Wave &w, const DispatchSetup &s, const Dim3 &groupId, const Dim3 &groupSize,
              uint32_t waveIndex, unsigned worker);
// Runs a wave until it ends, faults, reaches a barrier or waits.
void runWave(Wave &w, uint64_t limit);
DispatchFault describe(const Wave &w, const DispatchSetup &s, const Dim3 &group);

// The dispatcher for kernels whose waves wait for waves of other work-groups (GWS barriers and
// semaphores, ordered counts): cooperative.cpp.
DispatchResult dispatchCooperative(const DispatchSetup &s, ThreadPool &pool);

} // namespace gcnkit::emu::detail
