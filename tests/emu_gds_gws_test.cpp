// GDS, GWS and ordered count (seed 004, the RDNA3 guide's GWS / GDS pseudocode): hand-written
// assembly on gfx1100 (wave32 and wave64) and gfx908, and clang-19 OpenCL kernels using the
// GWS builtins, each checked against a host model written from the rules: GWS barriers across
// many more work-groups than the two worker threads, semaphores as a lock, ordered counts in
// wave-creation order, GDS atomics across work-groups, the single-lane and EXEC == 0 rules and
// deadlocks that end with a fault instead of a hang.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "emu_asm_util.h"
#include "emu_kernel_util.h"

namespace gcnkit::emutest {
namespace {

using runtime::Device;
using runtime::DeviceOptions;
using runtime::Fault;

constexpr isa::Target kGfx908 = isa::Target::GFX908;
constexpr isa::Target kGfx1100 = isa::Target::GFX1100;

struct Config {
  isa::Target target;
  unsigned wave;
};

std::string name(const Config &c) {
  return std::string(c.target == kGfx908 ? "gfx908" : "gfx1100") + "_w" + std::to_string(c.wave);
}

const Config kConfigs[] = {{kGfx1100, 32}, {kGfx1100, 64}, {kGfx908, 64}};

DeviceOptions threads(unsigned n) {
  DeviceOptions o;
  o.threads = n;
  return o;
}

struct GridRun {
  std::vector<uint32_t> out;
  runtime::LaunchResult result;
};

// Runs the k(out, in) kernel of emu_asm_util.h over `groups` work-groups of `groupThreads`
// work-items; `out` starts as outWords words of `fill`. In the body s2 is the work-group id (s8
// on gfx908 with private memory), v0 the work-item id in its group, v100 = v0 * 4.
GridRun runGrid(Device &dev, const Config &c, const std::string &body, unsigned groups,
                unsigned groupThreads, size_t outWords, uint32_t fill = 0xDEADBEEF,
                unsigned privateBytes = 0) {
  GridRun run;
  AsmKernelOptions opts;
  opts.target = c.target;
  opts.privateBytes = privateBytes;
  auto m = loadAsm(dev, body, c.wave, opts);
  if (!m)
    return run;
  const uint64_t din = upload(dev, std::vector<uint32_t>(64, 0));
  const uint64_t dout = upload(dev, std::vector<uint32_t>(outWords, fill));
  run.result = runtime::launch(
      dev, *m, "k", runtime::LaunchConfig{{groups * groupThreads, 1, 1}, {groupThreads, 1, 1}},
      runtime::KernelArgs().add(dout).add(din));
  run.out = download<uint32_t>(dev, dout, outWords);
  return run;
}

std::string store(const Config &c, unsigned addr, unsigned data) {
  return std::string("  ") + (c.target == kGfx908 ? "global_store_dword" : "global_store_b32") +
         " v" + std::to_string(addr) + ", v" + std::to_string(data) + ", s[4:5]\n";
}
std::string load(const Config &c, unsigned data, unsigned addr) {
  return std::string("  ") + (c.target == kGfx908 ? "global_load_dword" : "global_load_b32") +
         " v" + std::to_string(data) + ", v" + std::to_string(addr) +
         ", s[4:5]\n  s_waitcnt vmcnt(0)\n";
}
// v<dst> = s<sreg> + v<vsrc> in the target's spelling.
std::string vadd(const Config &c, unsigned dst, const std::string &ssrc, unsigned vsrc) {
  return std::string("  ") + (c.target == kGfx908 ? "v_add_u32" : "v_add_nc_u32") + " v" +
         std::to_string(dst) + ", " + ssrc + ", v" + std::to_string(vsrc) + "\n";
}
// v<dst> = (s<group> * n + v0) * 4: the work-item's word in the region of group s<group>.
std::string wordOf(const Config &c, unsigned dst, const std::string &group, unsigned n) {
  return "  s_mul_i32 s20, " + group + ", " + std::to_string(n) + "\n" + vadd(c, dst, "s20", 0) +
         "  v_lshlrev_b32 v" + std::to_string(dst) + ", 2, v" + std::to_string(dst) + "\n";
}

// A dispatch's GWS resources start at 0, so work-group 0 initialises resource 0 for a barrier of
// `count` waves and then opens semaphore 1 for the `others` waves, which wait there until it has.
std::string initBarrier(unsigned count, unsigned others, const std::string &group = "s2") {
  return "  s_mov_b32 m0, 0\n"
         "  s_cmp_eq_u32 " +
         group +
         ", 0\n"
         "  s_cbranch_scc0 wait_init\n"
         "  v_mov_b32 v1, " +
         std::to_string(count) +
         "\n"
         "  ds_gws_init v1 gds\n"
         "  s_waitcnt lgkmcnt(0)\n"
         "  v_mov_b32 v1, " +
         std::to_string(others) +
         "\n"
         "  ds_gws_sema_br v1 offset:1 gds\n"
         "  s_waitcnt lgkmcnt(0)\n"
         "  s_branch ready\n"
         "wait_init:\n"
         "  ds_gws_sema_p offset:1 gds\n"
         "  s_waitcnt lgkmcnt(0)\n"
         "ready:\n";
}

class GdsGws : public ::testing::TestWithParam<Config> {};

// A GWS barrier across 64 work-groups of one wave on two worker threads (initBarrier): every
// wave writes its words, meets the others at the barrier and then reads the words of the next
// group, which must all be there.
TEST_P(GdsGws, BarrierAcrossManyGroups) {
  const Config c = GetParam();
  Device dev(threads(2));
  constexpr unsigned kGroups = 64;
  const unsigned n = c.wave;
  std::string body = initBarrier(kGroups, kGroups - 1) +
                     // out[g * n + l] = g * 1000 + l
                     wordOf(c, 10, "s2", n) + "  s_mul_i32 s21, s2, 1000\n" +
                     vadd(c, 11, "s21", 0) + store(c, 10, 11) +
                     "  s_waitcnt vmcnt(0)\n"
                     "  v_mov_b32 v1, " +
                     std::to_string(kGroups) +
                     "\n"
                     "  ds_gws_barrier v1 gds\n"
                     "  s_waitcnt lgkmcnt(0)\n"
                     // out[(64 + g) * n + l] = out[((g + 1) % 64) * n + l]
                     "  s_add_u32 s8, s2, 1\n"
                     "  s_and_b32 s8, s8, 63\n" +
                     wordOf(c, 12, "s8", n) + load(c, 13, 12) + "  s_add_u32 s8, s2, " +
                     std::to_string(kGroups) + "\n" + wordOf(c, 14, "s8", n) + store(c, 14, 13);
  GridRun r = runGrid(dev, c, body, kGroups, n, 2 * kGroups * n);
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  for (unsigned g = 0; g < kGroups; ++g)
    for (unsigned l = 0; l < n; ++l) {
      ASSERT_EQ(r.out[g * n + l], g * 1000 + l) << g << " " << l;
      ASSERT_EQ(r.out[(kGroups + g) * n + l], ((g + 1) % kGroups) * 1000 + l) << g << " " << l;
    }
}

// A semaphore as a lock around a non-atomic read-modify-write of a global counter: group 0
// enters first, every group leaves with ds_gws_sema_v, the others wait in ds_gws_sema_p. The
// resource is named through M0[21:16] + offset0 modulo 64 (63 + 2 = resource 1). Each group
// records the value it saw: the values are 0..31 in some order and the counter ends at 32.
TEST_P(GdsGws, SemaphoreLock) {
  const Config c = GetParam();
  Device dev(threads(2));
  constexpr unsigned kGroups = 32;
  const std::string add =
      c.target == kGfx908 ? "  v_add_u32 v13, 1, v11\n" : "  v_add_nc_u32 v13, 1, v11\n";
  const std::string lockBody = "  s_mov_b32 m0, 0x3f0000\n"
                               "  s_cmp_eq_u32 s2, 0\n"
                               "  s_cbranch_scc1 locked\n"
                               "  ds_gws_sema_p offset:2 gds\n"
                               "  s_waitcnt lgkmcnt(0)\n"
                               "locked:\n"
                               "  v_mov_b32 v10, 0\n" +
                               load(c, 11, 10) + add + store(c, 10, 13) +
                               "  s_waitcnt vmcnt(0)\n"
                               // out[1 + g] = the value seen
                               "  v_mov_b32 v12, s2\n"
                               "  v_lshlrev_b32 v12, 2, v12\n"
                               "  v_add_" +
                               std::string(c.target == kGfx908 ? "u32" : "nc_u32") +
                               " v12, 4, v12\n" + store(c, 12, 11) +
                               "  s_waitcnt vmcnt(0)\n"
                               "  ds_gws_sema_v offset:2 gds\n"
                               "  s_waitcnt lgkmcnt(0)\n"
                               "  s_nop 0\n";
  // Every lane of the wave reads and writes the same words, with the same values.
  GridRun r = runGrid(dev, c, lockBody, kGroups, c.wave, 64, 0);
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  EXPECT_EQ(r.out[0], kGroups);
  std::vector<uint32_t> seen(r.out.begin() + 1, r.out.begin() + 1 + kGroups);
  std::sort(seen.begin(), seen.end());
  for (unsigned i = 0; i < kGroups; ++i)
    EXPECT_EQ(seen[i], i);
}

std::string dsStore(const Config &c) {
  return c.target == kGfx908 ? "ds_write_b32" : "ds_store_b32";
}
std::string dsLoad(const Config &c) { return c.target == kGfx908 ? "ds_read_b32" : "ds_load_b32"; }

// Each wave takes its creation-order slot from ds_ordered_count (add, wave_release | wave_done):
// the increment is its group's id + 1, so the value returned to the first lane is the sum of
// the increments of every earlier wave (groups in dispatch order, waves in group order). wave32
// runs two waves per group. The counter is GS register 3 on gfx11 and the GDS dword at M0's
// ordered-count base (dword 4) + offset0 on gfx908.
TEST_P(GdsGws, OrderedCountCreationOrder) {
  const Config c = GetParam();
  Device dev(threads(2));
  constexpr unsigned kGroups = 24;
  const unsigned perGroup = c.wave == 32 ? 2 : 1, n = perGroup * c.wave;
  const unsigned shift = c.wave == 32 ? 5 : 6;
  const std::string body =
      std::string("  s_mov_b32 m0, ") + (c.target == kGfx908 ? "0x100000" : "0") + "\n" +
      "  s_add_u32 s8, s2, 1\n  v_mov_b32 v1, s8\n  v_mov_b32 v2, 0xaaaa\n"
      "  ds_ordered_count v2, v1 offset:780 gds\n"
      "  s_waitcnt lgkmcnt(0)\n"
      // out[group * perGroup + wave] = v2 of lane 0
      "  v_lshrrev_b32 v3, " +
      std::to_string(shift) + ", v0\n  s_mul_i32 s9, s2, " + std::to_string(perGroup) + "\n" +
      vadd(c, 3, "s9", 3) + "  v_lshlrev_b32 v3, 2, v3\n" + setExec(c.wave, 1) + store(c, 3, 2);
  GridRun r = runGrid(dev, c, body, kGroups, n, kGroups * perGroup);
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  uint32_t sum = 0;
  for (unsigned g = 0; g < kGroups; ++g)
    for (unsigned w = 0; w < perGroup; ++w) {
      EXPECT_EQ(r.out[g * perGroup + w], sum) << g << " " << w;
      sum += g + 1;
    }
}

// The lane rules of ds_ordered_count and where its counter lives: with EXEC = 0b1100 the
// increment comes from lane 2 and only lane 2 gets the result; with EXEC = 0 it acts as if
// EXEC were 1 (lane 0). The first request keeps the turn (wave_release clear), the second
// releases it. The counter is then read back: GS register 5 through ds_add_gs_reg_rtn (gfx11),
// the GDS dword at 16 + 20 through ds_read_b32 gds (gfx908).
TEST_P(GdsGws, OrderedCountLanes) {
  const Config c = GetParam();
  Device dev(threads(2));
  const bool gfx9 = c.target == kGfx908;
  std::string body =
      std::string("  s_mov_b32 m0, ") + (gfx9 ? "0x100000" : "0") + "\n" + vadd(c, 1, "5", 0) +
      "  v_mov_b32 v2, 0xaaaa\n  v_mov_b32 v3, 0xaaaa\n  v_mov_b32 v4, 0xbbbb\n" +
      setExec(c.wave, 0xC) + "  ds_ordered_count v2, v1 offset:20 gds\n  s_waitcnt lgkmcnt(0)\n" +
      setExec(c.wave, 0) + "  ds_ordered_count v3, v1 offset:276 gds\n  s_waitcnt lgkmcnt(0)\n" +
      allExec(c.wave);
  if (gfx9)
    body += "  s_mov_b32 m0, 0\n  v_mov_b32 v6, 36\n  ds_read_b32 v4, v6 gds\n";
  else
    body += "  v_mov_b32 v6, 0\n  ds_add_gs_reg_rtn v[4:5], v6 offset:20 gds\n";
  body += "  s_waitcnt lgkmcnt(0)\n" + store(c, 100, 2) + "  v_add_" +
          std::string(gfx9 ? "u32" : "nc_u32") + " v100, 0x100, v100\n" + store(c, 100, 3) +
          "  v_add_" + std::string(gfx9 ? "u32" : "nc_u32") + " v100, 0x100, v100\n" +
          store(c, 100, 4);
  GridRun r = runGrid(dev, c, body, 1, c.wave, 192);
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  for (unsigned l = 0; l < c.wave; ++l) {
    EXPECT_EQ(r.out[l], l == 2 ? 0u : 0xaaaau) << l;
    EXPECT_EQ(r.out[64 + l], l == 0 ? 7u : 0xaaaau) << l;
    // gfx9 reads per lane; gfx11's GS register access is single-lane.
    EXPECT_EQ(r.out[128 + l], gfx9 || l == 0 ? 12u : 0xbbbbu) << l;
  }
}

// ds_add_rtn_u32 on the GDS from 32 work-groups on two threads, at GDS byte 8 (M0 base 8 +
// address 0): the old values are a permutation of 0 .. adds - 1. gfx908's GDS adds once per
// lane; gfx11's uses only the first active lane (the other lanes keep their VDST).
TEST_P(GdsGws, GdsAtomicsAcrossGroups) {
  const Config c = GetParam();
  Device dev(threads(2));
  constexpr unsigned kGroups = 32;
  const bool gfx9 = c.target == kGfx908;
  const std::string body = "  s_mov_b32 m0, 0x80000\n  v_mov_b32 v1, 1\n  v_mov_b32 v2, 0\n"
                           "  v_mov_b32 v3, 0xaaaa\n"
                           "  ds_add_rtn_u32 v3, v2, v1 gds\n  s_waitcnt lgkmcnt(0)\n" +
                           wordOf(c, 10, "s2", c.wave) + store(c, 10, 3);
  GridRun r = runGrid(dev, c, body, kGroups, c.wave, kGroups * c.wave);
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  std::vector<uint32_t> olds;
  for (unsigned g = 0; g < kGroups; ++g)
    for (unsigned l = 0; l < c.wave; ++l) {
      const uint32_t v = r.out[g * c.wave + l];
      if (gfx9 || l == 0)
        olds.push_back(v);
      else
        EXPECT_EQ(v, 0xaaaau);
    }
  std::sort(olds.begin(), olds.end());
  for (size_t i = 0; i < olds.size(); ++i)
    ASSERT_EQ(olds[i], i);
}

// GDS loads and stores: every lane on gfx908, the first active lane on gfx11; an access past
// the 64 KiB (M0 base 0xffff + 8) stops the kernel with a GDS violation.
TEST_P(GdsGws, GdsLanesAndBounds) {
  const Config c = GetParam();
  Device dev(threads(2));
  const bool gfx9 = c.target == kGfx908;
  const std::string body = "  s_mov_b32 m0, 0\n" + vadd(c, 1, "100", 0) +
                           "  v_mov_b32 v5, 0xaaaa\n  v_mov_b32 v6, 0xbbbb\n  " + dsStore(c) +
                           " v100, v1 gds\n  " + dsLoad(c) + " v5, v100 gds\n" +
                           setExec(c.wave, 2) + "  " + dsLoad(c) + " v6, v100 gds\n" +
                           "  s_waitcnt lgkmcnt(0)\n" + allExec(c.wave) + store(c, 100, 5) +
                           vadd(c, 100, "0x100", 100) + store(c, 100, 6);
  GridRun r = runGrid(dev, c, body, 1, c.wave, 128);
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  for (unsigned l = 0; l < c.wave; ++l) {
    EXPECT_EQ(r.out[l], gfx9 ? 100 + l : (l == 0 ? 100u : 0xaaaau)) << l;
    EXPECT_EQ(r.out[64 + l], l == 1 ? (gfx9 ? 101u : 0u) : 0xbbbbu) << l;
  }
  GridRun f = runGrid(dev, c,
                      "  s_mov_b32 m0, 0xffff0000\n  v_mov_b32 v1, 8\n  " + dsStore(c) +
                          " v1, v1 gds\n  s_waitcnt lgkmcnt(0)\n",
                      1, c.wave, 64);
  ASSERT_TRUE(f.result.fault);
  EXPECT_EQ(f.result.fault->kind, Fault::Kind::GdsViolation);
  EXPECT_EQ(f.result.fault->address, 0x10007u);
  EXPECT_EQ(f.result.fault->bytes, 4u);
  EXPECT_NE(f.result.error.find("GDS violation"), std::string::npos) << f.result.error;
}

// The seed's EXEC rules for GWS on one wave. ds_gws_init / _sema_br / _barrier take the first
// active lane's value and act as if EXEC were 1 when it is 0; ds_gws_sema_v / _p /
// _release_all do nothing with EXEC = 0. v1 = lane id (+1 where noted); a barrier on a counter
// of 1 lets its single wave through, a counter of 0 or 2 would hold it forever.
TEST_P(GdsGws, ExecRules) {
  const Config c = GetParam();
  Device dev(threads(2));
  const std::string prologue = "  s_mov_b32 m0, 0\n  v_mov_b32 v1, v0\n" + vadd(c, 2, "1", 0);
  const std::string done = allExec(c.wave) + "  v_mov_b32 v3, 1\n" + store(c, 100, 3);
  struct Case {
    const char *what;
    std::string body;
    bool deadlock;
  };
  // `op` under EXEC = mask, then `then` under all lanes.
  auto masked = [&](uint64_t mask, const std::string &op, const std::string &then) {
    return setExec(c.wave, mask) + "  " + op + "\n" + allExec(c.wave) + then;
  };
  const std::string barrier = "  ds_gws_barrier v1 gds\n",
                    acquire = "  ds_gws_sema_p offset:4 gds\n";
  const Case cases[] = {
      {"init from lane 1", masked(0x6, "ds_gws_init v1 gds", barrier), false},
      {"init with EXEC = 0 reads lane 0", masked(0, "ds_gws_init v2 gds", barrier), false},
      {"barrier with EXEC = 0 counts", "  ds_gws_init v2 gds\n" + masked(0, barrier, ""), false},
      {"init from lane 2 needs two waves", masked(0x4, "ds_gws_init v1 gds", barrier), true},
      {"sema_br with EXEC = 0 reads lane 0", masked(0, "ds_gws_sema_br v2 offset:4 gds", acquire),
       false},
      {"sema_v with EXEC = 0 does nothing", masked(0, "ds_gws_sema_v offset:4 gds", acquire), true},
      {"sema_p with EXEC = 0 does not wait", masked(0, acquire, ""), false},
      {"release_all with EXEC = 0 does nothing",
       "  ds_gws_sema_v offset:4 gds\n" +
           masked(0, "ds_gws_sema_release_all offset:4 gds", acquire + acquire),
       true},
  };
  for (const Case &k : cases) {
    GridRun r =
        runGrid(dev, c, prologue + k.body + "  s_waitcnt lgkmcnt(0)\n" + done, 1, c.wave, 64, 0);
    if (k.deadlock) {
      ASSERT_TRUE(r.result.fault) << k.what;
      EXPECT_EQ(r.result.fault->kind, Fault::Kind::Deadlock) << k.what;
    } else {
      ASSERT_TRUE(r.result.ok()) << k.what << ": " << r.result.error;
      EXPECT_EQ(r.out[0], 1u) << k.what;
    }
  }
}

// A barrier whose count is larger than the number of waves: the dispatch ends with a Deadlock
// fault naming the earliest waiting wave, its instruction and the resource, instead of hanging.
// Likewise a wave that keeps the ordered-count turn (wave_release clear) stalls the next one.
TEST_P(GdsGws, DeadlockIsReported) {
  const Config c = GetParam();
  Device dev(threads(2));
  constexpr unsigned kGroups = 8;
  const std::string body = initBarrier(kGroups + 1, kGroups - 1) + "  v_mov_b32 v1, 0\n"
                                                                   "  ds_gws_barrier v1 gds\n"
                                                                   "  s_waitcnt lgkmcnt(0)\n";
  GridRun r = runGrid(dev, c, body, kGroups, c.wave, 64);
  ASSERT_TRUE(r.result.fault) << "expected a deadlock";
  const Fault &f = *r.result.fault;
  EXPECT_EQ(f.kind, Fault::Kind::Deadlock);
  EXPECT_EQ(f.workgroup.x, 0u);
  EXPECT_EQ(f.wave, 0u);
  EXPECT_EQ(f.instruction, "ds_gws_barrier v1 gds");
  EXPECT_NE(f.detail.find("ds_gws_barrier on GWS resource 0 waits for 1 more wave"),
            std::string::npos)
      << f.detail;
  EXPECT_NE(r.result.error.find("deadlock"), std::string::npos) << r.result.error;

  GridRun o = runGrid(dev, c,
                      "  s_mov_b32 m0, 0\n  v_mov_b32 v1, 1\n"
                      "  ds_ordered_count v2, v1 offset:8 gds\n  s_waitcnt lgkmcnt(0)\n",
                      2, c.wave, 64);
  ASSERT_TRUE(o.result.fault) << "expected a deadlock";
  EXPECT_EQ(o.result.fault->kind, Fault::Kind::Deadlock);
  EXPECT_EQ(o.result.fault->workgroup.x, 1u);
  EXPECT_NE(o.result.fault->detail.find("which wave 0 of work-group (0,0,0) holds"),
            std::string::npos)
      << o.result.fault->detail;
}

// ds_gws_sema_release_all releases exactly the waves queued at the semaphore. One worker runs
// the groups in order: groups 0-6 queue in ds_gws_sema_p, group 7 releases them all and then
// waits itself, which nothing can release any more (the counter went back to 0).
TEST_P(GdsGws, ReleaseAll) {
  const Config c = GetParam();
  Device dev(threads(1));
  constexpr unsigned kGroups = 8;
  const std::string body = "  s_mov_b32 m0, 0\n"
                           "  s_cmp_eq_u32 s2, 7\n"
                           "  s_cbranch_scc1 last\n"
                           "  ds_gws_sema_p offset:3 gds\n"
                           "  s_waitcnt lgkmcnt(0)\n"
                           "  s_branch out\n"
                           "last:\n"
                           "  ds_gws_sema_release_all offset:3 gds\n"
                           "  ds_gws_sema_p offset:3 gds\n"
                           "  s_waitcnt lgkmcnt(0)\n"
                           "out:\n"
                           "  v_mov_b32 v1, 1\n" +
                           wordOf(c, 10, "s2", c.wave) + store(c, 10, 1);
  GridRun r = runGrid(dev, c, body, kGroups, c.wave, kGroups * c.wave, 0);
  ASSERT_TRUE(r.result.fault);
  EXPECT_EQ(r.result.fault->kind, Fault::Kind::Deadlock);
  EXPECT_EQ(r.result.fault->workgroup.x, 7u);
  EXPECT_NE(r.result.fault->detail.find("ds_gws_sema_p on GWS resource 3"), std::string::npos)
      << r.result.fault->detail;
  for (unsigned g = 0; g < kGroups; ++g)
    EXPECT_EQ(r.out[g * c.wave], g < 7 ? 1u : 0u) << g;
}

// gfx11's GS registers (ds_add_gs_reg_rtn / ds_sub_gs_reg_rtn): register 2 is 32-bit, 8 and
// 9 are 64-bit (dwords 8-9 and 10-11: they do not overlap); the 32-bit DATA0 of the first active
// lane is added or subtracted, the old value returned to that lane only, and EXEC = 0 does
// nothing. The host model keeps the registers as a plain array.
TEST_P(GdsGws, GsRegisters) {
  const Config c = GetParam();
  if (c.target == kGfx908)
    GTEST_SKIP() << "gfx908 has no GS registers";
  Device dev(threads(2));
  struct Op {
    bool add;
    unsigned index;
    uint32_t data;
    uint64_t exec;
  };
  const Op ops[] = {{true, 2, 5, 0x6},   {false, 2, 7, ~0ull}, {false, 9, 5, ~0ull},
                    {true, 8, 1, ~0ull}, {true, 9, 7, 0x8},    {true, 9, 100, 0},
                    {true, 9, 0, ~0ull}, {true, 2, 0, ~0ull},  {true, 8, 0, ~0ull}};
  std::string body = "  s_mov_b32 m0, 0\n";
  uint64_t regs[16] = {};
  std::vector<std::vector<uint64_t>> expect; // per op: per lane, 64-bit result (or ~0: kept)
  const unsigned lanes = c.wave;
  for (size_t i = 0; i < std::size(ops); ++i) {
    const Op &op = ops[i];
    const unsigned dst = 10 + 2 * static_cast<unsigned>(i);
    body += "  v_mov_b32 v" + std::to_string(dst) + ", 0x77\n  v_mov_b32 v" +
            std::to_string(dst + 1) + ", 0x77\n  v_mov_b32 v1, " + std::to_string(op.data) + "\n" +
            setExec(c.wave, op.exec) + "  " + (op.add ? "ds_add" : "ds_sub") + "_gs_reg_rtn v[" +
            std::to_string(dst) + ":" + std::to_string(dst + 1) +
            "], v1 offset:" + std::to_string(op.index * 4) + " gds\n  s_waitcnt lgkmcnt(0)\n" +
            allExec(c.wave);
    const uint64_t mask = c.wave == 32 ? op.exec & 0xFFFFFFFFull : op.exec;
    std::vector<uint64_t> lane(lanes, 0x0000007700000077ull);
    if (mask) {
      const unsigned first = static_cast<unsigned>(std::countr_zero(mask));
      const bool wide = op.index > 7;
      const uint64_t old = regs[op.index];
      lane[first] = wide ? old : (0x0000007700000000ull | static_cast<uint32_t>(old));
      const uint64_t v = op.add ? old + op.data : old - op.data;
      regs[op.index] = wide ? v : static_cast<uint32_t>(v);
    }
    expect.push_back(lane);
  }
  for (size_t i = 0; i < std::size(ops); ++i) {
    const unsigned dst = 10 + 2 * static_cast<unsigned>(i);
    body += "  v_lshlrev_b32 v3, 3, v0\n  v_mov_b32 v2, " + std::to_string(i * 512) + "\n" +
            vadd(c, 2, "v2", 3) + "  global_store_b64 v2, v[" + std::to_string(dst) + ":" +
            std::to_string(dst + 1) + "], s[4:5]\n";
  }
  GridRun r = runGrid(dev, c, body, 1, c.wave, std::size(ops) * 128);
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  for (size_t i = 0; i < std::size(ops); ++i)
    for (unsigned l = 0; l < lanes; ++l) {
      const uint64_t got = r.out[i * 128 + 2 * l] | uint64_t{r.out[i * 128 + 2 * l + 1]} << 32;
      EXPECT_EQ(got, expect[i][l]) << "op " << i << " lane " << l;
    }
}

// clang-19's GWS builtins: a grid-wide barrier across 64 work-groups of 64 work-items on two
// threads (lane 0 of each group meets the others; s_barrier holds the rest of the group).
TEST_P(GdsGws, OpenClGridBarrier) {
  const Config c = GetParam();
  Device dev(threads(2));
  const std::string source = R"(
kernel void k(global uint *buf, uint groups) {
  uint g = get_group_id(0), l = get_local_id(0), n = get_local_size(0);
  if (l == 0) {
    if (g == 0) {
      __builtin_amdgcn_ds_gws_init(groups, 0);
      __builtin_amdgcn_ds_gws_sema_br(groups - 1, 1);
    } else {
      __builtin_amdgcn_ds_gws_sema_p(1);
    }
  }
  buf[g * n + l] = g * 7 + l;
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "agent");
  __builtin_amdgcn_s_barrier();
  if (l == 0)
    __builtin_amdgcn_ds_gws_barrier(groups, 0);
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "agent");
  buf[(groups + g) * n + l] = buf[((g + 1) % groups) * n + l];
}
)";
  auto m = buildModule(dev, source, c.wave, "",
                       c.target == kGfx908 ? std::string("gfx908") : std::string("gfx1100"));
  ASSERT_TRUE(m);
  constexpr uint32_t kGroups = 64, kN = 64;
  const uint64_t buf = upload(dev, std::vector<uint32_t>(2 * kGroups * kN, 0));
  runtime::LaunchResult r = runtime::launch(dev, *m, "k", {{kGroups * kN}, {kN}},
                                            runtime::KernelArgs().add(buf).add(kGroups));
  ASSERT_TRUE(r.ok()) << r.error;
  const std::vector<uint32_t> out = download<uint32_t>(dev, buf, 2 * kGroups * kN);
  for (uint32_t g = 0; g < kGroups; ++g)
    for (uint32_t l = 0; l < kN; ++l)
      ASSERT_EQ(out[(kGroups + g) * kN + l], ((g + 1) % kGroups) * 7 + l) << g << " " << l;
}

