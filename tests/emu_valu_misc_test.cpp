// DPP16 / DPP8, cross-lane builtins, f32 / f64 division and sqrt sequences, MODE and the
// hardware registers, and the rarer VALU / SALU operations, run on the emulator in wave32 and
// wave64. clang-19 OpenCL kernels are compared with the host's IEEE results; hand-assembled
// snippets with host models written from the VALU document's rules.
#include <gtest/gtest.h>

#include <bit>
#include <cfenv>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <functional>
#include <random>
#include <sstream>

#include "emu_asm_util.h"

namespace gcnkit::emutest {
namespace {

using runtime::Device;
using runtime::KernelArgs;
using runtime::LaunchConfig;

uint32_t bitsOf(float f) { return std::bit_cast<uint32_t>(f); }
uint64_t bitsOf(double d) { return std::bit_cast<uint64_t>(d); }
float f32(uint32_t b) { return std::bit_cast<float>(b); }
double f64(uint64_t b) { return std::bit_cast<double>(b); }

class EmuValuMisc : public ::testing::TestWithParam<unsigned> {
protected:
  unsigned wave() const { return GetParam(); }
  Device dev;
};

// ---- inputs -----------------------------------------------------------------------------------

std::vector<float> specialFloats() {
  return {0.0f,      -0.0f,  1.0f,          -1.0f,           3.0f,          -7.0f,
          0.1f,      1e-20f, 1e20f,         FLT_MIN,         -FLT_MIN,      FLT_MAX,
          -FLT_MAX,  f32(1), f32(0x7FFFFF), f32(0x80000005), f32(0x400000), INFINITY,
          -INFINITY, NAN,    1.5e-39f,      3e38f,           6e-39f,        1e-30f};
}

// Every pair of specials plus random values spread over the exponent range.
void divisionInputs(std::vector<float> &a, std::vector<float> &b) {
  const std::vector<float> s = specialFloats();
  for (float x : s)
    for (float y : s) {
      a.push_back(x);
      b.push_back(y);
    }
  std::mt19937 rng(7);
  for (int i = 0; i < 3000; ++i) {
    a.push_back(f32(rng()));
    b.push_back(f32(rng()));
  }
  for (int i = 0; i < 1000; ++i) { // quotients near the denormal / overflow edges
    a.push_back(std::ldexp(1.0f + (rng() % 1000) / 1000.0f, int(rng() % 60) - 149));
    b.push_back(std::ldexp(1.0f + (rng() % 1000) / 1000.0f, int(rng() % 60) - 30));
  }
}

void divisionInputs(std::vector<double> &a, std::vector<double> &b) {
  std::vector<double> s = {0.0,
                           -0.0,
                           1.0,
                           -1.0,
                           3.0,
                           -7.0,
                           0.1,
                           1e-300,
                           1e300,
                           DBL_MIN,
                           DBL_MAX,
                           -DBL_MAX,
                           f64(1),
                           f64(0xFFFFFFFFFFFFFull),
                           f64(0x8000000000000005ull),
                           INFINITY,
                           -INFINITY,
                           NAN,
                           2.5e-310,
                           1.7e308};
  for (double x : s)
    for (double y : s) {
      a.push_back(x);
      b.push_back(y);
    }
  std::mt19937_64 rng(11);
  for (int i = 0; i < 3000; ++i) {
    a.push_back(f64(rng()));
    b.push_back(f64(rng()));
  }
  for (int i = 0; i < 1000; ++i) {
    a.push_back(std::ldexp(1.0 + (rng() % 100000) / 100000.0, int(rng() % 120) - 1074));
    b.push_back(std::ldexp(1.0 + (rng() % 100000) / 100000.0, int(rng() % 120) - 60));
  }
}

template <class T> bool sameResult(T got, T want) {
  if (std::isnan(want))
    return std::isnan(got);
  return bitsOf(got) == bitsOf(want);
}

float flushF32(float x) { return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x; }

// ---- division and sqrt through clang's sequences ----------------------------------------------

constexpr const char *kDivSqrtF32 = R"(
__kernel void divf(__global const float *a, __global const float *b, __global float *q,
                   __global float *r, int n) {
  int i = get_global_id(0);
  if (i < n) {
    q[i] = a[i] / b[i];
    r[i] = sqrt(a[i]);
  }
})";

struct F32Results {
  std::vector<float> a, b, q, r;
};

F32Results runDivSqrtF32(Device &dev, unsigned wave, const std::string &flags) {
  F32Results res;
  divisionInputs(res.a, res.b);
  auto m = buildModule(dev, kDivSqrtF32, wave, flags);
  if (!m)
    return res;
  const int n = static_cast<int>(res.a.size());
  const uint64_t da = upload(dev, res.a), db = upload(dev, res.b);
  const uint64_t dq = dev.alloc(n * 4), dr = dev.alloc(n * 4);
  auto run = runtime::launch(dev, *m, "divf", LaunchConfig{{uint32_t(n), 1, 1}, {128, 1, 1}},
                             KernelArgs().add(da).add(db).add(dq).add(dr).add(n));
  EXPECT_TRUE(run.ok()) << run.error;
  res.q = download<float>(dev, dq, n);
  res.r = download<float>(dev, dr, n);
  return res;
}

TEST_P(EmuValuMisc, DivSqrtF32CorrectlyRounded) {
  F32Results r = runDivSqrtF32(dev, wave(), "-cl-fp32-correctly-rounded-divide-sqrt");
  ASSERT_FALSE(r.q.empty());
  for (size_t i = 0; i < r.a.size(); ++i) {
    ASSERT_TRUE(sameResult(r.q[i], r.a[i] / r.b[i]))
        << std::hexfloat << r.a[i] << " / " << r.b[i] << " = " << r.q[i] << ", want "
        << r.a[i] / r.b[i];
    ASSERT_TRUE(sameResult(r.r[i], std::sqrt(r.a[i])))
        << std::hexfloat << "sqrt " << r.a[i] << " = " << r.r[i];
  }
}

// OpenCL's default f32 division may be off by 2.5 ulp (clang: v_rcp_f32 and a multiply);
// sqrt is still exact. Special cases must be right.
TEST_P(EmuValuMisc, DivSqrtF32Default) {
  F32Results r = runDivSqrtF32(dev, wave(), "");
  ASSERT_FALSE(r.q.empty());
  for (size_t i = 0; i < r.a.size(); ++i) {
    const float want = r.a[i] / r.b[i];
    if (std::isnan(want) || std::isinf(want) || want == 0 ||
        std::fpclassify(want) == FP_SUBNORMAL || std::fabs(want) > 1e37f) {
      if (std::isnan(want) || std::isinf(want) || want == 0) {
        ASSERT_TRUE(sameResult(r.q[i], want)) << std::hexfloat << r.a[i] << " / " << r.b[i];
      }
    } else {
      const double ulp = std::ldexp(1.0, std::ilogb(want) - 23);
      ASSERT_LE(std::fabs(double(r.q[i]) - double(want)), 2.5 * ulp)
          << std::hexfloat << r.a[i] << " / " << r.b[i] << " = " << r.q[i];
    }
    ASSERT_TRUE(sameResult(r.r[i], std::sqrt(r.a[i]))) << std::hexfloat << "sqrt " << r.a[i];
  }
}

// -cl-denorms-are-zero: the kernel flushes f32 denormals and clang brackets the division with
// s_denorm_mode, so MODE changes at run time.
TEST_P(EmuValuMisc, DivSqrtF32FlushDenormals) {
  F32Results r =
      runDivSqrtF32(dev, wave(), "-cl-denorms-are-zero -cl-fp32-correctly-rounded-divide-sqrt");
  ASSERT_FALSE(r.q.empty());
  for (size_t i = 0; i < r.a.size(); ++i) {
    const float a = flushF32(r.a[i]), b = flushF32(r.b[i]);
    ASSERT_TRUE(sameResult(r.q[i], flushF32(a / b)))
        << std::hexfloat << r.a[i] << " / " << r.b[i] << " = " << r.q[i];
    ASSERT_TRUE(sameResult(r.r[i], flushF32(std::sqrt(a))))
        << std::hexfloat << "sqrt " << r.a[i] << " = " << r.r[i];
  }
}

TEST_P(EmuValuMisc, DivSqrtF64) {
  auto m = buildModule(dev, R"(
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void divd(__global const double *a, __global const double *b, __global double *q,
                   __global double *r, int n) {
  int i = get_global_id(0);
  if (i < n) {
    q[i] = a[i] / b[i];
    r[i] = sqrt(a[i]);
  }
})",
                       wave());
  ASSERT_TRUE(m);
  std::vector<double> a, b;
  divisionInputs(a, b);
  const int n = static_cast<int>(a.size());
  const uint64_t da = upload(dev, a), db = upload(dev, b);
  const uint64_t dq = dev.alloc(n * 8), dr = dev.alloc(n * 8);
  auto run = runtime::launch(dev, *m, "divd", LaunchConfig{{uint32_t(n), 1, 1}, {64, 1, 1}},
                             KernelArgs().add(da).add(db).add(dq).add(dr).add(n));
  ASSERT_TRUE(run.ok()) << run.error;
  auto q = download<double>(dev, dq, n), r = download<double>(dev, dr, n);
  for (int i = 0; i < n; ++i) {
    ASSERT_TRUE(sameResult(q[i], a[i] / b[i]))
        << std::hexfloat << a[i] << " / " << b[i] << " = " << q[i] << ", want " << a[i] / b[i];
    ASSERT_TRUE(sameResult(r[i], std::sqrt(a[i]))) << std::hexfloat << "sqrt " << a[i];
  }
}

