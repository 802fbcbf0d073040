// gfx908 memory instructions on the emulator, in hand-written wave64 snippets checked against
// host models: swizzled private memory shared by MUBUF (the private segment buffer), SCRATCH
// and FLAT (the private aperture), gfx9 buffer resources (range checking by buffer type,
// unbound resources, add_tid stride bits, swizzled user buffers), the split MTBUF formats and
// format conversions (d16 included), buffer / global float atomics (f32 and packed f16, the NaN
// and denormal rules), ds_permute / ds_bpermute across the whole wave, ds_swizzle without the
// rotate / FFT modes, the _src2_ reductions, addtid, ds_cmpst, 64 KiB of LDS, and the named
// traps of what is not emulated.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "emu_asm_util.h"
#include "gcnkit/objdump.h"

namespace gcnkit::emutest {
namespace {

using runtime::Device;

constexpr isa::Target kGfx908 = isa::Target::GFX908;

std::string load(unsigned vgpr, unsigned j) { return loadInput(vgpr, j, 100, kGfx908); }
// Output j of every lane; past the 13-bit offset (j >= 16) from a second address register.
std::string store(unsigned vgpr, unsigned j) {
  if (j < 16)
    return storeOutput(vgpr, j, 100, kGfx908);
  return "  v_add_u32 v101, 0x1000, v100\n" + storeOutput(vgpr, j - 16, 101, kGfx908);
}

AsmKernelOptions options(unsigned privateBytes = 0, unsigned ldsBytes = 0) {
  AsmKernelOptions o;
  o.target = kGfx908;
  o.privateBytes = privateBytes;
  o.ldsBytes = ldsBytes;
  return o;
}

std::string hex(uint64_t v) {
  std::ostringstream s;
  s << "0x" << std::hex << v;
  return s.str();
}

// gfx9 V# dword 3: dst_sel xyzw, numeric and data format, index stride, add_tid_enable.
uint32_t dword3(unsigned dfmt, unsigned nfmt, unsigned indexStride = 0, bool addTid = false) {
  return 0xFACu | nfmt << 12 | dfmt << 15 | indexStride << 21 | (addTid ? 1u : 0u) << 23;
}
constexpr unsigned kDfmt32 = 4, kNfmtUint = 4;

// Builds a V# in s[first:first+3] over the buffer whose address is in s[pair:pair+1].
std::string resource(unsigned first, unsigned pair, unsigned stride, bool swizzle,
                     uint32_t numRecords, uint32_t d3) {
  const uint32_t d1 = stride << 16 | (swizzle ? 1u << 31 : 0u);
  std::ostringstream s;
  s << "  s_mov_b32 s" << first << ", s" << pair << "\n"
    << "  s_and_b32 s" << first + 1 << ", s" << pair + 1 << ", 0xffff\n"
    << "  s_or_b32 s" << first + 1 << ", s" << first + 1 << ", " << hex(d1) << "\n"
    << "  s_mov_b32 s" << first + 2 << ", " << hex(numRecords) << "\n"
    << "  s_mov_b32 s" << first + 3 << ", " << hex(d3) << "\n";
  return s.str();
}
// The V# of a raw buffer over `in` (s[6:7]) in s[16:19].
std::string rawIn(uint32_t numRecords = 0xFFFFFFFFu) {
  return resource(16, 6, 0, false, numRecords, dword3(kDfmt32, kNfmtUint));
}

uint32_t bitsOf(float f) { return std::bit_cast<uint32_t>(f); }
float floatOf(uint32_t u) { return std::bit_cast<float>(u); }
float halfToFloat(uint32_t h) {
  return static_cast<float>(std::bit_cast<_Float16>(static_cast<uint16_t>(h)));
}
uint32_t halfOf(double d) { return std::bit_cast<uint16_t>(static_cast<_Float16>(d)); }

class EmuGfx908Memory : public ::testing::Test {
protected:
  AsmRun run(const std::string &body, const std::vector<uint32_t> &in, unsigned outputs,
             const AsmKernelOptions &opts = options()) {
    AsmRun r = runAsm(dev, body, 64, in, outputs, opts);
    EXPECT_TRUE(r.result.ok()) << r.result.error;
    return r;
  }
  // Runs a snippet that must stop with a fault.
  runtime::LaunchResult fails(const std::string &body, const AsmKernelOptions &opts = options()) {
    AsmRun r = runAsm(dev, body, 64, {}, 1, opts);
    EXPECT_FALSE(r.result.ok());
    EXPECT_TRUE(r.result.fault.has_value());
    return r.result;
  }
  Device dev;
};

// ---- private memory ----------------------------------------------------------------------

// The private segment buffer (MUBUF: offset, offen, a wave-scaled soffset as clang's s32 / s33
// are), SCRATCH (vaddr, saddr), FLAT through the private aperture and the raw guest layout
// (FLAT_SCRATCH + dword * 256 + lane * 4) all reach the same bytes.
TEST_F(EmuGfx908Memory, SwizzledPrivateMemoryAgrees) {
  const std::vector<uint32_t> in = randomWords(64 * 4, 1);
  const std::string body = load(1, 0) + load(2, 1) + load(3, 2) + load(4, 3) +
                           "  buffer_store_dword v1, off, s[0:3], 0 offset:8\n"
                           "  v_mov_b32 v10, 12\n"
                           "  buffer_store_dword v2, v10, s[0:3], 0 offen\n"
                           "  s_movk_i32 s20, 0x400\n" // 16 bytes per lane, wave-scaled
                           "  buffer_store_dword v3, off, s[0:3], s20 offset:4\n"
                           "  s_waitcnt vmcnt(0)\n"
                           "  v_mov_b32 v11, 8\n"
                           "  scratch_load_dword v20, v11, off\n"
                           "  s_mov_b32 s21, 12\n"
                           "  scratch_load_dword v21, off, s21\n"
                           "  v_mov_b32 v12, 16\n"
                           "  scratch_load_dword v22, v12, off offset:4\n"
                           "  v_mov_b32 v14, 20\n"
                           "  v_mov_b32 v15, src_private_base\n"
                           "  flat_load_dword v23, v[14:15]\n"
                           "  s_mov_b64 s[22:23], flat_scratch\n"
                           "  v_add_u32 v16, 0x200, v100\n" // private dword 2 of this lane
                           "  global_load_dword v24, v16, s[22:23]\n"
                           "  scratch_store_dword v11, v4, off offset:16\n"
                           "  v_mov_b32 v17, 28\n"
                           "  v_mov_b32 v18, src_private_base\n"
                           "  flat_store_dword v[17:18], v1\n"
                           "  s_waitcnt vmcnt(0) lgkmcnt(0)\n"
                           "  buffer_load_dword v25, off, s[0:3], 0 offset:24\n"
                           "  buffer_load_dword v26, off, s[0:3], 0 offset:28\n"
                           "  s_waitcnt vmcnt(0)\n" +
                           store(20, 0) + store(21, 1) + store(22, 2) + store(23, 3) +
                           store(24, 4) + store(25, 5) + store(26, 6);
  AsmRun r = run(body, in, 7, options(64));
  ASSERT_TRUE(r.result.ok());
  for (unsigned l = 0; l < 64; ++l) {
    EXPECT_EQ(r.out[l], in[l]) << "MUBUF offset -> SCRATCH vaddr, lane " << l;
    EXPECT_EQ(r.out[64 + l], in[64 + l]) << "MUBUF offen -> SCRATCH saddr, lane " << l;
    EXPECT_EQ(r.out[128 + l], in[128 + l]) << "MUBUF soffset -> SCRATCH offset, lane " << l;
    EXPECT_EQ(r.out[192 + l], in[128 + l]) << "MUBUF soffset -> FLAT private, lane " << l;
    EXPECT_EQ(r.out[256 + l], in[l]) << "guest layout, lane " << l;
    EXPECT_EQ(r.out[320 + l], in[192 + l]) << "SCRATCH -> MUBUF, lane " << l;
    EXPECT_EQ(r.out[384 + l], in[l]) << "FLAT private -> MUBUF, lane " << l;
  }
}

// Multi-dword SCRATCH accesses are split over the interleaved dwords (which MUBUF reads one by
// one), and SCRATCH takes misaligned sub-dword accesses that cross a dword.
TEST_F(EmuGfx908Memory, SwizzledPrivateMultiDwordAndBytes) {
  const std::vector<uint32_t> in = randomWords(64 * 5, 2);
  const std::string body = load(1, 0) + load(2, 1) + load(3, 2) + load(4, 3) + load(5, 4) +
                           "  v_mov_b32 v10, 4\n"
                           "  scratch_store_dwordx4 v10, v[1:4], off\n"
                           "  v_mov_b32 v11, 33\n"
                           "  scratch_store_byte v11, v5, off\n"
                           "  v_mov_b32 v12, 39\n"
                           "  scratch_store_short v12, v5, off\n"
                           "  s_waitcnt vmcnt(0)\n"
                           "  buffer_load_dword v20, off, s[0:3], 0 offset:16\n"
                           "  buffer_load_dwordx2 v[21:22], off, s[0:3], 0 offset:8\n"
                           "  v_mov_b32 v13, 8\n"
                           "  scratch_load_dwordx3 v[23:25], v13, off\n"
                           "  buffer_load_ubyte v26, off, s[0:3], 0 offset:33\n"
                           "  scratch_load_ushort v27, v12, off\n"
                           "  v_mov_b32 v14, 40\n"
                           "  v_mov_b32 v15, src_private_base\n"
                           "  flat_load_ubyte v28, v[14:15]\n"
                           "  s_waitcnt vmcnt(0) lgkmcnt(0)\n" +
                           store(20, 0) + store(21, 1) + store(22, 2) + store(23, 3) +
                           store(24, 4) + store(25, 5) + store(26, 6) + store(27, 7) + store(28, 8);
  AsmRun r = run(body, in, 9, options(48));
  ASSERT_TRUE(r.result.ok());
  for (unsigned l = 0; l < 64; ++l) {
    const uint32_t *d = &in[l];
    EXPECT_EQ(r.out[l], d[192]) << "dwordx4 element 3, lane " << l;
    EXPECT_EQ(r.out[64 + l], d[64]) << "MUBUF dwordx2 (1), lane " << l;
    EXPECT_EQ(r.out[128 + l], d[128]) << "MUBUF dwordx2 (2), lane " << l;
    EXPECT_EQ(r.out[192 + l], d[64]) << "SCRATCH dwordx3 (1), lane " << l;
    EXPECT_EQ(r.out[256 + l], d[128]) << "SCRATCH dwordx3 (2), lane " << l;
    EXPECT_EQ(r.out[320 + l], d[192]) << "SCRATCH dwordx3 (3), lane " << l;
    EXPECT_EQ(r.out[384 + l], d[256] & 0xFF) << "byte, lane " << l;
    EXPECT_EQ(r.out[448 + l], d[256] & 0xFFFF) << "short across dwords, lane " << l;
    EXPECT_EQ(r.out[512 + l], (d[256] >> 8) & 0xFF) << "its second byte, lane " << l;
  }
}

// SCRATCH and FLAT private accesses outside the work-item's private segment stop the kernel.
TEST_F(EmuGfx908Memory, PrivateSegmentViolation) {
  runtime::LaunchResult r = fails("  v_mov_b32 v1, 61\n"
                                  "  scratch_load_dword v2, v1, off\n",
                                  options(64));
  ASSERT_TRUE(r.fault);
  EXPECT_EQ(r.fault->kind, runtime::Fault::Kind::ScratchViolation);
  EXPECT_EQ(r.fault->lane, 0);
  EXPECT_EQ(r.fault->address, 61u);
  r = fails("  v_mov_b32 v1, -4\n"
            "  v_mov_b32 v2, src_private_base\n"
            "  flat_store_dword v[1:2], v1\n",
            options(64));
  ASSERT_TRUE(r.fault);
  EXPECT_EQ(r.fault->kind, runtime::Fault::Kind::ScratchViolation);
}

// ---- buffer resources --------------------------------------------------------------------

// gfx9 range checking by buffer type: raw buffers check the offset (without SOFFSET) per dword,
// structured ones (idxen) the index, private ones (add_tid_enable, no idxen) nothing; a data
// format of 0 makes the resource unbound. Out-of-range loads read 0, stores are dropped.
TEST_F(EmuGfx908Memory, BufferRangeRules) {
  std::vector<uint32_t> in(64 * 3);
  for (unsigned i = 0; i < in.size(); ++i)
    in[i] = 0x1000 + i;
  const std::string body =
      rawIn(100) +
      "  s_mov_b32 s20, 8\n"
      "  buffer_load_dword v1, v100, s[16:19], s20 offen\n"
      "  buffer_load_dwordx2 v[2:3], v100, s[16:19], 0 offen\n" +
      resource(24, 6, 8, false, 10, dword3(kDfmt32, kNfmtUint)) +
      "  v_lshrrev_b32 v5, 2, v100\n" // index = lane
      "  buffer_load_dword v4, v5, s[24:27], 0 idxen offset:4\n" +
      // With add_tid_enable the data format field holds stride bits [17:14] (0 here).
      resource(28, 6, 4, false, 0, dword3(0, kNfmtUint, 0, true)) +
      "  buffer_load_dword v6, off, s[28:31], 0\n" + // index = lane, num_records ignored
      resource(32, 6, 0, false, 1000, dword3(0, kNfmtUint)) +
      "  buffer_load_dword v7, v100, s[32:35], 0 offen\n" + // unbound: reads 0
      resource(36, 4, 0, false, 40, dword3(kDfmt32, kNfmtUint)) +
      "  v_mov_b32 v8, 0x5a5a\n"
      "  s_movk_i32 s21, 0x700\n" // output 7: SOFFSET is not range checked
      "  buffer_store_dword v8, v100, s[36:39], s21 offen\n"
      "  s_waitcnt vmcnt(0)\n" +
      store(1, 0) + store(2, 1) + store(3, 2) + store(4, 3) + store(6, 4) + store(7, 5);
  AsmRun r = run(body, in, 8);
  ASSERT_TRUE(r.result.ok());
  for (unsigned l = 0; l < 64; ++l) {
    EXPECT_EQ(r.out[l], 4 * l < 100 ? in[2 + l] : 0u) << "raw, SOFFSET not checked, lane " << l;
    EXPECT_EQ(r.out[64 + l], 4 * l < 100 ? in[l] : 0u) << "raw dwordx2 (1), lane " << l;
    EXPECT_EQ(r.out[128 + l], 4 * l + 4 < 100 ? in[l + 1] : 0u) << "raw dwordx2 (2), lane " << l;
    EXPECT_EQ(r.out[192 + l], l < 10 ? in[2 * l + 1] : 0u) << "structured, lane " << l;
    EXPECT_EQ(r.out[256 + l], in[l]) << "private (add_tid), lane " << l;
    EXPECT_EQ(r.out[320 + l], 0u) << "unbound, lane " << l;
    EXPECT_EQ(r.out[448 + l], l < 10 ? 0x5a5au : 0xDEADBEEFu) << "raw store, lane " << l;
  }
}

// With add_tid_enable, non-format MUBUF instructions take stride bits [17:14] from the data
// format field (the 18-bit stride of private buffers); the data format then does not mark the
// resource unbound.
TEST_F(EmuGfx908Memory, AddTidStrideHighBits) {
  const unsigned strideWords = (1u << 14) / 4 + 1; // stride 16388 bytes: data format 1
  std::vector<uint32_t> in(64 * strideWords);
  for (unsigned l = 0; l < 64; ++l)
    in[l * strideWords] = l * 3 + 7;
  const std::string body = resource(16, 6, 4, false, 0, dword3(1, kNfmtUint, 0, true)) +
                           "  buffer_load_dword v1, off, s[16:19], 0\n"
                           "  s_waitcnt vmcnt(0)\n" +
                           store(1, 0);
  AsmRun r = run(body, in, 1);
  ASSERT_TRUE(r.result.ok());
  for (unsigned l = 0; l < 64; ++l)
    EXPECT_EQ(r.out[l], l * 3 + 7) << "lane " << l;
}

// A swizzled user buffer (stride 8, 8 indices per element run, dword elements): record i's
// dword d is at ((i / 8) * 8 + d * 4) * 8 + (i % 8) * 4.
TEST_F(EmuGfx908Memory, SwizzledUserBuffer) {
  const std::vector<uint32_t> in = randomWords(64 * 2, 3);
  auto word = [](unsigned i, unsigned d) { return ((i / 8) * 8 + d * 4) * 2 + i % 8; };
  const std::string body = resource(16, 6, 8, true, 64, dword3(kDfmt32, kNfmtUint, 0)) +
                           resource(20, 4, 8, true, 64, dword3(kDfmt32, kNfmtUint, 0)) +
                           "  v_lshrrev_b32 v5, 2, v100\n"
                           "  buffer_load_dword v1, v5, s[16:19], 0 idxen offset:4\n"
                           "  buffer_load_dword v2, v5, s[16:19], 0 idxen\n"
                           "  s_waitcnt vmcnt(0)\n"
                           "  v_xor_b32 v3, v1, v2\n"
                           "  buffer_store_dword v3, v5, s[20:23], 0 idxen offset:4\n"
                           "  s_waitcnt vmcnt(0)\n";
  AsmRun r = run(body, in, 2);
  ASSERT_TRUE(r.result.ok());
  for (unsigned i = 0; i < 64; ++i)
    EXPECT_EQ(r.out[word(i, 1)], in[word(i, 1)] ^ in[word(i, 0)]) << "record " << i;
  for (unsigned i = 0; i < 64; ++i)
    EXPECT_EQ(r.out[word(i, 0)], 0xDEADBEEFu) << "record " << i << " dword 0 untouched";
}

// ---- formats -------------------------------------------------------------------------------

// Host models of the ISA's format conversions.
int32_t signExtend(uint32_t raw, unsigned bits) {
  return static_cast<int32_t>(raw << (32 - bits)) >> (32 - bits);
}
uint32_t field(uint32_t word, unsigned at, unsigned bits) {
  return (word >> at) & static_cast<uint32_t>((uint64_t{1} << bits) - 1);
}
float unorm(uint32_t raw, unsigned bits) {
  return static_cast<float>(raw) / static_cast<float>((1u << bits) - 1);
}
float snorm(uint32_t raw, unsigned bits) {
  return std::max(static_cast<float>(signExtend(raw, bits)) /
                      static_cast<float>((1u << (bits - 1)) - 1),
                  -1.0f);
}
// An unsigned float with 5 exponent bits (bias 15) and `mbits` mantissa bits.
float smallFloat(uint32_t raw, unsigned mbits) {
  const uint32_t e = raw >> mbits, m = raw & ((1u << mbits) - 1);
  if (e == 31)
    return m ? std::numeric_limits<float>::quiet_NaN() : std::numeric_limits<float>::infinity();
  if (e == 0)
    return std::ldexp(static_cast<float>(m), -14 - static_cast<int>(mbits));
  return std::ldexp(1.0f + std::ldexp(static_cast<float>(m), -static_cast<int>(mbits)),
                    static_cast<int>(e) - 15);
}
void expectFloat(uint32_t got, float want, const std::string &what) {
  if (std::isnan(want))
    EXPECT_TRUE(std::isnan(floatOf(got))) << what;
  else
    EXPECT_EQ(got, bitsOf(want)) << what;
}

std::string fmt(const char *data, const char *num) {
  return std::string(" format:[BUF_DATA_FORMAT_") + data + ",BUF_NUM_FORMAT_" + num + "]";
}

// tbuffer loads in gfx9's split formats: normalized, scaled, integer, f16 and the packed
// 2_10_10_10 / 10_11_11 layouts (x in the low bits), missing components 0 and 1.
TEST_F(EmuGfx908Memory, TypedLoadFormats) {
  const std::vector<uint32_t> in = randomWords(64 * 4, 4);
  const std::string body =
      rawIn() +
      "  v_lshlrev_b32 v90, 1, v100\n" // lane * 8
      "  v_lshlrev_b32 v91, 1, v0\n"   // lane * 2
      "  tbuffer_load_format_xyzw v[1:4], v100, s[16:19], 0" +
      fmt("8_8_8_8", "UNORM") + " offen\n  tbuffer_load_format_xyzw v[5:8], v100, s[16:19], 0" +
      fmt("16_16", "SNORM") + " offen\n  tbuffer_load_format_xyzw v[9:12], v100, s[16:19], 0" +
      fmt("2_10_10_10", "UINT") + " offen\n  tbuffer_load_format_xyz v[13:15], v100, s[16:19], 0" +
      fmt("10_11_11", "FLOAT") + " offen\n  tbuffer_load_format_xy v[16:17], v90, s[16:19], 0" +
      fmt("16_16_16_16", "FLOAT") + " offen\n  tbuffer_load_format_x v18, v0, s[16:19], 0" +
      fmt("8", "SSCALED") + " offen\n  tbuffer_load_format_xy v[19:20], v90, s[16:19], 0" +
      fmt("32_32", "SINT") + " offen\n  tbuffer_load_format_xy v[21:22], v91, s[16:19], 0" +
      fmt("8_8", "USCALED") + " offen\n  s_waitcnt vmcnt(0)\n";
  std::string stores;
  for (unsigned i = 1; i <= 22; ++i)
    stores += store(i, i - 1);
  AsmRun r = run(body + stores, in, 22);
  ASSERT_TRUE(r.result.ok());
  const uint8_t *bytes = reinterpret_cast<const uint8_t *>(in.data());
  const uint16_t *shorts = reinterpret_cast<const uint16_t *>(in.data());
  for (unsigned l = 0; l < 64; ++l) {
    auto out = [&](unsigned i) { return r.out[64 * i + l]; };
    const std::string at = " lane " + std::to_string(l);
    const uint32_t w = in[l];
    for (unsigned c = 0; c < 4; ++c)
      expectFloat(out(c), unorm(field(w, 8 * c, 8), 8), "8_8_8_8 unorm" + at);
    expectFloat(out(4), snorm(field(w, 0, 16), 16), "16_16 snorm x" + at);
    expectFloat(out(5), snorm(field(w, 16, 16), 16), "16_16 snorm y" + at);
    EXPECT_EQ(out(6), 0u) << "missing z" << at;
    EXPECT_EQ(out(7), bitsOf(1.0f)) << "missing w" << at;
    EXPECT_EQ(out(8), field(w, 0, 10)) << "2_10_10_10 x" << at;
    EXPECT_EQ(out(9), field(w, 10, 10)) << at;
    EXPECT_EQ(out(10), field(w, 20, 10)) << at;
    EXPECT_EQ(out(11), field(w, 30, 2)) << "2_10_10_10 w" << at;
    expectFloat(out(12), smallFloat(field(w, 0, 11), 6), "10_11_11 x" + at);
    expectFloat(out(13), smallFloat(field(w, 11, 11), 6), "10_11_11 y" + at);
    expectFloat(out(14), smallFloat(field(w, 22, 10), 5), "10_11_11 z" + at);
    expectFloat(out(15), halfToFloat(shorts[4 * l]), "16_16_16_16 float x" + at);
    expectFloat(out(16), halfToFloat(shorts[4 * l + 1]), "16_16_16_16 float y" + at);
    EXPECT_EQ(out(17), bitsOf(static_cast<float>(static_cast<int8_t>(bytes[l])))) << at;
    EXPECT_EQ(out(18), in[2 * l]) << "32_32 sint" << at;
    EXPECT_EQ(out(19), in[2 * l + 1]) << at;
    EXPECT_EQ(out(20), bitsOf(bytes[2 * l])) << "8_8 uscaled" << at;
    EXPECT_EQ(out(21), bitsOf(bytes[2 * l + 1])) << at;
  }
}

// tbuffer stores: normalized values clamped and rounded to nearest even, integers' low bits,
// f32 to f16; a store of fewer components than a byte-component format has writes just those.
TEST_F(EmuGfx908Memory, TypedStoreFormats) {
  std::vector<uint32_t> in(64 * 4);
  const float specials[] = {0.5f,   -0.25f, 1.5f, -7.0f, std::numeric_limits<float>::quiet_NaN(),
                            1e-10f, 0.999f, -1.0f};
  for (unsigned l = 0; l < 64; ++l)
    for (unsigned c = 0; c < 4; ++c)
      in[64 * c + l] = bitsOf(l % 8 == c ? specials[(l + c) % 8]
                                         : (static_cast<float>(l) - 20.0f) / (17.0f + c));
  const std::string body =
      load(1, 0) + load(2, 1) + load(3, 2) + load(4, 3) +
      resource(16, 4, 0, false, 0xFFFFFFFFu, dword3(kDfmt32, kNfmtUint)) +
      "  v_cvt_i32_f32 v5, v1\n  s_mov_b32 s20, 0x12345\n  v_mul_lo_u32 v6, v5, s20\n"
      "  v_lshlrev_b32 v90, 1, v100\n"
      "  tbuffer_store_format_xyzw v[1:4], v100, s[16:19], 0" +
      fmt("8_8_8_8", "UNORM") + " offen\n  tbuffer_store_format_xy v[5:6], v100, s[16:19], 0" +
      fmt("16_16", "SINT") +
      " offen offset:256\n"
      "  tbuffer_store_format_xyzw v[1:4], v100, s[16:19], 0" +
      fmt("2_10_10_10", "SNORM") +
      " offen offset:512\n"
      "  tbuffer_store_format_xyzw v[1:4], v90, s[16:19], 0" +
      fmt("16_16_16_16", "FLOAT") +
      " offen offset:768\n"
      "  tbuffer_store_format_x v1, v100, s[16:19], 0" +
      fmt("8_8", "UNORM") +
      " offen offset:1280\n  tbuffer_store_format_xy v[5:6], v100, s[16:19], 0" +
      fmt("8_8_8_8", "USCALED") + " offen offset:1536\n  s_waitcnt vmcnt(0)\n";
  AsmRun r = run(body, in, 7);
  ASSERT_TRUE(r.result.ok());
  auto toUnorm = [](float x, unsigned bits) {
    const double m = (1u << bits) - 1;
    return static_cast<uint32_t>(std::nearbyint(std::clamp(std::isnan(x) ? 0.0 : x, 0.0, 1.0) * m));
  };
  auto toSnorm = [](float x, unsigned bits) {
    const double m = (1u << (bits - 1)) - 1;
    const int32_t v =
        static_cast<int32_t>(std::nearbyint(std::clamp(std::isnan(x) ? 0.0 : x, -1.0, 1.0) * m));
    return static_cast<uint32_t>(v) & ((1u << bits) - 1);
  };
  for (unsigned l = 0; l < 64; ++l) {
    const std::string at = " lane " + std::to_string(l);
    float f[4];
    for (unsigned c = 0; c < 4; ++c)
      f[c] = floatOf(in[64 * c + l]);
    uint32_t want = 0;
    for (unsigned c = 0; c < 4; ++c)
      want |= toUnorm(f[c], 8) << (8 * c);
    EXPECT_EQ(r.out[l], want) << "8_8_8_8 unorm" << at;
    const int32_t i5 = std::isnan(f[0]) ? INT32_MIN : static_cast<int32_t>(f[0]);
    const uint32_t u5 = static_cast<uint32_t>(i5), u6 = u5 * 0x12345u;
    EXPECT_EQ(r.out[64 + l], (u5 & 0xFFFF) | u6 << 16) << "16_16 sint" << at;
    EXPECT_EQ(r.out[128 + l], toSnorm(f[0], 10) | toSnorm(f[1], 10) << 10 |
                                  toSnorm(f[2], 10) << 20 | toSnorm(f[3], 2) << 30)
        << "2_10_10_10 snorm" << at;
    EXPECT_EQ(r.out[192 + 2 * l], halfOf(f[0]) | halfOf(f[1]) << 16) << "16 float" << at;
    EXPECT_EQ(r.out[193 + 2 * l], halfOf(f[2]) | halfOf(f[3]) << 16) << "16 float" << at;
    EXPECT_EQ(r.out[320 + l], (0xDEADBEEFu & ~0xFFu) | toUnorm(f[0], 8)) << "x of 8_8" << at;
    auto uscaled = [](uint32_t v) {
      return static_cast<uint32_t>(std::nearbyint(std::clamp<double>(floatOf(v), 0, 255)));
    };
    EXPECT_EQ(r.out[384 + l], (0xDEADBEEFu & ~0xFFFFu) | uscaled(u5) | uscaled(u6) << 8)
        << "xy of 8_8_8_8 uscaled" << at;
  }
}

// buffer_load_format / buffer_store_format take the format from the V#.
TEST_F(EmuGfx908Memory, FormatsFromTheResource) {
  const std::vector<uint32_t> in = randomWords(64, 5);
  const std::string body = resource(16, 6, 0, false, 0xFFFFFFFFu, dword3(5, 0)) +  // 16_16 unorm
                           resource(20, 4, 0, false, 0xFFFFFFFFu, dword3(10, 5)) + // 8_8_8_8 sint
                           "  buffer_load_format_xy v[1:2], v100, s[16:19], 0 offen\n"
                           "  s_waitcnt vmcnt(0)\n"
                           "  v_mov_b32 v3, -3\n  v_mov_b32 v4, 0x181\n"
                           "  buffer_store_format_xy v[3:4], v100, s[20:23], 0 offen\n"
                           "  s_waitcnt vmcnt(0)\n" +
                           store(1, 1) + store(2, 2);
  AsmRun r = run(body, in, 3);
  ASSERT_TRUE(r.result.ok());
  for (unsigned l = 0; l < 64; ++l) {
    EXPECT_EQ(r.out[l], (0xDEADBEEFu & ~0xFFFFu) | 0x81FDu) << "8_8_8_8 sint xy, lane " << l;
    expectFloat(r.out[64 + l], unorm(field(in[l], 0, 16), 16), "16_16 unorm x");
    expectFloat(r.out[128 + l], unorm(field(in[l], 16, 16), 16), "16_16 unorm y");
  }
}

// d16 format forms: two 16-bit values per VGPR (low half first); f16 for float and normalized
// data, the low 16 bits of integers; d16_x keeps the high half, d16_hi_x the low one.
TEST_F(EmuGfx908Memory, D16Formats) {
  const std::vector<uint32_t> in = randomWords(64 * 2, 6);
  const std::string body =
      rawIn() + resource(20, 4, 0, false, 0xFFFFFFFFu, dword3(kDfmt32, kNfmtUint)) +
      resource(24, 6, 0, false, 0xFFFFFFFFu, dword3(5, 7)) + // 16_16 float
      "  v_lshlrev_b32 v90, 1, v100\n"
      "  buffer_load_format_d16_xy v1, v100, s[24:27], 0 offen\n"
      "  tbuffer_load_format_d16_xyzw v[2:3], v100, s[16:19], 0" +
      fmt("8_8_8_8", "UNORM") +
      " offen\n  v_mov_b32 v4, 0x1234\n"
      "  buffer_load_format_d16_hi_x v4, v100, s[24:27], 0 offen\n"
      "  v_mov_b32 v5, 0xabcd0000\n"
      "  buffer_load_format_d16_x v5, v100, s[24:27], 0 offen\n"
      "  v_mov_b32 v7, 0x77770000\n"
      "  tbuffer_load_format_d16_xyz v[6:7], v90, s[16:19], 0" +
      fmt("16_16_16_16", "SINT") + " offen\n  s_waitcnt vmcnt(0)\n" + load(8, 0) + load(9, 1) +
      "  tbuffer_store_format_d16_xyzw v[8:9], v100, s[20:23], 0" + fmt("8_8_8_8", "UINT") +
      " offen offset:1792\n"
      "  v_mov_b32 v10, 0x3c00bc00\n" // 1.0 and -1.0 as f16
      "  tbuffer_store_format_d16_xy v10, v100, s[20:23], 0" +
      fmt("16_16", "UNORM") + " offen offset:2048\n  s_waitcnt vmcnt(0)\n" + store(1, 0) +
      store(2, 1) + store(3, 2) + store(4, 3) + store(5, 4) + store(6, 5) + store(7, 6);
  AsmRun r = run(body, in, 9);
  ASSERT_TRUE(r.result.ok());
  const uint16_t *shorts = reinterpret_cast<const uint16_t *>(in.data());
  for (unsigned l = 0; l < 64; ++l) {
    const std::string at = " lane " + std::to_string(l);
    const uint32_t w = in[l];
    EXPECT_EQ(r.out[l], w) << "16_16 float d16_xy" << at;
    auto h = [&](unsigned c) { return halfOf(static_cast<double>(field(w, 8 * c, 8)) / 255.0); };
    EXPECT_EQ(r.out[64 + l], h(0) | h(1) << 16) << "8_8_8_8 unorm d16" << at;
    EXPECT_EQ(r.out[128 + l], h(2) | h(3) << 16) << at;
    EXPECT_EQ(r.out[192 + l], (w & 0xFFFF) << 16 | 0x1234u) << "d16_hi_x" << at;
    EXPECT_EQ(r.out[256 + l], 0xABCD0000u | (w & 0xFFFF)) << "d16_x" << at;
    EXPECT_EQ(r.out[320 + l], shorts[4 * l] | uint32_t{shorts[4 * l + 1]} << 16) << at;
    EXPECT_EQ(r.out[384 + l], 0x77770000u | shorts[4 * l + 2]) << "d16_xyz" << at;
    const uint32_t a = in[l], b = in[64 + l];
    EXPECT_EQ(r.out[448 + l],
              (a & 0xFF) | ((a >> 16) & 0xFF) << 8 | (b & 0xFF) << 16 | ((b >> 16) & 0xFF) << 24)
        << "d16 store 8_8_8_8 uint" << at;
    EXPECT_EQ(r.out[512 + l], 0xFFFF0000u) << "d16 store 16_16 unorm: x -1 clamps to 0, y 1" << at;
  }
}

// What has no conversion here stops the kernel, naming the format.
TEST_F(EmuGfx908Memory, UnsupportedFormatsStop) {
  const struct {
    std::string body, detail;
  } cases[] = {
      {"  tbuffer_load_format_x v1, v100, s[16:19], 0" + fmt("32", "UNORM") + " offen\n",
       "buffer format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_UNORM]"},
      {"  tbuffer_store_format_xyz v[1:3], v100, s[16:19], 0" + fmt("10_11_11", "FLOAT") +
           " offen\n",
       "buffer format:[BUF_DATA_FORMAT_10_11_11,BUF_NUM_FORMAT_FLOAT]"},
      {"  tbuffer_load_format_d16_x v1, v100, s[16:19], 0" + fmt("32", "UINT") + " offen\n",
       "d16 conversion of buffer format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_UINT]"},
      {"  tbuffer_store_format_xy v[1:2], v100, s[16:19], 0" + fmt("2_10_10_10", "UNORM") +
           " offen\n",
       "a store of some components of a packed element in "
       "format:[BUF_DATA_FORMAT_2_10_10_10,BUF_NUM_FORMAT_UNORM]"},
      {"  tbuffer_load_format_x v1, v100, s[16:19], 0" + fmt("8", "FLOAT") + " offen\n",
       "buffer format:[BUF_DATA_FORMAT_8,BUF_NUM_FORMAT_FLOAT]"},
  };
  for (const auto &c : cases) {
    runtime::LaunchResult r = fails(rawIn() + c.body);
    ASSERT_TRUE(r.fault) << c.body;
    EXPECT_EQ(r.fault->kind, runtime::Fault::Kind::UnsupportedBuffer) << c.body;
    EXPECT_EQ(r.fault->detail, c.detail) << c.body;
    EXPECT_NE(r.error.find("not emulated: " + c.detail), std::string::npos) << r.error;
  }
}

// ---- float atomics ----------------------------------------------------------------------

// The float-atomic document's f32 add (seed 004): memory atomics flush input denormals (sign
// kept) whatever the mode, round to nearest even, NaN from memory first then DATA, quieted;
// inf - inf is the negative quiet NaN.
uint32_t refAddF32(uint32_t mem, uint32_t data) {
  auto isNan = [](uint32_t b) { return (b & 0x7F800000u) == 0x7F800000u && (b & 0x7FFFFFu); };
  auto flush = [](uint32_t b) { return (b & 0x7F800000u) ? b : b & 0x80000000u; };
  if (isNan(mem))
    return mem | 0x400000u;
  if (isNan(data))
    return data | 0x400000u;
  const float r = floatOf(flush(mem)) + floatOf(flush(data));
  return std::isnan(r) ? 0xFFC00000u : bitsOf(r);
}
// The packed f16 add, half by half: the same NaN rules, denormals kept.
uint32_t refAddF16(uint32_t mem, uint32_t data) {
  auto isNan = [](uint32_t h) { return (h & 0x7FFF) > 0x7C00; };
  if (isNan(mem))
    return mem | 0x200;
  if (isNan(data))
    return data | 0x200;
  const double r = static_cast<double>(halfToFloat(mem)) + halfToFloat(data);
  return std::isnan(r) ? 0xFE00u : halfOf(r);
}

// (memory, data) pairs covering the rules: NaNs on either side and both, signalling ones,
// inf - inf, denormals, -0 + +0, ties, overflow.
std::vector<std::pair<uint32_t, uint32_t>> f32Cases() {
  std::vector<std::pair<uint32_t, uint32_t>> c = {
      {bitsOf(1.5f), bitsOf(2.25f)},   {0x00000001u, bitsOf(1.0f)},  {0x00400000u, 0x00400000u},
      {0x80000000u, 0x00000000u},      {0x7F800000u, 0xFF800000u},   {0x7F800001u, bitsOf(1.0f)},
      {bitsOf(1.0f), 0x7FC12345u},     {0xFF800005u, 0x7FC00000u},   {bitsOf(1.0f), 0x33800000u},
      {0x3F800001u, 0x33800000u},      {0x7F7FFFFFu, 0x7F7FFFFFu},   {0x00800000u, 0x80700000u},
      {bitsOf(-3.0f), bitsOf(3.0f)},   {0x7F800000u, bitsOf(-5.0f)}, {0x807FFFFFu, 0x00000001u},
      {bitsOf(1e20f), bitsOf(-1e-20f)}};
  const std::vector<uint32_t> r = randomWords(128, 7);
  for (unsigned i = 0; c.size() < 64; ++i)
    c.push_back({r[2 * i], r[2 * i + 1]});
  return c;
}
std::vector<std::pair<uint32_t, uint32_t>> f16Cases() {
  const uint32_t halves[][2] = {
      {0x3E00, 0x4080}, {0x0001, 0x0001}, {0x8001, 0x0001}, {0x7C00, 0xFC00}, {0x7C01, 0x3C00},
      {0x3C00, 0x7E12}, {0xFC05, 0x7E00}, {0x3C00, 0x1000}, {0x3C01, 0x1000}, {0x7BFF, 0x7BFF},
      {0x03FF, 0x0001}, {0x8000, 0x0000}, {0xC200, 0x4200}, {0x0400, 0x8001}};
  std::vector<std::pair<uint32_t, uint32_t>> c;
  for (unsigned i = 0; i < 14; ++i)
    c.push_back({halves[i][0] | halves[13 - i][0] << 16, halves[i][1] | halves[13 - i][1] << 16});
  const std::vector<uint32_t> r = randomWords(128, 8);
  for (unsigned i = 0; c.size() < 64; ++i)
    c.push_back({r[2 * i], r[2 * i + 1]});
  return c;
}

// buffer_atomic_add_f32 / buffer_atomic_pk_add_f16 and their GLOBAL forms (no return on gfx908),
// each lane on its own word.
TEST_F(EmuGfx908Memory, FloatAtomicsPerLane) {
  const auto f32 = f32Cases(), f16 = f16Cases();
  std::vector<uint32_t> in(64 * 4);
  for (unsigned l = 0; l < 64; ++l) {
    in[l] = f32[l].first;
    in[64 + l] = f32[l].second;
    in[128 + l] = f16[l].first;
    in[192 + l] = f16[l].second;
  }
  const std::string body = load(1, 0) + load(2, 1) + load(3, 2) + load(4, 3) + load(5, 0) +
                           load(6, 2) +
                           "  global_store_dword v100, v1, s[4:5]\n"
                           "  global_store_dword v100, v3, s[4:5] offset:256\n"
                           "  global_store_dword v100, v5, s[4:5] offset:512\n"
                           "  global_store_dword v100, v6, s[4:5] offset:768\n"
                           "  s_waitcnt vmcnt(0)\n" +
                           resource(16, 4, 0, false, 0xFFFFFFFFu, dword3(kDfmt32, kNfmtUint)) +
                           "  buffer_atomic_add_f32 v2, v100, s[16:19], 0 offen\n"
                           "  buffer_atomic_pk_add_f16 v4, v100, s[16:19], 0 offen offset:256\n"
                           "  global_atomic_add_f32 v100, v2, s[4:5] offset:512\n"
                           "  global_atomic_pk_add_f16 v100, v4, s[4:5] offset:768\n"
                           "  s_waitcnt vmcnt(0)\n";
  AsmRun r = run(body, in, 4);
  ASSERT_TRUE(r.result.ok());
  for (unsigned l = 0; l < 64; ++l) {
    const uint32_t want32 = refAddF32(f32[l].first, f32[l].second);
    const uint32_t want16 = refAddF16(f16[l].first & 0xFFFF, f16[l].second & 0xFFFF) |
                            refAddF16(f16[l].first >> 16, f16[l].second >> 16) << 16;
    EXPECT_EQ(r.out[l], want32) << "buffer_atomic_add_f32 lane " << l << " " << hex(f32[l].first)
                                << " + " << hex(f32[l].second);
    EXPECT_EQ(r.out[64 + l], want16) << "buffer_atomic_pk_add_f16 lane " << l << " "
                                     << hex(f16[l].first) << " + " << hex(f16[l].second);
    EXPECT_EQ(r.out[128 + l], want32) << "global_atomic_add_f32 lane " << l;
    EXPECT_EQ(r.out[192 + l], want16) << "global_atomic_pk_add_f16 lane " << l;
  }
}

// All lanes add to one word (sums of small integers are exact in any order).
TEST_F(EmuGfx908Memory, FloatAtomicsOneWord) {
  const std::string body = "  v_cvt_f32_u32 v1, v0\n" // lane id
                           "  v_cvt_f16_f32 v2, v1\n"
                           "  v_lshl_or_b32 v2, v2, 16, v2\n"
                           "  v_mov_b32 v3, 0\n"
                           "  global_store_dword v3, v3, s[4:5]\n"
                           "  global_store_dword v3, v3, s[4:5] offset:4\n"
                           "  s_waitcnt vmcnt(0)\n"
                           "  global_atomic_add_f32 v3, v1, s[4:5]\n"
                           "  global_atomic_pk_add_f16 v3, v2, s[4:5] offset:4\n"
                           "  s_waitcnt vmcnt(0)\n";
  AsmRun r = run(body, {}, 1);
  ASSERT_TRUE(r.result.ok());
  EXPECT_EQ(r.out[0], bitsOf(2016.0f)); // 0 + 1 + ... + 63
  EXPECT_EQ(r.out[1], halfOf(2016.0) | halfOf(2016.0) << 16);
}

// ---- DS --------------------------------------------------------------------------------------

// gfx9's ds_bpermute / ds_permute address all 64 lanes (gfx10+ stay in their 32-lane half):
// backward reads a disabled lane as 0, forward leaves lanes nobody writes 0 and disabled
// sources write nothing.
TEST_F(EmuGfx908Memory, PermuteAcrossHalves) {
  std::vector<uint32_t> in(64 * 3);
  for (unsigned l = 0; l < 64; ++l) {
    in[l] = ((l + 37) % 64) * 4;             // bpermute: read lane l + 37
    in[64 + l] = ((l * 5 + 3) % 64) * 4 - 8; // permute: write lane 5l + 3 (offset:8 added)
    in[128 + l] = 0x1000 + l * 7;
  }
  const uint64_t exec = 0xF0F0FFFF0000FFFFull;
  const std::string body = load(1, 0) + load(2, 1) + load(3, 2) +
                           "  v_mov_b32 v4, -1\n  v_mov_b32 v5, -1\n"
                           "  v_mov_b32 v6, -1\n  v_mov_b32 v7, -1\n"
                           "  ds_bpermute_b32 v4, v1, v3\n"
                           "  ds_permute_b32 v5, v2, v3 offset:8\n" +
                           setExec(64, exec) +
                           "  ds_bpermute_b32 v6, v1, v3\n"
                           "  ds_permute_b32 v7, v2, v3 offset:8\n"
                           "  s_waitcnt lgkmcnt(0)\n" +
                           allExec(64) + store(4, 0) + store(5, 1) + store(6, 2) + store(7, 3);
  AsmRun r = run(body, in, 4);
  ASSERT_TRUE(r.result.ok());
  std::vector<uint32_t> forward(64, 0), forwardMasked(64, 0);
  for (unsigned l = 0; l < 64; ++l) {
    forward[(l * 5 + 3) % 64] = in[128 + l];
    if ((exec >> l) & 1)
      forwardMasked[(l * 5 + 3) % 64] = in[128 + l];
  }
  for (unsigned l = 0; l < 64; ++l) {
    const unsigned src = (l + 37) % 64;
    const bool on = (exec >> l) & 1;
    EXPECT_EQ(r.out[l], in[128 + src]) << "ds_bpermute lane " << l;
    EXPECT_EQ(r.out[64 + l], forward[l]) << "ds_permute lane " << l;
    EXPECT_EQ(r.out[128 + l], on ? ((exec >> src) & 1 ? in[128 + src] : 0u) : 0xFFFFFFFFu)
        << "ds_bpermute with EXEC, lane " << l;
    EXPECT_EQ(r.out[192 + l], on ? forwardMasked[l] : 0xFFFFFFFFu)
        << "ds_permute with EXEC, lane " << l;
  }
}

// ds_swizzle_b32 on gfx9: the bit-mask mode within 32-lane groups, and every offset with bit 15
// set a quad permute (gfx10+ read 0xC000 and up as rotate / FFT).
TEST_F(EmuGfx908Memory, SwizzleModes) {
  const std::vector<uint32_t> in = randomWords(64, 9);
  const uint32_t offsets[] = {0x041F, 0x7C1F, 0x0078, 0x00E0, 0x801B, 0xC01B, 0xE0E4, 0xC4A5};
  std::string body = load(1, 0);
  for (unsigned i = 0; i < 8; ++i)
    body += "  ds_swizzle_b32 v" + std::to_string(2 + i) +
            ", v1 offset:" + std::to_string(offsets[i]) + "\n";
  body += "  s_waitcnt lgkmcnt(0)\n";
  for (unsigned i = 0; i < 8; ++i)
    body += store(2 + i, i);
  AsmRun r = run(body, in, 8);
  ASSERT_TRUE(r.result.ok());
  for (unsigned i = 0; i < 8; ++i) {
    const uint32_t off = offsets[i];
    for (unsigned l = 0; l < 64; ++l) {
      unsigned src;
      if (off & 0x8000) {
        src = (l & ~3u) | ((off >> (2 * (l & 3))) & 3);
      } else {
        const unsigned andMask = off & 0x1F, orMask = (off >> 5) & 0x1F,
                       xorMask = (off >> 10) & 0x1F;
        src = (l & 0x20) | ((((l & 0x1F) & andMask) | orMask) ^ xorMask);
      }
      EXPECT_EQ(r.out[64 * i + l], in[src]) << "offset " << hex(off) << " lane " << l;
    }
  }
}

// gfx9's reductions between two LDS locations: B = A + size * {offset1[6:0], offset0} (signed).
TEST_F(EmuGfx908Memory, Src2Reductions) {
  std::vector<uint32_t> in(64 * 2);
  const std::vector<uint32_t> r0 = randomWords(128, 10);
  for (unsigned l = 0; l < 64; ++l) {
    in[l] = r0[l] % 100000;
    in[64 + l] = r0[64 + l] % 100000;
  }
  in[5] = 0x7FC00000; // a quiet NaN in memory for the f32 max
  const std::string body =
      load(1, 0) + load(2, 1) +
      "  v_add_u32 v3, 0x100, v100\n" // A of the second block: 256 + 4l
      "  v_add_u32 v4, 0x200, v100\n" // a third block
      "  v_add_u32 v5, 0x300, v100\n" // and a fourth
      "  ds_write_b32 v100, v1\n"
      "  ds_write_b32 v3, v2\n"
      "  ds_write_b32 v4, v1\n"
      "  ds_write_b32 v5, v2\n"
      "  ds_add_src2_u32 v100 offset:64\n"  // LDS[4l] += LDS[256 + 4l]
      "  ds_max_src2_i32 v3 offset:32704\n" // k = -64: LDS[256 + 4l] = max(., LDS[4l])
      "  ds_max_src2_f32 v4 offset:64\n"    // f32 max of the third and fourth blocks
      "  v_lshlrev_b32 v6, 3, v0\n"
      "  v_add_u32 v6, 0x400, v6\n" // 1024 + 8l
      "  ds_write_b64 v6, v[1:2]\n"
      "  v_add_u32 v7, 0x200, v6\n"           // 1536 + 8l
      "  ds_write_src2_b64 v7 offset:32704\n" // k = -64: LDS[1536 + 8l] = LDS[1024 + 8l]
      "  s_waitcnt lgkmcnt(0)\n"
      "  ds_read_b32 v10, v100\n"
      "  ds_read_b32 v11, v3\n"
      "  ds_read_b32 v12, v4\n"
      "  ds_read_b64 v[13:14], v7\n"
      "  s_waitcnt lgkmcnt(0)\n" +
      store(10, 0) + store(11, 1) + store(12, 2) + store(13, 3) + store(14, 4);
  AsmRun r = run(body, in, 5, options(0, 2048));
  ASSERT_TRUE(r.result.ok());
  for (unsigned l = 0; l < 64; ++l) {
    const uint32_t a = in[l], b = in[64 + l];
    EXPECT_EQ(r.out[l], a + b) << "ds_add_src2_u32 lane " << l;
    EXPECT_EQ(r.out[64 + l], std::max<int32_t>(b, a + b)) << "ds_max_src2_i32 lane " << l;
    // f32 max of integers as float bits: a quiet NaN loses to the number.
    const uint32_t fmax = l == 5 ? b : (floatOf(a) < floatOf(b) ? b : a);
    EXPECT_EQ(r.out[128 + l], fmax) << "ds_max_src2_f32 lane " << l;
    EXPECT_EQ(r.out[192 + l], a) << "ds_write_src2_b64 lane " << l;
    EXPECT_EQ(r.out[256 + l], b) << "ds_write_src2_b64 lane " << l;
  }
}

// ds_write_addtid / ds_read_addtid: LDS address = offset + M0[15:0] + lane * 4; ds_cmpst compares
// DATA0 and stores DATA1 (gfx11's ds_cmpstore swapped them).
TEST_F(EmuGfx908Memory, AddTidAndCmpst) {
  const std::vector<uint32_t> in = randomWords(64 * 2, 11);
  const std::string body = load(1, 0) + load(2, 1) +
                           "  s_mov_b32 m0, 0x140\n"
                           "  ds_write_addtid_b32 v1 offset:16\n"
                           "  s_mov_b32 m0, 0x100\n"
                           "  ds_read_addtid_b32 v3 offset:80\n" // the same words
                           "  v_add_u32 v4, 0x150, v100\n"
                           "  ds_read_b32 v5, v4\n"
                           "  s_waitcnt lgkmcnt(0)\n"
                           "  v_and_b32 v6, 1, v0\n"
                           "  v_cmp_eq_u32 vcc, 0, v6\n"
                           "  v_cndmask_b32 v7, v2, v1, vcc\n" // even lanes compare equal
                           "  ds_cmpst_rtn_b32 v8, v4, v7, v2\n"
                           "  s_waitcnt lgkmcnt(0)\n"
                           "  ds_read_b32 v9, v4\n"
                           "  s_waitcnt lgkmcnt(0)\n" +
                           store(3, 0) + store(5, 1) + store(8, 2) + store(9, 3);
  AsmRun r = run(body, in, 4, options(0, 1024));
  ASSERT_TRUE(r.result.ok());
  for (unsigned l = 0; l < 64; ++l) {
    EXPECT_EQ(r.out[l], in[l]) << "ds_read_addtid lane " << l;
    EXPECT_EQ(r.out[64 + l], in[l]) << "addtid address, lane " << l;
    EXPECT_EQ(r.out[128 + l], in[l]) << "ds_cmpst returns the old value, lane " << l;
    EXPECT_EQ(r.out[192 + l], l % 2 == 0 ? in[64 + l] : in[l]) << "ds_cmpst lane " << l;
  }
}

// A work-group has 64 KiB of LDS: the last dword is reachable, the next byte faults.
TEST_F(EmuGfx908Memory, Lds64KiB) {
  const std::string body = "  v_mov_b32 v1, 0xfffc\n"
                           "  v_mov_b32 v2, 0x600d\n"
                           "  ds_write_b32 v1, v2\n"
                           "  ds_read_b32 v3, v1\n"
                           "  s_waitcnt lgkmcnt(0)\n" +
                           store(3, 0);
  AsmRun r = run(body, {}, 1, options(0, 65536));
  ASSERT_TRUE(r.result.ok());
  EXPECT_EQ(r.out[0], 0x600du);
  runtime::LaunchResult f = fails("  v_mov_b32 v1, 0xfffe\n  ds_read_b32 v3, v1\n"
                                  "  s_waitcnt lgkmcnt(0)\n",
                                  options(0, 65536));
  ASSERT_TRUE(f.fault);
  EXPECT_EQ(f.fault->kind, runtime::Fault::Kind::LdsViolation);
}

// What is not emulated stops the wave, naming it.
TEST_F(EmuGfx908Memory, NamedTraps) {
  const struct {
    const char *body, *detail;
  } cases[] = {
      {"  ds_ordered_count v1, v2 offset:12288 gds\n",
       "ds_ordered_count with ordered-index opcode 3 (wrap: its second operand is not "
       "documented) not emulated"},
      {"  ds_write_addtid_b32 v1 gds\n", "ds_write_addtid_b32 with gds not emulated"},
      {"  ds_add_src2_u32 v1 offset:32768\n",
       "ds_add_src2_u32 with offset1[7] (offset from the address's high bits) not emulated"},
      {"  buffer_load_dword v1, s[0:3], 0 offen lds\n",
       "buffer_load_dword lds (a load into LDS) not emulated"},
      {"  buffer_load_dword v[1:2], off, s[0:3], 0 tfe\n", "tfe not emulated"},
      {"  buffer_store_lds_dword s[0:3], 0 lds\n",
       "buffer_store_lds_dword (a store from LDS) not emulated"},
  };
  for (const auto &c : cases) {
    runtime::LaunchResult r = fails(c.body);
    ASSERT_TRUE(r.fault) << c.body;
    EXPECT_EQ(r.fault->kind, runtime::Fault::Kind::UnsupportedInstruction) << c.body;
    EXPECT_EQ(r.fault->detail, c.detail) << c.body;
  }
}

// ---- clang-19 kernels --------------------------------------------------------------------

// Compiles OpenCL C for gfx908 and checks that clang used `instruction`.
std::unique_ptr<runtime::Module> gfx908Kernel(Device &dev, const std::string &source,
                                              const std::string &flags,
                                              const std::string &instruction) {
  std::vector<uint8_t> bytes = compileOpenCL(source, 64, flags, "gfx908");
  if (bytes.empty())
    return nullptr;
  const elf::ObjdumpResult listing = elf::objdump(
      disasm::Disassembler(kGfx908, disasm::WaveSize::Wave64),
      std::string_view(reinterpret_cast<const char *>(bytes.data()), bytes.size()), "k.o");
  EXPECT_NE(listing.out.find(instruction), std::string::npos)
      << "clang did not emit " << instruction << ":\n"
      << listing.out;
  std::string error;
  auto m = runtime::Module::load(dev, bytes, error);
  EXPECT_TRUE(m) << error;
  return m;
}

// A device-scope float atomic add with -munsafe-fp-atomics is global_atomic_add_f32 on gfx908,
// which flushes denormal inputs: the denormal addends contribute nothing, even though the
// kernel keeps f32 denormals.
TEST_F(EmuGfx908Memory, ClangGlobalAtomicAddF32) {
  auto m = gfx908Kernel(dev, R"(
__kernel void fadd(__global float *sum, __global const float *val, uint n) {
  uint i = get_global_id(0);
  if (i < n)
    __scoped_atomic_fetch_add(&sum[0], val[i], __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE);
})",
                        "-munsafe-fp-atomics", "global_atomic_add_f32");
  ASSERT_TRUE(m);
  const uint32_t n = 1000;
  std::vector<float> val(n);
  float want = 0.0f;
  for (uint32_t i = 0; i < n; ++i) {
    val[i] = i % 3 ? 0.25f * static_cast<float>(i % 97) : floatOf(0x00001000u + i);
    if (i % 3)
      want += val[i];
  }
  const uint64_t dsum = upload(dev, std::vector<float>{floatOf(0x00000100u)}); // denormal: flushed
  const uint64_t dval = upload(dev, val);
  auto r = runtime::launch(dev, *m, "fadd", runtime::LaunchConfig{{n, 1, 1}, {128, 1, 1}},
                           runtime::KernelArgs().add(dsum).add(dval).add(n));
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(bitsOf(download<float>(dev, dsum, 1)[0]), bitsOf(want));
}

// clang's cross-lane builtins on gfx908: ds_bpermute across the 32-lane halves, ds_swizzle's
// swap mode, and 0xC01B as a quad permute (gfx9 has no rotate mode).
TEST_F(EmuGfx908Memory, ClangPermuteAndSwizzle) {
  auto m = gfx908Kernel(dev, R"(
__kernel void perm(__global const uint *in, __global uint *out) {
  uint l = get_local_id(0);
  uint v = in[get_global_id(0)];
  out[3 * get_global_id(0)] = __builtin_amdgcn_ds_bpermute(((l + 37) % 64) * 4, v);
  out[3 * get_global_id(0) + 1] = __builtin_amdgcn_ds_swizzle(v, 0x041f);
  out[3 * get_global_id(0) + 2] = __builtin_amdgcn_ds_swizzle(v, 0xc01b);
})",
                        "", "ds_bpermute_b32");
  ASSERT_TRUE(m);
  const uint32_t n = 256;
  const std::vector<uint32_t> in = randomWords(n, 12);
  const uint64_t din = upload(dev, in), dout = dev.alloc(3 * n * 4);
  auto r = runtime::launch(dev, *m, "perm", runtime::LaunchConfig{{n, 1, 1}, {64, 1, 1}},
                           runtime::KernelArgs().add(din).add(dout));
  ASSERT_TRUE(r.ok()) << r.error;
  const auto out = download<uint32_t>(dev, dout, 3 * n);
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t wave = i & ~63u, l = i & 63;
    EXPECT_EQ(out[3 * i], in[wave + (l + 37) % 64]) << "ds_bpermute " << i;
    EXPECT_EQ(out[3 * i + 1], in[wave + (l ^ 1)]) << "swizzle(SWAP,1) " << i;
    EXPECT_EQ(out[3 * i + 2], in[wave + (l & ~3u) + (3 - (l & 3))]) << "quad reverse " << i;
  }
}

