// SDWA controls (gfx9) written after an instruction's operands and output modifiers:
//
//   VOP1 / VOP2: dst_sel:SEL dst_unused:UNUSED src0_sel:SEL [src1_sel:SEL (VOP2)]
//   VOPC:        src0_sel:SEL src1_sel:SEL
//
// each optional and in this order; SEL is BYTE_0..BYTE_3, WORD_0, WORD_1 or DWORD, UNUSED is
// UNUSED_PAD, UNUSED_SEXT or UNUSED_PRESERVE. Left out, a selector is DWORD and dst_unused
// UNUSED_PRESERVE (llvm-mc-19's defaults). As with DPP (dpp_operands.h): checkSdwaValue()
// before matching (llvm-mc's parse errors), readSdwaControls() after the output modifiers,
// sdwaControlBits() for the SDWA dword.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "asm/operands.h"
#include "gcnkit/isa.h"

namespace gcnkit::assembler {

enum class SdwaControl : uint8_t { None, DstSel, DstUnused, Src0Sel, Src1Sel };
SdwaControl sdwaControlOf(const ParsedOperand &op);

struct SdwaControls {
  uint8_t dstSel = 6, dstUnused = 2, src0Sel = 6, src1Sel = 6;
};

struct SdwaDiagnostic {
  std::string message;
  size_t offset = 0;
};

// llvm-mc's checks of a control's value (a known name); nullopt when fine or no control.
std::optional<SdwaDiagnostic> checkSdwaValue(const ParsedOperand &op);

// Reads the controls `format` (VOP1, VOP2 or VOPC) has from ops[first..], each at most once
// and in order. Returns the index of the first operand not read.
size_t readSdwaControls(std::span<const ParsedOperand> ops, size_t first, isa::Format format,
                        SdwaControls &out);

// The selector fields of the SDWA dword (dst_sel / dst_unused only for VOP1 / VOP2).
uint32_t sdwaControlBits(const SdwaControls &c, isa::Format format);

} // namespace gcnkit::assembler
