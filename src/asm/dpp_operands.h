// DPP controls written after an instruction's operands, for every family with DPP forms
// (VOP1 / VOP2 / VOPC, VOP3 and VOP3P):
//
//   DPP16: one dpp_ctrl -- quad_perm:[a,b,c,d], row_shl:N, row_shr:N, row_ror:N, row_mirror,
//          row_half_mirror, row_share:N, row_xmask:N -- then, each optional and in this
//          order, row_mask:N, bank_mask:N, bound_ctrl:0|1, fi:N
//   DPP8:  dpp8:[8 lane selects], then optionally fi:N
//
// The checks and encodings follow llvm-mc-19. Use in three steps:
//   1. checkDppValue() on every operand before matching: a bad value is a parse error in
//      llvm-mc and wins over any operand mismatch;
//   2. readDppControls() on the operands after the instruction's own ones: it stops at the
//      first operand that is not the next control in llvm-mc's order;
//   3. dppSrc0Field() / dpp16Dword() / dpp8Dword() for the encoding.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "asm/operands.h"
#include "gcnkit/isa.h"

namespace gcnkit::assembler {

// Which control an operand is written as.
enum class DppControl : uint8_t { None, Dpp16Ctrl, RowMask, BankMask, BoundCtrl, Fi, Dpp8 };
// The controls are the target's (isa::TargetInfo::dppControls; fi where it exists).
DppControl dppControlOf(const ParsedOperand &op, isa::Target target = isa::Target::GFX1100);

struct DppControls {
  enum class Kind : uint8_t { None, Dpp16, Dpp8 };
  Kind kind = Kind::None;
  uint32_t ctrl = 0; // DPP16: the 9-bit dpp_ctrl; DPP8: the eight 3-bit selects (lane 0 first)
  uint8_t rowMask = 0xf, bankMask = 0xf;
  bool boundCtrl = false, fi = false;
};

struct DppDiagnostic {
  std::string message;
  size_t offset = 0;
};

// The value checks llvm-mc makes while parsing a control (ranges, list shapes); nullopt when
// the operand is fine or is no DPP control.
std::optional<DppDiagnostic> checkDppValue(const ParsedOperand &op,
                                           isa::Target target = isa::Target::GFX1100);

// Reads controls from ops[first..] (values already checked) into `out`, each at most once and
// in llvm-mc's order, starting with a dpp_ctrl or dpp8. Returns the index of the first operand
// that is not read (ops.size() when all are).
size_t readDppControls(std::span<const ParsedOperand> ops, size_t first, DppControls &out,
                       isa::Target target = isa::Target::GFX1100);

// The src0 field value that announces the extension dword: 0xFA (DPP16), 0xE9 / 0xEA (DPP8
// without / with fi).
unsigned dppSrc0Field(const DppControls &c);

// The DPP16 dword: src0's VGPR number and the 32-bit forms' source modifiers (bits 20..23:
// src0 neg, src0 abs, src1 neg, src1 abs; zero for VOP3 / VOP3P, which keep their own).
uint32_t dpp16Dword(const DppControls &c, unsigned src0Vgpr, unsigned sourceModifiers = 0);

// The DPP8 dword: src0's VGPR number and the selects.
uint32_t dpp8Dword(const DppControls &c, unsigned src0Vgpr);

} // namespace gcnkit::assembler
