#include "runtime/offload_bundle.h"

#include <algorithm>
#include <cstring>
#include <string_view>

#include <zlib.h>
#include <zstd.h>

#include "gcnkit/target.h"
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

// The new offload driver's binary format (LLVM's OffloadBinary): a 32-byte header (magic,
// version, size, entry offset, entry size), a 48-byte entry (image kind, offload kind, flags,
// string table offset and count, image offset and size) and key/value strings ("arch",
// "triple").
constexpr std::string_view kOffloadBinaryMagic = "\x10\xff\x10\xad";
constexpr uint64_t kOffloadHeaderBytes = 32, kOffloadEntryBytes = 48;
constexpr uint16_t kImageObject = 1, kImageBitcode = 2;
constexpr uint32_t kShtLlvmOffloading = 0x6fff4c08;

// Compressed bundles: magic, version (1-3), method (0 zlib, 1 zstd), then the sizes (v1:
// uncompressed u32; v2: total file u32, uncompressed u32; v3: both u64) and a 64-bit hash.
constexpr uint64_t kMaxUncompressed = uint64_t{1} << 30;

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

// "where: what", or just "what" for the outermost container.
std::string located(const std::string &where, const std::string &what) {
  return where.empty() ? what : where + ": " + what;
}

// A code object a container holds (or an image that cannot be run, with the reason).
struct Candidate {
  std::string name;                  // bundle entry triple or offload image description
  std::optional<isa::Target> target; // nullopt: not a device gcnkit supports
  size_t buffer = 0;                 // 0: the input, otherwise decompressed buffer #buffer - 1
  uint64_t offset = 0, size = 0;     // in that buffer
  std::string unusable;              // why it cannot be loaded, if so
};

// Walks nested containers (host ELF -> .hip_fatbin -> CCOB -> bundle) and collects every device
// image it finds.
class Finder {
public:
  Finder(std::span<const uint8_t> input, std::string &error) : input_(input), error_(error) {}

  std::vector<Candidate> found;

  // The bytes of buffer b (0: the input).
  std::span<const uint8_t> buffer(size_t b) const {
    return b == 0 ? input_ : std::span<const uint8_t>(decompressed_[b - 1]);
  }
  std::vector<uint8_t> takeBuffer(size_t b) { return std::move(decompressed_[b - 1]); }

  // A container at [at, at + d.size()) of buffer b; `where` names it for errors. False with the
  // error set when malformed.
  bool container(size_t b, uint64_t at, std::span<const uint8_t> d, const std::string &where) {
    if (startsWith(d, kCompressedBundleMagic))
      return compressed(d, where);
    if (startsWith(d, kBundle))
      return bundle(b, at, d, where);
    if (startsWith(d, kOffloadBinaryMagic))
      return offloadBinaries(b, at, d, where);
    return fail(located(where, "no offload bundle or offload binary there"));
  }

  // The sections of a host ELF that carry device code.
  bool hostElf(std::span<const uint8_t> d) {
    auto sections = hostSections(d, error_);
    if (!sections)
      return false;
    bool any = false;
    for (const HostSection &s : *sections) {
      const bool fatbin = s.name == ".hip_fatbin";
      if (!fatbin && !(s.name == ".llvm.offloading" || s.type == kShtLlvmOffloading))
        continue;
      any = true;
      if (s.type == kShtNobits || s.size == 0)
        continue;
      const std::string where = std::string(s.name) + " at byte " + hex(s.offset);
      if (fatbin ? !fatbinSection(s.offset, d.subspan(s.offset, s.size), where)
                 : !offloadBinaries(0, s.offset, d.subspan(s.offset, s.size), where))
        return false;
    }
    if (!any)
      return fail("host ELF (e_machine " + std::to_string(read(d, 18, 2)) +
                  ") has no .hip_fatbin or .llvm.offloading section: it carries no HIP device "
                  "code");
    return true;
  }

private:
  bool fail(const std::string &what) {
    error_ = what;
    return false;
  }

