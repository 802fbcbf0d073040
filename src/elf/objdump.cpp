// `llvm-objdump-19 -d` for AMDGPU code objects. The layout rules below were read off
// llvm-objdump-19's output: every executable section is split into regions at symbol addresses;
// each region gets a label line and is disassembled (or dumped as data when its symbol is an
// object), and each instruction line is the text padded to column 60, then `// ADDRESS:` and the
// raw dwords, then for branches the target as `<symbol+0xoffset>`.
#include "gcnkit/objdump.h"
#include "gcnkit/target.h"

#include <algorithm>
#include <span>

#include "elf/decoder_notes.h"
#include "elf/elf_file.h"
#include "elf/symbols.h"
#include "isa/wave_size.h"

namespace gcnkit::elf {

namespace {

constexpr char kLowerHex[] = "0123456789abcdef";
constexpr char kUpperHex[] = "0123456789ABCDEF";
constexpr size_t kTextColumn = 60; // where `// ADDRESS:` starts on an instruction line

void appendHexFixed(std::string &out, uint64_t v, int digits, const char *alphabet) {
  char buf[16];
  for (int i = digits - 1; i >= 0; --i, v >>= 4)
    buf[i] = alphabet[v & 15];
  out.append(buf, static_cast<size_t>(digits));
}

void appendHexMinimal(std::string &out, uint64_t v, const char *alphabet) {
  int digits = 1;
  while (digits < 16 && (v >> (4 * digits)) != 0)
    ++digits;
  appendHexFixed(out, v, digits, alphabet);
}

void padTo(std::string &out, size_t lineStart, size_t column) {
  const size_t width = out.size() - lineStart;
  if (width < column)
    out.append(column - width, ' ');
}

uint32_t readLe32(const uint8_t *p) {
  return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}

// Symbol names in operands are quoted (with \" and \n escaped) unless made only of the
// characters an assembler accepts unquoted.
void appendSymbolOperand(std::string &out, std::string_view name) {
  bool plain = !name.empty();
  for (char c : name)
    plain = plain && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '_' || c == '$' || c == '.' || c == '@');
  if (plain) {
    out += name;
    return;
  }
  out += '"';
  for (char c : name) {
    if (c == '\n')
      out += "\\n";
    else if (c == '"')
      out += "\\\"";
    else
      out += c;
  }
  out += '"';
}

class Printer {
public:
  Printer(const disasm::Disassembler &dis, const ElfFile &file, SymbolMap &symbols,
          std::string &out)
      : dis_(dis), file_(file), symbols_(symbols), out_(out) {
    for (const Section &s : file.sections())
      sectionAddrs_.emplace_back(s.addr, s.index);
    std::sort(sectionAddrs_.begin(), sectionAddrs_.end()); // by address, then index
  }

  bool printSection(const Section &section, ElfError &error);

private:
  void printRegion(const Section &section, std::span<const uint8_t> bytes, uint64_t start,
                   uint64_t end, const SymbolInfo &symbol);
  void printInstructions(std::span<const uint8_t> bytes, uint64_t index, uint64_t end);
  void printInstruction(std::span<const uint8_t> bytes, uint64_t index);
  void printData(std::span<const uint8_t> bytes, uint64_t index, uint64_t end);
  void printAmdKernelCodeT(const Section &section, const SymbolInfo &symbol);
  const SymbolInfo *branchTargetSymbol(uint64_t target) const;
  const SymbolInfo *symbolicOperand(uint64_t target) const;

