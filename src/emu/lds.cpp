// DS executors: the work-group's LDS (local data share). Waves of a work-group run one at a
// time, so the LDS atomics are plain read-modify-writes in lane order. Addresses are byte
// offsets into the group's LDS; an access past its size stops the kernel.
#include <cstring>

#include "emu/registry.h"
#include "emu/wave.h"

namespace gcnkit::emu {

namespace {

enum class Ext { Zero8, Sign8, Zero16, Sign16, None };

// Single-address forms: VADDR + the 16-bit offset. Two-address forms: VADDR + offset0 * size
// and VADDR + offset1 * size.
uint8_t *ldsAt(Wave &w, const DecodedInst &in, int lane, uint64_t addr, uint32_t bytes,
               bool write) {
  if (addr + bytes > w.group->ldsBytes) {
    w.raise(FaultKind::LdsViolation, in, lane, addr, bytes, write);
    return nullptr;
  }
  return w.group->lds + addr;
}

template <int W, unsigned kBytes, Ext kExt> void load(Wave &w, const DecodedInst &in) {
  const uint32_t *addr = vrow<W>(w, in.src[0].reg);
  const uint64_t exec = execMask<W>(w);
  constexpr unsigned dwords = kBytes < 4 ? 1 : kBytes / 4;
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    const uint8_t *p =
        ldsAt(w, in, l, uint64_t{addr[l]} + static_cast<uint32_t>(in.imm), kBytes, false);
    if (!p)
      return;
    uint32_t v[4] = {};
    std::memcpy(v, p, kBytes);
    if constexpr (kExt == Ext::Sign8)
      v[0] = static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(v[0])));
    else if constexpr (kExt == Ext::Sign16)
      v[0] = static_cast<uint32_t>(static_cast<int32_t>(static_cast<int16_t>(v[0])));
    for (unsigned i = 0; i < dwords; ++i)
      vrow<W>(w, static_cast<uint16_t>(in.vdst + i))[l] = v[i];
  }
}

template <int W, unsigned kBytes> void store(Wave &w, const DecodedInst &in) {
  const uint32_t *addr = vrow<W>(w, in.src[0].reg);
  const uint64_t exec = execMask<W>(w);
  constexpr unsigned dwords = kBytes < 4 ? 1 : kBytes / 4;
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    uint8_t *p = ldsAt(w, in, l, uint64_t{addr[l]} + static_cast<uint32_t>(in.imm), kBytes, true);
    if (!p)
      return;
    uint32_t v[4];
    for (unsigned i = 0; i < dwords; ++i)
      v[i] = vrow<W>(w, static_cast<uint16_t>(in.src[2].reg + i))[l];
    std::memcpy(p, v, kBytes);
  }
}

// ds_load_2addr / ds_store_2addr: two elements of kBytes at offset0 and offset1, counted in
// elements (in 64-element strides for the _stride64 forms).
template <int W, unsigned kBytes, bool kStore, unsigned kStride>
void twoAddr(Wave &w, const DecodedInst &in) {
  const uint32_t *addr = vrow<W>(w, in.src[0].reg);
  const uint64_t exec = execMask<W>(w);
  constexpr unsigned dwords = kBytes / 4;
  const uint32_t offsets[2] = {(static_cast<uint32_t>(in.imm) & 0xFF) * kBytes * kStride,
                               ((static_cast<uint32_t>(in.imm) >> 8) & 0xFF) * kBytes * kStride};
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    for (unsigned e = 0; e < 2; ++e) {
      uint8_t *p = ldsAt(w, in, l, uint64_t{addr[l]} + offsets[e], kBytes, kStore);
      if (!p)
        return;
      for (unsigned i = 0; i < dwords; ++i) {
        if constexpr (kStore) {
          const uint16_t row = static_cast<uint16_t>(in.src[e ? 1 : 2].reg + i);
          std::memcpy(p + 4 * i, &vrow<W>(w, row)[l], 4);
        } else {
          const uint16_t row = static_cast<uint16_t>(in.vdst + e * dwords + i);
          std::memcpy(&vrow<W>(w, row)[l], p + 4 * i, 4);
        }
      }
    }
  }
}

struct Add {
  static uint32_t apply(uint32_t m, uint32_t d) { return m + d; }
};
struct Sub {
  static uint32_t apply(uint32_t m, uint32_t d) { return m - d; }
};
struct MinI {
  static uint32_t apply(uint32_t m, uint32_t d) {
    return static_cast<int32_t>(d) < static_cast<int32_t>(m) ? d : m;
  }
};
struct MaxI {
  static uint32_t apply(uint32_t m, uint32_t d) {
    return static_cast<int32_t>(d) > static_cast<int32_t>(m) ? d : m;
  }
};
struct MinU {
  static uint32_t apply(uint32_t m, uint32_t d) { return d < m ? d : m; }
};
struct MaxU {
  static uint32_t apply(uint32_t m, uint32_t d) { return d > m ? d : m; }
};
struct And {
  static uint32_t apply(uint32_t m, uint32_t d) { return m & d; }
};
struct Or {
  static uint32_t apply(uint32_t m, uint32_t d) { return m | d; }
};
struct Xor {
  static uint32_t apply(uint32_t m, uint32_t d) { return m ^ d; }
};

