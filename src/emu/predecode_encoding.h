// Private to the pre-decoder (emu/predecode*.cpp): the raw operand fields of a decoded
// instruction, the scalar source encodings with a fixed meaning, and the values inline
// constants and literals take for an operand's type.
#pragma once

#include <cstdint>

#include "gcnkit/disasm.h"
#include "isa/encoding.h"
#include "isa/target_info.h"

namespace gcnkit::emu::predecode_detail {

using isa::DataType;
using isa::Field;
using isa::Format;
using isa::InstrDesc;
using isa::OperandDesc;
using isa::OperandKind;

// Scalar source encodings with a fixed meaning (GFX11).
inline constexpr unsigned kEncNull = 124;
inline constexpr unsigned kEncSharedBase = 235;
inline constexpr unsigned kEncPrivateLimit = 238;
inline constexpr unsigned kEncVccz = 251;
inline constexpr unsigned kEncExecz = 252;
inline constexpr unsigned kEncScc = 253;
inline constexpr unsigned kEncLiteral = 255;
inline constexpr unsigned kEncDpp8 = 233;
inline constexpr unsigned kEncDpp8Fi = 234;
inline constexpr unsigned kEncDpp16 = 250;

// The raw fields of one decoded instruction, by the names the table rows use. The SOP*, VOP*
// and VOP3P fields sit at the same bits on every target gcnkit has (gfx9 and gfx11); SMEM
// offsets come from isa::smemOffsets and the memory formats from the target's layouts.
struct Encoding {
  const disasm::Inst &inst;

  uint32_t w(unsigned i) const { return inst.words[i]; }
  // The first two dwords, as the memory formats' field layouts number their bits.
  uint64_t w64() const { return inst.words[0] | uint64_t{inst.words[1]} << 32; }
  // The target's memory field layouts (DS, MUBUF / MTBUF, FLAT / GLOBAL / SCRATCH).
  const isa::mem::MemLayout &mem() const { return isa::targetInfo(inst.target).mem; }

  // The field's value: scalar encodings as 0..255, VGPR-only fields as 256 + VGPR number.
  uint32_t field(Field f, const OperandDesc &o) const;

  // Dwords before a literal.
  unsigned baseDwords() const;
  bool hasLiteral() const { return inst.size > 4 * baseDwords(); }
  uint32_t literal() const { return hasLiteral() ? w(baseDwords()) : 0; }
};

inline bool is64(DataType t) {
  return t == DataType::B64 || t == DataType::F64 || t == DataType::I64 || t == DataType::U64;
}
inline bool is16(DataType t) {
  return t == DataType::B16 || t == DataType::F16 || t == DataType::BF16 || t == DataType::I16 ||
         t == DataType::U16 || t == DataType::V2F16 || t == DataType::V2I16 ||
         t == DataType::V2BF16;
}

// Inline constant `enc` (128..208, 240..248) as the operand's type sees it.
uint64_t inlineConstant(unsigned enc, DataType t);

// The 32-bit literal as a source of the operand's type (64-bit floats take it as the high half).
uint64_t literalValue(uint32_t lit, DataType t);

} // namespace gcnkit::emu::predecode_detail
