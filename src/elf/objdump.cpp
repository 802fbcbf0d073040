// Placeholder until the ELF reader lands.
#include "gcnkit/objdump.h"

namespace gcnkit::elf {

bool looksLikeElf(std::string_view data) { return data.substr(0, 4) == "\x7f" "ELF"; }

ObjdumpResult objdump(const disasm::Disassembler&, std::string_view, std::string_view filename) {
  ObjdumpResult r;
  r.ok = false;
  r.err = "gcnkit: error: '" + std::string(filename) + "': ELF input is not supported yet\n";
  return r;
}

}  // namespace gcnkit::elf
