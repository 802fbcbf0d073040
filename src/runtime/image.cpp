// Image and sampler descriptors for kernel arguments, written through the target's descriptor
// layouts (isa/image_resource.h) the emulator decodes them with. What goes where follows ROCm's
// gfx11 image runtime: the unified format of the channel type and count, the dst_sel swizzle
// of the channel order, TYPE from the geometry, width - 1 / height - 1, DEPTH as depth - 1 (3-D)
// or the last layer (arrays), PITCH - 1 for 1-D / 2-D (rows are `width` texels here: gcnkit's
// images are unpadded), linear SW_MODE; after the T#, the HSA channel type, channel order and
// width (dwords 8-10), which ROCm's device library reads for get_image_channel_data_type /
// _order. Samplers: all three axes one clamp mode, equal magnification and minification
// filters, no mip filter, transparent black border.
#include <array>
#include <cstdint>
#include <string>

#include "gcnkit/runtime.h"
#include "isa/image_resource.h"
#include "isa/mem_symbolic.h"
#include "isa/target_info.h"

namespace gcnkit::runtime {

namespace {

namespace ii = isa::image;

struct TypeInfo {
  std::string_view name; // as parseImageFormat spells it
  unsigned bits;
  std::string_view num; // the unified format name's numeric format
  uint32_t hsa;         // hsa_ext_image_channel_type_t
};
// Indexed by ChannelType.
constexpr TypeInfo kTypes[] = {
    {"snorm8", 8, "SNORM", 0},   {"snorm16", 16, "SNORM", 1}, {"unorm8", 8, "UNORM", 2},
    {"unorm16", 16, "UNORM", 3}, {"sint8", 8, "SINT", 8},     {"sint16", 16, "SINT", 9},
    {"sint32", 32, "SINT", 10},  {"uint8", 8, "UINT", 11},    {"uint16", 16, "UINT", 12},
    {"uint32", 32, "UINT", 13},  {"half", 16, "FLOAT", 14},   {"float", 32, "FLOAT", 15},
};

struct OrderInfo {
  std::string_view name;
  unsigned comps;
  uint32_t sel[4]; // dst_sel of x, y, z, w
  uint32_t hsa;    // hsa_ext_image_channel_order_t
};
// Indexed by ChannelOrder. A channel the order lacks reads 0 (alpha: 1); BGRA keeps blue in
// memory component 0, so red comes from z.
constexpr OrderInfo kOrders[] = {
    {"r", 1, {ii::kSelX, ii::kSelZero, ii::kSelZero, ii::kSelOne}, 1},
    {"rg", 2, {ii::kSelX, ii::kSelY, ii::kSelZero, ii::kSelOne}, 3},
    {"rgba", 4, {ii::kSelX, ii::kSelY, ii::kSelZ, ii::kSelW}, 8},
    {"bgra", 4, {ii::kSelZ, ii::kSelY, ii::kSelX, ii::kSelW}, 9},
};

const TypeInfo &typeOf(ImageFormat f) { return kTypes[static_cast<unsigned>(f.type)]; }
const OrderInfo &orderOf(ImageFormat f) { return kOrders[static_cast<unsigned>(f.order)]; }

// The unified format code of `comps` components of the type (0: none).
uint32_t unifiedFormat(ImageFormat f) {
  std::string name = "BUF_FMT";
  for (unsigned c = 0; c < orderOf(f).comps; ++c)
    name += "_" + std::to_string(typeOf(f).bits);
  name += "_" + std::string(typeOf(f).num);
  for (uint32_t code = 0; code < isa::mem::kBufferFormats.size(); ++code)
    if (isa::mem::kBufferFormats[code] == name)
      return code;
  return 0;
}

const ii::DescriptorLayouts &gfx11() { return *ii::descriptorLayouts(isa::Target::GFX1100); }

} // namespace

uint32_t texelBytes(ImageFormat format) { return orderOf(format).comps * typeOf(format).bits / 8; }

uint64_t imageBytes(const ImageDesc &d) {
  uint64_t n = uint64_t{d.width} * texelBytes(d.format);
  switch (d.type) {
  case ImageType::Image2D:
    return n * d.height;
  case ImageType::Image3D:
    return n * d.height * d.depth;
  case ImageType::Image1DArray:
    return n * d.arraySize;
  case ImageType::Image2DArray:
    return n * d.height * d.arraySize;
  default:
    return n;
  }
}

std::optional<std::vector<uint32_t>> encodeImage(const ImageDesc &d, std::string &error) {
  const ii::DescriptorLayouts &lay = gfx11();
  const uint32_t format = unifiedFormat(d.format);
  const OrderInfo &order = orderOf(d.format);
  std::vector<uint32_t> t(12, 0);
  t[8] = typeOf(d.format).hsa;
  t[9] = order.hsa;
  t[10] = d.width;
  if (d.width == 0) {
    error = "image width must be at least 1";
    return std::nullopt;
  }
  if (d.type == ImageType::Image1DBuffer) {
    // A buffer resource (the target's V# layout): texels are records of texelBytes, indexed
    // by the x coordinate.
    const isa::BufferResourceLayout &b = isa::targetInfo(isa::Target::GFX1100).bufferResource;
    const uint64_t bytes = imageBytes(d);
    if (bytes > UINT32_MAX) {
      error = "1-D buffer image of " + std::to_string(bytes) + " bytes: at most 4 GiB";
      return std::nullopt;
    }
    b.base.set(t.data(), d.data);
    b.stride.set(t.data(), texelBytes(d.format));
    b.numRecords.set(t.data(), bytes);
    b.dstSel.set(t.data(),
                 order.sel[0] | order.sel[1] << 3 | order.sel[2] << 6 | order.sel[3] << 9);
    b.unifiedFormat.set(t.data(), format);
    // Raw range checking (oob_select 3): a record past num_records bytes reads 0.
    b.oobSelect.set(t.data(), 3);
    return t;
  }
  const ii::ImageResourceLayout &im = lay.image;
  const uint32_t maxWidth = (im.widthLo.maxValue() | im.widthHi.maxValue() << im.widthLo.width) + 1;
  const uint32_t maxHeight = im.height.maxValue() + 1, maxDepth = im.depth.maxValue() + 1;
  const bool hasHeight = d.type == ImageType::Image2D || d.type == ImageType::Image3D ||
                         d.type == ImageType::Image2DArray;
  const bool array = d.type == ImageType::Image1DArray || d.type == ImageType::Image2DArray;
  if (d.width > maxWidth || (hasHeight && (d.height == 0 || d.height > maxHeight))) {
    error = "image size " + std::to_string(d.width) + "x" + std::to_string(d.height) +
            ": width and height must be 1.." + std::to_string(maxWidth);
    return std::nullopt;
  }
  if ((d.type == ImageType::Image3D && (d.depth == 0 || d.depth > maxDepth)) ||
      (array && (d.arraySize == 0 || d.arraySize > maxDepth))) {
    error = "image depth / array size must be 1.." + std::to_string(maxDepth);
    return std::nullopt;
  }
  if (d.data & ((uint64_t{1} << im.baseShift) - 1)) {
    error = "image data address must be " + std::to_string(1u << im.baseShift) + "-byte aligned";
    return std::nullopt;
  }
  static constexpr uint32_t kTypes[] = {ii::kType1D, ii::kType2D, ii::kType3D, ii::kType1DArray,
                                        ii::kType2DArray};
  const uint64_t base = d.data >> im.baseShift;
  im.baseLo.set(t.data(), static_cast<uint32_t>(base));
  im.baseHi.set(t.data(), static_cast<uint32_t>(base >> im.baseLo.width));
  im.format.set(t.data(), format);
  im.widthLo.set(t.data(), d.width - 1);
  im.widthHi.set(t.data(), (d.width - 1) >> im.widthLo.width);
  im.height.set(t.data(), hasHeight ? d.height - 1 : 0);
  for (unsigned c = 0; c < 4; ++c)
    im.dstSel[c].set(t.data(), order.sel[c]);
  im.type.set(t.data(), kTypes[static_cast<unsigned>(d.type)]);
  if (d.type == ImageType::Image3D)
    im.depth.set(t.data(), d.depth - 1);
  else if (array)
    im.depth.set(t.data(), d.arraySize - 1);
  else
    im.pitch.set(t.data(), d.width - 1);
  return t;
}

std::optional<ImageFormat> parseImageFormat(std::string_view name) {
  const size_t sep = name.find('_');
  if (sep == std::string_view::npos)
    return std::nullopt;
  ImageFormat f;
  bool order = false, type = false;
  for (unsigned i = 0; i < std::size(kOrders); ++i)
    if (kOrders[i].name == name.substr(0, sep)) {
      f.order = static_cast<ChannelOrder>(i);
      order = true;
    }
  for (unsigned i = 0; i < std::size(kTypes); ++i)
    if (kTypes[i].name == name.substr(sep + 1)) {
      f.type = static_cast<ChannelType>(i);
      type = true;
    }
  if (!order || !type)
    return std::nullopt;
  return f;
}

std::string imageFormatName(ImageFormat f) {
  return std::string(orderOf(f).name) + "_" + std::string(typeOf(f).name);
}

std::vector<uint32_t> encodeSampler(const SamplerDesc &s) {
  const ii::SamplerLayout &lay = gfx11().sampler;
  std::vector<uint32_t> t(4, 0);
  uint32_t clamp = ii::kClampWrap;
  switch (s.address) {
  case AddressMode::ClampToEdge:
    clamp = ii::kClampLastTexel;
    break;
  case AddressMode::Clamp:
    clamp = ii::kClampBorder;
    break;
  case AddressMode::MirroredRepeat:
    clamp = ii::kClampMirror;
    break;
  case AddressMode::None:
  case AddressMode::Repeat:
    clamp = ii::kClampWrap;
    break;
  }
  for (const ii::DescField &f : lay.clamp)
    f.set(t.data(), clamp);
  lay.forceUnnormalized.set(t.data(), s.normalized ? 0 : 1);
  lay.maxLod.set(t.data(), lay.maxLod.maxValue());
  const uint32_t filter =
      s.filter == FilterMode::Linear ? ii::kXyFilterBilinear : ii::kXyFilterPoint;
  lay.xyMagFilter.set(t.data(), filter);
  lay.xyMinFilter.set(t.data(), filter);
  lay.zFilter.set(t.data(), ii::kZFilterNone);
  lay.mipFilter.set(t.data(), ii::kMipFilterNone);
  lay.borderColorType.set(t.data(), ii::kBorderTransparentBlack);
  return t;
}

std::optional<SamplerDesc> samplerFromOpenCL(uint32_t bits) {
  // CLK_NORMALIZED_COORDS_TRUE 1; CLK_ADDRESS_NONE 0, _CLAMP_TO_EDGE 2, _CLAMP 4, _REPEAT 6,
  // _MIRRORED_REPEAT 8; CLK_FILTER_NEAREST 0x10, _LINEAR 0x20 (OpenCL C's sampler constants).
  if (bits & ~0x3Fu)
    return std::nullopt;
  SamplerDesc s;
  s.normalized = bits & 1;
  static constexpr AddressMode kModes[] = {AddressMode::None, AddressMode::ClampToEdge,
                                           AddressMode::Clamp, AddressMode::Repeat,
                                           AddressMode::MirroredRepeat};
  const uint32_t address = (bits >> 1) & 7;
  const uint32_t filter = bits >> 4;
  if (address > 4 || filter == 0 || filter == 3)
    return std::nullopt;
  s.address = kModes[address];
  s.filter = filter == 2 ? FilterMode::Linear : FilterMode::Nearest;
  return s;
}

} // namespace gcnkit::runtime
