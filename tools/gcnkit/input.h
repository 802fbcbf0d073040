// Reading a subcommand's whole input file (or standard input for "-").
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace gcnkit::tools {

// The whole input in one uninitialised buffer (a std::string would zero tens of MB first).
struct Input {
  std::unique_ptr<char[]> bytes;
  size_t size = 0;
  std::string_view view() const { return {bytes.get(), size}; }
};

// Reads `path` ("-" for standard input). On failure `error` is the reason ("No such file or
// directory").
bool readAll(const std::string &path, Input &in, std::string &error);

} // namespace gcnkit::tools