// clang's raw buffer builtins with a gfx9 resource: a dword is out of range when its offset is
// at or past num_records (here not a multiple of 4), so a dword only partly inside still loads.
TEST_F(EmuGfx908Memory, ClangRawBufferRange) {
  auto m = gfx908Kernel(dev, R"(
__kernel void raw(__global int *src, __global int *dst, uint n) {
  uint i = get_global_id(0);
  // dword 3: numeric format 7, data format 4 (32): a bound resource
  __amdgpu_buffer_rsrc_t a = __builtin_amdgcn_make_buffer_rsrc(src, 0, n * 4 - 6, 0x00027000);
  dst[i] = __builtin_amdgcn_raw_buffer_load_b32(a, i * 4, 0, 0);
})",
                        "", "buffer_load_dword");
  ASSERT_TRUE(m);
  const uint32_t n = 64;
  std::vector<int32_t> src(n);
  for (uint32_t i = 0; i < n; ++i)
    src[i] = static_cast<int32_t>(i * 13 + 5);
  const uint64_t ds = upload(dev, src), dd = dev.alloc(n * 4);
  auto r = runtime::launch(dev, *m, "raw", runtime::LaunchConfig{{n, 1, 1}, {64, 1, 1}},
                           runtime::KernelArgs().add(ds).add(dd).add(n));
  ASSERT_TRUE(r.ok()) << r.error;
  const auto dst = download<int32_t>(dev, dd, n);
  for (uint32_t i = 0; i < n; ++i)
    EXPECT_EQ(dst[i], 4 * i < 4 * n - 6 ? src[i] : 0) << "lane " << i;
}

} // namespace
} // namespace gcnkit::emutest
