// The host API of the gfx1100 emulator: a device with its own address space, code objects
// loaded onto it, and synchronous kernel launches.
//
//   gcnkit::runtime::Device dev;
//   std::string err;
//   auto mod = gcnkit::runtime::Module::loadFile(dev, "k.o", err);
//   uint64_t a = dev.alloc(n * 4);
//   dev.copyIn(a, host.data(), n * 4);
//   auto r = gcnkit::runtime::launch(dev, *mod, "vadd", {{n}, {256}},
//                                    gcnkit::runtime::KernelArgs().add(a).add(int32_t(n)));
//   if (!r.ok()) std::cerr << r.error;
//
// Module::load accepts an AMDGPU ELF code object, a clang offload bundle holding a gfx1100 code
// object, or a host object whose .hip_fatbin section holds such a bundle.
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "gcnkit/isa.h"

namespace gcnkit::runtime {

struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;
};

struct DeviceOptions {
  unsigned threads = 0; // worker threads running workgroups; 0: one per hardware thread
  // A wave that executes more instructions than this stops the kernel (endless loops).
  uint64_t maxInstructionsPerWave = uint64_t{1} << 28;
};

class Module;

// A kernel's explicit argument as the code object metadata describes it.
struct KernelArgDesc {
  std::string name;          // .name (OpenCL with -cl-kernel-arg-info; HIP: absent)
  std::string typeName;      // .type_name, e.g. "float*", "uint" (OpenCL)
  std::string valueKind;     // by_value, global_buffer, dynamic_shared_pointer, image, ...
  std::string addressSpace;  // pointers: global, constant, local, ...
  uint32_t offset = 0;       // in the kernarg segment
  uint32_t size = 0;         // bytes
  uint32_t pointeeAlign = 0; // dynamic_shared_pointer: alignment of the LDS block
};

struct KernelDesc {
  std::string name;
  bool hasMetadata = false; // without metadata, args is empty and arguments are unchecked
  uint32_t waveSize = 32;
  uint32_t staticLdsBytes = 0;     // group segment fixed size; dynamic LDS starts after it
  std::vector<KernelArgDesc> args; // explicit arguments in order (hidden ones left out)
};

// A device: guest memory (every access bounds-checked) and the threads that run kernels.
// Not thread-safe: use a device from one host thread at a time.
class Device {
public:
  explicit Device(DeviceOptions options = {});
  ~Device();
  Device(const Device &) = delete;
  Device &operator=(const Device &) = delete;

  // Guest address of `bytes` zeroed bytes, or 0 when the allocation fails.
  uint64_t alloc(uint64_t bytes);
  // False when no allocation starts at address.
  bool free(uint64_t address);
  // Copies between host and guest memory; false (nothing copied) unless the whole guest range
  // lies inside one allocation.
  bool copyIn(uint64_t dst, const void *src, uint64_t bytes);
  bool copyOut(void *dst, uint64_t src, uint64_t bytes) const;

  const DeviceOptions &options() const;

  struct Impl;
  Impl &impl() { return *impl_; }
  const Impl &impl() const { return *impl_; }

private:
  std::unique_ptr<Impl> impl_;
};

// ---- images and samplers (OpenCL image arguments) ---------------------------------------------
//
// A kernel argument of image type (metadata .value_kind image) is a pointer to the image's
// descriptor in guest memory, and a sampler argument (.value_kind sampler) a pointer to a
// sampler descriptor: KernelArgs::addImage / addSampler describe them and the launch writes the
// descriptors (encodeImage / encodeSampler) to guest memory for the kernel's duration. The
// texels are the caller's: a guest allocation holding them linearly, x fastest, rows of `width`
// texels, then rows of the next slice / array layer (imageBytes in all).

