// Shared pieces of the memory-family codecs (DS, MUBUF, MTBUF, FLAT / GLOBAL / SCRATCH, MIMG,
// EXP): the target's field layouts (isa/mem_layout.h), the per-field decode policies stored in
// the table rows' flags, and printing helpers.
//
// Row flags (written by scripts/isa/mem_learn.py): two bits per field, in the order of the
// format's fields (isa::mem::DsField, ...), say what llvm-mc's decoder does with a field of that
// instruction: it reads it (Use), requires it to hold the row's fixed value, normally zero
// (Fixed), or ignores it so that the re-encoding drops it (Ignore). Bits 28..31 are
// format-specific. Where the fields sit is the target's (isa::TargetInfo::mem), so one codec per
// format serves every target.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "disasm/codec.h"
#include "disasm/operands.h"
#include "isa/mem_layout.h"
#include "isa/target_info.h"

namespace gcnkit::disasm::detail::mem {

using isa::mem::BitField;
using isa::mem::FormatLayout;

enum Policy : uint32_t { kUse = 0, kFixed = 1, kIgnore = 2 };

inline uint32_t policy(const isa::InstrDesc &d, unsigned field) {
  return (d.flags >> (2 * field)) & 3;
}

// The memory field layouts of the instruction's target.
inline const isa::mem::MemLayout &layoutOf(const Inst &inst) {
  return isa::targetInfo(inst.target).mem;
}

// The instruction's first two dwords as one 64-bit value.
inline uint64_t inst64(const Inst &inst) {
  return uint64_t{inst.words[0]} | uint64_t{inst.words[1]} << 32;
}

inline uint64_t inst64(std::span<const uint8_t> bytes) {
  return uint64_t{readDword(bytes, 0)} | uint64_t{readDword(bytes, 1)} << 32;
}

// True when every field of the first `fields` whose policy is Fixed holds zero, and so do the
// bits the format requires to be zero in every instruction.
inline bool fixedFieldsClear(const isa::InstrDesc &d, uint64_t v, const FormatLayout &lay,
                             unsigned fields) {
  for (unsigned i = 0; i < fields; ++i)
    if (policy(d, i) == kFixed && lay[i].get(v) != 0)
      return false;
  return (v & lay.zeroBits) == 0;
}

// Clears every field whose policy is Ignore and the bits every instruction of the format
// ignores (what llvm-mc's re-encoding drops).
inline uint64_t clearIgnored(const isa::InstrDesc &d, uint64_t v, const FormatLayout &lay,
                             unsigned fields) {
  for (unsigned i = 0; i < fields; ++i)
    if (policy(d, i) == kIgnore)
      v = lay[i].clear(v);
  return v & ~lay.ignoredBits;
}

// Appends a set one-bit modifier (" glc"), if the target has the field.
inline void appendFlag(std::string &out, const BitField &f, uint64_t v, std::string_view text) {
  if (f.present() && f.get(v))
    out += text;
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
// Appends a resource / sampler descriptor (a 5-bit field naming a 4-aligned scalar tuple of
// `regs` registers) as llvm-mc names it: s[...], ttmp[...], null (gfx11's 31), or a special
// register with an "Invalid register" note (gfx9's xnack_mask). False when llvm-mc rejects it.
bool appendResource(std::string &out, isa::Target target, unsigned field, unsigned regs);

// Appends v as two dwords.
inline void appendQword(std::string &out, uint64_t v) {
  appendDword(out, static_cast<uint32_t>(v));
  appendDword(out, static_cast<uint32_t>(v >> 32));
}

// Per-format codecs. The *OperandRegs functions are Disassembler::operandRegs of the format
// (DS and EXP operands always have the row's width).
DecodeStatus decodeDs(std::span<const uint8_t> bytes, Inst &inst);
void printDs(const Inst &inst, std::string &out);
void encodeDs(const Inst &inst, std::string &out);

DecodeStatus decodeBuffer(isa::Format f, std::span<const uint8_t> bytes, Inst &inst);
// writtenOffset: the assembler listing's offset as written when it exceeds the field (0: as
// decoded).
void printBuffer(const Inst &inst, std::string &out, uint32_t writtenOffset = 0);
void encodeBuffer(const Inst &inst, std::string &out);
unsigned bufferOperandRegs(const Inst &inst, unsigned operand);

DecodeStatus decodeFlat(std::span<const uint8_t> bytes, Inst &inst);
void printFlat(const Inst &inst, std::string &out);
void encodeFlat(const Inst &inst, std::string &out);
unsigned flatOperandRegs(const Inst &inst, unsigned operand);

DecodeStatus decodeMimg(std::span<const uint8_t> bytes, Inst &inst);
// writtenVaddrRegs: the assembler listing's vaddr width as written (gfx9, which decodes a fixed
// width; 0: as decoded).
void printMimg(const Inst &inst, std::string &out, unsigned writtenVaddrRegs = 0);
void encodeMimg(const Inst &inst, std::string &out);
unsigned mimgOperandRegs(const Inst &inst, unsigned operand);

DecodeStatus decodeExp(std::span<const uint8_t> bytes, Inst &inst);
void printExp(const Inst &inst, std::string &out);
void encodeExp(const Inst &inst, std::string &out);

} // namespace gcnkit::disasm::detail::mem
