// DS executors: the work-group's LDS (local data share) and the cross-lane operations that use
// the DS hardware without touching memory (swizzle, permute). Addresses are byte offsets into
// the group's LDS; an access past its size stops the kernel. The waves of a work-group run one
// at a time on one worker, so LDS atomics are plain read-modify-writes in lane order
// (atomics.h has the operations and their float rules).
#include <bit>
#include <cstring>

#include "emu/atomics.h"
#include "emu/flat_aperture.h"
#include "emu/registry.h"

namespace gcnkit::emu {

namespace {

// The LDS address of VADDR + offset: the hardware adds them modulo 2^32, so a negative VADDR
// with a positive offset (clang's code for s[63 - t]) lands inside the LDS.
inline uint32_t ldsAddress(uint32_t vaddr, uint32_t offset) { return vaddr + offset; }

// Single-address forms: VADDR + the 16-bit offset.
template <int W> struct Where {
  Wave &w;
  const DecodedInst &in;
  const uint32_t *addr;
  Where(Wave &wave, const DecodedInst &inst)
      : w(wave), in(inst), addr(vrow<W>(wave, inst.src[0].reg)) {}
  LaneTarget operator()(int l, unsigned bytes, bool write) const {
    return ldsTarget(w, in, l, ldsAddress(addr[l], static_cast<uint32_t>(in.imm)), bytes, write);
  }
};

template <int W, unsigned kBytes, Ext kExt> void load(Wave &w, const DecodedInst &in) {
  loadLanes<W, kBytes, kExt>(w, in, Where<W>(w, in));
}

template <int W, unsigned kBytes, bool kHigh> void store(Wave &w, const DecodedInst &in) {
  storeLanes<W, kBytes, kHigh>(w, in, in.src[2].reg, Where<W>(w, in));
}

// ds_load_addtid / ds_store_addtid: offset + M0[15:0] + lane id * 4.
template <int W, bool kStore> void addTid(Wave &w, const DecodedInst &in) {
  const uint64_t base = static_cast<uint32_t>(in.imm) + (w.sgpr[sreg::kM0] & 0xFFFF);
  auto where = [&](int l, unsigned bytes, bool write) {
    return ldsTarget(w, in, l, base + uint64_t(l) * 4, bytes, write);
  };
  if constexpr (kStore)
    storeLanes<W, 4, false>(w, in, in.src[2].reg, where);
  else
    loadLanes<W, 4, Ext::None>(w, in, where);
}

// Two-address forms: elements of kBytes at VADDR + offset0 * kBytes * kStride and VADDR +
// offset1 * kBytes * kStride (kStride 64 for the _stride64 forms). Loads fill 2 * kBytes of
// VDST; stores take DATA0 and DATA1; the exchange forms store both and return the old values.
enum class TwoAddr { Load, Store, Exchange };

template <int W, unsigned kBytes, TwoAddr kOp, unsigned kStride>
void twoAddr(Wave &w, const DecodedInst &in) {
  const uint32_t *addr = vrow<W>(w, in.src[0].reg);
  const uint64_t exec = execMask<W>(w);
  constexpr unsigned dwords = kBytes / 4;
  const uint32_t offsets[2] = {(static_cast<uint32_t>(in.imm) & 0xFF) * kBytes * kStride,
                               ((static_cast<uint32_t>(in.imm) >> 8) & 0xFF) * kBytes * kStride};
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    // Every source of the lane (its address and both data values) is read, and both elements
    // are resolved, before any destination is written: VDST may overlap VADDR or the data.
    uint32_t data[2][2] = {};
    for (unsigned e = 0; e < 2 && kOp != TwoAddr::Load; ++e)
      for (unsigned i = 0; i < dwords; ++i)
        data[e][i] = vrow<W>(w, static_cast<uint16_t>(in.src[e ? 1 : 2].reg + i))[l];
    uint8_t *p[2];
    for (unsigned e = 0; e < 2; ++e) {
      const LaneTarget t =
          ldsTarget(w, in, l, ldsAddress(addr[l], offsets[e]), kBytes, kOp != TwoAddr::Load);
      if (t.fault)
        return;
      p[e] = t.p;
    }
    // Both elements are read before either is written (the exchange forms return the old
    // values even when both offsets name the same element).
    uint32_t old[2][2] = {};
    for (unsigned e = 0; e < 2 && kOp != TwoAddr::Store; ++e)
      std::memcpy(old[e], p[e], kBytes);
    for (unsigned e = 0; e < 2 && kOp != TwoAddr::Load; ++e)
      std::memcpy(p[e], data[e], kBytes);
    if (kOp != TwoAddr::Store)
      for (unsigned e = 0; e < 2; ++e)
        for (unsigned i = 0; i < dwords; ++i)
          vrow<W>(w, static_cast<uint16_t>(in.vdst + e * dwords + i))[l] = old[e][i];
  }
}

// ds_condxchg32_rtn_b64, as the ISA's pseudocode has it: two dwords at A = (VADDR + offset) &
// 0xFFF8 and A + 4; dword i of DATA0, its bit 31 cleared, replaces dword i of memory when that
// bit is set; both old dwords are returned. Lanes run in lane order.
template <int W> void condXchg32(Wave &w, const DecodedInst &in) {
  const uint32_t *addr = vrow<W>(w, in.src[0].reg);
  const uint32_t *data[2] = {vrow<W>(w, in.src[2].reg),
                             vrow<W>(w, static_cast<uint16_t>(in.src[2].reg + 1))};
  const uint64_t exec = execMask<W>(w);
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    const uint32_t value[2] = {data[0][l], data[1][l]}; // read before VDST is written
    const uint32_t at = ldsAddress(addr[l], static_cast<uint32_t>(in.imm) & 0xFFFF) & 0xFFF8u;
    const LaneTarget t = ldsTarget(w, in, l, at, 8, true);
    if (t.fault)
      return;
    uint32_t old[2];
    std::memcpy(old, t.p, 8);
    for (unsigned i = 0; i < 2; ++i)
      if (value[i] >> 31) {
        const uint32_t v = value[i] & 0x7FFFFFFFu;
        std::memcpy(t.p + 4 * i, &v, 4);
      }
    for (unsigned i = 0; i < 2; ++i)
      vrow<W>(w, static_cast<uint16_t>(in.vdst + i))[l] = old[i];
  }
}

