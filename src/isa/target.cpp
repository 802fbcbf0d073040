// Per-target facts: processor names, target ids and e_flags (include/gcnkit/target.h), and the
// format prefixes and special scalar registers of each target (target_info.h).
#include <algorithm>
#include <span>
#include <vector>

#include "gcnkit/target.h"
#include "isa/salu_symbolic.h"
#include "isa/target_info.h"

namespace gcnkit::isa {

namespace {

// A microcode format prefix: the leading bits of the first dword, most significant first.
struct Prefix {
  std::string_view bits;
  Format format;
};

// GFX11 (RDNA3 ISA, "Microcode Formats"). VOP3P's encoding field is [31:23] (0xCC and a zero
// bit 23: 110011001 is no format).
constexpr Prefix kGfx11Prefixes[] = {
    {"0", Format::VOP2},          {"0111111", Format::VOP1},     {"0111110", Format::VOPC},
    {"10", Format::SOP2},         {"1011", Format::SOPK},        {"101111101", Format::SOP1},
    {"101111110", Format::SOPC},  {"101111111", Format::SOPP},   {"110010", Format::VOPD},
    {"110011000", Format::VOP3P}, {"11001101", Format::VINTERP}, {"11001110", Format::LDSDIR},
    {"110101", Format::VOP3},     {"110110", Format::DS},        {"110111", Format::FLAT},
    {"111000", Format::MUBUF},    {"111010", Format::MTBUF},     {"111100", Format::MIMG},
    {"111101", Format::SMEM},     {"111110", Format::EXP},
};

// GFX9 (MI100 ISA, "Microcode Formats"). VOP3P sits inside the VOP3 prefix (VOP3 opcodes
// 0x380-0x3ff do not exist).
constexpr Prefix kGfx9Prefixes[] = {
    {"0", Format::VOP2},         {"0111111", Format::VOP1},   {"0111110", Format::VOPC},
    {"10", Format::SOP2},        {"1011", Format::SOPK},      {"101111101", Format::SOP1},
    {"101111110", Format::SOPC}, {"101111111", Format::SOPP}, {"110000", Format::SMEM},
    {"110001", Format::EXP},     {"110100", Format::VOP3},    {"110100111", Format::VOP3P},
    {"110101", Format::VINTRP},  {"110110", Format::DS},      {"110111", Format::FLAT},
    {"111000", Format::MUBUF},   {"111010", Format::MTBUF},   {"111100", Format::MIMG},
};

// Longer prefixes override the shorter ones they extend.
std::array<Format, 512> prefixTable(std::span<const Prefix> prefixes) {
  std::array<Format, 512> table;
  table.fill(Format::Count);
  std::vector<Prefix> sorted(prefixes.begin(), prefixes.end());
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const Prefix &a, const Prefix &b) { return a.bits.size() < b.bits.size(); });
  for (const Prefix &p : sorted) {
    unsigned value = 0;
    for (char c : p.bits)
      value = value << 1 | (c == '1');
    const unsigned free = 9 - static_cast<unsigned>(p.bits.size());
    for (unsigned low = 0; low < (1u << free); ++low)
      table[value << free | low] = p.format;
  }
  return table;
}

std::array<uint32_t, static_cast<size_t>(Format::Count)>
prefixWords(std::span<const Prefix> prefixes) {
  std::array<uint32_t, static_cast<size_t>(Format::Count)> words{};
  for (const Prefix &p : prefixes) {
    uint32_t value = 0;
    for (char c : p.bits)
      value = value << 1 | (c == '1');
    words[static_cast<size_t>(p.format)] = value << (32 - p.bits.size());
  }
  return words;
}

