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

// Small and trivially copyable (a source file becomes millions of these, each built and
// copied once or twice): the error message of an Error token is a string literal, kept where an
// Integer keeps its value.
struct Token {
  Tok kind = Tok::Eof;
  bool intOverflow = false; // Integer: did not fit in 64 bits
  std::string_view text;    // the characters of the token in the source
  union {
    uint64_t intValue = 0; // Integer: value modulo 2^64
    const char *errorText; // Error: what is wrong
  };
  size_t offset = 0; // position in the source buffer

  // Error: what is wrong (empty for the other kinds).
  std::string_view error() const {
    return kind == Tok::Error ? std::string_view(errorText) : std::string_view();
  }
};
static_assert(sizeof(Token) <= 40);
static_assert(std::is_trivially_copyable_v<Token>);

// Splits a buffer into tokens. Statements end at `\n`, `\r` or `\r\n`. Block comments (`/* */`)
// are blanks; a line comment (`//` or `;` anywhere, `#` at the start of a line) ends the
// statement: its text and line end form the EndOfStatement token, as in llvm-mc (so an error
// "at the end of the statement" points at the comment, and a comment line is not a blank line).
class Lexer {
public:
  explicit Lexer(std::string_view src, size_t base = 0) : src_(src), base_(base) {}
  // Appends the tokens of the next statement to `out`, up to and including its
  // EndOfStatement, or the Eof token at the end of the buffer; returns that last token's kind.
  // A statement at a time keeps the scanning state in registers across its tokens.
  Tok appendStatement(std::vector<Token> &out);

private:
  void endOfLine(Token &t, size_t start, size_t lineEnd);
  void lexNumber(Token &t, size_t start);
  void lexOther(Token &t, size_t start);
  void make(Token &t, Tok k, size_t start, size_t len);
  void makeError(Token &t, size_t start, size_t len, const char *message);
  std::string_view src_;
  size_t base_;
  size_t pos_ = 0;
};

// The parsers look at most this many tokens past one that is not an end token (`-|x|`,
// `key:` followed by a value, `neg(` ...), and stop at an end token. Every token sequence they
// read therefore ends with an end token followed by this many more end tokens, so no look-ahead
// leaves the buffer, whatever the input.
inline constexpr size_t kTokenLookahead = 3;

// Appends the end of a statement at `offset` (an EndOfStatement token and the look-ahead
// padding) to a token sequence built for the parsers.
void terminateStatement(std::vector<Token> &toks, size_t offset);

// Every token of src, ending with Eof and the look-ahead padding.
std::vector<Token> tokenize(std::string_view src, size_t base = 0);

} // namespace gcnkit::assembler
