#include "elf/object_streamer.h"

#include <algorithm>
#include <optional>

#include "asm/match.h"
#include "asm/metadata.h"
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
constexpr uint8_t kStvInternal = 1, kStvHidden = 2, kStvProtected = 3;
constexpr uint16_t kShnAbs = 0xfff1;
// R_AMDGPU_* relocation types.
constexpr uint32_t kRAmdgpuAbs32Lo = 1, kRAmdgpuAbs32Hi = 2, kRAmdgpuAbs64 = 3, kRAmdgpuRel32 = 4,
                   kRAmdgpuRel64 = 5, kRAmdgpuAbs32 = 6, kRAmdgpuGotPcRel = 7,
                   kRAmdgpuGotPcRel32Lo = 8, kRAmdgpuGotPcRel32Hi = 9, kRAmdgpuRel32Lo = 10,
                   kRAmdgpuRel32Hi = 11, kRAmdgpuRel16 = 14;
constexpr uint32_t kCodeNop = 0xBF800000; // s_nop 0, the padding of code sections
// Sections are built in memory: growing one past this is reported rather than attempted
// (llvm-mc runs out of memory on `.fill 0x7fffffffffff, 8, 0` and writes 4 GB for `.p2align 31`).
constexpr uint64_t kMaxSectionBytes = uint64_t{256} << 20;

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

uint32_t variantRelocation(assembler::SymbolVariant v) {
  using assembler::SymbolVariant;
  switch (v) {
  case SymbolVariant::Abs32Lo:
    return kRAmdgpuAbs32Lo;
  case SymbolVariant::Abs32Hi:
    return kRAmdgpuAbs32Hi;
  case SymbolVariant::Rel32Lo:
    return kRAmdgpuRel32Lo;
  case SymbolVariant::Rel32Hi:
    return kRAmdgpuRel32Hi;
  case SymbolVariant::GotPcRel:
    return kRAmdgpuGotPcRel;
  case SymbolVariant::GotPcRel32Lo:
    return kRAmdgpuGotPcRel32Lo;
  case SymbolVariant::GotPcRel32Hi:
    return kRAmdgpuGotPcRel32Hi;
  case SymbolVariant::Rel64:
    return kRAmdgpuRel64;
  case SymbolVariant::Abs64:
    return kRAmdgpuAbs64;
  case SymbolVariant::None:
    break;
  }
  return 0;
}

void putLittleEndian(std::string &data, uint64_t offset, uint64_t value, unsigned size) {
  for (unsigned i = 0; i < size; ++i)
    data[offset + i] = static_cast<char>((value >> (8 * i)) & 0xFF);
}

// Fixup evaluation represents a label as an offset from its section, named by this key.
std::string sectionKey(size_t section) {
  std::string k(1, '\x01');
  k += std::to_string(section);
  return k;
}

} // namespace

struct ObjectStreamer::Impl {
  // Data: a value stored as is (FK_Data_N); PcRel: relative to the field's address
  // (FK_PCRel_N); Branch: a SOPP/SOPK simm16 counting dwords from the next instruction.
  enum class FixupKind : uint8_t { Data, PcRel, Branch };
  struct Fixup {
    size_t section;
    uint64_t offset;
    unsigned size;
    ExprPtr expr;
    FixupKind kind = FixupKind::Data;
    assembler::SourceLoc loc; // the instruction; invalid for directives
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
    bool addressSignificant = false; // .addrsig_sym
  };

  assembler::SourceManager &sm;
  ObjectOptions opts;
  std::vector<ObjectSection> sections;
  std::vector<size_t> sectionOrder; // mention order of each section (for its symbol)
  size_t current = 0;
  std::map<std::string, Sym, std::less<>> symbols;
  size_t mentions = 0;
  std::vector<Fixup> fixups;
  bool addrsig = false; // .addrsig: write an .llvm_addrsig section

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
  // Whether the current section may grow by count * unit bytes; reports it when not.
  bool reserve(uint64_t count, uint64_t unit) {
    const uint64_t room = kMaxSectionBytes - std::min(here(), kMaxSectionBytes);
    if (unit == 0 || count <= room / unit)
      return true;
    sm.reportUnlocated(assembler::Severity::Error,
                       "section '" + sec().name + "' would be larger than 256 MiB");
    return false;
  }
  void append(std::string_view bytes) {
    ObjectSection &s = sec();
    if (s.type == 8)
      s.size += bytes.size();
    else
      s.data += bytes;
  }

