#include "asm/metadata.h"

#include <yaml.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>

namespace gcnkit::assembler {

namespace {

using Type = MetadataNode::Type;

// ---- Scalar typing --------------------------------------------------------------------------

// An unsigned integer with the radix prefixes llvm-mc's YAML reader accepts.
bool parseUnsigned(std::string_view s, uint64_t &out) {
  unsigned radix = 10;
  if (s.size() > 1 && s[0] == '0') {
    const char p = s[1];
    if (p == 'x' || p == 'X')
      radix = 16, s.remove_prefix(2);
    else if (p == 'b' || p == 'B')
      radix = 2, s.remove_prefix(2);
    else if (p == 'o')
      radix = 8, s.remove_prefix(2);
    else
      radix = 8, s.remove_prefix(1);
  }
  if (s.empty())
    return false;
  uint64_t v = 0;
  for (char c : s) {
    unsigned d;
    if (c >= '0' && c <= '9')
      d = static_cast<unsigned>(c - '0');
    else if (c >= 'a' && c <= 'f')
      d = static_cast<unsigned>(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F')
      d = static_cast<unsigned>(c - 'A' + 10);
    else
      return false;
    if (d >= radix || v > (UINT64_MAX - d) / radix)
      return false;
    v = v * radix + d;
  }
  out = v;
  return true;
}

bool parseSigned(std::string_view s, int64_t &out) {
  uint64_t magnitude;
  if (s.size() < 2 || s[0] != '-' || !parseUnsigned(s.substr(1), magnitude) ||
      magnitude > uint64_t{1} << 63)
    return false;
  out = static_cast<int64_t>(0 - magnitude);
  return true;
}

bool parseBool(std::string_view s, bool &out) {
  for (std::string_view t :
       {"y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"})
    if (s == t)
      return out = true, true;
  for (std::string_view f :
       {"n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"})
    if (s == f)
      return out = false, true;
  return false;
}

// Anything strtod reads in full (inf, nan, hex floats, a leading '+'); llvm-mc also reads an
// empty (quoted) scalar as 0.0.
bool parseFloat(std::string_view s, double &out) {
  out = 0;
  if (s.empty())
    return true;
  if (std::isspace(static_cast<unsigned char>(s[0])))
    return false;
  std::string copy(s);
  char *end = nullptr;
  out = std::strtod(copy.c_str(), &end);
  return end == copy.c_str() + copy.size();
}

// `tag`: "" for the default, else the local tag name ("int" for !int) or "?" for any other.
bool typeScalar(std::string_view text, std::string_view tag, MetadataNode &n, std::string &error) {
  const bool any = tag.empty();
  if (any || tag == "int") {
    if (parseUnsigned(text, n.unsignedInteger)) {
      n.type = Type::UInt;
      return true;
    }
    if (parseSigned(text, n.integer)) {
      n.type = Type::Int;
      return true;
    }
    if (!any)
      return error = "invalid number", false;
  }
  if (tag == "nil") {
    n.type = Type::Nil;
    return true;
  }
  if (any || tag == "bool") {
    if (parseBool(text, n.boolean)) {
      n.type = Type::Bool;
      return true;
    }
    if (!any)
      return error = "invalid boolean", false;
  }
  if (any || tag == "float") {
    if (parseFloat(text, n.real)) {
      n.type = Type::Float;
      return true;
    }
    if (!any)
      return error = "invalid floating point number", false;
  }
  n.type = Type::String;
  n.string = std::string(text);
  return true;
}

// ---- YAML document to nodes -----------------------------------------------------------------

bool lessThan(const MetadataNode &a, const MetadataNode &b);

struct Loader {
  yaml_document_t *doc;
  MetadataError &error;
  std::string_view yaml;

  void fail(const yaml_mark_t &mark, std::string message) {
    error.message = std::move(message);
    error.line = mark.line + 1;
    error.column = mark.column + 1;
  }

  bool load(yaml_node_t *node, MetadataNode &out, int depth) {
    if (depth > 64) {
      fail(node->start_mark, "metadata nested too deeply");
      return false;
    }
    switch (node->type) {
    case YAML_SCALAR_NODE: {
      std::string_view text(reinterpret_cast<const char *>(node->data.scalar.value),
                            node->data.scalar.length);
      const std::string_view fullTag =
          node->tag ? reinterpret_cast<const char *>(node->tag) : std::string_view();
      // A plain empty value (`key:`) reads as an empty array.
      if (text.empty() && node->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
          fullTag == YAML_DEFAULT_SCALAR_TAG) {
        out.type = Type::Array;
        return true;
      }
      std::string_view tag;
      if (fullTag.size() > 1 && fullTag[0] == '!' && fullTag[1] != '!')
        tag = fullTag.substr(1);
      else if (fullTag != YAML_DEFAULT_SCALAR_TAG && !fullTag.empty())
        tag = "str"; // a standard tag other than !!str keeps the text as a string
      if (tag == "str") {
        out.type = Type::String;
        out.string = std::string(text);
        return true;
      }
      if (!tag.empty() && tag != "int" && tag != "nil" && tag != "bool" && tag != "float") {
        out.type = Type::String;
        out.string = std::string(text);
        return true;
      }
      std::string message;
      if (!typeScalar(text, tag, out, message)) {
        // llvm-mc points at the value, after the tag.
        yaml_mark_t at = node->start_mark;
        auto skip = [&](bool spaces) {
          while (at.index < yaml.size() && (yaml[at.index] == ' ') == spaces &&
                 yaml[at.index] != '\n')
            ++at.index, ++at.column;
        };
        if (at.index < yaml.size() && yaml[at.index] == '!') {
          skip(false);
          skip(true);
        }
        fail(at, message);
        return false;
      }
      return true;
    }
    case YAML_SEQUENCE_NODE:
      out.type = Type::Array;
      for (yaml_node_item_t *i = node->data.sequence.items.start; i < node->data.sequence.items.top;
           ++i) {
        out.array.emplace_back();
        if (!load(yaml_document_get_node(doc, *i), out.array.back(), depth + 1))
          return false;
      }
      return true;
    case YAML_MAPPING_NODE:
      out.type = Type::Map;
      for (yaml_node_pair_t *p = node->data.mapping.pairs.start; p < node->data.mapping.pairs.top;
           ++p) {
        MetadataNode key, value;
        if (!load(yaml_document_get_node(doc, p->key), key, depth + 1) ||
            !load(yaml_document_get_node(doc, p->value), value, depth + 1))
          return false;
        auto it = std::lower_bound(
            out.map.begin(), out.map.end(), key,
            [](const auto &entry, const MetadataNode &k) { return lessThan(entry.first, k); });
        if (it != out.map.end() && !lessThan(key, it->first))
          it->second = std::move(value); // a repeated key: the last value counts
        else
          out.map.emplace(it, std::move(key), std::move(value));
      }
      return true;
    default:
      out.type = Type::Nil;
      return true;
    }
  }
};

// Map keys are ordered by type, then value (strings bytewise).
bool lessThan(const MetadataNode &a, const MetadataNode &b) {
  if (a.type != b.type)
    return a.type < b.type;
  switch (a.type) {
  case Type::Bool:
    return a.boolean < b.boolean;
  case Type::Int:
    return a.integer < b.integer;
  case Type::UInt:
    return a.unsignedInteger < b.unsignedInteger;
  case Type::Float:
    return a.real < b.real;
  case Type::String:
    return a.string < b.string;
  default:
    return false;
  }
}

// ---- Verification ---------------------------------------------------------------------------

enum class Need : uint8_t { Optional, Required };

bool isString(const MetadataNode *n) { return n->type == Type::String; }
bool isInteger(const MetadataNode *n) { return n->isInteger(); }
bool isBool(const MetadataNode *n) { return n->type == Type::Bool; }

template <typename Check>
bool entry(const MetadataNode &map, std::string_view key, Need need, Check check) {
  const MetadataNode *n = map.find(key);
  if (!n)
    return need == Need::Optional;
  return check(n);
}

// The values are copied: an initializer_list's elements would not outlive the call.
auto oneOf(std::initializer_list<std::string_view> list) {
  return [values = std::vector<std::string_view>(list)](const MetadataNode *n) {
    return n->type == Type::String &&
           std::find(values.begin(), values.end(), n->string) != values.end();
  };
}

auto arrayOf(size_t size, bool (*element)(const MetadataNode *)) {
  return [size, element](const MetadataNode *n) {
    if (n->type != Type::Array || (size && n->array.size() != size))
      return false;
    return std::all_of(n->array.begin(), n->array.end(),
                       [&](const MetadataNode &e) { return element(&e); });
  };
}

bool verifyArgument(const MetadataNode *arg) {
  if (arg->type != Type::Map)
    return false;
  const MetadataNode &a = *arg;
  const auto access = oneOf({"read_only", "write_only", "read_write"});
  return entry(a, ".name", Need::Optional, isString) &&
         entry(a, ".type_name", Need::Optional, isString) &&
         entry(a, ".size", Need::Required, isInteger) &&
         entry(a, ".offset", Need::Required, isInteger) &&
         entry(a, ".value_kind", Need::Required,
               oneOf({"by_value",
                      "global_buffer",
                      "dynamic_shared_pointer",
                      "sampler",
                      "image",
                      "pipe",
                      "queue",
                      "hidden_block_count_x",
                      "hidden_block_count_y",
                      "hidden_block_count_z",
                      "hidden_group_size_x",
                      "hidden_group_size_y",
                      "hidden_group_size_z",
                      "hidden_remainder_x",
                      "hidden_remainder_y",
                      "hidden_remainder_z",
                      "hidden_global_offset_x",
                      "hidden_global_offset_y",
                      "hidden_global_offset_z",
                      "hidden_grid_dims",
                      "hidden_none",
                      "hidden_printf_buffer",
                      "hidden_hostcall_buffer",
                      "hidden_heap_v1",
                      "hidden_default_queue",
                      "hidden_completion_action",
                      "hidden_dynamic_lds_size",
                      "hidden_multigrid_sync_arg",
                      "hidden_private_base",
                      "hidden_shared_base",
                      "hidden_queue_ptr"})) &&
         entry(a, ".pointee_align", Need::Optional, isInteger) &&
         entry(a, ".address_space", Need::Optional,
               oneOf({"private", "global", "constant", "local", "generic", "region"})) &&
         entry(a, ".access", Need::Optional, access) &&
         entry(a, ".actual_access", Need::Optional, access) &&
         entry(a, ".is_const", Need::Optional, isBool) &&
         entry(a, ".is_restrict", Need::Optional, isBool) &&
         entry(a, ".is_volatile", Need::Optional, isBool) &&
         entry(a, ".is_pipe", Need::Optional, isBool);
}

bool verifyKernel(const MetadataNode &k) {
  if (k.type != Type::Map)
    return false;
  const auto args = [](const MetadataNode *n) {
    return n->type == Type::Array &&
           std::all_of(n->array.begin(), n->array.end(),
                       [](const MetadataNode &a) { return verifyArgument(&a); });
  };
  return entry(k, ".name", Need::Required, isString) &&
         entry(k, ".symbol", Need::Required, isString) &&
         entry(k, ".language", Need::Optional,
               oneOf({"OpenCL C", "OpenCL C++", "HCC", "HIP", "OpenMP", "Assembler"})) &&
         entry(k, ".language_version", Need::Optional, arrayOf(2, isInteger)) &&
         entry(k, ".args", Need::Optional, args) &&
         entry(k, ".reqd_workgroup_size", Need::Optional, arrayOf(3, isInteger)) &&
         entry(k, ".workgroup_size_hint", Need::Optional, arrayOf(3, isInteger)) &&
         entry(k, ".vec_type_hint", Need::Optional, isString) &&
         entry(k, ".device_enqueue_symbol", Need::Optional, isString) &&
         entry(k, ".kernarg_segment_size", Need::Required, isInteger) &&
         entry(k, ".group_segment_fixed_size", Need::Required, isInteger) &&
         entry(k, ".private_segment_fixed_size", Need::Required, isInteger) &&
         entry(k, ".uses_dynamic_stack", Need::Optional, isBool) &&
         entry(k, ".workgroup_processor_mode", Need::Optional, isInteger) &&
         entry(k, ".kernarg_segment_align", Need::Required, isInteger) &&
         entry(k, ".wavefront_size", Need::Required, isInteger) &&
         entry(k, ".sgpr_count", Need::Required, isInteger) &&
         entry(k, ".vgpr_count", Need::Required, isInteger) &&
         entry(k, ".max_flat_workgroup_size", Need::Required, isInteger) &&
         entry(k, ".sgpr_spill_count", Need::Optional, isInteger) &&
         entry(k, ".vgpr_spill_count", Need::Optional, isInteger) &&
         entry(k, ".uniform_work_group_size", Need::Optional, isInteger);
}

// ---- msgpack --------------------------------------------------------------------------------

void putBigEndian(std::string &out, uint64_t v, int bytes) {
  for (int i = bytes - 1; i >= 0; --i)
    out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

void putUnsigned(std::string &out, uint64_t v) {
  if (v < 0x80)
    putBigEndian(out, v, 1);
  else if (v <= 0xFF)
    out += '\xcc', putBigEndian(out, v, 1);
  else if (v <= 0xFFFF)
    out += '\xcd', putBigEndian(out, v, 2);
  else if (v <= 0xFFFFFFFF)
    out += '\xce', putBigEndian(out, v, 4);
  else
    out += '\xcf', putBigEndian(out, v, 8);
}

void putSigned(std::string &out, int64_t v) {
  if (v >= 0)
    return putUnsigned(out, static_cast<uint64_t>(v));
  const auto bits = static_cast<uint64_t>(v);
  if (v >= -32)
    putBigEndian(out, bits, 1);
  else if (v >= INT8_MIN)
    out += '\xd0', putBigEndian(out, bits, 1);
  else if (v >= INT16_MIN)
    out += '\xd1', putBigEndian(out, bits, 2);
  else if (v >= INT32_MIN)
    out += '\xd2', putBigEndian(out, bits, 4);
  else
    out += '\xd3', putBigEndian(out, bits, 8);
}

// The header of a string, array or map of `n` elements: the fix form, then 8 (strings only),
// 16 and 32-bit lengths.
void putLength(std::string &out, size_t n, uint8_t fix, size_t fixLimit, uint8_t first16) {
  if (n < fixLimit)
    putBigEndian(out, fix | n, 1);
  else if (n <= 0xFFFF)
    putBigEndian(out, first16, 1), putBigEndian(out, n, 2);
  else
    putBigEndian(out, first16 + 1, 1), putBigEndian(out, n, 4);
}

void writeMsgPack(std::string &out, const MetadataNode &n) {
  switch (n.type) {
  case Type::Nil:
  case Type::Float: // llvm-mc-19 writes floats as nil
    out += '\xc0';
    break;
  case Type::Bool:
    out += n.boolean ? '\xc3' : '\xc2';
    break;
  case Type::Int:
    putSigned(out, n.integer);
    break;
  case Type::UInt:
    putUnsigned(out, n.unsignedInteger);
    break;
  case Type::String:
    if (n.string.size() >= 32 && n.string.size() <= 0xFF)
      out += '\xd9', putBigEndian(out, n.string.size(), 1);
    else
      putLength(out, n.string.size(), 0xA0, 32, 0xDA);
    out += n.string;
    break;
  case Type::Array:
    putLength(out, n.array.size(), 0x90, 16, 0xDC);
    for (const MetadataNode &e : n.array)
      writeMsgPack(out, e);
    break;
  case Type::Map:
    putLength(out, n.map.size(), 0x80, 16, 0xDE);
    for (const auto &[k, v] : n.map) {
      writeMsgPack(out, k);
      writeMsgPack(out, v);
    }
    break;
  }
}

// ---- YAML output ----------------------------------------------------------------------------

bool isNullWord(std::string_view s) {
  return s == "null" || s == "Null" || s == "NULL" || s == "~";
}

bool isTrueFalse(std::string_view s) {
  for (std::string_view b : {"true", "True", "TRUE", "false", "False", "FALSE"})
    if (s == b)
      return true;
  return false;
}

bool allOf(std::string_view s, bool (*pred)(char)) {
  return !s.empty() && std::all_of(s.begin(), s.end(), pred);
}

// What a YAML reader would take for a number: YAML 1.2 core schema ints and floats.
bool looksNumeric(std::string_view s) {
  auto dec = [](char c) { return c >= '0' && c <= '9'; };
  if (s.starts_with("0x"))
    return allOf(s.substr(2),
                 [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
  if (s.starts_with("0o"))
    return allOf(s.substr(2), [](char c) { return c >= '0' && c <= '7'; });
  if (!s.empty() && (s[0] == '-' || s[0] == '+'))
    s.remove_prefix(1);
  for (std::string_view special : {".inf", ".Inf", ".INF", ".nan", ".NaN", ".NAN"})
    if (s == special)
      return true;
  size_t i = 0, digits = 0;
  while (i < s.size() && dec(s[i]))
    ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && dec(s[i]))
      ++i, ++digits;
  }
  if (digits == 0)
    return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '-' || s[i] == '+'))
      ++i;
    size_t expDigits = 0;
    while (i < s.size() && dec(s[i]))
      ++i, ++expDigits;
    if (expDigits == 0)
      return false;
  }
  return i == s.size();
}

enum class Quoting : uint8_t { None, Single, Double };

// How llvm-mc's YAML writer quotes a string, observed: single quotes for text a reader would
// type otherwise, for a leading indicator character and for characters other than letters,
// digits, `_-^., ` and tab; double quotes for line breaks, control characters and UTF-8.
Quoting quotingFor(std::string_view s) {
  if (s.empty())
    return Quoting::Single;
  Quoting q = Quoting::None;
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  if (space(s.front()) || space(s.back()) || isNullWord(s) || isTrueFalse(s) || looksNumeric(s) ||
      std::strchr("-?:\\,[]{}#&*!|>'\"%@`", s[0]))
    q = Quoting::Single;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '_' || c == '-' || c == '^' || c == '.' || c == ',' || c == ' ' ||
        c == '\t')
      continue;
    if (c == '\n' || c == '\r') {
      q = Quoting::Double;
      continue;
    }
    if (c < 0x20 || c >= 0x7F)
      return Quoting::Double;
    if (q == Quoting::None)
      q = Quoting::Single;
  }
  return q;
}

