#include "asm/parser.h"

#include "asm/token_chunks.h"

#include "asm/metadata.h"

#include <algorithm>
#include <cctype>

namespace gcnkit::assembler {

namespace {

// llvm-mc's limit on macro invocations inside expansions (of macros, .rept or .irp).
constexpr int kMaxMacroDepth = 20;
// .rept / .irp have no limit in llvm-mc; here the expansions recurse, so they get a large one.
constexpr int kMaxExpansionDepth = 256;
// Macro, .rept and .irp expansions are held in memory and assembled like source text. One larger
// than kMaxExpansionBytes, or more than kMaxExpandedBytes in all, is an error (llvm-mc runs out of
// memory or time on such input: `.rept 0x7fffffff`, nested .rept, macros that call themselves
// twice). Expansions inside expansions are charged a little more than their text, for their
// bookkeeping; a macro nesting-depth error a lot more, for its diagnostics.
constexpr size_t kMaxExpansionBytes = size_t{8} << 20;
constexpr size_t kMaxExpandedBytes = size_t{16} << 20;
constexpr size_t kNestedExpansionCost = 256;
constexpr size_t kDepthErrorCost = size_t{64} << 10;

bool isEnd(const Token &t) { return t.kind == Tok::EndOfStatement || t.kind == Tok::Eof; }

// A section name as llvm-mc lists it: quoted (with \\ and \" escaped) unless it is made of
// letters, digits, '_' and '.'.
std::string listedSectionName(std::string_view name) {
  const bool plain = std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
  });
  if (plain && !name.empty())
    return std::string(name);
  std::string quoted = "\"";
  for (char c : name) {
    if (c == '"' || c == '\\')
      quoted += '\\';
    quoted += c;
  }
  return quoted + '"';
}

// Whether the line ending at `newline` holds only blanks and /* */ comments.
bool isBlankLine(std::string_view text, size_t newline) {
  size_t i = text.rfind('\n', newline == 0 ? 0 : newline - 1);
  i = i == std::string_view::npos || i >= newline ? 0 : i + 1;
  while (i < newline) {
    if (text[i] == ' ' || text[i] == '\t' || text[i] == '\r') {
      ++i;
    } else if (text.compare(i, 2, "/*") == 0) {
      const size_t end = text.find("*/", i + 2);
      if (end == std::string_view::npos || end > newline)
        return false;
      i = end + 2;
    } else {
      return false;
    }
  }
  return true;
}

// `1f` / `1b`: a reference to the next / previous local label `1:`.
bool isDirectionalReference(std::string_view n) {
  return n.size() >= 2 && (n.back() == 'f' || n.back() == 'b') &&
         n.find_first_not_of("0123456789") == n.size() - 1;
}

bool fitsIn(int64_t v, unsigned bytes) {
  if (bytes >= 8)
    return true;
  const unsigned bits = bytes * 8;
  const int64_t smin = -(int64_t{1} << (bits - 1));
  const int64_t umax = static_cast<int64_t>((uint64_t{1} << bits) - 1);
  return v >= smin && v <= umax;
}

// Decodes the escapes of a string literal token (quotes included).
std::string unquote(std::string_view t) {
  std::string out;
  for (size_t i = 1; i + 1 < t.size(); ++i) {
    char c = t[i];
    if (c != '\\' || i + 2 >= t.size()) {
      out += c;
      continue;
    }
    char e = t[++i];
    switch (e) {
    case 'n':
      out += '\n';
      break;
    case 't':
      out += '\t';
      break;
    case 'r':
      out += '\r';
      break;
    case 'b':
      out += '\b';
      break;
    case 'f':
      out += '\f';
      break;
    case '"':
      out += '"';
      break;
    case '\\':
      out += '\\';
      break;
    default:
      if (e >= '0' && e <= '7') {
        unsigned v = static_cast<unsigned>(e - '0');
        for (int k = 0; k < 2 && i + 2 < t.size() && t[i + 1] >= '0' && t[i + 1] <= '7'; ++k)
          v = v * 8 + static_cast<unsigned>(t[++i] - '0');
        out += static_cast<char>(v & 0xFF);
      } else {
        out += e;
      }
    }
  }
  return out;
}

} // namespace

bool Parser::run(uint32_t buffer) {
  size_t before = sm_.errorCount();
  if (options_.amdhsa)
    out_.emitDirectiveLine(".amdgcn_target \"" + options_.targetId + "\"");
  processBuffer(buffer, 0);
  if (!conds_.empty()) {
    std::string_view text = sm_.text(buffer);
    sm_.report(SourceLoc{buffer, static_cast<uint32_t>(text.size())}, Severity::Error,
               "unmatched .ifs or .elses");
    conds_.clear();
  }
  return sm_.errorCount() == before;
}

void Parser::processBuffer(uint32_t buffer, int depth) {
  TokenChunks chunks(sm_.text(buffer));
  std::vector<Token> toks;
  std::vector<size_t> ends; // where each statement of the chunk ends
  while (!expansionsExhausted_ && chunks.next(toks, ends)) {
    size_t i = 0, k = 0;
    while (toks[i].kind != Tok::Eof && !expansionsExhausted_) {
      // A directive may have consumed statements (a macro body): skip their ends.
      while (ends[k] < i)
        ++k;
      const size_t j = ends[k];
      size_t next = toks[j].kind == Tok::Eof ? j : j + 1;
      Stmt s{std::span<const Token>(toks).subspan(i, j - i + 1), buffer};
      statement(s, toks, next, depth);
      i = next;
    }
  }
}

std::optional<ExprValue> Parser::lookupSymbol(std::string_view name) const {
  auto it = symbols_.find(name);
  if (it == symbols_.end())
    return std::nullopt;
  return it->second;
}

