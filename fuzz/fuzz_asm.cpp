// libFuzzer target: arbitrary text through the whole assembler (statement parser, macros,
// expressions, operand parsing, instruction matching and encoding) into both the listing and
// the ELF object streamer, as `-arch=amdgcn` and as `-triple=amdgcn-amd-amdhsa`: the path
// `gcnkit asm` takes.
#include <cstdint>
#include <string>

#include "elf/assemble.h"
#include "targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0)
    return 0;
  // The first byte picks the options (bits 0-1) and the target (fuzz/targets.h); the rest is
  // the source file.
  gcnkit::elf::AssembleOptions options;
  options.amdhsa = data[0] & 1;
  options.showEncoding = data[0] & 2;
  options.target.target = gcnkit::fuzz::targetFor(data[0]);
  options.wave64 = gcnkit::fuzz::wave64For(data[0]);
  std::string source(reinterpret_cast<const char *>(data + 1), size - 1);
  gcnkit::elf::AssembleResult listing = gcnkit::elf::assemble("fuzz.s", source, options);
  options.object = true;
  gcnkit::elf::AssembleResult object = gcnkit::elf::assemble("fuzz.s", std::move(source), options);
  // Both streamers see the same statements, so an error in the listing is one in the object
  // too (the object writer only adds its own: relocations, layout, size limits).
  if (!listing.ok && object.ok)
    __builtin_trap();
  return 0;
}