// clang-19 lowers an atomic on a region (address space 2) pointer to a GDS atomic
// (ds_add_rtn_u32 ... gds, with M0 = 0): the first work-item of each of 32 groups takes a ticket.
TEST_P(GdsGws, OpenClGdsAtomic) {
  const Config c = GetParam();
  Device dev(threads(2));
  const std::string source = R"(
typedef volatile __attribute__((address_space(2))) atomic_uint region_counter;
kernel void k(global uint *out) {
  if (get_local_id(0) == 0)
    out[get_group_id(0)] = __opencl_atomic_fetch_add((region_counter *)16u, 1u,
                                                     memory_order_relaxed, memory_scope_device);
}
)";
  auto m = buildModule(dev, source, c.wave, "-cl-std=CL2.0",
                       c.target == kGfx908 ? std::string("gfx908") : std::string("gfx1100"));
  ASSERT_TRUE(m);
  constexpr uint32_t kGroups = 32;
  const uint64_t out = upload(dev, std::vector<uint32_t>(kGroups, 0xFFFFFFFF));
  runtime::LaunchResult r =
      runtime::launch(dev, *m, "k", {{kGroups * 64}, {64}}, runtime::KernelArgs().add(out));
  ASSERT_TRUE(r.ok()) << r.error;
  std::vector<uint32_t> tickets = download<uint32_t>(dev, out, kGroups);
  std::sort(tickets.begin(), tickets.end());
  for (uint32_t i = 0; i < kGroups; ++i)
    EXPECT_EQ(tickets[i], i);
}