const std::string *Parser::directionalLabel(std::string_view ref) {
  std::string digits(ref.substr(0, ref.size() - 1));
  if (ref.back() == 'f') {
    auto [it, fresh] = forwardLabels_.try_emplace(std::move(digits));
    if (fresh)
      it->second = newTempLabel();
    return &it->second;
  }
  auto it = backwardLabels_.find(digits);
  return it == backwardLabels_.end() ? nullptr : &it->second;
}

bool Parser::resolveLocalSymbols(Expr &e, Stmt s) {
  if (e.op == ExprOp::Symbol) {
    const std::string &n = e.symbol;
    if (n == ".") {
      e.symbol = newTempLabel();
      out_.emitLabel(e.symbol);
      return true;
    }
    if (isDirectionalReference(n)) {
      const std::string *label = directionalLabel(n);
      if (!label) {
        sm_.report(SourceLoc{s.buffer, static_cast<uint32_t>(e.offset)}, Severity::Error,
                   "directional label undefined");
        return false;
      }
      e.symbol = *label;
    }
    return true;
  }
  if (e.lhs && !resolveLocalSymbols(*e.lhs, s))
    return false;
  return !e.rhs || resolveLocalSymbols(*e.rhs, s);
}

void Parser::defineLocalLabel(std::string_view digits) {
  std::string name;
  if (auto it = forwardLabels_.find(digits); it != forwardLabels_.end()) {
    name = it->second;
    forwardLabels_.erase(it);
  } else {
    name = newTempLabel();
  }
  backwardLabels_[std::string(digits)] = name;
  labels_.insert(name);
  out_.emitLabel(name);
}

std::optional<Parser::Value> Parser::parseValue(Stmt s, size_t &pos) {
  ExprError err;
  ExprPtr e = parseExpr(s.toks, pos, err);
  if (!e) {
    sm_.report(SourceLoc{s.buffer, static_cast<uint32_t>(err.offset)}, Severity::Error,
               err.message);
    return std::nullopt;
  }
  if (!resolveLocalSymbols(*e, s))
    return std::nullopt;
  Value v;
  ExprError ignored;
  std::optional<ExprValue> folded = evaluate(
      *e, [this](std::string_view n) { return lookupSymbol(n); }, ignored);
  if (folded && folded->isAbsolute()) {
    v.absolute = true;
    v.constant = folded->constant;
  }
  v.expr = std::move(e);
  return v;
}

std::optional<int64_t> Parser::absolute(Stmt s, size_t &pos) {
  const Token &start = s.toks[pos];
  std::optional<Value> v = parseValue(s, pos);
  if (!v)
    return std::nullopt;
  if (!v->absolute) {
    error(s, start, "expected absolute expression");
    return std::nullopt;
  }
  return v->constant;
}

void Parser::statement(Stmt s, const std::vector<Token> &all, size_t &next, int depth) {
  const Token &first = s.toks[0];
  if (isEnd(first)) {
    // llvm-mc's listing keeps blank source lines (even in skipped conditional blocks), but
    // not lines holding only a `;`, `//` or `#` comment.
    // (The end-of-statement token of a comment line starts with the comment.)
    if (first.kind == Tok::EndOfStatement && (first.text == "\n" || first.text == "\r\n") &&
        isBlankLine(sm_.text(s.buffer), first.offset))
      out_.emitBlankLine();
    return;
  }
  if (first.kind == Tok::Identifier && first.text.starts_with(".if")) {
    conditional(s, first.text);
    return;
  }
  if (first.kind == Tok::Identifier &&
      (first.text == ".else" || first.text == ".elseif" || first.text == ".endif")) {
    conditional(s, first.text);
    return;
  }
  if (!active())
    return;
  // Labels: `name:` possibly followed by a statement on the same line. All the labels at the
  // start are defined here, in a loop: a line may hold thousands.
  auto isLabel = [&](size_t i) {
    return (s.toks[i].kind == Tok::Identifier || s.toks[i].kind == Tok::Integer) &&
           s.toks[i + 1].kind == Tok::Colon;
  };
  if (isLabel(0)) {
    size_t i = 0;
    for (; isLabel(i); i += 2) {
      const Token &label = s.toks[i];
      if (label.kind == Tok::Integer) {
        defineLocalLabel(label.text);
      } else {
        std::string name(label.text);
        symbols_.erase(name);
        labels_.insert(name);
        out_.emitLabel(name);
      }
    }
    Stmt rest{s.toks.subspan(i), s.buffer};
    statement(rest, all, next, depth);
    return;
  }
  if (first.kind == Tok::Identifier && s.toks[1].kind == Tok::Equal) {
    assignment(s, 2, first.text, first, false);
    return;
  }
  if (first.kind == Tok::Identifier && first.text[0] == '.') {
    if (!directive(s, all, next, depth))
      error(s, first, "unknown directive");
    return;
  }
  if (first.kind == Tok::Identifier) {
    if (auto m = macros_.find(first.text); m != macros_.end()) {
      invokeMacro(s, m->second, depth);
      return;
    }
    if (!instructions_) {
      error(s, first, "invalid instruction");
      return;
    }
    instruction(s);
    return;
  }
  // llvm-mc reports a malformed token where it is consumed, before the statement's own error.
  if (first.kind == Tok::Error)
    error(s, first, first.error());
  error(s, first, "unexpected token at start of statement");
}

