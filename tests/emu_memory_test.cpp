// Memory instructions on the emulator: global / flat / LDS atomics (integer, 64-bit, float),
// private arrays in scratch, flat pointers into each aperture, buffer resources (raw, OOB rules,
// atomics, formats), ds_swizzle / ds_bpermute, and the faults of bad accesses. Kernels come from
// clang-19 (OpenCL C, or LLVM IR for the buffer intrinsics clang has no builtin for) or are
// hand-written assembly (the packed and d16 buffer formats), run in wave32 and wave64 and are
// checked against host references.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <set>
#include <span>

#include "emu/atomics.h"
#include "emu_asm_util.h"
#include "emu_kernel_util.h"

namespace gcnkit::emutest {
namespace {

using runtime::Device;
using runtime::KernelArgs;
using runtime::LaunchConfig;

class EmuMemory : public ::testing::TestWithParam<unsigned> {
protected:
  unsigned wave() const { return GetParam(); }
  Device dev;
};

// Compiles LLVM IR text to an object and loads it (nullptr with a test failure on error).
std::unique_ptr<runtime::Module> buildIR(Device &dev, const std::string &ir, unsigned waveSize) {
  const ToolResult r =
      runTool("clang-19 -x ir -target amdgcn-amd-amdhsa -mcpu=gfx1100 -nogpulib -O2 " +
                  std::string(waveSize == 64 ? "-mwavefrontsize64 " : "") + "-c -o {out} {in}",
              "k.ll", ir);
  if (!r.ok) {
    ADD_FAILURE() << "clang-19 failed: " << r.messages;
    return nullptr;
  }
  std::string error;
  std::unique_ptr<runtime::Module> m = runtime::Module::load(
      dev,
      std::span<const uint8_t>(reinterpret_cast<const uint8_t *>(r.output.data()), r.output.size()),
      error);
  EXPECT_TRUE(m) << error;
  return m;
}

uint32_t bitsOf(float f) { return std::bit_cast<uint32_t>(f); }

// Integer atomics on global memory across many work-groups (run in parallel by the workers):
// every returned old value of the counter is unique, the totals match.
TEST_P(EmuMemory, GlobalIntAtomics) {
  auto m = buildModule(dev, R"(
__kernel void k(__global int *c, __global int *old, __global long *l) {
  int i = get_global_id(0);
  old[i] = __atomic_fetch_add(&c[0], 1, __ATOMIC_RELAXED);
  __atomic_fetch_sub(&c[1], i, __ATOMIC_RELAXED);
  __atomic_fetch_max(&c[2], i * 7 % 1000, __ATOMIC_RELAXED);
  __atomic_fetch_min(&c[3], -(i * 13 % 977), __ATOMIC_RELAXED);
  __atomic_fetch_max((__global uint *)&c[4], (uint)i * 2654435761u, __ATOMIC_RELAXED);
  __atomic_fetch_or(&c[5], 1 << (i % 31), __ATOMIC_RELAXED);
  __atomic_fetch_and(&c[6], ~(1 << (i % 29)), __ATOMIC_RELAXED);
  __atomic_fetch_xor(&c[7], i, __ATOMIC_RELAXED);
  int expected = 0;
  __atomic_compare_exchange_n(&c[8], &expected, i + 1, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  __builtin_amdgcn_atomic_inc32((volatile __global uint *)&c[9], 99u, __ATOMIC_RELAXED, "agent");
  __builtin_amdgcn_atomic_dec32((volatile __global uint *)&c[10], 50u, __ATOMIC_RELAXED, "agent");
  __atomic_fetch_add(&l[0], (long)i << 33, __ATOMIC_RELAXED);
  __atomic_fetch_min(&l[1], -((long)i << 40), __ATOMIC_RELAXED);
  long e = 0;
  __atomic_compare_exchange_n(&l[2], &e, ((long)i << 32) | 5, false, __ATOMIC_RELAXED,
                              __ATOMIC_RELAXED);
})",
                       wave(), "-cl-std=CL2.0");
  ASSERT_TRUE(m);
  const int n = 4096;
  std::vector<int32_t> c(11, 0);
  c[6] = -1;
  const uint64_t dc = upload(dev, c), dold = dev.alloc(n * 4);
  const uint64_t dl = upload(dev, std::vector<int64_t>(3, 0));
  auto r = runtime::launch(dev, *m, "k", LaunchConfig{{n, 1, 1}, {256, 1, 1}},
                           KernelArgs().add(dc).add(dold).add(dl));
  ASSERT_TRUE(r.ok()) << r.error;
  auto out = download<int32_t>(dev, dc, 11);
  auto old = download<int32_t>(dev, dold, n);
  auto l = download<int64_t>(dev, dl, 3);
  std::set<int32_t> seen(old.begin(), old.end());
  EXPECT_EQ(seen.size(), size_t(n));
  EXPECT_EQ(*seen.begin(), 0);
  EXPECT_EQ(*seen.rbegin(), n - 1);
  int32_t sub = 0, mx = INT32_MIN, mn = INT32_MAX, orv = 0, andv = -1, xorv = 0;
  uint32_t umx = 0;
  int64_t add64 = 0, min64 = 0;
  for (int i = 0; i < n; ++i) {
    sub -= i;
    mx = std::max(mx, i * 7 % 1000);
    mn = std::min(mn, -(i * 13 % 977));
    umx = std::max(umx, uint32_t(i) * 2654435761u);
    orv |= 1 << (i % 31);
    andv &= ~(1 << (i % 29));
    xorv ^= i;
    add64 += int64_t(i) << 33;
    min64 = std::min(min64, -(int64_t(i) << 40));
  }
  EXPECT_EQ(out[0], n);
  EXPECT_EQ(out[1], sub);
  EXPECT_EQ(out[2], std::max(mx, 0));
  EXPECT_EQ(out[3], std::min(mn, 0));
  EXPECT_EQ(uint32_t(out[4]), umx);
  EXPECT_EQ(out[5], orv);
  EXPECT_EQ(out[6], andv);
  EXPECT_EQ(out[7], xorv);
  EXPECT_GE(out[8], 1); // exactly one work-item's value landed
  EXPECT_LE(out[8], n);
  EXPECT_EQ(out[9], n % 100);            // inc wraps to 0 after 99
  EXPECT_EQ(out[10], 50 - (n - 1) % 51); // dec wraps from 0 to 50
  EXPECT_EQ(l[0], add64);
  EXPECT_EQ(l[1], min64);
  EXPECT_EQ(l[2] & 0xFFFFFFFF, 5);
}

// LDS atomics (32 and 64-bit, float add, compare-exchange, append) within each work-group.
TEST_P(EmuMemory, LocalAtomics) {
  auto m = buildModule(dev, R"(
__kernel void k(__global int *out, __global long *lout, __global float *fout) {
  __local int c[4];
  __local long l[2];
  __local float f[1];
  int t = get_local_id(0), g = get_group_id(0);
  if (t == 0) { c[0] = 0; c[1] = 1000; c[2] = 0; c[3] = 0; l[0] = 0; l[1] = 0; f[0] = 0.5f; }
  __builtin_amdgcn_s_barrier();
  int old = __atomic_fetch_add(&c[0], 1, __ATOMIC_RELAXED);
  __atomic_fetch_min(&c[1], 1000 - t * 3, __ATOMIC_RELAXED);
  int e = 0;
  __atomic_compare_exchange_n(&c[2], &e, t + 1, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  __atomic_fetch_add(&l[0], (long)t << 35, __ATOMIC_RELAXED);
  __atomic_fetch_max(&l[1], (long)t * 0x100000001l, __ATOMIC_RELAXED);
  __atomic_fetch_add(&f[0], 0.25f, __ATOMIC_RELAXED);
  int slot = __builtin_amdgcn_ds_append(&c[3]);
  __builtin_amdgcn_s_barrier();
  out[get_global_id(0)] = old;
  if (t == 0) {
    out[4096 + g * 4 + 0] = c[0];
    out[4096 + g * 4 + 1] = c[1];
    out[4096 + g * 4 + 2] = c[2];
    out[4096 + g * 4 + 3] = c[3];
    lout[g * 2] = l[0];
    lout[g * 2 + 1] = l[1];
    fout[g] = f[0];
  }
  (void)slot;
})",
                       wave(), "-cl-std=CL2.0");
  ASSERT_TRUE(m);
  const int groups = 8, block = 128;
  const uint64_t dout = dev.alloc((4096 + groups * 4) * 4), dl = dev.alloc(groups * 16),
                 df = dev.alloc(groups * 4);
  auto r = runtime::launch(dev, *m, "k", LaunchConfig{{groups * block, 1, 1}, {block, 1, 1}},
                           KernelArgs().add(dout).add(dl).add(df));
  ASSERT_TRUE(r.ok()) << r.error;
  auto out = download<int32_t>(dev, dout, 4096 + groups * 4);
  auto l = download<int64_t>(dev, dl, groups * 2);
  auto f = download<float>(dev, df, groups);
  int64_t sum = 0;
  for (int t = 0; t < block; ++t)
    sum += int64_t(t) << 35;
  for (int g = 0; g < groups; ++g) {
    std::set<int32_t> seen(out.begin() + g * block, out.begin() + (g + 1) * block);
    EXPECT_EQ(seen.size(), size_t(block));
    EXPECT_EQ(*seen.rbegin(), block - 1);
    const int32_t *c = &out[4096 + g * 4];
    EXPECT_EQ(c[0], block);
    EXPECT_EQ(c[1], 1000 - (block - 1) * 3);
    EXPECT_EQ(c[2], 1); // lanes run in order in the emulator: work-item 0 wins
    EXPECT_EQ(c[3], block);
    EXPECT_EQ(l[g * 2], sum);
    EXPECT_EQ(l[g * 2 + 1], int64_t(block - 1) * 0x100000001ll);
    EXPECT_EQ(bitsOf(f[g]), bitsOf(0.5f + 0.25f * block));
  }
}

// Float atomics on global memory as hardware instructions (-munsafe-fp-atomics): add, min, max
// with exactly representable values, so the total does not depend on the order.
TEST_P(EmuMemory, GlobalFloatAtomics) {
  auto m = buildModule(dev, R"(
__kernel void k(__global float *f, __global float *old) {
  int i = get_global_id(0);
  old[i] = __atomic_fetch_add(&f[0], 0.5f, __ATOMIC_RELAXED);
  __atomic_fetch_min(&f[1], (float)(i % 1000) - 300.0f, __ATOMIC_RELAXED);
  __atomic_fetch_max(&f[2], (float)(i % 777), __ATOMIC_RELAXED);
})",
                       wave(), "-cl-std=CL2.0 -munsafe-fp-atomics");
  ASSERT_TRUE(m);
  const int n = 2048;
  const uint64_t df = upload(dev, std::vector<float>{0.0f, 0.0f, 0.0f}), dold = dev.alloc(n * 4);
  auto r = runtime::launch(dev, *m, "k", LaunchConfig{{n, 1, 1}, {64, 1, 1}},
                           KernelArgs().add(df).add(dold));
  ASSERT_TRUE(r.ok()) << r.error;
  auto f = download<float>(dev, df, 3);
  auto old = download<float>(dev, dold, n);
  EXPECT_EQ(f[0], 0.5f * n);
  EXPECT_EQ(f[1], -300.0f);
  EXPECT_EQ(f[2], 776.0f);
  std::set<float> seen(old.begin(), old.end());
  EXPECT_EQ(seen.size(), size_t(n));
}

// The seed 004 float rules, on the operations themselves.
TEST(EmuAtomicRules, FloatAddMinMaxCmpswap) {
  using namespace emu::atomics;
  using emu::memflag::kFlushF32In;
  const uint32_t qnan = 0x7FC00001u, snan = 0x7F800001u, pinf = 0x7F800000u, ninf = 0xFF800000u,
                 denorm = 0x00000010u, one = 0x3F800000u, negZero = 0x80000000u;
  // add: NaNs propagate quieted (memory first), inf - inf is the negative quiet NaN.
  EXPECT_EQ(AddF32<true>::apply(snan, one, 0, 0), 0x7FC00001u);
  EXPECT_EQ(AddF32<true>::apply(one, 0xFF800002u, 0, 0), 0xFFC00002u);
  EXPECT_EQ(AddF32<true>::apply(qnan, 0x7FC00002u, 0, 0), qnan);
  EXPECT_EQ(AddF32<true>::apply(pinf, ninf, 0, 0), 0xFFC00000u);
  EXPECT_EQ(AddF32<true>::apply(negZero, 0, 0, 0), 0u);
  // memory add flushes input denormals always; the LDS add only when the mode says so.
  EXPECT_EQ(AddF32<true>::apply(denorm, denorm, 0, 0), 0u);
  EXPECT_EQ(AddF32<false>::apply(denorm, denorm, 0, 0), 0x20u);
  EXPECT_EQ(AddF32<false>::apply(denorm, denorm, 0, kFlushF32In), 0u);
  // max / min: signalling NaN wins quieted, quiet NaN loses, -0 < +0.
  EXPECT_EQ(MaxF::apply(snan, one, 0u, 0), 0x7FC00001u);
  EXPECT_EQ(MaxF::apply(one, snan, 0u, 0), 0x7FC00001u);
  EXPECT_EQ(MaxF::apply(qnan, one, 0u, 0), one);
  EXPECT_EQ(MinF::apply(one, qnan, 0u, 0), one);
  EXPECT_EQ(MaxF::apply(negZero, 0u, 0u, 0), 0u);
  EXPECT_EQ(MinF::apply(0u, negZero, 0u, 0), negZero);
  EXPECT_EQ(MaxF::apply(ninf, 0xC0000000u, 0u, 0), 0xC0000000u);
  // flushed compare, unflushed result: denormal vs +0 tie keeps memory.
  EXPECT_EQ(MaxF::apply(0u, denorm, 0u, kFlushF32In), 0u);
  EXPECT_EQ(MaxF::apply(0u, denorm, 0u, 0), denorm);
  // compare-swap: +0 == -0, NaN never equal.
  EXPECT_EQ(CmpswapF::apply(negZero, one, 0u, 0), one);
  EXPECT_EQ(CmpswapF::apply(qnan, one, qnan, 0), qnan);
  EXPECT_EQ(CmpswapF::apply(denorm, one, 0u, kFlushF32In), one);
  EXPECT_EQ(CmpswapF::apply(denorm, one, 0u, 0), denorm);
  // integer wrapping rules
  EXPECT_EQ(Inc::apply<uint32_t>(5, 5, 0, 0), 0u);
  EXPECT_EQ(Inc::apply<uint32_t>(4, 5, 0, 0), 5u);
  EXPECT_EQ(Dec::apply<uint32_t>(0, 5, 0, 0), 5u);
  EXPECT_EQ(Dec::apply<uint32_t>(9, 5, 0, 0), 5u);
  EXPECT_EQ(Dec::apply<uint32_t>(3, 5, 0, 0), 2u);
  EXPECT_EQ(Csub::apply<uint32_t>(3, 5, 0, 0), 0u);
  EXPECT_EQ(Wrap::apply<uint32_t>(3, 5, 10, 0), 13u);
  EXPECT_EQ(Mskor::apply<uint32_t>(0xFF, 0x0F, 0x100, 0), 0x1F0u);
}

// Private arrays with dynamic indexing live in scratch.
TEST_P(EmuMemory, PrivateArrays) {
  auto m = buildModule(dev, R"(
__kernel void k(__global const int *idx, __global int *out) {
  int i = get_global_id(0);
  volatile int a[100];
  volatile long b[20];
  for (int j = 0; j < 100; ++j) a[j] = i * 1000 + j;
  for (int j = 0; j < 20; ++j) b[j] = ((long)i << 32) + j;
  int k = idx[i];
  a[k] += 7;
  out[i] = a[k] + a[(k * 3) % 100] + (int)(b[k % 20] >> 32) + (int)b[(k + 1) % 20];
})",
                       wave());
  ASSERT_TRUE(m);
  const int n = 300;
  std::vector<int32_t> idx(n);
  for (int i = 0; i < n; ++i)
    idx[i] = (i * 37 + 11) % 100;
  const uint64_t di = upload(dev, idx), dout = dev.alloc(n * 4);
  auto r = runtime::launch(dev, *m, "k", LaunchConfig{{n, 1, 1}, {64, 1, 1}},
                           KernelArgs().add(di).add(dout));
  ASSERT_TRUE(r.ok()) << r.error;
  auto out = download<int32_t>(dev, dout, n);
  for (int i = 0; i < n; ++i) {
    const int k = idx[i], k3 = (k * 3) % 100;
    const int ak = i * 1000 + k + 7, ak3 = k3 == k ? ak : i * 1000 + k3;
    ASSERT_EQ(out[i], ak + ak3 + i + (k + 1) % 20) << "i=" << i;
  }
}