// DATA0 is src[2], DATA1 (compare value / second operand) src[1].
template <int W, class T, class Op> void atomic(Wave &w, const DecodedInst &in) {
  atomics::atomicLanes<W, T, Op>(w, in, in.src[2].reg, in.src[1].reg, Where<W>(w, in));
}

// ds_append / ds_consume: one add (subtract) of the active lane count at M0[15:0] + offset;
// every active lane receives the old value.
template <int W, bool kAppend> void appendConsume(Wave &w, const DecodedInst &in) {
  const uint64_t exec = execMask<W>(w);
  if (!exec)
    return;
  const uint64_t at = (w.sgpr[sreg::kM0] & 0xFFFF) + static_cast<uint32_t>(in.imm);
  const LaneTarget t = ldsTarget(w, in, std::countr_zero(exec), at, 4, true);
  if (t.fault)
    return;
  uint32_t old;
  std::memcpy(&old, t.p, 4);
  const uint32_t n = static_cast<uint32_t>(std::popcount(exec));
  const uint32_t v = kAppend ? old + n : old - n;
  std::memcpy(t.p, &v, 4);
  writeLanes<W>(vrow<W>(w, in.vdst), exec, [&](int) { return old; });
}

// gfx9's DS_*_SRC2_*: both operands come from the LDS. A is VADDR; B = A + size * k with k
// the 15-bit signed {offset1[6:0], offset0}: per lane MEM[A] = op(MEM[A], MEM[B])
// (ds_write_src2: MEM[A] = MEM[B]). Lanes run in lane order, as the other LDS
// read-modify-writes do. (With offset1[7] set k would be A[31:17]; the pre-decoder refuses that
// form.)
template <int W, class T, class Op> void src2(Wave &w, const DecodedInst &in) {
  const uint32_t *addr = vrow<W>(w, in.src[0].reg);
  const uint32_t offset = static_cast<uint32_t>(in.imm) & 0xFFFF;
  const uint64_t exec = execMask<W>(w);
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    const uint32_t a = addr[l];
    const int32_t k = static_cast<int32_t>(offset << 17) >> 17;
    const uint32_t b = a + static_cast<uint32_t>(k) * static_cast<uint32_t>(sizeof(T));
    const LaneTarget tb = ldsTarget(w, in, l, b, sizeof(T), false);
    if (tb.fault)
      return;
    const LaneTarget ta = ldsTarget(w, in, l, a, sizeof(T), true);
    if (ta.fault)
      return;
    T ma, mb;
    std::memcpy(&mb, tb.p, sizeof(T));
    std::memcpy(&ma, ta.p, sizeof(T));
    const T r = Op::apply(ma, mb, T{0}, in.aux);
    std::memcpy(ta.p, &r, sizeof(T));
  }
}

