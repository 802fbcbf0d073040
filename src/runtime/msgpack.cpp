#include "runtime/msgpack.h"

#include <cstring>

namespace gcnkit::runtime::msgpack {

namespace {

constexpr int kMaxDepth = 64;

class Reader {
public:
  Reader(std::string_view d, std::string &e) : data_(d), error_(e) {}

  bool value(Value &out, int depth) {
    if (depth > kMaxDepth)
      return fail("nesting deeper than 64 levels");
    uint8_t t = 0;
    if (!byte(t))
      return false;
    if (t <= 0x7F)
      return integer(out, t);
    if (t >= 0xE0)
      return integer(out, static_cast<int8_t>(t));
    if ((t & 0xF0) == 0x80)
      return map(out, t & 0x0F, depth);
    if ((t & 0xF0) == 0x90)
      return array(out, t & 0x0F, depth);
    if ((t & 0xE0) == 0xA0)
      return string(out, Value::Kind::Str, t & 0x1F);
    uint64_t n = 0;
    switch (t) {
    case 0xC0:
      out.kind = Value::Kind::Nil;
      return true;
    case 0xC2:
    case 0xC3:
      out.kind = Value::Kind::Bool;
      out.b = t == 0xC3;
      return true;
    case 0xC4:
    case 0xC5:
    case 0xC6:
      return uint(1u << (t - 0xC4), n) && string(out, Value::Kind::Bin, n);
    case 0xCA: {
      uint64_t raw = 0;
      if (!uint(4, raw))
        return false;
      float f;
      const uint32_t r32 = static_cast<uint32_t>(raw);
      std::memcpy(&f, &r32, 4);
      out.kind = Value::Kind::Float;
      out.f = f;
      return true;
    }
    case 0xCB: {
      uint64_t raw = 0;
      if (!uint(8, raw))
        return false;
      std::memcpy(&out.f, &raw, 8);
      out.kind = Value::Kind::Float;
      return true;
    }
    case 0xCC:
    case 0xCD:
    case 0xCE:
    case 0xCF:
      if (!uint(1u << (t - 0xCC), n))
        return false;
      out.kind = Value::Kind::UInt;
      out.u = n;
      return true;
    case 0xD0:
    case 0xD1:
    case 0xD2:
    case 0xD3: {
      const unsigned size = 1u << (t - 0xD0);
      if (!uint(size, n))
        return false;
      const unsigned shift = 64 - 8 * size;
      return integer(out, static_cast<int64_t>(n << shift) >> shift);
    }
    case 0xD9:
    case 0xDA:
    case 0xDB:
      return uint(1u << (t - 0xD9), n) && string(out, Value::Kind::Str, n);
    case 0xDC:
    case 0xDD:
      return uint(2u << (t - 0xDC), n) && array(out, n, depth);
    case 0xDE:
    case 0xDF:
      return uint(2u << (t - 0xDE), n) && map(out, n, depth);
    default:
      return fail("unsupported type byte 0x" + hex(t));
    }
  }

  size_t pos() const { return pos_; }
  bool fail(const std::string &what) {
    error_ = "msgpack: " + what + " at offset " + std::to_string(pos_);
    return false;
  }

private:
  static std::string hex(uint8_t b) {
    static const char *d = "0123456789abcdef";
    return {d[b >> 4], d[b & 15]};
  }
  bool byte(uint8_t &b) {
    if (pos_ >= data_.size())
      return fail("unexpected end of data");
    b = static_cast<uint8_t>(data_[pos_++]);
    return true;
  }
  bool uint(unsigned size, uint64_t &v) {
    if (data_.size() - pos_ < size)
      return fail("unexpected end of data");
    v = 0;
    for (unsigned i = 0; i < size; ++i)
      v = v << 8 | static_cast<uint8_t>(data_[pos_++]); // big endian
    return true;
  }
  bool integer(Value &out, int64_t v) {
    out.kind = v < 0 ? Value::Kind::Int : Value::Kind::UInt;
    out.i = v;
    out.u = static_cast<uint64_t>(v);
    return true;
  }
  bool string(Value &out, Value::Kind kind, uint64_t n) {
    if (data_.size() - pos_ < n)
      return fail("string or binary runs past the end of data");
    out.kind = kind;
    out.str = data_.substr(pos_, n);
    pos_ += n;
    return true;
  }
  bool array(Value &out, uint64_t n, int depth) {
    if (n > data_.size() - pos_)
      return fail("array count larger than the remaining data");
    out.kind = Value::Kind::Array;
    out.items.resize(n);
    for (Value &v : out.items)
      if (!value(v, depth + 1))
        return false;
    return true;
  }
  bool map(Value &out, uint64_t n, int depth) {
    if (n > (data_.size() - pos_) / 2)
      return fail("map count larger than the remaining data");
    out.kind = Value::Kind::Map;
    out.items.resize(2 * n);
    for (Value &v : out.items)
      if (!value(v, depth + 1))
        return false;
    return true;
  }

  std::string_view data_;
  std::string &error_;
  size_t pos_ = 0;
};

} // namespace

const Value *Value::get(std::string_view key) const {
  if (kind != Kind::Map)
    return nullptr;
  for (size_t i = 0; i + 1 < items.size(); i += 2)
    if (items[i].kind == Kind::Str && items[i].str == key)
      return &items[i + 1];
  return nullptr;
}

std::optional<uint64_t> Value::asUInt() const {
  if (kind == Kind::UInt)
    return u;
  return std::nullopt;
}

std::optional<std::string_view> Value::asStr() const {
  if (kind == Kind::Str)
    return str;
  return std::nullopt;
}

std::optional<Value> parse(std::string_view data, std::string &error) {
  Reader r(data, error);
  Value v;
  if (!r.value(v, 0))
    return std::nullopt;
  if (r.pos() != data.size()) {
    r.fail("trailing bytes after the value");
    return std::nullopt;
  }
  return v;
}

} // namespace gcnkit::runtime::msgpack
