// MUBUF and MTBUF: memory accesses through a buffer resource (V#, four SGPRs), as the kernel's
// target lays it out (isa::BufferResourceLayout: base, stride, swizzle_enable, num_records, the
// unified format (gfx11) or data and numeric formats (gfx9), index stride, add_tid_enable,
// oob_select (gfx11)).
//
// Per lane: index = (idxen ? VADDR index : 0) + (add_tid_enable ? lane : 0), offset = (offen ?
// VADDR offset : 0) + instruction offset. Linear buffers: address = base + SOFFSET + offset +
// stride * index. Swizzled buffers (gfx9: swizzle_enable, dword elements): with IS the index
// stride and E the element size, address = base + SOFFSET + (index / IS * stride + offset / E *
// E) * IS + index % IS * E + offset % E, so each access is cut at element boundaries. gfx9's
// non-format MUBUF instructions take stride bits [17:14] from the data format when
// add_tid_enable is set.
//
// Range checking. gfx11 (oob_select): 0 index >= num_records or offset + size > stride, 1
// index >= num_records, 2 num_records == 0, 3 (raw) offset + stride * index + size >
// num_records, per dword. gfx9, by buffer type: private (add_tid_enable without idxen) never
// out of range; with idxen (structured) out of range when index >= num_records; raw otherwise,
// a dword out of range when its offset (without SOFFSET) >= num_records. A gfx9 resource whose
// data format is 0 (INVALID) is unbound: every access is out of range (except where
// add_tid_enable makes that field stride bits). Out-of-range loads return 0, out-of-range
// stores and atomics do nothing (an atomic returns 0); format loads, stores and atomics are
// checked whole. An in-range lane whose address is outside every guest allocation faults as
// any guest access does.
//
// Format loads / stores (buffer_*_format_*, tbuffer_*: the resource's format or the
// instruction's) convert between memory components and 32-bit values: UNORM / SNORM to float
// ([0, 1] / [-1, 1]), USCALED / SSCALED to float, UINT / SINT extended, FLOAT f16 / f32 and
// the unsigned 11- and 10-bit floats of the 10_11_11 / 11_11_10 formats (loads); missing
// components read 0, the fourth 1. Stores round to nearest even and clamp normalized and scaled
// values, keep the low bits of integers. The d16 forms carry 16-bit values, two per VGPR (low
// half first): floats and normalized values as f16 (rounded to nearest even once), integers as
// their low 16 bits. What has no defined conversion here -- reserved formats, float formats of
// 8-bit or 2-bit components, 32-bit normalized components, stores into 11- / 10-bit floats,
// d16 with 32-bit integer components, partial stores into packed (non-byte) components -- stops
// the kernel with an UnsupportedBuffer fault naming the format. dst_sel is not applied.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <string_view>

#include "emu/atomics.h"
#include "emu/flat_aperture.h"
#include "emu/format_convert.h"
#include "emu/registry.h"
#include "emu/valu16.h"
#include "isa/mem_symbolic.h"
#include "isa/target_info.h"

namespace gcnkit::emu {

namespace {

// ---- the resource ---------------------------------------------------------------------------

struct Resource {
  uint64_t base = 0;
  uint64_t stride = 0;
  uint32_t numRecords = 0;
  uint32_t format = 0; // unified format, or data format | numeric format << 4 (splitFormat)
  bool splitFormat = false;
  bool addTid = false;
  bool oobRules = false; // gfx11's oob_select decides the range check
  uint32_t oob = 0;
  uint32_t swizzle = 0; // swizzle_enable
  uint32_t element = 0; // bytes per swizzled element (0: linear)
  uint32_t indexStride = 0;
  bool unbound = false;