// Generic (flat) pointers into global, local and private memory, chosen per lane so one flat
// instruction touches all three apertures; flat atomics on each.
TEST_P(EmuMemory, FlatApertures) {
  auto m = buildModule(dev, R"(
__kernel void k(__global int *g, __global int *out, int sel) {
  __local int l[64 * 2];
  int t = get_local_id(0), i = get_global_id(0);
  volatile int priv[8];
  for (int j = 0; j < 8; ++j) priv[j] = t + j;
  l[2 * t] = 10 * t;
  __builtin_amdgcn_s_barrier();
  int space = (i + sel) % 3;
  __generic int *p = space == 0 ? (__generic int *)&g[2 * i]
                   : space == 1 ? (__generic int *)&l[2 * t]
                                : (__generic int *)&priv[sel];
  __atomic_fetch_add(p, 3 + space, __ATOMIC_RELAXED);
  p[1] = p[0] * 2;
  out[i] = p[1] + space * 1000000;
})",
                       wave(), "-cl-std=CL2.0");
  ASSERT_TRUE(m);
  const int n = 128, sel = 2;
  std::vector<int32_t> g(2 * n);
  for (int i = 0; i < n; ++i)
    g[2 * i] = i;
  const uint64_t dg = upload(dev, g), dout = dev.alloc(n * 4);
  auto r = runtime::launch(dev, *m, "k", LaunchConfig{{n, 1, 1}, {64, 1, 1}},
                           KernelArgs().add(dg).add(dout).add(sel));
  ASSERT_TRUE(r.ok()) << r.error;
  auto out = download<int32_t>(dev, dout, n);
  auto gg = download<int32_t>(dev, dg, 2 * n);
  for (int i = 0; i < n; ++i) {
    const int t = i % 64, space = (i + sel) % 3;
    const int before = space == 0 ? i : space == 1 ? 10 * t : t + sel;
    ASSERT_EQ(out[i], (before + 3 + space) * 2 + space * 1000000) << "i=" << i;
    if (space == 0) {
      EXPECT_EQ(gg[2 * i], i + 3);
    }
  }
}

