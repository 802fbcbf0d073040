// The notes llvm's AMDGPU decoder writes to its comment stream while decoding, which
// llvm-objdump prints after an instruction's raw bytes (llvm-mc drops them). On gfx1100 the only
// note is about scalar register tuples that do not start at an aligned register:
//   s_mov_b64 s[64:65], ttmp[2:3]   ... // 0000000004A0: BEC1016E ; Warning: SGPR_64: scalar reg
//   isn't aligned 65
#pragma once

#include <string>

#include "gcnkit/disasm.h"

namespace gcnkit::elf {

// Appends the notes for a decoded instruction (several are concatenated without a separator, as
// llvm does); appends nothing for most instructions.
void appendDecoderNotes(const disasm::Inst &inst, std::string &notes);

} // namespace gcnkit::elf
