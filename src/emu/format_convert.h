// Conversions between a component of a buffer or image format in memory and the 32-bit value
// a shader sees, shared by the buffer format instructions (buffer.cpp) and images (image.cpp).
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

#include "emu/valu16.h"
#include "isa/buffer_resource.h"

namespace gcnkit::emu {

inline uint32_t floatBits(float f) { return std::bit_cast<uint32_t>(f); }

// An unsigned float of `bits` bits (5 exponent bits, bias 15: the 11- and 10-bit components of
// 10_11_11 / 11_11_10) as f32, exactly.
inline uint32_t smallFloatToF32(uint32_t raw, unsigned bits) {
  const unsigned mbits = bits - 5;
  const uint32_t exp = raw >> mbits, man = raw & ((1u << mbits) - 1);
  if (exp == 31)
    return 0x7F800000u | man << (23 - mbits);
  if (exp == 0)
    return floatBits(std::ldexp(static_cast<float>(man), -14 - static_cast<int>(mbits)));
  return (exp + 112) << 23 | man << (23 - mbits);
}

inline int32_t signExtend(uint32_t raw, unsigned bits) {
  return bits == 32 ? static_cast<int32_t>(raw)
                    : static_cast<int32_t>(raw << (32 - bits)) >> (32 - bits);
}

// A memory component of `bits` bits (raw) as the 32-bit value a format load returns: float bits
// for the normalized, scaled and float formats, the integer for UINT / SINT.
inline uint32_t unpackComponent(isa::NumFormat num, unsigned bits, uint32_t raw) {
  using Num = isa::NumFormat;
  const double mask = std::ldexp(1.0, static_cast<int>(bits)) - 1;
  const int32_t s = signExtend(raw, bits);
  switch (num) {
  case Num::Unorm: // both exact in f32 (at most 16 bits): one rounding
    return floatBits(static_cast<float>(raw) / static_cast<float>(mask));
  case Num::Snorm:
    return floatBits(
        std::max(static_cast<float>(s) / static_cast<float>(std::floor(mask / 2)), -1.0f));
  case Num::Uscaled:
    return floatBits(static_cast<float>(raw));
  case Num::Sscaled:
    return floatBits(static_cast<float>(s));
  case Num::Uint:
    return raw;
  case Num::Sint:
    return static_cast<uint32_t>(s);
  case Num::Float:
    return bits == 16 ? half16::f16ToF32Bits(raw) : bits == 32 ? raw : smallFloatToF32(raw, bits);
  }
  return raw;
}

} // namespace gcnkit::emu
