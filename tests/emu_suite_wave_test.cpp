// The emulator's kernel suite, part 4: cross-lane operations (ballot, readfirstlane, mbcnt,
// DPP16 via update_dpp, ds_swizzle, permlane16 / permlanex16). The host models a work-group's
// waves: work-item l of a 1-D group is lane l % W of wave l / W (W = 32 or 64); a partial last
// wave has its missing lanes inactive.
#include <cstdint>
#include <vector>

#include "emu_suite_support.h"

namespace gcnkit::emutest::suite {
namespace {

using runtime::KernelArgs;
using runtime::LaunchConfig;

class EmuSuiteWave : public SuiteTest {
protected:
  // Global index of the first work-item of i's wave and one past its last.
  struct WaveSpan {
    uint32_t first, end;
  };
  WaveSpan span(uint32_t i, uint32_t block) const {
    const uint32_t g = i / block, l = i % block, w = l / wave();
    return {g * block + w * wave(), g * block + std::min((w + 1) * wave(), block)};
  }
};

TEST_P(EmuSuiteWave, Ballot) {
  auto m = load("wave.cl");
  ASSERT_TRUE(m);
  const uint32_t block = 80, n = block * 10; // last wave of each group partial
  auto v = randomInts<int32_t>(n, 401);
  const int32_t thr = 0x10000000;
  const uint64_t dv = upload(dev, v), dout = dev.alloc(n * 16);
  SUITE_LAUNCH(m, "wave_ballot", (LaunchConfig{{n, 1, 1}, {block, 1, 1}}),
               KernelArgs().add(dv).add(dout).add(thr));
  auto out = download<uint64_t>(dev, dout, n * 2);
  for (uint32_t i = 0; i < n; ++i) {
    const WaveSpan s = span(i, block);
    uint64_t all = 0, odd = 0;
    for (uint32_t j = s.first; j < s.end; ++j) {
      if (v[j] > thr)
        all |= uint64_t{1} << (j - s.first);
      if ((v[j] & 1) && (v[j] & 2))
        odd |= uint64_t{1} << (j - s.first);
    }
    ASSERT_EQ(out[2 * i], all) << "i=" << i;
    ASSERT_EQ(out[2 * i + 1], (v[i] & 1) ? odd : 0) << "i=" << i;
  }
}

TEST_P(EmuSuiteWave, ReadFirstLane) {
  auto m = load("wave.cl");
  ASSERT_TRUE(m);
  const uint32_t block = 48, n = block * 12;
  auto v = randomInts<uint32_t>(n, 402);
  const uint64_t dv = upload(dev, v), dout = dev.alloc(n * 8);
  SUITE_LAUNCH(m, "wave_readfirstlane", (LaunchConfig{{n, 1, 1}, {block, 1, 1}}),
               KernelArgs().add(dv).add(dout));
  auto out = download<uint32_t>(dev, dout, n * 2);
  for (uint32_t i = 0; i < n; ++i) {
    const WaveSpan s = span(i, block);
    ASSERT_EQ(out[2 * i], v[s.first]) << "i=" << i;
    uint32_t some = 0xFFFFFFFFu;
    if (v[i] % 3 == 1)
      for (uint32_t j = s.first; j < s.end; ++j)
        if (v[j] % 3 == 1) {
          some = v[j] * 2u + 1u;
          break;
        }
    ASSERT_EQ(out[2 * i + 1], some) << "i=" << i;
  }
}

TEST_P(EmuSuiteWave, Mbcnt) {
  auto m = load("wave.cl");
  ASSERT_TRUE(m);
  const uint32_t block = 256, n = block * 4;
  auto masks = randomInts<uint32_t>(2 * n, 403);
  auto v = randomInts<uint32_t>(n, 404);
  const uint64_t dm = upload(dev, masks), dv = upload(dev, v), dout = dev.alloc(n * 12);
  SUITE_LAUNCH(m, "wave_mbcnt", (LaunchConfig{{n, 1, 1}, {block, 1, 1}}),
               KernelArgs().add(dm).add(dv).add(dout));
  auto out = download<uint32_t>(dev, dout, n * 3);
  for (uint32_t i = 0; i < n; ++i) {
    const WaveSpan s = span(i, block);
    const uint32_t lane = i - s.first;
    // v_mbcnt_lo counts mask bits below the lane among bits 0-31, v_mbcnt_hi among 32-63
    // (nothing for lanes 0-31, hence always nothing in wave32).
    const uint64_t below = lane == 0 ? 0 : (~uint64_t{0} >> (64 - lane));
    const uint32_t lo = masks[2 * i], hi = masks[2 * i + 1];
    const uint32_t count = std::popcount(lo & static_cast<uint32_t>(below)) +
                           std::popcount(hi & static_cast<uint32_t>(below >> 32)) + 5;
    ASSERT_EQ(out[3 * i], lane) << "i=" << i;
    ASSERT_EQ(out[3 * i + 1], count) << "i=" << i;
    uint32_t slot = 0;
    for (uint32_t j = s.first; j < i; ++j)
      slot += v[j] & 1;
    ASSERT_EQ(out[3 * i + 2], (v[i] & 1) ? slot : 0xFFFFFFFFu) << "i=" << i;
  }
}

// One DPP16 move: lane l of row l / 16 reads the row's lane the control selects. Rows or banks
// masked off, and invalid source lanes without bound_ctrl, keep `old`; invalid source lanes
// with bound_ctrl read 0.
int32_t dppLane(const std::vector<int32_t> &src, const std::vector<int32_t> &old, uint32_t i,
                uint32_t waveFirst, unsigned ctrl, unsigned rowMask, unsigned bankMask, bool bc) {
  const uint32_t lane = i - waveFirst, row = lane / 16, r = lane % 16;
  if (!((rowMask >> row) & 1) || !((bankMask >> (r / 4)) & 1))
    return old[i];
  int sel = -1;
  if (ctrl <= 0xFF)
    sel = static_cast<int>((r & ~3u) | ((ctrl >> (2 * (r & 3))) & 3));
  else if (ctrl >= 0x101 && ctrl <= 0x10F)
    sel = static_cast<int>(r + (ctrl & 15)) < 16 ? static_cast<int>(r + (ctrl & 15)) : -1;
  else if (ctrl >= 0x111 && ctrl <= 0x11F)
    sel = static_cast<int>(r) - static_cast<int>(ctrl & 15);
  else if (ctrl >= 0x121 && ctrl <= 0x12F)
    sel = static_cast<int>((r - (ctrl & 15)) & 15);
  else if (ctrl == 0x140)
    sel = static_cast<int>(15 - r);
  else if (ctrl == 0x141)
    sel = static_cast<int>((r & 8) | (7 - (r & 7)));
  else if (ctrl >= 0x150 && ctrl <= 0x15F)
    sel = static_cast<int>(ctrl & 15);
  else if (ctrl >= 0x160 && ctrl <= 0x16F)
    sel = static_cast<int>(r ^ (ctrl & 15));
  if (sel < 0)
    return bc ? 0 : old[i];
  return src[waveFirst + row * 16 + static_cast<uint32_t>(sel)];
}

// gfx11's DPP controls (row_share, row_xmask) and v_permlane16 / v_permlanex16.
class EmuSuiteWaveGfx11 : public EmuSuiteWave {};

TEST_P(EmuSuiteWaveGfx11, Dpp) {
  auto m = load("wave.cl");
  ASSERT_TRUE(m);
  const uint32_t block = 128, n = block * 4; // full waves only
  auto src = randomInts<int32_t>(n, 405), old = randomInts<int32_t>(n, 406);
  const uint64_t ds = upload(dev, src), dold = upload(dev, old), dout = dev.alloc(n * 16 * 4);
  SUITE_LAUNCH(m, "wave_dpp", (LaunchConfig{{n, 1, 1}, {block, 1, 1}}),
               KernelArgs().add(ds).add(dold).add(dout));
  auto out = download<int32_t>(dev, dout, n * 16);
  struct Case {
    unsigned ctrl, rowMask, bankMask;
    bool bc;
  };
  const Case cases[13] = {
      {0x1B, 0xF, 0xF, false},  {0x101, 0xF, 0xF, false}, {0x10F, 0xF, 0xF, true},
      {0x111, 0xF, 0xF, false}, {0x113, 0xF, 0xF, true},  {0x121, 0xF, 0xF, false},
      {0x12C, 0xF, 0xF, false}, {0x140, 0xF, 0xF, false}, {0x141, 0xF, 0xF, false},
      {0x153, 0xF, 0xF, false}, {0x165, 0xF, 0xF, false}, {0x4E, 0x5, 0xF, false},
      {0x112, 0xF, 0x6, true}};
  std::vector<float> f(n);
  std::vector<int32_t> fbits(n);
  for (uint32_t i = 0; i < n; ++i) {
    fbits[i] = src[i] & 0x3FFFFFFF;
    f[i] = std::bit_cast<float>(fbits[i]);
  }
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t first = i / wave() * wave();
    for (int k = 0; k < 13; ++k) {
      const Case &c = cases[k];
      ASSERT_EQ(out[i * 16 + k], dppLane(src, old, i, first, c.ctrl, c.rowMask, c.bankMask, c.bc))
          << "i=" << i << " lane " << i - first << " case " << k << " dpp_ctrl " << hexBits(c.ctrl);
    }
    uint32_t prefix = 0; // row_shr 1, 2, 4, 8 with bound_ctrl: inclusive prefix sum of the row
    for (uint32_t j = i / 16 * 16; j <= i; ++j)
      prefix += static_cast<uint32_t>(src[j]);
    ASSERT_EQ(static_cast<uint32_t>(out[i * 16 + 13]), prefix) << "i=" << i << " scan";
    const float neighbour =
        std::bit_cast<float>(dppLane(fbits, fbits, i, first, 0x111, 0xF, 0xF, false));
    ASSERT_EQ(static_cast<uint32_t>(out[i * 16 + 14]), bits(f[i] + neighbour)) << "i=" << i;
    ASSERT_EQ(out[i * 16 + 15], static_cast<int32_t>(static_cast<uint32_t>(src[i / 4 * 4]) -
                                                     static_cast<uint32_t>(src[i])))
        << "i=" << i;
  }
}

TEST_P(EmuSuiteWave, DsSwizzle) {
  auto m = load("wave.cl");
  ASSERT_TRUE(m);
  const uint32_t block = 64, n = block * 4;
  auto src = randomInts<int32_t>(n, 407);
  const uint64_t ds = upload(dev, src), dout = dev.alloc(n * 6 * 4);
  SUITE_LAUNCH(m, "wave_swizzle", (LaunchConfig{{n, 1, 1}, {block, 1, 1}}),
               KernelArgs().add(ds).add(dout));
  auto out = download<int32_t>(dev, dout, n * 6);
  const unsigned offsets[6] = {0x801B, 0x80E1, 0x041F, 0x00B8, 0x7C1F, 0x21F0};
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t first = i / wave() * wave(), lane = i - first;
    for (int k = 0; k < 6; ++k) {
      const unsigned off = offsets[k];
      uint32_t from;
      if (off & 0x8000) { // quad permute: lane k of each quad reads lane offset[2k+1:2k]
        from = (lane & ~3u) | ((off >> (2 * (lane & 3))) & 3);
      } else { // bit masks on the lane id within each group of 32
        const uint32_t andMask = off & 31, orMask = (off >> 5) & 31, xorMask = (off >> 10) & 31;
        from = (lane & 32u) | ((((lane & 31u) & andMask) | orMask) ^ xorMask);
      }
      ASSERT_EQ(out[i * 6 + k], src[first + from])
          << "i=" << i << " lane " << lane << " offset " << hexBits(off);
    }
  }
}

