// The sampler's addressing and filtering of one coordinate axis, as the OpenCL C specification
// states them ("Addressing and Filter Modes": the formulas for CLK_ADDRESS_CLAMP_TO_EDGE /
// CLAMP / NONE, REPEAT and MIRRORED_REPEAT with nearest and linear filtering), mapped to the S#
// clamp codes ROCm's image runtime writes for them (clamp to last texel, clamp to border, wrap,
// mirror). The coordinate is scaled in float as the formulas are written (u = s * size), so
// results match them bit for bit; the hardware's fixed-point weights are not modelled.
#pragma once

#include <cmath>
#include <cstdint>

namespace gcnkit::emu::image {

enum class Address : uint8_t { Wrap, Mirror, ClampEdge, ClampBorder };

// A texel index outside the image, which reads the border colour.
inline constexpr int32_t kBorder = INT32_MIN;

// The texels one axis reads: i0 (nearest), or i0 and i1 blended as (1 - a) * T[i0] + a * T[i1]
// (linear).
struct AxisTaps {
  int32_t i0 = 0, i1 = 0;
  float a = 0.0f;
};

// floor(v) as an index, kept far from int overflow (NaN reads as 0: OpenCL leaves it undefined).
inline int32_t floorIndex(float v) {
  if (!(v == v))
    return 0;
  const float f = std::floor(v);
  if (f < -1e9f)
    return -1000000000;
  if (f > 1e9f)
    return 1000000000;
  return static_cast<int32_t>(f);
}

inline int32_t clampIndex(int32_t i, int32_t n, Address m) {
  if (m == Address::ClampEdge)
    return i < 0 ? 0 : i >= n ? n - 1 : i;
  return i < 0 || i >= n ? kBorder : i;
}

// One axis: coordinate x (normalized: [0, 1) spans the image), size n >= 1. Repeat and mirror
// are defined by OpenCL for normalized coordinates only; with unnormalized ones gcnkit applies
// them to x / n.
inline AxisTaps axisTaps(float x, uint32_t size, bool normalized, Address m, bool linear) {
  const int32_t n = static_cast<int32_t>(size);
  const float nf = static_cast<float>(size);
  AxisTaps t;
  if (m == Address::ClampEdge || m == Address::ClampBorder) {
    const float u = normalized ? x * nf : x;
    if (!linear) {
      t.i0 = clampIndex(floorIndex(u), n, m);
      return t;
    }
    const float v = u - 0.5f;
    const int32_t i = floorIndex(v);
    t.a = v - std::floor(v);
    t.i0 = clampIndex(i, n, m);
    t.i1 = clampIndex(i + 1, n, m);
    return t;
  }
  const float s = normalized ? x : x / nf;
  if (m == Address::Wrap) {
    const float u = (s - std::floor(s)) * nf;
    if (!linear) {
      int32_t i = floorIndex(u);
      if (i > n - 1)
        i -= n;
      t.i0 = i;
      return t;
    }
    const float v = u - 0.5f;
    int32_t i0 = floorIndex(v), i1 = i0 + 1;
    t.a = v - std::floor(v);
    if (i0 < 0)
      i0 += n;
    if (i1 > n - 1)
      i1 -= n;
    t.i0 = i0;
    t.i1 = i1;
    return t;
  }
  // Mirrored repeat.
  const float u = std::fabs(s - 2.0f * std::rint(0.5f * s)) * nf;
  if (!linear) {
    const int32_t i = floorIndex(u);
    t.i0 = i > n - 1 ? n - 1 : i;
    return t;
  }
  const float v = u - 0.5f;
  const int32_t i = floorIndex(v);
  t.a = v - std::floor(v);
  t.i0 = i < 0 ? 0 : i;
  t.i1 = i + 1 > n - 1 ? n - 1 : i + 1;
  return t;
}

} // namespace gcnkit::emu::image
