// DPP16 / DPP8: VALU instructions whose src0 is read from another lane of the same row
// (16 lanes) or group of 8 lanes. The pre-decoder decodes the instruction itself as a
// component whose src0 is the DPP lane-buffer row; the DPP entry permutes the real src0 into
// that row, works out which lanes may write, and runs the component with EXEC narrowed to them.
#pragma once

#include <cstdint>

#include "emu/program.h"
#include "isa/target_info.h"

namespace gcnkit::emu::dpp {

// DecodedInst::extra of a DPP entry.
inline constexpr uint8_t kDpp8 = 1 << 0;
inline constexpr uint8_t kFetchInactive = 1 << 1; // FI (gfx10+): inactive source lanes are read
inline constexpr uint8_t kBoundCtrl = 1 << 2;     // BC: unreadable source lanes read 0
inline constexpr uint8_t kWritesExec = 1 << 3;    // v_cmpx (or an SDST naming EXEC): keep EXEC

// Whether the target defines a DPP16 dpp_ctrl value: the controls it spells (gfx11: quad_perm,
// row_shl/shr/ror 1-15, row_mirror, row_half_mirror, row_share, row_xmask; gfx9 has the wave
// shifts and row broadcasts instead of the last two).
bool validControl(const isa::TargetInfo &target, uint32_t ctrl);

// The DPP entry: src[0] the real source row, imm the DPP dword (DPP16) or the DPP8 lane
// selects in bits 31:8, extra the flags above, aux the component index.
ExecFn executor(int wave);

} // namespace gcnkit::emu::dpp
