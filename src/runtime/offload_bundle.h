// Finding an AMDGPU code object in what compilers hand out: an AMDGPU ELF as it is, a clang
// offload bundle (`clang -x hip --cuda-device-only -c`, `.hipfb` files), a compressed bundle
// (`--offload-compress`: CCOB with zstd or zlib), an offload binary of the new offload driver
// (`--offload-new-driver`: the `.llvm.offloading` format), or a host object or executable whose
// `.hip_fatbin` or `.llvm.offloading` section holds one of those. Every offset and size read
// from the input is checked against it; errors name the field and its byte offset.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "gcnkit/isa.h"

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

// The processor of a device code object entry gcnkit can load: kind hip, hipv4 or openmp, triple
// amdgcn-amd-amdhsa, a processor gcnkit supports (target features after ':' allowed).
std::optional<isa::Target> entryTarget(const std::string &triple);

// A code object found in a container. `bytes` points into the input, or into `storage` when
// the container was compressed.
struct DeviceCode {
  std::span<const uint8_t> bytes;
  std::vector<uint8_t> storage;
  std::string entry; // the bundle entry or offload image it came from ("" for a plain ELF)

  DeviceCode() = default;
  DeviceCode(const DeviceCode &) = delete;
  DeviceCode &operator=(const DeviceCode &) = delete;
  DeviceCode(DeviceCode &&) = default; // moving a vector keeps its buffer: `bytes` stays valid
  DeviceCode &operator=(DeviceCode &&) = default;
};

// The code object inside `input`: `input` itself when it is not a container (an AMDGPU ELF or
// anything else: the ELF loader reports what is wrong with it), or the container's entry for
// `want`; without `want`, the only entry for a processor gcnkit supports. nullopt with `error`
// for malformed containers, images gcnkit cannot run (LLVM bitcode of relocatable device code),
// and containers without a matching entry or with several to choose from (the error lists the
// targets found).
std::optional<DeviceCode> findCodeObject(std::span<const uint8_t> input,
                                         std::optional<isa::Target> want, std::string &error);

} // namespace gcnkit::runtime