TEST_P(EmuSuiteWaveGfx11, Permlane16) {
  auto m = load("wave.cl");
  ASSERT_TRUE(m);
  const uint32_t block = 64, n = block * 3;
  auto src = randomInts<uint32_t>(n, 408), old = randomInts<uint32_t>(n, 409);
  // Lane selects: 4 bits per lane of a row (lanes 0-7 in the first word, 8-15 in the second).
  const uint32_t sel0 = 0x0123ABCDu, sel1 = 0xF0E1D2C3u, sel2 = 0x77777777u, sel3 = 0x02468ACEu;
  const uint64_t ds = upload(dev, src), dold = upload(dev, old), dout = dev.alloc(n * 16);
  SUITE_LAUNCH(m, "wave_permlane16", (LaunchConfig{{n, 1, 1}, {block, 1, 1}}),
               KernelArgs().add(ds).add(dold).add(dout).add(sel0).add(sel1).add(sel2).add(sel3));
  auto out = download<uint32_t>(dev, dout, n * 4);
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t first = i / wave() * wave(), lane = i - first, row = lane / 16, r = lane % 16;
    auto pick = [&](uint32_t lo, uint32_t hi) {
      return r < 8 ? (lo >> (4 * r)) & 15 : (hi >> (4 * (r - 8))) & 15;
    };
    const uint32_t same = first + row * 16, other = first + (row ^ 1) * 16;
    ASSERT_EQ(out[4 * i], src[same + pick(sel0, sel1)]) << "i=" << i << " permlane16";
    ASSERT_EQ(out[4 * i + 1], src[other + pick(sel0, sel1)]) << "i=" << i << " permlanex16";
    ASSERT_EQ(out[4 * i + 2], src[same + pick(sel2, sel3)] * 3u) << "i=" << i << " permlane16 bc";
    ASSERT_EQ(out[4 * i + 3], src[other + pick(sel2, sel3)] ^ 0xABCDu)
        << "i=" << i << " permlanex16 fi";
  }
}

INSTANTIATE_TEST_SUITE_P(Config, EmuSuiteWave, allConfigs(), configName);
INSTANTIATE_TEST_SUITE_P(Config, EmuSuiteWaveGfx11, gfx1100Configs(), configName);

} // namespace
} // namespace gcnkit::emutest::suite
