// The AMDHSA code-object directives: .amdgcn_target, .amdhsa_code_object_version and the
// .amdhsa_kernel ... .end_amdhsa_kernel block with every field llvm-mc-19 accepts for the
// target (gfx1100, gfx908), its defaults, range checks and derived values (granulated register
// counts, user SGPR count).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gcnkit/kernel_descriptor.h"
#include "gcnkit/target.h"

namespace gcnkit::assembler {

// A finished .amdhsa_kernel block: the descriptor and the values of every directive in
// llvm-mc's listing order (the streamer prints them back).
struct AmdhsaKernel {
  std::string name;
  isa::KernelDescriptor descriptor;
  std::vector<std::pair<std::string_view, int64_t>> fields;
};

// Where a directive's value is in the source, for errors found at the end of the block.
struct AmdhsaValueSpan {
  uint32_t offset = 0, length = 0;
};

// Collects the directives of one block.
class AmdhsaKernelBuilder {
public:
  // wave64: the target is wave64 (-mattr=+wavefrontsize64, or gfx908), which
  // .amdhsa_wavefront_size32 defaults to; target: the processor and its xnack setting, which
  // decide the directives there are and their defaults.
  explicit AmdhsaKernelBuilder(std::string name, bool wave64 = false, isa::TargetId target = {});

  using Span = AmdhsaValueSpan;

  // Rejected: the target has no such directive or the value contradicts the target id;
  // message() says which (reported at the directive).
  enum class Result { Ok, Unknown, Repeated, OutOfRange, Rejected };
  // Records `.amdhsa_<name> value` (name without the prefix).
  Result set(std::string_view directive, int64_t value, Span valueSpan = {});
  const std::string &message() const { return message_; }

  // Validates and computes the descriptor; on failure returns the message llvm-mc reports,
  // at `at` (a directive's value) when set, else at the end of the .end_amdhsa_kernel line.
  bool finish(std::string &error, std::optional<Span> &at);

  const AmdhsaKernel &kernel() const { return kernel_; }

private:
  // The value of field i: given, or its default.
  int64_t valueAt(size_t i) const;
  bool xnackEnabled() const;

  AmdhsaKernel kernel_;
  std::vector<int64_t> values_; // per table entry; INT64_MIN = not given
  std::vector<Span> spans_;
  std::string message_;
  bool wave64_ = false;
  isa::TargetId target_;
};

} // namespace gcnkit::assembler
