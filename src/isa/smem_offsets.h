// SMEM's address offsets as an encoding gives them, for every target's SmemLayout: read by the
// disassembler (printing, re-encoding) and the emulator (the address of each access).
#pragma once

#include <cstdint>

#include "isa/encoding.h"
#include "isa/target_info.h"

namespace gcnkit::isa {

// The 21-bit offset field as the signed byte offset it holds.
constexpr int32_t smemOffsetValue(uint32_t raw21) { return static_cast<int32_t>(raw21 << 11) >> 11; }

constexpr bool smemBitSet(uint32_t w, uint8_t bit) {
  return bit != SmemLayout::kNoBit && ((w >> bit) & 1);
}

// An SGPR, an immediate, or both. gfx11 always encodes an SGPR (soffset; null when there is
// none, and a null with a zero offset prints as `null`); gfx9's imm / soffset_en bits say which
// are there and where the SGPR is.
struct SmemOffsets {
  bool hasReg = false, hasImm = false;
  bool regInSoffset = true; // in the soffset field (else in the offset field's low 7 bits)
  unsigned reg = 0;         // the SGPR's 7-bit encoding
  int32_t imm = 0;
};

inline SmemOffsets smemOffsets(const TargetInfo &t, const uint32_t *w) {
  SmemOffsets o;
  const unsigned soffset = bits(w[1], 31, 25), offset = bits(w[1], 20, 0);
  const SmemLayout &l = t.smem;
  if (l.imm == SmemLayout::kNoBit) {
    o.imm = smemOffsetValue(offset);
    o.hasImm = o.imm != 0;
    o.hasReg = soffset != t.sregs.null || !o.hasImm;
    o.reg = soffset;
    return o;
  }
  o.hasImm = smemBitSet(w[0], l.imm);
  o.imm = o.hasImm ? smemOffsetValue(offset) : 0;
  o.regInSoffset = smemBitSet(w[0], l.soffsetEn);
  o.hasReg = o.regInSoffset || !o.hasImm;
  o.reg = o.regInSoffset ? soffset : offset & 0x7F;
  return o;
}

} // namespace gcnkit::isa
