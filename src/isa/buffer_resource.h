// Where a target's buffer resource (V#, the 128-bit descriptor MUBUF / MTBUF / s_buffer_load
// read from four SGPRs) keeps its fields, and the addressing facts that come with it, as data:
// the emulator reads one layout per target instead of assuming one generation's V#. The fields
// and values are from the ISA manuals ("Buffer Resource Descriptor", "Buffer Addressing",
// "Range Checking"; gfx9: the Vega / MI100 guides, gfx11: the RDNA3 guide).
#pragma once

#include <array>
#include <cstdint>

namespace gcnkit::isa {

// The numeric format of a buffer or image component (the BUF_FMT_* names' last part; gfx9's
// BUF_NUM_FORMAT_* in the same order as far as they go).
enum class NumFormat : uint8_t { Unorm, Snorm, Uscaled, Sscaled, Uint, Sint, Float };

// A field of the 128-bit resource: bit `lo` counts from bit 0 of dword 0 (dword 1 starts at
// 32). Width 0: the target's V# has no such field.
struct ResourceField {
  uint8_t lo = 0;
  uint8_t width = 0;

  constexpr bool present() const { return width != 0; }
  // The field's value in the four dwords (a field spans at most two of them).
  constexpr uint64_t get(const uint32_t *v) const {
    if (!width)
      return 0;
    const unsigned d = lo / 32, shift = lo % 32;
    uint64_t bits = v[d] >> shift;
    if (shift + width > 32 && d < 3)
      bits |= uint64_t{v[d + 1]} << (32 - shift);
    return width == 64 ? bits : bits & ((uint64_t{1} << width) - 1);
  }
  // Writes the low `width` bits of x into the field.
  constexpr void set(uint32_t *v, uint64_t x) const {
    for (unsigned i = 0; i < width; ++i) {
      const unsigned bit = lo + i;
      const uint32_t mask = 1u << (bit % 32);
      v[bit / 32] = ((x >> i) & 1) ? (v[bit / 32] | mask) : (v[bit / 32] & ~mask);
    }
  }
};

struct BufferResourceLayout {
  ResourceField base;          // byte address
  ResourceField stride;        // bytes per record
  ResourceField swizzleEnable; // non-zero: swizzled addressing (swizzleElementBytes)
  ResourceField numRecords;
  ResourceField dstSel; // x, y, z, w selects, 3 bits each
  // Format of MUBUF format loads / stores: one unified format (gfx10+), or a data format and a
  // numeric format (gfx9; the MTBUF encoding's split format uses the same numbers).
  ResourceField unifiedFormat;
  ResourceField dataFormat;
  ResourceField numFormat;
  ResourceField indexStride; // swizzled addressing: 8 << value indices per element run
  ResourceField addTidEnable;
  // gfx10+: which range check applies (0 structured, 1 index only, 2 none-but-empty, 3 raw).
  // Absent (gfx9): the check follows from the buffer type (private, raw, structured).
  ResourceField oobSelect;
  // With add_tid_enable, non-format MUBUF instructions take stride bits [17:14] from this field
  // (gfx9: the data format; the 18-bit stride the private segment buffer may need).
  ResourceField strideHigh;
  // Bytes of one element of a swizzled buffer for each swizzle_enable value (0: linear
  // addressing, or a value the target reserves). gfx9 has no element-size field: its swizzled
  // buffers interleave dwords, as the private segment layout of scratch and flat accesses does.
  std::array<uint8_t, 4> swizzleElementBytes;
  // A data format of 0 (INVALID) marks an unbound resource: loads return 0 and stores and
  // atomics are dropped, whatever the instruction's own data size (gfx9).
  bool invalidDataFormatUnbound;
};

} // namespace gcnkit::isa
