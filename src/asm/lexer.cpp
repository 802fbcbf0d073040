#include "asm/lexer.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <utility>

namespace gcnkit::assembler {

namespace {

// Character classes, looked up once per character (the lexer's inner loops). NUL bytes are
// blanks, as for llvm-mc.
constexpr uint8_t kIdentStart = 1, kIdentChar = 2, kDigit = 4, kBlank = 8;
constexpr std::array<uint8_t, 256> kCharClass = [] {
  std::array<uint8_t, 256> t{};
  for (int c = 0; c < 256; ++c) {
    const bool digit = c >= '0' && c <= '9';
    const bool start =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '.' || c == '$';
    const bool ident = start || digit || c == '@' || c == '?';
    const bool blank = c == ' ' || c == '\t' || c == '\0';
    t[c] = static_cast<uint8_t>((start ? kIdentStart : 0) | (ident ? kIdentChar : 0) |
                                (digit ? kDigit : 0) | (blank ? kBlank : 0));
  }
  return t;
}();

// The value of a digit in any radix up to 36 (letters either case); 99 for other characters.
constexpr std::array<uint8_t, 256> kDigitValue = [] {
  std::array<uint8_t, 256> t{};
  for (int c = 0; c < 256; ++c)
    t[c] = c >= '0' && c <= '9'   ? static_cast<uint8_t>(c - '0')
           : c >= 'a' && c <= 'z' ? static_cast<uint8_t>(c - 'a' + 10)
           : c >= 'A' && c <= 'Z' ? static_cast<uint8_t>(c - 'A' + 10)
                                  : 99;
  return t;
}();

// The operators that are one character whatever follows them (Tok::Eof for the others).
constexpr std::array<Tok, 256> kSingleCharToken = [] {
  std::array<Tok, 256> t{};
  const std::pair<char, Tok> singles[] = {
      {'+', Tok::Plus},  {'-', Tok::Minus}, {'*', Tok::Star},   {'%', Tok::Percent},
      {'~', Tok::Tilde}, {'^', Tok::Caret}, {'(', Tok::LParen}, {')', Tok::RParen},
      {'[', Tok::LBrac}, {']', Tok::RBrac}, {'{', Tok::LCurly}, {'}', Tok::RCurly},
      {',', Tok::Comma}, {'@', Tok::At}};
  for (const auto &[c, k] : singles)
    t[static_cast<uint8_t>(c)] = k;
  return t;
}();

uint8_t classOf(char c) { return kCharClass[static_cast<uint8_t>(c)]; }
bool isIdentStart(char c) { return classOf(c) & kIdentStart; }
bool isIdentChar(char c) { return classOf(c) & kIdentChar; }
bool isDigit(char c) { return classOf(c) & kDigit; }
unsigned digitValue(char c) { return kDigitValue[static_cast<uint8_t>(c)]; }

} // namespace

// `t` is a default-constructed token: only the fields every token sets are written.
void Lexer::make(Token &t, Tok k, size_t start, size_t len) {
  t.kind = k;
  t.text = std::string_view(src_.data() + start, len); // start + len <= size by construction
  t.offset = base_ + start;
  pos_ = start + len;
}

void Lexer::makeError(Token &t, size_t start, size_t len, const char *message) {
  make(t, Tok::Error, start, len);
  t.errorText = message;
}

void Lexer::lexNumber(Token &t, size_t start) {
  const char *const begin = src_.data();
  const char *const end = begin + src_.size();
  const char *p = begin + start;
  unsigned radix = 10;
  const char *invalid = "invalid decimal number";
  if (p[0] == '0' && p + 1 < end) {
    const char n = p[1];
    if (n == 'x' || n == 'X') {
      radix = 16;
      invalid = "invalid hexadecimal number";
      p += 2;
    } else if ((n == 'b' || n == 'B') && p + 2 < end && (p[2] == '0' || p[2] == '1')) {
      radix = 2;
      invalid = "invalid binary number";
      p += 2;
    } else if (isDigit(n)) {
      radix = 8;
      invalid = "invalid octal number";
      p += 1;
    }
  }
  const char *const digits = p;
  uint64_t v = 0;
  bool overflow = false;
  if (radix == 10) {
    // Reals: digits '.' digits [eE [+-] digits], or digits [eE] digits (decimal only).
    const char *q = p;
    while (q < end && isDigit(*q))
      ++q;
    bool real = false;
    if (q < end && *q == '.') {
      real = true;
      ++q;
      while (q < end && isDigit(*q))
        ++q;
    }
    if (q < end && (*q == 'e' || *q == 'E')) {
      const char *r = q + 1;
      if (r < end && (*r == '+' || *r == '-'))
        ++r;
      if (r < end && isDigit(*r)) {
        real = true;
        q = r;
        while (q < end && isDigit(*q))
          ++q;
      }
    }
    if (real) {
      make(t, Tok::Real, start, static_cast<size_t>(q - begin) - start);
      return;
    }
    // [p, q) are decimal digits (at least one: the token starts with one).
    for (; p < q; ++p) {
      const uint64_t nv = v * 10 + static_cast<uint64_t>(*p - '0');
      if (nv / 10 != v)
        overflow = true;
      v = nv;
    }
    // Directional local-label references: 1f, 1b.
    if (p < end && (*p == 'f' || *p == 'b') && (p + 1 >= end || !isIdentChar(p[1]))) {
      make(t, Tok::Identifier, start, static_cast<size_t>(p - begin) + 1 - start);
      return;
    }
  } else {
    while (p < end && (isDigit(*p) || (radix == 16 && digitValue(*p) < 16))) {
      const unsigned d = digitValue(*p);
      if (d >= radix) {
        makeError(t, start, static_cast<size_t>(p - begin) + 1 - start, invalid);
        return;
      }
      const uint64_t nv = v * radix + d;
      if (nv / radix != v)
        overflow = true;
      v = nv;
      ++p;
    }
    if (p == digits && radix != 8) {
      makeError(t, start, static_cast<size_t>(p - begin) - start, invalid);
      return;
    }
  }
  make(t, Tok::Integer, start, static_cast<size_t>(p - begin) - start);
  t.intValue = v;
  t.intOverflow = overflow;
}

// The end of a line: `\n`, `\r` or `\r\n` (one token, as for llvm-mc) from `start` on.
void Lexer::endOfLine(Token &t, size_t start, size_t lineEnd) {
  size_t e = lineEnd;
  if (e < src_.size())
    e += src_[e] == '\r' && e + 1 < src_.size() && src_[e + 1] == '\n' ? 2 : 1;
  make(t, Tok::EndOfStatement, start, e - start);
}

Tok Lexer::appendStatement(std::vector<Token> &out) {
  // Locals, not members: the token stores cannot then alias the scanning state.
  const char *const begin = src_.data();
  const char *const end = begin + src_.size();
  const size_t base = base_;
  const char *p = begin + pos_;
  for (;;) {
    // Blanks and block comments (in a loop: a line may hold any number of `/**/`). An
    // unterminated block comment is an error token (lexOther).
    for (;;) {
      while (p < end && (classOf(*p) & kBlank))
        ++p;
      if (p + 1 >= end || p[0] != '/' || p[1] != '*')
        break;
      const size_t close = src_.find("*/", static_cast<size_t>(p - begin) + 2);
      if (close == std::string_view::npos)
        break;
      p = begin + close + 2;
    }
    // Built in place, default-constructed: only the fields every token has are written.
    Token &t = out.emplace_back();
    const size_t s = static_cast<size_t>(p - begin);
    t.offset = base + s;
    if (p >= end) {
      t.kind = Tok::Eof;
      t.text = std::string_view(p, 0);
      pos_ = s;
      return Tok::Eof;
    }
    // Most tokens are names (mnemonics, registers, modifiers) and one-character operators:
    // they are lexed here; numbers and the rest out of line.
    const char c = *p;
    const uint8_t cls = classOf(c);
    if ((cls & kIdentStart) && c != '.') {
      const char *e = p + 1;
      while (e < end && isIdentChar(*e))
        ++e;
      t.kind = Tok::Identifier;
      t.text = std::string_view(p, static_cast<size_t>(e - p));
      p = e;
      continue;
    }
    if (const Tok single = kSingleCharToken[static_cast<uint8_t>(c)]; single != Tok::Eof) {
      t.kind = single;
      t.text = std::string_view(p, 1);
      ++p;
      continue;
    }
    if (c == ':') { // register ranges, key:value modifiers
      const size_t len = p + 1 < end && p[1] == ':' ? 2 : 1;
      t.kind = len == 2 ? Tok::ColonColon : Tok::Colon;
      t.text = std::string_view(p, len);
      p += len;
      continue;
    }
    if (c == '\n') {
      t.kind = Tok::EndOfStatement;
      t.text = std::string_view(p, 1);
      pos_ = s + 1;
      return Tok::EndOfStatement;
    }
    if (cls & kDigit)
      lexNumber(t, s);
    else
      lexOther(t, s);
    if (t.kind == Tok::EndOfStatement || t.kind == Tok::Eof)
      return t.kind;
    p = begin + pos_;
  }
}

// Line ends, comments, names starting with '.', strings, characters and the operators
// kSingleCharToken does not hold.
void Lexer::lexOther(Token &t, size_t s) {
  const char c = src_[s];
  const char n = s + 1 < src_.size() ? src_[s + 1] : '\0';
  if (c == '\n' || c == '\r') {
    endOfLine(t, s, s);
    return;
  }
  if (c == '/' && n == '*') { // the blank skipping stopped here: it never ends
    makeError(t, s, src_.size() - s, "unterminated comment");
    return;
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
    const char *from = src_.data() + s;
    const char *end = src_.data() + src_.size();
    const void *newline = std::memchr(from, '\n', static_cast<size_t>(end - from));
    const char *lineEnd = newline ? static_cast<const char *>(newline) : end;
    const void *cr = std::memchr(from, '\r', static_cast<size_t>(lineEnd - from));
    if (cr)
      lineEnd = static_cast<const char *>(cr);
    endOfLine(t, s, static_cast<size_t>(lineEnd - src_.data()));
    return;
  }
  if (isIdentStart(c) && !(c == '.' && isDigit(n))) {
    size_t e = s + 1;
    while (e < src_.size() && isIdentChar(src_[e]))
      ++e;
    make(t, Tok::Identifier, s, e - s);
    return;
  }
  if (c == '.' && isDigit(n)) {
    // ".5" is a real, ".2byte" an identifier.
    size_t e = s + 1;
    while (e < src_.size() && isDigit(src_[e]))
      ++e;
    if (e < src_.size() && isIdentChar(src_[e])) {
      while (e < src_.size() && isIdentChar(src_[e]))
        ++e;
      make(t, Tok::Identifier, s, e - s);
      return;
    }
    make(t, Tok::Real, s, e - s);
    return;
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
      makeError(t, s, src_.size() - s, "unterminated string constant");
      return;
    }
    make(t, Tok::String, s, e + 1 - s);
    return;
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
      makeError(t, s, e - s, "unterminated single quote");
      return;
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
      makeError(t, s, std::min(e + 1, src_.size()) - s, "single quote way too long");
      return;
    }
    make(t, Tok::Integer, s, e + 1 - s);
    t.intValue = v;
    return;
  }
  auto one = [&](Tok k) { make(t, k, s, 1); };
  auto two = [&](Tok k) { make(t, k, s, 2); };
  switch (c) {
  case '/':
    return one(Tok::Slash);
  case '!':
    return n == '=' ? two(Tok::ExclaimEqual) : one(Tok::Exclaim);
  case '&':
    return n == '&' ? two(Tok::AmpAmp) : one(Tok::Amp);
  case '|':
    return n == '|' ? two(Tok::PipePipe) : one(Tok::Pipe);
  case '<':
    if (n == '=')
      return two(Tok::LessEqual);
    if (n == '<')
      return two(Tok::LessLess);
    if (n == '>')
      return two(Tok::LessGreater);
    return one(Tok::Less);
  case '>':
    if (n == '=')
      return two(Tok::GreaterEqual);
    if (n == '>')
      return two(Tok::GreaterGreater);
    return one(Tok::Greater);
  case '=':
    return n == '=' ? two(Tok::EqualEqual) : one(Tok::Equal);
  case '#':
    return one(Tok::Hash);
  default:
    makeError(t, s, 1, "invalid character in input");
    return;
  }
}

void terminateStatement(std::vector<Token> &toks, size_t offset) {
  Token end;
  end.kind = Tok::EndOfStatement;
  end.offset = offset;
  toks.insert(toks.end(), kTokenLookahead + 1, end);
}

std::vector<Token> tokenize(std::string_view src, size_t base) {
  Lexer lx(src, base);
  std::vector<Token> out;
  // Assembly averages more than four characters per token; reserving that many avoids
  // regrowing a vector of millions (pages never touched cost nothing).
  out.reserve(src.size() / 4 + 2 + kTokenLookahead);
  while (lx.appendStatement(out) != Tok::Eof) {
  }
  out.insert(out.end(), kTokenLookahead, out.back());
  return out;
}

} // namespace gcnkit::assembler
