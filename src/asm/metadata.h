// The `.amdgpu_metadata` ... `.end_amdgpu_metadata` block: HSA metadata (code object v3+) as
// YAML, typed, checked and re-emitted as llvm-mc-19 does -- as the msgpack blob of the
// NT_AMDGPU_METADATA note in objects, and as normalised YAML in the listing.
//
// llvm-mc's typing of YAML scalars, observed: quoting does not matter; a scalar is an unsigned
// integer if it parses as one (prefixes 0x, 0b, 0o and a leading 0 for octal), else a signed
// integer, else a YAML 1.1 boolean (y, yes, on, true... in three cases), else a float (anything
// strtod reads whole), else a string. Local tags !int, !bool, !float, !nil and !str force a
// type; other tags make the scalar a string (except !!str, which is the default). Map keys are
// sorted. Floats are written to msgpack as nil.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gcnkit::assembler {

struct MetadataNode {
  // In llvm-mc's order, which orders map keys of different types.
  enum class Type : uint8_t { Int, UInt, Nil, Bool, Float, String, Array, Map };
  Type type = Type::Nil;
  bool boolean = false;
  int64_t integer = 0; // Int
  uint64_t unsignedInteger = 0;
  double real = 0;
  std::string string;
  std::vector<MetadataNode> array;
  std::vector<std::pair<MetadataNode, MetadataNode>> map; // sorted by key

  // Declared here and defaulted below: a vector of pairs of the type being defined needs the
  // complete type when its special members are instantiated (clang rejects them inline).
  MetadataNode();
  MetadataNode(const MetadataNode &);
  MetadataNode(MetadataNode &&) noexcept;
  MetadataNode &operator=(const MetadataNode &);
  MetadataNode &operator=(MetadataNode &&) noexcept;
  ~MetadataNode();

  bool isInteger() const { return type == Type::Int || type == Type::UInt; }
  const MetadataNode *find(std::string_view key) const;
};

inline MetadataNode::MetadataNode() = default;
inline MetadataNode::MetadataNode(const MetadataNode &) = default;
inline MetadataNode::MetadataNode(MetadataNode &&) noexcept = default;
inline MetadataNode &MetadataNode::operator=(const MetadataNode &) = default;
inline MetadataNode &MetadataNode::operator=(MetadataNode &&) noexcept = default;
inline MetadataNode::~MetadataNode() = default;

struct MetadataError {
  std::string message;
  size_t line = 0, column = 0; // 1-based, in the YAML text
  std::string lineText;
};

// Parses the YAML text of a block. False with `error` set on a YAML syntax or tag error.
bool parseMetadataYaml(std::string_view yaml, MetadataNode &root, MetadataError &error);

// llvm-mc's check of HSA metadata v3+ ("invalid HSA metadata" when false): the types of the
// amdhsa.* entries, kernel and argument fields it knows, and the required ones.
bool verifyHsaMetadata(const MetadataNode &root);

// The msgpack encoding (the note's descriptor).
std::string metadataToMsgPack(const MetadataNode &root);

// The YAML llvm-mc prints in the listing, from `---` to `...` with a newline after each line.
std::string metadataToYaml(const MetadataNode &root);

} // namespace gcnkit::assembler