  // untypedNonFormat: a MUBUF instruction other than the format ones (its stride may take the
  // high bits of the data format field).
  Resource(const uint32_t *s, const isa::BufferResourceLayout &l, bool untypedNonFormat)
      : base(l.base.get(s)), stride(l.stride.get(s)),
        numRecords(static_cast<uint32_t>(l.numRecords.get(s))), addTid(l.addTidEnable.get(s) != 0),
        oobRules(l.oobSelect.present()), oob(static_cast<uint32_t>(l.oobSelect.get(s))),
        swizzle(static_cast<uint32_t>(l.swizzleEnable.get(s))),
        element(l.swizzleElementBytes[swizzle & 3]), indexStride(8u << l.indexStride.get(s)) {
    if (l.unifiedFormat.present()) {
      format = static_cast<uint32_t>(l.unifiedFormat.get(s));
    } else {
      splitFormat = true;
      format = static_cast<uint32_t>(l.dataFormat.get(s) | l.numFormat.get(s)
                                                               << isa::mem::kNumFormatShift);
    }
    const bool strideBits = addTid && untypedNonFormat && l.strideHigh.present();
    if (strideBits)
      stride |= l.strideHigh.get(s) << 14;
    unbound = l.invalidDataFormatUnbound && l.dataFormat.get(s) == 0 && !strideBits;
  }
};

// UnsupportedBuffer faults: the address field says what (runtime.cpp spells it out).
void unsupported(Wave &w, const DecodedInst &in, uint64_t issue, uint32_t value, bool write) {
  w.raise(FaultKind::UnsupportedBuffer, in, -1, issue | value, 0, write);
}

// Where each lane's access goes.
template <int W> struct Lanes {
  Wave &w;
  const DecodedInst &in;
  Resource rsrc;
  const uint32_t *index = nullptr;
  const uint32_t *offset = nullptr;
  uint64_t base;

  Lanes(Wave &wave, const DecodedInst &inst, bool untypedNonFormat)
      : w(wave), in(inst),
        rsrc(&wave.sgpr[inst.sdst], isa::targetInfo(wave.group->program->target).bufferResource,
             untypedNonFormat),
        base(rsrc.base + readScalar32(wave, inst.src[1])) {
    uint16_t row = in.src[0].reg;
    if (in.aux & memflag::kIdxen)
      index = vrow<W>(w, row++);
    if (in.aux & memflag::kOffen)
      offset = vrow<W>(w, row);
  }

  // False (fault raised) for a resource the emulator does not handle.
  bool supported() {
    if (rsrc.swizzle && !rsrc.element) {
      unsupported(w, in, bufferIssue::kSwizzle, rsrc.swizzle, false);
      return false;
    }
    return true;
  }

  // A lane's index and offset, and which bytes of its access are in range: a piece of u bytes
  // b bytes into the access is when covers(b, u).
  struct Access {
    uint64_t index;
    uint64_t offset;
    uint64_t inRange;
    bool byFirstByte; // gfx9 raw buffers: a piece is in range when its first byte is
    bool covers(uint64_t b, uint64_t u) const {
      return byFirstByte ? b < inRange : b + u <= inRange;
    }
  };
  Access at(int l, unsigned bytes) const {
    Access a{(index ? index[l] : 0) + (rsrc.addTid ? static_cast<uint32_t>(l) : 0),
             (offset ? offset[l] : 0) + static_cast<uint32_t>(in.imm), 0, false};
    constexpr uint64_t kAll = ~uint64_t{0};
    if (rsrc.unbound)
      return a;
    if (!rsrc.oobRules) { // gfx9: the buffer type decides
      if (rsrc.addTid && !index)
        a.inRange = kAll;
      else if (index)
        a.inRange = a.index < rsrc.numRecords ? kAll : 0;
      else {
        a.byFirstByte = true;
        a.inRange = a.offset < rsrc.numRecords ? rsrc.numRecords - a.offset : 0;
      }
      return a;
    }
    a.inRange = bytes;
    switch (rsrc.oob) {
    case 0:
      if (a.index >= rsrc.numRecords || a.offset + bytes > rsrc.stride)
        a.inRange = 0;
      break;
    case 1:
      if (a.index >= rsrc.numRecords)
        a.inRange = 0;
      break;
    case 2:
      if (rsrc.numRecords == 0)
        a.inRange = 0;
      break;
    default: {
      const uint64_t from = a.offset + rsrc.stride * a.index;
      a.inRange = from >= rsrc.numRecords ? 0 : rsrc.numRecords - from;
      break;
    }
    }
    return a;
  }

  // The guest memory of the u bytes b bytes into lane l's access.
  LaneTarget piece(int l, const Access &a, unsigned b, unsigned u, bool write) const {
    const uint64_t o = a.offset + b;
    if (!rsrc.element)
      return globalTarget(w, in, l, base + o + rsrc.stride * a.index, u, write);
    const uint64_t e = rsrc.element, is = rsrc.indexStride;
    const uint64_t address =
        base + (a.index / is * rsrc.stride + o / e * e) * is + a.index % is * e + o % e;
    return swizzledTarget(w, in, l, address, static_cast<unsigned>(o % e), u,
                          static_cast<unsigned>(e), static_cast<unsigned>(e * is), write);
  }

  // The whole access, for atomics: in range or not at all.
  LaneTarget operator()(int l, unsigned bytes, bool write) const {
    const Access a = at(l, bytes);
    if (!a.covers(0, bytes))
      return {nullptr, 0, false, true};
    return piece(l, a, 0, bytes, write);
  }
};

// Raw loads: each dword (or the whole sub-dword value) in range is read, the rest is 0.
template <int W, unsigned kBytes, Ext kExt> void load(Wave &w, const DecodedInst &in) {
  Lanes<W> lanes(w, in, true);
  if (!lanes.supported())
    return;
  const uint64_t exec = execMask<W>(w);
  constexpr unsigned dwords = kBytes < 4 ? 1 : kBytes / 4, unit = kBytes < 4 ? kBytes : 4;
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    const auto a = lanes.at(l, kBytes);
    uint32_t v[4] = {};
    for (unsigned i = 0; i < dwords; ++i) {
      if (!a.covers(4 * i, unit))
        continue;
      const LaneTarget t = lanes.piece(l, a, 4 * i, unit, false);
      if (t.fault)
        return;
      readTarget(t, &v[i], unit);
    }
    for (unsigned i = 0; i < dwords; ++i) {
      uint32_t &d = vrow<W>(w, static_cast<uint16_t>(in.vdst + i))[l];
      d = kExt == Ext::None ? v[i] : extendLoaded(kExt, v[i], d);
    }
  }
}

// Raw stores: each dword in range is written, the rest is dropped.
template <int W, unsigned kBytes, bool kHigh> void store(Wave &w, const DecodedInst &in) {
  Lanes<W> lanes(w, in, true);
  if (!lanes.supported())
    return;
  const uint64_t exec = execMask<W>(w);
  constexpr unsigned dwords = kBytes < 4 ? 1 : kBytes / 4, unit = kBytes < 4 ? kBytes : 4;
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    const auto a = lanes.at(l, kBytes);
    for (unsigned i = 0; i < dwords; ++i) {
      if (!a.covers(4 * i, unit))
        continue;
      uint32_t v = vrow<W>(w, static_cast<uint16_t>(in.src[2].reg + i))[l];
      if (kHigh)
        v >>= 16;
      const LaneTarget t = lanes.piece(l, a, 4 * i, unit, true);
      if (t.fault)
        return;
      writeTarget(t, &v, unit);
    }
  }
}

