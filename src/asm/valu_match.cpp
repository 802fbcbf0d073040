// VALU statements (VOP1, VOP2, VOPC, VOP3, VOP3SD and their DPP16 / DPP8 forms).
#include "asm/match.h"

namespace gcnkit::assembler {

Attempt matchValu(const MatchInput &in, EncodedInstruction &) {
  return Attempt::failure(in, 0, "invalid instruction"); // not yet
}

} // namespace gcnkit::assembler