// DPP16 controls (dpp_ctrl values) as llvm-mc-19 spells them per target.
constexpr DppControlSpelling kGfx11DppControls[] = {
    {0x000, 0x0ff, "quad_perm", 0},
    {0x101, 0x10f, "row_shl", 1},
    {0x111, 0x11f, "row_shr", 1},
    {0x121, 0x12f, "row_ror", 1},
    {0x130, 0x130, " /* wave_shl is not supported starting from GFX10 */", 0, true},
    {0x134, 0x134, " /* wave_rol is not supported starting from GFX10 */", 0, true},
    {0x138, 0x138, " /* wave_shr is not supported starting from GFX10 */", 0, true},
    {0x13c, 0x13c, " /* wave_ror is not supported starting from GFX10 */", 0, true},
    {0x140, 0x140, "row_mirror", -1},
    {0x141, 0x141, "row_half_mirror", -1},
    {0x142, 0x143, " /* row_bcast is not supported starting from GFX10 */", 0, true},
    {0x150, 0x15f, "row_share", 0},
    {0x160, 0x16f, "row_xmask", 0},
};

constexpr DppControlSpelling kGfx9DppControls[] = {
    {0x000, 0x0ff, "quad_perm", 0},
    {0x101, 0x10f, "row_shl", 1},
    {0x111, 0x11f, "row_shr", 1},
    {0x121, 0x12f, "row_ror", 1},
    {0x130, 0x130, "wave_shl", 1},
    {0x134, 0x134, "wave_rol", 1},
    {0x138, 0x138, "wave_shr", 1},
    {0x13c, 0x13c, "wave_ror", 1},
    {0x140, 0x140, "row_mirror", -1},
    {0x141, 0x141, "row_half_mirror", -1},
    {0x142, 0x142, "row_bcast", 15},
    {0x143, 0x143, "row_bcast", 31},
    {0x150, 0x15f,
     "  /* row_newbcast/row_share is not supported on ASICs earlier than GFX90A/GFX10 */", 0, true},
    {0x160, 0x16f, " /* row_xmask is not supported on ASICs earlier than GFX10 */", 0, true},
};

// The memory formats' field layouts (scripts/isa/<target>_mem.py writes them).
constexpr mem::MemLayout kGfx1100Mem =
#include "gfx1100/mem_layout.inc"
    ;
constexpr mem::MemLayout kGfx908Mem =
#include "gfx908/mem_layout.inc"
    ;

// The buffer resources (V#) of the ISA manuals: gfx11 has a unified format, a 2-bit
// swizzle_enable and oob_select; gfx9 a data and a numeric format, a 1-bit swizzle_enable whose
// buffers interleave dwords, no range-check selector, and stride bits [17:14] in the data format
// when add_tid_enable is set. Fields as {first bit, width} over the 128 bits.
constexpr BufferResourceLayout kGfx11BufferResource{
    .base = {0, 48},
    .stride = {48, 14},
    .swizzleEnable = {62, 2},
    .numRecords = {64, 32},
    .dstSel = {96, 12},
    .unifiedFormat = {108, 7},
    .dataFormat = {},
    .numFormat = {},
    .indexStride = {117, 2},
    .addTidEnable = {119, 1},
    .oobSelect = {124, 2},
    .strideHigh = {},
    // Swizzled gfx11 buffers (element sizes 4 / 16 by swizzle_enable) are not emulated.
    .swizzleElementBytes = {0, 0, 0, 0},
    .invalidDataFormatUnbound = false,
};
constexpr BufferResourceLayout kGfx9BufferResource{
    .base = {0, 48},
    .stride = {48, 14},
    .swizzleEnable = {63, 1},
    .numRecords = {64, 32},
    .dstSel = {96, 12},
    .unifiedFormat = {},
    .dataFormat = {111, 4},
    .numFormat = {108, 3},
    .indexStride = {117, 2},
    .addTidEnable = {119, 1},
    .oobSelect = {},
    .strideHigh = {111, 4},
    .swizzleElementBytes = {0, 4, 0, 0},
    .invalidDataFormatUnbound = true,
};

constexpr uint8_t kNone = ScalarRegisters::kNone;
constexpr uint8_t kNoBit = SmemLayout::kNoBit;

