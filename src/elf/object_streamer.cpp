#include "elf/object_streamer.h"

#include <optional>

#include "elf/object_writer.h"

namespace gcnkit::elf {

using assembler::Expr;
using assembler::ExprOp;
using assembler::ExprPtr;
using assembler::ExprValue;
using assembler::SymbolAttr;

namespace {

constexpr uint8_t kSttNotype = 0, kSttObject = 1, kSttFunc = 2, kSttSection = 3;
constexpr uint8_t kStbLocal = 0, kStbGlobal = 1, kStbWeak = 2;
constexpr uint8_t kStvProtected = 3;
constexpr uint16_t kShnAbs = 0xfff1;
constexpr uint32_t kRAmdgpuAbs32 = 6, kRAmdgpuAbs64 = 3, kRAmdgpuRel32 = 4, kRAmdgpuRel64 = 5;
constexpr uint32_t kCodeNop = 0xBF800000; // s_nop 0, the padding of code sections

uint64_t sectionFlags(const std::string &letters) {
  uint64_t f = 0;
  for (char c : letters) {
    switch (c) {
    case 'w':
      f |= 0x1;
      break;
    case 'a':
      f |= 0x2;
      break;
    case 'x':
      f |= 0x4;
      break;
    case 'M':
      f |= 0x10;
      break;
    case 'S':
      f |= 0x20;
      break;
    default:
      break;
    }
  }
  return f;
}

uint32_t sectionType(const std::string &t) {
  if (t == "nobits")
    return 8;
  if (t == "note")
    return 7;
  return 1;
}

// Fixup evaluation represents a label as an offset from its section, named by this key.
std::string sectionKey(size_t section) {
  std::string k(1, '\x01');
  k += std::to_string(section);
  return k;
}

} // namespace

struct ObjectStreamer::Impl {
  struct Fixup {
    size_t section;
    uint64_t offset;
    unsigned size;
    ExprPtr expr;
    bool pcRelative = false;
  };
  struct Sym {
    std::string name;
    size_t order;                  // first mention
    std::optional<size_t> section; // defined label
    uint64_t offset = 0;
    std::optional<int64_t> absolute;
    ExprPtr equated;
    uint8_t bind = kStbLocal;
    bool explicitBind = false;
    uint8_t type = kSttNotype;
    uint8_t other = 0;
    ExprPtr sizeExpr;
    std::optional<int64_t> size;
    bool referenced = false;
  };

  assembler::SourceManager &sm;
  ObjectOptions opts;
  std::vector<ObjectSection> sections;
  std::vector<size_t> sectionOrder; // mention order of each section (for its symbol)
  size_t current = 0;
  std::map<std::string, Sym, std::less<>> symbols;
  size_t mentions = 0;
  std::vector<Fixup> fixups;

  Impl(assembler::SourceManager &s, ObjectOptions o) : sm(s), opts(o) {
    open(assembler::SectionSpec{".text", "ax", "progbits", 0, ".text"});
    sections[0].align = 4;
  }

  void open(const assembler::SectionSpec &spec) {
    for (size_t i = 0; i < sections.size(); ++i)
      if (sections[i].name == spec.name) {
        current = i;
        return;
      }
    ObjectSection s;
    s.name = spec.name;
    s.type = sectionType(spec.type);
    s.flags = sectionFlags(spec.flags);
    s.entsize = spec.entsize;
    sections.push_back(std::move(s));
    sectionOrder.push_back(mentions++);
    current = sections.size() - 1;
  }

  Sym &sym(std::string_view name) {
    auto it = symbols.find(name);
    if (it == symbols.end()) {
      Sym s;
      s.name = std::string(name);
      s.order = mentions++;
      it = symbols.emplace(s.name, std::move(s)).first;
    }
    return it->second;
  }

  ObjectSection &sec() { return sections[current]; }
  uint64_t here() {
    ObjectSection &s = sec();
    return s.type == 8 ? s.size : s.data.size();
  }
  void append(std::string_view bytes) {
    ObjectSection &s = sec();
    if (s.type == 8)
      s.size += bytes.size();
    else
      s.data += bytes;
  }

  void noteReferences(const Expr &e) {
    if (e.op == ExprOp::Symbol)
      sym(e.symbol).referenced = true;
    if (e.lhs)
      noteReferences(*e.lhs);
    if (e.rhs)
      noteReferences(*e.rhs);
  }

