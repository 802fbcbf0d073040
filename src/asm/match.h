// The matcher's shared vocabulary: what trying one table row against the parsed operands
// yields, the field values it collects, and the helpers every family's matcher uses. Each
// family (salu_match.cpp, valu_match.cpp, vop3p_match.cpp, mem_match.cpp) implements one
// `match*` function with the signature below; instruction.cpp picks the candidate rows and
// calls the family of each.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "asm/fixup.h"
#include "asm/operands.h"
#include "gcnkit/isa.h"

namespace gcnkit::assembler {

// The encoding a mnemonic suffix forces: `_e32`, `_e64`, `_dpp` (DPP16 or DPP8, from the
// operands), `_e64_dpp` or `_sdwa` (gfx9). Any lets the matcher choose as llvm-mc does.
enum class Variant : uint8_t { Any, E32, E64, Dpp, E64Dpp, Sdwa };

// One candidate: a table row and the variant its mnemonic spelling asked for.
struct MatchInput {
  const isa::InstrDesc &row;
  std::vector<ParsedOperand> &ops;
  size_t mnemonicOffset; // diagnostics about the statement as a whole point here
  Variant variant = Variant::Any;
  // Wave64 (-mattr=+wavefrontsize64): LaneMask operands are SGPR pairs instead of one SGPR.
  bool wave64 = false;
  isa::Target target = isa::Target::GFX1100; // whose table `row` is from
};

// Registers of a LaneMask operand in this wave size.
inline unsigned laneMaskRegs(const MatchInput &in) { return in.wave64 ? 2 : 1; }

// A matcher's diagnostic. Most candidate rows of a statement fail, and only one failure is
// ever shown, so a fixed message is kept as a pointer to its string literal; only a composed
// message owns its text.
class MatchMessage {
public:
  MatchMessage() = default;
  // `literal` must outlive the message: a string literal or a static table entry.
  MatchMessage(const char *literal) : literal_(literal) {}
  MatchMessage(std::string text) : owned_(std::move(text)), isOwned_(true) {}
  std::string_view view() const {
    return isOwned_ ? std::string_view(owned_) : std::string_view(literal_);
  }
  operator std::string() const { return std::string(view()); }

private:
  const char *literal_ = "";
  std::string owned_;
  bool isOwned_ = false;
};

// The progress of a failure in llvm-mc's operand-parsing stage (before any matching): it is
// the statement's error when no candidate row gets past parsing.
inline constexpr int kParseStageProgress = 1 << 20;

// The result of trying one row: success, or the operand at fault with llvm-mc's message (the
// candidate that got furthest is reported, as llvm-mc's matcher does).
struct Attempt {
  bool ok = false;
  MatchMessage message;
  size_t offset = 0;
  int progress = -1; // operands matched before the failure

  static Attempt success(size_t operands) {
    return Attempt{true, {}, 0, static_cast<int>(operands)};
  }
  static Attempt failure(const MatchInput &in, size_t opIndex,
                         MatchMessage msg = "invalid operand for instruction") {
    return Attempt{false, std::move(msg),
                   opIndex < in.ops.size() ? in.ops[opIndex].offset : in.mnemonicOffset,
                   static_cast<int>(opIndex)};
  }
  static Attempt tooFew(const MatchInput &in) {
    return Attempt{false, "too few operands for instruction", in.mnemonicOffset,
                   static_cast<int>(in.ops.size())};
  }
};

// Field values collected while matching a row.
struct Fields {
  uint32_t v[static_cast<size_t>(isa::Field::Count)] = {};
  bool set[static_cast<size_t>(isa::Field::Count)] = {};
  std::optional<uint32_t> literal; // the one literal dword, shared by the operands naming it
  ExprPtr literalExpr;             // a literal that names a symbol (fixup)
  ExprPtr branchExpr;
  void put(isa::Field f, uint32_t value) {
    v[static_cast<size_t>(f)] = value;
    set[static_cast<size_t>(f)] = true;
  }
  uint32_t get(isa::Field f) const { return v[static_cast<size_t>(f)]; }
  bool has(isa::Field f) const { return set[static_cast<size_t>(f)]; }
};

// SGPRs, TTMPs and the special scalar registers (vcc, exec, m0, null, src_* constants...).
bool isScalar(const Register &r);

// Whether a register operand has the width of an operand of `regs` dwords. Specials that are
// constants rather than registers (src_scc, src_shared_base...) fit any width; null fits 32-
// and 64-bit operands only.
bool widthMatches(const Register &r, unsigned regs);

bool fitsSigned(int64_t v, unsigned bits);
bool fitsUnsigned(int64_t v, unsigned bits);

void appendDword(std::string &out, uint32_t w);

// Outcome of reading a scalar-source-like operand (register, inline constant or literal).
enum class SourceResult : uint8_t { Ok, Mismatch, LiteralConflict };

// A scalar register, inline constant or literal for a 8/9-bit source field of type `type`:
// sets `enc` to the operand encoding (255 for a literal) and records the literal in `f`
// (one literal per instruction; operands may share one value). Only numbers and expressions
// are handled here; registers are the caller's.
SourceResult encodeConstantOrLiteral(const ParsedOperand &op, isa::DataType type, Fields &f,
                                     uint32_t &enc);

// The expression of an operand that names a value: its expression, or -- for a name the operand
// parser took for a modifier (`s_branch done`, `s_mov_b32 s0, glc`) -- that name as a symbol,
// as llvm-mc decides by position. Null for other operands.
ExprPtr operandExpr(const ParsedOperand &op);

// Appends the literal dword (with its fixup, if it names a symbol) after the encoding so far.
void appendLiteral(Fields &f, EncodedInstruction &out);

// Family matchers: try one candidate row.
Attempt matchSalu(const MatchInput &in, EncodedInstruction &out);
Attempt matchValu(const MatchInput &in, EncodedInstruction &out);   // VOP1/2/C/3/3SD (+DPP)
Attempt matchVop3p(const MatchInput &in, EncodedInstruction &out);  // VOP3P, VINTERP, LDSDIR
Attempt matchMemory(const MatchInput &in, EncodedInstruction &out); // DS...EXP

// VOPD: `X-instruction :: Y-instruction` (tokens of the whole statement, ColonColon between
// the halves). Returns false with `fail` set when no pair encodes.
struct MatchFailure {
  std::string message;
  size_t offset = 0;
};
bool encodeVopd(std::span<const Token> tokens, const SymbolResolver &resolve,
                EncodedInstruction &out, MatchFailure &fail);

} // namespace gcnkit::assembler