  void noteReferences(const Expr &e) {
    if (e.op == ExprOp::Symbol) {
      std::string_view name;
      assembler::splitSymbolVariant(e.symbol, name);
      sym(name).referenced = true;
    }
    if (e.lhs)
      noteReferences(*e.lhs);
    if (e.rhs)
      noteReferences(*e.rhs);
  }

  // Values of symbols for fixup evaluation: defined labels are section-relative (so label
  // differences within a section fold), absolute symbols are numbers, anything else is itself.
  std::optional<ExprValue> valueOf(std::string_view name, int depth) {
    std::string_view base;
    if (assembler::splitSymbolVariant(name, base) != assembler::SymbolVariant::None)
      return ExprValue{0, std::string(name)}; // always relocated
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
    auto v = assembler::evaluate(e, [&](std::string_view n) { return valueOf(n, 0); }, err);
    if (!v)
      error = err.message;
    return v;
  }

  // Why an expression is not relocatable, in llvm-mc's words for the cases it names: `a - b`
  // with a and b labels of different sections, or with b undefined.
  std::string unrelocatableReason(const Expr &e) {
    if (e.op == ExprOp::Sub && e.lhs && e.rhs) {
      std::string err;
      std::optional<ExprValue> l = evaluate(*e.lhs, err), r = evaluate(*e.rhs, err);
      if (r && !r->isAbsolute() && r->symbol[0] != '\x01')
        return "symbol '" + r->symbol + "' can not be undefined in a subtraction expression";
      if (l && r && !l->isAbsolute() && !r->isAbsolute() && l->symbol[0] == '\x01' &&
          r->symbol[0] == '\x01' && l->symbol != r->symbol)
        return "Cannot represent a difference across sections";
    }
    return "expected relocatable expression";
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
  case SymbolAttr::Protected:
  case SymbolAttr::Hidden:
  case SymbolAttr::Internal:
    // A symbol given a visibility is in the symbol table even when nothing refers to it.
    s.other = attr == SymbolAttr::Protected ? kStvProtected
              : attr == SymbolAttr::Hidden  ? kStvHidden
                                            : kStvInternal;
    s.referenced = true;
    break;
  }
}

// The strings go to .comment (mergeable strings, led by an empty one), created at the first
// .ident; the current section does not change.
void ObjectStreamer::emitIdent(std::string_view text) {
  const size_t previous = impl_->current;
  const size_t count = impl_->sections.size();
  impl_->open(assembler::SectionSpec{".comment", "MS", "progbits", 1, ""});
  if (impl_->sections.size() != count)
    impl_->append(std::string_view("\0", 1));
  impl_->append(text);
  impl_->append(std::string_view("\0", 1));
  impl_->current = previous;
}

void ObjectStreamer::emitAddrsig() { impl_->addrsig = true; }

void ObjectStreamer::emitAddrsigSym(std::string_view name) {
  Impl::Sym &s = impl_->sym(name);
  s.referenced = true;
  s.addressSignificant = true;
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
    impl_->fixups.push_back({impl_->current,
                             impl_->here(),
                             size,
                             assembler::cloneExpr(*expr),
                             Impl::FixupKind::Data,
                             {}});
  } else {
    for (unsigned i = 0; i < size; ++i)
      bytes[i] = static_cast<char>((static_cast<uint64_t>(value) >> (8 * i)) & 0xFF);
  }
  impl_->append(bytes);
}

void ObjectStreamer::emitBytes(std::string_view bytes) { impl_->append(bytes); }

