// llvm-objdump's view of an AMDGPU ELF code object: `gcnkit dis FILE.o` prints what
// `llvm-objdump-19 -d FILE.o` prints.
#pragma once

#include <string>
#include <string_view>

#include "gcnkit/disasm.h"

namespace gcnkit::elf {

bool looksLikeElf(std::string_view data);

struct ObjdumpResult {
  std::string out;
  std::string err;  // "gcnkit: error: 'FILE': <what> at offset <n>" for malformed input
  bool ok = true;
};

ObjdumpResult objdump(const disasm::Disassembler& dis, std::string_view data,
                      std::string_view filename);

}  // namespace gcnkit::elf
