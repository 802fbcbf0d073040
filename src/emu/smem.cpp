// Scalar memory executors: s_load_b32..b512 read dwords from guest memory into SGPRs. Accesses
// complete immediately, so the cache invalidations are no-ops.
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

void nop(Wave &, const DecodedInst &) {}

} // namespace

void registerSmem(Registry &r) {
  r["s_load_b32"] = scalarEntry(load<1>);
  r["s_load_b64"] = scalarEntry(load<2>);
  r["s_load_b128"] = scalarEntry(load<4>);
  r["s_load_b256"] = scalarEntry(load<8>);
  r["s_load_b512"] = scalarEntry(load<16>);
  r["s_dcache_inv"] = scalarEntry(nop);
  r["s_gl1_inv"] = scalarEntry(nop);
}

} // namespace gcnkit::emu
