// VOP3P (packed math, dot products, WMMA), VINTERP and LDSDIR statements.
#include "asm/match.h"

namespace gcnkit::assembler {

Attempt matchVop3p(const MatchInput &in, EncodedInstruction &) {
  return Attempt::failure(in, 0, "invalid instruction"); // not yet
}

} // namespace gcnkit::assembler
