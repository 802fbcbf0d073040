// Cross-lane permutes (v_permlane16 / v_permlanex16 / v_permlane64) and the M0-relative VGPR
// moves and swaps (v_movrels / v_movreld / v_movrelsd / v_movrelsd_2, v_swap, v_swaprel).
#include <cstdint>

#include "emu/predecode.h"
#include "emu/valu_exec.h"
#include "emu/valu_families.h"

namespace gcnkit::emu {

namespace {

using u32 = uint32_t;
using u64 = uint64_t;

// v_permlane16_b32: lane i of each row of 16 reads lane sel[i] of the same row, the 4-bit
// selects packed in {S2, S1}; v_permlanex16_b32 reads the other row of the 32-lane half.
// op_sel[0] is FI (inactive lanes are read), op_sel[1] BOUND_CTRL (an unreadable lane reads 0
// instead of leaving the destination unchanged), as for DPP.
template <int W, bool kCross> void permlane16(Wave &w, const DecodedInst &in) {
  const u32 *src = lanes32<W>(w, in.src[0], 0);
  const u64 sel = readScalar32(w, in.src[1]) | u64{readScalar32(w, in.src[2])} << 32;
  const u64 exec = execMask<W>(w);
  const u64 readable = (in.extra & 1) ? kFullMask<W> : exec;
  const bool boundCtrl = in.extra & 2;
  u64 enabled = exec;
  u32 r[W];
  for (int l = 0; l < W; ++l) {
    const unsigned row = (l & ~15) ^ (kCross ? 16 : 0);
    const unsigned s = row + ((sel >> (4 * (l & 15))) & 15);
    const bool ok = (readable >> s) & 1;
    r[l] = ok ? src[s] : 0;
    if (!ok && !boundCtrl)
      enabled &= ~(u64{1} << l);
  }
  writeLanes<W>(vrow<W>(w, in.vdst), enabled, [&](int l) { return r[l]; });
}
template <bool kCross> struct Permlane16 {
  template <int W> static void run(Wave &w, const DecodedInst &in) { permlane16<W, kCross>(w, in); }
};

// v_permlane64_b32: swaps the two halves of a wave64 (every source lane is read); in wave32 it
// moves S0 unchanged, as the intrinsic defines it.
template <int W> void permlane64(Wave &w, const DecodedInst &in) {
  const u32 *src = lanes32<W>(w, in.src[0], 0);
  u32 r[W];
  for (int l = 0; l < W; ++l)
    r[l] = src[W == 64 ? l ^ 32 : l];
  writeLanes<W>(vrow<W>(w, in.vdst), execMask<W>(w), [&](int l) { return r[l]; });
}
struct Permlane64 {
  template <int W> static void run(Wave &w, const DecodedInst &in) { permlane64<W>(w, in); }
};

// M0-relative moves: a source row past the kernel's VGPRs reads v0 and a destination row past
// them is dropped (the out-of-range rules).
enum class Rel { Source, Dest, Both, Both2, Swap, SwapRel };

template <int W, Rel kRel> void movrel(Wave &w, const DecodedInst &in) {
  const u32 vgprs = w.group->program->vgprCount;
  const u32 m0 = w.sgpr[sreg::kM0];
  const u64 exec = execMask<W>(w);
  const u32 srcOffset = kRel == Rel::Both2 || kRel == Rel::SwapRel ? (m0 & 0x3FF)
                        : kRel == Rel::Dest || kRel == Rel::Swap   ? 0
                                                                   : m0;
  const u32 dstOffset = kRel == Rel::Both2 || kRel == Rel::SwapRel ? ((m0 >> 16) & 0x3FF)
                        : kRel == Rel::Source || kRel == Rel::Swap ? 0
                                                                   : m0;
  const u32 dstBase = in.vdst;
  const int dst = dstBase + dstOffset < vgprs ? int(dstBase + dstOffset) : -1;
  if (kRel == Rel::Dest) { // S0 is any source (VGPR, SGPR, constant)
    const u32 *src = lanes32<W>(w, in.src[0], 0);
    if (dst >= 0)
      writeLanes<W>(vrow<W>(w, static_cast<uint16_t>(dst)), exec, [&](int l) { return src[l]; });
    return;
  }
  const u32 srcBase = in.src[0].reg;
  const bool srcInRange = srcBase + srcOffset < vgprs;
  const uint16_t srcRow = static_cast<uint16_t>(srcInRange ? srcBase + srcOffset : 0);
  u32 *s = vrow<W>(w, srcRow);
  if (kRel == Rel::Swap || kRel == Rel::SwapRel) {
    for (int l = 0; l < W; ++l) {
      if (!((exec >> l) & 1))
        continue;
      const u32 a = s[l];
      const u32 b = dst >= 0 ? vrow<W>(w, static_cast<uint16_t>(dst))[l] : vrow<W>(w, 0)[l];
      if (dst >= 0)
        vrow<W>(w, static_cast<uint16_t>(dst))[l] = a;
      if (srcInRange)
        s[l] = b;
    }
    return;
  }
  if (dst < 0)
    return;
  u32 r[W];
  for (int l = 0; l < W; ++l)
    r[l] = s[l];
  writeLanes<W>(vrow<W>(w, static_cast<uint16_t>(dst)), exec, [&](int l) { return r[l]; });
}
template <Rel kRel> struct Movrel {
  template <int W> static void run(Wave &w, const DecodedInst &in) { movrel<W, kRel>(w, in); }
};

} // namespace

void registerValuLanes(Registry &r) {
  r["v_permlane16_b32"] = entryOf<Permlane16<false>>(entry::kOpSelControls);
  r["v_permlanex16_b32"] = entryOf<Permlane16<true>>(entry::kOpSelControls);
  r["v_permlane64_b32"] = entryOf<Permlane64>();
  r["v_movrels_b32"] = entryOf<Movrel<Rel::Source>>();
  r["v_movreld_b32"] = entryOf<Movrel<Rel::Dest>>();
  r["v_movrelsd_b32"] = entryOf<Movrel<Rel::Both>>();
  r["v_movrelsd_2_b32"] = entryOf<Movrel<Rel::Both2>>();
  r["v_swap_b32"] = entryOf<Movrel<Rel::Swap>>();
  r["v_swaprel_b32"] = entryOf<Movrel<Rel::SwapRel>>();
}

} // namespace gcnkit::emu
