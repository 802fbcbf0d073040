// A whole assembly source through the assembler, as `llvm-mc -arch=amdgcn -mcpu=gfx1100` (and
// `gcnkit asm`) assemble one: the statement parser, the instruction encoder with the
// disassembler's printer for the listing, and the listing or the ELF object streamer.
#pragma once

#include <string>

namespace gcnkit::elf {

struct AssembleOptions {
  bool amdhsa = false;       // -triple=amdgcn-amd-amdhsa (else -arch=amdgcn)
  bool object = false;       // -filetype=obj (else the listing)
  bool showEncoding = false; // listing: -show-encoding
  // -mattr=+wavefrontsize64. Recorded for the matchers (VOPC / carry lane masks are 64-bit
  // in wave64); not yet used by them.
  bool wave64 = false;
  unsigned codeObjectVersion = 5; // --amdhsa-code-object-version
};

struct AssembleResult {
  bool ok = false;         // no error reported
  std::string output;      // the listing, or the object file (empty if !ok)
  std::string diagnostics; // llvm-mc's stderr format
};

// `name` is the file name diagnostics show.
AssembleResult assemble(std::string name, std::string source, const AssembleOptions &options);

} // namespace gcnkit::elf