  const disasm::Disassembler &dis_;
  const ElfFile &file_;
  SymbolMap &symbols_;
  std::string &out_;
  std::vector<std::pair<uint64_t, uint32_t>> sectionAddrs_; // (address, index) by address
  const Section *section_ = nullptr;                        // being disassembled
  const std::vector<SymbolInfo> *sectionSymbols_ = nullptr;
  disasm::Inst inst_;
  std::string text_;  // scratch for one formatted number
  std::string notes_; // the decoder's notes on the current instruction
};

bool Printer::printSection(const Section &section, ElfError &error) {
  std::optional<std::string_view> contents = file_.contents(section, error);
  if (!contents)
    return false;
  std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t *>(contents->data()),
                                 contents->size());
  section_ = &section;
  std::vector<SymbolInfo> &symbols = symbols_.bySection[section.index];
  // A section that does not start with a symbol gets one named after itself. It stays in the
  // section's list, where later branch-target lookups see it too.
  const auto atStart = std::partition_point(
      symbols.begin(), symbols.end(), [&](const SymbolInfo &s) { return s.addr < section.addr; });
  if (atStart == symbols.end() || atStart->addr != section.addr) {
    SymbolInfo dummy{section.addr, section.name, abi::kSttFunc};
    symbols.insert(std::lower_bound(symbols.begin(), symbols.end(), dummy), dummy);
  }
  sectionSymbols_ = &symbols;
  const uint64_t sectionEnd = section.addr + section.size;
  bool printedHeader = false;
  for (size_t i = 0; i < symbols.size();) {
    const uint64_t start = symbols[i].addr;
    size_t next = i;
    while (next < symbols.size() && symbols[next].addr == start)
      ++next;
    // Of several symbols at one address, the last in SymbolInfo order names the region.
    const SymbolInfo &symbol = symbols[next - 1];
    uint64_t end = sectionEnd < section.addr ? UINT64_MAX : sectionEnd; // wrapped address space
    if (next < symbols.size())
      end = std::min(end, symbols[next].addr);
    i = next;
    // Symbols below the section's address are outside it (llvm-objdump would index before the
    // section's data); they get no region.
    if (start >= end || start < section.addr)
      continue;
    if (!printedHeader) {
      printedHeader = true;
      out_ += "\nDisassembly of section ";
      out_ += section.name;
      out_ += ":\n";
    }
    printRegion(section, bytes, start - section.addr, end - section.addr, symbol);
  }
  return true;
}

void Printer::printRegion(const Section &section, std::span<const uint8_t> bytes, uint64_t start,
                          uint64_t end, const SymbolInfo &symbol) {
  out_ += '\n';
  appendHexFixed(out_, section.addr + start, 16, kLowerHex);
  out_ += " <";
  out_ += symbol.name;
  out_ += ">:\n";
  if (symbol.type == abi::kSttAmdgpuHsaKernel) {
    printAmdKernelCodeT(section, symbol);
    start += 256; // the amd_kernel_code_t header llvm-objdump gives up on
    if (start >= end)
      return;
  }
  if (symbol.type == abi::kSttObject || symbol.type == abi::kSttCommon)
    printData(bytes, start, end);
  else
    printInstructions(bytes, start, end);
}

// Code object v2 kernels start with a 256-byte amd_kernel_code_t header, which llvm-objdump-19
// refuses to decode; it prints 256 bytes counted from the start of the section (not of the
// symbol), reading on into the rest of the file. gcnkit prints the same bytes, stopping at the
// end of the file.
void Printer::printAmdKernelCodeT(const Section &section, const SymbolInfo &symbol) {
  out_ += "; error decoding ";
  out_ += symbol.name;
  out_ += ": code object v2 is not supported\n";
  out_ += "; decoding failed region as bytes\n";
  const std::string_view data = file_.data();
  for (uint64_t i = 0; i < 256 && section.offset + i < data.size() && section.offset + i >= i;
       ++i) {
    out_ += "\t.byte\t 0x";
    appendHexMinimal(out_, static_cast<uint8_t>(data[section.offset + i]), kUpperHex);
    out_ += '\n';
  }
}

// Data objects in executable sections: 8 bytes per line as hex and printable ASCII.
void Printer::printData(std::span<const uint8_t> bytes, uint64_t index, uint64_t end) {
  while (index < end) {
    const uint64_t n = std::min<uint64_t>(8, end - index);
    // "%8x:" as printf would write it.
    text_.clear();
    appendHexMinimal(text_, section_->addr + index, kLowerHex);
    if (text_.size() < 8)
      out_.append(8 - text_.size(), ' ');
    out_ += text_;
    out_ += ':';
    for (uint64_t k = 0; k < n; ++k) {
      out_ += ' ';
      appendHexFixed(out_, bytes[index + k], 2, kLowerHex);
    }
    out_.append(3 * (8 - n) + 9, ' ');
    for (uint64_t k = 0; k < n; ++k) {
      const uint8_t b = bytes[index + k];
      out_ += b >= 0x20 && b < 0x7F ? static_cast<char>(b) : '.';
    }
    out_ += '\n';
    index += n;
  }
}

