// Random encodings for the vop3p family: VOP3P (with DPP16 / DPP8 forms), VOPD, VINTERP and
// LDSDIR on gfx1100; VOP3P (with the MAI group) and VINTRP on gfx908. Opcodes come mostly from
// the table (so every instruction is reached), sometimes at random (invalid ones); fields are
// random, biased towards values that decode (VGPRs for VGPR-only operands, in-range tuples,
// reserved bits clear); literals follow when a source asks for one, and now and then an
// encoding is cut short.
#include <algorithm>
#include <vector>

#include "gcnkit/isa.h"
#include "isa/target_info.h"
#include "random_encodings.h"

namespace gcnkit::difftest {

namespace {

using isa::Format;
using isa::InstrDesc;
using isa::OperandKind;

struct Rows {
  std::vector<const InstrDesc *> vop3p, mai, vopdX, vopdY, vinterp, ldsdir, vintrp;
};

Rows rowsOf(isa::Target target) {
  Rows t;
  for (const InstrDesc &d : isa::instructions(target)) {
    switch (d.format) {
    case Format::VOP3P:
      ((d.modifiers & isa::mod::Mai) ? t.mai : t.vop3p).push_back(&d);
      break;
    case Format::VOPD:
      (d.flags & 1 ? t.vopdY : t.vopdX).push_back(&d);
      break;
    case Format::VINTERP:
      t.vinterp.push_back(&d);
      break;
    case Format::LDSDIR:
      t.ldsdir.push_back(&d);
      break;
    case Format::VINTRP:
      t.vintrp.push_back(&d);
      break;
    default:
      break;
    }
  }
  return t;
}

const Rows &rows(isa::Target target = isa::Target::GFX1100) {
  if (target == isa::Target::GFX908) {
    static const Rows gfx908 = rowsOf(target);
    return gfx908;
  }
  static const Rows gfx1100 = rowsOf(target);
  return gfx1100;
}

const InstrDesc *pickRow(Rng &rng, const std::vector<const InstrDesc *> &v) {
  return v.empty() ? nullptr : v[rng() % v.size()];
}

// A VGPR tuple start that fits (mostly) or any 8-bit value.
uint32_t randomVgpr(Rng &rng, unsigned regs) {
  if (chance(rng, 90))
    return static_cast<uint32_t>(rng() % (257 - regs));
  return randBits(rng, 8);
}

// A 9-bit source for an AccVGPR operand: no inline constant, on which llvm-mc-19
// -show-encoding crashes (docs/differences.md).
uint32_t randomAccSrc(Rng &rng, unsigned regs) {
  if (chance(rng, 85))
    return 256 + randomVgpr(rng, regs);
  uint32_t enc = randomScalarSrc(rng);
  while ((enc >= 128 && enc <= 208) || (enc >= 240 && enc <= 248))
    enc = randomScalarSrc(rng);
  return enc;
}

// A 9-bit source for an operand of this kind.
uint32_t randomSrc(Rng &rng, OperandKind kind, unsigned regs) {
  switch (kind) {
  case OperandKind::AReg:
  case OperandKind::AVReg:
    return randomAccSrc(rng, regs);
  case OperandKind::VReg:
    return chance(rng, 85) ? 256 + randomVgpr(rng, regs) : randomScalarSrc(rng);
  case OperandKind::VRegOrImm:
    return chance(rng, 70) ? 256 + randomVgpr(rng, regs) : randomScalarSrc(rng);
  default:
    return randomVectorSrc(rng);
  }
}

// Appends the literal a source asks for; sometimes leaves it out (the encoding is cut short
// or the next bytes are read as the literal).
void maybeLiteral(Rng &rng, std::vector<uint8_t> &out, bool needed) {
  if (needed && !chance(rng, 4))
    putDword(out, randomLiteral(rng));
}

void generatePacked(Rng &rng, std::vector<uint8_t> &out, isa::Target target) {
  const InstrDesc *d = chance(rng, 92) ? pickRow(rng, rows(target).vop3p) : nullptr;
  uint32_t op = d ? d->opcode : randBits(rng, 7);
  // A random opcode stays clear of the MFMA rows, which have their own generator.
  for (const InstrDesc *r = nullptr;
       !d && (r = isa::lookup(target, Format::VOP3P, op)) && (r->modifiers & isa::mod::Mai);)
    op = randBits(rng, 7);
  const unsigned nsrc = d ? d->numOperands - 1u : 3;
  uint64_t q = isa::targetInfo(target).prefix(Format::VOP3P) | uint64_t{op} << 16;
  if (chance(rng, 2))
    q ^= 1u << 23; // outside the encoding: the decode fails (gfx908: a VOP3 opcode)
  q |= d ? randomVgpr(rng, d->operands[0].regs) : randBits(rng, 8);
  // Modifier bits: each set now and then; op_sel_hi mostly at one of its defaults.
  uint64_t mods = 0;
  for (unsigned b : {8u, 9u, 10u, 11u, 12u, 13u, 15u, 61u, 62u, 63u})
    if (chance(rng, 15))
      mods |= uint64_t{1} << b;
  const unsigned hi = rng() % 4;
  for (unsigned b : {14u, 59u, 60u})
    if (hi == 0 || (hi == 3 && chance(rng, 50)))
      mods |= uint64_t{1} << b;
  if (d && chance(rng, 85)) { // keep clear the bits that make the decode fail
    const uint32_t reject = d->flags & 0x1fff;
    mods &= ~(uint64_t{reject & 0xff} << 8 | uint64_t{(reject >> 8) & 0x1f} << 59);
  }
  q |= mods;
  bool literal = false;
  unsigned dpp = 0;
  if (d && (d->modifiers & (isa::mod::Dpp16 | isa::mod::Dpp8)) && chance(rng, 35))
    dpp = chance(rng, 50) ? 250 : (chance(rng, 70) ? 233 : 234);
  for (unsigned i = 0; i < 3; ++i) {
    uint32_t enc;
    if (i >= nsrc)
      enc = chance(rng, 90) ? 0 : randomVectorSrc(rng);
    else if (i == 0 && dpp)
      enc = dpp;
    else if (d)
      enc = randomSrc(rng, d->operands[i + 1].kind, d->operands[i + 1].regs);
    else
      enc = randomVectorSrc(rng);
    literal = literal || (enc == 255 && i < nsrc);
    q |= uint64_t{enc} << (32 + 9 * i);
  }
  putDword(out, static_cast<uint32_t>(q));
  putDword(out, static_cast<uint32_t>(q >> 32));
  if (dpp == 250) {
    uint32_t ctrl = chance(rng, 50) ? randBits(rng, 8) : 0x100 + randBits(rng, 8);
    if (chance(rng, 10))
      ctrl = randBits(rng, 9);
    uint32_t w = randBits(rng, 8) | ctrl << 8 | (randBits(rng, 32) & 0xfffe0000u);
    putDword(out, w);
  } else if (dpp) {
    putDword(out, randBits(rng, 32));
  }
  maybeLiteral(rng, out, literal);
}

void generateDual(Rng &rng, std::vector<uint8_t> &out) {
  const InstrDesc *x = chance(rng, 95) ? pickRow(rng, rows().vopdX) : nullptr;
  const InstrDesc *y = chance(rng, 95) ? pickRow(rng, rows().vopdY) : nullptr;
  const uint32_t opx = x ? x->opcode : randBits(rng, 4);
  const uint32_t opy = y ? y->opcode - 0x20 : randBits(rng, 5);
  auto hasVsrc1 = [](const InstrDesc *d) { return !d || d->numOperands > 2; };
  auto kimm = [](const InstrDesc *d) {
    if (d)
      for (unsigned i = 0; i < d->numOperands; ++i)
        if (d->operands[i].kind == OperandKind::KImm)
          return true;
    return false;
  };
  const uint32_t src0x = randomVectorSrc(rng);
  const uint32_t src0y = randomVectorSrc(rng);
  const uint32_t vsrc1x = hasVsrc1(x) || chance(rng, 10) ? randBits(rng, 8) : 0;
  const uint32_t vsrc1y = hasVsrc1(y) || chance(rng, 10) ? randBits(rng, 8) : 0;
  putDword(out, 0x32u << 26 | opx << 22 | opy << 17 | vsrc1x << 9 | src0x);
  putDword(out, randBits(rng, 8) << 24 | randBits(rng, 7) << 17 | vsrc1y << 9 | src0y);
  maybeLiteral(rng, out, src0x == 255 || src0y == 255 || kimm(x) || kimm(y));
}

void generateInterp(Rng &rng, std::vector<uint8_t> &out) {
  const InstrDesc *d = chance(rng, 92) ? pickRow(rng, rows().vinterp) : nullptr;
  const uint32_t op = d ? d->opcode : randBits(rng, 7);
  uint32_t w0 = 0xCDu << 24 | op << 16 | randBits(rng, 8) | randBits(rng, 3) << 8;
  if (chance(rng, 30))
    w0 |= 1u << 15;
  if ((!d || (d->modifiers & isa::mod::OpSel) || chance(rng, 10)) && chance(rng, 50))
    w0 |= randBits(rng, 4) << 11;
  if (chance(rng, 10))
    w0 |= 1u << 23;
  uint32_t w1 = randBits(rng, 3) << 29;
  if (chance(rng, 10))
    w1 |= randBits(rng, 2) << 27;
  bool literal = false;
  for (unsigned i = 0; i < 3; ++i) {
    const uint32_t enc = randomSrc(rng, OperandKind::VReg, 1);
    literal = literal || enc == 255;
    w1 |= enc << (9 * i);
  }
  putDword(out, w0);
  putDword(out, w1);
  maybeLiteral(rng, out, literal);
}

void generateLdsDir(Rng &rng, std::vector<uint8_t> &out) {
  uint32_t w = 0xCEu << 24 | randBits(rng, 20);
  w |= (chance(rng, 90) ? randBits(rng, 1) : randBits(rng, 2)) << 20;
  if (chance(rng, 10))
    w |= randBits(rng, 2) << 22;
  putDword(out, w);
}

// gfx908's MFMA: every field random, with the sources mostly registers of the row's widths
// (no inline constant in A or B: randomAccSrc).
void generateMai(Rng &rng, std::vector<uint8_t> &out) {
  const isa::Target target = isa::Target::GFX908;
  const InstrDesc *d = pickRow(rng, rows(target).mai);
  uint64_t q = isa::targetInfo(target).prefix(Format::VOP3P) | uint64_t{d->opcode} << 16;
  q |= randomVgpr(rng, d->operands[0].regs) | uint64_t{randBits(rng, 8)} << 8; // CBSZ, ABID, 15
  q |= uint64_t{randBits(rng, 5)} << 59;                                       // ACC, BLGP
  for (unsigned i = 0; i < 3; ++i) {
    const isa::OperandDesc &o = d->operands[i + 1];
    const uint32_t enc =
        o.kind == OperandKind::ARegOrImm
            ? (chance(rng, 85) ? 256 + randomVgpr(rng, o.regs) : randomScalarSrc(rng))
            : randomSrc(rng, o.kind, o.regs);
    q |= uint64_t{enc} << (32 + 9 * i);
  }
  putDword(out, static_cast<uint32_t>(q));
  putDword(out, static_cast<uint32_t>(q >> 32));
}

void generateVintrp(Rng &rng, std::vector<uint8_t> &out) {
  const isa::Target target = isa::Target::GFX908;
  const InstrDesc *d = chance(rng, 95) ? pickRow(rng, rows(target).vintrp) : nullptr;
  const uint32_t op = d ? d->opcode : randBits(rng, 2);
  const uint32_t src = chance(rng, 60) ? randBits(rng, 2) : randBits(rng, 8);
  putDword(out, isa::targetInfo(target).prefix(Format::VINTRP) | randBits(rng, 8) << 18 | op << 16 |
                    randBits(rng, 8) << 8 | src);
}

// Now and then the encoding, which starts at `start` in out, is cut short (by whole dwords: an
// odd length would shift every later encoding of the run, since llvm-mc reads its input as one
// byte stream).
void maybeCut(Rng &rng, std::vector<uint8_t> &out, size_t start) {
  const size_t size = out.size() - start;
  if (size > 4 && chance(rng, 2))
    out.resize(start + 4 * (1 + rng() % (size / 4 - 1)));
}

} // namespace

void generateVop3pGfx908(Rng &rng, std::vector<uint8_t> &out) {
  const size_t start = out.size();
  const unsigned pick = rng() % 100;
  if (pick < 55)
    generatePacked(rng, out, isa::Target::GFX908);
  else if (pick < 90)
    generateMai(rng, out);
  else
    generateVintrp(rng, out);
  maybeCut(rng, out, start);
}

void generateVop3p(Rng &rng, std::vector<uint8_t> &out) {
  const size_t start = out.size();
  const unsigned pick = rng() % 100;
  if (pick < 50)
    generatePacked(rng, out, isa::Target::GFX1100);
  else if (pick < 78)
    generateDual(rng, out);
  else if (pick < 92)
    generateInterp(rng, out);
  else
    generateLdsDir(rng, out);
  maybeCut(rng, out, start);
}

} // namespace gcnkit::difftest
