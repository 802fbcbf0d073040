// Memory statements: DS, MUBUF, MTBUF, FLAT / GLOBAL / SCRATCH, MIMG and EXP.
#include "asm/match.h"

namespace gcnkit::assembler {

Attempt matchMemory(const MatchInput &in, EncodedInstruction &) {
  return Attempt::failure(in, 0, "invalid instruction"); // not yet
}

} // namespace gcnkit::assembler
