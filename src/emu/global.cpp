// GLOBAL and FLAT loads, stores and atomics. Every active lane's access is checked; the first
// lane (in lane order) that falls outside its space stops the kernel with a fault naming the
// lane and address. GLOBAL addresses are guest addresses; FLAT addresses go to the guest memory,
// the LDS or the lane's private segment by aperture (flat_aperture.h). Atomics on guest memory
// are atomic across the worker threads (atomics.h).
#include <deque>
#include <string>

#include "emu/atomics.h"
#include "emu/flat_aperture.h"
#include "emu/registry.h"

namespace gcnkit::emu {

namespace {

// Address of lane l: with SADDR, SGPR pair + zero-extended 32-bit VADDR; without, the 64-bit
// VADDR pair. Both plus the signed instruction offset.
template <int W> struct Addresses {
  const uint32_t *lo;
  const uint32_t *hi = nullptr;
  uint64_t base = 0;
  int64_t offset;

  Addresses(Wave &w, const DecodedInst &in) : lo(vrow<W>(w, in.src[0].reg)), offset(in.imm) {
    if (in.src[1].kind == SrcKind::None)
      hi = vrow<W>(w, static_cast<uint16_t>(in.src[0].reg + 1));
    else
      base = readScalar64(w, in.src[1]);
  }
  uint64_t operator()(int l) const {
    const uint64_t v = hi ? (lo[l] | uint64_t{hi[l]} << 32) : base + lo[l];
    return v + offset;
  }
};

// Resolves a lane's address: kFlat selects the space by aperture.
template <int W, bool kFlat> struct Where {
  Wave &w;
  const DecodedInst &in;
  Addresses<W> addr;
  Where(Wave &wave, const DecodedInst &inst) : w(wave), in(inst), addr(wave, inst) {}
  LaneTarget operator()(int l, unsigned bytes, bool write) const {
    if constexpr (kFlat)
      return flatTarget<W>(w, in, l, addr(l), bytes, write);
    else
      return globalTarget(w, in, l, addr(l), bytes, write);
  }
};

template <int W, bool kFlat, unsigned kBytes, Ext kExt> void load(Wave &w, const DecodedInst &in) {
  loadLanes<W, kBytes, kExt>(w, in, Where<W, kFlat>(w, in));
}

template <int W, bool kFlat, unsigned kBytes, bool kHigh>
void store(Wave &w, const DecodedInst &in) {
  storeLanes<W, kBytes, kHigh>(w, in, in.src[2].reg, Where<W, kFlat>(w, in));
}

// global_load / store_addtid_b32: SADDR + offset + lane id * 4 (no VADDR).
template <int W, bool kStore> void addTid(Wave &w, const DecodedInst &in) {
  const uint64_t base = (in.src[1].kind == SrcKind::None ? 0 : readScalar64(w, in.src[1])) + in.imm;
  auto where = [&](int l, unsigned bytes, bool write) {
    return globalTarget(w, in, l, base + uint64_t(l) * 4, bytes, write);
  };
  if constexpr (kStore)
    storeLanes<W, 4, false>(w, in, in.src[2].reg, where);
  else
    loadLanes<W, 4, Ext::None>(w, in, where);
}

// DATA is VDATA; the compare value of cmpswap follows it (the ISA's {src, cmp} order).
template <int W, bool kFlat, class T, class Op> void atomic(Wave &w, const DecodedInst &in) {
  const uint16_t src = in.src[2].reg;
  atomics::atomicLanes<W, T, Op>(w, in, src, static_cast<uint16_t>(src + sizeof(T) / 4),
                                 Where<W, kFlat>(w, in));
}

template <bool kFlat, unsigned kBytes, Ext kExt> ExecEntry loadEntry() {
  return {&load<32, kFlat, kBytes, kExt>, &load<64, kFlat, kBytes, kExt>, 0};
}
template <bool kFlat, unsigned kBytes, bool kHigh = false> ExecEntry storeEntry() {
  return {&store<32, kFlat, kBytes, kHigh>, &store<64, kFlat, kBytes, kHigh>, 0};
}
template <bool kFlat, class T, class Op> ExecEntry atomicEntry() {
  return {&atomic<32, kFlat, T, Op>, &atomic<64, kFlat, T, Op>, 0};
}

// The registry is keyed by string_view: built names are kept for the life of the program.
std::string_view intern(std::string name) {
  static std::deque<std::string> names;
  return names.emplace_back(std::move(name));
}

template <bool kFlat> void registerSegment(Registry &reg, const std::string &seg) {
  struct Named {
    Registry &reg;
    ExecEntry &operator[](const std::string &name) { return reg[intern(name)]; }
  } r{reg};
  r[seg + "_load_u8"] = loadEntry<kFlat, 1, Ext::Zero8>();
  r[seg + "_load_i8"] = loadEntry<kFlat, 1, Ext::Sign8>();
  r[seg + "_load_u16"] = loadEntry<kFlat, 2, Ext::Zero16>();
  r[seg + "_load_i16"] = loadEntry<kFlat, 2, Ext::Sign16>();
  r[seg + "_load_b32"] = loadEntry<kFlat, 4, Ext::None>();
  r[seg + "_load_b64"] = loadEntry<kFlat, 8, Ext::None>();
  r[seg + "_load_b96"] = loadEntry<kFlat, 12, Ext::None>();
  r[seg + "_load_b128"] = loadEntry<kFlat, 16, Ext::None>();
  r[seg + "_load_d16_u8"] = loadEntry<kFlat, 1, Ext::LoU8>();
  r[seg + "_load_d16_i8"] = loadEntry<kFlat, 1, Ext::LoI8>();
  r[seg + "_load_d16_b16"] = loadEntry<kFlat, 2, Ext::Lo16>();
  r[seg + "_load_d16_hi_u8"] = loadEntry<kFlat, 1, Ext::HiU8>();
  r[seg + "_load_d16_hi_i8"] = loadEntry<kFlat, 1, Ext::HiI8>();
  r[seg + "_load_d16_hi_b16"] = loadEntry<kFlat, 2, Ext::Hi16>();
  r[seg + "_store_b8"] = storeEntry<kFlat, 1>();
  r[seg + "_store_b16"] = storeEntry<kFlat, 2>();
  r[seg + "_store_b32"] = storeEntry<kFlat, 4>();
  r[seg + "_store_b64"] = storeEntry<kFlat, 8>();
  r[seg + "_store_b96"] = storeEntry<kFlat, 12>();
  r[seg + "_store_b128"] = storeEntry<kFlat, 16>();
  r[seg + "_store_d16_hi_b8"] = storeEntry<kFlat, 1, true>();
  r[seg + "_store_d16_hi_b16"] = storeEntry<kFlat, 2, true>();

  using namespace atomics;
  const std::string a = seg + "_atomic_";
  r[a + "swap_b32"] = atomicEntry<kFlat, uint32_t, Swap>();
  r[a + "cmpswap_b32"] = atomicEntry<kFlat, uint32_t, Cmpswap>();
  r[a + "add_u32"] = atomicEntry<kFlat, uint32_t, Add>();
  r[a + "sub_u32"] = atomicEntry<kFlat, uint32_t, Sub>();
  r[a + "csub_u32"] = atomicEntry<kFlat, uint32_t, Csub>();
  r[a + "min_i32"] = atomicEntry<kFlat, uint32_t, MinI>();
  r[a + "min_u32"] = atomicEntry<kFlat, uint32_t, MinU>();
  r[a + "max_i32"] = atomicEntry<kFlat, uint32_t, MaxI>();
  r[a + "max_u32"] = atomicEntry<kFlat, uint32_t, MaxU>();
  r[a + "and_b32"] = atomicEntry<kFlat, uint32_t, And>();
  r[a + "or_b32"] = atomicEntry<kFlat, uint32_t, Or>();
  r[a + "xor_b32"] = atomicEntry<kFlat, uint32_t, Xor>();
  r[a + "inc_u32"] = atomicEntry<kFlat, uint32_t, Inc>();
  r[a + "dec_u32"] = atomicEntry<kFlat, uint32_t, Dec>();
  r[a + "swap_b64"] = atomicEntry<kFlat, uint64_t, Swap>();
  r[a + "cmpswap_b64"] = atomicEntry<kFlat, uint64_t, Cmpswap>();
  r[a + "add_u64"] = atomicEntry<kFlat, uint64_t, Add>();
  r[a + "sub_u64"] = atomicEntry<kFlat, uint64_t, Sub>();
  r[a + "min_i64"] = atomicEntry<kFlat, uint64_t, MinI>();
  r[a + "min_u64"] = atomicEntry<kFlat, uint64_t, MinU>();
  r[a + "max_i64"] = atomicEntry<kFlat, uint64_t, MaxI>();
  r[a + "max_u64"] = atomicEntry<kFlat, uint64_t, MaxU>();
  r[a + "and_b64"] = atomicEntry<kFlat, uint64_t, And>();
  r[a + "or_b64"] = atomicEntry<kFlat, uint64_t, Or>();
  r[a + "xor_b64"] = atomicEntry<kFlat, uint64_t, Xor>();
  r[a + "inc_u64"] = atomicEntry<kFlat, uint64_t, Inc>();
  r[a + "dec_u64"] = atomicEntry<kFlat, uint64_t, Dec>();
  r[a + "cmpswap_f32"] = atomicEntry<kFlat, uint32_t, CmpswapF>();
  r[a + "min_f32"] = atomicEntry<kFlat, uint32_t, MinF>();
  r[a + "max_f32"] = atomicEntry<kFlat, uint32_t, MaxF>();
  r[a + "add_f32"] = atomicEntry<kFlat, uint32_t, AddF32<true>>();
}

} // namespace

void registerGlobal(Registry &r) {
  // Every access completes at once and there are no caches: invalidations do nothing.
  r["buffer_gl0_inv"] = scalarEntry(nullptr, entry::kNoEffect);
  r["buffer_gl1_inv"] = scalarEntry(nullptr, entry::kNoEffect);
  r["buffer_wbinvl1"] = scalarEntry(nullptr, entry::kNoEffect); // gfx9
  r["buffer_wbinvl1_vol"] = scalarEntry(nullptr, entry::kNoEffect);
  registerSegment<false>(r, "global");
  registerSegment<true>(r, "flat");
  r["global_atomic_pk_add_f16"] = atomicEntry<false, uint32_t, atomics::PkAddF16>(); // gfx9
  r["global_load_addtid_b32"] = {&addTid<32, false>, &addTid<64, false>, 0};
  r["global_store_addtid_b32"] = {&addTid<32, true>, &addTid<64, true>, 0};
}

} // namespace gcnkit::emu
