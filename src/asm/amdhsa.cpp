#include "asm/amdhsa.h"

#include <array>
#include <climits>

namespace gcnkit::assembler {

namespace {

namespace kd = isa::kd;

enum class Word : uint8_t { Group, Private, Kernarg, Rsrc1, Rsrc2, Rsrc3, Props, Derived };

struct FieldSpec {
  std::string_view name; // without ".amdhsa_"
  Word word;
  kd::BitField bits;    // for Rsrc*/Props; width also bounds Derived values
  int64_t defaultValue; // gfx1100, wave32 (see AmdhsaKernelBuilder::valueAt for wave64)
  bool printed;         // part of llvm-mc's listing
  uint8_t userSgprs;    // user SGPRs the field enables when set
};

constexpr kd::BitField kWhole{0, 32};
constexpr int64_t kRequired = INT64_MIN;

// In llvm-mc's listing order; fields it accepts but does not print come last.
constexpr std::array kFields = {
    FieldSpec{"group_segment_fixed_size", Word::Group, kWhole, 0, true, 0},
    FieldSpec{"private_segment_fixed_size", Word::Private, kWhole, 0, true, 0},
    FieldSpec{"kernarg_size", Word::Kernarg, kWhole, 0, true, 0},
    FieldSpec{"user_sgpr_count", Word::Derived, kWhole, -1, true, 0},
    FieldSpec{"user_sgpr_dispatch_ptr", Word::Props, kd::kEnableSgprDispatchPtr, 0, true, 2},
    FieldSpec{"user_sgpr_queue_ptr", Word::Props, kd::kEnableSgprQueuePtr, 0, true, 2},
    FieldSpec{"user_sgpr_kernarg_segment_ptr", Word::Props, kd::kEnableSgprKernargSegmentPtr, 0,
              true, 2},
    FieldSpec{"user_sgpr_dispatch_id", Word::Props, kd::kEnableSgprDispatchId, 0, true, 2},
    FieldSpec{"user_sgpr_private_segment_size", Word::Props, kd::kEnableSgprPrivateSegmentSize, 0,
              true, 1},
    FieldSpec{"wavefront_size32", Word::Props, kd::kEnableWavefrontSize32, 1, true, 0},
    FieldSpec{"uses_dynamic_stack", Word::Props, kd::kUsesDynamicStack, 0, true, 0},
    FieldSpec{"enable_private_segment", Word::Rsrc2, kd::kEnablePrivateSegment, 0, true, 0},
    FieldSpec{"system_sgpr_workgroup_id_x", Word::Rsrc2, kd::kEnableSgprWorkgroupIdX, 1, true, 0},
    FieldSpec{"system_sgpr_workgroup_id_y", Word::Rsrc2, kd::kEnableSgprWorkgroupIdY, 0, true, 0},
    FieldSpec{"system_sgpr_workgroup_id_z", Word::Rsrc2, kd::kEnableSgprWorkgroupIdZ, 0, true, 0},
    FieldSpec{"system_sgpr_workgroup_info", Word::Rsrc2, kd::kEnableSgprWorkgroupInfo, 0, true, 0},
    FieldSpec{"system_vgpr_workitem_id", Word::Rsrc2, kd::kEnableVgprWorkitemId, 0, true, 0},
    FieldSpec{"next_free_vgpr", Word::Derived, kWhole, kRequired, true, 0},
    FieldSpec{"next_free_sgpr", Word::Derived, kWhole, kRequired, true, 0},
    FieldSpec{"reserve_vcc", Word::Derived, kd::BitField{0, 1}, 1, true, 0},
    FieldSpec{"float_round_mode_32", Word::Rsrc1, kd::kFloatRoundMode32, 0, true, 0},
    FieldSpec{"float_round_mode_16_64", Word::Rsrc1, kd::kFloatRoundMode16_64, 0, true, 0},
    FieldSpec{"float_denorm_mode_32", Word::Rsrc1, kd::kFloatDenormMode32, 0, true, 0},
    FieldSpec{"float_denorm_mode_16_64", Word::Rsrc1, kd::kFloatDenormMode16_64, 3, true, 0},
    FieldSpec{"dx10_clamp", Word::Rsrc1, kd::kEnableDx10Clamp, 1, true, 0},
    FieldSpec{"ieee_mode", Word::Rsrc1, kd::kEnableIeeeMode, 1, true, 0},
    FieldSpec{"fp16_overflow", Word::Rsrc1, kd::kFp16Ovfl, 0, true, 0},
    FieldSpec{"workgroup_processor_mode", Word::Rsrc1, kd::kWgpMode, 1, true, 0},
    FieldSpec{"memory_ordered", Word::Rsrc1, kd::kMemOrdered, 1, true, 0},
    FieldSpec{"forward_progress", Word::Rsrc1, kd::kFwdProgress, 0, true, 0},
    FieldSpec{"shared_vgpr_count", Word::Rsrc3, kd::kSharedVgprCount, 0, true, 0},
    FieldSpec{"exception_fp_ieee_invalid_op", Word::Rsrc2, kd::kExceptionFpIeeeInvalidOp, 0, true,
              0},
    FieldSpec{"exception_fp_denorm_src", Word::Rsrc2, kd::kExceptionFpDenormSrc, 0, true, 0},
    FieldSpec{"exception_fp_ieee_div_zero", Word::Rsrc2, kd::kExceptionFpIeeeDivZero, 0, true, 0},
    FieldSpec{"exception_fp_ieee_overflow", Word::Rsrc2, kd::kExceptionFpIeeeOverflow, 0, true, 0},
    FieldSpec{"exception_fp_ieee_underflow", Word::Rsrc2, kd::kExceptionFpIeeeUnderflow, 0, true,
              0},
    FieldSpec{"exception_fp_ieee_inexact", Word::Rsrc2, kd::kExceptionFpIeeeInexact, 0, true, 0},
    FieldSpec{"exception_int_div_zero", Word::Rsrc2, kd::kExceptionIntDivZero, 0, true, 0},
};

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

AmdhsaKernelBuilder::Result AmdhsaKernelBuilder::set(std::string_view directive, int64_t value) {
  if (values_.empty())
    values_.assign(kFields.size(), kUnset);
  size_t i = indexOf(directive);
  if (i == kFields.size())
    return Result::Unknown;
  if (values_[i] != kUnset)
    return Result::Repeated;
  if (value < 0 || value > maxValue(kFields[i]))
    return Result::OutOfRange;
  values_[i] = value;
  return Result::Ok;
}

int64_t AmdhsaKernelBuilder::valueAt(size_t i) const {
  if (values_[i] != kUnset)
    return values_[i];
  // The wave size a kernel declares defaults to the target's (and with it the VGPR granule).
  if (wave64_ && kFields[i].name == "wavefront_size32")
    return 0;
  return kFields[i].defaultValue;
}

bool AmdhsaKernelBuilder::finish(std::string &error) {
  if (values_.empty())
    values_.assign(kFields.size(), kUnset);
  auto value = [&](std::string_view name) { return valueAt(indexOf(name)); };
  for (std::string_view req : {"next_free_vgpr", "next_free_sgpr"})
    if (values_[indexOf(req)] == kUnset) {
      error = ".amdhsa_" + std::string(req) + " directive is required";
      return false;
    }
  isa::KernelDescriptor &d = kernel_.descriptor;
  // Architectural defaults that have no directive on GFX11 (IEEE/DX10 etc. come from the table).
  unsigned impliedUserSgprs = 0;
  for (size_t i = 0; i < kFields.size(); ++i) {
    const FieldSpec &f = kFields[i];
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
  // VGPRs are allocated in granules of 8 (wave32) or 4 (wave64); GFX10+ allocates SGPRs
  // implicitly, so their granulated count stays 0.
  const int64_t granule = value("wavefront_size32") ? 8 : 4;
  const int64_t vgprs = std::max<int64_t>(value("next_free_vgpr"), 1);
  const int64_t vgprBlocks = (vgprs + granule - 1) / granule - 1;
  if (vgprBlocks > 63) {
    error = "too many VGPRs";
    return false;
  }
  d.computePgmRsrc1 =
      kd::kGranulatedWorkitemVgprCount.set(d.computePgmRsrc1, static_cast<uint32_t>(vgprBlocks));
  kernel_.fields.clear();
  for (size_t i = 0; i < kFields.size(); ++i) {
    if (!kFields[i].printed)
      continue;
    int64_t v = kFields[i].name == "user_sgpr_count" ? userSgprs : value(kFields[i].name);
    kernel_.fields.emplace_back(kFields[i].name, v);
  }
  return true;
}

} // namespace gcnkit::assembler
