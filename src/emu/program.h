// The pre-decoded form of a kernel: every instruction decoded once into a fixed-size record
// holding the executor to call and its operands already resolved (register index, or the
// constant value converted for the operand's type), so running an instruction is one indirect
// call with no decoding and no opcode switch.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "gcnkit/disasm.h"

namespace gcnkit::emu {

struct Wave;
struct DecodedInst;

// Executes one instruction on a wave. The wave's pc already indexes the next instruction;
// branches overwrite it.
using ExecFn = void (*)(Wave &wave, const DecodedInst &inst);

enum class SrcKind : uint8_t {
  None,
  Vgpr,  // reg: first VGPR row
  Sgpr,  // reg: scalar register index 0..127 (SGPRs, VCC, TTMP, M0, EXEC)
  Const, // value: inline constant or literal, already extended to the operand's width
  Scc,   // src_scc
  Vccz,  // src_vccz
  Execz, // src_execz
};

// Scalar register file indices (the 7-bit SDST encoding space).
namespace sreg {
inline constexpr uint16_t kVccLo = 106;
inline constexpr uint16_t kVccHi = 107;
inline constexpr uint16_t kNull = 124;
inline constexpr uint16_t kM0 = 125;
inline constexpr uint16_t kExecLo = 126;
inline constexpr uint16_t kExecHi = 127;
inline constexpr unsigned kCount = 128;
} // namespace sreg

// One source operand. Float input modifiers are folded into two masks applied to the raw
// 32-bit pattern (of the high dword for 64-bit floats): abs clears the sign bit, neg flips it.
struct Src {
  SrcKind kind = SrcKind::None;
  bool modified = false;    // VGPR / scalar values need andMask, xorMask or flushing
  bool flushDenorm = false; // f32 denormal inputs read as zero (FP mode)
  uint16_t reg = 0;
  uint32_t andMask = 0xFFFFFFFFu;
  uint32_t xorMask = 0;
  uint64_t value = 0;
  // Const sources: the W lanes of the 32-bit operand (modifiers applied), broadcast once when
  // the program is built (Program::constantLanes), so VALU ops read constants like a VGPR row.
  const uint32_t *constantLanes = nullptr;
};

// Post-processing of a float VALU result (VOP3 clamp / omod, or flushing denormal results), f32
// or f64 as the executor's result is.
namespace post {
inline constexpr uint8_t kClamp = 1 << 0;
inline constexpr uint8_t kOmodMul2 = 1 << 1;
inline constexpr uint8_t kOmodMul4 = 1 << 2;
inline constexpr uint8_t kOmodDiv2 = 1 << 3;
inline constexpr uint8_t kFlushDenormF32 = 1 << 4;
inline constexpr uint8_t kFlushDenormF64 = 1 << 5; // f64 results (with omod)
// With kClamp (or an f16 pack's clamp): DX10_CLAMP is off, so a NaN result passes through the
// clamp instead of becoming 0.
inline constexpr uint8_t kClampKeepNan = 1 << 6;
} // namespace post

inline constexpr unsigned kMaxSources = 3;

struct DecodedInst {
  ExecFn fn = nullptr;
  Src src[kMaxSources];
  uint16_t vdst = 0;    // destination VGPR row
  uint16_t sdst = 0;    // destination scalar register (SALU result, VALU mask / carry-out)
  uint8_t dstRegs = 0;  // dwords of the destination
  uint8_t postOps = 0;  // post:: bits
  uint8_t size = 0;     // bytes of the encoding
  uint8_t extra = 0;    // executor-specific (e.g. SMEM/GLOBAL dwords, VOPD component index)
  int32_t imm = 0;      // SOPK / SOPP simm16 (sign-extended), memory offsets
  uint32_t target = 0;  // branch target: index into Program::insts
  uint32_t aux = 0;     // executor-specific (e.g. VOPD: index of the Y component)
  uint64_t address = 0; // guest address of the instruction
};

// The decoded kernel code: insts[i] starts at address insts[i].address. The last entry is a
// sentinel that stops the wave if execution runs past the end of the code.
struct Program {
  std::vector<DecodedInst> insts;
  std::vector<disasm::Inst> raw;        // the decoder's view of each entry (for messages)
  std::vector<DecodedInst> components;  // VOPD halves (DecodedInst::aux indexes them)
  std::vector<std::string> trapReasons; // why an entry became a trap (indexed by imm)
  // (address, index) of every decoded instruction, in address order; instructions without
  // effect are not in insts and map to the next instruction that is.
  std::vector<std::pair<uint64_t, uint32_t>> addressIndex;
  uint64_t codeAddress = 0;
  uint32_t entry = 0; // index of the kernel's first instruction (the code may hold functions)
  isa::Target target = isa::Target::GFX1100;
  uint32_t waveSize = 32;
  uint32_t vgprRows = 0;  // VGPR rows of a wave, including the scratch rows the executors use
  uint32_t vgprCount = 0; // the kernel's VGPRs: rows 0 .. vgprCount - 1
  uint32_t agprCount = 0; // its AccVGPRs (gfx908): rows vgprCount .. vgprCount + agprCount - 1
  uint32_t rsrc1 = 0;     // the kernel descriptor's COMPUTE_PGM_RSRC1 (its SGPR blocks)
  // GDS, GWS, ordered-count or GS-register instructions: the dispatch gets a GlobalShare.
  bool usesGlobalShare = false;
  // Instructions that make a wave wait for waves of other work-groups (ds_gws_barrier,
  // ds_gws_sema_p, ds_ordered_count): the dispatch runs on the cooperative dispatcher.
  bool waitsAcrossGroups = false;
  // Rows holding the kernel's registers (VGPRs and AccVGPRs); executor rows follow.
  uint32_t registerRows() const { return vgprCount + agprCount; }
  // The broadcast rows Src::constantLanes point to (one per distinct value; never moved).
  struct alignas(64) LaneRow {
    uint32_t lanes[64];
  };
  std::vector<std::unique_ptr<LaneRow>> constantLanes;

  // Index of the instruction starting at guest address addr, or insts.size() - 1 (the sentinel)
  // when no instruction starts there.
  uint32_t indexOf(uint64_t addr) const;

  // "s_mov_b32 s0, s1" for entry i (empty for the sentinel).
  std::string text(uint32_t index) const;
};

} // namespace gcnkit::emu
