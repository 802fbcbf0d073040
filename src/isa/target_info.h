// What the layers above the tables need to know about a target beyond its instruction rows:
// how the first dword of an instruction selects a microcode format, and where the special
// scalar registers sit in the 8-bit scalar operand space. Everything here is data; code that
// reads or writes machine code asks the target instead of assuming one.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "gcnkit/isa.h"
#include "isa/buffer_resource.h"
#include "isa/mem_layout.h"

namespace gcnkit::isa {

// Encodings of the special scalar registers in the SSRC / SDST space (kNone: the target has
// none). SGPRs are 0 .. sgprs-1.
struct ScalarRegisters {
  static constexpr uint8_t kNone = 0xff;
  uint8_t sgprs;       // number of addressable SGPRs
  uint8_t flatScratch; // flat_scratch_lo (gfx9); hi is the next one
  uint8_t xnackMask;   // xnack_mask_lo (gfx9)
  uint8_t vcc;         // vcc_lo
  uint8_t ttmp;        // ttmp0; ttmp0..ttmp15
  uint8_t null;        // null (gfx10+)
  uint8_t m0;
  uint8_t exec; // exec_lo
  // The encoding llvm-mc's disassembler names "null": gfx9's 125 too, although its assembler
  // has no null register (kNone: none).
  uint8_t printedNull;
};

// Where SMEM keeps the bits that moved between generations (kNoBit: the target has none).
struct SmemLayout {
  static constexpr uint8_t kNoBit = 0xff;
  uint8_t encoding;  // the value of dword 0 bits [31:26]
  uint8_t glc, dlc;  // cache-policy bits of dword 0
  uint8_t imm;       // gfx9: set, the offset field holds an immediate; clear, an SGPR (bits 6:0)
  uint8_t soffsetEn; // gfx9: the soffset field holds an SGPR
  // gfx11 rejects a word with a cache-policy bit the instruction does not take; gfx9 ignores
  // (drops) it.
  bool strictPolicyBits;
};

// What the .amdhsa_kernel directives depend on (LLVM AMDGPUUsage, "Kernel Descriptor").
struct KernelDescriptorTraits {
  uint8_t gfxMajor;            // 9 (gfx908), 11 (gfx1100)
  bool architectedFlatScratch; // no private segment buffer / flat scratch init / wave offset
  uint8_t sgprGranule;         // of GRANULATED_WAVEFRONT_SGPR_COUNT; 0: written as 0 (gfx10+)
  uint8_t addressableSgprs;    // .amdhsa_next_free_sgpr at most this; 0: unchecked
};

namespace salu {
struct Symbols;
}

// How a DPP16 dpp_ctrl value (or a range of them) is spelled on a target: `name:value` with
// value = valueOfFirst + (ctrl - first), `name` alone (valueOfFirst < 0), the quad_perm list
// (name "quad_perm"), or -- for controls the target lacks -- the note llvm-mc's printer writes
// instead (isNote: `name` is the whole note, leading blanks included; the assembler does not
// know the control). Values outside every entry print " /* Invalid dpp_ctrl value */".
struct DppControlSpelling {
  uint16_t first, last;
  std::string_view name;
  int16_t valueOfFirst;
  bool isNote = false;
};

struct TargetInfo {
  // Operand sources some targets have (bits of `features`).
  static constexpr uint32_t kVcczExeczSources = 1u << 0; // src_vccz / src_execz by name
  static constexpr uint32_t kLdsDirect = 1u << 1;        // src_lds_direct as a VALU source
  static constexpr uint32_t kPopsExitingWaveId = 1u << 2;
  // What the hardware does, where generations differ (the emulator reads these).
  static constexpr uint32_t kAccVgprs = 1u << 3;          // a separate AccVGPR file (gfx908)
  static constexpr uint32_t kPackedWorkItemIds = 1u << 4; // v0 = x | y << 10 | z << 20 (gfx11)
  // 16-bit VALU results keep the other half of the VGPR (gfx10+); gfx9 zeroes the high half.
  static constexpr uint32_t k16BitResultsKeepHigh = 1u << 5;
  // v_cmpx also writes the compare result to VCC / SDST (gfx9); gfx10+ write EXEC only.
  static constexpr uint32_t kCmpxWritesResult = 1u << 6;
  // ds_swizzle_b32's rotate and FFT modes (offset >= 0xC000, gfx10+).
  static constexpr uint32_t kSwizzleRotateFft = 1u << 7;
  // In wave64, ds_permute / ds_bpermute work within each 32-lane half (gfx10+); gfx9 permutes
  // across all 64 lanes.
  static constexpr uint32_t kPermuteWithinHalves = 1u << 8;
  // A VOP1 / VOP2 / VOPC VGPR field of a 16-bit operand names a half with its bit 7 (gfx11's
  // v1.h); on gfx9 the field is a plain VGPR number.
  static constexpr uint32_t kVgprHalfBit = 1u << 9;
  // GDS instructions use only the first active lane of EXEC (gfx11); gfx9's GDS works per lane
  // as the LDS does.
  static constexpr uint32_t kGdsSingleLane = 1u << 10;
  // ds_ordered_count counts in one of the 16 GS registers offset0[5:2] names (gfx11), not in
  // GDS memory at M0's ordered-count base.
  static constexpr uint32_t kOrderedCountGsRegisters = 1u << 11;
  // VALU encoding features (gfx10+ have them, gfx9 does not).
  static constexpr uint32_t kVop3Literal = 1u << 16;          // VOP3 takes a literal dword
  static constexpr uint32_t kDppFetchInactive = 1u << 18;     // DPP16 fi bit (fi:1)
  static constexpr uint32_t kDppBoundCtrlZeroSets = 1u << 19; // `bound_ctrl:0` sets the bit
  // v_writelane_b32's data source also takes lds_direct (register class SRegOrLds_32).
  static constexpr uint32_t kWritelaneLdsDirect = 1u << 20;
  // Of the encodings an operand list fails to match, llvm-mc reports the last one it tried
  // (gfx11) rather than the one that got furthest (gfx9).
  static constexpr uint32_t kAsmReportsLastVariant = 1u << 21;
  // The 32-bit forms' written vcc counts as an operand position for the modifiers after it
  // (gfx9; gfx11 leaves it out).
  static constexpr uint32_t kAsmCountsVccTokens = 1u << 22;

