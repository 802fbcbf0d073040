// MIMG: image loads and stores, atomics, image_get_resinfo and samples through an image resource
// (T#) and a sampler (S#) in SGPRs, decoded with the target's descriptor layouts
// (isa/image_resource.h).
//
// What is emulated: level 0 of linear (SW_MODE 0) 1-D, 2-D, 3-D, 1-D array and 2-D array images
// whose format has 8, 16 or 32-bit components (every format an OpenCL image can have); rows of
// PITCH texels (1-D / 2-D; the width for 3-D images and arrays, and with r128, whose T# lacks
// dword 4), rows * height per slice, slices from BASE_ARRAY to the last one of the view. Per
// active lane, in order: the address components (32-bit, or 16-bit pairs with a16), the texel
// (every texel read or written is a bounds-checked guest access), the T#'s dst_sel swizzle, and
// the components dmask enables, packed into VDATA (16-bit pairs with d16).
//
// Choices where the documents are silent: a load outside the image (or past the view's
// slices) returns 0 in every component; a store outside is dropped, and a store writes the
// memory components its enabled data components reach through dst_sel (so a BGRA image stored
// as RGBA data reads back as written), keeping the others; integer stores saturate to the
// component (OpenCL's write_imagei / write_imageui conversions, which ROCm leaves to the
// hardware), normalized ones round to nearest even. Samples follow emu/sampler.h with the
// filters the S# names; LOD selection is modelled only where it cannot matter (one mip level,
// or equal magnification and minification filters at an LOD that picks level 0).
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <string>

#include "emu/atomics.h"
#include "emu/flat_aperture.h"
#include "emu/format_convert.h"
#include "emu/image.h"
#include "emu/registry.h"
#include "emu/sampler.h"
#include "emu/valu16.h"
#include "isa/image_resource.h"
#include "isa/mem_symbolic.h"

namespace gcnkit::emu {

namespace image {

std::string unsupportedText(uint32_t reason, uint64_t value) {
  const std::string v = std::to_string(value);
  auto formatName = [&] {
    return value < isa::mem::kBufferFormats.size()
               ? v + " (" + std::string(isa::mem::kBufferFormats[value]) + ")"
               : v;
  };
  switch (static_cast<Unsupported>(reason)) {
  case Unsupported::ResourceType:
    return "image resource type " + v +
           " not emulated (1D, 2D, 3D, 1D array and 2D array images are: types 8, 9, 10, 12, 13)";
  case Unsupported::Format:
    return "image data format " + formatName() +
           " not emulated (formats of 8, 16 or 32-bit components are)";
  case Unsupported::Tiled:
    return "tiled image (SW_MODE " + v + ") not emulated: only linear images";
  case Unsupported::MipLevel:
    return "mip level " + v + " not emulated: only level 0 of an image whose BASE_LEVEL is 0";
  case Unsupported::DimMismatch:
    return "instruction dim " + std::to_string(value >> 8) + " does not fit image resource type " +
           std::to_string(value & 0xFF);
  case Unsupported::ClampMode:
    return "sampler clamp mode " + v +
           " not emulated (wrap, mirror, clamp to last texel and clamp to border are)";
  case Unsupported::BorderColor:
    return "sampler border colour type " + v + " not emulated (the border colour table)";
  case Unsupported::Filter:
    return value >= 16
               ? "sampler min / max reduction mode " + std::to_string(value - 16) + " not emulated"
               : "sampler filter " + v + " not emulated (point and bilinear are)";
  case Unsupported::LinearInteger:
    return "linear filtering of integer image format " + formatName() + " not emulated";
  case Unsupported::ImplicitLod:
    return "sample with an implicit LOD where it picks the filter or the mip level not "
           "emulated (derivatives)";
  case Unsupported::AtomicFormat:
    return "image atomic on format " + formatName() +
           " not emulated: atomics need one 32-bit component";
  }
  return "image access not emulated";
}

} // namespace image

namespace {

namespace ii = isa::image;
using image::Unsupported;

void unsupported(Wave &w, const DecodedInst &in, Unsupported why, uint64_t value,
                 int32_t lane = -1) {
  w.raise(FaultKind::UnsupportedImage, in, lane, value, static_cast<uint32_t>(why), false);
}

float bitsF32(uint32_t b) { return std::bit_cast<float>(b); }

// The T# type each instruction dim addresses (dim -> TYPE; 0: not an emulated dim).
constexpr uint32_t kTypeOfDim[8] = {ii::kType1D,      ii::kType2D,      ii::kType3D, 0,
                                    ii::kType1DArray, ii::kType2DArray, 0,           0};

// ---- the image a T# describes --------------------------------------------------------------

struct View {
  uint64_t base = 0;
  uint32_t formatCode = 0;
  ii::FormatInfo fmt;
  uint32_t type = 0;
  uint32_t width = 1, height = 1, depth = 1; // depth: 3-D images
  uint32_t firstLayer = 0, layers = 1;       // arrays
  uint32_t pitch = 1;                        // texels per row
  uint32_t levels = 1;
  uint32_t sel[4] = {};
  bool array = false;
  unsigned spatial = 1; // coordinate axes before the array layer