// The lane ds_swizzle_b32 reads for lane i (offset = offset1:offset0), per the ISA's modes:
// bit mask and quad permute, and on gfx10+ (memflag::kSwizzleRotateFft) rotate and FFT from
// 0xC000 (gfx9 reads those offsets as quad permutes: bit 15 set).
uint32_t swizzleSource(uint32_t offset, uint32_t i, bool rotateFft) {
  const uint32_t half = i & 0x20, lane = i & 0x1F;
  if (rotateFft && offset >= 0xE000) { // FFT: bit-reversed lane, shifted by the mask's population
    const uint32_t mask = offset & 0x1F;
    uint32_t reversed = 0;
    for (int b = 0; b < 5; ++b)
      reversed |= ((lane >> b) & 1) << (4 - b);
    const uint32_t j = reversed >> std::popcount(mask);
    return ((j | (lane & mask)) & 0x1F) | half;
  }
  if (rotateFft && offset >= 0xC000) { // rotate left (offset[10] == 0) or right within 32 lanes
    const uint32_t mask = offset & 0x1F;
    uint32_t rotate = (offset >> 5) & 0x1F;
    if (offset & 0x400)
      rotate = 0u - rotate;
    return (((lane & mask) | ((lane + rotate) & ~mask)) & 0x1F) | half;
  }
  if (offset & 0x8000) // any lane of each group of 4, selected by offset[7:0]
    return (i & ~3u) | ((offset >> (2 * (i & 3))) & 3);
  const uint32_t andMask = offset & 0x1F, orMask = (offset >> 5) & 0x1F,
                 xorMask = (offset >> 10) & 0x1F;
  return (((lane & andMask) | orMask) ^ xorMask) | half;
}

// Reading a lane EXEC disables gives 0.
template <int W> void swizzle(Wave &w, const DecodedInst &in) {
  const uint32_t offset = static_cast<uint32_t>(in.imm) & 0xFFFF;
  const uint32_t *src = vrow<W>(w, in.src[0].reg);
  const uint64_t exec = execMask<W>(w);
  uint32_t tmp[W];
  for (int i = 0; i < W; ++i) {
    const uint32_t j =
        swizzleSource(offset, static_cast<uint32_t>(i), in.aux & memflag::kSwizzleRotateFft) % W;
    tmp[i] = ((exec >> j) & 1) ? src[j] : 0;
  }
  writeLanes<W>(vrow<W>(w, in.vdst), exec, [&](int l) { return tmp[l]; });
}

// ds_permute_b32 (forward: lane i writes its DATA0 to the lane its address names; the highest
// source wins; lanes nobody writes get 0) and ds_bpermute_b32 (backward: lane i reads the lane
// its address names; a disabled source reads 0). Address = (VADDR + offset) / 4. gfx10+ take it
// modulo 32 whatever the wave size, so in wave64 each half of the wave permutes within itself
// (the hardware runs wave64 as two 32-lane halves); gfx9 takes it modulo 64
// (memflag::kPermuteWholeWave).
template <int W, bool kBackward> void permute(Wave &w, const DecodedInst &in) {
  const uint32_t *addr = vrow<W>(w, in.src[0].reg);
  const uint32_t *data = vrow<W>(w, in.src[2].reg);
  const uint32_t offset = static_cast<uint32_t>(in.imm) & 0xFFFF;
  const uint64_t exec = execMask<W>(w);
  const bool wholeWave = in.aux & memflag::kPermuteWholeWave;
  uint32_t tmp[W] = {};
  for (int i = 0; i < W; ++i) {
    const uint32_t lane = (addr[i] + offset) >> 2;
    const uint32_t other = wholeWave ? lane % W : (static_cast<uint32_t>(i) & 0x20) | (lane & 0x1F);
    if constexpr (kBackward)
      tmp[i] = ((exec >> other) & 1) ? data[other] : 0;
    else if ((exec >> i) & 1)
      tmp[other] = data[i];
  }
  writeLanes<W>(vrow<W>(w, in.vdst), exec, [&](int l) { return tmp[l]; });
}