// Directional label references (`1f`, `1b`) in operands name the temporary labels, and `.`
// a temporary label defined here, as in directives; the other tokens are handed over as they
// are.
void Parser::instruction(Stmt s) {
  std::span<const Token> toks = s.toks.first(s.toks.size() - 1);
  std::vector<Token> renamed;
  std::vector<std::string> here; // names of the labels `.` stands for (the tokens view them)
  for (size_t i = 1; i < toks.size(); ++i) {
    const Token &t = toks[i];
    // Only `.` and names starting with a digit (`1f`) qualify: most tokens fail the first test.
    if (t.kind != Tok::Identifier ||
        !(t.text[0] == '.' || (t.text[0] >= '0' && t.text[0] <= '9')) ||
        (t.text != "." && !isDirectionalReference(t.text)))
      continue;
    if (renamed.empty()) {
      renamed.assign(toks.begin(), toks.end());
      here.reserve(toks.size());
    }
    if (t.text == ".") {
      here.push_back(newTempLabel());
      out_.emitLabel(here.back());
      renamed[i].text = here.back();
      continue;
    }
    const std::string *label = directionalLabel(t.text);
    if (!label) {
      error(s, t, "directional label undefined");
      return;
    }
    renamed[i].text = *label;
  }
  if (!renamed.empty())
    toks = renamed;
  EncodedInstruction inst;
  if (instructions_->assemble(toks, s.buffer, sm_, instructionText_, inst))
    out_.emitInstruction(instructionText_, inst, loc(s, s.toks[0]));
}

// Some directives leave their end of statement to llvm-mc's parser, which lists it as a blank
// line unless a comment ends the line.
void Parser::blankLineAfter(const Token &end) {
  if (end.kind == Tok::Eof || end.text == "\n" || end.text == "\r\n")
    out_.emitBlankLine();
}

void Parser::conditional(Stmt s, std::string_view name) {
  const Token &dir = s.toks[0];
  size_t pos = 1;
  auto evalCond = [&](bool parentActive) -> bool {
    if (!parentActive)
      return false;
    std::optional<int64_t> v = absolute(s, pos);
    return v.value_or(0) != 0;
  };
  if (name == ".endif") {
    if (conds_.empty()) {
      error(s, dir, "Encountered a .endif that doesn't follow an .if or .else");
      return;
    }
    conds_.pop_back();
    return;
  }
  if (name == ".else") {
    if (conds_.empty() || conds_.back().sawElse) {
      error(s, dir, "Encountered a .else that doesn't follow  an .if or an .elseif");
      return;
    }
    Cond &c = conds_.back();
    c.active = c.parentActive && !c.taken;
    c.taken = true;
    c.sawElse = true;
    return;
  }
  if (name == ".elseif") {
    if (conds_.empty() || conds_.back().sawElse) {
      error(s, dir, "Encountered a .elseif that doesn't follow an .if or .elseif");
      return;
    }
    Cond &c = conds_.back();
    bool v = !c.taken && evalCond(c.parentActive);
    c.active = c.parentActive && !c.taken && v;
    c.taken = c.taken || v;
    return;
  }
  bool parent = active();
  bool v = false;
  if (name == ".if" || name == ".ifne") {
    v = evalCond(parent);
  } else if (name == ".ifeq") {
    v = parent && !evalCond(parent);
  } else if (name == ".ifgt" || name == ".ifge" || name == ".iflt" || name == ".ifle") {
    if (parent) {
      int64_t x = absolute(s, pos).value_or(0);
      v = name == ".ifgt" ? x > 0 : name == ".ifge" ? x >= 0 : name == ".iflt" ? x < 0 : x <= 0;
    }
  } else if (name == ".ifdef" || name == ".ifndef" || name == ".ifnotdef") {
    if (parent) {
      if (s.toks[1].kind != Tok::Identifier) {
        error(s, s.toks[1], "expected identifier after '.ifdef'");
      } else {
        bool defined = symbols_.count(s.toks[1].text) != 0 || labels_.count(s.toks[1].text) != 0;
        v = name == ".ifdef" ? defined : !defined;
      }
    }
  } else if (name == ".ifb" || name == ".ifnb") {
    bool blank = isEnd(s.toks[1]);
    v = parent && (name == ".ifb" ? blank : !blank);
  } else {
    error(s, dir, "unknown directive");
    return;
  }
  conds_.push_back(Cond{parent, parent && v, parent && v, false});
}