  Target id;
  uint32_t features;
  ScalarRegisters sregs;
  // The format of an instruction by the top 9 bits of its first dword (Format::Count: none).
  // Every target's prefixes are at most 9 bits long. VOP3 and VOP3SD share their prefix (the
  // row decides); FLAT also stands for GLOBAL and SCRATCH (its segment field decides).
  std::array<Format, 512> formatByPrefix;
  // The first dword's prefix bits of each format (0: the target lacks it), for encoders.
  std::array<uint32_t, static_cast<size_t>(Format::Count)> prefixBits;
  // Scalar values (SGPRs, literals) one VALU instruction may read: 1 on gfx9, 2 on gfx10+.
  uint8_t constantBusLimit;
  SmemLayout smem;
  const salu::Symbols *saluSymbols; // hwreg / sendmsg / s_waitcnt names and layouts
  KernelDescriptorTraits kernelDescriptor;
  // DPP16 controls, in dpp_ctrl order (empty: the target has no DPP).
  std::span<const DppControlSpelling> dppControls;
  // Where the memory formats keep their fields (generated with the table).
  mem::MemLayout mem;
  // The buffer resource (V#) fields and swizzle facts (isa/buffer_resource.h).
  BufferResourceLayout bufferResource;
  // LDS one work-group may allocate, in bytes.
  uint32_t ldsBytesPerWorkgroup;

  Format classify(uint32_t w0) const { return formatByPrefix[w0 >> 23]; }
  uint32_t prefix(Format f) const { return prefixBits[static_cast<size_t>(f)]; }
  bool has(uint32_t feature) const { return (features & feature) != 0; }
};

const TargetInfo &targetInfo(Target t);

} // namespace gcnkit::isa
