// Instruction tracing: a second wave loop, used only when a launch asks for a trace, so the
// ordinary loop (dispatch.cpp) stays as it is. Each executed instruction is reported with its
// wave, EXEC mask and disassembly, followed by the registers whose values it changed (found by
// comparing the register state before and after the instruction).
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>

#include "emu/dispatch.h"
#include "emu/wave.h"

namespace gcnkit::emu {

using TraceSink = std::function<void(std::string_view)>;

// Runs a wave until it ends, faults or reaches a barrier, like the untraced loop, and hands the
// trace text of each instruction to `sink`.
void runWaveTraced(Wave &wave, uint64_t limit, const Dim3 &group, const TraceSink &sink);

} // namespace gcnkit::emu
