// Instruction statements: the mnemonic selects candidate rows of the instruction table, the
// parsed operands are matched against each row's operand list and modifiers, and the first
// row that accepts them is encoded. Diagnostics follow llvm-mc-19.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "asm/operands.h"
#include "asm/parser.h"
#include "gcnkit/isa.h"

namespace gcnkit::assembler {

// A value the object writer must fill in: a branch target or a literal naming a label.
struct InstFixup {
  enum class Kind : uint8_t { SoppBranch, Literal32 };
  Kind kind;
  uint32_t offset; // byte offset of the field in the instruction
  ExprPtr expr;
};

struct EncodedInstruction {
  std::string bytes;
  std::vector<InstFixup> fixups;
};

class InstructionAssembler final : public InstructionHandler {
public:
  explicit InstructionAssembler(isa::Target target = isa::Target::GFX1100);

  // How the listing prints an encoded instruction (the disassembler's printer, supplied by the
  // tool layer). Without it the listing text is the source statement.
  using Printer = std::function<std::string(std::string_view bytes)>;
  void setPrinter(Printer p) { printer_ = std::move(p); }
  void setResolver(SymbolResolver r) { resolve_ = std::move(r); }

  bool assemble(std::span<const Token> tokens, uint32_t buffer, SourceManager &sm,
                std::string &text, std::string &bytes) override;

  // Encodes one statement (tokens after which comes the end of the statement).
  struct Failure {
    std::string message;
    size_t offset = 0;
  };
  bool encode(std::span<const Token> tokens, EncodedInstruction &out, Failure &fail) const;

private:
  std::multimap<std::string, const isa::InstrDesc *, std::less<>> byName_;
  Printer printer_;
  SymbolResolver resolve_;
};

} // namespace gcnkit::assembler