// Atomics: DATA is VDATA, the cmpswap compare value follows it; the old value returns to VDATA
// (the pre-decoder points vdst at it).
template <int W, class T, class Op> void atomic(Wave &w, const DecodedInst &in) {
  Lanes<W> lanes(w, in, true);
  if (!lanes.supported())
    return;
  const uint16_t src = in.src[2].reg;
  atomics::atomicLanes<W, T, Op>(w, in, src, static_cast<uint16_t>(src + sizeof(T) / 4), lanes);
}

// ---- formats ----------------------------------------------------------------------------

using Num = isa::NumFormat;

// A buffer format: components from the least significant bits of an element up.
struct Format {
  uint8_t comps = 0; // 0: no conversion defined here
  std::array<uint8_t, 4> bits{};
  Num num = Num::Unorm;
  bool storable = false; // stores have a conversion too (not into 11- / 10-bit floats)

  unsigned elementBytes() const {
    unsigned n = 0;
    for (unsigned c = 0; c < comps; ++c)
      n += bits[c];
    return n / 8;
  }
  bool byteComponents() const {
    for (unsigned c = 0; c < comps; ++c)
      if (bits[c] % 8)
        return false;
    return true;
  }
};

// A format from its name's parts: "10_11_11" lists the component widths from the most
// significant down (R11G11B10: x in the low 11 bits), then the numeric format's name.
Format parseFormat(std::string_view widths, std::string_view num) {
  static constexpr std::string_view kNums[] = {"UNORM", "SNORM", "USCALED", "SSCALED",
                                               "UINT",  "SINT",  "FLOAT"};
  Format f;
  unsigned n = 0;
  for (const std::string_view name : kNums) {
    if (name == num)
      break;
    ++n;
  }
  if (n == std::size(kNums))
    return {};
  f.num = static_cast<Num>(n);
  std::array<uint8_t, 4> msbFirst{};
  unsigned comps = 0, value = 0;
  bool digits = false;
  for (size_t i = 0; i <= widths.size(); ++i) {
    if (i < widths.size() && widths[i] >= '0' && widths[i] <= '9') {
      value = value * 10 + static_cast<unsigned>(widths[i] - '0');
      digits = true;
      continue;
    }
    if (!digits || comps == 4 || (i < widths.size() && widths[i] != '_'))
      return {}; // INVALID / RESERVED
    msbFirst[comps++] = static_cast<uint8_t>(value);
    value = 0;
    digits = false;
  }
  for (unsigned c = 0; c < comps; ++c)
    f.bits[c] = msbFirst[comps - 1 - c];
  f.comps = static_cast<uint8_t>(comps);
  const bool packedFloat =
      comps == 3 && f.bits[0] != f.bits[2] && f.bits[0] + f.bits[1] + f.bits[2] == 32;
  f.storable = true;
  for (unsigned c = 0; c < comps; ++c) {
    const unsigned b = f.bits[c];
    const bool ok = f.num == Num::Float ? (b == 16 || b == 32 || packedFloat)
                    : (f.num == Num::Uint || f.num == Num::Sint) ? true
                                                                 : b < 32;
    if (!ok)
      return {};
  }
  // The 11- and 10-bit components are unsigned floats: loads only (the rounding and overflow
  // of a store into them are not documented).
  if (packedFloat && f.num != Num::Float)
    return {};
  f.storable = !packedFloat;
  return f;
}

