// The rules every executor follows whatever the registers: each memory encoding form reads the
// address and data registers its fields name, also with the operand at the last VGPR of the
// allocation (where a width taken from the row instead of the encoding once redirected the
// access to v0); an instruction reads all its sources (addresses, data, carry-in, EXEC) before it
// writes a destination that overlaps them; LDS addresses wrap to 32 bits. Hand-written gfx1100
// snippets in wave32 and wave64, each against a host model.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "emu_asm_util.h"

namespace gcnkit::emutest {
namespace {

using runtime::Device;

// A snippet and its host model: inputs are `in` (64 words per input), expect() fills the words
// of `out` the snippet writes (the rest keep the 0xDEADBEEF the harness fills in).
struct Case {
  std::string name;
  std::function<std::string(unsigned wave)> body;
  unsigned outputs;
  AsmKernelOptions opts;
  std::function<void(std::vector<uint32_t> &out, const std::vector<uint32_t> &in, unsigned wave)>
      expect;
};

// The wave size's spelling of VCC and of an SGPR lane mask starting at s<first>.
std::string vcc(unsigned w) { return w == 32 ? "vcc_lo" : "vcc"; }
std::string mask(unsigned w, unsigned first) {
  return w == 32 ? "s" + std::to_string(first)
                 : "s[" + std::to_string(first) + ":" + std::to_string(first + 1) + "]";
}
std::string v(unsigned r) { return "v" + std::to_string(r); }

// v[lo:lo+1] = the 64-bit guest address s[hi:hi+1]... of buffer `sbase` plus v<offset>.
std::string address64(unsigned w, unsigned lo, unsigned sbase, unsigned offset) {
  return "  v_add_co_u32 " + v(lo) + ", " + vcc(w) + ", s" + std::to_string(sbase) + ", " +
         v(offset) + "\n  v_add_co_ci_u32_e64 " + v(lo + 1) + ", " + mask(w, 20) + ", s" +
         std::to_string(sbase + 1) + ", 0, " + vcc(w) + "\n";
}

// s[8:11] = a raw buffer resource over `in`, s[12:15] over `out` (gfx11 V#: stride 0,
// num_records 4096 bytes, oob_select 3). `stride` sets the stride of s[8:11].
std::string bufferResources(unsigned stride = 0) {
  return "  s_mov_b32 s8, s6\n  s_and_b32 s9, s7, 0xffff\n  s_or_b32 s9, s9, " +
         std::to_string(stride << 16) +
         "\n  s_movk_i32 s10, 0x1000\n  s_mov_b32 s11, 0x30000000\n"
         "  s_mov_b32 s12, s4\n  s_and_b32 s13, s5, 0xffff\n  s_movk_i32 s14, 0x1000\n"
         "  s_mov_b32 s15, 0x30000000\n";
}

std::string waitAll() { return "  s_waitcnt vmcnt(0) lgkmcnt(0)\n"; }

// Lane l's word of input j.
uint32_t word(const std::vector<uint32_t> &in, unsigned j, unsigned l) { return in[64 * j + l]; }

// out[64 j + l] = in[64 i + l] for every lane: output j copies input i.
void copies(std::vector<uint32_t> &out, const std::vector<uint32_t> &in, unsigned w, unsigned j,
            unsigned i) {
  for (unsigned l = 0; l < w; ++l)
    out[64 * j + l] = word(in, i, l);
}

// Expectations shared by many cases: output j copies input j for j < N; output 0 / 1 hold the
// even / odd words of input 0 and 1 (a 64-bit load per lane); the first N * W words copy the
// input's (an N-dword load per lane).
template <unsigned N>
void sameInputs(std::vector<uint32_t> &out, const std::vector<uint32_t> &in, unsigned w) {
  for (unsigned j = 0; j < N; ++j)
    copies(out, in, w, j, j);
}
void dwordPairs(std::vector<uint32_t> &out, const std::vector<uint32_t> &in, unsigned w) {
  for (unsigned l = 0; l < w; ++l) {
    out[l] = in[2 * l];
    out[64 + l] = in[2 * l + 1];
  }
}
template <unsigned N>
void sameWords(std::vector<uint32_t> &out, const std::vector<uint32_t> &in, unsigned w) {
  for (unsigned i = 0; i < N * w; ++i)
    out[i] = in[i];
}

class EmuOperandRules : public ::testing::TestWithParam<unsigned> {
protected:
  unsigned wave() const { return GetParam(); }
  Device dev;