// Each resident work-group keeps its own private memory while it is parked: a private dword
// written before a barrier across 16 groups (more than the two workers) reads back after it.
// gfx908 keeps private memory in guest memory, one scratch slot per resident group.
TEST_P(GdsGws, PrivateMemoryAcrossWaits) {
  const Config c = GetParam();
  Device dev(threads(2));
  constexpr unsigned kGroups = 16;
  const bool gfx9 = c.target == kGfx908;
  const std::string group = gfx9 ? "s8" : "s2";
  const std::string body =
      initBarrier(kGroups, kGroups - 1, group) + "  s_mul_i32 s21, " + group + ", 1000\n" +
      vadd(c, 1, "s21", 0) +
      (gfx9 ? "  buffer_store_dword v1, off, s[0:3], 0\n" : "  scratch_store_b32 off, v1, off\n") +
      "  s_waitcnt vmcnt(0)\n  v_mov_b32 v1, " + std::to_string(kGroups) +
      "\n  ds_gws_barrier v1 gds\n  s_waitcnt lgkmcnt(0)\n" +
      (gfx9 ? "  buffer_load_dword v2, off, s[0:3], 0\n" : "  scratch_load_b32 v2, off, off\n") +
      "  s_waitcnt vmcnt(0)\n" + wordOf(c, 10, group, c.wave) + store(c, 10, 2);
  GridRun r = runGrid(dev, c, body, kGroups, c.wave, kGroups * c.wave, 0, 4);
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  for (unsigned g = 0; g < kGroups; ++g)
    for (unsigned l = 0; l < c.wave; ++l)
      ASSERT_EQ(r.out[g * c.wave + l], g * 1000 + l) << g << " " << l;
}

