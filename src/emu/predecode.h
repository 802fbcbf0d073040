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
  uint32_t waveSize = 32;        // 32 or 64
  uint32_t vgprCount = 256;      // VGPRs allocated to each wave (from COMPUTE_PGM_RSRC1)
  uint32_t rsrc1 = 0;            // COMPUTE_PGM_RSRC1: the FP mode the kernel starts with
};

// Decodes every instruction. Instructions the emulator cannot run (undecodable bytes,
// unimplemented opcodes or modifiers) become trap entries that stop the wave with the reason
// only if they are reached, so a kernel with an exotic instruction on a cold path still runs.
Program predecode(const CodeInfo &info);

// Rows after the kernel's VGPRs: destinations beyond the allocation are written to the sink
// rows (the hardware drops them), the VOPD X result is staged in the staging row.
inline constexpr uint32_t kSinkRows = 4;
inline uint16_t sinkRow(uint32_t vgprCount) { return static_cast<uint16_t>(vgprCount); }
inline uint16_t stagingRow(uint32_t vgprCount) {
  return static_cast<uint16_t>(vgprCount + kSinkRows);
}
// Lane-buffer rows after the staging row: row 0 holds the DPP-permuted src0, rows 1-6 the
// f64 sources the MODE wrapper flushes (emu/mode.h).
inline constexpr uint32_t kScratchRows = 7;
inline uint16_t scratchRow(uint32_t vgprCount, unsigned i) {
  return static_cast<uint16_t>(vgprCount + kSinkRows + 1 + i);
}
// All rows of a wave, and the kernel's own VGPRs given that total (M0-relative moves).
inline uint32_t programRows(uint32_t vgprCount) { return vgprCount + kSinkRows + 1 + kScratchRows; }
inline uint32_t allocatedVgprs(const Program &p) {
  return p.vgprRows - (kSinkRows + 1 + kScratchRows);
}

} // namespace gcnkit::emu