const TargetInfo &gfx1100Info() {
  static const TargetInfo info{
      Target::GFX1100,
      TargetInfo::kVop3Literal | TargetInfo::kDppFetchInactive | TargetInfo::kWritelaneLdsDirect |
          TargetInfo::kAsmReportsLastVariant | TargetInfo::kPackedWorkItemIds |
          TargetInfo::k16BitResultsKeepHigh | TargetInfo::kSwizzleRotateFft |
          TargetInfo::kPermuteWithinHalves | TargetInfo::kVgprHalfBit | TargetInfo::kGdsSingleLane |
          TargetInfo::kOrderedCountGsRegisters,
      {/*sgprs*/ 106, /*flatScratch*/ kNone, /*xnackMask*/ kNone,
       /*vcc*/ 106,
       /*ttmp*/ 108, /*null*/ 124, /*m0*/ 125, /*exec*/ 126,
       /*printedNull*/ 124},
      prefixTable(kGfx11Prefixes),
      prefixWords(kGfx11Prefixes),
      /*constantBusLimit*/ 2,
      {/*encoding*/ 0x3D, /*glc*/ 14, /*dlc*/ 13, /*imm*/ kNoBit,
       /*soffsetEn*/ kNoBit, /*strictPolicyBits*/ true},
      &salu::kGfx1100Symbols,
      {/*gfxMajor*/ 11, /*architectedFlatScratch*/ true,
       /*sgprGranule*/ 0, /*addressableSgprs*/ 0},
      kGfx11DppControls,
      kGfx1100Mem,
      kGfx11BufferResource,
      /*ldsBytesPerWorkgroup*/ 64 * 1024};
  return info;
}

const TargetInfo &gfx908Info() {
  static const TargetInfo info{
      Target::GFX908,
      TargetInfo::kVcczExeczSources | TargetInfo::kLdsDirect | TargetInfo::kPopsExitingWaveId |
          TargetInfo::kDppBoundCtrlZeroSets | TargetInfo::kAsmCountsVccTokens |
          TargetInfo::kAccVgprs | TargetInfo::kCmpxWritesResult,
      {/*sgprs*/ 102, /*flatScratch*/ 102, /*xnackMask*/ 104, /*vcc*/ 106,
       /*ttmp*/ 108, /*null*/ kNone, /*m0*/ 124, /*exec*/ 126,
       /*printedNull*/ 125},
      prefixTable(kGfx9Prefixes),
      prefixWords(kGfx9Prefixes),
      /*constantBusLimit*/ 1,
      {/*encoding*/ 0x30, /*glc*/ 16, /*dlc*/ kNoBit, /*imm*/ 17, /*soffsetEn*/ 14,
       /*strictPolicyBits*/ false},
      &salu::kGfx908Symbols,
      {/*gfxMajor*/ 9, /*architectedFlatScratch*/ false, /*sgprGranule*/ 8,
       /*addressableSgprs*/ 102},
      kGfx9DppControls,
      kGfx908Mem,
      kGfx9BufferResource,
      /*ldsBytesPerWorkgroup*/ 64 * 1024};
  return info;
}

// EF_AMDGPU_MACH values and the feature fields of e_flags (AMDGPUUsage, "ELF Header").
constexpr uint32_t kMachGfx1100 = 0x41;
constexpr uint32_t kMachGfx908 = 0x30;
constexpr uint32_t kXnackShift = 8;    // EF_AMDGPU_FEATURE_XNACK_V4: 0x300
constexpr uint32_t kSrameccShift = 10; // EF_AMDGPU_FEATURE_SRAMECC_V4: 0xc00
constexpr uint32_t kXnackV3 = 0x100;
constexpr uint32_t kSrameccV3 = 0x200;

// The 2-bit v4 field: 0 unsupported, 1 any, 2 off, 3 on.
uint32_t featureField(bool supported, FeatureSetting s) {
  if (!supported)
    return 0;
  switch (s) {
  case FeatureSetting::Off:
    return 2;
  case FeatureSetting::On:
    return 3;
  default:
    return 1;
  }
}

std::optional<FeatureSetting> settingOfField(uint32_t v) {
  switch (v) {
  case 1:
    return FeatureSetting::Any;
  case 2:
    return FeatureSetting::Off;
  case 3:
    return FeatureSetting::On;
  default:
    return std::nullopt;
  }
}

} // namespace

const TargetInfo &targetInfo(Target t) {
  return t == Target::GFX908 ? gfx908Info() : gfx1100Info();
}

