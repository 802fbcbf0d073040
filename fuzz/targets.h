// How the fuzz targets read the target from an input's first byte: bit 2 selects gfx908 (else
// gfx1100), bit 3 wave64 (always on for gfx908). The low bits are each target's own options.
// Seed files (fuzz/corpus, scripts/fuzz_seeds.sh) are written with the same bits.
#pragma once

#include <cstdint>

#include "gcnkit/disasm.h"
#include "gcnkit/target.h"

namespace gcnkit::fuzz {

inline constexpr uint8_t kGfx908Bit = 1u << 2;
inline constexpr uint8_t kWave64Bit = 1u << 3;

inline isa::Target targetFor(uint8_t options) {
  return (options & kGfx908Bit) ? isa::Target::GFX908 : isa::Target::GFX1100;
}

inline bool wave64For(uint8_t options) {
  return (options & kWave64Bit) || isa::defaultWave64(targetFor(options));
}

inline const disasm::Disassembler &disassemblerFor(uint8_t options) {
  using disasm::WaveSize;
  static const disasm::Disassembler kDisassemblers[] = {
      disasm::Disassembler(isa::Target::GFX1100, WaveSize::Wave32),
      disasm::Disassembler(isa::Target::GFX1100, WaveSize::Wave64),
      disasm::Disassembler(isa::Target::GFX908, WaveSize::Wave64),
  };
  if (targetFor(options) == isa::Target::GFX908)
    return kDisassemblers[2];
  return kDisassemblers[wave64For(options) ? 1 : 0];
}

} // namespace gcnkit::fuzz
