// The SDWA entry (emu/sdwa.h): selects the sources into the component's staging rows, runs the
// component, and places its result into the destination as dst_sel / dst_unused say, in the
// lanes EXEC enables.
#include "emu/sdwa.h"

#include "emu/wave.h"

namespace gcnkit::emu::sdwa {

namespace {

template <int W> void run(Wave &w, const DecodedInst &in) {
  const Program &program = *w.group->program;
  const DecodedInst &inner = program.components[in.aux];
  const isa::sdwa::Word word{in.target};
  for (unsigned i = 0; i < 2; ++i) {
    const Src &s = in.src[i];
    if (s.kind == SrcKind::None)
      continue;
    uint32_t *staged = vrow<W>(w, inner.src[i].reg);
    const unsigned sel = word.srcSel(i);
    const bool sext = word.sext(i);
    if (s.kind == SrcKind::Vgpr) {
      const uint32_t *r = vrow<W>(w, s.reg);
      for (int l = 0; l < W; ++l)
        staged[l] = select(r[l], sel, sext);
    } else {
      const uint32_t v = select(readScalar32(w, s), sel, sext);
      for (int l = 0; l < W; ++l)
        staged[l] = v;
    }
  }
  inner.fn(w, inner);
  if (w.status == WaveStatus::Faulted) { // reported at this entry, not at the component
    w.fault.instIndex = static_cast<uint32_t>(&in - program.insts.data());
    return;
  }
  if (!(in.extra & kPlaceResult))
    return;
  const uint32_t *result = vrow<W>(w, inner.vdst);
  uint32_t *d = vrow<W>(w, in.vdst);
  const unsigned dstSel = word.dstSel(), unused = word.dstUnused();
  writeLanes<W>(d, execMask<W>(w), [&](int l) { return insert(result[l], d[l], dstSel, unused); });
}

} // namespace

ExecFn executor(int wave) { return wave == 64 ? run<64> : run<32>; }

} // namespace gcnkit::emu::sdwa
