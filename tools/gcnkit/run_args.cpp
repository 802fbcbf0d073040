#include "tools/gcnkit/run_args.h"

#include <cctype>
#include <cerrno>
#include <cfenv>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace gcnkit::tools {

namespace {

struct ScalarType {
  std::string_view name;
  bool isFloat;
  bool isSigned;
  unsigned bytes;
};

constexpr ScalarType kScalarTypes[] = {
    {"i8", false, true, 1},   {"i16", false, true, 2},  {"i32", false, true, 4},
    {"i64", false, true, 8},  {"u8", false, false, 1},  {"u16", false, false, 2},
    {"u32", false, false, 4}, {"u64", false, false, 8}, {"f16", true, true, 2},
    {"f32", true, true, 4},   {"f64", true, true, 8},
};

// A byte count: decimal or 0x hex.
std::optional<uint64_t> parseSize(std::string_view s) {
  int base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    s.remove_prefix(2);
    base = 16;
  }
  uint64_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size())
    return std::nullopt;
  return v;
}

// An integer of `bytes` bytes, signed or not: [+-]decimal or [+-]0xhex, range checked.
bool parseInteger(std::string_view text, const ScalarType &t, uint64_t &bits, std::string &error) {
  std::string_view s = text;
  bool negative = false;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  const std::optional<uint64_t> magnitude = parseSize(s);
  if (!magnitude) {
    // Well-formed digits that do not fit 64 bits are out of range; anything else is malformed.
    const bool hex = s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    const std::string_view body = hex ? s.substr(2) : s;
    bool digits = !body.empty();
    for (char c : body)
      digits = digits && (hex ? std::isxdigit(static_cast<unsigned char>(c))
                              : std::isdigit(static_cast<unsigned char>(c)));
    error = "'" + std::string(text) + "' is " +
            (digits ? "out of range for " + std::string(t.name) : "not an integer");
    return false;
  }
  const unsigned bitCount = t.bytes * 8;
  const uint64_t mask = bitCount == 64 ? ~uint64_t{0} : (uint64_t{1} << bitCount) - 1;
  bool fits;
  if (t.isSigned) {
    const uint64_t maxPositive = mask >> 1;
    fits = negative ? *magnitude <= maxPositive + 1 : *magnitude <= maxPositive;
  } else {
    fits = *magnitude <= mask && (!negative || *magnitude == 0);
  }
  if (!fits) {
    std::string range;
    if (t.isSigned)
      range = "-" + std::to_string((mask >> 1) + 1) + ".." + std::to_string(mask >> 1);
    else
      range = "0.." + std::to_string(mask);
    error = "'" + std::string(text) + "' is out of range for " + std::string(t.name) + " (" +
            range + ")";
    return false;
  }
  bits = (negative ? uint64_t{0} - *magnitude : *magnitude) & mask;
  return true;
}

bool looksInfinite(std::string_view s) {
  std::string lower(s);
  for (char &c : lower)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower.find("inf") != std::string::npos;
}

// strtod / strtof over the whole text under the given rounding mode; nullopt unless it reads
// every character. Hex floats need a binary exponent ("0x1.8p1"): a bare 0x3fc00000 is far more
// likely meant as a bit pattern, which u32 spells.
template <class F> std::optional<F> parseFloatText(std::string_view text, int rounding) {
  if (text.empty() || std::isspace(static_cast<unsigned char>(text[0])))
    return std::nullopt;
  std::string s(text);
  for (size_t i = 0; i + 1 < s.size(); ++i)
    if (s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X') &&
        s.find_first_of("pP") == std::string::npos)
      return std::nullopt;
  const int saved = std::fegetround();
  std::fesetround(rounding);
  char *end = nullptr;
  F v;
  if constexpr (std::is_same_v<F, float>)
    v = std::strtof(s.c_str(), &end);
  else
    v = std::strtod(s.c_str(), &end);
  std::fesetround(saved);
  if (end != s.c_str() + s.size())
    return std::nullopt;
  return v;
}

