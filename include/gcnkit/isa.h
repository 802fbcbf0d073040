// The instruction-table model shared by the assembler, the disassembler and the emulator.
//
// One table per target describes every instruction: its mnemonic, microcode format, opcode,
// operands (which encoding field, what kind of value, how many registers, which data type) and
// the modifiers it accepts. Tables are generated from llvm-mc by scripts/gen_tables.py and
// committed; nothing at build time needs LLVM. A new target is a new table.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace gcnkit::isa {

// The processors with a table (include/gcnkit/target.h names them and their target ids).
enum class Target : uint8_t { GFX1100, GFX908 };

// Microcode formats. DPP16 / DPP8 are not formats of their own: they are VOP1/VOP2/VOPC/VOP3/
// VOP3P instructions whose src0 field selects the DPP extension dword.
enum class Format : uint8_t {
  SOP1,
  SOP2,
  SOPK,
  SOPC,
  SOPP,
  SMEM,
  VOP1,
  VOP2,
  VOPC,
  VOP3,
  VOP3SD,
  VOP3P,
  VOPD,
  VINTERP,
  LDSDIR,
  DS,
  MUBUF,
  MTBUF,
  FLAT,
  GLOBAL,
  SCRATCH,
  MIMG,
  EXP,
  VINTRP, // gfx9's 32-bit interpolation format (gfx11 has VINTERP instead)
  Count
};

std::string_view formatName(Format f);

// The memory formats (the disassembler's mem codec family).
constexpr bool isMemoryFormat(Format f) {
  switch (f) {
  case Format::DS:
  case Format::MUBUF:
  case Format::MTBUF:
  case Format::FLAT:
  case Format::GLOBAL:
  case Format::SCRATCH:
  case Format::MIMG:
  case Format::EXP:
    return true;
  default:
    return false;
  }
}

// The encoding field an operand is read from / written to. Field positions are per format and
// live with the format's codec (src/isa/encoding.h); these are the names the seeds use.
enum class Field : uint8_t {
  None,
  SDST,
  SSRC0,
  SSRC1,
  SIMM16,
  SBASE,
  SDATA,
  SOFFSET,
  OFFSET,
  VDST,
  SRC0,
  SRC1,
  SRC2,
  VSRC1,
  VSRC2,
  VADDR,
  VDATA,
  DATA0,
  DATA1,
  SRSRC,
  SSAMP,
  LITERAL,
  // VOPD: the X and Y halves.
  SRC0X,
  VSRC1X,
  VDSTX,
  SRC0Y,
  VSRC1Y,
  VDSTY,
  ATTR,
  ATTRCHAN,
  TGT,
  // Memory formats: the scalar address of GLOBAL / SCRATCH, the first and last EXP sources
  // (VSRC1 / VSRC2 are shared with other formats).
  SADDR,
  VSRC0,
  VSRC3,
  Count
};

// What an operand field can name.
enum class OperandKind : uint8_t {
  None,
  SReg,      // scalar register operand (SGPR, VCC, TTMP, M0, EXEC, NULL...), no constants
  SSrc,      // scalar source: scalar register, inline constant or literal
  VReg,      // VGPR only
  VSrc,      // 9-bit VALU source: VGPR, scalar register, inline constant or literal
  SOrVReg,   // 9-bit field restricted to registers (no constants)
  Imm,       // plain immediate printed as an integer
  Label,     // PC-relative branch target (SOPP)
  KImm,      // a mandatory literal constant (fmaak / fmamk / s_*k_imm32)
  Special,   // printed by the format's codec (hwreg, sendmsg, waitcnt, delay_alu, ...)
  VRegOrImm, // 9-bit field: VGPR, inline constant or literal, no scalar registers (WMMA C)
  // AccVGPRs (gfx908). An 8-bit VDST field holds N of aN, a 9-bit source field 256 + N.
  AReg,      // AccVGPR only (MFMA D, v_accvgpr_read's source, v_accvgpr_write's destination)
  AVReg,     // VGPR or AccVGPR, as a bit of the instruction selects (MFMA A and B)
  ARegOrImm, // AccVGPR, or an inline constant to llvm-mc's decoder only (MFMA C)
  Count
};

// Data type of an operand: decides how inline constants and literals are printed and how the
// emulator interprets the value.
enum class DataType : uint8_t {
  None,
  B16,
  B32,
  B64,
  B96,
  B128,
  I16,
  I32,
  I64,
  U16,
  U32,
  U64,
  F16,
  BF16,
  F32,
  F64,
  V2I16,
  V2F16,
  V2BF16,
  V2F32,
  // Byte-sized memory data (loads / stores of 8 bits).
  B8,
  U8,
  I8,
  // A per-lane bit mask (carry in/out, VCC, compare result, v_cndmask selector): one SGPR in
  // wave32, an SGPR pair in wave64.
  LaneMask,
  // An image resource descriptor (8 dwords).
  B256,
  Count
};

// How SMEM's offset operands read in assembly: an offset alone (`0x10`), a register alone
// (`s4`, `null`), or a register and `offset:`. The encoding does not record which was written;
// llvm-mc's listing of assembled code shows what was written, its disassembler one chosen from
// the bits (AsDecoded).
enum class SmemOffsetForm : uint8_t { AsDecoded, Immediate, Register, RegisterAndOffset };