// ---- DPP host model (the VALU document's rules) ----------------------------------------------

// The source lane of `lane` under DPP16 control `ctrl`, or -1 when it is outside the row.
int dpp16Source(unsigned ctrl, int lane) {
  const int row = lane & ~15, i = lane & 15;
  int s;
  if (ctrl <= 0xFF)
    s = (i & ~3) + int((ctrl >> (2 * (i & 3))) & 3);
  else if (ctrl >= 0x101 && ctrl <= 0x10F)
    s = i + int(ctrl & 15);
  else if (ctrl >= 0x111 && ctrl <= 0x11F)
    s = i - int(ctrl & 15);
  else if (ctrl >= 0x121 && ctrl <= 0x12F)
    s = (i - int(ctrl & 15) + 16) % 16;
  else if (ctrl == 0x140)
    s = 15 - i;
  else if (ctrl == 0x141)
    s = i < 8 ? 7 - i : 23 - i;
  else if (ctrl >= 0x150 && ctrl <= 0x15F)
    s = int(ctrl & 15);
  else
    s = i ^ int(ctrl & 15);
  return s < 0 || s > 15 ? -1 : row + s;
}

struct DppCase {
  std::string text; // the DPP operand text
  unsigned ctrl;
  unsigned rowMask, bankMask;
  bool boundCtrl, fetchInactive;
};

// What lane `lane` of `v_mov_b32_dpp dst, src <case>` holds afterwards.
uint32_t dppMovModel(const DppCase &c, int lane, uint64_t exec, const std::vector<uint32_t> &src,
                     uint32_t old) {
  if (!((exec >> lane) & 1))
    return old;
  if (!((c.rowMask >> (lane / 16)) & 1) || !((c.bankMask >> ((lane / 4) & 3)) & 1))
    return old;
  const int s = dpp16Source(c.ctrl, lane);
  const bool readable = s >= 0 && (c.fetchInactive || ((exec >> s) & 1));
  if (readable)
    return src[s];
  return c.boundCtrl ? 0 : old;
}

std::vector<DppCase> dppCases() {
  std::vector<DppCase> cases;
  auto add = [&](std::string text, unsigned ctrl, unsigned rm = 15, unsigned bm = 15,
                 bool bc = false, bool fi = false) {
    std::ostringstream t;
    t << text << " row_mask:0x" << std::hex << rm << " bank_mask:0x" << bm;
    if (bc)
      t << " bound_ctrl:1";
    if (fi)
      t << " fi:1";
    cases.push_back({t.str(), ctrl, rm, bm, bc, fi});
  };
  add("quad_perm:[1,0,3,2]", 0xB1);
  add("quad_perm:[3,3,0,1]", 0x4F);
  add("quad_perm:[1,0,3,2]", 0xB1, 15, 15, false, true);
  for (unsigned n : {1u, 4u, 15u}) {
    add("row_shl:" + std::to_string(n), 0x100 + n);
    add("row_shl:" + std::to_string(n), 0x100 + n, 15, 15, true);
    add("row_shr:" + std::to_string(n), 0x110 + n);
    add("row_shr:" + std::to_string(n), 0x110 + n, 15, 15, true, true);
    add("row_ror:" + std::to_string(n), 0x120 + n);
  }
  add("row_mirror", 0x140);
  add("row_half_mirror", 0x141);
  add("row_share:5", 0x155);
  add("row_share:0", 0x150, 15, 15, true);
  add("row_xmask:7", 0x167);
  add("row_xmask:1", 0x161, 15, 15, false, true);
  add("row_shl:2", 0x102, 0xA, 0x5);
  add("quad_perm:[0,1,2,3]", 0xE4, 0x5, 0xC, true);
  return cases;
}

// ---- hand-assembled kernels (emu_asm_util.h) ---------------------------------------------

constexpr uint64_t kExecPattern = 0xF7FFBFFE7FFFEFDBull; // a few inactive lanes in every row

