#include "support/listing.h"

namespace gcnkit::support {

void appendListingLine(std::string& out, std::string_view text, std::string_view encoding,
                       bool showEncoding) {
  out += '\t';
  out += text;
  if (showEncoding) {
    const size_t col = 8 + text.size();
    out.append(col < 40 ? 40 - col : 1, ' ');
    out += "; encoding: [";
    static constexpr char kHex[] = "0123456789abcdef";
    for (size_t i = 0; i < encoding.size(); ++i) {
      auto b = static_cast<unsigned char>(encoding[i]);
      if (i)
        out += ',';
      out += "0x";
      out += kHex[b >> 4];
      out += kHex[b & 15];
    }
    out += ']';
  }
  out += '\n';
}

}  // namespace gcnkit::support
