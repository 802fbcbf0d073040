// Source buffers and diagnostics in llvm-mc's format: `file:line:col: error: message`, the
// source line and a caret; for text produced by a macro or .rept/.irp instantiation, the
// buffer is named <instantiation> and a `note: while in macro instantiation` follows for each
// enclosing call.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace gcnkit::assembler {

struct SourceLoc {
  uint32_t buffer = 0; // index into SourceManager's buffers; 0 = none
  uint32_t offset = 0;
  bool valid() const { return buffer != 0; }
};

enum class Severity : uint8_t { Error, Warning, Note };

class SourceManager {
public:
  SourceManager();

  // Adds a buffer; `parent` is where it was instantiated (invalid for files).
  uint32_t addBuffer(std::string name, std::string text, SourceLoc parent = {});

  std::string_view text(uint32_t buffer) const { return buffers_[buffer].text; }
  std::string_view name(uint32_t buffer) const { return buffers_[buffer].name; }

  // 1-based line and column of a location.
  void lineAndColumn(SourceLoc loc, size_t &line, size_t &col) const;

  // Appends a diagnostic, with the instantiation notes. A non-zero `rangeLength` underlines
  // that many characters from loc with `^~~~`, as llvm-mc does for ranges.
  void report(SourceLoc loc, Severity sev, std::string_view message, size_t rangeLength = 0);
  // A diagnostic with no location ("<unknown>:0: warning: ...").
  void reportUnlocated(Severity sev, std::string_view message);

  const std::string &diagnostics() const { return diags_; }
  size_t errorCount() const { return errors_; }

private:
  struct Buffer {
    std::string name;
    std::string text;
    SourceLoc parent;
    // Where each line starts: found on the first diagnostic in the buffer (a clean assembly
    // never needs them, and scanning a large file for them costs as much as lexing it).
    mutable std::vector<uint32_t> lineStarts;
  };
  const std::vector<uint32_t> &lineStartsOf(const Buffer &b) const;
  void printOne(SourceLoc loc, Severity sev, std::string_view message, size_t rangeLength);
  // A deque: adding a buffer (a macro instantiation) must not move the others, whose text the
  // lexer and the tokens of enclosing statements still view.
  std::deque<Buffer> buffers_;
  std::string diags_;
  size_t errors_ = 0;
};

} // namespace gcnkit::assembler
