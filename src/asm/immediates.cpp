#include "asm/immediates.h"

#include <bit>
#include <cmath>

namespace gcnkit::assembler {

namespace {

using isa::DataType;

enum class Width { W16, W32, W64 };

Width widthOf(DataType t) {
  switch (t) {
  case DataType::B16:
  case DataType::I16:
  case DataType::U16:
  case DataType::F16:
  case DataType::BF16:
  case DataType::V2I16:
  case DataType::V2F16:
  case DataType::V2BF16:
    return Width::W16;
  case DataType::B64:
  case DataType::I64:
  case DataType::U64:
  case DataType::F64:
    return Width::W64;
  default:
    return Width::W32;
  }
}

// llvm-mc-19 reads 0.15915494 (the text it prints for 1/(2*pi)) as the bf16 inline constant,
// though the value rounds to 0x3e23.
bool isBF16InvTwoPiText(DataType t, double v) { return t == DataType::BF16 && v == 0.15915494; }

bool isBFloat(DataType t) { return t == DataType::BF16 || t == DataType::V2BF16; }

bool isPacked(DataType t) {
  return t == DataType::V2I16 || t == DataType::V2F16 || t == DataType::V2BF16;
}

bool isFloat(DataType t) {
  return t == DataType::F16 || t == DataType::BF16 || t == DataType::F32 || t == DataType::F64 ||
         t == DataType::V2F16 || t == DataType::V2BF16 || t == DataType::V2F32;
}

// llvm-mc checks the integer inline range (-16..64) on the bit pattern of every value, so
// e.g. 0.0 and the smallest denormals become integer inline constants.

// Bit patterns of the float inline constants 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0 and
// 1/(2*pi), at each width; codes 240..248.
constexpr uint16_t kF16[9] = {0x3800, 0xB800, 0x3C00, 0xBC00, 0x4000,
                              0xC000, 0x4400, 0xC400, 0x3118};
constexpr uint16_t kBF16[9] = {0x3F00, 0xBF00, 0x3F80, 0xBF80, 0x4000,
                               0xC000, 0x4080, 0xC080, 0x3E22};
constexpr uint32_t kF32[9] = {0x3F000000, 0xBF000000, 0x3F800000, 0xBF800000, 0x40000000,
                              0xC0000000, 0x40800000, 0xC0800000, 0x3E22F983};
constexpr uint64_t kF64[9] = {0x3FE0000000000000, 0xBFE0000000000000, 0x3FF0000000000000,
                              0xBFF0000000000000, 0x4000000000000000, 0xC000000000000000,
                              0x4010000000000000, 0xC010000000000000, 0x3FC45F306DC9C882};

std::optional<unsigned> intInline(int64_t v) {
  if (v >= 0 && v <= 64)
    return 128 + static_cast<unsigned>(v);
  if (v >= -16 && v <= -1)
    return 192 + static_cast<unsigned>(-v);
  return std::nullopt;
}

// The seed's integer validation: truncation to `bits` loses nothing when the dropped bits are
// all zero, or all one with the result's MSB set.
bool truncatable(int64_t v, unsigned bits) {
  if (bits >= 64)
    return true;
  auto u = static_cast<uint64_t>(v);
  uint64_t high = u >> bits;
  if (high == 0)
    return true;
  return high == (~uint64_t{0} >> bits) && ((u >> (bits - 1)) & 1);
}

} // namespace

std::optional<uint32_t> toF32Bits(double v) {
  if (std::isnan(v))
    return std::bit_cast<uint32_t>(static_cast<float>(v));
  auto f = static_cast<float>(v);
  if (std::isinf(f) && !std::isinf(v))
    return std::nullopt;
  // IEEE underflow: a tiny (subnormal or zero) result that is not exact.
  if (std::fpclassify(f) != FP_NORMAL && !std::isinf(f) && static_cast<double>(f) != v)
    return std::nullopt;
  return std::bit_cast<uint32_t>(f);
}

std::optional<uint16_t> toF16Bits(double v) {
  // Round to nearest even from the double directly (not via float, which could double-round).
  uint64_t d = std::bit_cast<uint64_t>(v);
  auto sign = static_cast<uint16_t>((d >> 48) & 0x8000);
  int exp = static_cast<int>((d >> 52) & 0x7FF);
  uint64_t mant = d & 0xFFFFFFFFFFFFFull;
  if (exp == 0x7FF)
    return static_cast<uint16_t>(sign | 0x7C00 | (mant ? 0x200 | (mant >> 42) : 0));
  if (exp == 0 && mant == 0)
    return sign;
  int e = exp - 1023;                      // unbiased
  uint64_t m = mant | (uint64_t{1} << 52); // 53-bit significand
  // f16: normal exponents -14..15, 10 fraction bits; subnormals down to 2^-24.
  int shift;
  uint16_t expField;
  if (e >= -14) {
    shift = 52 - 10;
    expField = static_cast<uint16_t>(e + 15);
  } else {
    shift = 52 - 10 + (-14 - e);
    expField = 0;
    if (shift > 63)
      return std::nullopt; // underflow to zero
  }
  uint64_t q = m >> shift;
  uint64_t rem = m & ((uint64_t{1} << shift) - 1);
  uint64_t half = uint64_t{1} << (shift - 1);
  if (rem > half || (rem == half && (q & 1)))
    ++q;
  uint32_t bits;
  if (expField == 0) {
    if (q == 0 || rem != 0)
      return std::nullopt; // IEEE underflow: tiny and inexact
    bits = static_cast<uint32_t>(q);
  } else {
    if (q >> 11) { // mantissa overflow after rounding
      q >>= 1;
      ++expField;
    }
    if (expField >= 31)
      return std::nullopt; // overflow
    bits = (uint32_t{expField} << 10) | static_cast<uint32_t>(q & 0x3FF);
  }
  return static_cast<uint16_t>(sign | bits);
}

std::optional<unsigned> inlineCodeFor(uint64_t bits, isa::DataType type) {
  switch (widthOf(type)) {
  case Width::W16:
    for (unsigned i = 0; i < 9; ++i)
      if (bits == (isBFloat(type) ? kBF16[i] : kF16[i]))
        return 240 + i;
    break;
  case Width::W32:
    for (unsigned i = 0; i < 9; ++i)
      if (bits == kF32[i])
        return 240 + i;
    break;
  case Width::W64:
    for (unsigned i = 0; i < 9; ++i)
      if (bits == kF64[i])
        return 240 + i;
    break;
  }
  return std::nullopt;
}

std::optional<uint16_t> toBF16Bits(double v) {
  // bf16 has f32's exponent range, so f32's overflow / underflow checks apply; the rounding
  // is from the double directly (to nearest even), and may reach infinity.
  const std::optional<uint32_t> f = toF32Bits(v);
  if (!f)
    return std::nullopt;
  if (std::isnan(v) || std::isinf(v))
    return static_cast<uint16_t>(*f >> 16 | (std::isnan(v) ? 0x40 : 0));
  const uint64_t d = std::bit_cast<uint64_t>(v);
  const auto sign = static_cast<uint16_t>((d >> 48) & 0x8000);
  const int exp = static_cast<int>((d >> 52) & 0x7FF);
  if (exp == 0)
    return sign; // doubles this small are zero in f32 already
  const int e = exp - 1023;
  const uint64_t m = (d & 0xFFFFFFFFFFFFFull) | (uint64_t{1} << 52);
  // 8 significant bits when normal (e >= -126); fewer below.
  const int shift = 52 - 7 + (e < -126 ? -126 - e : 0);
  if (shift > 63)
    return sign;
  uint64_t q = m >> shift;
  const uint64_t rem = m & ((uint64_t{1} << shift) - 1), half = uint64_t{1} << (shift - 1);
  if (rem > half || (rem == half && (q & 1)))
    ++q;
  if (e < -126) // subnormal (q may have rounded up to the smallest normal, 0x80)
    return static_cast<uint16_t>(sign | q);
  int biased = e + 127;
  if (q >> 8) {
    q >>= 1;
    ++biased;
  }
  if (biased >= 255)
    return static_cast<uint16_t>(sign | 0x7F80);
  return static_cast<uint16_t>(sign | biased << 7 | (q & 0x7F));
}

namespace {

// Packed 16-bit operands (two halves in one dword). llvm-mc takes an integer as the whole
// dword -- any 32-bit value -- and a real converted to the element type (to f32 for integer
// elements, without the 16-bit range check). Inline constants: the integer range on the dword
// (or on the 16-bit pattern of a converted real), and the float constants of the element type
// (f32's for integer elements), which an integer matches only as a 16-bit value.
std::optional<EncodedImm> encodePacked(const Number &n, DataType type, bool inlineAllowed) {
  const DataType element = type == DataType::V2F16    ? DataType::F16
                           : type == DataType::V2BF16 ? DataType::BF16
                                                      : DataType::F32;
  std::optional<uint32_t> bits;
  int32_t asInteger = 0; // the value the integer inline range is checked on
  if (!n.isReal) {
    if (!truncatable(n.integer, 32))
      return std::nullopt;
    bits = static_cast<uint32_t>(n.integer);
    asInteger = static_cast<int32_t>(*bits);
  } else if (element == DataType::F32) {
    bits = toF32Bits(n.real);
    asInteger = static_cast<int32_t>(bits.value_or(0));
  } else {
    if (isBF16InvTwoPiText(element, n.real) && inlineAllowed)
      return EncodedImm{true, 248, 0, {}};
    if (std::optional<uint16_t> h =
            element == DataType::F16 ? toF16Bits(n.real) : toBF16Bits(n.real))
      bits = *h;
    asInteger = static_cast<int16_t>(bits.value_or(0));
  }
  if (!bits)
    return std::nullopt;
  if (inlineAllowed) {
    std::optional<unsigned> code = intInline(asInteger);
    if (!code && (element == DataType::F32 || *bits <= 0xFFFF))
      code = inlineCodeFor(*bits, element);
    if (code)
      return EncodedImm{true, *code, 0, {}};
  }
  return EncodedImm{false, 0, *bits, {}};
}

} // namespace

std::optional<EncodedImm> encodeImmediate(const Number &n, isa::DataType type, bool inlineAllowed) {
  if (isPacked(type))
    return encodePacked(n, type, inlineAllowed);
  EncodedImm out;
  const Width w = widthOf(type);
  auto inlined = [&](unsigned code) {
    out.isInline = true;
    out.inlineCode = code;
    return out;
  };
  auto literal = [&](uint32_t v) {
    out.literal = v;
    return out;
  };
  if (!n.isReal) {
    const int64_t v = n.integer;
    if (inlineAllowed) {
      if (auto c = intInline(v))
        return inlined(*c);
    }
    switch (w) {
    case Width::W16: {
      if (!truncatable(v, 16))
        return std::nullopt;
      auto bits = static_cast<uint16_t>(v);
      // Only float operands look at the truncated bit pattern: 0xffff is -1 for an f16
      // operand but a literal for a 16-bit integer one.
      if (inlineAllowed && isFloat(type)) {
        if (auto c = intInline(static_cast<int16_t>(bits)))
          return inlined(*c);
        if (auto c = inlineCodeFor(bits, type))
          return inlined(*c);
      }
      return literal(bits);
    }
    case Width::W32: {
      if (!truncatable(v, 32))
        return std::nullopt;
      auto bits = static_cast<uint32_t>(v);
      if (inlineAllowed) {
        if (auto c = intInline(static_cast<int32_t>(bits)))
          return inlined(*c);
        if (auto c = inlineCodeFor(bits, type))
          return inlined(*c);
      }
      return literal(bits);
    }
    case Width::W64: {
      const auto u = static_cast<uint64_t>(v);
      if (inlineAllowed)
        if (auto c = inlineCodeFor(u, type))
          return inlined(*c);
      // A 32-bit literal: sign- or zero-extended for integers, the high half for f64.
      if (!truncatable(v, 32) && (u >> 32) != 0)
        return std::nullopt;
      if (type == DataType::F64 && inlineAllowed)
        if (auto c = inlineCodeFor(uint64_t{static_cast<uint32_t>(v)} << 32, type))
          return inlined(*c);
      return literal(static_cast<uint32_t>(v));
    }
    }
    return std::nullopt;
  }
  const double d = n.real;
  switch (w) {
  case Width::W16:
    if (isFloat(type)) {
      if (isBF16InvTwoPiText(type, d) && inlineAllowed)
        return inlined(248);
      std::optional<uint16_t> h = isBFloat(type) ? toBF16Bits(d) : toF16Bits(d);
      if (!h)
        return std::nullopt;
      if (inlineAllowed) {
        if (auto c = intInline(static_cast<int16_t>(*h)))
          return inlined(*c);
        if (auto c = inlineCodeFor(*h, type))
          return inlined(*c);
      }
      return literal(*h);
    }
    // 16-bit integer operands: the value must fit f16 (the seed's rule), but llvm-mc-19 then
    // encodes it like a 32-bit operand: f32 inline constants, or the f32 bits as the literal
    // (see docs/differences.md).
    if (!toF16Bits(d))
      return std::nullopt;
    [[fallthrough]];
  case Width::W32: {
    std::optional<uint32_t> f = toF32Bits(d);
    if (!f)
      return std::nullopt;
    if (inlineAllowed) {
      if (auto c = intInline(static_cast<int32_t>(*f)))
        return inlined(*c);
      if (auto c = inlineCodeFor(*f, DataType::F32))
        return inlined(*c);
    }
    return literal(*f);
  }
  case Width::W64: {
    uint64_t bits = std::bit_cast<uint64_t>(d);
    if (inlineAllowed) {
      if (auto c = intInline(static_cast<int64_t>(bits)))
        return inlined(*c);
      if (auto c = inlineCodeFor(bits, DataType::F64))
        return inlined(*c);
    }
    if (!isFloat(type))
      return std::nullopt; // 64-bit integer operands take no float literal
    if (bits & 0xFFFFFFFFu)
      out.warning =
          "Can't encode literal as exact 64-bit floating-point operand. Low 32-bits will be set "
          "to zero";
    return literal(static_cast<uint32_t>(bits >> 32));
  }
  }
  return std::nullopt;
}

} // namespace gcnkit::assembler
