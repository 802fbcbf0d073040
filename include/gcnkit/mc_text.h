// llvm-mc's disassembler front end: text of hex bytes in, assembly text and diagnostics out,
// byte for byte what `llvm-mc-19 -arch=amdgcn -mcpu=gfx1100 -disassemble` prints.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "gcnkit/disasm.h"

namespace gcnkit::disasm {

struct McTextOptions {
  bool showEncoding = false;
  // llvm-mc-19 rejects `//` comments ("invalid input token"); gcnkit accepts them unless this
  // is set (see docs/differences.md).
  bool strictComments = false;
  // When set, the listing is handed over in pieces as it grows (about 1 MiB each) instead of
  // being collected in McTextResult::out, which then holds only the remainder.
  std::function<void(std::string_view)> sink;
};

struct McTextResult {
  std::string out;    // stdout text
  std::string err;    // stderr text (diagnostics)
  bool error = false; // llvm-mc's exit status would be 1
};

// Disassembles `input` (the contents of `filename`, "<stdin>" for standard input).
McTextResult disassembleMcText(const Disassembler &dis, std::string_view input,
                               std::string_view filename, const McTextOptions &opts = {});

} // namespace gcnkit::disasm
