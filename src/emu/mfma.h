// MFMA (gfx908 matrix fused multiply-add): how the pre-decoder hands the modifiers to the
// executors. A, B, C and D are register rows (VGPR or AccVGPR rows of the wave's register
// file, resolved by the pre-decoder); C may instead be an inline constant (a Const source).
#pragma once

#include <cstdint>

namespace gcnkit::emu::mfma {

// DecodedInst::aux: CBSZ (A broadcast block size, log2), ABID (A broadcast block id) and BLGP
// (B lane-group pattern).
inline constexpr unsigned kCbszShift = 0, kCbszBits = 3;
inline constexpr unsigned kAbidShift = 3, kAbidBits = 4;
inline constexpr unsigned kBlgpShift = 7, kBlgpBits = 3;

constexpr uint32_t cbsz(uint32_t aux) { return (aux >> kCbszShift) & ((1u << kCbszBits) - 1); }
constexpr uint32_t abid(uint32_t aux) { return (aux >> kAbidShift) & ((1u << kAbidBits) - 1); }
constexpr uint32_t blgp(uint32_t aux) { return (aux >> kBlgpShift) & ((1u << kBlgpBits) - 1); }

} // namespace gcnkit::emu::mfma