void Printer::printInstructions(std::span<const uint8_t> bytes, uint64_t index, uint64_t end) {
  while (index < end) {
    // Runs of 8 or more zero bytes are elided as "...", in whole dwords.
    uint64_t zeros = 0;
    while (index + zeros < end && bytes[index + zeros] == 0)
      ++zeros;
    if (zeros >= 8) {
      out_ += "\t\t...\n";
      index += zeros & ~uint64_t{3};
      continue;
    }
    // The decoder sees the rest of the section, so an instruction may run past the region.
    printInstruction(bytes, index);
    index += inst_.size;
  }
}

void Printer::printInstruction(std::span<const uint8_t> bytes, uint64_t index) {
  const uint64_t address = section_->addr + index;
  const std::span<const uint8_t> rest = bytes.subspan(index);
  const size_t lineStart = out_.size();
  out_ += '\t';
  const SymbolInfo *annotation = nullptr;
  uint64_t target = 0;
  const bool decoded = dis_.decode(rest, inst_) == disasm::DecodeStatus::Success;
  bool hasTuple = false; // only register tuples can draw a decoder note
  if (decoded) {
    const isa::InstrDesc &desc = *inst_.desc;
    int labelOperand = -1;
    for (int i = 0; i < desc.numOperands; ++i) {
      if (desc.operands[i].kind == isa::OperandKind::Label)
        labelOperand = i;
      // Lane masks are pairs on a wave64-only processor (gfx908), as decoder_notes.cpp reads.
      hasTuple = hasTuple || isa::operandRegs(desc, static_cast<unsigned>(i),
                                              !isa::supportsWave32(inst_.target)) >= 2;
    }
    disasm::PrintOptions opts;
    opts.objdump = true;
    opts.address = address;
    const size_t textStart = out_.size();
    dis_.print(inst_, out_, opts);
    if (labelOperand >= 0) {
      // PC-relative operands (SOPP branches, s_subvector_loop_*): simm16 dwords after the next
      // instruction.
      const auto simm16 = static_cast<int16_t>(inst_.words[0] & 0xFFFF);
      target = address + 4 + static_cast<uint64_t>(int64_t{simm16} * 4);
      if (const SymbolInfo *sym = symbolicOperand(target)) {
        // The operand becomes the symbol's name (it is the last operand).
        const size_t cut = out_.rfind(' ');
        if (cut != std::string::npos && cut >= textStart)
          out_.resize(cut + 1);
        appendSymbolOperand(out_, sym->name);
      } else {
        annotation = branchTargetSymbol(target);
      }
    }
  } else if (inst_.size >= 4) {
    out_ += ".long 0x";
    appendHexFixed(out_, readLe32(rest.data()), 8, kLowerHex);
  } else {
    out_ += ".byte ";
    for (size_t k = 0; k < inst_.size; ++k) {
      if (k)
        out_ += ", ";
      out_ += "0x";
      appendHexFixed(out_, rest[k], 2, kLowerHex);
    }
  }
  padTo(out_, lineStart, kTextColumn);
  out_ += "// ";
  appendHexFixed(out_, address, 12, kUpperHex);
  out_ += ':';
  if (inst_.size >= 4) {
    for (size_t k = 0; k + 4 <= inst_.size; k += 4) {
      out_ += ' ';
      appendHexFixed(out_, readLe32(rest.data() + k), 8, kUpperHex);
    }
  } else {
    for (size_t k = 0; k < inst_.size; ++k) {
      out_ += ' ';
      appendHexFixed(out_, rest[k], 2, kUpperHex);
    }
  }
  if (annotation) {
    out_ += " <";
    out_ += annotation->name;
    if (const uint64_t disp = target - annotation->addr) {
      out_ += "+0x";
      appendHexMinimal(out_, disp, kLowerHex);
    }
    out_ += '>';
  }
  if (hasTuple) {
    notes_.clear();
    appendDecoderNotes(inst_, notes_);
    if (!notes_.empty()) {
      out_ += " ; ";
      out_ += notes_;
    }
  }
  out_ += '\n';
}

