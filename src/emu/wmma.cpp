// Wave matrix multiply-accumulate: D = A * B + C on 16x16 matrices (K = 16).
//
// Register layout (the VALU document and AMD's matrix instruction calculator), W = wave size:
//   - A[i][k]: lane i (0..15), element k of the lane's packed inputs: 16-bit elements in VGPR
//     k / 2 (half k % 2), 8-bit ones in VGPR k / 4 (byte k % 4), 4-bit ones in VGPR k / 8
//     (nibble k % 8). B[k][j] likewise in lane j. Lanes 16.. must hold copies of lanes 0..15;
//     the copies are not read here.
//   - C[i][j], D[i][j]: VGPR i / (W / 16), lane 16 * (i % (W / 16)) + j, so 8 VGPRs in wave32
//     and 4 in wave64; 16-bit results use one half of each (op_sel[2]), the other is kept.
// Products are exact; each D element is the sum over k in double, in k order, plus C, rounded
// once to nearest even (f32 accumulation as documented; the hardware's internal order is not).
// Integer forms are exact, wrapping to 32 bits (clamp: saturating).
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "emu/registry.h"
#include "emu/valu16.h"

namespace gcnkit::emu {

namespace {

using namespace valu;
using namespace half16;
using u32 = uint32_t;
using i64 = int64_t;

enum class Kind { F32F16, F32BF16, F16F16, BF16BF16, I32IU8, I32IU4 };

constexpr bool kIntKind(Kind k) { return k == Kind::I32IU8 || k == Kind::I32IU4; }
constexpr int elementBits(Kind k) { return k == Kind::I32IU8 ? 8 : k == Kind::I32IU4 ? 4 : 16; }
constexpr bool bf16Inputs(Kind k) { return k == Kind::F32BF16 || k == Kind::BF16BF16; }

template <int W, Kind K> void wmma(Wave &w, const DecodedInst &in) {
  constexpr int kBits = elementBits(K);
  constexpr int kPerReg = 32 / kBits;
  constexpr int kRowsPerReg = W / 16; // C / D rows held by one VGPR
  constexpr bool kHalfResult = K == Kind::F16F16 || K == Kind::BF16BF16;
  const u32 aux = in.aux;
  // A (lane = row i) and B (lane = column j), element k.
  double fa[16][16], fb[16][16];
  i64 ia[16][16], ib[16][16];
  for (int src = 0; src < 2; ++src) {
    const Src &s = in.src[src];
    for (int k = 0; k < 16; ++k) {
      const u32 *row = vrow<W>(w, static_cast<uint16_t>(s.reg + k / kPerReg));
      const int shift = (k % kPerReg) * kBits;
      for (int lane = 0; lane < 16; ++lane) {
        const u32 e = (row[lane] >> shift) & ((1u << (kBits - 1) << 1) - 1);
        if constexpr (kIntKind(K)) {
          const bool sgn = (aux >> (12 + src)) & 1;
          const i64 v =
              sgn ? static_cast<i64>(static_cast<int32_t>(e << (32 - kBits)) >> (32 - kBits))
                  : i64{e};
          (src == 0 ? ia : ib)[lane][k] = v;
        } else {
          double v = bf16Inputs(K) ? bf16ToDouble(e) : f16ToDouble(e);
          const bool neg = (aux >> ((k & 1) ? 24 + src : 20 + src)) & 1; // neg_hi / neg_lo
          (src == 0 ? fa : fb)[lane][k] = neg ? -v : v;
        }
      }
    }
  }
  // C: VGPRs (or an inline constant, already in the element format).
  const Src &cs = in.src[2];
  const bool hiHalf = aux & kWmmaHi;
  const bool cAbs = (aux >> 26) & 1, cNeg = (aux >> 22) & 1; // neg_hi[2] / neg_lo[2]
  u32 out[16][16];
  for (int i = 0; i < 16; ++i) {
    const int reg = i / kRowsPerReg;
    const u32 *crow =
        cs.kind == SrcKind::Vgpr ? vrow<W>(w, static_cast<uint16_t>(cs.reg + reg)) : nullptr;
    for (int j = 0; j < 16; ++j) {
      const int lane = 16 * (i % kRowsPerReg) + j;
      const u32 craw = crow ? crow[lane] : static_cast<u32>(cs.value);
      if constexpr (kIntKind(K)) {
        i64 acc = 0;
        for (int k = 0; k < 16; ++k)
          acc += ia[i][k] * ib[j][k];
        acc += static_cast<int32_t>(craw);
        if (in.extra & 1)
          acc = std::clamp<i64>(acc, INT32_MIN, INT32_MAX);
        out[i][j] = static_cast<u32>(acc);
      } else {
        double c;
        if constexpr (kHalfResult) {
          const u32 ch = hiHalf ? craw >> 16 : craw & 0xFFFF;
          c = K == Kind::F16F16 ? f16ToDouble(ch) : bf16ToDouble(ch);
        } else {
          c = static_cast<double>(f32(craw));
        }
        if (cAbs)
          c = std::fabs(c);
        if (cNeg)
          c = -c;
        double acc = 0.0;
        for (int k = 0; k < 16; ++k)
          acc += fa[i][k] * fb[j][k];
        acc += c;
        if constexpr (K == Kind::F16F16)
          out[i][j] = f16FromDouble(acc);
        else if constexpr (K == Kind::BF16BF16)
          out[i][j] = bf16FromDouble(acc);
        else
          out[i][j] = narrow<23, 8>(acc);
      }
    }
  }
  // D: every element computed before any write (D may be C).
  const uint64_t exec = execMask<W>(w);
  for (int reg = 0; reg < 16 / kRowsPerReg; ++reg) {
    u32 *d = vrow<W>(w, static_cast<uint16_t>(in.vdst + reg));
    writeLanes<W>(d, exec, [&](int lane) {
      const u32 v = out[reg * kRowsPerReg + lane / 16][lane % 16];
      if constexpr (kHalfResult)
        return hiHalf ? (d[lane] & 0xFFFFu) | v << 16 : (d[lane] & 0xFFFF0000u) | v;
      else
        return v;
    });
  }
}

template <Kind K> ExecEntry wmmaEntry(EntryFlags flags = 0) {
  return {&wmma<32, K>, &wmma<64, K>, static_cast<EntryFlags>(flags | entry::k16Bit)};
}

} // namespace

void registerWmma(Registry &r) {
  r["v_wmma_f32_16x16x16_f16"] = wmmaEntry<Kind::F32F16>();
  r["v_wmma_f32_16x16x16_bf16"] = wmmaEntry<Kind::F32BF16>();
  r["v_wmma_f16_16x16x16_f16"] = wmmaEntry<Kind::F16F16>();
  r["v_wmma_bf16_16x16x16_bf16"] = wmmaEntry<Kind::BF16BF16>();
  r["v_wmma_i32_16x16x16_iu8"] = wmmaEntry<Kind::I32IU8>(entry::kIntClamp);
  r["v_wmma_i32_16x16x16_iu4"] = wmmaEntry<Kind::I32IU4>(entry::kIntClamp);
}

} // namespace gcnkit::emu
