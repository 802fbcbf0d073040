// Images on the emulator: OpenCL C kernels (clang-19, examples/opencl_images.h for the image
// built-ins) in wave32 and wave64 against a host model of OpenCL images written from the OpenCL
// C specification's rules alone: texel conversions (normalized, integer, half channels; the
// channel orders R, RG, RGBA, BGRA), integer-coordinate reads and writes, and the sampler's
// addressing (clamp to edge, clamp, repeat, mirrored repeat) and filtering (nearest, linear)
// with normalized and unnormalized coordinates, in 1-D, 2-D, 3-D and arrays. Image atomics,
// the other sample variants and hand-crafted descriptors (unsupported ones stop the kernel with a
// named fault) use the LLVM intrinsics directly.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "emu_kernel_util.h"

namespace gcnkit::emutest {
namespace {

using runtime::AddressMode;
using runtime::ChannelOrder;
using runtime::ChannelType;
using runtime::FilterMode;
using runtime::ImageDesc;
using runtime::ImageFormat;
using runtime::ImageType;
using runtime::SamplerDesc;

const std::string kImageFlags =
    "-cl-std=CL2.0 -include " + std::string(GCNKIT_SOURCE_DIR) + "/examples/opencl_images.h";

// ---- the host model ------------------------------------------------------------------------

unsigned channels(ChannelOrder o) {
  return o == ChannelOrder::R ? 1 : o == ChannelOrder::RG ? 2 : 4;
}
unsigned channelBytes(ChannelType t) {
  switch (t) {
  case ChannelType::SnormInt8:
  case ChannelType::UnormInt8:
  case ChannelType::SignedInt8:
  case ChannelType::UnsignedInt8:
    return 1;
  case ChannelType::SignedInt32:
  case ChannelType::UnsignedInt32:
  case ChannelType::Float:
    return 4;
  default:
    return 2;
  }
}
bool isIntType(ChannelType t) {
  return t == ChannelType::SignedInt8 || t == ChannelType::SignedInt16 ||
         t == ChannelType::SignedInt32 || t == ChannelType::UnsignedInt8 ||
         t == ChannelType::UnsignedInt16 || t == ChannelType::UnsignedInt32;
}
unsigned pixelBytes(ImageFormat f) { return channels(f.order) * channelBytes(f.type); }

// One stored channel as the value read_image* returns (OpenCL C "Conversion Rules": normalized
// integers divided by 255 / 65535, signed ones by 127 / 32767 and clamped at -1, half widened,
// integers sign- or zero-extended). Floats come back as float bits.
uint32_t channelValue(ChannelType t, const uint8_t *p) {
  uint32_t u = 0;
  std::memcpy(&u, p, channelBytes(t));
  auto f = [](float x) { return std::bit_cast<uint32_t>(x); };
  switch (t) {
  case ChannelType::UnormInt8:
    return f(static_cast<float>(u) / 255.0f);
  case ChannelType::UnormInt16:
    return f(static_cast<float>(u) / 65535.0f);
  case ChannelType::SnormInt8:
    return f(std::max(-1.0f, static_cast<float>(static_cast<int8_t>(u)) / 127.0f));
  case ChannelType::SnormInt16:
    return f(std::max(-1.0f, static_cast<float>(static_cast<int16_t>(u)) / 32767.0f));
  case ChannelType::SignedInt8:
    return static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(u)));
  case ChannelType::SignedInt16:
    return static_cast<uint32_t>(static_cast<int32_t>(static_cast<int16_t>(u)));
  case ChannelType::HalfFloat:
    return f(static_cast<float>(std::bit_cast<_Float16>(static_cast<uint16_t>(u))));
  default:
    return u;
  }
}

// The value write_image* stores for v (OpenCL: normalized conversions saturate and round to
// nearest even, integer ones saturate, half rounds to nearest even).
uint32_t channelStored(ChannelType t, uint32_t v) {
  const float x = std::bit_cast<float>(v);
  auto norm = [&](float lo, float scale) {
    return std::isnan(x) ? 0.0f : std::nearbyint(std::min(std::max(x, lo), 1.0f) * scale);
  };
  const int32_t i = static_cast<int32_t>(v);
  switch (t) {
  case ChannelType::UnormInt8:
    return static_cast<uint32_t>(norm(0.0f, 255.0f));
  case ChannelType::UnormInt16:
    return static_cast<uint32_t>(norm(0.0f, 65535.0f));
  case ChannelType::SnormInt8:
    return static_cast<uint8_t>(static_cast<int8_t>(norm(-1.0f, 127.0f)));
  case ChannelType::SnormInt16:
    return static_cast<uint16_t>(static_cast<int16_t>(norm(-1.0f, 32767.0f)));
  case ChannelType::SignedInt8:
    return static_cast<uint8_t>(std::clamp(i, -128, 127));
  case ChannelType::SignedInt16:
    return static_cast<uint16_t>(std::clamp(i, -32768, 32767));
  case ChannelType::UnsignedInt8:
    return std::min(v, 255u);
  case ChannelType::UnsignedInt16:
    return std::min(v, 65535u);
  case ChannelType::HalfFloat:
    return std::bit_cast<uint16_t>(static_cast<_Float16>(x));
  default:
    return v;
  }
}

// Where channel c (r, g, b, a) of a pixel is stored (-1: the order has none).
int storedChannel(ChannelOrder o, unsigned c) {
  if (o == ChannelOrder::BGRA)
    return c == 0 ? 2 : c == 2 ? 0 : static_cast<int>(c);
  return c < channels(o) ? static_cast<int>(c) : -1;
}

// The (r, g, b, a) a pixel reads as.
std::array<uint32_t, 4> pixelValue(ImageFormat f, const uint8_t *p) {
  const bool isInt = isIntType(f.type);
  std::array<uint32_t, 4> v = {0, 0, 0, isInt ? 1u : std::bit_cast<uint32_t>(1.0f)};
  for (unsigned c = 0; c < 4; ++c)
    if (int s = storedChannel(f.order, c); s >= 0)
      v[c] = channelValue(f.type, p + s * channelBytes(f.type));
  return v;
}

struct HostImage {
  ImageDesc desc;
  std::vector<uint8_t> bytes;
  unsigned spatial() const {
    return desc.type == ImageType::Image3D                                           ? 3
           : desc.type == ImageType::Image2D || desc.type == ImageType::Image2DArray ? 2
                                                                                     : 1;
  }
  bool array() const {
    return desc.type == ImageType::Image1DArray || desc.type == ImageType::Image2DArray;
  }
  // Pixels along x, y, z (z: depth or layers).
  uint32_t extent(unsigned axis) const {
    if (axis == 0)
      return desc.width;
    if (axis == 1)
      return spatial() >= 2 ? desc.height : array() ? desc.arraySize : 1;
    return desc.type == ImageType::Image3D ? desc.depth : array() ? desc.arraySize : 1;
  }
  size_t offset(uint32_t x, uint32_t y, uint32_t z) const {
    const uint32_t rows = spatial() >= 2 ? desc.height : 1;
    const uint32_t layer = spatial() == 1 && array() ? y : z;
    const uint32_t row = spatial() == 1 ? 0 : y;
    return ((size_t{layer} * rows + row) * desc.width + x) * pixelBytes(desc.format);
  }
};

HostImage randomImage(ImageDesc d, std::mt19937 &rng) {
  HostImage h{d, std::vector<uint8_t>(runtime::imageBytes(d))};
  for (uint8_t &b : h.bytes)
    b = static_cast<uint8_t>(rng());
  if (d.format.type == ChannelType::HalfFloat || d.format.type == ChannelType::Float) {
    // Finite values of moderate size (NaN payloads and overflow are not what is tested here).
    std::uniform_real_distribution<float> val(-4.0f, 4.0f);
    const unsigned n = channelBytes(d.format.type);
    for (size_t at = 0; at + n <= h.bytes.size(); at += n) {
      const float x = val(rng);
      if (n == 2) {
        const uint16_t b = std::bit_cast<uint16_t>(static_cast<_Float16>(x));
        std::memcpy(&h.bytes[at], &b, 2);
      } else {
        std::memcpy(&h.bytes[at], &x, 4);
      }
    }
  }
  return h;
}

