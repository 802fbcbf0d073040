// Resolving one lane's address in each memory space: guest (global) memory, the work-group's
// LDS, the lane's private (scratch) segment, and FLAT addresses, which select one of the three
// by aperture: an address whose high half is aperture::kSharedHi is an LDS offset, kPrivateHi a
// private offset (the same values src_shared_base / src_private_base and the hidden aperture
// kernel arguments give), anything else a guest address. Each function raises the fault that
// fits (MemoryViolation, LdsViolation, ScratchViolation) naming the lane and address.
#pragma once

#include <cstdint>

#include "emu/apertures.h"
#include "emu/mem_access.h"

namespace gcnkit::emu {

inline LaneTarget globalTarget(Wave &w, const DecodedInst &in, int lane, uint64_t addr,
                               unsigned bytes, bool write) {
  uint8_t *p = w.cache.lookup(*w.group->memory, addr, bytes);
  if (!p) {
    w.raise(FaultKind::MemoryViolation, in, lane, addr, bytes, write);
    return {nullptr, addr, true, false};
  }
  return {p, addr, false, true};
}

inline LaneTarget ldsTarget(Wave &w, const DecodedInst &in, int lane, uint64_t offset,
                            unsigned bytes, bool write) {
  if (offset + bytes > w.group->ldsBytes) {
    w.raise(FaultKind::LdsViolation, in, lane, offset, bytes, write);
    return {nullptr, offset, true, false};
  }
  return {w.group->lds + offset, offset, false, false};
}

// offset: the lane's private address (signed: a negative one is out of range too).
template <int W>
LaneTarget privateTarget(Wave &w, const DecodedInst &in, int lane, int64_t offset, unsigned bytes,
                         bool write) {
  const WorkgroupContext &g = *w.group;
  if (offset < 0 || static_cast<uint64_t>(offset) + bytes > g.privateBytes) {
    w.raise(FaultKind::ScratchViolation, in, lane, static_cast<uint64_t>(offset), bytes, write);
    return {nullptr, static_cast<uint64_t>(offset), true, false};
  }
  uint8_t *base =
      g.scratch + (size_t{w.indexInGroup} * W + static_cast<size_t>(lane)) * g.privateStride;
  return {base + offset, static_cast<uint64_t>(offset), false, false};
}

template <int W>
LaneTarget flatTarget(Wave &w, const DecodedInst &in, int lane, uint64_t addr, unsigned bytes,
                      bool write) {
  const uint32_t hi = static_cast<uint32_t>(addr >> 32);
  if (hi == aperture::kSharedHi)
    return ldsTarget(w, in, lane, static_cast<uint32_t>(addr), bytes, write);
  if (hi == aperture::kPrivateHi)
    return privateTarget<W>(w, in, lane, static_cast<uint32_t>(addr), bytes, write);
  return globalTarget(w, in, lane, addr, bytes, write);
}

} // namespace gcnkit::emu
