// The assembler's object output (`-filetype=obj`): collects sections, symbols and fixups from
// the assembler's statement stream and, at the end, resolves what it can and writes an ELF
// relocatable object with relocations for the rest, as llvm-mc-19 does.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "asm/amdhsa.h"
#include "asm/source.h"
#include "asm/streamer.h"
#include "gcnkit/target.h"

namespace gcnkit::elf {

struct ObjectOptions {
  bool amdhsa = false;
  unsigned codeObjectVersion = 5;
  isa::TargetId target; // e_flags
};

class ObjectStreamer final : public assembler::Streamer {
public:
  ObjectStreamer(assembler::SourceManager &sm, ObjectOptions opts);
  ~ObjectStreamer() override;

  // Resolves fixups and returns the object file; errors go to the source manager.
  std::string finish(unsigned codeObjectVersion);

  void switchSection(const assembler::SectionSpec &section) override;
  void emitLabel(std::string_view name) override;
  void emitAssignment(std::string_view name, const assembler::Expr *expr, int64_t value) override;
  void emitSymbolAttribute(std::string_view name, assembler::SymbolAttr attr) override;
  void emitSize(std::string_view name, const assembler::Expr *expr, int64_t value) override;
  void emitValue(const assembler::Expr *expr, int64_t value, unsigned size) override;
  void emitBytes(std::string_view bytes) override;
  void emitFill(int64_t count, unsigned size, uint64_t value) override;
  void emitZeros(int64_t count, int64_t fill, bool hasFill) override;
  void emitAlign(const assembler::Alignment &alignment) override;
  void emitInstruction(std::string_view text, const assembler::EncodedInstruction &inst,
                       assembler::SourceLoc loc) override;
  void emitBlankLine() override {}
  void emitDirectiveLine(std::string_view) override {}
  void emitAmdhsaKernel(const assembler::AmdhsaKernel &kernel) override;
  void emitAmdgpuMetadata(const assembler::MetadataNode &root) override;
  void emitIdent(std::string_view text) override;
  void emitAddrsig() override;
  void emitAddrsigSym(std::string_view name) override;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace gcnkit::elf