// The OpenCL sampler: one axis of coordinate `s` for an image extent `n` (the specification's
// "Addressing and Filter Modes" pseudo-code, written out per mode). Returns the pixel indices to
// blend (i0 alone for nearest) and the weight of i1; -1 stands for the border.
struct Taps {
  int i0, i1;
  float a;
};
float fracf(float x) { return x - std::floor(x); }
Taps sampleAxis(float s, int n, const SamplerDesc &sm, bool linear) {
  const float w = static_cast<float>(n);
  Taps t{0, 0, 0.0f};
  auto edge = [&](int i) { return std::min(std::max(i, 0), n - 1); };
  auto border = [&](int i) { return i < 0 || i > n - 1 ? -1 : i; };
  switch (sm.address) {
  case AddressMode::Repeat: {
    const float u = (s - std::floor(s)) * w;
    if (!linear) {
      int i = static_cast<int>(std::floor(u));
      if (i > n - 1)
        i = i - n;
      t.i0 = i;
    } else {
      int i0 = static_cast<int>(std::floor(u - 0.5f)), i1 = i0 + 1;
      if (i0 < 0)
        i0 = n + i0;
      if (i1 > n - 1)
        i1 = i1 - n;
      t = {i0, i1, fracf(u - 0.5f)};
    }
    return t;
  }
  case AddressMode::MirroredRepeat: {
    float sp = 2.0f * std::rint(0.5f * s);
    sp = std::fabs(s - sp);
    const float u = sp * w;
    if (!linear) {
      t.i0 = std::min(static_cast<int>(std::floor(u)), n - 1);
    } else {
      const int i0 = static_cast<int>(std::floor(u - 0.5f));
      t = {std::max(i0, 0), std::min(i0 + 1, n - 1), fracf(u - 0.5f)};
    }
    return t;
  }
  default: {
    const float u = sm.normalized ? s * w : s;
    auto mode = [&](int i) { return sm.address == AddressMode::Clamp ? border(i) : edge(i); };
    if (!linear) {
      t.i0 = mode(static_cast<int>(std::floor(u)));
    } else {
      const int i0 = static_cast<int>(std::floor(u - 0.5f));
      t = {mode(i0), mode(i0 + 1), fracf(u - 0.5f)};
    }
    return t;
  }
  }
}

// read_imagef(image, sampler, coord): coord has spatial() components, then the layer.
std::array<float, 4> sampleHost(const HostImage &h, const SamplerDesc &sm, const float *coord) {
  const bool linear = sm.filter == FilterMode::Linear;
  const unsigned dims = h.spatial();
  Taps t[3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
  for (unsigned d = 0; d < dims; ++d)
    t[d] = sampleAxis(coord[d], static_cast<int>(h.extent(d)), sm, linear);
  int layer = 0;
  if (h.array()) {
    const int layers = static_cast<int>(h.desc.arraySize);
    layer = std::min(std::max(static_cast<int>(std::rint(coord[dims])), 0), layers - 1);
  }
  const bool hasAlpha =
      h.desc.format.order == ChannelOrder::RGBA || h.desc.format.order == ChannelOrder::BGRA;
  auto pixel = [&](int x, int y, int z) -> std::array<double, 4> {
    if (x < 0 || y < 0 || z < 0) // the border colour: (0, 0, 0, 0), alpha 1 without alpha
      return {0, 0, 0, hasAlpha ? 0.0 : 1.0};
    const size_t at =
        h.array() ? h.offset(x, dims == 1 ? layer : y, dims == 1 ? 0 : layer) : h.offset(x, y, z);
    const std::array<uint32_t, 4> v = pixelValue(h.desc.format, &h.bytes[at]);
    std::array<double, 4> r{};
    for (unsigned c = 0; c < 4; ++c)
      r[c] = isIntType(h.desc.format.type) ? static_cast<double>(static_cast<int32_t>(v[c]))
                                           : std::bit_cast<float>(v[c]);
    return r;
  };
  std::array<double, 4> sum{};
  const unsigned nx = linear ? 2 : 1, ny = linear && dims >= 2 ? 2 : 1,
                 nz = linear && dims == 3 ? 2 : 1;
  for (unsigned k = 0; k < nz; ++k)
    for (unsigned j = 0; j < ny; ++j)
      for (unsigned i = 0; i < nx; ++i) {
        double weight = 1.0;
        if (linear) {
          weight *= i ? t[0].a : 1.0 - t[0].a;
          if (dims >= 2)
            weight *= j ? t[1].a : 1.0 - t[1].a;
          if (dims == 3)
            weight *= k ? t[2].a : 1.0 - t[2].a;
        }
        const std::array<double, 4> p =
            pixel(i ? t[0].i1 : t[0].i0, dims >= 2 ? (j ? t[1].i1 : t[1].i0) : 0,
                  dims == 3 ? (k ? t[2].i1 : t[2].i0) : 0);
        for (unsigned c = 0; c < 4; ++c)
          sum[c] += weight * p[c];
      }
  return {static_cast<float>(sum[0]), static_cast<float>(sum[1]), static_cast<float>(sum[2]),
          static_cast<float>(sum[3])};
}

// ---- device helpers --------------------------------------------------------------------------

struct DeviceImage {
  ImageDesc desc;
  uint64_t bytes = 0;
};

DeviceImage uploadImage(runtime::Device &dev, const HostImage &h) {
  DeviceImage d{h.desc, h.bytes.size()};
  d.desc.data = dev.alloc(std::max<uint64_t>(h.bytes.size(), 1));
  EXPECT_NE(d.desc.data, 0u);
  if (!h.bytes.empty()) {
    EXPECT_TRUE(dev.copyIn(d.desc.data, h.bytes.data(), h.bytes.size()));
  }
  return d;
}

std::vector<uint8_t> downloadImage(runtime::Device &dev, const DeviceImage &d) {
  std::vector<uint8_t> v(d.bytes);
  EXPECT_TRUE(dev.copyOut(v.data(), d.desc.data, d.bytes));
  return v;
}

void launchOk(runtime::Device &dev, const runtime::Module &m, const char *kernel,
              runtime::Dim3 grid, runtime::Dim3 block, const runtime::KernelArgs &args) {
  runtime::LaunchResult r = runtime::launch(dev, m, kernel, {grid, block}, args);
  ASSERT_TRUE(r.ok()) << r.error;
}

class ImageTest : public ::testing::TestWithParam<unsigned> {
protected:
  unsigned wave() const { return GetParam(); }
  std::unique_ptr<runtime::Module> build(runtime::Device &dev, const std::string &src) {
    return buildModule(dev, src, wave(), kImageFlags);
  }
};

// ---- integer-coordinate reads and writes -----------------------------------------------------

constexpr const char *kCopyKernels = R"(
__kernel void copyf2d(read_only image2d_t src, write_only image2d_t dst) {
  int2 c = (int2)(get_global_id(0), get_global_id(1));
  write_imagef(dst, c, read_imagef(src, c) * 2.0f - 0.25f);
}
__kernel void copyi2d(read_only image2d_t src, write_only image2d_t dst) {
  int2 c = (int2)(get_global_id(0), get_global_id(1));
  write_imagei(dst, c, read_imagei(src, c) * 3 - 7);
}
__kernel void copyui2d(read_only image2d_t src, write_only image2d_t dst) {
  int2 c = (int2)(get_global_id(0), get_global_id(1));
  write_imageui(dst, c, read_imageui(src, c) * 3u + 1u);
}
__kernel void copyh2d(read_only image2d_t src, write_only image2d_t dst) {
  int2 c = (int2)(get_global_id(0), get_global_id(1));
  write_imageh(dst, c, read_imageh(src, c) * (half)2.0f);
}
__kernel void copyf1d(read_only image1d_t src, write_only image1d_t dst) {
  int x = get_global_id(0);
  write_imagef(dst, x, read_imagef(src, x) * 2.0f - 0.25f);
}
__kernel void copyf3d(read_only image3d_t src, write_only image3d_t dst) {
  int4 c = (int4)(get_global_id(0), get_global_id(1), get_global_id(2), 0);
  write_imagef(dst, c, read_imagef(src, c) * 2.0f - 0.25f);
}
__kernel void copyf1da(read_only image1d_array_t src, write_only image1d_array_t dst) {
  int2 c = (int2)(get_global_id(0), get_global_id(1));
  write_imagef(dst, c, read_imagef(src, c) * 2.0f - 0.25f);
}
__kernel void copyf2da(read_only image2d_array_t src, write_only image2d_array_t dst) {
  int4 c = (int4)(get_global_id(0), get_global_id(1), get_global_id(2), 0);
  write_imagef(dst, c, read_imagef(src, c) * 2.0f - 0.25f);
}
__kernel void copyf1db(read_only image1d_buffer_t src, write_only image1d_buffer_t dst) {
  int x = get_global_id(0);
  write_imagef(dst, x, read_imagef(src, x) * 2.0f - 0.25f);
}
)";