TEST_P(EmuValuMisc, DppMovControls) {
  const unsigned W = wave();
  const uint64_t exec = W == 32 ? kExecPattern & 0xFFFFFFFFu : kExecPattern;
  const std::vector<DppCase> cases = dppCases();
  const std::vector<uint32_t> in = randomWords(128, 3); // v1 = source, v2 = old
  for (const DppCase &c : cases) {
    std::string body = loadInput(1, 0) + loadInput(2, 1) + setExec(W, exec) +
                       "  v_mov_b32_dpp v2, v1 " + c.text + "\n" + allExec(W) + storeOutput(2, 0);
    AsmRun r = runAsm(dev, body, W, in, 1);
    ASSERT_TRUE(r.result.ok()) << c.text << ": " << r.result.error;
    std::vector<uint32_t> src(in.begin(), in.begin() + 64);
    for (unsigned l = 0; l < W; ++l)
      ASSERT_EQ(r.out[l], dppMovModel(c, int(l), exec, src, in[64 + l])) << c.text << " lane " << l;
  }
}

// DPP on a VOP2 op with source modifiers, a VOP3 op and a compare: src0 is permuted, src1 is
// the lane's own; disabled lanes keep the destination (compares: write 0 bits).
TEST_P(EmuValuMisc, DppOnOtherEncodings) {
  const unsigned W = wave();
  const uint64_t exec = W == 32 ? kExecPattern & 0xFFFFFFFFu : kExecPattern;
  std::vector<uint32_t> in = randomWords(256, 5);
  for (unsigned l = 0; l < 64; ++l) // v1: floats for the f32 add
    in[l] = bitsOf(float(int(in[l] % 2001) - 1000) / 8.0f);
  const DppCase shr{"row_shr:3 row_mask:0xf bank_mask:0xf", 0x113, 15, 15, false, false};
  const DppCase xmask{
      "row_xmask:6 row_mask:0xf bank_mask:0xf bound_ctrl:1", 0x166, 15, 15, true, false};
  const std::string vcc = W == 32 ? "vcc_lo" : "vcc";
  const std::string s10 = W == 32 ? "s10" : "s[10:11]";
  std::string body = loadInput(1, 0) + loadInput(2, 1) + loadInput(3, 2) + loadInput(4, 3) +
                     "  v_mov_b32 v10, v4\n  v_mov_b32 v11, v4\n" + setExec(W, exec) +
                     "  v_sub_f32_dpp v10, -v1, |v2| " + shr.text + "\n" +
                     "  v_add3_u32_e64_dpp v11, v3, v2, v1 " + xmask.text + "\n" +
                     "  v_cmp_gt_u32_e64_dpp " + s10 + ", v3, v2 " + shr.text + "\n" + allExec(W) +
                     "  v_mov_b32 v12, s10\n" + (W == 64 ? "  v_mov_b32 v13, s11\n" : "") +
                     storeOutput(10, 0) + storeOutput(11, 1) + storeOutput(12, 2) +
                     (W == 64 ? storeOutput(13, 3) : "");
  AsmRun r = runAsm(dev, body, W, in, 4);
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  std::vector<uint32_t> v1(in.begin(), in.begin() + 64), v3(in.begin() + 128, in.begin() + 192);
  uint64_t cmp = 0;
  for (unsigned l = 0; l < W; ++l) {
    const uint32_t old = in[192 + l];
    // v_sub_f32: -src0 - |v2|
    const uint32_t marker = 0x5A5A5A5A;
    const uint32_t s0 = dppMovModel(shr, int(l), exec, v1, marker);
    uint32_t want = old;
    if (((exec >> l) & 1) && s0 != marker)
      want = bitsOf(-f32(s0) - std::fabs(f32(in[64 + l])));
    ASSERT_EQ(r.out[l], want) << "v_sub_f32_dpp lane " << l;
    const uint32_t x = dppMovModel(xmask, int(l), exec, v3, marker);
    want = ((exec >> l) & 1) ? x + in[64 + l] + in[l] : old;
    ASSERT_EQ(r.out[64 + l], want) << "v_add3_u32_e64_dpp lane " << l;
    const uint32_t c = dppMovModel(shr, int(l), exec, v3, marker);
    if (((exec >> l) & 1) && c != marker && c > in[64 + l])
      cmp |= uint64_t{1} << l;
  }
  EXPECT_EQ(r.out[128], uint32_t(cmp));
  if (W == 64) {
    EXPECT_EQ(r.out[192], uint32_t(cmp >> 32));
  }
}

TEST_P(EmuValuMisc, Dpp8) {
  const unsigned W = wave();
  const uint64_t exec = W == 32 ? kExecPattern & 0xFFFFFFFFu : kExecPattern;
  const std::vector<uint32_t> in = randomWords(128, 9);
  const unsigned sel[8] = {7, 0, 3, 3, 1, 6, 5, 2};
  std::string dpp8 = "dpp8:[7,0,3,3,1,6,5,2]";
  for (bool fi : {false, true}) {
    std::string body = loadInput(1, 0) + loadInput(2, 1) + setExec(W, exec) +
                       "  v_add_nc_u32_dpp v2, v1, v2 " + dpp8 + (fi ? " fi:1" : "") + "\n" +
                       allExec(W) + storeOutput(2, 0);
    AsmRun r = runAsm(dev, body, W, in, 1);
    ASSERT_TRUE(r.result.ok()) << r.result.error;
    for (unsigned l = 0; l < W; ++l) {
      const unsigned s = (l & ~7u) + sel[l & 7];
      const uint32_t src = (fi || ((exec >> s) & 1)) ? in[s] : 0; // DPP8: BC = 1 behaviour
      const uint32_t want = ((exec >> l) & 1) ? src + in[64 + l] : in[64 + l];
      ASSERT_EQ(r.out[l], want) << "fi " << fi << " lane " << l;
    }
  }
}

