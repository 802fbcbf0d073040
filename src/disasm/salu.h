// Facts the salu family (SOP1, SOP2, SOPK, SOPC, SOPP, SMEM) keeps in InstrDesc::flags, and
// the pieces of its codec other layers use. The flags are written by
// scripts/isa/salu_family.py from what llvm-mc-19 prints.
#pragma once

#include <cstdint>
#include <string>

#include "gcnkit/disasm.h"
#include "isa/salu_symbolic.h"

namespace gcnkit::disasm::detail::salu {

// flags & kImmStyleMask: how a 16-bit immediate operand (SIMM16, s_atc_probe's SDATA) prints.
inline constexpr uint32_t kImmStyleMask = 0xF;
inline constexpr uint32_t kImmHex = 1;      // always 0x...
inline constexpr uint32_t kImmDec = 2;      // unsigned decimal
inline constexpr uint32_t kImmSmallDec = 3; // 0..64 decimal, larger values hex

// (flags >> kSpecialShift) & 0xF: the symbolic form of a Special operand.
inline constexpr unsigned kSpecialShift = 4;
enum class Special : uint8_t { None, Hwreg, Sendmsg, Waitcnt, DelayAlu, Depctr, Version, GprIdx };

inline constexpr uint32_t kImmOptional = 1u << 8;   // not printed when zero (s_endpgm)
inline constexpr uint32_t kImmMustBeZero = 1u << 9; // no operand; simm16 != 0 fails the decode
// SMEM atomics: with glc they return into sdata, which llvm's decoder then holds twice.
inline constexpr uint32_t kSmemAtomic = 1u << 14;

constexpr Special specialOf(uint32_t flags) {
  return static_cast<Special>((flags >> kSpecialShift) & 0xF);
}

// The symbolic operand printers, exactly as llvm-mc-19 spells them for the target whose
// names and layouts `s` holds.
using isa::salu::Symbols;
void appendHwreg(std::string &out, const Symbols &s, uint32_t simm16);
void appendSendmsg(std::string &out, const Symbols &s, uint32_t simm16);
void appendWaitcnt(std::string &out, const Symbols &s, uint32_t simm16);
void appendDelayAlu(std::string &out, uint32_t simm16);
void appendDepctr(std::string &out, uint32_t simm16);
void appendVersion(std::string &out, const Symbols &s, uint32_t simm16);
void appendGprIdx(std::string &out, const Symbols &s, uint32_t mode);

// Branch target of an instruction with a Label operand (SOPP branches, s_subvector_loop_*):
// address + 4 + 4 * sext(simm16), wrapping at 64 bits. False for other instructions.
//
// What llvm-objdump-19 prints for them (probed on clang-19 OpenCL kernels with loops and on
// hand-made objects): when a symbol, a local label included, sits exactly at the target, the
// operand is that symbol's name (`s_cbranch_scc1 loop`); otherwise the text is llvm-mc's (the
// raw simm16 as an unsigned decimal, `s_cbranch_scc0 65520`) and the target follows the
// `// address: words` comment as ` <sym+0xoff>` (`<k+0x24>`, or `<f+0xffffffffffffffc8>` before
// the symbol). Both need the symbol table, so the codec prints the same text in objdump mode
// and the ELF layer substitutes / annotates. s_call_b64's simm16 is not a branch target.
bool branchTarget(const Inst &inst, uint64_t address, uint64_t &target);

} // namespace gcnkit::disasm::detail::salu
