// The symbols llvm-objdump-19 uses while disassembling: labels for the start of each region of a
// section, names for branch targets, and the symbolic operands of PC-relative branches.
#pragma once

#include <cstdint>
#include <string_view>
#include <tuple>
#include <vector>

#include "elf/elf_file.h"

namespace gcnkit::elf {

struct SymbolInfo {
  uint64_t addr = 0; // address (for relocatable objects: value plus the section's address)
  std::string_view name;
  uint8_t type = 0;

  // llvm-objdump-19's order, observed: by address; at one address data objects (STT_OBJECT)
  // first, then by name, then by type. The last symbol at an address names its region.
  friend bool operator<(const SymbolInfo &a, const SymbolInfo &b) {
    const bool aCode = a.type != abi::kSttObject, bCode = b.type != abi::kSttObject;
    return std::tie(a.addr, aCode, a.name, a.type) < std::tie(b.addr, bCode, b.name, b.type);
  }
};

struct SymbolMap {
  // Symbols defined in each section (indexed by section index), sorted (see
  // operator<). Sections
  // without symbols at their start gain a synthetic one named after the section when they are
  // disassembled.
  std::vector<std::vector<SymbolInfo>> bySection;
  // Symbols outside any section (absolute, undefined), sorted the same way.
  std::vector<SymbolInfo> absolute;
};

// Collects symbols as llvm-objdump does: from .symtab, skipping unnamed, STT_SECTION and STT_FILE
// symbols; from .dynsym (section symbols only) when .symtab defines none in a section.
bool collectSymbols(const ElfFile &file, SymbolMap &map, ElfError &error);

// The last symbol at or below `addr` in a sorted list, or nullptr.
const SymbolInfo *lastSymbolAtOrBelow(const std::vector<SymbolInfo> &symbols, uint64_t addr);

} // namespace gcnkit::elf
