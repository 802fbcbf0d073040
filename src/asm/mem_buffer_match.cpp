// MUBUF and MTBUF statements: `buffer_op vdata, vaddr|off, srsrc, soffset [format:F] [idxen]
// [offen] [offset:N] [glc slc dlc] [tfe]`. The vaddr register count follows idxen / offen; the
// typed forms take a unified format number or its BUF_FMT / BUF_DATA_FORMAT + BUF_NUM_FORMAT
// names.
#include "asm/mem_match.h"

#include <string>

#include "isa/mem_symbolic.h"

namespace gcnkit::assembler::mem {

namespace {

using isa::Field;
using isa::Format;

constexpr Mod kMubufMods[] = {Mod::Idxen, Mod::Offen, Mod::Offset, Mod::CPol, Mod::Tfe};
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

// format:[BUF_FMT_...] or format:[BUF_DATA_FORMAT_..., BUF_NUM_FORMAT_...].
bool readSymbolicFormat(const ParsedOperand &op, uint32_t &value, MatchFailure &fail) {
  if (op.list.empty()) {
    fail = {"expected a format string", op.valueOffset + 1};
    return false;
  }
  constexpr std::string_view kUnified = "BUF_FMT_", kData = "BUF_DATA_FORMAT_",
                             kNum = "BUF_NUM_FORMAT_";
  int data = -1, num = -1;
  for (size_t i = 0; i < op.list.size(); ++i) {
    const ParsedOperand &item = op.list[i];
    const std::string_view name = symbolName(item);
    if (name.empty()) {
      fail = {"expected a format string", item.offset};
      return false;
    }
    if (i == 0 && name.starts_with(kUnified)) {
      const int f = indexOf(isa::mem::kBufferFormats, name);
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
    if (name.starts_with(kData) &&
        indexOf(isa::mem::kBufferDataFormats, name.substr(kData.size())) >= 0) {
      if (data >= 0) {
        fail = {"duplicate data format", item.offset};
        return false;
      }
      data = indexOf(isa::mem::kBufferDataFormats, name.substr(kData.size()));
    } else if (name.starts_with(kNum) &&
               indexOf(isa::mem::kBufferNumFormats, name.substr(kNum.size())) >= 0) {
      if (num >= 0) {
        fail = {"duplicate numeric format", item.offset};
        return false;
      }
      num = indexOf(isa::mem::kBufferNumFormats, name.substr(kNum.size()));
    } else {
      fail = {"unsupported format", item.offset};
      return false;
    }
  }
  const std::string_view dataName = isa::mem::kBufferDataFormats[data < 0 ? 1 : data];
  const std::string_view numName = isa::mem::kBufferNumFormats[num < 0 ? 0 : num];
  int f = -1;
  if (dataName == "INVALID")
    f = numName == "UNORM" ? 0 : -1;
  else
    f = indexOf(isa::mem::kBufferFormats,
                std::string(kUnified) + std::string(dataName) + "_" + std::string(numName));
  if (f < 0) {
    fail = {"unsupported format", op.list[0].offset};
    return false;
  }
  value = static_cast<uint32_t>(f);
  return true;
}

bool readBufferValue(const MatchInput &, Mod m, const ParsedOperand &op, uint32_t &value,
                     MatchFailure &fail) {
  if (m == Mod::Format && op.isList)
    return readSymbolicFormat(op, value, fail);
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
    return enc <= 127 || (enc >= 235 && enc <= 239) || enc == 253;
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

} // namespace

Attempt matchBuffer(const MatchInput &in, EncodedInstruction &out) {
  const isa::InstrDesc &row = in.row;
  const bool typed = row.format == Format::MTBUF;
  std::span<const Mod> order =
      typed ? std::span<const Mod>(kMtbufMods) : std::span<const Mod>(kMubufMods);
  if (!(row.modifiers & isa::mod::Tfe) && order.back() == Mod::Tfe)
    order = order.first(order.size() - 1);
  if (row.numOperands == 0)
    order = {};
  const ModifierSyntax syntax{order, row.numOperands, readBufferValue, typed};
  Modifiers mods;
  if (std::optional<Attempt> a = parseModifiers(in, syntax, mods))
    return *a;

  const isa::OperandDesc *vdataDesc = nullptr;
  size_t vdataAt = 0, vaddrAt = 0;
  uint32_t vdata = 0, vaddr = 0, srsrc = 0, soffset = 0;
  bool vaddrOff = false;
  size_t i = 0;
  for (unsigned k = 0; k < row.numOperands; ++k, ++i) {
    const isa::OperandDesc &d = row.operands[k];
    // MTBUF: format:N may stand before soffset.
    if (typed && d.field == Field::SOFFSET && i < in.ops.size() &&
        in.ops[i].kind == Kind::KeyValue && in.ops[i].name == "format") {
      mods.present[static_cast<size_t>(Mod::Format)] = true;
      mods.opIndex[static_cast<size_t>(Mod::Format)] = i++;
    }
    if (i >= in.ops.size())
      return Attempt::tooFew(in);
    const ParsedOperand &op = in.ops[i];
    switch (d.field) {
    case Field::VDATA:
      if (!isAnyVgpr(op))
        return Attempt::failure(in, i);
      vdataDesc = &d;
      vdataAt = i;
      vdata = op.reg.index;
      break;
    case Field::VADDR:
      vaddrAt = i;
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
  if (!vaddrOff && row.numOperands) {
    size_t at = i;
    if (typed && at < in.ops.size() && in.ops[at].kind == Kind::KeyValue &&
        in.ops[at].name == "format")
      ++at;
    auto isFlag = [&](size_t j, std::string_view name) {
      return in.ops[j].kind == Kind::Flag && in.ops[j].name == name;
    };
    bool idxenLater = false, addressFlagLater = false;
    for (size_t j = at + 1; j < in.ops.size(); ++j) {
      idxenLater |= isFlag(j, "idxen");
      addressFlagLater |= isFlag(j, "idxen") || isFlag(j, "offen");
    }
    if (at < in.ops.size() && ((isFlag(at, "offen") && idxenLater) ||
                               (!isFlag(at, "offen") && !isFlag(at, "idxen") && addressFlagLater)))
      return Attempt::failure(in, at);
  }
  const bool formatEarly = mods.has(Mod::Format);
  if (std::optional<Attempt> a = matchModifiers(in, i, syntax, mods))
    return *a;
  if (formatEarly && mods.at(Mod::Format) >= i)
    return Attempt::failure(in, mods.at(Mod::Format)); // written twice

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
  if (row.numOperands) {
    const size_t lastAddressFlag = mods.has(Mod::Offen) ? mods.at(Mod::Offen) : mods.at(Mod::Idxen);
    if (vaddrOff && addressRegs)
      return Attempt::failure(in, mods.has(Mod::Idxen) ? mods.at(Mod::Idxen) : lastAddressFlag);
    if (!vaddrOff && !addressRegs)
      return Attempt::tooFew(in);
    if (!vaddrOff && in.ops[vaddrAt].reg.count != addressRegs)
      return Attempt::failure(in, lastAddressFlag);
  }

  const uint32_t cpol = uint32_t{mods.glc} << 14 | uint32_t{mods.dlc} << 13 |
                        uint32_t{mods.slc} << 12 | (mods.get(Mod::Offset) & 0xFFF);
  uint64_t v =
      typed ? 0xE8000000u | uint32_t{row.opcode} << 15 |
                  (mods.has(Mod::Format) ? mods.get(Mod::Format) : isa::mem::kDefaultBufferFormat)
                      << 19
            : 0xE0000000u | uint32_t{row.opcode} << 18;
  v |= cpol;
  v |= uint64_t{vaddr} << 32 | uint64_t{vdata} << 40 | uint64_t{srsrc & 0x1F} << 48 |
       uint64_t{tfe} << 53 | uint64_t{mods.has(Mod::Offen)} << 54 |
       uint64_t{mods.has(Mod::Idxen)} << 55 | uint64_t{soffset} << 56;
  appendQword(out.bytes, v);
  return Attempt::success(in.ops.size());
}

} // namespace gcnkit::assembler::mem
