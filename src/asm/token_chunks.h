// Tokens of a buffer in chunks of whole top-level statements, so that a million-line source
// is never held as one token vector. A chunk ends only where no block (.macro, .rept, .irp,
// .irpc, .if*, .amdhsa_kernel, .amdgpu_metadata) is open, because the parser reads a block's
// body ahead of its first statement; a chunk that ends before the buffer does ends with an
// Eof token of empty text, placed after the last statement's end.
#pragma once

#include <string_view>
#include <vector>

#include "asm/lexer.h"

namespace gcnkit::assembler {

class TokenChunks {
public:
  explicit TokenChunks(std::string_view buffer) : lexer_(buffer) {}

  // Replaces `out` with the next chunk and `ends` with the indices of its statements' last
  // tokens (EndOfStatement, or the final Eof); false when the buffer is exhausted (both
  // untouched).
  bool next(std::vector<Token> &out, std::vector<size_t> &ends);

private:
  static constexpr size_t kChunkTokens = 1 << 15;
  Lexer lexer_;
  int depth_ = 0;
  bool done_ = false;
};

} // namespace gcnkit::assembler
