// The emulator's kernel suite, part 2: LDS with barriers (reduction, scan, transpose), global
// and LDS atomics (32/64-bit integer, f32, f64) and private arrays in scratch (-O2 and -O0,
// and in called functions: stack frames, generic pointers, nested calls).
// Atomic results are checked where they are deterministic: final values, and returned old
// values as multisets (any order of the work-items gives the same multiset).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <vector>

#include "emu_suite_support.h"

namespace gcnkit::emutest::suite {
namespace {

using runtime::KernelArgs;
using runtime::LaunchConfig;

class EmuSuiteMemory : public SuiteTest {};

// 1024-work-item groups (32 waves in wave32); the last group is partial (904 work-items).
TEST_P(EmuSuiteMemory, LdsReduce1024) {
  auto m = load("lds.cl", "-cl-std=CL2.0");
  ASSERT_TRUE(m);
  const uint32_t n = 5000, block = 1024, groups = (n + block - 1) / block;
  auto in = randomInts<uint32_t>(n, 201);
  const uint64_t din = upload(dev, in), dsums = dev.alloc(groups * 4);
  SUITE_LAUNCH(m, "lds_reduce_1024", (LaunchConfig{{n, 1, 1}, {block, 1, 1}}),
               KernelArgs().add(din).add(dsums).add(n));
  auto sums = download<uint32_t>(dev, dsums, groups);
  for (uint32_t g = 0; g < groups; ++g) {
    uint32_t want = 0;
    for (uint32_t l = 0; l < block && g * block + l < n; ++l)
      want += in[g * block + l] ^ (l << 20);
    EXPECT_EQ(sums[g], want) << "group " << g;
  }
}

TEST_P(EmuSuiteMemory, LdsInclusiveScan) {
  auto m = load("lds.cl", "-cl-std=CL2.0");
  ASSERT_TRUE(m);
  const uint32_t block = 256, n = block * 7;
  auto in = randomInts<int32_t>(n, 202);
  for (int32_t &x : in)
    x %= 1000;
  const uint64_t din = upload(dev, in), dout = dev.alloc(n * 4);
  SUITE_LAUNCH(m, "lds_scan", (LaunchConfig{{n, 1, 1}, {block, 1, 1}}),
               KernelArgs().add(din).add(dout));
  auto out = download<int32_t>(dev, dout, n);
  for (uint32_t g = 0; g < n / block; ++g) {
    int32_t sum = 0;
    for (uint32_t l = 0; l < block; ++l) {
      sum += in[g * block + l];
      ASSERT_EQ(out[g * block + l], sum) << "group " << g << " item " << l;
    }
  }
}

TEST_P(EmuSuiteMemory, LdsTranspose2D) {
  auto m = load("lds.cl", "-cl-std=CL2.0");
  ASSERT_TRUE(m);
  const uint32_t w = 45, h = 70;
  auto in = randomFloats(w * h, 203, -1, 1);
  const uint64_t din = upload(dev, in), dout = dev.alloc(w * h * 4);
  SUITE_LAUNCH(m, "lds_transpose", (LaunchConfig{{48, 80, 1}, {16, 16, 1}}),
               KernelArgs().add(din).add(dout).add(w).add(h));
  auto out = download<float>(dev, dout, w * h);
  for (uint32_t y = 0; y < h; ++y)
    for (uint32_t x = 0; x < w; ++x)
      ASSERT_EQ(bits(out[x * h + y]), bits(in[y * w + x])) << "x=" << x << " y=" << y;
}

// The sorted returned values of n "fetch and add 1" operations are 0..n-1.
template <class T> void expectPermutation(std::vector<T> v, T step, const char *what) {
  std::sort(v.begin(), v.end());
  for (size_t k = 0; k < v.size(); ++k)
    ASSERT_EQ(v[k], static_cast<T>(k) * step) << what << " rank " << k;
}

// Exchanging values 1..n into a location holding 0: the old values and the final value are
// {0, 1, ..., n}.
template <class T> void expectExchangeChain(std::vector<T> olds, T last, const char *what) {
  olds.push_back(last);
  expectPermutation(olds, T{1}, what);
}

// One compare-and-swap from 0 succeeds; everyone else sees the winner's value.
template <class T> void expectOneCasWinner(const std::vector<T> &r, T final, const char *what) {
  const auto winners = std::count(r.begin(), r.end(), T{-1});
  ASSERT_EQ(winners, 1) << what;
  for (size_t k = 0; k < r.size(); ++k) {
    if (r[k] != -1) {
      ASSERT_EQ(r[k], final) << what << " item " << k;
    }
  }
}

// atomic_inc / atomic_dec with a limit, serialised from 0: the multiset of returned values and
// the final value do not depend on the order.
void expectIncDec(const std::vector<int32_t> &incOld, int32_t incFinal,
                  const std::vector<int32_t> &decOld, int32_t decFinal, const char *what) {
  uint32_t inc = 0, dec = 0;
  std::vector<int32_t> wantInc, wantDec;
  for (size_t k = 0; k < incOld.size(); ++k) {
    wantInc.push_back(static_cast<int32_t>(inc));
    inc = inc >= 9u ? 0 : inc + 1;
    wantDec.push_back(static_cast<int32_t>(dec));
    dec = dec == 0 || dec > 6u ? 6u : dec - 1;
  }
  auto a = incOld, b = decOld;
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  std::sort(wantInc.begin(), wantInc.end());
  std::sort(wantDec.begin(), wantDec.end());
  EXPECT_EQ(a, wantInc) << what << ": atomic_inc returned values";
  EXPECT_EQ(b, wantDec) << what << ": atomic_dec returned values";
  EXPECT_EQ(incFinal, static_cast<int32_t>(inc)) << what << ": atomic_inc final";
  EXPECT_EQ(decFinal, static_cast<int32_t>(dec)) << what << ": atomic_dec final";
}

// What the add / xor / min / max counters end at after every value in [first, last) was
// applied atomically to counters that start at the given min / max values.
struct AtomicTotals {
  uint32_t sum = 0, x = 0, umin, umax;
  int32_t smin, smax;
  AtomicTotals(const int32_t *first, const int32_t *last, int32_t smin0, int32_t smax0,
               uint32_t umin0, uint32_t umax0)
      : umin(umin0), umax(umax0), smin(smin0), smax(smax0) {
    for (const int32_t *p = first; p != last; ++p) {
      const int32_t v = *p;
      sum += static_cast<uint32_t>(v);
      x ^= static_cast<uint32_t>(v);
      smin = std::min(smin, v);
      smax = std::max(smax, v);
      umin = std::min(umin, static_cast<uint32_t>(v));
      umax = std::max(umax, static_cast<uint32_t>(v));
    }
  }
};

TEST_P(EmuSuiteMemory, GlobalAtomicsI32) {
  auto m = load("atomics.cl");
  ASSERT_TRUE(m);
  const uint32_t n = 3000; // block 256: the last group is partial
  auto val = randomInts<int32_t>(n, 211);
  std::vector<int32_t> init(14, 0);
  init[2] = std::numeric_limits<int32_t>::max();
  init[3] = std::numeric_limits<int32_t>::min();
  init[4] = -1; // unsigned min starts at 0xFFFFFFFF
  init[6] = -1;
  const uint64_t dctr = upload(dev, init), dold = dev.alloc(5 * n * 4), dval = upload(dev, val);
  SUITE_LAUNCH(m, "atomics_global_i32", (LaunchConfig{{n, 1, 1}, {256, 1, 1}}),
               KernelArgs().add(dctr).add(dold).add(dval).add(n));
  auto c = download<int32_t>(dev, dctr, 14);
  auto old = download<int32_t>(dev, dold, 5 * n);
  auto part = [&](uint32_t k) {
    return std::vector<int32_t>(old.begin() + k * n, old.begin() + (k + 1) * n);
  };
  const auto [sum, x, umin, umax, smin, smax] =
      AtomicTotals(val.data(), val.data() + n, init[2], init[3], ~0u, 0);
  EXPECT_EQ(c[0], static_cast<int32_t>(n)) << "add";
  expectPermutation(part(0), 1, "add returned");
  EXPECT_EQ(static_cast<uint32_t>(c[1]), sum) << "add (no return)";
  EXPECT_EQ(c[2], smin) << "min_i32";
  EXPECT_EQ(c[3], smax) << "max_i32";
  EXPECT_EQ(static_cast<uint32_t>(c[4]), umin) << "min_u32";
  EXPECT_EQ(static_cast<uint32_t>(c[5]), umax) << "max_u32";
  EXPECT_EQ(static_cast<uint32_t>(c[6]), 0x80000000u) << "and";
  EXPECT_EQ(static_cast<uint32_t>(c[7]), 0x1FFFFFFFu) << "or";
  EXPECT_EQ(static_cast<uint32_t>(c[8]), x) << "xor";
  expectExchangeChain(part(1), c[9], "xchg");
  expectOneCasWinner(part(2), c[10], "cmpxchg");
  expectIncDec(part(3), c[11], part(4), c[12], "global");
  EXPECT_EQ(static_cast<uint32_t>(c[13]), 0u - sum) << "sub";
}

TEST_P(EmuSuiteMemory, LdsAtomicsI32) {
  auto m = load("atomics.cl");
  ASSERT_TRUE(m);
  const uint32_t block = 256, groups = 8, n = block * groups;
  auto val = randomInts<int32_t>(n, 212);
  const uint64_t dctr = dev.alloc(groups * 16 * 4), dold = dev.alloc(5 * n * 4),
                 dval = upload(dev, val);
  SUITE_LAUNCH(m, "atomics_lds_i32", (LaunchConfig{{n, 1, 1}, {block, 1, 1}}),
               KernelArgs().add(dctr).add(dold).add(dval).add(n));
  auto c = download<int32_t>(dev, dctr, groups * 16);
  auto old = download<int32_t>(dev, dold, 5 * n);
  for (uint32_t g = 0; g < groups; ++g) {
    SCOPED_TRACE("group " + std::to_string(g));
    auto part = [&](uint32_t k) {
      return std::vector<int32_t>(old.begin() + k * n + g * block,
                                  old.begin() + k * n + (g + 1) * block);
    };
    const int32_t *cg = &c[g * 16];
    // The kernel's initial values: c[2] = INT_MAX (min), c[3] = INT_MIN (max),
    // c[4] = 0x7FFFFFFF (min_u32), c[5] = 0x80000000 (max_u32), c[6] = -1 (and).
    const auto [sum, x, umin, umax, smin, smax] = AtomicTotals(
        val.data() + g * block, val.data() + (g + 1) * block, std::numeric_limits<int32_t>::max(),
        std::numeric_limits<int32_t>::min(), 0x7FFFFFFF, 0x80000000u);
    EXPECT_EQ(cg[0], static_cast<int32_t>(block)) << "add";
    expectPermutation(part(0), 1, "ds_add_rtn_u32");
    EXPECT_EQ(static_cast<uint32_t>(cg[1]), sum) << "ds_add_u32";
    EXPECT_EQ(cg[2], smin) << "ds_min_i32";
    EXPECT_EQ(cg[3], smax) << "ds_max_i32";
    EXPECT_EQ(static_cast<uint32_t>(cg[4]), umin) << "ds_min_u32";
    EXPECT_EQ(static_cast<uint32_t>(cg[5]), umax) << "ds_max_u32";
    EXPECT_EQ(static_cast<uint32_t>(cg[6]), 0x80000000u) << "ds_and_b32";
    EXPECT_EQ(static_cast<uint32_t>(cg[7]), 0x1FFFFFFFu) << "ds_or_b32";
    EXPECT_EQ(static_cast<uint32_t>(cg[8]), x) << "ds_xor_b32";
    expectExchangeChain(part(1), cg[9], "ds_storexchg_rtn_b32");
    expectOneCasWinner(part(2), cg[10], "ds_cmpstore_rtn_b32");
    expectIncDec(part(3), cg[11], part(4), cg[12], "LDS");
    EXPECT_EQ(static_cast<uint32_t>(cg[13]), 0u - sum) << "ds_sub_u32";
  }
}

// Float atomic add on LDS (ds_add_f32, ds_add_rtn_f32) and global memory (compare-and-swap
// loop). Adding 1.0 gives the returned values 0, 1, ... n-1 in some order; the other values are
// multiples of 1/4 whose partial sums are exact in f32.
TEST_P(EmuSuiteMemory, FloatAtomicAddLdsAndGlobalCas) {
  auto m = load("atomics.cl");
  ASSERT_TRUE(m);
  const uint32_t block = 128, groups = 6, n = block * groups;
  std::vector<float> val(n);
  auto r = randomInts<int32_t>(n, 213);
  for (uint32_t i = 0; i < n; ++i)
    val[i] = static_cast<float>(r[i] % 257) * 0.25f;
  const uint64_t gsum = dev.alloc(8), gold = dev.alloc(n * 4), lold = dev.alloc(n * 4),
                 lsums = dev.alloc(groups * 8), dval = upload(dev, val);
  SUITE_LAUNCH(m, "atomics_f32", (LaunchConfig{{n, 1, 1}, {block, 1, 1}}),
               KernelArgs().add(gsum).add(gold).add(lold).add(lsums).add(dval));
  auto gs = download<float>(dev, gsum, 2);
  auto go = download<float>(dev, gold, n);
  auto lo = download<float>(dev, lold, n);
  auto ls = download<float>(dev, lsums, groups * 2);
  double total = 0;
  for (float v : val)
    total += v;
  EXPECT_EQ(gs[0], static_cast<float>(n));
  EXPECT_EQ(gs[1], static_cast<float>(total));
  expectPermutation(go, 1.0f, "global f32 add returned");
  for (uint32_t g = 0; g < groups; ++g) {
    expectPermutation(std::vector<float>(lo.begin() + g * block, lo.begin() + (g + 1) * block),
                      1.0f, "ds_add_rtn_f32");
    double part = 0;
    for (uint32_t l = 0; l < block; ++l)
      part += val[g * block + l];
    EXPECT_EQ(ls[2 * g], static_cast<float>(block)) << "group " << g;
    EXPECT_EQ(ls[2 * g + 1], static_cast<float>(part)) << "group " << g;
  }
}

// global_atomic_add_f32 (the file is compiled with -munsafe-fp-atomics).
TEST_P(EmuSuiteMemory, FloatAtomicAddGlobalInstruction) {
  auto m = load("atomics_fp_unsafe.cl", "-munsafe-fp-atomics");
  ASSERT_TRUE(m);
  const uint32_t n = 1500;
  std::vector<float> val(n);
  auto r = randomInts<int32_t>(n, 214);
  for (uint32_t i = 0; i < n; ++i)
    val[i] = static_cast<float>(r[i] % 1001) * 0.25f;
  const uint64_t sum = dev.alloc(8), old = dev.alloc(n * 4), dval = upload(dev, val);
  SUITE_LAUNCH(m, "atomics_f32_global_add", (LaunchConfig{{n, 1, 1}, {256, 1, 1}}),
               KernelArgs().add(sum).add(old).add(dval).add(n));
  auto s = download<float>(dev, sum, 2);
  double total = 0;
  for (float v : val)
    total += v;
  EXPECT_EQ(s[0], static_cast<float>(total));
  EXPECT_EQ(s[1], static_cast<float>(n));
  expectPermutation(download<float>(dev, old, n), 1.0f, "global_atomic_add_f32 returned");
}

TEST_P(EmuSuiteMemory, Atomics64GlobalAndLds) {
  auto m = load("atomics.cl");
  ASSERT_TRUE(m);
  const uint32_t block = 64, groups = 4, n = block * groups;
  auto val = randomInts<int64_t>(n, 215);
  std::vector<int64_t> init(11, 0);
  init[1] = std::numeric_limits<int64_t>::max();
  init[2] = std::numeric_limits<int64_t>::min();
  init[3] = -1;
  init[5] = -1;
  const uint64_t gctr = upload(dev, init), gold = dev.alloc(5 * n * 8),
                 lctr = dev.alloc(groups * 9 * 8), dval = upload(dev, val), fsum = dev.alloc(8);
  SUITE_LAUNCH(m, "atomics_i64", (LaunchConfig{{n, 1, 1}, {block, 1, 1}}),
               KernelArgs().add(gctr).add(gold).add(lctr).add(dval).add(fsum).add(n));
  auto c = download<int64_t>(dev, gctr, 11);
  auto old = download<int64_t>(dev, gold, 5 * n);
  auto lc = download<int64_t>(dev, lctr, groups * 9);
  const double fs = download<double>(dev, fsum, 1)[0];
  auto part = [&](uint32_t k, uint32_t first, uint32_t count) {
    return std::vector<int64_t>(old.begin() + k * n + first, old.begin() + k * n + first + count);
  };
  uint64_t sum = 0, x = 0, umin = ~0ull, umax = 0;
  int64_t smin = init[1], smax = init[2];
  double dtotal = 0;
  for (int64_t v : val) {
    sum += static_cast<uint64_t>(v);
    x ^= static_cast<uint64_t>(v);
    smin = std::min(smin, v);
    smax = std::max(smax, v);
    umin = std::min(umin, static_cast<uint64_t>(v));
    umax = std::max(umax, static_cast<uint64_t>(v));
    dtotal += static_cast<double>(v & 0xFFFF) * 0.125;
  }
  EXPECT_EQ(c[0], static_cast<int64_t>(n) << 35) << "add_u64";
  expectPermutation(part(0, 0, n), int64_t{1} << 35, "global_atomic_add_u64 returned");
  EXPECT_EQ(static_cast<uint64_t>(c[10]), sum) << "add_u64 (no return)";
  EXPECT_EQ(c[1], smin) << "min_i64";
  EXPECT_EQ(c[2], smax) << "max_i64";
  EXPECT_EQ(static_cast<uint64_t>(c[3]), umin) << "min_u64";
  EXPECT_EQ(static_cast<uint64_t>(c[4]), umax) << "max_u64";
  EXPECT_EQ(static_cast<uint64_t>(c[5]), 0x8000000000000000ull) << "and_b64";
  EXPECT_EQ(static_cast<uint64_t>(c[6]), (1ull << 61) - 1) << "or_b64";
  EXPECT_EQ(static_cast<uint64_t>(c[7]), x) << "xor_b64";
  expectExchangeChain(part(1, 0, n), c[8], "swap_b64");
  expectOneCasWinner(part(2, 0, n), c[9], "cmpswap_b64");
  EXPECT_EQ(fs, dtotal) << "f64 add (global)";
  for (uint32_t g = 0; g < groups; ++g) {
    SCOPED_TRACE("group " + std::to_string(g));
    const int64_t *cg = &lc[g * 9];
    uint64_t gx = 0, gumax = 0;
    int64_t gmin = std::numeric_limits<int64_t>::max(), gmax = std::numeric_limits<int64_t>::min();
    double gd = 0;
    for (uint32_t l = 0; l < block; ++l) {
      const int64_t v = val[g * block + l];
      gx ^= static_cast<uint64_t>(v);
      gumax = std::max(gumax, static_cast<uint64_t>(v));
      gmin = std::min(gmin, v);
      gmax = std::max(gmax, v);
      gd += static_cast<double>(v & 0xFFFF) * 0.125;
    }
    EXPECT_EQ(cg[0], int64_t{block} << 33) << "ds_add_rtn_u64";
    expectPermutation(part(3, g * block, block), int64_t{1} << 33, "ds_add_rtn_u64 returned");
    EXPECT_EQ(cg[1], gmin) << "ds_min_i64";
    EXPECT_EQ(cg[2], gmax) << "ds_max_i64";
    EXPECT_EQ(static_cast<uint64_t>(cg[3]), gumax) << "ds_max_u64";
    EXPECT_EQ(static_cast<uint64_t>(cg[4]), gx) << "ds_xor_b64";
    EXPECT_EQ(static_cast<uint64_t>(cg[5]), (1ull << 60) - 1) << "ds_or_b64";
    EXPECT_TRUE(cg[6] >= 100 && cg[6] < 100 + int64_t{block}) << "ds_cmpstore_b64: " << cg[6];
    expectExchangeChain(part(4, g * block, block), cg[7], "ds_storexchg_rtn_b64");
    EXPECT_EQ(std::bit_cast<double>(cg[8]), gd) << "f64 add (LDS)";
  }
}

void checkPrivateArray(const std::vector<uint32_t> &idx, const std::vector<uint32_t> &out) {
  const uint32_t n = static_cast<uint32_t>(idx.size());
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t arr[48];
    for (uint32_t k = 0; k < 48; ++k)
      arr[k] = k * i + (k ^ 0x55u);
    uint32_t acc = 0;
    for (uint32_t k = 0; k < 24; ++k) {
      const uint32_t j = idx[(i + k) % n] % 48;
      arr[j] += acc;
      acc = acc * 31u + arr[(j * 7u + k) % 48u];
    }
    ASSERT_EQ(out[i], acc ^ arr[i % 48]) << "i=" << i;
  }
}

void checkPrivateSort(const std::vector<double> &keys, const std::vector<double> &outKeys,
                      const std::vector<uint32_t> &outTags) {
  const uint32_t n = static_cast<uint32_t>(keys.size());
  for (uint32_t i = 0; i < n; ++i) {
    std::vector<std::pair<double, uint32_t>> items;
    for (uint32_t k = 0; k < 12; ++k)
      items.push_back({keys[(i * 5 + k * 3) % n], k});
    std::stable_sort(items.begin(), items.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    uint32_t tags = 0;
    for (uint32_t k = 0; k < 8; ++k)
      tags |= items[k].second << (4 * k);
    ASSERT_EQ(bits(outKeys[i]), bits(items[i % 12].first)) << "i=" << i;
    ASSERT_EQ(outTags[i], tags) << "i=" << i;
  }
}

void runScratchKernels(runtime::Device &dev, const runtime::Module &m) {
  const uint32_t n = 500;
  auto idx = randomInts<uint32_t>(n, 221);
  const uint64_t didx = upload(dev, idx), dout = dev.alloc(n * 4);
  auto r = runtime::launch(dev, m, "private_array", LaunchConfig{{n, 1, 1}, {64, 1, 1}},
                           KernelArgs().add(didx).add(dout).add(n));
  ASSERT_TRUE(r.ok()) << "private_array: " << r.error;
  checkPrivateArray(idx, download<uint32_t>(dev, dout, n));

  const uint32_t ns = 300;
  auto raw = randomInts<uint32_t>(ns, 222);
  std::vector<double> keys(ns);
  for (uint32_t i = 0; i < ns; ++i) // many equal keys: the sort must stay stable
    keys[i] = static_cast<double>(raw[i] % 40) * 0.375 - 7.0;
  const uint64_t dkeys = upload(dev, keys), dok = dev.alloc(ns * 8), dot = dev.alloc(ns * 4);
  r = runtime::launch(dev, m, "private_sort", LaunchConfig{{ns, 1, 1}, {32, 1, 1}},
                      KernelArgs().add(dkeys).add(dok).add(dot).add(ns));
  ASSERT_TRUE(r.ok()) << "private_sort: " << r.error;
  checkPrivateSort(keys, download<double>(dev, dok, ns), download<uint32_t>(dev, dot, ns));
}

TEST_P(EmuSuiteMemory, ScratchArraysO2) {
  auto m = load("scratch.cl");
  ASSERT_TRUE(m);
  runScratchKernels(dev, *m);
}

// At -O0 every variable lives in scratch and the prelude's helpers are real calls.
TEST_P(EmuSuiteMemory, ScratchArraysO0) {
  auto m = load("scratch.cl", "-O0");
  ASSERT_TRUE(m);
  runScratchKernels(dev, *m);
}

// Host model of private_calls.cl.
uint32_t mixPrivate(uint32_t seed, uint32_t rounds) {
  uint32_t arr[32];
  for (uint32_t k = 0; k < 32; ++k)
    arr[k] = (seed * (k + 1)) ^ (k << 7);
  uint32_t acc = seed;
  for (uint32_t k = 0; k < rounds; ++k) {
    const uint32_t j = (acc >> 3) % 32;
    arr[j] += acc;
    acc = acc * 33u + arr[(j + k) % 32];
  }
  return acc;
}
uint32_t level2(uint32_t v) {
  uint32_t frame[6];
  for (uint32_t k = 0; k < 6; ++k)
    frame[k] = v * (k + 3);
  return frame[v % 6] ^ frame[(v >> 4) % 6];
}
uint32_t level1(uint32_t v) {
  uint32_t frame[5];
  for (uint32_t k = 0; k < 5; ++k)
    frame[k] = v + k * 11;
  const uint32_t below = level2(v * 3u + 1u);
  return frame[(v + below) % 5] + below;
}
uint32_t level0(uint32_t v) {
  uint32_t frame[4];
  for (uint32_t k = 0; k < 4; ++k)
    frame[k] = v ^ (k << 9);
  const uint32_t below = level1(v + 7u);
  return frame[below % 4] * 5u + below;
}

void runPrivateCalls(runtime::Device &dev, const runtime::Module &m) {
  const uint32_t n = 300;
  auto in = randomInts<uint32_t>(n, 223);
  const uint64_t din = upload(dev, in), dout = dev.alloc(3 * n * 4);
  auto r = runtime::launch(dev, m, "private_calls", LaunchConfig{{n, 1, 1}, {64, 1, 1}},
                           KernelArgs().add(din).add(dout).add(n));
  ASSERT_TRUE(r.ok()) << "private_calls: " << r.error;
  auto out = download<uint32_t>(dev, dout, 3 * n);
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t buf[24];
    for (uint32_t k = 0; k < 24; ++k)
      buf[k] = in[i] + k * k;
    buf[in[i] % 24] ^= mixPrivate(in[i], 5 + i % 7);
    uint32_t sum = 0;
    for (uint32_t k = 0; k < 24; ++k)
      sum = sum * 7u + buf[k];
    ASSERT_EQ(out[3 * i], sum) << "generic pointers into the caller's array, i=" << i;
    ASSERT_EQ(out[3 * i + 1], mixPrivate(in[(i + 1) % n], 9)) << "callee's array, i=" << i;
    ASSERT_EQ(out[3 * i + 2], level0(in[i])) << "nested calls, i=" << i;
  }
}

// Calls with stack frames (gfx9: s32 / s33 as wave-scaled offsets into the swizzled private
// segment), flat accesses through generic pointers to private arrays, nested calls; at -O2 and
// at -O0 (every variable in a frame).
TEST_P(EmuSuiteMemory, PrivateArraysInCalls) {
  for (const char *optimization : {"", " -O0"}) {
    SCOPED_TRACE(optimization);
    auto m = load("private_calls.cl", std::string("-cl-std=CL2.0") + optimization);
    ASSERT_TRUE(m);
    runPrivateCalls(dev, *m);
  }
}

INSTANTIATE_TEST_SUITE_P(Config, EmuSuiteMemory, allConfigs(), configName);

} // namespace
} // namespace gcnkit::emutest::suite
