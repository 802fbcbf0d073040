#include "asm/registers.h"

#include <array>
#include <string_view>

#include "asm/expr.h"
#include "isa/target_info.h"

namespace gcnkit::assembler {

namespace {

// Where a special register's encoding comes from: a fixed operand encoding, or the target's
// scalar register map (isa::ScalarRegisters), which also says whether the target has it.
enum class Base : uint8_t { Fixed, Vcc, Exec, M0, Null, FlatScratch, XnackMask, None };

// A feature some targets lack, and llvm-mc's error for it there.
enum class Needs : uint8_t { Nothing, VcczExecz, LdsDirect, PopsExitingWaveId, Never };

struct Special {
  std::string_view name;
  Base base;
  unsigned offset; // Fixed: the encoding; otherwise added to the base (1 for _hi)
  unsigned count;
  Needs needs = Needs::Nothing;
};

constexpr const char *kNotAvailable = "register not available on this GPU";
constexpr const char *kNoZ = "execz and vccz are not supported on this GPU";
constexpr const char *kNoLdsDirect = "lds_direct is not supported on this GPU";
constexpr const char *kNoNull = "'null' operand is not supported on this GPU";

constexpr std::array kSpecials = {
    Special{"vcc", Base::Vcc, 0, 2},
    Special{"vcc_lo", Base::Vcc, 0, 1},
    Special{"vcc_hi", Base::Vcc, 1, 1},
    Special{"exec", Base::Exec, 0, 2},
    Special{"exec_lo", Base::Exec, 0, 1},
    Special{"exec_hi", Base::Exec, 1, 1},
    Special{"m0", Base::M0, 0, 1},
    Special{"null", Base::Null, 0, 1},
    Special{"scc", Base::Fixed, 253, 1},
    Special{"src_scc", Base::Fixed, 253, 1},
    Special{"shared_base", Base::Fixed, 235, 1},
    Special{"src_shared_base", Base::Fixed, 235, 1},
    Special{"shared_limit", Base::Fixed, 236, 1},
    Special{"src_shared_limit", Base::Fixed, 236, 1},
    Special{"private_base", Base::Fixed, 237, 1},
    Special{"src_private_base", Base::Fixed, 237, 1},
    Special{"private_limit", Base::Fixed, 238, 1},
    Special{"src_private_limit", Base::Fixed, 238, 1},
    Special{"pops_exiting_wave_id", Base::Fixed, 239, 1, Needs::PopsExitingWaveId},
    Special{"src_pops_exiting_wave_id", Base::Fixed, 239, 1, Needs::PopsExitingWaveId},
    Special{"vccz", Base::Fixed, 251, 1, Needs::VcczExecz},
    Special{"src_vccz", Base::Fixed, 251, 1, Needs::VcczExecz},
    Special{"execz", Base::Fixed, 252, 1, Needs::VcczExecz},
    Special{"src_execz", Base::Fixed, 252, 1, Needs::VcczExecz},
    Special{"lds_direct", Base::Fixed, 254, 1, Needs::LdsDirect},
    Special{"src_lds_direct", Base::Fixed, 254, 1, Needs::LdsDirect},
    Special{"flat_scratch", Base::FlatScratch, 0, 2},
    Special{"flat_scratch_lo", Base::FlatScratch, 0, 1},
    Special{"flat_scratch_hi", Base::FlatScratch, 1, 1},
    Special{"xnack_mask", Base::XnackMask, 0, 2},
    Special{"xnack_mask_lo", Base::XnackMask, 0, 1},
    Special{"xnack_mask_hi", Base::XnackMask, 1, 1},
    Special{"tba", Base::None, 0, 2},
    Special{"tba_lo", Base::None, 0, 1},
    Special{"tba_hi", Base::None, 0, 1},
    Special{"tma", Base::None, 0, 2},
    Special{"tma_lo", Base::None, 0, 1},
    Special{"tma_hi", Base::None, 0, 1},
};

const Special *findSpecial(std::string_view name) {
  for (const Special &s : kSpecials)
    if (s.name == name)
      return &s;
  return nullptr;
}

// The encoding of a special register on `target`, or the error llvm-mc gives there.
// `underInputModifier`: llvm-mc-19 checks execz / vccz only where no input modifier surrounds
// them.
const char *specialEncoding(const Special &s, isa::Target target, bool underInputModifier,
                            unsigned &enc) {
  const isa::TargetInfo &t = isa::targetInfo(target);
  switch (s.needs) {
  case Needs::VcczExecz:
    if (!t.has(isa::TargetInfo::kVcczExeczSources) && !underInputModifier)
      return kNoZ;
    break;
  case Needs::LdsDirect:
    if (!t.has(isa::TargetInfo::kLdsDirect))
      return kNoLdsDirect;
    break;
  case Needs::PopsExitingWaveId:
    if (!t.has(isa::TargetInfo::kPopsExitingWaveId))
      return kNotAvailable;
    break;
  default:
    break;
  }
  uint8_t base = isa::ScalarRegisters::kNone;
  switch (s.base) {
  case Base::Fixed:
    enc = s.offset;
    return nullptr;
  case Base::Vcc:
    base = t.sregs.vcc;
    break;
  case Base::Exec:
    base = t.sregs.exec;
    break;
  case Base::M0:
    base = t.sregs.m0;
    break;
  case Base::Null:
    if (t.sregs.null == isa::ScalarRegisters::kNone)
      return kNoNull;
    base = t.sregs.null;
    break;
  case Base::FlatScratch:
    base = t.sregs.flatScratch;
    break;
  case Base::XnackMask:
    base = t.sregs.xnackMask;
    break;
  default:
    break;
  }
  if (base == isa::ScalarRegisters::kNone)
    return kNotAvailable;
  enc = base + s.offset;
  return nullptr;
}

struct RegFile {
  std::string_view prefix;
  RegKind kind;
  unsigned size; // registers in the file on GFX11
};

constexpr std::array kFiles = {
    RegFile{"ttmp", RegKind::TTMP, 16}, RegFile{"acc", RegKind::AGPR, 256},
    RegFile{"s", RegKind::SGPR, 106},   RegFile{"v", RegKind::VGPR, 256},
    RegFile{"a", RegKind::AGPR, 256},
};

static_assert(kFiles[0].prefix == "ttmp" && kFiles[1].prefix == "acc" && kFiles[2].prefix == "s" &&
              kFiles[3].prefix == "v" && kFiles[4].prefix == "a");

bool validTupleSize(unsigned n) { return (n >= 1 && n <= 12) || n == 16 || n == 32; }

// SGPR and TTMP tuples: pairs are even-aligned, larger tuples quad-aligned.
bool aligned(RegKind k, unsigned first, unsigned count) {
  if (k != RegKind::SGPR && k != RegKind::TTMP)
    return true;
  if (count == 2)
    return first % 2 == 0;
  if (count >= 3)
    return first % 4 == 0;
  return true;
}

// "v12" -> file v, index 12. Digits may have leading zeros; a VGPR may name a 16-bit half
// with a `.l` / `.h` suffix.
const RegFile *splitIndexedName(std::string_view id, unsigned &index, bool &hasIndex, bool &lo,
                                bool &hi) {
  lo = hi = false;
  if (id.size() > 3 && id[0] == 'v' && (id.ends_with(".l") || id.ends_with(".h"))) {
    (id.back() == 'l' ? lo : hi) = true;
    id.remove_suffix(2);
  }
  // The file whose prefix the name starts with: "ttmp", "acc" (before "a"), "s", "v", "a".
  const RegFile *f = nullptr;
  switch (id.empty() ? '\0' : id[0]) {
  case 't':
    f = id.starts_with("ttmp") ? &kFiles[0] : nullptr;
    break;
  case 'a':
    f = id.starts_with("acc") ? &kFiles[1] : &kFiles[4];
    break;
  case 's':
    f = &kFiles[2];
    break;
  case 'v':
    f = &kFiles[3];
    break;
  default:
    break;
  }
  if (!f)
    return nullptr;
  std::string_view digits = id.substr(f->prefix.size());
  if (digits.empty()) {
    hasIndex = false;
    return f;
  }
  uint64_t v = 0;
  for (char c : digits) {
    if (c < '0' || c > '9')
      return nullptr;
    v = v * 10 + static_cast<uint64_t>(c - '0');
    if (v > 0xFFFFFFFF)
      v = 0xFFFFFFFF;
  }
  hasIndex = true;
  index = static_cast<unsigned>(v);
  return f;
}

bool evalIndex(std::span<const Token> toks, size_t &pos, int64_t &value, RegisterError &err) {
  // The common case, a plain number (`v[4:7]`), needs no expression tree.
  if (toks[pos].kind == Tok::Integer && !toks[pos].intOverflow &&
      (toks[pos + 1].kind == Tok::Colon || toks[pos + 1].kind == Tok::RBrac)) {
    value = static_cast<int64_t>(toks[pos].intValue);
    ++pos;
    return true;
  }
  ExprError ee;
  size_t start = toks[pos].offset;
  ExprPtr e = parseExpr(toks, pos, ee);
  if (!e) {
    err = {ee.message, ee.offset};
    return false;
  }
  std::optional<ExprValue> v = evaluate(*e, nullptr, ee);
  if (!v || !v->isAbsolute()) {
    err = {"expected absolute expression", start};
    return false;
  }
  value = v->constant;
  return true;
}

// `[lo]` or `[lo:hi]` after a register file prefix.
bool parseRange(std::span<const Token> toks, size_t &pos, unsigned &first, unsigned &count,
                RegisterError &err) {
  ++pos; // '['
  size_t loOffset = toks[pos].offset;
  int64_t lo = 0, hi = 0;
  if (!evalIndex(toks, pos, lo, err))
    return false;
  hi = lo;
  size_t hiOffset = loOffset;
  if (toks[pos].kind == Tok::Colon) {
    ++pos;
    hiOffset = toks[pos].offset;
    if (!evalIndex(toks, pos, hi, err))
      return false;
  }
  if (toks[pos].kind != Tok::RBrac) {
    err = {"expected a closing square bracket", toks[pos].offset};
    return false;
  }
  ++pos;
  if (lo < 0 || lo > 0xFFFFFFFFll) {
    err = {"invalid register index", loOffset};
    return false;
  }
  if (hi < 0 || hi > 0xFFFFFFFFll) {
    err = {"invalid register index", hiOffset};
    return false;
  }
  if (lo > hi) {
    err = {"first register index should not exceed second index", loOffset};
    return false;
  }
  first = static_cast<unsigned>(lo);
  count = static_cast<unsigned>(hi - lo + 1);
  return true;
}

// SGPRs the target lets code name (gfx9 keeps s102..s105 for flat_scratch and xnack_mask).
unsigned availableSgprs(isa::Target target) { return isa::targetInfo(target).sregs.sgprs; }

bool checkTuple(Register &r, const RegFile &f, isa::Target target, RegisterError &err) {
  if (!validTupleSize(r.count)) {
    err = {"invalid or unsupported register size", r.offset};
    return false;
  }
  if (!aligned(r.kind, r.index, r.count)) {
    err = {"invalid register alignment", r.offset};
    return false;
  }
  if (r.index + r.count > f.size) {
    err = {"register index is out of range", r.offset};
    return false;
  }
  if (r.kind == RegKind::SGPR && r.index + r.count > availableSgprs(target)) {
    err = {"register not available on this GPU", r.offset};
    return false;
  }
  return true;
}

// A single register (no SP3 list) at toks[pos].
RegParse parseSingle(std::span<const Token> toks, size_t &pos, Register &reg, RegisterError &err,
                     isa::Target target, bool underInputModifier = false) {
  const Token &t = toks[pos];
  if (t.kind != Tok::Identifier)
    return RegParse::NotARegister;
  reg = Register{};
  reg.offset = t.offset;
  // The most common registers, `v12` and `s5` in range, directly.
  if (const std::string_view n = t.text;
      n.size() >= 2 && n.size() <= 4 && (n[0] == 'v' || n[0] == 's')) {
    unsigned index = 0;
    size_t i = 1;
    for (; i < n.size() && n[i] >= '0' && n[i] <= '9'; ++i)
      index = index * 10 + static_cast<unsigned>(n[i] - '0');
    const RegFile &f = n[0] == 'v' ? kFiles[3] : kFiles[2];
    if (i == n.size() && index < f.size && (n[0] == 'v' || index < availableSgprs(target))) {
      reg.kind = f.kind;
      reg.index = index;
      ++pos;
      return RegParse::Ok;
    }
  }
  // Most registers are indexed (v12, s[4:7]); no special register's name parses as one, so the
  // specials are looked up only after that fails.
  unsigned index = 0;
  bool hasIndex = false;
  const RegFile *f = splitIndexedName(t.text, index, hasIndex, reg.loHalf, reg.hiHalf);
  if (!f) {
    const Special *s = findSpecial(t.text);
    if (!s)
      return RegParse::NotARegister;
    unsigned enc = 0;
    if (const char *unsupported = specialEncoding(*s, target, underInputModifier, enc)) {
      err = {unsupported, t.offset};
      return RegParse::Error;
    }
    reg = Register{};
    reg.offset = t.offset;
    reg.kind = RegKind::Special;
    reg.index = enc;
    reg.count = s->count;
    ++pos;
    return RegParse::Ok;
  }
  if ((reg.loHalf || reg.hiHalf) && !hasIndex)
    return RegParse::NotARegister;
  reg.kind = f->kind;
  if (hasIndex) {
    reg.index = index;
    reg.count = 1;
    ++pos;
  } else {
    if (toks[pos + 1].kind != Tok::LBrac)
      return RegParse::NotARegister;
    ++pos;
    if (!parseRange(toks, pos, reg.index, reg.count, err))
      return RegParse::Error;
  }
  if (!checkTuple(reg, *f, target, err))
    return RegParse::Error;
  return RegParse::Ok;
}

const RegFile &fileOf(RegKind k) {
  for (const RegFile &f : kFiles)
    if (f.kind == k)
      return f;
  return kFiles[0];
}

// SP3 list: [s4,s5,s6,s7], [exec_lo,exec_hi], [v252].
RegParse parseList(std::span<const Token> toks, size_t &pos, Register &reg, RegisterError &err,
                   isa::Target target) {
  size_t listOffset = toks[pos].offset;
  ++pos;
  // An element may itself be a bracketed list (`[[s0]]` is s0, as in llvm-mc). The brackets are
  // counted, not recursed into, so that no depth of them exhausts the stack.
  size_t nesting = 1;
  while (toks[pos].kind == Tok::LBrac) {
    ++nesting;
    ++pos;
  }
  Register first;
  RegParse r = parseSingle(toks, pos, first, err, target);
  if (r == RegParse::NotARegister) {
    err = {"expected a register or a list of registers", toks[pos].offset};
    return RegParse::Error;
  }
  if (r == RegParse::Error)
    return r;
  reg = first;
  reg.offset = listOffset;
  while (toks[pos].kind == Tok::Comma) {
    ++pos;
    Register next;
    size_t at = toks[pos].offset;
    RegParse n = parseSingle(toks, pos, next, err, target);
    if (n == RegParse::Error)
      return n;
    if (n == RegParse::NotARegister) {
      err = {"expected a register", at};
      return RegParse::Error;
    }
    if (next.count != 1 || first.count != 1) {
      err = {"registers in a list must be of the same kind", at};
      return RegParse::Error;
    }
    if (reg.kind == RegKind::Special) {
      // Only the halves of a 64-bit special register combine: [exec_lo,exec_hi].
      const unsigned vcc = isa::targetInfo(target).sregs.vcc;
      const unsigned exec = isa::targetInfo(target).sregs.exec;
      bool pairs = next.kind == RegKind::Special && reg.count == 1 &&
                   (reg.index == vcc || reg.index == exec) && next.index == reg.index + 1;
      if (next.kind != RegKind::Special || (next.index != vcc + 1 && next.index != exec + 1 &&
                                            next.index != vcc && next.index != exec)) {
        err = {"registers in a list must be of the same kind", at};
        return RegParse::Error;
      }
      if (!pairs) {
        err = {"register does not fit in the list", at};
        return RegParse::Error;
      }
      reg.count = 2;
      continue;
    }
    if (next.kind != reg.kind) {
      err = {"registers in a list must be of the same kind", at};
      return RegParse::Error;
    }
    if (next.index != reg.index + reg.count) {
      err = {"registers in a list must have consecutive indices", at};
      return RegParse::Error;
    }
    ++reg.count;
  }
  for (; nesting > 0; --nesting, ++pos) {
    if (toks[pos].kind != Tok::RBrac) {
      err = {"expected a comma or a closing square bracket", toks[pos].offset};
      return RegParse::Error;
    }
  }
  if (reg.kind != RegKind::Special && !checkTuple(reg, fileOf(reg.kind), target, err))
    return RegParse::Error;
  return RegParse::Ok;
}

} // namespace

unsigned Register::encoding() const {
  switch (kind) {
  case RegKind::SGPR:
    return index;
  case RegKind::TTMP:
    return 108 + index;
  case RegKind::VGPR:
    return 256 + index;
  case RegKind::Special:
    return index;
  case RegKind::AGPR:
  default:
    return 0;
  }
}

RegParse parseRegister(std::span<const Token> toks, size_t &pos, Register &reg, RegisterError &err,
                       isa::Target target, bool underInputModifier) {
  if (toks[pos].kind == Tok::LBrac)
    return parseList(toks, pos, reg, err, target);
  return parseSingle(toks, pos, reg, err, target, underInputModifier);
}

} // namespace gcnkit::assembler
