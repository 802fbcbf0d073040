// SDWA (gfx9): VOP1 / VOP2 / VOPC instructions whose sources are a byte or a word of their
// register (zero- or sign-extended) and whose result goes to a byte or a word of the
// destination (the SDWA dword: isa/sdwa.h). The pre-decoder decodes the instruction itself as a
// component that reads its selected sources from staging rows and, unless dst_sel is DWORD,
// writes its result to a result row; neg / abs become the component's source masks on the
// selected value, clamp / omod its ordinary post-processing. The SDWA entry fills the staging
// rows, runs the component and places the result with dst_sel / dst_unused. Constant sources
// are selected when the program is decoded; sources read whole need no staging.
#pragma once

#include <cstdint>

#include "emu/program.h"
#include "isa/sdwa.h"

namespace gcnkit::emu::sdwa {

// The selected byte or word of v in the low bits, zero- or sign-extended to 32 bits.
constexpr uint32_t select(uint32_t v, unsigned sel, bool sext) {
  const unsigned bits = isa::sdwa::selBits(sel);
  const unsigned up = 32 - bits - isa::sdwa::selShift(sel); // the field's top bit to bit 31
  const unsigned down = 32 - bits;
  return sext ? static_cast<uint32_t>(static_cast<int32_t>(v << up) >> down) : (v << up) >> down;
}

// The destination value when result's low bits go to the field dst_sel names: the bits outside
// it are zeros (UNUSED_PAD, and the undefined value 3), the field's sign above it and zeros
// below it (UNUSED_SEXT), or old's bits (UNUSED_PRESERVE).
constexpr uint32_t insert(uint32_t result, uint32_t old, unsigned dstSel, unsigned unused) {
  const unsigned bits = isa::sdwa::selBits(dstSel);
  const unsigned shift = isa::sdwa::selShift(dstSel);
  const uint32_t field = bits == 32 ? ~0u : ((1u << bits) - 1) << shift;
  const uint32_t placed = (result << shift) & field;
  if (unused == isa::sdwa::kUnusedPreserve)
    return placed | (old & ~field);
  if (unused == isa::sdwa::kUnusedSext && ((result >> (bits - 1)) & 1)) {
    const uint32_t below = (1u << shift) - 1;
    return placed | ~(field | below);
  }
  return placed;
}

// DecodedInst::extra of an SDWA entry: the component wrote a result row that dst_sel places.
inline constexpr uint8_t kPlaceResult = 1 << 0;

// The SDWA entry: src[0] / src[1] the sources to select into the component's staging rows (kind
// None: read as they are), target the SDWA dword, vdst the destination the result is placed in,
// extra the flag above, aux the component index.
ExecFn executor(int wave);

} // namespace gcnkit::emu::sdwa
