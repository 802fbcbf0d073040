// The record types of the generated symbolic-operand tables (src/isa/<target>/
// salu_symbols.inc): names the assembler knows and the bit layouts of composite immediates.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace gcnkit::isa::salu {

// An id of a name of another GPU: the assembler reports it as "not supported on this GPU".
inline constexpr int16_t kOtherGpu = -1;

// A hwreg() name and its register id (kOtherGpu: a name of another GPU).
struct NamedId {
  std::string_view name;
  int16_t id;
};

// A sendmsg() message name the assembler knows: its id (a name of another GPU keeps that
// GPU's id: llvm-mc reads the operation names of that id before it reports the name), whether
// this GPU has it, and whether it needs an operation.
struct MessageName {
  std::string_view name;
  int16_t id;
  bool supported;
  bool needsOperation;
};

// An operation name of message id `message` (llvm-mc resolves operation names per message id),
// its operation id, and whether this GPU has it (else kOtherGpu).
struct OperationName {
  uint8_t message;
  std::string_view name;
  int8_t operation;
  bool supported;
};

// The operations a message takes (bit k: operation k) and those of them that take a stream.
struct MessageOps {
  uint8_t message;
  uint8_t operations;
  uint8_t streamOperations;
};

// A bit field of a composite immediate; width 0 marks an unused slot.
struct BitField {
  uint8_t shift, width;
};

// An s_waitcnt counter: its value's bits, low bits first, in one or two simm16 fields.
struct WaitcntCounter {
  std::string_view name;
  std::array<BitField, 2> parts;
};

// An s_version flag bit.
struct VersionBit {
  unsigned mask;
  std::string_view name;
};

} // namespace gcnkit::isa::salu