// clang's raw buffer builtins: loads past num_records read 0, stores past it are dropped.
TEST_P(EmuMemory, RawBufferBuiltinsOutOfRange) {
  auto m = buildModule(dev, R"(
__kernel void k(__global int *src, __global int *dst, int n) {
  int i = get_global_id(0);
  // flags: oob_select 3 (raw), format 32_UINT
  __amdgpu_buffer_rsrc_t a = __builtin_amdgcn_make_buffer_rsrc(src, 0, n * 4, 0x30014000);
  __amdgpu_buffer_rsrc_t b = __builtin_amdgcn_make_buffer_rsrc(dst, 0, n * 4, 0x30014000);
  int v = __builtin_amdgcn_raw_buffer_load_b32(a, i * 4, 0, 0);
  __builtin_amdgcn_raw_buffer_store_b32(v + 1, b, i * 4, 0, 0);
  dst[2 * n + i] = v;
  __builtin_amdgcn_raw_buffer_store_b16((short)(v * 3), b, 4 * n * 4 + i * 2, 0, 0);
})",
                       wave());
  ASSERT_TRUE(m);
  const int n = 100, items = 160;
  std::vector<int32_t> src(items);
  for (int i = 0; i < items; ++i)
    src[i] = i * 11 + 1;
  const uint64_t ds = upload(dev, src), dd = upload(dev, std::vector<int32_t>(5 * n, -7));
  auto r = runtime::launch(dev, *m, "k", LaunchConfig{{items, 1, 1}, {32, 1, 1}},
                           KernelArgs().add(ds).add(dd).add(n));
  ASSERT_TRUE(r.ok()) << r.error;
  auto d = download<int32_t>(dev, dd, 5 * n);
  for (int i = 0; i < n; ++i)
    EXPECT_EQ(d[i], src[i] + 1) << i;
  for (int i = n; i < items; ++i) { // i < 2n: out of range stores dropped
    EXPECT_EQ(d[i], -7) << i;
    EXPECT_EQ(d[2 * n + i], 0) << i;
  }
  for (int i = 0; i < n; ++i)
    EXPECT_EQ(d[2 * n + i], src[i]) << i;
  // the b16 stores at 16n bytes and beyond are all out of range
  for (int i = 4 * n; i < 5 * n; ++i)
    EXPECT_EQ(d[i], -7) << i;
}