  // Guest address of texel (x, y, z) (z: the 3-D slice or the view's array layer).
  uint64_t address(uint32_t x, uint32_t y, uint32_t z) const {
    const uint64_t slice = array ? uint64_t{firstLayer} + z : z;
    const uint64_t rowsPerSlice = spatial == 1 ? 1 : height;
    return base + ((slice * rowsPerSlice + y) * pitch + x) * fmt.texelBytes();
  }
  bool inside(uint32_t x, uint32_t y, uint32_t z) const {
    return x < width && (spatial < 2 || y < height) &&
           (array ? z < layers : spatial < 3 || z < depth);
  }
};

// Decodes the T# in SGPRs from in.sdst; false (fault raised) when the emulator does not handle
// it. needFormat: the instruction converts texels (not get_resinfo).
bool decodeView(Wave &w, const DecodedInst &in, const ii::ImageResourceLayout &lay, bool needFormat,
                View &v) {
  uint32_t t[8] = {};
  const unsigned dwords = (in.aux & image::kR128) ? 4 : lay.dwords;
  for (unsigned i = 0; i < dwords && i < 8; ++i)
    t[i] = w.sgpr[(in.sdst + i) % sreg::kCount];
  v.type = lay.type.get(t);
  const unsigned dim = image::dimOf(in.aux);
  if (v.type != ii::kType1D && v.type != ii::kType2D && v.type != ii::kType3D &&
      v.type != ii::kType1DArray && v.type != ii::kType2DArray) {
    unsupported(w, in, Unsupported::ResourceType, v.type);
    return false;
  }
  if (kTypeOfDim[dim] != v.type) {
    unsupported(w, in, Unsupported::DimMismatch, uint64_t{dim} << 8 | v.type);
    return false;
  }
  if (const uint32_t sw = lay.swMode.get(t)) {
    unsupported(w, in, Unsupported::Tiled, sw);
    return false;
  }
  const uint32_t baseLevel = lay.baseLevel.get(t), lastLevel = lay.lastLevel.get(t);
  if (baseLevel != 0) {
    unsupported(w, in, Unsupported::MipLevel, baseLevel);
    return false;
  }
  v.levels = lastLevel >= baseLevel ? lastLevel - baseLevel + 1 : 1;
  v.formatCode = lay.format.get(t);
  v.fmt = ii::formatInfo(v.formatCode);
  if (needFormat && v.fmt.comps == 0) {
    unsupported(w, in, Unsupported::Format, v.formatCode);
    return false;
  }
  v.base = (uint64_t{lay.baseLo.get(t)} | uint64_t{lay.baseHi.get(t)} << lay.baseLo.width)
           << lay.baseShift;
  v.width = (lay.widthLo.get(t) | lay.widthHi.get(t) << lay.widthLo.width) + 1;
  v.array = v.type == ii::kType1DArray || v.type == ii::kType2DArray;
  v.spatial = v.type == ii::kType3D                                   ? 3
              : (v.type == ii::kType1D || v.type == ii::kType1DArray) ? 1
                                                                      : 2;
  v.height = v.spatial >= 2 ? lay.height.get(t) + 1 : 1;
  if (v.type == ii::kType3D) {
    v.depth = lay.depth.get(t) + 1;
    v.pitch = v.width;
  } else if (v.array) {
    v.firstLayer = lay.baseArray.get(t);
    const uint32_t last = lay.depth.get(t);
    v.layers = last >= v.firstLayer ? last - v.firstLayer + 1 : 0;
    v.pitch = v.width;
  } else {
    v.pitch = dwords > lay.pitch.dword ? lay.pitch.get(t) + 1 : v.width;
  }
  for (unsigned c = 0; c < 4; ++c)
    v.sel[c] = lay.dstSel[c].get(t);
  return true;
}

// ---- texels --------------------------------------------------------------------------------

uint32_t componentMax(unsigned bits) { return bits == 32 ? ~0u : (1u << bits) - 1; }

// The raw bits a store writes for value v: floats saturated and rounded to nearest even into
// normalized / scaled components (NaN: 0), integers saturated to the component's range.
uint32_t pack(const ii::FormatInfo &f, uint32_t v) {
  const unsigned b = f.bits;
  const uint32_t mask = componentMax(b);
  const float x = bitsF32(v);
  auto saturate = [](float value, float lo, float hi) {
    return std::isnan(value) ? 0.0f : std::clamp(value, lo, hi);
  };
  const float smax = static_cast<float>(mask >> 1);
  switch (f.num) {
  case ii::NumFormat::Unorm:
    return static_cast<uint32_t>(
        std::nearbyint(saturate(x, 0.0f, 1.0f) * static_cast<float>(mask)));
  case ii::NumFormat::Snorm:
    return static_cast<uint32_t>(
               static_cast<int32_t>(std::nearbyint(saturate(x, -1.0f, 1.0f) * smax))) &
           mask;
  case ii::NumFormat::Uscaled:
    return static_cast<uint32_t>(std::nearbyint(saturate(x, 0.0f, static_cast<float>(mask))));
  case ii::NumFormat::Sscaled:
    return static_cast<uint32_t>(
               static_cast<int32_t>(std::nearbyint(saturate(x, -smax - 1.0f, smax)))) &
           mask;
  case ii::NumFormat::Uint:
    return std::min(v, mask);
  case ii::NumFormat::Sint: {
    const int64_t hi = int64_t{mask >> 1}, lo = -hi - 1;
    return static_cast<uint32_t>(std::clamp<int64_t>(static_cast<int32_t>(v), lo, hi)) & mask;
  }
  case ii::NumFormat::Float:
    return b == 16 ? half16::f16FromDouble(x) : v;
  }
  return v;
}

// The texel at p as four values; components the format lacks read 0 (w: 1).
void readTexel(const uint8_t *p, const ii::FormatInfo &f, uint32_t out[4]) {
  out[0] = out[1] = out[2] = 0;
  out[3] = f.isInteger() ? 1u : floatBits(1.0f);
  const unsigned bytes = f.bits / 8u;
  for (unsigned c = 0; c < f.comps; ++c) {
    uint32_t raw = 0;
    std::memcpy(&raw, p + c * bytes, bytes);
    out[c] = unpackComponent(f.num, f.bits, raw);
  }
}

// dst_sel: the value each of x, y, z, w returns.
void swizzle(const View &v, const uint32_t t[4], uint32_t out[4]) {
  const uint32_t one = v.fmt.isInteger() ? 1u : floatBits(1.0f);
  for (unsigned c = 0; c < 4; ++c) {
    const uint32_t s = v.sel[c];
    out[c] = s >= ii::kSelX ? t[s - ii::kSelX] : s == ii::kSelOne ? one : 0;
  }
}

// ---- lanes ---------------------------------------------------------------------------------

// The address components of a lane: extra dwords (the bias) first, then the coordinates and the
// trailing LOD / clamp / mip, 16 bits each with a16.
template <int W> struct Address {
  Wave &w;
  const DecodedInst &in;
  uint16_t rows[5];
  unsigned extras;

  Address(Wave &wave, const DecodedInst &inst)
      : w(wave), in(inst), extras((inst.aux & image::kBias) ? 1 : 0) {
    rows[0] = inst.src[0].reg;
    for (unsigned k = 1; k < 5; ++k)
      rows[k] = static_cast<uint16_t>((inst.target >> (8 * (k - 1))) & 0xFF);
  }
  uint32_t dword(int l, unsigned d) const {
    uint16_t row;
    if (!(in.aux & image::kNsa))
      row = static_cast<uint16_t>(rows[0] + d);
    else
      row = d < 4 ? rows[d] : static_cast<uint16_t>(rows[4] + (d - 4));
    return vrow<W>(w, row)[l];
  }
  // Component j after the extras: 32 bits, or the 16-bit half (a16).
  uint32_t comp(int l, unsigned j) const {
    if (!(in.aux & image::kA16))
      return dword(l, extras + j);
    const uint32_t v = dword(l, extras + j / 2);
    return (j & 1) ? v >> 16 : v & 0xFFFF;
  }
  // The same as a float (a16: an f16).
  float compF(int l, unsigned j) const {
    const uint32_t v = comp(l, j);
    return bitsF32((in.aux & image::kA16) ? half16::f16ToF32Bits(v) : v);
  }
};

unsigned coordCount(const DecodedInst &in) { return isa::mem::kImageCoords[image::dimOf(in.aux)]; }

// Writes the components dmask enables (four values, float bits or integers) to VDATA of lane l:
// one per register, or two 16-bit values per register with d16 (floats rounded to f16).
template <int W>
void writeData(Wave &w, const DecodedInst &in, int l, const uint32_t v[4], bool isFloat) {
  const unsigned dmask = image::dmaskOf(in.aux);
  const bool d16 = in.aux & image::kD16;
  unsigned k = 0;
  uint32_t packed = 0;
  for (unsigned c = 0; c < 4; ++c) {
    if (!((dmask >> c) & 1))
      continue;
    if (!d16) {
      vrow<W>(w, static_cast<uint16_t>(in.vdst + k++))[l] = v[c];
      continue;
    }
    const uint32_t h = isFloat ? half16::f16FromDouble(bitsF32(v[c])) : v[c] & 0xFFFF;
    packed |= h << (16 * (k & 1));
    if (k & 1) {
      vrow<W>(w, static_cast<uint16_t>(in.vdst + k / 2))[l] = packed;
      packed = 0;
    }
    ++k;
  }
  if (d16 && (k & 1))
    vrow<W>(w, static_cast<uint16_t>(in.vdst + k / 2))[l] = packed;
}

// Reads the data components dmask enables from VDATA of lane l (d16: 16-bit values, floats
// widened, integers extended by the format's signedness); `have` says which were given.
template <int W>
void readData(Wave &w, const DecodedInst &in, int l, const ii::FormatInfo &f, uint32_t v[4],
              unsigned &have) {
  const unsigned dmask = image::dmaskOf(in.aux);
  const bool d16 = in.aux & image::kD16;
  unsigned k = 0;
  have = 0;
  for (unsigned c = 0; c < 4; ++c) {
    v[c] = 0;
    if (!((dmask >> c) & 1))
      continue;
    have |= 1u << c;
    if (!d16) {
      v[c] = vrow<W>(w, static_cast<uint16_t>(in.src[2].reg + k++))[l];
      continue;
    }
    const uint32_t h =
        vrow<W>(w, static_cast<uint16_t>(in.src[2].reg + k / 2))[l] >> (16 * (k & 1));
    ++k;
    if (!f.isInteger())
      v[c] = half16::f16ToF32Bits(h & 0xFFFF);
    else if (f.num == ii::NumFormat::Sint)
      v[c] = static_cast<uint32_t>(static_cast<int32_t>(static_cast<int16_t>(h)));
    else
      v[c] = h & 0xFFFF;
  }
}

const ii::DescriptorLayouts &layouts(const Wave &w) {
  return *ii::descriptorLayouts(w.group->program->target);
}

// The integer texel coordinates of a load / store / atomic lane, and its mip level.
template <int W>
void texelCoords(const Address<W> &a, const DecodedInst &in, int l, uint32_t xyz[3],
                 uint32_t &mip) {
  const unsigned n = coordCount(in);
  xyz[0] = xyz[1] = xyz[2] = 0;
  for (unsigned j = 0; j < n && j < 3; ++j)
    xyz[j] = a.comp(l, j);
  mip = (in.aux & image::kMip) ? a.comp(l, n) : 0;
}

// Calls fn(lane, inside, address) for each active lane of a load or store: its integer texel
// coordinates, whether they lie inside the view, and the texel's guest address. fn returns false
// when it stopped the wave; a mip level other than 0 stops it here.
template <int W, class F> void texelLanes(Wave &w, const DecodedInst &in, const View &v, F fn) {
  const Address<W> a(w, in);
  const uint64_t exec = execMask<W>(w);
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    uint32_t xyz[3], mip;
    texelCoords(a, in, l, xyz, mip);
    if (mip != 0) {
      unsupported(w, in, Unsupported::MipLevel, mip, l);
      return;
    }
    const bool inside = v.inside(xyz[0], xyz[1], xyz[2]);
    if (!fn(l, inside, inside ? v.address(xyz[0], xyz[1], xyz[2]) : 0))
      return;
  }
}

// image_load / image_load_mip.
template <int W> void load(Wave &w, const DecodedInst &in) {
  View v;
  if (!decodeView(w, in, layouts(w).image, true, v))
    return;
  texelLanes<W>(w, in, v, [&](int l, bool inside, uint64_t address) {
    uint32_t out[4] = {};
    if (inside) {
      const LaneTarget t = globalTarget(w, in, l, address, v.fmt.texelBytes(), false);
      if (t.fault)
        return false;
      uint32_t texel[4];
      readTexel(t.p, v.fmt, texel);
      swizzle(v, texel, out);
    }
    writeData<W>(w, in, l, out, !v.fmt.isInteger());
    return true;
  });
}

// image_store / image_store_mip.
template <int W> void store(Wave &w, const DecodedInst &in) {
  View v;
  if (!decodeView(w, in, layouts(w).image, true, v))
    return;
  const unsigned compBytes = v.fmt.bits / 8u;
  texelLanes<W>(w, in, v, [&](int l, bool inside, uint64_t address) {
    uint32_t data[4];
    unsigned have;
    readData<W>(w, in, l, v.fmt, data, have);
    if (!inside)
      return true;
    const LaneTarget t = globalTarget(w, in, l, address, v.fmt.texelBytes(), true);
    if (t.fault)
      return false;
    // Memory component m receives the data component whose dst_sel reads it.
    for (unsigned m = 0; m < v.fmt.comps; ++m)
      for (unsigned c = 0; c < 4; ++c)
        if (v.sel[c] == ii::kSelX + m && ((have >> c) & 1)) {
          const uint32_t raw = pack(v.fmt, data[c]);
          std::memcpy(t.p + m * compBytes, &raw, compBytes);
          break;
        }
    return true;
  });
}

// image_atomic_*: one 32-bit component per texel; an out-of-range lane does nothing (and
// returns 0).
template <int W, class Op> void atomic(Wave &w, const DecodedInst &in) {
  View v;
  if (!decodeView(w, in, layouts(w).image, true, v))
    return;
  if (v.fmt.comps != 1 || v.fmt.bits != 32) {
    unsupported(w, in, Unsupported::AtomicFormat, v.formatCode);
    return;
  }
  const Address<W> a(w, in);
  auto where = [&](int l, unsigned bytes, bool write) -> LaneTarget {
    uint32_t xyz[3], mip;
    texelCoords(a, in, l, xyz, mip);
    if (!v.inside(xyz[0], xyz[1], xyz[2]))
      return {nullptr, 0, false, false};
    return globalTarget(w, in, l, v.address(xyz[0], xyz[1], xyz[2]), bytes, write);
  };
  const uint16_t data = in.src[2].reg;
  atomics::atomicLanes<W, uint32_t, Op>(w, in, data, static_cast<uint16_t>(data + 1), where);
}

// image_get_resinfo: width, height (1-D arrays: the layers), depth (2-D arrays: the layers) of
// the mip level the address gives, and the view's level count; 1 for a dimension the type
// lacks; all 0 for a level the view does not have.
template <int W> void resinfo(Wave &w, const DecodedInst &in) {
  View v;
  if (!decodeView(w, in, layouts(w).image, false, v))
    return;
  const Address<W> a(w, in);
  const uint64_t exec = execMask<W>(w);
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    const uint32_t level = a.comp(l, 0);
    uint32_t out[4] = {};
    if (level < v.levels) {
      auto at = [&](uint32_t n) { return std::max(1u, n >> level); };
      out[0] = at(v.width);
      out[1] = v.type == ii::kType1DArray ? v.layers : v.spatial >= 2 ? at(v.height) : 1;
      out[2] = v.type == ii::kType2DArray ? v.layers : v.spatial == 3 ? at(v.depth) : 1;
      out[3] = v.levels;
    }
    writeData<W>(w, in, l, out, false);
  }
}

