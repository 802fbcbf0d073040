// The DPP extension dword of DPP16 / DPP8 instructions, printed as llvm-mc-19 prints it.
#pragma once

#include <cstdint>
#include <string>

#include "gcnkit/isa.h"

namespace gcnkit::disasm::detail {

// " quad_perm:[..]" / " row_shl:N" ... " row_mask:0x. bank_mask:0x." [" bound_ctrl:1"] [" fi:1"]
// The controls are the target's (isa::TargetInfo::dppControls); fi only where it exists.
void appendDpp16(std::string &out, isa::Target target, uint32_t dpp);

// The DPP16 dword as llvm-mc's encoder writes it back: without the reserved bit 17 and, on
// targets without it, the fi bit.
uint32_t reencodedDpp16(isa::Target target, uint32_t dpp);

// " dpp8:[a,b,c,d,e,f,g,h]" [" fi:1"]
void appendDpp8(std::string &out, uint32_t dpp, bool fi);

} // namespace gcnkit::disasm::detail
