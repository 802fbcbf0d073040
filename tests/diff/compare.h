// The differential comparison: random encodings disassembled by gcnkit and by llvm-mc-19, text
// and warnings compared exactly.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gcnkit/isa.h"

namespace gcnkit::difftest {

struct CompareOptions {
  std::vector<std::string> families; // empty: all
  uint64_t count = 20000;            // encodings in total, spread evenly over the families
  uint64_t seed = 1;
  size_t chunk = 25000; // encodings per llvm-mc run
  size_t maxReported = 20;
  bool showEncoding = true;
  bool wave64 = false;  // both disassemblers in wave64 (-mattr=+wavefrontsize64)
  bool everyRow = true; // also one encoding of every row, for families that can make them
  isa::Target target = isa::Target::GFX1100;
};

struct FamilyStats {
  std::string name;
  uint64_t encodings = 0; // every-row ones included
  uint64_t everyRow = 0;  // of them, one per table row
  uint64_t decoded = 0;   // llvm-mc printed an instruction for the first word
  uint64_t mismatches = 0;
};

struct CompareReport {
  std::vector<FamilyStats> families;
  std::vector<std::string> examples; // human-readable mismatches
  std::string error;                 // set when the comparison could not run
  uint64_t mismatches() const;
};

CompareReport compareWithLlvmMc(const CompareOptions &opts);

// Probes are written one per line, each followed by a marker line (the instruction s_nop 0x7ab,
// which every target has and the generators practically never produce), so that what a tool
// prints can be attributed to the probe that produced it: encodings for the disassembler (as
// atomic blocks [...], which llvm-mc decodes in isolation), statements for the assembler.
inline constexpr const char *kMarkerStatement = "s_nop 0x7ab";
inline constexpr const char *kMarkerHex = "0xab,0x07,0x80,0xbf";

// What a -show-encoding run printed for one probe: its output lines, and its diagnostics (each
// from the ':' after the file name on, with the source and caret lines that follow it).
struct Block {
  std::string out; // stdout lines
  std::string err; // diagnostics
};
// Splits a run's output and diagnostics into one block per probe.
std::vector<Block> splitBlocks(const std::string &out, const std::string &err, size_t probes);

// `0x01,0x02,...` (llvm-mc's hex input) for bytes.
std::string hexLine(const std::vector<uint8_t> &bytes);

// opts.count random encodings of each selected family of opts.target, one hex line each (seed
// corpora for the fuzzers and the benchmarks).
std::string randomEncodingsText(const CompareOptions &opts);

} // namespace gcnkit::difftest
