#include "asm/token_chunks.h"

#include <array>

namespace gcnkit::assembler {

namespace {

// How a statement whose first word is `name` changes the block depth.
int depthChange(std::string_view name) {
  static constexpr std::array<std::string_view, 6> kClosers = {
      ".endm", ".endmacro", ".endr", ".endif", ".end_amdhsa_kernel", ".end_amdgpu_metadata"};
  static constexpr std::array<std::string_view, 7> kOpeners = {
      ".macro", ".rept", ".rep", ".irp", ".irpc", ".amdhsa_kernel", ".amdgpu_metadata"};
  if (name.size() < 3 || name[0] != '.')
    return 0;
  for (std::string_view c : kClosers)
    if (name == c)
      return -1;
  for (std::string_view o : kOpeners)
    if (name == o)
      return 1;
  return name.starts_with(".if") ? 1 : 0;
}

} // namespace

bool TokenChunks::next(std::vector<Token> &out, std::vector<size_t> &ends) {
  if (done_)
    return false;
  out.clear();
  ends.clear();
  for (;;) {
    const size_t statementStart = out.size();
    const Tok last = lexer_.appendStatement(out);
    ends.push_back(out.size() - 1);
    if (last == Tok::Eof) {
      done_ = true;
      out.insert(out.end(), kTokenLookahead, out.back());
      return true;
    }
    const Token &t = out.back();
    const size_t statementEnd = t.offset + t.text.size();
    // The statement's first word, after any labels.
    size_t i = statementStart;
    while (i + 1 < out.size() && out[i].kind == Tok::Identifier && out[i + 1].kind == Tok::Colon)
      i += 2;
    if (out[i].kind == Tok::Identifier)
      depth_ = std::max(0, depth_ + depthChange(out[i].text));
    if (depth_ == 0 && out.size() >= kChunkTokens) {
      Token end;
      end.kind = Tok::Eof;
      end.offset = statementEnd;
      out.push_back(end);
      ends.push_back(out.size() - 1);
      out.insert(out.end(), kTokenLookahead, end);
      return true;
    }
  }
}

} // namespace gcnkit::assembler