bool Parser::directive(Stmt s, const std::vector<Token> &all, size_t &next, int depth) {
  std::string_view d = s.toks[0].text;
  if (d == ".byte")
    return dataDirective(s, 1, 1), true;
  if (d == ".short" || d == ".value" || d == ".2byte")
    return dataDirective(s, 1, 2), true;
  if (d == ".long" || d == ".int" || d == ".4byte")
    return dataDirective(s, 1, 4), true;
  if (d == ".quad" || d == ".8byte")
    return dataDirective(s, 1, 8), true;
  if (d == ".ascii")
    return stringDirective(s, 1, false), true;
  if (d == ".asciz" || d == ".string")
    return stringDirective(s, 1, true), true;
  if (d == ".p2align" || d == ".p2alignw" || d == ".p2alignl")
    return alignDirective(s, 1, false, d == ".p2align" ? 1 : d == ".p2alignw" ? 2 : 4), true;
  if (d == ".balign" || d == ".align")
    return alignDirective(s, 1, true, 1), true;
  if (d == ".set" || d == ".equ" || d == ".equiv") {
    if (s.toks[1].kind != Tok::Identifier) {
      error(s, s.toks[1], "expected identifier");
      return true;
    }
    if (s.toks[2].kind != Tok::Comma) {
      error(s, s.toks[2], "expected comma");
      return true;
    }
    assignment(s, 3, s.toks[1].text, s.toks[1], true);
    return true;
  }
  if (d == ".zero" || d == ".skip" || d == ".space") {
    size_t pos = 1;
    std::optional<int64_t> n = absolute(s, pos);
    if (!n)
      return true;
    int64_t fill = 0;
    bool hasFill = false;
    if (s.toks[pos].kind == Tok::Comma) {
      ++pos;
      std::optional<int64_t> f = absolute(s, pos);
      if (!f)
        return true;
      fill = *f;
      hasFill = *f != 0;
    }
    out_.emitZeros(*n, fill, hasFill);
    return true;
  }
  if (d == ".fill") {
    size_t pos = 1;
    std::optional<int64_t> n = absolute(s, pos);
    if (!n)
      return true;
    int64_t size = 1, value = 0;
    if (s.toks[pos].kind == Tok::Comma) {
      ++pos;
      size = absolute(s, pos).value_or(1);
      if (s.toks[pos].kind == Tok::Comma) {
        ++pos;
        value = absolute(s, pos).value_or(0);
      }
    }
    uint64_t mask =
        size >= 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * std::max<int64_t>(size, 0))) - 1;
    out_.emitFill(*n, static_cast<unsigned>(size), static_cast<uint64_t>(value) & mask);
    return true;
  }
  if (d == ".text" || d == ".data" || d == ".rodata" || d == ".bss") {
    section(s, 0);
    return true;
  }
  if (d == ".section") {
    section(s, 1);
    return true;
  }
  if (d.starts_with(".amdhsa_") || d == ".amdgcn_target" || d == ".amdgpu_metadata")
    return amdhsaDirective(s, all, next);
  if (d == ".globl" || d == ".global" || d == ".local" || d == ".weak" || d == ".protected" ||
      d == ".hidden" || d == ".internal") {
    SymbolAttr a = d == ".local"       ? SymbolAttr::Local
                   : d == ".weak"      ? SymbolAttr::Weak
                   : d == ".protected" ? SymbolAttr::Protected
                   : d == ".hidden"    ? SymbolAttr::Hidden
                   : d == ".internal"  ? SymbolAttr::Internal
                                       : SymbolAttr::Global;
    for (size_t pos = 1; !isEnd(s.toks[pos]); ++pos) {
      if (s.toks[pos].kind == Tok::Identifier)
        out_.emitSymbolAttribute(s.toks[pos].text, a);
      if (s.toks[pos + 1].kind == Tok::Comma)
        ++pos;
    }
    return true;
  }
  if (d == ".ident") {
    if (s.toks[1].kind != Tok::String) {
      error(s, s.toks[1], "expected string");
      return true;
    }
    out_.emitIdent(unquote(s.toks[1].text));
    return true;
  }
  if (d == ".addrsig") {
    out_.emitAddrsig();
    return true;
  }
  if (d == ".addrsig_sym") {
    if (s.toks[1].kind != Tok::Identifier) {
      error(s, s.toks[1], "expected identifier");
      return true;
    }
    out_.emitAddrsigSym(s.toks[1].text);
    return true;
  }
  if (d == ".type") {
    // .type sym,@function / %function / "function" / STT_FUNC (and the object forms).
    if (s.toks[1].kind != Tok::Identifier) {
      error(s, s.toks[1], "expected identifier");
      return true;
    }
    size_t pos = 2;
    if (s.toks[pos].kind == Tok::Comma)
      ++pos;
    if (s.toks[pos].kind == Tok::At || s.toks[pos].kind == Tok::Percent)
      ++pos;
    std::string_view kind = s.toks[pos].text;
    if (s.toks[pos].kind == Tok::String)
      kind = kind.substr(1, kind.size() - 2);
    if (kind == "function" || kind == "STT_FUNC")
      out_.emitSymbolAttribute(s.toks[1].text, SymbolAttr::TypeFunction);
    else if (kind == "object" || kind == "STT_OBJECT")
      out_.emitSymbolAttribute(s.toks[1].text, SymbolAttr::TypeObject);
    else
      error(s, s.toks[pos], "unsupported attribute");
    return true;
  }
  if (d == ".size") {
    if (s.toks[1].kind != Tok::Identifier) {
      error(s, s.toks[1], "expected identifier");
      return true;
    }
    if (s.toks[2].kind != Tok::Comma) {
      error(s, s.toks[2], "expected comma");
      return true;
    }
    size_t pos = 3;
    std::optional<Value> v = parseValue(s, pos);
    if (!v)
      return true;
    out_.emitSize(s.toks[1].text, v->absolute ? nullptr : v->expr.get(), v->constant);
    return true;
  }
  if (d == ".macro") {
    defineMacro(s, all, next);
    return true;
  }
  if (d == ".purgem") {
    if (s.toks[1].kind == Tok::Identifier && !macros_.erase(std::string(s.toks[1].text)))
      error(s, s.toks[1], "macro '" + std::string(s.toks[1].text) + "' is not defined");
    return true;
  }
  if (d == ".rept" || d == ".irp" || d == ".irpc") {
    repeat(s, d, all, next, depth);
    return true;
  }
  if (d == ".endr") {
    error(s, s.toks[1], "unmatched '.endr' directive");
    return true;
  }
  if (d == ".endm" || d == ".endmacro") {
    error(s, s.toks[1], "unexpected '" + std::string(d) + "' in file, no current macro definition");
    return true;
  }
  return false;
}

void Parser::switchTo(SectionSpec spec) {
  if (spec.name == section_)
    return;
  section_ = spec.name;
  out_.switchSection(spec);
}