// DPP16 and DPP8 on VOP3P (v_fma_mix_f32, v_fma_mixlo_f16, v_dot2_f32_f16): src0 is permuted
// as a whole register, then its halves are selected by op_sel / op_sel_hi and neg applies;
// disabled lanes and lanes DPP does not write keep the destination.
TEST_P(EmuValuMisc, DppOnVop3p) {
  const unsigned W = wave();
  const uint64_t exec = W == 32 ? kExecPattern & 0xFFFFFFFFu : kExecPattern;
  std::vector<uint32_t> in = randomWords(256, 21);
  auto half = [](float f) { return uint32_t{std::bit_cast<uint16_t>(static_cast<_Float16>(f))}; };
  for (unsigned l = 0; l < 64; ++l) { // v1, v2: two f16 halves each; v3: an f32
    for (unsigned j = 0; j < 2; ++j) {
      const float a = float(int(in[64 * j + l] % 201) - 100) / 8.0f;
      const float b = float(int((in[64 * j + l] >> 16) % 201) - 100) / 16.0f;
      in[64 * j + l] = half(a) | half(b) << 16;
    }
    in[128 + l] = bitsOf(float(int(in[128 + l] % 1001) - 500) / 4.0f);
  }
  const DppCase shr{
      "row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1", 0x111, 15, 15, true, false};
  const DppCase perm{"quad_perm:[2,3,0,1] row_mask:0x5 bank_mask:0xf", 0x4E, 5, 15, false, false};
  const std::string dpp8 = "dpp8:[1,0,3,2,5,4,7,6]";
  std::string body =
      loadInput(1, 0) + loadInput(2, 1) + loadInput(3, 2) + loadInput(4, 3) +
      "  v_mov_b32 v10, v4\n  v_mov_b32 v11, v4\n  v_mov_b32 v12, v4\n" + setExec(W, exec) +
      // src0's high half (op_sel[0]) times src1's low half, plus v3 (f32).
      "  v_fma_mix_f32_e64_dpp v10, -v1, v2, v3 op_sel:[1,0,0] "
      "op_sel_hi:[1,1,0] " +
      shr.text + "\n" + "  v_dot2_f32_f16_e64_dpp v11, v1, v2, v3 " + perm.text + "\n" +
      "  v_fma_mixlo_f16_e64_dpp v12, v1, v2, v3 op_sel_hi:[1,1,0] " + dpp8 + "\n" + allExec(W) +
      storeOutput(10, 0) + storeOutput(11, 1) + storeOutput(12, 2);
  AsmRun r = runAsm(dev, body, W, in, 3);
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  const std::vector<uint32_t> v1(in.begin(), in.begin() + 64);
  auto hf = [](uint32_t h) { return static_cast<double>(std::bit_cast<_Float16>(uint16_t(h))); };
  constexpr uint32_t kMarker = 0x5A5A5A5A; // the model's "DPP gives this lane nothing"
  for (unsigned l = 0; l < W; ++l) {
    const bool on = (exec >> l) & 1;
    const uint32_t old = in[192 + l], y = in[64 + l];
    const float c = f32(in[128 + l]);
    // v_fma_mix_f32: fma(-hi(src0), lo(v2), v3); products of f16 values are exact in f32.
    uint32_t s0 = dppMovModel(shr, int(l), exec, v1, kMarker);
    uint32_t want = old;
    if (on && s0 != kMarker)
      want = bitsOf(std::fma(static_cast<float>(-hf(s0 >> 16)), static_cast<float>(hf(y)), c));
    ASSERT_EQ(r.out[l], want) << "v_fma_mix_f32 lane " << l;
    // v_dot2_f32_f16: lo * lo + hi * hi + v3 (exact in double, one rounding).
    s0 = dppMovModel(perm, int(l), exec, v1, kMarker);
    want = old;
    if (on && s0 != kMarker)
      want = bitsOf(static_cast<float>(hf(s0) * hf(y) + hf(s0 >> 16) * hf(y >> 16) + c));
    ASSERT_EQ(r.out[64 + l], want) << "v_dot2_f32_f16 lane " << l;
    // v_fma_mixlo_f16 with DPP8 (a disabled source lane reads 0): the f16 result in the low
    // half, the high half kept.
    const unsigned src = (l & ~1u) | ((l & 1) ^ 1);
    const uint32_t x = ((exec >> src) & 1) ? in[src] : 0;
    want = old;
    if (on) {
      const _Float16 h = static_cast<_Float16>(std::fma(hf(x), hf(y), static_cast<double>(c)));
      want = (old & 0xFFFF0000u) | std::bit_cast<uint16_t>(h);
    }
    ASSERT_EQ(r.out[128 + l], want) << "v_fma_mixlo_f16 lane " << l;
  }
}

TEST_P(EmuValuMisc, DppRejectsLiteral) {
  // v_add3_u32_e64_dpp v10, v2, v3, 0x12345 row_xmask:5: the decoder reads the literal after
  // the DPP dword, but DPP cannot take literals (the assembler refuses to write it).
  const unsigned W = wave();
  std::string body = loadInput(2, 0) + "  .long 0xd655000a, 0x03fe06fa, 0xff016502, 0x00012345\n" +
                     storeOutput(10, 0);
  AsmRun r = runAsm(dev, body, W, randomWords(64, 1), 1);
  ASSERT_TRUE(r.result.fault);
  EXPECT_EQ(r.result.fault->kind, runtime::Fault::Kind::UnsupportedInstruction);
  EXPECT_NE(r.result.fault->instruction.find("v_add3_u32"), std::string::npos)
      << r.result.fault->instruction;
  EXPECT_NE(r.result.fault->detail.find("literal"), std::string::npos) << r.result.fault->detail;
}

// ---- cross-lane builtins in OpenCL -------------------------------------------------------------

