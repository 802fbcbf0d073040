// Image (MIMG) instructions: what the pre-decoder leaves in a DecodedInst for the executors of
// image.cpp, and the reasons an image access the emulator does not handle stops the wave
// (FaultKind::UnsupportedImage: the reason in WaveFault::bytes, the offending value in
// WaveFault::address; descriptors are data, so these are found only when the wave runs).
//
// Operands (predecode_image.cpp):
//   src[0].reg  the VGPR row of address dword 0 (VADDR);
//   target      NSA: the rows of address dwords 1..4, a byte each; the fifth NSA operand's
//               registers continue from its row (the last NSA operand takes the rest);
//   sdst        the resource's first SGPR (T#, 8 SGPRs, 4 with r128);
//   src[1].reg  the sampler's first SGPR (S#, 4 SGPRs);
//   src[2].reg  VDATA of stores and atomics;  vdst / dstRegs: VDATA of loads (and returning
//               atomics: the old value goes to VDATA's first register).
#pragma once

#include <cstdint>
#include <string>

namespace gcnkit::emu::image {

// DecodedInst::aux bits (bit 0 is memflag::kReturn, set for atomics with glc).
inline constexpr unsigned kDimShift = 8;     // 3 bits: the instruction's dim field
inline constexpr unsigned kDmaskShift = 11;  // 4 bits
inline constexpr uint32_t kUnorm = 1u << 15; // coordinates in texels whatever the sampler says
inline constexpr uint32_t kA16 = 1u << 16;   // 16-bit address components, two per dword
inline constexpr uint32_t kD16 = 1u << 17;   // 16-bit data, two per dword
inline constexpr uint32_t kR128 = 1u << 18;  // the resource is 4 dwords
inline constexpr uint32_t kNsa = 1u << 19;   // addresses in separate registers (target)
inline constexpr uint32_t kBias = 1u << 20;  // _b: address dword 0 is an LOD bias
inline constexpr uint32_t kLodExplicit = 1u << 21; // _l: a trailing LOD component
inline constexpr uint32_t kLodZero = 1u << 22;     // _lz
inline constexpr uint32_t kLodClamp = 1u << 23;    // _cl: a trailing LOD clamp component
inline constexpr uint32_t kMip = 1u << 24;         // _mip and get_resinfo: a trailing mip level

inline unsigned dimOf(uint32_t aux) { return (aux >> kDimShift) & 7; }
inline unsigned dmaskOf(uint32_t aux) { return (aux >> kDmaskShift) & 0xF; }

// Why an image access stopped the wave (WaveFault::bytes).
enum class Unsupported : uint32_t {
  ResourceType,  // value: the T# TYPE (cube, MSAA, or not an image type)
  Format,        // value: the unified data format (packed or invalid)
  Tiled,         // value: SW_MODE (only linear surfaces)
  MipLevel,      // value: the level (only the view's level 0, at BASE_LEVEL 0)
  DimMismatch,   // value: dim << 8 | TYPE
  ClampMode,     // value: the S# clamp code (mirror-once, half-border)
  BorderColor,   // value: the border colour type (the border colour table is not emulated)
  Filter,        // value: the S# XY filter, or 16 + its min / max reduction mode
  LinearInteger, // value: the format: linear filtering of an integer format
  ImplicitLod,   // value: 0: derivatives would pick between different filters or levels
  AtomicFormat,  // value: the format: image atomics need 32-bit single-component texels
};

// "image data format 30 (BUF_FMT_10_11_11_FLOAT) not emulated" and so on.
std::string unsupportedText(uint32_t reason, uint64_t value);

} // namespace gcnkit::emu::image
