#include "asm/lexer.h"

#include <algorithm>
#include <array>
#include <cstdint>

namespace gcnkit::assembler {

namespace {

// Character classes, looked up once per character (the lexer's inner loops).
constexpr uint8_t kIdentStart = 1, kIdentChar = 2;
constexpr std::array<uint8_t, 256> kCharClass = [] {
  std::array<uint8_t, 256> t{};
  for (int c = 0; c < 256; ++c) {
    const bool start =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '.' || c == '$';
    const bool ident = start || (c >= '0' && c <= '9') || c == '@' || c == '?';
    t[c] = (start ? kIdentStart : 0) | (ident ? kIdentChar : 0);
  }
  return t;
}();

bool isIdentStart(char c) { return kCharClass[static_cast<uint8_t>(c)] & kIdentStart; }
bool isIdentChar(char c) { return kCharClass[static_cast<uint8_t>(c)] & kIdentChar; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
int digitValue(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'z')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z')
    return c - 'A' + 10;
  return 99;
}

} // namespace

Token Lexer::make(Tok k, size_t start, size_t len) {
  Token t;
  t.kind = k;
  t.text = std::string_view(src_.data() + start, len); // start + len <= size by construction
  t.offset = base_ + start;
  pos_ = start + len;
  return t;
}

Token Lexer::lexNumber(size_t start) {
  size_t p = start;
  unsigned radix = 10;
  const char *invalid = "invalid decimal number";
  if (src_[p] == '0' && p + 1 < src_.size() && (src_[p + 1] == 'x' || src_[p + 1] == 'X')) {
    radix = 16;
    invalid = "invalid hexadecimal number";
    p += 2;
  } else if (src_[p] == '0' && p + 1 < src_.size() && (src_[p + 1] == 'b' || src_[p + 1] == 'B') &&
             p + 2 < src_.size() && (src_[p + 2] == '0' || src_[p + 2] == '1')) {
    radix = 2;
    invalid = "invalid binary number";
    p += 2;
  } else if (src_[p] == '0' && p + 1 < src_.size() && isDigit(src_[p + 1])) {
    radix = 8;
    invalid = "invalid octal number";
    p += 1;
  }
  size_t digits = p;
  // Reals: digits '.' digits [eE [+-] digits], or digits [eE] digits (decimal only).
  if (radix == 10) {
    size_t q = p;
    while (q < src_.size() && isDigit(src_[q]))
      ++q;
    bool real = false;
    if (q < src_.size() && src_[q] == '.') {
      real = true;
      ++q;
      while (q < src_.size() && isDigit(src_[q]))
        ++q;
    }
    if (q < src_.size() && (src_[q] == 'e' || src_[q] == 'E')) {
      size_t r = q + 1;
      if (r < src_.size() && (src_[r] == '+' || src_[r] == '-'))
        ++r;
      if (r < src_.size() && isDigit(src_[r])) {
        real = true;
        q = r;
        while (q < src_.size() && isDigit(src_[q]))
          ++q;
      }
    }
    if (real)
      return make(Tok::Real, start, q - start);
  }
  uint64_t v = 0;
  bool overflow = false;
  while (p < src_.size() && (isDigit(src_[p]) || (radix == 16 && digitValue(src_[p]) < 16))) {
    int d = digitValue(src_[p]);
    if (d >= static_cast<int>(radix)) {
      Token t = make(Tok::Error, start, p + 1 - start);
      t.error = invalid;
      return t;
    }
    uint64_t nv = v * radix + static_cast<uint64_t>(d);
    if (nv / radix != v)
      overflow = true;
    v = nv;
    ++p;
  }
  if (p == digits && radix != 8) {
    Token t = make(Tok::Error, start, p - start);
    t.error = invalid;
    return t;
  }
  // Directional local-label references: 1f, 1b.
  if (radix == 10 && p < src_.size() && (src_[p] == 'f' || src_[p] == 'b') &&
      (p + 1 >= src_.size() || !isIdentChar(src_[p + 1])))
    return make(Tok::Identifier, start, p + 1 - start);
  Token t = make(Tok::Integer, start, p - start);
  t.intValue = v;
  t.intOverflow = overflow;
  return t;
}

// Skips blanks and block comments (in a loop: a line may hold any number of `/**/`). NUL
// bytes are blanks, as for llvm-mc. Stops at the start of an unterminated block comment.
void Lexer::skipBlanks() {
  for (;;) {
    while (pos_ < src_.size() && (src_[pos_] == ' ' || src_[pos_] == '\t' || src_[pos_] == '\0'))
      ++pos_;
    if (pos_ + 1 < src_.size() && src_[pos_] == '/' && src_[pos_ + 1] == '*') {
      size_t e = src_.find("*/", pos_ + 2);
      if (e == std::string_view::npos)
        return;
      pos_ = e + 2;
      continue;
    }
    return;
  }
}

// The end of a line: `\n`, `\r` or `\r\n` (one token, as for llvm-mc) from `start` on.
Token Lexer::endOfLine(size_t start, size_t lineEnd) {
  size_t e = lineEnd;
  if (e < src_.size())
    e += src_[e] == '\r' && e + 1 < src_.size() && src_[e + 1] == '\n' ? 2 : 1;
  return make(Tok::EndOfStatement, start, e - start);
}

Token Lexer::next() {
  skipBlanks();
  if (pos_ >= src_.size())
    return make(Tok::Eof, pos_, 0);
  size_t s = pos_;
  char c = src_[s];
  // Most tokens are names (mnemonics, registers, modifiers): they go first.
  if (c != '.' && isIdentStart(c)) {
    size_t e = s + 1;
    while (e < src_.size() && isIdentChar(src_[e]))
      ++e;
    return make(Tok::Identifier, s, e - s);
  }
  char n = s + 1 < src_.size() ? src_[s + 1] : '\0';
  if (c == '\n' || c == '\r')
    return endOfLine(s, s);
  if (c == '/' && n == '*') { // skipBlanks stopped here: it never ends
    Token t = make(Tok::Error, s, src_.size() - s);
    t.error = "unterminated comment";
    return t;
  }
  // `//` and ';' comments run to the end of the line (';' is AMDGPU's comment string); '#'
  // does so only as the first thing on a line (the preprocessor line-marker convention). As in
  // llvm-mc, the comment and its line end form one end-of-statement token, which starts where
  // the comment does: the parser tells a comment line from an empty one by that.
  auto atLineStart = [&] {
    for (size_t i = s; i > 0 && src_[i - 1] != '\n' && src_[i - 1] != '\r'; --i)
      if (src_[i - 1] != ' ' && src_[i - 1] != '\t')
        return false;
    return true;
  };
  if ((c == '/' && n == '/') || c == ';' || (c == '#' && atLineStart())) {
    size_t e = s;
    while (e < src_.size() && src_[e] != '\n' && src_[e] != '\r')
      ++e;
    return endOfLine(s, e);
  }
  if (isDigit(c))
    return lexNumber(s);
  if (isIdentStart(c) && !(c == '.' && isDigit(n))) {
    size_t e = s + 1;
    while (e < src_.size() && isIdentChar(src_[e]))
      ++e;
    return make(Tok::Identifier, s, e - s);
  }
  if (c == '.' && isDigit(n)) {
    // ".5" is a real, ".2byte" an identifier.
    size_t e = s + 1;
    while (e < src_.size() && isDigit(src_[e]))
      ++e;
    if (e < src_.size() && isIdentChar(src_[e])) {
      while (e < src_.size() && isIdentChar(src_[e]))
        ++e;
      return make(Tok::Identifier, s, e - s);
    }
    return make(Tok::Real, s, e - s);
  }
  if (c == '"') {
    // As in llvm-mc a string may span lines (the parser warns); unterminated, it runs to the end
    // of the buffer.
    size_t e = s + 1;
    while (e < src_.size() && src_[e] != '"') {
      if (src_[e] == '\\' && e + 1 < src_.size())
        ++e;
      ++e;
    }
    if (e >= src_.size()) {
      Token t = make(Tok::Error, s, src_.size() - s);
      t.error = "unterminated string constant";
      return t;
    }
    return make(Tok::String, s, e + 1 - s);
  }
  if (c == '\'') {
    // Character constant: one character or escape, as llvm-mc reads them: \n \t \r \b \f are
    // control characters, any other escaped character stands for itself ('\0' is '0').
    size_t e = s + 1;
    uint64_t v = 0;
    const bool escaped = e < src_.size() && src_[e] == '\\';
    if (escaped)
      ++e;
    if (e >= src_.size()) {
      Token t = make(Tok::Error, s, e - s);
      t.error = "unterminated single quote";
      return t;
    }
    const char ch = src_[e++];
    v = static_cast<uint8_t>(ch);
    if (escaped)
      v = ch == 'n'   ? '\n'
          : ch == 't' ? '\t'
          : ch == 'r' ? '\r'
          : ch == 'b' ? '\b'
          : ch == 'f' ? '\f'
                      : v;
    if (e >= src_.size() || src_[e] != '\'') {
      Token t = make(Tok::Error, s, std::min(e + 1, src_.size()) - s);
      t.error = "single quote way too long";
      return t;
    }
    Token t = make(Tok::Integer, s, e + 1 - s);
    t.intValue = v;
    return t;
  }
  switch (c) {
  case '+':
    return make(Tok::Plus, s, 1);
  case '-':
    return make(Tok::Minus, s, 1);
  case '*':
    return make(Tok::Star, s, 1);
  case '/':
    return make(Tok::Slash, s, 1);
  case '%':
    return make(Tok::Percent, s, 1);
  case '~':
    return make(Tok::Tilde, s, 1);
  case '!':
    return n == '=' ? make(Tok::ExclaimEqual, s, 2) : make(Tok::Exclaim, s, 1);
  case '&':
    return n == '&' ? make(Tok::AmpAmp, s, 2) : make(Tok::Amp, s, 1);
  case '|':
    return n == '|' ? make(Tok::PipePipe, s, 2) : make(Tok::Pipe, s, 1);
  case '^':
    return make(Tok::Caret, s, 1);
  case '<':
    if (n == '=')
      return make(Tok::LessEqual, s, 2);
    if (n == '<')
      return make(Tok::LessLess, s, 2);
    if (n == '>')
      return make(Tok::LessGreater, s, 2);
    return make(Tok::Less, s, 1);
  case '>':
    if (n == '=')
      return make(Tok::GreaterEqual, s, 2);
    if (n == '>')
      return make(Tok::GreaterGreater, s, 2);
    return make(Tok::Greater, s, 1);
  case '=':
    return n == '=' ? make(Tok::EqualEqual, s, 2) : make(Tok::Equal, s, 1);
  case '(':
    return make(Tok::LParen, s, 1);
  case ')':
    return make(Tok::RParen, s, 1);
  case '[':
    return make(Tok::LBrac, s, 1);
  case ']':
    return make(Tok::RBrac, s, 1);
  case '{':
    return make(Tok::LCurly, s, 1);
  case '}':
    return make(Tok::RCurly, s, 1);
  case ',':
    return make(Tok::Comma, s, 1);
  case ':':
    return n == ':' ? make(Tok::ColonColon, s, 2) : make(Tok::Colon, s, 1);
  case '#':
    return make(Tok::Hash, s, 1);
  case '@':
    return make(Tok::At, s, 1);
  default: {
    Token t = make(Tok::Error, s, 1);
    t.error = "invalid character in input";
    return t;
  }
  }
}

std::vector<Token> tokenize(std::string_view src, size_t base) {
  Lexer lx(src, base);
  std::vector<Token> out;
  // Assembly averages more than four characters per token; reserving that many avoids
  // regrowing a vector of millions (pages never touched cost nothing).
  out.reserve(src.size() / 4 + 2);
  for (;;) {
    out.push_back(lx.next());
    if (out.back().kind == Tok::Eof)
      return out;
  }
}

} // namespace gcnkit::assembler
