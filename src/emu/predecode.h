// Turns a kernel's machine code into a Program, once per kernel.
#pragma once

#include <cstdint>
#include <span>

#include "emu/program.h"

namespace gcnkit::emu {

struct CodeInfo {
  std::span<const uint8_t> code; // the kernel's instructions
  uint64_t address = 0;          // guest address of code[0]
  uint64_t entryAddress = 0;     // guest address of the kernel's first instruction
  isa::Target target = isa::Target::GFX1100;
  uint32_t waveSize = 32;   // 32 or 64
  uint32_t vgprCount = 256; // VGPRs allocated to each wave (from COMPUTE_PGM_RSRC1)
  uint32_t agprCount = 0;   // AccVGPRs allocated to each wave (gfx908: as many as VGPRs)
  uint32_t rsrc1 = 0;       // COMPUTE_PGM_RSRC1: the FP mode the kernel starts with
};

// Decodes every instruction. Instructions the emulator cannot run (undecodable bytes,
// unimplemented opcodes or modifiers) become trap entries that stop the wave with the reason
// only if they are reached, so a kernel with an exotic instruction on a cold path still runs.
Program predecode(const CodeInfo &info);

// The rows of a wave's register file: the kernel's VGPRs, its AccVGPRs (gfx908), then rows the
// executors use. `registers` below is the count of the first two (Program::registerRows()).
// Destinations beyond the allocation are written to the sink rows (the hardware drops them),
// the VOPD X result is staged in the staging row.
inline constexpr uint32_t kSinkRows = 32; // an MFMA result spans up to 32 registers
inline uint16_t sinkRow(uint32_t registers) { return static_cast<uint16_t>(registers); }
inline uint16_t stagingRow(uint32_t registers) {
  return static_cast<uint16_t>(registers + kSinkRows);
}
// Lane-buffer rows after the staging row: row 0 holds the DPP-permuted src0, rows 1-6 the
// f64 sources the MODE wrapper flushes (emu/mode.h), rows 7-8 the selected SDWA sources and
// row 9 an SDWA result before dst_sel places it (emu/sdwa.h).
inline constexpr unsigned kSdwaSourceRow = 7; // + source index
inline constexpr unsigned kSdwaResultRow = 9;
inline constexpr uint32_t kScratchRows = 10;
inline uint16_t scratchRow(uint32_t registers, unsigned i) {
  return static_cast<uint16_t>(registers + kSinkRows + 1 + i);
}
// All rows of a wave.
inline uint32_t programRows(uint32_t registers) { return registers + kSinkRows + 1 + kScratchRows; }

} // namespace gcnkit::emu
