// Processors gcnkit knows and the target ids that name them with their features, as LLVM's
// AMDGPU target spells them (`gfx908`, `gfx908:sramecc+:xnack-`), and the ELF e_flags a code
// object for each carries (LLVM AMDGPUUsage, "ELF Header").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "gcnkit/isa.h"

namespace gcnkit::isa {

// A target feature of a target id: not written (Any), `feature-` (Off) or `feature+` (On).
enum class FeatureSetting : uint8_t { Any, Off, On };

struct TargetId {
  Target target = Target::GFX1100;
  FeatureSetting sramecc = FeatureSetting::Any;
  FeatureSetting xnack = FeatureSetting::Any;
};

// The processor name ("gfx1100", "gfx908").
std::string_view processorName(Target t);

// The processor of this name, if gcnkit supports it.
std::optional<Target> targetByProcessor(std::string_view name);

// Every processor gcnkit supports, for messages ("gfx1100, gfx908").
std::string_view supportedProcessors();

// Whether the processor takes the feature in its target id.
bool supportsSramecc(Target t);
bool supportsXnack(Target t);

// The wave sizes the processor runs: gfx1100 both (wave32 by default), gfx908 wave64 only.
bool supportsWave32(Target t);
bool defaultWave64(Target t);

// Reads a target id: a processor name followed by `:feature+` / `:feature-` items
// ("gfx908:xnack+", "gfx908:sramecc-:xnack+"). On failure returns nullopt with `error` set.
std::optional<TargetId> parseTargetId(std::string_view text, std::string &error);

// The canonical spelling (features in LLVM's order, sramecc before xnack).
std::string targetIdString(const TargetId &id);

// e_flags of a code object for this target id (code object v4 and later: EF_AMDGPU_MACH plus
// the 2-bit xnack and sramecc settings). v3 objects and objects for no OS use the older
// single-bit form (elfFlagsV3: a bit set where the setting is on or any).
uint32_t elfFlags(const TargetId &id);
uint32_t elfFlagsV3(const TargetId &id);

// The target id an e_flags value names (v4+ encoding), or nullopt for processors gcnkit does
// not support.
std::optional<TargetId> targetIdFromElfFlags(uint32_t eflags);

// The EF_AMDGPU_MACH field of e_flags.
inline constexpr uint32_t kElfMachMask = 0xff;

} // namespace gcnkit::isa
