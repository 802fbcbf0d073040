// MUBUF and MTBUF: memory accesses through a buffer resource (V#, four SGPRs).
//
// V# fields used: base address (48 bits), stride (dword 1 [29:16]), swizzle enable (dword 1
// [31:30]; swizzled buffers are not emulated), num_records (dword 2), the data format (dword 3
// [18:12], for MUBUF format ops), add_tid_enable (dword 3 [23]) and oob_select (dword 3 [29:28]).
// Per lane: index = (idxen ? VADDR index : 0) + (add_tid_enable ? lane : 0), offset = (offen ?
// VADDR offset : 0) + instruction offset, address = base + SOFFSET + offset + stride * index.
// Range checking (oob_select): 0 index >= num_records or offset + size > stride, 1 index >=
// num_records, 2 num_records == 0, 3 (raw) offset + stride * index + size > num_records, checked
// per dword so a partly inside access keeps its inside dwords. Out-of-range loads return 0,
// out-of-range stores and atomics do nothing (an atomic returns 0). An in-range lane whose
// address is outside every guest allocation faults as any guest access does.
// Format ops convert between the data format and 32-bit values (UNORM / SNORM / USCALED /
// SSCALED / UINT / SINT / FLOAT with 8, 16 and 32-bit components; missing components read as 0,
// the fourth as 1); the packed formats stop the kernel with an UnsupportedBuffer fault naming the
// format. dst_sel is not applied.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "emu/atomics.h"
#include "emu/flat_aperture.h"
#include "emu/registry.h"

namespace gcnkit::emu {

namespace {

struct Resource {
  uint64_t base;
  uint32_t stride;
  uint32_t numRecords;
  uint32_t format;
  uint32_t oob;
  bool addTid;
  bool swizzle;

  explicit Resource(const uint32_t *s)
      : base(s[0] | uint64_t{s[1] & 0xFFFF} << 32), stride((s[1] >> 16) & 0x3FFF), numRecords(s[2]),
        format((s[3] >> 12) & 0x7F), oob((s[3] >> 28) & 3), addTid((s[3] >> 23) & 1),
        swizzle((s[1] >> 30) != 0) {}
};

// Where each lane's access goes.
template <int W> struct Lanes {
  Wave &w;
  const DecodedInst &in;
  Resource rsrc;
  const uint32_t *index = nullptr;
  const uint32_t *offset = nullptr;
  uint64_t base;

  Lanes(Wave &wave, const DecodedInst &inst)
      : w(wave), in(inst), rsrc(&wave.sgpr[inst.sdst]),
        base(rsrc.base + readScalar32(wave, inst.src[1])) {
    uint16_t row = in.src[0].reg;
    if (in.aux & memflag::kIdxen)
      index = vrow<W>(w, row++);
    if (in.aux & memflag::kOffen)
      offset = vrow<W>(w, row);
  }

  // False (fault raised) for a resource the emulator does not handle.
  bool supported() {
    if (rsrc.swizzle) {
      w.raise(FaultKind::UnsupportedBuffer, in, -1, 256, 0, false);
      return false;
    }
    return true;
  }

  // Guest address of the lane's access and how many of its first bytes are in range.
  struct Access {
    uint64_t address;
    uint64_t inRange;
  };
  Access access(int l, unsigned bytes) const {
    const uint64_t idx = (index ? index[l] : 0) + (rsrc.addTid ? static_cast<uint32_t>(l) : 0);
    const uint64_t off = (offset ? offset[l] : 0) + static_cast<uint32_t>(in.imm);
    const uint64_t address = base + off + uint64_t{rsrc.stride} * idx;
    uint64_t inRange = bytes;
    switch (rsrc.oob) {
    case 0:
      if (idx >= rsrc.numRecords || off + bytes > rsrc.stride)
        inRange = 0;
      break;
    case 1:
      if (idx >= rsrc.numRecords)
        inRange = 0;
      break;
    case 2:
      if (rsrc.numRecords == 0)
        inRange = 0;
      break;
    default: {
      const uint64_t at = off + uint64_t{rsrc.stride} * idx;
      inRange = at >= rsrc.numRecords ? 0 : rsrc.numRecords - at;
      break;
    }
    }
    return {address, inRange};
  }

  // The whole access, for atomics: in range or not at all.
  LaneTarget operator()(int l, unsigned bytes, bool write) const {
    const Access a = access(l, bytes);
    if (a.inRange < bytes)
      return {nullptr, a.address, false, true};
    return globalTarget(w, in, l, a.address, bytes, write);
  }
};

// Raw loads: each dword (or the whole sub-dword value) in range is read, the rest is 0.
template <int W, unsigned kBytes, Ext kExt> void load(Wave &w, const DecodedInst &in) {
  Lanes<W> lanes(w, in);
  if (!lanes.supported())
    return;
  const uint64_t exec = execMask<W>(w);
  constexpr unsigned dwords = kBytes < 4 ? 1 : kBytes / 4, unit = kBytes < 4 ? kBytes : 4;
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    const auto a = lanes.access(l, kBytes);
    uint32_t v[4] = {};
    for (unsigned i = 0; i < dwords; ++i) {
      if (4 * i + unit > a.inRange)
        continue;
      const LaneTarget t = globalTarget(w, in, l, a.address + 4 * i, unit, false);
      if (t.fault)
        return;
      std::memcpy(&v[i], t.p, unit);
    }
    for (unsigned i = 0; i < dwords; ++i) {
      uint32_t &d = vrow<W>(w, static_cast<uint16_t>(in.vdst + i))[l];
      d = kExt == Ext::None ? v[i] : extendLoaded(kExt, v[i], d);
    }
  }
}

// Raw stores: each dword in range is written, the rest is dropped.
template <int W, unsigned kBytes, bool kHigh> void store(Wave &w, const DecodedInst &in) {
  Lanes<W> lanes(w, in);
  if (!lanes.supported())
    return;
  const uint64_t exec = execMask<W>(w);
  constexpr unsigned dwords = kBytes < 4 ? 1 : kBytes / 4, unit = kBytes < 4 ? kBytes : 4;
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    const auto a = lanes.access(l, kBytes);
    for (unsigned i = 0; i < dwords; ++i) {
      if (4 * i + unit > a.inRange)
        continue;
      uint32_t v = vrow<W>(w, static_cast<uint16_t>(in.src[2].reg + i))[l];
      if (kHigh)
        v >>= 16;
      const LaneTarget t = globalTarget(w, in, l, a.address + 4 * i, unit, true);
      if (t.fault)
        return;
      std::memcpy(t.p, &v, unit);
    }
  }
}