void appendString(std::string &out, std::string_view s) {
  switch (quotingFor(s)) {
  case Quoting::None:
    out += s;
    return;
  case Quoting::Single:
    out += '\'';
    for (char c : s) {
      if (c == '\'')
        out += '\'';
      out += c;
    }
    out += '\'';
    return;
  case Quoting::Double:
    out += '"';
    for (unsigned char c : s) {
      if (c == '\n')
        out += "\\n";
      else if (c == '\r')
        out += "\\r";
      else if (c == '\t')
        out += "\\t";
      else if (c == '"' || c == '\\')
        out += '\\', out += static_cast<char>(c);
      else if (c < 0x20 || c == 0x7F) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\x%02X", c);
        out += buf;
      } else
        out += static_cast<char>(c);
    }
    out += '"';
    return;
  }
}

void appendScalar(std::string &out, const MetadataNode &n) {
  switch (n.type) {
  case Type::Nil:
    out += "!nil ''";
    break;
  case Type::Bool:
    out += n.boolean ? "true" : "false";
    break;
  case Type::Int:
    out += std::to_string(n.integer);
    break;
  case Type::UInt:
    out += std::to_string(n.unsignedInteger);
    break;
  case Type::Float: {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%e", n.real);
    out += buf;
    break;
  }
  case Type::String: {
    // Text that would read back as another type is tagged.
    MetadataNode reread;
    std::string ignored;
    typeScalar(n.string, "", reread, ignored);
    if (reread.type != Type::String)
      out += "!str ";
    appendString(out, n.string);
    break;
  }
  default:
    break;
  }
}