template <class F>
bool parseFloat(std::string_view text, const ScalarType &t, uint64_t &bits, std::string &error) {
  std::optional<F> v = parseFloatText<F>(text, FE_TONEAREST);
  if (!v) {
    error = "'" + std::string(text) + "' is not a number (decimal, hex float 0x1.8p1, inf, nan)";
    return false;
  }
  if (std::isinf(*v) && !looksInfinite(text)) {
    error = "'" + std::string(text) + "' is out of range for " + std::string(t.name);
    return false;
  }
  if constexpr (std::is_same_v<F, float>) {
    uint32_t b;
    std::memcpy(&b, &*v, 4);
    bits = b;
  } else {
    std::memcpy(&bits, &*v, 8);
  }
  return true;
}

// |a| (finite, > 0) as a half magnitude; `tie` says where the exact value lies when a is a
// midpoint between two halves: -1 below, +1 above, 0 exactly there (round to even). Returns
// 0x7c00 on overflow.
uint16_t halfMagnitude(double a, int tie) {
  int exponent;
  std::frexp(a, &exponent); // a = m * 2^exponent, m in [0.5, 1)
  int e = exponent - 1;     // a = (2m) * 2^e
  if (e > 15)
    return 0x7c00;
  const bool subnormal = e < -14;
  // In units of the half's last mantissa bit: 2^-24 for subnormals, 2^(e-10) otherwise.
  const double scaled = subnormal ? std::ldexp(a, 24) : std::ldexp(a, 10 - e);
  const double whole = std::floor(scaled);
  const double fraction = scaled - whole;
  uint64_t q = static_cast<uint64_t>(whole);
  const bool up = fraction > 0.5 || (fraction == 0.5 && (tie > 0 || (tie == 0 && (q & 1))));
  q += up;
  if (subnormal)
    return static_cast<uint16_t>(q); // 0x400 is the smallest normal: the encoding carries over
  if (q == 2048) {
    q = 1024;
    ++e;
  }
  if (e > 15)
    return 0x7c00;
  return static_cast<uint16_t>((e + 15) << 10 | (q - 1024));
}

bool parseHalfBits(std::string_view text, uint64_t &bits, std::string &error) {
  std::optional<uint16_t> h = parseHalf(text);
  if (!h) {
    error =
        parseFloatText<double>(text, FE_TONEAREST)
            ? "'" + std::string(text) + "' is out of range for f16 (largest finite 65504)"
            : "'" + std::string(text) + "' is not a number (decimal, hex float 0x1.8p1, inf, nan)";
    return false;
  }
  bits = *h;
  return true;
}

std::string quoted(const std::string &s) { return "'" + s + "'"; }

// "an 8-byte", "an 18-byte", "a 16-byte" (argument sizes are small).
bool startsWithVowelSound(uint32_t n) {
  const std::string digits = std::to_string(n);
  return digits[0] == '8' || n == 11 || n == 18;
}

// The element class and layout an OpenCL type name stands for ("float4": 4 x 4-byte float).
struct TypeShape {
  bool isFloat = false;
  unsigned elementBytes = 0;
  unsigned elements = 1;
};

std::optional<TypeShape> shapeOf(std::string name) {
  while (!name.empty() && name.back() == ' ')
    name.pop_back();
  size_t digits = name.size();
  while (digits > 0 && std::isdigit(static_cast<unsigned char>(name[digits - 1])))
    --digits;
  TypeShape shape;
  if (digits < name.size()) {
    shape.elements = static_cast<unsigned>(std::atoi(name.c_str() + digits));
    name.resize(digits);
  }
  struct Known {
    std::string_view name;
    bool isFloat;
    unsigned bytes;
  };
  static constexpr Known kKnown[] = {
      {"bool", false, 1},   {"char", false, 1},           {"signed char", false, 1},
      {"uchar", false, 1},  {"unsigned char", false, 1},  {"short", false, 2},
      {"ushort", false, 2}, {"unsigned short", false, 2}, {"int", false, 4},
      {"uint", false, 4},   {"unsigned int", false, 4},   {"long", false, 8},
      {"ulong", false, 8},  {"unsigned long", false, 8},  {"half", true, 2},
      {"float", true, 4},   {"double", true, 8},
  };
  for (const Known &k : kKnown)
    if (name == k.name) {
      shape.isFloat = k.isFloat;
      shape.elementBytes = k.bytes;
      return shape;
    }
  return std::nullopt;
}

