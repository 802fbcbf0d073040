// Random encodings for the memory family: DS, MUBUF, MTBUF, FLAT / GLOBAL / SCRATCH, MIMG, EXP,
// of gfx1100 and gfx908. Field positions are the target's (isa::TargetInfo::mem); what each
// field holds is the same on every target.
//
// Opcodes come mostly from the table (so that every instruction is reachable) and sometimes at
// random (invalid opcodes). Each field is filled according to what it holds: VGPRs biased so
// that tuples fit, scalar sources with inline constants and literals, offsets, modifier bits.
// Fields the table says must be zero are usually left zero so that most encodings decode, and
// sometimes set to exercise the decoder's checks; bits every instruction ignores get garbage.
// A few encodings are truncated. memEveryRow makes one encoding of every row.
#include <vector>

#include "gcnkit/isa.h"
#include "isa/target_info.h"
#include "random_encodings.h"

namespace gcnkit::difftest {

namespace {

using isa::Format;
namespace m = isa::mem;

enum class Kind : uint8_t { Bits, Flag, Vgpr, Soffset, Srsrc, Saddr, Ssamp };

// What each field of a format holds, in the format's field order (isa/mem_layout.h).
constexpr Kind kDsKinds[m::kDsFields] = {Kind::Bits, Kind::Bits, Kind::Flag, Kind::Flag,
                                         Kind::Vgpr, Kind::Vgpr, Kind::Vgpr, Kind::Vgpr};
constexpr Kind kBufKinds[m::kBufFields] = {
    Kind::Bits,  Kind::Flag, Kind::Flag, Kind::Flag, Kind::Bits,    Kind::Vgpr, Kind::Vgpr,
    Kind::Srsrc, Kind::Flag, Kind::Flag, Kind::Flag, Kind::Soffset, Kind::Flag};
constexpr Kind kFlatKinds[m::kFlatFields] = {Kind::Bits, Kind::Flag, Kind::Flag, Kind::Flag,
                                             Kind::Flag, Kind::Vgpr, Kind::Vgpr, Kind::Saddr,
                                             Kind::Flag, Kind::Vgpr, Kind::Flag};
constexpr Kind kMimgKinds[m::kMimgFields] = {
    Kind::Bits, Kind::Flag, Kind::Bits,  Kind::Flag, Kind::Flag, Kind::Flag,
    Kind::Flag, Kind::Flag, Kind::Flag,  Kind::Flag, Kind::Flag, Kind::Ssamp,
    Kind::Vgpr, Kind::Vgpr, Kind::Srsrc, Kind::Flag, Kind::Flag};
constexpr Kind kExpKinds[m::kExpFields] = {
    Kind::Bits, Kind::Bits, Kind::Flag, Kind::Flag, Kind::Flag, Kind::Flag, Kind::Bits,
    Kind::Vgpr, Kind::Vgpr, Kind::Vgpr, Kind::Vgpr, Kind::Flag, Kind::Flag};

// Row flags the generator reads (see scripts/isa/mem_learn.py).
constexpr uint32_t kDsGdsRequired = 1u << 29;

struct FormatInfo {
  Format format;
  const m::FormatLayout &layout;
  std::span<const Kind> kinds;
  unsigned policyFields; // how many fields have a policy in the row flags
};

const std::vector<const isa::InstrDesc *> &rowsOf(isa::Target t, Format f) {
  static std::vector<const isa::InstrDesc *> rows[2][static_cast<size_t>(Format::Count)];
  static bool init = false;
  if (!init) {
    for (isa::Target target : {isa::Target::GFX1100, isa::Target::GFX908})
      for (const isa::InstrDesc &d : isa::instructions(target))
        rows[static_cast<size_t>(target)][static_cast<size_t>(d.format)].push_back(&d);
    init = true;
  }
  return rows[static_cast<size_t>(t)][static_cast<size_t>(f)];
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
    return 124 + rng() % 2; // m0 / null
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

uint32_t randomValue(Rng &rng, Kind kind, unsigned width, const isa::TargetInfo &info) {
  switch (kind) {
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
    return chance(rng, 40) ? info.mem.saddrOff : randBits(rng, 7);
  case Kind::Bits:
  default:
    return chance(rng, 25) ? 0 : randBits(rng, width);
  }
}

uint64_t randomBits(Rng &rng, uint64_t mask) {
  return (uint64_t{randBits(rng, 32)} | uint64_t{randBits(rng, 32)} << 32) & mask;
}

// Fills every field of v: used fields at random, fixed fields zero (mostly), ignored fields
// with garbage; the format's every-instruction zero bits stay zero (mostly).
uint64_t fillFields(Rng &rng, uint64_t v, const FormatInfo &fi, const isa::InstrDesc *d,
                    const isa::TargetInfo &info, bool clean) {
  for (unsigned i = 0; i < fi.kinds.size(); ++i) {
    const m::BitField &f = fi.layout[i];
    if (!f.present())
      continue;
    unsigned pol = 0;
    if (d && i < fi.policyFields)
      pol = fi.format == Format::MIMG ? (d->flags >> i) & 1 : (d->flags >> (2 * i)) & 3;
    uint32_t x = randomValue(rng, fi.kinds[i], f.width, info);
    if (pol == 1 && (clean || rng() % 1000 >= 15))
      x = 0;
    v = f.set(v, x);
  }
  if (chance(rng, 60))
    v |= randomBits(rng, fi.layout.ignoredBits);
  if (!clean && chance(rng, 2))
    v |= randomBits(rng, fi.layout.zeroBits);
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

void emit(Rng &rng, std::vector<uint8_t> &out, uint64_t v, unsigned extraDwords, bool nsa, bool bvh,
          bool clean) {
  const size_t start = out.size();
  putDword(out, static_cast<uint32_t>(v));
  putDword(out, static_cast<uint32_t>(v >> 32));
  for (unsigned i = 0; i < extraDwords; ++i)
    putDword(out, nsa ? randomNsaDword(rng, bvh) : randomLiteral(rng));
  // Occasionally truncated. The harness puts every encoding in an atomic block, so whatever
  // llvm-mc does with a rejected or cut encoding stays within it.
  if (!clean && chance(rng, 2))
    out.resize(start + 1 + rng() % (out.size() - start - 1));
}

FormatInfo formatInfo(const isa::TargetInfo &info, Format f) {
  switch (f) {
  case Format::DS:
    return {f, info.mem.ds, kDsKinds, m::kDsFields};
  case Format::MUBUF:
    return {f, info.mem.mubuf, kBufKinds, m::kBufFields};
  case Format::MTBUF:
    return {f, info.mem.mtbuf, kBufKinds, m::kBufFields};
  case Format::MIMG:
    return {f, info.mem.mimg, kMimgKinds, m::kMimgPolicyFields};
  case Format::EXP:
    return {f, info.mem.exp, kExpKinds, m::kExpFields};
  default: // FLAT, GLOBAL, SCRATCH
    return {f, info.mem.flat, kFlatKinds, m::kFlatFields};
  }
}

// One encoding of row d (or, with d null, of a random opcode) of format f. A clean one is
// neither truncated nor sets bits the row requires to be zero.
void generateRow(Rng &rng, std::vector<uint8_t> &out, const isa::TargetInfo &info, Format f,
                 const isa::InstrDesc *d, bool clean = false) {
  const FormatInfo fi = formatInfo(info, f);
  const m::FormatLayout &lay = fi.layout;
  uint64_t v = info.prefix(f == Format::GLOBAL || f == Format::SCRATCH ? Format::FLAT : f);
  v = lay.withKey(v, d ? d->opcode : randBits(rng, lay.opcode.width + lay.opcodeExt.width));
  v = fillFields(rng, v, fi, d, info, clean);
  unsigned extra = 0;
  bool nsa = false, bvh = false;
  switch (f) {
  case Format::MUBUF:
  case Format::MTBUF:
    if (lay[m::kBufSoffset].get(v) == 255)
      extra = 1;
    break;
  case Format::DS:
    if (d && (d->flags & kDsGdsRequired))
      v = lay[m::kDsGds].set(v, 1);
    break;
  case Format::MIMG:
    bvh = d && (d->flags & (1u << m::kMimgDmask)); // dmask fixed
    if (bvh && (clean || chance(rng, 90))) {       // BVH: dmask 0xf, unorm, r128
      v = lay[m::kMimgDmask].set(v, 0xF);
      v = lay[m::kMimgUnorm].set(v, 1);
      v = lay[m::kMimgR128].set(v, 1);
    }
    nsa = lay[m::kMimgNsa].present() && lay[m::kMimgNsa].get(v);
    extra = nsa;
    break;
  case Format::FLAT:
  case Format::GLOBAL:
  case Format::SCRATCH: {
    const unsigned seg = f == Format::FLAT ? 0 : f == Format::SCRATCH ? 1 : 2;
    v = info.mem.flatSegment.set(v, clean || chance(rng, 98) ? seg : 3);
    if (f == Format::FLAT && (clean || chance(rng, 95)))
      v = lay[m::kFlatSaddr].set(v, info.mem.flatSaddr);
    break;
  }
  default:
    break;
  }
  emit(rng, out, v, extra, nsa, bvh, clean);
}

void generateWith(Rng &rng, std::vector<uint8_t> &out, const isa::TargetInfo &info, Format f) {
  const auto &rows = rowsOf(info.id, f);
  const isa::InstrDesc *d = nullptr;
  if (!rows.empty() && chance(rng, 92))
    d = rows[rng() % rows.size()];
  generateRow(rng, out, info, f, d);
}

void generateMemOf(isa::Target target, Rng &rng, std::vector<uint8_t> &out) {
  const isa::TargetInfo &info = isa::targetInfo(target);
  switch (rng() % 20) {
  case 0:
  case 1:
  case 2:
  case 3:
    return generateWith(rng, out, info, Format::DS);
  case 4:
  case 5:
  case 6:
    return generateWith(rng, out, info, Format::MUBUF);
  case 7:
  case 8:
    return generateWith(rng, out, info, Format::MTBUF);
  case 9:
  case 10:
    return generateWith(rng, out, info, Format::FLAT);
  case 11:
    return generateWith(rng, out, info, Format::SCRATCH);
  case 12:
    return generateWith(rng, out, info, Format::GLOBAL);
  case 13:
    return generateWith(rng, out, info, Format::EXP);
  case 19: {
    static constexpr Format kFormats[] = {Format::DS,    Format::FLAT, Format::MUBUF,
                                          Format::MTBUF, Format::MIMG, Format::EXP};
    const uint32_t w0 = info.prefix(kFormats[rng() % 6]) | randBits(rng, 26);
    if (chance(rng, 20)) {
      // A lone dword of one of the family's formats: truncated.
      putDword(out, w0);
      return;
    }
    // Every field at random, whatever the table says.
    putDword(out, w0);
    putDword(out, randBits(rng, 32));
    if (info.classify(w0) == Format::MIMG && info.mem.mimg[m::kMimgNsa].get(w0))
      putDword(out, randomNsaDword(rng, true));
    return;
  }
  default:
    return generateWith(rng, out, info, Format::MIMG);
  }
}

void everyRowOf(isa::Target target, Rng &rng, std::vector<std::vector<uint8_t>> &out) {
  const isa::TargetInfo &info = isa::targetInfo(target);
  for (const isa::InstrDesc &d : isa::instructions(target)) {
    if (!isa::isMemoryFormat(d.format))
      continue;
    out.emplace_back();
    generateRow(rng, out.back(), info, d.format, &d, true);
  }
}

} // namespace

void generateMem(Rng &rng, std::vector<uint8_t> &out) {
  generateMemOf(isa::Target::GFX1100, rng, out);
}

void generateMemGfx908(Rng &rng, std::vector<uint8_t> &out) {
  generateMemOf(isa::Target::GFX908, rng, out);
}

void memEveryRow(Rng &rng, std::vector<std::vector<uint8_t>> &out) {
  everyRowOf(isa::Target::GFX1100, rng, out);
}

void memEveryRowGfx908(Rng &rng, std::vector<std::vector<uint8_t>> &out) {
  everyRowOf(isa::Target::GFX908, rng, out);
}

} // namespace gcnkit::difftest
