// The architectural state of one wave and the operand accessors every executor uses.
//
// VGPRs are register-major: row r holds VGPR r of all lanes contiguously (`vgpr[r * W + lane]`),
// so a VALU operation is a loop over contiguous lanes that the compiler can vectorize. W, the
// wave size, is a template parameter of every VALU executor.
#pragma once

#include <cstdint>

#include "emu/memory.h"
#include "emu/program.h"

namespace gcnkit::emu {

// Waiting: the wave waits for the GWS or the ordered-count unit (emu/global_share.h); only the
// cooperative dispatcher, which runs such kernels, sees it.
enum class WaveStatus : uint8_t { Running, AtBarrier, Ended, Faulted, Waiting };

enum class FaultKind : uint8_t {
  None,
  MemoryViolation,        // guest access outside every allocation
  LdsViolation,           // LDS access outside the work-group's LDS
  UnsupportedInstruction, // decoded, but the emulator does not implement it (or undecodable)
  InstructionLimit,       // the wave executed more instructions than allowed
  BadBranch,              // branch / jump to an address that starts no instruction
  Trap,                   // s_trap
  ScratchViolation,       // private (scratch) access outside the lane's private segment
  MisalignedAtomic,       // atomic on an address that is not naturally aligned
  UnsupportedBuffer,      // buffer resource or format not emulated (address: bufferIssue)
  Halted,                 // s_sethalt / s_sendmsghalt: the wave waits for a debugger forever
  VgprIndexRange,         // gfx9 VGPR indexing (M0) moved an operand past the kernel's VGPRs
  UnsupportedImage,       // image descriptor / access not emulated (emu/image.h: bytes = why)
  GdsViolation,           // GDS access outside the dispatch's GDS (address: GDS byte address)
  Deadlock,               // every remaining wave waits for the GWS / ordered count (dispatcher)
};

// FaultKind::UnsupportedBuffer: WaveFault::address says what the emulator does not handle.
namespace bufferIssue {
inline constexpr uint64_t kSwizzle = 1ull << 32;       // low bits: the swizzle_enable value
inline constexpr uint64_t kUnifiedFormat = 2ull << 32; // low bits: the unified format
inline constexpr uint64_t kSplitFormat = 3ull << 32;   // low bits: data | numeric format << 4
inline constexpr uint64_t kKindMask = 0xFFull << 32;
inline constexpr uint64_t kD16 = 1ull << 40;          // in a d16 form
inline constexpr uint64_t kPartialStore = 1ull << 41; // some components of a packed element
} // namespace bufferIssue

// What stopped a wave; the dispatcher adds the workgroup and the instruction text.
struct WaveFault {
  FaultKind kind = FaultKind::None;
  int32_t lane = -1; // -1: not lane specific (scalar access, whole-wave condition)
  uint32_t instIndex = 0;
  uint64_t address = 0; // faulting guest address (memory violations, bad branches)
  uint32_t bytes = 0;   // access size
  bool write = false;
};

struct GlobalShare;
struct ResidentGroup;

// State shared by the waves of the workgroup a worker runs.
struct WorkgroupContext {
  const Program *program = nullptr;
  const GuestMemory *memory = nullptr;
  uint8_t *lds = nullptr;
  uint32_t ldsBytes = 0;
  // Private (scratch) memory: privateBytes per lane, lane l of wave i at
  // scratch + (i * waveSize + l) * privateStride. Allocated once per worker.
  uint8_t *scratch = nullptr;
  uint32_t privateBytes = 0;
  uint32_t privateStride = 0;
  // The dispatch's GDS, GWS and ordered-count state (emu/global_share.h): set only for programs
  // that use them. `resident`: the group as the cooperative dispatcher keeps it (only there).
  GlobalShare *global = nullptr;
  ResidentGroup *resident = nullptr;
};

inline constexpr unsigned kMaxWaveSize = 64;

struct Wave {
  uint32_t sgpr[sreg::kCount] = {};
  uint32_t *vgpr = nullptr; // Program::vgprRows rows of waveSize lanes
  uint32_t pc = 0;          // index into Program::insts
  bool scc = false;
  WaveStatus status = WaveStatus::Running;
  uint32_t waveSize = 32;
  uint32_t indexInGroup = 0;
  uint32_t mode = 0;  // HW_REG_MODE (emu/mode.h): FP round / denormal modes, DX10 clamp, IEEE
  uint32_t hwId1 = 0; // HW_REG_HW_ID1 / HW_ID2 as s_getreg reads them
  uint32_t hwId2 = 0;
  bool gprIndexing = false; // gfx9's VGPR indexing mode (emu/gpr_index.h)
  uint64_t executed = 0;
  WaveFault fault;
  WorkgroupContext *group = nullptr;
  MemoryCache cache;
  // Per-source lane buffers for scalar / constant / modified sources (lo and hi dwords).
  alignas(64) uint32_t lanesLo[kMaxSources][kMaxWaveSize];
  alignas(64) uint32_t lanesHi[kMaxSources][kMaxWaveSize];

  uint64_t vcc() const {
    return waveSize == 32 ? sgpr[sreg::kVccLo]
                          : sgpr[sreg::kVccLo] | uint64_t{sgpr[sreg::kVccHi]} << 32;
  }
  uint64_t exec() const {
    return waveSize == 32 ? sgpr[sreg::kExecLo]
                          : sgpr[sreg::kExecLo] | uint64_t{sgpr[sreg::kExecHi]} << 32;
  }

