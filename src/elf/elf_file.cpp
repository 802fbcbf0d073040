#include "elf/elf_file.h"

#include "gcnkit/target.h"

#include <cstring>

namespace gcnkit::elf {

namespace {

// ELF64 layout: header 64 bytes, section header 64 bytes, symbol 24 bytes.
constexpr uint64_t kEhdrSize = 64;
constexpr uint64_t kShdrSize = 64;
constexpr uint64_t kSymSize = 24;

uint16_t read16(std::string_view d, uint64_t off) {
  auto p = reinterpret_cast<const unsigned char *>(d.data() + off);
  return static_cast<uint16_t>(p[0] | p[1] << 8);
}
uint32_t read32(std::string_view d, uint64_t off) {
  auto p = reinterpret_cast<const unsigned char *>(d.data() + off);
  return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}
uint64_t read64(std::string_view d, uint64_t off) {
  return uint64_t{read32(d, off)} | uint64_t{read32(d, off + 4)} << 32;
}

// True when [offset, offset + size) lies inside a file of `total` bytes (overflow-safe).
bool fits(uint64_t offset, uint64_t size, uint64_t total) {
  return offset <= total && size <= total - offset;
}

std::string hex(uint64_t v) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string s;
  do {
    s.insert(s.begin(), kDigits[v & 15]);
    v >>= 4;
  } while (v);
  return "0x" + s;
}

bool fail(ElfError &error, std::string what, uint64_t offset) {
  error.what = std::move(what);
  error.offset = offset;
  return false;
}

// A NUL-terminated name at `offset` inside a string table; nullopt if it runs off the table.
std::optional<std::string_view> stringAt(std::string_view table, uint64_t offset) {
  if (offset >= table.size())
    return std::nullopt;
  const char *start = table.data() + offset;
  const void *nul = std::memchr(start, 0, table.size() - offset);
  if (!nul)
    return std::nullopt;
  return std::string_view(start, static_cast<const char *>(nul) - start);
}

std::string sectionLabel(const Section &s) {
  std::string label = "section " + std::to_string(s.index);
  if (!s.name.empty())
    label += " (" + std::string(s.name) + ")";
  return label;
}

} // namespace

