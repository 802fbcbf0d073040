// The host API: devices, modules and launches on top of the emulator core.
#include "gcnkit/runtime.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>

#include "emu/dispatch.h"
#include "emu/image.h"
#include "emu/global_share.h"
#include "emu/memory.h"
#include "emu/predecode.h"
#include "emu/thread_pool.h"
#include "gcnkit/target.h"
#include "isa/mem_symbolic.h"
#include "isa/target_info.h"
#include "runtime/code_object.h"
#include "runtime/kernarg.h"
#include "runtime/offload_bundle.h"
#include "support/numbers.h"

namespace gcnkit::runtime {

struct Device::Impl {
  DeviceOptions options;
  emu::GuestMemory memory;
  emu::ThreadPool pool;
  uint64_t queueAddress = 0; // a zeroed stand-in for the AQL queue (kernels may read its fields)

  explicit Impl(const DeviceOptions &o) : options(o), pool(o.threads) {}
};

Device::Device(DeviceOptions options) : impl_(std::make_unique<Impl>(options)) {
  impl_->queueAddress = impl_->memory.allocate(256);
}
Device::~Device() = default;

uint64_t Device::alloc(uint64_t bytes) { return impl_->memory.allocate(bytes); }
bool Device::free(uint64_t address) { return impl_->memory.release(address); }

bool Device::copyIn(uint64_t dst, const void *src, uint64_t bytes) {
  uint8_t *p = impl_->memory.translate(dst, bytes);
  if (!p)
    return false;
  std::memcpy(p, src, bytes);
  return true;
}

bool Device::copyOut(void *dst, uint64_t src, uint64_t bytes) const {
  const uint8_t *p = impl_->memory.translate(src, bytes);
  if (!p)
    return false;
  std::memcpy(dst, p, bytes);
  return true;
}

const DeviceOptions &Device::options() const { return impl_->options; }

struct Module::Impl {
  Device *device = nullptr;
  uint64_t imageAddress = 0;
  CodeObject code;
  std::map<std::string, size_t, std::less<>> byName; // index into code.kernels / programs
  std::vector<emu::Program> programs;
};

Module::Module(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Module::~Module() {
  if (impl_ && impl_->device)
    impl_->device->free(impl_->imageAddress);
}

std::unique_ptr<Module> Module::load(Device &device, std::span<const uint8_t> bytes,
                                     std::string &error, const LoadOptions &options) {
  auto impl = std::make_unique<Impl>();
  // Bundles and host objects carry the code object inside; an ELF is used as it is.
  std::optional<DeviceCode> object = findCodeObject(bytes, options.target, error);
  if (!object)
    return nullptr;
  std::optional<CodeObject> co = parseCodeObject(
      std::string_view(reinterpret_cast<const char *>(object->bytes.data()), object->bytes.size()),
      error);
  if (!co)
    return nullptr;
  if (options.target && co->target != *options.target) {
    error = "the code object is for " + std::string(isa::processorName(co->target)) + ", not " +
            std::string(isa::processorName(*options.target));
    return nullptr;
  }
  impl->code = std::move(*co);
  CodeObject &c = impl->code;
  // The image lives in guest memory: kernels may read their own constants and s_getpc_b64
  // returns real guest addresses.
  impl->imageAddress = device.alloc(c.image.size());
  if (!impl->imageAddress) {
    error = "cannot allocate " + std::to_string(c.image.size()) + " bytes for the code object";
    return nullptr;
  }
  impl->device = &device;
  if (!relocate(c, impl->imageAddress, error) ||
      !device.copyIn(impl->imageAddress, c.image.data(), c.image.size())) {
    device.free(impl->imageAddress);
    return nullptr;
  }
  for (size_t i = 0; i < c.kernels.size(); ++i) {
    const KernelInfo &k = c.kernels[i];
    emu::CodeInfo info;
    // The whole section is decoded, so calls into other functions (clang's -O0 code, noinline
    // helpers) find their targets; waves start at the kernel's entry.
    info.code = std::span<const uint8_t>(c.image.data() + k.sectionOffset, k.sectionSize);
    info.address = impl->imageAddress + k.sectionOffset;
    info.entryAddress = impl->imageAddress + k.codeOffset;
    info.target = c.target;
    info.waveSize = k.waveSize;
    info.vgprCount = k.vgprCount;
    info.agprCount = k.agprCount;
    info.rsrc1 = k.descriptor.computePgmRsrc1;
    impl->programs.push_back(emu::predecode(info));
    const emu::Program &prog = impl->programs.back();
    if (prog.entry + 1 >= prog.insts.size()) {
      error = "kernel " + k.name + ": no instruction starts at its entry point (offset " +
              std::to_string(k.codeOffset) + ")";
      device.free(impl->imageAddress);
      return nullptr;
    }
    impl->byName.emplace(k.name, i);
  }
  return std::unique_ptr<Module>(new Module(std::move(impl)));
}

isa::Target Module::target() const { return impl_->code.target; }

std::unique_ptr<Module> Module::loadFile(Device &device, const std::string &path,
                                         std::string &error, const LoadOptions &options) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open " + path;
    return nullptr;
  }
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                             std::istreambuf_iterator<char>());
  std::unique_ptr<Module> m = load(device, bytes, error, options);
  if (!m)
    error = path + ": " + error;
  return m;
}