  // Values of symbols for fixup evaluation: defined labels are section-relative (so label
  // differences within a section fold), absolute symbols are numbers, anything else is itself.
  std::optional<ExprValue> valueOf(std::string_view name, int depth) {
    Sym &s = sym(name);
    if (s.absolute)
      return ExprValue{*s.absolute, {}};
    if (s.section)
      return ExprValue{static_cast<int64_t>(s.offset), sectionKey(*s.section)};
    if (s.equated && depth < 32) {
      assembler::ExprError err;
      return assembler::evaluate(
          *s.equated, [&](std::string_view n) { return valueOf(n, depth + 1); }, err);
    }
    return ExprValue{0, s.name};
  }

  std::optional<ExprValue> evaluate(const Expr &e, std::string &error) {
    assembler::ExprError err;
    auto v = assembler::evaluate(
        e, [&](std::string_view n) { return valueOf(n, 0); }, err);
    if (!v)
      error = err.message;
    return v;
  }

  // The symbol a relocation names: a global (or undefined) symbol named directly by the
  // expression keeps its name; a local label becomes its section's symbol plus offset.
  static const Expr *namedSymbol(const Expr &e) {
    if (e.op == ExprOp::Symbol)
      return &e;
    if ((e.op == ExprOp::Add || e.op == ExprOp::Sub) && e.lhs && e.lhs->op == ExprOp::Symbol &&
        e.rhs && e.rhs->op == ExprOp::Constant)
      return e.lhs.get();
    if (e.op == ExprOp::Add && e.rhs && e.rhs->op == ExprOp::Symbol && e.lhs &&
        e.lhs->op == ExprOp::Constant)
      return e.rhs.get();
    return nullptr;
  }
};

ObjectStreamer::ObjectStreamer(assembler::SourceManager &sm, ObjectOptions opts)
    : impl_(std::make_unique<Impl>(sm, opts)) {}
ObjectStreamer::~ObjectStreamer() = default;

void ObjectStreamer::switchSection(const assembler::SectionSpec &spec) { impl_->open(spec); }

void ObjectStreamer::emitLabel(std::string_view name) {
  Impl::Sym &s = impl_->sym(name);
  s.section = impl_->current;
  s.offset = impl_->here();
}

void ObjectStreamer::emitAssignment(std::string_view name, const Expr *expr, int64_t value) {
  Impl::Sym &s = impl_->sym(name);
  if (expr) {
    s.equated = assembler::cloneExpr(*expr);
    impl_->noteReferences(*expr);
    s.absolute.reset();
  } else {
    s.absolute = value;
  }
}

void ObjectStreamer::emitSymbolAttribute(std::string_view name, SymbolAttr attr) {
  Impl::Sym &s = impl_->sym(name);
  switch (attr) {
  case SymbolAttr::Global:
    s.bind = kStbGlobal;
    s.explicitBind = true;
    break;
  case SymbolAttr::Weak:
    s.bind = kStbWeak;
    s.explicitBind = true;
    break;
  case SymbolAttr::Local:
    s.bind = kStbLocal;
    s.explicitBind = true;
    break;
  case SymbolAttr::TypeFunction:
    s.type = kSttFunc;
    break;
  case SymbolAttr::TypeObject:
    s.type = kSttObject;
    break;
  case SymbolAttr::NoDeadStrip:
    break;
  }
}

void ObjectStreamer::emitSize(std::string_view name, const Expr *expr, int64_t value) {
  Impl::Sym &s = impl_->sym(name);
  if (expr)
    s.sizeExpr = assembler::cloneExpr(*expr);
  else
    s.size = value;
}

void ObjectStreamer::emitValue(const Expr *expr, int64_t value, unsigned size) {
  std::string bytes(size, '\0');
  if (expr) {
    impl_->noteReferences(*expr);
    impl_->fixups.push_back(
        {impl_->current, impl_->here(), size, assembler::cloneExpr(*expr), false});
  } else {
    for (unsigned i = 0; i < size; ++i)
      bytes[i] = static_cast<char>((static_cast<uint64_t>(value) >> (8 * i)) & 0xFF);
  }
  impl_->append(bytes);
}

void ObjectStreamer::emitBytes(std::string_view bytes) { impl_->append(bytes); }

void ObjectStreamer::emitFill(int64_t count, unsigned size, uint64_t value) {
  if (count <= 0 || size == 0)
    return;
  std::string unit;
  for (unsigned i = 0; i < size; ++i)
    unit.push_back(static_cast<char>(i < 8 ? (value >> (8 * i)) & 0xFF : 0));
  for (int64_t i = 0; i < count; ++i)
    impl_->append(unit);
}

void ObjectStreamer::emitZeros(int64_t count, int64_t fill, bool) {
  if (count > 0)
    impl_->append(std::string(static_cast<size_t>(count), static_cast<char>(fill & 0xFF)));
}

void ObjectStreamer::emitAlign(unsigned log2, int64_t fill, bool hasFill, int64_t maxSkip,
                               bool hasMax) {
  ObjectSection &s = impl_->sec();
  const uint64_t align = uint64_t{1} << log2;
  s.align = std::max(s.align, align);
  uint64_t at = impl_->here();
  uint64_t pad = (align - at % align) % align;
  if (hasMax && maxSkip > 0 && pad > static_cast<uint64_t>(maxSkip))
    return;
  std::string bytes;
  const bool code = (s.flags & 0x4) != 0 && !hasFill;
  while (bytes.size() < pad) {
    // Code is padded with s_nop 0 once the position is dword aligned.
    if (code && (at + bytes.size()) % 4 == 0 && pad - bytes.size() >= 4) {
      for (int i = 0; i < 4; ++i)
        bytes.push_back(static_cast<char>((kCodeNop >> (8 * i)) & 0xFF));
    } else {
      bytes.push_back(static_cast<char>(fill & 0xFF));
    }
  }
  impl_->append(bytes);
}

void ObjectStreamer::emitInstruction(std::string_view, std::string_view bytes) {
  impl_->append(bytes);
}

void ObjectStreamer::emitAmdhsaKernel(const assembler::AmdhsaKernel &k) {
  std::array<uint8_t, 64> d = k.descriptor.encode();
  std::string kdName = k.name + ".kd";
  Impl::Sym &kernel = impl_->sym(k.name);
  kernel.referenced = true;
  kernel.other = kStvProtected;
  Impl::Sym &kd = impl_->sym(kdName);
  kd.section = impl_->current;
  kd.offset = impl_->here();
  kd.type = kSttObject;
  kd.bind = kernel.bind == kStbLocal && !kernel.explicitBind ? kStbGlobal : kernel.bind;
  kd.explicitBind = true;
  kd.size = 64;
  // kernel_code_entry_byte_offset: the kernel's address relative to the descriptor.
  auto entry = std::make_unique<Expr>();
  entry->op = ExprOp::Add;
  entry->lhs = std::make_unique<Expr>();
  entry->lhs->op = ExprOp::Symbol;
  entry->lhs->symbol = k.name;
  entry->rhs = std::make_unique<Expr>();
  entry->rhs->value = isa::KernelDescriptor::kEntryOffsetPos;
  impl_->fixups.push_back({impl_->current, impl_->here() + isa::KernelDescriptor::kEntryOffsetPos,
                           8, std::move(entry), true});
  impl_->append(std::string_view(reinterpret_cast<const char *>(d.data()), d.size()));
}

std::string ObjectStreamer::finish(unsigned codeObjectVersion) {
  Impl &m = *impl_;
  ObjectFile obj;
  obj.eflags = m.opts.eflags;
  obj.rela = m.opts.amdhsa;
  if (m.opts.amdhsa) {
    obj.osabi = 64;
    obj.abiVersion = static_cast<uint8_t>(codeObjectVersion >= 4 ? codeObjectVersion - 2 : 0);
  }
  // Symbol sizes from .size expressions.
  for (auto &[name, s] : m.symbols) {
    if (!s.sizeExpr)
      continue;
    std::string err;
    std::optional<ExprValue> v = m.evaluate(*s.sizeExpr, err);
    if (v && v->isAbsolute())
      s.size = v->constant;
    else
      m.sm.reportUnlocated(assembler::Severity::Error,
                           ".size expression for " + name + " does not evaluate to a constant");
  }
  // Resolve fixups; what does not fold becomes a relocation.
  struct PendingReloc {
    size_t section;
    uint64_t offset;
    uint32_t type;
    std::string symbol; // a symbol name, or "\x01<section>" for a section symbol
    int64_t addend;
  };
  std::vector<PendingReloc> relocs;
  std::vector<bool> sectionSymbolUsed(m.sections.size(), false);
  for (Impl::Fixup &f : m.fixups) {
    std::string err;
    std::optional<ExprValue> v = m.evaluate(*f.expr, err);
    if (!v) {
      m.sm.reportUnlocated(assembler::Severity::Error, "expected relocatable expression");
      continue;
    }
    ObjectSection &s = m.sections[f.section];
    if (v->isAbsolute() && !f.pcRelative) {
      for (unsigned i = 0; i < f.size; ++i)
        s.data[f.offset + i] =
            static_cast<char>((static_cast<uint64_t>(v->constant) >> (8 * i)) & 0xFF);
      continue;
    }
    if (f.size != 4 && f.size != 8) {
      m.sm.reportUnlocated(assembler::Severity::Error, "unsupported relocation type");
      continue;
    }
    PendingReloc r{f.section, f.offset, 0, v->symbol, v->constant};
    if (f.pcRelative) {
      r.type = f.size == 8 ? kRAmdgpuRel64 : kRAmdgpuRel32;
    } else {
      r.type = f.size == 8 ? kRAmdgpuAbs64 : kRAmdgpuAbs32;
    }
    // Globals and undefined symbols are named; local labels go through their section.
    if (const Expr *named = Impl::namedSymbol(*f.expr)) {
      Impl::Sym &target = m.sym(named->symbol);
      if (target.bind != kStbLocal || !target.section) {
        r.symbol = target.name;
        r.addend = v->constant - (target.section ? static_cast<int64_t>(target.offset) : 0);
        if (f.pcRelative)
          r.addend = static_cast<int64_t>(f.expr->rhs ? f.expr->rhs->value : 0);
      }
    }
    if (r.symbol[0] == '\x01')
      sectionSymbolUsed[std::stoul(r.symbol.substr(1))] = true;
    relocs.push_back(std::move(r));
  }
  // Symbol table: locals (section symbols and named labels) in mention order, then globals.
  struct Entry {
    size_t order;
    ObjectSymbol sym;
    std::string key;
  };
  std::vector<Entry> locals, globals;
  for (size_t i = 0; i < m.sections.size(); ++i)
    if (sectionSymbolUsed[i]) {
      ObjectSymbol s;
      s.type = kSttSection;
      s.shndx = static_cast<uint16_t>(i + 1);
      locals.push_back({m.sectionOrder[i], s, sectionKey(i)});
    }
  for (auto &[name, s] : m.symbols) {
    if (name.starts_with(".L"))
      continue; // temporary labels stay out of the symbol table
    bool defined = s.section || s.absolute || s.equated;
    if (!defined && !s.referenced && !s.explicitBind)
      continue;
    ObjectSymbol o;
    o.name = name;
    o.type = s.type;
    o.other = s.other;
    o.bind = defined || s.explicitBind ? s.bind : kStbGlobal;
    if (s.section) {
      o.shndx = static_cast<uint16_t>(*s.section + 1);
      o.value = s.offset;
    } else if (s.absolute) {
      o.shndx = kShnAbs;
      o.value = static_cast<uint64_t>(*s.absolute);
    } else if (s.equated) {
      std::string err;
      std::optional<ExprValue> v = m.evaluate(*s.equated, err);
      if (v && v->isAbsolute()) {
        o.shndx = kShnAbs;
        o.value = static_cast<uint64_t>(v->constant);
      } else if (v && v->symbol[0] == '\x01') {
        o.shndx = static_cast<uint16_t>(std::stoul(v->symbol.substr(1)) + 1);
        o.value = static_cast<uint64_t>(v->constant);
      }
    }
    o.size = s.size ? static_cast<uint64_t>(*s.size) : 0;
    (o.bind == kStbLocal ? locals : globals).push_back({s.order, o, name});
  }
  auto byOrder = [](const Entry &a, const Entry &b) { return a.order < b.order; };
  std::stable_sort(locals.begin(), locals.end(), byOrder);
  std::stable_sort(globals.begin(), globals.end(), byOrder);
  std::map<std::string, uint32_t> index;
  obj.symbols.emplace_back();
  for (std::vector<Entry> *list : {&locals, &globals})
    for (Entry &e : *list) {
      index[e.key] = static_cast<uint32_t>(obj.symbols.size());
      obj.symbols.push_back(e.sym);
    }
  for (PendingReloc &r : relocs) {
    auto it = index.find(r.symbol);
    if (it == index.end())
      continue;
    ObjectSection &s = m.sections[r.section];
    s.relocs.push_back({r.offset, r.type, it->second, r.addend});
    if (!obj.rela) {
      // REL: the addend lives in the relocated field.
      unsigned size = r.type == kRAmdgpuAbs64 || r.type == kRAmdgpuRel64 ? 8 : 4;
      for (unsigned i = 0; i < size; ++i)
        s.data[r.offset + i] =
            static_cast<char>((static_cast<uint64_t>(r.addend) >> (8 * i)) & 0xFF);
    }
  }
  obj.sections = std::move(m.sections);
  return writeObject(obj);
}

} // namespace gcnkit::elf