std::optional<ElfFile> ElfFile::parse(std::string_view data, ElfError &error) {
  const uint64_t fileSize = data.size();
  if (fileSize < kEhdrSize) {
    fail(error,
         "truncated ELF header: the file has " + std::to_string(fileSize) +
             " bytes, an ELF64 header needs 64",
         fileSize);
    return std::nullopt;
  }
  if (std::memcmp(data.data(),
                  "\x7f"
                  "ELF",
                  4) != 0) {
    fail(error, "not an ELF file (bad magic)", 0);
    return std::nullopt;
  }
  if (data[4] != 2) {
    fail(error,
         "ELF class " + std::to_string(static_cast<unsigned char>(data[4])) +
             " is not ELFCLASS64 (only 64-bit AMDGPU code objects are supported)",
         4);
    return std::nullopt;
  }
  if (data[5] != 1) {
    fail(error,
         "ELF data encoding " + std::to_string(static_cast<unsigned char>(data[5])) +
             " is not little-endian (ELFDATA2LSB)",
         5);
    return std::nullopt;
  }
  ElfFile f;
  f.data_ = data;
  f.type_ = read16(data, 16);
  const uint16_t machine = read16(data, 18);
  if (machine != abi::kEmAmdgpu) {
    fail(error,
         "e_machine " + std::to_string(machine) +
             " is not EM_AMDGPU (224): not an AMDGPU code "
             "object",
         18);
    return std::nullopt;
  }
  f.flags_ = read32(data, 48);
  if (!isa::targetIdFromElfFlags(f.flags_)) {
    fail(error,
         "e_flags " + hex(f.flags_) + " names AMDGPU processor " +
             hex(f.flags_ & abi::kEfAmdgpuMachMask) + "; supported: gfx1100 (0x41), gfx908 (0x30)",
         48);
    return std::nullopt;
  }

  const uint64_t shoff = read64(data, 40);
  const uint16_t shentsize = read16(data, 58);
  uint64_t shnum = read16(data, 60);
  uint32_t shstrndx = read16(data, 62);
  if (shoff == 0)
    return f; // no section header table: nothing to disassemble
  if (shentsize != kShdrSize) {
    fail(error, "e_shentsize " + std::to_string(shentsize) + " is not 64", 58);
    return std::nullopt;
  }
  if (!fits(shoff, kShdrSize, fileSize)) {
    fail(error,
         "section header table offset " + hex(shoff) + " is past the end of the file (" +
             std::to_string(fileSize) + " bytes)",
         40);
    return std::nullopt;
  }
  // Counts that do not fit in the header live in section 0 (e_shnum = 0, e_shstrndx = XINDEX).
  if (shnum == 0)
    shnum = read64(data, shoff + 32);
  if (shstrndx == abi::kShnXindex)
    shstrndx = read32(data, shoff + 40);
  if (shnum > (fileSize - shoff) / kShdrSize) {
    fail(error,
         "section header table (" + std::to_string(shnum) + " entries at offset " + hex(shoff) +
             ") extends past the end of the file (" + std::to_string(fileSize) + " bytes)",
         60);
    return std::nullopt;
  }
  f.sections_.resize(shnum);
  for (uint64_t i = 0; i < shnum; ++i) {
    const uint64_t h = shoff + i * kShdrSize;
    Section &s = f.sections_[i];
    s.index = static_cast<uint32_t>(i);
    s.headerOffset = h;
    s.type = read32(data, h + 4);
    s.flags = read64(data, h + 8);
    s.addr = read64(data, h + 16);
    s.offset = read64(data, h + 24);
    s.size = read64(data, h + 32);
    s.link = read32(data, h + 40);
    s.info = read32(data, h + 44);
    s.entsize = read64(data, h + 56);
  }
  if (shstrndx != abi::kShnUndef) {
    if (shstrndx >= shnum) {
      fail(error,
           "section name table index " + std::to_string(shstrndx) + " is out of range (" +
               std::to_string(shnum) + " sections)",
           62);
      return std::nullopt;
    }
    const Section &strtab = f.sections_[shstrndx];
    if (strtab.type != abi::kShtStrtab) {
      fail(error, "section name table (section " + std::to_string(shstrndx) + ") is not SHT_STRTAB",
           strtab.headerOffset + 4);
      return std::nullopt;
    }
    std::optional<std::string_view> names = f.contents(strtab, error);
    if (!names)
      return std::nullopt;
    for (Section &s : f.sections_) {
      const uint32_t nameOffset = read32(data, s.headerOffset);
      std::optional<std::string_view> name = stringAt(*names, nameOffset);
      if (!name) {
        fail(error,
             "section " + std::to_string(s.index) + ": name offset " + hex(nameOffset) +
                 " is outside the section name table (" + std::to_string(names->size()) +
                 " bytes) or not NUL-terminated",
             s.headerOffset);
        return std::nullopt;
      }
      s.name = *name;
    }
  }
  return f;
}

std::optional<std::string_view> ElfFile::contents(const Section &s, ElfError &error) const {
  if (!s.hasFileData())
    return std::string_view();
  if (!fits(s.offset, s.size, data_.size())) {
    fail(error,
         sectionLabel(s) + ": data at offset " + hex(s.offset) + " with size " + hex(s.size) +
             " extends past the end of the file (" + std::to_string(data_.size()) + " bytes)",
         s.headerOffset + 24);
    return std::nullopt;
  }
  return data_.substr(s.offset, s.size);
}

