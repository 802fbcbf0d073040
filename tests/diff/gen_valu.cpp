// Random encodings for the valu family: VOP1, VOP2, VOPC, VOP3 / VOP3SD, plain, with a literal,
// and with DPP16 / DPP8 (gfx11) or DPP16 / SDWA (gfx9) extension dwords.
//
// Most encodings start from a random row of the instruction table (so every opcode is reached
// and most encodings decode): its unused source fields are usually left zero and its modifier
// bits usually drawn from the ones the row accepts. The rest fill the opcode field and every
// other field at random, which yields invalid opcodes, reserved bits and odd operands.
#include <vector>

#include "gcnkit/isa.h"
#include "random_encodings.h"

namespace gcnkit::difftest {

namespace {

using isa::Field;
using isa::Format;
using isa::InstrDesc;

// What differs between the targets' VALU encodings.
struct Profile {
  isa::Target target;
  uint32_t vop3Prefix; // the 6-bit VOP3 prefix
  uint32_t vop3Ops;    // VOP3 opcodes below this (gfx9: VOP3P sits above)
  bool sdwa;           // gfx9 SDWA (src0 = 0xF9); gfx11 has DPP8 instead
  bool gfx10Plus;      // VOP3 literals, VOP3 DPP and DPP8 exist
};

constexpr Profile kGfx1100{isa::Target::GFX1100, 0x35, 0x400, false, true};
constexpr Profile kGfx908{isa::Target::GFX908, 0x34, 0x380, true, false};

uint32_t vgpr(Rng &rng) { return chance(rng, 85) ? randBits(rng, 7) : randBits(rng, 8); }

// A 9-bit source: VGPR, scalar, inline constant or literal.
uint32_t source(Rng &rng) {
  if (chance(rng, 45))
    return 256 + vgpr(rng);
  return randomScalarSrc(rng);
}

uint32_t dpp16Word(Rng &rng) {
  static constexpr uint32_t kCtrls[] = {0x101, 0x10f, 0x111, 0x11f, 0x121, 0x12f, 0x140,
                                        0x141, 0x150, 0x15f, 0x160, 0x16f, 0x100, 0x130,
                                        0x134, 0x138, 0x13c, 0x142, 0x143, 0x170, 0x1ff};
  const uint32_t ctrl = chance(rng, 40)   ? randBits(rng, 8)
                        : chance(rng, 80) ? pick(rng, kCtrls)
                                          : randBits(rng, 9);
  uint32_t w = vgpr(rng) | (ctrl << 8) | (randBits(rng, 8) << 24);
  if (chance(rng, 20))
    w |= 1u << 18; // fi
  if (chance(rng, 20))
    w |= 1u << 19; // bound_ctrl
  if (chance(rng, 25))
    w |= randBits(rng, 4) << 20; // src0 / src1 neg, abs
  if (chance(rng, 5))
    w |= 1u << 17; // reserved
  return w;
}

uint32_t dpp8Word(Rng &rng) { return vgpr(rng) | (randBits(rng, 24) << 8); }

// An SDWA selector: BYTE_0..3, WORD_0/1, DWORD. 7 is reserved, and llvm-mc-19 crashes on it.
uint32_t sdwaSel(Rng &rng) { return chance(rng, 50) ? 6 : rng() % 7; }

// An SDWA dword for `format` (VOP1 has no second source; VOPC has sdst in bits 15:8).
uint32_t sdwaWord(Rng &rng, Format format) {
  uint32_t w = chance(rng, 80) ? vgpr(rng) : randomScalarSrc(rng);
  if (format == Format::VOPC)
    w |= chance(rng, 50) ? 0 : (0x80u | randBits(rng, 7)) << 8;
  else
    w |=
        sdwaSel(rng) << 8 | randBits(rng, 2) << 11 | (chance(rng, 30) ? randBits(rng, 3) << 13 : 0);
  w |= sdwaSel(rng) << 16 | (chance(rng, 30) ? randBits(rng, 3) << 19 : 0);
  if (chance(rng, 25))
    w |= 1u << 23; // src0 is scalar
  if (format != Format::VOP1 || chance(rng, 3)) {
    w |= sdwaSel(rng) << 24 | (chance(rng, 30) ? randBits(rng, 3) << 27 : 0);
    if (chance(rng, 25))
      w |= 1u << 31;
  }
  if (chance(rng, 5))
    w |= randBits(rng, 1) << 22 | randBits(rng, 1) << 30; // reserved
  return w;
}

// A dword that follows an instruction which does not need one: another VALU encoding, so that
// what llvm-mc decodes from it stays within this family.
uint32_t stray(Rng &rng) {
  return chance(rng, 50)
             ? ((0x3Fu << 25) | (vgpr(rng) << 17) | (randBits(rng, 7) << 9) | (256 + vgpr(rng)))
             : ((rng() % 0x3E) << 25 | randBits(rng, 25));
}

// Appends the trailing dword(s) the first dwords call for, sometimes leaving them out. An SDWA
// src0 (gfx9) always gets a well-formed SDWA dword or none: whatever follows it is read as one.
void tail(const Profile &p, Rng &rng, std::vector<uint8_t> &out, uint32_t src0, bool literal,
          Format format = Format::VOP2) {
  if (chance(rng, 3))
    return; // truncated
  // Without them (gfx9) what follows a VOP3 would be read as the next instruction.
  const bool vop3Extras = format != Format::VOP3 || p.gfx10Plus;
  if (!vop3Extras)
    literal = false;
  if (p.sdwa && src0 == 0xF9 && format != Format::VOP3)
    putDword(out, sdwaWord(rng, format));
  else if (src0 == 0xFA && vop3Extras)
    putDword(out, dpp16Word(rng));
  else if ((src0 == 0xE9 || src0 == 0xEA) && p.gfx10Plus)
    putDword(out, dpp8Word(rng));
  else if (literal)
    putDword(out, randomLiteral(rng));
  else if (chance(rng, 3) && !(p.sdwa && (src0 == 0xF9 || src0 == 0xFA)))
    putDword(out, stray(rng));
}

uint32_t src0Choice(const Profile &p, Rng &rng) {
  switch (rng() % 10) {
  case 0:
    return 0xFA;
  case 1:
    if (p.sdwa)
      return 0xF9;
    return chance(rng, 50) ? 0xE9 : 0xEA;
  default:
    return source(rng);
  }
}

// The VALU rows of a target's table.
std::vector<const InstrDesc *> valuRowsOf(isa::Target target) {
  std::vector<const InstrDesc *> r;
  for (const InstrDesc &d : isa::instructions(target))
    if (d.format == Format::VOP1 || d.format == Format::VOP2 || d.format == Format::VOPC ||
        d.format == Format::VOP3 || d.format == Format::VOP3SD)
      r.push_back(&d);
  return r;
}

const std::vector<const InstrDesc *> &valuRows(const Profile &p) {
  static const std::vector<const InstrDesc *> gfx1100 = valuRowsOf(isa::Target::GFX1100);
  static const std::vector<const InstrDesc *> gfx908 = valuRowsOf(isa::Target::GFX908);
  return p.target == isa::Target::GFX908 ? gfx908 : gfx1100;
}

bool uses(const InstrDesc &d, Field f) {
  for (unsigned i = 0; i < d.numOperands; ++i)
    if (d.operands[i].field == f)
      return true;
  return false;
}

bool needsLiteral(const InstrDesc &d) { return uses(d, Field::LITERAL); }

// A source for a field the row uses, or (usually) zero for one it does not.
uint32_t sourceFor(Rng &rng, const InstrDesc &d, Field f) {
  if (!uses(d, f) && chance(rng, 90))
    return 0;
  return source(rng);
}

void fromRow(const Profile &p, Rng &rng, const InstrDesc &d, std::vector<uint8_t> &out) {
  const bool dpp = (d.modifiers & (isa::mod::Dpp16 | isa::mod::Dpp8)) && chance(rng, 20);
  uint32_t s0 = source(rng);
  if (dpp)
    s0 = (d.modifiers & isa::mod::Dpp16) && (!(d.modifiers & isa::mod::Dpp8) || chance(rng, 50))
             ? 0xFA
             : (chance(rng, 50) ? 0xE9 : 0xEA);
  if (p.sdwa && !dpp && (d.modifiers & isa::mod::Sdwa) && chance(rng, 30))
    s0 = 0xF9;
  switch (d.format) {
  case Format::VOP1:
    putDword(out, (0x3Fu << 25) | (vgpr(rng) << 17) | (d.opcode << 9) | s0);
    tail(p, rng, out, s0, s0 == 255, d.format);
    return;
  case Format::VOP2:
    putDword(out, (uint32_t{d.opcode} << 25) | (vgpr(rng) << 17) | (vgpr(rng) << 9) | s0);
    tail(p, rng, out, s0, s0 == 255 || needsLiteral(d), d.format);
    return;
  case Format::VOPC:
    putDword(out, (0x3Eu << 25) | (uint32_t{d.opcode} << 17) | (vgpr(rng) << 9) | s0);
    tail(p, rng, out, s0, s0 == 255, d.format);
    return;
  default: {
    const uint32_t valid = d.flags & 0x1fff; // modifier bits the row accepts
    uint32_t mods = chance(rng, 60) ? (randBits(rng, 13) & valid) : 0;
    if (chance(rng, 5))
      mods = randBits(rng, 13);
    uint32_t w0mods = mods & 0xff;
    if (d.format == Format::VOP3SD)
      w0mods = randBits(rng, 7) | (mods & 0x80);
    const uint32_t vdst = chance(rng, 80) ? vgpr(rng) : randBits(rng, 8);
    const uint32_t s1 = sourceFor(rng, d, Field::SRC1);
    const uint32_t s2 = sourceFor(rng, d, Field::SRC2);
    putDword(out, (p.vop3Prefix << 26) | (uint32_t{d.opcode} << 16) | (w0mods << 8) | vdst);
    if (chance(rng, 2))
      return; // truncated
    putDword(out, s0 | (s1 << 9) | (s2 << 18) | ((mods >> 8) << 27));
    tail(p, rng, out, s0, s0 == 255 || s1 == 255 || s2 == 255, Format::VOP3);
    return;
  }
  }
}

void fullyRandom(const Profile &p, Rng &rng, std::vector<uint8_t> &out) {
  switch (rng() % 4) {
  case 0: { // VOP1
    const uint32_t s0 = src0Choice(p, rng);
    putDword(out, (0x3Fu << 25) | (vgpr(rng) << 17) | (randBits(rng, 8) << 9) | s0);
    tail(p, rng, out, s0, s0 == 255, Format::VOP1);
    return;
  }
  case 1: { // VOP2
    const uint32_t op = rng() % 0x3E;
    const uint32_t s0 = src0Choice(p, rng);
    putDword(out, (op << 25) | (vgpr(rng) << 17) | (vgpr(rng) << 9) | s0);
    const InstrDesc *row = isa::lookup(p.target, Format::VOP2, op);
    tail(p, rng, out, s0, s0 == 255 || (row && needsLiteral(*row))); // fmamk / madak...
    return;
  }
  case 2: { // VOPC
    const uint32_t s0 = src0Choice(p, rng);
    putDword(out, (0x3Eu << 25) | (randBits(rng, 8) << 17) | (vgpr(rng) << 9) | s0);
    tail(p, rng, out, s0, s0 == 255, Format::VOPC);
    return;
  }
  default: { // VOP3 / VOP3SD
    const uint32_t s0 = src0Choice(p, rng);
    const uint32_t s1 = chance(rng, 30) ? 0 : source(rng);
    const uint32_t s2 = chance(rng, 50) ? 0 : source(rng);
    putDword(out, (p.vop3Prefix << 26) | ((randBits(rng, 10) % p.vop3Ops) << 16) |
                      (randBits(rng, 8) << 8) | randBits(rng, 8));
    if (chance(rng, 2))
      return;
    putDword(out, s0 | (s1 << 9) | (s2 << 18) | (randBits(rng, 5) << 27));
    tail(p, rng, out, s0, s0 == 255 || s1 == 255 || s2 == 255, Format::VOP3);
    return;
  }
  }
}

void generate(const Profile &p, Rng &rng, std::vector<uint8_t> &out) {
  const auto &rows = valuRows(p);
  if (!rows.empty() && chance(rng, 85))
    fromRow(p, rng, *rows[rng() % rows.size()], out);
  else
    fullyRandom(p, rng, out);
}

} // namespace

void generateValu(Rng &rng, std::vector<uint8_t> &out) { generate(kGfx1100, rng, out); }

void generateValuGfx908(Rng &rng, std::vector<uint8_t> &out) { generate(kGfx908, rng, out); }

} // namespace gcnkit::difftest
