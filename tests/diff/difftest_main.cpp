// gcnkit-difftest: the developers' differential run against llvm-mc-19.
//   gcnkit-difftest [--count N] [--seed S] [--family NAME]... [--show N] [--no-encoding]
//                   [--wave64] [--mcpu gfx1100|gfx908] [--dump]
// --dump prints --count random encodings per family as hex lines instead of comparing;
// --list-families prints the target's family names.
// Exit status 0 when every encoding printed identically.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "compare.h"
#include "gcnkit/target.h"
#include "random_encodings.h"

int main(int argc, char **argv) {
  gcnkit::difftest::CompareOptions opts;
  opts.count = 100000;
  bool dump = false, listFamilies = false;
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    auto next = [&]() -> const char * {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "gcnkit-difftest: %s needs a value\n", argv[i]);
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--count")
      opts.count = std::strtoull(next(), nullptr, 10);
    else if (a == "--seed")
      opts.seed = std::strtoull(next(), nullptr, 10);
    else if (a == "--family")
      opts.families.emplace_back(next());
    else if (a == "--show")
      opts.maxReported = std::strtoull(next(), nullptr, 10);
    else if (a == "--no-encoding")
      opts.showEncoding = false;
    else if (a == "--wave64")
      opts.wave64 = true;
    else if (a == "--dump")
      dump = true;
    else if (a == "--list-families")
      listFamilies = true;
    else if (a == "--mcpu") {
      const char *cpu = next();
      std::optional<gcnkit::isa::Target> t = gcnkit::isa::targetByProcessor(cpu);
      if (!t) {
        std::fprintf(stderr, "gcnkit-difftest: unknown processor '%s'\n", cpu);
        return 2;
      }
      opts.target = *t;
      opts.wave64 = gcnkit::isa::defaultWave64(*t) || opts.wave64;
    } else {
      std::fprintf(stderr,
                   "usage: gcnkit-difftest [--count N] [--seed S] [--family salu|valu|vop3p|mem]"
                   " [--show N] [--no-encoding] [--wave64] [--mcpu gfx1100|gfx908] [--dump] "
                   "[--list-families]\n");
      return 2;
    }
  }
  if (listFamilies) {
    for (const gcnkit::difftest::FamilyGenerator &g :
         gcnkit::difftest::familyGenerators(opts.target))
      std::printf("%.*s\n", static_cast<int>(g.name.size()), g.name.data());
    return 0;
  }
  if (dump) {
    const std::string text = gcnkit::difftest::randomEncodingsText(opts);
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
  }
  gcnkit::difftest::CompareReport r = gcnkit::difftest::compareWithLlvmMc(opts);
  if (!r.error.empty()) {
    std::fprintf(stderr, "gcnkit-difftest: %s\n", r.error.c_str());
    return 2;
  }
  for (const std::string &e : r.examples)
    std::printf("---\n%s", e.c_str());
  for (const auto &f : r.families)
    std::printf("%-6s %8llu encodings (%llu of them one per row), %8llu decoded by llvm-mc, "
                "%8llu mismatches\n",
                f.name.c_str(), static_cast<unsigned long long>(f.encodings),
                static_cast<unsigned long long>(f.everyRow),
                static_cast<unsigned long long>(f.decoded),
                static_cast<unsigned long long>(f.mismatches));
  return r.mismatches() == 0 ? 0 : 1;
}
