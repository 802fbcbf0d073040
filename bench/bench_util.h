// Helpers the emulator benchmarks share: compiling their kernels with clang-19 when they start,
// and reading "--name value" options.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace bench {

// Runs `clang-19 <flags> -c` on `source` written to a file named `file` in a temporary
// directory; the object's bytes, or none when clang fails.
inline std::vector<uint8_t> compileWithClang(const std::string &source, const std::string &file,
                                             const std::string &flags) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("gcnkit_bench_" + std::to_string(getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / file) << source;
  const std::string cmd =
      "clang-19 " + flags + " -c -o " + (dir / "k.o").string() + " " + (dir / file).string();
  std::vector<uint8_t> bytes;
  if (std::system(cmd.c_str()) == 0) {
    std::ifstream in(dir / "k.o", std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  fs::remove_all(dir);
  return bytes;
}

// Calls set(name, value) for each "--name value" pair of the command line; false when an option
// lacks its value or set refuses it.
template <class Set> bool readOptions(int argc, char **argv, Set set) {
  for (int i = 1; i < argc; i += 2)
    if (i + 1 >= argc || !set(std::string(argv[i]), argv[i + 1]))
      return false;
  return true;
}

} // namespace bench
