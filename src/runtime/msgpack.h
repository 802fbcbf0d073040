// A small MessagePack reader for the code object metadata note (NT_AMDGPU_METADATA). Every read
// is bounds-checked; malformed input gives an error with the byte offset, nesting is limited,
// and no allocation exceeds what the input can describe (each element takes at least a byte).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gcnkit::runtime::msgpack {

struct Value {
  enum class Kind : uint8_t { Nil, Bool, Int, UInt, Float, Str, Bin, Array, Map };
  Kind kind = Kind::Nil;
  bool b = false;
  int64_t i = 0;
  uint64_t u = 0;
  double f = 0;
  std::string_view str;     // Str / Bin: a view into the input
  std::vector<Value> items; // Array; Map: keys and values alternating (key 0, value 0, ...)
  // (Not a vector of pairs: std::pair<Value, Value> needs Value complete, which it is not
  // inside its own definition.)

  // Map lookup by string key; nullptr when absent or not a map.
  const Value *get(std::string_view key) const;
  // Integer value (Int or UInt) if it fits.
  std::optional<uint64_t> asUInt() const;
  std::optional<std::string_view> asStr() const;
};

// Parses exactly one value spanning the whole input.
std::optional<Value> parse(std::string_view data, std::string &error);

} // namespace gcnkit::runtime::msgpack
