// SCRATCH loads and stores: the lane's private segment. The private address is VADDR (when the
// encoding uses it: gfx11's SVE bit, gfx9 when SADDR is off) + SADDR (an SGPR offset, unless
// off) + the signed instruction offset; the neither form ("off, off") uses the offset alone.
// Each lane has private memory of the kernel's private segment size: with architected flat
// scratch (gfx11) a host copy whose layout the program cannot observe, on gfx9 the swizzled
// guest memory at FLAT_SCRATCH that MUBUF accesses through the private segment buffer reach too
// (emu/flat_aperture.h, privateTarget). An access outside the segment stops the kernel with a
// ScratchViolation naming the lane and private offset.
#include "emu/flat_aperture.h"
#include "emu/registry.h"

namespace gcnkit::emu {

namespace {

template <int W> struct Where {
  Wave &w;
  const DecodedInst &in;
  const uint32_t *vaddr = nullptr;
  int64_t base;
  Where(Wave &wave, const DecodedInst &inst)
      : w(wave), in(inst),
        base(int64_t{inst.imm} +
             (inst.src[1].kind == SrcKind::None ? 0 : int64_t{readScalar32(wave, inst.src[1])})) {
    if (in.aux & memflag::kScratchVaddr)
      vaddr = vrow<W>(w, in.src[0].reg);
  }
  LaneTarget operator()(int l, unsigned bytes, bool write) const {
    const int64_t offset = base + (vaddr ? int64_t{vaddr[l]} : 0);
    return privateTarget<W>(w, in, l, offset, bytes, write);
  }
};

template <int W, unsigned kBytes, Ext kExt> void load(Wave &w, const DecodedInst &in) {
  loadLanes<W, kBytes, kExt>(w, in, Where<W>(w, in));
}

template <int W, unsigned kBytes, bool kHigh> void store(Wave &w, const DecodedInst &in) {
  storeLanes<W, kBytes, kHigh>(w, in, in.src[2].reg, Where<W>(w, in));
}

template <unsigned kBytes, Ext kExt> ExecEntry loadEntry() {
  return {&load<32, kBytes, kExt>, &load<64, kBytes, kExt>, 0};
}
template <unsigned kBytes, bool kHigh = false> ExecEntry storeEntry() {
  return {&store<32, kBytes, kHigh>, &store<64, kBytes, kHigh>, 0};
}

} // namespace

void registerScratch(Registry &r) {
  r["scratch_load_u8"] = loadEntry<1, Ext::Zero8>();
  r["scratch_load_i8"] = loadEntry<1, Ext::Sign8>();
  r["scratch_load_u16"] = loadEntry<2, Ext::Zero16>();
  r["scratch_load_i16"] = loadEntry<2, Ext::Sign16>();
  r["scratch_load_b32"] = loadEntry<4, Ext::None>();
  r["scratch_load_b64"] = loadEntry<8, Ext::None>();
  r["scratch_load_b96"] = loadEntry<12, Ext::None>();
  r["scratch_load_b128"] = loadEntry<16, Ext::None>();
  r["scratch_load_d16_u8"] = loadEntry<1, Ext::LoU8>();
  r["scratch_load_d16_i8"] = loadEntry<1, Ext::LoI8>();
  r["scratch_load_d16_b16"] = loadEntry<2, Ext::Lo16>();
  r["scratch_load_d16_hi_u8"] = loadEntry<1, Ext::HiU8>();
  r["scratch_load_d16_hi_i8"] = loadEntry<1, Ext::HiI8>();
  r["scratch_load_d16_hi_b16"] = loadEntry<2, Ext::Hi16>();
  r["scratch_store_b8"] = storeEntry<1>();
  r["scratch_store_b16"] = storeEntry<2>();
  r["scratch_store_b32"] = storeEntry<4>();
  r["scratch_store_b64"] = storeEntry<8>();
  r["scratch_store_b96"] = storeEntry<12>();
  r["scratch_store_b128"] = storeEntry<16>();
  r["scratch_store_d16_hi_b8"] = storeEntry<1, true>();
  r["scratch_store_d16_hi_b16"] = storeEntry<2, true>();
}

} // namespace gcnkit::emu