TEST_P(EmuValuMisc, CrossLaneBuiltins) {
  const unsigned W = wave();
  const std::string ballot =
      W == 32 ? "(ulong)__builtin_amdgcn_ballot_w32(x & 1)" : "__builtin_amdgcn_ballot_w64(x & 1)";
  const std::string src = R"(
__kernel void lanes(__global const uint *in, __global uint *out) {
  uint l = get_local_id(0), g = get_global_id(0);
  uint x = in[g];
  __global uint *o = out + g * 12;
  o[0] = __builtin_amdgcn_update_dpp(0xAAAAu, x, 0x111, 0xF, 0xF, false); // row_shr:1
  o[1] = __builtin_amdgcn_update_dpp(0xBBBBu, x, 0x101, 0xF, 0xF, true);  // row_shl:1, bc
  o[2] = __builtin_amdgcn_mov_dpp8(x, 0x688FAC);                          // dpp8 selects
  o[3] = __builtin_amdgcn_permlane16(0xCCCCu, x, 0x76543210u, 0xFEDCBA98u, false, false);
  o[4] = __builtin_amdgcn_permlane16(0xCCCCu, x, 0x01234567u, 0x89ABCDEFu, false, false);
  o[5] = __builtin_amdgcn_permlanex16(0xDDDDu, x, 0x33221100u, 0x77665544u, false, false);
  o[6] = __builtin_amdgcn_readfirstlane(x + l);
  ulong b = )" + ballot + R"(;
  o[7] = (uint)b;
  o[8] = (uint)(b >> 32);
  o[9] = __builtin_amdgcn_mbcnt_hi((uint)(b >> 32), __builtin_amdgcn_mbcnt_lo((uint)b, 0u));
  o[10] = __builtin_amdgcn_update_dpp(0xEEEEu, x, 0x4E, 0x5, 0x3, false); // quad_perm, masks
  o[11] = __builtin_amdgcn_update_dpp(0xFFFFu, x, 0x15A, 0xF, 0xF, false); // row_share:10
})";
  auto m = buildModule(dev, src, W);
  ASSERT_TRUE(m);
  const unsigned groups = 2, n = 64 * groups;
  std::vector<uint32_t> in = randomWords(n, 21);
  const uint64_t din = upload(dev, in), dout = dev.alloc(n * 12 * 4);
  auto r = runtime::launch(dev, *m, "lanes", LaunchConfig{{n, 1, 1}, {64, 1, 1}},
                           KernelArgs().add(din).add(dout));
  ASSERT_TRUE(r.ok()) << r.error;
  auto out = download<uint32_t>(dev, dout, n * 12);
  const uint64_t full = W == 32 ? 0xFFFFFFFFull : ~0ull;
  for (unsigned g = 0; g < n; ++g) {
    const unsigned waveBase = g / W * W, l = g % W;
    std::vector<uint32_t> x(in.begin() + waveBase, in.begin() + waveBase + W);
    x.resize(64);
    const uint32_t *o = &out[g * 12];
    EXPECT_EQ(o[0], dppMovModel({"", 0x111, 15, 15, false, false}, int(l), full, x, 0xAAAA));
    EXPECT_EQ(o[1], dppMovModel({"", 0x101, 15, 15, true, false}, int(l), full, x, 0xBBBB));
    const uint32_t dpp8 = 0x688FAC;
    EXPECT_EQ(o[2], x[(l & ~7u) + ((dpp8 >> (3 * (l & 7))) & 7)]) << "dpp8 lane " << l;
    const uint64_t sel3 = 0xFEDCBA9876543210ull, sel4 = 0x89ABCDEF01234567ull;
    EXPECT_EQ(o[3], x[(l & ~15u) + ((sel3 >> (4 * (l & 15))) & 15)]);
    EXPECT_EQ(o[4], x[(l & ~15u) + ((sel4 >> (4 * (l & 15))) & 15)]);
    const uint64_t sel5 = 0x7766554433221100ull;
    EXPECT_EQ(o[5], x[((l & ~15u) ^ 16) + ((sel5 >> (4 * (l & 15))) & 15)]) << "lane " << l;
    EXPECT_EQ(o[6], x[0] + waveBase % 64); // the wave's first local id
    uint64_t ballotMask = 0;
    for (unsigned i = 0; i < W; ++i)
      ballotMask |= uint64_t{x[i] & 1} << i;
    EXPECT_EQ(o[7], uint32_t(ballotMask));
    EXPECT_EQ(o[8], uint32_t(ballotMask >> 32));
    EXPECT_EQ(o[9], uint32_t(std::popcount(ballotMask & ((uint64_t{1} << l) - 1))));
    EXPECT_EQ(o[10], dppMovModel({"", 0x4E, 0x5, 0x3, false, false}, int(l), full, x, 0xEEEE));
    EXPECT_EQ(o[11], dppMovModel({"", 0x15A, 15, 15, false, false}, int(l), full, x, 0xFFFF));
  }
}

// v_permlane16 with op_sel FI / BOUND_CTRL and inactive lanes.
TEST_P(EmuValuMisc, PermlaneFetchInactiveBoundCtrl) {
  const unsigned W = wave();
  const uint64_t exec = W == 32 ? kExecPattern & 0xFFFFFFFFu : kExecPattern;
  const std::vector<uint32_t> in = randomWords(128, 13);
  const uint64_t sel = 0x0F1E2D3C4B5A6978ull; // lane i reads nibble i
  for (unsigned opsel = 0; opsel < 4; ++opsel) {
    for (bool cross : {false, true}) {
      std::ostringstream body;
      body << loadInput(1, 0) << loadInput(2, 1) << "  s_mov_b32 s20, 0x" << std::hex
           << uint32_t(sel) << "\n  s_mov_b32 s21, 0x" << uint32_t(sel >> 32) << "\n"
           << setExec(W, exec) << (cross ? "  v_permlanex16_b32" : "  v_permlane16_b32")
           << " v2, v1, s20, s21 op_sel:[" << (opsel & 1) << "," << (opsel >> 1) << "]\n"
           << allExec(W) << storeOutput(2, 0);
      AsmRun r = runAsm(dev, body.str(), W, in, 1);
      ASSERT_TRUE(r.result.ok()) << r.result.error;
      for (unsigned l = 0; l < W; ++l) {
        const unsigned s = ((l & ~15u) ^ (cross ? 16 : 0)) + ((sel >> (4 * (l & 15))) & 15);
        uint32_t want = in[64 + l];
        if ((exec >> l) & 1) {
          if ((opsel & 1) || ((exec >> s) & 1))
            want = in[s];
          else if (opsel & 2)
            want = 0;
        }
        ASSERT_EQ(r.out[l], want) << "op_sel " << opsel << " cross " << cross << " lane " << l;
      }
    }
  }
}

// ---- MODE and hardware registers ---------------------------------------------------------------

constexpr const char *kDefaultModes = "";

TEST_P(EmuValuMisc, GetregSetreg) {
  const unsigned W = wave();
  std::string body = R"(
  s_getreg_b32 s10, hwreg(HW_REG_MODE)
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 0
  s_getreg_b32 s11, hwreg(HW_REG_MODE)
  s_round_mode 0x3
  s_denorm_mode 0x5
  s_getreg_b32 s12, hwreg(HW_REG_MODE, 0, 8)
  s_mov_b32 s13, 0x2
  s_setreg_b32 hwreg(HW_REG_MODE, 0, 2), s13
  s_getreg_b32 s14, hwreg(HW_REG_MODE, 0, 4)
  s_getreg_b32 s15, hwreg(HW_REG_SH_MEM_BASES)
  s_getreg_b32 s16, hwreg(HW_REG_HW_ID1)
  s_getreg_b32 s17, hwreg(HW_REG_IB_STS)
  s_setreg_imm32_b32 hwreg(HW_REG_TRAPSTS), 0xffff
  s_getreg_b32 s18, hwreg(HW_REG_TRAPSTS)
  s_getreg_b32 s19, hwreg(HW_REG_GPR_ALLOC)
  s_sendmsg_rtn_b64 s[20:21], sendmsg(MSG_RTN_GET_REALTIME)
  s_sendmsg_rtn_b32 s22, sendmsg(MSG_RTN_GET_DOORBELL)
)";
  for (int i = 10; i <= 22; ++i)
    body += "  v_mov_b32 v" + std::to_string(i) + ", s" + std::to_string(i) + "\n";
  for (int i = 10; i <= 22; ++i)
    body += storeOutput(i, i - 10);
  AsmRun r = runAsm(dev, body, W, {}, 13, {.modes = kDefaultModes});
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  auto at = [&](int i) { return r.out[64 * (i - 10)]; };
  // .amdhsa defaults: round 0, denorm 3 / 3, DX10 clamp and IEEE on.
  EXPECT_EQ(at(10), 0xF0u | 1u << 8 | 1u << 9);
  EXPECT_EQ(at(11), 0xC0u | 1u << 8 | 1u << 9);
  EXPECT_EQ(at(12), 0x53u);
  EXPECT_EQ(at(14), 0x2u);
  EXPECT_EQ(at(15), 0x00010002u); // SHARED_BASE 0x0001 (bits 63:48), PRIVATE_BASE 0x0002
  EXPECT_EQ(at(16) & 31, 0u);     // wave 0 of the group
  EXPECT_EQ(at(17), 0u);
  EXPECT_EQ(at(18), 0u); // read-only from the kernel: the write is dropped
  EXPECT_EQ(at(19), (128u / 8 - 1) << 8);
  EXPECT_EQ(at(22), 0u);
}