// Atomics: DATA is VDATA, the cmpswap compare value follows it; the old value returns to VDATA
// (the pre-decoder points vdst at it).
template <int W, class T, class Op> void atomic(Wave &w, const DecodedInst &in) {
  Lanes<W> lanes(w, in);
  if (!lanes.supported())
    return;
  const uint16_t src = in.src[2].reg;
  atomics::atomicLanes<W, T, Op>(w, in, src, static_cast<uint16_t>(src + sizeof(T) / 4), lanes);
}

// ---- formats ----------------------------------------------------------------------------

enum class Num : uint8_t { Unorm, Snorm, Uscaled, Sscaled, Uint, Sint, Float };

struct Format {
  uint8_t comps = 0; // 0: not emulated
  uint8_t bits = 0;
  Num num = Num::Unorm;
};

// The GFX11 unified formats with 8, 16 or 32-bit components (isa/mem_symbolic.h names them).
Format formatOf(uint32_t f) {
  static constexpr Num k6[] = {Num::Unorm,   Num::Snorm, Num::Uscaled,
                               Num::Sscaled, Num::Uint,  Num::Sint};
  static constexpr Num k7[] = {Num::Unorm, Num::Snorm, Num::Uscaled, Num::Sscaled,
                               Num::Uint,  Num::Sint,  Num::Float};
  static constexpr Num k3[] = {Num::Uint, Num::Sint, Num::Float};
  if (f >= 1 && f <= 6)
    return {1, 8, k6[f - 1]};
  if (f >= 7 && f <= 13)
    return {1, 16, k7[f - 7]};
  if (f >= 14 && f <= 19)
    return {2, 8, k6[f - 14]};
  if (f >= 20 && f <= 22)
    return {1, 32, k3[f - 20]};
  if (f >= 23 && f <= 29)
    return {2, 16, k7[f - 23]};
  if (f >= 42 && f <= 47)
    return {4, 8, k6[f - 42]};
  if (f >= 48 && f <= 50)
    return {2, 32, k3[f - 48]};
  if (f >= 51 && f <= 57)
    return {4, 16, k7[f - 51]};
  if (f >= 58 && f <= 60)
    return {3, 32, k3[f - 58]};
  if (f >= 61 && f <= 63)
    return {4, 32, k3[f - 61]};
  return {};
}