std::vector<std::string> Module::kernelNames() const {
  std::vector<std::string> names;
  for (const auto &[name, index] : impl_->byName)
    names.push_back(name);
  return names;
}

std::optional<KernelDesc> Module::kernel(std::string_view name) const {
  auto it = impl_->byName.find(name);
  if (it == impl_->byName.end())
    return std::nullopt;
  const KernelInfo &k = impl_->code.kernels[it->second];
  KernelDesc d;
  d.name = k.name;
  d.hasMetadata = k.hasMetadata;
  d.waveSize = k.waveSize;
  d.staticLdsBytes = std::max(k.groupSegmentFixedSize, k.descriptor.groupSegmentFixedSize);
  for (const KernelArgInfo &a : k.args) {
    if (a.hidden())
      continue;
    KernelArgDesc ad;
    ad.name = a.name;
    ad.typeName = a.typeName;
    ad.valueKind = a.valueKind;
    ad.addressSpace = a.addressSpace;
    ad.offset = a.offset;
    ad.size = a.size;
    ad.pointeeAlign = a.pointeeAlign;
    d.args.push_back(std::move(ad));
  }
  return d;
}

namespace {

std::string hex(uint64_t v) {
  std::string s;
  support::appendHex(s, v);
  return s;
}

Fault::Kind kindOf(emu::FaultKind k) {
  switch (k) {
  case emu::FaultKind::LdsViolation:
    return Fault::Kind::LdsViolation;
  case emu::FaultKind::UnsupportedInstruction:
    return Fault::Kind::UnsupportedInstruction;
  case emu::FaultKind::InstructionLimit:
    return Fault::Kind::InstructionLimit;
  case emu::FaultKind::BadBranch:
    return Fault::Kind::BadBranch;
  case emu::FaultKind::Trap:
    return Fault::Kind::Trap;
  case emu::FaultKind::ScratchViolation:
    return Fault::Kind::ScratchViolation;
  case emu::FaultKind::MisalignedAtomic:
    return Fault::Kind::MisalignedAtomic;
  case emu::FaultKind::UnsupportedBuffer:
    return Fault::Kind::UnsupportedBuffer;
  case emu::FaultKind::Halted:
    return Fault::Kind::Halted;
  case emu::FaultKind::VgprIndexRange:
    return Fault::Kind::VgprIndexRange;
  case emu::FaultKind::UnsupportedImage:
    return Fault::Kind::UnsupportedImage;
  case emu::FaultKind::GdsViolation:
    return Fault::Kind::GdsViolation;
  case emu::FaultKind::Deadlock:
    return Fault::Kind::Deadlock;
  default:
    return Fault::Kind::MemoryViolation;
  }
}

// What an UnsupportedBuffer fault's address says (emu::bufferIssue).
std::string bufferIssueText(uint64_t issue) {
  namespace bi = emu::bufferIssue;
  const uint32_t value = static_cast<uint32_t>(issue);
  const uint64_t kind = issue & bi::kKindMask;
  if (kind == bi::kSwizzle)
    return "swizzled buffer resource (swizzle_enable " + std::to_string(value) + ")";
  std::string format;
  if (kind == bi::kSplitFormat) {
    format = "format:[BUF_DATA_FORMAT_" + std::string(isa::mem::kBufferDataFormats[value & 0xF]) +
             ",BUF_NUM_FORMAT_" +
             std::string(isa::mem::kBufferNumFormats[(value >> isa::mem::kNumFormatShift) & 7]) +
             "]";
  } else {
    format = "format:[" +
             std::string(value < isa::mem::kBufferFormats.size() ? isa::mem::kBufferFormats[value]
                                                                 : "?") +
             "]";
  }
  if (issue & bi::kPartialStore)
    return "a store of some components of a packed element in " + format;
  return std::string(issue & bi::kD16 ? "d16 conversion of buffer " : "buffer ") + format;
}

// One line: what, where (kernel, workgroup, wave, lane, pc), and the instruction.
std::string describe(const Fault &f, uint64_t limit, uint64_t ldsBytes, uint64_t privateBytes) {
  std::string where = "workgroup (" + std::to_string(f.workgroup.x) + "," +
                      std::to_string(f.workgroup.y) + "," + std::to_string(f.workgroup.z) +
                      ") wave " + std::to_string(f.wave);
  if (f.lane >= 0)
    where += " lane " + std::to_string(f.lane);
  std::string what;
  switch (f.kind) {
  case Fault::Kind::MemoryViolation:
    what = std::string("memory violation: ") + (f.write ? "write" : "read") + " of " +
           std::to_string(f.bytes) + " bytes at " + hex(f.address) + " is outside every allocation";
    break;
  case Fault::Kind::LdsViolation:
    what = std::string("LDS violation: ") + (f.write ? "write" : "read") + " of " +
           std::to_string(f.bytes) + " bytes at LDS address " + hex(f.address) +
           " is beyond the work-group's LDS (" + std::to_string(ldsBytes) + " bytes)";
    break;
  case Fault::Kind::UnsupportedInstruction:
    what = "unsupported instruction" + (f.detail.empty() ? "" : " (" + f.detail + ")");
    break;
  case Fault::Kind::InstructionLimit:
    what = "instruction limit reached: a wave executed more than " + std::to_string(limit) +
           " instructions (endless loop?)";
    break;
  case Fault::Kind::BadBranch:
    what = "branch to " + hex(f.address) + ", which starts no instruction of the kernel";
    break;
  case Fault::Kind::Trap:
    what = "s_trap " + hex(f.address) + " executed and no trap handler is installed";
    break;
  case Fault::Kind::Halted:
    what = "the wave halted (" + hex(f.address) +
           ") and waits for a debugger: the kernel cannot finish";
    break;
  case Fault::Kind::VgprIndexRange:
    what = "VGPR index out of range: M0's index (s_set_gpr_idx_on) moves an operand past the "
           "kernel's VGPRs";
    break;
  case Fault::Kind::ScratchViolation:
    what = std::string("scratch violation: ") + (f.write ? "write" : "read") + " of " +
           std::to_string(f.bytes) + " bytes at private offset " + hex(f.address) +
           " is outside the work-item's private segment (" + std::to_string(privateBytes) +
           " bytes)";
    break;
  case Fault::Kind::MisalignedAtomic:
    what = "misaligned atomic: " + std::to_string(f.bytes) + "-byte atomic at " + hex(f.address);
    break;
  case Fault::Kind::UnsupportedBuffer:
    what = "not emulated: " + f.detail;
    break;
  case Fault::Kind::UnsupportedImage:
    what = f.detail;
    break;
  case Fault::Kind::GdsViolation:
    what = std::string("GDS violation: ") + (f.write ? "write" : "read") + " of " +
           std::to_string(f.bytes) + " bytes at GDS address " + hex(f.address) +
           " is beyond the dispatch's GDS (" + std::to_string(emu::kGdsBytes) + " bytes)";
    break;
  case Fault::Kind::Deadlock:
    what = "deadlock: " + f.detail;
    break;
  }
  return "kernel " + f.kernel + ": " + what + "; " + where + ", pc " + hex(f.pc) + " (" +
         f.function + "+" + hex(f.pcOffset) +
         "): " + (f.instruction.empty() ? "<no instruction>" : f.instruction);
}

// The descriptors of the image and sampler arguments (0 for the others), in guest memory.
bool writeDescriptors(Device &device, const KernelArgs &args, std::vector<uint64_t> &out,
                      std::string &error) {
  for (size_t i = 0; i < args.args().size(); ++i) {
    const KernelArgs::Arg &a = args.args()[i];
    std::vector<uint32_t> words;
    const std::string which = "argument " + std::to_string(i) + ": ";
    if (a.kind == KernelArgs::Arg::Kind::Image) {
      std::optional<std::vector<uint32_t>> t = encodeImage(a.image, error);
      if (!t) {
        error = which + error;
        return false;
      }
      const uint64_t bytes = imageBytes(a.image);
      if (!device.impl().memory.translate(a.image.data, std::max<uint64_t>(bytes, 1))) {
        error = which + "the image's " + std::to_string(bytes) + " bytes at " + hex(a.image.data) +
                " are not inside one allocation";
        return false;
      }
      words = std::move(*t);
    } else if (a.kind == KernelArgs::Arg::Kind::Sampler) {
      words = encodeSampler(a.sampler);
    }
    const uint64_t at = words.empty() ? 0 : device.alloc(words.size() * 4);
    out.push_back(at);
    if (!words.empty() && (!at || !device.copyIn(at, words.data(), words.size() * 4))) {
      error = which + "cannot allocate its descriptor";
      return false;
    }
  }
  return true;
}

LaunchResult run(Device &device, const Module &module, std::string_view kernel,
                 const LaunchConfig &cfg, const KernelArgs *args, std::span<const uint8_t> raw,
                 const LaunchOptions *options) {
  LaunchResult result;
  const Module::Impl &m = module.impl();
  auto it = m.byName.find(kernel);
  if (it == m.byName.end()) {
    result.error = "no kernel named '" + std::string(kernel) + "' in the module";
    return result;
  }
  const KernelInfo &k = m.code.kernels[it->second];
  const emu::Program &prog = m.programs[it->second];
  if (cfg.block.x == 0 || cfg.block.y == 0 || cfg.block.z == 0 ||
      uint64_t{cfg.block.x} * cfg.block.y * cfg.block.z > 1024) {
    result.error = "work-group size must be 1..1024 work-items with no zero dimension";
    return result;
  }
  // A work-group has the target's LDS (64 KiB on gfx1100 and gfx908); kernarg segments are
  // small. Larger requests come from a corrupted descriptor or metadata and are refused before
  // anything is allocated.
  const isa::TargetInfo &target = isa::targetInfo(m.code.target);
  const uint64_t ldsLimit = target.ldsBytesPerWorkgroup;
  constexpr uint64_t kMaxKernargBytes = 1 << 20;
  const uint64_t lds = uint64_t{k.groupSegmentFixedSize} + cfg.dynamicLdsBytes;
  if (lds > ldsLimit || k.descriptor.groupSegmentFixedSize > ldsLimit) {
    result.error = "kernel " + k.name + " needs " + std::to_string(lds) +
                   " bytes of LDS; a work-group has " + std::to_string(ldsLimit);
    return result;
  }
  // Private (scratch) memory per work-item: the fixed size, plus room for the stack of kernels
  // with a dynamic stack (calls, recursion) whose size the code object cannot say.
  constexpr uint32_t kMaxPrivateBytes = 64 * 1024, kDynamicStackBytes = 16 * 1024;
  const uint64_t fixedPrivate =
      std::max(k.privateSegmentFixedSize, k.descriptor.privateSegmentFixedSize);
  if (fixedPrivate > kMaxPrivateBytes) {
    result.error = "kernel " + k.name + " needs " + std::to_string(fixedPrivate) +
                   " bytes of private memory per work-item; at most 65536 are supported";
    return result;
  }
  const uint32_t privateBytes = static_cast<uint32_t>(
      fixedPrivate +
      (isa::kd::kUsesDynamicStack.get(k.descriptor.kernelCodeProperties) ? kDynamicStackBytes : 0));
  if (std::max(k.kernargSegmentSize, k.descriptor.kernargSize) > kMaxKernargBytes) {
    result.error = "kernel " + k.name + ": kernarg segment larger than 1 MiB";
    return result;
  }
  Device::Impl &dev = device.impl();
  HiddenValues hidden{dev.queueAddress, cfg.dynamicLdsBytes};
  // Image and sampler arguments point to descriptors in guest memory, written for the launch.
  std::vector<uint64_t> descriptors;
  struct Descriptors {
    Device &d;
    std::vector<uint64_t> &a;
    ~Descriptors() {
      for (uint64_t x : a)
        if (x)
          d.free(x);
    }
  } descriptorMem{device, descriptors};
  if (args && !writeDescriptors(device, *args, descriptors, result.error))
    return result;
  std::vector<uint8_t> kernarg;
  if (!buildKernarg(k, cfg, args, descriptors, raw, hidden, kernarg, result.error))
    return result;
  // Compilers load kernel arguments with wide s_load (up to 64 bytes) that may run past the
  // last argument of a short segment (no hidden arguments); real runtimes allocate the segment
  // with room to spare, so zero padding keeps such loads inside the allocation.
  kernarg.resize((kernarg.size() + 63) / 64 * 64 + 64, 0);

  // The kernarg segment and the AQL dispatch packet live in guest memory for the launch.
  struct Scoped {
    Device &d;
    uint64_t a;
    ~Scoped() {
      if (a)
        d.free(a);
    }
  };
  Scoped kernargMem{device, device.alloc(std::max<size_t>(kernarg.size(), 1))};
  Scoped packetMem{device, device.alloc(64)};
  if (!kernargMem.a || !packetMem.a) {
    result.error = "cannot allocate the kernarg segment";
    return result;
  }
  device.copyIn(kernargMem.a, kernarg.data(), kernarg.size());
  uint8_t packet[64] = {};
  auto put = [&](size_t at, uint64_t v, size_t n) { std::memcpy(packet + at, &v, n); };
  put(2, cfg.grid.z > 1 || cfg.block.z > 1 ? 3 : (cfg.grid.y > 1 || cfg.block.y > 1 ? 2 : 1), 2);
  put(4, cfg.block.x, 2);
  put(6, cfg.block.y, 2);
  put(8, cfg.block.z, 2);
  put(12, cfg.grid.x, 4);
  put(16, cfg.grid.y, 4);
  put(20, cfg.grid.z, 4);
  put(24, k.privateSegmentFixedSize, 4);
  put(28, k.groupSegmentFixedSize + cfg.dynamicLdsBytes, 4);
  put(32, m.imageAddress + k.descriptorOffset, 8);
  put(40, kernargMem.a, 8);
  device.copyIn(packetMem.a, packet, sizeof packet);

  // Kernels whose waves wait for other work-groups run on the cooperative dispatcher, which keeps
  // up to `resident` groups at once (about the waves one GPU holds, at least one group per
  // worker); each resident group is a scratch slot. Other kernels have one slot per worker.
  const uint64_t wavesPerGroup =
      (uint64_t{cfg.block.x} * cfg.block.y * cfg.block.z + k.waveSize - 1) / k.waveSize;
  const uint64_t groups = uint64_t{(cfg.grid.x + cfg.block.x - 1) / cfg.block.x} *
                          ((cfg.grid.y + cfg.block.y - 1) / cfg.block.y) *
                          ((cfg.grid.z + cfg.block.z - 1) / cfg.block.z);
  constexpr uint64_t kResidentWaves = 4096;
  uint64_t resident = dev.pool.size();
  if (prog.waitsAcrossGroups)
    resident = std::max(resident, std::min(groups, kResidentWaves / wavesPerGroup));
  // gfx9 addresses scratch as guest memory (no architected flat scratch): one area per wave
  // slot of every worker (resident group), each lane's private segment interleaved dword by
  // dword with the wave's other lanes (the swizzle the private segment buffer describes).
  uint32_t scratchWaveBytes = 0;
  uint64_t scratchBytes = 0;
  Scoped scratchMem{device, 0};
  if (!target.kernelDescriptor.architectedFlatScratch && privateBytes) {
    scratchWaveBytes = ((privateBytes + 3) & ~3u) * k.waveSize;
    // The resident groups' scratch stays within 1 GiB (never below one slot per worker).
    constexpr uint64_t kMaxResidentScratch = uint64_t{1} << 30;
    const uint64_t perGroup = wavesPerGroup * scratchWaveBytes;
    resident =
        std::max<uint64_t>(dev.pool.size(), std::min(resident, kMaxResidentScratch / perGroup));
    scratchBytes = resident * perGroup;
    scratchMem.a = device.alloc(scratchBytes);
    if (!scratchMem.a) {
      result.error = "cannot allocate the scratch memory of kernel " + k.name;
      return result;
    }
  }

  emu::DispatchSetup s;
  s.program = &prog;
  s.scratchBase = scratchMem.a;
  s.scratchWaveBytes = scratchWaveBytes;
  s.scratchBytes = scratchBytes;
  s.residentGroups = static_cast<uint32_t>(resident);
  s.memory = &dev.memory;
  s.descriptor = k.descriptor;
  s.grid = {cfg.grid.x, cfg.grid.y, cfg.grid.z};
  s.block = {cfg.block.x, cfg.block.y, cfg.block.z};
  s.kernargAddress = kernargMem.a;
  s.dispatchPacketAddress = packetMem.a;
  s.queueAddress = dev.queueAddress;
  s.ldsBytes = static_cast<uint32_t>(lds);
  s.privateBytes = privateBytes;
  s.maxInstructionsPerWave = dev.options.maxInstructionsPerWave;
  if (options && options->trace)
    s.trace = &options->trace;
  emu::DispatchResult r = emu::dispatch(s, dev.pool);
  result.waveInstructions = r.waveInstructions;
  result.waves = r.waves;
  if (r.fault) {
    Fault f;
    f.kind = kindOf(r.fault->kind);
    f.kernel = k.name;
    f.workgroup = {r.fault->workgroup.x, r.fault->workgroup.y, r.fault->workgroup.z};
    f.wave = r.fault->wave;
    f.lane = r.fault->lane;
    f.pc = r.fault->pc;
    // Name the function the pc is in (clang's -O0 code and noinline helpers are separate
    // functions); the kernel itself when no symbol covers it.
    f.function = k.name;
    f.pcOffset = r.fault->pc - (m.imageAddress + k.codeOffset);
    for (const FunctionSymbol &fn : m.code.functions)
      if (r.fault->pc >= m.imageAddress + fn.offset &&
          r.fault->pc - (m.imageAddress + fn.offset) < fn.size) {
        f.function = fn.name;
        f.pcOffset = r.fault->pc - (m.imageAddress + fn.offset);
      }
    f.address = r.fault->address;
    f.bytes = r.fault->bytes;
    f.write = r.fault->write;
    f.instruction = r.fault->instruction;
    f.detail = f.kind == Fault::Kind::UnsupportedBuffer ? bufferIssueText(r.fault->address)
                                                        : r.fault->detail;
    if (f.kind == Fault::Kind::UnsupportedImage)
      f.detail = emu::image::unsupportedText(f.bytes, f.address);
    result.error = describe(f, dev.options.maxInstructionsPerWave, lds, privateBytes);
    result.fault = std::move(f);
  }
  return result;
}

} // namespace

LaunchResult launch(Device &device, const Module &module, std::string_view kernel,
                    const LaunchConfig &config, const KernelArgs &args) {
  return run(device, module, kernel, config, &args, {}, nullptr);
}

LaunchResult launch(Device &device, const Module &module, std::string_view kernel,
                    const LaunchConfig &config, const KernelArgs &args,
                    const LaunchOptions &options) {
  return run(device, module, kernel, config, &args, {}, &options);
}

LaunchResult launch(Device &device, const Module &module, std::string_view kernel,
                    const LaunchConfig &config, std::span<const uint8_t> kernargBytes) {
  return run(device, module, kernel, config, nullptr, kernargBytes, nullptr);
}

} // namespace gcnkit::runtime
