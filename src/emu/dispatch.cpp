#include "emu/dispatch.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <vector>

#include "emu/dispatch_detail.h"
#include "emu/global_share.h"
#include "emu/mode.h"
#include "emu/trace.h"
#include "isa/target_info.h"

namespace gcnkit::emu {

namespace {

namespace kd = isa::kd;

} // namespace

namespace detail {

uint32_t ceilDiv(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

Worker::Worker(const DispatchSetup &s, uint32_t wavesPerGroup, unsigned i, GlobalShare *global)
    : index(i) {
  const Program &p = *s.program;
  waves.resize(wavesPerGroup);
  const size_t perWave = size_t{p.vgprRows} * p.waveSize;
  vgprs.reset(
      static_cast<uint32_t *>(::operator new[](perWave * wavesPerGroup * 4, std::align_val_t(64))));
  for (uint32_t i = 0; i < wavesPerGroup; ++i)
    waves[i].vgpr = vgprs.get() + perWave * i;
  lds.resize(s.ldsBytes);
  group.program = &p;
  group.memory = s.memory;
  group.lds = lds.data();
  group.ldsBytes = s.ldsBytes;
  group.global = global;
  // Private memory: one segment per lane of every wave, allocated once per worker (never per
  // wave) and not cleared between waves (its initial contents are undefined on hardware).
  // Segments are 16-byte aligned so 64-bit atomics on private memory stay aligned.
  // Targets without architected flat scratch (gfx9) keep private memory in guest memory
  // (DispatchSetup::scratchBase) and need no host copy.
  group.privateBytes = s.privateBytes;
  group.privateStride = (s.privateBytes + 15) & ~15u;
  if (isa::targetInfo(p.target).kernelDescriptor.architectedFlatScratch)
    scratch.resize(size_t{group.privateStride} * p.waveSize * wavesPerGroup);
  group.scratch = scratch.data();
}

} // namespace detail

namespace {

using detail::ceilDiv;
using detail::Worker;

// The private segment buffer of a dispatch (AMDGPUUsage's scratch set-up, with the field
// values the ROCm runtime writes): the whole scratch area, stride 0, swizzled, add_tid_enable
// and an index stride of the wave size, so lane l's private dword k of the wave whose offset
// the prolog adds to the base is at base + k * 4 * W + l * 4 -- the layout scratch and flat
// accesses of private memory use. dst_sel xyzw, 32-bit uint data. num_records is not checked
// for this buffer type (add_tid_enable without idxen).
void privateSegmentBuffer(const isa::BufferResourceLayout &l, const DispatchSetup &s,
                          uint32_t v[4]) {
  const uint32_t W = s.program->waveSize;
  constexpr uint32_t kSelX = 4, kSelY = 5, kSelZ = 6, kSelW = 7;
  constexpr uint32_t kDataFormat32 = 4, kNumFormatUint = 4, kUnifiedFormat32Uint = 20;
  l.base.set(v, s.scratchBase);
  l.swizzleEnable.set(v, 1);
  l.numRecords.set(v, std::min<uint64_t>(s.scratchBytes, 0xFFFFFFFFu));
  l.dstSel.set(v, kSelX | kSelY << 3 | kSelZ << 6 | kSelW << 9);
  l.dataFormat.set(v, kDataFormat32);
  l.numFormat.set(v, kNumFormatUint);
  l.unifiedFormat.set(v, kUnifiedFormat32Uint);
  l.indexStride.set(v, std::bit_width(W / 8) - 1); // 8 << value indices
  l.addTidEnable.set(v, 1);
}

} // namespace

// The initial register state of a wave, as the AMDHSA ABI lays it out: the enabled user SGPRs
// in their fixed order from s0, the enabled system SGPRs from USER_SGPR_COUNT, work-item ids
// packed into v0 (x | y << 10 | z << 20; gfx9: x, y, z in v0, v1, v2 as enabled), EXEC
// covering the wave's work-items. gfx9 also gets its scratch: the private segment buffer (a
// swizzled buffer resource over the dispatch's scratch area), flat scratch init (the area's
// address) and the wave's byte offset into it.
void detail::initWave(Wave &w, const DispatchSetup &s, const Dim3 &groupId, const Dim3 &groupSize,
                      uint32_t waveIndex, unsigned worker) {
  const Program &p = *s.program;
  const uint32_t W = p.waveSize;
  uint32_t *vgpr = w.vgpr;
  w = Wave{};
  w.vgpr = vgpr;
  w.pc = p.entry;
  w.waveSize = W;
  w.indexInGroup = waveIndex;
  w.mode = mode::fromRsrc1(s.descriptor.computePgmRsrc1);
  // HW_ID1.WAVE_ID [4:0]: the wave in its group; HW_ID2.WG_ID [20:16]: the group's linear id.
  const uint32_t groupsX = (s.grid.x + s.block.x - 1) / s.block.x;
  const uint32_t groupsY = (s.grid.y + s.block.y - 1) / s.block.y;
  const uint32_t linearGroup = groupId.x + groupsX * (groupId.y + groupsY * groupId.z);
  w.hwId1 = waveIndex & 31;
  w.hwId2 = (linearGroup & 31) << 16;
  std::memset(w.vgpr, 0, size_t{p.vgprRows} * W * 4);

  const uint16_t props = s.descriptor.kernelCodeProperties;
  const uint32_t rsrc2 = s.descriptor.computePgmRsrc2;
  unsigned n = 0;
  auto put64 = [&](uint64_t v) {
    if (n + 2 <= 106) {
      w.sgpr[n] = static_cast<uint32_t>(v);
      w.sgpr[n + 1] = static_cast<uint32_t>(v >> 32);
    }
    n += 2;
  };
  const isa::TargetInfo &target = isa::targetInfo(p.target);
  const uint32_t wavesPerGroup = ceilDiv(s.block.x * s.block.y * s.block.z, W);
  const uint32_t waveOffset = (worker * wavesPerGroup + waveIndex) * s.scratchWaveBytes;
  if (kd::kEnableSgprPrivateSegmentBuffer.get(props)) {
    uint32_t v[4] = {};
    if (s.scratchBase)
      privateSegmentBuffer(target.bufferResource, s, v);
    for (unsigned i = 0; i < 4 && n + i < 106; ++i)
      w.sgpr[n + i] = v[i];
    n += 4;
  }
  if (kd::kEnableSgprDispatchPtr.get(props))
    put64(s.dispatchPacketAddress);
  if (kd::kEnableSgprQueuePtr.get(props))
    put64(s.queueAddress);
  if (kd::kEnableSgprKernargSegmentPtr.get(props))
    put64(s.kernargAddress);
  if (kd::kEnableSgprDispatchId.get(props))
    put64(0);
  if (kd::kEnableSgprFlatScratchInit.get(props))
    put64(s.scratchBase);
  unsigned sys = kd::kUserSgprCount.get(rsrc2);
  auto putSys = [&](uint32_t v) {
    if (sys < 106)
      w.sgpr[sys] = v;
    ++sys;
  };
  if (kd::kEnableSgprWorkgroupIdX.get(rsrc2))
    putSys(groupId.x);
  if (kd::kEnableSgprWorkgroupIdY.get(rsrc2))
    putSys(groupId.y);
  if (kd::kEnableSgprWorkgroupIdZ.get(rsrc2))
    putSys(groupId.z);
  if (kd::kEnableSgprWorkgroupInfo.get(rsrc2))
    putSys(0);
  if (kd::kEnablePrivateSegment.get(rsrc2) && !target.kernelDescriptor.architectedFlatScratch)
    putSys(waveOffset);

  const uint32_t groupThreads = groupSize.x * groupSize.y * groupSize.z;
  const uint32_t first = waveIndex * W;
  const uint32_t count = std::min(W, groupThreads - first);
  const uint64_t exec = count == 64 ? ~uint64_t{0} : (uint64_t{1} << count) - 1;
  w.sgpr[sreg::kExecLo] = static_cast<uint32_t>(exec);
  w.sgpr[sreg::kExecHi] = W == 64 ? static_cast<uint32_t>(exec >> 32) : 0;
  const bool packed = target.has(isa::TargetInfo::kPackedWorkItemIds);
  const uint32_t ids = packed ? 1 : std::min(kd::kEnableVgprWorkitemId.get(rsrc2), 2u) + 1;
  for (uint32_t l = 0; l < count; ++l) {
    const uint32_t t = first + l;
    const uint32_t x = t % groupSize.x;
    const uint32_t y = (t / groupSize.x) % groupSize.y;
    const uint32_t z = t / (groupSize.x * groupSize.y);
    if (packed) {
      w.vgpr[l] = x | y << 10 | z << 20;
      continue;
    }
    const uint32_t id[3] = {x, y, z};
    for (uint32_t d = 0; d < ids && d < p.vgprCount; ++d)
      w.vgpr[d * W + l] = id[d];
  }
}

// Runs a wave until it ends, faults or reaches a barrier.
void detail::runWave(Wave &w, uint64_t limit) {
  const DecodedInst *insts = w.group->program->insts.data();
  uint64_t executed = w.executed;
  while (w.status == WaveStatus::Running) {
    const DecodedInst &in = insts[w.pc++];
    in.fn(w, in);
    if (++executed > limit && w.status != WaveStatus::Faulted)
      w.raise(FaultKind::InstructionLimit, in);
  }
  w.executed = executed;
}

namespace {

using detail::initWave;
using detail::runWave;

// Runs one workgroup; returns the index of the faulting wave, or -1.
int runGroup(Worker &wk, const DispatchSetup &s, const Dim3 &id, const Dim3 &size) {
  const uint32_t threads = size.x * size.y * size.z;
  const uint32_t count = ceilDiv(threads, s.program->waveSize);
  for (uint32_t i = 0; i < count; ++i) {
    initWave(wk.waves[i], s, id, size, i, wk.index);
    wk.waves[i].group = &wk.group;
  }
  wk.waveCount += count;
  std::fill(wk.lds.begin(), wk.lds.end(), 0); // deterministic, whatever the previous group left
  for (;;) {
    for (uint32_t i = 0; i < count; ++i) {
      Wave &w = wk.waves[i];
      if (w.status == WaveStatus::Running && s.trace)
        runWaveTraced(w, s.maxInstructionsPerWave, {id.x, id.y, id.z}, *s.trace);
      else if (w.status == WaveStatus::Running)
        runWave(w, s.maxInstructionsPerWave);
      if (w.status == WaveStatus::Faulted) {
        for (uint32_t j = 0; j < count; ++j)
          wk.instructions += wk.waves[j].executed;
        return static_cast<int>(i);
      }
    }
    // Every wave has ended or waits at the barrier: release the barrier, or finish.
    bool waiting = false;
    for (uint32_t i = 0; i < count; ++i)
      if (wk.waves[i].status == WaveStatus::AtBarrier) {
        wk.waves[i].status = WaveStatus::Running;
        waiting = true;
      }
    if (!waiting)
      break;
  }
  for (uint32_t i = 0; i < count; ++i)
    wk.instructions += wk.waves[i].executed;
  return -1;
}

} // namespace

DispatchFault detail::describe(const Wave &w, const DispatchSetup &s, const Dim3 &group) {
  const Program &p = *s.program;
  DispatchFault f;
  f.kind = w.fault.kind;
  f.workgroup = group;
  f.wave = w.indexInGroup;
  f.lane = w.fault.lane;
  f.address = w.fault.address;
  f.bytes = w.fault.bytes;
  f.write = w.fault.write;
  const uint32_t i = w.fault.instIndex;
  if (i < p.insts.size()) {
    f.pc = p.insts[i].address;
    f.instruction = p.text(i);
    if (p.insts[i].fn == nullptr || f.kind == FaultKind::UnsupportedInstruction) {
      const int32_t reason = p.insts[i].imm;
      if (reason >= 0 && static_cast<size_t>(reason) < p.trapReasons.size())
        f.detail = p.trapReasons[reason];
    }
  }
  return f;
}

DispatchResult dispatch(const DispatchSetup &s, ThreadPool &pool) {
  // Kernels whose waves wait for other work-groups run on the cooperative dispatcher
  // (emu/cooperative.cpp); the loop below stays as it is for every other kernel.
  if (s.program->waitsAcrossGroups)
    return detail::dispatchCooperative(s, pool);
  DispatchResult result;
  const Dim3 groups{ceilDiv(s.grid.x, s.block.x), ceilDiv(s.grid.y, s.block.y),
                    ceilDiv(s.grid.z, s.block.z)};
  const uint64_t total = uint64_t{groups.x} * groups.y * groups.z;
  if (total == 0)
    return result;
  const uint32_t wavesPerGroup = ceilDiv(s.block.x * s.block.y * s.block.z, s.program->waveSize);

  std::atomic<uint64_t> next{0};
  std::atomic<uint64_t> firstFault{UINT64_MAX};
  std::mutex faultMutex;
  std::optional<DispatchFault> fault;
  uint64_t faultGroup = UINT64_MAX;
  std::atomic<uint64_t> instructions{0}, waves{0};

  // GDS / GS registers / GWS operations that never wait: shared by the workers.
  std::unique_ptr<GlobalShare> global;
  if (s.program->usesGlobalShare)
    global = std::make_unique<GlobalShare>(s);

  const unsigned workers =
      s.trace ? 1 : static_cast<unsigned>(std::min<uint64_t>(pool.size(), total));
  pool.run([&](unsigned worker) {
    if (worker >= workers)
      return;
    Worker wk(s, wavesPerGroup, worker, global.get());
    for (;;) {
      const uint64_t g = next.fetch_add(1, std::memory_order_relaxed);
      // Groups after a faulting one are skipped; earlier ones still run, so the reported
      // fault (the lowest faulting group) does not depend on thread timing.
      if (g >= total || g > firstFault.load(std::memory_order_relaxed))
        break;
      const Dim3 id{static_cast<uint32_t>(g % groups.x),
                    static_cast<uint32_t>((g / groups.x) % groups.y),
                    static_cast<uint32_t>(g / (uint64_t{groups.x} * groups.y))};
      const Dim3 size{std::min(s.block.x, s.grid.x - id.x * s.block.x),
                      std::min(s.block.y, s.grid.y - id.y * s.block.y),
                      std::min(s.block.z, s.grid.z - id.z * s.block.z)};
      const int faulted = runGroup(wk, s, id, size);
      if (faulted >= 0) {
        std::lock_guard<std::mutex> lock(faultMutex);
        if (g < faultGroup) {
          faultGroup = g;
          fault = detail::describe(wk.waves[faulted], s, id);
          uint64_t cur = firstFault.load();
          while (g < cur && !firstFault.compare_exchange_weak(cur, g)) {
          }
        }
      }
    }
    instructions += wk.instructions;
    waves += wk.waveCount;
  });
  result.fault = std::move(fault);
  result.waveInstructions = instructions.load();
  result.waves = waves.load();
  return result;
}

} // namespace gcnkit::emu
