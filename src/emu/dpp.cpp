// DPP16 / DPP8 lane permutation (the rules of the VALU document):
//   - DPP16 works within rows of 16 lanes (wave64: four), DPP8 within groups of 8. gfx9's
//     wave_shl / wave_rol / wave_shr / wave_ror:1 move by one lane across the whole wave, its
//     row_bcast:15 gives rows 1-3 the last lane of the row before and row_bcast:31 gives rows
//     2-3 lane 31.
//   - A source lane outside the row (row_shl / row_shr past the edge), outside the wave (wave_shl
//     / wave_shr), missing (the rows a row broadcast does not feed: row 0 of row_bcast:15, rows
//     0-1 of row_bcast:31) or inactive in EXEC (unless FI = 1) cannot be read: with BC = 1 the
//     lane reads 0, otherwise the lane is disabled and keeps its destination. DPP8 acts as
//     BC = 1 with every source in range; its FI form reads inactive lanes.
//   - row_mask / bank_mask bits that are 0 disable the lanes of that row / bank (lanes 4k..4k+3
//     of each row).
//   - Compares write 0 bits for disabled lanes (our compares zero every lane outside EXEC).
#include "emu/dpp.h"

#include <array>
#include <bit>

#include "emu/registry.h"
#include "emu/wave.h"

