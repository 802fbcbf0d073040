// Finding the gfx1100 code object in what compilers hand out: an AMDGPU ELF as it is, a clang
// offload bundle (`clang -x hip --cuda-device-only -c`, `.hipfb` files), or a host object or
// executable whose `.hip_fatbin` section holds a bundle (`clang -x hip -c`). Every offset and
// size read from the input is checked against it; errors name the field and its byte offset.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace gcnkit::runtime {

// The magic strings of the containers (uncompressed bundle, clang's compressed bundle).
inline constexpr char kBundleMagic[] = "__CLANG_OFFLOAD_BUNDLE__";
inline constexpr char kCompressedBundleMagic[] = "CCOB";

struct BundleEntry {
  std::string triple; // e.g. "hipv4-amdgcn-amd-amdhsa--gfx1100"
  uint64_t offset = 0;
  uint64_t size = 0;
};

// Reads the entry table of an uncompressed bundle; nullopt with `error` when malformed.
std::optional<std::vector<BundleEntry>> readBundle(std::span<const uint8_t> bundle,
                                                   std::string &error);

// True for a device code object entry gcnkit runs: kind hip, hipv4 or openmp, triple
// amdgcn-amd-amdhsa, processor gfx1100 (target features after ':' allowed).
bool isGfx1100Entry(const std::string &triple);

// The bytes of the gfx1100 code object inside `input`: `input` itself when it is not a
// container (an AMDGPU ELF or anything else: the ELF loader reports what is wrong with it), the
// matching bundle entry, or the bundle entry inside a host ELF's .hip_fatbin section. nullopt
// with `error` for malformed containers, compressed bundles and bundles without a gfx1100 entry
// (the error lists the targets found).
std::optional<std::span<const uint8_t>> findCodeObject(std::span<const uint8_t> input,
                                                       std::string &error);

} // namespace gcnkit::runtime
