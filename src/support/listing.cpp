#include "support/listing.h"

#include <array>
#include <cstring>

namespace gcnkit::support {

namespace {

// "000102...ff": the two hex digits of every byte value.
constexpr std::array<char, 512> kHexPairs = [] {
  std::array<char, 512> t{};
  constexpr char kHex[] = "0123456789abcdef";
  for (int b = 0; b < 256; ++b) {
    t[2 * b] = kHex[b >> 4];
    t[2 * b + 1] = kHex[b & 15];
  }
  return t;
}();

} // namespace

void appendListingLine(std::string &out, std::string_view text, std::string_view encoding,
                       bool showEncoding) {
  if (!showEncoding) {
    out += '\t';
    out += text;
    out += '\n';
    return;
  }
  // formatted_raw_ostream advances a tab to the next multiple of 8 from the current column,
  // which at column 0 is column 0: the leading tab does not count.
  static constexpr std::string_view kOpen = "; encoding: [";
  const size_t col = text.size();
  const size_t pad = col < 40 ? 40 - col : 1;
  // Each byte is `0x..,` (the last comma becomes the `]`); the line ends with "\n".
  const size_t bytes = encoding.empty() ? 1 : encoding.size() * 5;
  const size_t at = out.size();
  // The line is written in place: one resize, no append per piece.
  out.resize(at + 1 + col + pad + kOpen.size() + bytes + 1);
  char *p = out.data() + at;
  *p++ = '\t';
  std::memcpy(p, text.data(), col);
  p += col;
  std::memset(p, ' ', pad);
  p += pad;
  std::memcpy(p, kOpen.data(), kOpen.size());
  p += kOpen.size();
  for (char c : encoding) {
    const auto b = static_cast<unsigned char>(c);
    p[0] = '0';
    p[1] = 'x';
    p[2] = kHexPairs[2 * b];
    p[3] = kHexPairs[2 * b + 1];
    p[4] = ',';
    p += 5;
  }
  if (!encoding.empty())
    --p; // the last comma
  p[0] = ']';
  p[1] = '\n';
}

} // namespace gcnkit::support
