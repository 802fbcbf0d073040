#include "runtime/code_object.h"

#include "gcnkit/target.h"

#include <algorithm>
#include <cstring>

#include "elf/elf_file.h"
#include "isa/target_info.h"
#include "runtime/msgpack.h"
#include "support/numbers.h"

namespace gcnkit::runtime {

namespace {

constexpr uint32_t kShtRela = 4;
constexpr uint32_t kShtNote = 7;
constexpr uint64_t kShfAlloc = 0x2;
constexpr uint16_t kEtDyn = 3;
constexpr uint16_t kShnAbs = 0xFFF1;
constexpr uint32_t kNtAmdgpuMetadata = 32;
constexpr uint64_t kSectionAlign = 256; // sections are placed at least this aligned (ET_REL)

// AMDGPU relocation types (ELF AMDGPU ABI).
namespace rel {
constexpr uint32_t kNone = 0;
constexpr uint32_t kAbs32Lo = 1;
constexpr uint32_t kAbs32Hi = 2;
constexpr uint32_t kAbs64 = 3;
constexpr uint32_t kRel32 = 4;
constexpr uint32_t kRel64 = 5;
constexpr uint32_t kAbs32 = 6;
constexpr uint32_t kRel32Lo = 10;
constexpr uint32_t kRel32Hi = 11;
constexpr uint32_t kRelative64 = 13;
} // namespace rel

// Bytes a relocation of this type writes.
unsigned fieldSize(uint32_t type) {
  return type == rel::kAbs64 || type == rel::kRel64 || type == rel::kRelative64 ? 8 : 4;
}

uint64_t read64(std::string_view d, size_t at) {
  uint64_t v;
  std::memcpy(&v, d.data() + at, 8);
  return v;
}
uint32_t read32(std::string_view d, size_t at) {
  uint32_t v;
  std::memcpy(&v, d.data() + at, 4);
  return v;
}

std::string hex(uint64_t v) {
  std::string s;
  support::appendHex(s, v);
  return s;
}

struct Loader {
  const elf::ElfFile &file;
  std::string &error;
  CodeObject co;
  std::vector<uint64_t> sectionOffset; // image offset of each allocated section (or UINT64_MAX)
  std::vector<elf::Symbol> symbols;

  bool fail(std::string what) {
    error = std::move(what);
    return false;
  }

  bool layout() {
    const auto sections = file.sections();
    sectionOffset.assign(sections.size(), UINT64_MAX);
    uint64_t end = 0;
    for (const elf::Section &s : sections) {
      if (!(s.flags & kShfAlloc) || s.index == 0)
        continue;
      uint64_t at;
      if (file.type() == kEtDyn) {
        at = s.addr;
      } else {
        at = (end + kSectionAlign - 1) & ~(kSectionAlign - 1);
      }
      if (s.size > (uint64_t{1} << 32) || at > (uint64_t{1} << 32))
        return fail("section " + std::string(s.name) + " is too large to load");
      sectionOffset[s.index] = at;
      end = std::max(end, at + s.size);
    }
    // The image holds the file's bytes, zero-filled (NOBITS) sections and, for shared objects,
    // page-alignment gaps; anything much larger comes from a corrupted header.
    uint64_t nobits = 0;
    for (const elf::Section &s : sections)
      if ((s.flags & kShfAlloc) && !s.hasFileData())
        nobits += s.size;
    if (nobits > (uint64_t{1} << 28) || end > file.data().size() + nobits + (uint64_t{1} << 20))
      return fail("loaded image (" + std::to_string(end) + " bytes) is implausibly large");
    co.image.assign(end, 0);
    for (const elf::Section &s : sections) {
      if (sectionOffset[s.index] == UINT64_MAX || !s.hasFileData())
        continue;
      elf::ElfError e;
      auto bytes = file.contents(s, e);
      if (!bytes)
        return fail(e.what);
      if (!bytes->empty()) // an empty section's data pointer may be null
        std::memcpy(co.image.data() + sectionOffset[s.index], bytes->data(), bytes->size());
    }
    return true;
  }

