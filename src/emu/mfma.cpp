// MFMA (gfx908 matrix fused multiply-add): D = A * B + C for each of `blocks` independent
// M x N x K products (N = M on every gfx908 MFMA), one executor template for all twenty
// instructions, instantiated from a table of shapes.
//
// Register layout (AMD's matrix instruction calculator for CDNA1; docs/emulator.md, "MFMA").
// E = elements per 32-bit register (f32 1, f16 2, bf16 2, i8 4), R = A / B registers per lane
// (2 for f16, else 1), P = E * R elements per lane:
//   - A[i][k] of block b: lane M * (b + k / P) + i, element k % P of the lane's registers: register
//     (k % P) / E, bits [(32 / E) * (k % E), +32 / E). B[k][j] likewise with j for i. Multi-block
//     instructions have K = P; single-block ones spread K over the 64 / M lane groups.
//   - C[i][j], D[i][j] of block b, one element per register and lane: M = 4: register i, lane
//     4 b + j; M = 16 or 32: with q = i / 4 and G = 64 / M, register (M * M / 64) b + 4 (q / G) +
//     i % 4, lane M (q % G) + j. A row of a block is therefore N contiguous lanes of one register.
//   - CBSZ / ABID (multi-block forms): the blocks are split into groups of 2^CBSZ and every block
//     of a group reads the A data of block ABID of its group. A CBSZ above log2(blocks) acts as
//     log2(blocks) and ABID bits at or above CBSZ are ignored (the calculator calls those values
//     illegal; this keeps every encoding inside the instruction's blocks).
//   - BLGP: the B value of lane L is read from lane 0: L; 1: L % 32; 2: 32 + L % 32;
//     3: (L + 16) % 64; 4: L % 16; 5: 16 + L % 16; 6: 32 + L % 16; 7: 48 + L % 16.
//
// Numerics (docs/emulator.md, "MFMA"): products are exact (binary64 holds every f32, f16 and bf16
// product); each D element is the binary64 sum of its products in k order, the first product
// starting the sum, plus C added and rounded to f32 once (nearest even; see row()), so a K = 1
// form gives exactly fmaf(a, b, c). Denormal inputs and results are kept and the MODE
// register does not apply. i8 products are summed with C in 32 bits, wrapping.
//
// EXEC does not mask an MFMA: all 64 lanes of A and B are read and all lanes of D are written
// whatever EXEC holds (every D element depends on many lanes, so a lane mask has no per-lane
// meaning for the matrix core). A, B and C are read completely before D is written, so D may
// be C (in-place accumulation), overlap it, or overlap A / B.
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#if defined(__FMA__) || defined(__F16C__) || defined(__AVX__)
#include <immintrin.h>
#endif

#include "emu/mfma.h"
#include "emu/registry.h"
#include "emu/valu16.h"
#include "emu/wave.h"

