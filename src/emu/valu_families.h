// Registration of the VALU executor files beyond the core families of registry.h; each is
// called by the family function that owns the instructions' area.
#pragma once

#include "emu/registry.h"

namespace gcnkit::emu {

void registerValuDiv(Registry &r);   // div_scale / fmas / fixup, trig_preop, f64 frexp / fract
void registerValuLanes(Registry &r); // permlane16 / x16 / 64, M0-relative moves, swaps
void registerValuMisc(Registry &r);  // SAD family, lerp, cube map, mullit, cvt_off_f32_i4

} // namespace gcnkit::emu
