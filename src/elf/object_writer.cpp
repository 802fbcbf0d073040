#include "elf/object_writer.h"

#include <algorithm>
#include <map>
#include <string_view>

namespace gcnkit::elf {

namespace {

constexpr uint32_t kShtStrtab = 3;
constexpr uint32_t kShtSymtab = 2;
constexpr uint32_t kShtRela = 4;
constexpr uint32_t kShtRel = 9;
constexpr uint32_t kShtNobits = 8;
constexpr uint64_t kShfInfoLink = 0x40;
constexpr uint16_t kEmAmdgpu = 224;

void put(std::string &out, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i)
    out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

void padTo(std::string &out, uint64_t align) {
  if (align > 1)
    while (out.size() % align)
      out.push_back('\0');
}

// An ELF string table with tail merging, laid out as LLVM's StringTableBuilder does: strings
// sorted by their reversed text in descending order, so that a string that ends another follows
// it and shares its bytes.
class StringTable {
public:
  void add(const std::string &s) {
    if (!s.empty())
      strings_.emplace(s, 0);
  }
  void finalize() {
    std::vector<std::string> order;
    for (auto &[s, off] : strings_)
      order.push_back(s);
    std::sort(order.begin(), order.end(), [](const std::string &a, const std::string &b) {
      return std::lexicographical_compare(b.rbegin(), b.rend(), a.rbegin(), a.rend());
    });
    data_.assign(1, '\0');
    std::string_view previous;
    for (const std::string &s : order) {
      if (previous.size() >= s.size() &&
          previous.substr(previous.size() - s.size()) == std::string_view(s)) {
        strings_[s] = data_.size() - 1 - s.size();
        continue;
      }
      strings_[s] = data_.size();
      data_ += s;
      data_ += '\0';
      previous = strings_.find(s)->first;
    }
  }
  uint32_t offset(const std::string &s) const {
    if (s.empty())
      return 0;
    return static_cast<uint32_t>(strings_.at(s));
  }
  const std::string &data() const { return data_; }

private:
  std::map<std::string, size_t> strings_;
  std::string data_;
};

struct Header {
  uint32_t name = 0;
  uint32_t type = 0;
  uint64_t flags = 0;
  uint64_t offset = 0;
  uint64_t size = 0;
  uint32_t link = 0;
  uint32_t info = 0;
  uint64_t align = 0;
  uint64_t entsize = 0;
};

} // namespace

std::string writeObject(const ObjectFile &obj) {
  auto relName = [&](const ObjectSection &s) { return (obj.rela ? ".rela" : ".rel") + s.name; };
  // Section header indices: 0 null, 1 .strtab, then each section and its .rela, then .symtab.
  std::vector<uint32_t> sectionIndex(obj.sections.size());
  uint32_t next = 2;
  for (size_t i = 0; i < obj.sections.size(); ++i) {
    sectionIndex[i] = next++;
    if (!obj.sections[i].relocs.empty())
      ++next;
  }
  const uint32_t addrsigIndex = obj.addrsig ? next++ : 0;
  const uint32_t symtabIndex = next;
  const uint32_t numSections = symtabIndex + 1;

  StringTable strtab;
  strtab.add(".strtab");
  strtab.add(".symtab");
  if (obj.addrsig)
    strtab.add(".llvm_addrsig");
  for (const ObjectSection &s : obj.sections) {
    strtab.add(s.name);
    if (!s.relocs.empty())
      strtab.add(relName(s));
  }
  for (const ObjectSymbol &sym : obj.symbols)
    if (sym.type != 3) // section symbols are unnamed
      strtab.add(sym.name);
  strtab.finalize();

  std::vector<Header> headers(numSections);
  std::string out(64, '\0');
  for (size_t i = 0; i < obj.sections.size(); ++i) {
    const ObjectSection &s = obj.sections[i];
    Header &h = headers[sectionIndex[i]];
    padTo(out, s.align);
    h.name = strtab.offset(s.name);
    h.type = s.type;
    h.flags = s.flags;
    h.offset = out.size();
    h.size = s.type == kShtNobits ? s.size : s.data.size();
    h.align = s.align;
    h.entsize = s.entsize;
    if (s.type != kShtNobits)
      out += s.data;
  }
  // .symtab
  uint32_t firstGlobal = static_cast<uint32_t>(obj.symbols.size());
  for (size_t i = 1; i < obj.symbols.size(); ++i)
    if (obj.symbols[i].bind != 0) {
      firstGlobal = static_cast<uint32_t>(i);
      break;
    }
  {
    padTo(out, 8);
    Header &h = headers[symtabIndex];
    h.name = strtab.offset(".symtab");
    h.type = kShtSymtab;
    h.offset = out.size();
    for (const ObjectSymbol &sym : obj.symbols) {
      put(out, sym.type == 3 ? 0 : strtab.offset(sym.name), 4);
      out.push_back(static_cast<char>((sym.bind << 4) | (sym.type & 0xF)));
      out.push_back(static_cast<char>(sym.other));
      uint16_t shndx = sym.shndx;
      if (shndx != 0 && shndx < 0xff00)
        shndx = static_cast<uint16_t>(sectionIndex[shndx - 1]);
      put(out, shndx, 2);
      put(out, sym.value, 8);
      put(out, sym.size, 8);
    }
    h.size = out.size() - h.offset;
    h.link = 1;
    h.info = firstGlobal;
    h.align = 8;
    h.entsize = 24;
  }
  // .rela sections
  for (size_t i = 0; i < obj.sections.size(); ++i) {
    const ObjectSection &s = obj.sections[i];
    if (s.relocs.empty())
      continue;
    padTo(out, 8);
    Header &h = headers[sectionIndex[i] + 1];
    h.name = strtab.offset(relName(s));
    h.type = obj.rela ? kShtRela : kShtRel;
    h.flags = kShfInfoLink;
    h.offset = out.size();
    for (const ObjectSection::Reloc &r : s.relocs) {
      put(out, r.offset, 8);
      put(out, (uint64_t{r.symbol} << 32) | r.type, 8);
      if (obj.rela)
        put(out, static_cast<uint64_t>(r.addend), 8);
    }
    h.size = out.size() - h.offset;
    h.link = symtabIndex;
    h.info = sectionIndex[i];
    h.align = 8;
    h.entsize = obj.rela ? 24 : 16;
  }
  if (obj.addrsig) {
    constexpr uint32_t kShtLlvmAddrsig = 0x6fff4c03;
    constexpr uint64_t kShfExclude = 0x80000000;
    Header &h = headers[addrsigIndex];
    h.name = strtab.offset(".llvm_addrsig");
    h.type = kShtLlvmAddrsig;
    h.flags = kShfExclude;
    h.offset = out.size();
    out += obj.addrsigData;
    h.size = obj.addrsigData.size();
    h.link = symtabIndex;
    h.align = 1;
  }
  // .strtab
  {
    Header &h = headers[1];
    h.name = strtab.offset(".strtab");
    h.type = kShtStrtab;
    h.offset = out.size();
    out += strtab.data();
    h.size = strtab.data().size();
    h.align = 1;
  }
  padTo(out, 8);
  const uint64_t shoff = out.size();
  for (const Header &h : headers) {
    put(out, h.name, 4);
    put(out, h.type, 4);
    put(out, h.flags, 8);
    put(out, 0, 8); // addr
    put(out, h.offset, 8);
    put(out, h.size, 8);
    put(out, h.link, 4);
    put(out, h.info, 4);
    put(out, h.align, 8);
    put(out, h.entsize, 8);
  }
  // ELF header.
  std::string eh;
  eh += "\x7f"
        "ELF";
  eh.push_back(2); // ELFCLASS64
  eh.push_back(1); // little endian
  eh.push_back(1); // EV_CURRENT
  eh.push_back(static_cast<char>(obj.osabi));
  eh.push_back(static_cast<char>(obj.abiVersion));
  eh.append(7, '\0');
  put(eh, 1, 2); // ET_REL
  put(eh, kEmAmdgpu, 2);
  put(eh, 1, 4); // version
  put(eh, 0, 8); // entry
  put(eh, 0, 8); // phoff
  put(eh, shoff, 8);
  put(eh, obj.eflags, 4);
  put(eh, 64, 2); // ehsize
  put(eh, 0, 2);  // phentsize
  put(eh, 0, 2);  // phnum
  put(eh, 64, 2); // shentsize
  put(eh, numSections, 2);
  put(eh, 1, 2); // shstrndx: .strtab
  out.replace(0, 64, eh);
  return out;
}

} // namespace gcnkit::elf
