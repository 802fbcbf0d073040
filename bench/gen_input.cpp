// gcnkit-bench-input: writes valid instructions of a target as llvm-mc hex text, one per line.
//   gcnkit-bench-input [--count N] [--seed S] [--mcpu gfx1100|gfx908] > pool.hex
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "gcnkit/target.h"
#include "instruction_pool.h"

int main(int argc, char **argv) {
  size_t count = 100000;
  uint64_t seed = 1;
  gcnkit::isa::Target target = gcnkit::isa::Target::GFX1100;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string_view a = argv[i];
    if (a == "--count")
      count = std::strtoull(argv[i + 1], nullptr, 10);
    else if (a == "--seed")
      seed = std::strtoull(argv[i + 1], nullptr, 10);
    else if (a == "--mcpu") {
      const std::optional<gcnkit::isa::Target> t = gcnkit::isa::targetByProcessor(argv[i + 1]);
      if (!t) {
        std::fprintf(stderr, "gcnkit-bench-input: unknown processor '%s'\n", argv[i + 1]);
        return 2;
      }
      target = *t;
    }
  }
  const std::string text =
      gcnkit::bench::toHexLines(gcnkit::bench::makeInstructionPool(count, seed, target));
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}