// f32 denormal flushing switched at run time, and directed rounding of add / mul / fma in f32
// and f64 against the host's fesetround results.
TEST_P(EmuValuMisc, RoundAndDenormModes) {
  const unsigned W = wave();
  std::mt19937 rng(99);
  std::vector<uint32_t> in(64 * 6);
  for (unsigned l = 0; l < 64; ++l) {
    float a = std::ldexp(1.0f + float(rng() % 100000) / 100000.0f, int(rng() % 40) - 20);
    float b = std::ldexp(1.0f + float(rng() % 100000) / 100000.0f, int(rng() % 40) - 20);
    float c = std::ldexp(1.0f + float(rng() % 100000) / 100000.0f, int(rng() % 40) - 20);
    if (l % 4 == 1)
      b = -b;
    if (l % 8 == 3) { // denormal products
      a = std::ldexp(a, -70);
      b = std::ldexp(b, -70);
    }
    if (l % 16 == 5) // exact cancellation: the sign of zero depends on the mode
      c = -(a * b);
    in[l] = bitsOf(a);
    in[64 + l] = bitsOf(b);
    in[128 + l] = bitsOf(c);
  }
  for (unsigned round = 0; round < 4; ++round) {
    std::ostringstream body;
    body << loadInput(1, 0) << loadInput(2, 1) << loadInput(3, 2) << "  s_round_mode "
         << (round | round << 2) << "\n"
         << "  v_add_f32 v10, v1, v2\n  v_mul_f32 v11, v1, v2\n  v_fma_f32 v12, v1, v2, v3\n"
         << "  v_cvt_f64_f32 v[20:21], v1\n  v_cvt_f64_f32 v[22:23], v2\n"
         << "  v_cvt_f64_f32 v[24:25], v3\n  v_mul_f64 v[22:23], v[22:23], 0x3fb99999\n"
         << "  v_fma_f64 v[26:27], v[20:21], v[22:23], v[24:25]\n"
         << "  v_add_f64 v[28:29], v[20:21], v[22:23]\n"
         << "  s_denorm_mode 0x0\n  v_mul_f32 v13, v1, v2\n  s_denorm_mode 0xf\n"
         << "  v_mul_f32 v14, v1, v2\n  s_round_mode 0x0\n"
         << storeOutput(10, 0) << storeOutput(11, 1) << storeOutput(12, 2) << storeOutput(13, 3)
         << storeOutput(14, 4) << storeOutput(26, 5) << storeOutput(27, 6) << storeOutput(28, 7)
         << storeOutput(29, 8) << storeOutput(22, 9) << storeOutput(23, 10);
    AsmRun r = runAsm(dev, body.str(), W, in, 11);
    ASSERT_TRUE(r.result.ok()) << r.result.error;
    static constexpr int kHostRound[] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
    for (unsigned l = 0; l < W; ++l) {
      volatile float a = f32(in[l]), b = f32(in[64 + l]), c = f32(in[128 + l]);
      std::fesetround(kHostRound[round]);
      volatile float add = a + b, mul = a * b, fma = std::fma(float(a), float(b), float(c));
      std::fesetround(FE_TONEAREST);
      EXPECT_EQ(r.out[l], bitsOf(add)) << "round " << round << " add lane " << l;
      EXPECT_EQ(r.out[64 + l], bitsOf(mul)) << "round " << round << " mul lane " << l;
      EXPECT_EQ(r.out[128 + l], bitsOf(fma)) << "round " << round << " fma lane " << l;
      // Flushing on: denormal inputs and results become signed zeros (round to zero applies
      // first; the flushed result keeps the sign).
      std::fesetround(kHostRound[round]);
      volatile float fa = flushF32(a), fb = flushF32(b);
      volatile float flushed = flushF32(fa * fb), kept = a * b;
      std::fesetround(FE_TONEAREST);
      EXPECT_EQ(r.out[192 + l], bitsOf(flushed)) << "round " << round << " lane " << l;
      EXPECT_EQ(r.out[256 + l], bitsOf(kept)) << "round " << round << " lane " << l;
      const double y = f64(uint64_t(r.out[640 + l]) << 32 | r.out[576 + l]);
      volatile double da = double(a), dc = double(c);
      std::fesetround(kHostRound[round]);
      volatile double dfma = std::fma(double(da), y, double(dc)), dadd = da + y;
      std::fesetround(FE_TONEAREST);
      const uint64_t gotFma = uint64_t(r.out[384 + l]) << 32 | r.out[320 + l];
      const uint64_t gotAdd = uint64_t(r.out[512 + l]) << 32 | r.out[448 + l];
      EXPECT_EQ(gotFma, bitsOf(dfma)) << "round " << round << " fma f64 lane " << l;
      EXPECT_EQ(gotAdd, bitsOf(dadd)) << "round " << round << " add f64 lane " << l;
    }
  }
}

// A round mode the emulator cannot apply to an instruction stops the wave with a clear reason.
TEST_P(EmuValuMisc, UnsupportedRoundModeTraps) {
  const unsigned W = wave();
  std::string body =
      loadInput(1, 0) + "  s_round_mode 0x1\n  v_sqrt_f32 v2, v1\n" + storeOutput(2, 0);
  AsmRun r = runAsm(dev, body, W, randomWords(64, 4), 1);
  ASSERT_TRUE(r.result.fault);
  EXPECT_EQ(r.result.fault->kind, runtime::Fault::Kind::UnsupportedInstruction);
  EXPECT_NE(r.result.fault->instruction.find("v_sqrt_f32"), std::string::npos);
  EXPECT_NE(r.result.fault->detail.find("round mode"), std::string::npos) << r.result.fault->detail;
  // The same instruction in round-to-nearest-even runs.
  body = loadInput(1, 0) + "  s_round_mode 0x0\n  v_sqrt_f32 v2, v1\n" + storeOutput(2, 0);
  EXPECT_TRUE(runAsm(dev, body, W, randomWords(64, 4), 1).result.ok());
}

