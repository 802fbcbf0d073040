// The DPP extension dword of DPP16 / DPP8 instructions, printed as llvm-mc-19 prints it.
#pragma once

#include <cstdint>
#include <string>

namespace gcnkit::disasm::detail {

// " quad_perm:[..]" / " row_shl:N" ... " row_mask:0x. bank_mask:0x." [" bound_ctrl:1"] [" fi:1"]
void appendDpp16(std::string &out, uint32_t dpp);

// " dpp8:[a,b,c,d,e,f,g,h]" [" fi:1"]
void appendDpp8(std::string &out, uint32_t dpp, bool fi);

} // namespace gcnkit::disasm::detail