void ObjectStreamer::emitFill(int64_t count, unsigned size, uint64_t value) {
  if (count <= 0 || size == 0 || !impl_->reserve(static_cast<uint64_t>(count), size))
    return;
  std::string unit;
  for (unsigned i = 0; i < size; ++i)
    unit.push_back(static_cast<char>(i < 8 ? (value >> (8 * i)) & 0xFF : 0));
  std::string bytes;
  bytes.reserve(static_cast<size_t>(count) * size);
  for (int64_t i = 0; i < count; ++i)
    bytes += unit;
  impl_->append(bytes);
}

void ObjectStreamer::emitZeros(int64_t count, int64_t fill, bool) {
  if (count > 0 && impl_->reserve(static_cast<uint64_t>(count), 1))
    impl_->append(std::string(static_cast<size_t>(count), static_cast<char>(fill & 0xFF)));
}

void ObjectStreamer::emitAlign(const assembler::Alignment &alignment) {
  const auto [log2, fillSize, fill, hasFill, maxSkip, hasMax] = alignment;
  ObjectSection &s = impl_->sec();
  const uint64_t align = uint64_t{1} << log2;
  // The writer places each section at a file offset of its alignment, padding the file.
  if (align > kMaxSectionBytes) {
    impl_->sm.reportUnlocated(assembler::Severity::Error,
                              "section '" + s.name +
                                  "' would be larger than 256 MiB (alignment 2^" +
                                  std::to_string(log2) + ")");
    return;
  }
  s.align = std::max(s.align, align);
  uint64_t at = impl_->here();
  uint64_t pad = (align - at % align) % align;
  if (hasMax && maxSkip > 0 && pad > static_cast<uint64_t>(maxSkip))
    return;
  if (!impl_->reserve(pad, 1))
    return;
  std::string bytes;
  // llvm-mc treats a zero fill byte in code like no fill: code alignment (clang writes
  // `.p2align 6, 0x0` before kernels).
  const bool code = (s.flags & 0x4) != 0 && (!hasFill || fill == 0) && fillSize == 1;
  while (bytes.size() < pad) {
    // Code is padded with s_nop 0 once the position is dword aligned.
    if (code && (at + bytes.size()) % 4 == 0 && pad - bytes.size() >= 4) {
      for (int i = 0; i < 4; ++i)
        bytes.push_back(static_cast<char>((kCodeNop >> (8 * i)) & 0xFF));
    } else {
      // A 2- or 4-byte fill value repeats from the start of the padding, little-endian.
      const size_t byte = bytes.size() % fillSize;
      bytes.push_back(static_cast<char>((static_cast<uint64_t>(fill) >> (8 * byte)) & 0xFF));
    }
  }
  impl_->append(bytes);
}

void ObjectStreamer::emitInstruction(std::string_view, const assembler::EncodedInstruction &inst,
                                     assembler::SourceLoc loc) {
  using assembler::InstFixup;
  for (const InstFixup &fx : inst.fixups) {
    impl_->noteReferences(*fx.expr);
    Impl::FixupKind kind = Impl::FixupKind::Branch;
    if (fx.kind == InstFixup::Kind::Literal32)
      kind =
          assembler::literalIsPcRelative(*fx.expr) ? Impl::FixupKind::PcRel : Impl::FixupKind::Data;
    impl_->fixups.push_back({impl_->current, impl_->here() + fx.offset,
                             assembler::fixupSize(fx.kind), assembler::cloneExpr(*fx.expr), kind,
                             loc});
  }
  impl_->append(inst.bytes);
}

