// MODE.IEEE and MODE.DX10_CLAMP in both states, set by the kernel descriptor
// (.amdhsa_ieee_mode / .amdhsa_dx10_clamp) or by s_setreg while the kernel runs (the MODE
// wrapper): the float min / max / med3 family (f16, packed f16, f32, f64) against a host model
// written from the ISA's pseudocode, and clamp's NaN rule on f32, f16, packed f16 and f64
// results. gfx1100 assembly in wave32 and wave64, and the same min / max rules on gfx908.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "emu_asm_util.h"

namespace gcnkit::emutest {
namespace {

// ---- host model: the ISA's pseudocode of V_MIN_F32 / V_MAX_F32 / V_MED3_F32 -----------------
// (the f16 and f64 forms read alike). Values are bit patterns of the given width.
struct Fmt {
  unsigned bits;
  uint64_t sign() const { return uint64_t{1} << (bits - 1); }
  uint64_t quiet() const { return uint64_t{1} << (bits == 16 ? 9 : bits == 32 ? 22 : 51); }
  uint64_t infinity() const {
    return bits == 16 ? 0x7C00 : bits == 32 ? 0x7F800000 : 0x7FF0000000000000;
  }
  bool isNan(uint64_t x) const { return (x & ~sign()) > infinity(); }
  bool isSignalNan(uint64_t x) const { return isNan(x) && !(x & quiet()); }
  double value(uint64_t x) const {
    if (bits == 64)
      return std::bit_cast<double>(x);
    if (bits == 32)
      return std::bit_cast<float>(static_cast<uint32_t>(x));
    return static_cast<double>(std::bit_cast<_Float16>(static_cast<uint16_t>(x)));
  }
  bool isPlusZero(uint64_t x) const { return x == 0; }
  bool isMinusZero(uint64_t x) const { return x == sign(); }
};

uint64_t refMin(const Fmt &f, uint64_t a, uint64_t b, bool ieee) {
  if (ieee && f.isSignalNan(a))
    return a | f.quiet();
  if (ieee && f.isSignalNan(b))
    return b | f.quiet();
  if (f.isNan(a))
    return b;
  if (f.isNan(b))
    return a;
  if (f.isPlusZero(a) && f.isMinusZero(b))
    return b;
  if (f.isMinusZero(a) && f.isPlusZero(b))
    return a;
  return f.value(a) < f.value(b) ? a : b;
}
uint64_t refMax(const Fmt &f, uint64_t a, uint64_t b, bool ieee) {
  if (ieee && f.isSignalNan(a))
    return a | f.quiet();
  if (ieee && f.isSignalNan(b))
    return b | f.quiet();
  if (f.isNan(a))
    return b;
  if (f.isNan(b))
    return a;
  if (f.isPlusZero(a) && f.isMinusZero(b))
    return a;
  if (f.isMinusZero(a) && f.isPlusZero(b))
    return b;
  return f.value(a) >= f.value(b) ? a : b;
}
uint64_t refMed3(const Fmt &f, uint64_t a, uint64_t b, uint64_t c, bool ieee) {
  if (f.isNan(a) || f.isNan(b) || f.isNan(c))
    return refMin(f, refMin(f, a, b, ieee), c, ieee);
  const double top = f.value(refMax(f, refMax(f, a, b, ieee), c, ieee));
  if (top == f.value(a))
    return refMax(f, b, c, ieee);
  if (top == f.value(b))
    return refMax(f, a, c, ieee);
  return refMax(f, a, b, ieee);
}

// Eight values per width: numbers, both zeros, a quiet NaN, two signaling NaNs, infinity.
constexpr uint32_t kValues32[8] = {0x3F800000u, 0xC0000000u, 0x00000000u, 0x80000000u,
                                   0x7FC00123u, 0x7FA00000u, 0xFF800005u, 0x7F800000u};
constexpr uint16_t kValues16[8] = {0x3C00, 0xC000, 0x0000, 0x8000, 0x7E01, 0x7D00, 0xFC05, 0x7C00};
constexpr uint64_t kValues64[8] = {
    0x3FF0000000000000ull, 0xC000000000000000ull, 0,
    0x8000000000000000ull, 0x7FF8000000000123ull, 0x7FF4000000000000ull,
    0xFFF0000000000005ull, 0x7FF0000000000000ull};

// Lane l's three operands: indices into the value tables (every pair in 64 lanes).
unsigned pickA(unsigned l) { return l % 8; }
unsigned pickB(unsigned l) { return (l / 8) % 8; }
unsigned pickC(unsigned l) { return (l * 3 + 1) % 8; }

// The inputs: in[0..2] the three f32 operands, in[3..5] the f16 ones (packed as lo = a, hi =
// the next operand), in[6..11] the f64 ones (lo, hi pairs).
std::vector<uint32_t> inputs() {
  std::vector<uint32_t> in(64 * 12);
  for (unsigned l = 0; l < 64; ++l) {
    const unsigned idx[3] = {pickA(l), pickB(l), pickC(l)};
    for (unsigned j = 0; j < 3; ++j) {
      in[64 * j + l] = kValues32[idx[j]];
      in[64 * (3 + j) + l] = kValues16[idx[j]] | uint32_t{kValues16[idx[(j + 1) % 3]]} << 16;
      in[64 * (6 + 2 * j) + l] = static_cast<uint32_t>(kValues64[idx[j]]);
      in[64 * (7 + 2 * j) + l] = static_cast<uint32_t>(kValues64[idx[j]] >> 32);
    }
  }
  return in;
}

std::string loads(isa::Target target) {
  std::string s;
  for (unsigned j = 0; j < 12; ++j)
    s += loadInput(1 + j, j, 100, target);
  return s;
}

// How the kernel gets its mode: from the descriptor, or flipped by s_setreg at run time.
enum class ModeSource { Descriptor, Setreg };

struct ModeCase {
  bool ieee;
  bool dx10;
  ModeSource source;
};

std::string caseName(const ModeCase &c) {
  return std::string(c.ieee ? "Ieee" : "NoIeee") + (c.dx10 ? "Dx10" : "NoDx10") +
         (c.source == ModeSource::Descriptor ? "Descriptor" : "Setreg");
}

// Descriptor modes, and for Setreg the opposite descriptor modes and an s_setreg of MODE bits
// 8 (DX10_CLAMP) and 9 (IEEE) to the wanted ones.
AsmKernelOptions modeOptions(const ModeCase &c, std::string &prologue, isa::Target target) {
  AsmKernelOptions o;
  o.target = target;
  const bool descIeee = c.source == ModeSource::Descriptor ? c.ieee : !c.ieee;
  const bool descDx10 = c.source == ModeSource::Descriptor ? c.dx10 : !c.dx10;
  o.modes = "  .amdhsa_ieee_mode " + std::to_string(descIeee) + "\n  .amdhsa_dx10_clamp " +
            std::to_string(descDx10) + "\n";
  if (c.source == ModeSource::Setreg)
    prologue = "  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 8, 2), " +
               std::to_string(int{c.dx10} | int{c.ieee} << 1) + "\n";
  return o;
}

class EmuFpModes : public ::testing::TestWithParam<std::tuple<unsigned, ModeCase>> {
protected:
  unsigned wave() const { return std::get<0>(GetParam()); }
  ModeCase mode() const { return std::get<1>(GetParam()); }
  runtime::Device dev;
};

TEST_P(EmuFpModes, MinMaxMed3) {
  const unsigned W = wave();
  const ModeCase m = mode();
  std::string prologue;
  const AsmKernelOptions o = modeOptions(m, prologue, isa::Target::GFX1100);
  const std::string body = loads(isa::Target::GFX1100) + prologue +
                           "  v_min_f32 v20, v1, v2\n"
                           "  v_max_f32_e64 v21, v1, v2\n"
                           "  v_med3_f32 v22, v1, v2, v3\n"
                           "  v_min3_f32 v23, v1, v2, v3\n"
                           "  v_maxmin_f32 v24, v1, v2, v3\n"
                           "  v_max_f16 v25, v4, v5\n"
                           "  v_med3_f16 v26, v4, v5, v6\n"
                           "  v_pk_min_f16 v27, v4, v5\n"
                           "  v_min_f64 v[28:29], v[7:8], v[9:10]\n"
                           "  v_max_f64 v[30:31], v[7:8], v[9:10]\n" +
                           storeOutput(20, 0) + storeOutput(21, 1) + storeOutput(22, 2) +
                           storeOutput(23, 3) + storeOutput(24, 4) + storeOutput(25, 5) +
                           storeOutput(26, 6) + storeOutput(27, 7) + storeOutput(28, 8) +
                           storeOutput(29, 9) + storeOutput(30, 10) + storeOutput(31, 11);
  const std::vector<uint32_t> in = inputs();
  AsmRun r = runAsm(dev, body, W, in, 12, o);
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  const Fmt f16{16}, f32{32}, f64{64};
  const bool ieee = m.ieee;
  for (unsigned l = 0; l < W; ++l) {
    const uint64_t a = kValues32[pickA(l)], b = kValues32[pickB(l)], c = kValues32[pickC(l)];
    const uint64_t ha = kValues16[pickA(l)], hb = kValues16[pickB(l)], hc = kValues16[pickC(l)];
    const uint64_t da = kValues64[pickA(l)], db = kValues64[pickB(l)];
    const std::string at = " lane " + std::to_string(l);
    EXPECT_EQ(r.out[l], refMin(f32, a, b, ieee)) << "v_min_f32" << at;
    EXPECT_EQ(r.out[64 + l], refMax(f32, a, b, ieee)) << "v_max_f32" << at;
    EXPECT_EQ(r.out[128 + l], refMed3(f32, a, b, c, ieee)) << "v_med3_f32" << at;
    EXPECT_EQ(r.out[192 + l], refMin(f32, refMin(f32, a, b, ieee), c, ieee)) << "v_min3" << at;
    EXPECT_EQ(r.out[256 + l], refMin(f32, refMax(f32, a, b, ieee), c, ieee)) << "v_maxmin" << at;
    EXPECT_EQ(r.out[320 + l] & 0xFFFF, refMax(f16, ha, hb, ieee)) << "v_max_f16" << at;
    EXPECT_EQ(r.out[384 + l] & 0xFFFF, refMed3(f16, ha, hb, hc, ieee)) << "v_med3_f16" << at;
    // Packed: lo = min(a, b), hi = min(b, c) (the high halves hold the next operands).
    EXPECT_EQ(r.out[448 + l], refMin(f16, ha, hb, ieee) | refMin(f16, hb, hc, ieee) << 16)
        << "v_pk_min_f16" << at;
    const uint64_t dmin = r.out[512 + l] | uint64_t{r.out[576 + l]} << 32;
    const uint64_t dmax = r.out[640 + l] | uint64_t{r.out[704 + l]} << 32;
    EXPECT_EQ(dmin, refMin(f64, da, db, ieee)) << "v_min_f64" << at;
    EXPECT_EQ(dmax, refMax(f64, da, db, ieee)) << "v_max_f64" << at;
  }
}

// clamp maps a NaN result to 0 with DX10_CLAMP set and leaves it a NaN without; other results
// clamp to [0, 1] either way.
TEST_P(EmuFpModes, ClampOfNan) {
  const unsigned W = wave();
  const ModeCase m = mode();
  std::string prologue;
  const AsmKernelOptions o = modeOptions(m, prologue, isa::Target::GFX1100);
  const std::string body = loads(isa::Target::GFX1100) + prologue +
                           "  v_add_f32_e64 v20, v1, v2 clamp\n"
                           "  v_add_f16_e64 v21, v4, v5 clamp\n"
                           "  v_pk_add_f16 v22, v4, v5 clamp\n"
                           "  v_add_f64 v[24:25], v[7:8], v[9:10] clamp\n" +
                           storeOutput(20, 0) + storeOutput(21, 1) + storeOutput(22, 2) +
                           storeOutput(24, 3) + storeOutput(25, 4);
  const std::vector<uint32_t> in = inputs();
  AsmRun r = runAsm(dev, body, W, in, 5, o);
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  auto clampModel = [&](double v) -> double {
    if (std::isnan(v))
      return m.dx10 ? 0.0 : v;
    return !(v > 0.0) ? 0.0 : (v > 1.0 ? 1.0 : v);
  };
  for (unsigned l = 0; l < W; ++l) {
    const std::string at = " lane " + std::to_string(l);
    const float a = std::bit_cast<float>(kValues32[pickA(l)]);
    const float b = std::bit_cast<float>(kValues32[pickB(l)]);
    const double s32 = clampModel(static_cast<double>(a + b));
    const float got32 = std::bit_cast<float>(r.out[l]);
    if (std::isnan(s32))
      EXPECT_TRUE(std::isnan(got32)) << "v_add_f32" << at << ": " << got32;
    else
      EXPECT_EQ(r.out[l], std::bit_cast<uint32_t>(static_cast<float>(s32))) << "f32" << at;
    const _Float16 ha = std::bit_cast<_Float16>(kValues16[pickA(l)]);
    const _Float16 hb = std::bit_cast<_Float16>(kValues16[pickB(l)]);
    const _Float16 hc = std::bit_cast<_Float16>(kValues16[pickC(l)]);
    const double s16[2] = {clampModel(static_cast<double>(ha) + static_cast<double>(hb)),
                           clampModel(static_cast<double>(hb) + static_cast<double>(hc))};
    const uint32_t got16[3] = {r.out[64 + l] & 0xFFFF, r.out[128 + l] & 0xFFFF,
                               r.out[128 + l] >> 16};
    for (unsigned k = 0; k < 3; ++k) {
      const double want = s16[k == 2 ? 1 : 0];
      const double got = static_cast<double>(std::bit_cast<_Float16>(uint16_t(got16[k])));
      if (std::isnan(want))
        EXPECT_TRUE(std::isnan(got)) << "f16 result " << k << at;
      else
        EXPECT_EQ(got16[k], std::bit_cast<uint16_t>(static_cast<_Float16>(want)))
            << "f16 result " << k << at;
    }
    const double da = std::bit_cast<double>(kValues64[pickA(l)]);
    const double db = std::bit_cast<double>(kValues64[pickB(l)]);
    const double want64 = clampModel(da + db);
    const double got64 = std::bit_cast<double>(r.out[192 + l] | uint64_t{r.out[256 + l]} << 32);
    if (std::isnan(want64))
      EXPECT_TRUE(std::isnan(got64)) << "v_add_f64" << at;
    else
      EXPECT_EQ(std::bit_cast<uint64_t>(got64), std::bit_cast<uint64_t>(want64)) << "f64" << at;
  }
}

const ModeCase kModes[] = {
    {true, true, ModeSource::Descriptor},  {false, true, ModeSource::Descriptor},
    {true, false, ModeSource::Descriptor}, {false, false, ModeSource::Descriptor},
    {false, false, ModeSource::Setreg},    {true, true, ModeSource::Setreg},
};

INSTANTIATE_TEST_SUITE_P(Modes, EmuFpModes,
                         ::testing::Combine(::testing::Values(32u, 64u),
                                            ::testing::ValuesIn(kModes)),
                         [](const auto &info) {
                           return "W" + std::to_string(std::get<0>(info.param)) + "_" +
                                  caseName(std::get<1>(info.param));
                         });

// gfx908 reads the same MODE bits: v_min / v_max / v_med3_f32 with IEEE off.
TEST(EmuFpModesGfx908, MinMaxWithoutIeee) {
  runtime::Device dev;
  for (const ModeCase m :
       {ModeCase{false, true, ModeSource::Descriptor}, ModeCase{true, true, ModeSource::Descriptor},
        ModeCase{false, true, ModeSource::Setreg}}) {
    SCOPED_TRACE(caseName(m));
    std::string prologue;
    const AsmKernelOptions o = modeOptions(m, prologue, isa::Target::GFX908);
    const isa::Target t = isa::Target::GFX908;
    const std::string body = loads(t) + prologue +
                             "  v_min_f32 v20, v1, v2\n"
                             "  v_max_f32_e64 v21, v1, v2\n"
                             "  v_med3_f32 v22, v1, v2, v3\n" +
                             storeOutput(20, 0, 100, t) + storeOutput(21, 1, 100, t) +
                             storeOutput(22, 2, 100, t);
    AsmRun r = runAsm(dev, body, 64, inputs(), 3, o);
    ASSERT_TRUE(r.result.ok()) << r.result.error;
    const Fmt f32{32};
    for (unsigned l = 0; l < 64; ++l) {
      const uint64_t a = kValues32[pickA(l)], b = kValues32[pickB(l)], c = kValues32[pickC(l)];
      EXPECT_EQ(r.out[l], refMin(f32, a, b, m.ieee)) << "lane " << l;
      EXPECT_EQ(r.out[64 + l], refMax(f32, a, b, m.ieee)) << "lane " << l;
      EXPECT_EQ(r.out[128 + l], refMed3(f32, a, b, c, m.ieee)) << "lane " << l;
    }
  }
}

} // namespace
} // namespace gcnkit::emutest
