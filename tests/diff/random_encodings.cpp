#include "random_encodings.h"

namespace gcnkit::difftest {

std::vector<FamilyGenerator> familyGenerators(isa::Target target) {
  using isa::Target;
  static constexpr FamilyGenerator kGenerators[] = {
      {"salu", Target::GFX1100, generateSalu},
      {"valu", Target::GFX1100, generateValu},
      {"vop3p", Target::GFX1100, generateVop3p},
      {"mem", Target::GFX1100, generateMem, memEveryRow},
      {"salu", Target::GFX908, generateSaluGfx908},
      {"valu", Target::GFX908, generateValuGfx908},
      {"vop3p", Target::GFX908, generateVop3pGfx908},
      {"mem", Target::GFX908, generateMemGfx908, memEveryRowGfx908},
  };
  std::vector<FamilyGenerator> out;
  for (const FamilyGenerator &g : kGenerators)
    if (g.target == target)
      out.push_back(g);
  return out;
}

bool generateValid(const FamilyGenerator &generator, Rng &rng, const disasm::Disassembler &dis,
                   std::vector<uint8_t> &out, unsigned attempts) {
  const size_t start = out.size();
  disasm::Inst inst;
  for (unsigned i = 0; i < attempts; ++i) {
    generator.generate(rng, out);
    const std::span<const uint8_t> enc(out.data() + start, out.size() - start);
    if (dis.decode(enc, inst) == disasm::DecodeStatus::Success && inst.size == enc.size())
      return true;
    out.resize(start);
  }
  return false;
}

uint32_t randomScalarSrc(Rng &rng) {
  switch (rng() % 8) {
  case 0:
  case 1:
  case 2:
    return randBits(rng, 7); // SGPRs and specials
  case 3:
  case 4:
    return 128 + rng() % 81; // integer inline constants
  case 5:
    return 240 + rng() % 9; // float inline constants
  case 6:
    return 255; // literal
  default:
    return randBits(rng, 8);
  }
}

uint32_t randomVectorSrc(Rng &rng) {
  if (chance(rng, 50))
    return 256 + randBits(rng, 8);
  return randomScalarSrc(rng);
}

uint32_t randomLiteral(Rng &rng) {
  static constexpr uint32_t kInteresting[] = {
      0x3f800000, 0xbf800000, 0x3f000000, 0x40000000, 0x40800000, 0x3e22f983, 0x3c00,    0x3800,
      0xbc00,     0x4000,     0x3118,     0x7fffffff, 0x80000000, 0xffffffff, 0x0,       0x40,
      0x41,       0xffffffc0, 0xfffffff0, 0x3fe00000, 0x3ff00000, 0x3fc45f30, 0x12345678};
  switch (rng() % 4) {
  case 0:
    return pick(rng, kInteresting);
  case 1:
    return randBits(rng, 16);
  default:
    return randBits(rng, 32);
  }
}

} // namespace gcnkit::difftest
