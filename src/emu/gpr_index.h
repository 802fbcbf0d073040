// gfx9's VGPR indexing mode (s_set_gpr_idx_on / _idx / _mode / _off): while it is on, the VALU
// adds M0[7:0] to the VGPR numbers of the operands M0[15:12] selects (bit 0 src0, 1 src1,
// 2 src2, 3 the destination). clang uses it for vectors indexed by a uniform value.
//
// The pre-decoder wraps every VALU instruction of a kernel that turns the mode on (the mode is
// a run-time state that follows control flow); the wrapper runs the instruction unchanged while
// the mode is off.
#pragma once

#include <cstdint>

#include "emu/program.h"
#include "emu/registry.h"

namespace gcnkit::emu::gpr_index {

// DecodedInst::target of the wrapper: which operands are VGPRs of the kernel (rows below
// Program::vgprCount) and how many registers each spans.
inline constexpr uint32_t kIndexable = 1u << 0; // not a DPP / SDWA / MODE-wrapped instruction
inline constexpr uint32_t kDstVgpr = 1u << 1;
inline constexpr unsigned kDstRegsShift = 2; // 3 bits: registers - 1
inline constexpr unsigned kSrcVgprShift = 5; // bit i: src i is a VGPR
inline constexpr unsigned kSrcRegsShift = 8; // 2 bits per source: registers - 1

// The wrapper: DecodedInst::aux indexes Program::components (the instruction itself);
// DecodedInst::imm is the trap reason for an instruction the mode cannot index.
ExecFn wrapper(int wave);

// The s_set_gpr_idx_* executors (registered by registerSalu).
void registerGprIndex(Registry &r);

} // namespace gcnkit::emu::gpr_index
