#include "asm/source.h"

#include <algorithm>

namespace gcnkit::assembler {

SourceManager::SourceManager() { buffers_.emplace_back(); }

uint32_t SourceManager::addBuffer(std::string name, std::string text, SourceLoc parent) {
  Buffer b;
  b.name = std::move(name);
  b.text = std::move(text);
  b.parent = parent;
  buffers_.push_back(std::move(b));
  return static_cast<uint32_t>(buffers_.size() - 1);
}

const std::vector<uint32_t> &SourceManager::lineStartsOf(const Buffer &b) const {
  if (b.lineStarts.empty()) {
    b.lineStarts.push_back(0);
    for (size_t i = 0; i < b.text.size(); ++i)
      if (b.text[i] == '\n')
        b.lineStarts.push_back(static_cast<uint32_t>(i + 1));
  }
  return b.lineStarts;
}

void SourceManager::lineAndColumn(SourceLoc loc, size_t &line, size_t &col) const {
  const std::vector<uint32_t> &starts = lineStartsOf(buffers_[loc.buffer]);
  auto it = std::upper_bound(starts.begin(), starts.end(), loc.offset);
  line = static_cast<size_t>(it - starts.begin());
  col = loc.offset - starts[line - 1] + 1;
}

void SourceManager::printOne(SourceLoc loc, Severity sev, std::string_view message,
                             size_t rangeLength) {
  const Buffer &b = buffers_[loc.buffer];
  size_t line, col;
  lineAndColumn(loc, line, col);
  static constexpr std::string_view kSev[] = {"error", "warning", "note"};
  diags_ += b.name;
  diags_ += ':';
  diags_ += std::to_string(line);
  diags_ += ':';
  diags_ += std::to_string(col);
  diags_ += ": ";
  diags_ += kSev[static_cast<int>(sev)];
  diags_ += ": ";
  diags_ += message;
  diags_ += '\n';
  size_t start = lineStartsOf(b)[line - 1];
  size_t end = b.text.find('\n', start);
  if (end == std::string::npos)
    end = b.text.size();
  std::string_view src(b.text.data() + start, end - start);
  if (!src.empty() && src.back() == '\r')
    src.remove_suffix(1);
  // Tabs are expanded to 8-column stops in the quoted line; the caret follows.
  std::string shown, caret;
  for (size_t i = 0; i <= src.size(); ++i) {
    if (i == col - 1)
      caret.assign(shown.size(), ' '), caret += '^';
    if (i == src.size())
      break;
    if (src[i] == '\t') {
      do
        shown += ' ';
      while (shown.size() % 8 != 0);
    } else {
      shown += src[i];
    }
  }
  const size_t avail = src.size() >= col ? src.size() - (col - 1) : 0;
  if (rangeLength > 1 && avail > 1)
    caret.append(std::min(rangeLength, avail) - 1, '~');
  diags_ += shown;
  diags_ += '\n';
  // llvm-mc shows no caret under a line with non-ASCII bytes (its columns would not line up).
  if (std::any_of(src.begin(), src.end(), [](char c) { return (c & 0x80) != 0; }))
    return;
  diags_ += caret;
  diags_ += '\n';
}

void SourceManager::report(SourceLoc loc, Severity sev, std::string_view message,
                           size_t rangeLength) {
  if (!loc.valid()) {
    reportUnlocated(sev, message);
    return;
  }
  if (sev == Severity::Error)
    ++errors_;
  printOne(loc, sev, message, rangeLength);
  for (SourceLoc p = buffers_[loc.buffer].parent; p.valid(); p = buffers_[p.buffer].parent)
    printOne(p, Severity::Note, "while in macro instantiation", 0);
}

void SourceManager::reportUnlocated(Severity sev, std::string_view message) {
  if (sev == Severity::Error)
    ++errors_;
  static constexpr std::string_view kSev[] = {"error", "warning", "note"};
  diags_ += "<unknown>:0: ";
  diags_ += kSev[static_cast<int>(sev)];
  diags_ += ": ";
  diags_ += message;
  diags_ += '\n';
}

} // namespace gcnkit::assembler