namespace gcnkit::emu {

namespace {

using u32 = uint32_t;
using u64 = uint64_t;

enum class Elem : uint8_t { F32, F16, BF16, I8 };

// One MFMA's shape; everything else (registers, lane groups) follows from it.
struct Shape {
  int m;      // rows of A, C and D; also N, the columns of B, C and D
  int k;      // the inner dimension
  int blocks; // independent products
  Elem elem;  // A / B element type (C and D: i32 for i8, f32 otherwise)
};

constexpr int elementsPerRegister(Elem e) { return e == Elem::F32 ? 1 : e == Elem::I8 ? 4 : 2; }
constexpr int registersPerLane(Elem e) { return e == Elem::F16 ? 2 : 1; }
constexpr int elementsPerLane(Elem e) { return elementsPerRegister(e) * registersPerLane(e); }
constexpr int log2i(int v) { return v <= 1 ? 0 : 1 + log2i(v / 2); }

// The lane each BLGP value reads the B value of lane L from.
constexpr std::array<std::array<uint8_t, 64>, 8> kBlgpSourceLane = [] {
  std::array<std::array<uint8_t, 64>, 8> t{};
  for (int l = 0; l < 64; ++l) {
    const int from[8] = {l,      l % 32,      32 + l % 32, (l + 16) % 64,
                         l % 16, 16 + l % 16, 32 + l % 16, 48 + l % 16};
    for (int p = 0; p < 8; ++p)
      t[p][l] = static_cast<uint8_t>(from[p]);
  }
  return t;
}();

// An f16 pattern widened exactly to f32 without branches (so the unpacking loops vectorize):
// exponent and mantissa move to the f32 positions and a multiplication by 2^112 rebiases them,
// which also normalizes f16 denormals.
inline float f16ToFloat(u32 h) {
  const u32 magnitude = (h & 0x7FFFu) << 13;
  const u32 scaled = std::bit_cast<u32>(std::bit_cast<float>(magnitude) * 0x1p112f);
  // Infinity / NaN: the rebias left exponent 143; all ones makes it 255, mantissa untouched.
  const u32 infOrNan = 0u - static_cast<u32>((h & 0x7C00u) == 0x7C00u);
  return std::bit_cast<float>(scaled | (infOrNan & 0x7F800000u) | (h & 0x8000u) << 16);
}

// Element `bits` of an A / B register as the executor computes with it.
template <Elem E> inline auto widen(u32 bits) {
  if constexpr (E == Elem::F32)
    return static_cast<double>(std::bit_cast<float>(bits));
  else if constexpr (E == Elem::F16)
    return static_cast<double>(f16ToFloat(bits & 0xFFFFu));
  else if constexpr (E == Elem::BF16)
    return static_cast<double>(std::bit_cast<float>(bits << 16));
  else // i8, sign-extended; unsigned so that the 32-bit sums wrap
    return static_cast<u32>(static_cast<int32_t>(bits << 24) >> 24);
}

#if defined(__F16C__)
// The f16 half at kShift of 64 lanes, widened by the host's converter (exact, denormals included).
template <int kShift> inline void widenHalves(const u32 *row, double *out) {
  for (int l = 0; l < 64; l += 8) {
    __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i *>(row + l));
    __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i *>(row + l + 4));
    if constexpr (kShift) {
      lo = _mm_srli_epi32(lo, 16);
      hi = _mm_srli_epi32(hi, 16);
    } else {
      lo = _mm_and_si128(lo, _mm_set1_epi32(0xFFFF));
      hi = _mm_and_si128(hi, _mm_set1_epi32(0xFFFF));
    }
    const __m256 f = _mm256_cvtph_ps(_mm_packus_epi32(lo, hi));
    _mm256_storeu_pd(out + l, _mm256_cvtps_pd(_mm256_castps256_ps128(f)));
    _mm256_storeu_pd(out + l + 4, _mm256_cvtps_pd(_mm256_extractf128_ps(f, 1)));
  }
}
#endif

// Element kElement of every lane of an A / B operand (registers from `first`), widened; B reads
// lane `from[l]` for lane l when a BLGP pattern applies. The element index is a constant so the
// lane loops are plain vector loops.
template <Elem E, int kElement, class T>
inline void unpack(Wave &w, uint16_t first, const uint8_t *from, T *out) {
  constexpr int kPerReg = elementsPerRegister(E), kShift = 32 / kPerReg * (kElement % kPerReg);
  const u32 *row = vrow<64>(w, static_cast<uint16_t>(first + kElement / kPerReg));
  if (from) {
    for (int l = 0; l < 64; ++l)
      out[l] = widen<E>(row[from[l]] >> kShift);
    return;
  }
#if defined(__F16C__)
  if constexpr (E == Elem::F16) {
    widenHalves<kShift>(row, out);
    return;
  }
#endif
  for (int l = 0; l < 64; ++l)
    out[l] = widen<E>(row[l] >> kShift);
}

