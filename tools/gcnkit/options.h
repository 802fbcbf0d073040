// LLVM-style option parsing. gcnkit's subcommands accept the flag spellings of the LLVM tools
// they replace (-mcpu=gfx1100, --mcpu gfx1100, -disassemble, --show-encoding), which ordinary
// CLI libraries reject because they treat a single dash as a cluster of short options.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gcnkit/target.h"

namespace gcnkit::tools {

struct OptionSpec {
  std::string_view name; // without dashes
  bool takesValue;
  std::string_view help;
};

struct ParsedOptions {
  std::vector<std::pair<std::string, std::string>> values; // name, value ("" for flags)
  std::vector<std::string> positional;
  std::string error;
  std::string unknown; // the argument, when `error` is about an unknown option

  bool has(std::string_view name) const;
  std::optional<std::string> get(std::string_view name) const;
};

ParsedOptions parseOptions(std::span<const std::string_view> args,
                           std::span<const OptionSpec> specs);

// The target of -mcpu (a processor name or a target id such as gfx908:xnack+) and -mattr (a
// list read as LLVM reads it: comma separated, case insensitive, a name without a sign is added,
// the last mention of a feature wins).
struct TargetSelection {
  isa::TargetId id;
  // +wavefrontsize64. gfx1100 is wave32 unless wavefrontsize64 is on (whatever the state of
  // wavefrontsize32: -wavefrontsize32 alone stays wave32, both on is wave64); gfx908 is
  // always wave64.
  bool wave64 = false;
};

// Reads -mcpu and -mattr of `opt`. Writes llvm-mc's warning to standard error for each unknown
// feature. Returns false after printing "gcnkit TOOL: ..." for an unsupported processor.
bool readTargetSelection(const ParsedOptions &opt, std::string_view tool, TargetSelection &out);

} // namespace gcnkit::tools