enum class ImageType : uint8_t {
  Image1D,
  Image2D,
  Image3D,
  Image1DArray,
  Image2DArray,
  Image1DBuffer
};
// OpenCL channel orders and types (CL_R, CL_RG, CL_RGBA, CL_BGRA; CL_UNORM_INT8 ...).
enum class ChannelOrder : uint8_t { R, RG, RGBA, BGRA };
enum class ChannelType : uint8_t {
  SnormInt8,
  SnormInt16,
  UnormInt8,
  UnormInt16,
  SignedInt8,
  SignedInt16,
  SignedInt32,
  UnsignedInt8,
  UnsignedInt16,
  UnsignedInt32,
  HalfFloat,
  Float,
};
struct ImageFormat {
  ChannelOrder order = ChannelOrder::RGBA;
  ChannelType type = ChannelType::UnormInt8;
};
struct ImageDesc {
  ImageType type = ImageType::Image2D;
  ImageFormat format;
  uint32_t width = 1;
  uint32_t height = 1;    // 2-D, 3-D, 2-D array
  uint32_t depth = 1;     // 3-D
  uint32_t arraySize = 1; // arrays: layers
  uint64_t data = 0;      // guest address of the texels, 256-byte aligned (Device::alloc is)
};
// Bytes per texel, and the bytes of the whole image (all slices / layers).
uint32_t texelBytes(ImageFormat format);
uint64_t imageBytes(const ImageDesc &image);
// The 48-byte descriptor an image argument points to: the gfx1100 image resource (T#, 8 dwords;
// for Image1DBuffer the buffer resource, 4 dwords, then zeros), then the HSA channel type,
// channel order and width, where ROCm's image runtime puts them for the device library's
// queries. nullopt with `error` for sizes the descriptor cannot hold (width and height 1..16384,
// depth and layers 1..8192; a 1-D buffer image up to 2^32 bytes) or an unaligned address.
std::optional<std::vector<uint32_t>> encodeImage(const ImageDesc &image, std::string &error);
// "rgba_unorm8", "r_float", "bgra_unorm8", "rg_sint16", "rgba_half" ...: ORDER_TYPE with ORDER
// r, rg, rgba, bgra and TYPE unorm8 unorm16 snorm8 snorm16 sint8 sint16 sint32 uint8 uint16
// uint32 half float.
std::optional<ImageFormat> parseImageFormat(std::string_view name);
std::string imageFormatName(ImageFormat format);

// OpenCL sampler properties. AddressMode::None (CLK_ADDRESS_NONE: coordinates stay inside)
// encodes as repeat, as ROCm's image runtime does.
enum class AddressMode : uint8_t { None, ClampToEdge, Clamp, Repeat, MirroredRepeat };
enum class FilterMode : uint8_t { Nearest, Linear };
struct SamplerDesc {
  bool normalized = false; // CLK_NORMALIZED_COORDS_TRUE
  AddressMode address = AddressMode::ClampToEdge;
  FilterMode filter = FilterMode::Nearest;
};
// The gfx1100 sampler (S#, 4 dwords) a sampler argument points to.
std::vector<uint32_t> encodeSampler(const SamplerDesc &sampler);
// The sampler an OpenCL sampler initializer (CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT |
// CLK_FILTER_LINEAR, the value clang passes to __translate_sampler_initializer) stands for;
// nullopt for bits that are not such a value.
std::optional<SamplerDesc> samplerFromOpenCL(uint32_t bits);

// Explicit kernel arguments in declaration order. With code object metadata each one is placed
// at the offset the metadata gives (its size must match); without, they are packed with
// natural alignment.
class KernelArgs {
public:
  template <class T> KernelArgs &add(const T &value) {
    static_assert(std::is_trivially_copyable_v<T>, "kernel arguments are copied as bytes");
    return addBytes(&value, sizeof(T));
  }
  KernelArgs &addBytes(const void *data, size_t size) {
    Arg a;
    a.bytes.resize(size);
    std::memcpy(a.bytes.data(), data, size);
    args_.push_back(std::move(a));
    return *this;
  }
  // An image argument (an image*_t parameter): the launch passes a pointer to its descriptor.
  KernelArgs &addImage(const ImageDesc &image) {
    Arg a;
    a.kind = Arg::Kind::Image;
    a.image = image;
    a.bytes.resize(8);
    args_.push_back(std::move(a));
    return *this;
  }
  // A sampler argument (a sampler_t parameter): the launch passes a pointer to its descriptor.
  KernelArgs &addSampler(const SamplerDesc &sampler) {
    Arg a;
    a.kind = Arg::Kind::Sampler;
    a.sampler = sampler;
    a.bytes.resize(8);
    args_.push_back(std::move(a));
    return *this;
  }
  struct Arg {
    enum class Kind : uint8_t { Bytes, Image, Sampler };
    Kind kind = Kind::Bytes;
    std::vector<uint8_t> bytes; // Image / Sampler: the descriptor's address, set by the launch
    ImageDesc image;
    SamplerDesc sampler;
  };
  const std::vector<Arg> &args() const { return args_; }

private:
  std::vector<Arg> args_;
};