// 32-bit atomics: MEM = Op(MEM, DATA0); the _rtn forms return the old value.
template <int W, class Op, bool kReturn> void atomic(Wave &w, const DecodedInst &in) {
  const uint32_t *addr = vrow<W>(w, in.src[0].reg);
  const uint32_t *data = vrow<W>(w, in.src[2].reg);
  const uint64_t exec = execMask<W>(w);
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    uint8_t *p = ldsAt(w, in, l, uint64_t{addr[l]} + static_cast<uint32_t>(in.imm), 4, true);
    if (!p)
      return;
    uint32_t old;
    std::memcpy(&old, p, 4);
    const uint32_t v = Op::apply(old, data[l]);
    std::memcpy(p, &v, 4);
    if constexpr (kReturn)
      vrow<W>(w, in.vdst)[l] = old;
  }
}

template <unsigned kBytes, Ext kExt> ExecEntry loadEntry() {
  return {&load<32, kBytes, kExt>, &load<64, kBytes, kExt>, 0};
}
template <unsigned kBytes> ExecEntry storeEntry() {
  return {&store<32, kBytes>, &store<64, kBytes>, 0};
}
template <unsigned kBytes, bool kStore, unsigned kStride = 1> ExecEntry twoAddrEntry() {
  return {&twoAddr<32, kBytes, kStore, kStride>, &twoAddr<64, kBytes, kStore, kStride>, 0};
}
template <class Op, bool kReturn> ExecEntry atomicEntry() {
  return {&atomic<32, Op, kReturn>, &atomic<64, Op, kReturn>, 0};
}

} // namespace

void registerLds(Registry &r) {
  r["ds_load_u8"] = loadEntry<1, Ext::Zero8>();
  r["ds_load_i8"] = loadEntry<1, Ext::Sign8>();
  r["ds_load_u16"] = loadEntry<2, Ext::Zero16>();
  r["ds_load_i16"] = loadEntry<2, Ext::Sign16>();
  r["ds_load_b32"] = loadEntry<4, Ext::None>();
  r["ds_load_b64"] = loadEntry<8, Ext::None>();
  r["ds_load_b96"] = loadEntry<12, Ext::None>();
  r["ds_load_b128"] = loadEntry<16, Ext::None>();
  r["ds_store_b8"] = storeEntry<1>();
  r["ds_store_b16"] = storeEntry<2>();
  r["ds_store_b32"] = storeEntry<4>();
  r["ds_store_b64"] = storeEntry<8>();
  r["ds_store_b96"] = storeEntry<12>();
  r["ds_store_b128"] = storeEntry<16>();
  r["ds_load_2addr_b32"] = twoAddrEntry<4, false>();
  r["ds_load_2addr_b64"] = twoAddrEntry<8, false>();
  r["ds_store_2addr_b32"] = twoAddrEntry<4, true>();
  r["ds_store_2addr_b64"] = twoAddrEntry<8, true>();
  r["ds_load_2addr_stride64_b32"] = twoAddrEntry<4, false, 64>();
  r["ds_load_2addr_stride64_b64"] = twoAddrEntry<8, false, 64>();
  r["ds_store_2addr_stride64_b32"] = twoAddrEntry<4, true, 64>();
  r["ds_store_2addr_stride64_b64"] = twoAddrEntry<8, true, 64>();
  r["ds_add_u32"] = atomicEntry<Add, false>();
  r["ds_add_rtn_u32"] = atomicEntry<Add, true>();
  r["ds_sub_u32"] = atomicEntry<Sub, false>();
  r["ds_sub_rtn_u32"] = atomicEntry<Sub, true>();
  r["ds_min_i32"] = atomicEntry<MinI, false>();
  r["ds_min_rtn_i32"] = atomicEntry<MinI, true>();
  r["ds_max_i32"] = atomicEntry<MaxI, false>();
  r["ds_max_rtn_i32"] = atomicEntry<MaxI, true>();
  r["ds_min_u32"] = atomicEntry<MinU, false>();
  r["ds_min_rtn_u32"] = atomicEntry<MinU, true>();
  r["ds_max_u32"] = atomicEntry<MaxU, false>();
  r["ds_max_rtn_u32"] = atomicEntry<MaxU, true>();
  r["ds_and_b32"] = atomicEntry<And, false>();
  r["ds_and_rtn_b32"] = atomicEntry<And, true>();
  r["ds_or_b32"] = atomicEntry<Or, false>();
  r["ds_or_rtn_b32"] = atomicEntry<Or, true>();
  r["ds_xor_b32"] = atomicEntry<Xor, false>();
  r["ds_xor_rtn_b32"] = atomicEntry<Xor, true>();
}

} // namespace gcnkit::emu
