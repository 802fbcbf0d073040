// The modifiers written after the operands of VOP3P, VINTERP and LDSDIR statements (op_sel,
// op_sel_hi, neg_lo, neg_hi, clamp, wait_exp, wait_vdst, gfx908's MFMA cbsz / abid / blgp and
// the DPP controls), read as llvm-mc-19 reads them.
//
// llvm-mc parses operands left to right, each with the parsers of the operand position it
// stands at in some variant of the mnemonic: a modifier only parses where a variant can have
// it -- at or before its own position, after every mandatory operand before it -- and is
// otherwise "not a valid operand."; a bad value is reported while parsing. Parse errors win over
// anything the matcher finds later. The matcher then takes the modifiers in the variant's order,
// each at most once, leaving out any; the first operand it cannot place is the one at fault.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "asm/dpp_operands.h"
#include "asm/match.h"

namespace gcnkit::assembler {

enum class ModKey : uint8_t {
  None,
  OpSel,
  OpSelHi,
  NegLo,
  NegHi,
  Clamp,
  WaitExp,
  WaitVdst,
  Cbsz,
  Abid,
  Blgp,
  // DPP (the last keys): the dpp_ctrl (quad_perm, row_*...) or dpp8 that announces the form,
  // then the rest.
  DppCtrl,
  Dpp8,
  RowMask,
  BankMask,
  BoundCtrl,
  Fi,
};

// The modifier an operand is written as (None for operands that are not modifiers).
ModKey modKeyOf(const ParsedOperand &op);

// The modifiers after the operands of one variant, in llvm-mc's order. Only DPP's dpp_ctrl /
// dpp8 is mandatory.
struct ModifierLayout {
  static constexpr size_t kMax = 12;
  ModKey keys[kMax] = {};
  uint8_t count = 0;
  void add(ModKey k) { keys[count++] = k; }
  // This layout followed by the DPP16 or DPP8 controls.
  ModifierLayout withDpp16() const;
  ModifierLayout withDpp8() const;
};

// The parse-stage checks over all operands: modifiers (ops[first..] are the positions after the
// instruction's own operands) against the positions the layouts allow them, their values, and
// source modifiers (-x, |x|, neg(), abs(), sext()), which only parse at the operand indices set
// in `sourceModifierOps` (bit i: ops[i]) and never as sext. nullopt when parsing succeeds.
std::optional<Attempt> checkModifierSyntax(const MatchInput &in, size_t first,
                                           std::span<const ModifierLayout> layouts,
                                           uint32_t sourceModifierOps);

// A failure at a source operand: llvm-mc points inside its modifiers, at the value.
Attempt sourceFailure(const MatchInput &in, size_t i,
                      std::string msg = "invalid operand for instruction");

// Values read by readModifiers. Bit lists keep element i in bit i; missing elements are 0.
struct ModifierValues {
  uint8_t opSel = 0, opSelHi = 0, negLo = 0, negHi = 0;
  bool opSelHiWritten = false;
  bool clamp = false;
  uint8_t waitExp = 0, waitVdst = 0;
  // cbsz / abid are checked while parsing; blgp is read as written (the matcher checks it).
  uint8_t cbsz = 0, abid = 0;
  int64_t blgp = 0;
  size_t blgpIndex = 0; // the operand it was read from (0: none)
  DppControls dpp;
};

// The match stage: reads ops[first..] in the layout's order (a layout ending in DppCtrl reads
// DPP16 or DPP8 controls there). Returns the index of the first operand not read.
size_t readModifiers(std::span<const ParsedOperand> ops, size_t first, const ModifierLayout &layout,
                     ModifierValues &out);

} // namespace gcnkit::assembler
