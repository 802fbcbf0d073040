// Mirrors the way llvm-mc's disassembler driver reads its input: tokens are bytes separated by
// white space and commas, `#` starts a comment, `[` ... `]` delimit an atomic block; a bad token
// discards the bytes gathered so far and the rest of its line. All bytes between blocks form one
// stream, so an instruction may span lines.
#include "gcnkit/mc_text.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <vector>

#include "disasm/operands.h"
#include "support/listing.h"

namespace gcnkit::disasm {

namespace {

struct Diagnostics {
  std::string_view input;
  std::string_view filename;
  std::string &err;
  // Diagnostics come in increasing positions: count lines from the previous one, not from the
  // start of the input.
  size_t countedTo = 0;
  size_t countedLines = 1;

  void report(size_t pos, std::string_view severity, std::string_view message) {
    size_t lineStart = pos == 0 ? 0 : input.rfind('\n', pos - 1);
    lineStart = lineStart == std::string_view::npos || pos == 0 ? 0 : lineStart + 1;
    size_t lineEnd = input.find('\n', pos);
    if (lineEnd == std::string_view::npos)
      lineEnd = input.size();
    if (lineStart < countedTo) {
      countedTo = 0;
      countedLines = 1;
    }
    for (; countedTo < lineStart; ++countedTo)
      countedLines += input[countedTo] == '\n';
    const size_t lineNo = countedLines;
    std::string_view line = input.substr(lineStart, lineEnd - lineStart);
    if (!line.empty() && line.back() == '\r')
      line.remove_suffix(1);
    err += filename;
    err += ':';
    detail::appendUDec(err, lineNo);
    err += ':';
    detail::appendUDec(err, pos - lineStart + 1);
    err += ": ";
    err += severity;
    err += ": ";
    err += message;
    err += '\n';
    // The source line with tabs expanded to 8-column stops, then a caret under the position.
    std::string shown, caret;
    for (size_t i = 0; i <= line.size(); ++i) {
      if (i == pos - lineStart)
        caret.assign(shown.size(), ' '), caret += '^';
      if (i == line.size())
        break;
      if (line[i] == '\t') {
        do
          shown += ' ';
        while (shown.size() % 8 != 0);
      } else {
        shown += line[i];
      }
    }
    err += shown;
    err += '\n';
    err += caret;
    err += '\n';
  }
};

// Characters that end a byte token (llvm-mc's " \t\n\r,#[]").
constexpr auto kDelimiter = [] {
  std::array<bool, 256> t{};
  for (unsigned char c : std::string_view(" \t\n\r,#[]"))
    t[c] = true;
  return t;
}();

// Characters between tokens: white space and commas.
constexpr auto kSeparator = [] {
  std::array<bool, 256> t{};
  for (unsigned char c : std::string_view(" \t\n\r,"))
    t[c] = true;
  return t;
}();

class Reader {
public:
  Reader(std::string_view input, const McTextOptions &opts) : s_(input), opts_(opts) {}

  // Skips white space, commas and comments; false at end of input.
  bool skipToToken() {
    while (pos_ < s_.size()) {
      char c = s_[pos_];
      if (kSeparator[static_cast<unsigned char>(c)]) {
        ++pos_;
      } else if (c == '#' || (!opts_.strictComments && c == '/' && pos_ + 1 < s_.size() &&
                              s_[pos_ + 1] == '/')) {
        size_t nl = s_.find('\n', pos_);
        pos_ = nl == std::string_view::npos ? s_.size() : nl;
      } else {
        return true;
      }
    }
    return false;
  }