// The image the copy kernels make of `src`: each pixel's (r, g, b, a) through `op`, stored.
template <class Op> std::vector<uint8_t> hostCopy(const HostImage &src, Op op) {
  std::vector<uint8_t> out(src.bytes.size());
  const ImageFormat f = src.desc.format;
  const unsigned px = pixelBytes(f), cb = channelBytes(f.type);
  for (size_t at = 0; at + px <= src.bytes.size(); at += px) {
    const std::array<uint32_t, 4> v = pixelValue(f, &src.bytes[at]);
    for (unsigned c = 0; c < 4; ++c)
      if (int s = storedChannel(f.order, c); s >= 0) {
        const uint32_t stored = channelStored(f.type, op(v[c]));
        std::memcpy(&out[at + s * cb], &stored, cb);
      }
  }
  return out;
}

uint32_t scaleF(uint32_t v) {
  return std::bit_cast<uint32_t>(std::bit_cast<float>(v) * 2.0f - 0.25f);
}

struct CopyCase {
  ImageType type;
  const char *kernel;
  uint32_t w, h, d;
  runtime::Dim3 grid;
};

TEST_P(ImageTest, CopyEveryFloatFormatAndGeometry) {
  runtime::Device dev;
  auto m = build(dev, kCopyKernels);
  ASSERT_TRUE(m);
  std::mt19937 rng(7 + wave());
  const ImageFormat formats[] = {
      {ChannelOrder::RGBA, ChannelType::UnormInt8},  {ChannelOrder::R, ChannelType::Float},
      {ChannelOrder::RG, ChannelType::HalfFloat},    {ChannelOrder::BGRA, ChannelType::UnormInt8},
      {ChannelOrder::RGBA, ChannelType::SnormInt16}, {ChannelOrder::RGBA, ChannelType::UnormInt16},
      {ChannelOrder::R, ChannelType::SnormInt8},     {ChannelOrder::RG, ChannelType::UnormInt8},
      {ChannelOrder::RGBA, ChannelType::Float},      {ChannelOrder::RGBA, ChannelType::HalfFloat},
  };
  const CopyCase cases[] = {
      {ImageType::Image2D, "copyf2d", 13, 7, 1, {13, 7, 1}},
      {ImageType::Image1D, "copyf1d", 37, 1, 1, {37, 1, 1}},
      {ImageType::Image3D, "copyf3d", 5, 4, 3, {5, 4, 3}},
      {ImageType::Image1DArray, "copyf1da", 9, 1, 4, {9, 4, 1}},
      {ImageType::Image2DArray, "copyf2da", 6, 5, 3, {6, 5, 3}},
  };
  for (const CopyCase &c : cases)
    for (const ImageFormat &f : formats) {
      SCOPED_TRACE(std::string(c.kernel) + " " + runtime::imageFormatName(f));
      ImageDesc d;
      d.type = c.type;
      d.format = f;
      d.width = c.w;
      d.height = c.h;
      d.depth = c.type == ImageType::Image3D ? c.d : 1;
      d.arraySize =
          c.type == ImageType::Image1DArray || c.type == ImageType::Image2DArray ? c.d : 1;
      if (c.type == ImageType::Image1DArray)
        d.height = 1;
      const HostImage src = randomImage(d, rng);
      const DeviceImage in = uploadImage(dev, src),
                        out =
                            uploadImage(dev, HostImage{d, std::vector<uint8_t>(src.bytes.size())});
      launchOk(dev, *m, c.kernel, c.grid, {4, 2, 1},
               runtime::KernelArgs().addImage(in.desc).addImage(out.desc));
      EXPECT_EQ(downloadImage(dev, out), hostCopy(src, scaleF));
    }
}

TEST_P(ImageTest, CopyIntegerHalfAndBufferImages) {
  runtime::Device dev;
  auto m = build(dev, kCopyKernels);
  ASSERT_TRUE(m);
  std::mt19937 rng(11 + wave());
  struct Case {
    ImageFormat f;
    const char *kernel;
    uint32_t (*op)(uint32_t);
  };
  // x * 3 - 7 on int32 wraps on the GPU; the same bits in unsigned arithmetic (no host UB).
  auto opI = [](uint32_t v) { return v * 3u - 7u; };
  auto opU = [](uint32_t v) { return v * 3u + 1u; };
  // read_imageh / write_imageh: d16 data, rounded to half before the multiply and back.
  auto opH = [](uint32_t v) {
    const _Float16 h = static_cast<_Float16>(std::bit_cast<float>(v));
    return std::bit_cast<uint32_t>(static_cast<float>(static_cast<_Float16>(h * (_Float16)2.0f)));
  };
  const Case cases[] = {
      {{ChannelOrder::RGBA, ChannelType::SignedInt8}, "copyi2d", opI},
      {{ChannelOrder::R, ChannelType::SignedInt16}, "copyi2d", opI},
      {{ChannelOrder::RG, ChannelType::SignedInt32}, "copyi2d", opI},
      {{ChannelOrder::RGBA, ChannelType::UnsignedInt8}, "copyui2d", opU},
      {{ChannelOrder::R, ChannelType::UnsignedInt16}, "copyui2d", opU},
      {{ChannelOrder::RGBA, ChannelType::UnsignedInt32}, "copyui2d", opU},
      {{ChannelOrder::RGBA, ChannelType::HalfFloat}, "copyh2d", opH},
      {{ChannelOrder::RG, ChannelType::UnormInt16}, "copyh2d", opH},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(std::string(c.kernel) + " " + runtime::imageFormatName(c.f));
    ImageDesc d;
    d.format = c.f;
    d.width = 11;
    d.height = 6;
    const HostImage src = randomImage(d, rng);
    const DeviceImage in = uploadImage(dev, src),
                      out = uploadImage(dev, HostImage{d, std::vector<uint8_t>(src.bytes.size())});
    launchOk(dev, *m, c.kernel, {11, 6, 1}, {8, 2, 1},
             runtime::KernelArgs().addImage(in.desc).addImage(out.desc));
    EXPECT_EQ(downloadImage(dev, out), hostCopy(src, c.op));
  }
  // 1-D buffer images go through typed buffer loads and stores.
  for (ImageFormat f : {ImageFormat{ChannelOrder::RGBA, ChannelType::UnormInt8},
                        ImageFormat{ChannelOrder::R, ChannelType::Float}}) {
    ImageDesc d;
    d.type = ImageType::Image1DBuffer;
    d.format = f;
    d.width = 45;
    const HostImage src = randomImage(d, rng);
    const DeviceImage in = uploadImage(dev, src),
                      out = uploadImage(dev, HostImage{d, std::vector<uint8_t>(src.bytes.size())});
    launchOk(dev, *m, "copyf1db", {45, 1, 1}, {16, 1, 1},
             runtime::KernelArgs().addImage(in.desc).addImage(out.desc));
    EXPECT_EQ(downloadImage(dev, out), hostCopy(src, scaleF)) << runtime::imageFormatName(f);
  }
}