// The comma-separated fields of a spec body.
std::vector<std::string_view> splitCommas(std::string_view body) {
  std::vector<std::string_view> out;
  for (std::string_view rest = body;;) {
    const size_t comma = rest.find(',');
    out.push_back(rest.substr(0, comma));
    if (comma == std::string_view::npos)
      return out;
    rest.remove_prefix(comma + 1);
  }
}

struct Geometry {
  std::string_view name;
  runtime::ImageType type;
  const char *sizes; // the size fields it takes, as the usage spells them
  unsigned count;
};
constexpr Geometry kGeometries[] = {
    {"image1d", runtime::ImageType::Image1D, "W", 1},
    {"image2d", runtime::ImageType::Image2D, "W,H", 2},
    {"image3d", runtime::ImageType::Image3D, "W,H,D", 3},
    {"image1d_array", runtime::ImageType::Image1DArray, "W,N", 2},
    {"image2d_array", runtime::ImageType::Image2DArray, "W,H,N", 3},
    {"image1d_buffer", runtime::ImageType::Image1DBuffer, "W", 1},
};

constexpr const char *kFormatHelp =
    "ORDER_TYPE: orders r rg rgba bgra, types unorm8 unorm16 snorm8 snorm16 sint8 sint16 sint32 "
    "uint8 uint16 uint32 half float, e.g. rgba_unorm8";

// `image2d:W,H,FORMAT[,@FILE]` and the other geometries.
bool parseImage(const Geometry &g, std::string_view body, ArgSpec &a, std::string &error) {
  const std::string usage =
      std::string(g.name) + ":" + g.sizes + ",FORMAT[,@FILE] (FORMAT " + kFormatHelp + ")";
  std::vector<std::string_view> f = splitCommas(body);
  if (f.size() == g.count + 2 && f.back().starts_with("@")) {
    a.path = std::string(f.back().substr(1));
    if (a.path.empty()) {
      error = "'@' needs a file name";
      return false;
    }
    f.pop_back();
  }
  if (f.size() != g.count + 1) {
    error = "expected " + usage;
    return false;
  }
  // The T#'s fields: 14 bits of width / height - 1, 13 bits of depth - 1 / last layer.
  const bool layers =
      g.type == runtime::ImageType::Image1DArray || g.type == runtime::ImageType::Image2DArray;
  uint32_t sizes[3] = {1, 1, 1};
  for (unsigned i = 0; i < g.count; ++i) {
    const bool third = i == g.count - 1 && (g.type == runtime::ImageType::Image3D || layers);
    const uint64_t limit = g.type == runtime::ImageType::Image1DBuffer ? (1u << 28)
                           : third                                     ? 8192
                                                                       : 16384;
    const std::optional<uint64_t> v = parseSize(f[i]);
    if (!v || *v == 0 || *v > limit) {
      error = "'" + std::string(f[i]) + "' is not a size 1.." + std::to_string(limit) +
              " (expected " + usage + ")";
      return false;
    }
    sizes[i] = static_cast<uint32_t>(*v);
  }
  const std::optional<runtime::ImageFormat> format = runtime::parseImageFormat(f[g.count]);
  if (!format) {
    error = "unknown image format '" + std::string(f[g.count]) + "' (" + kFormatHelp + ")";
    return false;
  }
  a.kind = ArgSpec::Kind::Image;
  a.geometry = std::string(g.name);
  a.image.type = g.type;
  a.image.format = *format;
  a.image.width = sizes[0];
  switch (g.type) {
  case runtime::ImageType::Image2D:
    a.image.height = sizes[1];
    break;
  case runtime::ImageType::Image3D:
    a.image.height = sizes[1];
    a.image.depth = sizes[2];
    break;
  case runtime::ImageType::Image1DArray:
    a.image.arraySize = sizes[1];
    break;
  case runtime::ImageType::Image2DArray:
    a.image.height = sizes[1];
    a.image.arraySize = sizes[2];
    break;
  default:
    break;
  }
  return true;
}

