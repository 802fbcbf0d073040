#include "runtime/offload_bundle.h"

#include <algorithm>
#include <cstring>
#include <string_view>

#include "support/numbers.h"

namespace gcnkit::runtime {

namespace {

std::string hex(uint64_t v) {
  std::string s;
  support::appendHex(s, v);
  return s;
}

// Little-endian reads; the caller has checked the bounds.
uint64_t read(std::span<const uint8_t> d, uint64_t at, unsigned bytes) {
  uint64_t v = 0;
  for (unsigned i = 0; i < bytes; ++i)
    v |= uint64_t{d[at + i]} << (8 * i);
  return v;
}

bool fits(uint64_t offset, uint64_t size, uint64_t total) {
  return offset <= total && size <= total - offset;
}

bool startsWith(std::span<const uint8_t> d, std::string_view magic) {
  return d.size() >= magic.size() && std::memcmp(d.data(), magic.data(), magic.size()) == 0;
}

constexpr std::string_view kBundle = kBundleMagic;
constexpr uint64_t kEntryHeaderBytes = 24; // offset, size, triple length (u64 each)

std::string targetList(const std::vector<BundleEntry> &entries) {
  std::string list;
  for (const BundleEntry &e : entries)
    list += (list.empty() ? "" : ", ") + e.triple;
  return list.empty() ? "none" : list;
}

// The gfx1100 entry of the bundle at `bundle`, or an error listing the bundle's targets.
std::optional<std::span<const uint8_t>> pickEntry(std::span<const uint8_t> bundle,
                                                  const std::vector<BundleEntry> &entries,
                                                  std::string &error) {
  for (const BundleEntry &e : entries)
    if (isGfx1100Entry(e.triple)) {
      if (e.size == 0) {
        error = "offload bundle entry " + e.triple + " is empty";
        return std::nullopt;
      }
      return bundle.subspan(e.offset, e.size);
    }
  error = "offload bundle has no gfx1100 code object (amdgcn-amd-amdhsa--gfx1100 for hip, "
          "hipv4 or openmp); targets found: " +
          targetList(entries);
  return std::nullopt;
}

// ELF64 little-endian section headers, enough to find a named section of a host object.
struct HostSection {
  std::string_view name;
  uint32_t type = 0;
  uint64_t offset = 0, size = 0;
};

constexpr uint32_t kShtNobits = 8;

std::optional<std::vector<HostSection>> hostSections(std::span<const uint8_t> d,
                                                     std::string &error) {
  auto fail = [&](const std::string &what, uint64_t at) {
    error = "host ELF: " + what + " (byte offset " + hex(at) + ")";
    return std::nullopt;
  };
  constexpr uint64_t kEhdr = 64, kShdr = 64;
  if (d.size() < kEhdr)
    return fail("file shorter than the 64-byte ELF header", 0);
  const uint64_t shoff = read(d, 40, 8);
  const uint64_t shentsize = read(d, 58, 2);
  uint64_t shnum = read(d, 60, 2);
  uint64_t shstrndx = read(d, 62, 2);
  if (shoff == 0)
    return std::vector<HostSection>{};
  if (shentsize != kShdr)
    return fail("e_shentsize " + std::to_string(shentsize) + " is not 64", 58);
  if (!fits(shoff, kShdr, d.size()))
    return fail("section header table offset " + hex(shoff) + " is past the end of the file", 40);
  // Extended numbering: the real count and string table index live in section header 0.
  if (shnum == 0)
    shnum = read(d, shoff + 32, 8);
  if (shstrndx == 0xFFFF)
    shstrndx = read(d, shoff + 40, 4);
  if (shnum > (d.size() - shoff) / kShdr)
    return fail(std::to_string(shnum) + " section headers do not fit in the file", 60);
  if (shstrndx >= shnum)
    return fail("section name table index " + std::to_string(shstrndx) + " is out of range", 62);
  const uint64_t strHeader = shoff + shstrndx * kShdr;
  const uint64_t strOffset = read(d, strHeader + 24, 8), strSize = read(d, strHeader + 32, 8);
  if (!fits(strOffset, strSize, d.size()))
    return fail("section name table lies outside the file", strHeader + 24);
  std::vector<HostSection> out;
  for (uint64_t i = 0; i < shnum; ++i) {
    const uint64_t h = shoff + i * kShdr;
    HostSection s;
    const uint64_t nameOffset = read(d, h, 4);
    if (nameOffset >= strSize)
      return fail("section " + std::to_string(i) + " name offset is outside the name table", h);
    const char *names = reinterpret_cast<const char *>(d.data() + strOffset);
    const size_t len = strnlen(names + nameOffset, strSize - nameOffset);
    s.name = std::string_view(names + nameOffset, len);
    s.type = static_cast<uint32_t>(read(d, h + 4, 4));
    s.offset = read(d, h + 24, 8);
    s.size = read(d, h + 32, 8);
    if (s.type != kShtNobits && !fits(s.offset, s.size, d.size()))
      return fail("section " + std::string(s.name) + " lies outside the file", h + 24);
    out.push_back(s);
  }
  return out;
}

// The gfx1100 code object of the first bundle in a host ELF's .hip_fatbin section that has one
// (a linked executable concatenates one bundle per translation unit, each 4096-aligned).
std::optional<std::span<const uint8_t>> fromHostElf(std::span<const uint8_t> d,
                                                    std::string &error) {
  auto sections = hostSections(d, error);
  if (!sections)
    return std::nullopt;
  const HostSection *fatbin = nullptr;
  bool newDriver = false;
  for (const HostSection &s : *sections) {
    if (s.name == ".hip_fatbin")
      fatbin = &s;
    newDriver = newDriver || s.name == ".llvm.offloading";
  }
  const uint64_t machine = read(d, 18, 2);
  if (!fatbin) {
    error = "host ELF (e_machine " + std::to_string(machine) + ") has no .hip_fatbin section" +
            (newDriver ? " (its .llvm.offloading section, from --offload-new-driver, is not "
                         "supported)"
                       : ": it carries no HIP device code");
    return std::nullopt;
  }
  if (fatbin->type == kShtNobits || fatbin->size == 0) {
    error = "host ELF: the .hip_fatbin section is empty";
    return std::nullopt;
  }
  const std::span<const uint8_t> section = d.subspan(fatbin->offset, fatbin->size);
  std::vector<BundleEntry> seen;
  uint64_t at = 0;
  while (at < section.size()) {
    const std::span<const uint8_t> rest = section.subspan(at);
    if (startsWith(rest, kCompressedBundleMagic)) {
      error = ".hip_fatbin at byte " + hex(fatbin->offset + at) +
              ": compressed offload bundle (CCOB) is not supported; build without "
              "--offload-compress";
      return std::nullopt;
    }
    if (!startsWith(rest, kBundle)) {
      error = ".hip_fatbin at byte " + hex(fatbin->offset + at) +
              ": no clang offload bundle (magic " + std::string(kBundle) + ") there";
      return std::nullopt;
    }
    std::string why;
    auto entries = readBundle(rest, why);
    if (!entries) {
      error = ".hip_fatbin at byte " + hex(fatbin->offset + at) + ": " + why;
      return std::nullopt;
    }
    uint64_t end = 0;
    for (const BundleEntry &e : *entries) {
      if (isGfx1100Entry(e.triple))
        return pickEntry(rest, *entries, error);
      end = std::max(end, e.offset + e.size);
      seen.push_back(e);
    }
    // The next bundle, if any, starts at the next 4096-byte boundary after this one's data.
    end = std::max<uint64_t>(end, 1);
    const uint64_t next = (at + end + 4095) & ~uint64_t{4095};
    if (next <= at)
      break;
    at = next;
    // Trailing alignment padding is not another bundle.
    bool padding = true;
    for (uint64_t i = at; i < section.size() && padding; ++i)
      padding = section[i] == 0;
    if (padding)
      break;
  }
  error = "host ELF: the .hip_fatbin bundles have no gfx1100 code object; targets found: " +
          targetList(seen);
  return std::nullopt;
}

} // namespace

std::optional<std::vector<BundleEntry>> readBundle(std::span<const uint8_t> d, std::string &error) {
  auto fail = [&](const std::string &what, uint64_t at) {
    error = "offload bundle: " + what + " (byte offset " + hex(at) + ")";
    return std::nullopt;
  };
  if (!startsWith(d, kBundle))
    return fail("missing the " + std::string(kBundle) + " magic", 0);
  const uint64_t countAt = kBundle.size();
  if (!fits(countAt, 8, d.size()))
    return fail("truncated before the entry count", countAt);
  const uint64_t count = read(d, countAt, 8);
  uint64_t at = countAt + 8;
  if (count == 0)
    return fail("no entries", countAt);
  if (count > (d.size() - at) / kEntryHeaderBytes)
    return fail("entry count " + std::to_string(count) + " does not fit in the " +
                    std::to_string(d.size()) + "-byte bundle",
                countAt);
  std::vector<BundleEntry> entries;
  for (uint64_t i = 0; i < count; ++i) {
    const uint64_t header = at;
    if (!fits(at, kEntryHeaderBytes, d.size()))
      return fail("entry " + std::to_string(i) + " header is truncated", at);
    BundleEntry e;
    e.offset = read(d, at, 8);
    e.size = read(d, at + 8, 8);
    const uint64_t tripleSize = read(d, at + 16, 8);
    at += kEntryHeaderBytes;
    if (!fits(at, tripleSize, d.size()))
      return fail("entry " + std::to_string(i) + " target name (" + std::to_string(tripleSize) +
                      " bytes) runs past the end of the bundle",
                  header + 16);
    e.triple.assign(reinterpret_cast<const char *>(d.data() + at), tripleSize);
    at += tripleSize;
    if (!fits(e.offset, e.size, d.size()))
      return fail("entry " + std::to_string(i) + " (" + e.triple + ") data at " + hex(e.offset) +
                      ", " + std::to_string(e.size) + " bytes, runs past the end of the " +
                      std::to_string(d.size()) + "-byte bundle",
                  header);
    entries.push_back(std::move(e));
  }
  return entries;
}

bool isGfx1100Entry(const std::string &triple) {
  // KIND-ARCH-VENDOR-OS-ENV-PROCESSOR[:FEATURES]; the environment is usually empty ("--").
  const size_t dash = triple.find('-');
  if (dash == std::string::npos)
    return false;
  const std::string_view kind = std::string_view(triple).substr(0, dash);
  if (kind != "hip" && kind != "hipv4" && kind != "openmp")
    return false;
  std::string_view rest = std::string_view(triple).substr(dash + 1);
  if (!rest.starts_with("amdgcn-amd-amdhsa-"))
    return false;
  rest = rest.substr(0, rest.find(':')); // target features ("gfx90a:xnack-") may hold dashes
  return rest.substr(rest.rfind('-') + 1) == "gfx1100";
}

std::optional<std::span<const uint8_t>> findCodeObject(std::span<const uint8_t> input,
                                                       std::string &error) {
  if (startsWith(input, kCompressedBundleMagic)) {
    const uint64_t version = input.size() >= 6 ? read(input, 4, 2) : 0;
    const uint64_t method = input.size() >= 8 ? read(input, 6, 2) : 0;
    error = "compressed offload bundle (CCOB version " + std::to_string(version) + ", " +
            (method == 1   ? "zstd"
             : method == 0 ? "zlib"
                           : "method " + std::to_string(method)) +
            ") is not supported; build without --offload-compress, or unpack it with "
            "clang-offload-bundler-19 --unbundle --type=o "
            "--targets=hipv4-amdgcn-amd-amdhsa--gfx1100";
    return std::nullopt;
  }
  if (startsWith(input, kBundle)) {
    auto entries = readBundle(input, error);
    if (!entries)
      return std::nullopt;
    return pickEntry(input, *entries, error);
  }
  // A 64-bit little-endian ELF for another machine: a host object that may embed a bundle.
  constexpr uint16_t kEmAmdgpu = 224;
  if (startsWith(input, "\x7f"
                        "ELF") &&
      input.size() >= 64 && input[4] == 2 && input[5] == 1 && read(input, 18, 2) != kEmAmdgpu)
    return fromHostElf(input, error);
  return input;
}

} // namespace gcnkit::runtime