// `.section NAME[,"FLAGS"[,@TYPE[,ENTSIZE]]]` (and .text/.data/.rodata/.bss, for which pos
// names the directive itself), printed by llvm-mc in full with the defaults a section of that
// name gets.
void Parser::section(Stmt s, size_t pos) {
  const Token &n = s.toks[pos];
  SectionSpec spec;
  if (n.kind == Tok::Identifier)
    spec.name = std::string(n.text);
  else if (n.kind == Tok::String)
    spec.name = unquote(n.text);
  else {
    error(s, n, "expected identifier");
    return;
  }
  ++pos;
  bool explicitFlags = false;
  if (s.toks[pos].kind == Tok::Comma && s.toks[pos + 1].kind == Tok::String) {
    spec.flags = unquote(s.toks[pos + 1].text);
    explicitFlags = true;
    pos += 2;
    if (s.toks[pos].kind == Tok::Comma && s.toks[pos + 1].kind == Tok::At &&
        s.toks[pos + 2].kind == Tok::Identifier) {
      spec.type = std::string(s.toks[pos + 2].text);
      pos += 3;
      if (s.toks[pos].kind == Tok::Comma && s.toks[pos + 1].kind == Tok::Integer) {
        spec.entsize = s.toks[pos + 1].intValue;
        pos += 2;
      }
    }
  }
  const std::string &name = spec.name;
  if (!explicitFlags) {
    if (name.starts_with(".rodata"))
      spec.flags = "a";
    else if (name.starts_with(".text"))
      spec.flags = "ax";
    else if (name.starts_with(".bss")) {
      spec.flags = "aw";
      spec.type = "nobits";
    } else if (name.starts_with(".data"))
      spec.flags = "aw";
  }
  if (name == ".text" || name == ".data") {
    spec.listing = name;
  } else {
    spec.listing = ".section\t" + listedSectionName(name) + ",\"" + spec.flags + "\",@" + spec.type;
    if (spec.entsize)
      spec.listing += "," + std::to_string(spec.entsize);
  }
  switchTo(std::move(spec));
}

bool Parser::amdhsaDirective(Stmt s, const std::vector<Token> &all, size_t &next) {
  std::string_view d = s.toks[0].text;
  if (!options_.amdhsa)
    return false;
  if (d == ".amdgcn_target") {
    const Token &t = s.toks[1];
    if (t.kind != Tok::String) {
      error(s, t, "expected string");
      return true;
    }
    std::string id = unquote(t.text);
    if (id != options_.targetId) {
      error(s, t,
            ".amdgcn_target directive's target id " + id +
                " does not match the specified target id " + options_.targetId);
      return true;
    }
    blankLineAfter(s.toks.back());
    return true;
  }
  if (d == ".amdhsa_code_object_version") {
    size_t pos = 1;
    std::optional<int64_t> v = absolute(s, pos);
    if (!v)
      return true;
    codeObjectVersion_ = static_cast<unsigned>(*v);
    out_.emitDirectiveLine(".amdhsa_code_object_version " + std::to_string(*v));
    blankLineAfter(s.toks.back());
    return true;
  }
  if (d == ".amdhsa_kernel") {
    amdhsaKernel(s, all, next);
    return true;
  }
  if (d == ".amdgpu_metadata") {
    amdgpuMetadata(s, all, next);
    return true;
  }
  return false;
}

// The block's statements are read here, one per line, up to .end_amdhsa_kernel. Like llvm-mc,
// the first error ends the block: the remaining lines are then assembled as ordinary statements.
void Parser::amdhsaKernel(Stmt s, const std::vector<Token> &all, size_t &next) {
  if (s.toks[1].kind != Tok::Identifier) {
    error(s, s.toks[1], "expected symbol name after .amdhsa_kernel");
    return;
  }
  AmdhsaKernelBuilder kb{std::string(s.toks[1].text), options_.wave64, options_.target};
  for (;;) {
    size_t i = next;
    while (all[i].kind == Tok::EndOfStatement)
      ++i;
    size_t j = i;
    while (!isEnd(all[j]))
      ++j;
    next = all[j].kind == Tok::Eof ? j : j + 1;
    Stmt st{std::span<const Token>(all).subspan(i, j - i + 1), s.buffer};
    const Token &t = all[i];
    if (t.kind == Tok::Eof) {
      error(st, t, "expected .amdhsa_ directive or .end_amdhsa_kernel");
      return;
    }
    if (t.kind == Tok::Identifier && t.text == ".end_amdhsa_kernel") {
      std::string msg;
      std::optional<AmdhsaKernelBuilder::Span> at;
      if (!kb.finish(msg, at)) {
        if (at)
          sm_.report(SourceLoc{s.buffer, at->offset}, Severity::Error, msg, at->length);
        else
          sm_.report(SourceLoc{s.buffer, static_cast<uint32_t>(t.offset + t.text.size())},
                     Severity::Error, msg);
        return;
      }
      if (codeObjectVersion_ >= 5) {
        out_.emitAmdhsaKernel(kb.kernel());
      } else {
        // Before v5, llvm-mc sets the uses_dynamic_stack bit but does not list the directive.
        AmdhsaKernel listed = kb.kernel();
        std::erase_if(listed.fields,
                      [](const auto &field) { return field.first == "uses_dynamic_stack"; });
        out_.emitAmdhsaKernel(listed);
      }
      blankLineAfter(st.toks.back());
      return;
    }
    if (t.kind != Tok::Identifier || !t.text.starts_with(".amdhsa_")) {
      sm_.report(loc(st, t), Severity::Error, "unknown .amdhsa_kernel directive", t.text.size());
      return;
    }
    size_t pos = 1;
    const Token &vt = st.toks[pos];
    std::optional<int64_t> v = absolute(st, pos);
    if (!v)
      return;
    size_t len = st.toks[pos - 1].offset + st.toks[pos - 1].text.size() - vt.offset;
    const AmdhsaKernelBuilder::Span span{static_cast<uint32_t>(loc(st, vt).offset),
                                         static_cast<uint32_t>(len)};
    switch (kb.set(t.text.substr(8), *v, span)) {
    case AmdhsaKernelBuilder::Result::Ok:
      break;
    case AmdhsaKernelBuilder::Result::Rejected:
      sm_.report(loc(st, t), Severity::Error, kb.message(), t.text.size());
      return;
    case AmdhsaKernelBuilder::Result::Unknown:
      sm_.report(loc(st, t), Severity::Error, "unknown .amdhsa_kernel directive", t.text.size());
      return;
    case AmdhsaKernelBuilder::Result::Repeated:
      error(st, vt, ".amdhsa_ directives cannot be repeated");
      return;
    case AmdhsaKernelBuilder::Result::OutOfRange:
      sm_.report(loc(st, vt), Severity::Error, "value out of range", len);
      return;
    }
  }
}