// Buffer atomics, format loads and typed stores through LLVM's buffer intrinsics.
TEST_P(EmuMemory, BufferAtomicsAndFormats) {
  auto m = buildIR(dev, R"(
declare i32 @llvm.amdgcn.workitem.id.x()
declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1), i16, i32, i32)
declare i32 @llvm.amdgcn.raw.ptr.buffer.atomic.add.i32(i32, ptr addrspace(8), i32, i32, i32)
declare i32 @llvm.amdgcn.raw.ptr.buffer.atomic.cmpswap.i32(i32, i32, ptr addrspace(8), i32, i32, i32)
declare i32 @llvm.amdgcn.raw.ptr.buffer.atomic.umax.i32(i32, ptr addrspace(8), i32, i32, i32)
declare i64 @llvm.amdgcn.raw.ptr.buffer.atomic.add.i64(i64, ptr addrspace(8), i32, i32, i32)
declare <4 x float> @llvm.amdgcn.struct.ptr.buffer.load.format.v4f32(ptr addrspace(8), i32, i32, i32, i32)
declare void @llvm.amdgcn.raw.ptr.tbuffer.store.v2f32(<2 x float>, ptr addrspace(8), i32, i32, i32, i32)

define amdgpu_kernel void @k(ptr addrspace(1) %c, ptr addrspace(1) %old, ptr addrspace(1) %px,
                             ptr addrspace(1) %fmt, ptr addrspace(1) %half) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  ; 32 bytes of counters, raw (oob_select 3), format 32_UINT
  %r = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %c, i16 0, i32 32, i32 805388288)
  %o = call i32 @llvm.amdgcn.raw.ptr.buffer.atomic.add.i32(i32 1, ptr addrspace(8) %r, i32 0, i32 0, i32 0)
  %t1 = add i32 %t, 1
  %s = call i32 @llvm.amdgcn.raw.ptr.buffer.atomic.cmpswap.i32(i32 %t1, i32 0, ptr addrspace(8) %r, i32 4, i32 0, i32 0)
  %t3 = mul i32 %t, 3
  %u = call i32 @llvm.amdgcn.raw.ptr.buffer.atomic.umax.i32(i32 %t3, ptr addrspace(8) %r, i32 8, i32 0, i32 0)
  %w = zext i32 %t to i64
  %w2 = shl i64 %w, 32
  %a64 = call i64 @llvm.amdgcn.raw.ptr.buffer.atomic.add.i64(i64 %w2, ptr addrspace(8) %r, i32 16, i32 0, i32 0)
  ; out of range (offset 32): no effect, returns 0
  %z = call i32 @llvm.amdgcn.raw.ptr.buffer.atomic.add.i32(i32 1, ptr addrspace(8) %r, i32 32, i32 0, i32 0)
  %oz = add i32 %o, %z
  %p = getelementptr i32, ptr addrspace(1) %old, i32 %t
  store i32 %oz, ptr addrspace(1) %p
  ; 8_8_8_8_UNORM pixels, stride 4, 16 records, structured (oob_select 1)
  %rp = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %px, i16 4, i32 16, i32 268607488)
  %v = call <4 x float> @llvm.amdgcn.struct.ptr.buffer.load.format.v4f32(ptr addrspace(8) %rp, i32 %t, i32 0, i32 0, i32 0)
  %q = getelementptr <4 x float>, ptr addrspace(1) %fmt, i32 %t
  store <4 x float> %v, ptr addrspace(1) %q
  ; typed store as 16_16_FLOAT (format 29)
  %rh = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %half, i16 0, i32 1024, i32 805306368)
  %x = extractelement <4 x float> %v, i32 0
  %y = extractelement <4 x float> %v, i32 3
  %xy0 = insertelement <2 x float> undef, float %x, i32 0
  %xy = insertelement <2 x float> %xy0, float %y, i32 1
  %ho = shl i32 %t, 2
  call void @llvm.amdgcn.raw.ptr.tbuffer.store.v2f32(<2 x float> %xy, ptr addrspace(8) %rh, i32 %ho, i32 0, i32 29, i32 0)
  ret void
}
)",
                   wave());
  ASSERT_TRUE(m);
  const int n = 32; // one work-group; 16 pixels in range, the rest read 0
  std::vector<uint8_t> px(4 * n);
  for (int i = 0; i < 4 * n; ++i)
    px[i] = static_cast<uint8_t>(i * 37 + 5);
  const uint64_t dc = upload(dev, std::vector<int32_t>(8, 0)), dold = dev.alloc(n * 4),
                 dpx = upload(dev, px), dfmt = dev.alloc(n * 16), dhalf = dev.alloc(n * 4);
  auto r = runtime::launch(dev, *m, "k", LaunchConfig{{n, 1, 1}, {n, 1, 1}},
                           KernelArgs().add(dc).add(dold).add(dpx).add(dfmt).add(dhalf));
  ASSERT_TRUE(r.ok()) << r.error;
  auto c = download<int32_t>(dev, dc, 8);
  auto old = download<int32_t>(dev, dold, n);
  auto fmt = download<float>(dev, dfmt, 4 * n);
  auto half = download<uint16_t>(dev, dhalf, 2 * n);
  EXPECT_EQ(c[0], n);
  std::set<int32_t> seen(old.begin(), old.end());
  EXPECT_EQ(seen.size(), size_t(n));
  EXPECT_EQ(c[1], 1); // lane 0 swaps first
  EXPECT_EQ(c[2], 3 * (n - 1));
  EXPECT_EQ(uint64_t(uint32_t(c[5])) << 32 | uint32_t(c[4]), uint64_t(n * (n - 1) / 2) << 32);
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < 4; ++k) {
      const float expect = i < 16 ? float(px[4 * i + k]) / 255.0f : 0.0f;
      ASSERT_EQ(bitsOf(fmt[4 * i + k]), bitsOf(expect)) << i << "," << k;
    }
  // 0 -> 0x0000, 1.0 -> 0x3c00, k/255 rounded to f16 (checked loosely by value)
  for (int i = 16; i < n; ++i)
    EXPECT_EQ(half[2 * i], 0);
  for (int i = 0; i < 16; ++i) {
    const float x = float(px[4 * i]) / 255.0f;
    const uint16_t h = half[2 * i];
    const float back = std::ldexp(float((h & 0x3FF) | 0x400), ((h >> 10) & 0x1F) - 25);
    EXPECT_NEAR(back, x, x / 1024.0f + 1e-7f) << i;
  }
}

