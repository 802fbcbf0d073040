// gcnkit run: loads a code object (ELF, clang offload bundle, host object with a .hip_fatbin
// section, or assembly source), runs one kernel on the emulator with arguments given on the
// command line, and writes chosen buffers back to files.
#include <cstdio>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "elf/assemble.h"
#include "gcnkit/runtime.h"
#include "runtime/offload_bundle.h"
#include "tools/gcnkit/commands.h"
#include "tools/gcnkit/input.h"
#include "tools/gcnkit/options.h"
#include "tools/gcnkit/run_args.h"

namespace gcnkit::tools {

namespace {

// Exit statuses.
constexpr int kLoadError = 1;  // the file cannot be read, assembled or loaded
constexpr int kUsageError = 2; // bad options or arguments (also launch settings the kernel
                               // refuses, such as too much LDS)
constexpr int kKernelFault = 3;

constexpr OptionSpec kRunOptions[] = {
    {"kernel", true, "the kernel to run (optional when the file has one kernel)"},
    {"grid", true, "X[,Y,Z]: work-items per dimension (OpenCL's global size)"},
    {"block", true, "X[,Y,Z]: work-group size (at most 1024 work-items)"},
    {"lds", true, "BYTES: extra dynamic LDS per work-group"},
    {"arg", true, "SPEC: the next kernel argument (repeat for each)"},
    {"save", true, "N=PATH: write buffer or image argument N (0-based) to PATH after the run"},
    {"trace", false, "print every executed instruction and the registers it changed"},
    {"max-instructions", true, "N: stop a wave after N instructions (default 268435456)"},
    {"threads", true, "N: worker threads (default: one per hardware thread)"},
    {"wave64", false, "assembly input: assemble as wave64 (-mattr=+wavefrontsize64)"},
    {"mcpu", true,
     "processor or target id (gfx1100, gfx908, gfx908:xnack+): the entry of a bundle with "
     "several, or the target of assembly input"},
    {"help", false, "print this help"},
    {"h", false, "print this help"},
};

void printHelp() {
  std::fputs(
      "usage: gcnkit run FILE [--kernel NAME] --grid X[,Y,Z] --block X[,Y,Z] [--lds BYTES]\n"
      "                  [--arg SPEC]... [--save N=PATH]... [--trace] [--max-instructions N]\n"
      "                  [--threads N] [--mcpu PROCESSOR]\n"
      "Runs a gfx1100 or gfx908 kernel on the emulator. FILE is an AMDGPU ELF code object (clang "
      "-c\n"
      "object, linked .so / .hsaco), a clang offload bundle (clang -x hip --cuda-device-only\n"
      "-c), a host object whose .hip_fatbin section holds one (clang -x hip -c), or an\n"
      "assembly file (.s, assembled for amdgcn-amd-amdhsa). A HIP kernel can be named by its\n"
      "unmangled name when that is unambiguous.\n"
      "\n"
      "The processor comes from the code object (its e_flags) or the bundle entry; a bundle\n"
      "holding several processors needs --mcpu. Assembly is assembled for --mcpu, else for\n"
      "the target its .amdgcn_target directive names, else for gfx1100 (gfx908 is wave64).\n"
      "\n"
      "--grid counts WORK-ITEMS per dimension, as OpenCL's global size does (not work-groups\n"
      "as in CUDA/HIP launches): --grid 1000 --block 256 runs 4 work-groups, the last one\n"
      "partial (232 work-items).\n"
      "\n"
      "Argument SPECs, matched in order to the kernel's explicit arguments and checked against\n"
      "its metadata (count, size, kind, OpenCL type):\n"
      "  @PATH            a device buffer holding the file's bytes\n"
      "  zeros:BYTES      a zero-filled device buffer\n"
      "  lds:BYTES        a block of dynamic LDS for a __local pointer argument\n"
      "  TYPE:V           a by-value argument; TYPE is i8 i16 i32 i64 u8 u16 u32 u64 f16 f32\n"
      "                   f64; integers decimal or 0x hex, floats decimal, hex float\n"
      "                   (0x1.8p1), inf or nan, rounded to nearest even\n"
      "  TYPExN:V1,...,VN a vector, N = 2, 3, 4, 8 or 16 (e.g. f32x4:1,2,3,4)\n"
      "  image2d:W,H,FORMAT[,@PATH]   an image (its texels from the file, else zeros);\n"
      "                   also image1d:W, image3d:W,H,D, image1d_array:W,N,\n"
      "                   image2d_array:W,H,N, image1d_buffer:W; FORMAT is ORDER_TYPE with\n"
      "                   ORDER r rg rgba bgra, TYPE unorm8 unorm16 snorm8 snorm16 sint8\n"
      "                   sint16 sint32 uint8 uint16 uint32 half float (rgba_unorm8)\n"
      "  sampler:COORDS,ADDRESS,FILTER  a sampler: normalized|unnormalized,\n"
      "                   none|clamp_to_edge|clamp|repeat|mirrored_repeat, nearest|linear\n"
      "\n"
      "Exit status: 0 success; 1 FILE cannot be read, assembled or loaded (or a --save file\n"
      "cannot be written); 2 bad options or arguments; 3 the kernel faulted (the report is on\n"
      "standard error). --save files are written only when the kernel completes.\n"
      "\noptions:\n",
      stdout);
  for (const OptionSpec &s : kRunOptions)
    std::printf(
        "  %-28s %s\n",
        ((s.name.size() == 1 ? "-" : "--") + std::string(s.name) + (s.takesValue ? " <value>" : ""))
            .c_str(),
        std::string(s.help).c_str());
}

int fail(int status, const std::string &message) {
  std::fprintf(stderr, "gcnkit run: error: %s\n", message.c_str());
  return status;
}

std::optional<uint64_t> parseCount(const std::string &s, uint64_t max) {
  uint64_t v = 0;
  if (s.empty() || s.size() > 20)
    return std::nullopt;
  for (char c : s) {
    if (c < '0' || c > '9')
      return std::nullopt;
    v = v * 10 + static_cast<uint64_t>(c - '0');
    if (v > max)
      return std::nullopt;
  }
  return v;
}

// "X[,Y,Z]", each dimension at least 1.
std::optional<runtime::Dim3> parseDims(const std::string &s) {
  uint32_t d[3] = {1, 1, 1};
  size_t at = 0;
  for (int i = 0; i < 3; ++i) {
    const size_t comma = s.find(',', at);
    auto v = parseCount(s.substr(at, comma - at), UINT32_MAX);
    if (!v || *v == 0)
      return std::nullopt;
    d[i] = static_cast<uint32_t>(*v);
    if (comma == std::string::npos)
      return runtime::Dim3{d[0], d[1], d[2]};
    at = comma + 1;
  }
  return std::nullopt;
}

bool readFile(const std::string &path, std::vector<uint8_t> &out) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

bool startsWith(std::string_view s, std::string_view prefix) { return s.starts_with(prefix); }

// Assembly source: a .s / .S / .asm file, or text that is none of the binary containers.
bool isAssembly(const std::string &path, std::string_view bytes) {
  for (std::string_view ext : {".s", ".S", ".asm"})
    if (path.size() > ext.size() && path.ends_with(ext))
      return true;
  if (startsWith(bytes, "\x7f"
                        "ELF") ||
      startsWith(bytes, runtime::kBundleMagic) ||
      startsWith(bytes, runtime::kCompressedBundleMagic))
    return false;
  const std::string_view head = bytes.substr(0, 4096);
  return !head.empty() && head.find('\0') == std::string_view::npos;
}

// clang's wave64 kernels say `.amdhsa_wavefront_size32 0`; the assembler must know before it
// reads the instructions (lane masks are SGPR pairs).
bool declaresWave64(std::string_view source) {
  constexpr std::string_view kKey = ".amdhsa_wavefront_size32";
  for (size_t at = source.find(kKey); at != std::string_view::npos;
       at = source.find(kKey, at + 1)) {
    size_t i = at + kKey.size();
    while (i < source.size() && (source[i] == ' ' || source[i] == '\t'))
      ++i;
    if (i < source.size() && source[i] == '0')
      return true;
  }
  return false;
}

// The target id of the source's first `.amdgcn_target "amdgcn-amd-amdhsa--<id>"` directive
// (clang -S writes one), when it names a processor gcnkit supports.
std::optional<isa::TargetId> declaredTarget(std::string_view source) {
  constexpr std::string_view kKey = ".amdgcn_target", kTriple = "amdgcn-amd-amdhsa--";
  const size_t at = source.find(kKey);
  if (at == std::string_view::npos)
    return std::nullopt;
  const size_t open = source.find('"', at);
  const size_t eol = source.find('\n', at);
  if (open == std::string_view::npos || open > eol)
    return std::nullopt;
  const size_t close = source.find('"', open + 1);
  if (close == std::string_view::npos || close > eol)
    return std::nullopt;
  std::string_view id = source.substr(open + 1, close - open - 1);
  if (!id.starts_with(kTriple))
    return std::nullopt;
  id.remove_prefix(kTriple.size());
  std::string error;
  return isa::parseTargetId(id, error);
}

// The kernel NAME stands for: an exact symbol, or the one HIP kernel whose mangled name
// (_Z<length><name>...) carries NAME.
std::optional<std::string> resolveKernel(const runtime::Module &module,
                                         const std::optional<std::string> &wanted,
                                         std::string &error) {
  const std::vector<std::string> names = module.kernelNames();
  std::string list;
  for (const std::string &n : names)
    list += (list.empty() ? "" : ", ") + n;
  if (!wanted) {
    if (names.size() == 1)
      return names[0];
    error = "the code object has " + std::to_string(names.size()) +
            " kernels; choose one with --kernel: " + list;
    return std::nullopt;
  }
  for (const std::string &n : names)
    if (n == *wanted)
      return n;
  std::vector<std::string> matches;
  const std::string mangled = "_Z" + std::to_string(wanted->size()) + *wanted;
  for (const std::string &n : names)
    if (n.starts_with(mangled))
      matches.push_back(n);
  if (matches.size() == 1)
    return matches[0];
  if (matches.size() > 1) {
    error = "--kernel " + *wanted + " is ambiguous:";
    for (const std::string &m : matches)
      error += " " + m;
    return std::nullopt;
  }
  error = "no kernel named '" + *wanted + "'; the code object has: " + list;
  return std::nullopt;
}

struct Settings {
  std::string input;
  std::optional<std::string> kernel;
  runtime::Dim3 grid, block;
  uint32_t extraLds = 0;
  std::vector<std::string> args;
  std::vector<std::pair<size_t, std::string>> saves;
  bool trace = false;
  bool wave64 = false;
  std::optional<isa::TargetId> mcpu;
  runtime::DeviceOptions device;
};

// Returns 0 and fills `s`, or the exit status after printing the reason.
int readSettings(const ParsedOptions &opt, Settings &s) {
  if (!opt.error.empty())
    return fail(kUsageError, opt.error + " (see gcnkit run --help)");
  if (opt.positional.size() != 1)
    return fail(kUsageError, opt.positional.empty() ? "no input file (see gcnkit run --help)"
                                                    : "more than one input file");
  s.input = opt.positional[0];
  s.kernel = opt.get("kernel");
  auto grid = opt.get("grid"), block = opt.get("block");
  if (!grid || !block)
    return fail(kUsageError, "--grid and --block are required (work-items per dimension and "
                             "the work-group size)");
  auto g = parseDims(*grid), b = parseDims(*block);
  if (!g)
    return fail(kUsageError, "--grid " + *grid + ": expected X[,Y,Z], each at least 1");
  if (!b)
    return fail(kUsageError, "--block " + *block + ": expected X[,Y,Z], each at least 1");
  s.grid = *g;
  s.block = *b;
  if (auto lds = opt.get("lds")) {
    auto v = parseCount(*lds, 65536);
    if (!v)
      return fail(kUsageError, "--lds " + *lds + ": expected a byte count up to 65536");
    s.extraLds = static_cast<uint32_t>(*v);
  }
  if (auto n = opt.get("max-instructions")) {
    auto v = parseCount(*n, UINT64_MAX / 10);
    if (!v || *v == 0)
      return fail(kUsageError, "--max-instructions " + *n + ": expected a positive count");
    s.device.maxInstructionsPerWave = *v;
  }
  if (auto n = opt.get("threads")) {
    auto v = parseCount(*n, 1024);
    if (!v || *v == 0)
      return fail(kUsageError, "--threads " + *n + ": expected 1..1024");
    s.device.threads = static_cast<unsigned>(*v);
  }
  s.trace = opt.has("trace");
  if (s.trace)
    s.device.threads = 1; // the trace is in order; one worker needs no more threads
  s.wave64 = opt.has("wave64");
  if (auto cpu = opt.get("mcpu")) {
    std::string error;
    s.mcpu = isa::parseTargetId(*cpu, error);
    if (!s.mcpu)
      return fail(kUsageError, "--mcpu " + *cpu + ": " + error);
  }
  for (const auto &[name, value] : opt.values) {
    if (name == "arg")
      s.args.push_back(value);
    if (name == "save") {
      const size_t eq = value.find('=');
      auto index =
          eq == std::string::npos ? std::nullopt : parseCount(value.substr(0, eq), 1u << 20);
      if (!index || eq + 1 >= value.size())
        return fail(kUsageError, "--save " + value + ": expected N=PATH (N: argument index)");
      s.saves.emplace_back(*index, value.substr(eq + 1));
    }
  }
  return 0;
}

// The code object bytes: the file itself, or assembled from source.
int loadBytes(const Settings &s, std::vector<uint8_t> &bytes) {
  Input input;
  std::string error;
  if (!readAll(s.input, input, error))
    return fail(kLoadError, s.input + ": " + error);
  if (!isAssembly(s.input, input.view())) {
    bytes.assign(input.view().begin(), input.view().end());
    return 0;
  }
  elf::AssembleOptions ao;
  ao.amdhsa = true;
  ao.object = true;
  if (s.mcpu) {
    ao.target = *s.mcpu;
  } else if (std::optional<isa::TargetId> declared = declaredTarget(input.view())) {
    ao.target = *declared;
  }
  ao.wave64 = s.wave64 || declaresWave64(input.view());
  elf::AssembleResult r = elf::assemble(s.input, std::string(input.view()), ao);
  std::fwrite(r.diagnostics.data(), 1, r.diagnostics.size(), stderr);
  if (!r.ok)
    return fail(kLoadError, s.input + ": assembly failed");
  bytes.assign(r.output.begin(), r.output.end());
  return 0;
}

// A buffer argument: its guest address and size.
struct Buffer {
  uint64_t address = 0;
  uint64_t size = 0;
};

} // namespace

int runRun(std::span<const std::string_view> args) {
  ParsedOptions opt = parseOptions(args, kRunOptions);
  if (opt.error.empty() && (opt.has("help") || opt.has("h"))) {
    printHelp();
    return 0;
  }
  Settings s;
  if (int status = readSettings(opt, s))
    return status;

  // The specs are checked before anything is loaded: a typo is a usage error either way.
  std::vector<ArgSpec> specs;
  for (size_t i = 0; i < s.args.size(); ++i) {
    std::string error;
    std::optional<ArgSpec> spec = parseArgSpec(s.args[i], error);
    if (!spec)
      return fail(kUsageError, "--arg " + std::to_string(i) + " (" + s.args[i] + "): " + error);
    specs.push_back(std::move(*spec));
  }

  std::vector<uint8_t> bytes;
  if (int status = loadBytes(s, bytes))
    return status;
  runtime::Device device(s.device);
  std::string error;
  runtime::LoadOptions loadOptions;
  if (s.mcpu)
    loadOptions.target = s.mcpu->target;
  std::unique_ptr<runtime::Module> module =
      runtime::Module::load(device, bytes, error, loadOptions);
  if (!module)
    return fail(kLoadError, s.input + ": " + error);
  std::optional<std::string> kernelName = resolveKernel(*module, s.kernel, error);
  if (!kernelName)
    return fail(kUsageError, error);
  const runtime::KernelDesc kernel = *module->kernel(*kernelName);

  if (kernel.hasMetadata && specs.size() != kernel.args.size()) {
    std::string message =
        "kernel '" + kernel.name + "' takes " + std::to_string(kernel.args.size()) + " argument" +
        (kernel.args.size() == 1 ? "" : "s") + ", " + std::to_string(specs.size()) + " --arg given";
    for (size_t i = 0; i < kernel.args.size(); ++i)
      message += "\n  " + describeArg(kernel.args[i], i);
    return fail(kUsageError, message);
  }
  for (size_t i = 0; kernel.hasMetadata && i < specs.size(); ++i)
    if (auto why = checkArg(specs[i], kernel.args[i], i, kernel.name))
      return fail(kUsageError, "--arg " + std::to_string(i) + " (" + specs[i].text + "): " + *why);
  for (const auto &[index, path] : s.saves)
    if (index >= specs.size() ||
        (specs[index].kind != ArgSpec::Kind::File && specs[index].kind != ArgSpec::Kind::Zeros &&
         specs[index].kind != ArgSpec::Kind::Image))
      return fail(kUsageError,
                  "--save " + std::to_string(index) + "=" + path + ": argument " +
                      std::to_string(index) +
                      (index >= specs.size() ? " does not exist"
                                             : " is not a buffer or an image (@PATH, zeros:, "
                                               "image*:)"));

  // Arguments: buffers in guest memory, LDS blocks after the kernel's static LDS, values.
  runtime::KernelArgs kernelArgs;
  std::vector<Buffer> buffers(specs.size());
  uint64_t ldsEnd = kernel.staticLdsBytes;
  for (size_t i = 0; i < specs.size(); ++i) {
    const ArgSpec &spec = specs[i];
    const std::string where = "--arg " + std::to_string(i) + " (" + spec.text + "): ";
    switch (spec.kind) {
    case ArgSpec::Kind::File:
    case ArgSpec::Kind::Zeros: {
      std::vector<uint8_t> contents;
      if (spec.kind == ArgSpec::Kind::File && !readFile(spec.path, contents))
        return fail(kUsageError, where + "cannot read " + spec.path);
      const uint64_t size = spec.kind == ArgSpec::Kind::File ? contents.size() : spec.bytes;
      const uint64_t address = device.alloc(size);
      if (!address)
        return fail(kUsageError, where + "cannot allocate " + std::to_string(size) + " bytes");
      if (!contents.empty())
        device.copyIn(address, contents.data(), contents.size());
      buffers[i] = {address, size};
      kernelArgs.add(address);
      break;
    }
    case ArgSpec::Kind::Lds: {
      const uint32_t align = kernel.hasMetadata && kernel.args[i].pointeeAlign > 0
                                 ? std::min(kernel.args[i].pointeeAlign, 256u)
                                 : 16;
      const uint64_t offset = (ldsEnd + align - 1) / align * align;
      ldsEnd = offset + spec.bytes;
      if (ldsEnd > 65536)
        return fail(kUsageError, where + "the work-group's LDS would need " +
                                     std::to_string(ldsEnd) + " bytes; it has 65536");
      kernelArgs.add(static_cast<uint32_t>(offset));
      break;
    }
    case ArgSpec::Kind::Image: {
      // The texels: the file's bytes (exactly the image's size) or zeros.
      runtime::ImageDesc image = spec.image;
      const uint64_t size = runtime::imageBytes(image);
      std::vector<uint8_t> contents;
      if (!spec.path.empty()) {
        if (!readFile(spec.path, contents))
          return fail(kUsageError, where + "cannot read " + spec.path);
        if (contents.size() != size)
          return fail(kUsageError, where + spec.path + " holds " + std::to_string(contents.size()) +
                                       " bytes; the image has " + std::to_string(size) + " (" +
                                       std::to_string(runtime::texelBytes(image.format)) +
                                       " per texel)");
      }
      image.data = device.alloc(std::max<uint64_t>(size, 1));
      if (!image.data)
        return fail(kUsageError, where + "cannot allocate " + std::to_string(size) + " bytes");
      if (!contents.empty())
        device.copyIn(image.data, contents.data(), contents.size());
      buffers[i] = {image.data, size};
      kernelArgs.addImage(image);
      break;
    }
    case ArgSpec::Kind::Sampler:
      kernelArgs.addSampler(spec.sampler);
      break;
    case ArgSpec::Kind::Value:
    case ArgSpec::Kind::Bytes: {
      const uint32_t size =
          kernel.hasMetadata ? kernel.args[i].size : static_cast<uint32_t>(spec.value.size());
      const std::vector<uint8_t> value = valueBytesFor(spec, size);
      kernelArgs.addBytes(value.data(), value.size());
      break;
    }
    }
  }

  runtime::LaunchConfig config;
  config.grid = s.grid;
  config.block = s.block;
  const uint64_t dynamicLds = ldsEnd - kernel.staticLdsBytes + s.extraLds;
  if (dynamicLds > 65536)
    return fail(kUsageError, "dynamic LDS of " + std::to_string(dynamicLds) +
                                 " bytes exceeds the work-group's 65536");
  config.dynamicLdsBytes = static_cast<uint32_t>(dynamicLds);
  runtime::LaunchOptions options;
  if (s.trace)
    options.trace = [](std::string_view text) { std::fwrite(text.data(), 1, text.size(), stdout); };
  runtime::LaunchResult r =
      runtime::launch(device, *module, kernel.name, config, kernelArgs, options);
  std::fflush(stdout);
  if (r.fault)
    return fail(kKernelFault, r.error);
  if (!r.ok())
    return fail(kUsageError, r.error);

  for (const auto &[index, path] : s.saves) {
    const Buffer &b = buffers[index];
    std::vector<uint8_t> out(b.size);
    if (b.size && !device.copyOut(out.data(), b.address, b.size))
      return fail(kLoadError, "--save " + std::to_string(index) + ": cannot read the buffer");
    std::ofstream f(path, std::ios::binary);
    f.write(reinterpret_cast<const char *>(out.data()), static_cast<std::streamsize>(out.size()));
    if (!f)
      return fail(kLoadError, "--save " + std::to_string(index) + ": cannot write " + path);
  }
  return 0;
}

} // namespace gcnkit::tools
