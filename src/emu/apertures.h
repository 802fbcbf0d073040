// The high halves of the flat-address apertures the emulated device reports (src_shared_base,
// src_private_base, the hidden_shared_base / hidden_private_base kernel arguments). FLAT
// accesses into them reach the LDS and private memory (emu/flat_aperture.h); the values only
// need to be stable and far from guest allocations.
#pragma once

#include <cstdint>

namespace gcnkit::emu::aperture {
inline constexpr uint32_t kSharedHi = 0x10000;
inline constexpr uint32_t kPrivateHi = 0x20000;
} // namespace gcnkit::emu::aperture
