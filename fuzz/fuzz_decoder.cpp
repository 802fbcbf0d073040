// libFuzzer target: random bytes through the instruction decoder, printer (llvm-mc and objdump
// modes) and re-encoder. Any crash, sanitizer report or hang is a bug: every input must either
// decode or fail with a skip length in 1..4. The first byte picks the target and wave size
// (fuzz/targets.h); the rest is machine code.
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>

#include "gcnkit/disasm.h"
#include "targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0)
    return 0;
  const gcnkit::disasm::Disassembler &dis = gcnkit::fuzz::disassemblerFor(data[0]);
  std::span<const uint8_t> bytes(data + 1, size - 1);
  gcnkit::disasm::Inst inst;
  std::string text, encoding;
  size_t offset = 0;
  while (offset < bytes.size()) {
    const auto status = dis.decode(bytes.subspan(offset), inst);
    if (inst.size == 0 || inst.size > bytes.size() - offset)
      std::abort(); // no progress, or consumed bytes that were not there
    if (status == gcnkit::disasm::DecodeStatus::Success) {
      if (!inst.desc)
        std::abort();
      text.clear();
      dis.print(inst, text);
      gcnkit::disasm::PrintOptions objdump;
      objdump.objdump = true;
      objdump.address = offset;
      dis.print(inst, text, objdump);
      encoding.clear();
      dis.encode(inst, encoding);
    } else if (inst.size > 4) {
      std::abort();
    }
    offset += inst.size;
  }
  return 0;
}
