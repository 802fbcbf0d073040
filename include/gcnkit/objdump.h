// llvm-objdump's view of an AMDGPU ELF code object: `gcnkit dis FILE.o` prints what
// `llvm-objdump-19 -d FILE.o` prints.
#pragma once

#include <string>
#include <string_view>

#include "gcnkit/disasm.h"

namespace gcnkit::elf {

// True when data starts with the ELF magic (gcnkit dis then takes it as a code object).
bool looksLikeElf(std::string_view data);

struct ObjdumpResult {
  std::string out; // empty when !ok
  // For malformed input, one line: "gcnkit: error: 'FILE': <what> (at offset 0x<n>)\n", where
  // the offset is that of the file field at fault.
  std::string err;
  bool ok = true;
};

// Disassembles the executable sections of an ELF64 little-endian AMDGPU (gfx1100) code object;
// `filename` is printed in the header line and in errors.
ObjdumpResult objdump(const disasm::Disassembler &dis, std::string_view data,
                      std::string_view filename);

} // namespace gcnkit::elf
