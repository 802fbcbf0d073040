// The descriptors image instructions read, as data: where each field of an image resource (T#)
// and a sampler (S#) sits on a target, the
// hardware codes of their enumerated fields, and what each unified data format holds. The
// emulator decodes descriptors through these layouts and the runtime encodes them through the
// same ones, so a target with other positions (gfx9's T#) is a new layout, not new code.
//
// gfx11 positions: AMD's ROCr image runtime headers (resource_gfx11.h), which write the
// descriptors ROCm's OpenCL and HIP images use; the enumerations are those of the same header.
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>

#include "gcnkit/isa.h"
#include "isa/buffer_resource.h"
#include "isa/mem_symbolic.h"

namespace gcnkit::isa::image {

// A field of a descriptor held in SGPRs / memory as dwords: its dword, first bit and width
// (width 0: the target has no such field, it reads 0 and writes nothing).
struct DescField {
  uint8_t dword = 0;
  uint8_t lo = 0;
  uint8_t width = 0;

  constexpr bool present() const { return width != 0; }
  constexpr uint32_t maxValue() const { return width >= 32 ? ~0u : (1u << width) - 1; }
  constexpr uint32_t get(const uint32_t *d) const {
    return width ? (d[dword] >> lo) & maxValue() : 0;
  }
  constexpr void set(uint32_t *d, uint32_t v) const {
    if (width)
      d[dword] = (d[dword] & ~(maxValue() << lo)) | (v & maxValue()) << lo;
  }
};

// The image resource (T#).
struct ImageResourceLayout {
  uint8_t dwords;      // 8; an instruction with r128 reads only the first 4
  uint8_t baseShift;   // the base fields hold the address >> baseShift (256-byte aligned)
  DescField baseLo;    // address bits [baseShift + 31 : baseShift]
  DescField baseHi;    // the address bits above those
  DescField format;    // unified data format (mem_symbolic.h's kBufferFormats)
  DescField widthLo;   // width - 1, low bits ...
  DescField widthHi;   // ... and the bits above them
  DescField height;    // height - 1
  DescField dstSel[4]; // which component (or constant) each of x, y, z, w returns (kSel*)
  DescField baseLevel; // the first mip level of the view
  DescField lastLevel;
  DescField swMode; // surface swizzle (tiling) mode; 0 is linear
  DescField type;   // kType*
  // 3-D: depth - 1; arrays: the last array slice of the view; 1-D and 2-D: pitch - 1 in texels
  // (the low bits of `pitch`, which is wider).
  DescField depth;
  DescField pitch;     // 1-D and 2-D: pitch - 1 in texels
  DescField baseArray; // arrays: the first slice of the view
};

// The sampler (S#).
struct SamplerLayout {
  DescField clamp[3]; // addressing of x, y, z (kClamp*)
  DescField maxAnisoRatio;
  DescField depthCompareFunc;
  DescField forceUnnormalized; // coordinates are in texels whatever the instruction says
  DescField minLod, maxLod;    // unsigned 4.8 fixed point
  DescField lodBias;
  DescField xyMagFilter, xyMinFilter; // kXyFilter*
  DescField zFilter;                  // kZFilter*
  DescField mipFilter;                // kMipFilter*
  DescField borderColorPtr;
  DescField borderColorType; // kBorder*
  DescField filterMode;      // 0 blend; min / max reduction otherwise
};

// (A 1-D buffer image is a buffer resource: isa/buffer_resource.h, TargetInfo::bufferResource.)
struct DescriptorLayouts {
  ImageResourceLayout image;
  SamplerLayout sampler;
};

// The layouts of a target; nullptr when they are not described (gfx908: its image instructions
// are not emulated).
const DescriptorLayouts *descriptorLayouts(Target target);

// ---- hardware codes ---------------------------------------------------------------------------

// dst_sel: a constant or a component of the texel.
inline constexpr uint32_t kSelZero = 0, kSelOne = 1, kSelX = 4, kSelY = 5, kSelZ = 6, kSelW = 7;

// T# TYPE.
inline constexpr uint32_t kType1D = 8, kType2D = 9, kType3D = 10, kTypeCube = 11, kType1DArray = 12,
                          kType2DArray = 13, kType2DMsaa = 14, kType2DMsaaArray = 15;

// S# CLAMP_X / Y / Z.
inline constexpr uint32_t kClampWrap = 0, kClampMirror = 1, kClampLastTexel = 2,
                          kClampMirrorOnceLastTexel = 3, kClampHalfBorder = 4,
                          kClampMirrorOnceHalfBorder = 5, kClampBorder = 6,
                          kClampMirrorOnceBorder = 7;
// S# XY_MAG_FILTER / XY_MIN_FILTER, Z_FILTER, MIP_FILTER.
inline constexpr uint32_t kXyFilterPoint = 0, kXyFilterBilinear = 1, kXyFilterAnisoPoint = 2,
                          kXyFilterAnisoBilinear = 3;
inline constexpr uint32_t kZFilterNone = 0, kZFilterPoint = 1, kZFilterLinear = 2;
inline constexpr uint32_t kMipFilterNone = 0, kMipFilterPoint = 1, kMipFilterLinear = 2;
// S# BORDER_COLOR_TYPE.
inline constexpr uint32_t kBorderTransparentBlack = 0, kBorderOpaqueBlack = 1,
                          kBorderOpaqueWhite = 2, kBorderRegister = 3;

// ---- unified data formats ----------------------------------------------------------------------

using NumFormat = isa::NumFormat; // shared with buffer formats (isa/buffer_resource.h)

// What a texel of a unified format holds: `comps` components of `bits` bits each, in memory
// order x, y, z, w. comps == 0: a packed format with components of different widths (5_6_5,
// 2_10_10_10, 10_11_11 ...) or an invalid code, which gcnkit does not convert.
struct FormatInfo {
  uint8_t comps = 0;
  uint8_t bits = 0;
  NumFormat num = NumFormat::Unorm;

