// Pieces shared by the vector memory executors (GLOBAL / FLAT / SCRATCH, MUBUF / MTBUF, DS): the
// per-instruction flags the pre-decoder leaves in DecodedInst::aux, how a loaded value lands in
// a VGPR (zero / sign extension, the d16 halves) and which bits a store takes.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "emu/wave.h"

namespace gcnkit::emu {

// DecodedInst::aux bits of memory instructions (set by the pre-decoder).
namespace memflag {
inline constexpr uint32_t kReturn = 1u << 0;       // atomics: glc set, the old value is returned
inline constexpr uint32_t kOffen = 1u << 1;        // MUBUF / MTBUF: VADDR holds an offset
inline constexpr uint32_t kIdxen = 1u << 2;        // MUBUF / MTBUF: VADDR holds an index
inline constexpr uint32_t kFlushF32In = 1u << 3;   // FP mode: f32 input denormals flushed
inline constexpr uint32_t kFlushF32Out = 1u << 4;  // FP mode: f32 result denormals flushed
inline constexpr uint32_t kFlushF64In = 1u << 5;   // FP mode: f64 input denormals flushed
inline constexpr uint32_t kScratchVaddr = 1u << 6; // SCRATCH: SVE, VADDR is used
inline constexpr unsigned kFormatShift = 8;        // MTBUF: the format field (7 bits)
// MTBUF: the format field is a data format in its low four bits and a numeric format in the
// three above (gfx9), not one unified format.
inline constexpr uint32_t kSplitFormat = 1u << 15;
// FLAT / SCRATCH: private memory is guest memory at FLAT_SCRATCH (DecodedInst::sdst names its
// low SGPR), swizzled per lane (targets without architected flat scratch: gfx9).
inline constexpr uint32_t kGuestPrivate = 1u << 16;
// DS permutes: lanes address the whole wave64 (gfx9), not their 32-lane half.
inline constexpr uint32_t kPermuteWholeWave = 1u << 17;
// ds_swizzle_b32: offsets from 0xC000 are the rotate / FFT modes (gfx10+), not quad permutes.
inline constexpr uint32_t kSwizzleRotateFft = 1u << 18;
// ds_ordered_count: the counter is one of gfx11's GS registers (offset0[5:2]), not GDS memory.
inline constexpr uint32_t kOrderedGsRegisters = 1u << 19;
} // namespace memflag

// How the loaded bytes become the destination VGPR: whole dwords, a byte / short extended to 32
// bits, or (d16) extended to 16 bits into the low or high half with the other half kept.
enum class Ext : uint8_t {
  None,
  Zero8,
  Sign8,
  Zero16,
  Sign16,
  LoU8,
  LoI8,
  Lo16,
  HiU8,
  HiI8,
  Hi16,
};

constexpr bool keepsOtherHalf(Ext e) { return e >= Ext::LoU8; }

// The dword a lane's destination receives for a sub-dword load of raw little-endian bytes `v`
// (old: the destination's previous value, for the d16 forms).
constexpr uint32_t extendLoaded(Ext e, uint32_t v, uint32_t old) {
  const uint32_t u8 = v & 0xFF, u16 = v & 0xFFFF;
  const uint32_t i8 = static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(u8)));
  const uint32_t i16 = static_cast<uint32_t>(static_cast<int32_t>(static_cast<int16_t>(u16)));
  switch (e) {
  case Ext::Zero8:
    return u8;
  case Ext::Sign8:
    return i8;
  case Ext::Zero16:
    return u16;
  case Ext::Sign16:
    return i16;
  case Ext::LoU8:
    return (old & 0xFFFF0000u) | u8;
  case Ext::LoI8:
    return (old & 0xFFFF0000u) | (i8 & 0xFFFF);
  case Ext::Lo16:
    return (old & 0xFFFF0000u) | u16;
  case Ext::HiU8:
    return (old & 0xFFFFu) | u8 << 16;
  case Ext::HiI8:
    return (old & 0xFFFFu) | (i8 & 0xFFFF) << 16;
  case Ext::Hi16:
    return (old & 0xFFFFu) | u16 << 16;
  default:
    return v;
  }
}

