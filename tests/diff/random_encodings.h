// Random instruction encodings for the differential test against llvm-mc-19. Each instruction
// family contributes a generator that fills every field at random, biased so that most words
// decode (valid opcodes, plausible register numbers), while still producing invalid and
// truncated forms.
#pragma once

#include <cstdint>
#include <random>
#include <span>
#include <string_view>
#include <vector>

#include "gcnkit/disasm.h"
#include "gcnkit/isa.h"

namespace gcnkit::difftest {

using Rng = std::mt19937_64;

struct FamilyGenerator {
  std::string_view name; // salu, valu, vop3p, mem
  isa::Target target;    // whose encodings it makes
  // Appends one encoding (4 to 16 bytes) to out.
  void (*generate)(Rng &rng, std::vector<uint8_t> &out);
  // Optional: one encoding of every row of the family's table (compared before the random
  // ones, so that every opcode is checked in each run).
  void (*everyRow)(Rng &rng, std::vector<std::vector<uint8_t>> &out) = nullptr;
};

// The generators of one target.
std::vector<FamilyGenerator> familyGenerators(isa::Target target = isa::Target::GFX1100);

// Appends one encoding of `generator` that `dis` decodes in full (a valid instruction of exactly
// the generated length), trying at most `attempts` draws from rng; false, with out unchanged,
// when none decodes. The benchmarks' instruction pool and the emulator fuzzer run only such
// encodings.
bool generateValid(const FamilyGenerator &generator, Rng &rng, const disasm::Disassembler &dis,
                   std::vector<uint8_t> &out, unsigned attempts);

// Helpers for generators.
inline uint32_t randBits(Rng &rng, unsigned n) {
  return n >= 32 ? static_cast<uint32_t>(rng()) : static_cast<uint32_t>(rng() & ((1u << n) - 1));
}
inline bool chance(Rng &rng, unsigned percent) { return rng() % 100 < percent; }
inline uint32_t pick(Rng &rng, std::span<const uint32_t> values) {
  return values[rng() % values.size()];
}
inline void putDword(std::vector<uint8_t> &out, uint32_t w) {
  for (int i = 0; i < 4; ++i)
    out.push_back(static_cast<uint8_t>(w >> (8 * i)));
}

// A random 8-bit scalar source: mostly SGPRs, specials and inline constants, sometimes a
// literal (255) or an unusual value.
uint32_t randomScalarSrc(Rng &rng);
// A random 9-bit VALU source (VGPRs are 256..511).
uint32_t randomVectorSrc(Rng &rng);
// A literal dword worth printing: inline-representable floats, small and large integers.
uint32_t randomLiteral(Rng &rng);

void generateSalu(Rng &rng, std::vector<uint8_t> &out);
void generateSaluGfx908(Rng &rng, std::vector<uint8_t> &out);
void generateValu(Rng &rng, std::vector<uint8_t> &out);
void generateValuGfx908(Rng &rng, std::vector<uint8_t> &out);
void generateVop3p(Rng &rng, std::vector<uint8_t> &out);
void generateVop3pGfx908(Rng &rng, std::vector<uint8_t> &out);
void generateMem(Rng &rng, std::vector<uint8_t> &out);
void generateMemGfx908(Rng &rng, std::vector<uint8_t> &out);
void memEveryRow(Rng &rng, std::vector<std::vector<uint8_t>> &out);
void memEveryRowGfx908(Rng &rng, std::vector<std::vector<uint8_t>> &out);

} // namespace gcnkit::difftest
