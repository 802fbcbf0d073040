// Numbers as LLVM's printers write them: decimal, and lower-case hex with a 0x prefix.
#pragma once

#include <cstdint>
#include <string>

namespace gcnkit::support {

void appendDec(std::string &out, int64_t v);
void appendUDec(std::string &out, uint64_t v);
// Lower-case hex with 0x prefix, no leading zeros ("0x0" for zero).
void appendHex(std::string &out, uint64_t v);

} // namespace gcnkit::support
