// Where the assembler's output goes. The parser calls these in source order; the text streamer
// prints llvm-mc's `-show-encoding` listing, the object streamer (src/elf/object_streamer.h)
// builds an ELF file.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "asm/expr.h"
#include "asm/fixup.h"
#include "asm/source.h"

namespace gcnkit::assembler {

struct AmdhsaKernel;
struct MetadataNode;

// Binding, type and visibility (`.protected`, `.hidden`, `.internal`) of a symbol.
enum class SymbolAttr : uint8_t {
  Global,
  Local,
  Weak,
  TypeFunction,
  TypeObject,
  NoDeadStrip,
  Protected,
  Hidden,
  Internal,
};

// A section as `.section NAME,"FLAGS",@TYPE[,ENTSIZE]` names it.
struct SectionSpec {
  std::string name;
  std::string flags;             // ELF flag letters: a, w, x, M, S ...
  std::string type = "progbits"; // progbits, nobits, note
  uint64_t entsize = 0;
  std::string listing; // the directive as llvm-mc prints it
};

// An alignment directive: .p2align / .balign pad with bytes, .p2alignw / .p2alignl with 2- or
// 4-byte values (fillSize).
struct Alignment {
  unsigned log2 = 0;
  unsigned fillSize = 1;
  int64_t fill = 0;
  bool hasFill = false;
  int64_t maxSkip = 0;
  bool hasMax = false;
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
  virtual void emitAlign(const Alignment &alignment) = 0;
  // An instruction: its listing text (expressions in place of the fields its fixups fill),
  // its encoding and where its statement starts (fixup diagnostics point there).
  virtual void emitInstruction(std::string_view text, const EncodedInstruction &inst,
                               SourceLoc loc) = 0;
  // A blank line in the listing (llvm-mc prints one where a macro is defined).
  virtual void emitBlankLine() = 0;
  // A directive line that only the listing shows (e.g. .amdgcn_target).
  virtual void emitDirectiveLine(std::string_view text) = 0;
  // A finished .amdhsa_kernel block: its 64-byte descriptor `<name>.kd`.
  virtual void emitAmdhsaKernel(const AmdhsaKernel &kernel) = 0;
  // A verified .amdgpu_metadata block: the NT_AMDGPU_METADATA note.
  virtual void emitAmdgpuMetadata(const MetadataNode &root) = 0;
  // `.ident "text"`: a string for the .comment section.
  virtual void emitIdent(std::string_view text) = 0;
  // `.addrsig` (the object gets an .llvm_addrsig section) and `.addrsig_sym NAME` (NAME is
  // listed in it).
  virtual void emitAddrsig() = 0;
  virtual void emitAddrsigSym(std::string_view name) = 0;
};

// llvm-mc's textual output (`llvm-mc -show-encoding` without -filetype=obj).
class TextStreamer final : public Streamer {
public:
  explicit TextStreamer(bool showEncoding) : showEncoding_(showEncoding) { out_ = "\t.text\n"; }
  // The listing not yet handed to the sink (all of it without a sink).
  const std::string &text() const { return out_; }
  // Hands the listing to `sink` in pieces of about 1 MiB as it grows, so a long listing is
  // never held whole; text() keeps what is left for the caller to pass on at the end.
  using Sink = std::function<void(std::string_view)>;
  void setSink(Sink sink) { sink_ = std::move(sink); }

  void switchSection(const SectionSpec &section) override;
  void emitLabel(std::string_view name) override;
  void emitAssignment(std::string_view name, const Expr *expr, int64_t value) override;
  void emitSymbolAttribute(std::string_view name, SymbolAttr attr) override;
  void emitSize(std::string_view name, const Expr *expr, int64_t value) override;
  void emitValue(const Expr *expr, int64_t value, unsigned size) override;
  void emitBytes(std::string_view bytes) override;
  void emitFill(int64_t count, unsigned size, uint64_t value) override;
  void emitZeros(int64_t count, int64_t fill, bool hasFill) override;
  void emitAlign(const Alignment &alignment) override;
  void emitInstruction(std::string_view text, const EncodedInstruction &inst,
                       SourceLoc loc) override;
  void emitBlankLine() override { out_ += '\n'; }
  void emitDirectiveLine(std::string_view text) override;
  void emitAmdhsaKernel(const AmdhsaKernel &kernel) override;
  void emitAmdgpuMetadata(const MetadataNode &root) override;
  void emitIdent(std::string_view text) override;
  void emitAddrsig() override { out_ += "\t.addrsig\n"; }
  void emitAddrsigSym(std::string_view name) override;

private:
  void flushIfLarge();
  bool showEncoding_;
  bool codeSection_ = true; // the current section holds code (flag x)
  std::string out_;
  Sink sink_;
};

} // namespace gcnkit::assembler