  bool readSymbols() {
    const elf::Section *table = nullptr;
    for (const elf::Section &s : file.sections())
      if (s.type == elf::abi::kShtSymtab)
        table = &s;
    if (!table)
      for (const elf::Section &s : file.sections())
        if (s.type == elf::abi::kShtDynsym)
          table = &s;
    if (!table)
      return fail("no symbol table: cannot find the kernels");
    elf::ElfError e;
    if (!file.readSymbols(*table, symbols, e))
      return fail(e.what);
    return true;
  }

  // Image offset of a symbol defined in an allocated section.
  std::optional<uint64_t> symbolOffset(const elf::Symbol &s) const {
    if (!s.inSection || s.shndx >= sectionOffset.size() || sectionOffset[s.shndx] == UINT64_MAX)
      return std::nullopt;
    return file.type() == kEtDyn ? s.value : sectionOffset[s.shndx] + s.value;
  }

  bool readRelocations() {
    for (const elf::Section &s : file.sections()) {
      if (s.type != kShtRela)
        continue;
      const bool dyn = file.type() == kEtDyn;
      if (!dyn && (s.info >= sectionOffset.size() || sectionOffset[s.info] == UINT64_MAX))
        continue; // relocations of a non-loaded section (debug info)
      std::vector<elf::Symbol> syms;
      if (s.link != 0) {
        if (s.link >= file.sections().size())
          return fail("relocation section " + std::string(s.name) + " links to section " +
                      std::to_string(s.link) + ", which does not exist");
        elf::ElfError e;
        if (!file.readSymbols(file.sections()[s.link], syms, e))
          return fail(e.what);
      }
      elf::ElfError e;
      auto bytes = file.contents(s, e);
      if (!bytes)
        return fail(e.what);
      for (size_t at = 0; at + 24 <= bytes->size(); at += 24) {
        Relocation r;
        const uint64_t where = read64(*bytes, at);
        const uint64_t info = read64(*bytes, at + 8);
        r.addend = static_cast<int64_t>(read64(*bytes, at + 16));
        r.type = static_cast<uint32_t>(info);
        const uint32_t symIndex = static_cast<uint32_t>(info >> 32);
        r.offset = dyn ? where : sectionOffset[s.info] + where;
        if (r.offset > co.image.size() || co.image.size() - r.offset < fieldSize(r.type))
          return fail(std::string(s.name) + ": relocation at " + hex(where) +
                      " is outside the loaded image");
        if (r.type == rel::kNone)
          continue;
        if (symIndex != 0) {
          if (symIndex >= syms.size())
            return fail(std::string(s.name) + ": relocation at " + hex(where) + " names symbol " +
                        std::to_string(symIndex) + ", which does not exist");
          const elf::Symbol &sym = syms[symIndex];
          if (auto off = symbolOffset(sym)) {
            r.symbol = *off;
          } else if (sym.shndx == kShnAbs) {
            r.symbolInImage = false;
            r.symbol = sym.value;
          } else {
            return fail("undefined symbol '" + std::string(sym.name) +
                        "' (the code object needs linking against it, e.g. the device "
                        "libraries)");
          }
        } else {
          r.symbolInImage = false;
        }
        co.relocations.push_back(r);
      }
    }
    return true;
  }

  bool readMetadata(std::optional<msgpack::Value> &meta) {
    for (const elf::Section &s : file.sections()) {
      if (s.type != kShtNote)
        continue;
      elf::ElfError e;
      auto bytes = file.contents(s, e);
      if (!bytes)
        return fail(e.what);
      std::string_view d = *bytes;
      size_t at = 0;
      while (d.size() - at >= 12) {
        const uint32_t namesz = read32(d, at), descsz = read32(d, at + 4), type = read32(d, at + 8);
        const uint64_t nameEnd = at + 12 + ((uint64_t{namesz} + 3) & ~uint64_t{3});
        const uint64_t descEnd = nameEnd + ((uint64_t{descsz} + 3) & ~uint64_t{3});
        if (nameEnd > d.size() || nameEnd + descsz > d.size())
          return fail("note section " + std::string(s.name) + ": note at offset " +
                      std::to_string(at) + " runs past the end of the section");
        const std::string_view name = d.substr(at + 12, namesz);
        if (type == kNtAmdgpuMetadata && name.substr(0, 6) == "AMDGPU") {
          std::string why;
          meta = msgpack::parse(d.substr(nameEnd, descsz), why);
          if (!meta)
            return fail("AMDGPU metadata note: " + why);
          return true;
        }
        at = std::min<uint64_t>(descEnd, d.size());
      }
    }
    return true;
  }

