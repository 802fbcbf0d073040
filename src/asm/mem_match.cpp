// Memory statements: DS, MUBUF, MTBUF, FLAT / GLOBAL / SCRATCH, MIMG and EXP, dispatched to
// their format's matcher (mem_*_match.cpp).
#include "asm/mem_match.h"

namespace gcnkit::assembler {

Attempt matchMemory(const MatchInput &in, EncodedInstruction &out) {
  switch (in.row.format) {
  case isa::Format::DS:
    return mem::matchDs(in, out);
  case isa::Format::MUBUF:
  case isa::Format::MTBUF:
    return mem::matchBuffer(in, out);
  case isa::Format::FLAT:
  case isa::Format::GLOBAL:
  case isa::Format::SCRATCH:
    return mem::matchFlat(in, out);
  case isa::Format::MIMG:
    return mem::matchMimg(in, out);
  case isa::Format::EXP:
    return mem::matchExp(in, out);
  default:
    return Attempt::failure(in, 0, "invalid instruction");
  }
}

} // namespace gcnkit::assembler
