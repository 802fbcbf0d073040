#include "disasm/operands.h"

#include "isa/target_info.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <string_view>

namespace gcnkit::disasm::detail {

namespace {

// Register names are the most printed text: built in a local buffer, appended once.
void appendRange(std::string &out, std::string_view prefix, unsigned first, unsigned regs) {
  char buf[48];
  char *p = buf;
  auto put = [&p](unsigned v) { p = std::to_chars(p, p + 12, v).ptr; };
  std::memcpy(p, prefix.data(), std::min<size_t>(prefix.size(), 8));
  p += std::min<size_t>(prefix.size(), 8);
  if (regs == 1) {
    put(first);
  } else {
    *p++ = '[';
    put(first);
    *p++ = ':';
    put(first + regs - 1);
    *p++ = ']';
  }
  out.append(buf, static_cast<size_t>(p - buf));
}

// Tuples of 2 registers are 2-aligned, larger tuples 4-aligned.
unsigned alignDown(unsigned enc, unsigned regs) {
  if (regs == 2)
    return enc & ~1u;
  if (regs >= 4)
    return enc & ~3u;
  return enc;
}

} // namespace

bool appendScalarReg(std::string &out, isa::Target target, unsigned enc, unsigned regs) {
  switch (enc) {
  case 235:
    out += "src_shared_base";
    return true;
  case 236:
    out += "src_shared_limit";
    return true;
  case 237:
    out += "src_private_base";
    return true;
  case 238:
    out += "src_private_limit";
    return true;
  case 239:
    out += "src_pops_exiting_wave_id";
    return true;
  case 251:
    out += "src_vccz";
    return true;
  case 252:
    out += "src_execz";
    return true;
  case 253:
    out += "src_scc";
    return true;
  default:
    break;
  }
  const isa::ScalarRegisters &sr = isa::targetInfo(target).sregs;
  if (enc < sr.sgprs) {
    unsigned first = alignDown(enc, regs);
    if (first + regs > kSgprTupleEnd)
      return false;
    appendRange(out, "s", first, regs);
    return true;
  }
  if (enc >= sr.ttmp && enc < sr.ttmp + 16u) {
    unsigned first = alignDown(enc - sr.ttmp, regs);
    if (first + regs > 16)
      return false;
    appendRange(out, "ttmp", first, regs);
    return true;
  }
  // The named pairs (vcc, exec, and gfx9's flat_scratch and xnack_mask), their halves, and the
  // single registers.
  struct Pair {
    uint8_t lo;
    std::string_view name;
  };
  const Pair pairs[] = {{sr.vcc, "vcc"},
                        {sr.exec, "exec"},
                        {sr.flatScratch, "flat_scratch"},
                        {sr.xnackMask, "xnack_mask"}};
  for (const Pair &p : pairs) {
    if (p.lo == isa::ScalarRegisters::kNone || (enc != p.lo && enc != p.lo + 1u))
      continue;
    if (regs == 1) {
      out += p.name;
      out += enc == p.lo ? "_lo" : "_hi";
      return true;
    }
    // A wider tuple at a pair keeps the pair's name (v_mqsad_u32_u8's 128-bit source).
    if (enc != p.lo)
      return false;
    out += p.name;
    return true;
  }
  if (enc == sr.printedNull && regs <= 2) {
    out += "null";
    return true;
  }
  if (enc == sr.m0 && regs == 1) {
    out += "m0";
    return true;
  }
  return false;
}

void appendVGPR(std::string &out, unsigned index, unsigned regs) {
  appendRange(out, "v", index, regs);
}

void appendAGPR(std::string &out, unsigned index, unsigned regs) {
  appendRange(out, "a", index, regs);
}

void appendInlineConstant(std::string &out, unsigned enc, isa::DataType type) {
  if (enc >= 128 && enc <= 192) {
    appendUDec(out, enc - 128);
    return;
  }
  if (enc >= 193 && enc <= 208) {
    appendDec(out, -static_cast<int>(enc - 192));
    return;
  }
  static constexpr std::array<std::string_view, 8> kFloats = {"0.5", "-0.5", "1.0", "-1.0",
                                                              "2.0", "-2.0", "4.0", "-4.0"};
  if (enc >= 240 && enc <= 247) {
    out += kFloats[enc - 240];
    return;
  }
  // 1/(2*pi): llvm-mc prints the shortest decimal that round-trips at the operand's width.
  using isa::DataType;
  switch (type) {
  case DataType::B64:
  case DataType::I64:
  case DataType::U64:
  case DataType::F64:
    out += "0.15915494309189532";
    return;
  default:
    out += "0.15915494";
    return;
  }
}

// ---- 9-bit VALU sources --------------------------------------------------------------------

namespace {

// How llvm-mc treats immediates of an operand type (see operands.h).
enum class ImmClass : uint8_t { B32, F64, I64, F16, I16, BF16, V2F16, V2BF16 };

ImmClass immClass(isa::DataType type) {
  using isa::DataType;
  switch (type) {
  case DataType::F64:
    return ImmClass::F64;
  case DataType::B64:
  case DataType::I64:
  case DataType::U64:
    return ImmClass::I64;
  case DataType::F16:
    return ImmClass::F16;
  case DataType::B16:
  case DataType::I16:
  case DataType::U16:
    return ImmClass::I16;
  case DataType::BF16:
    return ImmClass::BF16;
  case DataType::V2F16:
    return ImmClass::V2F16;
  case DataType::V2BF16:
    return ImmClass::V2BF16;
  default:
    return ImmClass::B32;
  }
}

// Bit patterns of the float inline constants 240..247 (0.5, -0.5, 1, -1, 2, -2, 4, -4) and of
// 1/(2pi) (248), per width.
constexpr uint32_t kF32Inline[9] = {0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000,
                                    0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983};
constexpr uint32_t kF64HighInline[8] = {0x3fe00000, 0xbfe00000, 0x3ff00000, 0xbff00000,
                                        0x40000000, 0xc0000000, 0x40100000, 0xc0100000};
constexpr uint16_t kF16Inline[9] = {0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000,
                                    0xc000, 0x4400, 0xc400, 0x3118};
constexpr uint16_t kBF16Inline[9] = {0x3f00, 0xbf00, 0x3f80, 0xbf80, 0x4000,
                                     0xc000, 0x4080, 0xc080, 0x3e22};

// Inline-constant encoding of an integer value in -16..64, or 0.
unsigned intInlineCode(int64_t v) {
  if (v >= 0 && v <= 64)
    return 128 + static_cast<unsigned>(v);
  if (v >= -16 && v < 0)
    return 192 + static_cast<unsigned>(-v);
  return 0;
}

template <typename T, size_t N> unsigned floatInlineCode(const T (&table)[N], uint64_t v) {
  for (size_t i = 0; i < N; ++i)
    if (table[i] == v)
      return 240 + static_cast<unsigned>(i);
  return 0;
}

// What a source immediate becomes: an inline constant (code != 0) or a literal, printed as the
// hex `shown` and re-encoded as the dword `literal`.
struct ImmForm {
  unsigned code = 0;
  uint64_t shown = 0;
  uint32_t literal = 0;
};

ImmForm immForm(unsigned enc, ImmClass c, uint32_t lit) {
  ImmForm f;
  if (enc != sreg::kLiteral) {
    if (c == ImmClass::I16 && enc >= 240) { // decodes to an f16 pattern, not inlinable
      f.shown = f.literal = kF16Inline[enc - 240];
      return f;
    }
    f.code = enc;
    return f;
  }
  const uint32_t lo = lit & 0xffff;
  f.literal = lit;
  f.shown = lit;
  switch (c) {
  case ImmClass::B32:
    if (!(f.code = intInlineCode(static_cast<int32_t>(lit))))
      f.code = floatInlineCode(kF32Inline, lit);
    break;
  case ImmClass::F64:
    f.code = lit == 0 ? 128 : floatInlineCode(kF64HighInline, lit);
    break;
  case ImmClass::I64:
    f.code = lit <= 64 ? 128 + lit : 0;
    break;
  case ImmClass::F16:
    if (!(f.code = intInlineCode(static_cast<int16_t>(lo))))
      f.code = floatInlineCode(kF16Inline, lo);
    f.shown = lo;
    break;
  case ImmClass::I16:
    if (!(f.code = intInlineCode(static_cast<int32_t>(lit))))
      f.code = floatInlineCode(kF32Inline, lit);
    f.shown = lo;
    break;
  case ImmClass::BF16:
    if (!(f.code = intInlineCode(static_cast<int16_t>(lo))))
      f.code = floatInlineCode(kBF16Inline, lo);
    break;
  case ImmClass::V2F16:
    if (!(f.code = intInlineCode(static_cast<int32_t>(lit))))
      f.code = floatInlineCode(kF16Inline, lit);
    break;
  case ImmClass::V2BF16:
    if (!(f.code = intInlineCode(static_cast<int32_t>(lit))))
      f.code = floatInlineCode(kBF16Inline, lit);
    break;
  }
  return f;
}

bool is64(ImmClass c) { return c == ImmClass::F64 || c == ImmClass::I64; }

} // namespace

bool appendValuSrc(std::string &out, isa::Target target, unsigned enc, unsigned regs,
                   isa::DataType type, uint32_t literal, bool assemblerListing) {
  if (enc >= 256) {
    appendVGPR(out, enc - 256, regs);
    return true;
  }
  if (isInlineConstant(enc) || enc == sreg::kLiteral) {
    const ImmClass c = immClass(type);
    // llvm-mc's parser keeps an f16 inline constant of a 16-bit integer operand as the float its
    // decoder shows as a bit pattern.
    if (assemblerListing && c == ImmClass::I16 && enc >= 240 && enc <= 248) {
      appendInlineConstant(out, enc, isa::DataType::F32);
      return true;
    }
    const ImmForm f = immForm(enc, c, literal);
    if (f.code == 0)
      appendHex(out, f.shown);
    else
      appendInlineConstant(out, f.code, is64(c) ? isa::DataType::F64 : isa::DataType::F32);
    return true;
  }
  if (enc == 254) {
    if (regs != 1)
      return false;
    out += "src_lds_direct";
    return true;
  }
  if ((enc > 208 && enc < 235) || enc == 249 || enc == 250)
    return false;
  // A VALU source names null at any width (e.g. the 128-bit src2 of v_mqsad_u32_u8).
  if (enc == isa::targetInfo(target).sregs.printedNull) {
    out += "null";
    return true;
  }
  return appendScalarReg(out, target, enc, regs);
}

ValuSrcEncoding reencodeValuSrc(unsigned enc, isa::DataType type, uint32_t literal) {
  ValuSrcEncoding e;
  if (!isInlineConstant(enc) && enc != sreg::kLiteral) {
    e.field = static_cast<uint16_t>(enc);
    return e;
  }
  const ImmForm f = immForm(enc, immClass(type), literal);
  if (f.code != 0) {
    e.field = static_cast<uint16_t>(f.code);
    return e;
  }
  e.field = sreg::kLiteral;
  e.hasLiteral = true;
  e.literal = f.literal;
  return e;
}

uint64_t valuImmediateValue(unsigned enc, isa::DataType type, uint32_t literal) {
  const ImmClass c = immClass(type);
  if (enc >= 128 && enc <= 208) {
    const int64_t v =
        enc <= 192 ? static_cast<int64_t>(enc) - 128 : 192 - static_cast<int64_t>(enc);
    return static_cast<uint64_t>(v);
  }
  if (enc >= 240 && enc <= 248) {
    const unsigned i = enc - 240;
    switch (c) {
    case ImmClass::F64:
    case ImmClass::I64:
      return i == 8 ? 0x3fc45f306dc9c882ull : uint64_t{kF64HighInline[i]} << 32;
    case ImmClass::F16:
    case ImmClass::I16:
    case ImmClass::V2F16:
      return kF16Inline[i];
    case ImmClass::BF16:
    case ImmClass::V2BF16:
      return kBF16Inline[i];
    default:
      return kF32Inline[i];
    }
  }
  return c == ImmClass::F64 ? uint64_t{literal} << 32 : literal;
}

} // namespace gcnkit::disasm::detail
