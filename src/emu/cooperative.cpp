// The cooperative dispatcher: kernels whose waves wait for waves of other work-groups
// (ds_gws_barrier, ds_gws_sema_p, ds_ordered_count; Program::waitsAcrossGroups).
//
// The ordinary dispatcher runs each work-group to completion on one worker, which would hang a
// GWS barrier across more groups than workers. Here work-groups are resident: each has its own
// storage (waves, VGPRs, LDS, private memory: a Worker slot) and stays resident until it ends.
// A worker runs a group's waves in turn, as the ordinary loop does (s_barrier included); when
// every wave that has not ended is waiting -- at least one for the GWS or the ordered-count
// unit -- the group is parked with its state and the worker takes a ready group (a parked one
// whose wave was released, emu/global_share.h) or starts a new one. Groups are started in
// dispatch order, so waves are created in the order ds_ordered_count serves them.
//
// When no worker runs a group, none is ready and none can be started (all started, or the
// resident limit DispatchSetup::residentGroups reached) while groups are parked, every remaining
// wave waits for something no wave can do: the dispatch ends with a Deadlock fault naming the
// earliest waiting wave, its instruction and the resource it waits on. A fault in any wave stops
// the dispatch (the waves of other groups may wait for the faulting one).
#include <algorithm>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "emu/dispatch_detail.h"
#include "emu/global_share.h"
#include "emu/trace.h"

namespace gcnkit::emu::detail {

namespace {

struct Resident : ResidentGroup {
  Resident(const DispatchSetup &s, uint32_t wavesPerGroup, unsigned slot, GlobalShare *share)
      : storage(s, wavesPerGroup, slot, share) {
    storage.group.resident = this;
  }
  Worker storage;
  Dim3 size;
  uint32_t count = 0;
  bool inUse = false;
};

enum class Outcome { Finished, Parked, Faulted, Stopped };

class Scheduler {
public:
  Scheduler(const DispatchSetup &s, unsigned workers)
      : s_(s), share_(s),
        wavesPerGroup_(ceilDiv(s.block.x * s.block.y * s.block.z, s.program->waveSize)),
        total_(uint64_t{share_.groups.x} * share_.groups.y * share_.groups.z),
        maxResident_(std::max(s.residentGroups, workers)) {}

  // One worker's loop: take a ready or new group, run it until it ends, faults or parks.
  void work() {
    std::unique_lock<std::mutex> lock(share_.mutex);
    for (;;) {
      Resident *r = nullptr;
      bool fresh = false;
      while (!r) {
        if (stop_)
          return;
        if (!share_.ready.empty()) {
          r = static_cast<Resident *>(share_.ready.front());
          share_.ready.pop_front();
        } else if (next_ < total_ && resident_ < maxResident_) {
          r = acquire();
          r->linear = next_++;
          fresh = true;
        } else if (running_ == 0) {
          if (resident_ > 0)
            deadlock();
          stop_ = true;
          share_.wake.notify_all();
          return;
        } else {
          share_.wake.wait(lock);
        }
      }
      ++running_;
      if (fresh) {
        lock.unlock();
        start(*r);
        lock.lock();
        waves_ += r->count;
      }
      const Outcome o = run(*r, lock);
      --running_;
      if (o == Outcome::Finished || o == Outcome::Faulted)
        retire(*r);
      if (o == Outcome::Faulted)
        stop_ = true;
      // Idle workers look again: a slot may be free, the dispatch may be over or deadlocked.
      if (o != Outcome::Parked || running_ == 0)
        share_.wake.notify_all();
    }
  }

  DispatchResult result() {
    DispatchResult res;
    for (const std::unique_ptr<Resident> &r : slots_)
      if (r->inUse)
        retire(*r);
    res.fault = std::move(fault_);
    res.waveInstructions = instructions_;
    res.waves = waves_;
    return res;
  }

private:
  Resident *acquire() {
    ++resident_;
    if (!free_.empty()) {
      Resident *r = free_.back();
      free_.pop_back();
      r->inUse = true;
      return r;
    }
    slots_.push_back(std::make_unique<Resident>(s_, wavesPerGroup_,
                                                static_cast<unsigned>(slots_.size()), &share_));
    slots_.back()->inUse = true;
    return slots_.back().get();
  }

  // Counts a group's work and frees its slot (mutex held, or after the workers have returned).
  void retire(Resident &r) {
    for (uint32_t i = 0; i < r.count; ++i)
      instructions_ += r.storage.waves[i].executed;
    r.inUse = false;
    --resident_;
    free_.push_back(&r);
  }