// Bytes of memory a load with this extension reads.
constexpr unsigned extBytes(Ext e) {
  switch (e) {
  case Ext::Zero8:
  case Ext::Sign8:
  case Ext::LoU8:
  case Ext::LoI8:
  case Ext::HiU8:
  case Ext::HiI8:
    return 1;
  case Ext::Zero16:
  case Ext::Sign16:
  case Ext::Lo16:
  case Ext::Hi16:
    return 2;
  default:
    return 4;
  }
}

// Where a lane's access goes: a host pointer, nothing (a buffer access out of range: loads read
// zero, stores and atomics are dropped), or a fault already raised on the wave.
struct LaneTarget {
  uint8_t *p = nullptr;
  uint64_t address = 0; // the lane's address in its space (guest, LDS or private offset)
  bool fault = false;
  bool shared = false; // guest memory other workers may access at the same time
  // Swizzled memory (gfx9 private memory, swizzled buffers): the access's bytes lie in elements
  // of `element` bytes, consecutive elements `elementStride` bytes apart, and p points `phase`
  // bytes into the first one. element 0: the bytes are contiguous from p.
  uint16_t element = 0;
  uint16_t phase = 0;
  uint32_t elementStride = 0;
};

// Calls f(host pointer, byte index in the access, bytes) for each contiguous piece of the n
// bytes a target covers.
template <class F> inline void forEachPiece(const LaneTarget &t, unsigned n, F f) {
  if (!t.element) {
    f(t.p, 0u, n);
    return;
  }
  uint8_t *q = t.p;
  unsigned done = 0, into = t.phase;
  while (done < n) {
    const unsigned chunk = std::min<unsigned>(n - done, t.element - into);
    f(q, done, chunk);
    done += chunk;
    q += t.elementStride - into; // the start of the next element
    into = 0;
  }
}

// The n bytes of a lane's access, from memory to dst and from src to memory.
inline void readTarget(const LaneTarget &t, void *dst, unsigned n) {
  forEachPiece(t, n, [&](const uint8_t *q, unsigned at, unsigned bytes) {
    std::memcpy(static_cast<uint8_t *>(dst) + at, q, bytes);
  });
}
inline void writeTarget(const LaneTarget &t, const void *src, unsigned n) {
  forEachPiece(t, n, [&](uint8_t *q, unsigned at, unsigned bytes) {
    std::memcpy(q, static_cast<const uint8_t *>(src) + at, bytes);
  });
}

// Loads kBytes (or one extended sub-dword value) per active lane into the rows from in.vdst.
// where(lane, bytes, write) resolves the lane's address.
template <int W, unsigned kBytes, Ext kExt, class Where>
void loadLanes(Wave &w, const DecodedInst &in, Where where) {
  const uint64_t exec = execMask<W>(w);
  constexpr unsigned dwords = kBytes < 4 ? 1 : kBytes / 4;
  uint32_t *rows[4];
  for (unsigned i = 0; i < dwords; ++i)
    rows[i] = vrow<W>(w, static_cast<uint16_t>(in.vdst + i));
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    const LaneTarget t = where(l, kBytes, false);
    if (t.fault)
      return;
    uint32_t v[4] = {};
    if (t.p)
      readTarget(t, v, kBytes);
    if constexpr (kExt == Ext::None) {
      for (unsigned i = 0; i < dwords; ++i)
        rows[i][l] = v[i];
    } else {
      rows[0][l] = extendLoaded(kExt, v[0], rows[0][l]);
    }
  }
}

// Stores kBytes per active lane from the rows from `dataRow`; kHigh: the d16_hi forms store
// bits [23:16] (b8) or [31:16] (b16).
template <int W, unsigned kBytes, bool kHigh, class Where>
void storeLanes(Wave &w, const DecodedInst &in, uint16_t dataRow, Where where) {
  const uint64_t exec = execMask<W>(w);
  constexpr unsigned dwords = kBytes < 4 ? 1 : kBytes / 4;
  const uint32_t *rows[4];
  for (unsigned i = 0; i < dwords; ++i)
    rows[i] = vrow<W>(w, static_cast<uint16_t>(dataRow + i));
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    const LaneTarget t = where(l, kBytes, true);
    if (t.fault)
      return;
    if (!t.p)
      continue;
    uint32_t v[4];
    for (unsigned i = 0; i < dwords; ++i)
      v[i] = rows[i][l];
    if constexpr (kHigh)
      v[0] >>= 16;
    writeTarget(t, v, kBytes); // little endian: the low bytes
  }
  (void)in;
}

} // namespace gcnkit::emu
