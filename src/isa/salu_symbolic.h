// The symbolic forms of SALU immediates on GFX11, shared by the assembler (parsing) and the
// disassembler (printing): bit layouts of hwreg(), sendmsg(), s_waitcnt, s_delay_alu and
// depctr, and the names llvm-mc-19 uses (probed names are generated into salu_symbols.inc).
#pragma once

#include <array>
#include <string_view>

#include "isa/gfx1100/salu_symbols.inc"

namespace gcnkit::isa::salu {

// hwreg(ID, OFFSET, SIZE): id [5:0], offset [10:6], size-1 [15:11].
inline constexpr unsigned kHwregIdBits = 6, kHwregOffsetShift = 6, kHwregSizeShift = 11;

// sendmsg(MSG, OP, STREAM): msg [7:0], op [6:4] of the high byte... as llvm-mc packs them.
inline constexpr unsigned kSendmsgOpShift = 4, kSendmsgStreamShift = 8;

// s_waitcnt: vmcnt [15:10], lgkmcnt [9:4], expcnt [2:0]; an unnamed counter is all ones.
struct WaitcntField {
  std::string_view name;
  unsigned shift, width;
};
inline constexpr std::array<WaitcntField, 3> kWaitcnt = {
    {{"vmcnt", 10, 6}, {"expcnt", 0, 3}, {"lgkmcnt", 4, 6}}};

// s_delay_alu: instid0 [3:0], instskip [6:4], instid1 [10:7].
inline constexpr std::array<std::string_view, 12> kDelayAluInstId = {
    "NO_DEP",        "VALU_DEP_1",    "VALU_DEP_2",    "VALU_DEP_3",        "VALU_DEP_4",
    "TRANS32_DEP_1", "TRANS32_DEP_2", "TRANS32_DEP_3", "FMA_ACCUM_CYCLE_1", "SALU_CYCLE_1",
    "SALU_CYCLE_2",  "SALU_CYCLE_3"};
inline constexpr std::array<std::string_view, 6> kDelayAluSkip = {"SAME",   "NEXT",   "SKIP_1",
                                                                  "SKIP_2", "SKIP_3", "SKIP_4"};

// s_waitcnt_depctr fields, in llvm-mc's printing order; an unnamed field is all ones.
struct DepctrField {
  std::string_view name;
  unsigned shift, width;
};
inline constexpr std::array<DepctrField, 7> kDepctr = {{{"depctr_hold_cnt", 7, 1},
                                                        {"depctr_sa_sdst", 0, 1},
                                                        {"depctr_va_vdst", 12, 4},
                                                        {"depctr_va_sdst", 9, 3},
                                                        {"depctr_va_ssrc", 8, 1},
                                                        {"depctr_va_vcc", 1, 1},
                                                        {"depctr_vm_vsrc", 2, 3}}};

} // namespace gcnkit::isa::salu
