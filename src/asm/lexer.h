// Tokens of AMDGPU assembly as llvm-mc's lexer forms them: identifiers (which may contain '.',
// '_', '$', '@' and digits), integers in every radix llvm-mc accepts, reals, strings and the
// operator characters. Each token remembers where it starts, for diagnostics.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace gcnkit::assembler {

enum class Tok : uint8_t {
  Eof,
  EndOfStatement, // newline
  Identifier,
  Integer,
  Real,
  String,
  Error, // malformed token; text holds the message
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  Tilde,
  Exclaim,
  Amp,
  AmpAmp,
  Pipe,
  PipePipe,
  Caret,
  Less,
  LessEqual,
  LessLess,
  LessGreater,
  Greater,
  GreaterEqual,
  GreaterGreater,
  EqualEqual,
  ExclaimEqual,
  Equal,
  LParen,
  RParen,
  LBrac,
  RBrac,
  LCurly,
  RCurly,
  Comma,
  Colon,
  ColonColon,
  Hash,
  Dollar,
  At,
  Dot,
};

// Small and trivially copyable (a source file becomes millions of these): the error message is
// a string literal.
struct Token {
  Tok kind = Tok::Eof;
  bool intOverflow = false; // Integer: did not fit in 64 bits
  std::string_view text;    // the characters of the token in the source
  uint64_t intValue = 0;    // Integer: value modulo 2^64
  size_t offset = 0;        // position in the source buffer
  // Error: what is wrong (a static message; tokens are many and must stay small).
  std::string_view error;
};
static_assert(std::is_trivially_copyable_v<Token>);

// Splits a buffer into tokens. Statements end at `\n`, `\r` or `\r\n`. Block comments (`/* */`)
// are blanks; a line comment (`//` or `;` anywhere, `#` at the start of a line) ends the
// statement: its text and line end form the EndOfStatement token, as in llvm-mc (so an error
// "at the end of the statement" points at the comment, and a comment line is not a blank line).
class Lexer {
public:
  explicit Lexer(std::string_view src, size_t base = 0) : src_(src), base_(base) {}
  Token next();
  size_t position() const { return base_ + pos_; }

private:
  void skipBlanks();
  Token endOfLine(size_t start, size_t lineEnd);
  Token lexNumber(size_t start);
  Token make(Tok k, size_t start, size_t len);
  std::string_view src_;
  size_t base_;
  size_t pos_ = 0;
};

std::vector<Token> tokenize(std::string_view src, size_t base = 0);

} // namespace gcnkit::assembler