// A kernel whose descriptor asks for f64 denormal flushing: inputs and results are flushed.
TEST_P(EmuValuMisc, F64DenormModeFromDescriptor) {
  const unsigned W = wave();
  std::vector<uint32_t> in(64 * 4);
  for (unsigned l = 0; l < 64; ++l) {
    const double a = l % 2 ? std::ldexp(1.5, -1060) : std::ldexp(1.25, -500);
    const double b = std::ldexp(1.0 + l / 64.0, -530);
    in[l] = uint32_t(bitsOf(a));
    in[64 + l] = uint32_t(bitsOf(a) >> 32);
    in[128 + l] = uint32_t(bitsOf(b));
    in[192 + l] = uint32_t(bitsOf(b) >> 32);
  }
  std::string body = loadInput(2, 0) + loadInput(3, 1) + loadInput(4, 2) + loadInput(5, 3) +
                     "  v_mul_f64 v[10:11], v[2:3], v[4:5]\n  v_add_f64 v[12:13], v[2:3], 0\n" +
                     storeOutput(10, 0) + storeOutput(11, 1) + storeOutput(12, 2) +
                     storeOutput(13, 3);
  AsmRun r = runAsm(dev, body, W, in, 4, {.modes = "  .amdhsa_float_denorm_mode_16_64 0\n"});
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  auto flush = [](double x) {
    return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0, x) : x;
  };
  for (unsigned l = 0; l < W; ++l) {
    const double a = f64(uint64_t(in[64 + l]) << 32 | in[l]);
    const double b = f64(uint64_t(in[192 + l]) << 32 | in[128 + l]);
    EXPECT_EQ(uint64_t(r.out[64 + l]) << 32 | r.out[l], bitsOf(flush(flush(a) * flush(b))))
        << "lane " << l;
    EXPECT_EQ(uint64_t(r.out[192 + l]) << 32 | r.out[128 + l], bitsOf(flush(a) + 0.0));
  }
}

// ---- remaining VALU / SALU operations ----------------------------------------------------------

uint32_t sadBytes(uint32_t a, uint32_t b, bool masked) {
  uint32_t s = 0;
  for (int i = 0; i < 4; ++i) {
    const int x = (a >> (8 * i)) & 0xFF, y = (b >> (8 * i)) & 0xFF;
    if (!masked || y)
      s += uint32_t(std::abs(x - y));
  }
  return s;
}

TEST_P(EmuValuMisc, SadLerpAndFriends) {
  const unsigned W = wave();
  std::vector<uint32_t> in = randomWords(64 * 4, 31);
  for (unsigned l = 0; l < 64; l += 3)
    in[64 + l] &= 0xFF00FF00u; // zero reference bytes for the masked SADs
  std::string body = loadInput(1, 0) + loadInput(2, 1) + loadInput(3, 2) + loadInput(4, 3) +
                     "  v_sad_u8 v10, v1, v2, v3\n  v_sad_hi_u8 v11, v1, v2, v3\n"
                     "  v_mov_b32 v12, 0\n  v_sad_u32 v13, v1, v2, v3\n"
                     "  v_msad_u8 v14, v1, v2, v3\n  v_lerp_u8 v15, v1, v2, v3\n"
                     "  v_qsad_pk_u16_u8 v[16:17], v[3:4], v2, v[3:4]\n"
                     "  v_mqsad_pk_u16_u8 v[18:19], v[3:4], v2, v[3:4]\n"
                     "  v_cvt_off_f32_i4 v20, v1\n  v_bfrev_b32 v21, v1\n"
                     "  v_mov_b32 v30, v1\n  v_mov_b32 v31, v2\n  v_mov_b32 v32, v3\n"
                     "  v_mov_b32 v33, v4\n  v_mqsad_u32_u8 v[22:25], v[3:4], v2, v[30:33]\n";
  for (unsigned i = 10; i <= 25; ++i)
    body += storeOutput(i, i - 10);
  AsmRun r = runAsm(dev, body, W, in, 16);
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  for (unsigned l = 0; l < W; ++l) {
    const uint32_t a = in[l], b = in[64 + l], c = in[128 + l], d = in[192 + l];
    auto out = [&](unsigned i) { return r.out[64 * (i - 10) + l]; };
    EXPECT_EQ(out(10), sadBytes(a, b, false) + c);
    EXPECT_EQ(out(11), (sadBytes(a, b, false) << 16) + c);
    EXPECT_EQ(out(13), (a > b ? a - b : b - a) + c);
    EXPECT_EQ(out(14), sadBytes(a, b, true) + c);
    uint32_t lerp = 0;
    for (int i = 0; i < 4; ++i)
      lerp |= ((((a >> (8 * i)) & 0xFF) + ((b >> (8 * i)) & 0xFF) + ((c >> (8 * i)) & 1)) >> 1)
              << (8 * i);
    EXPECT_EQ(out(15), lerp);
    const uint64_t s0 = uint64_t(d) << 32 | c;
    for (int masked = 0; masked < 2; ++masked) {
      uint64_t want = 0;
      for (int i = 0; i < 4; ++i)
        want |=
            uint64_t((sadBytes(uint32_t(s0 >> (8 * i)), b, masked) + ((s0 >> (16 * i)) & 0xFFFF)) &
                     0xFFFF)
            << (16 * i);
      EXPECT_EQ(uint64_t(out(17 + 2 * masked)) << 32 | out(16 + 2 * masked), want);
    }
    const int nibble = int(a & 0xF) - ((a & 8) ? 16 : 0);
    EXPECT_EQ(out(20), bitsOf(float(nibble) / 16.0f));
    uint32_t rev = 0;
    for (int i = 0; i < 32; ++i)
      rev |= ((a >> i) & 1) << (31 - i);
    EXPECT_EQ(out(21), rev);
    const uint32_t acc[4] = {a, b, c, d};
    for (int i = 0; i < 4; ++i)
      EXPECT_EQ(out(22 + i), sadBytes(uint32_t(s0 >> (8 * i)), b, true) + acc[i]);
  }
}