uint32_t halfToFloat(uint32_t h) {
  const uint32_t sign = (h & 0x8000u) << 16, exp = (h >> 10) & 0x1F, mant = h & 0x3FF;
  if (exp == 0) {
    const float f = std::ldexp(static_cast<float>(mant), -24);
    uint32_t b;
    std::memcpy(&b, &f, 4);
    return sign | b;
  }
  if (exp == 31)
    return sign | 0x7F800000u | mant << 13;
  return sign | (exp + 112) << 23 | mant << 13;
}

// Round to nearest even.
uint32_t floatToHalf(uint32_t b) {
  const uint32_t sign = (b >> 16) & 0x8000u, abs = b & 0x7FFFFFFFu;
  if (abs > 0x7F800000u)
    return sign | 0x7E00u | ((abs >> 13) & 0x3FF);
  if (abs >= 0x477FF000u) // rounds to infinity
    return sign | 0x7C00u;
  if (abs < 0x38800000u) { // half denormal or zero
    float f;
    std::memcpy(&f, &abs, 4);
    return sign | static_cast<uint32_t>(std::nearbyint(std::ldexp(f, 24)));
  }
  return sign | ((abs - (112u << 23) + 0xFFFu + ((abs >> 13) & 1)) >> 13);
}

uint32_t floatBits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
float bitsFloat(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

// A memory component (raw bits) as the 32-bit value a format load returns.
uint32_t unpack(const Format &f, uint32_t raw) {
  const uint32_t mask = f.bits == 32 ? ~0u : (1u << f.bits) - 1;
  const int32_t s = f.bits == 32 ? static_cast<int32_t>(raw)
                                 : static_cast<int32_t>(raw << (32 - f.bits)) >> (32 - f.bits);
  switch (f.num) {
  case Num::Unorm:
    return floatBits(static_cast<float>(raw & mask) / static_cast<float>(mask));
  case Num::Snorm:
    return floatBits(std::max(static_cast<float>(s) / static_cast<float>(mask >> 1), -1.0f));
  case Num::Uscaled:
    return floatBits(static_cast<float>(raw & mask));
  case Num::Sscaled:
    return floatBits(static_cast<float>(s));
  case Num::Uint:
    return raw & mask;
  case Num::Sint:
    return static_cast<uint32_t>(s);
  case Num::Float:
    return f.bits == 16 ? halfToFloat(raw) : raw;
  }
  return raw;
}

// A 32-bit value as the memory component a format store writes (normalized and scaled values
// rounded to nearest even and clamped; integers keep their low bits).
uint32_t pack(const Format &f, uint32_t v) {
  const uint32_t mask = f.bits == 32 ? ~0u : (1u << f.bits) - 1;
  const float x = bitsFloat(v);
  auto clampRound = [](float value, float lo, float hi) {
    if (std::isnan(value))
      return 0.0f;
    return std::nearbyint(std::clamp(value, lo, hi));
  };
  switch (f.num) {
  case Num::Unorm:
    return static_cast<uint32_t>(clampRound(std::clamp(x, 0.0f, 1.0f) * float(mask), 0, mask));
  case Num::Snorm: {
    const float m = static_cast<float>(mask >> 1);
    return static_cast<uint32_t>(
               static_cast<int32_t>(clampRound(std::clamp(x, -1.0f, 1.0f) * m, -m, m))) &
           mask;
  }
  case Num::Uscaled:
    return static_cast<uint32_t>(clampRound(x, 0, static_cast<float>(mask)));
  case Num::Sscaled: {
    const float m = static_cast<float>(mask >> 1);
    return static_cast<uint32_t>(static_cast<int32_t>(clampRound(x, -m - 1, m))) & mask;
  }
  case Num::Float:
    return f.bits == 16 ? floatToHalf(v) : v;
  default:
    return v & mask;
  }
}

// buffer_load_format / tbuffer_load_format with kComps components (x .. xyzw). kTyped: the
// format is the instruction's (MTBUF), else the resource's.
template <int W, unsigned kComps, bool kTyped> void loadFormat(Wave &w, const DecodedInst &in) {
  Lanes<W> lanes(w, in);
  if (!lanes.supported())
    return;
  const uint32_t code = kTyped ? (in.aux >> memflag::kFormatShift) & 0x7F : lanes.rsrc.format;
  const Format f = formatOf(code);
  if (!f.comps) {
    w.raise(FaultKind::UnsupportedBuffer, in, -1, code, 0, false);
    return;
  }
  const unsigned compBytes = f.bits / 8, elemBytes = f.comps * compBytes;
  const bool isInt = f.num == Num::Uint || f.num == Num::Sint;
  const uint64_t exec = execMask<W>(w);
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    const auto a = lanes.access(l, elemBytes);
    uint32_t v[4] = {0, 0, 0, isInt ? 1u : floatBits(1.0f)};
    if (a.inRange >= elemBytes) {
      const LaneTarget t = globalTarget(w, in, l, a.address, elemBytes, false);
      if (t.fault)
        return;
      for (unsigned c = 0; c < f.comps; ++c) {
        uint32_t raw = 0;
        std::memcpy(&raw, t.p + c * compBytes, compBytes);
        v[c] = unpack(f, raw);
      }
    } else {
      v[3] = 0;
    }
    for (unsigned c = 0; c < kComps; ++c)
      vrow<W>(w, static_cast<uint16_t>(in.vdst + c))[l] = v[c];
  }
}