struct LaunchConfig {
  Dim3 grid;  // work-items per dimension; need not be a multiple of the block (partial groups)
  Dim3 block; // work-group size
  uint32_t dynamicLdsBytes = 0;
};

// Why a kernel stopped early.
struct Fault {
  enum class Kind {
    MemoryViolation, // guest memory access outside every allocation
    LdsViolation,    // LDS access beyond the work-group's LDS size
    UnsupportedInstruction,
    InstructionLimit,
    BadBranch,
    Trap,              // s_trap with no trap handler (address: the trap id)
    ScratchViolation,  // private (scratch) access outside the work-item's private segment
    MisalignedAtomic,  // atomic on an address that is not naturally aligned
    UnsupportedBuffer, // buffer resource or format not emulated (detail says which)
    Halted,            // s_sethalt / s_sendmsghalt halted the wave (address: SIMM16)
    VgprIndexRange,    // gfx9 VGPR indexing (s_set_gpr_idx_on, M0) left the kernel's VGPRs
    UnsupportedImage,  // image resource, sampler or access not emulated (detail says which)
    GdsViolation,      // GDS access beyond the dispatch's 64 KiB GDS (address: GDS address)
    // Every remaining wave waits for a GWS barrier / semaphore or its ordered-count turn and
    // none can run (the wave and instruction of the earliest waiting wave; detail: what it
    // waits for).
    Deadlock,
  };
  Kind kind = Kind::MemoryViolation;
  std::string kernel;
  Dim3 workgroup;
  uint32_t wave = 0;     // within the workgroup
  int32_t lane = -1;     // -1: not lane specific
  uint64_t pc = 0;       // guest address of the instruction
  std::string function;  // the function holding pc: the kernel, or a function it called
  uint64_t pcOffset = 0; // pc relative to the start of `function`
  uint64_t address = 0;  // faulting address (guest or LDS), branch target
  uint32_t bytes = 0;
  bool write = false;
  std::string instruction; // disassembled
  std::string detail;
};

struct LaunchResult {
  std::string error;          // empty on success; otherwise one line saying what happened
  std::optional<Fault> fault; // set when the kernel itself stopped
  uint64_t waveInstructions = 0;
  uint64_t waves = 0;
  bool ok() const { return error.empty(); }
};

// How to pick the code object to load.
struct LoadOptions {
  // The processor whose code to run from an offload bundle (or host object) holding code for
  // several: gfx1100 or gfx908. Without it, the only supported one the container holds (an
  // error lists them when there are several). A plain ELF runs on the processor its e_flags
  // name, and must match this when it is set.
  std::optional<isa::Target> target;
};

// A code object loaded onto a device: kernels decoded once, ready to launch. The device must
// outlive the module.
class Module {
public:
  static std::unique_ptr<Module> load(Device &device, std::span<const uint8_t> bytes,
                                      std::string &error, const LoadOptions &options = {});
  static std::unique_ptr<Module> loadFile(Device &device, const std::string &path,
                                          std::string &error, const LoadOptions &options = {});
  // The processor the module's code is for.
  isa::Target target() const;
  ~Module();
  Module(const Module &) = delete;
  Module &operator=(const Module &) = delete;

  std::vector<std::string> kernelNames() const;
  // The kernel's description, or nullopt when the module has no kernel of that name.
  std::optional<KernelDesc> kernel(std::string_view name) const;

  struct Impl;
  const Impl &impl() const { return *impl_; }

private:
  explicit Module(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// Per-launch debugging options.
struct LaunchOptions {
  // When set, called with the trace of each executed instruction (lines ending in '\n'): the
  // wave, EXEC, the disassembled instruction and the registers whose values it changed.
  // Tracing runs the workgroups one after another on one thread, so the order is
  // deterministic; untraced launches do not pay for it.
  std::function<void(std::string_view)> trace;
};

// Runs the kernel to completion (synchronous).
LaunchResult launch(Device &device, const Module &module, std::string_view kernel,
                    const LaunchConfig &config, const KernelArgs &args);
LaunchResult launch(Device &device, const Module &module, std::string_view kernel,
                    const LaunchConfig &config, const KernelArgs &args,
                    const LaunchOptions &options);
// The same with a raw kernarg segment prefix (explicit arguments laid out by the caller);
// hidden arguments are still filled in from the metadata.
LaunchResult launch(Device &device, const Module &module, std::string_view kernel,
                    const LaunchConfig &config, std::span<const uint8_t> kernargBytes);

} // namespace gcnkit::runtime
