// gcnkit asm: stands in for `llvm-mc -arch=amdgcn -mcpu=gfx1100` assembling a source file: the
// listing (`-show-encoding`) or an ELF relocatable object (`-filetype=obj`), with llvm-mc's
// diagnostics and exit status.
#include <charconv>
#include <cstdio>
#include <fstream>
#include <string>

#include "elf/assemble.h"
#include "tools/gcnkit/commands.h"
#include "tools/gcnkit/input.h"
#include "tools/gcnkit/options.h"

namespace gcnkit::tools {

namespace {

constexpr OptionSpec kAsmOptions[] = {
    {"arch", true, "target architecture (amdgcn)"},
    {"triple", true, "target triple (amdgcn-amd-amdhsa for HSA code objects, or amdgcn)"},
    {"mcpu", true, "target processor or target id (gfx1100, gfx908, gfx908:xnack+, ...)"},
    {"mattr", true, "target features (+wavefrontsize64 for wave64 code, +xnack, +sramecc)"},
    {"show-encoding", false, "print the encoding of each instruction in the listing"},
    {"filetype", true, "asm (the listing, default) or obj (an ELF relocatable object)"},
    {"o", true, "write the output to this file ('-' for standard output)"},
    {"amdhsa-code-object-version", true, "HSA code object version: 4, 5 (default) or 6"},
    {"g", false, "not supported (DWARF for assembly sources)"},
    {"help", false, "print this help"},
    {"h", false, "print this help"},
};

void printHelp() {
  std::fputs("usage: gcnkit asm [options] [FILE]\n"
             "Assembles gfx1100 assembly as `llvm-mc -arch=amdgcn -mcpu=gfx1100` does: prints\n"
             "the listing (with -show-encoding, each instruction's encoding) or, with\n"
             "-filetype=obj, writes an ELF relocatable object. Reads standard input when FILE\n"
             "is absent or '-'.\n\noptions:\n",
             stdout);
  for (const OptionSpec &s : kAsmOptions)
    std::printf("  -%-36s %s\n", (std::string(s.name) + (s.takesValue ? "=<value>" : "")).c_str(),
                std::string(s.help).c_str());
}

// What the command line asks for.
struct AsmSettings {
  bool amdhsa = false;
  bool showEncoding = false;
  bool object = false;
  TargetSelection target; // -mcpu, -mattr
  unsigned codeObjectVersion = 5;
  std::string output = "-";
  std::string input = "-";
};

// Returns 0 and fills `s`, or the exit status after printing the reason.
int readSettings(const ParsedOptions &opt, AsmSettings &s) {
  if (!opt.error.empty()) {
    if (!opt.unknown.empty())
      std::fprintf(stderr,
                   "gcnkit asm: Unknown command line argument '%s'.  Try: 'gcnkit asm --help'\n",
                   opt.unknown.c_str());
    else
      std::fprintf(stderr, "gcnkit asm: %s\n", opt.error.c_str());
    return 1;
  }
  if (opt.has("g")) {
    std::fputs("gcnkit asm: -g (DWARF for assembly sources) is not supported\n", stderr);
    return 2;
  }
  if (auto arch = opt.get("arch"); arch && *arch != "amdgcn") {
    std::fprintf(stderr, "gcnkit asm: unsupported -arch '%s' (only amdgcn)\n", arch->c_str());
    return 2;
  }
  if (auto triple = opt.get("triple")) {
    // amdgcn with no OS, or the HSA OS; PAL and Mesa objects differ in ways gcnkit does not
    // implement.
    if (*triple == "amdgcn-amd-amdhsa" || *triple == "amdgcn-unknown-amdhsa") {
      s.amdhsa = true;
    } else if (*triple != "amdgcn" && *triple != "amdgcn--" && *triple != "amdgcn-amd-" &&
               *triple != "amdgcn-unknown-unknown" && *triple != "amdgcn-amd-unknown") {
      std::fprintf(stderr, "gcnkit asm: unsupported -triple '%s'\n", triple->c_str());
      return 2;
    }
  }
  if (!readTargetSelection(opt, "asm", s.target))
    return 2;
  s.showEncoding = opt.has("show-encoding");
  if (auto type = opt.get("filetype")) {
    if (*type != "asm" && *type != "obj") {
      std::fprintf(stderr,
                   "gcnkit asm: for the --filetype option: Cannot find option named '%s'!\n",
                   type->c_str());
      return 1;
    }
    s.object = *type == "obj";
  }
  if (auto version = opt.get("amdhsa-code-object-version")) {
    unsigned v = 0;
    auto [end, ec] = std::from_chars(version->data(), version->data() + version->size(), v);
    if (ec != std::errc() || end != version->data() + version->size()) {
      std::fprintf(stderr,
                   "gcnkit asm: for the --amdhsa-code-object-version option: '%s' value invalid "
                   "for uint argument!\n",
                   version->c_str());
      return 1;
    }
    if (v < 4 || v > 6) {
      std::fprintf(stderr, "gcnkit asm: unsupported code object version %u (4, 5 or 6)\n", v);
      return 2;
    }
    s.codeObjectVersion = v;
  }
  if (opt.positional.size() > 1) {
    std::fputs("gcnkit asm: Too many positional arguments specified!\n", stderr);
    return 1;
  }
  if (!opt.positional.empty())
    s.input = opt.positional[0];
  if (auto o = opt.get("o"))
    s.output = *o;
  return 0;
}

bool writeOutput(const std::string &path, const std::string &data) {
  if (path == "-") {
    std::fwrite(data.data(), 1, data.size(), stdout);
    return true;
  }
  std::ofstream f(path, std::ios::binary);
  f << data;
  if (!f) {
    std::fprintf(stderr, "gcnkit asm: error: cannot write '%s'\n", path.c_str());
    return false;
  }
  return true;
}

} // namespace

int runAsm(std::span<const std::string_view> args) {
  ParsedOptions opt = parseOptions(args, kAsmOptions);
  if (opt.error.empty() && (opt.has("help") || opt.has("h"))) {
    printHelp();
    return 0;
  }
  AsmSettings settings;
  if (int status = readSettings(opt, settings))
    return status;
  Input input;
  std::string error;
  if (!readAll(settings.input, input, error)) {
    std::fprintf(stderr, "gcnkit asm: error: %s: %s\n", settings.input.c_str(), error.c_str());
    return 1;
  }

  elf::AssembleOptions ao;
  ao.amdhsa = settings.amdhsa;
  ao.object = settings.object;
  ao.showEncoding = settings.showEncoding;
  ao.target = settings.target.id;
  ao.wave64 = settings.target.wave64;
  ao.codeObjectVersion = settings.codeObjectVersion;
  // A listing on standard output is written as it is produced.
  elf::ListingSink toStdout;
  if (!settings.object && settings.output == "-")
    toStdout = [](std::string_view piece) { std::fwrite(piece.data(), 1, piece.size(), stdout); };
  elf::AssembleResult r = elf::assemble(settings.input == "-" ? "<stdin>" : settings.input,
                                        std::string(input.view()), ao, toStdout);
  std::fwrite(r.diagnostics.data(), 1, r.diagnostics.size(), stderr);
  // An object with errors is not written; the listing always is.
  if ((r.ok || !settings.object) && !writeOutput(settings.output, r.output))
    return 1;
  return r.ok ? 0 : 1;
}

} // namespace gcnkit::tools
