// The SDWA dword of gfx9: VOP1 / VOP2 / VOPC whose src0 field is 0xF9 read a second dword that
// selects bytes or words of the sources and of the destination:
//
//   src0[7:0] dst_sel[10:8] dst_unused[12:11] clamp[13] omod[15:14] (VOPC: sdst[14:8] sd[15])
//   src0_sel[18:16] src0_sext[19] src0_neg[20] src0_abs[21] s0[23]
//   src1_sel[26:24] src1_sext[27] src1_neg[28] src1_abs[29] s1[31]
//
// s0 / s1 say that a source is a scalar operand (SGPR or constant) rather than a VGPR. Read by
// the disassembler (decoding, printing, re-encoding) and the emulator (what it runs).
#pragma once

#include <cstdint>

namespace gcnkit::isa::sdwa {

// The src0 field value that announces the SDWA dword.
inline constexpr unsigned kSrc0Marker = 249;

// Selections (dst_sel, src0_sel, src1_sel).
inline constexpr unsigned kByte0 = 0; // BYTE_0..BYTE_3: 0..3
inline constexpr unsigned kWord0 = 4;
inline constexpr unsigned kWord1 = 5;
inline constexpr unsigned kDword = 6;
inline constexpr unsigned kSelReserved = 7;

// dst_unused: what happens to the destination bits dst_sel leaves out (3 reads as UNUSED_PAD).
inline constexpr unsigned kUnusedPad = 0;      // zeros
inline constexpr unsigned kUnusedSext = 1;     // sign of the field above it, zeros below
inline constexpr unsigned kUnusedPreserve = 2; // the destination's old bits

// The bit position and the width of a selection's field.
constexpr unsigned selShift(unsigned sel) {
  return sel < kWord0 ? 8 * sel : sel == kWord1 ? 16 : 0;
}
constexpr unsigned selBits(unsigned sel) { return sel < kWord0 ? 8 : sel < kDword ? 16 : 32; }

// The SDWA dword's fields.
struct Word {
  uint32_t w;
  unsigned src0() const { return w & 0xff; }
  unsigned dstSel() const { return (w >> 8) & 7; }
  unsigned dstUnused() const { return (w >> 11) & 3; }
  bool clamp() const { return (w >> 13) & 1; }
  unsigned omod() const { return (w >> 14) & 3; }
  unsigned sdst() const { return (w >> 8) & 0x7f; } // VOPC
  bool sd() const { return (w >> 15) & 1; }         // VOPC: sdst names the result (else vcc)
  unsigned srcSel(unsigned i) const { return (w >> (16 + 8 * i)) & 7; }
  bool sext(unsigned i) const { return (w >> (19 + 8 * i)) & 1; }
  bool neg(unsigned i) const { return (w >> (20 + 8 * i)) & 1; }
  bool abs(unsigned i) const { return (w >> (21 + 8 * i)) & 1; }
  bool scalar(unsigned i) const { return (w >> (23 + 8 * i)) & 1; }
};

} // namespace gcnkit::isa::sdwa
