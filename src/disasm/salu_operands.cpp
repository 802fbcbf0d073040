// Scalar operands of the salu family (see salu_operands.h).
#include "disasm/salu_operands.h"

#include <array>

#include "disasm/operands.h"
#include "isa/target_info.h"

namespace gcnkit::disasm::detail::salu {

using isa::DataType;
using isa::Field;
using isa::OperandDesc;
using isa::OperandKind;

// ---- Scalar registers -----------------------------------------------------------------------

RegClass classOf(Field f) {
  switch (f) {
  case Field::SDATA:
    return RegClass::SmemData;
  case Field::SBASE:
    return RegClass::SmemBase;
  default:
    return RegClass::Src;
  }
}

static std::string_view tupleClass(unsigned regs) {
  switch (regs) {
  case 4:
    return "SReg_128";
  case 8:
    return "SReg_256";
  case 16:
    return "SReg_512";
  default:
    return "SReg_64";
  }
}

static std::string_view srcName(unsigned enc) {
  switch (enc) {
  case 235:
    return "src_shared_base";
  case 236:
    return "src_shared_limit";
  case 237:
    return "src_private_base";
  case 238:
    return "src_private_limit";
  case 239:
    return "src_pops_exiting_wave_id";
  case 251:
    return "src_vccz";
  case 252:
    return "src_execz";
  case 253:
    return "src_scc";
  default:
    return {};
  }
}

RegName resolveReg(isa::Target target, unsigned enc, unsigned regs, RegClass cls) {
  const isa::ScalarRegisters &sr = isa::targetInfo(target).sregs;
  RegName r;
  r.canonical = enc;
  auto range = [&](std::string_view prefix, unsigned index, unsigned limit, unsigned base) {
    unsigned first = regs == 1 ? index : regs == 2 ? index & ~1u : index & ~3u;
    if (first + regs > limit)
      return;
    r.valid = true;
    r.name = prefix;
    r.ranged = true;
    r.first = first;
    r.canonical = base + first;
  };
  auto named = [&](std::string_view name, std::string_view invalidClass = {}) {
    r.valid = true;
    r.name = name;
    r.invalidClass = invalidClass;
  };
  if (enc < sr.sgprs) {
    range("s", enc, kSgprTupleEnd, 0);
    return r;
  }
  if (enc >= sr.ttmp && enc < sr.ttmp + 16u) {
    range("ttmp", enc - sr.ttmp, 16, sr.ttmp);
    return r;
  }
  if (std::string_view s = srcName(enc); !s.empty()) {
    named(s);
    return r;
  }
  // The named pairs: vcc, exec, and gfx9's flat_scratch and xnack_mask.
  struct Pair {
    uint8_t lo;
    std::string_view name, lo32, hi32;
  };
  const Pair pairs[] = {{sr.vcc, "vcc", "vcc_lo", "vcc_hi"},
                        {sr.exec, "exec", "exec_lo", "exec_hi"},
                        {sr.flatScratch, "flat_scratch", "flat_scratch_lo", "flat_scratch_hi"},
                        {sr.xnackMask, "xnack_mask", "xnack_mask_lo", "xnack_mask_hi"}};
  const bool smemData = cls == RegClass::SmemData;
  if (regs == 1) {
    // SMEM data excludes m0 and exec (SReg_32_XM0_XEXEC).
    std::string_view xm0xexec = smemData ? "SReg_32_XM0_XEXEC" : "";
    for (const Pair &p : pairs) {
      if (p.lo == isa::ScalarRegisters::kNone || (enc != p.lo && enc != p.lo + 1u))
        continue;
      named(enc == p.lo ? p.lo32 : p.hi32, p.lo == sr.exec ? xm0xexec : "");
      return r;
    }
    if (enc == sr.printedNull)
      named("null");
    else if (enc == sr.m0)
      named("m0", xm0xexec);
    else if (enc == 254)
      named("src_lds_direct", "SReg_32");
    return r;
  }
  if (enc == sr.printedNull) {
    named("null");
    return r;
  }
  for (const Pair &p : pairs) {
    if (enc != p.lo)
      continue;
    named(p.name, regs >= 4                                  ? tupleClass(regs)
                  : smemData && regs == 2 && p.lo == sr.exec ? "SReg_64_XEXEC"
                                                             : "");
    return r;
  }
  return r;
}

void appendReg(std::string &out, const RegName &r, unsigned regs) {
  out += r.name;
  if (r.ranged) {
    if (regs == 1) {
      appendUDec(out, r.first);
    } else {
      out += '[';
      appendUDec(out, r.first);
      out += ':';
      appendUDec(out, r.first + regs - 1);
      out += ']';
    }
  }
  if (!r.invalidClass.empty()) {
    out += "/*Invalid register, operand has '";
    out += r.invalidClass;
    out += "' register class*/";
  }
}

// ---- Constants ------------------------------------------------------------------------------

struct FloatConst {
  uint32_t bits;
  std::string_view text;
  uint8_t enc;
};
static constexpr std::array<FloatConst, 9> kF32Consts = {{{0x3f000000, "0.5", 240},
                                                          {0xbf000000, "-0.5", 241},
                                                          {0x3f800000, "1.0", 242},
                                                          {0xbf800000, "-1.0", 243},
                                                          {0x40000000, "2.0", 244},
                                                          {0xc0000000, "-2.0", 245},
                                                          {0x40800000, "4.0", 246},
                                                          {0xc0800000, "-4.0", 247},
                                                          {0x3e22f983, "0.15915494", 248}}};

static bool is64(DataType t) {
  return t == DataType::B64 || t == DataType::I64 || t == DataType::U64;
}

// The inline-constant encoding llvm-mc's encoder picks for a 32-bit value, or 0 for none.
static unsigned inlineEnc32(uint32_t v) {
  auto s = static_cast<int32_t>(v);
  if (s >= 0 && s <= 64)
    return 128 + s;
  if (s >= -16 && s < 0)
    return 192 - s;
  for (const FloatConst &c : kF32Consts)
    if (c.bits == v)
      return c.enc;
  return 0;
}

void appendValue32(std::string &out, uint32_t v) {
  auto s = static_cast<int32_t>(v);
  if (s >= -16 && s <= 64) {
    appendDec(out, s);
    return;
  }
  for (const FloatConst &c : kF32Consts) {
    if (c.bits == v) {
      out += c.text;
      return;
    }
  }
  appendHex(out, v);
}

// The 32-bit value llvm-mc's decoder gives an inline constant or literal when it is read as a
// 32-bit immediate (register-only operands, which then print "Invalid immediate").
static uint32_t immValue32(unsigned enc, uint32_t literal) {
  if (enc == sreg::kLiteral)
    return literal;
  if (enc >= 128 && enc <= 192)
    return enc - 128;
  if (enc >= 193 && enc <= 208)
    return static_cast<uint32_t>(-static_cast<int32_t>(enc - 192));
  return kF32Consts[enc - 240].bits;
}

static bool isConstant(unsigned enc) { return isInlineConstant(enc) || enc == sreg::kLiteral; }

SrcEncoding reencodeSrc(isa::Target target, const OperandDesc &o, unsigned enc, uint32_t literal) {
  if (o.kind == OperandKind::SReg) {
    if (isConstant(enc)) // the immediate's low byte lands in the register field
      return {immValue32(enc, literal) & 0xFF, false};
    return {resolveReg(target, enc, o.regs, RegClass::Src).canonical, false};
  }
  if (enc != sreg::kLiteral)
    return {isInlineConstant(enc) ? enc : resolveReg(target, enc, o.regs, RegClass::Src).canonical,
            false};
  if (is64(o.type)) // the literal is zero-extended; only 0..64 has an inline form
    return literal <= 64 ? SrcEncoding{128 + literal, false} : SrcEncoding{enc, true};
  unsigned inl = inlineEnc32(literal);
  return inl ? SrcEncoding{inl, false} : SrcEncoding{enc, true};
}

void appendSrc(std::string &out, isa::Target target, const OperandDesc &o, unsigned enc,
               uint32_t literal) {
  if (isConstant(enc)) {
    if (o.kind == OperandKind::SReg) {
      appendValue32(out, immValue32(enc, literal));
      out += "/*Invalid immediate*/";
    } else if (enc != sreg::kLiteral) {
      appendInlineConstant(out, enc, o.type);
    } else if (is64(o.type)) {
      if (literal <= 64)
        appendUDec(out, literal);
      else
        appendHex(out, literal);
    } else {
      appendValue32(out, literal);
    }
    return;
  }
  appendReg(out, resolveReg(target, enc, o.regs, classOf(o.field)), o.regs);
}

} // namespace gcnkit::disasm::detail::salu
