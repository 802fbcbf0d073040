#include "elf/symbols.h"

#include <algorithm>

namespace gcnkit::elf {

namespace {

const Section *findSection(const ElfFile &file, uint32_t type) {
  for (const Section &s : file.sections())
    if (s.type == type)
      return &s;
  return nullptr;
}

} // namespace

bool collectSymbols(const ElfFile &file, SymbolMap &map, ElfError &error) {
  const auto sections = file.sections();
  map.bySection.assign(sections.size(), {});
  map.absolute.clear();
  std::vector<Symbol> symbols;
  bool anyInSection = false;
  if (const Section *symtab = findSection(file, abi::kShtSymtab)) {
    if (!file.readSymbols(*symtab, symbols, error))
      return false;
    // Index 0 is the null symbol.
    for (size_t i = 1; i < symbols.size(); ++i) {
      const Symbol &s = symbols[i];
      if (s.name.empty() || s.type == abi::kSttSection || s.type == abi::kSttFile)
        continue;
      uint64_t addr = s.value;
      if (s.inSection && file.isRelocatable())
        addr += sections[s.shndx].addr;
      SymbolInfo info{addr, s.name, s.type};
      if (s.inSection) {
        map.bySection[s.shndx].push_back(info);
        anyInSection = true;
      } else {
        map.absolute.push_back(info);
      }
    }
  }
  if (!anyInSection) {
    if (const Section *dynsym = findSection(file, abi::kShtDynsym)) {
      if (!file.readSymbols(*dynsym, symbols, error))
        return false;
      for (size_t i = 1; i < symbols.size(); ++i) {
        const Symbol &s = symbols[i];
        if (s.name.empty() || s.type == abi::kSttSection || !s.inSection)
          continue;
        uint64_t addr = s.value + (file.isRelocatable() ? sections[s.shndx].addr : 0);
        map.bySection[s.shndx].push_back(SymbolInfo{addr, s.name, s.type});
      }
    }
  }
  // Symbols equal in (address, name, type) are interchangeable, so an unstable sort gives the
  // same output as llvm-objdump's stable one (and std::stable_sort trips a libstdc++ 12
  // deprecation warning under clang).
  for (auto &list : map.bySection)
    std::sort(list.begin(), list.end());
  std::sort(map.absolute.begin(), map.absolute.end());
  return true;
}

const SymbolInfo *lastSymbolAtOrBelow(const std::vector<SymbolInfo> &symbols, uint64_t addr) {
  auto it = std::partition_point(symbols.begin(), symbols.end(),
                                 [addr](const SymbolInfo &s) { return s.addr <= addr; });
  return it == symbols.begin() ? nullptr : &*(it - 1);
}

} // namespace gcnkit::elf