// The format of a unified code (gfx11) or of data format | numeric format << 4 (gfx9).
const Format &formatOf(uint32_t code, bool split) {
  static const auto unified = [] {
    std::array<Format, isa::mem::kBufferFormats.size()> t{};
    for (size_t i = 0; i < t.size(); ++i) {
      std::string_view name = isa::mem::kBufferFormats[i].substr(8); // after "BUF_FMT_"
      const size_t cut = name.rfind('_');
      if (cut != name.npos)
        t[i] = parseFormat(name.substr(0, cut), name.substr(cut + 1));
    }
    return t;
  }();
  static const auto splitTable = [] {
    std::array<Format, 128> t{};
    for (size_t d = 0; d < isa::mem::kBufferDataFormats.size(); ++d)
      for (size_t n = 0; n < isa::mem::kBufferNumFormats.size(); ++n)
        t[d | n << isa::mem::kNumFormatShift] =
            parseFormat(isa::mem::kBufferDataFormats[d], isa::mem::kBufferNumFormats[n]);
    return t;
  }();
  static const Format none;
  if (split)
    return code < splitTable.size() ? splitTable[code] : none;
  return code < unified.size() ? unified[code] : none;
}

// A 32-bit value as the memory component a format store writes.
uint32_t pack(Num num, unsigned bits, uint32_t v) {
  const uint32_t mask = bits == 32 ? ~0u : (1u << bits) - 1;
  const double x = std::bit_cast<float>(v), m = mask, half = static_cast<double>(mask >> 1);
  auto round = [](double value, double lo, double hi) {
    return std::isnan(value) ? 0.0 : std::nearbyint(std::clamp(value, lo, hi));
  };
  switch (num) {
  case Num::Unorm:
    return static_cast<uint32_t>(round(std::clamp(std::isnan(x) ? 0.0 : x, 0.0, 1.0) * m, 0, m));
  case Num::Snorm:
    return static_cast<uint32_t>(static_cast<int32_t>(
               round(std::clamp(std::isnan(x) ? 0.0 : x, -1.0, 1.0) * half, -half, half))) &
           mask;
  case Num::Uscaled:
    return static_cast<uint32_t>(round(x, 0, m));
  case Num::Sscaled:
    return static_cast<uint32_t>(static_cast<int32_t>(round(x, -half - 1, half))) & mask;
  case Num::Float:
    return bits == 16 ? half16::f16FromDouble(x) : v;
  default:
    return v & mask;
  }
}

