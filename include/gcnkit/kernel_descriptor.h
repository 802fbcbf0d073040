// The AMDHSA kernel descriptor: the 64-byte record (`<kernel>.kd`) the runtime reads to launch a
// kernel. Layout and bit fields as documented in LLVM's AMDGPUUsage for GFX10/GFX11.
#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace gcnkit::isa {

struct KernelDescriptor {
  uint32_t groupSegmentFixedSize = 0;    // bytes 0..3: LDS
  uint32_t privateSegmentFixedSize = 0;  // bytes 4..7: scratch per work-item
  uint32_t kernargSize = 0;              // bytes 8..11
  int64_t kernelCodeEntryByteOffset = 0; // bytes 16..23: entry relative to the descriptor
  uint32_t computePgmRsrc3 = 0;          // bytes 44..47
  uint32_t computePgmRsrc1 = 0;          // bytes 48..51
  uint32_t computePgmRsrc2 = 0;          // bytes 52..55
  uint16_t kernelCodeProperties = 0;     // bytes 56..57
  uint16_t kernargPreload = 0;           // bytes 58..59

  static constexpr size_t kSize = 64;
  static constexpr size_t kEntryOffsetPos = 16;

  std::array<uint8_t, kSize> encode() const;
  // Reads a descriptor; returns false if fewer than 64 bytes are given.
  static bool decode(std::span<const uint8_t> bytes, KernelDescriptor &out);
};

// Bit positions of the descriptor words (GFX10/GFX11).
namespace kd {
struct BitField {
  uint8_t lo;
  uint8_t width;
  constexpr uint32_t mask() const { return ((width == 32 ? 0 : (1u << width)) - 1u) << lo; }
  constexpr uint32_t get(uint32_t w) const { return (w & mask()) >> lo; }
  constexpr uint32_t set(uint32_t w, uint32_t v) const {
    return (w & ~mask()) | ((v << lo) & mask());
  }
};
// COMPUTE_PGM_RSRC1
inline constexpr BitField kGranulatedWorkitemVgprCount{0, 6};
inline constexpr BitField kGranulatedWavefrontSgprCount{6, 4};
inline constexpr BitField kPriority{10, 2};
inline constexpr BitField kFloatRoundMode32{12, 2};
inline constexpr BitField kFloatRoundMode16_64{14, 2};
inline constexpr BitField kFloatDenormMode32{16, 2};
inline constexpr BitField kFloatDenormMode16_64{18, 2};
inline constexpr BitField kPriv{20, 1};
inline constexpr BitField kEnableDx10Clamp{21, 1};
inline constexpr BitField kDebugMode{22, 1};
inline constexpr BitField kEnableIeeeMode{23, 1};
inline constexpr BitField kBulky{24, 1};
inline constexpr BitField kCdbgUser{25, 1};
inline constexpr BitField kFp16Ovfl{26, 1};
inline constexpr BitField kWgpMode{29, 1};
inline constexpr BitField kMemOrdered{30, 1};
inline constexpr BitField kFwdProgress{31, 1};
// COMPUTE_PGM_RSRC2
inline constexpr BitField kEnablePrivateSegment{0, 1};
inline constexpr BitField kUserSgprCount{1, 5};
inline constexpr BitField kEnableTrapHandler{6, 1};
inline constexpr BitField kEnableSgprWorkgroupIdX{7, 1};
inline constexpr BitField kEnableSgprWorkgroupIdY{8, 1};
inline constexpr BitField kEnableSgprWorkgroupIdZ{9, 1};
inline constexpr BitField kEnableSgprWorkgroupInfo{10, 1};
inline constexpr BitField kEnableVgprWorkitemId{11, 2};
inline constexpr BitField kEnableExceptionAddressWatch{13, 1};
inline constexpr BitField kEnableExceptionMemory{14, 1};
inline constexpr BitField kGranulatedLdsSize{15, 9};
inline constexpr BitField kExceptionFpIeeeInvalidOp{24, 1};
inline constexpr BitField kExceptionFpDenormSrc{25, 1};
inline constexpr BitField kExceptionFpIeeeDivZero{26, 1};
inline constexpr BitField kExceptionFpIeeeOverflow{27, 1};
inline constexpr BitField kExceptionFpIeeeUnderflow{28, 1};
inline constexpr BitField kExceptionFpIeeeInexact{29, 1};
inline constexpr BitField kExceptionIntDivZero{30, 1};
// COMPUTE_PGM_RSRC3 (GFX10/GFX11)
inline constexpr BitField kSharedVgprCount{0, 4};
inline constexpr BitField kInstPrefSize{4, 6};
inline constexpr BitField kTrapOnStart{10, 1};
inline constexpr BitField kTrapOnEnd{11, 1};
inline constexpr BitField kImageOp{31, 1};
// KERNEL_CODE_PROPERTIES
inline constexpr BitField kEnableSgprPrivateSegmentBuffer{0, 1};
inline constexpr BitField kEnableSgprDispatchPtr{1, 1};
inline constexpr BitField kEnableSgprQueuePtr{2, 1};
inline constexpr BitField kEnableSgprKernargSegmentPtr{3, 1};
inline constexpr BitField kEnableSgprDispatchId{4, 1};
inline constexpr BitField kEnableSgprFlatScratchInit{5, 1};
inline constexpr BitField kEnableSgprPrivateSegmentSize{6, 1};
inline constexpr BitField kEnableWavefrontSize32{10, 1};
inline constexpr BitField kUsesDynamicStack{11, 1};
} // namespace kd

} // namespace gcnkit::isa
