// Random encodings for the memory family: DS, MUBUF, MTBUF, FLAT / GLOBAL / SCRATCH, MIMG, EXP.
//
// Opcodes come mostly from the table (so that every instruction is reachable) and sometimes at
// random (invalid opcodes). Each field is filled according to what it holds: VGPRs biased so
// that tuples fit, scalar sources with inline constants and literals, offsets, modifier bits.
// Fields the table says must be zero are usually left zero so that most encodings decode, and
// sometimes set to exercise the decoder's checks. A few encodings are truncated.
#include <vector>

#include "gcnkit/isa.h"
#include "random_encodings.h"

namespace gcnkit::difftest {

namespace {

using isa::Format;

enum class Kind : uint8_t { Bits, Flag, Vgpr, Soffset, Srsrc, Saddr, Ssamp };

struct GenField {
  uint8_t lo;
  uint8_t width;
  Kind kind;
};

// Field lists in the order of the table's flag policies (scripts/isa/gfx1100_mem.py).
constexpr GenField kDs[] = {{0, 8, Kind::Bits},  {8, 8, Kind::Bits},  {16, 1, Kind::Flag},
                            {17, 1, Kind::Flag}, {32, 8, Kind::Vgpr}, {40, 8, Kind::Vgpr},
                            {48, 8, Kind::Vgpr}, {56, 8, Kind::Vgpr}};
constexpr GenField kMubuf[] = {{0, 12, Kind::Bits}, {12, 1, Kind::Flag},  {13, 1, Kind::Flag},
                               {14, 1, Kind::Flag}, {15, 3, Kind::Bits},  {32, 8, Kind::Vgpr},
                               {40, 8, Kind::Vgpr}, {48, 5, Kind::Srsrc}, {53, 1, Kind::Flag},
                               {54, 1, Kind::Flag}, {55, 1, Kind::Flag},  {56, 8, Kind::Soffset}};
constexpr GenField kMtbuf[] = {{0, 12, Kind::Bits}, {12, 1, Kind::Flag},  {13, 1, Kind::Flag},
                               {14, 1, Kind::Flag}, {19, 7, Kind::Bits},  {32, 8, Kind::Vgpr},
                               {40, 8, Kind::Vgpr}, {48, 5, Kind::Srsrc}, {53, 1, Kind::Flag},
                               {54, 1, Kind::Flag}, {55, 1, Kind::Flag},  {56, 8, Kind::Soffset}};
constexpr GenField kFlat[] = {{0, 13, Kind::Bits}, {13, 1, Kind::Flag},  {14, 1, Kind::Flag},
                              {15, 1, Kind::Flag}, {25, 1, Kind::Flag},  {32, 8, Kind::Vgpr},
                              {40, 8, Kind::Vgpr}, {48, 7, Kind::Saddr}, {55, 1, Kind::Flag},
                              {56, 8, Kind::Vgpr}};
constexpr GenField kExp[] = {{0, 4, Kind::Bits},   {4, 6, Kind::Bits},  {10, 1, Kind::Flag},
                             {11, 1, Kind::Flag},  {12, 1, Kind::Flag}, {13, 1, Kind::Flag},
                             {14, 12, Kind::Bits}, {32, 8, Kind::Vgpr}, {40, 8, Kind::Vgpr},
                             {48, 8, Kind::Vgpr},  {56, 8, Kind::Vgpr}};
// MIMG: the first 12 fields carry one flag bit each (must hold the fixed value); the rest are
// operands and bits every image instruction ignores.
constexpr GenField kMimg[] = {
    {2, 3, Kind::Bits},  {7, 1, Kind::Flag},  {8, 4, Kind::Bits},   {12, 1, Kind::Flag},
    {13, 1, Kind::Flag}, {14, 1, Kind::Flag}, {15, 1, Kind::Flag},  {16, 1, Kind::Flag},
    {17, 1, Kind::Flag}, {53, 1, Kind::Flag}, {54, 1, Kind::Flag},  {58, 5, Kind::Ssamp},
    {32, 8, Kind::Vgpr}, {40, 8, Kind::Vgpr}, {48, 5, Kind::Srsrc}, {0, 1, Kind::Flag},
    {1, 1, Kind::Flag},  {5, 2, Kind::Bits},  {55, 3, Kind::Bits},  {63, 1, Kind::Flag}};

struct FormatInfo {
  Format format;
  uint32_t prefix; // encoding bits of word 0
  GenField opcode;
  std::span<const GenField> fields;
  unsigned policyFields; // how many fields have a policy in the row flags
};

const std::vector<const isa::InstrDesc *> &rowsOf(Format f) {
  static std::vector<const isa::InstrDesc *> rows[static_cast<size_t>(Format::Count)];
  static bool init = false;
  if (!init) {
    for (const isa::InstrDesc &d : isa::instructions(isa::Target::GFX1100))
      rows[static_cast<size_t>(d.format)].push_back(&d);
    init = true;
  }
  return rows[static_cast<size_t>(f)];
}

uint64_t setField(uint64_t v, const GenField &f, uint64_t x) {
  const uint64_t mask = ((uint64_t{1} << f.width) - 1) << f.lo;
  return (v & ~mask) | ((x << f.lo) & mask);
}

uint32_t randomVgpr(Rng &rng) {
  switch (rng() % 4) {
  case 0:
    return rng() % 16;
  case 1:
    return 240 + rng() % 16;
  default:
    return rng() % 252;
  }
}

uint32_t randomSoffset(Rng &rng) {
  switch (rng() % 10) {
  case 0:
    return 124; // null
  case 1:
    return 255; // literal
  case 2:
    return 128 + rng() % 81;
  case 3:
    return 235 + rng() % 21;
  case 4:
    return randBits(rng, 8);
  default:
    return randBits(rng, 7);
  }
}

uint32_t randomValue(Rng &rng, const GenField &f) {
  switch (f.kind) {
  case Kind::Flag:
    return chance(rng, 35);
  case Kind::Vgpr:
    return randomVgpr(rng);
  case Kind::Soffset:
    return randomSoffset(rng);
  case Kind::Srsrc:
  case Kind::Ssamp:
    return chance(rng, 80) ? rng() % 26 : randBits(rng, 5);
  case Kind::Saddr:
    return chance(rng, 40) ? 0x7C : randBits(rng, 7);
  case Kind::Bits:
  default:
    return chance(rng, 25) ? 0 : randBits(rng, f.width);
  }
}

// Fills every field of v: used fields at random, fixed fields zero (mostly), ignored fields
// with garbage.
uint64_t fillFields(Rng &rng, uint64_t v, const FormatInfo &fi, const isa::InstrDesc *d) {
  for (unsigned i = 0; i < fi.fields.size(); ++i) {
    const GenField &f = fi.fields[i];
    unsigned pol = 0;
    if (d && i < fi.policyFields)
      pol = fi.format == Format::MIMG ? (d->flags >> i) & 1 : (d->flags >> (2 * i)) & 3;
    uint32_t x = randomValue(rng, f);
    if (pol == 1) {
      if (rng() % 1000 >= 15)
        x = 0;
    }
    v = setField(v, f, x);
  }
  return v;
}

// NSA address bytes; BVH address tuples are kept inside v0..v255 (llvm-mc-19 crashes on
// three-register NSA tuples that run past v255).
uint32_t randomNsaDword(Rng &rng, bool bvh) {
  uint32_t w = 0;
  const uint32_t same = randomVgpr(rng);
  for (unsigned i = 0; i < 4; ++i) {
    uint32_t b = chance(rng, 30) ? same : randomVgpr(rng);
    if (chance(rng, 10))
      b = randBits(rng, 8);
    w |= (bvh ? b % 253 : b) << (8 * i);
  }
  return w;
}

void emit(Rng &rng, std::vector<uint8_t> &out, uint64_t v, unsigned extraDwords, bool bvh) {
  const size_t start = out.size();
  putDword(out, static_cast<uint32_t>(v));
  putDword(out, static_cast<uint32_t>(v >> 32));
  for (unsigned i = 0; i < extraDwords; ++i)
    putDword(out, (v >> 26 & 0x3F) == 0x3C ? randomNsaDword(rng, bvh) : randomLiteral(rng));
  // Occasionally truncated. The harness puts every encoding in an atomic block, so whatever
  // llvm-mc does with a rejected or cut encoding stays within it.
  if (chance(rng, 2))
    out.resize(start + 1 + rng() % (out.size() - start - 1));
}

void generateWith(Rng &rng, std::vector<uint8_t> &out, const FormatInfo &fi) {
  const auto &rows = rowsOf(fi.format);
  const isa::InstrDesc *d = nullptr;
  uint32_t op;
  if (!rows.empty() && chance(rng, 92)) {
    d = rows[rng() % rows.size()];
    op = d->opcode;
  } else {
    op = randBits(rng, fi.opcode.width);
  }
  uint64_t v = fi.prefix;
  v = setField(v, fi.opcode, op);
  v = fillFields(rng, v, fi, d);
  unsigned extra = 0;
  const bool bvh = d && fi.format == Format::MIMG && (d->flags & 4); // dmask fixed
  switch (fi.format) {
  case Format::MUBUF:
  case Format::MTBUF:
    if (((v >> 56) & 0xFF) == 255)
      extra = 1;
    break;
  case Format::DS:
    if (d && (d->flags & (1u << 29))) // GWS: gds required
      v |= uint64_t{1} << 17;
    break;
  case Format::MIMG:
    if (bvh && chance(rng, 90)) // BVH: dmask 0xf, unorm, r128
      v = (v & ~uint64_t{0xF80}) | 0xF80 | (uint64_t{1} << 15);
    if (v & 1)
      extra = 1;
    break;
  default:
    break;
  }
  emit(rng, out, v, extra, bvh);
}

void generateFlat(Rng &rng, std::vector<uint8_t> &out) {
  static const Format kSegs[] = {Format::FLAT, Format::SCRATCH, Format::GLOBAL};
  unsigned seg = chance(rng, 95) ? rng() % 3 : 3;
  FormatInfo fi = {seg < 3 ? kSegs[seg] : Format::FLAT,
                   0xDC000000u | (seg << 16),
                   {18, 7, Kind::Bits},
                   kFlat,
                   10};
  const auto &rows = rowsOf(fi.format);
  const isa::InstrDesc *d = nullptr;
  uint32_t op = randBits(rng, 7);
  if (seg < 3 && chance(rng, 92)) {
    d = rows[rng() % rows.size()];
    op = d->opcode;
  }
  uint64_t v = fi.prefix;
  v = setField(v, fi.opcode, op);
  v = fillFields(rng, v, fi, d);
  if (seg == 0 && chance(rng, 95))
    v = setField(v, kFlat[7], 0x7C);
  emit(rng, out, v, 0, false);
}

} // namespace

void generateMem(Rng &rng, std::vector<uint8_t> &out) {
  static const FormatInfo kDsInfo = {Format::DS, 0xD8000000u, {18, 8, Kind::Bits}, kDs, 8};
  static const FormatInfo kMubufInfo = {
      Format::MUBUF, 0xE0000000u, {18, 8, Kind::Bits}, kMubuf, 12};
  static const FormatInfo kMtbufInfo = {
      Format::MTBUF, 0xE8000000u, {15, 4, Kind::Bits}, kMtbuf, 12};
  static const FormatInfo kExpInfo = {Format::EXP, 0xF8000000u, {0, 0, Kind::Bits}, kExp, 11};
  static const FormatInfo kMimgInfo = {Format::MIMG, 0xF0000000u, {18, 8, Kind::Bits}, kMimg, 12};
  switch (rng() % 20) {
  case 0:
  case 1:
  case 2:
  case 3:
    return generateWith(rng, out, kDsInfo);
  case 4:
  case 5:
  case 6:
    return generateWith(rng, out, kMubufInfo);
  case 7:
  case 8:
    return generateWith(rng, out, kMtbufInfo);
  case 9:
  case 10:
  case 11:
  case 12:
    return generateFlat(rng, out);
  case 13:
    return generateWith(rng, out, kExpInfo);
  case 19: {
    static constexpr uint32_t kPrefixes[] = {0xD8, 0xDC, 0xE0, 0xE8, 0xF0, 0xF8};
    const uint32_t w0 = (pick(rng, kPrefixes) | (rng() & 3)) << 24 | randBits(rng, 24);
    if (chance(rng, 20)) {
      // A lone dword of one of the family's formats: truncated.
      putDword(out, w0);
      return;
    }
    // Every field at random, whatever the table says.
    const uint64_t v = w0 | uint64_t{randBits(rng, 32)} << 32;
    putDword(out, static_cast<uint32_t>(v));
    putDword(out, static_cast<uint32_t>(v >> 32));
    if ((w0 >> 26) == 0x3C && (w0 & 1))
      putDword(out, randomNsaDword(rng, true));
    return;
  }
  default:
    return generateWith(rng, out, kMimgInfo);
  }
}

} // namespace gcnkit::difftest
