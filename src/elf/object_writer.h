// Writes ELF64 relocatable AMDGPU objects laid out as llvm-mc-19 lays them out: the ELF header,
// section contents in section order, .symtab, the .rela sections, .llvm_addrsig, .strtab
// (tail-merged), then the section header table; section header order .strtab, each section
// followed by its .rela, .llvm_addrsig, .symtab last. Matching the layout lets tests compare
// objects byte for byte.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gcnkit::elf {

struct ObjectSection {
  std::string name;
  uint32_t type = 1; // SHT_PROGBITS
  uint64_t flags = 0;
  uint64_t align = 1;
  uint64_t entsize = 0;
  std::string data; // empty for SHT_NOBITS, whose size is `size`
  uint64_t size = 0;
  struct Reloc {
    uint64_t offset;
    uint32_t type;
    uint32_t symbol; // index into ObjectFile::symbols
    int64_t addend;
  };
  std::vector<Reloc> relocs;
};

struct ObjectSymbol {
  std::string name;
  uint8_t type = 0;   // STT_*
  uint8_t bind = 0;   // STB_*
  uint8_t other = 0;  // visibility
  uint16_t shndx = 0; // 0 undefined, 0xfff1 absolute, else 1-based index into sections
  uint64_t value = 0;
  uint64_t size = 0;
};

struct ObjectFile {
  uint8_t osabi = 0;      // 64 = ELFOSABI_AMDGPU_HSA
  uint8_t abiVersion = 0; // code object v4 = 2, v5 = 3, v6 = 4
  uint32_t eflags = 0;    // EF_AMDGPU_MACH_* and feature bits
  // RELA sections (addends in the relocation; the amdhsa OS) or REL (addends in the data).
  bool rela = true;
  std::vector<ObjectSection> sections; // in creation order, without .strtab/.symtab/.rela
  // In symbol-table order: locals first, then globals. Index 0 is the null symbol.
  std::vector<ObjectSymbol> symbols;
  // .llvm_addrsig (after the sections and their relocations): ULEB128 symbol indices.
  bool addrsig = false;
  std::string addrsigData;
};

std::string writeObject(const ObjectFile &obj);

} // namespace gcnkit::elf