  static uint32_t u32Field(const msgpack::Value &m, std::string_view key) {
    const msgpack::Value *v = m.get(key);
    auto u = v ? v->asUInt() : std::nullopt;
    return u && *u <= UINT32_MAX ? static_cast<uint32_t>(*u) : 0;
  }

  void applyMetadata(KernelInfo &k, const msgpack::Value &meta) {
    const msgpack::Value *kernels = meta.get("amdhsa.kernels");
    if (!kernels || kernels->kind != msgpack::Value::Kind::Array)
      return;
    for (const msgpack::Value &km : kernels->items) {
      const msgpack::Value *sym = km.get(".symbol");
      const msgpack::Value *name = km.get(".name");
      const bool match =
          (sym && sym->asStr() == k.name + ".kd") || (!sym && name && name->asStr() == k.name);
      if (!match)
        continue;
      k.hasMetadata = true;
      k.kernargSegmentSize = u32Field(km, ".kernarg_segment_size");
      k.groupSegmentFixedSize = u32Field(km, ".group_segment_fixed_size");
      k.privateSegmentFixedSize = u32Field(km, ".private_segment_fixed_size");
      k.vgprCount = std::max(k.vgprCount, std::min(256u, u32Field(km, ".vgpr_count")));
      if (const msgpack::Value *args = km.get(".args");
          args && args->kind == msgpack::Value::Kind::Array) {
        for (const msgpack::Value &a : args->items) {
          KernelArgInfo ai;
          if (auto n = a.get(".name"); n && n->asStr())
            ai.name = std::string(*n->asStr());
          if (auto vk = a.get(".value_kind"); vk && vk->asStr())
            ai.valueKind = std::string(*vk->asStr());
          if (auto t = a.get(".type_name"); t && t->asStr())
            ai.typeName = std::string(*t->asStr());
          if (auto as = a.get(".address_space"); as && as->asStr())
            ai.addressSpace = std::string(*as->asStr());
          ai.offset = u32Field(a, ".offset");
          ai.size = u32Field(a, ".size");
          ai.pointeeAlign = u32Field(a, ".pointee_align");
          k.args.push_back(std::move(ai));
        }
      }
      return;
    }
  }