TEST_P(EmuValuMisc, CubeMullitTrigPreop) {
  const unsigned W = wave();
  std::mt19937 rng(17);
  std::vector<uint32_t> in(64 * 3);
  for (auto &x : in)
    x = bitsOf(float(int(rng() % 2001) - 1000) / 100.0f);
  in[1] = bitsOf(-FLT_MAX);
  in[64 + 2] = bitsOf(0.0f);
  std::string body = loadInput(1, 0) + loadInput(2, 1) + loadInput(3, 2) +
                     "  v_cubeid_f32 v10, v1, v2, v3\n  v_cubesc_f32 v11, v1, v2, v3\n"
                     "  v_cubetc_f32 v12, v1, v2, v3\n  v_cubema_f32 v13, v1, v2, v3\n"
                     "  v_mullit_f32 v14, v3, v1, v2\n"
                     "  v_trig_preop_f64 v[16:17], 1.0, 0\n  v_trig_preop_f64 v[18:19], 1.0, 1\n"
                     "  v_trig_preop_f64 v[20:21], 1.0, 2\n";
  for (unsigned i = 10; i <= 21; ++i)
    body += storeOutput(i, i - 10);
  AsmRun r = runAsm(dev, body, W, in, 12);
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  for (unsigned l = 0; l < W; ++l) {
    const float x = f32(in[l]), y = f32(in[64 + l]), z = f32(in[128 + l]);
    auto out = [&](unsigned i) { return r.out[64 * (i - 10) + l]; };
    float id, sc, tc, ma;
    if (std::fabs(z) >= std::fabs(x) && std::fabs(z) >= std::fabs(y)) {
      id = z < 0 ? 5 : 4, sc = z < 0 ? -x : x, tc = -y, ma = 2 * z;
    } else if (std::fabs(y) >= std::fabs(x)) {
      id = y < 0 ? 3 : 2, sc = x, tc = y < 0 ? -z : z, ma = 2 * y;
    } else {
      id = x < 0 ? 1 : 0, sc = x < 0 ? z : -z, tc = -y, ma = 2 * x;
    }
    EXPECT_EQ(out(10), bitsOf(id));
    EXPECT_EQ(out(11), bitsOf(sc));
    EXPECT_EQ(out(12), bitsOf(tc));
    EXPECT_EQ(out(13), bitsOf(ma));
    const float lit = (x == -FLT_MAX || !(y > 0)) ? -FLT_MAX : z * x;
    EXPECT_EQ(out(14), bitsOf(lit)) << "lane " << l;
    // 2/pi in 53-bit pieces: 0x3fe45f306dc9c882, then 2^-53 and 2^-106 scaled pieces.
    EXPECT_EQ(uint64_t(out(17)) << 32 | out(16), 0x3fe45f306dc9c882ull);
    EXPECT_EQ(uint64_t(out(19)) << 32 | out(18), 0x3c94a7f09d5f47d4ull);
    EXPECT_EQ(uint64_t(out(21)) << 32 | out(20), 0x394a6ee06db14accull);
  }
}

TEST_P(EmuValuMisc, RelativeMovesAndScalarOps) {
  const unsigned W = wave();
  const std::vector<uint32_t> in = randomWords(64 * 2, 41);
  std::string body = loadInput(1, 0) + loadInput(2, 1) +
                     "  v_mov_b32 v40, v1\n  v_mov_b32 v41, v2\n  v_mov_b32 v42, 7\n"
                     "  s_mov_b32 m0, 2\n  v_movrels_b32 v10, v40\n"          // v10 = v42
                     "  s_mov_b32 m0, 1\n  v_movreld_b32 v11, v1\n"           // v12 = v1
                     "  v_mov_b32 v13, v2\n  v_swap_b32 v13, v40\n"           // v13 <-> v40
                     "  s_mov_b32 m0, 0x10001\n  v_movrelsd_2_b32 v13, v40\n" // v14 = v41
                     "  v_permlane64_b32 v15, v1\n"
                     "  s_mov_b32 s20, 0x8000ffff\n  s_bitreplicate_b64_b32 s[22:23], s20\n"
                     "  s_mov_b32 s24, 11\n  s_mov_b32 s25, 22\n  s_mov_b32 s26, 33\n"
                     "  s_mov_b32 m0, 2\n  s_movrels_b32 s27, s24\n" // s27 = s26
                     "  s_mov_b32 m0, 1\n  s_movreld_b32 s28, 44\n"  // s29 = 44
                     "  v_mov_b32 v16, s22\n  v_mov_b32 v17, s23\n  v_mov_b32 v18, s27\n"
                     "  v_mov_b32 v19, s29\n";
  for (unsigned i = 10; i <= 19; ++i)
    body += storeOutput(i, i - 10);
  body += storeOutput(40, 10);
  AsmRun r = runAsm(dev, body, W, in, 11);
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  for (unsigned l = 0; l < W; ++l) {
    auto out = [&](unsigned i) { return r.out[64 * (i - 10) + l]; };
    EXPECT_EQ(out(10), 7u);
    EXPECT_EQ(out(12), in[l]);
    EXPECT_EQ(out(13), in[l]);             // v13 took v40 (= v1) in the swap
    EXPECT_EQ(r.out[640 + l], in[64 + l]); // ... and v40 took v13 (= v2)
    EXPECT_EQ(out(14), in[64 + l]);        // v14 = v41
    EXPECT_EQ(out(15), in[W == 64 ? l ^ 32 : l]);
    EXPECT_EQ(out(16), 0xFFFFFFFFu);
    EXPECT_EQ(out(17), 0xC0000000u);
    EXPECT_EQ(out(18), 33u);
    EXPECT_EQ(out(19), 44u);
  }
}

// s_buffer_load through a raw buffer resource over `in` with num_records = 24 bytes: dwords
// that end past it read 0; the offset is the immediate plus SOFFSET.
TEST_P(EmuValuMisc, ScalarBufferLoads) {
  const unsigned W = wave();
  const std::vector<uint32_t> in = randomWords(64, 43);
  std::string body = "  s_mov_b32 s8, s6\n  s_and_b32 s9, s7, 0xffff\n  s_mov_b32 s10, 24\n"
                     "  s_mov_b32 s11, 0x31016fac\n"
                     "  s_buffer_load_b128 s[12:15], s[8:11], 0x10\n"
                     "  s_mov_b32 s16, 4\n  s_buffer_load_b32 s17, s[8:11], s16 offset:0x4\n"
                     "  s_waitcnt lgkmcnt(0)\n";
  for (unsigned i = 0; i < 5; ++i)
    body += "  v_mov_b32 v" + std::to_string(20 + i) + ", s" + std::to_string(12 + i + (i == 4)) +
            "\n" + storeOutput(20 + i, i);
  AsmRun r = runAsm(dev, body, W, in, 5);
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  for (unsigned l = 0; l < W; ++l) {
    EXPECT_EQ(r.out[0 * 64 + l], in[4]);
    EXPECT_EQ(r.out[1 * 64 + l], in[5]);
    EXPECT_EQ(r.out[2 * 64 + l], 0u); // bytes 24..27: past num_records
    EXPECT_EQ(r.out[3 * 64 + l], 0u);
    EXPECT_EQ(r.out[4 * 64 + l], in[2]);
  }
}

INSTANTIATE_TEST_SUITE_P(Wave, EmuValuMisc, ::testing::Values(32u, 64u),
                         [](const ::testing::TestParamInfo<unsigned> &i) {
                           return "W" + std::to_string(i.param);
                         });

} // namespace
} // namespace gcnkit::emutest