// `sampler:COORDS,ADDRESS,FILTER`, the three in any order.
bool parseSampler(std::string_view body, ArgSpec &a, std::string &error) {
  const std::string usage = "expected sampler:COORDS,ADDRESS,FILTER with COORDS normalized or "
                            "unnormalized, ADDRESS none, clamp_to_edge, clamp, repeat or "
                            "mirrored_repeat, FILTER nearest or linear";
  bool coords = false, address = false, filter = false;
  for (std::string_view word : splitCommas(body)) {
    bool *seen = nullptr;
    if (word == "normalized" || word == "unnormalized") {
      seen = &coords;
      a.sampler.normalized = word == "normalized";
    } else if (word == "nearest" || word == "linear") {
      seen = &filter;
      a.sampler.filter =
          word == "linear" ? runtime::FilterMode::Linear : runtime::FilterMode::Nearest;
    } else {
      static constexpr std::pair<std::string_view, runtime::AddressMode> kModes[] = {
          {"none", runtime::AddressMode::None},
          {"clamp_to_edge", runtime::AddressMode::ClampToEdge},
          {"clamp", runtime::AddressMode::Clamp},
          {"repeat", runtime::AddressMode::Repeat},
          {"mirrored_repeat", runtime::AddressMode::MirroredRepeat}};
      for (const auto &[name, mode] : kModes)
        if (word == name) {
          seen = &address;
          a.sampler.address = mode;
        }
    }
    if (!seen) {
      error = "unknown sampler property '" + std::string(word) + "' (" + usage + ")";
      return false;
    }
    if (*seen) {
      error = "sampler property '" + std::string(word) + "' repeats a setting (" + usage + ")";
      return false;
    }
    *seen = true;
  }
  if (!coords || !address || !filter) {
    error = usage;
    return false;
  }
  if (!a.sampler.normalized && (a.sampler.address == runtime::AddressMode::Repeat ||
                                a.sampler.address == runtime::AddressMode::MirroredRepeat)) {
    error = "repeat and mirrored_repeat need normalized coordinates (OpenCL leaves them "
            "undefined otherwise)";
    return false;
  }
  a.kind = ArgSpec::Kind::Sampler;
  return true;
}

} // namespace

std::optional<uint16_t> parseHalf(std::string_view text) {
  std::optional<double> d = parseFloatText<double>(text, FE_TONEAREST);
  if (!d)
    return std::nullopt;
  const uint16_t sign = std::signbit(*d) ? 0x8000 : 0;
  if (std::isnan(*d))
    return static_cast<uint16_t>(sign | 0x7e00);
  if (std::isinf(*d))
    return looksInfinite(text) ? std::optional<uint16_t>(sign | 0x7c00) : std::nullopt;
  if (*d == 0)
    return sign;
  // The double is the decimal rounded once; rounding it again to half is wrong only when it
  // lands exactly on a half midpoint, so then the directed parses tell which side the decimal
  // lies on.
  int tie = 0;
  const std::optional<double> down = parseFloatText<double>(text, FE_DOWNWARD);
  const std::optional<double> upward = parseFloatText<double>(text, FE_UPWARD);
  const bool negative = sign != 0;
  if (down && *down != *d)
    tie = negative ? 1 : -1; // the exact value is below d: a larger magnitude if negative
  else if (upward && *upward != *d)
    tie = negative ? -1 : 1;
  const uint16_t magnitude = halfMagnitude(std::fabs(*d), tie);
  if (magnitude == 0x7c00)
    return std::nullopt;
  return static_cast<uint16_t>(sign | magnitude);
}

