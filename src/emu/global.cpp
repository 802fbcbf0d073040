// GLOBAL and FLAT loads and stores. Every active lane's access is checked against the guest
// allocations; the first lane (in lane order) that falls outside stops the kernel with a fault
// naming the lane and address. FLAT addresses are treated as global addresses (the LDS and
// scratch apertures are not emulated).
#include <cstring>

#include "emu/registry.h"
#include "emu/wave.h"

namespace gcnkit::emu {

namespace {

enum class Ext { Zero8, Sign8, Zero16, Sign16, None };

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

template <int W, unsigned kBytes, Ext kExt> void load(Wave &w, const DecodedInst &in) {
  const Addresses<W> addr(w, in);
  const uint64_t exec = execMask<W>(w);
  constexpr unsigned dwords = kBytes < 4 ? 1 : kBytes / 4;
  uint32_t *rows[4];
  for (unsigned i = 0; i < dwords; ++i)
    rows[i] = vrow<W>(w, static_cast<uint16_t>(in.vdst + i));
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    const uint64_t a = addr(l);
    const uint8_t *p = w.cache.lookup(*w.group->memory, a, kBytes);
    if (!p) {
      w.raise(FaultKind::MemoryViolation, in, l, a, kBytes, false);
      return;
    }
    if constexpr (kExt == Ext::None) {
      for (unsigned i = 0; i < dwords; ++i)
        std::memcpy(&rows[i][l], p + 4 * i, 4);
    } else if constexpr (kExt == Ext::Zero8) {
      rows[0][l] = p[0];
    } else if constexpr (kExt == Ext::Sign8) {
      rows[0][l] = static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(p[0])));
    } else {
      uint16_t h;
      std::memcpy(&h, p, 2);
      rows[0][l] = kExt == Ext::Zero16
                       ? h
                       : static_cast<uint32_t>(static_cast<int32_t>(static_cast<int16_t>(h)));
    }
  }
}

template <int W, unsigned kBytes> void store(Wave &w, const DecodedInst &in) {
  const Addresses<W> addr(w, in);
  const uint64_t exec = execMask<W>(w);
  constexpr unsigned dwords = kBytes < 4 ? 1 : kBytes / 4;
  const uint32_t *rows[4];
  for (unsigned i = 0; i < dwords; ++i)
    rows[i] = vrow<W>(w, static_cast<uint16_t>(in.src[2].reg + i));
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    const uint64_t a = addr(l);
    uint8_t *p = w.cache.lookup(*w.group->memory, a, kBytes);
    if (!p) {
      w.raise(FaultKind::MemoryViolation, in, l, a, kBytes, true);
      return;
    }
    if constexpr (kBytes < 4) {
      std::memcpy(p, &rows[0][l], kBytes); // little endian: the low bytes
    } else {
      for (unsigned i = 0; i < dwords; ++i)
        std::memcpy(p + 4 * i, &rows[i][l], 4);
    }
  }
}

template <unsigned kBytes, Ext kExt> ExecEntry loadEntry() {
  return {&load<32, kBytes, kExt>, &load<64, kBytes, kExt>, 0};
}
template <unsigned kBytes> ExecEntry storeEntry() {
  return {&store<32, kBytes>, &store<64, kBytes>, 0};
}

} // namespace

void registerGlobal(Registry &r) {
  // Every access completes at once and there are no caches: invalidations do nothing.
  r["buffer_gl0_inv"] = scalarEntry(nullptr, entry::kNoEffect);
  r["buffer_gl1_inv"] = scalarEntry(nullptr, entry::kNoEffect);
  for (const char *seg : {"global", "flat"}) {
    const std::string_view s(seg);
    const bool g = s == "global";
    r[g ? "global_load_u8" : "flat_load_u8"] = loadEntry<1, Ext::Zero8>();
    r[g ? "global_load_i8" : "flat_load_i8"] = loadEntry<1, Ext::Sign8>();
    r[g ? "global_load_u16" : "flat_load_u16"] = loadEntry<2, Ext::Zero16>();
    r[g ? "global_load_i16" : "flat_load_i16"] = loadEntry<2, Ext::Sign16>();
    r[g ? "global_load_b32" : "flat_load_b32"] = loadEntry<4, Ext::None>();
    r[g ? "global_load_b64" : "flat_load_b64"] = loadEntry<8, Ext::None>();
    r[g ? "global_load_b96" : "flat_load_b96"] = loadEntry<12, Ext::None>();
    r[g ? "global_load_b128" : "flat_load_b128"] = loadEntry<16, Ext::None>();
    r[g ? "global_store_b8" : "flat_store_b8"] = storeEntry<1>();
    r[g ? "global_store_b16" : "flat_store_b16"] = storeEntry<2>();
    r[g ? "global_store_b32" : "flat_store_b32"] = storeEntry<4>();
    r[g ? "global_store_b64" : "flat_store_b64"] = storeEntry<8>();
    r[g ? "global_store_b96" : "flat_store_b96"] = storeEntry<12>();
    r[g ? "global_store_b128" : "flat_store_b128"] = storeEntry<16>();
  }
}

} // namespace gcnkit::emu
