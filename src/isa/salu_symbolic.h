// The symbolic forms of SALU immediates, shared by the assembler (parsing) and the disassembler
// (printing): bit layouts of hwreg(), sendmsg(), s_delay_alu and depctr, and the per-target
// names and layouts llvm-mc-19 uses (generated into src/isa/<target>/salu_symbols.inc by
// probing; a target's Symbols collects them, reached through isa::targetInfo()).
#pragma once

#include <array>
#include <span>
#include <string_view>

#include "isa/salu_symbol_types.h"

namespace gcnkit::isa::salu {

// hwreg(ID, OFFSET, SIZE): id [5:0], offset [10:6], size-1 [15:11].
inline constexpr unsigned kHwregIdBits = 6, kHwregOffsetShift = 6, kHwregSizeShift = 11;

// sendmsg(MSG, OP, STREAM): msg in the low bits (Symbols::messageIdBits), op [6:4],
// stream [9:8], as llvm-mc packs them.
inline constexpr unsigned kSendmsgOpShift = 4, kSendmsgStreamShift = 8;
inline constexpr unsigned kSendmsgOpMask = 7, kSendmsgStreamMask = 3;

// s_delay_alu: instid0 [3:0], instskip [6:4], instid1 [10:7].
inline constexpr std::array<std::string_view, 12> kDelayAluInstId = {
    "NO_DEP",        "VALU_DEP_1",    "VALU_DEP_2",    "VALU_DEP_3",        "VALU_DEP_4",
    "TRANS32_DEP_1", "TRANS32_DEP_2", "TRANS32_DEP_3", "FMA_ACCUM_CYCLE_1", "SALU_CYCLE_1",
    "SALU_CYCLE_2",  "SALU_CYCLE_3"};
inline constexpr std::array<std::string_view, 6> kDelayAluSkip = {"SAME",   "NEXT",   "SKIP_1",
                                                                  "SKIP_2", "SKIP_3", "SKIP_4"};

// s_waitcnt_depctr fields, in llvm-mc's printing order; an unnamed field is all ones.
struct DepctrField {
  std::string_view name;
  unsigned shift, width;
};
inline constexpr std::array<DepctrField, 7> kDepctr = {{{"depctr_hold_cnt", 7, 1},
                                                        {"depctr_sa_sdst", 0, 1},
                                                        {"depctr_va_vdst", 12, 4},
                                                        {"depctr_va_sdst", 9, 3},
                                                        {"depctr_va_ssrc", 8, 1},
                                                        {"depctr_va_vcc", 1, 1},
                                                        {"depctr_vm_vsrc", 2, 3}}};

// The symbolic operands of one target (empty spans: the target has no such operand).
struct Symbols {
  std::span<const std::string_view> hwreg; // printed names by id; empty: printed as a number
  std::span<const NamedId> hwregNames;     // names the assembler knows
  unsigned messageIdBits;                  // width of sendmsg's message id field
  bool decodesOperations; // the disassembler reads op / stream (gfx9); else only the id
  std::span<const std::string_view> messages; // printed message names by id
  std::span<const MessageName> messageNames;
  std::span<const OperationName> operationNames;
  std::span<const MessageOps> messageOps;
  std::span<const WaitcntCounter> waitcnt; // in printed order
  std::span<const std::string_view> version;
  std::span<const VersionBit> versionBits;
  std::span<const std::string_view> gprIdx; // gpr_idx() mode names by bit

  // The operations message `id` takes, or nullptr when it takes none.
  const MessageOps *operationsOf(unsigned id) const {
    for (const MessageOps &m : messageOps)
      if (m.message == id)
        return &m;
    return nullptr;
  }
  // The name of operation `op` of message `id` on this target (empty: none).
  std::string_view operationName(unsigned id, unsigned op) const {
    for (const OperationName &o : operationNames)
      if (o.message == id && o.operation == static_cast<int>(op))
        return o.name;
    return {};
  }
  // The all-ones value of every s_waitcnt counter (what an unnamed counter is set to).
  unsigned waitcntDefault() const {
    unsigned v = 0;
    for (const WaitcntCounter &c : waitcnt)
      for (const BitField &p : c.parts)
        v |= ((1u << p.width) - 1) << p.shift;
    return v;
  }
};

// The per-target instances (src/isa/salu_symbols.cpp); code reaches them through
// isa::targetInfo(target).saluSymbols.
extern const Symbols kGfx1100Symbols;
extern const Symbols kGfx908Symbols;

// A counter's value from / into a composite immediate.
constexpr unsigned counterValue(const WaitcntCounter &c, unsigned imm) {
  unsigned v = 0, at = 0;
  for (const BitField &p : c.parts) {
    v |= ((imm >> p.shift) & ((1u << p.width) - 1)) << at;
    at += p.width;
  }
  return v;
}
constexpr unsigned counterWidth(const WaitcntCounter &c) {
  return c.parts[0].width + c.parts[1].width;
}
constexpr unsigned withCounter(const WaitcntCounter &c, unsigned imm, unsigned value) {
  unsigned at = 0;
  for (const BitField &p : c.parts) {
    const unsigned mask = (1u << p.width) - 1;
    imm = (imm & ~(mask << p.shift)) | ((value >> at) & mask) << p.shift;
    at += p.width;
  }
  return imm;
}

} // namespace gcnkit::isa::salu
