// gfx908 MFMA on the emulator against a host reference: every v_mfma_* in hand-written assembly
// (A / B in VGPRs and AccVGPRs, C in AccVGPRs or an inline constant, D in place, apart or
// partially over C, every legal CBSZ / ABID and every BLGP, EXEC and MODE ignored, the numeric
// rules of docs/emulator.md "MFMA"), and the clang-19 kernels of tests/kernels/mfma_gfx908.cl.
//
// The reference is a plain matrix multiply over (block, i, j, k) that finds each element with
// the layout formulas of the AMD matrix instruction calculator (docs/emulator.md, "MFMA"), written
// here independently of the emulator: A[i][k] of block b in lane M (b + k / P) + i, element k % P;
// B likewise through the BLGP lane pattern; C / D in register (M N / 64) b + 4 (q / G) + i % 4,
// lane M (q % G) + j (q = i / 4, G = 64 / M), or register i, lane 4 b + j for 4x4.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <memory>
#include <ostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "emu_asm_util.h"
#include "gcnkit/disasm.h"

namespace gcnkit::emutest {
namespace {

using runtime::Device;

enum class Ty { F32, F16, BF16, I8 };

struct Mfma {
  const char *name;
  unsigned op; // VOP3P opcode
  int m, k, blocks;
  Ty ty;
};

// The twenty gfx908 MFMAs, with their opcodes as llvm-mc-19 encodes them.
const Mfma kMfmas[] = {
    {"v_mfma_f32_32x32x1f32", 0x40, 32, 1, 2, Ty::F32},
    {"v_mfma_f32_16x16x1f32", 0x41, 16, 1, 4, Ty::F32},
    {"v_mfma_f32_4x4x1f32", 0x42, 4, 1, 16, Ty::F32},
    {"v_mfma_f32_32x32x2f32", 0x44, 32, 2, 1, Ty::F32},
    {"v_mfma_f32_16x16x4f32", 0x45, 16, 4, 1, Ty::F32},
    {"v_mfma_f32_32x32x4f16", 0x48, 32, 4, 2, Ty::F16},
    {"v_mfma_f32_16x16x4f16", 0x49, 16, 4, 4, Ty::F16},
    {"v_mfma_f32_4x4x4f16", 0x4a, 4, 4, 16, Ty::F16},
    {"v_mfma_f32_32x32x8f16", 0x4c, 32, 8, 1, Ty::F16},
    {"v_mfma_f32_16x16x16f16", 0x4d, 16, 16, 1, Ty::F16},
    {"v_mfma_i32_32x32x4i8", 0x50, 32, 4, 2, Ty::I8},
    {"v_mfma_i32_16x16x4i8", 0x51, 16, 4, 4, Ty::I8},
    {"v_mfma_i32_4x4x4i8", 0x52, 4, 4, 16, Ty::I8},
    {"v_mfma_i32_32x32x8i8", 0x54, 32, 8, 1, Ty::I8},
    {"v_mfma_i32_16x16x16i8", 0x55, 16, 16, 1, Ty::I8},
    {"v_mfma_f32_32x32x2bf16", 0x68, 32, 2, 2, Ty::BF16},
    {"v_mfma_f32_16x16x2bf16", 0x69, 16, 2, 4, Ty::BF16},
    {"v_mfma_f32_4x4x2bf16", 0x6b, 4, 2, 16, Ty::BF16},
    {"v_mfma_f32_32x32x4bf16", 0x6c, 32, 4, 1, Ty::BF16},
    {"v_mfma_f32_16x16x8bf16", 0x6d, 16, 8, 1, Ty::BF16},
};

// gtest prints a parameter with this.
void PrintTo(const Mfma &m, std::ostream *os) { *os << m.name; }

const Mfma &mfmaNamed(const std::string &name) {
  for (const Mfma &m : kMfmas)
    if (name == m.name)
      return m;
  ADD_FAILURE() << "no MFMA " << name;
  return kMfmas[0];
}

int perRegister(Ty t) { return t == Ty::F32 ? 1 : t == Ty::I8 ? 4 : 2; }
int abRegs(Ty t) { return t == Ty::F16 ? 2 : 1; }
int perLane(Ty t) { return perRegister(t) * abRegs(t); }
int cdRegs(const Mfma &op) { return op.m * op.m * op.blocks / 64; }

struct Mods {
  unsigned cbsz = 0, abid = 0, blgp = 0;
};

// Register values of one operand: regs[r][lane].
using Regs = std::vector<std::array<uint32_t, 64>>;

float f32Of(uint32_t b) { return std::bit_cast<float>(b); }
uint32_t bitsOf(float f) { return std::bit_cast<uint32_t>(f); }

// Element e of a lane's A / B registers, as a double (floats) or a sign-extended byte (i8).
double floatElement(Ty t, const Regs &r, int lane, int e) {
  const int per = perRegister(t);
  const uint32_t word = r[e / per][lane];
  if (t == Ty::F32)
    return f32Of(word);
  const uint32_t half = (word >> (16 * (e % per))) & 0xFFFF;
  if (t == Ty::BF16)
    return f32Of(half << 16);
  return static_cast<double>(std::bit_cast<_Float16>(static_cast<uint16_t>(half)));
}
int32_t byteElement(const Regs &r, int lane, int e) {
  return static_cast<int8_t>(r[e / 4][lane] >> (8 * (e % 4)));
}

int blgpLane(unsigned blgp, int l) {
  switch (blgp) {
  case 1:
    return l % 32;
  case 2:
    return 32 + l % 32;
  case 3:
    return (l + 16) % 64;
  case 4:
    return l % 16;
  case 5:
    return 16 + l % 16;
  case 6:
    return 32 + l % 16;
  case 7:
    return 48 + l % 16;
  default:
    return l;
  }
}

// C / D element (b, i, j): register and lane.
std::pair<int, int> cdPlace(const Mfma &op, int b, int i, int j) {
  if (op.m == 4)
    return {i, 4 * b + j};
  const int q = i / 4, groups = 64 / op.m;
  return {op.m * op.m / 64 * b + 4 * (q / groups) + i % 4, op.m * (q % groups) + j};
}

// D = A * B + C as docs/emulator.md states it: exact products summed in binary64 in k order,
// then C added with a single rounding to f32. binary128 holds sum + C exactly for the values the
// tests use (their exponents are less than 60 apart), so one conversion rounds it once.
Regs reference(const Mfma &op, const Regs &a, const Regs &b, const Regs &c, Mods mods) {
  const int P = perLane(op.ty);
  int log2Blocks = 0;
  while ((1 << log2Blocks) < op.blocks)
    ++log2Blocks;
  const unsigned cbsz = std::min<unsigned>(mods.cbsz, log2Blocks);
  const unsigned abid = mods.abid & ((1u << cbsz) - 1);
  Regs d(cdRegs(op));
  for (int blk = 0; blk < op.blocks; ++blk) {
    const int aBlk = static_cast<int>((blk & ~((1u << cbsz) - 1)) | abid);
    for (int i = 0; i < op.m; ++i)
      for (int j = 0; j < op.m; ++j) {
        const auto [reg, lane] = cdPlace(op, blk, i, j);
        double sum = 0;
        uint32_t isum = 0;
        for (int k = 0; k < op.k; ++k) {
          const int aLane = op.m * (aBlk + k / P) + i;
          const int bLane = blgpLane(mods.blgp, op.m * (blk + k / P) + j);
          if (op.ty == Ty::I8) {
            isum +=
                static_cast<uint32_t>(byteElement(a, aLane, k % P) * byteElement(b, bLane, k % P));
          } else {
            const double p =
                floatElement(op.ty, a, aLane, k % P) * floatElement(op.ty, b, bLane, k % P);
            sum = k == 0 ? p : sum + p;
          }
        }
        d[reg][lane] =
            op.ty == Ty::I8
                ? isum + c[reg][lane]
                : bitsOf(static_cast<float>(static_cast<__float128>(sum) + f32Of(c[reg][lane])));
      }
  }
  return d;
}

// ---- inputs -----------------------------------------------------------------------------------

uint16_t randomHalf(std::mt19937 &rng) {
  for (;;) { // any finite f16, denormals included
    const uint16_t h = static_cast<uint16_t>(rng());
    if ((h & 0x7C00) != 0x7C00)
      return h;
  }
}
// f32 with exponents in [-20, 20]: products and their sums are often inexact in binary64.
uint32_t randomF32(std::mt19937 &rng) {
  const uint32_t exp = 127 - 20 + rng() % 41;
  return (rng() & 0x80000000u) | exp << 23 | (rng() & 0x7FFFFFu);
}
uint16_t randomBf16(std::mt19937 &rng) {
  const uint32_t exp = 127 - 30 + rng() % 61;
  return static_cast<uint16_t>((rng() & 0x8000u) | exp << 7 | (rng() & 0x7Fu));
}

Regs randomAB(Ty t, std::mt19937 &rng) {
  Regs r(abRegs(t));
  for (auto &reg : r)
    for (uint32_t &v : reg)
      switch (t) {
      case Ty::F32:
        v = randomF32(rng);
        break;
      case Ty::F16:
        v = randomHalf(rng) | uint32_t{randomHalf(rng)} << 16;
        break;
      case Ty::BF16:
        v = randomBf16(rng) | uint32_t{randomBf16(rng)} << 16;
        break;
      case Ty::I8:
        v = rng();
        break;
      }
  return r;
}
Regs randomC(const Mfma &op, std::mt19937 &rng) {
  Regs r(cdRegs(op));
  for (auto &reg : r)
    for (uint32_t &v : reg)
      v = op.ty == Ty::I8 ? rng() : randomF32(rng);
  return r;
}
Regs constantRegs(int n, uint32_t value) {
  Regs r(n);
  for (auto &reg : r)
    reg.fill(value);
  return r;
}

// ---- kernels ----------------------------------------------------------------------------------

// Where the operands live in a test kernel. C: AccVGPRs a0.. or an inline constant; D: a40..,
// a0.. (C's registers: in place) or a4.. (partly over C).
enum class CPlace { Apart, InPlace, PartlyUnderD, Constant };

struct Placement {
  bool aAcc = false, bAcc = false;
  CPlace c = CPlace::Apart;
  bool aInsideD = false;        // A in D's first AccVGPR (D apart from C)
  uint64_t exec = ~uint64_t{0}; // EXEC while the MFMA runs
  // The inline constant of CPlace::Constant: its source encoding and its value.
  unsigned constEnc = 242; // 1.0
  uint32_t constValue = 0x3F800000u;
};

constexpr unsigned kAccA = 96, kAccB = 98, kVgprA = 1, kVgprB = 3, kVgprC = 8, kVgprD = 40;

unsigned dBase(const Placement &p) {
  return p.c == CPlace::InPlace ? 0 : p.c == CPlace::PartlyUnderD ? 4 : 40;
}
unsigned aBase(const Placement &p) { return p.aInsideD ? dBase(p) : p.aAcc ? kAccA : kVgprA; }
bool aIsAcc(const Placement &p) { return p.aInsideD || p.aAcc; }

std::string range(char file, unsigned first, int n) {
  const std::string f(1, file);
  return n == 1 ? f + std::to_string(first)
                : f + "[" + std::to_string(first) + ":" + std::to_string(first + n - 1) + "]";
}

// The MFMA's two dwords (the VOP3P-MAI encoding): dword 0 = 110100111 | op | ABID | CBSZ | vdst,
// dword 1 = BLGP | ACC (B, A) | src2 | src1 | src0; registers are 256 + n, C's AccVGPRs implicit.
std::string encoded(const Mfma &op, unsigned vdst, unsigned src0, bool acc0, unsigned src1,
                    bool acc1, unsigned src2, Mods mods) {
  const uint32_t w0 = 0xD3800000u | op.op << 16 | mods.abid << 11 | mods.cbsz << 8 | vdst;
  const uint32_t w1 =
      mods.blgp << 29 | uint32_t{acc1} << 28 | uint32_t{acc0} << 27 | src2 << 18 | src1 << 9 | src0;
  char buf[64];
  std::snprintf(buf, sizeof buf, "  .long 0x%08x, 0x%08x\n", w0, w1);
  return buf;
}

std::string mfmaLine(const Mfma &op, const Placement &p, Mods mods) {
  const int R = abRegs(op.ty), n = cdRegs(op);
  const unsigned a = aBase(p), b = p.bAcc ? kAccB : kVgprB, d = dBase(p);
  // The assembler refuses an inline-constant C and a C partly under D (llvm-mc's rules); the
  // hardware decodes both, so they go in as words.
  if (p.c == CPlace::Constant || p.c == CPlace::PartlyUnderD)
    return encoded(op, d, 256 + a, aIsAcc(p), 256 + b, p.bAcc,
                   p.c == CPlace::Constant ? p.constEnc : 256, mods);
  std::string s = std::string("  ") + op.name + " " + range('a', d, n) + ", " +
                  range(aIsAcc(p) ? 'a' : 'v', a, R) + ", " + range(p.bAcc ? 'a' : 'v', b, R) +
                  ", " + range('a', 0, n);
  if (mods.cbsz)
    s += " cbsz:" + std::to_string(mods.cbsz);
  if (mods.abid)
    s += " abid:" + std::to_string(mods.abid);
  if (mods.blgp)
    s += " blgp:" + std::to_string(mods.blgp);
  return s + "\n";
}

// global_load_dword of inputs 0.. into the given VGPRs (input j of lane l is in[64 j + l]);
// gfx9's offsets stop at 4095, so s[6:7] moves on by 4 KiB every 16 inputs.
std::string loads(const std::vector<unsigned> &vgprs) {
  std::string s;
  for (size_t j = 0; j < vgprs.size(); ++j) {
    if (j && j % 16 == 0)
      s += "  s_add_u32 s6, s6, 0x1000\n  s_addc_u32 s7, s7, 0\n";
    s += loadInput(vgprs[j], static_cast<unsigned>(j % 16), 100, isa::Target::GFX908);
  }
  return s;
}
std::string stores(unsigned first, int n) {
  std::string s;
  for (int j = 0; j < n; ++j) {
    if (j && j % 16 == 0)
      s += "  s_add_u32 s4, s4, 0x1000\n  s_addc_u32 s5, s5, 0\n";
    s += storeOutput(first + j, j % 16, 100, isa::Target::GFX908);
  }
  return s;
}

AsmKernelOptions gfx908Options(const std::string &modes = "") {
  AsmKernelOptions o;
  o.target = isa::Target::GFX908;
  o.vgprs = 128;
  o.modes = modes;
  return o;
}

struct Case {
  Regs a, b, c; // c: the C values the MFMA reads (the constant's lanes for CPlace::Constant)
};

// Runs one MFMA in a gfx908 kernel: A, B, C loaded into their registers, D read back.
Regs runMfma(Device &dev, const Mfma &op, const Placement &p, Mods mods, const Case &in,
             const std::string &modes = "", std::string *error = nullptr) {
  const int R = abRegs(op.ty), n = cdRegs(op);
  std::vector<unsigned> dst;
  std::vector<uint32_t> words;
  auto add = [&](const Regs &regs, unsigned firstVgpr) {
    for (size_t r = 0; r < regs.size(); ++r) {
      dst.push_back(firstVgpr + static_cast<unsigned>(r));
      words.insert(words.end(), regs[r].begin(), regs[r].end());
    }
  };
  add(in.a, kVgprA);
  add(in.b, kVgprB);
  if (p.c != CPlace::Constant)
    add(in.c, kVgprC);
  std::string body = loads(dst);
  for (int r = 0; p.c != CPlace::Constant && r < n; ++r)
    body +=
        "  v_accvgpr_write_b32 a" + std::to_string(r) + ", v" + std::to_string(kVgprC + r) + "\n";
  for (int r = 0; r < R; ++r) {
    if (aIsAcc(p))
      body += "  v_accvgpr_write_b32 a" + std::to_string(aBase(p) + r) + ", v" +
              std::to_string(kVgprA + r) + "\n";
    if (p.bAcc)
      body += "  v_accvgpr_write_b32 a" + std::to_string(kAccB + r) + ", v" +
              std::to_string(kVgprB + r) + "\n";
  }
  if (~p.exec)
    body += setExec(64, p.exec);
  body += mfmaLine(op, p, mods);
  if (~p.exec)
    body += allExec(64);
  for (int r = 0; r < n; ++r)
    body += "  v_accvgpr_read_b32 v" + std::to_string(kVgprD + r) + ", a" +
            std::to_string(dBase(p) + r) + "\n";
  body += stores(kVgprD, n);
  AsmRun run = runAsm(dev, body, 64, words, n, gfx908Options(modes));
  if (error)
    *error = run.result.error;
  else
    EXPECT_TRUE(run.result.ok()) << run.result.error;
  Regs d(n);
  for (int r = 0; r < n && run.out.size() >= size_t(64) * n; ++r)
    std::copy_n(run.out.begin() + 64 * r, 64, d[r].begin());
  return d;
}

bool sameValue(Ty t, uint32_t got, uint32_t want) {
  if (t != Ty::I8 && std::isnan(f32Of(got)) && std::isnan(f32Of(want)))
    return true; // NaN payloads are the host's
  return got == want;
}

// Expects every D element to be the reference's; returns the number of mismatches.
int expectD(const Mfma &op, const Regs &got, const Regs &want, const std::string &what) {
  int bad = 0;
  for (size_t r = 0; r < want.size(); ++r)
    for (int l = 0; l < 64; ++l)
      if (!sameValue(op.ty, got[r][l], want[r][l]) && ++bad <= 4)
        ADD_FAILURE() << op.name << " " << what << ": D register " << r << " lane " << l << " is 0x"
                      << std::hex << got[r][l] << ", want 0x" << want[r][l];
  return bad;
}

// gfx908 code reaches the gfx11 executors by its own mnemonics through isa::mnemonicAliases,
// which may not name every instruction yet: the instruction other than an MFMA that stopped a
// run as not emulated (with the reason), or empty.
std::string missingExecutor(const runtime::LaunchResult &r) {
  if (!r.fault || r.fault->kind != runtime::Fault::Kind::UnsupportedInstruction ||
      r.fault->instruction.starts_with("v_mfma_"))
    return "";
  return r.fault->instruction + " (" + r.fault->detail + ")";
}

// Whether the emulator runs the other instructions of the assembly tests (the prologue's
// s_load_dwordx4, global loads and stores, address arithmetic, AccVGPR moves, EXEC and MODE
// writes): what a probe kernel made of them missed, or empty.
const std::string &missingForAsmTests() {
  static const std::string missing = [] {
    Device dev;
    std::vector<unsigned> inputs(17); // past 16 inputs the loads move the base address on
    for (unsigned j = 0; j < inputs.size(); ++j)
      inputs[j] = 1 + j;
    const std::string body = loads(inputs) + "  v_accvgpr_write_b32 a0, v17\n" +
                             "  v_accvgpr_write_b32 a1, 0\n" + setExec(64, 1) + allExec(64) +
                             "  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 4), 0\n" +
                             "  v_accvgpr_read_b32 v40, a0\n" + stores(kVgprD, 1);
    const AsmRun run = runAsm(dev, body, 64, std::vector<uint32_t>(17 * 64), 1, gfx908Options());
    return missingExecutor(run.result);
  }();
  return missing;
}

#define SKIP_IF_MISSING(what)                                                                      \
  if (const std::string &missing = (what); !missing.empty())                                       \
  GTEST_SKIP() << "the emulator does not run " << missing << " yet"

// The legal CBSZ / ABID pairs of an instruction (CBSZ up to log2(blocks), ABID below 2^CBSZ).
std::vector<Mods> broadcastModes(const Mfma &op) {
  std::vector<Mods> v;
  for (unsigned cbsz = 0; (1 << cbsz) <= op.blocks; ++cbsz)
    for (unsigned abid = 0; abid < (1u << cbsz); ++abid)
      v.push_back({cbsz, abid, 0});
  return v;
}

class EmuMfma : public ::testing::TestWithParam<Mfma> {
protected:
  void SetUp() override { SKIP_IF_MISSING(missingForAsmTests()); }
  Device dev;
};

// Every legal CBSZ / ABID, every BLGP, A / B in VGPRs and AccVGPRs, C in place, apart, partly
// under D and as an inline constant, A inside D.
TEST_P(EmuMfma, MatchesReferenceForEveryModifierAndPlacement) {
  const Mfma &op = GetParam();
  std::vector<Mods> modes = broadcastModes(op);
  while (modes.size() < 8)
    modes.push_back({});
  std::mt19937 rng(op.op);
  for (size_t run = 0; run < modes.size(); ++run) {
    Mods mods = modes[run];
    mods.blgp = static_cast<unsigned>(run % 8);
    Placement p;
    p.aAcc = run % 2;
    p.bAcc = run % 3 == 1;
    p.c = static_cast<CPlace>(run % 4);
    p.aInsideD = run % 5 == 4 && p.c == CPlace::Apart;
    if (p.c == CPlace::Constant && op.ty == Ty::I8) {
      p.constEnc = 195; // -3
      p.constValue = static_cast<uint32_t>(-3);
    } else if (p.c == CPlace::Constant && run % 8 >= 4) {
      p.constEnc = 245; // -2.0
      p.constValue = 0xC0000000u;
    }
    Case in{randomAB(op.ty, rng), randomAB(op.ty, rng), randomC(op, rng)};
    if (p.c == CPlace::Constant)
      in.c = constantRegs(cdRegs(op), p.constValue);
    std::ostringstream what;
    what << "cbsz " << mods.cbsz << " abid " << mods.abid << " blgp " << mods.blgp << " A "
         << (p.aInsideD ? "in D"
             : p.aAcc   ? "acc"
                        : "vgpr")
         << " B " << (p.bAcc ? "acc" : "vgpr") << " C " << static_cast<int>(p.c);
    expectD(op, runMfma(dev, op, p, mods, in), reference(op, in.a, in.b, in.c, mods), what.str());
  }
}

// MFMA ignores EXEC: a partial mask (and an empty one) gives the full result in every lane.
TEST_P(EmuMfma, IgnoresExec) {
  const Mfma &op = GetParam();
  std::mt19937 rng(op.op + 1000);
  const Case in{randomAB(op.ty, rng), randomAB(op.ty, rng), randomC(op, rng)};
  const Regs want = reference(op, in.a, in.b, in.c, {});
  for (uint64_t exec : {0x00000000FFFF0001ull, 0ull}) {
    Placement p;
    p.exec = exec;
    expectD(op, runMfma(dev, op, p, {}, in), want, "exec " + std::to_string(exec));
  }
}

INSTANTIATE_TEST_SUITE_P(All, EmuMfma, ::testing::ValuesIn(kMfmas),
                         [](const ::testing::TestParamInfo<Mfma> &info) {
                           return std::string(info.param.name).substr(7); // after "v_mfma_"
                         });

class EmuMfmaRules : public ::testing::Test {
protected:
  void SetUp() override { SKIP_IF_MISSING(missingForAsmTests()); }
  Device dev;
};

// The calculator's example layouts, checked directly: 32x32x8f16 lane l holds
// A[l % 32][4 (l / 32) + e] in halves e = 0..3 and D register r of lane l is
// D[8 (r / 4) + 4 (l / 32) + r % 4][l % 32]; 16x16x16f16: A[l % 16][4 (l / 16) + e] and
// D register r of lane l is D[4 (l / 16) + r][l % 16]. With A[i][0] = i + 1, A[i][1] = 1,
// B[0][j] = 1, B[1][j] = 64 j and every other element 0, D[i][j] = i + 1 + 64 j.
TEST_F(EmuMfmaRules, CalculatorExampleLayouts) {
  for (const char *name : {"v_mfma_f32_32x32x8f16", "v_mfma_f32_16x16x16f16"}) {
    const Mfma &op = mfmaNamed(name);
    const int M = op.m;
    Case in{Regs(2), Regs(2), constantRegs(cdRegs(op), 0)};
    for (int l = 0; l < 64; ++l) {
      const bool k01 = l / M == 0; // the lanes holding k = 0..3
      const uint16_t ai = k01 ? std::bit_cast<uint16_t>(static_cast<_Float16>(l % M + 1)) : 0;
      const uint16_t one = k01 ? 0x3C00 : 0;
      const uint16_t bj = k01 ? std::bit_cast<uint16_t>(static_cast<_Float16>(64 * (l % M))) : 0;
      in.a[0][l] = ai | uint32_t{one} << 16;
      in.a[1][l] = 0;
      in.b[0][l] = one | uint32_t{bj} << 16;
      in.b[1][l] = 0;
    }
    const Regs d = runMfma(dev, op, {}, {}, in);
    for (int r = 0; r < cdRegs(op); ++r)
      for (int l = 0; l < 64; ++l) {
        const int i = M == 32 ? 8 * (r / 4) + 4 * (l / 32) + r % 4 : 4 * (l / 16) + r;
        EXPECT_EQ(f32Of(d[r][l]), static_cast<float>(i + 1 + 64 * (l % M)))
            << name << " register " << r << " lane " << l;
      }
  }
}

// K = 1 forms are one fused multiply-add per element: a * b + c rounded once. With
// a * b = 1 + 2^-11 + 2^-24 and c = 2^-60 the binary64 sum is an f32 tie that double rounding
// would break downwards.
TEST_F(EmuMfmaRules, SingleRoundingLikeFmaf) {
  const Mfma &op = mfmaNamed("v_mfma_f32_4x4x1f32");
  const float a = 1.0f + 0x1p-12f, c = 0x1p-60f;
  Case in{constantRegs(1, bitsOf(a)), constantRegs(1, bitsOf(a)),
          constantRegs(cdRegs(op), bitsOf(c))};
  std::mt19937 rng(7);
  for (int l = 32; l < 64; ++l) { // the other lanes: random values against the host's fmaf
    in.a[0][l] = randomF32(rng);
    in.b[0][l] = randomF32(rng);
  }
  for (auto &reg : in.c)
    for (int l = 32; l < 64; ++l)
      reg[l] = randomF32(rng);
  const Regs d = runMfma(dev, op, {}, {}, in);
  ASSERT_EQ(std::fmaf(a, a, c), 1.0f + 0x1p-11f + 0x1p-23f);
  for (int r = 0; r < 4; ++r)
    for (int l = 0; l < 64; ++l) // D[i][j] of block b: register i, lane 4 b + j
      EXPECT_EQ(d[r][l], bitsOf(std::fmaf(f32Of(in.a[0][l - l % 4 + r]), f32Of(in.b[0][l]),
                                          f32Of(in.c[r][l]))))
          << "register " << r << " lane " << l;
}

// The same in the f32 denormal range: A[i][0] B[0][j] = -2^-150 and A[i][1] B[1][j] = -2^-202
// sum exactly to -(2^-150 + 2^-202); with C = 2^-148 the exact result 3 * 2^-150 - 2^-202 rounds
// to 2^-149, while its binary64 rounding is the midpoint 3 * 2^-150, which a second rounding
// would take to 2^-148.
TEST_F(EmuMfmaRules, DenormalResultRoundedOnce) {
  const Mfma &op = mfmaNamed("v_mfma_f32_32x32x2f32");
  Case in{Regs(1), Regs(1), constantRegs(cdRegs(op), 0x00000002u)};
  for (int l = 0; l < 64; ++l) { // k = l / 32
    in.a[0][l] = bitsOf(l < 32 ? -0x1p-75f : -0x1p-101f);
    in.b[0][l] = bitsOf(l < 32 ? 0x1p-75f : 0x1p-101f);
  }
  const Regs want = reference(op, in.a, in.b, in.c, {});
  ASSERT_EQ(want[0][0], 0x00000001u);
  EXPECT_EQ(expectD(op, runMfma(dev, op, {}, {}, in), want, "denormal midpoint"), 0);
}

// Specials: NaN, infinities, signed zeros, denormal inputs and results, overflow. Denormals
// are kept even where MODE flushes them for the VALU.
TEST_F(EmuMfmaRules, SpecialValuesAndDenormalsWhateverTheMode) {
  // NaN, +inf, -inf, -0, +0, denormals, the largest finite, 2^-70, 1.0.
  const uint32_t f32Specials[] = {0x7FC00000u, 0x7F800000u, 0xFF800000u, 0x80000000u, 0,
                                  0x00000001u, 0x807FFFFFu, 0x7F7FFFFFu, 0x1C800000u, 0x3F800000u};
  const uint16_t f16Specials[] = {0x7E00, 0x7C00, 0xFC00, 0x8000, 0x0000,
                                  0x0001, 0x83FF, 0x7BFF, 0x3C00, 0xBC00};
  const uint16_t bf16Specials[] = {0x7FC0, 0x7F80, 0xFF80, 0x8000, 0x0000,
                                   0x0001, 0x807F, 0x7F7F, 0x3F80, 0xBF80};
  std::mt19937 rng(99);
  for (const std::string modes : {"", "  .amdhsa_float_denorm_mode_32 0\n"
                                      "  .amdhsa_float_denorm_mode_16_64 0\n"}) {
    for (const char *name : {"v_mfma_f32_32x32x2f32", "v_mfma_f32_16x16x16f16",
                             "v_mfma_f32_4x4x2bf16", "v_mfma_f32_32x32x1f32"}) {
      const Mfma &op = mfmaNamed(name);
      Case in{randomAB(op.ty, rng), randomAB(op.ty, rng), randomC(op, rng)};
      auto special = [&](uint32_t pick) -> uint32_t {
        if (op.ty == Ty::F32)
          return f32Specials[pick % std::size(f32Specials)];
        const uint16_t *t = op.ty == Ty::F16 ? f16Specials : bf16Specials;
        return t[pick % 10] | uint32_t{t[(pick / 10) % 10]} << 16;
      };
      for (auto *regs : {&in.a, &in.b})
        for (auto &reg : *regs)
          for (int l = 0; l < 64; l += 3)
            reg[l] = special(rng());
      for (auto &reg : in.c)
        for (int l = 0; l < 64; l += 5)
          reg[l] = f32Specials[rng() % std::size(f32Specials)];
      // Products of denormals and tiny values whose sums are f32 denormals.
      if (op.ty == Ty::F32)
        for (int l = 1; l < 64; l += 7) {
          in.a[0][l] = 0x00400000u; // 2^-127
          in.b[0][l] = 0x3E800000u; // 0.25
        }
      expectD(op, runMfma(dev, op, {}, {}, in, modes), reference(op, in.a, in.b, in.c, {}),
              "specials, modes '" + modes + "'");
    }
  }
  // -0: every product -0 and C -0 sums to -0.
  const Mfma &op = mfmaNamed("v_mfma_f32_32x32x2f32");
  Case zeros{constantRegs(1, 0x80000000u), constantRegs(1, 0), constantRegs(16, 0x80000000u)};
  const Regs d = runMfma(dev, op, {}, {}, zeros);
  EXPECT_EQ(d[3][17], 0x80000000u);
  EXPECT_EQ(expectD(op, d, constantRegs(16, 0x80000000u), "negative zeros"), 0);
}

// A kernel that writes MODE (f16 / f32 denormals flushed) still runs its MFMAs, with
// denormals kept: the MODE register does not apply to the matrix core.
TEST_F(EmuMfmaRules, ModeWritesDoNotApply) {
  const Mfma &op = mfmaNamed("v_mfma_f32_16x16x4f16");
  Case in{constantRegs(2, 0x00010001u), constantRegs(2, 0x3C003C00u), constantRegs(16, 0)};
  Placement p;
  // s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 4), 0: FP_DENORM = 0 (flush f32 and f16 / f64).
  const std::string flush = "  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 4), 0\n";
  std::vector<unsigned> dst = {kVgprA, kVgprA + 1, kVgprB, kVgprB + 1};
  std::vector<uint32_t> words;
  for (const Regs *r : {&in.a, &in.b})
    for (const auto &reg : *r)
      words.insert(words.end(), reg.begin(), reg.end());
  std::string body = loads(dst) + flush;
  for (int r = 0; r < 16; ++r)
    body += "  v_accvgpr_write_b32 a" + std::to_string(r) + ", 0\n";
  body += mfmaLine(op, p, {});
  for (int r = 0; r < 16; ++r)
    body += "  v_accvgpr_read_b32 v" + std::to_string(kVgprD + r) + ", a" +
            std::to_string(dBase(p) + r) + "\n";
  body += stores(kVgprD, 16);
  AsmRun run = runAsm(dev, body, 64, words, 16, gfx908Options());
  ASSERT_TRUE(run.result.ok()) << run.result.error;
  // Four products of the smallest f16 denormal and 1.0: 4 * 2^-24 each.
  for (int r = 0; r < 16; ++r)
    for (int l = 0; l < 64; ++l)
      ASSERT_EQ(f32Of(run.out[64 * r + l]), 0x1p-22f) << "register " << r << " lane " << l;
}

// Encodings the hardware decodes but the assembler refuses stop the wave by name: A from a
// scalar register. CBSZ above log2(blocks) and ABID bits above CBSZ follow the documented
// choice (clamped, ignored).
TEST_F(EmuMfmaRules, OutOfRangeModifiersAndScalarOperands) {
  std::mt19937 rng(5);
  for (const char *name : {"v_mfma_f32_4x4x4f16", "v_mfma_f32_32x32x1f32", "v_mfma_i32_16x16x4i8",
                           "v_mfma_f32_32x32x4bf16"}) {
    const Mfma &op = mfmaNamed(name);
    for (Mods mods : {Mods{7, 15, 0}, Mods{1, 15, 2}, Mods{3, 6, 5}}) {
      Case in{randomAB(op.ty, rng), randomAB(op.ty, rng), randomC(op, rng)};
      Placement p;
      p.c = CPlace::PartlyUnderD; // a word encoding, so any field value goes in
      expectD(op, runMfma(dev, op, p, mods, in), reference(op, in.a, in.b, in.c, mods),
              "cbsz " + std::to_string(mods.cbsz) + " abid " + std::to_string(mods.abid));
    }
  }
  const Mfma &op = mfmaNamed("v_mfma_f32_32x32x2f32");
  const std::string body = encoded(op, 0, 2 /* s2 */, false, 256 + 1, false, 256, {});
  AsmRun run = runAsm(dev, body, 64, {}, 1, gfx908Options());
  ASSERT_FALSE(run.result.ok());
  EXPECT_NE(run.result.error.find("MFMA operand from a scalar register"), std::string::npos)
      << run.result.error;
}

// The test's encoder spells what the disassembler reads: the words of an inline-constant C and of
// a C partly under D print as the intended instructions.
TEST(EmuMfmaEncoder, WordsDisassembleAsIntended) {
  const disasm::Disassembler dis(isa::Target::GFX908, disasm::WaveSize::Wave64);
  auto print = [&](const std::string &line) {
    uint32_t w[2];
    EXPECT_EQ(std::sscanf(line.c_str(), " .long 0x%x, 0x%x", &w[0], &w[1]), 2) << line;
    disasm::Inst inst;
    std::string out;
    const uint8_t *bytes = reinterpret_cast<const uint8_t *>(w);
    if (dis.decode(std::span<const uint8_t>(bytes, 8), inst) == disasm::DecodeStatus::Success)
      dis.print(inst, out);
    return out;
  };
  const Mfma &f32 = mfmaNamed("v_mfma_f32_32x32x1f32");
  EXPECT_EQ(print(encoded(f32, 40, 256 + 1, false, 256 + 98, true, 242, {1, 1, 3})),
            "v_mfma_f32_32x32x1f32 a[40:71], v1, a98, 1.0 cbsz:1 abid:1 blgp:3");
  const Mfma &i8 = mfmaNamed("v_mfma_i32_16x16x16i8");
  EXPECT_EQ(print(encoded(i8, 4, 256 + 96, true, 256 + 3, false, 256, {})),
            "v_mfma_i32_16x16x16i8 a[4:7], a96, v3, a[0:3]");
}

// ---- clang-19 kernels (tests/kernels/mfma_gfx908.cl) ------------------------------------------

// tests/kernels/<file> compiled for gfx908 (clang-19 -O2; the prelude's work-item helpers are
// added and unused); empty bytes with a test failure on error.
std::vector<uint8_t> compileGfx908(const std::string &file) {
  std::ifstream in(std::string(GCNKIT_SOURCE_DIR) + "/tests/kernels/" + file);
  std::stringstream source;
  source << in.rdbuf();
  EXPECT_FALSE(source.str().empty()) << "cannot read " << file;
  return compileOpenCL(source.str(), 64, "", "gfx908");
}

// The five builtins of each tests/kernels/mfma_gfx908.cl kernel, in source order, with their
// cbsz / abid / blgp. Builtin n writes output n: o32, o16, o4, o16 entries 64.., o4 entries
// 64..; its A and B are (x, y) = (a[i], b[i]), except the fourth's (y, x) and, in mfma_f32, the
// fifth's (x, x).
struct KernelCalls {
  const char *kernel;
  Ty ty; // of a[i], b[i]
  const char *ops[5];
  Mods mods[5];
};
constexpr KernelCalls kKernelCalls[] = {
    {"mfma_f32",
     Ty::F32,
     {"v_mfma_f32_32x32x1f32", "v_mfma_f32_16x16x1f32", "v_mfma_f32_4x4x1f32",
      "v_mfma_f32_32x32x2f32", "v_mfma_f32_16x16x4f32"},
     {{1, 0, 0}, {2, 3, 1}, {4, 15, 7}, {0, 0, 3}, {0, 0, 0}}},
    {"mfma_f16",
     Ty::F16,
     {"v_mfma_f32_32x32x4f16", "v_mfma_f32_16x16x4f16", "v_mfma_f32_4x4x4f16",
      "v_mfma_f32_32x32x8f16", "v_mfma_f32_16x16x16f16"},
     {{1, 1, 2}, {2, 0, 4}, {3, 5, 5}, {0, 0, 6}, {0, 0, 0}}},
    {"mfma_i8",
     Ty::I8,
     {"v_mfma_i32_32x32x4i8", "v_mfma_i32_16x16x4i8", "v_mfma_i32_4x4x4i8", "v_mfma_i32_32x32x8i8",
      "v_mfma_i32_16x16x16i8"},
     {{1, 1, 1}, {0, 0, 2}, {4, 9, 3}, {0, 0, 0}, {0, 0, 7}}},
    {"mfma_bf16",
     Ty::BF16,
     {"v_mfma_f32_32x32x2bf16", "v_mfma_f32_16x16x2bf16", "v_mfma_f32_4x4x2bf16",
      "v_mfma_f32_32x32x4bf16", "v_mfma_f32_16x16x8bf16"},
     {{1, 0, 1}, {2, 2, 2}, {4, 4, 4}, {0, 0, 5}, {0, 0, 0}}},
};

class EmuMfmaKernels : public ::testing::Test {
protected:
  void SetUp() override {
    const std::vector<uint8_t> bytes = compileGfx908("mfma_gfx908.cl");
    ASSERT_FALSE(bytes.empty());
    std::string error;
    module = runtime::Module::load(dev, bytes, error);
    ASSERT_TRUE(module) << error;
  }

