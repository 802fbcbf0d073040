#include "support/listing.h"

namespace gcnkit::support {

void appendListingLine(std::string &out, std::string_view text, std::string_view encoding,
                       bool showEncoding) {
  out += '\t';
  out += text;
  if (showEncoding) {
    // formatted_raw_ostream advances a tab to the next multiple of 8 from the current column,
    // which at column 0 is column 0: the leading tab does not count.
    const size_t col = text.size();
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

} // namespace gcnkit::support