namespace gcnkit::emu::dpp {

namespace {

// For one DPP16 control: the source lane of each of the W lanes and the lanes whose source
// exists (inside their row, or inside the wave for the gfx9 wave shifts and row broadcasts).
struct LaneMap {
  uint8_t source[kMaxWaveSize];
  uint64_t inRange;
};

template <int W> LaneMap mapOf(uint32_t ctrl) {
  LaneMap m{};
  for (int lane = 0; lane < W; ++lane) {
    const int row = lane & ~15, i = lane & 15, n = static_cast<int>(ctrl & 15);
    int src = lane;
    bool inside = true;
    if (ctrl <= 0xFF) {
      src = row + (i & ~3) + static_cast<int>((ctrl >> (2 * (i & 3))) & 3);
    } else if (ctrl >= 0x101 && ctrl <= 0x10F) { // row_shl: lane i reads i + n
      inside = i + n < 16;
      src = lane + n;
    } else if (ctrl >= 0x111 && ctrl <= 0x11F) { // row_shr: lane i reads i - n
      inside = i - n >= 0;
      src = lane - n;
    } else if (ctrl >= 0x121 && ctrl <= 0x12F) { // row_ror
      src = row + ((i - n) & 15);
    } else if (ctrl == 0x130) { // wave_shl:1: lane l reads l + 1
      inside = lane + 1 < W;
      src = lane + 1;
    } else if (ctrl == 0x134) { // wave_rol:1
      src = (lane + 1) % W;
    } else if (ctrl == 0x138) { // wave_shr:1: lane l reads l - 1
      inside = lane >= 1;
      src = lane - 1;
    } else if (ctrl == 0x13C) { // wave_ror:1
      src = (lane + W - 1) % W;
    } else if (ctrl == 0x140) { // row_mirror
      src = row + 15 - i;
    } else if (ctrl == 0x141) { // row_half_mirror
      src = row + (i & 8) + 7 - (i & 7);
    } else if (ctrl == 0x142) { // row_bcast:15: rows 1-3 read the last lane of the row before
      inside = row >= 16;
      src = row - 1;
    } else if (ctrl == 0x143) { // row_bcast:31: rows 2-3 read lane 31
      inside = lane >= 32;
      src = 31;
    } else if (ctrl >= 0x150 && ctrl <= 0x15F) { // row_share: every lane reads lane n
      src = row + n;
    } else if (ctrl >= 0x160 && ctrl <= 0x16F) { // row_xmask: lane i reads i ^ n
      src = row + (i ^ n);
    }
    m.source[lane] = static_cast<uint8_t>(inside ? src : lane);
    m.inRange |= uint64_t{inside} << lane;
  }
  return m;
}

template <int W> const LaneMap &laneMap(uint32_t ctrl) {
  static const std::array<LaneMap, 0x170> maps = [] {
    std::array<LaneMap, 0x170> a{};
    for (uint32_t c = 0; c < a.size(); ++c)
      a[c] = mapOf<W>(c);
    return a;
  }();
  return maps[ctrl];
}

// The lanes row_mask (4 bits, one per row) and bank_mask (4 bits, lanes 4k..4k+3 of each row)
// leave enabled.
uint64_t rowBankLanes(uint32_t rowMask, uint32_t bankMask) {
  uint64_t lanes = 0;
  for (unsigned lane = 0; lane < kMaxWaveSize; ++lane)
    if (((rowMask >> (lane / 16)) & 1) && ((bankMask >> ((lane / 4) & 3)) & 1))
      lanes |= uint64_t{1} << lane;
  return lanes;
}

template <int W> void run(Wave &w, const DecodedInst &in) {
  const DecodedInst &inner = w.group->program->components[in.aux];
  const uint32_t *src = vrow<W>(w, in.src[0].reg);
  uint32_t *buf = vrow<W>(w, inner.src[0].reg);
  const uint64_t exec = execMask<W>(w);
  const uint64_t readable = (in.extra & kFetchInactive) ? kFullMask<W> : exec;
  const uint32_t control = in.target;
  uint64_t enabled = exec;
  if (in.extra & kDpp8) {
    const uint32_t selects = control >> 8;
    for (int l = 0; l < W; ++l) {
      const unsigned s = (l & ~7) | ((selects >> (3 * (l & 7))) & 7);
      buf[l] = ((readable >> s) & 1) ? src[s] : 0;
    }
  } else {
    const LaneMap &m = laneMap<W>((control >> 8) & 0x1FF);
    const uint64_t full = kFullMask<W>;
    uint64_t unreadable = ~m.inRange & full;
    if (readable == full && unreadable == 0) { // the common case: a plain gather
      for (int l = 0; l < W; ++l)
        buf[l] = src[m.source[l]];
    } else {
      for (int l = 0; l < W; ++l) {
        const unsigned s = m.source[l];
        const bool ok = ((m.inRange >> l) & 1) && ((readable >> s) & 1);
        buf[l] = ok ? src[s] : 0;
        unreadable |= uint64_t{!ok} << l;
      }
    }
    if (!(in.extra & kBoundCtrl))
      enabled &= ~unreadable;
    enabled &= rowBankLanes(control >> 28, (control >> 24) & 15);
  }
  if (enabled == exec) {
    inner.fn(w, inner);
    if (w.status == WaveStatus::Faulted) // reported at this entry, not at the component
      w.fault.instIndex = static_cast<uint32_t>(&in - w.group->program->insts.data());
    return;
  }
  const uint32_t saved[2] = {w.sgpr[sreg::kExecLo], w.sgpr[sreg::kExecHi]};
  w.sgpr[sreg::kExecLo] = static_cast<uint32_t>(enabled);
  if constexpr (W == 64)
    w.sgpr[sreg::kExecHi] = static_cast<uint32_t>(enabled >> 32);
  inner.fn(w, inner);
  if (w.status == WaveStatus::Faulted)
    w.fault.instIndex = static_cast<uint32_t>(&in - w.group->program->insts.data());
  if (!(in.extra & kWritesExec)) {
    w.sgpr[sreg::kExecLo] = saved[0];
    w.sgpr[sreg::kExecHi] = saved[1];
  }
}

} // namespace

bool validControl(const isa::TargetInfo &target, uint32_t ctrl) {
  for (const isa::DppControlSpelling &c : target.dppControls)
    if (ctrl >= c.first && ctrl <= c.last)
      return !c.isNote;
  return false;
}

ExecFn executor(int wave) { return wave == 64 ? run<64> : run<32>; }

} // namespace gcnkit::emu::dpp