  // Per-lane words of a buffer of `per` words per lane as register values.
  static Regs lanesOf(const std::vector<uint32_t> &buf, int per, int firstLane = 0) {
    Regs r(per);
    for (int reg = 0; reg < per; ++reg)
      for (int l = 0; l < 64; ++l)
        r[reg][l] = buf[(firstLane + l) * per + reg];
    return r;
  }

  // Runs a kernel (a, b, o32, o16, o4) on one wave of random inputs and checks its five results;
  // o16 and o4 hold 128 entries (the second MFMA into each writes entries 64..127). Returns the
  // instruction the emulator does not run yet when one stopped the kernel (missingExecutor).
  std::string runFive(const KernelCalls &calls, std::mt19937 &rng) {
    const std::string name = calls.kernel;
    const int per = abRegs(calls.ty);
    std::vector<uint32_t> a(64 * per), b(64 * per), o32(64 * 32), o16(128 * 16), o4(128 * 4);
    const Regs ra = randomAB(calls.ty, rng), rb = randomAB(calls.ty, rng);
    for (int l = 0; l < 64; ++l)
      for (int reg = 0; reg < per; ++reg) {
        a[l * per + reg] = ra[reg][l];
        b[l * per + reg] = rb[reg][l];
      }
    for (auto *buf : {&o32, &o16, &o4})
      for (uint32_t &v : *buf)
        v = calls.ty == Ty::I8 ? rng() : randomF32(rng);
    const uint64_t da = upload(dev, a), db = upload(dev, b), d32 = upload(dev, o32),
                   d16 = upload(dev, o16), d4 = upload(dev, o4);
    const runtime::LaunchResult r =
        runtime::launch(dev, *module, name, runtime::LaunchConfig{{64, 1, 1}, {64, 1, 1}},
                        runtime::KernelArgs().add(da).add(db).add(d32).add(d16).add(d4));
    if (!missingExecutor(r).empty())
      return missingExecutor(r);
    EXPECT_TRUE(r.ok()) << r.error;
    const std::vector<uint32_t> g32 = download<uint32_t>(dev, d32, o32.size());
    const std::vector<uint32_t> g16 = download<uint32_t>(dev, d16, o16.size());
    const std::vector<uint32_t> g4 = download<uint32_t>(dev, d4, o4.size());
    for (int out = 0; out < 5; ++out) {
      const Mfma &op = mfmaNamed(calls.ops[out]);
      const int n = cdRegs(op);
      const std::vector<uint32_t> &init = out == 0 ? o32 : out % 2 ? o16 : o4;
      const std::vector<uint32_t> &got = out == 0 ? g32 : out % 2 ? g16 : g4;
      const int first = out >= 3 ? 64 : 0;
      const Regs &argA = out == 3 ? rb : ra;
      const Regs &argB = out == 3 || (out == 4 && name == "mfma_f32") ? ra : rb;
      const Regs want = reference(op, argA, argB, lanesOf(init, n, first), calls.mods[out]);
      expectD(op, lanesOf(got, n, first), want, name);
    }
    return "";
  }