  char peek() const { return s_[pos_]; }
  size_t pos() const { return pos_; }
  void advance(size_t n) { pos_ += n; }
  std::string_view rest() const { return std::string_view(s_.data() + pos_, s_.size() - pos_); }
  void skipLine() {
    size_t nl = s_.find('\n', pos_);
    pos_ = nl == std::string_view::npos ? s_.size() : nl;
  }
  size_t size() const { return s_.size(); }

private:
  std::string_view s_;
  size_t pos_ = 0;
  const McTextOptions &opts_;
};

// Hex digit values, 0xFF for other characters: one load per digit on the hot path.
constexpr auto kHexValue = [] {
  std::array<uint8_t, 256> t{};
  t.fill(0xFF);
  for (int i = 0; i < 10; ++i)
    t['0' + i] = static_cast<uint8_t>(i);
  for (int i = 0; i < 6; ++i)
    t['a' + i] = t['A' + i] = static_cast<uint8_t>(10 + i);
  return t;
}();

int hexDigit(char c) {
  const uint8_t v = kHexValue[static_cast<unsigned char>(c)];
  return v == 0xFF ? -1 : v;
}

// The usual token, "0xNN" followed by a delimiter or the end of the input: its value, or -1.
inline int plainHexByte(std::string_view r) {
  if (r.size() < 4 || r[0] != '0' || (r[1] | 0x20) != 'x' ||
      (r.size() > 4 && !kDelimiter[static_cast<unsigned char>(r[4])]))
    return -1;
  const unsigned hi = kHexValue[static_cast<unsigned char>(r[2])];
  const unsigned lo = kHexValue[static_cast<unsigned char>(r[3])];
  return (hi | lo) > 15 ? -1 : static_cast<int>(hi * 16 + lo);
}

// StringRef::getAsInteger with radix 0: 0x/0X hex, 0b/0B binary, 0o or leading 0 octal,
// otherwise decimal; the whole token must be consumed.
bool parseByte(std::string_view tok, unsigned &value) {
  // The common spelling, 0xNN, without the general path.
  if ((tok.size() == 4 || tok.size() == 3) && tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X')) {
    int hi = hexDigit(tok[2]);
    int lo = tok.size() == 4 ? hexDigit(tok[3]) : 0;
    if (hi >= 0 && lo >= 0) {
      value = tok.size() == 4 ? static_cast<unsigned>(hi * 16 + lo) : static_cast<unsigned>(hi);
      return true;
    }
  }
  unsigned radix = 10;
  if (tok.size() >= 2 && tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X')) {
    radix = 16;
    tok.remove_prefix(2);
  } else if (tok.size() >= 2 && tok[0] == '0' && (tok[1] == 'b' || tok[1] == 'B')) {
    radix = 2;
    tok.remove_prefix(2);
  } else if (tok.size() >= 2 && tok[0] == '0' && tok[1] == 'o') {
    radix = 8;
    tok.remove_prefix(2);
  } else if (tok.size() >= 2 && tok[0] == '0') {
    radix = 8;
    tok.remove_prefix(1);
  }
  if (tok.empty())
    return false;
  uint64_t v = 0;
  auto r = std::from_chars(tok.data(), tok.data() + tok.size(), v, static_cast<int>(radix));
  if (r.ec != std::errc() || r.ptr != tok.data() + tok.size() || v > 255)
    return false;
  value = static_cast<unsigned>(v);
  return true;
}

// The token at the start of r: up to the next delimiter, or (unless comments are strict) to a
// `//` inside it.
std::string_view tokenAt(std::string_view r, const McTextOptions &opts) {
  size_t n = 0;
  while (n < r.size() && !kDelimiter[static_cast<unsigned char>(r[n])]) {
    if (!opts.strictComments && r[n] == '/' && n > 0 && n + 1 < r.size() && r[n + 1] == '/')
      break;
    ++n;
  }
  return r.substr(0, n);
}

// The input offset of byte `index` of the run of bytes gathered from `runStart` (which holds
// only valid byte tokens up to that byte: a bad token starts a new run).
size_t bytePosition(std::string_view input, size_t runStart, size_t index,
                    const McTextOptions &opts) {
  Reader rd(input, opts);
  rd.advance(runStart);
  for (size_t seen = 0; rd.skipToToken(); ++seen) {
    if (seen == index)
      return rd.pos();
    rd.advance(plainHexByte(rd.rest()) >= 0 ? 4 : tokenAt(rd.rest(), opts).size());
  }
  return input.size();
}

} // namespace

McTextResult disassembleMcText(const Disassembler &dis, std::string_view input,
                               std::string_view filename, const McTextOptions &opts) {
  McTextResult res;
  res.out = "\t.text\n";
  if (input.size() > UINT32_MAX) {
    res.err = std::string(filename) + ": error: input larger than 4 GiB is not supported\n";
    res.error = true;
    return res;
  }
  Diagnostics diag{input, filename, res.err};
  Reader rd(input, opts);
  std::vector<uint8_t> bytes;
  // Where the bytes gathered since the last block delimiter or bad token start: a diagnostic
  // about byte i finds its position by reading the tokens from there again (rare, so the hot
  // loop keeps no position per byte).
  size_t runStart = 0;
  // "0xNN," is five characters a byte; the listing is a little longer than its input.
  bytes.reserve(input.size() / 5);
  constexpr size_t kSinkChunk = 1 << 20;
  res.out.reserve(opts.sink ? kSinkChunk + 4096 : input.size() + input.size() / 2);
  bool inAtomicBlock = false;
  std::string text, enc;

  auto printInsts = [&]() -> bool {
    size_t index = 0;
    while (index < bytes.size()) {
      Inst inst;
      std::span<const uint8_t> rest(bytes.data() + index, bytes.size() - index);
      if (dis.decode(rest, inst) == DecodeStatus::Fail) {
        diag.report(bytePosition(input, runStart, index, opts), "warning",
                    "invalid instruction encoding");
        if (inAtomicBlock)
          return true; // llvm-mc does not resynchronise inside a block
        index += inst.size ? inst.size : 1;
        continue;
      }
      if (opts.showEncoding) {
        text.clear();
        dis.print(inst, text);
        enc.clear();
        dis.encode(inst, enc);
        support::appendListingLine(res.out, text, enc, true);
      } else {
        // The common case prints straight into the output.
        res.out += '\t';
        dis.print(inst, res.out);
        res.out += '\n';
      }
      index += inst.size;
      if (opts.sink && res.out.size() >= kSinkChunk) {
        opts.sink(res.out);
        res.out.clear();
      }
    }
    return false;
  };

  while (rd.skipToToken()) {
    bytes.clear();
    runStart = rd.pos();
    char c = rd.peek();
    if (c == '[') {
      if (inAtomicBlock) {
        diag.report(rd.pos(), "error", "nested atomic blocks make no sense");
        res.error = true;
      }
      inAtomicBlock = true;
      rd.advance(1);
      continue;
    }
    if (c == ']') {
      if (!inAtomicBlock) {
        diag.report(rd.pos(), "error", "attempt to close atomic block without opening");
        res.error = true;
      }
      inAtomicBlock = false;
      rd.advance(1);
      continue;
    }
    // Gather bytes up to the next block delimiter.
    while (rd.skipToToken()) {
      c = rd.peek();
      if (c == '[' || c == ']')
        break;
      // This is the hot loop of the front end: one pass, no library calls.
      const std::string_view r = rd.rest();
      if (const int b = plainHexByte(r); b >= 0) {
        bytes.push_back(static_cast<uint8_t>(b));
        rd.advance(4);
        continue;
      }
      const std::string_view tok = tokenAt(r, opts);
      unsigned v;
      if (!parseByte(tok, v)) {
        diag.report(rd.pos(), "error", "invalid input token");
        rd.skipLine();
        bytes.clear();
        runStart = rd.pos();
        continue;
      }
      bytes.push_back(static_cast<uint8_t>(v));
      rd.advance(tok.size());
    }
    if (!bytes.empty())
      res.error |= printInsts();
  }
  if (inAtomicBlock) {
    diag.report(input.size(), "error", "unclosed atomic block");
    res.error = true;
  }
  if (opts.sink) {
    opts.sink(res.out);
    res.out.clear();
  }
  return res;
}

} // namespace gcnkit::disasm
