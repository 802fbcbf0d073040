// VOP3P: packed math, dot products, v_fma_mix*, WMMA, v_accvgpr_read/write, and their DPP16 /
// DPP8 forms, for every target: the layout below the format prefix is the same on gfx9 and
// gfx11, and what differs per instruction (literals, DPP, ignored bits, AccVGPR operands) is
// row data. The MFMA rows (mod::Mai) give their modifier bits other meanings: vop3p_mai.cpp.
//
// Layout: w0 = VDST[7:0] NEG_HI[10:8] OP_SEL[13:11] OP_SEL_HI2[14] CLAMP[15] OP[22:16],
// w1 = SRC0[8:0] SRC1[17:9] SRC2[26:18] OP_SEL_HI[28:27] NEG[31:29]; then the DPP dword when
// SRC0 is 250 (DPP16) or 233/234 (DPP8), then a literal when a source is 255.
#include "disasm/dpp.h"
#include "disasm/operands.h"
#include "disasm/vop3p_internal.h"
#include "isa/wave_size.h"

namespace gcnkit::disasm::detail::vop3p {

namespace {

using isa::DataType;
using isa::InstrDesc;
using isa::OperandKind;

// Row flags (see scripts/isa/gfx1100_vop3p.py). The 13 modifier bits are numbered as in
// MOD_BITS there: instruction bits 8..15 then 59..63, so they map onto the 64-bit word by
// two shifts.
constexpr uint32_t kModifierMask = 0x1fff;
constexpr unsigned kForceOneShift = 13;
constexpr uint32_t kUnusedSrcMustBeZero = 1u << 26;
constexpr uint32_t kOpSelHiDefaultZero = 1u << 27;
constexpr uint32_t kSrc2Imm64 = isa::kVop3pSrc2Imm64; // WMMA (isa/wave_size.h)
constexpr uint32_t kDppSrc1VgprOnly = 1u << 29;
constexpr uint64_t kClampBit = uint64_t{1} << 15;

// Inst::flags.
constexpr uint8_t kDpp16 = 1;
constexpr uint8_t kDpp8 = 2;
constexpr uint8_t kLiteral = 4;

uint64_t spreadModifierBits(uint32_t m) {
  return uint64_t{m & 0xff} << 8 | uint64_t{(m >> 8) & 0x1f} << 59;
}

unsigned srcField(uint64_t q, unsigned i) {
  return static_cast<unsigned>((q >> (32 + 9 * i)) & 0x1ff);
}

uint64_t withSrcField(uint64_t q, unsigned i, unsigned enc) {
  const unsigned shift = 32 + 9 * i;
  return (q & ~(uint64_t{0x1ff} << shift)) | uint64_t{enc} << shift;
}

uint64_t word64(const Inst &inst) { return inst.words[0] | uint64_t{inst.words[1]} << 32; }

uint32_t literalOf(const Inst &inst) {
  return (inst.flags & kLiteral) ? inst.words[inst.size / 4 - 1] : 0;
}

bool isDpp(const Inst &inst) { return inst.flags & (kDpp16 | kDpp8); }

// How source i is read: VGPR-only sources also include the DPP src1 of v_fma_mix*.
OperandKind srcKind(const InstrDesc &d, unsigned i, bool dpp) {
  if (dpp && i == 1 && (d.flags & kDppSrc1VgprOnly))
    return OperandKind::VReg;
  return d.operands[i + 1].kind;
}

// The WMMA C matrix takes 64-bit immediates in wave32 only (isa/wave_size.h).
bool src2Imm64(const InstrDesc &d, WaveSize wave) {
  return (d.flags & kSrc2Imm64) && wave == WaveSize::Wave32;
}

unsigned operandRegs(const InstrDesc &d, unsigned op, WaveSize wave) {
  return isa::operandRegs(d, op, wave == WaveSize::Wave64);
}

bool srcDecodes(isa::Target target, const InstrDesc &d, OperandKind kind, unsigned enc,
                unsigned regs) {
  const bool literal = !(d.flags & kNoLiteral);
  if (kind == OperandKind::VSrc)
    return !((enc >= 209 && enc <= 234) || enc == 249 || enc == 250 ||
             (enc == sreg::kLiteral && !literal));
  return registerOnlySrcDecodes(target, enc, regs, literal);
}

RegFile fileOf(OperandKind kind) {
  return kind == OperandKind::AReg ? RegFile::AGPR : RegFile::VGPR;
}

char prefixOf(OperandKind kind) { return kind == OperandKind::AReg ? 'a' : 'v'; }

// The immediate type of source i.
DataType immType(const InstrDesc &d, unsigned i, WaveSize wave) {
  if (i == 2 && (d.flags & kSrc2Imm64))
    return wave == WaveSize::Wave32 ? DataType::F64 : DataType::B32;
  return d.operands[i + 1].type;
}

// The WMMA C matrix takes its literal as a 64-bit floating-point operand: llvm-mc's decoder
// puts the dword in the high half, unless an earlier source already read the literal as a
// 32-bit value, in which case it stays in the low half. The printer shows small integers and
// the double inline values as such and otherwise the high half in hex; the encoder keeps an
// inline value as its code and otherwise writes the low half as the literal.
uint64_t wmmaLiteralValue(uint64_t q, uint32_t literal) {
  const bool earlier = srcField(q, 0) == sreg::kLiteral || srcField(q, 1) == sreg::kLiteral;
  return earlier ? literal : uint64_t{literal} << 32;
}

constexpr uint64_t kF64Inline[9] = {0x3fe0000000000000, 0xbfe0000000000000, 0x3ff0000000000000,
                                    0xbff0000000000000, 0x4000000000000000, 0xc000000000000000,
                                    0x4010000000000000, 0xc010000000000000, 0x3fc45f306dc9c882};

// The inline-constant code of a 64-bit value, or 0.
unsigned inlineCode64(uint64_t v) {
  const auto s = static_cast<int64_t>(v);
  if (s >= 0 && s <= 64)
    return 128 + static_cast<unsigned>(s);
  if (s >= -16 && s < 0)
    return 192 + static_cast<unsigned>(-s);
  for (unsigned i = 0; i < 9; ++i)
    if (kF64Inline[i] == v)
      return 240 + i;
  return 0;
}

void appendSrc(const Inst &inst, unsigned i, WaveSize wave, std::string &out) {
  const InstrDesc &d = *inst.desc;
  const uint64_t q = word64(inst);
  if (i == 0 && isDpp(inst)) {
    appendVGPR(out, inst.words[2] & 0xff, 1);
    return;
  }
  const unsigned enc = srcField(q, i);
  const unsigned regs = operandRegs(d, i + 1, wave);
  const uint32_t lit = literalOf(inst);
  switch (srcKind(d, i, isDpp(inst))) {
  case OperandKind::VSrc:
    appendValuSrc(out, inst.target, enc, regs, d.operands[i + 1].type, lit);
    return;
  case OperandKind::VRegOrImm:
    if (enc == sreg::kLiteral && src2Imm64(d, wave)) {
      const uint64_t v = wmmaLiteralValue(q, lit);
      if (const unsigned code = inlineCode64(v))
        appendInlineConstant(out, code, DataType::F64);
      else
        appendHex(out, v >> 32);
      return;
    }
    if (isImmediateSrc(enc)) {
      appendValuSrc(out, inst.target, enc, 1, immType(d, i, wave), lit);
      return;
    }
    [[fallthrough]];
  default:
    appendRegisterOnlySrc(out, inst.target, enc, regs, lit, fileOf(srcKind(d, i, isDpp(inst))));
    return;
  }
}

// " name:[b0,b1,...]" unless every bit equals the default.
void appendBitList(std::string &out, const char *name, const unsigned *bits, unsigned n,
                   unsigned dflt) {
  bool all = true;
  for (unsigned i = 0; i < n; ++i)
    all = all && bits[i] == dflt;
  if (all)
    return;
  out += name;
  for (unsigned i = 0; i < n; ++i) {
    if (i)
      out += ',';
    out += static_cast<char>('0' + bits[i]);
  }
  out += ']';
}

unsigned bitAt(uint64_t q, unsigned b) { return static_cast<unsigned>((q >> b) & 1); }

} // namespace

DecodeStatus decodePacked(std::span<const uint8_t> bytes, WaveSize wave, Inst &inst) {
  if (bytes.size() < 8)
    return DecodeStatus::Fail;
  const uint32_t w0 = readDword(bytes, 0);
  const uint32_t w1 = readDword(bytes, 1);
  const InstrDesc *d = isa::lookup(inst.target, isa::Format::VOP3P, isa::bits(w0, 22, 16));
  if (!d)
    return DecodeStatus::Fail;
  if (d->modifiers & isa::mod::Mai)
    return decodeMai(*d, bytes, inst);
  const uint64_t q = w0 | uint64_t{w1} << 32;
  if (q & spreadModifierBits(d->flags & kModifierMask))
    return DecodeStatus::Fail;
  if (d->flags & kUnusedSrcMustBeZero)
    for (unsigned i = d->numOperands - 1u; i < 3; ++i)
      if (srcField(q, i) != 0)
        return DecodeStatus::Fail;
  if (isa::bits(w0, 7, 0) + operandRegs(*d, 0, wave) > 256)
    return DecodeStatus::Fail;
  size_t size = 8;
  uint8_t flags = 0;
  const unsigned src0 = srcField(q, 0);
  if (src0 == sreg::kDpp16 && (d->modifiers & isa::mod::Dpp16))
    flags = kDpp16;
  else if ((src0 == sreg::kDpp8 || src0 == sreg::kDpp8Fi) && (d->modifiers & isa::mod::Dpp8))
    flags = kDpp8;
  if (flags)
    size = 12;
  bool literal = false;
  for (unsigned i = 0; i + 1 < d->numOperands; ++i) {
    if (i == 0 && flags)
      continue;
    const unsigned enc = srcField(q, i);
    if (!srcDecodes(inst.target, *d, srcKind(*d, i, flags != 0), enc, operandRegs(*d, i + 1, wave)))
      return DecodeStatus::Fail;
    literal = literal || enc == sreg::kLiteral;
  }
  if (literal) {
    size += 4;
    flags |= kLiteral;
  }
  if (bytes.size() < size)
    return DecodeStatus::Fail;
  for (size_t i = 0; i < size / 4; ++i)
    inst.words[i] = readDword(bytes, i);
  inst.desc = d;
  inst.size = static_cast<uint8_t>(size);
  inst.flags = flags;
  return DecodeStatus::Success;
}

void printPacked(const Inst &inst, WaveSize wave, std::string &out) {
  const InstrDesc &d = *inst.desc;
  if (d.modifiers & isa::mod::Mai)
    return printMai(inst, out);
  const uint64_t q = word64(inst);
  const unsigned nsrc = d.numOperands - 1u;
  out += d.name;
  if (isDpp(inst))
    out += "_e64_dpp";
  out += ' ';
  appendRegister(out, prefixOf(d.operands[0].kind), inst.words[0] & 0xff, operandRegs(d, 0, wave));
  // v_fma_mix* use NEG / NEG_HI as per-source neg / abs; the others print them as lists.
  const bool sourceMods = d.modifiers & isa::mod::Abs;
  for (unsigned i = 0; i < nsrc; ++i) {
    out += ", ";
    const bool neg = sourceMods && bitAt(q, 61 + i);
    const bool abs = sourceMods && bitAt(q, 8 + i);
    // llvm-mc writes neg(...) around a negated constant, so that -1 is not read as neg(1).
    const bool negCall = neg && !abs && !(i == 0 && isDpp(inst)) && isImmediateSrc(srcField(q, i));
    if (neg)
      out += negCall ? "neg(" : "-";
    if (abs)
      out += '|';
    appendSrc(inst, i, wave, out);
    if (abs)
      out += '|';
    if (negCall)
      out += ')';
  }
  unsigned v[3];
  if (d.modifiers & isa::mod::OpSel) {
    for (unsigned i = 0; i < nsrc; ++i)
      v[i] = bitAt(q, 11 + i);
    appendBitList(out, " op_sel:[", v, nsrc, 0);
  }
  if (d.modifiers & isa::mod::OpSelHi) {
    static constexpr unsigned kHiBit[3] = {59, 60, 14};
    for (unsigned i = 0; i < nsrc; ++i)
      v[i] = bitAt(q, kHiBit[i]);
    appendBitList(out, " op_sel_hi:[", v, nsrc, (d.flags & kOpSelHiDefaultZero) ? 0 : 1);
  }
  if (d.modifiers & isa::mod::NegLo) {
    for (unsigned i = 0; i < nsrc; ++i)
      v[i] = bitAt(q, 61 + i);
    appendBitList(out, " neg_lo:[", v, nsrc, 0);
  }
  if (d.modifiers & isa::mod::NegHi) {
    for (unsigned i = 0; i < nsrc; ++i)
      v[i] = bitAt(q, 8 + i);
    appendBitList(out, " neg_hi:[", v, nsrc, 0);
  }
  if ((d.modifiers & isa::mod::Clamp) && bitAt(q, 15))
    out += " clamp";
  if (inst.flags & kDpp16)
    appendDpp16(out, inst.target, inst.words[2]);
  else if (inst.flags & kDpp8)
    appendDpp8(out, inst.words[2], srcField(q, 0) == sreg::kDpp8Fi);
}

void encodePacked(const Inst &inst, WaveSize wave, std::string &out) {
  const InstrDesc &d = *inst.desc;
  if (d.modifiers & isa::mod::Mai)
    return encodeMai(inst, out);
  const bool dpp = isDpp(inst);
  const uint32_t lit = literalOf(inst);
  uint64_t q = word64(inst) | spreadModifierBits((d.flags >> kForceOneShift) & kModifierMask);
  if (d.flags & kClampIgnored)
    q &= ~kClampBit;
  bool haveLiteral = false;
  uint32_t literal = 0;
  for (unsigned i = 0; i + 1u < d.numOperands; ++i) {
    if (i == 0 && dpp)
      continue;
    const unsigned enc = srcField(q, i);
    const OperandKind kind = srcKind(d, i, dpp);
    unsigned field;
    if (kind == OperandKind::VRegOrImm && enc == sreg::kLiteral && src2Imm64(d, wave)) {
      const uint64_t v = wmmaLiteralValue(word64(inst), lit);
      field = inlineCode64(v);
      if (!field) {
        field = sreg::kLiteral;
        if (!haveLiteral) {
          haveLiteral = true;
          literal = static_cast<uint32_t>(v);
        }
      }
    } else if (kind == OperandKind::VSrc ||
               (kind == OperandKind::VRegOrImm && isImmediateSrc(enc))) {
      const ValuSrcEncoding e = reencodeValuSrc(enc, immType(d, i, wave), lit);
      field = e.field;
      if (e.hasLiteral && !haveLiteral) {
        haveLiteral = true;
        literal = e.literal;
      }
    } else {
      field = registerOnlySrcField(inst.target, enc, operandRegs(d, i + 1, wave), lit);
    }
    q = withSrcField(q, i, field);
  }
  appendDword(out, static_cast<uint32_t>(q));
  appendDword(out, static_cast<uint32_t>(q >> 32));
  if (inst.flags & kDpp16)
    appendDword(out, inst.words[2] & ~(1u << 17 | 0xfu << 20)); // reserved bit, VOP3 neg/abs
  else if (inst.flags & kDpp8)
    appendDword(out, inst.words[2]);
  else if (haveLiteral)
    appendDword(out, literal);
}

} // namespace gcnkit::disasm::detail::vop3p