// Reads outside the image return 0, writes outside are dropped (no fault), and constant
// coordinates (a16 addresses) read the right texel.
TEST_P(ImageTest, OutOfRangeAndConstantCoordinates) {
  runtime::Device dev;
  auto m = build(dev, R"(
__kernel void edges(read_only image2d_t src, write_only image2d_t dst, __global float4 *out) {
  int i = get_global_id(0);
  out[i] = read_imagef(src, (int2)(i - 4, i % 3 - 1));
  write_imagef(dst, (int2)(i - 4, 2 * i - 9), (float4)(1.0f, 0.5f, 0.25f, 1.0f));
  if (i == 0)
    out[64] = read_imagef(src, (int2)(3, 1));
}
)");
  ASSERT_TRUE(m);
  std::mt19937 rng(3);
  ImageDesc d;
  d.format = {ChannelOrder::RGBA, ChannelType::Float};
  d.width = 8;
  d.height = 2;
  const HostImage src = randomImage(d, rng);
  const DeviceImage in = uploadImage(dev, src),
                    out = uploadImage(dev, HostImage{d, std::vector<uint8_t>(src.bytes.size())});
  const uint64_t res = dev.alloc(65 * 16);
  launchOk(dev, *m, "edges", {20, 1, 1}, {20, 1, 1},
           runtime::KernelArgs().addImage(in.desc).addImage(out.desc).add(res));
  const std::vector<float> got = download<float>(dev, res, 65 * 4);
  for (int i = 0; i < 20; ++i) {
    const int x = i - 4, y = i % 3 - 1;
    std::array<uint32_t, 4> want = {};
    if (x >= 0 && x < 8 && y >= 0 && y < 2)
      want = pixelValue(d.format, &src.bytes[src.offset(x, y, 0)]);
    for (unsigned c = 0; c < 4; ++c)
      EXPECT_EQ(std::bit_cast<uint32_t>(got[i * 4 + c]), want[c]) << "lane " << i << " c " << c;
  }
  const std::array<uint32_t, 4> at31 = pixelValue(d.format, &src.bytes[src.offset(3, 1, 0)]);
  for (unsigned c = 0; c < 4; ++c)
    EXPECT_EQ(std::bit_cast<uint32_t>(got[64 * 4 + c]), at31[c]);
  std::vector<uint8_t> want(src.bytes.size(), 0);
  for (int i = 0; i < 20; ++i) {
    const int x = i - 4, y = 2 * i - 9;
    if (x >= 0 && x < 8 && y >= 0 && y < 2) {
      const float v[4] = {1.0f, 0.5f, 0.25f, 1.0f};
      std::memcpy(&want[src.offset(x, y, 0)], v, 16);
    }
  }
  EXPECT_EQ(downloadImage(dev, out), want);
}

// ---- samplers ---------------------------------------------------------------------------------

constexpr const char *kSampleKernels = R"(
// out[i] = read_image<R>(img, s, coordinate i of the buffer).
#define SAMPLE(name, image, R, OUT, T, coord) \
  __kernel void name(read_only image img, sampler_t s, __global const T##4 *c, __global OUT##4 *out) { \
    int i = get_global_id(0); \
    out[i] = read_image##R(img, s, c[i]coord); \
  }
SAMPLE(s1d, image1d_t, f, float, float, .x)
SAMPLE(s2d, image2d_t, f, float, float, .xy)
SAMPLE(s3d, image3d_t, f, float, float, )
SAMPLE(s1da, image1d_array_t, f, float, float, .xy)
SAMPLE(s2da, image2d_array_t, f, float, float, )
SAMPLE(s2di, image2d_t, i, int, float, .xy)
SAMPLE(s2dint, image2d_t, f, float, int, .xy)
// Permuted coordinates: clang addresses these with NSA (non-sequential) register lists.
__kernel void s3dnsa(read_only image3d_t img, sampler_t s, __global const float4 *c, __global float4 *out) {
  int i = get_global_id(0);
  float4 p = c[i];
  out[3 * i] = read_imagef(img, s, p);
  out[3 * i + 1] = read_imagef(img, s, p.zyxw);
  out[3 * i + 2] = read_imagef(img, s, p.wzxy);
}
// A sampler in the kernel's code: clang passes the initializer's bits to
// __translate_sampler_initializer.
__kernel void sconst(read_only image2d_t img, __global const float4 *c, __global float4 *out) {
  const sampler_t s = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT | CLK_FILTER_LINEAR;
  int i = get_global_id(0);
  out[i] = read_imagef(img, s, c[i].xy);
}
)";

// Coordinates: random ones over [-1.5, 2.5] of the image (normalized) or [-3, size + 3] pixels,
// plus pixel centres and edges.
std::vector<float> sampleCoords(const HostImage &h, bool normalized, unsigned n,
                                std::mt19937 &rng) {
  std::vector<float> c(n * 4, 0.0f);
  const unsigned dims = h.spatial();
  for (unsigned i = 0; i < n; ++i) {
    for (unsigned d = 0; d < dims; ++d) {
      const float size = static_cast<float>(h.extent(d));
      float v;
      if (i % 5 == 0) // a pixel centre or an edge, inside or just outside
        v = (static_cast<float>(static_cast<int>(rng() % (h.extent(d) + 4)) - 2) +
             (i % 10 == 0 ? 0.5f : 0.0f));
      else
        v = std::uniform_real_distribution<float>(-3.0f, size + 3.0f)(rng);
      c[i * 4 + d] = normalized ? v / size : v;
    }
    if (h.array()) // the layer, rounded by the sampler, clamped to the layers
      c[i * 4 + dims] = std::uniform_real_distribution<float>(-1.0f, h.desc.arraySize + 1.0f)(rng);
  }
  return c;
}

void expectSamples(const HostImage &h, const SamplerDesc &sm, const std::vector<float> &coords,
                   const std::vector<float> &got) {
  const bool linear = sm.filter == FilterMode::Linear;
  for (size_t i = 0; i < coords.size() / 4; ++i) {
    const std::array<float, 4> want = sampleHost(h, sm, &coords[i * 4]);
    for (unsigned c = 0; c < 4; ++c) {
      if (linear) // the blend is the same formula; allow for the order of its additions
        EXPECT_NEAR(got[i * 4 + c], want[c], 1e-6f * std::max(1.0f, std::fabs(want[c])))
            << "sample " << i << " c " << c << " at " << coords[i * 4] << "," << coords[i * 4 + 1]
            << "," << coords[i * 4 + 2] << "," << coords[i * 4 + 3];
      else
        EXPECT_EQ(std::bit_cast<uint32_t>(got[i * 4 + c]), std::bit_cast<uint32_t>(want[c]))
            << "sample " << i << " c " << c << " at " << coords[i * 4] << "," << coords[i * 4 + 1]
            << "," << coords[i * 4 + 2] << "," << coords[i * 4 + 3];
    }
  }
}

std::string samplerName(const SamplerDesc &s) {
  static const char *kModes[] = {"none", "clamp_to_edge", "clamp", "repeat", "mirrored_repeat"};
  return std::string(s.normalized ? "normalized," : "unnormalized,") +
         kModes[static_cast<int>(s.address)] +
         (s.filter == FilterMode::Linear ? ",linear" : ",nearest");
}