// The block is YAML, not assembly: its raw text, from the end of the directive to the
// terminating directive, is handed to the YAML reader (whose line numbers count from the
// directive's line, as llvm-mc's do).
void Parser::amdgpuMetadata(Stmt s, const std::vector<Token> &all, size_t &next) {
  const Token &dir = s.toks[0];
  size_t i = next;
  while (all[i].kind != Tok::Eof &&
         !(all[i].kind == Tok::Identifier && all[i].text == ".end_amdgpu_metadata" &&
           all[i - 1].kind == Tok::EndOfStatement))
    ++i;
  std::string_view text = sm_.text(s.buffer);
  if (all[i].kind == Tok::Eof) {
    next = i;
    sm_.report(SourceLoc{s.buffer, static_cast<uint32_t>(text.size())}, Severity::Error,
               "expected directive .end_amdgpu_metadata not found");
    return;
  }
  const Token &end = all[i];
  while (!isEnd(all[i]))
    ++i;
  next = all[i].kind == Tok::Eof ? i : i + 1;
  const size_t from = dir.offset + dir.text.size();
  std::string yaml(text.substr(from, end.offset - from));
  const SourceLoc endLoc{s.buffer, static_cast<uint32_t>(end.offset + end.text.size())};
  MetadataNode root;
  MetadataError err;
  if (!parseMetadataYaml(yaml, root, err)) {
    // Quoted from a buffer of its own, named as llvm-mc names it.
    uint32_t buf = sm_.addBuffer("YAML", yaml);
    std::string_view y = sm_.text(buf);
    size_t offset = 0;
    for (size_t line = 1; line < err.line && offset < y.size(); ++line)
      offset = y.find('\n', offset) + 1;
    offset = std::min(offset + err.column - 1, y.size());
    sm_.report(SourceLoc{buf, static_cast<uint32_t>(offset)}, Severity::Error, err.message);
    sm_.report(endLoc, Severity::Error, "invalid HSA metadata");
    return;
  }
  if (!verifyHsaMetadata(root)) {
    sm_.report(endLoc, Severity::Error, "invalid HSA metadata");
    return;
  }
  out_.emitAmdgpuMetadata(root);
  blankLineAfter(all[i]);
}

void Parser::assignment(Stmt s, size_t pos, std::string_view name, const Token &, bool isSet) {
  std::optional<Value> v = parseValue(s, pos);
  if (!v)
    return;
  if (v->absolute) {
    symbols_[std::string(name)] = ExprValue{v->constant, {}};
    out_.emitAssignment(name, nullptr, v->constant);
  } else {
    symbols_.erase(std::string(name));
    out_.emitAssignment(name, v->expr.get(), 0);
  }
  if (isSet)
    out_.emitSymbolAttribute(name, SymbolAttr::NoDeadStrip);
}

// After an item of a comma-separated directive operand list: true when another item follows
// (pos moved past the comma); false at the end of the statement or after reporting junk.
bool Parser::nextListItem(Stmt s, size_t &pos) {
  if (isEnd(s.toks[pos]))
    return false;
  if (s.toks[pos].kind != Tok::Comma) {
    error(s, s.toks[pos], "unexpected token");
    return false;
  }
  ++pos;
  return true;
}

void Parser::dataDirective(Stmt s, size_t pos, unsigned size) {
  for (;;) {
    const Token &start = s.toks[pos];
    std::optional<Value> v = parseValue(s, pos);
    if (!v)
      return;
    if (v->absolute) {
      if (!fitsIn(v->constant, size)) {
        error(s, start, "out of range literal value");
        return;
      }
      out_.emitValue(nullptr, v->constant, size);
    } else {
      out_.emitValue(v->expr.get(), 0, size);
    }
    if (!nextListItem(s, pos))
      return;
  }
}

void Parser::stringDirective(Stmt s, size_t pos, bool zeroTerminated) {
  for (;;) {
    if (s.toks[pos].kind != Tok::String) {
      error(s, s.toks[pos], "expected string");
      return;
    }
    std::string bytes = unquote(s.toks[pos].text);
    if (zeroTerminated)
      bytes += '\0';
    out_.emitBytes(bytes);
    ++pos;
    if (!nextListItem(s, pos))
      return;
  }
}