// ---- samples ---------------------------------------------------------------------------------

struct Sampler {
  image::Address mode[3] = {};
  bool normalized = true;
  uint32_t mag = 0, min = 0, zFilter = 0, mipFilter = 0;
  uint32_t border[4] = {}; // in the format's value domain
};

// Decodes the S# for a view; false (fault raised) for settings the emulator does not handle on
// the axes the image has.
bool decodeSampler(Wave &w, const DecodedInst &in, const ii::SamplerLayout &lay, const View &v,
                   Sampler &s) {
  uint32_t t[4];
  for (unsigned i = 0; i < 4; ++i)
    t[i] = w.sgpr[(in.src[1].reg + i) % sreg::kCount];
  bool border = false;
  for (unsigned axis = 0; axis < v.spatial; ++axis) {
    const uint32_t c = lay.clamp[axis].get(t);
    switch (c) {
    case ii::kClampWrap:
      s.mode[axis] = image::Address::Wrap;
      break;
    case ii::kClampMirror:
      s.mode[axis] = image::Address::Mirror;
      break;
    case ii::kClampLastTexel:
      s.mode[axis] = image::Address::ClampEdge;
      break;
    case ii::kClampBorder:
      s.mode[axis] = image::Address::ClampBorder;
      border = true;
      break;
    default:
      unsupported(w, in, Unsupported::ClampMode, c);
      return false;
    }
  }
  s.mag = lay.xyMagFilter.get(t);
  s.min = lay.xyMinFilter.get(t);
  s.zFilter = lay.zFilter.get(t);
  s.mipFilter = lay.mipFilter.get(t);
  for (uint32_t f : {s.mag, s.min})
    if (f != ii::kXyFilterPoint && f != ii::kXyFilterBilinear) {
      unsupported(w, in, Unsupported::Filter, f);
      return false;
    }
  if (s.zFilter > ii::kZFilterLinear) {
    unsupported(w, in, Unsupported::Filter, s.zFilter);
    return false;
  }
  if (const uint32_t r = lay.filterMode.get(t)) {
    unsupported(w, in, Unsupported::Filter, 16 + r);
    return false;
  }
  s.normalized = !lay.forceUnnormalized.get(t) && !(in.aux & image::kUnorm);
  const uint32_t type = lay.borderColorType.get(t);
  if (border && type == ii::kBorderRegister) {
    unsupported(w, in, Unsupported::BorderColor, type);
    return false;
  }
  const bool isInt = v.fmt.isInteger();
  const uint32_t one = isInt ? 1u : floatBits(1.0f);
  const bool white = type == ii::kBorderOpaqueWhite;
  for (unsigned c = 0; c < 3; ++c)
    s.border[c] = white ? one : 0;
  s.border[3] = type == ii::kBorderTransparentBlack ? 0 : one;
  return true;
}

