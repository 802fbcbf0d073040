// Runs the reference tools (llvm-mc-19, llvm-objdump-19) as subprocesses for tests.
#pragma once

#include <string>
#include <vector>

#include "gcnkit/isa.h"
#include "gcnkit/target.h"

namespace gcnkit::difftest {

struct ToolRun {
  std::string out;
  std::string err;
  int status = -1;
};

// Runs argv[0] with the given arguments; stdin is /dev/null. Output is captured in full.
ToolRun runTool(const std::vector<std::string> &argv);

// The whole contents of a file (empty if it cannot be read).
std::string readFile(const std::string &path);

// Writes text to a fresh temporary file and returns its path.
std::string writeTempFile(const std::string &text, const std::string &suffix);

// llvm-mc's flag for wave64 code (lane masks are SGPR pairs, no VOPD).
inline constexpr const char *kWave64Attr = "-mattr=+wavefrontsize64";

// llvm-mc-19 -arch=amdgcn -mcpu=<target> [-mattr=+wavefrontsize64] -disassemble
// [-show-encoding] FILE
ToolRun llvmMcDisassemble(const std::string &path, bool showEncoding, bool wave64 = false,
                          isa::Target target = isa::Target::GFX1100);

// llvm-mc's -mcpu flag for a target ("-mcpu=gfx908").
std::string mcpuFlag(isa::Target target);

// llvm-mc's flags for a target id: -mcpu and -mattr for the features it sets
// (gfx908:xnack- is -mcpu=gfx908 -mattr=-xnack; llvm-mc takes no target id in -mcpu).
std::vector<std::string> llvmMcTargetFlags(const isa::TargetId &id);

bool haveTool(const std::string &name);

} // namespace gcnkit::difftest