// gfx11's unified formats with packed components (x in the low bits) and the d16 forms, in
// hand-written tbuffer instructions: 2_10_10_10 UNORM loaded and stored back (an exact round
// trip), 10_11_11 FLOAT (unsigned 11- / 10-bit floats), 8_8_8_8 SNORM as f16 pairs, and a d16
// store that clamps -1.0 to 0 in 16_16 UNORM.
TEST_P(EmuMemory, UnifiedPackedAndD16Formats) {
  const std::vector<uint32_t> in = randomWords(64, 21);
  // raw V#s (oob_select 3, dst_sel xyzw, format 32_UINT) over `in` and `out`
  const std::string body = "  s_mov_b32 s16, s6\n  s_and_b32 s17, s7, 0xffff\n"
                           "  s_mov_b32 s18, -1\n  s_mov_b32 s19, 0x30014fac\n"
                           "  s_mov_b32 s20, s4\n  s_and_b32 s21, s5, 0xffff\n"
                           "  s_mov_b32 s22, -1\n  s_mov_b32 s23, 0x30014fac\n"
                           "  tbuffer_load_format_xyzw v[1:4], v100, s[16:19], 0 "
                           "format:[BUF_FMT_2_10_10_10_UNORM] offen\n"
                           "  tbuffer_load_format_xyz v[5:7], v100, s[16:19], 0 "
                           "format:[BUF_FMT_10_11_11_FLOAT] offen\n"
                           "  v_mov_b32 v9, 0x77770000\n"
                           "  tbuffer_load_d16_format_xyz v[8:9], v100, s[16:19], 0 "
                           "format:[BUF_FMT_8_8_8_8_SNORM] offen\n"
                           "  s_waitcnt vmcnt(0)\n"
                           "  tbuffer_store_format_xyzw v[1:4], v100, s[20:23], 0 "
                           "format:[BUF_FMT_2_10_10_10_UNORM] offen\n"
                           "  v_mov_b32 v10, 0x3c00bc00\n" // f16 -1.0, 1.0
                           "  tbuffer_store_d16_format_xy v10, v100, s[20:23], 0 "
                           "format:[BUF_FMT_16_16_UNORM] offen offset:256\n"
                           "  s_waitcnt vmcnt(0)\n" +
                           storeOutput(5, 2) + storeOutput(6, 3) + storeOutput(7, 4) +
                           storeOutput(8, 5) + storeOutput(9, 6);
  AsmRun r = runAsm(dev, body, wave(), in, 7);
  ASSERT_TRUE(r.result.ok()) << r.result.error;
  auto bits = [](uint32_t w, unsigned at, unsigned n) { return (w >> at) & ((1u << n) - 1); };
  // An unsigned float of 5 exponent bits (bias 15) and m mantissa bits, as f32.
  auto small = [](uint32_t raw, unsigned m) {
    const uint32_t e = raw >> m, f = raw & ((1u << m) - 1);
    if (e == 31)
      return f ? std::numeric_limits<float>::quiet_NaN() : std::numeric_limits<float>::infinity();
    const float mant = std::ldexp(static_cast<float>(f), -static_cast<int>(m));
    return e ? std::ldexp(1.0f + mant, static_cast<int>(e) - 15) : std::ldexp(mant, -14);
  };
  auto snormHalf = [](uint32_t byte) {
    const double q = std::max(static_cast<int8_t>(byte) / 127.0, -1.0);
    return uint32_t{std::bit_cast<uint16_t>(static_cast<_Float16>(q))};
  };
  for (unsigned l = 0; l < wave(); ++l) {
    const uint32_t w = in[l];
    EXPECT_EQ(r.out[l], w) << "2_10_10_10 UNORM round trip, lane " << l;
    EXPECT_EQ(r.out[64 + l], 0xFFFF0000u) << "d16 16_16 UNORM store, lane " << l;
    for (unsigned c = 0; c < 3; ++c) {
      const float want = small(bits(w, 11 * c, c == 2 ? 10 : 11), c == 2 ? 5 : 6);
      const uint32_t got = r.out[64 * (2 + c) + l];
      if (std::isnan(want))
        EXPECT_TRUE(std::isnan(std::bit_cast<float>(got))) << "10_11_11 " << c << ", lane " << l;
      else
        EXPECT_EQ(got, bitsOf(want)) << "10_11_11 component " << c << ", lane " << l;
    }
    EXPECT_EQ(r.out[320 + l], snormHalf(bits(w, 0, 8)) | snormHalf(bits(w, 8, 8)) << 16)
        << "d16 8_8_8_8 SNORM xy, lane " << l;
    EXPECT_EQ(r.out[384 + l], 0x77770000u | snormHalf(bits(w, 16, 8))) << "d16 z, lane " << l;
  }
}

