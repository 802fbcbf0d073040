// The vop3p family's matchers (see match.h): VOP3P in vop3p_match.cpp, VINTERP and LDSDIR in
// interp_match.cpp, VOPD in vopd_match.cpp.
#pragma once

#include "asm/match.h"

namespace gcnkit::assembler {

Attempt matchInterp(const MatchInput &in, EncodedInstruction &out); // VINTERP
Attempt matchLdsDir(const MatchInput &in, EncodedInstruction &out); // LDSDIR

} // namespace gcnkit::assembler
