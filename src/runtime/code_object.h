// Loading an AMDGPU code object (a relocatable `clang -c` object or a linked shared object):
// the memory image of its allocated sections, the relocations to apply once the image has a
// guest address, and each kernel's descriptor and metadata (code object v5 msgpack note).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gcnkit/isa.h"
#include "gcnkit/kernel_descriptor.h"

namespace gcnkit::runtime {

struct KernelArgInfo {
  std::string name;
  std::string typeName;     // .type_name (OpenCL), e.g. "float*"
  std::string valueKind;    // by_value, global_buffer, hidden_block_count_x, ...
  std::string addressSpace; // .address_space of pointers: global, constant, local, ...
  uint32_t offset = 0;
  uint32_t size = 0;
  uint32_t pointeeAlign = 0; // .pointee_align of dynamic_shared_pointer arguments
  bool hidden() const { return valueKind.rfind("hidden_", 0) == 0; }
};

struct KernelInfo {
  std::string name;
  isa::KernelDescriptor descriptor;
  uint64_t descriptorOffset = 0; // image offsets
  uint64_t codeOffset = 0;
  uint64_t codeSize = 0;
  // The executable section holding the entry: the kernel may call functions anywhere in it.
  uint64_t sectionOffset = 0;
  uint64_t sectionSize = 0;
  uint32_t waveSize = 32;
  uint32_t vgprCount = 0;
  uint32_t agprCount = 0; // AccVGPRs (gfx908: the allocation covers both files)
  bool hasMetadata = false;
  std::vector<KernelArgInfo> args; // metadata .args in order
  uint32_t kernargSegmentSize = 0;
  uint32_t groupSegmentFixedSize = 0;
  uint32_t privateSegmentFixedSize = 0;
};

struct Relocation {
  uint64_t offset = 0; // image offset of the field
  uint32_t type = 0;
  bool symbolInImage = true; // symbol value is an image offset (else an absolute value)
  uint64_t symbol = 0;
  int64_t addend = 0;
};

// A function symbol of the code (kernels and the functions they call), for naming a pc.
struct FunctionSymbol {
  std::string name;
  uint64_t offset = 0; // image offset
  uint64_t size = 0;
};

struct CodeObject {
  isa::Target target = isa::Target::GFX1100; // the processor of its e_flags
  std::vector<uint8_t> image;
  std::vector<FunctionSymbol> functions;
  std::vector<Relocation> relocations;
  std::vector<KernelInfo> kernels;
};

// Parses the object; every malformed field gives an error naming it.
std::optional<CodeObject> parseCodeObject(std::string_view bytes, std::string &error);

// Applies the relocations for an image placed at guest address base.
bool relocate(CodeObject &co, uint64_t base, std::string &error);

} // namespace gcnkit::runtime
