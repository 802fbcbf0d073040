// The MessagePack reader used for code object metadata.
#include <gtest/gtest.h>

#include <string>

#include "runtime/msgpack.h"

namespace gcnkit::runtime::msgpack {
namespace {

std::string bytes(std::initializer_list<int> b) {
  std::string s;
  for (int x : b)
    s.push_back(static_cast<char>(x));
  return s;
}

TEST(EmuMsgpack, ReadsScalarsArraysAndMaps) {
  std::string error;
  // {"a": [1, -2, 300, "xy", true, nil]}; strings are views into the input, which must live on.
  const std::string input =
      bytes({0x81, 0xA1, 'a', 0x96, 0x01, 0xFE, 0xCD, 0x01, 0x2C, 0xA2, 'x', 'y', 0xC3, 0xC0});
  auto v = parse(input, error);
  ASSERT_TRUE(v) << error;
  const Value *a = v->get("a");
  ASSERT_TRUE(a);
  ASSERT_EQ(a->items.size(), 6u);
  EXPECT_EQ(a->items[0].asUInt(), 1u);
  EXPECT_EQ(a->items[1].kind, Value::Kind::Int);
  EXPECT_EQ(a->items[1].i, -2);
  EXPECT_EQ(a->items[2].asUInt(), 300u);
  EXPECT_EQ(a->items[3].asStr(), "xy");
  EXPECT_TRUE(a->items[4].b);
  EXPECT_EQ(a->items[5].kind, Value::Kind::Nil);
  EXPECT_EQ(v->get("b"), nullptr);
}

TEST(EmuMsgpack, RejectsMalformedInput) {
  std::string error;
  EXPECT_FALSE(parse(bytes({0x93, 0x01, 0xCD, 0x01}), error)); // uint16 cut short
  EXPECT_NE(error.find("unexpected end of data at offset 3"), std::string::npos) << error;
  EXPECT_FALSE(parse(bytes({0xDD, 0x7F, 0xFF, 0xFF, 0xFF}), error)); // huge count
  EXPECT_NE(error.find("array count"), std::string::npos) << error;
  EXPECT_FALSE(parse(bytes({0xA5, 'a'}), error));  // string past the end
  EXPECT_FALSE(parse(bytes({0xC1}), error));       // never-used type byte
  EXPECT_FALSE(parse(bytes({0x01, 0x02}), error)); // trailing bytes
  std::string deep(100, static_cast<char>(0x91));  // 100 nested arrays
  deep.push_back(0x01);
  EXPECT_FALSE(parse(deep, error));
  EXPECT_NE(error.find("nesting"), std::string::npos) << error;
}

} // namespace
} // namespace gcnkit::runtime::msgpack
