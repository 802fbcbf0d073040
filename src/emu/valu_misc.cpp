// The remaining 32-bit VALU operations a compiler can emit: sums of absolute differences
// (v_sad_u8 / hi_u8 / u32, v_msad_u8, v_qsad_pk_u16_u8, v_mqsad_*), v_lerp_u8, the cube-map
// helpers, v_mullit_f32 and v_cvt_off_f32_i4.
#include <cfloat>
#include <cmath>
#include <cstdint>

#include "emu/valu_exec.h"
#include "emu/valu_families.h"

namespace gcnkit::emu {

namespace {

using namespace valu;
using u32 = uint32_t;
using u64 = uint64_t;

u32 absDiff(u32 a, u32 b) { return a > b ? a - b : b - a; }

// Sum of |a.byte[i] - b.byte[i]|; the masked form skips bytes whose reference (b) is 0.
template <bool kMasked> u32 sadBytes(u32 a, u32 b) {
  u32 sum = 0;
  for (int i = 0; i < 4; ++i) {
    const u32 x = (a >> (8 * i)) & 0xFF, y = (b >> (8 * i)) & 0xFF;
    if (!kMasked || y != 0)
      sum += absDiff(x, y);
  }
  return sum;
}

// kSat: VOP3 clamp saturates the accumulation to the result type.
template <bool kSat> u32 accumulate(u64 sum) { return kSat ? satU32(sum) : static_cast<u32>(sum); }
template <bool kSat> struct SadU8 {
  static u32 apply(u32 a, u32 b, u32 c) { return accumulate<kSat>(u64{sadBytes<false>(a, b)} + c); }
};
template <bool kSat> struct SadHiU8 {
  static u32 apply(u32 a, u32 b, u32 c) {
    return accumulate<kSat>((u64{sadBytes<false>(a, b)} << 16) + c);
  }
};
template <bool kSat> struct SadU32 {
  static u32 apply(u32 a, u32 b, u32 c) { return accumulate<kSat>(u64{absDiff(a, b)} + c); }
};
template <bool kSat> struct MsadU8 {
  static u32 apply(u32 a, u32 b, u32 c) { return accumulate<kSat>(u64{sadBytes<true>(a, b)} + c); }
};
// Per byte: (S0 + S1 + S2's low bit) / 2.
struct LerpU8 {
  static u32 apply(u32 a, u32 b, u32 c) {
    u32 r = 0;
    for (int i = 0; i < 4; ++i) {
      const u32 sh = 8 * i;
      r |= ((((a >> sh) & 0xFF) + ((b >> sh) & 0xFF) + ((c >> sh) & 1)) >> 1) << sh;
    }
    return r;
  }
};

// The 4-byte windows of the 64-bit S0 starting at bytes 0..3, each against S1, into 16-bit
// accumulators (saturated with clamp).
template <bool kMasked, bool kSat> struct QsadPk {
  static constexpr int kSources = 3;
  static constexpr bool kWide0 = true, kWide1 = false, kWide2 = true, kWideDst = true;
  static u64 apply(u64 a, u64 b, u64 c) {
    u64 r = 0;
    for (int i = 0; i < 4; ++i) {
      const u32 window = static_cast<u32>(a >> (8 * i));
      const u32 acc = static_cast<u32>((c >> (16 * i)) & 0xFFFF);
      u32 sum = sadBytes<kMasked>(window, static_cast<u32>(b)) + acc;
      if (kSat && sum > 0xFFFF)
        sum = 0xFFFF;
      r |= u64{sum & 0xFFFF} << (16 * i);
    }
    return r;
  }
};

// v_mqsad_u32_u8: four 32-bit masked SADs into a 4-VGPR destination, accumulating S2[0..3].
template <int W> void mqsadU32(Wave &w, const DecodedInst &in) {
  const u32 *alo, *ahi;
  lanes64<W>(w, in.src[0], 0, alo, ahi);
  const u32 *b = lanes32<W>(w, in.src[1], 1);
  const u64 exec = execMask<W>(w);
  u32 r[4][W];
  for (int i = 0; i < 4; ++i) {
    const u32 *acc = vrow<W>(w, static_cast<uint16_t>(in.src[2].reg + i));
    for (int l = 0; l < W; ++l) {
      const u64 a = alo[l] | u64{ahi[l]} << 32;
      const u64 sum = u64{sadBytes<true>(static_cast<u32>(a >> (8 * i)), b[l])} + acc[l];
      r[i][l] = (in.extra & 1) ? satU32(sum) : static_cast<u32>(sum);
    }
  }
  for (int i = 0; i < 4; ++i)
    writeLanes<W>(vrow<W>(w, static_cast<uint16_t>(in.vdst + i)), exec,
                  [&](int l) { return r[i][l]; });
}
struct MqsadU32 {
  template <int W> static void run(Wave &w, const DecodedInst &in) { mqsadU32<W>(w, in); }
};

// Cube-map coordinates of the direction (x, y, z) = (S0, S1, S2): the major axis is z when
// |z| is largest, then y, then x.
enum class Axis { X, Y, Z };
Axis majorAxis(float x, float y, float z) {
  if (std::fabs(z) >= std::fabs(x) && std::fabs(z) >= std::fabs(y))
    return Axis::Z;
  return std::fabs(y) >= std::fabs(x) ? Axis::Y : Axis::X;
}
struct CubeId {
  static u32 apply(u32 a, u32 b, u32 c) {
    const float x = f32(a), y = f32(b), z = f32(c);
    switch (majorAxis(x, y, z)) {
    case Axis::Z:
      return bits(z < 0 ? 5.0f : 4.0f);
    case Axis::Y:
      return bits(y < 0 ? 3.0f : 2.0f);
    default:
      return bits(x < 0 ? 1.0f : 0.0f);
    }
  }
};
struct CubeSc {
  static u32 apply(u32 a, u32 b, u32 c) {
    const float x = f32(a), y = f32(b), z = f32(c);
    switch (majorAxis(x, y, z)) {
    case Axis::Z:
      return bits(z < 0 ? -x : x);
    case Axis::Y:
      return bits(x);
    default:
      return bits(x < 0 ? z : -z);
    }
  }
};
struct CubeTc {
  static u32 apply(u32 a, u32 b, u32 c) {
    const float x = f32(a), y = f32(b), z = f32(c);
    return majorAxis(x, y, z) == Axis::Y ? bits(y < 0 ? -z : z) : bits(-y);
  }
};
struct CubeMa {
  static u32 apply(u32 a, u32 b, u32 c) {
    const float x = f32(a), y = f32(b), z = f32(c);
    switch (majorAxis(x, y, z)) {
    case Axis::Z:
      return bits(2.0f * z);
    case Axis::Y:
      return bits(2.0f * y);
    default:
      return bits(2.0f * x);
    }
  }
};

// v_mullit_f32 (lighting): -MAX_FLOAT when S1 is -MAX_FLOAT, -inf or NaN, or S2 <= 0 or NaN;
// otherwise S0 * S1.
struct MullitF32 {
  static u32 apply(u32 a, u32 b, u32 c) {
    const float s1 = f32(b), s2 = f32(c);
    if (s1 == -FLT_MAX || s1 == -INFINITY || std::isnan(s1) || !(s2 > 0.0f))
      return bits(-FLT_MAX);
    return bits(f32(a) * s1);
  }
};

// v_cvt_pk_u8_f32: S0 converted to an unsigned byte, written into byte S1[1:0] of S2. The ISA
// names the conversion f32_to_u8 without defining it; like f32_to_u32 (v_cvt_u32_f32) it
// truncates toward zero, saturates and turns NaN into 0 (a documented choice).
struct CvtPkU8F32 {
  static u32 apply(u32 a, u32 b, u32 c) {
    const float f = f32(a);
    const u32 byte = !(f > 0.0f) ? 0u : (f >= 255.0f ? 255u : static_cast<u32>(f));
    const u32 shift = 8 * (b & 3);
    return (c & ~(0xFFu << shift)) | byte << shift;
  }
};

// v_cvt_off_f32_i4: the signed 4-bit S0[3:0] / 16.
struct CvtOffF32I4 {
  static u32 apply(u32 a) {
    const int v = static_cast<int>((a & 0xF) ^ 8) - 8;
    return bits(static_cast<float>(v) / 16.0f);
  }
};

constexpr EntryFlags kF32 = entry::kF32Result | entry::kF32Sources;

} // namespace

void registerValuMisc(Registry &r) {
  constexpr EntryFlags kClamp = entry::kIntClamp;
  r["v_sad_u8"] = entryOf<Vop32Clamp<SadU8<false>, SadU8<true>, 3>>(kClamp);
  r["v_sad_hi_u8"] = entryOf<Vop32Clamp<SadHiU8<false>, SadHiU8<true>, 3>>(kClamp);
  r["v_sad_u32"] = entryOf<Vop32Clamp<SadU32<false>, SadU32<true>, 3>>(kClamp);
  r["v_msad_u8"] = entryOf<Vop32Clamp<MsadU8<false>, MsadU8<true>, 3>>(kClamp);
  r["v_lerp_u8"] = entryOf<Vop32<LerpU8, 3>>();
  r["v_qsad_pk_u16_u8"] = entryOf<Vop64Clamp<QsadPk<false, false>, QsadPk<false, true>>>(kClamp);
  r["v_mqsad_pk_u16_u8"] = entryOf<Vop64Clamp<QsadPk<true, false>, QsadPk<true, true>>>(kClamp);
  r["v_mqsad_u32_u8"] = entryOf<MqsadU32>(kClamp);
  r["v_cubeid_f32"] = entryOf<Vop32<CubeId, 3>>(kF32);
  r["v_cubesc_f32"] = entryOf<Vop32<CubeSc, 3>>(kF32);
  r["v_cubetc_f32"] = entryOf<Vop32<CubeTc, 3>>(kF32);
  r["v_cubema_f32"] = entryOf<Vop32<CubeMa, 3>>(kF32);
  r["v_mullit_f32"] = entryOf<Vop32<MullitF32, 3>>(kF32);
  // A saturating conversion: VOP3 clamp changes nothing.
  r["v_cvt_pk_u8_f32"] = entryOf<Vop32<CvtPkU8F32, 3>>(entry::kF32Sources | kClamp);
  r["v_cvt_off_f32_i4"] = entryOf<Vop32<CvtOffF32I4, 1>>(entry::kF32Result);
}

} // namespace gcnkit::emu
