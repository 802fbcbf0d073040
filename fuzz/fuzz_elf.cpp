// libFuzzer target: arbitrary files through the ELF reader and the llvm-objdump printer. Every
// input must produce either output or one clean error line, never a crash, hang or huge
// allocation (run with -rss_limit_mb and -malloc_limit_mb).
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "gcnkit/objdump.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const gcnkit::disasm::Disassembler dis;
  std::string_view file(reinterpret_cast<const char *>(data), size);
  gcnkit::elf::ObjdumpResult r = gcnkit::elf::objdump(dis, file, "fuzz.o");
  if (!r.ok && (r.err.rfind("gcnkit: error: 'fuzz.o': ", 0) != 0 || r.err.back() != '\n'))
    std::abort(); // errors must name the file, one line each
  return 0;
}
