#include "runtime/kernarg.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "emu/apertures.h"

namespace gcnkit::runtime {

namespace {

uint32_t dims(const LaunchConfig &c) {
  if (c.grid.z > 1 || c.block.z > 1)
    return 3;
  if (c.grid.y > 1 || c.block.y > 1)
    return 2;
  return 1;
}

// The value of a hidden argument, or false for kinds this emulator leaves zero (printf and
// hostcall buffers, multigrid sync, heap, default queue, completion action).
bool hiddenValue(const std::string &kind, const LaunchConfig &c, const HiddenValues &h,
                 uint64_t &v) {
  const uint32_t g[3] = {c.grid.x, c.grid.y, c.grid.z};
  const uint32_t b[3] = {c.block.x, c.block.y, c.block.z};
  auto axis = [&](std::string_view prefix) -> int {
    if (kind.size() != prefix.size() + 1 || kind.compare(0, prefix.size(), prefix) != 0)
      return -1;
    const char a = kind.back();
    return a >= 'x' && a <= 'z' ? a - 'x' : -1;
  };
  if (int i = axis("hidden_block_count_"); i >= 0) {
    v = g[i] / b[i]; // full blocks; the partial one uses hidden_remainder
    return true;
  }
  if (int i = axis("hidden_group_size_"); i >= 0) {
    v = b[i];
    return true;
  }
  if (int i = axis("hidden_remainder_"); i >= 0) {
    v = g[i] % b[i];
    return true;
  }
  if (axis("hidden_global_offset_") >= 0) {
    v = 0;
    return true;
  }
  if (kind == "hidden_grid_dims") {
    v = dims(c);
    return true;
  }
  if (kind == "hidden_dynamic_lds_size") {
    v = h.dynamicLdsBytes;
    return true;
  }
  if (kind == "hidden_queue_ptr") {
    v = h.queueAddress;
    return true;
  }
  if (kind == "hidden_shared_base") {
    v = emu::aperture::kSharedHi;
    return true;
  }
  if (kind == "hidden_private_base") {
    v = emu::aperture::kPrivateHi;
    return true;
  }
  return false;
}

// Kernarg segments are small; offsets past this come from corrupted metadata.
constexpr uint64_t kMaxKernargBytes = 1 << 20;

bool put(std::vector<uint8_t> &out, uint32_t offset, const void *data, uint32_t size) {
  if (uint64_t{offset} + size > kMaxKernargBytes)
    return false;
  if (out.size() < uint64_t{offset} + size)
    out.resize(uint64_t{offset} + size);
  std::memcpy(out.data() + offset, data, size);
  return true;
}

} // namespace

bool buildKernarg(const KernelInfo &k, const LaunchConfig &cfg, const KernelArgs *args,
                  std::span<const uint64_t> descriptors, std::span<const uint8_t> raw,
                  const HiddenValues &hidden, std::vector<uint8_t> &out, std::string &error) {
  out.assign(std::max(k.kernargSegmentSize, k.descriptor.kernargSize), 0);
  if (args) {
    std::vector<const KernelArgInfo *> explicitArgs;
    for (const KernelArgInfo &a : k.args)
      if (!a.hidden())
        explicitArgs.push_back(&a);
    const auto &given = args->args();
    if (k.hasMetadata && given.size() != explicitArgs.size()) {
      error = "kernel " + k.name + " takes " + std::to_string(explicitArgs.size()) +
              " arguments, " + std::to_string(given.size()) + " given";
      return false;
    }
    uint32_t packed = 0;
    for (size_t i = 0; i < given.size(); ++i) {
      const uint32_t size = static_cast<uint32_t>(given[i].bytes.size());
      std::vector<uint8_t> bytes = given[i].bytes;
      using Kind = KernelArgs::Arg::Kind;
      if (given[i].kind != Kind::Bytes) {
        const uint64_t at = i < descriptors.size() ? descriptors[i] : 0;
        std::memcpy(bytes.data(), &at, 8);
      }
      if (k.hasMetadata) {
        // An image / sampler argument and its descriptor must meet: anything else would hand
        // the kernel a pointer it reads as something else (or bytes it takes for a pointer).
        const std::string &kind = explicitArgs[i]->valueKind;
        const char *want = kind == "image" ? "an image" : kind == "sampler" ? "a sampler" : nullptr;
        const char *got = given[i].kind == Kind::Image     ? "an image"
                          : given[i].kind == Kind::Sampler ? "a sampler"
                                                           : nullptr;
        if (want != got) {
          error = "kernel " + k.name + ": argument " + std::to_string(i) +
                  (explicitArgs[i]->name.empty() ? "" : " (" + explicitArgs[i]->name + ")") +
                  " is " + (want ? want : "not an image or sampler") + " (value kind " + kind +
                  "), " + (got ? got : "bytes") + " given";
          return false;
        }
      }
      uint32_t offset;
      if (k.hasMetadata) {
        if (explicitArgs[i]->size != size) {
          error = "kernel " + k.name + ": argument " + std::to_string(i) +
                  (explicitArgs[i]->name.empty() ? "" : " (" + explicitArgs[i]->name + ")") +
                  " is " + std::to_string(explicitArgs[i]->size) + " bytes, " +
                  std::to_string(size) + " given";
          return false;
        }
        offset = explicitArgs[i]->offset;
      } else {
        const uint32_t align = std::min<uint32_t>(std::bit_floor(std::max(size, 1u)), 8);
        offset = (packed + align - 1) & ~(align - 1);
      }
      if (!put(out, offset, bytes.data(), size)) {
        error = "kernel " + k.name + ": argument " + std::to_string(i) +
                " lies beyond the 1 MiB kernarg segment limit";
        return false;
      }
      packed = offset + size;
    }
  } else if (!raw.empty()) {
    if (!put(out, 0, raw.data(), static_cast<uint32_t>(raw.size()))) {
      error = "kernarg bytes larger than the 1 MiB kernarg segment limit";
      return false;
    }
  }
  for (const KernelArgInfo &a : k.args) {
    uint64_t v;
    if (!a.hidden() || a.size > 8 || !hiddenValue(a.valueKind, cfg, hidden, v))
      continue;
    if (!put(out, a.offset, &v, a.size)) { // little endian: the low `size` bytes
      error = "kernel " + k.name + ": hidden argument " + a.valueKind +
              " lies beyond the 1 MiB kernarg segment limit";
      return false;
    }
  }
  return true;
}

} // namespace gcnkit::runtime
