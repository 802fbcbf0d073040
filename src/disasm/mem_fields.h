// Shared pieces of the memory-family codecs (DS, MUBUF, MTBUF, FLAT / GLOBAL / SCRATCH, MIMG,
// EXP): field layouts, the per-field decode policies stored in the table rows' flags, and
// printing helpers.
//
// Row flags (written by scripts/isa/gfx1100_mem.py): two bits per field, in the order of the
// format's field list below, say what llvm-mc's decoder does with a field of that instruction:
// it reads it (Use), requires it to hold the row's fixed value, normally zero (Fixed), or
// ignores it so that the re-encoding drops it (Ignore). Bits 28..31 are format-specific.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "disasm/codec.h"
#include "disasm/operands.h"

namespace gcnkit::disasm::detail::mem {

struct FieldSpec {
  uint8_t lo;
  uint8_t width;
};

enum Policy : uint32_t { kUse = 0, kFixed = 1, kIgnore = 2 };

inline uint32_t policy(const isa::InstrDesc &d, unsigned field) {
  return (d.flags >> (2 * field)) & 3;
}

// The instruction's first two dwords as one 64-bit value.
inline uint64_t inst64(const Inst &inst) {
  return uint64_t{inst.words[0]} | uint64_t{inst.words[1]} << 32;
}

inline uint32_t get(uint64_t v, FieldSpec f) {
  return static_cast<uint32_t>((v >> f.lo) & ((uint64_t{1} << f.width) - 1));
}

inline uint64_t clear(uint64_t v, FieldSpec f) {
  return v & ~(((uint64_t{1} << f.width) - 1) << f.lo);
}

inline uint64_t set(uint64_t v, FieldSpec f, uint32_t x) {
  return clear(v, f) | (uint64_t{x & ((1u << f.width) - 1)} << f.lo);
}

// True when every field whose policy is Fixed holds zero.
inline bool fixedFieldsClear(const isa::InstrDesc &d, uint64_t v,
                             std::span<const FieldSpec> fields) {
  for (unsigned i = 0; i < fields.size(); ++i)
    if (policy(d, i) == kFixed && get(v, fields[i]) != 0)
      return false;
  return true;
}

// Clears every field whose policy is Ignore (what llvm-mc's re-encoding drops).
inline uint64_t clearIgnored(const isa::InstrDesc &d, uint64_t v,
                             std::span<const FieldSpec> fields) {
  for (unsigned i = 0; i < fields.size(); ++i)
    if (policy(d, i) == kIgnore)
      v = clear(v, fields[i]);
  return v;
}

// The first operand of the row with this field, or nullptr.
inline const isa::OperandDesc *operandFor(const isa::InstrDesc &d, isa::Field f) {
  for (unsigned i = 0; i < d.numOperands; ++i)
    if (d.operands[i].field == f)
      return &d.operands[i];
  return nullptr;
}

// Appends ", " before every operand but the first (which gets a space after the mnemonic).
inline void separator(std::string &out, bool &first) {
  out += first ? " " : ", ";
  first = false;
}

// A VGPR tuple is valid only when it ends at v255 or below.
inline bool vgprFits(unsigned first, unsigned regs) { return first + regs <= 256; }

// Appends an 8-bit scalar source (soffset): SGPRs and specials, inline constants, a literal
// (enc 255, value `literal`). Returns false for encodings llvm-mc rejects.
bool appendScalarSource(std::string &out, isa::Target target, unsigned enc, uint32_t literal);
// The inline-constant encoding llvm-mc folds a 32-bit integer literal into (integers -16..64
// and the f32 bit patterns of the float inline constants), or 0 when it stays a literal.
unsigned foldedLiteral(uint32_t literal);
// True when appendScalarSource accepts enc.
bool scalarSourceValid(unsigned enc);

// Per-format codecs. The *OperandRegs functions are Disassembler::operandRegs of the format
// (DS and EXP operands always have the row's width).
DecodeStatus decodeDs(std::span<const uint8_t> bytes, Inst &inst);
void printDs(const Inst &inst, std::string &out);
void encodeDs(const Inst &inst, std::string &out);

DecodeStatus decodeBuffer(isa::Format f, std::span<const uint8_t> bytes, Inst &inst);
void printBuffer(const Inst &inst, std::string &out);
void encodeBuffer(const Inst &inst, std::string &out);
unsigned bufferOperandRegs(const Inst &inst, unsigned operand);

DecodeStatus decodeFlat(std::span<const uint8_t> bytes, Inst &inst);
void printFlat(const Inst &inst, std::string &out);
void encodeFlat(const Inst &inst, std::string &out);
unsigned flatOperandRegs(const Inst &inst, unsigned operand);

DecodeStatus decodeMimg(std::span<const uint8_t> bytes, Inst &inst);
void printMimg(const Inst &inst, std::string &out);
void encodeMimg(const Inst &inst, std::string &out);
unsigned mimgOperandRegs(const Inst &inst, unsigned operand);

DecodeStatus decodeExp(std::span<const uint8_t> bytes, Inst &inst);
void printExp(const Inst &inst, std::string &out);
void encodeExp(const Inst &inst, std::string &out);

} // namespace gcnkit::disasm::detail::mem
