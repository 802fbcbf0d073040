// Shared pieces of the vop3p family codec (VOP3P + DPP, VOPD, VINTERP, LDSDIR): the per-format
// entry points and the operand forms only these formats have.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "disasm/codec.h"

namespace gcnkit::disasm::detail::vop3p {

DecodeStatus decodePacked(std::span<const uint8_t> bytes, WaveSize wave, Inst &inst);
void printPacked(const Inst &inst, WaveSize wave, std::string &out);
void encodePacked(const Inst &inst, WaveSize wave, std::string &out);

DecodeStatus decodeDual(std::span<const uint8_t> bytes, Inst &inst);
void printDual(const Inst &inst, std::string &out);
void encodeDual(const Inst &inst, std::string &out);

DecodeStatus decodeInterp(std::span<const uint8_t> bytes, Inst &inst);
void printInterp(const Inst &inst, std::string &out);
void encodeInterp(const Inst &inst, std::string &out);

DecodeStatus decodeLdsDir(std::span<const uint8_t> bytes, Inst &inst);
void printLdsDir(const Inst &inst, std::string &out);
void encodeLdsDir(const Inst &inst, std::string &out);

// ---- VGPR-only operands in a 9-bit source field ---------------------------------------------
//
// llvm-mc's decoder accepts any source encoding for an operand whose register class is VGPRs
// only (WMMA matrices, VINTERP sources, the DPP src1 of v_fma_mix*): scalar registers print
// with an "Invalid register, operand has 'VReg_N' register class" note (except null and the
// src_* names), constants with an "Invalid immediate" note. The encoder then writes the raw
// register number, or the low 9 bits of the immediate's value.

// False when llvm-mc cannot decode the encoding for a tuple of `regs` dwords.
bool vgprOnlySrcDecodes(unsigned enc, unsigned regs);
// Appends the operand, with llvm-mc's note when it is not a VGPR.
void appendVgprOnlySrc(std::string &out, isa::Target target, unsigned enc, unsigned regs,
                       uint32_t literal);
// The src field llvm-mc writes back for it.
unsigned vgprOnlySrcField(unsigned enc, unsigned regs, uint32_t literal);
bool isImmediateSrc(unsigned enc);

// ---- DPP -------------------------------------------------------------------------------------

} // namespace gcnkit::disasm::detail::vop3p