// ds_swizzle (every mode used by the builtin's common offsets) and ds_bpermute.
TEST_P(EmuMemory, SwizzleAndBpermute) {
  auto m = buildModule(dev, R"(
__kernel void k(__global int *out) {
  int t = get_local_id(0);
  int v = t * 3 + 1;
  int base = get_global_id(0) * 6;
  out[base + 0] = __builtin_amdgcn_ds_swizzle(v, 0x041F); // xor 1
  out[base + 1] = __builtin_amdgcn_ds_swizzle(v, 0x801B); // quad perm 3,2,1,0
  out[base + 2] = __builtin_amdgcn_ds_swizzle(v, 0x00A0); // broadcast lane 5 of 32
  out[base + 3] = __builtin_amdgcn_ds_swizzle(v, 0xC020); // rotate left by 1
  out[base + 4] = __builtin_amdgcn_ds_bpermute(((t + 5) & 63) * 4, v);
  out[base + 5] = __builtin_amdgcn_ds_swizzle(v, 0x7C1F); // reverse 32
})",
                       wave());
  ASSERT_TRUE(m);
  const int n = 128;
  const uint64_t dout = dev.alloc(n * 24);
  auto r =
      runtime::launch(dev, *m, "k", LaunchConfig{{n, 1, 1}, {n, 1, 1}}, KernelArgs().add(dout));
  ASSERT_TRUE(r.ok()) << r.error;
  auto out = download<int32_t>(dev, dout, n * 6);
  const int W = static_cast<int>(wave());
  auto val = [](int lane) { return lane * 3 + 1; };
  for (int t = 0; t < n; ++t) {
    const int waveBase = t / W * W, lane = t % W, half = lane & 32, l32 = lane & 31;
    EXPECT_EQ(out[t * 6 + 0], val(waveBase + (lane ^ 1))) << t;
    EXPECT_EQ(out[t * 6 + 1], val(waveBase + (lane & ~3) + (3 - (lane & 3)))) << t;
    EXPECT_EQ(out[t * 6 + 2], val(waveBase + half + 5)) << t;
    EXPECT_EQ(out[t * 6 + 3], val(waveBase + half + ((l32 + 1) & 31))) << t;
    // bpermute: the index is taken modulo 32 within each half of a wave64
    EXPECT_EQ(out[t * 6 + 4], val(waveBase + half + (((t + 5) & 63) & 31))) << t;
    EXPECT_EQ(out[t * 6 + 5], val(waveBase + half + (31 - l32))) << t;
  }
}

