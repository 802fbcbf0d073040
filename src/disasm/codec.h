// The interface each instruction-family codec implements. A family owns a group of microcode
// formats (see disassembler.cpp for which): it decodes them against the table, prints them as
// llvm-mc does, and re-encodes them as llvm-mc's encoder would.
#pragma once

#include <span>
#include <string>

#include "gcnkit/disasm.h"
#include "isa/encoding.h"

namespace gcnkit::disasm::detail {

// Every entry point gets the disassembler's wave size: an instruction decoded in one wave size
// is printed and re-encoded in the same one.
struct Codec {
  // Called with at least 4 bytes whose first dword classifies as one of the family's formats.
  // On Success sets inst.desc and inst.size; on Fail the caller skips min(4, size) bytes.
  DecodeStatus (*decode)(isa::Format format, std::span<const uint8_t> bytes, WaveSize wave,
                         Inst &inst);
  void (*print)(const Inst &inst, WaveSize wave, std::string &out, const PrintOptions &opts);
  void (*encode)(const Inst &inst, WaveSize wave, std::string &out);
  // Disassembler::operandRegs for the family's formats; nullptr where the row and the wave size
  // alone decide every operand's width (isa::operandRegs).
  unsigned (*operandRegs)(const Inst &inst, WaveSize wave, unsigned operand);
};

extern const Codec kSaluCodec;  // SOP1, SOP2, SOPK, SOPC, SOPP, SMEM
extern const Codec kValuCodec;  // VOP1, VOP2, VOPC, VOP3, VOP3SD (+ DPP16 / DPP8)
extern const Codec kVop3pCodec; // VOP3P (+ DPP, MAI), VOPD, VINTERP, LDSDIR, VINTRP
extern const Codec kMemCodec;   // DS, MUBUF, MTBUF, FLAT/GLOBAL/SCRATCH, MIMG, EXP

// Reads dword i of bytes (little endian); caller guarantees bytes.size() >= 4 * (i + 1).
inline uint32_t readDword(std::span<const uint8_t> bytes, size_t i) {
  const uint8_t *p = bytes.data() + 4 * i;
  return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}

inline void appendDword(std::string &out, uint32_t w) {
  out.push_back(static_cast<char>(w & 0xFF));
  out.push_back(static_cast<char>((w >> 8) & 0xFF));
  out.push_back(static_cast<char>((w >> 16) & 0xFF));
  out.push_back(static_cast<char>((w >> 24) & 0xFF));
}

} // namespace gcnkit::disasm::detail