std::optional<ArgSpec> parseArgSpec(std::string_view spec, std::string &error) {
  ArgSpec a;
  a.text = std::string(spec);
  if (spec.starts_with("@")) {
    a.kind = ArgSpec::Kind::File;
    a.path = std::string(spec.substr(1));
    if (a.path.empty()) {
      error = "'@' needs a file name";
      return std::nullopt;
    }
    return a;
  }
  const size_t colon = spec.find(':');
  if (colon == std::string_view::npos) {
    error = "expected @PATH, zeros:BYTES, lds:BYTES, bytes:HEX or TYPE:VALUE (types i8 i16 i32 "
            "i64 u8 u16 u32 u64 f16 f32 f64, vectors TYPExN:V1,...,VN), or an image or sampler "
            "(image2d:W,H,FORMAT[,@FILE], sampler:COORDS,ADDRESS,FILTER)";
    return std::nullopt;
  }
  const std::string_view head = spec.substr(0, colon), body = spec.substr(colon + 1);
  if (head == "zeros" || head == "lds") {
    a.kind = head == "zeros" ? ArgSpec::Kind::Zeros : ArgSpec::Kind::Lds;
    const std::optional<uint64_t> n = parseSize(body);
    if (!n) {
      error = "'" + std::string(body) + "' is not a byte count";
      return std::nullopt;
    }
    a.bytes = *n;
    return a;
  }
  for (const Geometry &g : kGeometries)
    if (head == g.name)
      return parseImage(g, body, a, error) ? std::optional<ArgSpec>(std::move(a)) : std::nullopt;
  if (head == "sampler")
    return parseSampler(body, a, error) ? std::optional<ArgSpec>(std::move(a)) : std::nullopt;
  if (head == "bytes") {
    a.kind = ArgSpec::Kind::Bytes;
    a.type = "bytes";
    auto digit = [](char c) {
      return c >= '0' && c <= '9'   ? c - '0'
             : c >= 'a' && c <= 'f' ? c - 'a' + 10
             : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                    : -1;
    };
    for (size_t i = 0; i < body.size(); i += 2) {
      const int hi = digit(body[i]), lo = i + 1 < body.size() ? digit(body[i + 1]) : -1;
      if (hi < 0 || lo < 0) {
        error = "'" + std::string(body) +
                "' is not an even number of hex digits (the argument's bytes in memory order)";
        return std::nullopt;
      }
      a.value.push_back(static_cast<uint8_t>(hi << 4 | lo));
    }
    if (a.value.empty()) {
      error = "bytes: needs at least one byte";
      return std::nullopt;
    }
    return a;
  }
  const size_t x = head.find('x');
  const std::string_view typeName = head.substr(0, x);
  const ScalarType *type = nullptr;
  for (const ScalarType &t : kScalarTypes)
    if (t.name == typeName)
      type = &t;
  if (!type) {
    error = "unknown type '" + std::string(typeName) +
            "' (i8 i16 i32 i64 u8 u16 u32 u64 f16 f32 f64, vectors like f32x4)";
    return std::nullopt;
  }
  unsigned elements = 1;
  if (x != std::string_view::npos) {
    const std::string_view count = head.substr(x + 1);
    if (count != "2" && count != "3" && count != "4" && count != "8" && count != "16") {
      error = "vector length '" + std::string(count) + "' is not 2, 3, 4, 8 or 16";
      return std::nullopt;
    }
    elements = static_cast<unsigned>(std::atoi(std::string(count).c_str()));
  }
  a.kind = ArgSpec::Kind::Value;
  a.type = std::string(head);
  a.isFloat = type->isFloat;
  a.elementBytes = type->bytes;
  a.elements = elements;
  std::vector<std::string_view> values;
  for (std::string_view rest = body;;) {
    const size_t comma = rest.find(',');
    values.push_back(rest.substr(0, comma));
    if (comma == std::string_view::npos)
      break;
    rest.remove_prefix(comma + 1);
  }
  if (values.size() != elements) {
    error = a.type + " needs " + std::to_string(elements) + " value" + (elements > 1 ? "s" : "") +
            ", " + std::to_string(values.size()) + " given";
    return std::nullopt;
  }
  for (std::string_view v : values) {
    uint64_t bits = 0;
    bool ok;
    if (!type->isFloat)
      ok = parseInteger(v, *type, bits, error);
    else if (type->bytes == 2)
      ok = parseHalfBits(v, bits, error);
    else if (type->bytes == 4)
      ok = parseFloat<float>(v, *type, bits, error);
    else
      ok = parseFloat<double>(v, *type, bits, error);
    if (!ok)
      return std::nullopt;
    for (unsigned i = 0; i < type->bytes; ++i)
      a.value.push_back(static_cast<uint8_t>(bits >> (8 * i)));
  }
  return a;
}

