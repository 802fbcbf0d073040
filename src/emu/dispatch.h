// Runs a kernel over a grid: workgroups spread over a thread pool, the waves of a workgroup run
// in turn until each ends or reaches a barrier.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "emu/memory.h"
#include "emu/program.h"
#include "emu/thread_pool.h"
#include "emu/wave.h"
#include "gcnkit/kernel_descriptor.h"

namespace gcnkit::emu {

struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;
};

struct DispatchSetup {
  const Program *program = nullptr;
  const GuestMemory *memory = nullptr;
  isa::KernelDescriptor descriptor; // user / system SGPR layout
  Dim3 grid;                        // work-items per dimension (need not be a block multiple)
  Dim3 block;                       // work-group size
  uint64_t kernargAddress = 0;
  uint64_t dispatchPacketAddress = 0;
  uint64_t queueAddress = 0;
  uint32_t ldsBytes = 0;     // group segment: static + dynamic
  uint32_t privateBytes = 0; // private (scratch) segment of each work-item
  // Targets without architected flat scratch (gfx9) address scratch as guest memory: the
  // dispatch's scratch area (the private segment buffer's base and flat scratch init), of
  // scratchWaveBytes per wave slot (a wave's lanes interleaved dword by dword), one slot per
  // wave of each worker.
  uint64_t scratchBase = 0;
  uint32_t scratchWaveBytes = 0;
  uint64_t scratchBytes = 0; // the whole area (the private segment buffer's num_records)
  // Kernels whose waves wait for other work-groups (Program::waitsAcrossGroups) run on the
  // cooperative dispatcher, which keeps up to this many work-groups resident at once (at least
  // one per worker); gfx9's scratch area then has one slot per resident group, not per worker.
  uint32_t residentGroups = 0;
  uint64_t maxInstructionsPerWave = 0;
  // When set, every executed instruction is traced to it (emu/trace.h) and the workgroups run
  // in order on one worker.
  const std::function<void(std::string_view)> *trace = nullptr;
};

// Where and why a kernel stopped early.
struct DispatchFault {
  FaultKind kind = FaultKind::None;
  Dim3 workgroup;
  uint32_t wave = 0;
  int32_t lane = -1;
  uint64_t pc = 0;
  uint64_t address = 0;
  uint32_t bytes = 0;
  bool write = false;
  std::string instruction; // disassembled text
  std::string detail;      // e.g. why the instruction is not emulated
};

struct DispatchResult {
  std::optional<DispatchFault> fault; // the fault of the lowest faulting workgroup
  uint64_t waveInstructions = 0;      // instructions executed, summed over waves
  uint64_t waves = 0;
};

DispatchResult dispatch(const DispatchSetup &setup, ThreadPool &pool);

} // namespace gcnkit::emu
