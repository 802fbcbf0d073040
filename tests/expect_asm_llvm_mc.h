// The assertion most assembler tests make: each statement assembles with gcnkit exactly as with
// llvm-mc-19 -- the same encoding bytes, or the same error message at the same column.
#pragma once

#include <gtest/gtest.h>

#include <unistd.h>

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "asm/instruction.h"
#include "gcnkit/target.h"
#include "oracle.h"

namespace gcnkit::assembler {

struct LlvmMcStatement {
  bool ok = false;
  std::string bytes;   // "0x01,0x02,..." as in llvm-mc's `; encoding: [...]`
  std::string message; // first error on the line
  size_t column = 0;   // 1-based
};

inline std::string hexBytes(std::string_view bytes) {
  std::string s;
  char buf[8];
  for (size_t i = 0; i < bytes.size(); ++i) {
    snprintf(buf, sizeof buf, "%s0x%02x", i ? "," : "", static_cast<uint8_t>(bytes[i]));
    s += buf;
  }
  return s;
}

// llvm-mc-19's outcome for each statement (one per line, for `target`; wave64:
// -mattr=+wavefrontsize64).
inline std::vector<LlvmMcStatement> llvmMcStatements(const std::vector<std::string> &statements,
                                                     bool wave64 = false,
                                                     isa::Target target = isa::Target::GFX1100) {
  std::string src;
  for (const std::string &s : statements)
    src += s + "\n";
  std::string path = difftest::writeTempFile(src, ".s");
  std::vector<std::string> argv = {"llvm-mc-19", "-arch=amdgcn", difftest::mcpuFlag(target),
                                   "-show-encoding"};
  if (wave64 && isa::supportsWave32(target))
    argv.push_back(difftest::kWave64Attr);
  argv.push_back(path);
  difftest::ToolRun r = difftest::runTool(argv);
  unlink(path.c_str());
  std::vector<LlvmMcStatement> out(statements.size());
  for (LlvmMcStatement &s : out)
    s.ok = true;
  std::istringstream err(r.err);
  for (std::string l; std::getline(err, l);) {
    size_t p = l.find(".s:");
    size_t e = l.find(": error: ");
    if (p == std::string::npos || e == std::string::npos)
      continue;
    size_t line = std::stoul(l.substr(p + 3));
    if (line == 0 || line > out.size() || !out[line - 1].ok)
      continue;
    out[line - 1].ok = false;
    out[line - 1].column = std::stoul(l.substr(l.find(':', p + 3) + 1));
    out[line - 1].message = l.substr(e + 9);
  }
  std::istringstream res(r.out);
  size_t i = 0;
  for (std::string l; std::getline(res, l);) {
    size_t e = l.find("; encoding: [");
    if (e == std::string::npos)
      continue;
    while (i < out.size() && !out[i].ok)
      ++i;
    if (i < out.size())
      out[i++].bytes = l.substr(e + 13, l.size() - e - 14);
  }
  return out;
}

struct AsmCompareOptions {
  bool compareMessages = true; // rejected statements: same message and column
  size_t maxReported = 25;
  bool wave64 = false; // both assemblers in wave64 (-mattr=+wavefrontsize64)
  isa::Target target = isa::Target::GFX1100;
};

// The options for gfx908 (wave64).
inline AsmCompareOptions gfx908AsmOptions() {
  AsmCompareOptions o;
  o.target = isa::Target::GFX908;
  return o;
}

// Assembles each statement with gcnkit and llvm-mc-19; reports every difference. Returns the
// number of statements that differ.
inline size_t expectSameAsLlvmMc(const std::vector<std::string> &statements,
                                 AsmCompareOptions opts = {}) {
  std::vector<LlvmMcStatement> want = llvmMcStatements(statements, opts.wave64, opts.target);
  InstructionAssembler as(opts.target);
  as.setWave64(opts.wave64 || isa::defaultWave64(opts.target));
  size_t mismatches = 0;
  for (size_t i = 0; i < statements.size(); ++i) {
    std::vector<Token> toks = tokenize(statements[i]);
    toks.resize(toks.size() - 1 - kTokenLookahead); // the statement: no Eof, no padding
    EncodedInstruction enc;
    InstructionAssembler::Failure f;
    const bool ok = !toks.empty() && as.encode(toks, enc, f);
    const std::string got = ok ? hexBytes(enc.bytes) : "";
    bool same = ok == want[i].ok && got == want[i].bytes;
    if (same && !ok && opts.compareMessages)
      same = f.message == want[i].message && f.offset + 1 == want[i].column;
    if (same)
      continue;
    if (mismatches++ < opts.maxReported)
      ADD_FAILURE() << statements[i] << "\n  llvm-mc: "
                    << (want[i].ok ? want[i].bytes
                                   : std::to_string(want[i].column) + ": " + want[i].message)
                    << "\n  gcnkit:  "
                    << (ok ? got : std::to_string(f.offset + 1) + ": " + f.message);
  }
  return mismatches;
}

// Every combination of `templates` (with `@` replaced by each of `values`): spelling variants.
inline std::vector<std::string> expand(const std::vector<std::string> &templates,
                                       const std::vector<std::string> &values) {
  std::vector<std::string> out;
  for (const std::string &t : templates)
    for (const std::string &v : values) {
      std::string s = t;
      s.replace(s.find('@'), 1, v);
      out.push_back(s);
    }
  return out;
}

} // namespace gcnkit::assembler
