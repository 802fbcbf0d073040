// Scalar memory executors: s_load_b32..b512 read dwords from guest memory into SGPRs, and
// s_buffer_load_b32..b512 through a buffer resource; gfx9's scalar stores, atomics and timers.
// Accesses complete immediately, so the cache invalidations and write-backs are no-ops.
#include <cstring>
#include <deque>
#include <string>

#include "emu/atomics.h"
#include "emu/registry.h"
#include "emu/wave.h"

namespace gcnkit::emu {

namespace {

// SDATA null (gfx11's null; gfx9's 125, which its decoder prints as null) discards what a load
// returns and gives an atomic or store zero data. Its slot in the register file is one dword,
// followed by M0 and EXEC, so the executors never access several registers there.
bool nullData(const DecodedInst &in) { return in.sdst == sreg::kNull; }

// Address = SBASE + sext(OFFSET) + SOFFSET, dword aligned (the low two bits are ignored).
template <unsigned kDwords> void load(Wave &w, const DecodedInst &in) {
  const uint64_t addr =
      (readScalar64(w, in.src[0]) + static_cast<int64_t>(in.imm) + readScalar32(w, in.src[1])) &
      ~uint64_t{3};
  const uint8_t *p = w.cache.lookup(*w.group->memory, addr, kDwords * 4);
  if (!p) {
    w.raise(FaultKind::MemoryViolation, in, -1, addr, kDwords * 4, false);
    return;
  }
  if (!nullData(in))
    std::memcpy(&w.sgpr[in.sdst], p, kDwords * 4);
}

// s_buffer_load: SBASE is a buffer resource (V#: base in dwords 0-1 [47:0], num_records in
// dword 2); the byte offset is sext(OFFSET) + SOFFSET, dword aligned. Each dword lies in range
// when it ends at or before num_records; dwords out of range read 0 (no fault), as for the
// vector buffer loads.
template <unsigned kDwords> void bufferLoad(Wave &w, const DecodedInst &in) {
  const uint32_t *v = &w.sgpr[in.src[0].reg];
  const uint64_t base = v[0] | uint64_t{v[1] & 0xFFFF} << 32;
  const uint32_t numRecords = v[2];
  const uint64_t offset =
      (static_cast<uint64_t>(static_cast<int64_t>(in.imm)) + readScalar32(w, in.src[1])) &
      0xFFFFFFFCull;
  uint32_t data[kDwords] = {};
  for (unsigned i = 0; i < kDwords; ++i) {
    const uint64_t at = offset + 4 * i;
    if (at + 4 > numRecords)
      continue;
    const uint8_t *p = w.cache.lookup(*w.group->memory, base + at, 4);
    if (!p) {
      w.raise(FaultKind::MemoryViolation, in, -1, base + at, 4, false);
      return;
    }
    std::memcpy(&data[i], p, 4);
  }
  if (!nullData(in))
    std::memcpy(&w.sgpr[in.sdst], data, sizeof data);
}

// The guest address (in addr) and host bytes of an SMEM access through SBASE (an address pair),
// or, kBuffer, through a buffer resource in SBASE (base + offset; the offset must lie in
// num_records). nullptr with a fault raised when it is outside guest memory.
template <bool kBuffer>
uint8_t *smemTarget(Wave &w, const DecodedInst &in, unsigned bytes, bool write, uint64_t &addr) {
  const uint64_t offset =
      static_cast<uint64_t>(static_cast<int64_t>(in.imm)) + readScalar32(w, in.src[1]);
  addr = 0;
  if constexpr (kBuffer) {
    const uint32_t *v = &w.sgpr[in.src[0].reg];
    if ((offset & 0xFFFFFFFCull) + bytes > v[2]) // past num_records: dropped
      return nullptr;
    addr = (v[0] | uint64_t{v[1] & 0xFFFF} << 32) + (offset & 0xFFFFFFFCull);
  } else {
    addr = (readScalar64(w, in.src[0]) + offset) & ~uint64_t{3};
  }
  uint8_t *p = w.cache.lookup(*w.group->memory, addr, bytes);
  if (!p)
    w.raise(FaultKind::MemoryViolation, in, -1, addr, bytes, write);
  return p;
}

// gfx9 s_store_dword* / s_buffer_store_dword*: SDATA (src[2]) to memory.
template <unsigned kDwords, bool kBuffer> void store(Wave &w, const DecodedInst &in) {
  uint64_t addr;
  uint32_t data[kDwords] = {}; // null SDATA stores zeros
  if (in.src[2].kind == SrcKind::Sgpr)
    std::memcpy(data, &w.sgpr[in.src[2].reg], sizeof data);
  if (uint8_t *p = smemTarget<kBuffer>(w, in, kDwords * 4, true, addr))
    std::memcpy(p, data, sizeof data);
}

// gfx9 s_atomic_* / s_buffer_atomic_*: the data is SDATA (cmpswap: data, then the compare
// value in the next SGPRs); with glc (aux bit 0) the old value replaces SDATA. The address is
// only dword aligned (an _x2 atomic at 4 mod 8, a resource base that is no dword multiple), and
// a misaligned atomic faults as it does in vector memory.
template <class T, class Op, bool kBuffer> void atomic(Wave &w, const DecodedInst &in) {
  constexpr unsigned n = sizeof(T) / 4;
  uint64_t addr;
  uint8_t *p = smemTarget<kBuffer>(w, in, sizeof(T), true, addr);
  if (!p) {
    if (w.status != WaveStatus::Faulted && (in.aux & 1) && !nullData(in)) // out of range: 0
      std::memset(&w.sgpr[in.sdst], 0, sizeof(T));
    return;
  }
  if (addr % sizeof(T)) {
    w.raise(FaultKind::MisalignedAtomic, in, -1, addr, sizeof(T), true);
    return;
  }
  T src = 0, cmp = 0;
  if (!nullData(in)) {
    std::memcpy(&src, &w.sgpr[in.sdst], sizeof(T));
    if constexpr (requires { Op::kCompare; })
      std::memcpy(&cmp, &w.sgpr[in.sdst + n], sizeof(T));
  }
  const T old = atomics::rmw<T, Op>(p, true, src, cmp, 0);
  if ((in.aux & 1) && !nullData(in))
    std::memcpy(&w.sgpr[in.sdst], &old, sizeof(T));
}

// gfx9 s_memtime / s_memrealtime: a 64-bit clock. Deterministic here: the wave's executed
// instruction count (as SHADER_CYCLES reads it).
void memtime(Wave &w, const DecodedInst &in) {
  if (nullData(in))
    return;
  w.sgpr[in.sdst] = static_cast<uint32_t>(w.executed);
  w.sgpr[in.sdst + 1] = static_cast<uint32_t>(w.executed >> 32);
}

void nop(Wave &, const DecodedInst &) {}

// The 32-bit and _x2 forms of a scalar atomic, plain and through a buffer resource.
template <class Op> void addAtomic(Registry &r, std::string_view op) {
  static std::deque<std::string> names; // the registry keys are views
  for (bool buffer : {false, true})
    for (bool wide : {false, true}) {
      names.push_back(std::string(buffer ? "s_buffer_atomic_" : "s_atomic_") + std::string(op) +
                      (wide ? "_x2" : ""));
      ExecFn fn = buffer ? (wide ? atomic<uint64_t, Op, true> : atomic<uint32_t, Op, true>)
                         : (wide ? atomic<uint64_t, Op, false> : atomic<uint32_t, Op, false>);
      r[names.back()] = scalarEntry(fn);
    }
}

} // namespace

void registerSmem(Registry &r) {
  r["s_load_b32"] = scalarEntry(load<1>);
  r["s_load_b64"] = scalarEntry(load<2>);
  r["s_load_b128"] = scalarEntry(load<4>);
  r["s_load_b256"] = scalarEntry(load<8>);
  r["s_load_b512"] = scalarEntry(load<16>);
  r["s_buffer_load_b32"] = scalarEntry(bufferLoad<1>);
  r["s_buffer_load_b64"] = scalarEntry(bufferLoad<2>);
  r["s_buffer_load_b128"] = scalarEntry(bufferLoad<4>);
  r["s_buffer_load_b256"] = scalarEntry(bufferLoad<8>);
  r["s_buffer_load_b512"] = scalarEntry(bufferLoad<16>);
  r["s_dcache_inv"] = scalarEntry(nop);
  r["s_gl1_inv"] = scalarEntry(nop);
  // gfx9
  for (std::string_view name : {"s_dcache_inv_vol", "s_dcache_wb", "s_dcache_wb_vol",
                                "s_dcache_discard", "s_dcache_discard_x2"})
    r[name] = scalarEntry(nop, entry::kNoEffect);
  r["s_store_dword"] = scalarEntry(store<1, false>);
  r["s_store_dwordx2"] = scalarEntry(store<2, false>);
  r["s_store_dwordx4"] = scalarEntry(store<4, false>);
  r["s_buffer_store_dword"] = scalarEntry(store<1, true>);
  r["s_buffer_store_dwordx2"] = scalarEntry(store<2, true>);
  r["s_buffer_store_dwordx4"] = scalarEntry(store<4, true>);
  r["s_memtime"] = scalarEntry(memtime);
  r["s_memrealtime"] = scalarEntry(memtime);
  using namespace atomics;
  addAtomic<Swap>(r, "swap");
  addAtomic<Cmpswap>(r, "cmpswap");
  addAtomic<Add>(r, "add");
  addAtomic<Sub>(r, "sub");
  addAtomic<MinI>(r, "smin");
  addAtomic<MinU>(r, "umin");
  addAtomic<MaxI>(r, "smax");
  addAtomic<MaxU>(r, "umax");
  addAtomic<And>(r, "and");
  addAtomic<Or>(r, "or");
  addAtomic<Xor>(r, "xor");
  addAtomic<Inc>(r, "inc");
  addAtomic<Dec>(r, "dec");
}

} // namespace gcnkit::emu