// image_sample, _lz, _l, _b, _cl, _b_cl.
template <int W> void sample(Wave &w, const DecodedInst &in) {
  View v;
  const ii::DescriptorLayouts &lay = layouts(w);
  if (!decodeView(w, in, lay.image, true, v))
    return;
  Sampler s;
  if (!decodeSampler(w, in, lay.sampler, v, s))
    return;
  const Address<W> a(w, in);
  const uint64_t exec = execMask<W>(w);
  const unsigned n = coordCount(in), bytes = v.fmt.texelBytes();
  const bool isInt = v.fmt.isInteger();
  const bool implicitLod = !(in.aux & (image::kLodExplicit | image::kLodZero));
  const bool mips = v.levels > 1 && s.mipFilter != ii::kMipFilterNone;
  for (int l = 0; l < W; ++l) {
    if (!((exec >> l) & 1))
      continue;
    // The LOD only picks between the magnification and minification filters and the level.
    float lod = (in.aux & image::kLodExplicit) ? a.compF(l, n) : 0.0f;
    if (in.aux & image::kBias) {
      const uint32_t b = a.dword(l, 0);
      lod += bitsF32((in.aux & image::kA16) ? half16::f16ToF32Bits(b & 0xFFFF) : b);
    }
    if ((implicitLod && (s.mag != s.min || mips))) {
      unsupported(w, in, Unsupported::ImplicitLod, 0, l);
      return;
    }
    if (mips && lod > 0.0f) {
      unsupported(w, in, Unsupported::MipLevel, static_cast<uint64_t>(std::ceil(lod)), l);
      return;
    }
    const bool linear = (lod > 0.0f ? s.min : s.mag) == ii::kXyFilterBilinear;
    const bool zLinear = v.spatial == 3 &&
                         (s.zFilter == ii::kZFilterNone ? linear : s.zFilter == ii::kZFilterLinear);
    if (isInt && (linear || zLinear)) {
      unsupported(w, in, Unsupported::LinearInteger, v.formatCode, l);
      return;
    }
    const uint32_t size[3] = {v.width, v.height, v.depth};
    image::AxisTaps taps[3];
    for (unsigned axis = 0; axis < v.spatial; ++axis)
      taps[axis] = image::axisTaps(a.compF(l, axis), size[axis], s.normalized, s.mode[axis],
                                   axis == 2 ? zLinear : linear);
    int32_t layer = 0;
    if (v.array) {
      const float r = std::rint(a.compF(l, v.spatial));
      layer = v.layers == 0                           ? image::kBorder
              : !(r > 0.0f)                           ? 0
              : r >= static_cast<float>(v.layers - 1) ? static_cast<int32_t>(v.layers - 1)
                                                      : static_cast<int32_t>(r);
    }
    // The texel at one tap (or the border colour).
    bool faulted = false;
    auto fetch = [&](int32_t x, int32_t y, int32_t z, uint32_t out[4]) {
      if (faulted) {
        std::memset(out, 0, 16);
        return;
      }
      if (x == image::kBorder || y == image::kBorder || z == image::kBorder) {
        std::memcpy(out, s.border, sizeof(s.border));
        return;
      }
      const LaneTarget t = globalTarget(
          w, in, l,
          v.address(static_cast<uint32_t>(x), static_cast<uint32_t>(y), static_cast<uint32_t>(z)),
          bytes, false);
      if (t.fault) {
        faulted = true;
        std::memset(out, 0, 16);
        return;
      }
      readTexel(t.p, v.fmt, out);
    };
    uint32_t texel[4];
    const int32_t zNearest = v.array ? layer : v.spatial == 3 ? taps[2].i0 : 0;
    const bool anyLinear = linear || zLinear;
    if (!anyLinear) {
      fetch(taps[0].i0, v.spatial >= 2 ? taps[1].i0 : 0, zNearest, texel);
    } else {
      // The blend of the 2, 4 or 8 taps: weights and sum in double, one rounding to float.
      double sum[4] = {};
      const unsigned nx = 2, ny = v.spatial >= 2 ? 2 : 1, nz = zLinear ? 2 : 1;
      for (unsigned k = 0; k < nz; ++k)
        for (unsigned j = 0; j < ny; ++j)
          for (unsigned i = 0; i < nx; ++i) {
            double weight = i ? taps[0].a : 1.0 - taps[0].a;
            if (v.spatial >= 2)
              weight *= j ? taps[1].a : 1.0 - static_cast<double>(taps[1].a);
            if (zLinear)
              weight *= k ? taps[2].a : 1.0 - static_cast<double>(taps[2].a);
            uint32_t t[4];
            fetch(i ? taps[0].i1 : taps[0].i0, v.spatial >= 2 ? (j ? taps[1].i1 : taps[1].i0) : 0,
                  zLinear ? (k ? taps[2].i1 : taps[2].i0) : zNearest, t);
            for (unsigned c = 0; c < 4; ++c)
              sum[c] += weight * static_cast<double>(bitsF32(t[c]));
          }
      for (unsigned c = 0; c < 4; ++c)
        texel[c] = floatBits(static_cast<float>(sum[c]));
    }
    if (faulted)
      return;
    uint32_t out[4];
    swizzle(v, texel, out);
    writeData<W>(w, in, l, out, !isInt);
  }
}