bool ElfFile::readSymbols(const Section &symtab, std::vector<Symbol> &out, ElfError &error) const {
  if (symtab.entsize != kSymSize)
    return fail(error,
                sectionLabel(symtab) + ": symbol entry size " + std::to_string(symtab.entsize) +
                    " is not 24",
                symtab.headerOffset + 56);
  if (symtab.size % kSymSize != 0)
    return fail(error,
                sectionLabel(symtab) + ": size " + hex(symtab.size) +
                    " is not a multiple of the symbol entry size (24)",
                symtab.headerOffset + 32);
  std::optional<std::string_view> syms = contents(symtab, error);
  if (!syms)
    return false;
  if (symtab.link >= sections_.size())
    return fail(error,
                sectionLabel(symtab) + ": linked string table index " +
                    std::to_string(symtab.link) + " is out of range",
                symtab.headerOffset + 40);
  const Section &strtabSection = sections_[symtab.link];
  if (strtabSection.type != abi::kShtStrtab)
    return fail(error,
                sectionLabel(symtab) + ": linked section " + std::to_string(symtab.link) +
                    " is not a string table",
                symtab.headerOffset + 40);
  std::optional<std::string_view> strtab = contents(strtabSection, error);
  if (!strtab)
    return false;
  // SHN_XINDEX symbols find their section index in the SHT_SYMTAB_SHNDX section linked to us.
  std::optional<std::string_view> shndxTable;
  const uint64_t count = syms->size() / kSymSize;
  out.clear();
  out.reserve(count);
  for (uint64_t i = 0; i < count; ++i) {
    const uint64_t at = symtab.offset + i * kSymSize;
    Symbol sym;
    const uint32_t nameOffset = read32(data_, at);
    const uint8_t info = static_cast<uint8_t>(data_[at + 4]);
    sym.type = info & 0xF;
    sym.bind = info >> 4;
    sym.shndx = read16(data_, at + 6);
    sym.value = read64(data_, at + 8);
    sym.size = read64(data_, at + 16);
    std::optional<std::string_view> name = stringAt(*strtab, nameOffset);
    if (!name)
      return fail(error,
                  sectionLabel(symtab) + ": symbol " + std::to_string(i) + ": name offset " +
                      hex(nameOffset) + " is outside the string table (" +
                      std::to_string(strtab->size()) + " bytes) or not NUL-terminated",
                  at);
    sym.name = *name;
    if (sym.shndx == abi::kShnXindex) {
      if (!shndxTable) {
        for (const Section &s : sections_)
          if (s.type == abi::kShtSymtabShndx && s.link == symtab.index) {
            shndxTable = contents(s, error);
            if (!shndxTable)
              return false;
            break;
          }
        if (!shndxTable)
          return fail(error,
                      sectionLabel(symtab) + ": symbol " + std::to_string(i) +
                          " uses SHN_XINDEX but there is no SHT_SYMTAB_SHNDX section",
                      at + 6);
      }
      if (!fits(i * 4, 4, shndxTable->size()))
        return fail(error,
                    sectionLabel(symtab) + ": symbol " + std::to_string(i) +
                        " has no entry in the SHT_SYMTAB_SHNDX section",
                    at + 6);
      sym.shndx = read32(*shndxTable, i * 4);
    }
    const bool reserved =
        sym.shndx >= abi::kShnLoreserve && read16(data_, at + 6) != abi::kShnXindex;
    if (sym.shndx != abi::kShnUndef && !reserved && sym.shndx >= sections_.size())
      return fail(error,
                  sectionLabel(symtab) + ": symbol " + std::to_string(i) + " (" +
                      std::string(sym.name) + "): section index " + std::to_string(sym.shndx) +
                      " is out of range (" + std::to_string(sections_.size()) + " sections)",
                  at + 6);
    sym.inSection = sym.shndx != abi::kShnUndef && !reserved;
    out.push_back(sym);
  }
  return true;
}

isa::Target ElfFile::target() const {
  return isa::targetIdFromElfFlags(flags_).value_or(isa::TargetId{}).target;
}

} // namespace gcnkit::elf
