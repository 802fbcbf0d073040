// Random encodings for the salu family: SOP1, SOP2, SOPK, SOPC, SOPP and SMEM, of gfx1100 and
// gfx908. Most use an opcode of the target's table with plausible fields (so that llvm-mc
// decodes them); the rest probe unknown opcodes, reserved bits, bad registers, literals and
// truncated instructions. SMEM's layout is the target's (isa::TargetInfo::smem).
#include <vector>

#include "gcnkit/isa.h"
#include "isa/target_info.h"
#include "random_encodings.h"

namespace gcnkit::difftest {

namespace {

using isa::Format;

std::vector<const isa::InstrDesc *> rowsOf(isa::Target target) {
  std::vector<const isa::InstrDesc *> r;
  for (const isa::InstrDesc &d : isa::instructions(target))
    if (d.format == Format::SOP1 || d.format == Format::SOP2 || d.format == Format::SOPK ||
        d.format == Format::SOPC || d.format == Format::SOPP || d.format == Format::SMEM)
      r.push_back(&d);
  return r;
}

const std::vector<const isa::InstrDesc *> &saluRows(isa::Target target) {
  static const std::vector<const isa::InstrDesc *> gfx1100 = rowsOf(isa::Target::GFX1100);
  static const std::vector<const isa::InstrDesc *> gfx908 = rowsOf(isa::Target::GFX908);
  return target == isa::Target::GFX908 ? gfx908 : gfx1100;
}

// 7-bit scalar destination / SMEM data: mostly SGPRs, often the special registers.
uint32_t randomSdst(Rng &rng) {
  switch (rng() % 8) {
  case 0:
    return 106 + rng() % 22; // vcc, ttmp, null, m0, exec
  case 1:
    return randBits(rng, 7);
  default:
    return rng() % 106;
  }
}

uint32_t randomImm16(Rng &rng) {
  switch (rng() % 4) {
  case 0:
    return rng() % 80;
  case 1:
    return 0xFFFF - rng() % 32;
  default:
    return randBits(rng, 16);
  }
}

// Appends the literal dword an instruction reads, except now and then (truncated input).
void putLiteral(Rng &rng, std::vector<uint8_t> &out) {
  if (!chance(rng, 3))
    putDword(out, randomLiteral(rng));
}

void generateSmem(Rng &rng, const isa::SmemLayout &l, uint32_t op, std::vector<uint8_t> &out) {
  uint32_t sbase = chance(rng, 85) ? rng() % 53 : randBits(rng, 6);
  uint32_t w0 = (uint32_t{l.encoding} << 26) | (op << 18) | (randomSdst(rng) << 6) | sbase;
  // The bits between sdata and the opcode, the reserved ones now and then.
  if (l.imm == isa::SmemLayout::kNoBit) {
    w0 |= randBits(rng, 2) << 13; // glc, dlc
    if (chance(rng, 10))
      w0 |= randBits(rng, 3) << 15;
  } else {
    w0 |= randBits(rng, 4) << 14; // soffset_en, nv, glc, imm
    if (chance(rng, 10))
      w0 |= 1u << 13;
  }
  putDword(out, w0);
  if (chance(rng, 3))
    return; // truncated
  uint32_t soffset = chance(rng, 50) ? 124 : randomSdst(rng);
  uint32_t offset = chance(rng, 50) ? rng() % 0x200 : randBits(rng, 21);
  if (chance(rng, 15))
    offset = 0;
  uint32_t w1 = (soffset << 25) | offset;
  if (chance(rng, 10))
    w1 |= randBits(rng, 4) << 21; // reserved
  putDword(out, w1);
}

} // namespace

namespace {

void generateSaluOf(isa::Target target, Rng &rng, std::vector<uint8_t> &out) {
  static constexpr Format kFormats[] = {Format::SOP1, Format::SOP2, Format::SOPK,
                                        Format::SOPC, Format::SOPP, Format::SMEM};
  const auto &rows = saluRows(target);
  Format f;
  uint32_t op;
  const isa::InstrDesc *d = nullptr;
  if (chance(rng, 92)) {
    d = rows[rng() % rows.size()];
    f = d->format;
    op = d->opcode;
  } else {
    f = kFormats[rng() % 6];
    op = randBits(rng, 8);
  }
  uint32_t ssrc0 = randomScalarSrc(rng), ssrc1 = randomScalarSrc(rng);
  uint32_t w = 0;
  bool literal = false;
  switch (f) {
  case Format::SOP2:
    op %= 0x60;
    w = (0b10u << 30) | (op << 23) | (randomSdst(rng) << 16) | (ssrc1 << 8) | ssrc0;
    literal = ssrc0 == 255 || ssrc1 == 255;
    break;
  case Format::SOP1:
    w = (0x17Du << 23) | (randomSdst(rng) << 16) | (op << 8) | ssrc0;
    literal = ssrc0 == 255;
    break;
  case Format::SOPC:
    op &= 0x7F;
    w = (0x17Eu << 23) | (op << 16) | (ssrc1 << 8) | ssrc0;
    literal = ssrc0 == 255 || ssrc1 == 255;
    break;
  case Format::SOPK:
    op %= 29; // 29..31 are the SOP1 / SOPC / SOPP prefixes
    w = (0b1011u << 28) | (op << 23) | (randomSdst(rng) << 16) | randomImm16(rng);
    literal = op == 0x13; // s_setreg_imm32_b32
    break;
  case Format::SOPP: {
    op &= 0x7F;
    uint32_t imm = randomImm16(rng);
    if (d && d->numOperands == 0 && chance(rng, 85))
      imm = 0;
    w = (0x17Fu << 23) | (op << 16) | imm;
    break;
  }
  default:
    generateSmem(rng, isa::targetInfo(target).smem, op, out);
    return;
  }
  putDword(out, w);
  if (!d) // a random opcode may still name a row
    d = isa::lookup(target, f, op);
  if (d) { // the row knows which fields read a literal
    literal = false;
    for (unsigned i = 0; i < d->numOperands; ++i) {
      const isa::OperandDesc &o = d->operands[i];
      uint32_t field = o.field == isa::Field::SSRC0   ? ssrc0
                       : o.field == isa::Field::SSRC1 ? ssrc1
                                                      : 0;
      literal |=
          o.kind == isa::OperandKind::KImm ||
          ((o.kind == isa::OperandKind::SSrc || o.kind == isa::OperandKind::SReg) && field == 255);
    }
  }
  if (literal)
    putLiteral(rng, out);
}

} // namespace

void generateSalu(Rng &rng, std::vector<uint8_t> &out) {
  generateSaluOf(isa::Target::GFX1100, rng, out);
}

void generateSaluGfx908(Rng &rng, std::vector<uint8_t> &out) {
  generateSaluOf(isa::Target::GFX908, rng, out);
}

} // namespace gcnkit::difftest