// A traced launch runs the cooperative dispatcher on one worker: the waiting barriers say so in
// the trace and the dispatch still completes.
TEST(GdsGwsTrace, BarrierUnderTrace) {
  Device dev(threads(2));
  constexpr unsigned kGroups = 4;
  auto m = loadAsm(dev,
                   initBarrier(kGroups, kGroups - 1) +
                       "  v_mov_b32 v1, 0\n  ds_gws_barrier v1 gds\n  s_waitcnt lgkmcnt(0)\n",
                   32, {});
  ASSERT_TRUE(m);
  const uint64_t buf = upload(dev, std::vector<uint32_t>(64, 0));
  std::string trace;
  runtime::LaunchOptions options;
  options.trace = [&](std::string_view line) { trace += line; };
  runtime::LaunchResult r = runtime::launch(dev, *m, "k", {{kGroups * 32}, {32}},
                                            runtime::KernelArgs().add(buf).add(buf), options);
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_NE(trace.find("ds_gws_barrier v1 gds"), std::string::npos);
  EXPECT_NE(trace.find("    waits\n"), std::string::npos);
  EXPECT_EQ(r.waves, kGroups);
}

INSTANTIATE_TEST_SUITE_P(Targets, GdsGws, ::testing::ValuesIn(kConfigs),
                         [](const auto &info) { return name(info.param); });

} // namespace
} // namespace gcnkit::emutest