  bool kernels(const std::optional<msgpack::Value> &meta) {
    for (const elf::Symbol &s : symbols) {
      if (s.name.size() <= 3 || s.name.substr(s.name.size() - 3) != ".kd")
        continue;
      auto kdOff = symbolOffset(s);
      if (!kdOff || co.image.size() - std::min<uint64_t>(*kdOff, co.image.size()) < 64)
        return fail("kernel descriptor " + std::string(s.name) +
                    " is not 64 bytes inside a loaded section");
      KernelInfo k;
      k.name = std::string(s.name.substr(0, s.name.size() - 3));
      k.descriptorOffset = *kdOff;
      isa::KernelDescriptor::decode(std::span<const uint8_t>(co.image.data() + *kdOff, 64),
                                    k.descriptor);
      // In a relocatable object the entry offset is filled by an R_AMDGPU_REL64 relocation.
      int64_t entryOffset = k.descriptor.kernelCodeEntryByteOffset;
      for (const Relocation &r : co.relocations)
        if (r.offset == *kdOff + isa::KernelDescriptor::kEntryOffsetPos && r.type == rel::kRel64 &&
            r.symbolInImage)
          entryOffset = static_cast<int64_t>(r.symbol + r.addend - r.offset);
      k.descriptor.kernelCodeEntryByteOffset = entryOffset;
      const uint64_t entry = *kdOff + static_cast<uint64_t>(entryOffset);
      const elf::Section *code = nullptr;
      for (const elf::Section &sec : file.sections())
        if (sectionOffset[sec.index] != UINT64_MAX && sec.isExecutable() &&
            entry >= sectionOffset[sec.index] && entry < sectionOffset[sec.index] + sec.size)
          code = &sec;
      if (!code)
        return fail("kernel " + k.name + ": entry point (descriptor offset " +
                    std::to_string(entryOffset) + ") is not inside an executable section");
      k.codeOffset = entry;
      k.codeSize = sectionOffset[code->index] + code->size - entry;
      k.sectionOffset = sectionOffset[code->index];
      k.sectionSize = code->size;
      for (const elf::Symbol &f : symbols) // the function symbol bounds the code if present
        if (f.name == k.name && f.type == elf::abi::kSttFunc && symbolOffset(f) == entry &&
            f.size > 0 && f.size <= k.codeSize)
          k.codeSize = f.size;
      const uint32_t rsrc1 = k.descriptor.computePgmRsrc1;
      // gfx9 runs wave64 only (the descriptor's wave32 bit is reserved there).
      k.waveSize = isa::supportsWave32(co.target) &&
                           isa::kd::kEnableWavefrontSize32.get(k.descriptor.kernelCodeProperties)
                       ? 32
                       : 64;
      // VGPR encoding granule: 8 registers in wave32 (GFX10+), 4 in wave64. On gfx908 the
      // allocation is max(VGPRs, AccVGPRs) and each file gets that many (AMDGPUUsage).
      const uint32_t granule = k.waveSize == 32 ? 8 : 4;
      k.vgprCount =
          std::min(256u, (isa::kd::kGranulatedWorkitemVgprCount.get(rsrc1) + 1) * granule);
      if (isa::targetInfo(co.target).has(isa::TargetInfo::kAccVgprs))
        k.agprCount = k.vgprCount;
      if (meta)
        applyMetadata(k, *meta);
      co.kernels.push_back(std::move(k));
    }
    if (co.kernels.empty())
      return fail("no kernels: the code object has no <name>.kd kernel descriptor symbols");
    for (const elf::Symbol &f : symbols)
      if (f.type == elf::abi::kSttFunc && f.size > 0)
        if (auto off = symbolOffset(f))
          co.functions.push_back({std::string(f.name), *off, f.size});
    return true;
  }
};

} // namespace

std::optional<CodeObject> parseCodeObject(std::string_view bytes, std::string &error) {
  elf::ElfError e;
  std::optional<elf::ElfFile> file = elf::ElfFile::parse(bytes, e);
  if (!file) {
    error = e.what + " (file offset " + std::to_string(e.offset) + ")";
    return std::nullopt;
  }
  if (!isa::targetIdFromElfFlags(file->flags())) {
    error = "the code object is for a processor gcnkit does not run (e_flags " +
            hex(file->flags()) + "; supported: " + std::string(isa::supportedProcessors()) + ")";
    return std::nullopt;
  }
  Loader l{*file, error, {}, {}, {}};
  l.co.target = file->target();
  std::optional<msgpack::Value> meta;
  if (!l.layout() || !l.readSymbols() || !l.readRelocations() || !l.readMetadata(meta) ||
      !l.kernels(meta))
    return std::nullopt;
  return std::move(l.co);
}

bool relocate(CodeObject &co, uint64_t base, std::string &error) {
  for (const Relocation &r : co.relocations) {
    const uint64_t s = r.symbolInImage ? base + r.symbol : r.symbol;
    const uint64_t p = base + r.offset;
    const uint64_t sa = s + static_cast<uint64_t>(r.addend);
    uint64_t value;
    const unsigned size = fieldSize(r.type);
    switch (r.type) {
    case rel::kAbs32Lo:
    case rel::kAbs32:
      value = sa & 0xFFFFFFFFu;
      break;
    case rel::kAbs32Hi:
      value = sa >> 32;
      break;
    case rel::kAbs64:
      value = sa;
      break;
    case rel::kRel32:
    case rel::kRel32Lo:
      value = (sa - p) & 0xFFFFFFFFu;
      break;
    case rel::kRel32Hi:
      value = (sa - p) >> 32;
      break;
    case rel::kRel64:
      value = sa - p;
      break;
    case rel::kRelative64:
      value = base + static_cast<uint64_t>(r.addend);
      break;
    default:
      error = "unsupported relocation type " + std::to_string(r.type) + " at image offset " +
              hex(r.offset);
      return false;
    }
    if (co.image.size() - r.offset < size) {
      error = "relocation at image offset " + hex(r.offset) + " is outside the image";
      return false;
    }
    std::memcpy(co.image.data() + r.offset, &value, size);
  }
  return true;
}

} // namespace gcnkit::runtime
