// The AMDHSA code-object directives: .amdgcn_target, .amdhsa_code_object_version and the
// .amdhsa_kernel ... .end_amdhsa_kernel block with every field llvm-mc-19 accepts for gfx1100,
// its defaults, range checks and derived values (granulated register counts, user SGPR count).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "gcnkit/kernel_descriptor.h"

namespace gcnkit::assembler {

// A finished .amdhsa_kernel block: the descriptor and the values of every directive in
// llvm-mc's listing order (the streamer prints them back).
struct AmdhsaKernel {
  std::string name;
  isa::KernelDescriptor descriptor;
  std::vector<std::pair<std::string_view, int64_t>> fields;
};

// Collects the directives of one block.
class AmdhsaKernelBuilder {
public:
  // wave64: the target is wave64 (-mattr=+wavefrontsize64), which .amdhsa_wavefront_size32
  // defaults to.
  explicit AmdhsaKernelBuilder(std::string name, bool wave64 = false) : wave64_(wave64) {
    kernel_.name = std::move(name);
  }

  enum class Result { Ok, Unknown, Repeated, OutOfRange };
  // Records `.amdhsa_<name> value` (name without the prefix).
  Result set(std::string_view directive, int64_t value);

  // Validates and computes the descriptor; on failure returns the message llvm-mc reports at
  // the end of the .end_amdhsa_kernel line.
  bool finish(std::string &error);

  const AmdhsaKernel &kernel() const { return kernel_; }

private:
  // The value of field i: given, or its default.
  int64_t valueAt(size_t i) const;

  AmdhsaKernel kernel_;
  std::vector<int64_t> values_; // per table entry; INT64_MIN = not given
  bool wave64_ = false;
};

} // namespace gcnkit::assembler
