// Valid instructions of a target for benchmarks: encodings from the differential test's random
// generators (tests/diff), kept when gcnkit decodes them with exactly their own length. The
// differential test shows gcnkit and llvm-mc-19 agree on these; scripts/bench.sh additionally
// drops any that llvm-mc-19 rejects before timing both tools.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gcnkit/isa.h"

namespace gcnkit::bench {

struct InstructionPool {
  std::vector<uint8_t> bytes;    // the instructions back to back
  std::vector<uint32_t> offsets; // start of each instruction in bytes
};

InstructionPool makeInstructionPool(size_t count, uint64_t seed,
                                    isa::Target target = isa::Target::GFX1100);

// One instruction per line in llvm-mc's hex input format ("0x01,0x02,...").
std::string toHexLines(const InstructionPool &pool);

} // namespace gcnkit::bench