// d16: the 16-bit value of a loaded component, and the 32-bit value a 16-bit one stands for.
uint32_t toD16(Num num, unsigned bits, uint32_t raw) {
  switch (num) {
  case Num::Uint:
    return raw & 0xFFFF;
  case Num::Sint:
    return static_cast<uint32_t>(signExtend(raw, bits)) & 0xFFFF;
  case Num::Float:
    if (bits == 16)
      return raw;
    return half16::f16FromDouble(std::bit_cast<float>(unpackComponent(num, bits, raw)));
  case Num::Unorm:
    return half16::f16FromDouble(raw / (std::ldexp(1.0, static_cast<int>(bits)) - 1));
  case Num::Snorm: {
    const double q = signExtend(raw, bits) / (std::ldexp(1.0, static_cast<int>(bits) - 1) - 1);
    return half16::f16FromDouble(std::max(q, -1.0));
  }
  default: // scaled: small integers, exact in f32
    return half16::f16FromDouble(std::bit_cast<float>(unpackComponent(num, bits, raw)));
  }
}
uint32_t fromD16(Num num, uint32_t h) {
  switch (num) {
  case Num::Uint:
    return h & 0xFFFF;
  case Num::Sint:
    return static_cast<uint32_t>(static_cast<int32_t>(static_cast<int16_t>(h)));
  default:
    return half16::f16ToF32Bits(h & 0xFFFF);
  }
}

// The format code a format instruction uses: its own (MTBUF) or the resource's, and which
// bufferIssue kind names it.
template <bool kTyped> struct FormatCode {
  bool split;
  uint32_t code;
  FormatCode(const DecodedInst &in, const Resource &r)
      : split(kTyped ? (in.aux & memflag::kSplitFormat) != 0 : r.splitFormat),
        code(kTyped ? (in.aux >> memflag::kFormatShift) & 0x7F : r.format) {}
  uint64_t issue() const { return split ? bufferIssue::kSplitFormat : bufferIssue::kUnifiedFormat; }
};