  void raise(FaultKind kind, const DecodedInst &inst, int32_t lane = -1, uint64_t address = 0,
             uint32_t bytes = 0, bool write = false) {
    status = WaveStatus::Faulted;
    fault = {kind,    lane,  static_cast<uint32_t>(&inst - group->program->insts.data()),
             address, bytes, write};
  }
};

template <int W> constexpr uint64_t kFullMask = W == 32 ? 0xFFFFFFFFull : ~uint64_t{0};

template <int W> inline uint64_t execMask(const Wave &w) {
  if constexpr (W == 32)
    return w.sgpr[sreg::kExecLo];
  else
    return w.sgpr[sreg::kExecLo] | uint64_t{w.sgpr[sreg::kExecHi]} << 32;
}

template <int W> inline uint32_t *vrow(Wave &w, uint16_t row) { return w.vgpr + size_t{row} * W; }

// ---- scalar operands ----------------------------------------------------------------------

inline uint32_t readScalar32(const Wave &w, const Src &s) {
  switch (s.kind) {
  case SrcKind::Sgpr:
    return w.sgpr[s.reg];
  case SrcKind::Const:
    return static_cast<uint32_t>(s.value);
  case SrcKind::Scc:
    return w.scc;
  case SrcKind::Vccz:
    return w.vcc() == 0;
  case SrcKind::Execz:
    return w.exec() == 0;
  default:
    return 0;
  }
}

inline uint64_t readScalar64(const Wave &w, const Src &s) {
  if (s.kind == SrcKind::Sgpr)
    return w.sgpr[s.reg] | uint64_t{w.sgpr[s.reg + 1]} << 32;
  if (s.kind == SrcKind::Const)
    return s.value;
  return readScalar32(w, s);
}

// A per-lane mask operand (carry, v_cndmask selector): one SGPR in wave32, a pair in wave64.
template <int W> inline uint64_t readMask(const Wave &w, const Src &s) {
  if constexpr (W == 32)
    return readScalar32(w, s);
  else
    return readScalar64(w, s);
}

template <int W> inline void writeMask(Wave &w, uint16_t sdst, uint64_t mask) {
  if (sdst == sreg::kNull)
    return;
  w.sgpr[sdst] = static_cast<uint32_t>(mask);
  if constexpr (W == 64)
    w.sgpr[sdst + 1] = static_cast<uint32_t>(mask >> 32);
}

// ---- vector operands ----------------------------------------------------------------------

// An f32 denormal read as a zero of the same sign (FP modes that flush).
inline uint32_t flushDenormF32(uint32_t b) { return (b & 0x7F800000u) ? b : b & 0x80000000u; }

inline uint32_t modify(const Src &s, uint32_t v) {
  if (s.flushDenorm)
    v = flushDenormF32(v);
  return (v & s.andMask) ^ s.xorMask;
}

// The W lane values of a 32-bit source: the VGPR row itself, the constant's broadcast row, or
// buffer `slot` filled with the broadcast scalar / the modified VGPR values. Always inlined: it
// runs for every source of every VALU instruction.
template <int W>
[[gnu::always_inline]] inline const uint32_t *lanes32(Wave &w, const Src &s, unsigned slot) {
  if (s.kind == SrcKind::Vgpr) {
    const uint32_t *r = vrow<W>(w, s.reg);
    if (!s.modified)
      return r;
    uint32_t *b = w.lanesLo[slot];
    for (int l = 0; l < W; ++l)
      b[l] = modify(s, r[l]);
    return b;
  }
  if (s.constantLanes)
    return s.constantLanes;
  const uint32_t v = modify(s, s.kind == SrcKind::Sgpr ? w.sgpr[s.reg] : readScalar32(w, s));
  uint32_t *b = w.lanesLo[slot];
  for (int l = 0; l < W; ++l)
    b[l] = v;
  return b;
}

// The low and high dwords of a 64-bit source (modifiers apply to the high dword).
template <int W>
inline void lanes64(Wave &w, const Src &s, unsigned slot, const uint32_t *&lo,
                    const uint32_t *&hi) {
  if (s.kind == SrcKind::Vgpr) {
    lo = vrow<W>(w, s.reg);
    hi = vrow<W>(w, static_cast<uint16_t>(s.reg + 1));
    if (s.modified) {
      uint32_t *b = w.lanesHi[slot];
      for (int l = 0; l < W; ++l)
        b[l] = (hi[l] & s.andMask) ^ s.xorMask;
      hi = b;
    }
    return;
  }
  const uint64_t v = readScalar64(w, s);
  const uint32_t vlo = static_cast<uint32_t>(v);
  const uint32_t vhi = (static_cast<uint32_t>(v >> 32) & s.andMask) ^ s.xorMask;
  uint32_t *bl = w.lanesLo[slot];
  uint32_t *bh = w.lanesHi[slot];
  for (int l = 0; l < W; ++l) {
    bl[l] = vlo;
    bh[l] = vhi;
  }
  lo = bl;
  hi = bh;
}

// d[l] = f(l) for the lanes enabled in exec (all lanes: a plain loop the compiler vectorizes).
template <int W, class F>
[[gnu::always_inline]] inline void writeLanes(uint32_t *d, uint64_t exec, F f) {
  // Every lane is computed into a local array first: the compiler then knows the results do
  // not alias the sources (d may be a source row), keeps them in vector registers and needs no
  // overlap checks before vectorizing.
  uint32_t r[W];
  for (int l = 0; l < W; ++l)
    r[l] = f(l);
  if (exec == kFullMask<W>) {
    for (int l = 0; l < W; ++l)
      d[l] = r[l];
    return;
  }
  for (int l = 0; l < W; ++l) {
    const uint32_t keep = static_cast<uint32_t>(((exec >> l) & 1) - 1); // ~0 when inactive
    d[l] = (r[l] & ~keep) | (d[l] & keep);
  }
}

} // namespace gcnkit::emu
