// The statement layer of the assembler: labels, assignments, directives, macros, .rept/.irp/
// .irpc, conditional assembly; instructions are handed to an InstructionHandler. Behaviour and
// diagnostics follow llvm-mc-19.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "asm/amdhsa.h"
#include "asm/expr.h"
#include "asm/lexer.h"
#include "asm/source.h"
#include "asm/streamer.h"

namespace gcnkit::assembler {

// Assembles one instruction statement (tokens up to, not including, the end of statement).
class InstructionHandler {
public:
  virtual ~InstructionHandler() = default;
  // Returns false after reporting an error through `sm`.
  // `text` is the listing text of the instruction.
  virtual bool assemble(std::span<const Token> tokens, uint32_t buffer, SourceManager &sm,
                        std::string &text, EncodedInstruction &inst) = 0;
};

struct ParserOptions {
  // The amdhsa OS (triple amdgcn-amd-amdhsa): enables the .amdhsa_* directives and the
  // target id directive.
  bool amdhsa = false;
  std::string targetId = "amdgcn-amd-amdhsa--gfx1100";
  // --amdhsa-code-object-version; `.amdhsa_code_object_version` overrides it.
  unsigned codeObjectVersion = 5;
  // -mattr=+wavefrontsize64: the default of .amdhsa_wavefront_size32 (the instructions'
  // lane masks are InstructionAssembler::setWave64).
  bool wave64 = false;
  // The processor and its features: the .amdhsa_kernel directives it has, their defaults.
  isa::TargetId target = {};
};

class Parser {
public:
  Parser(SourceManager &sm, Streamer &out, InstructionHandler *instructions,
         ParserOptions options = {})
      : sm_(sm), out_(out), instructions_(instructions), options_(std::move(options)),
        codeObjectVersion_(options_.codeObjectVersion) {}

  unsigned codeObjectVersion() const { return codeObjectVersion_; }
  // The absolute value of a symbol assigned so far (instruction operands fold these).
  std::optional<ExprValue> lookupSymbol(std::string_view name) const;

  // Assembles a whole file buffer. Returns false if any error was reported.
  bool run(uint32_t buffer);

private:
  struct MacroParam {
    std::string name;
    std::string defaultValue;
    bool required = false;
    bool vararg = false;
  };
  struct Macro {
    std::vector<MacroParam> params;
    std::string body;
  };
  struct Cond {
    bool parentActive;
    bool active;
    bool taken;
    bool sawElse;
  };
  // A statement's tokens and the buffer they come from.
  struct Stmt {
    std::span<const Token> toks; // ends with EndOfStatement or Eof
    uint32_t buffer;
  };

  void processBuffer(uint32_t buffer, int depth);
  void statement(Stmt s, const std::vector<Token> &all, size_t &next, int depth);
  bool directive(Stmt s, const std::vector<Token> &all, size_t &next, int depth);
  void instruction(Stmt s);
  void blankLineAfter(const Token &end);
  void conditional(Stmt s, std::string_view name);
  void defineMacro(Stmt s, const std::vector<Token> &all, size_t &next);
  void repeat(Stmt s, std::string_view name, const std::vector<Token> &all, size_t &next,
              int depth);
  void invokeMacro(Stmt s, const Macro &m, int depth);
  // Collects raw body text up to the matching terminator (.endm / .endr); advances next.
  bool collectBody(Stmt s, const std::vector<Token> &all, size_t &next, bool isMacro,
                   std::string &body);
  void instantiate(std::string text, SourceLoc where, int depth);
  // Adds to the expansion budget; false (reported once) when it is exhausted.
  bool chargeExpansion(size_t bytes, SourceLoc where);

  bool active() const { return conds_.empty() || conds_.back().active; }
  SourceLoc loc(Stmt s, const Token &t) const {
    return SourceLoc{s.buffer, static_cast<uint32_t>(t.offset)};
  }
  void error(Stmt s, const Token &t, std::string_view msg) {
    sm_.report(loc(s, t), Severity::Error, msg);
  }
  // A parsed expression: folded to `constant` when it involves no labels (llvm-mc folds only
  // those before layout); otherwise `expr` is kept for the streamer.
  struct Value {
    ExprPtr expr;
    bool absolute = false;
    int64_t constant = 0;
  };
  std::optional<Value> parseValue(Stmt s, size_t &pos);
  std::optional<int64_t> absolute(Stmt s, size_t &pos);
  // Replaces `.` by a fresh temporary label defined here, and directional references (`1f`,
  // `1b`) by the temporary names of those local labels.
  bool resolveLocalSymbols(Expr &e, Stmt s);
  // The temporary label a directional reference (`1f`, `1b`) names; null for `Nb` before any
  // `N:`.
  const std::string *directionalLabel(std::string_view ref);
  std::string newTempLabel() { return ".Ltmp" + std::to_string(tempLabels_++); }
  void defineLocalLabel(std::string_view digits);
  bool nextListItem(Stmt s, size_t &pos);

  void dataDirective(Stmt s, size_t pos, unsigned size);
  void stringDirective(Stmt s, size_t pos, bool zeroTerminated);
  void alignDirective(Stmt s, size_t pos, bool bytes, unsigned fillSize);
  void assignment(Stmt s, size_t pos, std::string_view name, const Token &nameTok, bool isSet);
  void section(Stmt s, size_t pos);
  void switchTo(SectionSpec spec);
  bool amdhsaDirective(Stmt s, const std::vector<Token> &all, size_t &next);
  void amdhsaKernel(Stmt s, const std::vector<Token> &all, size_t &next);
  void amdgpuMetadata(Stmt s, const std::vector<Token> &all, size_t &next);

  SourceManager &sm_;
  Streamer &out_;
  InstructionHandler *instructions_;
  ParserOptions options_;
  unsigned codeObjectVersion_;
  std::string section_ = ".text";
  std::map<std::string, Macro, std::less<>> macros_;
  std::map<std::string, ExprValue, std::less<>> symbols_;          // absolute symbols
  std::map<std::string, std::string, std::less<>> forwardLabels_;  // "1" -> .LtmpN for 1f
  std::map<std::string, std::string, std::less<>> backwardLabels_; // "1" -> .LtmpN for 1b
  std::set<std::string, std::less<>> labels_;
  unsigned tempLabels_ = 0;
  std::vector<Cond> conds_;
  unsigned instantiations_ = 0;      // value of \@
  size_t expandedBytes_ = 0;         // expansion budget used (parser.cpp)
  bool expansionsExhausted_ = false; // the budget ran out: assembly stopped
  std::string instructionText_;      // the listing text of the current instruction (reused)
};

} // namespace gcnkit::assembler