bool isEmptyCollection(const MetadataNode &n) {
  return (n.type == Type::Array && n.array.empty()) || (n.type == Type::Map && n.map.empty());
}

bool isScalar(const MetadataNode &n) { return n.type != Type::Array && n.type != Type::Map; }

void writeYaml(std::string &out, const MetadataNode &n, size_t indent, bool continuesLine);

// A value after `key:` (or an array element after `- `).
void writeValue(std::string &out, const MetadataNode &v, size_t indent) {
  if (isScalar(v)) {
    appendScalar(out, v);
    out += '\n';
  } else if (isEmptyCollection(v)) {
    out += v.type == Type::Array ? "[]\n" : "{}\n";
  } else {
    out += '\n';
    writeYaml(out, v, indent, false);
  }
}

// Writes a collection whose entries start at column `indent`; `continuesLine`: the first entry
// follows a `- ` already written.
void writeYaml(std::string &out, const MetadataNode &n, size_t indent, bool continuesLine) {
  bool first = true;
  auto startLine = [&] {
    if (!(first && continuesLine))
      out.append(indent, ' ');
    first = false;
  };
  if (n.type == Type::Map) {
    for (const auto &[k, v] : n.map) {
      startLine();
      const size_t keyStart = out.size();
      appendScalar(out, k);
      const size_t keyLength = out.size() - keyStart;
      out += ':';
      if (isScalar(v) || isEmptyCollection(v))
        out.append(keyLength < 16 ? 16 - keyLength : 1, ' ');
      writeValue(out, v, indent + 2);
    }
    return;
  }
  for (const MetadataNode &e : n.array) {
    if (e.type == Type::Array && !e.array.empty()) {
      // llvm-mc-19 writes the elements of a nested array as elements of the outer one, two
      // columns further in.
      writeYaml(out, e, indent + 2, false);
      continue;
    }
    startLine();
    out += "- ";
    if (e.type == Type::Map && !e.map.empty())
      writeYaml(out, e, indent + 2, true);
    else
      writeValue(out, e, indent + 2);
  }
}

} // namespace

