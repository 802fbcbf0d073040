// A reader for ELF64 little-endian AMDGPU code objects. Every offset, size, count and index read
// from the file is checked against the file before use, so malformed or hostile input yields an
// ElfError naming the problem and the file offset of the field at fault, never an out-of-bounds
// read or an allocation larger than the file itself.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gcnkit/isa.h"

namespace gcnkit::elf {

struct ElfError {
  std::string what;
  uint64_t offset = 0; // file offset of the field (or data) at fault
};

// ELF constants gcnkit uses (values from the ELF and AMDGPU ABI specifications).
namespace abi {
inline constexpr uint16_t kEtRel = 1;
inline constexpr uint16_t kEmAmdgpu = 224;
inline constexpr uint32_t kEfAmdgpuMachMask = 0xFF;
inline constexpr uint32_t kShtSymtab = 2;
inline constexpr uint32_t kShtStrtab = 3;
inline constexpr uint32_t kShtNobits = 8;
inline constexpr uint32_t kShtDynsym = 11;
inline constexpr uint32_t kShtSymtabShndx = 18;
inline constexpr uint64_t kShfExecinstr = 0x4;
inline constexpr uint16_t kShnUndef = 0;
inline constexpr uint16_t kShnLoreserve = 0xFF00;
inline constexpr uint16_t kShnXindex = 0xFFFF;
inline constexpr uint8_t kSttNotype = 0;
inline constexpr uint8_t kSttObject = 1;
inline constexpr uint8_t kSttFunc = 2;
inline constexpr uint8_t kSttSection = 3;
inline constexpr uint8_t kSttFile = 4;
inline constexpr uint8_t kSttCommon = 5;
inline constexpr uint8_t kSttAmdgpuHsaKernel = 10;
} // namespace abi

struct Section {
  uint32_t index = 0;
  std::string_view name;
  uint32_t type = 0;
  uint64_t flags = 0;
  uint64_t addr = 0;
  uint64_t offset = 0;
  uint64_t size = 0;
  uint32_t link = 0;
  uint32_t info = 0;
  uint64_t entsize = 0;
  uint64_t headerOffset = 0; // file offset of this section's header

  bool isExecutable() const { return (flags & abi::kShfExecinstr) != 0; }
  bool hasFileData() const { return type != abi::kShtNobits; }
};

struct Symbol {
  std::string_view name;
  uint64_t value = 0;
  uint64_t size = 0;
  uint8_t type = 0;
  uint8_t bind = 0;
  uint32_t shndx = 0;     // section index, with SHN_XINDEX already resolved
  bool inSection = false; // defined in section `shndx` (not undefined, absolute or common)
};

class ElfFile {
public:
  // Reads and checks the ELF header, the section header table and the section names.
  static std::optional<ElfFile> parse(std::string_view data, ElfError &error);

  uint16_t type() const { return type_; }
  uint32_t flags() const { return flags_; }
  // The processor e_flags names (checked by parse).
  isa::Target target() const;
  bool isRelocatable() const { return type_ == abi::kEtRel; }
  std::span<const Section> sections() const { return sections_; }
  std::string_view data() const { return data_; }

  // The bytes of a section; an error when they lie outside the file. NOBITS sections are empty.
  std::optional<std::string_view> contents(const Section &s, ElfError &error) const;

  // Reads the symbols of a SHT_SYMTAB / SHT_DYNSYM section (index 0, the null symbol, included),
  // resolving names through the linked string table.
  bool readSymbols(const Section &symtab, std::vector<Symbol> &out, ElfError &error) const;

private:
  std::string_view data_;
  uint16_t type_ = 0;
  uint32_t flags_ = 0;
  std::vector<Section> sections_;
};

} // namespace gcnkit::elf