ExecEntry entryFor(ExecFn w32, ExecFn w64) { return {w32, w64, 0}; }

template <class Op> ExecEntry atomicEntry() { return entryFor(&atomic<32, Op>, &atomic<64, Op>); }

} // namespace

void registerImage(Registry &r) {
  using namespace atomics;
  r["image_load"] = entryFor(&load<32>, &load<64>);
  r["image_load_mip"] = entryFor(&load<32>, &load<64>);
  r["image_store"] = entryFor(&store<32>, &store<64>);
  r["image_store_mip"] = entryFor(&store<32>, &store<64>);
  r["image_get_resinfo"] = entryFor(&resinfo<32>, &resinfo<64>);
  for (const char *name : {"image_sample", "image_sample_lz", "image_sample_l", "image_sample_b",
                           "image_sample_cl", "image_sample_b_cl"})
    r[name] = entryFor(&sample<32>, &sample<64>);
  r["image_atomic_swap"] = atomicEntry<Swap>();
  r["image_atomic_cmpswap"] = atomicEntry<Cmpswap>();
  r["image_atomic_add"] = atomicEntry<Add>();
  r["image_atomic_sub"] = atomicEntry<Sub>();
  r["image_atomic_smin"] = atomicEntry<MinI>();
  r["image_atomic_umin"] = atomicEntry<MinU>();
  r["image_atomic_smax"] = atomicEntry<MaxI>();
  r["image_atomic_umax"] = atomicEntry<MaxU>();
  r["image_atomic_and"] = atomicEntry<And>();
  r["image_atomic_or"] = atomicEntry<Or>();
  r["image_atomic_xor"] = atomicEntry<Xor>();
  r["image_atomic_inc"] = atomicEntry<Inc>();
  r["image_atomic_dec"] = atomicEntry<Dec>();
}

} // namespace gcnkit::emu
