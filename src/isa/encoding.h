// Microcode format recognition and bit-field helpers shared by every layer that reads or writes
// machine code (assembler, disassembler, emulator pre-decoder).
#pragma once

#include <cstdint>

#include "gcnkit/isa.h"

namespace gcnkit::isa {

// Bits [hi:lo] of a 64-bit value.
constexpr uint32_t bits(uint64_t v, unsigned hi, unsigned lo) {
  return static_cast<uint32_t>((v >> lo) & ((uint64_t{1} << (hi - lo + 1)) - 1));
}

// Which microcode format the first dword selects on GFX11. VOP3 and VOP3SD share their prefix;
// the opcode decides (the table row's format). GLOBAL / SCRATCH are FLAT with a segment field.
// Returns Format::Count for prefixes that name no format.
constexpr Format classifyGfx11(uint32_t w) {
  if ((w >> 31) == 0) {
    switch (w >> 25) {
    case 0x3F:
      return Format::VOP1;
    case 0x3E:
      return Format::VOPC;
    default:
      return Format::VOP2;
    }
  }
  if ((w >> 30) == 0b10) {
    switch (w >> 23) {
    case 0x17D:
      return Format::SOP1;
    case 0x17E:
      return Format::SOPC;
    case 0x17F:
      return Format::SOPP;
    default:
      return (w >> 28) == 0b1011 ? Format::SOPK : Format::SOP2;
    }
  }
  switch (w >> 26) {
  case 0x32:
    return Format::VOPD;
  case 0x33:
    switch ((w >> 24) & 3) {
    case 0:
      return Format::VOP3P;
    case 1:
      return Format::VINTERP;
    case 2:
      return Format::LDSDIR;
    default:
      return Format::Count;
    }
  case 0x35:
    return Format::VOP3;
  case 0x36:
    return Format::DS;
  case 0x37:
    return Format::FLAT;
  case 0x38:
    return Format::MUBUF;
  case 0x3A:
    return Format::MTBUF;
  case 0x3C:
    return Format::MIMG;
  case 0x3D:
    return Format::SMEM;
  case 0x3E:
    return Format::EXP;
  default:
    return Format::Count;
  }
}

} // namespace gcnkit::isa
