// Scalar memory executors: s_load_b32..b512 read dwords from guest memory into SGPRs, and
// s_buffer_load_b32..b512 through a buffer resource. Accesses complete immediately, so the cache
// invalidations are no-ops.
#include <cstring>

#include "emu/registry.h"
#include "emu/wave.h"

namespace gcnkit::emu {

namespace {

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
  std::memcpy(&w.sgpr[in.sdst], data, sizeof data);
}

void nop(Wave &, const DecodedInst &) {}

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
}

} // namespace gcnkit::emu
