#include "asm/salu_symbolic.h"

#include "isa/salu_symbolic.h"

namespace gcnkit::assembler {

namespace {

namespace names = isa::gfx1100::salu_names;

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

template <size_t N> int indexOfName(const std::string_view (&table)[N], std::string_view name) {
  for (size_t i = 0; i < N; ++i)
    if (!table[i].empty() && table[i] == name)
      return static_cast<int>(i);
  return -1;
}

SymbolicParse hwreg(std::span<const Token> toks, size_t &pos, const SymbolResolver &resolve,
                    int64_t &value, SymbolicError &err) {
  pos += 2; // hwreg (
  int64_t id = 0, offset = 0, size = 32;
  const Token &idTok = toks[pos];
  int named = idTok.kind == Tok::Identifier ? indexOfName(names::kHwreg, idTok.text) : -1;
  if (named >= 0) {
    id = named;
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

// Message names llvm-mc knows from other GPUs: on GFX11 they are "not supported" rather than
// unknown.
bool isOtherTargetMessage(std::string_view name) {
  static constexpr std::string_view kNames[] = {"MSG_GS",
                                                "MSG_GS_DONE",
                                                "MSG_SAVEWAVE",
                                                "MSG_STALL_WAVE_GEN",
                                                "MSG_HALT_WAVES",
                                                "MSG_ORDERED_PS_DONE",
                                                "MSG_EARLY_PRIM_DEALLOC",
                                                "MSG_GS_ALLOC_REQ",
                                                "MSG_GET_DOORBELL",
                                                "MSG_GET_DDID",
                                                "MSG_SYSMSG",
                                                "MSG_RTN_GET_TBA_TO_PC",
                                                "MSG_RTN_GET_SE_AID_ID"};
  for (std::string_view n : kNames)
    if (n == name)
      return true;
  return false;
}

SymbolicParse sendmsg(std::span<const Token> toks, size_t &pos, const SymbolResolver &resolve,
                      int64_t &value, SymbolicError &err) {
  pos += 2; // sendmsg (
  int64_t msg = 0, op = 0, stream = 0;
  const Token &msgTok = toks[pos];
  int named = msgTok.kind == Tok::Identifier ? indexOfName(names::kSendmsg, msgTok.text) : -1;
  if (named >= 0) {
    msg = named;
    ++pos;
  } else if (msgTok.kind == Tok::Identifier && isOtherTargetMessage(msgTok.text)) {
    err = {"specified message id is not supported on this GPU", msgTok.offset};
    return SymbolicParse::Error;
  } else if (msgTok.kind == Tok::Identifier && !resolve(msgTok.text)) {
    err = {"expected a message name or an absolute expression", msgTok.offset};
    return SymbolicParse::Error;
  } else if (!absoluteArg(toks, pos, resolve, msg, err)) {
    return SymbolicParse::Error;
  } else if (msg < 0 || msg > 255) {
    err = {"invalid message id", msgTok.offset};
    return SymbolicParse::Error;
  }
  if (toks[pos].kind == Tok::Comma) {
    ++pos;
    const Token &opTok = toks[pos];
    if (!absoluteArg(toks, pos, resolve, op, err))
      return SymbolicParse::Error;
    if (op < 0 || op > 7) {
      err = {"invalid operation id", opTok.offset};
      return SymbolicParse::Error;
    }
    if (toks[pos].kind == Tok::Comma) {
      ++pos;
      const Token &stTok = toks[pos];
      if (!absoluteArg(toks, pos, resolve, stream, err))
        return SymbolicParse::Error;
      if (stream < 0 || stream > 3) {
        err = {"invalid message stream id", stTok.offset};
        return SymbolicParse::Error;
      }
    }
  }
  if (!expect(toks, pos, Tok::RParen, "expected a closing parenthesis", err))
    return SymbolicParse::Error;
  value = msg | op << isa::salu::kSendmsgOpShift | stream << isa::salu::kSendmsgStreamShift;
  return SymbolicParse::Ok;
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
  for (size_t i = 0; i < std::size(names::kVersion); ++i)
    if (!names::kVersion[i].empty() && names::kVersion[i] == name)
      return static_cast<int64_t>(i);
  for (const auto &b : names::kVersionBits)
    if (b.name == name)
      return b.mask;
  return std::nullopt;
}

SymbolicParse parseSaluSymbolic(std::span<const Token> toks, size_t &pos,
                                const SymbolResolver &resolve, int64_t &value, SymbolicError &err) {
  const Token &t = toks[pos];
  if (t.kind != Tok::Identifier || toks[pos + 1].kind != Tok::LParen)
    return SymbolicParse::NotSymbolic;
  if (t.text == "hwreg")
    return hwreg(toks, pos, resolve, value, err);
  if (t.text == "sendmsg")
    return sendmsg(toks, pos, resolve, value, err);
  const auto &wc = isa::salu::kWaitcnt;
  auto isCounter = [&](std::string_view n) {
    for (const auto &f : wc)
      if (n == f.name ||
          (n.size() == f.name.size() + 4 && n.starts_with(f.name) && n.ends_with("_sat")))
        return true;
    return false;
  };
  if (isCounter(t.text)) {
    value = 0;
    for (const auto &f : wc)
      value |= int64_t{(1 << f.width) - 1} << f.shift;
    return fieldList(
        toks, pos, value,
        [&](const Token &name, int64_t &v) {
          const isa::salu::WaitcntField *field = nullptr;
          for (const auto &f : wc)
            if (name.text.starts_with(f.name))
              field = &f;
          if (!field || !isCounter(name.text)) {
            err = {"invalid counter name " + std::string(name.text), name.offset};
            return false;
          }
          return setNumericField(toks, pos, resolve, v, field->shift, field->width,
                                 name.text.ends_with("_sat"),
                                 "too large value for " + std::string(field->name), err);
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
  return SymbolicParse::NotSymbolic;
}

} // namespace gcnkit::assembler