// The source number (0..2) a VALU source field feeds (VSRC1 is source 1 of the 32-bit forms),
// or -1 for other fields: the index of the source's modifier bits and constant-bus slot.
constexpr int valuSourceIndex(Field f) {
  switch (f) {
  case Field::SRC0:
    return 0;
  case Field::SRC1:
  case Field::VSRC1:
    return 1;
  case Field::SRC2:
    return 2;
  default:
    return -1;
  }
}

// Integer operand types: llvm-mc applies no abs / neg to them (neg is sext in SDWA/DPP terms).
constexpr bool isIntegerType(DataType t) {
  switch (t) {
  case DataType::I16:
  case DataType::U16:
  case DataType::I32:
  case DataType::U32:
  case DataType::I64:
  case DataType::U64:
    return true;
  default:
    return false;
  }
}

// Modifiers an instruction accepts (bit set in InstrDesc::modifiers).
namespace mod {
inline constexpr uint32_t Clamp = 1u << 0;
inline constexpr uint32_t Omod = 1u << 1;
inline constexpr uint32_t OpSel = 1u << 2;
inline constexpr uint32_t OpSelHi = 1u << 3;
inline constexpr uint32_t Neg = 1u << 4;
inline constexpr uint32_t Abs = 1u << 5;
inline constexpr uint32_t NegLo = 1u << 6;
inline constexpr uint32_t NegHi = 1u << 7;
inline constexpr uint32_t Dpp16 = 1u << 8; // has a DPP16 variant
inline constexpr uint32_t Dpp8 = 1u << 9;  // has a DPP8 variant
inline constexpr uint32_t Glc = 1u << 10;
inline constexpr uint32_t Slc = 1u << 11;
inline constexpr uint32_t Dlc = 1u << 12;
inline constexpr uint32_t Offset = 1u << 13;
inline constexpr uint32_t Gds = 1u << 14;
inline constexpr uint32_t Tfe = 1u << 15;
inline constexpr uint32_t Lwe = 1u << 16;
inline constexpr uint32_t Format = 1u << 17;
inline constexpr uint32_t Idxen = 1u << 18;
inline constexpr uint32_t Offen = 1u << 19;
inline constexpr uint32_t Dmask = 1u << 20;
inline constexpr uint32_t Dim = 1u << 21;
inline constexpr uint32_t Unorm = 1u << 22;
inline constexpr uint32_t A16 = 1u << 23;
inline constexpr uint32_t D16 = 1u << 24;
inline constexpr uint32_t R128 = 1u << 25;
inline constexpr uint32_t WaitExp = 1u << 26;
inline constexpr uint32_t WaitVdst = 1u << 27; // LDSDIR wait_vdst
inline constexpr uint32_t Mai = 1u << 29;      // MFMA: cbsz, abid, blgp (gfx908)
inline constexpr uint32_t Sdwa = 1u << 28;     // has an SDWA variant (gfx9)
inline constexpr uint32_t Lds = 1u << 30;      // gfx9 MUBUF / GLOBAL / SCRATCH: an lds form
} // namespace mod

inline constexpr int kMaxOperands = 8;

struct OperandDesc {
  Field field = Field::None;
  OperandKind kind = OperandKind::None;
  uint8_t regs = 0; // register count for register operands (1 = 32 bits)
  DataType type = DataType::None;
  bool isDef = false; // written by the instruction
};

struct InstrDesc {
  std::string_view name; // mnemonic as llvm-mc prints it for this format (e.g. "v_add_f32_e32")
  Format format;
  uint16_t opcode;
  uint32_t modifiers; // mod:: bits
  uint32_t flags;     // format-specific facts (see the family codec that reads them)
  uint8_t numOperands;
  OperandDesc operands[kMaxOperands];
};

// The whole table of a target, in (format, opcode) order.
std::span<const InstrDesc> instructions(Target t);

// Another mnemonic llvm-mc's assembler takes for an instruction, generated with the table and
// verified against llvm-mc-19: gfx908's v_accvgpr_read for v_accvgpr_read_b32, gfx1100's names
// from before gfx11 renamed its instructions (buffer_load_dword for buffer_load_b32, ds_read2_b32
// for ds_load_2addr_b32, v_cvt_flr_i32_f32 for v_cvt_floor_i32_f32, s_andn2_b32 for
// s_and_not1_b32). `name` is the instruction's mnemonic as the assembler takes it: a row's name,
// or the name of `_e32` / `_e64` rows without the suffix (v_cvt_floor_i32_f32). The alias also
// names the instruction's encoding forms: `alias_e64` is `name_e64`, `alias_dpp` is `name_dpp`.
struct MnemonicAlias {
  std::string_view alias;
  std::string_view name;
};
// A target's aliases, sorted by alias.
std::span<const MnemonicAlias> mnemonicAliases(Target t);
// The alias entry of `alias` (lower case, without an encoding suffix), or nullptr.
const MnemonicAlias *findMnemonicAlias(Target t, std::string_view alias);

// Mnemonics llvm-mc's assembler knows from other AMDGPU processors but not for this target (it
// answers "instruction not supported on this GPU"), found with the aliases; sorted. (The other
// target's table names more.)
std::span<const std::string_view> otherProcessorMnemonics(Target t);

// Finds the instruction with this format and opcode, or nullptr. O(1).
const InstrDesc *lookup(Target t, Format f, uint32_t opcode);

} // namespace gcnkit::isa