// A branch operand prints as a symbol's name when an untyped (STT_NOTYPE) symbol of the section
// sits exactly at the target; the first such symbol in sorted order wins.
const SymbolInfo *Printer::symbolicOperand(uint64_t target) const {
  const auto &list = *sectionSymbols_;
  auto it = std::partition_point(list.begin(), list.end(),
                                 [target](const SymbolInfo &s) { return s.addr < target; });
  for (; it != list.end() && it->addr == target; ++it)
    if (it->type == abi::kSttNotype)
      return &*it;
  return nullptr;
}

// The symbol a branch target is shown relative to: in a relocatable object the last symbol of
// the same section at or below the target; in a linked one the last symbol at or below the
// target in the section(s) with the highest address at or below it; else an absolute symbol.
const SymbolInfo *Printer::branchTargetSymbol(uint64_t target) const {
  if (file_.isRelocatable()) {
    if (const SymbolInfo *s = lastSymbolAtOrBelow(*sectionSymbols_, target))
      return s;
  } else {
    auto it = std::partition_point(sectionAddrs_.begin(), sectionAddrs_.end(),
                                   [target](const auto &p) { return p.first <= target; });
    if (it != sectionAddrs_.begin()) {
      const uint64_t candidateAddr = (it - 1)->first;
      while (it != sectionAddrs_.begin() && (it - 1)->first == candidateAddr) {
        --it;
        if (const SymbolInfo *s = lastSymbolAtOrBelow(symbols_.bySection[it->second], target))
          return s;
      }
    }
  }
  return lastSymbolAtOrBelow(symbols_.absolute, target);
}

} // namespace

bool looksLikeElf(std::string_view data) {
  return data.substr(0, 4) == std::string_view("\x7f"
                                               "ELF",
                                               4);
}

ObjdumpResult objdump(const disasm::Disassembler &dis, std::string_view data,
                      std::string_view filename) {
  ObjdumpResult r;
  ElfError error;
  auto failWith = [&]() {
    r.ok = false;
    r.out.clear();
    r.err = "gcnkit: error: '" + std::string(filename) + "': " + error.what + " (at offset 0x";
    appendHexMinimal(r.err, error.offset, kLowerHex);
    r.err += ")\n";
    return r;
  };
  std::optional<ElfFile> file = ElfFile::parse(data, error);
  if (!file)
    return failWith();
  SymbolMap symbols;
  if (!collectSymbols(*file, symbols, error))
    return failWith();
  r.out += '\n';
  r.out += filename;
  r.out += ":\tfile format elf64-amdgpu\n";
  // About 70 bytes of output per 4-byte dword of code: reserve once instead of regrowing.
  uint64_t codeBytes = 0;
  for (const Section &s : file->sections())
    if (s.isExecutable() && s.hasFileData() && s.size <= data.size())
      codeBytes += s.size;
  r.out.reserve(std::min<uint64_t>(codeBytes, data.size()) * 18 + 256);
  // The object's e_flags name its processor, as llvm-objdump reads them; an object of another
  // processor than `dis` was made for gets a disassembler of its own (in its default wave size).
  std::optional<disasm::Disassembler> own;
  if (file->target() != dis.target())
    own.emplace(file->target(), isa::defaultWave64(file->target()) ? disasm::WaveSize::Wave64
                                                                   : disasm::WaveSize::Wave32);
  Printer printer(own ? *own : dis, *file, symbols, r.out);
  for (const Section &s : file->sections())
    if (s.isExecutable() && s.hasFileData() && !printer.printSection(s, error))
      return failWith();
  return r;
}

} // namespace gcnkit::elf
