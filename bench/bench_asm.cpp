// In-process throughput of the assembler (Google Benchmark): the instruction pool as the
// disassembler prints it (llvm-mc's syntax), one instruction per line, assembled through
// elf::assemble (the path of `gcnkit asm`) to the `-show-encoding` listing and to an ELF
// object. Items are source lines.
#include <benchmark/benchmark.h>

#include <charconv>
#include <set>
#include <span>
#include <string>

#include "elf/assemble.h"
#include "gcnkit/disasm.h"
#include "instruction_pool.h"

namespace gcnkit::bench {
namespace {

struct AsmSource {
  std::string text;
  size_t lines = 0;
};

// The pool's instructions in llvm-mc syntax, minus any line gcnkit rejects (so that both modes
// assemble the whole file, as the timed comparison with llvm-mc does).
const AsmSource &source() {
  static const AsmSource s = [] {
    const InstructionPool p = makeInstructionPool(200000, 1);
    const disasm::Disassembler dis;
    std::vector<std::string> lines;
    disasm::Inst inst;
    for (size_t offset = 0; offset < p.bytes.size(); offset += inst.size) {
      dis.decode(std::span<const uint8_t>(p.bytes).subspan(offset), inst);
      std::string line = "\t";
      dis.print(inst, line);
      lines.push_back(std::move(line));
    }
    std::string all;
    for (const std::string &l : lines)
      all += l + "\n";
    // Diagnostics name the rejected lines: "bench.s:LINE:COL: error: ...".
    const std::string diags = elf::assemble("bench.s", all, {}).diagnostics;
    std::set<size_t> rejected;
    for (size_t at = diags.find("bench.s:"); at != std::string::npos;
         at = diags.find("bench.s:", at + 1)) {
      size_t line = 0;
      std::from_chars(diags.data() + at + 8, diags.data() + diags.size(), line);
      rejected.insert(line);
    }
    AsmSource out;
    for (size_t i = 0; i < lines.size(); ++i)
      if (!rejected.count(i + 1)) {
        out.text += lines[i] + "\n";
        ++out.lines;
      }
    return out;
  }();
  return s;
}

void assembleBenchmark(benchmark::State &state, const elf::AssembleOptions &options) {
  const AsmSource &s = source();
  for (auto _ : state) {
    elf::AssembleResult r = elf::assemble("bench.s", s.text, options);
    if (!r.ok)
      state.SkipWithError(r.diagnostics.substr(0, 200).c_str());
    benchmark::DoNotOptimize(r.output.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * s.lines));
}

void BM_AssembleListing(benchmark::State &state) {
  assembleBenchmark(state, {.showEncoding = true});
}
BENCHMARK(BM_AssembleListing)->Unit(benchmark::kMillisecond);

void BM_AssembleObject(benchmark::State &state) { assembleBenchmark(state, {.object = true}); }
BENCHMARK(BM_AssembleObject)->Unit(benchmark::kMillisecond);

} // namespace
} // namespace gcnkit::bench
