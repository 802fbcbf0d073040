// Instruction statements: the mnemonic selects candidate rows of the instruction table, the
// parsed operands are matched against each row by the row's family (match.h), and the first
// row that accepts them is encoded. Diagnostics follow llvm-mc-19.
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "asm/match.h"
#include "asm/parser.h"
#include "gcnkit/isa.h"

namespace gcnkit::assembler {

class InstructionAssembler final : public InstructionHandler {
public:
  explicit InstructionAssembler(isa::Target target = isa::Target::GFX1100);

  // How the listing prints an encoded instruction (the disassembler's printer, supplied by the
  // tool layer). Without it the listing text is the source statement.
  // It replaces `text` with the instruction's text (a reused buffer: no allocation per line);
  // `encoded` says what the bytes do not (EncodedInstruction::smemOffset).
  using Printer = std::function<void(std::string_view bytes, const EncodedInstruction &encoded,
                                     std::string &text)>;
  void setPrinter(Printer p) { printer_ = std::move(p); }
  void setResolver(SymbolResolver r) { resolve_ = std::move(r); }
  // -mattr=+wavefrontsize64: lane-mask operands (VOPC results, carries, v_cndmask) are pairs.
  void setWave64(bool wave64) { wave64_ = wave64; }
  isa::Target target() const { return target_; }

  bool assemble(std::span<const Token> tokens, uint32_t buffer, SourceManager &sm,
                std::string &text, EncodedInstruction &inst) override;

  // Encodes one statement (tokens after which comes the end of the statement).
  using Failure = MatchFailure;
  bool encode(std::span<const Token> tokens, EncodedInstruction &out, Failure &fail) const;

  // The candidate rows of a mnemonic, in the order they are tried, with the variant the
  // spelling forces: precomputed for every spelling that has candidates (empty for others).
  struct Candidate {
    const isa::InstrDesc *row;
    Variant variant;
  };
  std::span<const Candidate> lookupCandidates(std::string_view mnemonic) const;

private:
  // Whether another target's table has the mnemonic, or it is one of the other processors'
  // mnemonics llvm-mc knows (isa::otherProcessorMnemonics): llvm-mc then says the instruction
  // is not supported on this GPU rather than invalid.
  bool mnemonicOfOtherTarget(std::string_view mnemonic) const;
  void printWithFixups(const EncodedInstruction &inst, std::string &text) const;

  // The rows by name and the candidate list of every spelling: built once per target and
  // shared by every assembler (building it is most of an assembler's start-up).
  struct Index {
    std::multimap<std::string, const isa::InstrDesc *, std::less<>> byName;
    // Every statement looks its mnemonic up: a multiply-xorshift over 8-byte words costs a
    // fraction of std::hash's general-purpose byte hash on names of 10 to 30 characters.
    struct StringHash {
      using is_transparent = void;
      size_t operator()(std::string_view s) const {
        constexpr uint64_t kMul = 0x9e3779b97f4a7c15ull;
        uint64_t h = s.size() * kMul;
        size_t i = 0;
        for (; i + 8 <= s.size(); i += 8) {
          uint64_t w;
          std::memcpy(&w, s.data() + i, 8);
          h = (h ^ w) * kMul;
          h ^= h >> 29;
        }
        uint64_t tail = 0;
        for (size_t k = 0; i + k < s.size(); ++k)
          tail |= uint64_t{static_cast<uint8_t>(s[i + k])} << (8 * k);
        h = (h ^ tail) * kMul;
        return static_cast<size_t>(h ^ (h >> 32));
      }
    };
    std::unordered_map<std::string, std::vector<Candidate>, StringHash, std::equal_to<>>
        candidateLists;
  };
  static const Index &indexFor(isa::Target target);
  static std::vector<Candidate> candidatesIn(const Index &index, std::string_view mnemonic);
  const Index &index_;
  // Per-statement scratch space, reused so that encoding allocates nothing in the common case.
  mutable std::vector<Token> scratchTokens_;
  mutable std::vector<ParsedOperand> scratchOps_;
  Printer printer_;
  SymbolResolver resolve_;
  isa::Target target_;
  bool wave64_ = false;
};

} // namespace gcnkit::assembler
