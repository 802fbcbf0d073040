// Where the memory formats (DS, MUBUF, MTBUF, FLAT / GLOBAL / SCRATCH, MIMG, EXP) keep their
// fields on a target, as data: the codecs, the matchers and the emulator's pre-decoder read the
// same layout (isa::TargetInfo::mem) instead of assuming one generation's positions.
//
// Every format has one field order shared by all targets (the enums below; the memory rows'
// flags store a decode policy per field in this order). A target that lacks a field has it with
// width 0 (gfx9: no dlc, no NSA, no image dim; gfx11: no export compr / vm). An opcode may be
// extended by a bit elsewhere in the word: gfx9's MUBUF / FLAT lds bit selects other
// instructions (loads into LDS), so the table's row key is opcode | lds << opcode width. The
// layouts are generated with the tables (scripts/isa/mem_learn.py writes
// src/isa/<target>/mem_layout.inc from the same description its probes use).
#pragma once

#include <array>
#include <cstdint>

namespace gcnkit::isa::mem {

// A field of the 64-bit instruction (dword 1 is bits 32..63).
struct BitField {
  uint8_t lo = 0;
  uint8_t width = 0; // 0: the target has no such field

  constexpr bool present() const { return width != 0; }
  constexpr uint64_t maxValue() const { return (uint64_t{1} << width) - 1; }
  constexpr uint64_t mask() const { return maxValue() << lo; }
  constexpr uint32_t get(uint64_t v) const { return static_cast<uint32_t>((v & mask()) >> lo); }
  constexpr uint64_t clear(uint64_t v) const { return v & ~mask(); }
  constexpr uint64_t set(uint64_t v, uint64_t x) const { return clear(v) | ((x << lo) & mask()); }
};

// Field orders (the index into FormatLayout::fields and the row flags' policy order).
enum DsField : unsigned {
  kDsOffset0,
  kDsOffset1,
  kDsReserved, // gfx11 bit 16, gfx9 bit 25
  kDsGds,
  kDsAddr,
  kDsData0,
  kDsData1,
  kDsVdst,
  kDsFields
};

// MUBUF and MTBUF: the same fields but the one at index 4 (MUBUF reserved bits, MTBUF format).
enum BufferField : unsigned {
  kBufOffset,
  kBufSlc,
  kBufDlc,
  kBufGlc,
  kBufFormatOrReserved,
  kBufVaddr,
  kBufVdata,
  kBufSrsrc,
  kBufTfe,
  kBufOffen,
  kBufIdxen,
  kBufSoffset,
  kBufReserved, // gfx9 MTBUF bit 53
  kBufFields
};

enum FlatField : unsigned {
  kFlatOffset,
  kFlatDlc,
  kFlatGlc,
  kFlatSlc,
  kFlatReserved, // bit 25
  kFlatVaddr,
  kFlatVdata,
  kFlatSaddr,
  kFlatSve, // gfx11 SCRATCH: vaddr is used
  kFlatVdst,
  kFlatNv, // gfx9 bit 55
  kFlatFields
};

// The first twelve are the policy fields (a row flag bit each: must hold its fixed value).
enum MimgField : unsigned {
  kMimgDim,
  kMimgUnorm,
  kMimgDmask,
  kMimgSlc,
  kMimgDlc,
  kMimgGlc,
  kMimgR128,
  kMimgA16,
  kMimgD16,
  kMimgTfe,
  kMimgLwe,
  kMimgSsamp,
  kMimgVaddr,
  kMimgVdata,
  kMimgSrsrc,
  kMimgNsa,
  kMimgDa, // gfx9: array resource
  kMimgFields
};
inline constexpr unsigned kMimgPolicyFields = kMimgVaddr;

enum ExpField : unsigned {
  kExpEn,
  kExpTgt,
  kExpReserved10,
  kExpDone,
  kExpReserved12,
  kExpRowEn,
  kExpReserved14,
  kExpVsrc0,
  kExpVsrc1,
  kExpVsrc2,
  kExpVsrc3,
  kExpCompr, // gfx9: two 16-bit values per source register
  kExpVm,    // gfx9: valid mask
  kExpFields
};

inline constexpr unsigned kMaxFields = kMimgFields;

struct FormatLayout {
  BitField opcode;
  BitField opcodeExt; // extends the opcode: the row key is opcode | ext << opcode.width
  std::array<BitField, kMaxFields> fields; // in the format's field order (absent: width 0)
  uint64_t ignoredBits; // every instruction ignores these bits (dropped on re-encoding)
  uint64_t zeroBits;    // every instruction requires these bits to be zero

  constexpr const BitField &operator[](unsigned f) const { return fields[f]; }
  // The table's opcode (row key) of an instruction, and an instruction with this key.
  constexpr uint32_t key(uint64_t v) const {
    return opcode.get(v) | opcodeExt.get(v) << opcode.width;
  }
  constexpr uint64_t withKey(uint64_t v, uint32_t key) const {
    return opcodeExt.set(opcode.set(v, key), key >> opcode.width);
  }
};

// How MTBUF's format field is split and spelled: one unified format number (gfx10+:
// format:[BUF_FMT_...]) or a data format in the low four bits and a numeric format in the
// three above (gfx9: format:[BUF_DATA_FORMAT_..., BUF_NUM_FORMAT_...], dfmt:N nfmt:N).
enum class BufferFormatSyntax : uint8_t { Unified, Split };

struct MemLayout {
  FormatLayout ds, mubuf, mtbuf, flat, mimg, exp;
  BitField flatSegment; // 0 FLAT, 1 SCRATCH, 2 GLOBAL
  uint8_t saddrOff;     // the saddr value meaning no scalar address (printed `off`)
  uint8_t flatSaddr;    // the value FLAT (which has no scalar address) requires in saddr
  BufferFormatSyntax bufferFormat;
  bool soffsetLiteral; // MUBUF / MTBUF soffset takes a literal (gfx11; gfx9 does not)
  uint64_t expTargets; // bit t: export target t exists (isa::mem::kExpTargetNames names it)
};

} // namespace gcnkit::isa::mem