TEST_P(ImageTest, SamplerEveryModeFilterAndCoordinateKind) {
  runtime::Device dev;
  auto m = build(dev, kSampleKernels);
  ASSERT_TRUE(m);
  std::mt19937 rng(21 + wave());
  struct Geometry {
    ImageType type;
    const char *kernel;
    uint32_t w, h, d;
    ImageFormat f;
  };
  const Geometry geometries[] = {
      {ImageType::Image2D, "s2d", 7, 5, 1, {ChannelOrder::RGBA, ChannelType::UnormInt8}},
      {ImageType::Image2D, "s2d", 4, 9, 1, {ChannelOrder::R, ChannelType::Float}},
      {ImageType::Image2D, "s2d", 6, 3, 1, {ChannelOrder::BGRA, ChannelType::UnormInt8}},
      {ImageType::Image1D, "s1d", 11, 1, 1, {ChannelOrder::RG, ChannelType::HalfFloat}},
      {ImageType::Image3D, "s3d", 4, 3, 5, {ChannelOrder::RGBA, ChannelType::SnormInt16}},
      {ImageType::Image1DArray, "s1da", 5, 1, 3, {ChannelOrder::RGBA, ChannelType::Float}},
      {ImageType::Image2DArray, "s2da", 3, 4, 3, {ChannelOrder::RG, ChannelType::UnormInt16}},
  };
  constexpr unsigned kSamples = 96;
  for (const Geometry &g : geometries) {
    ImageDesc d;
    d.type = g.type;
    d.format = g.f;
    d.width = g.w;
    d.height = g.type == ImageType::Image1D || g.type == ImageType::Image1DArray ? 1 : g.h;
    d.depth = g.type == ImageType::Image3D ? g.d : 1;
    d.arraySize = g.type == ImageType::Image1DArray || g.type == ImageType::Image2DArray ? g.d : 1;
    const HostImage h = randomImage(d, rng);
    const DeviceImage img = uploadImage(dev, h);
    for (bool normalized : {true, false})
      for (AddressMode mode : {AddressMode::ClampToEdge, AddressMode::Clamp, AddressMode::Repeat,
                               AddressMode::MirroredRepeat})
        for (FilterMode filter : {FilterMode::Nearest, FilterMode::Linear}) {
          // OpenCL defines repeat and mirrored repeat for normalized coordinates only.
          if (!normalized && (mode == AddressMode::Repeat || mode == AddressMode::MirroredRepeat))
            continue;
          const SamplerDesc sm{normalized, mode, filter};
          SCOPED_TRACE(std::string(g.kernel) + " " + runtime::imageFormatName(g.f) + " " +
                       samplerName(sm));
          const std::vector<float> coords = sampleCoords(h, normalized, kSamples, rng);
          const uint64_t c = upload(dev, coords), out = dev.alloc(kSamples * 16);
          launchOk(dev, *m, g.kernel, {kSamples, 1, 1}, {32, 1, 1},
                   runtime::KernelArgs().addImage(img.desc).addSampler(sm).add(c).add(out));
          expectSamples(h, sm, coords, download<float>(dev, out, kSamples * 4));
          dev.free(c);
          dev.free(out);
        }
  }
}

TEST_P(ImageTest, SamplerIntegerFormatsIntCoordinatesAndConstantSampler) {
  runtime::Device dev;
  auto m = build(dev, kSampleKernels);
  ASSERT_TRUE(m);
  std::mt19937 rng(5 + wave());
  ImageDesc d;
  d.format = {ChannelOrder::RGBA, ChannelType::SignedInt16};
  d.width = 6;
  d.height = 5;
  const HostImage hi = randomImage(d, rng);
  const DeviceImage imgI = uploadImage(dev, hi);
  constexpr unsigned n = 64;
  for (bool normalized : {true, false})
    for (AddressMode mode : {AddressMode::ClampToEdge, AddressMode::Clamp}) {
      const SamplerDesc sm{normalized, mode, FilterMode::Nearest};
      const std::vector<float> coords = sampleCoords(hi, normalized, n, rng);
      const uint64_t c = upload(dev, coords), out = dev.alloc(n * 16);
      launchOk(dev, *m, "s2di", {n, 1, 1}, {16, 1, 1},
               runtime::KernelArgs().addImage(imgI.desc).addSampler(sm).add(c).add(out));
      const std::vector<int32_t> got = download<int32_t>(dev, out, n * 4);
      for (unsigned i = 0; i < n; ++i) {
        const std::array<float, 4> want = sampleHost(hi, sm, &coords[i * 4]);
        for (unsigned k = 0; k < 4; ++k)
          EXPECT_EQ(got[i * 4 + k], static_cast<int32_t>(want[k])) << samplerName(sm) << " " << i;
      }
    }
  // Integer coordinates with an unnormalized nearest sampler read the pixel itself.
  d.format = {ChannelOrder::RGBA, ChannelType::UnormInt8};
  const HostImage hf = randomImage(d, rng);
  const DeviceImage imgF = uploadImage(dev, hf);
  std::vector<int32_t> ic(n * 4);
  std::vector<float> fc(n * 4);
  for (unsigned i = 0; i < n; ++i) {
    ic[i * 4] = static_cast<int32_t>(rng() % 10) - 2;
    ic[i * 4 + 1] = static_cast<int32_t>(rng() % 9) - 2;
    fc[i * 4] = static_cast<float>(ic[i * 4]);
    fc[i * 4 + 1] = static_cast<float>(ic[i * 4 + 1]);
  }
  const SamplerDesc edge{false, AddressMode::ClampToEdge, FilterMode::Nearest};
  uint64_t c = upload(dev, ic), out = dev.alloc(n * 16);
  launchOk(dev, *m, "s2dint", {n, 1, 1}, {16, 1, 1},
           runtime::KernelArgs().addImage(imgF.desc).addSampler(edge).add(c).add(out));
  expectSamples(hf, edge, fc, download<float>(dev, out, n * 4));
  // The kernel's own sampler.
  const SamplerDesc mirror{true, AddressMode::MirroredRepeat, FilterMode::Linear};
  const std::vector<float> coords = sampleCoords(hf, true, n, rng);
  c = upload(dev, coords);
  launchOk(dev, *m, "sconst", {n, 1, 1}, {16, 1, 1},
           runtime::KernelArgs().addImage(imgF.desc).add(c).add(out));
  expectSamples(hf, mirror, coords, download<float>(dev, out, n * 4));
}

// ---- queries ---------------------------------------------------------------------------------

TEST_P(ImageTest, SizeAndFormatQueries) {
  runtime::Device dev;
  auto m = build(dev, R"(
__kernel void q(read_only image1d_t a, read_only image2d_t b, read_only image3d_t c,
                read_only image1d_array_t d, write_only image2d_array_t e,
                read_only image1d_buffer_t f, __global int *o) {
  o[0] = get_image_width(a);
  o[1] = get_image_width(b); o[2] = get_image_height(b);
  int2 bd = get_image_dim(b); o[3] = bd.x; o[4] = bd.y;
  o[5] = get_image_width(c); o[6] = get_image_height(c); o[7] = get_image_depth(c);
  int4 cd = get_image_dim(c); o[8] = cd.x; o[9] = cd.y; o[10] = cd.z; o[11] = cd.w;
  o[12] = get_image_width(d); o[13] = (int)get_image_array_size(d);
  o[14] = get_image_width(e); o[15] = get_image_height(e); o[16] = (int)get_image_array_size(e);
  o[17] = get_image_width(f);
  o[18] = get_image_channel_data_type(b); o[19] = get_image_channel_order(b);
  o[20] = get_image_channel_data_type(c); o[21] = get_image_channel_order(c);
  o[22] = get_image_channel_data_type(a); o[23] = get_image_channel_order(a);
}
)");
  ASSERT_TRUE(m);
  auto make = [&](ImageType t, uint32_t w, uint32_t h, uint32_t depth, uint32_t layers,
                  ImageFormat f) {
    ImageDesc d;
    d.type = t;
    d.format = f;
    d.width = w;
    d.height = h;
    d.depth = depth;
    d.arraySize = layers;
    d.data = dev.alloc(runtime::imageBytes(d));
    return d;
  };
  const ImageFormat rgba8{ChannelOrder::RGBA, ChannelType::UnormInt8};
  const uint64_t o = dev.alloc(24 * 4);
  launchOk(
      dev, *m, "q", {1, 1, 1}, {1, 1, 1},
      runtime::KernelArgs()
          .addImage(
              make(ImageType::Image1D, 300, 1, 1, 1, {ChannelOrder::BGRA, ChannelType::UnormInt8}))
          .addImage(make(ImageType::Image2D, 1000, 77, 1, 1, {ChannelOrder::R, ChannelType::Float}))
          .addImage(
              make(ImageType::Image3D, 9, 8, 7, 1, {ChannelOrder::RG, ChannelType::SignedInt16}))
          .addImage(make(ImageType::Image1DArray, 17, 1, 1, 6, rgba8))
          .addImage(make(ImageType::Image2DArray, 3, 5, 1, 11, rgba8))
          .addImage(make(ImageType::Image1DBuffer, 4097, 1, 1, 1, rgba8))
          .add(o));
  const std::vector<int32_t> got = download<int32_t>(dev, o, 24);
  const std::vector<int32_t> want = {300, 1000, 77, 1000, 77, 9, 8, 7, 9, 8, 7, 0, 17, 6, 3, 5, 11,
                                     4097,
                                     // CLK_FLOAT, CLK_R, CLK_SIGNED_INT16, CLK_RG,
                                     // CLK_UNORM_INT8, CLK_BGRA
                                     0x10DE, 0x10B0, 0x10D8, 0x10B2, 0x10D2, 0x10B6};
  EXPECT_EQ(got, want);
}