std::string_view processorName(Target t) { return t == Target::GFX908 ? "gfx908" : "gfx1100"; }

std::optional<Target> targetByProcessor(std::string_view name) {
  if (name == "gfx1100")
    return Target::GFX1100;
  if (name == "gfx908")
    return Target::GFX908;
  return std::nullopt;
}

std::string_view supportedProcessors() { return "gfx1100, gfx908"; }

bool supportsSramecc(Target t) { return t == Target::GFX908; }
bool supportsXnack(Target t) { return t == Target::GFX908; }
bool supportsWave32(Target t) { return t != Target::GFX908; }
bool defaultWave64(Target t) { return t == Target::GFX908; }

std::optional<TargetId> parseTargetId(std::string_view text, std::string &error) {
  const size_t colon = text.find(':');
  const std::string_view processor = text.substr(0, colon);
  const std::optional<Target> t = targetByProcessor(processor);
  if (!t) {
    error = "unknown processor '" + std::string(processor) +
            "' (supported: " + std::string(supportedProcessors()) + ")";
    return std::nullopt;
  }
  TargetId id;
  id.target = *t;
  std::string_view rest = colon == std::string_view::npos ? "" : text.substr(colon + 1);
  while (colon != std::string_view::npos) {
    const size_t next = rest.find(':');
    const std::string_view item = rest.substr(0, next);
    const char sign = item.empty() ? 0 : item.back();
    const std::string_view feature = item.substr(0, item.empty() ? 0 : item.size() - 1);
    FeatureSetting *slot = feature == "xnack" && supportsXnack(*t)       ? &id.xnack
                           : feature == "sramecc" && supportsSramecc(*t) ? &id.sramecc
                                                                         : nullptr;
    if (!slot || (sign != '+' && sign != '-')) {
      error = "invalid target feature '" + std::string(item) + "' in target id '" +
              std::string(text) + "'";
      return std::nullopt;
    }
    *slot = sign == '+' ? FeatureSetting::On : FeatureSetting::Off;
    if (next == std::string_view::npos)
      break;
    rest = rest.substr(next + 1);
  }
  return id;
}

std::string targetIdString(const TargetId &id) {
  std::string s(processorName(id.target));
  if (id.sramecc != FeatureSetting::Any)
    s += id.sramecc == FeatureSetting::On ? ":sramecc+" : ":sramecc-";
  if (id.xnack != FeatureSetting::Any)
    s += id.xnack == FeatureSetting::On ? ":xnack+" : ":xnack-";
  return s;
}

uint32_t elfFlags(const TargetId &id) {
  const uint32_t mach = id.target == Target::GFX908 ? kMachGfx908 : kMachGfx1100;
  return mach | featureField(supportsXnack(id.target), id.xnack) << kXnackShift |
         featureField(supportsSramecc(id.target), id.sramecc) << kSrameccShift;
}

uint32_t elfFlagsV3(const TargetId &id) {
  // One bit per feature, set where the processor has it and the setting is on or "any" (LLVM's
  // isXnackOnOrAny / isSramEccOnOrAny).
  const uint32_t mach = id.target == Target::GFX908 ? kMachGfx908 : kMachGfx1100;
  return mach | (supportsXnack(id.target) && id.xnack != FeatureSetting::Off ? kXnackV3 : 0) |
         (supportsSramecc(id.target) && id.sramecc != FeatureSetting::Off ? kSrameccV3 : 0);
}

std::optional<TargetId> targetIdFromElfFlags(uint32_t eflags) {
  TargetId id;
  switch (eflags & kElfMachMask) {
  case kMachGfx1100:
    id.target = Target::GFX1100;
    return id;
  case kMachGfx908:
    id.target = Target::GFX908;
    break;
  default:
    return std::nullopt;
  }
  // An unsupported (0) field reads as Any: objects of older code object versions.
  id.xnack = settingOfField((eflags >> kXnackShift) & 3).value_or(FeatureSetting::Any);
  id.sramecc = settingOfField((eflags >> kSrameccShift) & 3).value_or(FeatureSetting::Any);
  return id;
}

} // namespace gcnkit::isa
