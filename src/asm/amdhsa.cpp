// The directives are a table: each field's descriptor word and bits, its default, which
// targets take it (as data of the target, isa::KernelDescriptorTraits) and which list it.
#include "asm/amdhsa.h"

#include <array>
#include <climits>

#include "isa/target_info.h"

namespace gcnkit::assembler {

namespace {

namespace kd = isa::kd;

enum class Word : uint8_t { Group, Private, Kernarg, Rsrc1, Rsrc2, Rsrc3, Props, Derived };

// Which targets have a directive (llvm-mc's message for the others), or list it.
enum class Gate : uint8_t {
  All,
  Gfx9,                 // listed before gfx10 only
  Gfx10Plus,            // "directive requires gfx10+"
  Gfx10Or11,            // "directive requires gfx10 or gfx11"
  ArchitectedScratch,   // "directive is not supported without architected flat scratch"
  NoArchitectedScratch, // "directive is not supported with architected flat scratch"
  Gfx90a,               // "directive requires gfx90a+" (neither gfx908 nor gfx1100)
  Gfx12Plus,            // "directive requires gfx12+"
};

struct FieldSpec {
  std::string_view name; // without ".amdhsa_"
  Word word;
  kd::BitField bits;    // for Rsrc*/Props; width also bounds Derived values
  int64_t defaultValue; // wave32 (see AmdhsaKernelBuilder::valueAt for wave64 and xnack)
  Gate accepted;        // the targets that take it
  Gate listed;          // the targets whose listing prints it (None: no listing)
  uint8_t userSgprs;    // user SGPRs the field enables when set
};

constexpr kd::BitField kWhole{0, 32};
constexpr kd::BitField kFlag{0, 1};
constexpr int64_t kRequired = INT64_MIN;
constexpr Gate kAll = Gate::All;
constexpr Gate kNoListing = Gate::Gfx12Plus; // no target of gcnkit lists these
constexpr Gate kFlatScratchInit = Gate::NoArchitectedScratch;

// In llvm-mc's listing order; fields it accepts but does not print come last.
constexpr std::array kFields = {
    FieldSpec{"group_segment_fixed_size", Word::Group, kWhole, 0, kAll, kAll, 0},
    FieldSpec{"private_segment_fixed_size", Word::Private, kWhole, 0, kAll, kAll, 0},
    FieldSpec{"kernarg_size", Word::Kernarg, kWhole, 0, kAll, kAll, 0},
    FieldSpec{"user_sgpr_count", Word::Derived, kWhole, -1, kAll, kAll, 0},
    FieldSpec{"user_sgpr_private_segment_buffer", Word::Props, kd::kEnableSgprPrivateSegmentBuffer,
              0, kFlatScratchInit, kFlatScratchInit, 4},
    FieldSpec{"user_sgpr_dispatch_ptr", Word::Props, kd::kEnableSgprDispatchPtr, 0, kAll, kAll, 2},
    FieldSpec{"user_sgpr_queue_ptr", Word::Props, kd::kEnableSgprQueuePtr, 0, kAll, kAll, 2},
    FieldSpec{"user_sgpr_kernarg_segment_ptr", Word::Props, kd::kEnableSgprKernargSegmentPtr, 0,
              kAll, kAll, 2},
    FieldSpec{"user_sgpr_dispatch_id", Word::Props, kd::kEnableSgprDispatchId, 0, kAll, kAll, 2},
    FieldSpec{"user_sgpr_flat_scratch_init", Word::Props, kd::kEnableSgprFlatScratchInit, 0,
              kFlatScratchInit, kFlatScratchInit, 2},
    FieldSpec{"user_sgpr_private_segment_size", Word::Props, kd::kEnableSgprPrivateSegmentSize, 0,
              kAll, kAll, 1},
    FieldSpec{"wavefront_size32", Word::Props, kd::kEnableWavefrontSize32, 1, Gate::Gfx10Plus,
              Gate::Gfx10Plus, 0},
    FieldSpec{"uses_dynamic_stack", Word::Props, kd::kUsesDynamicStack, 0, kAll, kAll, 0},
    FieldSpec{"system_sgpr_private_segment_wavefront_offset", Word::Rsrc2,
              kd::kEnablePrivateSegment, 0, kFlatScratchInit, kFlatScratchInit, 0},
    FieldSpec{"enable_private_segment", Word::Rsrc2, kd::kEnablePrivateSegment, 0,
              Gate::ArchitectedScratch, Gate::ArchitectedScratch, 0},
    FieldSpec{"system_sgpr_workgroup_id_x", Word::Rsrc2, kd::kEnableSgprWorkgroupIdX, 1, kAll, kAll,
              0},
    FieldSpec{"system_sgpr_workgroup_id_y", Word::Rsrc2, kd::kEnableSgprWorkgroupIdY, 0, kAll, kAll,
              0},
    FieldSpec{"system_sgpr_workgroup_id_z", Word::Rsrc2, kd::kEnableSgprWorkgroupIdZ, 0, kAll, kAll,
              0},
    FieldSpec{"system_sgpr_workgroup_info", Word::Rsrc2, kd::kEnableSgprWorkgroupInfo, 0, kAll,
              kAll, 0},
    FieldSpec{"system_vgpr_workitem_id", Word::Rsrc2, kd::kEnableVgprWorkitemId, 0, kAll, kAll, 0},
    FieldSpec{"next_free_vgpr", Word::Derived, kWhole, kRequired, kAll, kAll, 0},
    FieldSpec{"next_free_sgpr", Word::Derived, kWhole, kRequired, kAll, kAll, 0},
    FieldSpec{"reserve_vcc", Word::Derived, kFlag, 1, kAll, kAll, 0},
    FieldSpec{"reserve_flat_scratch", Word::Derived, kFlag, 1, kFlatScratchInit, kFlatScratchInit,
              0},
    // Must say what the target id says (its default); listed before gfx10 only.
    FieldSpec{"reserve_xnack_mask", Word::Derived, kFlag, 0, kAll, Gate::Gfx9, 0},
    FieldSpec{"float_round_mode_32", Word::Rsrc1, kd::kFloatRoundMode32, 0, kAll, kAll, 0},
    FieldSpec{"float_round_mode_16_64", Word::Rsrc1, kd::kFloatRoundMode16_64, 0, kAll, kAll, 0},
    FieldSpec{"float_denorm_mode_32", Word::Rsrc1, kd::kFloatDenormMode32, 0, kAll, kAll, 0},
    FieldSpec{"float_denorm_mode_16_64", Word::Rsrc1, kd::kFloatDenormMode16_64, 3, kAll, kAll, 0},
    FieldSpec{"dx10_clamp", Word::Rsrc1, kd::kEnableDx10Clamp, 1, kAll, kAll, 0},
    FieldSpec{"ieee_mode", Word::Rsrc1, kd::kEnableIeeeMode, 1, kAll, kAll, 0},
    FieldSpec{"fp16_overflow", Word::Rsrc1, kd::kFp16Ovfl, 0, kAll, kAll, 0},
    FieldSpec{"workgroup_processor_mode", Word::Rsrc1, kd::kWgpMode, 1, Gate::Gfx10Plus,
              Gate::Gfx10Plus, 0},
    FieldSpec{"memory_ordered", Word::Rsrc1, kd::kMemOrdered, 1, Gate::Gfx10Plus, Gate::Gfx10Plus,
              0},
    FieldSpec{"forward_progress", Word::Rsrc1, kd::kFwdProgress, 0, Gate::Gfx10Plus,
              Gate::Gfx10Plus, 0},
    FieldSpec{"shared_vgpr_count", Word::Rsrc3, kd::kSharedVgprCount, 0, Gate::Gfx10Or11,
              Gate::Gfx10Or11, 0},
    FieldSpec{"exception_fp_ieee_invalid_op", Word::Rsrc2, kd::kExceptionFpIeeeInvalidOp, 0, kAll,
              kAll, 0},
    FieldSpec{"exception_fp_denorm_src", Word::Rsrc2, kd::kExceptionFpDenormSrc, 0, kAll, kAll, 0},
    FieldSpec{"exception_fp_ieee_div_zero", Word::Rsrc2, kd::kExceptionFpIeeeDivZero, 0, kAll, kAll,
              0},
    FieldSpec{"exception_fp_ieee_overflow", Word::Rsrc2, kd::kExceptionFpIeeeOverflow, 0, kAll,
              kAll, 0},
    FieldSpec{"exception_fp_ieee_underflow", Word::Rsrc2, kd::kExceptionFpIeeeUnderflow, 0, kAll,
              kAll, 0},
    FieldSpec{"exception_fp_ieee_inexact", Word::Rsrc2, kd::kExceptionFpIeeeInexact, 0, kAll, kAll,
              0},
    FieldSpec{"exception_int_div_zero", Word::Rsrc2, kd::kExceptionIntDivZero, 0, kAll, kAll, 0},
    // Directives of other GPUs: llvm-mc names them, and says which GPUs have them.
    FieldSpec{"accum_offset", Word::Derived, kWhole, 0, Gate::Gfx90a, kNoListing, 0},
    FieldSpec{"tg_split", Word::Derived, kFlag, 0, Gate::Gfx90a, kNoListing, 0},
    FieldSpec{"user_sgpr_kernarg_preload_length", Word::Derived, kWhole, 0, Gate::Gfx90a,
              kNoListing, 0},
    FieldSpec{"user_sgpr_kernarg_preload_offset", Word::Derived, kWhole, 0, Gate::Gfx90a,
              kNoListing, 0},
    FieldSpec{"round_robin_scheduling", Word::Derived, kFlag, 0, Gate::Gfx12Plus, kNoListing, 0},
};

bool open(Gate g, const isa::KernelDescriptorTraits &t) {
  switch (g) {
  case Gate::All:
    return true;
  case Gate::Gfx9:
    return t.gfxMajor < 10;
  case Gate::Gfx10Plus:
    return t.gfxMajor >= 10;
  case Gate::Gfx10Or11:
    return t.gfxMajor == 10 || t.gfxMajor == 11;
  case Gate::ArchitectedScratch:
    return t.architectedFlatScratch;
  case Gate::NoArchitectedScratch:
    return !t.architectedFlatScratch;
  case Gate::Gfx90a:
    return false;
  case Gate::Gfx12Plus:
    return t.gfxMajor >= 12;
  }
  return false;
}

const char *closedMessage(Gate g) {
  switch (g) {
  case Gate::Gfx10Plus:
    return "directive requires gfx10+";
  case Gate::Gfx10Or11:
    return "directive requires gfx10 or gfx11";
  case Gate::ArchitectedScratch:
    return "directive is not supported without architected flat scratch";
  case Gate::NoArchitectedScratch:
    return "directive is not supported with architected flat scratch";
  case Gate::Gfx90a:
    return "directive requires gfx90a+";
  case Gate::Gfx12Plus:
    return "directive requires gfx12+";
  default:
    return "unknown .amdhsa_kernel directive";
  }
}

const isa::KernelDescriptorTraits &traitsOf(const isa::TargetId &t) {
  return isa::targetInfo(t.target).kernelDescriptor;
}

size_t indexOf(std::string_view name) {
  for (size_t i = 0; i < kFields.size(); ++i)
    if (kFields[i].name == name)
      return i;
  return kFields.size();
}

constexpr int64_t kUnset = INT64_MIN + 1;

// The largest value a field takes: its bit width, 32 bits for whole words and the register
// counts (llvm-mc checks those only through the granulated fields).
int64_t maxValue(const FieldSpec &f) {
  return f.bits.width >= 32 ? int64_t{0xFFFFFFFF} : (int64_t{1} << f.bits.width) - 1;
}

} // namespace

AmdhsaKernelBuilder::AmdhsaKernelBuilder(std::string name, bool wave64, isa::TargetId target)
    : wave64_(wave64), target_(target) {
  kernel_.name = std::move(name);
}

bool AmdhsaKernelBuilder::xnackEnabled() const {
  return isa::supportsXnack(target_.target) && target_.xnack != isa::FeatureSetting::Off;
}

AmdhsaKernelBuilder::Result AmdhsaKernelBuilder::set(std::string_view directive, int64_t value,
                                                     Span valueSpan) {
  if (values_.empty()) {
    values_.assign(kFields.size(), kUnset);
    spans_.assign(kFields.size(), Span{});
  }
  size_t i = indexOf(directive);
  if (i == kFields.size())
    return Result::Unknown;
  if (!open(kFields[i].accepted, traitsOf(target_))) {
    message_ = closedMessage(kFields[i].accepted);
    return Result::Rejected;
  }
  if (values_[i] != kUnset)
    return Result::Repeated;
  if (value < 0 || value > maxValue(kFields[i]))
    return Result::OutOfRange;
  if (directive == "reserve_xnack_mask" && (value != 0) != xnackEnabled()) {
    message_ = ".amdhsa_reserve_xnack_mask does not match target id";
    return Result::Rejected;
  }
  values_[i] = value;
  spans_[i] = valueSpan;
  return Result::Ok;
}

int64_t AmdhsaKernelBuilder::valueAt(size_t i) const {
  if (values_[i] != kUnset)
    return values_[i];
  // The wave size a kernel declares defaults to the target's (and with it the VGPR granule).
  if (kFields[i].name == "wavefront_size32")
    return wave64_ ? 0 : 1;
  if (kFields[i].name == "reserve_xnack_mask")
    return xnackEnabled() ? 1 : 0;
  return kFields[i].defaultValue;
}

bool AmdhsaKernelBuilder::finish(std::string &error, std::optional<Span> &at) {
  if (values_.empty()) {
    values_.assign(kFields.size(), kUnset);
    spans_.assign(kFields.size(), Span{});
  }
  const isa::KernelDescriptorTraits &traits = traitsOf(target_);
  auto value = [&](std::string_view name) { return valueAt(indexOf(name)); };
  auto given = [&](std::string_view name) { return values_[indexOf(name)] != kUnset; };
  for (std::string_view req : {"next_free_vgpr", "next_free_sgpr"})
    if (!given(req)) {
      error = ".amdhsa_" + std::string(req) + " directive is required";
      return false;
    }
  auto outOfRange = [&](std::string_view name) {
    error = "value out of range";
    at = spans_[indexOf(name)];
    return false;
  };
  isa::KernelDescriptor &d = kernel_.descriptor;
  unsigned impliedUserSgprs = 0;
  for (size_t i = 0; i < kFields.size(); ++i) {
    const FieldSpec &f = kFields[i];
    if (!open(f.accepted, traits))
      continue; // a field of other GPUs keeps its bits clear (wavefront_size32 on gfx9)
    int64_t v = valueAt(i);
    auto u = static_cast<uint32_t>(v);
    switch (f.word) {
    case Word::Group:
      d.groupSegmentFixedSize = u;
      break;
    case Word::Private:
      d.privateSegmentFixedSize = u;
      break;
    case Word::Kernarg:
      d.kernargSize = u;
      break;
    case Word::Rsrc1:
      d.computePgmRsrc1 = f.bits.set(d.computePgmRsrc1, u);
      break;
    case Word::Rsrc2:
      d.computePgmRsrc2 = f.bits.set(d.computePgmRsrc2, u);
      break;
    case Word::Rsrc3:
      d.computePgmRsrc3 = f.bits.set(d.computePgmRsrc3, u);
      break;
    case Word::Props:
      d.kernelCodeProperties = static_cast<uint16_t>(f.bits.set(d.kernelCodeProperties, u));
      if (v)
        impliedUserSgprs += f.userSgprs;
      break;
    case Word::Derived:
      break;
    }
  }
  // SGPRs: gfx9 allocates them in granules, counting the VCC / FLAT_SCRATCH / XNACK_MASK
  // pairs at the top of the file (only the largest reservation counts: flat_scratch takes 6,
  // xnack_mask 4, vcc 2); gfx10+ allocates them implicitly and writes 0.
  const int64_t sgprs = value("next_free_sgpr");
  if (traits.addressableSgprs && sgprs > traits.addressableSgprs)
    return outOfRange("next_free_sgpr");
  if (traits.sgprGranule) {
    const bool flat = open(kFlatScratchInit, traits) && value("reserve_flat_scratch");
    const int64_t extra = flat ? 6 : value("reserve_xnack_mask") ? 4 : value("reserve_vcc") ? 2 : 0;
    const int64_t total = std::max<int64_t>(sgprs + extra, 1);
    const int64_t sgprBlocks = (total + traits.sgprGranule - 1) / traits.sgprGranule - 1;
    d.computePgmRsrc1 =
        kd::kGranulatedWavefrontSgprCount.set(d.computePgmRsrc1, static_cast<uint32_t>(sgprBlocks));
  }
  // VGPRs are allocated in granules of 8 (wave32) or 4 (wave64), at most 64 granules.
  const int64_t granule = open(Gate::Gfx10Plus, traits) && value("wavefront_size32") ? 8 : 4;
  const int64_t vgprs = std::max<int64_t>(value("next_free_vgpr"), 1);
  if (vgprs > 64 * granule)
    return outOfRange("next_free_vgpr");
  const int64_t vgprBlocks = (vgprs + granule - 1) / granule - 1;
  d.computePgmRsrc1 =
      kd::kGranulatedWorkitemVgprCount.set(d.computePgmRsrc1, static_cast<uint32_t>(vgprBlocks));
  int64_t userSgprs = value("user_sgpr_count");
  if (userSgprs < 0) {
    userSgprs = impliedUserSgprs;
  } else if (userSgprs < impliedUserSgprs) {
    error = "amdgpu_user_sgpr_count smaller than than implied by enabled user SGPRs";
    return false;
  }
  if (userSgprs > 31 || impliedUserSgprs > 31) {
    error = "too many user SGPRs enabled";
    return false;
  }
  d.computePgmRsrc2 = kd::kUserSgprCount.set(d.computePgmRsrc2, static_cast<uint32_t>(userSgprs));
  kernel_.fields.clear();
  for (size_t i = 0; i < kFields.size(); ++i) {
    if (!open(kFields[i].listed, traits))
      continue;
    int64_t v = kFields[i].name == "user_sgpr_count" ? userSgprs : value(kFields[i].name);
    kernel_.fields.emplace_back(kFields[i].name, v);
  }
  return true;
}

} // namespace gcnkit::assembler
