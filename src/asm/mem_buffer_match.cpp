// MUBUF and MTBUF statements: `buffer_op vdata, vaddr|off, srsrc, soffset [format:F] [idxen]
// [offen] [offset:N] [glc slc dlc] [tfe]`. The vaddr register count follows idxen / offen; the
// typed forms take a unified format number or its BUF_FMT / BUF_DATA_FORMAT + BUF_NUM_FORMAT
// names.
#include "asm/mem_match.h"

#include <string>

#include "isa/mem_symbolic.h"
#include "isa/target_info.h"

namespace gcnkit::assembler::mem {

namespace {

using isa::Field;
using isa::Format;
namespace m = isa::mem;

// Row flags shared with the buffer codec (written by scripts/isa/mem_learn.py).
constexpr uint32_t kAtomic = 1u << 28;
constexpr uint32_t kLdsBeforeCachePolicy = 1u << 30; // buffer_store_lds_dword

// The modifier orders: plain MUBUF, gfx9's lds loads (lds last, required), gfx9's
// buffer_store_lds_dword (lds after the offset), MTBUF.
constexpr Mod kMubufMods[] = {Mod::Idxen, Mod::Offen, Mod::Offset, Mod::CPol, Mod::Tfe};
constexpr Mod kLdsLoadMods[] = {Mod::Idxen, Mod::Offen, Mod::Offset, Mod::CPol, Mod::Lds};
constexpr Mod kLdsStoreMods[] = {Mod::Offset, Mod::Lds, Mod::CPol};
constexpr Mod kMtbufMods[] = {Mod::Format, Mod::Idxen, Mod::Offen, Mod::Offset, Mod::CPol};

std::string_view symbolName(const ParsedOperand &item) {
  return item.kind == Kind::Expression && item.expr->op == ExprOp::Symbol
             ? std::string_view(item.expr->symbol)
             : std::string_view();
}

template <size_t N>
int indexOf(const std::array<std::string_view, N> &names, std::string_view name) {
  for (size_t i = 0; i < N; ++i)
    if (names[i] == name)
      return static_cast<int>(i);
  return -1;
}

// format:[BUF_FMT_...] or format:[BUF_DATA_FORMAT_..., BUF_NUM_FORMAT_...]: a unified format
// (gfx11; the split names name one) or, on a target with split formats (gfx9), the data format
// and numeric format numbers (the unified names are "not supported on this GPU").
bool readSymbolicFormat(const ParsedOperand &op, m::BufferFormatSyntax syntax, uint32_t &value,
                        MatchFailure &fail) {
  if (op.list.empty()) {
    fail = {"expected a format string", op.valueOffset + 1};
    return false;
  }
  constexpr std::string_view kUnified = "BUF_FMT_", kData = "BUF_DATA_FORMAT_",
                             kNum = "BUF_NUM_FORMAT_";
  const bool split = syntax == m::BufferFormatSyntax::Split;
  int data = -1, num = -1;
  for (size_t i = 0; i < op.list.size(); ++i) {
    const ParsedOperand &item = op.list[i];
    const std::string_view name = symbolName(item);
    if (name.empty()) {
      fail = {"expected a format string", item.offset};
      return false;
    }
    if (i == 0 && name.starts_with(kUnified)) {
      const int f = indexOf(m::kBufferFormats, name);
      if (split) {
        fail = {"unified format is not supported on this GPU", item.offset};
        return false;
      }
      if (f < 0) {
        fail = {"unsupported format", item.offset};
        return false;
      }
      if (op.list.size() > 1) {
        fail = {"expected a closing square bracket", item.offset + name.size()};
        return false;
      }
      value = static_cast<uint32_t>(f);
      return true;
    }
    const int d =
        name.starts_with(kData) ? indexOf(m::kBufferDataFormats, name.substr(kData.size())) : -1;
    const int n =
        name.starts_with(kNum) ? indexOf(m::kBufferNumFormats, name.substr(kNum.size())) : -1;
    if (d >= 0) {
      if (data >= 0) {
        fail = {"duplicate data format", item.offset};
        return false;
      }
      data = d;
    } else if (n >= 0) {
      if (num >= 0) {
        fail = {"duplicate numeric format", item.offset};
        return false;
      }
      num = n;
    } else {
      fail = {"unsupported format", item.offset};
      return false;
    }
  }
  const unsigned dataFormat = data < 0 ? m::kDefaultDataFormat : static_cast<unsigned>(data);
  const unsigned numFormat = num < 0 ? m::kDefaultNumFormat : static_cast<unsigned>(num);
  if (split) {
    value = dataFormat | numFormat << m::kNumFormatShift;
    return true;
  }
  const std::string_view dataName = m::kBufferDataFormats[dataFormat];
  const std::string_view numName = m::kBufferNumFormats[numFormat];
  int f = -1;
  if (dataName == "INVALID")
    f = numName == "UNORM" ? 0 : -1;
  else
    f = indexOf(m::kBufferFormats,
                std::string(kUnified) + std::string(dataName) + "_" + std::string(numName));
  if (f < 0) {
    fail = {"unsupported format", op.list[0].offset};
    return false;
  }
  value = static_cast<uint32_t>(f);
  return true;
}

bool readBufferValue(const MatchInput &in, Mod m, const ParsedOperand &op, uint32_t &value,
                     MatchFailure &fail) {
  if (m == Mod::Format && op.isList)
    return readSymbolicFormat(op, isa::targetInfo(in.target).mem.bufferFormat, value, fail);
  if (op.expr || op.isList || op.swizzle) {
    fail = {"expected absolute expression", op.valueOffset};
    return false;
  }
  const int64_t v = op.number.isReal ? -1 : op.number.integer;
  if (m == Mod::Format) {
    if (!fitsUnsigned(v, 7)) {
      fail = {"out of range format", op.valueOffset};
      return false;
    }
  } else if (!fitsUnsigned(v, 16)) {
    fail = {"expected a 16-bit unsigned offset", op.offset};
    return false;
  }
  value = static_cast<uint32_t>(v);
  return true;
}

// soffset: a 32-bit scalar register or an inline constant; no literal.
bool readSoffset(const ParsedOperand &op, uint32_t &enc) {
  if (op.kind == Kind::Register) {
    if (!isScalar(op.reg) || op.reg.count != 1 || op.neg || op.abs || op.sext)
      return false;
    enc = op.reg.encoding();
    // (src_vccz / src_execz parse only on targets that have them as sources: gfx9.)
    return enc <= 127 || (enc >= 235 && enc <= 239) || (enc >= 251 && enc <= 253);
  }
  if (op.kind != Kind::Number || op.neg || op.abs || op.sext)
    return false;
  std::optional<EncodedImm> imm = encodeImmediate(op.number, isa::DataType::U32);
  if (!imm || !imm->isInline)
    return false;
  enc = imm->inlineCode;
  return true;
}

// A 4-register scalar resource (SGPRs or TTMPs).
bool isResource(const ParsedOperand &op) {
  return op.kind == Kind::Register && op.reg.count == 4 &&
         (op.reg.kind == RegKind::SGPR || op.reg.kind == RegKind::TTMP) && !op.neg && !op.abs;
}

// gfx9's dfmt:N / nfmt:N before soffset (checked while parsing); a second one of either is
// the mismatch. Returns the operand after them, or nullopt with `fail` set.
std::optional<size_t> splitFormatBeforeSoffset(const MatchInput &in, size_t i, Modifiers &mods,
                                               Attempt &fail) {
  bool seen[2] = {false, false};
  for (; i < in.ops.size() && in.ops[i].kind == Kind::KeyValue; ++i) {
    const bool data = in.ops[i].name == "dfmt";
    if (!data && in.ops[i].name != "nfmt")
      break;
    if (seen[data ? 0 : 1]) {
      fail = Attempt::failure(in, i);
      return std::nullopt;
    }
    seen[data ? 0 : 1] = true;
  }
  const uint32_t dfmt = seen[0] ? mods.get(Mod::Dfmt) : m::kDefaultDataFormat;
  const uint32_t nfmt = seen[1] ? mods.get(Mod::Nfmt) : m::kDefaultNumFormat;
  if (seen[0] || seen[1]) {
    mods.present[static_cast<size_t>(Mod::Format)] = true;
    mods.value[static_cast<size_t>(Mod::Format)] = dfmt | nfmt << m::kNumFormatShift;
  }
  return i;
}

} // namespace

Attempt matchBuffer(const MatchInput &in, EncodedInstruction &out) {
  const isa::InstrDesc &row = in.row;
  const isa::TargetInfo &info = isa::targetInfo(in.target);
  const bool typed = row.format == Format::MTBUF;
  const m::FormatLayout &lay = typed ? info.mem.mtbuf : info.mem.mubuf;
  const bool lds = row.modifiers & isa::mod::Lds;
  const bool split = info.mem.bufferFormat == m::BufferFormatSyntax::Split;
  std::span<const Mod> order = kMubufMods;
  if (typed)
    order = kMtbufMods;
  else if (lds)
    order = (row.flags & kLdsBeforeCachePolicy) ? std::span<const Mod>(kLdsStoreMods)
                                                : std::span<const Mod>(kLdsLoadMods);
  // The tfe form is a variant of its own (vdata one register wider): in the other, tfe is an
  // operand out of place.
  const isa::OperandDesc *vdataRow = row.numOperands ? &row.operands[0] : nullptr;
  const bool tfeForm = (row.modifiers & isa::mod::Tfe) && vdataRow &&
                       vdataRow->field == Field::VDATA && !in.ops.empty() && isAnyVgpr(in.ops[0]) &&
                       in.ops[0].reg.count == vdataRow->regs + 1u;
  if (!tfeForm && order.back() == Mod::Tfe)
    order = order.first(order.size() - 1);
  if (row.numOperands == 0)
    order = {};
  ModifierSyntax syntax{order, row.numOperands, readBufferValue, typed && !split};
  syntax.splitFormatBeforeSoffset = typed && split;
  syntax.dlc = lay[m::kBufDlc].present();
  if (lds)
    syntax.required = Mod::Lds;
  Modifiers mods;
  if (std::optional<Attempt> a = parseModifiers(in, syntax, mods))
    return *a;

  const isa::OperandDesc *vdataDesc = nullptr;
  size_t vdataAt = 0, vaddrAt = 0;
  uint32_t vdata = 0, vaddr = 0, srsrc = 0, soffset = 0;
  bool vaddrOff = false, hasVaddr = false;
  size_t i = 0;
  for (unsigned k = 0; k < row.numOperands; ++k, ++i) {
    const isa::OperandDesc &d = row.operands[k];
    // MTBUF: format:N (gfx11) or dfmt:N, nfmt:N (gfx9) may stand before soffset.
    if (typed && d.field == Field::SOFFSET && i < in.ops.size() &&
        in.ops[i].kind == Kind::KeyValue && in.ops[i].name == "format" && !split) {
      mods.present[static_cast<size_t>(Mod::Format)] = true;
      mods.opIndex[static_cast<size_t>(Mod::Format)] = i++;
    }
    if (typed && d.field == Field::SOFFSET && split) {
      Attempt fail;
      const std::optional<size_t> next = splitFormatBeforeSoffset(in, i, mods, fail);
      if (!next)
        return fail;
      i = *next;
    }
    if (i >= in.ops.size())
      return Attempt::tooFew(in);
    const ParsedOperand &op = in.ops[i];
    switch (d.field) {
    case Field::VDATA:
      // Without a tfe form the data is exactly the row's width.
      if (!isAnyVgpr(op) || (!(row.modifiers & isa::mod::Tfe) && op.reg.count != d.regs))
        return Attempt::failure(in, i);
      vdataDesc = &d;
      vdataAt = i;
      vdata = op.reg.index;
      break;
    case Field::VADDR:
      vaddrAt = i;
      hasVaddr = true;
      vaddrOff = isOff(op);
      if (!vaddrOff && !isAnyVgpr(op))
        return Attempt::failure(in, i);
      vaddr = vaddrOff ? 0 : op.reg.index;
      break;
    case Field::SRSRC:
      if (!isResource(op))
        return Attempt::failure(in, i);
      srsrc = op.reg.encoding() / 4;
      break;
    default: // SOFFSET
      if (!readSoffset(op, soffset))
        return Attempt::failure(in, i);
      break;
    }
  }
  // With a VGPR vaddr, llvm-mc's syntax has idxen / offen next (after MTBUF's format), in that
  // order: another operand there is the mismatch.
  if (hasVaddr && !vaddrOff) {
    size_t at = i;
    if (typed && at < in.ops.size() && in.ops[at].kind == Kind::KeyValue &&
        in.ops[at].name == "format")
      ++at;
    auto isFlag = [&](size_t j, std::string_view name) {
      return in.ops[j].kind == Kind::Flag && in.ops[j].name == name;
    };
    bool idxenLater = false;
    for (size_t j = at + 1; j < in.ops.size(); ++j)
      idxenLater |= isFlag(j, "idxen");
    if (at < in.ops.size() &&
        ((isFlag(at, "offen") && idxenLater) || (!isFlag(at, "offen") && !isFlag(at, "idxen"))))
      return Attempt::failure(in, at);
  }
  const bool formatEarly = mods.has(Mod::Format);
  if (std::optional<Attempt> a = matchModifiers(in, i, syntax, mods))
    return *a;
  if (formatEarly && !split && mods.at(Mod::Format) >= i)
    return Attempt::failure(in, mods.at(Mod::Format)); // written twice
  if (lds && !mods.has(Mod::Lds))
    return Attempt::tooFew(in);

  const bool tfe = mods.has(Mod::Tfe);
  if (vdataDesc) {
    const unsigned regs = in.ops[vdataAt].reg.count;
    if (tfe && regs == vdataDesc->regs)
      return Attempt::failure(in, mods.at(Mod::Tfe));
    if (!tfe && regs == vdataDesc->regs + 1u && (row.modifiers & isa::mod::Tfe))
      return Attempt::tooFew(in);
    if (regs != vdataDesc->regs + unsigned{tfe})
      return Attempt::failure(in, vdataAt);
    if (tfe && !vdataDesc->isDef)
      return Attempt::failure(in, mods.at(Mod::Tfe),
                              "TFE modifier has no meaning for store instructions");
  }
  const unsigned addressRegs = unsigned{mods.has(Mod::Idxen)} + unsigned{mods.has(Mod::Offen)};
  if (hasVaddr) {
    const size_t lastAddressFlag = mods.has(Mod::Offen) ? mods.at(Mod::Offen) : mods.at(Mod::Idxen);
    if (vaddrOff && addressRegs)
      return Attempt::failure(in, mods.has(Mod::Idxen) ? mods.at(Mod::Idxen) : lastAddressFlag);
    if (!vaddrOff && !addressRegs)
      return Attempt::tooFew(in);
    if (!vaddrOff && in.ops[vaddrAt].reg.count != addressRegs)
      return Attempt::failure(in, lastAddressFlag);
  }
  // gfx9's no-return float atomics (glc fixed at 0 in the row): llvm-mc matches gfx90a's
  // returning form and refuses it.
  if ((row.flags & kAtomic) && mods.glc && !(row.modifiers & isa::mod::Glc))
    return otherGpuForm(in);

  uint64_t v = lay.withKey(info.prefix(row.format), row.opcode);
  if (typed)
    v = lay[m::kBufFormatOrReserved].set(v, mods.has(Mod::Format) ? mods.get(Mod::Format)
                                                                  : m::kDefaultBufferFormat);
  v = lay[m::kBufOffset].set(v, mods.get(Mod::Offset));
  v = withCachePolicy(v, mods, lay[m::kBufGlc], lay[m::kBufSlc], lay[m::kBufDlc]);
  v = lay[m::kBufVaddr].set(v, vaddr);
  v = lay[m::kBufVdata].set(v, vdata);
  v = lay[m::kBufSrsrc].set(v, srsrc);
  v = lay[m::kBufTfe].set(v, tfe);
  v = lay[m::kBufOffen].set(v, mods.has(Mod::Offen));
  v = lay[m::kBufIdxen].set(v, mods.has(Mod::Idxen));
  v = lay[m::kBufSoffset].set(v, soffset);
  appendQword(out.bytes, v);
  // llvm-mc takes offsets up to 65535, encodes the low 12 bits and lists what was written.
  if (mods.get(Mod::Offset) > lay[m::kBufOffset].maxValue())
    out.bufferOffset = mods.get(Mod::Offset);
  return Attempt::success(in.ops.size());
}

} // namespace gcnkit::assembler::mem