const MetadataNode *MetadataNode::find(std::string_view key) const {
  for (const auto &[k, v] : map)
    if (k.type == Type::String && k.string == key)
      return &v;
  return nullptr;
}

bool parseMetadataYaml(std::string_view yaml, MetadataNode &root, MetadataError &error) {
  yaml_parser_t parser;
  yaml_document_t doc;
  if (!yaml_parser_initialize(&parser)) {
    error.message = "out of memory";
    return false;
  }
  yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char *>(yaml.data()),
                               yaml.size());
  bool ok = yaml_parser_load(&parser, &doc) != 0;
  if (!ok) {
    error.message = parser.problem ? parser.problem : "invalid YAML";
    error.line = parser.problem_mark.line + 1;
    error.column = parser.problem_mark.column + 1;
  } else {
    root = MetadataNode();
    if (yaml_node_t *top = yaml_document_get_root_node(&doc)) {
      Loader loader{&doc, error, yaml};
      ok = loader.load(top, root, 0);
    }
    yaml_document_delete(&doc);
  }
  yaml_parser_delete(&parser);
  if (!ok) {
    // The line the error is on, for the diagnostic's quote.
    size_t start = 0;
    for (size_t line = 1; line < error.line && start != std::string_view::npos; ++line) {
      start = yaml.find('\n', start);
      if (start != std::string_view::npos)
        ++start;
    }
    if (start != std::string_view::npos && start <= yaml.size()) {
      const size_t end = yaml.find('\n', start);
      error.lineText =
          std::string(yaml.substr(start, end == std::string_view::npos ? end : end - start));
    }
  }
  return ok;
}

bool verifyHsaMetadata(const MetadataNode &root) {
  if (root.type != Type::Map)
    return false;
  const auto kernels = [](const MetadataNode *n) {
    return n->type == Type::Array && std::all_of(n->array.begin(), n->array.end(), verifyKernel);
  };
  return entry(root, "amdhsa.version", Need::Required, arrayOf(2, isInteger)) &&
         entry(root, "amdhsa.printf", Need::Optional, arrayOf(0, isString)) &&
         entry(root, "amdhsa.kernels", Need::Required, kernels);
}

std::string metadataToMsgPack(const MetadataNode &root) {
  std::string out;
  writeMsgPack(out, root);
  return out;
}

std::string metadataToYaml(const MetadataNode &root) {
  std::string out = "---\n";
  if (isScalar(root) || isEmptyCollection(root))
    writeValue(out, root, 0);
  else
    writeYaml(out, root, 0, false);
  out += "...\n";
  return out;
}

} // namespace gcnkit::assembler