// The format of a format instruction; nullptr (fault raised) when the conversion is not
// defined here.
template <bool kTyped, bool kD16>
const Format *usableFormat(Wave &w, const DecodedInst &in, const Resource &r, bool write) {
  const FormatCode<kTyped> fc(in, r);
  const Format &f = formatOf(fc.code, fc.split);
  bool ok = f.comps && (!write || f.storable);
  if (kD16)
    for (unsigned c = 0; c < f.comps; ++c)
      ok = ok && !(f.bits[c] == 32 && f.num != Num::Float);
  if (!ok) {
    unsupported(w, in, fc.issue() | (kD16 ? bufferIssue::kD16 : 0), fc.code, write);
    return nullptr;
  }
  return &f;
}

// The component bits of an element (little endian, up to 128 bits).
uint32_t component(const uint8_t *element, unsigned at, unsigned bits) {
  uint64_t word = 0;
  std::memcpy(&word, element + at / 8, std::min(8u, (bits + at % 8 + 7) / 8));
  word >>= at % 8;
  return static_cast<uint32_t>(bits == 32 ? word : word & ((uint64_t{1} << bits) - 1));
}
void setComponent(uint8_t *element, unsigned at, unsigned bits, uint32_t v) {
  for (unsigned i = 0; i < bits; ++i) {
    const unsigned bit = at + i;
    const uint8_t m = static_cast<uint8_t>(1u << (bit % 8));
    element[bit / 8] = ((v >> i) & 1) ? (element[bit / 8] | m) : (element[bit / 8] & ~m);
  }
}

// buffer_load_format / tbuffer_load_format with kComps components (x .. xyzw). kTyped: the
// format is the instruction's (MTBUF), else the resource's. kD16: 16-bit results, two per VGPR;
// kHigh (d16_hi_x): the one result goes to the high half.
template <int W, unsigned kComps, bool kTyped, bool kD16, bool kHigh>
void loadFormat(Wave &w, const DecodedInst &in) {
  Lanes<W> lanes(w, in, false);
  if (!lanes.supported())
    return;
  const Format *f = usableFormat<kTyped, kD16>(w, in, lanes.rsrc, false);
  if (!f)
    return;
  const unsigned elemBytes = f->elementBytes();
  const bool isInt = f->num == Num::Uint || f->num == Num::Sint;
  const uint32_t one = kD16 ? (isInt ? 1u : 0x3C00u) : (isInt ? 1u : floatBits(1.0f));
  const uint64_t exec = execMask<W>(w);
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    const auto a = lanes.at(l, elemBytes);
    uint32_t v[4] = {0, 0, 0, one};
    if (a.covers(0, elemBytes)) {
      const LaneTarget t = lanes.piece(l, a, 0, elemBytes, false);
      if (t.fault)
        return;
      uint8_t element[16] = {};
      readTarget(t, element, elemBytes);
      for (unsigned c = 0, at = 0; c < f->comps; at += f->bits[c], ++c) {
        const uint32_t raw = component(element, at, f->bits[c]);
        v[c] = kD16 ? toD16(f->num, f->bits[c], raw) : unpackComponent(f->num, f->bits[c], raw);
      }
    } else {
      v[3] = 0;
    }
    if constexpr (kD16) {
      for (unsigned c = 0; c < kComps; ++c) {
        uint32_t &d = vrow<W>(w, static_cast<uint16_t>(in.vdst + c / 2))[l];
        d = (kHigh || c % 2) ? (d & 0xFFFFu) | v[c] << 16 : (d & 0xFFFF0000u) | v[c];
      }
    } else {
      for (unsigned c = 0; c < kComps; ++c)
        vrow<W>(w, static_cast<uint16_t>(in.vdst + c))[l] = v[c];
    }
  }
}

