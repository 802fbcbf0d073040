// llvm-mc's instruction listing line, shared by the disassembler and the assembler: a tab, the
// instruction text and, with -show-encoding, the `; encoding: [0x..,...]` comment padded to
// column 40 (formatted_raw_ostream columns: the leading tab counts as none, every other char as
// one, and at least one space is written).
#pragma once

#include <string>
#include <string_view>

namespace gcnkit::support {

void appendListingLine(std::string &out, std::string_view text, std::string_view encoding,
                       bool showEncoding);

} // namespace gcnkit::support
