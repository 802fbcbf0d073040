#pragma once

#include <span>
#include <string_view>

namespace gcnkit::tools {

int runDis(std::span<const std::string_view> args);
int runAsm(std::span<const std::string_view> args);
int runRun(std::span<const std::string_view> args);

} // namespace gcnkit::tools