void ObjectStreamer::emitAmdhsaKernel(const assembler::AmdhsaKernel &k) {
  std::array<uint8_t, 64> d = k.descriptor.encode();
  std::string kdName = k.name + ".kd";
  // llvm-mc creates the descriptor's symbol before it refers to the kernel (a kernel that is
  // not defined before the block follows its descriptor in the symbol table).
  Impl::Sym &kd = impl_->sym(kdName);
  Impl::Sym &kernel = impl_->sym(k.name);
  kernel.referenced = true;
  // A kernel is protected unless given a visibility, which its descriptor then shares.
  const uint8_t visibility = kernel.other;
  if (kernel.other == 0)
    kernel.other = kStvProtected;
  kd.other = visibility;
  kd.section = impl_->current;
  kd.offset = impl_->here();
  kd.type = kSttObject;
  kd.bind = kernel.bind == kStbLocal && !kernel.explicitBind ? kStbGlobal : kernel.bind;
  kd.explicitBind = true;
  kd.size = 64;
  // kernel_code_entry_byte_offset: the kernel's address relative to the descriptor.
  auto entry = std::make_unique<Expr>();
  entry->op = ExprOp::Add;
  entry->lhs = assembler::symbolExpr(k.name);
  entry->rhs = std::make_unique<Expr>();
  entry->rhs->value = isa::KernelDescriptor::kEntryOffsetPos;
  impl_->fixups.push_back({impl_->current,
                           impl_->here() + isa::KernelDescriptor::kEntryOffsetPos,
                           8,
                           std::move(entry),
                           Impl::FixupKind::PcRel,
                           {}});
  impl_->append(std::string_view(reinterpret_cast<const char *>(d.data()), d.size()));
}

// The note goes to .note (created here if needed); the current section does not change.
void ObjectStreamer::emitAmdgpuMetadata(const assembler::MetadataNode &root) {
  constexpr uint32_t kNtAmdgpuMetadata = 32;
  constexpr std::string_view kOwner("AMDGPU\0", 7);
  const std::string desc = assembler::metadataToMsgPack(root);
  std::string note;
  auto put32 = [&](uint32_t v) {
    for (int i = 0; i < 4; ++i)
      note.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
  };
  put32(static_cast<uint32_t>(kOwner.size()));
  put32(static_cast<uint32_t>(desc.size()));
  put32(kNtAmdgpuMetadata);
  note += kOwner;
  note.append((4 - note.size() % 4) % 4, '\0');
  note += desc;
  note.append((4 - note.size() % 4) % 4, '\0');
  const size_t previous = impl_->current;
  impl_->open(assembler::SectionSpec{".note", "a", "note", 0, ""});
  impl_->sec().align = std::max<uint64_t>(impl_->sec().align, 4);
  impl_->append(note);
  impl_->current = previous;
}