void Parser::alignDirective(Stmt s, size_t pos, bool bytes, unsigned fillSize) {
  const Token &start = s.toks[pos];
  std::optional<int64_t> a = absolute(s, pos);
  if (!a)
    return;
  int64_t fill = 0, maxSkip = 0;
  bool hasFill = false, hasMax = false;
  if (s.toks[pos].kind == Tok::Comma) {
    ++pos;
    if (s.toks[pos].kind != Tok::Comma) {
      fill = absolute(s, pos).value_or(0);
      hasFill = true;
    }
    if (s.toks[pos].kind == Tok::Comma) {
      ++pos;
      maxSkip = absolute(s, pos).value_or(0);
      hasMax = true;
    }
  }
  unsigned log2 = 0;
  if (bytes) {
    uint64_t v = static_cast<uint64_t>(*a);
    if (v == 0)
      v = 1;
    if ((v & (v - 1)) != 0) {
      error(s, start, "alignment must be a power of 2");
      return;
    }
    while ((uint64_t{1} << log2) < v)
      ++log2;
  } else {
    if (*a < 0 || *a >= 32) {
      error(s, start, "invalid alignment value");
      log2 = 31;
    } else {
      log2 = static_cast<unsigned>(*a);
    }
  }
  out_.emitAlign(Alignment{log2, fillSize, fill, hasFill, maxSkip, hasMax});
}

bool Parser::collectBody(Stmt s, const std::vector<Token> &all, size_t &next, bool isMacro,
                         std::string &body) {
  std::string_view text = sm_.text(s.buffer);
  size_t i = next;
  if (all[i].kind == Tok::Eof) {
    body.clear();
  }
  size_t bodyStart = all[i].offset;
  int nesting = 0;
  while (all[i].kind != Tok::Eof) {
    const Token &t = all[i];
    bool atStatementStart = i == 0 || all[i - 1].kind == Tok::EndOfStatement;
    if (atStatementStart && t.kind == Tok::Identifier) {
      bool opens = isMacro ? t.text == ".macro"
                           : (t.text == ".rept" || t.text == ".irp" || t.text == ".irpc");
      bool closes = isMacro ? (t.text == ".endm" || t.text == ".endmacro") : t.text == ".endr";
      if (opens)
        ++nesting;
      if (closes && nesting-- == 0) {
        body.assign(text.substr(bodyStart, t.offset - bodyStart));
        while (!isEnd(all[i]))
          ++i;
        next = all[i].kind == Tok::Eof ? i : i + 1;
        return true;
      }
    }
    ++i;
  }
  next = i;
  sm_.report(loc(s, s.toks[0]), Severity::Error,
             isMacro ? "no matching '.endmacro' in definition"
                     : "no matching '.endr' in definition");
  return false;
}

void Parser::defineMacro(Stmt s, const std::vector<Token> &all, size_t &next) {
  if (s.toks[1].kind != Tok::Identifier) {
    error(s, s.toks[1], "expected identifier in '.macro' directive");
    return;
  }
  std::string name(s.toks[1].text);
  Macro m;
  size_t pos = 2;
  while (!isEnd(s.toks[pos])) {
    if (s.toks[pos].kind == Tok::Comma) {
      ++pos;
      continue;
    }
    if (s.toks[pos].kind != Tok::Identifier) {
      error(s, s.toks[pos], "expected identifier in '.macro' directive");
      return;
    }
    MacroParam p;
    p.name = std::string(s.toks[pos].text);
    ++pos;
    if (s.toks[pos].kind == Tok::Colon && s.toks[pos + 1].kind == Tok::Identifier) {
      p.required = s.toks[pos + 1].text == "req";
      p.vararg = s.toks[pos + 1].text == "vararg";
      pos += 2;
    }
    if (s.toks[pos].kind == Tok::Equal) {
      ++pos;
      size_t start = pos;
      while (!isEnd(s.toks[pos]) && s.toks[pos].kind != Tok::Comma)
        ++pos;
      if (pos > start) {
        size_t b = s.toks[start].offset;
        size_t e = s.toks[pos - 1].offset + s.toks[pos - 1].text.size();
        p.defaultValue = std::string(sm_.text(s.buffer).substr(b, e - b));
      }
    }
    m.params.push_back(std::move(p));
  }
  if (!collectBody(s, all, next, true, m.body))
    return;
  macros_[name] = std::move(m);
  // The end of the .endm statement (next is past it, or at the end of the buffer).
  const bool endsBuffer = all[next].kind == Tok::Eof && all[next - 1].kind != Tok::EndOfStatement;
  blankLineAfter(all[endsBuffer ? next : next - 1]);
}

