// libFuzzer target: arbitrary text through the llvm-mc hex-input front end (tokens, comments,
// atomic blocks, diagnostics with carets), with and without -show-encoding / -strict-comments.
#include <cstdint>
#include <string_view>

#include "gcnkit/mc_text.h"
#include "targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0)
    return 0;
  // The first byte picks the options (bits 0-1) and the target (fuzz/targets.h); the rest is
  // the input file.
  const gcnkit::disasm::Disassembler &dis = gcnkit::fuzz::disassemblerFor(data[0]);
  gcnkit::disasm::McTextOptions opts;
  opts.showEncoding = data[0] & 1;
  opts.strictComments = data[0] & 2;
  std::string_view text(reinterpret_cast<const char *>(data + 1), size - 1);
  gcnkit::disasm::McTextResult r = gcnkit::disasm::disassembleMcText(dis, text, "fuzz.txt", opts);
  (void)r;
  return 0;
}