std::string ObjectStreamer::finish(unsigned codeObjectVersion) {
  Impl &m = *impl_;
  ObjectFile obj;
  // Code object v4 introduced the 2-bit xnack / sramecc settings; an object for no OS (llvm-mc's
  // -arch=amdgcn) keeps the v3 bits whatever the version.
  obj.eflags = m.opts.amdhsa && codeObjectVersion >= 4 ? isa::elfFlags(m.opts.target)
                                                       : isa::elfFlagsV3(m.opts.target);
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
  auto report = [&](const Impl::Fixup &f, const std::string &message) {
    if (f.loc.valid())
      m.sm.report(f.loc, assembler::Severity::Error, message);
    else
      m.sm.reportUnlocated(assembler::Severity::Error, message);
  };
  for (Impl::Fixup &f : m.fixups) {
    std::string err;
    std::optional<ExprValue> v = m.evaluate(*f.expr, err);
    if (!v) {
      report(f, m.unrelocatableReason(*f.expr));
      continue;
    }
    ObjectSection &s = m.sections[f.section];
    const Expr *named = Impl::namedSymbol(*f.expr);
    std::string_view base;
    const assembler::SymbolVariant variant =
        named ? assembler::splitSymbolVariant(named->symbol, base) : assembler::SymbolVariant::None;
    // A label of this section that cannot be preempted (local binding) resolves here.
    const bool sameSection =
        v->symbol == sectionKey(f.section) && (!named || m.sym(named->symbol).bind == kStbLocal);
    if (f.kind == Impl::FixupKind::Branch) {
      if (v->isAbsolute() || (!sameSection && v->symbol[0] != '\x01')) {
        report(f, "undefined label '" + (named ? named->symbol : printExpr(*f.expr)) + "'");
        continue;
      }
      if (sameSection) {
        const int64_t dwords = (v->constant - static_cast<int64_t>(f.offset) - 4) / 4;
        if (!assembler::fitsSigned(dwords, 16))
          report(f, "branch size exceeds simm16");
        else
          putLittleEndian(s.data, f.offset, static_cast<uint64_t>(dwords), 2);
        continue;
      }
    } else if (variant == assembler::SymbolVariant::None) {
      if (v->isAbsolute() && f.kind == Impl::FixupKind::Data) {
        putLittleEndian(s.data, f.offset, static_cast<uint64_t>(v->constant), f.size);
        continue;
      }
      if (sameSection && f.kind == Impl::FixupKind::PcRel) {
        putLittleEndian(s.data, f.offset, static_cast<uint64_t>(v->constant - f.offset), f.size);
        continue;
      }
    }
    if (f.size != 2 && f.size != 4 && f.size != 8) {
      report(f, "unsupported relocation type");
      continue;
    }
    PendingReloc r{f.section, f.offset, 0, v->symbol, v->constant};
    if (f.kind == Impl::FixupKind::Branch)
      r.type = kRAmdgpuRel16;
    else if (variant != assembler::SymbolVariant::None)
      r.type = variantRelocation(variant);
    else if (f.kind == Impl::FixupKind::PcRel)
      r.type = f.size == 8 ? kRAmdgpuRel64 : kRAmdgpuRel32;
    else
      r.type = f.size == 8 ? kRAmdgpuAbs64 : kRAmdgpuAbs32;
    // Globals and undefined symbols are named; local labels go through their section.
    if (named && !v->isAbsolute()) {
      Impl::Sym &target = m.sym(variant == assembler::SymbolVariant::None ? named->symbol : base);
      if (target.bind != kStbLocal || !target.section) {
        r.symbol = target.name;
        if (variant == assembler::SymbolVariant::None)
          r.addend = v->constant - (target.section ? static_cast<int64_t>(target.offset) : 0);
      } else if (variant != assembler::SymbolVariant::None) {
        r.symbol = sectionKey(*target.section);
        r.addend = v->constant + static_cast<int64_t>(target.offset);
      }
    }
    if (!r.symbol.empty() && r.symbol[0] == '\x01')
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
  std::map<std::string, uint32_t> index{{"", 0}}; // an absolute value: no symbol
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
    // The field holds the addend (REL) or zero (RELA), as the fixup would encode it: a
    // branch counts dwords from the next instruction.
    const int64_t stored = obj.rela ? 0 : r.addend;
    if (r.type == kRAmdgpuRel16) {
      putLittleEndian(s.data, r.offset, static_cast<uint64_t>((stored - 4) / 4), 2);
    } else if (!obj.rela) {
      unsigned size = r.type == kRAmdgpuAbs64 || r.type == kRAmdgpuRel64 ? 8 : 4;
      putLittleEndian(s.data, r.offset, static_cast<uint64_t>(stored), size);
    }
  }
  if (m.addrsig) {
    // The table indices of the address-significant symbols, as ULEB128, in table order.
    obj.addrsig = true;
    std::vector<uint32_t> significant;
    for (const auto &[key, i] : index)
      if (auto it = m.symbols.find(key); it != m.symbols.end() && it->second.addressSignificant)
        significant.push_back(i);
    std::sort(significant.begin(), significant.end());
    for (uint32_t i : significant) {
      do {
        const uint8_t low = i & 0x7F;
        i >>= 7;
        obj.addrsigData.push_back(static_cast<char>(i ? low | 0x80 : low));
      } while (i);
    }
  }
  obj.sections = std::move(m.sections);
  return writeObject(obj);
}

} // namespace gcnkit::elf
