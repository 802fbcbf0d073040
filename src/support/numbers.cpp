#include "support/numbers.h"

#include <charconv>

namespace gcnkit::support {

void appendDec(std::string &out, int64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

void appendUDec(std::string &out, uint64_t v) {
  // Register numbers and small constants dominate; they skip the general conversion.
  if (v < 10) {
    out += static_cast<char>('0' + v);
    return;
  }
  if (v < 100) {
    const char two[2] = {static_cast<char>('0' + v / 10), static_cast<char>('0' + v % 10)};
    out.append(two, 2);
    return;
  }
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

void appendHex(std::string &out, uint64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v, 16);
  out += "0x";
  out.append(buf, r.ptr);
}

} // namespace gcnkit::support