  constexpr unsigned texelBytes() const { return comps * bits / 8u; }
  constexpr bool isInteger() const { return num == NumFormat::Uint || num == NumFormat::Sint; }
};

// Read off the format's name (BUF_FMT_<widths>_<numeric format>, mem_symbolic.h), so the table
// of names stays the only list of formats.
constexpr FormatInfo formatInfo(uint32_t code) {
  if (code == 0 || code >= mem::kBufferFormats.size())
    return {};
  std::string_view name = mem::kBufferFormats[code];
  name.remove_prefix(std::string_view("BUF_FMT_").size());
  const size_t last = name.rfind('_');
  const std::string_view num = name.substr(last + 1);
  FormatInfo f;
  constexpr std::pair<std::string_view, NumFormat> kNums[] = {
      {"UNORM", NumFormat::Unorm},     {"SNORM", NumFormat::Snorm}, {"USCALED", NumFormat::Uscaled},
      {"SSCALED", NumFormat::Sscaled}, {"UINT", NumFormat::Uint},   {"SINT", NumFormat::Sint},
      {"FLOAT", NumFormat::Float}};
  bool known = false;
  for (const auto &[text, value] : kNums)
    if (num == text) {
      f.num = value;
      known = true;
    }
  if (!known)
    return {};
  unsigned comps = 0, bits = 0;
  for (std::string_view widths = name.substr(0, last); !widths.empty();) {
    const size_t sep = widths.find('_');
    const std::string_view w = widths.substr(0, sep);
    unsigned v = 0;
    for (char c : w)
      v = v * 10 + static_cast<unsigned>(c - '0');
    if ((comps && v != bits) || (v != 8 && v != 16 && v != 32))
      return {}; // mixed widths: packed
    bits = v;
    ++comps;
    widths = sep == std::string_view::npos ? std::string_view() : widths.substr(sep + 1);
  }
  f.comps = static_cast<uint8_t>(comps);
  f.bits = static_cast<uint8_t>(bits);
  return f;
}

} // namespace gcnkit::isa::image
