// The vop3p family's matchers (see match.h): VOP3P in vop3p_match.cpp, gfx908's MFMA in
// vop3p_mai_match.cpp, VINTERP, LDSDIR and VINTRP in interp_match.cpp, VOPD in vopd_match.cpp.
#pragma once

#include "asm/match.h"

namespace gcnkit::assembler {

// A register operand of file `kind` and exactly `regs` registers (no 16-bit half).
bool isRegisterTuple(const ParsedOperand &op, RegKind kind, unsigned regs);

Attempt matchInterp(const MatchInput &in, EncodedInstruction &out); // VINTERP
Attempt matchLdsDir(const MatchInput &in, EncodedInstruction &out); // LDSDIR
Attempt matchVintrp(const MatchInput &in, EncodedInstruction &out); // VINTRP (gfx9)
Attempt matchMai(const MatchInput &in, EncodedInstruction &out);    // MFMA (gfx908)

} // namespace gcnkit::assembler
