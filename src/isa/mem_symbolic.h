// Facts about memory instructions shared by the assembler and the disassembler: the GFX11
// unified buffer data formats and gfx9's data / numeric formats (MTBUF format:[...]), the image
// dimensions (MIMG dim:...) and how many address dwords an image instruction takes, as modelled
// in the MIMG rows' flags (see scripts/isa/mem_learn.py, MIMG section), and the export target
// names.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace gcnkit::isa::mem {

// Unified buffer formats 0..63 as llvm-mc names them; format 1 is the default (not printed).
inline constexpr unsigned kDefaultBufferFormat = 1;
inline constexpr std::array<std::string_view, 64> kBufferFormats = {
    "BUF_FMT_INVALID",
    "BUF_FMT_8_UNORM",
    "BUF_FMT_8_SNORM",
    "BUF_FMT_8_USCALED",
    "BUF_FMT_8_SSCALED",
    "BUF_FMT_8_UINT",
    "BUF_FMT_8_SINT",
    "BUF_FMT_16_UNORM",
    "BUF_FMT_16_SNORM",
    "BUF_FMT_16_USCALED",
    "BUF_FMT_16_SSCALED",
    "BUF_FMT_16_UINT",
    "BUF_FMT_16_SINT",
    "BUF_FMT_16_FLOAT",
    "BUF_FMT_8_8_UNORM",
    "BUF_FMT_8_8_SNORM",
    "BUF_FMT_8_8_USCALED",
    "BUF_FMT_8_8_SSCALED",
    "BUF_FMT_8_8_UINT",
    "BUF_FMT_8_8_SINT",
    "BUF_FMT_32_UINT",
    "BUF_FMT_32_SINT",
    "BUF_FMT_32_FLOAT",
    "BUF_FMT_16_16_UNORM",
    "BUF_FMT_16_16_SNORM",
    "BUF_FMT_16_16_USCALED",
    "BUF_FMT_16_16_SSCALED",
    "BUF_FMT_16_16_UINT",
    "BUF_FMT_16_16_SINT",
    "BUF_FMT_16_16_FLOAT",
    "BUF_FMT_10_11_11_FLOAT",
    "BUF_FMT_11_11_10_FLOAT",
    "BUF_FMT_10_10_10_2_UNORM",
    "BUF_FMT_10_10_10_2_SNORM",
    "BUF_FMT_10_10_10_2_UINT",
    "BUF_FMT_10_10_10_2_SINT",
    "BUF_FMT_2_10_10_10_UNORM",
    "BUF_FMT_2_10_10_10_SNORM",
    "BUF_FMT_2_10_10_10_USCALED",
    "BUF_FMT_2_10_10_10_SSCALED",
    "BUF_FMT_2_10_10_10_UINT",
    "BUF_FMT_2_10_10_10_SINT",
    "BUF_FMT_8_8_8_8_UNORM",
    "BUF_FMT_8_8_8_8_SNORM",
    "BUF_FMT_8_8_8_8_USCALED",
    "BUF_FMT_8_8_8_8_SSCALED",
    "BUF_FMT_8_8_8_8_UINT",
    "BUF_FMT_8_8_8_8_SINT",
    "BUF_FMT_32_32_UINT",
    "BUF_FMT_32_32_SINT",
    "BUF_FMT_32_32_FLOAT",
    "BUF_FMT_16_16_16_16_UNORM",
    "BUF_FMT_16_16_16_16_SNORM",
    "BUF_FMT_16_16_16_16_USCALED",
    "BUF_FMT_16_16_16_16_SSCALED",
    "BUF_FMT_16_16_16_16_UINT",
    "BUF_FMT_16_16_16_16_SINT",
    "BUF_FMT_16_16_16_16_FLOAT",
    "BUF_FMT_32_32_32_UINT",
    "BUF_FMT_32_32_32_SINT",
    "BUF_FMT_32_32_32_FLOAT",
    "BUF_FMT_32_32_32_32_UINT",
    "BUF_FMT_32_32_32_32_SINT",
    "BUF_FMT_32_32_32_32_FLOAT",
};

