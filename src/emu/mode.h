// The MODE hardware register (s_getreg / s_setreg hwreg 1, s_round_mode, s_denorm_mode) and the
// other hardware registers s_getreg_b32 reads.
//
// A kernel starts with the FP mode of its COMPUTE_PGM_RSRC1. Kernels that never write MODE get
// that mode compiled into their decoded instructions (source / result flushing flags, see
// predecode.cpp), so the hot path never reads it. In kernels that do write it, every floating
// point instruction is decoded behind the MODE wrapper (modeExecutor), which applies the mode
// the wave has when the instruction runs.
#pragma once

#include <cstdint>
#include <string_view>

#include "emu/registry.h"

namespace gcnkit::emu {

struct Wave;

namespace mode {
// Bit layout of HW_REG_MODE (the bits the emulator models; the others are stored and read back).
inline constexpr uint32_t kRound32Shift = 0;  // FP_ROUND[1:0]: f32
inline constexpr uint32_t kRound64Shift = 2;  // FP_ROUND[3:2]: f64 and f16
inline constexpr uint32_t kDenorm32Shift = 4; // FP_DENORM[1:0]: f32
inline constexpr uint32_t kDenorm64Shift = 6; // FP_DENORM[3:2]: f64 and f16
inline constexpr uint32_t kDx10Clamp = 1u << 8;
inline constexpr uint32_t kIeee = 1u << 9;

// Round modes (FP_ROUND fields).
inline constexpr uint32_t kNearestEven = 0;
inline constexpr uint32_t kPlusInf = 1;
inline constexpr uint32_t kMinusInf = 2;
inline constexpr uint32_t kTowardZero = 3;

// Denormal modes (FP_DENORM fields): which of inputs / results keep denormals.
inline constexpr uint32_t kFlushInOut = 0;
inline constexpr uint32_t kFlushOut = 1; // inputs kept, results flushed
inline constexpr uint32_t kFlushIn = 2;  // inputs flushed, results kept
inline constexpr uint32_t kKeep = 3;

inline uint32_t round32(uint32_t m) { return (m >> kRound32Shift) & 3; }
inline uint32_t round64(uint32_t m) { return (m >> kRound64Shift) & 3; }
inline uint32_t denorm32(uint32_t m) { return (m >> kDenorm32Shift) & 3; }
inline uint32_t denorm64(uint32_t m) { return (m >> kDenorm64Shift) & 3; }
inline bool flushesInputs(uint32_t denorm) { return denorm == kFlushInOut || denorm == kFlushIn; }
inline bool flushesResults(uint32_t denorm) { return denorm == kFlushInOut || denorm == kFlushOut; }

// The MODE a wave starts with: COMPUTE_PGM_RSRC1's FLOAT_ROUND_MODE_32 [13:12],
// FLOAT_ROUND_MODE_16_64 [15:14], FLOAT_DENORM_MODE_32 [17:16], FLOAT_DENORM_MODE_16_64 [19:18],
// ENABLE_DX10_CLAMP [21] and ENABLE_IEEE_MODE [23].
inline uint32_t fromRsrc1(uint32_t rsrc1) {
  return ((rsrc1 >> 12) & 0xFF) | (((rsrc1 >> 21) & 1) << 8) | (((rsrc1 >> 23) & 1) << 9);
}
} // namespace mode

// Hardware register ids of s_getreg / s_setreg (gfx11).
namespace hwreg {
inline constexpr uint32_t kMode = 1;
inline constexpr uint32_t kStatus = 2;
inline constexpr uint32_t kTrapsts = 3;
inline constexpr uint32_t kHwId = 4; // gfx9's HW_ID (gfx11 splits it into HW_ID1 / HW_ID2)
inline constexpr uint32_t kGprAlloc = 5;
inline constexpr uint32_t kLdsAlloc = 6;
inline constexpr uint32_t kIbSts = 7;
inline constexpr uint32_t kShMemBases = 15;
inline constexpr uint32_t kFlatScrLo = 20;
inline constexpr uint32_t kFlatScrHi = 21;
inline constexpr uint32_t kHwId1 = 23;
inline constexpr uint32_t kHwId2 = 24;
inline constexpr uint32_t kShaderCycles = 29;
inline constexpr uint32_t kUnknown = 63; // a register of the kernel's processor gfx11 lacks
} // namespace hwreg

// What the MODE wrapper needs to know about the instruction it runs (DecodedInst::target of the
// wrapper entry).
namespace modeinfo {
inline constexpr uint32_t kF32Result = 1 << 1;   // f32 result: flushing, omod
inline constexpr uint32_t kF16 = 1 << 2;         // f16 operands (FP_DENORM[3:2] must keep)
inline constexpr uint32_t kRoundWide = 1 << 3;   // the result rounds per FP_ROUND[3:2] (f64/f16)
inline constexpr uint32_t kOmod = 1 << 4;        // the encoding has an output modifier
inline constexpr uint32_t kF64Result = 1 << 5;   // f64 result: flushed per FP_DENORM[3:2]
inline constexpr uint32_t kIeeeVariant = 1 << 6; // components[aux + 4]: the MODE.IEEE = 0 one
inline constexpr uint32_t kClamp = 1 << 7;       // clamp set: NaN results follow DX10_CLAMP
inline constexpr uint32_t kF64Source0 = 1 << 8;  // source i is f64: bit kF64Source0 << i
// Source i is f32 (its denormals follow FP_DENORM[1:0]): bit i << kF32SourceShift.
inline constexpr uint32_t kF32SourceShift = 12;
} // namespace modeinfo

// Runs the component DecodedInst components[in.aux] (decoded for round-to-nearest-even with no
// flushing) under the wave's current MODE: f32 flushing flags and omod per FP_DENORM / IEEE,
// the MODE.IEEE = 0 executor from components[in.aux + 4] (kIeeeVariant), clamp's NaN rule per
// DX10_CLAMP,
// f64 inputs and results flushed per FP_DENORM[3:2], the directed-rounding variant from
// components[in.aux + 1 + round - 1] for f32 add / mul / fma. A round mode or f16 denormal
// mode the instruction cannot honour stops the wave (reason in in.imm).
ExecFn modeExecutor(int wave);

// s_getreg_b32, s_setreg_b32, s_setreg_imm32_b32, s_round_mode, s_denorm_mode,
// s_sendmsg_rtn_b32/b64 (registered by registerSalu).
void registerHwreg(Registry &r);

// The executor running `name` (without _e32/_e64) with f32 round mode `round` (1..3), or nullptr
// when that instruction has no exact directed-rounding implementation.
ExecFn roundingExecutor(std::string_view name, uint32_t round, int wave);

} // namespace gcnkit::emu
