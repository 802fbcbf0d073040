// Microcode format recognition and bit-field helpers shared by every layer that reads or writes
// machine code (assembler, disassembler, emulator pre-decoder).
#pragma once

#include <cstdint>

#include "gcnkit/isa.h"

namespace gcnkit::isa {

// Bits [hi:lo] of a 64-bit value.
constexpr uint32_t bits(uint64_t v, unsigned hi, unsigned lo) {
  return static_cast<uint32_t>((v >> lo) & ((uint64_t{1} << (hi - lo + 1)) - 1));
}

} // namespace gcnkit::isa