// ---- atomics and the other instructions, through the intrinsics ------------------------------

constexpr const char *kIntrinsicKernels = R"(
typedef int gk8 __attribute__((ext_vector_type(8)));
#define T(img) (*__builtin_astype(img, __constant gk8 *))
#define ATOMIC(op) \
  int at_##op(int v, int x, int y, gk8 t, int tfe, int cp) __asm("llvm.amdgcn.image.atomic." #op ".2d.i32.i32");
ATOMIC(swap) ATOMIC(add) ATOMIC(sub) ATOMIC(smin) ATOMIC(umin) ATOMIC(smax) ATOMIC(umax)
ATOMIC(and) ATOMIC(or) ATOMIC(xor) ATOMIC(inc) ATOMIC(dec)
int at_cmpswap(int v, int cmp, int x, int y, gk8 t, int tfe, int cp) __asm("llvm.amdgcn.image.atomic.cmpswap.2d.i32.i32");

// Every lane applies `op` with its data to texel (lane % 5, lane % 3 ... as given); the old
// values it sees go to old[].
#define ATOMIC_KERNEL(op) \
__kernel void k_##op(read_write image2d_t img, __global const int *data, __global int *old) { \
  int i = get_global_id(0); \
  old[i] = at_##op(data[i], i % 4, (i / 4) % 3, T(img), 0, 0); \
}
ATOMIC_KERNEL(swap) ATOMIC_KERNEL(add) ATOMIC_KERNEL(sub) ATOMIC_KERNEL(smin) ATOMIC_KERNEL(umin)
ATOMIC_KERNEL(smax) ATOMIC_KERNEL(umax) ATOMIC_KERNEL(and) ATOMIC_KERNEL(or) ATOMIC_KERNEL(xor)
ATOMIC_KERNEL(inc) ATOMIC_KERNEL(dec)
__kernel void k_cmpswap(read_write image2d_t img, __global const int *data, __global int *old) {
  int i = get_global_id(0);
  old[i] = at_cmpswap(data[i], i, i % 4, (i / 4) % 3, T(img), 0, 0);
}
// No returned value: the instruction without glc. Out-of-range lanes do nothing.
__kernel void k_add_noret(read_write image2d_t img, __global const int *data) {
  int i = get_global_id(0);
  at_add(data[i], i % 6 - 1, (i / 6) % 4 - 1, T(img), 0, 0);
}

float4 smp(int dmask, float s, float t, gk8 r, int4 sm, bool unorm, int tfe, int cp) __asm("llvm.amdgcn.image.sample.2d.v4f32.f32");
float4 smp_l(int dmask, float s, float t, float lod, gk8 r, int4 sm, bool unorm, int tfe, int cp) __asm("llvm.amdgcn.image.sample.l.2d.v4f32.f32");
float4 smp_b(int dmask, float bias, float s, float t, gk8 r, int4 sm, bool unorm, int tfe, int cp) __asm("llvm.amdgcn.image.sample.b.2d.v4f32.f32");
float4 smp_cl(int dmask, float s, float t, float clamp, gk8 r, int4 sm, bool unorm, int tfe, int cp) __asm("llvm.amdgcn.image.sample.cl.2d.v4f32.f32");
float4 ld_mip(int dmask, int s, int t, int mip, gk8 r, int tfe, int cp) __asm("llvm.amdgcn.image.load.mip.2d.v4f32.i32");
float2 ld_xz(int dmask, int s, int t, gk8 r, int tfe, int cp) __asm("llvm.amdgcn.image.load.2d.v2f32.i32");
#define S(smp) (*__builtin_astype(smp, __constant int4 *))
__kernel void variants(read_only image2d_t img, sampler_t s, __global const float4 *c, __global float4 *out, int mip) {
  int i = get_global_id(0);
  float2 p = c[i].xy;
  out[5 * i + 0] = smp(0xf, p.x, p.y, T(img), S(s), false, 0, 0);
  out[5 * i + 1] = smp_l(0xf, p.x, p.y, 0.0f, T(img), S(s), false, 0, 0);
  out[5 * i + 2] = smp_b(0xf, -1.0f, p.x, p.y, T(img), S(s), false, 0, 0);
  out[5 * i + 3] = smp_cl(0xf, p.x, p.y, 4.0f, T(img), S(s), false, 0, 0);
  float2 xz = ld_xz(0x5, i % 4, i % 3, T(img), 0, 0);
  float4 m = ld_mip(0xf, i % 4, i % 3, mip, T(img), 0, 0);
  out[5 * i + 4] = (float4)(xz.x, xz.y, m.y, m.w);
}
// A T# and S# from memory, so tests can hand the emulator any descriptor.
float4 raw_ld(int dmask, int s, int t, gk8 r, int tfe, int cp) __asm("llvm.amdgcn.image.load.2d.v4f32.i32");
float4 raw_smp(int dmask, float s, float t, gk8 r, int4 sm, bool unorm, int tfe, int cp) __asm("llvm.amdgcn.image.sample.lz.2d.v4f32.f32");
__kernel void raw(__global const gk8 *t, __global const int4 *sm, __global float4 *out) {
  int i = get_global_id(0);
  out[3 * i] = raw_ld(0xf, i, 0, t[0], 0, 0);
  out[3 * i + 1] = raw_smp(0xf, i + 0.5f, 0.5f, t[0], sm[0], true, 0, 0);
  out[3 * i + 2] = smp(0xf, i + 0.5f, 0.5f, t[0], sm[0], true, 0, 0);
}
// A store of the y component alone (dmask 0x2): the other components keep their memory.
void st_y(float v, int dmask, int s, int t, gk8 r, int tfe, int cp) __asm("llvm.amdgcn.image.store.2d.f32.i32");
__kernel void store_y(write_only image2d_t img) {
  int i = get_global_id(0);
  st_y(i * 0.5f, 0x2, i, 1, T(img), 0, 0);
}
)";

int32_t hostAtomic(const std::string &op, int32_t m, int32_t v) {
  const uint32_t um = static_cast<uint32_t>(m), uv = static_cast<uint32_t>(v);
  if (op == "swap")
    return v;
  if (op == "add")
    return static_cast<int32_t>(um + uv);
  if (op == "sub")
    return static_cast<int32_t>(um - uv);
  if (op == "smin")
    return std::min(m, v);
  if (op == "umin")
    return static_cast<int32_t>(std::min(um, uv));
  if (op == "smax")
    return std::max(m, v);
  if (op == "umax")
    return static_cast<int32_t>(std::max(um, uv));
  if (op == "and")
    return m & v;
  if (op == "or")
    return m | v;
  if (op == "xor")
    return m ^ v;
  if (op == "inc")
    return static_cast<int32_t>(um >= uv ? 0 : um + 1);
  return static_cast<int32_t>(um == 0 || um > uv ? uv : um - 1); // dec
}

