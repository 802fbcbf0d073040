// gcnkit-bench-input: writes valid gfx1100 instructions as llvm-mc hex text, one per line.
//   gcnkit-bench-input [--count N] [--seed S] > pool.hex
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "instruction_pool.h"

int main(int argc, char **argv) {
  size_t count = 100000;
  uint64_t seed = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string_view a = argv[i];
    if (a == "--count")
      count = std::strtoull(argv[i + 1], nullptr, 10);
    else if (a == "--seed")
      seed = std::strtoull(argv[i + 1], nullptr, 10);
  }
  const std::string text =
      gcnkit::bench::toHexLines(gcnkit::bench::makeInstructionPool(count, seed));
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}