template <int W, unsigned kComps, bool kTyped> void storeFormat(Wave &w, const DecodedInst &in) {
  Lanes<W> lanes(w, in);
  if (!lanes.supported())
    return;
  const uint32_t code = kTyped ? (in.aux >> memflag::kFormatShift) & 0x7F : lanes.rsrc.format;
  const Format f = formatOf(code);
  if (!f.comps) {
    w.raise(FaultKind::UnsupportedBuffer, in, -1, code, 0, true);
    return;
  }
  const unsigned compBytes = f.bits / 8, comps = std::min<unsigned>(kComps, f.comps);
  const uint64_t exec = execMask<W>(w);
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    const auto a = lanes.access(l, comps * compBytes);
    if (a.inRange < comps * compBytes)
      continue;
    const LaneTarget t = globalTarget(w, in, l, a.address, comps * compBytes, true);
    if (t.fault)
      return;
    for (unsigned c = 0; c < comps; ++c) {
      const uint32_t raw = pack(f, vrow<W>(w, static_cast<uint16_t>(in.src[2].reg + c))[l]);
      std::memcpy(t.p + c * compBytes, &raw, compBytes);
    }
  }
}

template <unsigned kBytes, Ext kExt> ExecEntry loadEntry() {
  return {&load<32, kBytes, kExt>, &load<64, kBytes, kExt>, 0};
}
template <unsigned kBytes, bool kHigh = false> ExecEntry storeEntry() {
  return {&store<32, kBytes, kHigh>, &store<64, kBytes, kHigh>, 0};
}
template <class T, class Op> ExecEntry atomicEntry() {
  return {&atomic<32, T, Op>, &atomic<64, T, Op>, 0};
}
template <unsigned kComps, bool kTyped> ExecEntry loadFormatEntry() {
  return {&loadFormat<32, kComps, kTyped>, &loadFormat<64, kComps, kTyped>, 0};
}
template <unsigned kComps, bool kTyped> ExecEntry storeFormatEntry() {
  return {&storeFormat<32, kComps, kTyped>, &storeFormat<64, kComps, kTyped>, 0};
}

} // namespace