template <int W, unsigned kComps, bool kTyped, bool kD16, bool kHigh>
void storeFormat(Wave &w, const DecodedInst &in) {
  Lanes<W> lanes(w, in, false);
  if (!lanes.supported())
    return;
  const Format *f = usableFormat<kTyped, kD16>(w, in, lanes.rsrc, true);
  if (!f)
    return;
  const unsigned comps = std::min<unsigned>(kComps, f->comps);
  // Only whole components are written: fewer than all of a packed element's would need part of
  // a byte.
  if (comps < f->comps && !f->byteComponents()) {
    const FormatCode<kTyped> fc(in, lanes.rsrc);
    unsupported(w, in, fc.issue() | bufferIssue::kPartialStore, fc.code, true);
    return;
  }
  unsigned bytes = 0;
  for (unsigned c = 0; c < comps; ++c)
    bytes += f->bits[c];
  bytes /= 8;
  const uint64_t exec = execMask<W>(w);
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    const auto a = lanes.at(l, f->elementBytes());
    if (!a.covers(0, f->elementBytes()))
      continue;
    uint8_t element[16] = {};
    for (unsigned c = 0, at = 0; c < comps; at += f->bits[c], ++c) {
      uint32_t v;
      if constexpr (kD16) {
        const uint32_t reg = vrow<W>(w, static_cast<uint16_t>(in.src[2].reg + c / 2))[l];
        v = fromD16(f->num, (kHigh || c % 2) ? reg >> 16 : reg & 0xFFFF);
      } else {
        v = vrow<W>(w, static_cast<uint16_t>(in.src[2].reg + c))[l];
      }
      setComponent(element, at, f->bits[c], pack(f->num, f->bits[c], v));
    }
    const LaneTarget t = lanes.piece(l, a, 0, bytes, true);
    if (t.fault)
      return;
    writeTarget(t, element, bytes);
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
template <unsigned kComps, bool kTyped, bool kD16 = false, bool kHigh = false>
ExecEntry loadFormatEntry() {
  return {&loadFormat<32, kComps, kTyped, kD16, kHigh>,
          &loadFormat<64, kComps, kTyped, kD16, kHigh>, 0};
}
template <unsigned kComps, bool kTyped, bool kD16 = false, bool kHigh = false>
ExecEntry storeFormatEntry() {
  return {&storeFormat<32, kComps, kTyped, kD16, kHigh>,
          &storeFormat<64, kComps, kTyped, kD16, kHigh>, 0};
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
  r["buffer_load_d16_format_x"] = loadFormatEntry<1, false, true>();
  r["buffer_load_d16_format_xy"] = loadFormatEntry<2, false, true>();
  r["buffer_load_d16_format_xyz"] = loadFormatEntry<3, false, true>();
  r["buffer_load_d16_format_xyzw"] = loadFormatEntry<4, false, true>();
  r["buffer_load_d16_hi_format_x"] = loadFormatEntry<1, false, true, true>();
  r["buffer_store_d16_format_x"] = storeFormatEntry<1, false, true>();
  r["buffer_store_d16_format_xy"] = storeFormatEntry<2, false, true>();
  r["buffer_store_d16_format_xyz"] = storeFormatEntry<3, false, true>();
  r["buffer_store_d16_format_xyzw"] = storeFormatEntry<4, false, true>();
  r["buffer_store_d16_hi_format_x"] = storeFormatEntry<1, false, true, true>();
  r["tbuffer_load_d16_format_x"] = loadFormatEntry<1, true, true>();
  r["tbuffer_load_d16_format_xy"] = loadFormatEntry<2, true, true>();
  r["tbuffer_load_d16_format_xyz"] = loadFormatEntry<3, true, true>();
  r["tbuffer_load_d16_format_xyzw"] = loadFormatEntry<4, true, true>();
  r["tbuffer_store_d16_format_x"] = storeFormatEntry<1, true, true>();
  r["tbuffer_store_d16_format_xy"] = storeFormatEntry<2, true, true>();
  r["tbuffer_store_d16_format_xyz"] = storeFormatEntry<3, true, true>();
  r["tbuffer_store_d16_format_xyzw"] = storeFormatEntry<4, true, true>();

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
  r["buffer_atomic_pk_add_f16"] = atomicEntry<uint32_t, PkAddF16>(); // gfx9
}

} // namespace gcnkit::emu
