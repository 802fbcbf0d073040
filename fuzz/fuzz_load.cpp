// libFuzzer target: arbitrary files through the emulator's loader (ELF, kernel descriptors,
// relocations, MessagePack metadata, offload bundles) and, when a kernel loads, a launch of it:
// one small work-group with zeroed arguments and a low instruction limit. Whatever the code
// does, the host must not crash: every guest access is checked, every error is a message.
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>
#include <vector>

#include "gcnkit/runtime.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace gcnkit::runtime;
  DeviceOptions options;
  options.threads = 1;
  options.maxInstructionsPerWave = 4096;
  static Device device(options); // one device: its guest addresses are never reused
  std::string error;
  std::unique_ptr<Module> module =
      Module::load(device, std::span<const uint8_t>(data, size), error);
  if (!module) {
    if (error.empty())
      std::abort(); // a refused file must say why
    return 0;
  }
  const std::vector<uint8_t> kernarg(256, 0);
  for (const std::string &name : module->kernelNames()) {
    const LaunchResult r = launch(device, *module, name, LaunchConfig{{64, 1, 1}, {64, 1, 1}, 0},
                                  std::span<const uint8_t>(kernarg));
    if (!r.ok() && r.error.empty())
      std::abort();
  }
  return 0;
}
