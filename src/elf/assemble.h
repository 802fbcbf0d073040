// A whole assembly source through the assembler, as `llvm-mc -arch=amdgcn -mcpu=gfx1100` (and
// `gcnkit asm`) assemble one: the statement parser, the instruction encoder with the
// disassembler's printer for the listing, and the listing or the ELF object streamer.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "gcnkit/target.h"

namespace gcnkit::elf {

// Where a listing goes as it is produced (in pieces; the rest ends up in output).
using ListingSink = std::function<void(std::string_view)>;

struct AssembleOptions {
  bool amdhsa = false;       // -triple=amdgcn-amd-amdhsa (else -arch=amdgcn)
  bool object = false;       // -filetype=obj (else the listing)
  bool showEncoding = false; // listing: -show-encoding
  // -mattr=+wavefrontsize64 (and always on gfx908): lane masks (VOPC results, carries,
  // v_cndmask selectors) are SGPR pairs, VOPD is rejected, and .amdhsa_wavefront_size32
  // defaults to 0.
  bool wave64 = false;
  unsigned codeObjectVersion = 5; // --amdhsa-code-object-version
  isa::TargetId target = {};      // -mcpu and the target features of -mattr
};

struct AssembleResult {
  bool ok = false;         // no error reported
  std::string output;      // the listing, or the object file (empty if !ok)
  std::string diagnostics; // llvm-mc's stderr format
};

// `name` is the file name diagnostics show.
// A listing is handed to `listingSink` piecewise as it grows, when one is given; output then
// keeps only the tail.
AssembleResult assemble(std::string name, std::string source, const AssembleOptions &options,
                        const ListingSink &listingSink = {});

} // namespace gcnkit::elf