// Rows are computed in host vectors of W elements (the host's vector registers: 32 bytes with
// AVX, else 16; or the whole row when it is narrower): the accumulators of a row stay in
// registers while k runs, and each vector is an independent chain, which the k order of every
// element's sum allows.
template <class T, int W> struct VecOf {
  typedef T type __attribute__((vector_size(W * sizeof(T))));
};
template <class T, int W> using Vec = typename VecOf<T, W>::type;
#if defined(__AVX__)
inline constexpr unsigned kVectorBytes = 32;
#else
inline constexpr unsigned kVectorBytes = 16;
#endif
template <class T, int N>
constexpr int kWidth = N * sizeof(T) < kVectorBytes ? N : kVectorBytes / sizeof(T);

template <class V, class T> inline V load(const T *p) {
  V v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
template <class V, class T> inline void store(T *p, V v) { std::memcpy(p, &v, sizeof v); }
template <class V, class T> inline V splat(T x) {
  V v;
  for (unsigned i = 0; i < sizeof(V) / sizeof(T); ++i)
    v[i] = x;
  return v;
}

// s + a * b. The products are exact in binary64 (and in 32-bit integers modulo 2^32), so a fused
// multiply-add and a multiplication followed by an addition give the same sum; the fused form is
// one instruction where the host has FMA.
template <class V> inline V mac(V a, V b, V s) { return s + a * b; }
#if defined(__FMA__)
inline Vec<double, 4> mac(Vec<double, 4> a, Vec<double, 4> b, Vec<double, 4> s) {
  return _mm256_fmadd_pd(a, b, s);
}
#endif

// The products of row i of a block, summed in k order: out[v] for columns W v .. W v + W - 1.
template <int N, int K, class T, class V>
inline void rowSums(const T *const *a, int i, const T *const *b, V *out) {
  constexpr int W = sizeof(V) / sizeof(T), NV = N / W;
  const V a0 = splat<V>(a[0][i]);
  for (int v = 0; v < NV; ++v)
    out[v] = a0 * load<V>(b[0] + W * v);
  for (int k = 1; k < K; ++k) {
    const V ak = splat<V>(a[k][i]);
    for (int v = 0; v < NV; ++v)
      out[v] = mac(ak, load<V>(b[k] + W * v), out[v]);
  }
}

// f32 results of a row rounded exactly: each sum plus C through the addition's rounding error,
// for the rows whose binary64 sums may sit on an f32 rounding midpoint (see row()).
template <int N, int K>
[[gnu::noinline]] void rowExact(const double *const *a, int i, const double *const *b, const u32 *c,
                                u32 *out) {
  constexpr int W = kWidth<double, N>;
  using V = Vec<double, W>;
  V sums[N / W];
  rowSums<N, K>(a, i, b, sums);
  for (int j = 0; j < N; ++j) {
    double rounded, err;
    half16::twoSum(sums[j / W][j % W], static_cast<double>(std::bit_cast<float>(c[j])), rounded,
                   err);
    out[j] = half16::narrow<23, 8>(rounded, err);
  }
}

// Row i of a block: out[j] = sum over k of a[k][i] * b[k][j], plus c[j]. f32 results are the
// binary64 sum plus C rounded once to f32 (nearest even). Converting the binary64 sum s is that
// rounding unless s lies on an f32 rounding midpoint, where alone the binary64 addition can have
// moved an exact value that was off the midpoint onto it: for normal results the 29 bits below
// f32 precision are 1000...0; for f32 denormal results (and a sum just below the smallest normal,
// which rounds up to it) the midpoints sit higher, so rows with a result of magnitude at most the
// smallest normal count as suspect too (exact zeros excluded). Suspect rows (rare) are redone by
// rowExact().
template <int N, int K, class T>
inline void row(const T *const *a, int i, const T *const *b, const u32 *c, u32 *out) {
  constexpr int W = kWidth<T, N>, NV = N / W;
  using V = Vec<T, W>;
  V acc[NV];
  rowSums<N, K>(a, i, b, acc);
  if constexpr (std::is_same_v<T, u32>) {
    for (int v = 0; v < NV; ++v)
      store(out + W * v, acc[v] + load<V>(c + W * v));
  } else {
    using Bits = Vec<int64_t, W>;
    using F = Vec<float, W>;
    Bits suspect{};
    for (int v = 0; v < NV; ++v) {
      const F cf = load<F>(c + W * v);
      V cd; // lane by lane: GCC then widens the vector with one instruction
      for (int l = 0; l < W; ++l)
        cd[l] = cf[l];
      const V sum = acc[v] + cd;
      const F f = __builtin_convertvector(sum, F);
      store(out + W * v, f);
      const Bits bits = std::bit_cast<Bits>(sum), mag = bits & INT64_MAX;
      suspect |= (bits & 0x1FFFFFFF) == 0x10000000;
      suspect |= mag < std::bit_cast<int64_t>(0x1p-126) && mag != 0;
    }
    bool any = false;
#if defined(__AVX__)
    if constexpr (sizeof suspect == 32)
      any = _mm256_movemask_pd(std::bit_cast<__m256d>(suspect)) != 0;
    else
#endif
      for (int l = 0; l < W; ++l)
        any |= suspect[l] != 0;
    if (any)
      rowExact<N, K>(a, i, b, c, out);
  }
}

template <Shape S> void mfma(Wave &w, const DecodedInst &in) {
  constexpr int M = S.m, N = S.m, K = S.k;
  constexpr int P = elementsPerLane(S.elem);
  constexpr int kDRegs = M * N * S.blocks / 64;
  static_assert(M * (S.blocks + K / P - 1) == 64 && (S.blocks == 1 || K == P),
                "A / B fill the 64 lanes once");
  using T = decltype(widen<S.elem>(0));

  // A and B, element e of lane l at [e][l]; B already read through the BLGP lane pattern.
  alignas(64) T a[P][64], b[P][64];
  const u32 blgp = mfma::blgp(in.aux);
  const uint8_t *bFrom = blgp ? kBlgpSourceLane[blgp].data() : nullptr;
  [&]<int... e>(std::integer_sequence<int, e...>) {
    (unpack<S.elem, e>(w, in.src[0].reg, nullptr, a[e]), ...);
    (unpack<S.elem, e>(w, in.src[1].reg, bFrom, b[e]), ...);
  }(std::make_integer_sequence<int, P>{});

  // C is a register range or an inline constant (the same lanes for every register).
  const Src &cs = in.src[2];
  const bool cRegs = cs.kind == SrcKind::Vgpr;
  auto cRow = [&](int r) {
    return cRegs ? vrow<64>(w, static_cast<uint16_t>(cs.reg + r)) : cs.constantLanes;
  };
  // D is written in place unless it overlaps C without being C: then an element written early
  // could be a C element read later, and the results are staged first.
  const bool staged =
      cRegs && cs.reg != in.vdst && cs.reg < in.vdst + kDRegs && in.vdst < cs.reg + kDRegs;
  alignas(64) u32 stage[kDRegs][64];
  auto dRow = [&](int r) {
    return staged ? stage[r] : vrow<64>(w, static_cast<uint16_t>(in.vdst + r));
  };

  constexpr int kLog2Blocks = log2i(S.blocks);
  const u32 cbsz = mfma::cbsz(in.aux) < kLog2Blocks ? mfma::cbsz(in.aux) : kLog2Blocks;
  const u32 groupMask = (1u << cbsz) - 1;
  const u32 abid = mfma::abid(in.aux) & groupMask;

  for (int blk = 0; blk < S.blocks; ++blk) {
    const int aBlk = static_cast<int>((static_cast<u32>(blk) & ~groupMask) | abid);
    const T *ak[K], *bk[K]; // column k of the A block it reads, row k of its B
    for (int k = 0; k < K; ++k) {
      ak[k] = &a[k % P][M * (aBlk + k / P)];
      bk[k] = &b[k % P][N * (blk + k / P)];
    }
    for (int i = 0; i < M; ++i) {
      // This row of D: register and first lane.
      int reg, lane0;
      if constexpr (M == 4) {
        reg = i;
        lane0 = 4 * blk;
      } else {
        constexpr int G = 64 / M;
        const int q = i / 4;
        reg = (M * N / 64) * blk + 4 * (q / G) + i % 4;
        lane0 = M * (q % G);
      }
      u32 out[N]; // the row's C is read completely before D (which may be C) is written
      row<N, K>(ak, i, bk, cRow(reg) + lane0, out);
      std::memcpy(dRow(reg) + lane0, out, sizeof out);
    }
  }
  if (staged)
    for (int r = 0; r < kDRegs; ++r)
      std::memcpy(vrow<64>(w, static_cast<uint16_t>(in.vdst + r)), stage[r], sizeof stage[r]);
}

// gfx908 runs wave64 only and gfx1100 has no MFMA, so no wave32 program holds one; the registry
// wants an executor for each wave size all the same.
void wave32(Wave &w, const DecodedInst &in) { w.raise(FaultKind::UnsupportedInstruction, in); }

struct Instruction {
  const char *name;
  ExecFn run;
};

constexpr Instruction kInstructions[] = {
    {"v_mfma_f32_32x32x1f32", mfma<Shape{32, 1, 2, Elem::F32}>},
    {"v_mfma_f32_16x16x1f32", mfma<Shape{16, 1, 4, Elem::F32}>},
    {"v_mfma_f32_4x4x1f32", mfma<Shape{4, 1, 16, Elem::F32}>},
    {"v_mfma_f32_32x32x2f32", mfma<Shape{32, 2, 1, Elem::F32}>},
    {"v_mfma_f32_16x16x4f32", mfma<Shape{16, 4, 1, Elem::F32}>},
    {"v_mfma_f32_32x32x4f16", mfma<Shape{32, 4, 2, Elem::F16}>},
    {"v_mfma_f32_16x16x4f16", mfma<Shape{16, 4, 4, Elem::F16}>},
    {"v_mfma_f32_4x4x4f16", mfma<Shape{4, 4, 16, Elem::F16}>},
    {"v_mfma_f32_32x32x8f16", mfma<Shape{32, 8, 1, Elem::F16}>},
    {"v_mfma_f32_16x16x16f16", mfma<Shape{16, 16, 1, Elem::F16}>},
    {"v_mfma_i32_32x32x4i8", mfma<Shape{32, 4, 2, Elem::I8}>},
    {"v_mfma_i32_16x16x4i8", mfma<Shape{16, 4, 4, Elem::I8}>},
    {"v_mfma_i32_4x4x4i8", mfma<Shape{4, 4, 16, Elem::I8}>},
    {"v_mfma_i32_32x32x8i8", mfma<Shape{32, 8, 1, Elem::I8}>},
    {"v_mfma_i32_16x16x16i8", mfma<Shape{16, 16, 1, Elem::I8}>},
    {"v_mfma_f32_32x32x2bf16", mfma<Shape{32, 2, 2, Elem::BF16}>},
    {"v_mfma_f32_16x16x2bf16", mfma<Shape{16, 2, 4, Elem::BF16}>},
    {"v_mfma_f32_4x4x2bf16", mfma<Shape{4, 2, 16, Elem::BF16}>},
    {"v_mfma_f32_32x32x4bf16", mfma<Shape{32, 4, 1, Elem::BF16}>},
    {"v_mfma_f32_16x16x8bf16", mfma<Shape{16, 8, 1, Elem::BF16}>},
};

} // namespace

void registerMfma(Registry &r) {
  for (const Instruction &i : kInstructions)
    r[i.name] = ExecEntry{wave32, i.run, 0};
}

} // namespace gcnkit::emu