void Parser::invokeMacro(Stmt s, const Macro &m, int depth) {
  if (depth >= kMaxMacroDepth) {
    // Charged generously: a macro that invokes itself twice would report 2^20 of these.
    if (chargeExpansion(kDepthErrorCost, loc(s, s.toks[0])))
      error(s, s.toks[1],
            "macros cannot be nested more than 20 levels deep. Use -asm-macro-max-nesting-depth "
            "to increase this limit.");
    return;
  }
  // Arguments: comma- or space-separated token runs, as raw text.
  std::string_view text = sm_.text(s.buffer);
  std::vector<std::string> args;
  size_t pos = 1;
  auto argText = [&](size_t from, size_t to) {
    if (from == to)
      return std::string();
    size_t b = s.toks[from].offset;
    size_t e = s.toks[to - 1].offset + s.toks[to - 1].text.size();
    return std::string(text.substr(b, e - b));
  };
  while (!isEnd(s.toks[pos])) {
    if (args.size() + 1 == m.params.size() && !m.params.empty() && m.params.back().vararg) {
      size_t start = pos;
      while (!isEnd(s.toks[pos]))
        ++pos;
      args.push_back(argText(start, pos));
      break;
    }
    size_t start = pos;
    while (!isEnd(s.toks[pos]) && s.toks[pos].kind != Tok::Comma) {
      ++pos;
      // A space between tokens separates arguments too ("m 1 2").
      if (!isEnd(s.toks[pos]) && s.toks[pos].kind != Tok::Comma &&
          s.toks[pos].offset > s.toks[pos - 1].offset + s.toks[pos - 1].text.size() &&
          s.toks[pos - 1].kind != Tok::Minus && s.toks[pos - 1].kind != Tok::Plus &&
          s.toks[pos].kind != Tok::Plus && s.toks[pos].kind != Tok::Minus)
        break;
    }
    args.push_back(argText(start, pos));
    if (s.toks[pos].kind == Tok::Comma)
      ++pos;
  }
  if (args.size() > m.params.size()) {
    error(s, s.toks[0], "too many positional arguments");
    return;
  }
  std::string body;
  const std::string &b = m.body;
  for (size_t i = 0; i < b.size(); ++i) {
    if (b[i] != '\\' || i + 1 >= b.size()) {
      body += b[i];
      continue;
    }
    if (b[i + 1] == '@') {
      body += std::to_string(instantiations_);
      ++i;
      continue;
    }
    if (b[i + 1] == '(' && i + 2 < b.size() && b[i + 2] == ')') {
      i += 2;
      continue;
    }
    size_t e = i + 1;
    while (e < b.size() && (std::isalnum(static_cast<unsigned char>(b[e])) || b[e] == '_' ||
                            b[e] == '$' || b[e] == '.'))
      ++e;
    std::string_view name(b.data() + i + 1, e - i - 1);
    bool replaced = false;
    for (size_t k = 0; k < m.params.size(); ++k) {
      if (m.params[k].name != name)
        continue;
      body += k < args.size() && !args[k].empty() ? args[k] : m.params[k].defaultValue;
      replaced = true;
      break;
    }
    if (body.size() > kMaxExpansionBytes) {
      error(s, s.toks[0], "macro expansion is too large (more than 8 MiB)");
      return;
    }
    if (replaced) {
      i = e - 1;
      continue;
    }
    body += b[i];
  }
  for (size_t k = 0; k < m.params.size(); ++k)
    if (m.params[k].required && (k >= args.size() || args[k].empty())) {
      error(s, s.toks[0],
            "missing value for required parameter '" + m.params[k].name + "' in macro '" +
                std::string(s.toks[0].text) + "'");
      return;
    }
  instantiate(std::move(body), loc(s, s.toks[0]), depth);
}

void Parser::repeat(Stmt s, std::string_view name, const std::vector<Token> &all, size_t &next,
                    int depth) {
  size_t pos = 1;
  if (name == ".rept") {
    const Token &start = s.toks[pos];
    std::optional<int64_t> n = absolute(s, pos);
    if (!n)
      return;
    if (*n < 0) {
      error(s, start, "Count is negative");
      return;
    }
    std::string body;
    if (!collectBody(s, all, next, false, body))
      return;
    if (!body.empty() && static_cast<uint64_t>(*n) > kMaxExpansionBytes / body.size()) {
      error(s, s.toks[0], "'.rept' expansion is too large (more than 8 MiB)");
      return;
    }
    std::string text;
    for (int64_t k = 0; k < *n && !body.empty(); ++k)
      text += body;
    instantiate(std::move(text), loc(s, s.toks[0]), depth);
    return;
  }
  if (s.toks[pos].kind != Tok::Identifier) {
    error(s, s.toks[pos], "expected identifier");
    return;
  }
  std::string param(s.toks[pos].text);
  ++pos;
  if (s.toks[pos].kind != Tok::Comma) {
    error(s, s.toks[pos], "expected comma");
    return;
  }
  ++pos;
  std::vector<std::string> values;
  std::string_view text = sm_.text(s.buffer);
  if (name == ".irp") {
    while (!isEnd(s.toks[pos])) {
      size_t start = pos;
      while (!isEnd(s.toks[pos]) && s.toks[pos].kind != Tok::Comma)
        ++pos;
      size_t b = s.toks[start].offset;
      size_t e = s.toks[pos - 1].offset + s.toks[pos - 1].text.size();
      values.emplace_back(text.substr(b, e - b));
      if (s.toks[pos].kind == Tok::Comma)
        ++pos;
    }
  } else {
    size_t b = s.toks[pos].offset;
    size_t e = s.toks[pos].offset + s.toks[pos].text.size();
    for (size_t k = b; k < e; ++k)
      values.emplace_back(1, text[k]);
  }
  std::string body;
  if (!collectBody(s, all, next, false, body))
    return;
  std::string out;
  for (const std::string &v : values) {
    if (out.size() > kMaxExpansionBytes) {
      error(s, s.toks[0], "'" + std::string(name) + "' expansion is too large (more than 8 MiB)");
      return;
    }
    for (size_t i = 0; i < body.size(); ++i) {
      if (body[i] == '\\' && body.compare(i + 1, param.size(), param) == 0) {
        out += v;
        i += param.size();
        continue;
      }
      out += body[i];
    }
  }
  instantiate(std::move(out), loc(s, s.toks[0]), depth);
}

bool Parser::chargeExpansion(size_t bytes, SourceLoc where) {
  if (expansionsExhausted_)
    return false;
  expandedBytes_ += bytes;
  if (expandedBytes_ <= kMaxExpandedBytes)
    return true;
  sm_.report(where, Severity::Error,
             "macro and '.rept' expansions are too large (more than 16 MiB in all); "
             "assembly stopped");
  expansionsExhausted_ = true;
  return false;
}

void Parser::instantiate(std::string text, SourceLoc where, int depth) {
  ++instantiations_;
  if (!chargeExpansion(text.size() + (depth > 0 ? kNestedExpansionCost : 0), where))
    return;
  if (depth + 1 > kMaxExpansionDepth) {
    sm_.report(where, Severity::Error, "expansions cannot be nested more than 256 levels deep");
    return;
  }
  uint32_t buf = sm_.addBuffer("<instantiation>", std::move(text), where);
  processBuffer(buf, depth + 1);
}

} // namespace gcnkit::assembler
