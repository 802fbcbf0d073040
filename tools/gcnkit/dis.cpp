// gcnkit dis: stands in for `llvm-mc -disassemble` on hex text and for `llvm-objdump -d` on
// ELF code objects.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>

#include "gcnkit/disasm.h"
#include "gcnkit/mc_text.h"
#include "gcnkit/objdump.h"
#include "tools/gcnkit/commands.h"
#include "tools/gcnkit/input.h"
#include "tools/gcnkit/options.h"

namespace gcnkit::tools {

namespace {

constexpr OptionSpec kDisOptions[] = {
    {"arch", true, "target architecture (amdgcn)"},
    {"triple", true, "target triple (amdgcn-amd-amdhsa)"},
    {"mcpu", true, "target processor or target id (gfx1100, gfx908, gfx908:xnack+, ...)"},
    {"mattr", true, "target features (+wavefrontsize64 for wave64 code, +xnack, +sramecc)"},
    {"disassemble", false, "accepted for llvm-mc compatibility (always on)"},
    {"show-encoding", false, "print the encoding of each instruction"},
    {"d", false, "accepted for llvm-objdump compatibility (always on)"},
    {"disassemble-all", false, "accepted for llvm-objdump compatibility"},
    {"strict-comments", false, "reject '//' comments like llvm-mc-19 does"},
    {"o", true, "write output to this file"},
    {"help", false, "print this help"},
    {"h", false, "print this help"},
};

void printHelp() {
  std::fputs("usage: gcnkit dis [options] [FILE]\n"
             "Disassembles llvm-mc hex text (as `llvm-mc -disassemble`) or, when FILE is an ELF\n"
             "code object, its executable sections (as `llvm-objdump -d`). Reads standard\n"
             "input when FILE is absent or '-'.\n\noptions:\n",
             stdout);
  for (const OptionSpec &s : kDisOptions)
    std::printf("  -%-18s %s\n", (std::string(s.name) + (s.takesValue ? "=<value>" : "")).c_str(),
                std::string(s.help).c_str());
}

} // namespace

int runDis(std::span<const std::string_view> args) {
  ParsedOptions opt = parseOptions(args, kDisOptions);
  if (!opt.error.empty()) {
    std::fprintf(stderr, "gcnkit dis: %s\n", opt.error.c_str());
    return 2;
  }
  if (opt.has("help") || opt.has("h")) {
    printHelp();
    return 0;
  }
  if (auto arch = opt.get("arch"); arch && *arch != "amdgcn") {
    std::fprintf(stderr, "gcnkit dis: unsupported -arch '%s' (only amdgcn)\n", arch->c_str());
    return 2;
  }
  if (auto triple = opt.get("triple"); triple && triple->rfind("amdgcn", 0) != 0) {
    std::fprintf(stderr, "gcnkit dis: unsupported -triple '%s'\n", triple->c_str());
    return 2;
  }
  TargetSelection target;
  if (!readTargetSelection(opt, "dis", target))
    return 2;
  if (opt.positional.size() > 1) {
    std::fprintf(stderr, "gcnkit dis: expected at most one input file\n");
    return 2;
  }
  std::string path = opt.positional.empty() ? "-" : opt.positional[0];
  Input input;
  std::string error;
  if (!readAll(path, input, error)) {
    std::fprintf(stderr, "gcnkit dis: error: '%s': %s\n", path.c_str(), error.c_str());
    return 1;
  }
  const std::string_view data = input.view();
  disasm::Disassembler dis(target.id.target,
                           target.wave64 ? disasm::WaveSize::Wave64 : disasm::WaveSize::Wave32);
  std::string out, err;
  int rc = 0;
  if (elf::looksLikeElf(data)) {
    elf::ObjdumpResult r = elf::objdump(dis, data, path == "-" ? "<stdin>" : path);
    out = std::move(r.out);
    err = std::move(r.err);
    rc = r.ok ? 0 : 1;
  } else {
    disasm::McTextOptions mo;
    mo.showEncoding = opt.has("show-encoding");
    mo.strictComments = opt.has("strict-comments");
    // Standard output gets the listing as it is produced (a bounded buffer, not the whole
    // listing in memory); -o FILE collects it first.
    if (auto o = opt.get("o"); !o || *o == "-")
      mo.sink = [](std::string_view piece) { std::fwrite(piece.data(), 1, piece.size(), stdout); };
    disasm::McTextResult r =
        disasm::disassembleMcText(dis, data, path == "-" ? "<stdin>" : path, mo);
    out = std::move(r.out);
    err = std::move(r.err);
    rc = r.error ? 1 : 0;
  }
  if (auto o = opt.get("o"); o && *o != "-") {
    std::ofstream f(*o, std::ios::binary);
    if (!f) {
      std::fprintf(stderr, "gcnkit dis: error: cannot write '%s'\n", o->c_str());
      return 1;
    }
    f << out;
  } else {
    std::fwrite(out.data(), 1, out.size(), stdout);
  }
  std::fwrite(err.data(), 1, err.size(), stderr);
  return rc;
}

} // namespace gcnkit::tools
