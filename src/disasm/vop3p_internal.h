// Shared pieces of the vop3p family codec (VOP3P + DPP and its MAI group, VOPD, VINTERP,
// LDSDIR, VINTRP): the per-format entry points and the operand forms only these formats have.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "disasm/codec.h"

namespace gcnkit::disasm::detail::vop3p {

DecodeStatus decodePacked(std::span<const uint8_t> bytes, WaveSize wave, Inst &inst);
void printPacked(const Inst &inst, WaveSize wave, std::string &out);
void encodePacked(const Inst &inst, WaveSize wave, std::string &out);

// gfx908's MAI group (v_mfma_*: rows with mod::Mai), reached through the packed entry points.
DecodeStatus decodeMai(const isa::InstrDesc &row, std::span<const uint8_t> bytes, Inst &inst);
void printMai(const Inst &inst, std::string &out);
void encodeMai(const Inst &inst, std::string &out);

DecodeStatus decodeDual(std::span<const uint8_t> bytes, Inst &inst);
void printDual(const Inst &inst, std::string &out);
void encodeDual(const Inst &inst, std::string &out);

DecodeStatus decodeInterp(std::span<const uint8_t> bytes, Inst &inst);
void printInterp(const Inst &inst, std::string &out);
void encodeInterp(const Inst &inst, std::string &out);

DecodeStatus decodeLdsDir(std::span<const uint8_t> bytes, Inst &inst);
void printLdsDir(const Inst &inst, std::string &out);
void encodeLdsDir(const Inst &inst, std::string &out);

DecodeStatus decodeVintrp(std::span<const uint8_t> bytes, Inst &inst);
void printVintrp(const Inst &inst, std::string &out);
void encodeVintrp(const Inst &inst, std::string &out);

// Row flags of VOP3P rows that more than one file reads (scripts/isa/vop3p_learn.py).
inline constexpr uint32_t kClampIgnored = 1u << 30; // bit 15 decoded and re-encoded as 0
inline constexpr uint32_t kNoLiteral = 1u << 31;    // no source takes a literal (gfx9)

// ---- Register-only operands in a 9-bit source field -----------------------------------------
//
// llvm-mc's decoder accepts any source encoding for an operand whose register class holds
// VGPRs or AccVGPRs only (WMMA matrices, VINTERP sources, the DPP src1 of v_fma_mix*, MFMA
// operands, v_accvgpr_read's source): scalar registers print with an "Invalid register, operand
// has '<class>' register class" note (except null and the src_* names), constants with an
// "Invalid immediate" note. The encoder then writes the raw register number, or the low 9 bits
// of the immediate's value.

// The register file of such an operand, which names its class in the note (VGPR_32, VReg_64,
// AGPR_32, AReg_512, AV_32, AV_64). 256 + N names vN in VGPR and aN in AGPR; AV operands are
// one or the other by a bit of the instruction, which their codec resolves.
enum class RegFile : uint8_t { VGPR, AGPR, AV };

// False when llvm-mc cannot decode the encoding for a tuple of `regs` dwords (`literal`: 255
// decodes, reading the literal dword).
bool registerOnlySrcDecodes(isa::Target target, unsigned enc, unsigned regs, bool literal);
// Appends the operand, with llvm-mc's note when it is not a register of `file`. 256 + N prints
// as aN for AGPR, as vN otherwise.
void appendRegisterOnlySrc(std::string &out, isa::Target target, unsigned enc, unsigned regs,
                           uint32_t literal, RegFile file);
// The src field llvm-mc writes back for it.
unsigned registerOnlySrcField(isa::Target target, unsigned enc, unsigned regs, uint32_t literal);
bool isImmediateSrc(unsigned enc);

// Appends vN / v[N:M] (file 'v') or aN / a[N:M] (file 'a').
void appendRegister(std::string &out, char file, unsigned index, unsigned regs);

} // namespace gcnkit::disasm::detail::vop3p