  // A new group's initial state (no other thread knows it yet: no lock).
  void start(Resident &r) {
    r.id = share_.groupId(r.linear);
    r.size = {std::min(s_.block.x, s_.grid.x - r.id.x * s_.block.x),
              std::min(s_.block.y, s_.grid.y - r.id.y * s_.block.y),
              std::min(s_.block.z, s_.grid.z - r.id.z * s_.block.z)};
    r.count = ceilDiv(r.size.x * r.size.y * r.size.z, s_.program->waveSize);
    r.released.assign(r.count, 0);
    r.parked = false;
    for (uint32_t i = 0; i < r.count; ++i) {
      initWave(r.storage.waves[i], s_, r.id, r.size, i, r.storage.index);
      r.storage.waves[i].group = &r.storage.group;
    }
    std::fill(r.storage.lds.begin(), r.storage.lds.end(), 0);
  }

  // Runs the group's waves until none can go on; called and returns with the lock held.
  Outcome run(Resident &r, std::unique_lock<std::mutex> &lock) {
    std::vector<Wave> &waves = r.storage.waves;
    for (;;) {
      lock.unlock();
      for (uint32_t i = 0; i < r.count; ++i) {
        Wave &w = waves[i];
        if (w.status == WaveStatus::Running && s_.trace)
          runWaveTraced(w, s_.maxInstructionsPerWave, {r.id.x, r.id.y, r.id.z}, *s_.trace);
        else if (w.status == WaveStatus::Running)
          runWave(w, s_.maxInstructionsPerWave);
        if (w.status == WaveStatus::Faulted) {
          lock.lock();
          if (r.linear < faultGroup_) {
            faultGroup_ = r.linear;
            fault_ = describe(w, s_, r.id);
          }
          return Outcome::Faulted;
        }
      }
      lock.lock();
      if (stop_)
        return Outcome::Stopped;
      bool running = false, waiting = false, atBarrier = false;
      for (uint32_t i = 0; i < r.count; ++i) {
        Wave &w = waves[i];
        if (r.released[i] && w.status == WaveStatus::Waiting)
          w.status = WaveStatus::Running;
        r.released[i] = 0;
        running |= w.status == WaveStatus::Running;
        waiting |= w.status == WaveStatus::Waiting;
        atBarrier |= w.status == WaveStatus::AtBarrier;
      }
      if (running)
        continue;
      // s_barrier releases when every wave that has not ended is at it; a wave waiting for the
      // GWS keeps the others there.
      if (atBarrier && !waiting) {
        for (uint32_t i = 0; i < r.count; ++i)
          if (waves[i].status == WaveStatus::AtBarrier)
            waves[i].status = WaveStatus::Running;
        continue;
      }
      if (!waiting)
        return Outcome::Finished;
      r.parked = true;
      return Outcome::Parked;
    }
  }

  // Every resident group is parked and nothing can release a wave (mutex held).
  void deadlock() {
    const std::vector<Waiter> waiting = share_.waiters();
    if (waiting.empty())
      return;
    const Waiter &w = waiting.front();
    const Program &p = *s_.program;
    DispatchFault f;
    f.kind = FaultKind::Deadlock;
    f.workgroup = w.group->id;
    f.wave = w.wave;
    f.pc = p.insts[w.inst].address;
    f.instruction = p.text(w.inst);
    f.detail = share_.describe(w) + "; " + std::to_string(waiting.size()) +
               " wave(s) wait and no wave can run";
    if (next_ < total_)
      f.detail += " (" + std::to_string(total_ - next_) + " work-group(s) not started: at most " +
                  std::to_string(maxResident_) + " are resident at once)";
    fault_ = std::move(f);
  }

  const DispatchSetup &s_;
  GlobalShare share_;
  const uint32_t wavesPerGroup_;
  const uint64_t total_;
  const unsigned maxResident_;
  // Guarded by share_.mutex.
  uint64_t next_ = 0;     // the next group to start, in dispatch order
  unsigned resident_ = 0; // groups started and not ended
  unsigned running_ = 0;  // groups a worker runs now
  bool stop_ = false;
  std::vector<std::unique_ptr<Resident>> slots_;
  std::vector<Resident *> free_;
  std::optional<DispatchFault> fault_;
  uint64_t faultGroup_ = UINT64_MAX;
  uint64_t instructions_ = 0, waves_ = 0;
};

} // namespace

DispatchResult dispatchCooperative(const DispatchSetup &s, ThreadPool &pool) {
  const uint64_t total = uint64_t{ceilDiv(s.grid.x, s.block.x)} * ceilDiv(s.grid.y, s.block.y) *
                         ceilDiv(s.grid.z, s.block.z);
  if (total == 0)
    return {};
  // Tracing runs one worker, so the trace's order is the same every time.
  const unsigned workers =
      s.trace ? 1 : static_cast<unsigned>(std::min<uint64_t>(pool.size(), total));
  Scheduler scheduler(s, workers);
  pool.run([&](unsigned worker) {
    if (worker < workers)
      scheduler.work();
  });
  return scheduler.result();
}

} // namespace gcnkit::emu::detail