TEST_P(ImageTest, AtomicsEveryOperation) {
  runtime::Device dev;
  auto m = build(dev, kIntrinsicKernels);
  ASSERT_TRUE(m);
  std::mt19937 rng(9 + wave());
  // One work-group of one wave: the lanes run in order, so the old values are exactly those a
  // sequential application gives.
  const unsigned n = wave();
  for (const char *op : {"swap", "add", "sub", "smin", "umin", "smax", "umax", "and", "or", "xor",
                         "inc", "dec", "cmpswap"}) {
    for (ChannelType t : {ChannelType::SignedInt32, ChannelType::UnsignedInt32}) {
      SCOPED_TRACE(std::string(op));
      ImageDesc d;
      d.format = {ChannelOrder::R, t};
      d.width = 4;
      d.height = 3;
      std::vector<int32_t> texels(12), data(n);
      for (int32_t &x : texels)
        x = static_cast<int32_t>(rng() % 40) - (t == ChannelType::SignedInt32 ? 20 : 0);
      for (unsigned i = 0; i < n; ++i)
        data[i] = static_cast<int32_t>(rng() % 40) - 10;
      if (std::string(op) == "cmpswap") // some lanes find their compare value (their index)
        for (unsigned i = 0; i < 12; i += 2)
          texels[i] = static_cast<int32_t>(i);
      HostImage h{d, std::vector<uint8_t>(48)};
      std::memcpy(h.bytes.data(), texels.data(), 48);
      const DeviceImage img = uploadImage(dev, h);
      const uint64_t da = upload(dev, data), old = dev.alloc(n * 4);
      launchOk(dev, *m, ("k_" + std::string(op)).c_str(), {n, 1, 1}, {n, 1, 1},
               runtime::KernelArgs().addImage(img.desc).add(da).add(old));
      std::vector<int32_t> want = texels, wantOld(n);
      for (unsigned i = 0; i < n; ++i) {
        int32_t &texel = want[(i % 4) + 4 * ((i / 4) % 3)];
        wantOld[i] = texel;
        if (std::string(op) == "cmpswap")
          texel = texel == static_cast<int32_t>(i) ? data[i] : texel;
        else
          texel = hostAtomic(op, texel, data[i]);
      }
      std::vector<int32_t> got(12);
      const std::vector<uint8_t> bytes = downloadImage(dev, img);
      std::memcpy(got.data(), bytes.data(), 48);
      EXPECT_EQ(got, want);
      EXPECT_EQ(download<int32_t>(dev, old, n), wantOld);
    }
  }
  // Without a returned value, across work-groups, with lanes outside the image.
  ImageDesc d;
  d.format = {ChannelOrder::R, ChannelType::UnsignedInt32};
  d.width = 4;
  d.height = 2;
  const DeviceImage img = uploadImage(dev, HostImage{d, std::vector<uint8_t>(32)});
  std::vector<int32_t> data(200);
  for (unsigned i = 0; i < data.size(); ++i)
    data[i] = static_cast<int32_t>(i * 7 + 1);
  const uint64_t da = upload(dev, data);
  launchOk(dev, *m, "k_add_noret", {200, 1, 1}, {64, 1, 1},
           runtime::KernelArgs().addImage(img.desc).add(da));
  std::vector<uint32_t> want(8, 0);
  for (int i = 0; i < 200; ++i) {
    const int x = i % 6 - 1, y = (i / 6) % 4 - 1;
    if (x >= 0 && x < 4 && y >= 0 && y < 2)
      want[x + 4 * y] += static_cast<uint32_t>(data[i]);
  }
  std::vector<uint32_t> got(8);
  const std::vector<uint8_t> bytes = downloadImage(dev, img);
  std::memcpy(got.data(), bytes.data(), 32);
  EXPECT_EQ(got, want);
}

// image_sample (implicit LOD: one level, equal filters), _l with LOD 0, _b, _cl give the _lz
// result; a dmask of x and z packs two registers; image_load_mip reads level 0.
TEST_P(ImageTest, SampleVariantsDmaskAndMipZero) {
  runtime::Device dev;
  auto m = build(dev, kIntrinsicKernels);
  ASSERT_TRUE(m);
  std::mt19937 rng(13 + wave());
  ImageDesc d;
  d.format = {ChannelOrder::RGBA, ChannelType::UnormInt8};
  d.width = 4;
  d.height = 3;
  const HostImage h = randomImage(d, rng);
  const DeviceImage img = uploadImage(dev, h);
  constexpr unsigned n = 48;
  const SamplerDesc sm{true, AddressMode::Repeat, FilterMode::Linear};
  const std::vector<float> coords = sampleCoords(h, true, n, rng);
  const uint64_t c = upload(dev, coords), out = dev.alloc(n * 5 * 16);
  launchOk(dev, *m, "variants", {n, 1, 1}, {16, 1, 1},
           runtime::KernelArgs().addImage(img.desc).addSampler(sm).add(c).add(out).add(0));
  const std::vector<float> got = download<float>(dev, out, n * 5 * 4);
  for (unsigned i = 0; i < n; ++i) {
    const std::array<float, 4> want = sampleHost(h, sm, &coords[i * 4]);
    for (unsigned v = 0; v < 4; ++v)
      for (unsigned k = 0; k < 4; ++k)
        EXPECT_NEAR(got[(5 * i + v) * 4 + k], want[k], 1e-6f) << "variant " << v << " sample " << i;
    const std::array<uint32_t, 4> px = pixelValue(d.format, &h.bytes[h.offset(i % 4, i % 3, 0)]);
    const uint32_t wantLast[4] = {px[0], px[2], px[1], px[3]};
    for (unsigned k = 0; k < 4; ++k)
      EXPECT_EQ(std::bit_cast<uint32_t>(got[(5 * i + 4) * 4 + k]), wantLast[k]) << i;
  }
  // Any other mip level is not emulated: the kernel stops with the reason.
  runtime::LaunchResult r = runtime::launch(
      dev, *m, "variants", {{n, 1, 1}, {16, 1, 1}},
      runtime::KernelArgs().addImage(img.desc).addSampler(sm).add(c).add(out).add(1));
  ASSERT_TRUE(r.fault);
  EXPECT_EQ(r.fault->kind, runtime::Fault::Kind::UnsupportedImage);
  EXPECT_NE(r.error.find("mip level 1 not emulated"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("image_load_mip"), std::string::npos) << r.error;
}

// Hand-made descriptors the emulator does not handle stop the kernel with a named fault; a T#
// pointing outside guest memory is a memory violation naming the instruction and the address.
TEST_P(ImageTest, UnsupportedDescriptorsAreNamedFaults) {
  runtime::Device dev;
  auto m = build(dev, kIntrinsicKernels);
  ASSERT_TRUE(m);
  ImageDesc d;
  d.format = {ChannelOrder::RGBA, ChannelType::UnormInt8};
  d.width = 8;
  d.height = 1;
  d.data = dev.alloc(runtime::imageBytes(d));
  std::string error;
  const std::vector<uint32_t> good = *runtime::encodeImage(d, error);
  const std::vector<uint32_t> sampler = runtime::encodeSampler({});
  struct Case {
    const char *what;
    unsigned dword, lo, width;
    uint32_t value;
    bool inSampler;
    const char *message;
  };
  const Case cases[] = {
      {"tiled", 3, 20, 5, 9, false, "tiled image (SW_MODE 9) not emulated"},
      {"cube", 3, 28, 4, 11, false, "image resource type 11 not emulated"},
      {"buffer type", 3, 28, 4, 0, false, "image resource type 0 not emulated"},
      {"3-D", 3, 28, 4, 10, false, "instruction dim 1 does not fit image resource type 10"},
      {"packed format", 1, 20, 8, 30, false, "image data format 30 (BUF_FMT_10_11_11_FLOAT)"},
      {"base level", 3, 12, 4, 2, false, "mip level 2 not emulated"},
      {"mirror once", 0, 0, 3, 3, true, "sampler clamp mode 3 not emulated"},
      {"aniso", 2, 20, 2, 2, true, "sampler filter 2 not emulated"},
      {"border table", 0, 0, 3, 6, true, "sampler border colour type 3"},
      {"linear integer", 1, 20, 8, 20, false, "linear filtering of integer image format 20"},
      {"implicit LOD", 2, 22, 2, 1, true, "sample with an implicit LOD"},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.what);
    std::vector<uint32_t> t(good.begin(), good.begin() + 8), s = sampler;
    std::vector<uint32_t> &v = c.inSampler ? s : t;
    const uint32_t mask = ((1u << c.width) - 1) << c.lo;
    v[c.dword] = (v[c.dword] & ~mask) | (c.value << c.lo);
    if (std::string(c.what) == "border table")
      s[3] |= 3u << 30;
    if (std::string(c.what) == "linear integer") // a bilinear sampler on R32_UINT texels
      s[2] |= 1u << 20 | 1u << 22;
    const uint64_t ta = upload(dev, t), sa = upload(dev, s), out = dev.alloc(64 * 32);
    runtime::LaunchResult r = runtime::launch(dev, *m, "raw", {{4, 1, 1}, {4, 1, 1}},
                                              runtime::KernelArgs().add(ta).add(sa).add(out));
    ASSERT_TRUE(r.fault) << r.error;
    EXPECT_EQ(r.fault->kind, runtime::Fault::Kind::UnsupportedImage);
    EXPECT_NE(r.error.find(c.message), std::string::npos) << r.error;
  }
  // The base address of a T# that is not guest memory.
  std::vector<uint32_t> t(good.begin(), good.begin() + 8);
  t[0] = 0x123;
  t[1] &= ~0xFFu;
  const uint64_t ta = upload(dev, t), sa = upload(dev, sampler), out = dev.alloc(64 * 32);
  runtime::LaunchResult r = runtime::launch(dev, *m, "raw", {{4, 1, 1}, {4, 1, 1}},
                                            runtime::KernelArgs().add(ta).add(sa).add(out));
  ASSERT_TRUE(r.fault) << r.error;
  EXPECT_EQ(r.fault->kind, runtime::Fault::Kind::MemoryViolation);
  EXPECT_EQ(r.fault->address, 0x12300u);
  EXPECT_EQ(r.fault->lane, 0);
  EXPECT_NE(r.error.find("image_load"), std::string::npos) << r.error;
}

