// VOPD dual-issue statements: `X :: Y`.
#include "asm/match.h"

namespace gcnkit::assembler {

bool encodeVopd(std::span<const Token> tokens, const SymbolResolver &, EncodedInstruction &,
                MatchFailure &fail) {
  fail = {"invalid instruction", tokens[0].offset}; // not yet
  return false;
}

} // namespace gcnkit::assembler