void registerBuffer(Registry &r) {
  using namespace atomics;
  r["buffer_load_u8"] = loadEntry<1, Ext::Zero8>();
  r["buffer_load_i8"] = loadEntry<1, Ext::Sign8>();
  r["buffer_load_u16"] = loadEntry<2, Ext::Zero16>();
  r["buffer_load_i16"] = loadEntry<2, Ext::Sign16>();
  r["buffer_load_b32"] = loadEntry<4, Ext::None>();
  r["buffer_load_b64"] = loadEntry<8, Ext::None>();
  r["buffer_load_b96"] = loadEntry<12, Ext::None>();
  r["buffer_load_b128"] = loadEntry<16, Ext::None>();
  r["buffer_load_d16_u8"] = loadEntry<1, Ext::LoU8>();
  r["buffer_load_d16_i8"] = loadEntry<1, Ext::LoI8>();
  r["buffer_load_d16_b16"] = loadEntry<2, Ext::Lo16>();
  r["buffer_load_d16_hi_u8"] = loadEntry<1, Ext::HiU8>();
  r["buffer_load_d16_hi_i8"] = loadEntry<1, Ext::HiI8>();
  r["buffer_load_d16_hi_b16"] = loadEntry<2, Ext::Hi16>();
  r["buffer_store_b8"] = storeEntry<1>();
  r["buffer_store_b16"] = storeEntry<2>();
  r["buffer_store_b32"] = storeEntry<4>();
  r["buffer_store_b64"] = storeEntry<8>();
  r["buffer_store_b96"] = storeEntry<12>();
  r["buffer_store_b128"] = storeEntry<16>();
  r["buffer_store_d16_hi_b8"] = storeEntry<1, true>();
  r["buffer_store_d16_hi_b16"] = storeEntry<2, true>();

  r["buffer_load_format_x"] = loadFormatEntry<1, false>();
  r["buffer_load_format_xy"] = loadFormatEntry<2, false>();
  r["buffer_load_format_xyz"] = loadFormatEntry<3, false>();
  r["buffer_load_format_xyzw"] = loadFormatEntry<4, false>();
  r["buffer_store_format_x"] = storeFormatEntry<1, false>();
  r["buffer_store_format_xy"] = storeFormatEntry<2, false>();
  r["buffer_store_format_xyz"] = storeFormatEntry<3, false>();
  r["buffer_store_format_xyzw"] = storeFormatEntry<4, false>();
  r["tbuffer_load_format_x"] = loadFormatEntry<1, true>();
  r["tbuffer_load_format_xy"] = loadFormatEntry<2, true>();
  r["tbuffer_load_format_xyz"] = loadFormatEntry<3, true>();
  r["tbuffer_load_format_xyzw"] = loadFormatEntry<4, true>();
  r["tbuffer_store_format_x"] = storeFormatEntry<1, true>();
  r["tbuffer_store_format_xy"] = storeFormatEntry<2, true>();
  r["tbuffer_store_format_xyz"] = storeFormatEntry<3, true>();
  r["tbuffer_store_format_xyzw"] = storeFormatEntry<4, true>();

  r["buffer_atomic_swap_b32"] = atomicEntry<uint32_t, Swap>();
  r["buffer_atomic_cmpswap_b32"] = atomicEntry<uint32_t, Cmpswap>();
  r["buffer_atomic_add_u32"] = atomicEntry<uint32_t, Add>();
  r["buffer_atomic_sub_u32"] = atomicEntry<uint32_t, Sub>();
  r["buffer_atomic_csub_u32"] = atomicEntry<uint32_t, Csub>();
  r["buffer_atomic_min_i32"] = atomicEntry<uint32_t, MinI>();
  r["buffer_atomic_min_u32"] = atomicEntry<uint32_t, MinU>();
  r["buffer_atomic_max_i32"] = atomicEntry<uint32_t, MaxI>();
  r["buffer_atomic_max_u32"] = atomicEntry<uint32_t, MaxU>();
  r["buffer_atomic_and_b32"] = atomicEntry<uint32_t, And>();
  r["buffer_atomic_or_b32"] = atomicEntry<uint32_t, Or>();
  r["buffer_atomic_xor_b32"] = atomicEntry<uint32_t, Xor>();
  r["buffer_atomic_inc_u32"] = atomicEntry<uint32_t, Inc>();
  r["buffer_atomic_dec_u32"] = atomicEntry<uint32_t, Dec>();
  r["buffer_atomic_swap_b64"] = atomicEntry<uint64_t, Swap>();
  r["buffer_atomic_cmpswap_b64"] = atomicEntry<uint64_t, Cmpswap>();
  r["buffer_atomic_add_u64"] = atomicEntry<uint64_t, Add>();
  r["buffer_atomic_sub_u64"] = atomicEntry<uint64_t, Sub>();
  r["buffer_atomic_min_i64"] = atomicEntry<uint64_t, MinI>();
  r["buffer_atomic_min_u64"] = atomicEntry<uint64_t, MinU>();
  r["buffer_atomic_max_i64"] = atomicEntry<uint64_t, MaxI>();
  r["buffer_atomic_max_u64"] = atomicEntry<uint64_t, MaxU>();
  r["buffer_atomic_and_b64"] = atomicEntry<uint64_t, And>();
  r["buffer_atomic_or_b64"] = atomicEntry<uint64_t, Or>();
  r["buffer_atomic_xor_b64"] = atomicEntry<uint64_t, Xor>();
  r["buffer_atomic_inc_u64"] = atomicEntry<uint64_t, Inc>();
  r["buffer_atomic_dec_u64"] = atomicEntry<uint64_t, Dec>();
  r["buffer_atomic_cmpswap_f32"] = atomicEntry<uint32_t, CmpswapF>();
  r["buffer_atomic_min_f32"] = atomicEntry<uint32_t, MinF>();
  r["buffer_atomic_max_f32"] = atomicEntry<uint32_t, MaxF>();
  r["buffer_atomic_add_f32"] = atomicEntry<uint32_t, AddF32<true>>();
}

} // namespace gcnkit::emu