// Arguments the launch cannot make descriptors of, and arguments of the wrong kind.
TEST_P(ImageTest, BadImageArguments) {
  runtime::Device dev;
  auto m = build(dev, kCopyKernels);
  ASSERT_TRUE(m);
  ImageDesc d;
  d.width = 4;
  d.height = 4;
  d.data = dev.alloc(64);
  auto err = [&](const runtime::KernelArgs &a) {
    runtime::LaunchResult r = runtime::launch(dev, *m, "copyf2d", {{4, 4, 1}, {4, 4, 1}}, a);
    EXPECT_FALSE(r.fault);
    return r.error;
  };
  ImageDesc big = d;
  big.width = 20000;
  EXPECT_NE(err(runtime::KernelArgs().addImage(big).addImage(d)).find("width and height must be"),
            std::string::npos);
  ImageDesc outside = d;
  outside.height = 8; // 128 bytes in a 64-byte allocation
  EXPECT_NE(
      err(runtime::KernelArgs().addImage(d).addImage(outside)).find("not inside one allocation"),
      std::string::npos);
  ImageDesc unaligned = d;
  unaligned.data += 4;
  EXPECT_NE(err(runtime::KernelArgs().addImage(unaligned).addImage(d)).find("256-byte aligned"),
            std::string::npos);
  EXPECT_NE(err(runtime::KernelArgs().add(d.data).addImage(d)).find("is an image"),
            std::string::npos);
  EXPECT_NE(err(runtime::KernelArgs().addSampler({}).addImage(d)).find("a sampler given"),
            std::string::npos);
}

// A store whose dmask enables y alone writes that component and keeps the others.
TEST_P(ImageTest, PartialDmaskStoreKeepsOtherComponents) {
  runtime::Device dev;
  auto m = build(dev, kIntrinsicKernels);
  ASSERT_TRUE(m);
  ImageDesc d;
  d.format = {ChannelOrder::RGBA, ChannelType::Float};
  d.width = 5;
  d.height = 2;
  std::vector<float> texels(40);
  for (size_t i = 0; i < texels.size(); ++i)
    texels[i] = static_cast<float>(i) + 100.0f;
  HostImage h{d, std::vector<uint8_t>(160)};
  std::memcpy(h.bytes.data(), texels.data(), 160);
  const DeviceImage img = uploadImage(dev, h);
  launchOk(dev, *m, "store_y", {5, 1, 1}, {5, 1, 1}, runtime::KernelArgs().addImage(img.desc));
  std::vector<float> want = texels, got(40);
  for (int x = 0; x < 5; ++x)
    want[(5 + x) * 4 + 1] = static_cast<float>(x) * 0.5f;
  const std::vector<uint8_t> bytes = downloadImage(dev, img);
  std::memcpy(got.data(), bytes.data(), 160);
  EXPECT_EQ(got, want);
}

// gfx11's two address forms: NSA (a register per address dword, here for permuted coordinates)
// and a register tuple, both against the host model.
TEST_P(ImageTest, NsaAndTupleAddresses) {
  const std::vector<uint8_t> obj = compileOpenCL(kSampleKernels, wave(), kImageFlags);
  ASSERT_FALSE(obj.empty());
  const ToolResult dis =
      runTool("llvm-objdump-19 -d {in} > {out}", "k.o", std::string(obj.begin(), obj.end()));
  ASSERT_TRUE(dis.ok) << dis.messages;
  // llvm-objdump writes NSA sampler forms with two spaces after the mnemonic.
  EXPECT_NE(dis.output.find("image_sample_lz  v["), std::string::npos) << dis.output;
  EXPECT_NE(dis.output.find("], [v"), std::string::npos) << dis.output;
  EXPECT_NE(dis.output.find("image_sample_lz v["), std::string::npos) << dis.output;
  runtime::Device dev;
  auto m = build(dev, kSampleKernels);
  ASSERT_TRUE(m);
  std::mt19937 rng(31 + wave());
  ImageDesc d;
  d.type = ImageType::Image3D;
  d.format = {ChannelOrder::RGBA, ChannelType::Float};
  d.width = d.height = d.depth = 4;
  const HostImage h = randomImage(d, rng);
  const DeviceImage img = uploadImage(dev, h);
  constexpr unsigned n = 40;
  std::vector<float> coords(n * 4);
  for (float &x : coords)
    x = std::uniform_real_distribution<float>(-0.2f, 1.2f)(rng);
  const SamplerDesc sm{true, AddressMode::ClampToEdge, FilterMode::Linear};
  const uint64_t c = upload(dev, coords), out = dev.alloc(n * 3 * 16);
  launchOk(dev, *m, "s3dnsa", {n, 1, 1}, {8, 1, 1},
           runtime::KernelArgs().addImage(img.desc).addSampler(sm).add(c).add(out));
  std::vector<float> permuted(n * 3 * 4);
  for (unsigned i = 0; i < n; ++i) {
    const float *p = &coords[i * 4];
    const float perms[3][4] = {
        {p[0], p[1], p[2], p[3]}, {p[2], p[1], p[0], p[3]}, {p[3], p[2], p[0], p[1]}};
    for (unsigned k = 0; k < 3; ++k)
      std::copy(perms[k], perms[k] + 4, &permuted[(3 * i + k) * 4]);
  }
  expectSamples(h, sm, permuted, download<float>(dev, out, n * 3 * 4));
}

INSTANTIATE_TEST_SUITE_P(Waves, ImageTest, ::testing::Values(32u, 64u),
                         [](const auto &info) { return "wave" + std::to_string(info.param); });

} // namespace
} // namespace gcnkit::emutest
