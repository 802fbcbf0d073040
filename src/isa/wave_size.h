// What the wave size (llvm-mc's -mattr=+wavefrontsize64) changes in an instruction's operands,
// for the assembler and the disassembler alike. The table describes wave32; in wave64:
//   - a lane mask (DataType::LaneMask: compare results, carries, v_cndmask selectors, the
//     implicit vcc) is an SGPR pair instead of one SGPR;
//   - a lane holds half of a WMMA accumulator: D and C are 4 VGPRs instead of 8, and C takes
//     a plain 32-bit immediate instead of a 64-bit floating-point one;
//   - VOPD (dual issue) does not exist.
#pragma once

#include <cstdint>

#include "gcnkit/isa.h"

namespace gcnkit::isa {

// VOP3P row flag (scripts/isa/gfx1100_vop3p.py): the C matrix of WMMA takes 64-bit
// immediates in wave32.
inline constexpr uint32_t kVop3pSrc2Imm64 = 1u << 28;

constexpr bool isWmma(const InstrDesc &row) {
  return row.format == Format::VOP3P && (row.flags & kVop3pSrc2Imm64);
}

// Registers of operand `op` of `row` in this wave size.
constexpr unsigned operandRegs(const InstrDesc &row, unsigned op, bool wave64) {
  const OperandDesc &o = row.operands[op];
  if (o.type == DataType::LaneMask)
    return wave64 ? 2 : 1;
  if (wave64 && isWmma(row) && (o.field == Field::VDST || o.field == Field::SRC2))
    return o.regs / 2u;
  return o.regs;
}

} // namespace gcnkit::isa