  Device dev;
  std::unique_ptr<runtime::Module> module;
};

TEST_F(EmuMfmaKernels, EveryBuiltin) {
  std::mt19937 rng(1);
  for (const KernelCalls &calls : kKernelCalls)
    SKIP_IF_MISSING(runFive(calls, rng));
}

// The accumulator chain: C starts as the constant 1.0 and stays in AccVGPRs over n MFMAs.
TEST_F(EmuMfmaKernels, AccumulatorChain) {
  const int n = 6;
  std::mt19937 rng(8);
  std::vector<uint32_t> a(64 + n + 1);
  for (uint32_t &v : a)
    v = randomF32(rng);
  const uint64_t da = upload(dev, a), dout = upload(dev, std::vector<uint32_t>(64 * 16, 0));
  const runtime::LaunchResult r =
      runtime::launch(dev, *module, "mfma_chain", runtime::LaunchConfig{{64, 1, 1}, {64, 1, 1}},
                      runtime::KernelArgs().add(da).add(dout).add(int32_t{n}));
  SKIP_IF_MISSING(missingExecutor(r));
  ASSERT_TRUE(r.ok()) << r.error;
  const Mfma &op = mfmaNamed("v_mfma_f32_16x16x1f32");
  Regs acc = constantRegs(16, 0x3F800000u);
  for (int k = 0; k < n; ++k) {
    Regs ra(1), rb(1);
    for (int l = 0; l < 64; ++l) {
      ra[0][l] = a[l + k];
      rb[0][l] = a[l + k + 1];
    }
    acc = reference(op, ra, rb, acc, {});
  }
  expectD(op, lanesOf(download<uint32_t>(dev, dout, 64 * 16), 16), acc, "chain");
}

} // namespace
} // namespace gcnkit::emutest
