// How the pre-decoder finds an instruction's executor: one entry per instruction (keyed by the
// mnemonic without the _e32 / _e64 encoding suffix, so the VOP1/VOP2/VOPC form and its VOP3
// promotion share the executor), one function per wave size. Each family file registers its
// executors; nothing else knows their names.
#pragma once

#include <cstdint>
#include <string_view>
#include <unordered_map>

#include "emu/program.h"

namespace gcnkit::emu {

// Per-executor facts the pre-decoder needs (entry:: bits).
using EntryFlags = uint16_t;

namespace entry {
inline constexpr EntryFlags kAccumulator = 1 << 0; // also reads its destination (v_fmac): src[2]
inline constexpr EntryFlags kF32Result = 1 << 1;   // float result: VOP3 clamp / omod apply
inline constexpr EntryFlags kF32Sources = 1 << 2;  // f32 sources: denormals flushed per mode
inline constexpr EntryFlags kCompare = 1 << 3;     // VOPC: clamp means "signal", not emulated
inline constexpr EntryFlags kIntClamp = 1 << 4;    // integer op that implements VOP3 clamp itself
inline constexpr EntryFlags kNoEffect = 1 << 5;    // waits and hints: left out of the program
// VOP3 op_sel bits are controls the executor reads from DecodedInst::extra (v_permlane16's
// fetch-inactive / bound_ctrl), not operand half selects.
inline constexpr EntryFlags kOpSelControls = 1 << 6;
// 16-bit / packed operands: the pre-decoder resolves halves (VGPR bit 7, op_sel, op_sel_hi) and
// neg_lo / neg_hi into DecodedInst::aux and the source masks (emu/valu16.h).
inline constexpr EntryFlags k16Bit = 1 << 7;
inline constexpr EntryFlags kF64Result = 1 << 8; // f64 result: VOP3 clamp / omod apply
// GWS, ordered-count and GS-register instructions: GDS-only, the executor reaches the dispatch's
// GlobalShare itself (no GDS wrapper).
inline constexpr EntryFlags kGlobalSync = 1 << 9;
// The wave may wait for waves of other work-groups (Program::waitsAcrossGroups).
inline constexpr EntryFlags kWaitsAcrossGroups = 1 << 10;
} // namespace entry

struct ExecEntry {
  ExecFn wave32 = nullptr;
  ExecFn wave64 = nullptr;
  EntryFlags flags = 0;
  // The executors under MODE.IEEE = 0 where the result depends on it (float min / max / med3:
  // signaling NaNs are not quieted); nullptr: the same as wave32 / wave64.
  ExecFn nonIeee32 = nullptr;
  ExecFn nonIeee64 = nullptr;
};

using Registry = std::unordered_map<std::string_view, ExecEntry>;

// A wave-size independent executor (scalar instructions).
inline ExecEntry scalarEntry(ExecFn fn, EntryFlags flags = 0) { return {fn, fn, flags}; }

// The entry of an executor template `Exec::run<W>` for both wave sizes.
template <class Exec> ExecEntry entryOf(EntryFlags flags = 0) {
  return {&Exec::template run<32>, &Exec::template run<64>, flags};
}
// The entry of an executor whose result depends on MODE.IEEE: Ieee for IEEE = 1, NonIeee for 0.
template <class Ieee, class NonIeee> ExecEntry ieeeEntryOf(EntryFlags flags = 0) {
  ExecEntry e = entryOf<Ieee>(flags);
  e.nonIeee32 = &NonIeee::template run<32>;
  e.nonIeee64 = &NonIeee::template run<64>;
  return e;
}

void registerSalu(Registry &r);       // SOP1, SOP2, SOPK, SOPC
void registerSopp(Registry &r);       // SOPP: control flow, waits, messages
void registerSmem(Registry &r);       // scalar memory
void registerValuInt(Registry &r);    // integer / bitwise VALU, carries, cross-lane moves
void registerValuFloat(Registry &r);  // f32 / f64 VALU and conversions
void registerVopc(Registry &r);       // compares
void registerGlobal(Registry &r);     // GLOBAL / FLAT loads and stores
void registerLds(Registry &r);        // DS: LDS loads, stores and atomics
void registerValu16(Registry &r);     // 16-bit VOP1 / VOP2 / VOP3 / VOPC, 16-bit packs
void registerValuPacked(Registry &r); // VOP3P packed math, dot products, v_fma_mix*
void registerWmma(Registry &r);       // WMMA
void registerMfma(Registry &r);       // MFMA (gfx908)
void registerScratch(Registry &r);    // SCRATCH: private memory loads and stores
void registerBuffer(Registry &r);     // MUBUF / MTBUF: buffer resource accesses and atomics
void registerImage(Registry &r);      // MIMG: image loads, stores, atomics, resinfo, samples
void registerGws(Registry &r);        // GWS barriers and semaphores (emu/global_share.h)
void registerGds(Registry &r);        // ordered count, GS registers (emu/global_share.h)

// All executors, built once. Executors are keyed by the gfx11 names; an instruction only gfx9
// has is registered under its own name by the family file that implements it.
const Registry &registry();

// The executor of an instruction (its mnemonic without _e32 / _e64), or nullptr: the registry
// entry of the name, or of the gfx11 instruction the name is an older spelling of (gfx9's
// global_load_dword is gfx11's global_load_b32: isa::mnemonicAliases, LLVM's renames). Where a
// target's hardware differs under one name (gfx9's v_cmpx also writes VCC, its 16-bit results
// zero the high half, ...), the pre-decoder reads the target's traits.
const ExecEntry *findExecutor(std::string_view name);

// Executors the pre-decoder uses directly.
ExecFn trapExecutor();         // stops the wave: unsupported / undecodable instruction
ExecFn vopdExecutor(int wave); // runs the two VOPD components
// Runs a DS instruction whose gds bit is set (its component: DecodedInst::aux) on the dispatch's
// GDS instead of the LDS (gds.cpp); DecodedInst::target holds the gds:: flags.
ExecFn gdsExecutor(int wave);
namespace gds {
inline constexpr uint32_t kSingleLane = 1u << 0; // only the first active lane (gfx11)
inline constexpr uint32_t kM0Base = 1u << 1;     // ds_append / ds_consume: address from M0[31:16]
} // namespace gds

} // namespace gcnkit::emu