std::string describeArg(const runtime::KernelArgDesc &arg, size_t index) {
  std::string s = "argument " + std::to_string(index);
  if (!arg.name.empty())
    s += " " + quoted(arg.name);
  s += " is ";
  const std::string type = arg.typeName.empty() ? "" : " (" + arg.typeName + ")";
  if (arg.valueKind == "by_value")
    return s + (startsWithVowelSound(arg.size) ? "an " : "a ") + std::to_string(arg.size) +
           "-byte by-value" + (arg.typeName.empty() ? " argument" : " " + arg.typeName);
  if (arg.valueKind == "global_buffer")
    return s + "a buffer pointer" + type;
  if (arg.valueKind == "dynamic_shared_pointer")
    return s + "a __local pointer to dynamic LDS" + type;
  if (arg.valueKind == "image")
    return s + "an image" + type;
  if (arg.valueKind == "sampler")
    return s + "a sampler" + type;
  return s + "of kind " + arg.valueKind + type;
}

std::optional<std::string> checkArg(const ArgSpec &spec, const runtime::KernelArgDesc &arg,
                                    size_t index, const std::string &kernel) {
  const std::string what = "kernel " + quoted(kernel) + " " + describeArg(arg, index);
  switch (spec.kind) {
  case ArgSpec::Kind::File:
  case ArgSpec::Kind::Zeros:
    if (arg.valueKind == "global_buffer" && arg.size == 8)
      return std::nullopt;
    if (arg.valueKind == "dynamic_shared_pointer")
      return what + "; give it lds:BYTES";
    if (arg.valueKind != "image" && arg.valueKind != "sampler")
      return what + ", not a buffer";
    break;
  case ArgSpec::Kind::Lds:
    if (arg.valueKind == "dynamic_shared_pointer" && arg.size == 4)
      return std::nullopt;
    return what + ", not a pointer to dynamic LDS";
  case ArgSpec::Kind::Image:
    if (arg.valueKind != "image")
      return what + ", not an image";
    if (!arg.typeName.empty() && arg.typeName != spec.geometry + "_t")
      return what + "; " + spec.geometry + " does not match";
    return std::nullopt;
  case ArgSpec::Kind::Sampler:
    if (arg.valueKind == "sampler")
      return std::nullopt;
    return what + ", not a sampler";
  case ArgSpec::Kind::Value:
  case ArgSpec::Kind::Bytes:
    break;
  }
  if (arg.valueKind == "image") {
    const std::string geometry =
        arg.typeName.ends_with("_t") ? arg.typeName.substr(0, arg.typeName.size() - 2) : "image2d";
    return what + "; give it " + geometry + ":SIZES,FORMAT[,@FILE]";
  }
  if (arg.valueKind == "sampler")
    return what + "; give it sampler:COORDS,ADDRESS,FILTER";
  if (arg.valueKind == "global_buffer")
    return what + "; give it @FILE or zeros:BYTES";
  if (arg.valueKind == "dynamic_shared_pointer")
    return what + "; give it lds:BYTES";
  if (arg.valueKind != "by_value")
    return what + ", which gcnkit run cannot pass";
  const uint32_t given = static_cast<uint32_t>(spec.value.size());
  if (spec.kind == ArgSpec::Kind::Bytes)
    return given == arg.size
               ? std::nullopt
               : std::optional<std::string>(what + "; " + std::to_string(given) + " bytes given");
  const bool paddedVector = spec.elements == 3 && arg.size == 4 * spec.elementBytes;
  if (given != arg.size && !paddedVector)
    return what + "; " + spec.type + " is " + std::to_string(given) + " bytes";
  if (std::optional<TypeShape> shape = shapeOf(arg.typeName)) {
    if (shape->isFloat != spec.isFloat || shape->elementBytes != spec.elementBytes ||
        shape->elements != spec.elements)
      return what + "; " + spec.type + " does not match";
  }
  return std::nullopt;
}

std::vector<uint8_t> valueBytesFor(const ArgSpec &spec, uint32_t size) {
  std::vector<uint8_t> bytes = spec.value;
  if (bytes.size() < size)
    bytes.resize(size, 0);
  return bytes;
}

} // namespace gcnkit::tools
