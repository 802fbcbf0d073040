// Symbolic SALU immediates (see salu_symbolic.h): the names and layouts come from the
// target's isa::salu::Symbols, the checks and messages are llvm-mc-19's.
#include "asm/salu_symbolic.h"

#include "isa/salu_symbolic.h"
#include "isa/target_info.h"

namespace gcnkit::assembler {

namespace {

using isa::salu::Symbols;

bool isEnd(const Token &t) { return t.kind == Tok::EndOfStatement || t.kind == Tok::Eof; }

// An absolute expression argument.
bool absoluteArg(std::span<const Token> toks, size_t &pos, const SymbolResolver &resolve,
                 int64_t &v, SymbolicError &err) {
  size_t start = toks[pos].offset;
  ExprError ee;
  ExprPtr e = parseExpr(toks, pos, ee);
  if (!e) {
    err = {ee.message, ee.offset};
    return false;
  }
  std::optional<ExprValue> r = evaluate(*e, resolve, ee);
  if (!r || !r->isAbsolute()) {
    err = {"expected absolute expression", start};
    return false;
  }
  v = r->constant;
  return true;
}

bool expect(std::span<const Token> toks, size_t &pos, Tok kind, const char *what,
            SymbolicError &err) {
  if (toks[pos].kind != kind) {
    err = {what, toks[pos].offset};
    return false;
  }
  ++pos;
  return true;
}

SymbolicParse hwreg(std::span<const Token> toks, size_t &pos, const SymbolResolver &resolve,
                    const Symbols &names, int64_t &value, SymbolicError &err) {
  pos += 2; // hwreg (
  int64_t id = 0, offset = 0, size = 32;
  const Token &idTok = toks[pos];
  const isa::salu::NamedId *named = nullptr;
  if (idTok.kind == Tok::Identifier)
    for (const isa::salu::NamedId &n : names.hwregNames)
      if (n.name == idTok.text)
        named = &n;
  if (named && named->id == isa::salu::kOtherGpu) {
    err = {"invalid hardware register: not supported on this GPU", idTok.offset};
    return SymbolicParse::Error;
  } else if (named) {
    id = named->id;
    ++pos;
  } else if (idTok.kind == Tok::Identifier && toks[pos + 1].kind != Tok::LParen &&
             !resolve(idTok.text)) {
    err = {"expected a register name or an absolute expression", idTok.offset};
    return SymbolicParse::Error;
  } else if (!absoluteArg(toks, pos, resolve, id, err)) {
    return SymbolicParse::Error;
  } else if (id < 0 || id >= (1 << isa::salu::kHwregIdBits)) {
    err = {"invalid hardware register: only 6-bit values are legal", idTok.offset};
    return SymbolicParse::Error;
  }
  if (toks[pos].kind == Tok::Comma) {
    ++pos;
    const Token &offTok = toks[pos];
    if (!absoluteArg(toks, pos, resolve, offset, err))
      return SymbolicParse::Error;
    if (!expect(toks, pos, Tok::Comma, "expected a comma", err))
      return SymbolicParse::Error;
    const Token &sizeTok = toks[pos];
    if (!absoluteArg(toks, pos, resolve, size, err))
      return SymbolicParse::Error;
    if (offset < 0 || offset > 31) {
      err = {"invalid bit offset: only 5-bit values are legal", offTok.offset};
      return SymbolicParse::Error;
    }
    if (size < 1 || size > 32) {
      err = {"invalid bitfield width: only values from 1 to 32 are legal", sizeTok.offset};
      return SymbolicParse::Error;
    }
  }
  if (!expect(toks, pos, Tok::RParen, "expected a closing parenthesis", err))
    return SymbolicParse::Error;
  value = id | offset << isa::salu::kHwregOffsetShift | (size - 1) << isa::salu::kHwregSizeShift;
  return SymbolicParse::Ok;
}

// sendmsg(MSG[, OP[, STREAM]]): llvm-mc parses the whole operand, then checks it. A message
// given by name is checked strictly against the GPU's messages (its operations, streams);
// numeric fields are only range-checked. Operation names are looked up under the message id.
SymbolicParse sendmsg(std::span<const Token> toks, size_t &pos, const SymbolResolver &resolve,
                      const Symbols &names, int64_t &value, SymbolicError &err) {
  pos += 2; // sendmsg (
  int64_t msg = 0, op = 0, stream = 0;
  const Token &msgTok = toks[pos];
  const isa::salu::MessageName *msgName = nullptr;
  if (msgTok.kind == Tok::Identifier)
    for (const isa::salu::MessageName &m : names.messageNames)
      if (m.name == msgTok.text)
        msgName = &m;
  if (msgName) {
    msg = msgName->id;
    ++pos;
  } else if (msgTok.kind == Tok::Identifier && !resolve(msgTok.text)) {
    err = {"expected a message name or an absolute expression", msgTok.offset};
    return SymbolicParse::Error;
  } else if (!absoluteArg(toks, pos, resolve, msg, err)) {
    return SymbolicParse::Error;
  }
  const Token *opTok = nullptr, *streamTok = nullptr;
  const isa::salu::OperationName *opName = nullptr;
  if (toks[pos].kind == Tok::Comma) {
    ++pos;
    opTok = &toks[pos];
    if (opTok->kind == Tok::Identifier)
      for (const isa::salu::OperationName &o : names.operationNames)
        if (o.message == msg && o.name == opTok->text)
          opName = &o;
    if (opName) {
      op = opName->operation;
      ++pos;
    } else if (opTok->kind == Tok::Identifier && !resolve(opTok->text)) {
      err = {"expected an operation name or an absolute expression", opTok->offset};
      return SymbolicParse::Error;
    } else if (!absoluteArg(toks, pos, resolve, op, err)) {
      return SymbolicParse::Error;
    }
    if (toks[pos].kind == Tok::Comma) {
      ++pos;
      streamTok = &toks[pos];
      if (!absoluteArg(toks, pos, resolve, stream, err))
        return SymbolicParse::Error;
    }
  }
  if (!expect(toks, pos, Tok::RParen, "expected a closing parenthesis", err))
    return SymbolicParse::Error;
  auto fail = [&](const char *message, const Token &at) {
    err = {message, at.offset};
    return SymbolicParse::Error;
  };
  const bool strict = msgName != nullptr;
  if (msgName && !msgName->supported)
    return fail("specified message id is not supported on this GPU", msgTok);
  if (!strict && (msg < 0 || msg >= (int64_t{1} << names.messageIdBits)))
    return fail("invalid message id", msgTok);
  if (strict && msgName->needsOperation && !opTok)
    return fail("missing message operation", msgTok);
  if (strict && !msgName->needsOperation && opTok)
    return fail("message does not support operations", *opTok);
  const isa::salu::MessageOps *ops = names.operationsOf(static_cast<unsigned>(msg));
  if (opTok) {
    if (opName && !opName->supported)
      return fail("specified operation id is not supported on this GPU", *opTok);
    if (op < 0 || op > isa::salu::kSendmsgOpMask || (strict && !((ops->operations >> op) & 1)))
      return fail("invalid operation id", *opTok);
  }
  if (streamTok) {
    if (strict && !((ops->streamOperations >> op) & 1))
      return fail("message operation does not support streams", *streamTok);
    if (stream < 0 || stream > isa::salu::kSendmsgStreamMask)
      return fail("invalid message stream id", *streamTok);
  }
  value = msg | op << isa::salu::kSendmsgOpShift | stream << isa::salu::kSendmsgStreamShift;
  return SymbolicParse::Ok;
}

// gpr_idx(MODE,...): VGPR indexing modes, each at most once, as a bit mask.
SymbolicParse gprIdx(std::span<const Token> toks, size_t &pos, const Symbols &names, int64_t &value,
                     SymbolicError &err) {
  pos += 2; // gpr_idx (
  value = 0;
  if (toks[pos].kind == Tok::RParen) {
    ++pos;
    return SymbolicParse::Ok;
  }
  for (;;) {
    const Token &t = toks[pos];
    int bit = -1;
    for (size_t b = 0; t.kind == Tok::Identifier && b < names.gprIdx.size(); ++b)
      if (names.gprIdx[b] == t.text)
        bit = static_cast<int>(b);
    if (bit < 0) {
      err = {value ? "expected a VGPR index mode"
                   : "expected a VGPR index mode or a closing "
                     "parenthesis",
             t.offset};
      return SymbolicParse::Error;
    }
    if ((value >> bit) & 1) {
      err = {"duplicate VGPR index mode", t.offset};
      return SymbolicParse::Error;
    }
    value |= int64_t{1} << bit;
    ++pos;
    if (toks[pos].kind == Tok::RParen) {
      ++pos;
      return SymbolicParse::Ok;
    }
    if (toks[pos].kind != Tok::Comma) {
      err = {"expected a comma or a closing parenthesis", toks[pos].offset};
      return SymbolicParse::Error;
    }
    ++pos;
  }
}

// A run of NAME(ARG) items separated by spaces, '&' or ',' (waitcnt, depctr) or '|'
// (delay_alu), each setting a bit field of `value`.
template <typename Item>
SymbolicParse fieldList(std::span<const Token> toks, size_t &pos, int64_t &value, Item item,
                        SymbolicError &err, bool bars) {
  for (;;) {
    const Token &name = toks[pos];
    if (name.kind != Tok::Identifier || toks[pos + 1].kind != Tok::LParen)
      return SymbolicParse::Ok;
    pos += 2;
    if (!item(name, value))
      return SymbolicParse::Error;
    if (!expect(toks, pos, Tok::RParen, "expected a closing parenthesis", err))
      return SymbolicParse::Error;
    Tok sep = toks[pos].kind;
    if (bars ? sep == Tok::Pipe : (sep == Tok::Amp || sep == Tok::Comma))
      ++pos;
    if (isEnd(toks[pos]))
      return SymbolicParse::Ok;
  }
}

// NAME(N) for a numeric bit field [shift, shift+width) of v. Out-of-range values saturate when
// `saturate`, else fail with `tooLarge`.
bool setNumericField(std::span<const Token> toks, size_t &pos, const SymbolResolver &resolve,
                     int64_t &v, unsigned shift, unsigned width, bool saturate,
                     const std::string &tooLarge, SymbolicError &err) {
  int64_t x = 0;
  const Token &argTok = toks[pos];
  if (!absoluteArg(toks, pos, resolve, x, err))
    return false;
  const int64_t max = (int64_t{1} << width) - 1;
  if (x < 0 || x > max) {
    if (!saturate) {
      err = {tooLarge, argTok.offset};
      return false;
    }
    x = x < 0 ? 0 : max;
  }
  v = (v & ~(max << shift)) | x << shift;
  return true;
}

} // namespace

std::optional<int64_t> saluSymbolValue(std::string_view name) {
  // Every name is UC_VERSION_*: other symbols (labels, operand names) are rejected at once.
  if (!name.starts_with("UC_VERSION_"))
    return std::nullopt;
  // llvm-mc defines the names for every GPU, also those without s_version.
  for (const Symbols *s : {&isa::salu::kGfx1100Symbols, &isa::salu::kGfx908Symbols}) {
    for (size_t i = 0; i < s->version.size(); ++i)
      if (!s->version[i].empty() && s->version[i] == name)
        return static_cast<int64_t>(i);
    for (const auto &b : s->versionBits)
      if (b.name == name)
        return b.mask;
  }
  return std::nullopt;
}

SaluMacro saluMacroKind(std::string_view w) {
  if (w == "hwreg")
    return SaluMacro::Hwreg;
  if (w == "sendmsg")
    return SaluMacro::Sendmsg;
  if (w == "gpr_idx")
    return SaluMacro::GprIdx;
  if (w == "instid0" || w == "instskip" || w == "instid1")
    return SaluMacro::DelayAlu;
  if (w.starts_with("depctr_"))
    return SaluMacro::Depctr;
  if (w.ends_with("_sat"))
    w.remove_suffix(4);
  if (w == "vmcnt" || w == "expcnt" || w == "lgkmcnt")
    return SaluMacro::Waitcnt;
  return SaluMacro::None;
}

SymbolicParse parseSaluSymbolic(std::span<const Token> toks, size_t &pos,
                                const SymbolResolver &resolve, isa::Target target, int64_t &value,
                                SymbolicError &err) {
  const Token &t = toks[pos];
  if (t.kind != Tok::Identifier || toks[pos + 1].kind != Tok::LParen)
    return SymbolicParse::NotSymbolic;
  const Symbols &names = *isa::targetInfo(target).saluSymbols;
  if (t.text == "hwreg")
    return hwreg(toks, pos, resolve, names, value, err);
  if (t.text == "sendmsg")
    return sendmsg(toks, pos, resolve, names, value, err);
  if (t.text == "gpr_idx" && !names.gprIdx.empty())
    return gprIdx(toks, pos, names, value, err);
  const auto counterOf = [&](std::string_view n) -> const isa::salu::WaitcntCounter * {
    for (const auto &c : names.waitcnt)
      if (n == c.name ||
          (n.size() == c.name.size() + 4 && n.starts_with(c.name) && n.ends_with("_sat")))
        return &c;
    return nullptr;
  };
  if (counterOf(t.text)) {
    value = names.waitcntDefault();
    return fieldList(
        toks, pos, value,
        [&](const Token &name, int64_t &v) {
          const isa::salu::WaitcntCounter *c = counterOf(name.text);
          if (!c) {
            err = {"invalid counter name " + std::string(name.text), name.offset};
            return false;
          }
          int64_t x = 0;
          const Token &argTok = toks[pos];
          if (!absoluteArg(toks, pos, resolve, x, err))
            return false;
          const int64_t max = (int64_t{1} << isa::salu::counterWidth(*c)) - 1;
          if (x < 0 || x > max) {
            if (!name.text.ends_with("_sat")) {
              err = {"too large value for " + std::string(c->name), argTok.offset};
              return false;
            }
            x = x < 0 ? 0 : max;
          }
          v = isa::salu::withCounter(*c, static_cast<unsigned>(v), static_cast<unsigned>(x));
          return true;
        },
        err, false);
  }
  if (t.text == "instid0" || t.text == "instskip" || t.text == "instid1") {
    value = 0;
    return fieldList(
        toks, pos, value,
        [&](const Token &name, int64_t &v) {
          const Token &arg = toks[pos];
          bool skip = name.text == "instskip";
          unsigned shift = name.text == "instid0" ? 0 : skip ? 4 : 7;
          int found = -1;
          if (arg.kind == Tok::Identifier) {
            if (skip) {
              for (size_t i = 0; i < isa::salu::kDelayAluSkip.size(); ++i)
                if (isa::salu::kDelayAluSkip[i] == arg.text)
                  found = static_cast<int>(i);
            } else {
              for (size_t i = 0; i < isa::salu::kDelayAluInstId.size(); ++i)
                if (isa::salu::kDelayAluInstId[i] == arg.text)
                  found = static_cast<int>(i);
            }
          }
          if (found < 0 || (name.text != "instid0" && !skip && name.text != "instid1")) {
            err = {"invalid value name " + std::string(arg.text), arg.offset};
            return false;
          }
          ++pos;
          v |= int64_t{found} << shift;
          return true;
        },
        err, true);
  }
  if (t.text.starts_with("depctr_")) {
    value = 0xFF9F;
    return fieldList(
        toks, pos, value,
        [&](const Token &name, int64_t &v) {
          const isa::salu::DepctrField *field = nullptr;
          for (const auto &f : isa::salu::kDepctr)
            if (f.name == name.text)
              field = &f;
          if (!field) {
            err = {"invalid counter name " + std::string(name.text), name.offset};
            return false;
          }
          if (setNumericField(toks, pos, resolve, v, field->shift, field->width, false,
                              "invalid value for " + std::string(name.text), err))
            return true;
          // llvm-mc points at the field name for an out-of-range depctr value.
          if (err.message.starts_with("invalid value for"))
            err.offset = name.offset;
          return false;
        },
        err, false);
  }
  if (t.text.ends_with("cnt") || t.text.ends_with("cnt_sat")) {
    // A counter of another instruction or GPU (vscnt): s_waitcnt names it invalid, other
    // operands do not take it.
    pos += 2;
    int64_t ignored = 0;
    if (!absoluteArg(toks, pos, resolve, ignored, err) ||
        !expect(toks, pos, Tok::RParen, "expected a closing parenthesis", err))
      return SymbolicParse::Error;
    value = 0;
    return SymbolicParse::Ok;
  }
  return SymbolicParse::NotSymbolic;
}

} // namespace gcnkit::assembler
