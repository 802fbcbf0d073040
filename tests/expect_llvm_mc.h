// The assertion most disassembler tests make: gcnkit's llvm-mc front end prints exactly what
// llvm-mc-19 prints for the same hex text, standard output and diagnostics alike.
#pragma once

#include <gtest/gtest.h>

#include <unistd.h>

#include <string>

#include "gcnkit/mc_text.h"
#include "gcnkit/target.h"
#include "oracle.h"

namespace gcnkit::disasm {

struct ExpectOptions {
  bool showEncoding = true;
  bool strictComments = true;                // llvm-mc-19's comment syntax
  bool checkStatus = false;                  // compare the exit status too
  isa::Target target = isa::Target::GFX1100; // gfx908 is wave64 only
};

// The options for gfx908's disassembler (wave64).
inline ExpectOptions gfx908Options() {
  ExpectOptions o;
  o.target = isa::Target::GFX908;
  return o;
}

inline void expectSameAsLlvmMc(const std::string &input, ExpectOptions opts = {}) {
  std::string path = difftest::writeTempFile(input, ".txt");
  difftest::ToolRun ref = difftest::llvmMcDisassemble(path, opts.showEncoding, false, opts.target);
  Disassembler dis(opts.target,
                   isa::defaultWave64(opts.target) ? WaveSize::Wave64 : WaveSize::Wave32);
  McTextOptions o;
  o.showEncoding = opts.showEncoding;
  o.strictComments = opts.strictComments;
  McTextResult got = disassembleMcText(dis, input, path, o);
  unlink(path.c_str());
  EXPECT_EQ(got.out, ref.out) << "input: " << input;
  EXPECT_EQ(got.err, ref.err) << "input: " << input;
  if (opts.checkStatus) {
    EXPECT_EQ(got.error ? 1 : 0, ref.status) << "input: " << input;
  }
}

} // namespace gcnkit::disasm