// Bad accesses: reading past a private array, an atomic outside every allocation.
TEST_P(EmuMemory, ScratchAndAtomicFaults) {
  auto m = buildModule(dev, R"(
__kernel void priv(__global int *out, int k) {
  volatile int a[16];
  for (int j = 0; j < 16; ++j) a[j] = j;
  int i = get_global_id(0);
  out[i] = a[i == 37 ? k : 3];
}
__kernel void atom(__global int *p, int bad) {
  int i = get_global_id(0);
  __atomic_fetch_add(&p[i == 5 ? bad : 0], 1, __ATOMIC_RELAXED);
})",
                       wave());
  ASSERT_TRUE(m);
  const uint64_t dout = dev.alloc(64 * 4);
  auto r = runtime::launch(dev, *m, "priv", LaunchConfig{{64, 1, 1}, {64, 1, 1}},
                           KernelArgs().add(dout).add(int32_t{100000}));
  ASSERT_FALSE(r.ok());
  ASSERT_TRUE(r.fault);
  EXPECT_EQ(r.fault->kind, runtime::Fault::Kind::ScratchViolation) << r.error;
  EXPECT_EQ(r.fault->lane, static_cast<int32_t>(37 % wave()));
  EXPECT_EQ(r.fault->wave, 37 / wave());
  EXPECT_NE(r.error.find("private offset"), std::string::npos) << r.error;

  const uint64_t dp = dev.alloc(16 * 4);
  const int32_t bad = 1 << 28; // 1 GiB past the buffer: no allocation there
  r = runtime::launch(dev, *m, "atom", LaunchConfig{{16, 1, 1}, {16, 1, 1}},
                      KernelArgs().add(dp).add(bad));
  ASSERT_FALSE(r.ok());
  ASSERT_TRUE(r.fault);
  EXPECT_EQ(r.fault->kind, runtime::Fault::Kind::MemoryViolation) << r.error;
  EXPECT_EQ(r.fault->lane, 5);
  EXPECT_EQ(r.fault->address, dp + uint64_t(bad) * 4);
  EXPECT_TRUE(r.fault->write);
}

INSTANTIATE_TEST_SUITE_P(Wave, EmuMemory, ::testing::Values(32u, 64u),
                         [](const auto &info) { return "Wave" + std::to_string(info.param); });

} // namespace
} // namespace gcnkit::emutest
