#include "tools/gcnkit/options.h"

#include <cctype>
#include <cstdio>

namespace gcnkit::tools {

bool ParsedOptions::has(std::string_view name) const {
  for (const auto &[n, v] : values)
    if (n == name)
      return true;
  return false;
}

std::optional<std::string> ParsedOptions::get(std::string_view name) const {
  std::optional<std::string> last;
  for (const auto &[n, v] : values)
    if (n == name)
      last = v;
  return last;
}

ParsedOptions parseOptions(std::span<const std::string_view> args,
                           std::span<const OptionSpec> specs) {
  ParsedOptions p;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string_view a = args[i];
    if (a.size() < 2 || a[0] != '-') {
      p.positional.emplace_back(a);
      continue;
    }
    if (a == "--") {
      for (++i; i < args.size(); ++i)
        p.positional.emplace_back(args[i]);
      break;
    }
    a.remove_prefix(a[1] == '-' ? 2 : 1);
    std::string_view name = a, value;
    bool hasValue = false;
    if (size_t eq = a.find('='); eq != std::string_view::npos) {
      name = a.substr(0, eq);
      value = a.substr(eq + 1);
      hasValue = true;
    }
    const OptionSpec *spec = nullptr;
    for (const OptionSpec &s : specs)
      if (s.name == name)
        spec = &s;
    if (!spec) {
      p.error = "unknown option '" + std::string(args[i]) + "'";
      p.unknown = std::string(args[i]);
      return p;
    }
    if (spec->takesValue && !hasValue) {
      if (i + 1 >= args.size()) {
        p.error = "option '" + std::string(args[i]) + "' needs a value";
        return p;
      }
      value = args[++i];
    } else if (!spec->takesValue && hasValue) {
      p.error = "option '-" + std::string(name) + "' takes no value";
      return p;
    }
    p.values.emplace_back(std::string(name), std::string(value));
  }
  return p;
}

bool readTargetSelection(const ParsedOptions &opt, std::string_view tool, TargetSelection &out) {
  out = TargetSelection{};
  if (auto cpu = opt.get("mcpu")) {
    std::string error;
    std::optional<isa::TargetId> id = isa::parseTargetId(*cpu, error);
    if (!id) {
      std::fprintf(stderr, "gcnkit %.*s: unsupported -mcpu '%s': %s\n",
                   static_cast<int>(tool.size()), tool.data(), cpu->c_str(), error.c_str());
      return false;
    }
    out.id = *id;
  }
  const isa::Target t = out.id.target;
  const std::string attrs = opt.get("mattr").value_or("");
  std::string_view list = attrs;
  while (!list.empty()) {
    const size_t comma = list.find(',');
    std::string_view item = list.substr(0, comma);
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    if (item.empty())
      continue;
    const bool enable = item[0] != '-';
    if (item[0] == '+' || item[0] == '-')
      item.remove_prefix(1);
    std::string name(item);
    for (char &c : name)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const isa::FeatureSetting setting = enable ? isa::FeatureSetting::On : isa::FeatureSetting::Off;
    if (name == "wavefrontsize64")
      out.wave64 = enable;
    else if (name == "xnack" && isa::supportsXnack(t))
      out.id.xnack = setting;
    else if (name == "sramecc" && isa::supportsSramecc(t))
      out.id.sramecc = setting;
    else if (name != "wavefrontsize32" && name != "xnack" && name != "sramecc")
      std::fprintf(stderr,
                   "'%c%s' is not a recognized feature for this target (ignoring feature)\n",
                   enable ? '+' : '-', name.c_str());
  }
  if (isa::defaultWave64(t))
    out.wave64 = true;
  return true;
}

} // namespace gcnkit::tools
