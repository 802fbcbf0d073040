// `gcnkit run --arg SPEC`: reading the argument specs and checking them against the kernel's
// metadata (count, size, value kind, and the OpenCL type name when the metadata has one).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gcnkit/runtime.h"

namespace gcnkit::tools {

// One --arg, parsed.
struct ArgSpec {
  // Bytes: `bytes:HEX`, the raw bytes of a by-value argument (a struct) in memory order.
  // Image: `image2d:W,H,FORMAT[,@FILE]` and the other geometries (a pointer to an image
  // descriptor); Sampler: `sampler:COORDS,ADDRESS,FILTER` (a pointer to a sampler descriptor).
  enum class Kind { File, Zeros, Lds, Value, Bytes, Image, Sampler };
  Kind kind = Kind::Value;
  std::string text;           // as written, for messages
  std::string path;           // File
  uint64_t bytes = 0;         // Zeros, Lds: the size
  std::string type;           // Value: "f32", "i16x4", ...
  bool isFloat = false;       // Value: element class
  unsigned elementBytes = 0;  // Value
  unsigned elements = 1;      // Value: 1 or the vector length
  std::vector<uint8_t> value; // Value: little-endian bytes, elements * elementBytes; Bytes
  runtime::ImageDesc image;   // Image (data: set when the texels are in guest memory)
  std::string geometry;       // Image: "image2d", "image1d_array", ...
  runtime::SamplerDesc sampler;
};

// Parses SPEC; nullopt with `error` (without the "--arg N" prefix) when malformed or a value
// does not fit its type.
std::optional<ArgSpec> parseArgSpec(std::string_view spec, std::string &error);

// A float literal (decimal or hex float, inf, nan) as IEEE half with round-to-nearest-even;
// nullopt when its magnitude rounds beyond the largest finite half (65504).
std::optional<uint16_t> parseHalf(std::string_view text);

// "argument 2 'n' is a 4-byte by-value int": what the metadata says about argument `index`.
std::string describeArg(const runtime::KernelArgDesc &arg, size_t index);

// Checks a spec against the kernel's explicit argument; an error message when they disagree.
std::optional<std::string> checkArg(const ArgSpec &spec, const runtime::KernelArgDesc &arg,
                                    size_t index, const std::string &kernel);

// The bytes a by-value spec occupies for an argument of `size` bytes: 3-element vectors are
// padded to 4 elements when the argument has that size (OpenCL's int3 is 16 bytes).
std::vector<uint8_t> valueBytesFor(const ArgSpec &spec, uint32_t size);

} // namespace gcnkit::tools
