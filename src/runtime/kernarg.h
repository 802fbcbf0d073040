// The kernarg segment of a launch: the explicit arguments where the metadata places them, and
// the hidden arguments (grid shape, remainders, dimensions, ...) the kernel's prologue reads.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "gcnkit/runtime.h"
#include "runtime/code_object.h"

namespace gcnkit::runtime {

struct HiddenValues {
  uint64_t queueAddress = 0;
  uint32_t dynamicLdsBytes = 0;
};

// Explicit arguments: either one entry per argument (placed per metadata) or, when `raw` is
// set, a prefix copied to offset 0. descriptors[i]: the guest address of image / sampler
// argument i's descriptor, which the argument passes (its kind must be the metadata's).
bool buildKernarg(const KernelInfo &k, const LaunchConfig &cfg, const KernelArgs *args,
                  std::span<const uint64_t> descriptors, std::span<const uint8_t> raw,
                  const HiddenValues &hidden, std::vector<uint8_t> &out, std::string &error);

} // namespace gcnkit::runtime