template <unsigned kBytes, Ext kExt> ExecEntry loadEntry() {
  return {&load<32, kBytes, kExt>, &load<64, kBytes, kExt>, 0};
}
template <unsigned kBytes, bool kHigh = false> ExecEntry storeEntry() {
  return {&store<32, kBytes, kHigh>, &store<64, kBytes, kHigh>, 0};
}
template <unsigned kBytes, TwoAddr kOp, unsigned kStride = 1> ExecEntry twoAddrEntry() {
  return {&twoAddr<32, kBytes, kOp, kStride>, &twoAddr<64, kBytes, kOp, kStride>, 0};
}
template <class T, class Op> ExecEntry atomicEntry() {
  return {&atomic<32, T, Op>, &atomic<64, T, Op>, 0};
}

template <class T, class Op> ExecEntry src2Entry() {
  return {&src2<32, T, Op>, &src2<64, T, Op>, 0};
}

// name and name_rtn (the no-return form and the one returning the old value share the executor;
// the pre-decoder sets memflag::kReturn for the form with a destination).
template <class T, class Op> void both(Registry &r, std::string_view plain, std::string_view rtn) {
  r[plain] = atomicEntry<T, Op>();
  r[rtn] = atomicEntry<T, Op>();
}

} // namespace

void registerLds(Registry &r) {
  using namespace atomics;
  r["ds_nop"] = scalarEntry(nullptr, entry::kNoEffect);
  r["ds_load_u8"] = loadEntry<1, Ext::Zero8>();
  r["ds_load_i8"] = loadEntry<1, Ext::Sign8>();
  r["ds_load_u16"] = loadEntry<2, Ext::Zero16>();
  r["ds_load_i16"] = loadEntry<2, Ext::Sign16>();
  r["ds_load_b32"] = loadEntry<4, Ext::None>();
  r["ds_load_b64"] = loadEntry<8, Ext::None>();
  r["ds_load_b96"] = loadEntry<12, Ext::None>();
  r["ds_load_b128"] = loadEntry<16, Ext::None>();
  r["ds_load_u8_d16"] = loadEntry<1, Ext::LoU8>();
  r["ds_load_i8_d16"] = loadEntry<1, Ext::LoI8>();
  r["ds_load_u16_d16"] = loadEntry<2, Ext::Lo16>();
  r["ds_load_u8_d16_hi"] = loadEntry<1, Ext::HiU8>();
  r["ds_load_i8_d16_hi"] = loadEntry<1, Ext::HiI8>();
  r["ds_load_u16_d16_hi"] = loadEntry<2, Ext::Hi16>();
  r["ds_store_b8"] = storeEntry<1>();
  r["ds_store_b16"] = storeEntry<2>();
  r["ds_store_b32"] = storeEntry<4>();
  r["ds_store_b64"] = storeEntry<8>();
  r["ds_store_b96"] = storeEntry<12>();
  r["ds_store_b128"] = storeEntry<16>();
  r["ds_store_b8_d16_hi"] = storeEntry<1, true>();
  r["ds_store_b16_d16_hi"] = storeEntry<2, true>();
  r["ds_load_addtid_b32"] = {&addTid<32, false>, &addTid<64, false>, 0};
  r["ds_store_addtid_b32"] = {&addTid<32, true>, &addTid<64, true>, 0};

  r["ds_load_2addr_b32"] = twoAddrEntry<4, TwoAddr::Load>();
  r["ds_load_2addr_b64"] = twoAddrEntry<8, TwoAddr::Load>();
  r["ds_store_2addr_b32"] = twoAddrEntry<4, TwoAddr::Store>();
  r["ds_store_2addr_b64"] = twoAddrEntry<8, TwoAddr::Store>();
  r["ds_load_2addr_stride64_b32"] = twoAddrEntry<4, TwoAddr::Load, 64>();
  r["ds_load_2addr_stride64_b64"] = twoAddrEntry<8, TwoAddr::Load, 64>();
  r["ds_store_2addr_stride64_b32"] = twoAddrEntry<4, TwoAddr::Store, 64>();
  r["ds_store_2addr_stride64_b64"] = twoAddrEntry<8, TwoAddr::Store, 64>();
  r["ds_storexchg_2addr_rtn_b32"] = twoAddrEntry<4, TwoAddr::Exchange>();
  r["ds_storexchg_2addr_rtn_b64"] = twoAddrEntry<8, TwoAddr::Exchange>();
  r["ds_storexchg_2addr_stride64_rtn_b32"] = twoAddrEntry<4, TwoAddr::Exchange, 64>();
  r["ds_storexchg_2addr_stride64_rtn_b64"] = twoAddrEntry<8, TwoAddr::Exchange, 64>();

  both<uint32_t, Add>(r, "ds_add_u32", "ds_add_rtn_u32");
  both<uint32_t, Sub>(r, "ds_sub_u32", "ds_sub_rtn_u32");
  both<uint32_t, Rsub>(r, "ds_rsub_u32", "ds_rsub_rtn_u32");
  both<uint32_t, Inc>(r, "ds_inc_u32", "ds_inc_rtn_u32");
  both<uint32_t, Dec>(r, "ds_dec_u32", "ds_dec_rtn_u32");
  both<uint32_t, MinI>(r, "ds_min_i32", "ds_min_rtn_i32");
  both<uint32_t, MaxI>(r, "ds_max_i32", "ds_max_rtn_i32");
  both<uint32_t, MinU>(r, "ds_min_u32", "ds_min_rtn_u32");
  both<uint32_t, MaxU>(r, "ds_max_u32", "ds_max_rtn_u32");
  both<uint32_t, And>(r, "ds_and_b32", "ds_and_rtn_b32");
  both<uint32_t, Or>(r, "ds_or_b32", "ds_or_rtn_b32");
  both<uint32_t, Xor>(r, "ds_xor_b32", "ds_xor_rtn_b32");
  both<uint32_t, Mskor>(r, "ds_mskor_b32", "ds_mskor_rtn_b32");
  both<uint32_t, Cmpswap>(r, "ds_cmpstore_b32", "ds_cmpstore_rtn_b32");
  both<uint32_t, CmpswapF>(r, "ds_cmpstore_f32", "ds_cmpstore_rtn_f32");
  both<uint32_t, CompareFirst<Cmpswap>>(r, "ds_cmpst_b32", "ds_cmpst_rtn_b32");
  both<uint32_t, CompareFirst<CmpswapF>>(r, "ds_cmpst_f32", "ds_cmpst_rtn_f32");
  both<uint32_t, MinF>(r, "ds_min_f32", "ds_min_rtn_f32");
  both<uint32_t, MaxF>(r, "ds_max_f32", "ds_max_rtn_f32");
  both<uint32_t, AddF32<false>>(r, "ds_add_f32", "ds_add_rtn_f32");
  r["ds_storexchg_rtn_b32"] = atomicEntry<uint32_t, Swap>();
  r["ds_wrap_rtn_b32"] = atomicEntry<uint32_t, Wrap>();

  both<uint64_t, Add>(r, "ds_add_u64", "ds_add_rtn_u64");
  both<uint64_t, Sub>(r, "ds_sub_u64", "ds_sub_rtn_u64");
  both<uint64_t, Rsub>(r, "ds_rsub_u64", "ds_rsub_rtn_u64");
  both<uint64_t, Inc>(r, "ds_inc_u64", "ds_inc_rtn_u64");
  both<uint64_t, Dec>(r, "ds_dec_u64", "ds_dec_rtn_u64");
  both<uint64_t, MinI>(r, "ds_min_i64", "ds_min_rtn_i64");
  both<uint64_t, MaxI>(r, "ds_max_i64", "ds_max_rtn_i64");
  both<uint64_t, MinU>(r, "ds_min_u64", "ds_min_rtn_u64");
  both<uint64_t, MaxU>(r, "ds_max_u64", "ds_max_rtn_u64");
  both<uint64_t, And>(r, "ds_and_b64", "ds_and_rtn_b64");
  both<uint64_t, Or>(r, "ds_or_b64", "ds_or_rtn_b64");
  both<uint64_t, Xor>(r, "ds_xor_b64", "ds_xor_rtn_b64");
  both<uint64_t, Mskor>(r, "ds_mskor_b64", "ds_mskor_rtn_b64");
  both<uint64_t, Cmpswap>(r, "ds_cmpstore_b64", "ds_cmpstore_rtn_b64");
  both<uint64_t, CmpswapF>(r, "ds_cmpstore_f64", "ds_cmpstore_rtn_f64");
  both<uint64_t, CompareFirst<Cmpswap>>(r, "ds_cmpst_b64", "ds_cmpst_rtn_b64");
  both<uint64_t, CompareFirst<CmpswapF>>(r, "ds_cmpst_f64", "ds_cmpst_rtn_f64");
  both<uint64_t, MinF>(r, "ds_min_f64", "ds_min_rtn_f64");
  both<uint64_t, MaxF>(r, "ds_max_f64", "ds_max_rtn_f64");
  r["ds_storexchg_rtn_b64"] = atomicEntry<uint64_t, Swap>();
  r["ds_condxchg32_rtn_b64"] = {condXchg32<32>, condXchg32<64>, 0};

  // gfx9's reductions between two LDS locations.
  r["ds_add_src2_u32"] = src2Entry<uint32_t, Add>();
  r["ds_sub_src2_u32"] = src2Entry<uint32_t, Sub>();
  r["ds_rsub_src2_u32"] = src2Entry<uint32_t, Rsub>();
  r["ds_inc_src2_u32"] = src2Entry<uint32_t, Inc>();
  r["ds_dec_src2_u32"] = src2Entry<uint32_t, Dec>();
  r["ds_min_src2_i32"] = src2Entry<uint32_t, MinI>();
  r["ds_max_src2_i32"] = src2Entry<uint32_t, MaxI>();
  r["ds_min_src2_u32"] = src2Entry<uint32_t, MinU>();
  r["ds_max_src2_u32"] = src2Entry<uint32_t, MaxU>();
  r["ds_and_src2_b32"] = src2Entry<uint32_t, And>();
  r["ds_or_src2_b32"] = src2Entry<uint32_t, Or>();
  r["ds_xor_src2_b32"] = src2Entry<uint32_t, Xor>();
  r["ds_write_src2_b32"] = src2Entry<uint32_t, Swap>();
  r["ds_min_src2_f32"] = src2Entry<uint32_t, MinF>();
  r["ds_max_src2_f32"] = src2Entry<uint32_t, MaxF>();
  r["ds_add_src2_f32"] = src2Entry<uint32_t, AddF32<false>>();
  r["ds_add_src2_u64"] = src2Entry<uint64_t, Add>();
  r["ds_sub_src2_u64"] = src2Entry<uint64_t, Sub>();
  r["ds_rsub_src2_u64"] = src2Entry<uint64_t, Rsub>();
  r["ds_inc_src2_u64"] = src2Entry<uint64_t, Inc>();
  r["ds_dec_src2_u64"] = src2Entry<uint64_t, Dec>();
  r["ds_min_src2_i64"] = src2Entry<uint64_t, MinI>();
  r["ds_max_src2_i64"] = src2Entry<uint64_t, MaxI>();
  r["ds_min_src2_u64"] = src2Entry<uint64_t, MinU>();
  r["ds_max_src2_u64"] = src2Entry<uint64_t, MaxU>();
  r["ds_and_src2_b64"] = src2Entry<uint64_t, And>();
  r["ds_or_src2_b64"] = src2Entry<uint64_t, Or>();
  r["ds_xor_src2_b64"] = src2Entry<uint64_t, Xor>();
  r["ds_write_src2_b64"] = src2Entry<uint64_t, Swap>();
  r["ds_min_src2_f64"] = src2Entry<uint64_t, MinF>();
  r["ds_max_src2_f64"] = src2Entry<uint64_t, MaxF>();

  r["ds_swizzle_b32"] = {&swizzle<32>, &swizzle<64>, 0};
  r["ds_permute_b32"] = {&permute<32, false>, &permute<64, false>, 0};
  r["ds_bpermute_b32"] = {&permute<32, true>, &permute<64, true>, 0};
  r["ds_append"] = {&appendConsume<32, true>, &appendConsume<64, true>, 0};
  r["ds_consume"] = {&appendConsume<32, false>, &appendConsume<64, false>, 0};
}

} // namespace gcnkit::emu