  // A linked executable concatenates one bundle per translation unit, each 4096-aligned.
  bool fatbinSection(uint64_t base, std::span<const uint8_t> section, const std::string &where) {
    uint64_t at = 0;
    while (at < section.size()) {
      const std::span<const uint8_t> rest = section.subspan(at);
      const std::string here = where + "+" + hex(at);
      if (!container(0, base + at, rest, here))
        return false;
      const uint64_t end = std::max<uint64_t>(lastExtent_, 1);
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
    return true;
  }

  bool bundle(size_t b, uint64_t at, std::span<const uint8_t> d, const std::string &where) {
    std::string why;
    auto entries = readBundle(d, why);
    if (!entries)
      return fail(located(where, why));
    uint64_t end = 0;
    for (const BundleEntry &e : *entries) {
      end = std::max(end, e.offset + e.size);
      Candidate c{e.triple, entryTarget(e.triple), b, at + e.offset, e.size, {}};
      if (c.target && e.size == 0)
        c.unusable = "offload bundle entry " + e.triple + " is empty";
      found.push_back(std::move(c));
    }
    lastExtent_ = end;
    return true;
  }

  bool compressed(std::span<const uint8_t> d, const std::string &where) {
    auto bad = [&](const std::string &what, uint64_t at) {
      return fail(
          located(where, "compressed offload bundle: " + what + " (byte offset " + hex(at) + ")"));
    };
    if (d.size() < 8)
      return bad("truncated header", 0);
    const uint64_t version = read(d, 4, 2), method = read(d, 6, 2);
    uint64_t header = 0, total = 0, uncompressed = 0;
    switch (version) {
    case 1:
      header = 20;
      if (d.size() < header)
        return bad("truncated header", 0);
      uncompressed = read(d, 8, 4);
      total = d.size();
      break;
    case 2:
      header = 24;
      if (d.size() < header)
        return bad("truncated header", 0);
      total = read(d, 8, 4);
      uncompressed = read(d, 12, 4);
      break;
    case 3:
      header = 32;
      if (d.size() < header)
        return bad("truncated header", 0);
      total = read(d, 8, 8);
      uncompressed = read(d, 16, 8);
      break;
    default:
      return bad("version " + std::to_string(version) + " is not 1, 2 or 3", 4);
    }
    if (total < header || total > d.size())
      return bad("file size " + std::to_string(total) + " does not fit the " +
                     std::to_string(d.size()) + " bytes there",
                 8);
    if (uncompressed == 0 || uncompressed > kMaxUncompressed)
      return bad("uncompressed size " + std::to_string(uncompressed) + " is not in 1..2^30", 8);
    const std::span<const uint8_t> data = d.subspan(header, total - header);
    std::vector<uint8_t> out(uncompressed);
    size_t got = 0;
    if (method == 1) {
      got = ZSTD_decompress(out.data(), out.size(), data.data(), data.size());
      if (ZSTD_isError(got))
        return bad(std::string("zstd: ") + ZSTD_getErrorName(got), header);
    } else if (method == 0) {
      uLongf len = static_cast<uLongf>(out.size());
      if (uncompress(out.data(), &len, data.data(), static_cast<uLong>(data.size())) != Z_OK)
        return bad("zlib data is corrupt or longer than the stated size", header);
      got = len;
    } else {
      return bad("compression method " + std::to_string(method) + " is not zlib (0) or zstd (1)",
                 6);
    }
    if (got != uncompressed)
      return bad("decompressed " + std::to_string(got) + " bytes, the header says " +
                     std::to_string(uncompressed),
                 8);
    decompressed_.push_back(std::move(out));
    const size_t b = decompressed_.size();
    if (!container(b, 0, buffer(b), located(where, "decompressed bundle")))
      return false;
    lastExtent_ = total;
    return true;
  }

  // One or more offload binaries, each 8-aligned after the previous one.
  bool offloadBinaries(size_t b, uint64_t base, std::span<const uint8_t> d,
                       const std::string &where) {
    uint64_t at = 0;
    while (at + kOffloadHeaderBytes <= d.size() && startsWith(d.subspan(at), kOffloadBinaryMagic)) {
      const std::span<const uint8_t> bin = d.subspan(at);
      const uint64_t size = read(bin, 8, 8), entryAt = read(bin, 16, 8);
      const std::string here = where.empty() && at == 0 ? "" : located(where, "+" + hex(at));
      if (size < kOffloadHeaderBytes || size > bin.size())
        return fail(located(here, "offload binary size " + std::to_string(size) +
                                      " does not fit the bytes there"));
      if (!fits(entryAt, kOffloadEntryBytes, size))
        return fail(located(here, "offload binary entry at " + hex(entryAt) + " is outside it"));
      const uint16_t kind = static_cast<uint16_t>(read(bin, entryAt, 2));
      const uint64_t strings = read(bin, entryAt + 8, 8), count = read(bin, entryAt + 16, 8);
      const uint64_t image = read(bin, entryAt + 24, 8), imageSize = read(bin, entryAt + 32, 8);
      if (!fits(image, imageSize, size))
        return fail(located(here, "offload binary image at " + hex(image) + " is outside it"));
      if (count > size / 16 || !fits(strings, count * 16, size))
        return fail(
            located(here, "offload binary string table at " + hex(strings) + " is outside it"));
      std::string arch, triple;
      for (uint64_t i = 0; i < count; ++i) {
        const uint64_t key = read(bin, strings + 16 * i, 8);
        const uint64_t value = read(bin, strings + 16 * i + 8, 8);
        if (key >= size || value >= size)
          return fail(
              located(here, "offload binary string " + std::to_string(i) + " is outside it"));
        auto str = [&](uint64_t o) {
          const char *p = reinterpret_cast<const char *>(bin.data() + o);
          return std::string(p, strnlen(p, size - o));
        };
        const std::string name = str(key);
        if (name == "arch")
          arch = str(value);
        else if (name == "triple")
          triple = str(value);
      }
      Candidate c;
      c.name = triple + "-" + arch + " (offload binary)";
      c.buffer = b;
      c.offset = base + at + image;
      c.size = imageSize;
      if (triple.starts_with("amdgcn-amd-amdhsa"))
        c.target = isa::targetByProcessor(arch.substr(0, arch.find(':')));
      if (kind == kImageBitcode)
        c.unusable = "the " + arch +
                     " image in the offload binary is LLVM bitcode (relocatable device code, "
                     "-fgpu-rdc): it needs linking first; build without -fgpu-rdc or load the "
                     "linked program";
      else if (kind != kImageObject)
        c.unusable = "the " + arch + " image in the offload binary is of kind " +
                     std::to_string(kind) + ", not an object file";
      found.push_back(std::move(c));
      at = (at + size + 7) & ~uint64_t{7};
    }
    lastExtent_ = at;
    if (at == 0)
      return fail(located(where, "no offload binary (magic 0x10ff10ad) there"));
    return true;
  }

  std::span<const uint8_t> input_;
  std::string &error_;
  std::vector<std::vector<uint8_t>> decompressed_;
  uint64_t lastExtent_ = 0; // bytes the last container read took (to find the next one)
};

std::string targetList(const std::vector<Candidate> &found) {
  std::string list;
  for (const Candidate &c : found)
    list += (list.empty() ? "" : ", ") + c.name;
  return list.empty() ? "none" : list;
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

std::optional<isa::Target> entryTarget(const std::string &triple) {
  // KIND-ARCH-VENDOR-OS-ENV-PROCESSOR[:FEATURES]; the environment is usually empty ("--").
  const size_t dash = triple.find('-');
  if (dash == std::string::npos)
    return std::nullopt;
  const std::string_view kind = std::string_view(triple).substr(0, dash);
  if (kind != "hip" && kind != "hipv4" && kind != "openmp")
    return std::nullopt;
  std::string_view rest = std::string_view(triple).substr(dash + 1);
  if (!rest.starts_with("amdgcn-amd-amdhsa-"))
    return std::nullopt;
  rest = rest.substr(0, rest.find(':')); // target features ("gfx90a:xnack-") may hold dashes
  return isa::targetByProcessor(rest.substr(rest.rfind('-') + 1));
}

std::optional<DeviceCode> findCodeObject(std::span<const uint8_t> input,
                                         std::optional<isa::Target> want, std::string &error) {
  Finder finder(input, error);
  // A 64-bit little-endian ELF for another machine: a host object that may embed device code.
  constexpr uint16_t kEmAmdgpu = 224;
  const bool hostElf = startsWith(input, "\x7f"
                                         "ELF") &&
                       input.size() >= 64 && input[4] == 2 && input[5] == 1 &&
                       read(input, 18, 2) != kEmAmdgpu;
  const bool container = startsWith(input, kCompressedBundleMagic) || startsWith(input, kBundle) ||
                         startsWith(input, kOffloadBinaryMagic);
  if (!hostElf && !container) {
    DeviceCode plain;
    plain.bytes = input;
    return plain;
  }
  if (!(hostElf ? finder.hostElf(input) : finder.container(0, 0, input, "")))
    return std::nullopt;
  // The first entry for the processor, preferring one that can be loaded.
  const Candidate *pick = nullptr;
  for (const Candidate &c : finder.found) {
    if (!c.target || (want && *c.target != *want))
      continue;
    if (!pick || (!pick->unusable.empty() && c.unusable.empty()))
      pick = &c;
  }
  const std::string what = want ? std::string(isa::processorName(*want)) + " code object"
                                : "code object for a supported processor (" +
                                      std::string(isa::supportedProcessors()) + ")";
  if (!pick) {
    error = "no " + what + " in the offload container; targets found: " + targetList(finder.found);
    return std::nullopt;
  }
  if (!want) {
    // Several processors to choose from: the caller must say which.
    for (const Candidate &c : finder.found)
      if (c.target && *c.target != *pick->target) {
        std::string list;
        for (const Candidate &d : finder.found)
          if (d.target)
            list += std::string(list.empty() ? "" : ", ") +
                    std::string(isa::processorName(*d.target)) + " (" + d.name + ")";
        error = "the offload container holds code objects for several processors: " + list +
                "; choose one (gcnkit run --mcpu, runtime::LoadOptions::target)";
        return std::nullopt;
      }
  }
  if (!pick->unusable.empty()) {
    error = pick->unusable;
    return std::nullopt;
  }
  DeviceCode code;
  code.entry = pick->name;
  if (pick->buffer != 0) {
    code.storage = finder.takeBuffer(pick->buffer);
    code.bytes = std::span<const uint8_t>(code.storage).subspan(pick->offset, pick->size);
  } else {
    code.bytes = input.subspan(pick->offset, pick->size);
  }
  return code;
}

} // namespace gcnkit::runtime