  void run(const Case &c, unsigned inputs = 4, uint32_t seed = 1) {
    const unsigned w = wave();
    const std::vector<uint32_t> in = randomWords(64 * inputs, seed);
    AsmRun r = runAsm(dev, c.body(w), w, in, c.outputs, c.opts);
    ASSERT_TRUE(r.result.ok()) << c.name << ": " << r.result.error;
    std::vector<uint32_t> want(64 * c.outputs, 0xDEADBEEF);
    c.expect(want, in, w);
    ASSERT_EQ(r.out.size(), want.size()) << c.name;
    for (size_t i = 0; i < want.size(); ++i)
      ASSERT_EQ(r.out[i], want[i]) << c.name << ": output word " << i << " (output " << i / 64
                                   << ", lane " << i % 64 << ")\n"
                                   << c.body(w);
  }
};

// Kernels with 8 VGPRs whose memory operands end at v7.
const AsmKernelOptions kEdge = kernelOptions(8, 7);

TEST_P(EmuOperandRules, GlobalFormsAtTheAllocationEdge) {
  const std::vector<Case> cases = {
      {"saddr load / store, vaddr v7",
       [](unsigned) { return loadInput(0, 0, 7) + storeOutput(0, 0, 7); }, 1, kEdge, sameInputs<1>},
      {"saddr b128, data v[3:6], vaddr v7",
       [](unsigned) {
         return std::string("  v_lshlrev_b32 v7, 4, v0\n  global_load_b128 v[3:6], v7, s[6:7]\n") +
                waitAll() + "  global_store_b128 v7, v[3:6], s[4:5]\n";
       },
       4, kEdge, sameWords<4>},
      {"vaddr pair v[6:7], off",
       [](unsigned w) {
         return address64(w, 6, 6, 5) + "  global_load_b32 v0, v[6:7], off\n" + waitAll() +
                address64(w, 6, 4, 5) + "  global_store_b32 v[6:7], v0, off\n";
       },
       1, kernelOptions(8, 5), sameInputs<1>},
      {"saddr atomic with return, vaddr v7",
       [](unsigned) {
         return loadInput(0, 0, 7) + loadInput(1, 1, 7) + storeOutput(1, 0, 7) +
                "  global_atomic_add_u32 v1, v7, v0, s[4:5] glc\n" + waitAll() +
                storeOutput(1, 1, 7);
       },
       2, kEdge,
       [](auto &out, auto &in, unsigned w) {
         for (unsigned l = 0; l < w; ++l)
           out[l] = word(in, 0, l) + word(in, 1, l);
         copies(out, in, w, 1, 1);
       }},
      {"cmpswap data v[6:7]",
       [](unsigned) {
         return loadInput(6, 0, 5) + loadInput(7, 2, 5) + loadInput(4, 2, 5) +
                storeOutput(4, 0, 5) + "  global_atomic_cmpswap_b32 v4, v5, v[6:7], s[4:5] glc\n" +
                waitAll() + storeOutput(4, 1, 5);
       },
       2, kernelOptions(8, 5),
       [](auto &out, auto &in, unsigned w) {
         copies(out, in, w, 0, 0);
         copies(out, in, w, 1, 2);
       }},
      {"addtid load, vdst v7",
       [](unsigned) {
         return std::string("  global_load_addtid_b32 v7, s[6:7]\n") + waitAll() +
                "  global_store_b32 v6, v7, s[4:5]\n";
       },
       1, kernelOptions(8, 6), sameInputs<1>},
      {"flat vaddr pair v[6:7]",
       [](unsigned w) {
         return address64(w, 6, 6, 5) + "  flat_load_b32 v0, v[6:7]\n" + waitAll() +
                address64(w, 6, 4, 5) + "  flat_store_b32 v[6:7], v0\n";
       },
       1, kernelOptions(8, 5), sameInputs<1>},
  };
  for (const Case &c : cases)
    run(c);
}

TEST_P(EmuOperandRules, ScratchFormsAtTheAllocationEdge) {
  const AsmKernelOptions opts = kernelOptions(8, 7, 0, 256);
  const std::vector<Case> cases = {
      {"vaddr v7, off",
       [](unsigned) {
         return loadInput(0, 0, 7) + "  scratch_store_b32 v7, v0, off\n  v_mov_b32 v0, 0\n" +
                "  scratch_load_b32 v1, v7, off\n" + waitAll() + storeOutput(1, 0, 7);
       },
       1, opts, sameInputs<1>},
      {"saddr, vaddr v7 (SV)",
       [](unsigned) {
         return loadInput(1, 0, 5) + "  s_movk_i32 s8, 0x10\n  v_mov_b32 v7, 0x20\n" +
                "  scratch_store_b32 v7, v1, s8 offset:4\n  v_mov_b32 v1, 0\n" +
                "  scratch_load_b32 v6, v7, s8 offset:4\n  s_movk_i32 s9, 0x34\n" +
                "  scratch_load_b32 v2, off, s9\n" + waitAll() + storeOutput(6, 0, 5) +
                storeOutput(2, 1, 5);
       },
       2, kernelOptions(8, 5, 0, 256),
       [](auto &out, auto &in, unsigned w) {
         copies(out, in, w, 0, 0);
         copies(out, in, w, 1, 0);
       }},
      {"saddr alone, vdst v7",
       [](unsigned) {
         return loadInput(0, 0, 6) + "  s_movk_i32 s8, 0x30\n" +
                "  scratch_store_b32 off, v0, s8 offset:4\n  scratch_load_b32 v7, off, s8 "
                "offset:4\n" +
                waitAll() + storeOutput(7, 0, 6);
       },
       1, kernelOptions(8, 6, 0, 256), sameInputs<1>},
      {"b128 data v[4:7], vaddr v3",
       [](unsigned) {
         std::string s;
         for (unsigned i = 0; i < 4; ++i)
           s += loadInput(4 + i, i, 2);
         s += "  v_mov_b32 v3, 16\n  scratch_store_b128 v3, v[4:7], off\n";
         s += "  v_mov_b32 v4, 0\n  v_mov_b32 v5, 0\n  v_mov_b32 v6, 0\n  v_mov_b32 v7, 0\n";
         s += "  scratch_load_b128 v[4:7], v3, off\n" + waitAll();
         for (unsigned i = 0; i < 4; ++i)
           s += storeOutput(4 + i, i, 2);
         return s;
       },
       4, kernelOptions(8, 2, 0, 256), sameInputs<4>},
  };
  for (const Case &c : cases)
    run(c);
}

TEST_P(EmuOperandRules, DsFormsAtTheAllocationEdge) {
  const AsmKernelOptions opts = kernelOptions(8, 7, 1024);
  const std::vector<Case> cases = {
      {"address v7, data v0, vdst v6",
       [](unsigned) {
         return loadInput(0, 0, 7) + "  ds_store_b32 v7, v0\n  ds_load_b32 v6, v7\n" + waitAll() +
                storeOutput(6, 0, 7);
       },
       1, opts, sameInputs<1>},
      {"b128 data and vdst v[4:7]",
       [](unsigned) {
         std::string s;
         for (unsigned i = 0; i < 4; ++i)
           s += loadInput(4 + i, i, 2);
         s += "  v_lshlrev_b32 v3, 4, v0\n  ds_store_b128 v3, v[4:7]\n";
         s += "  v_mov_b32 v4, 0\n  v_mov_b32 v5, 0\n  v_mov_b32 v6, 0\n  v_mov_b32 v7, 0\n";
         s += "  ds_load_b128 v[4:7], v3\n" + waitAll();
         for (unsigned i = 0; i < 4; ++i)
           s += storeOutput(4 + i, i, 2);
         return s;
       },
       4, kernelOptions(8, 2, 1024), sameInputs<4>},
      {"2addr data1 v7, vdst v[6:7]",
       [](unsigned) {
         return loadInput(1, 0, 2) + loadInput(7, 1, 2) +
                "  v_lshlrev_b32 v5, 3, v0\n  ds_store_2addr_b32 v5, v1, v7 offset1:1\n" +
                "  ds_load_2addr_b32 v[6:7], v5 offset1:1\n" + waitAll() + storeOutput(6, 0, 2) +
                storeOutput(7, 1, 2);
       },
       2, kernelOptions(8, 2, 1024), sameInputs<2>},
  };
  for (const Case &c : cases)
    run(c);
}

TEST_P(EmuOperandRules, BufferFormsAtTheAllocationEdge) {
  const std::vector<Case> cases = {
      {"offen, vaddr v7",
       [](unsigned) {
         return bufferResources() + "  buffer_load_b32 v0, v7, s[8:11], 0 offen\n" + waitAll() +
                "  buffer_store_b32 v0, v7, s[12:15], 0 offen\n";
       },
       1, kEdge, sameInputs<1>},
      {"idxen offen, vaddr v[6:7]",
       [](unsigned) {
         return bufferResources(8) + "  v_mov_b32 v6, v0\n  v_mov_b32 v7, 4\n" +
                "  buffer_load_b32 v0, v[6:7], s[8:11], 0 idxen offen\n" + waitAll() +
                "  v_lshlrev_b32 v7, 2, v6\n  buffer_store_b32 v0, v7, s[12:15], 0 offen\n";
       },
       1, kEdge,
       [](auto &out, auto &in, unsigned w) {
         for (unsigned l = 0; l < w; ++l)
           out[l] = in[2 * l + 1];
       }},
      {"b128 vdata v[4:7]",
       [](unsigned) {
         return bufferResources() + "  v_lshlrev_b32 v3, 4, v0\n" +
                "  buffer_load_b128 v[4:7], v3, s[8:11], 0 offen\n" + waitAll() +
                "  buffer_store_b128 v[4:7], v3, s[12:15], 0 offen\n";
       },
       4, kEdge, sameWords<4>},
  };
  for (const Case &c : cases)
    run(c);
}

// ---- destinations overlapping sources -----------------------------------------------------------

const AsmKernelOptions kWide = kernelOptions(16, 15, 1024, 64);

TEST_P(EmuOperandRules, MemoryDestinationOverlapsSources) {
  const std::vector<Case> cases = {
      {"ds_load_2addr_b32 v[7:8], v7",
       [](unsigned) {
         return loadInput(1, 0, 15) + loadInput(2, 1, 15) +
                "  v_lshlrev_b32 v7, 3, v0\n  ds_store_2addr_b32 v7, v1, v2 offset1:1\n" +
                "  ds_load_2addr_b32 v[7:8], v7 offset0:0 offset1:1\n" + waitAll() +
                storeOutput(7, 0, 15) + storeOutput(8, 1, 15);
       },
       2, kWide, sameInputs<2>},
      {"ds_load_2addr_b64 v[4:7], v5",
       [](unsigned) {
         std::string s;
         for (unsigned i = 0; i < 4; ++i)
           s += loadInput(8 + i, i, 15);
         s += "  v_lshlrev_b32 v5, 4, v0\n  ds_store_2addr_b64 v5, v[8:9], v[10:11] offset1:1\n";
         s += "  ds_load_2addr_b64 v[4:7], v5 offset1:1\n" + waitAll();
         for (unsigned i = 0; i < 4; ++i)
           s += storeOutput(4 + i, i, 15);
         return s;
       },
       4, kWide, sameInputs<4>},
      {"ds_storexchg_2addr_rtn_b32 v[1:2], v1",
       [](unsigned) {
         return loadInput(3, 0, 15) + loadInput(4, 1, 15) + loadInput(5, 2, 15) +
                loadInput(6, 3, 15) +
                "  v_lshlrev_b32 v1, 3, v0\n  ds_store_2addr_b32 v1, v3, v4 offset1:1\n" +
                "  ds_storexchg_2addr_rtn_b32 v[1:2], v1, v5, v6 offset1:1\n" + waitAll() +
                storeOutput(1, 0, 15) + storeOutput(2, 1, 15) +
                "  v_lshlrev_b32 v7, 3, v0\n  ds_load_2addr_b32 v[8:9], v7 offset1:1\n" +
                waitAll() + storeOutput(8, 2, 15) + storeOutput(9, 3, 15);
       },
       4, kWide, sameInputs<4>},
      {"ds_load_b64 v[1:2], v1",
       [](unsigned) {
         return loadInput(3, 0, 15) + loadInput(4, 1, 15) +
                "  v_lshlrev_b32 v1, 3, v0\n  ds_store_b64 v1, v[3:4]\n  ds_load_b64 v[1:2], v1\n" +
                waitAll() + storeOutput(1, 0, 15) + storeOutput(2, 1, 15);
       },
       2, kWide, sameInputs<2>},
      {"ds_cmpstore_rtn_b32 v1, v1",
       [](unsigned) {
         return loadInput(3, 0, 15) + loadInput(2, 1, 15) +
                "  v_lshlrev_b32 v1, 2, v0\n  ds_store_b32 v1, v3\n" +
                "  ds_cmpstore_rtn_b32 v1, v1, v2, v3\n" + waitAll() + storeOutput(1, 0, 15) +
                "  ds_load_b32 v4, v15\n" + waitAll() + storeOutput(4, 1, 15);
       },
       2, kWide, sameInputs<2>},
      {"global_load_b64 v[1:2], v[1:2]",
       [](unsigned w) {
         return "  v_lshlrev_b32 v3, 3, v0\n" + address64(w, 1, 6, 3) +
                "  global_load_b64 v[1:2], v[1:2], off\n" + waitAll() + storeOutput(1, 0, 15) +
                storeOutput(2, 1, 15);
       },
       2, kWide, dwordPairs},
      {"global_load_b128 v[0:3], v2, s[6:7]",
       [](unsigned) {
         return std::string("  v_lshlrev_b32 v2, 4, v0\n  global_load_b128 v[0:3], v2, s[6:7]\n") +
                waitAll() + "  v_lshlrev_b32 v4, 2, v15\n" +
                "  global_store_b128 v4, v[0:3], s[4:5]\n";
       },
       4, kWide, sameWords<4>},
      {"global_atomic_cmpswap_b32 v1, v[1:2] glc",
       [](unsigned w) {
         return loadInput(5, 0, 15) + storeOutput(5, 0, 15) + loadInput(3, 1, 15) +
                "  v_mov_b32 v4, v5\n" + address64(w, 1, 4, 15) +
                "  global_atomic_cmpswap_b32 v1, v[1:2], v[3:4], off glc\n" + waitAll() +
                storeOutput(1, 1, 15);
       },
       2, kWide,
       [](auto &out, auto &in, unsigned w) {
         copies(out, in, w, 0, 1);
         copies(out, in, w, 1, 0);
       }},
      {"global_atomic_add_u64 v[2:3], v1, v[2:3] glc",
       [](unsigned) {
         return loadInput(4, 0, 15) + loadInput(5, 1, 15) + loadInput(2, 2, 15) +
                loadInput(3, 3, 15) +
                "  v_lshlrev_b32 v1, 3, v0\n  global_store_b64 v1, v[4:5], s[4:5]\n" +
                "  global_atomic_add_u64 v[2:3], v1, v[2:3], s[4:5] glc\n" + waitAll() +
                "  global_store_b64 v1, v[2:3], s[4:5] offset:512\n";
       },
       4, kWide,
       [](auto &out, auto &in, unsigned w) {
         for (unsigned l = 0; l < w; ++l) {
           const uint64_t a = word(in, 0, l) | uint64_t{word(in, 1, l)} << 32;
           const uint64_t b = word(in, 2, l) | uint64_t{word(in, 3, l)} << 32;
           out[2 * l] = static_cast<uint32_t>(a + b);
           out[2 * l + 1] = static_cast<uint32_t>((a + b) >> 32);
           out[128 + 2 * l] = static_cast<uint32_t>(a);
           out[128 + 2 * l + 1] = static_cast<uint32_t>(a >> 32);
         }
       }},
      {"buffer_load_b64 v[1:2], v1 offen",
       [](unsigned) {
         return bufferResources() + "  v_lshlrev_b32 v1, 3, v0\n" +
                "  buffer_load_b64 v[1:2], v1, s[8:11], 0 offen\n" + waitAll() +
                storeOutput(1, 0, 15) + storeOutput(2, 1, 15);
       },
       2, kWide, dwordPairs},
      {"buffer_atomic_add_u32 v1, v1 offen glc",
       [](unsigned) {
         return bufferResources() + loadInput(2, 0, 15) + storeOutput(2, 0, 15) +
                "  v_lshlrev_b32 v1, 2, v0\n  buffer_atomic_add_u32 v1, v1, s[12:15], 0 offen "
                "glc\n" +
                waitAll() + storeOutput(1, 1, 15);
       },
       2, kWide,
       [](auto &out, auto &in, unsigned w) {
         for (unsigned l = 0; l < w; ++l)
           out[l] = word(in, 0, l) + 4 * l;
         copies(out, in, w, 1, 0);
       }},
      {"scratch_load_b64 v[1:2], v1",
       [](unsigned) {
         return loadInput(3, 0, 15) + loadInput(4, 1, 15) +
                "  v_mov_b32 v1, 8\n  scratch_store_b64 v1, v[3:4], off\n" +
                "  scratch_load_b64 v[1:2], v1, off\n" + waitAll() + storeOutput(1, 0, 15) +
                storeOutput(2, 1, 15);
       },
       2, kWide, sameInputs<2>},
      {"flat_load_b64 v[1:2], v[1:2]",
       [](unsigned w) {
         return "  v_lshlrev_b32 v3, 3, v0\n" + address64(w, 1, 6, 3) +
                "  flat_load_b64 v[1:2], v[1:2]\n" + waitAll() + storeOutput(1, 0, 15) +
                storeOutput(2, 1, 15);
       },
       2, kWide, dwordPairs},
  };
  for (const Case &c : cases)
    run(c);
}

double asF64(uint32_t lo, uint32_t hi) { return std::bit_cast<double>(lo | uint64_t{hi} << 32); }

// Random doubles of moderate size, as word pairs (inputs 2j and 2j + 1 hold the halves).
std::vector<uint32_t> f64Inputs() {
  std::vector<uint32_t> in = randomWords(64 * 4, 9);
  for (size_t i = 0; i < in.size(); i += 128)
    for (unsigned l = 0; l < 64; ++l)
      in[i + 64 + l] = (in[i + 64 + l] & 0x800FFFFFu) | 0x3FF00000u; // exponent of 1.0
  return in;
}

TEST_P(EmuOperandRules, ValuAndSaluDestinationOverlapsSources) {
  const std::vector<Case> cases = {
      {"v_add_f64 v[2:3], v[1:2], v[3:4]",
       [](unsigned) {
         std::string s;
         for (unsigned i = 0; i < 4; ++i)
           s += loadInput(1 + i, i, 15);
         return s + "  v_add_f64 v[2:3], v[1:2], v[3:4]\n" + storeOutput(2, 0, 15) +
                storeOutput(3, 1, 15);
       },
       2, kWide,
       [](auto &out, auto &in, unsigned w) {
         for (unsigned l = 0; l < w; ++l) {
           const double r =
               asF64(word(in, 0, l), word(in, 1, l)) + asF64(word(in, 2, l), word(in, 3, l));
           out[l] = static_cast<uint32_t>(std::bit_cast<uint64_t>(r));
           out[64 + l] = static_cast<uint32_t>(std::bit_cast<uint64_t>(r) >> 32);
         }
       }},
      {"v_lshlrev_b64 v[2:3], v1, v[1:2]",
       [](unsigned) {
         return loadInput(1, 0, 15) + loadInput(2, 1, 15) + "  v_lshlrev_b64 v[2:3], v1, v[1:2]\n" +
                storeOutput(2, 0, 15) + storeOutput(3, 1, 15);
       },
       2, kWide,
       [](auto &out, auto &in, unsigned w) {
         for (unsigned l = 0; l < w; ++l) {
           const uint64_t x = word(in, 0, l) | uint64_t{word(in, 1, l)} << 32;
           const uint64_t r = x << (word(in, 0, l) & 63);
           out[l] = static_cast<uint32_t>(r);
           out[64 + l] = static_cast<uint32_t>(r >> 32);
         }
       }},
      {"v_mad_u64_u32 v[1:2], s, v1, v2, v[1:2]",
       [](unsigned w) {
         return loadInput(1, 0, 15) + loadInput(2, 1, 15) + "  v_mad_u64_u32 v[1:2], " +
                mask(w, 8) + ", v1, v2, v[1:2]\n" + storeOutput(1, 0, 15) + storeOutput(2, 1, 15);
       },
       2, kWide,
       [](auto &out, auto &in, unsigned w) {
         for (unsigned l = 0; l < w; ++l) {
           const uint64_t a = word(in, 0, l), b = word(in, 1, l);
           const uint64_t r = a * b + (a | b << 32);
           out[l] = static_cast<uint32_t>(r);
           out[64 + l] = static_cast<uint32_t>(r >> 32);
         }
       }},
      {"v_add_co_ci_u32_e64 v1, s8, v1, v2, s8 (carry-in and carry-out in one SGPR)",
       [](unsigned w) {
         const std::string m = mask(w, 8);
         return loadInput(1, 0, 15) + loadInput(2, 1, 15) +
                "  s_mov_b32 s8, 0x5a5a5a5a\n  s_mov_b32 s9, 0x3c3c3c3c\n" +
                "  v_add_co_ci_u32_e64 v1, " + m + ", v1, v2, " + m + "\n" + storeOutput(1, 0, 15) +
                "  v_mov_b32 v3, s8\n  v_mov_b32 v4, s9\n" + storeOutput(3, 1, 15) +
                storeOutput(4, 2, 15);
       },
       3, kWide,
       [](auto &out, auto &in, unsigned w) {
         const uint64_t carryIn = 0x3c3c3c3c5a5a5a5aull;
         uint64_t carryOut = 0;
         for (unsigned l = 0; l < w; ++l) {
           const uint64_t r = uint64_t{word(in, 0, l)} + word(in, 1, l) + ((carryIn >> l) & 1);
           out[l] = static_cast<uint32_t>(r);
           carryOut |= (r >> 32) << l;
         }
         for (unsigned l = 0; l < w; ++l) {
           out[64 + l] = static_cast<uint32_t>(carryOut);
           out[128 + l] = w == 64 ? static_cast<uint32_t>(carryOut >> 32) : 0x3c3c3c3cu;
         }
       }},
      {"v_cmp_gt_u32_e64 s8, s8, v1",
       [](unsigned w) {
         const std::string m = mask(w, 8);
         return loadInput(1, 0, 15) + "  s_mov_b32 s8, 0x80000000\n  s_mov_b32 s9, 0\n" +
                "  v_cmp_gt_u32_e64 " + m + ", s8, v1\n  v_mov_b32 v3, s8\n  v_mov_b32 v4, s9\n" +
                storeOutput(3, 0, 15) + storeOutput(4, 1, 15);
       },
       2, kWide,
       [](auto &out, auto &in, unsigned w) {
         uint64_t m = 0;
         for (unsigned l = 0; l < w; ++l)
           m |= uint64_t{0x80000000u > word(in, 0, l)} << l;
         for (unsigned l = 0; l < w; ++l) {
           out[l] = static_cast<uint32_t>(m);
           out[64 + l] = static_cast<uint32_t>(m >> 32);
         }
       }},
      {"s_lshl_b64 s[10:11], s[8:9], s10",
       [](unsigned) {
         return std::string("  s_mov_b32 s8, 0x11111111\n  s_mov_b32 s9, 0x80000001\n") +
                "  s_lshl_b64 s[8:9], s[8:9], 4\n  s_mov_b32 s10, 3\n" +
                "  s_lshl_b64 s[10:11], s[8:9], s10\n" +
                "  v_mov_b32 v1, s8\n  v_mov_b32 v2, s9\n  v_mov_b32 v3, s10\n" +
                "  v_mov_b32 v4, s11\n" + storeOutput(1, 0, 15) + storeOutput(2, 1, 15) +
                storeOutput(3, 2, 15) + storeOutput(4, 3, 15);
       },
       4, kWide,
       [](auto &out, auto &, unsigned w) {
         const uint64_t a = 0x8000000111111111ull << 4, b = a << 3;
         const uint32_t want[4] = {static_cast<uint32_t>(a), static_cast<uint32_t>(a >> 32),
                                   static_cast<uint32_t>(b), static_cast<uint32_t>(b >> 32)};
         for (unsigned j = 0; j < 4; ++j)
           for (unsigned l = 0; l < w; ++l)
             out[64 * j + l] = want[j];
       }},
      {"s_and_saveexec s8, s8",
       [](unsigned w) {
         const std::string m = mask(w, 8);
         return std::string("  s_mov_b32 s8, 0x0f0f0f0f\n  s_mov_b32 s9, 0xf0f0f0f0\n") +
                (w == 32 ? "  s_and_saveexec_b32 s8, s8\n"
                         : "  s_and_saveexec_b64 s[8:9], s[8:9]\n") +
                "  v_mov_b32 v1, s8\n  v_mov_b32 v2, s9\n" + storeOutput(1, 0, 15) +
                storeOutput(2, 1, 15);
       },
       2, kWide,
       [](auto &out, auto &, unsigned w) {
         const uint64_t active = w == 32 ? 0x0f0f0f0full : 0xf0f0f0f00f0f0f0full;
         for (unsigned l = 0; l < w; ++l) {
           if (!((active >> l) & 1))
             continue;
           out[l] = 0xFFFFFFFFu; // the old EXEC
           out[64 + l] = w == 32 ? 0xf0f0f0f0u : 0xFFFFFFFFu;
         }
       }},
      {"s_load_b128 s[8:11], s[10:11]",
       [](unsigned) {
         return std::string(
                    "  s_mov_b64 s[10:11], s[6:7]\n  s_load_b128 s[8:11], s[10:11], 0x0\n") +
                waitAll() +
                "  v_mov_b32 v1, s8\n  v_mov_b32 v2, s9\n  v_mov_b32 v3, s10\n  v_mov_b32 v4, "
                "s11\n" +
                storeOutput(1, 0, 15) + storeOutput(2, 1, 15) + storeOutput(3, 2, 15) +
                storeOutput(4, 3, 15);
       },
       4, kWide,
       [](auto &out, auto &in, unsigned w) {
         for (unsigned j = 0; j < 4; ++j)
           for (unsigned l = 0; l < w; ++l)
             out[64 * j + l] = in[j];
       }},
  };
  for (const Case &c : cases) {
    if (c.name.starts_with("v_add_f64")) {
      const unsigned w = wave();
      const std::vector<uint32_t> in = f64Inputs();
      AsmRun r = runAsm(dev, c.body(w), w, in, c.outputs, c.opts);
      ASSERT_TRUE(r.result.ok()) << r.result.error;
      std::vector<uint32_t> want(64 * c.outputs, 0xDEADBEEF);
      c.expect(want, in, w);
      EXPECT_EQ(r.out, want) << c.name;
      continue;
    }
    run(c);
  }
}

// ---- LDS addresses wrap to 32 bits
// ---------------------------------------------------------------

TEST_P(EmuOperandRules, LdsAddressesWrap) {
  // v4 = -4 * lane: the address plus the offset is 252 - 4 * lane modulo 2^32 (clang's code for
  // s[63 - t]), inside the LDS although v4 alone is far outside it.
  const std::string negate = "  v_sub_nc_u32 v4, 0, v0\n  v_lshlrev_b32 v4, 2, v4\n";
  // Output j, lane l: LDS word top - l, which holds input i of that lane if the wave has it.
  auto reversed = [](auto &out, auto &in, unsigned w, unsigned j, unsigned i, unsigned top) {
    for (unsigned l = 0; l < w; ++l)
      out[64 * j + l] = top - l < w ? word(in, i, top - l) : 0;
  };
  const std::vector<Case> cases = {
      {"ds_load_b32 v1, v4 offset:252",
       [&](unsigned) {
         return loadInput(2, 0, 15) + "  ds_store_b32 v15, v2\n" + negate +
                "  ds_load_b32 v1, v4 offset:252\n" + waitAll() + storeOutput(1, 0, 15);
       },
       1, kernelOptions(16, 15, 256),
       [&](auto &out, auto &in, unsigned w) { reversed(out, in, w, 0, 0, 63); }},
      {"ds_load_2addr_b32 v[1:2], v4 offset0:63 offset1:64",
       [&](unsigned) {
         return loadInput(2, 0, 15) + "  ds_store_b32 v15, v2\n" + negate +
                "  ds_load_2addr_b32 v[1:2], v4 offset0:63 offset1:64\n" + waitAll() +
                storeOutput(1, 0, 15) + storeOutput(2, 1, 15);
       },
       2, kernelOptions(16, 15, 512),
       [&](auto &out, auto &in, unsigned w) {
         reversed(out, in, w, 0, 0, 63);
         reversed(out, in, w, 1, 0, 64);
       }},
      {"ds_add_rtn_u32 v1, v4, v3 offset:252",
       [&](unsigned) {
         return loadInput(2, 0, 15) + loadInput(3, 1, 15) + "  ds_store_b32 v15, v2\n" + negate +
                "  ds_add_rtn_u32 v1, v4, v3 offset:252\n" + waitAll() + storeOutput(1, 0, 15);
       },
       1, kernelOptions(16, 15, 256),
       [&](auto &out, auto &in, unsigned w) { reversed(out, in, w, 0, 0, 63); }},
  };
  for (const Case &c : cases)
    run(c);
}

// ---- WMMA with C / D in the last VGPRs --------------------------------------------------------

// v_wmma_f32_16x16x16_f16 with A = v[0:7], B = v[8:15] and C = D in the last registers of a
// 16 + (8 or 4)-VGPR kernel: in wave64 C is 4 VGPRs (the row's 8 are wave32's), so reading C
// with the row's width would leave the allocation. Layout (AMD's matrix instruction
// calculator): A[i][k] in lane i (and i + 16, ...), VGPR k / 2, half k % 2; B[k][j] likewise
// with j; C / D[i][j] in VGPR i / (W / 16), lane 16 * (i % (W / 16)) + j.
TEST_P(EmuOperandRules, WmmaAccumulatorAtTheAllocationEdge) {
  const unsigned W = wave(), cRegs = W == 32 ? 8 : 4, rowsPerReg = W / 16;
  auto f16 = [](int v) -> uint32_t { // small integers are exact in f16
    const _Float16 h = static_cast<_Float16>(v);
    return std::bit_cast<uint16_t>(h);
  };
  int A[16][16], B[16][16];
  float C[16][16];
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      A[i][j] = (i * 7 + j * 3) % 9 - 4;
      B[i][j] = (i * 5 + j * 11) % 7 - 3;
      C[i][j] = static_cast<float>((i * 13 + j) % 17 - 8);
    }
  std::vector<uint32_t> in(64 * (16 + cRegs), 0);
  for (unsigned l = 0; l < W; ++l)
    for (unsigned r = 0; r < 8; ++r) {
      in[64 * r + l] = f16(A[l % 16][2 * r]) | f16(A[l % 16][2 * r + 1]) << 16;
      in[64 * (8 + r) + l] = f16(B[2 * r][l % 16]) | f16(B[2 * r + 1][l % 16]) << 16;
    }
  for (unsigned r = 0; r < cRegs; ++r)
    for (unsigned l = 0; l < W; ++l)
      in[64 * (16 + r) + l] = std::bit_cast<uint32_t>(C[r * rowsPerReg + l / 16][l % 16]);
  std::string body;
  // v16 (part of C) holds the lane address while A and B load; then C loads, v16 last.
  for (unsigned r = 0; r < 16; ++r)
    body += loadInput(r, r, 16);
  // Inputs 16.. are past the 13-bit offsets: move s[6:7] on by 16 inputs.
  body += "  s_add_u32 s6, s6, 0x1000\n  s_addc_u32 s7, s7, 0\n";
  for (unsigned r = 1; r < cRegs; ++r)
    body += loadInput(16 + r, r, 16);
  body += loadInput(16, 0, 16);
  const std::string c = "v[16:" + std::to_string(15 + cRegs) + "]";
  body += "  v_wmma_f32_16x16x16_f16 " + c + ", v[0:7], v[8:15], " + c + "\n";
  body += "  v_mbcnt_lo_u32_b32 v0, -1, 0\n";
  if (W == 64)
    body += "  v_mbcnt_hi_u32_b32 v0, -1, v0\n";
  body += "  v_lshlrev_b32 v0, 2, v0\n";
  for (unsigned r = 0; r < cRegs; ++r)
    body += storeOutput(16 + r, r, 0);
  AsmRun run = runAsm(dev, body, W, in, cRegs, kernelOptions(16 + cRegs, 16));
  ASSERT_TRUE(run.result.ok()) << run.result.error;
  for (unsigned r = 0; r < cRegs; ++r)
    for (unsigned l = 0; l < W; ++l) {
      const unsigned i = r * rowsPerReg + l / 16, j = l % 16;
      float want = C[i][j];
      for (int k = 0; k < 16; ++k)
        want += static_cast<float>(A[i][k] * B[k][j]);
      ASSERT_EQ(run.out[64 * r + l], std::bit_cast<uint32_t>(want))
          << "D[" << i << "][" << j << "]";
    }
}

INSTANTIATE_TEST_SUITE_P(Wave, EmuOperandRules, ::testing::Values(32u, 64u),
                         [](const auto &info) { return "W" + std::to_string(info.param); });

} // namespace
} // namespace gcnkit::emutest
