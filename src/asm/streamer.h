// Where the assembler's output goes. The parser calls these in source order; the text streamer
// prints llvm-mc's `-show-encoding` listing, the object streamer (later) builds an ELF file.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "asm/expr.h"

namespace gcnkit::assembler {

struct AmdhsaKernel;

enum class SymbolAttr : uint8_t { Global, Local, Weak, TypeFunction, TypeObject, NoDeadStrip };

// A section as `.section NAME,"FLAGS",@TYPE[,ENTSIZE]` names it.
struct SectionSpec {
  std::string name;
  std::string flags;             // ELF flag letters: a, w, x, M, S ...
  std::string type = "progbits"; // progbits, nobits, note
  uint64_t entsize = 0;
  std::string listing; // the directive as llvm-mc prints it
};

class Streamer {
public:
  virtual ~Streamer() = default;
  virtual void switchSection(const SectionSpec &section) = 0;
  virtual void emitLabel(std::string_view name) = 0;
  // Values: `expr` is null when the value is absolute (`value`); otherwise it refers to labels
  // and is resolved by the object writer (or printed by the listing).
  virtual void emitAssignment(std::string_view name, const Expr *expr, int64_t value) = 0;
  virtual void emitSymbolAttribute(std::string_view name, SymbolAttr attr) = 0;
  virtual void emitSize(std::string_view name, const Expr *expr, int64_t value) = 0;
  virtual void emitValue(const Expr *expr, int64_t value, unsigned size) = 0;
  virtual void emitBytes(std::string_view bytes) = 0;
  virtual void emitFill(int64_t count, unsigned size, uint64_t value) = 0;
  virtual void emitZeros(int64_t count, int64_t fill, bool hasFill) = 0;
  virtual void emitAlign(unsigned log2, int64_t fill, bool hasFill, int64_t maxSkip,
                         bool hasMax) = 0;
  // An instruction: its canonical text and encoded bytes.
  virtual void emitInstruction(std::string_view text, std::string_view bytes) = 0;
  // A blank line in the listing (llvm-mc prints one where a macro is defined).
  virtual void emitBlankLine() = 0;
  // A directive line that only the listing shows (e.g. .amdgcn_target).
  virtual void emitDirectiveLine(std::string_view text) = 0;
  // A finished .amdhsa_kernel block: its 64-byte descriptor `<name>.kd`.
  virtual void emitAmdhsaKernel(const AmdhsaKernel &kernel) = 0;
};

// llvm-mc's textual output (`llvm-mc -show-encoding` without -filetype=obj).
class TextStreamer final : public Streamer {
public:
  explicit TextStreamer(bool showEncoding) : showEncoding_(showEncoding) { out_ = "\t.text\n"; }
  const std::string &text() const { return out_; }

  void switchSection(const SectionSpec &section) override;
  void emitLabel(std::string_view name) override;
  void emitAssignment(std::string_view name, const Expr *expr, int64_t value) override;
  void emitSymbolAttribute(std::string_view name, SymbolAttr attr) override;
  void emitSize(std::string_view name, const Expr *expr, int64_t value) override;
  void emitValue(const Expr *expr, int64_t value, unsigned size) override;
  void emitBytes(std::string_view bytes) override;
  void emitFill(int64_t count, unsigned size, uint64_t value) override;
  void emitZeros(int64_t count, int64_t fill, bool hasFill) override;
  void emitAlign(unsigned log2, int64_t fill, bool hasFill, int64_t maxSkip, bool hasMax) override;
  void emitInstruction(std::string_view text, std::string_view bytes) override;
  void emitBlankLine() override { out_ += '\n'; }
  void emitDirectiveLine(std::string_view text) override;
  void emitAmdhsaKernel(const AmdhsaKernel &kernel) override;

private:
  bool showEncoding_;
  std::string out_;
};

} // namespace gcnkit::assembler
