// gcnkit: command-line front end. Subcommands:
//   gcnkit dis [llvm-mc / llvm-objdump style flags] [FILE]
//   gcnkit asm [llvm-mc style flags] [FILE]
//   gcnkit run FILE --kernel NAME --grid X[,Y,Z] --block X[,Y,Z] [--arg SPEC]... (emulator)
#include <cstdio>
#include <cstring>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "gcnkit/target.h"
#include "tools/gcnkit/commands.h"

namespace {

void usage(FILE *f) {
  std::fputs("usage: gcnkit <command> [options]\n"
             "commands:\n"
             "  dis   disassemble llvm-mc hex text or an AMDGPU ELF code object (gfx1100, gfx908)\n"
             "  asm   assemble gfx1100 or gfx908 assembly into a listing or an ELF object (as "
             "llvm-mc)\n"
             "  run   run a kernel on the gfx1100 emulator (ELF, offload bundle or assembly)\n"
             "run 'gcnkit <command> --help' for the options of a command; 'gcnkit --version'\n",
             f);
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    usage(stderr);
    return 2;
  }
  std::string_view cmd = argv[1];
  std::vector<std::string_view> args(argv + 2, argv + argc);
  if (cmd == "dis" || cmd == "asm" || cmd == "run") {
    try {
      if (cmd == "run")
        return gcnkit::tools::runRun(args);
      return cmd == "dis" ? gcnkit::tools::runDis(args) : gcnkit::tools::runAsm(args);
    } catch (const std::bad_alloc &) {
      std::fputs("gcnkit: error: out of memory\n", stderr);
      return 1;
    }
  }
  if (cmd == "--version" || cmd == "-version" || cmd == "version") {
    std::printf("gcnkit %s\n  targets: %s\n  reference: LLVM 19 (llvm-mc-19, llvm-objdump-19)\n",
                GCNKIT_VERSION, std::string(gcnkit::isa::supportedProcessors()).c_str());
    return 0;
  }
  if (cmd == "-h" || cmd == "--help" || cmd == "help") {
    usage(stdout);
    return 0;
  }
  std::fprintf(stderr, "gcnkit: unknown command '%s'\n", argv[1]);
  usage(stderr);
  return 2;
}
