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

// Swizzled guest memory: `bytes` bytes starting at guest address addr, `phase` bytes into an
// element of `element` bytes, the following elements `elementStride` bytes after each other
// (emu/mem_access.h, LaneTarget). All of them must lie in one allocation.
inline LaneTarget swizzledTarget(Wave &w, const DecodedInst &in, int lane, uint64_t addr,
                                 unsigned phase, unsigned bytes, unsigned element,
                                 unsigned elementStride, bool write) {
  const unsigned last = phase + bytes - 1;
  const uint64_t span = uint64_t{last / element} * elementStride + last % element - phase + 1;
  LaneTarget t = globalTarget(w, in, lane, addr, static_cast<unsigned>(span), write);
  if (t.p && span != bytes) {
    t.element = static_cast<uint16_t>(element);
    t.phase = static_cast<uint16_t>(phase);
    t.elementStride = elementStride;
  }
  return t;
}

// offset: the lane's private address (signed: a negative one is out of range too). Private
// memory is the worker's host copy (architected flat scratch, gfx11), or guest memory at
// FLAT_SCRATCH (memflag::kGuestPrivate, gfx9) where the wave's lanes interleave their dwords:
// private byte o of lane l is at FLAT_SCRATCH + (o / 4) * 4 * W + l * 4 + o % 4, as the
// swizzled private segment buffer addresses it.
template <int W>
LaneTarget privateTarget(Wave &w, const DecodedInst &in, int lane, int64_t offset, unsigned bytes,
                         bool write) {
  const WorkgroupContext &g = *w.group;
  if (offset < 0 || static_cast<uint64_t>(offset) + bytes > g.privateBytes) {
    w.raise(FaultKind::ScratchViolation, in, lane, static_cast<uint64_t>(offset), bytes, write);
    return {nullptr, static_cast<uint64_t>(offset), true, false};
  }
  if (in.aux & memflag::kGuestPrivate) {
    const uint64_t flatScratch = w.sgpr[in.sdst] | uint64_t{w.sgpr[in.sdst + 1]} << 32;
    const uint64_t o = static_cast<uint64_t>(offset);
    LaneTarget t = swizzledTarget(
        w, in, lane, flatScratch + (o / 4) * 4 * W + static_cast<uint64_t>(lane) * 4 + o % 4, o % 4,
        bytes, 4, 4 * W, write);
    t.address = o; // alignment checks see the private address
    t.shared = false;
    return t;
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