// The split spelling format:[BUF_DATA_FORMAT_<data>, BUF_NUM_FORMAT_<num>]: gfx9's format field
// holds these by number (data format in bits 3:0, numeric format in bits 6:4; the default,
// not printed, is 8 / UNORM); on GFX11 the pair names the unified format BUF_FMT_<data>_<num>
// (BUF_DATA_FORMAT_INVALID with UNORM is BUF_FMT_INVALID; the reserved ones name none).
inline constexpr std::array<std::string_view, 16> kBufferDataFormats = {
    "INVALID",     "8",        "16",          "8_8",        "32",      "16_16",
    "10_11_11",    "11_11_10", "10_10_10_2",  "2_10_10_10", "8_8_8_8", "32_32",
    "16_16_16_16", "32_32_32", "32_32_32_32", "RESERVED_15"};
inline constexpr std::array<std::string_view, 8> kBufferNumFormats = {
    "UNORM", "SNORM", "USCALED", "SSCALED", "UINT", "SINT", "RESERVED_6", "FLOAT"};
inline constexpr unsigned kDefaultDataFormat = 1, kDefaultNumFormat = 0;
inline constexpr unsigned kNumFormatShift = 4; // gfx9: the numeric format above the data format

// Export targets (EXP tgt) as llvm-mc names them on any processor: a name alone, or numbered
// from the first value on (mrt0..mrt7). isa::TargetInfo::mem.expTargets says which a target
// has; the others print as invalid_target_<n> and assemble as "not supported on this GPU".
struct ExpTargetName {
  uint8_t first, last;
  std::string_view name;
  bool numbered;
};
inline constexpr ExpTargetName kExpTargetNames[] = {
    {0, 7, "mrt", true},    {8, 8, "mrtz", false},   {9, 9, "null", false},
    {12, 16, "pos", true},  {20, 20, "prim", false}, {21, 22, "dual_src_blend", true},
    {32, 63, "param", true}};

// Image dimensions (the dim field), their coordinate and derivative counts.
inline constexpr std::array<std::string_view, 8> kImageDims = {
    "SQ_RSRC_IMG_1D",      "SQ_RSRC_IMG_2D",           "SQ_RSRC_IMG_3D",
    "SQ_RSRC_IMG_CUBE",    "SQ_RSRC_IMG_1D_ARRAY",     "SQ_RSRC_IMG_2D_ARRAY",
    "SQ_RSRC_IMG_2D_MSAA", "SQ_RSRC_IMG_2D_MSAA_ARRAY"};
inline constexpr unsigned kImageDimMsaa = 6, kImageDimMsaaArray = 7;
inline constexpr unsigned kImageCoords[8] = {1, 2, 3, 3, 2, 3, 3, 4};
inline constexpr unsigned kImageGradients[8] = {2, 4, 6, 4, 2, 4, 4, 4};

// MIMG row flags (see the generator): address model and vdata variants.
inline constexpr uint32_t kMimgGatherLike = 1u << 12; // four results whatever dmask says
inline constexpr uint32_t kMimgHasCoords = 1u << 15;
inline constexpr unsigned kMimgVdataVariantsShift = 16; // bits 16..20: vdata widths 1..5
inline constexpr uint32_t kMimgVdata4As5 = 1u << 21;    // the 4-dword variant has five registers
inline constexpr uint32_t kMimgGradients = 1u << 24;
inline constexpr uint32_t kMimgGradients16 = 1u << 25;

// The NSA default address count (bits 13..14, minus 2) and the widest non-NSA vaddr (bits
// 28..31; 13..16 mean 16).
constexpr unsigned mimgNsaDefault(uint32_t flags) { return 2 + ((flags >> 13) & 3); }
constexpr unsigned mimgMaxPlainVaddr(uint32_t flags) { return flags >> 28; }

// A target without an address model (gfx9): the vaddr widths llvm-mc's assembler takes, bit
// w-1 for width w (row flags bits 13..15: widths 1..3, bits 22..31: widths 4..13).
constexpr uint32_t mimgVaddrWidths(uint32_t flags) {
  return ((flags >> 13) & 7) | (flags >> 22) << 3;
}

// Address dwords an image instruction takes for this dim and a16.
constexpr unsigned mimgAddressSize(uint32_t flags, unsigned dim, bool a16) {
  unsigned n = (flags >> 22) & 3;
  if (flags & kMimgGradients)
    n += (flags & kMimgGradients16) ? ((kImageGradients[dim] / 2 + 1) & ~1u) : kImageGradients[dim];
  const unsigned comps = ((flags & kMimgHasCoords) ? kImageCoords[dim] : 0) + ((flags >> 26) & 3);
  return n + (a16 ? (comps + 1) / 2 : comps);
}

} // namespace gcnkit::isa::mem
