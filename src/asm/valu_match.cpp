// VALU statements (VOP1, VOP2, VOPC, VOP3, VOP3SD and their DPP16 / DPP8 forms): operands
// against one table row in each encoding the row has, in llvm-mc-19's order (32-bit, VOP3,
// DPP, VOP3 DPP), with its checks and diagnostics, encoded.
#include <algorithm>
#include <cmath>

#include "asm/dpp_operands.h"
#include "asm/sdwa_operands.h"
#include "asm/valu_internal.h"
#include "isa/target_info.h"

namespace gcnkit::assembler {

namespace {

using namespace valu;
using isa::DataType;
using isa::Field;
using isa::Format;
using isa::InstrDesc;
using isa::OperandDesc;
using isa::OperandKind;
using Kind = ParsedOperand::Kind;

enum class Form : uint8_t { E32, Dpp16, Dpp8, E64, E64Dpp16, E64Dpp8, Sdwa };

bool isDpp(Form f) {
  return f == Form::Dpp16 || f == Form::Dpp8 || f == Form::E64Dpp16 || f == Form::E64Dpp8;
}
bool isVop3Form(Form f) { return f == Form::E64 || f == Form::E64Dpp16 || f == Form::E64Dpp8; }

constexpr unsigned kVcc = 106, kExecLo = 126, kLdsDirect = 254;
constexpr unsigned kLiteral = 255;

// llvm-mc's "operands are not valid for this GPU or mode": the operands fit an encoding that
// needs a feature GFX11 lacks (true16 VGPRs v128+, wave64 lane masks).
constexpr const char *kMissingFeature = "operands are not valid for this GPU or mode";

// One encoding of one row against the operands.
class FormMatcher {
public:
  FormMatcher(const MatchInput &in, Form form) : in_(in), row_(in.row), ops_(in.ops), form_(form) {}

  // Lets a scalar register stand for the 32-bit form's VGPR second source, as llvm-mc's SDWA
  // forms (which GFX11 lacks) do: only used to tell whether such a form would match.
  void acceptScalarVsrc1() { scalarVsrc1_ = true; }

  // Matches the operands; on failure the Attempt's progress is the operand index.
  Attempt match();
  // llvm-mc's checks of a matched instruction; nullopt when it passes.
  std::optional<Attempt> validate() const;
  void encode(EncodedInstruction &out);
  bool missingFeature() const { return missingFeature_; }
  Form form() const { return form_; }

private:
  Attempt fail(size_t i) {
    return Attempt{false, "invalid operand for instruction", offsetOf(i), static_cast<int>(i)};
  }
  // llvm-mc points at the value inside a source's modifiers.
  size_t offsetOf(size_t i) const {
    if (i >= ops_.size())
      return in_.mnemonicOffset;
    const ParsedOperand &op = ops_[i];
    return (op.neg || op.abs || op.sext) && op.valueOffset ? op.valueOffset : op.offset;
  }
  void encodeSdwa(EncodedInstruction &out) const;
  Attempt needsFeature(size_t i) {
    missingFeature_ = true;
    return fail(i);
  }

  // The modifier bits (neg, abs) this form encodes for source i, and whether the source is an
  // integer operand (sext rather than neg / abs).
  void sourceModifierBits(const OperandDesc &d, int i, bool &neg, bool &abs, bool &isInt) const;
  bool matchDef(const ParsedOperand &op, const OperandDesc &d, size_t k, Attempt &err);
  bool matchSource(const ParsedOperand &op, const OperandDesc &d, size_t k, Attempt &err);
  bool matchInterpOperand(const ParsedOperand &op, const OperandDesc &d, size_t k, Attempt &err);
  bool matchVgpr(const Register &r, const OperandDesc &d, size_t k, unsigned &field, Attempt &err);
  bool matchConstant(const ParsedOperand &op, const OperandDesc &d, int src, bool foldModifiers,
                     size_t k, unsigned &enc);
  bool matchKImm(const ParsedOperand &op, const OperandDesc &d);
  size_t matchOutputModifiers(size_t i);
  size_t matchSdwaOutputModifiers(size_t i);
  void setSource(const OperandDesc &d, unsigned enc);
  void noteScalar(unsigned enc, unsigned count, size_t k);
  void noteLiteral(const OperandDesc &d, size_t k);

  const MatchInput &in_;
  const InstrDesc &row_;
  const std::vector<ParsedOperand> &ops_;
  Form form_;
  bool missingFeature_ = false;
  bool otherWaveVcc_ = false; // the implicit vcc spelled for the other wave size
  bool scalarVsrc1_ = false;

  uint32_t vdst_ = 0, sdst_ = 0, src_[3] = {0, 0, 0};
  uint32_t mods_ = 0;       // the VOP3 13-bit modifier word
  uint32_t dppSrcMods_ = 0; // DPP16 dword bits 20..23 of the 32-bit forms
  unsigned dppSrc0_ = 0;    // src0's VGPR in the DPP dword
  DppControls dpp_;
  // SDWA (gfx9): the SDWA dword's modifier bits, whether src0 / src1 are scalar operands, the
  // VOPC result register (sd: not vcc) and the selectors.
  uint32_t sdwaBits_ = 0;
  bool sdwaScalar_[2] = {false, false};
  bool sdwaSd_ = false;
  bool vopcSdwaClamp_ = false;
  bool readsVcc_ = false;                   // an implicit vcc source (constant bus)
  bool hasKImm_ = false;                    // a madmk / fmaak constant (constant bus)
  std::optional<size_t> ldsDirectRejected_; // a src_lds_direct the instruction does not take
  uint32_t sdwaSdst_ = 0;
  SdwaControls sdwa_;
  Fields f_;
  // Checked after matching, as llvm-mc does.
  std::optional<size_t> literalConflict_; // operand naming a second literal value
  std::optional<size_t> dppSrc1Immediate_;
  struct ScalarUse {
    unsigned enc, count;
    size_t op;
  };
  ScalarUse scalars_[4];
  size_t numScalars_ = 0;
  struct LiteralUse {
    size_t op;
    unsigned bytes; // operand size, 4 at least
  };
  LiteralUse literals_[3];
  size_t numLiterals_ = 0;
};

void FormMatcher::sourceModifierBits(const OperandDesc &d, int i, bool &neg, bool &abs,
                                     bool &isInt) const {
  neg = abs = false;
  isInt = isa::isIntegerType(d.type);
  switch (form_) {
  case Form::E32:
  case Form::Dpp8:
    return;
  case Form::Sdwa: {
    // SDWA modifier bits the row takes: src i sext / neg / abs at flag bits 2+3i, 3+3i, 4+3i.
    if (i > 1)
      return;
    const uint32_t bits = (row_.flags >> (kSdwaModShift + 2 + 3 * i)) & 7;
    const bool sext = bits & 1;
    isInt = sext && !(bits & 6);
    neg = isInt ? sext : (bits & 2) != 0;
    abs = (bits & 4) != 0;
    return;
  }
  case Form::Dpp16: {
    if (i > 1)
      return;
    const uint32_t bits = (row_.flags >> (kDppModKeptShift + 2 * i)) & 3;
    neg = bits & 1;
    abs = (bits & 2) && !isInt;
    return;
  }
  default: {
    const uint32_t kept = keptModifiers(row_);
    if (form_ != Form::E64)
      isInt = isInt || ((row_.flags >> (kDppIntShift + i)) & 1);
    neg = (kept >> (kNegBit + i)) & 1;
    abs = ((kept >> (kAbsBit + i)) & 1) && !isInt;
    return;
  }
  }
}

void FormMatcher::noteScalar(unsigned enc, unsigned count, size_t k) {
  if (numScalars_ < std::size(scalars_))
    scalars_[numScalars_++] = {enc, count, k};
}

void FormMatcher::noteLiteral(const OperandDesc &d, size_t k) {
  if (numLiterals_ < std::size(literals_))
    literals_[numLiterals_++] = {k, d.regs == 2 ? 8u : 4u};
}

bool FormMatcher::matchVgpr(const Register &r, const OperandDesc &d, size_t k, unsigned &field,
                            Attempt &err) {
  const bool true16 = !isVop3Form(form_) && (row_.flags & kTrue16);
  if (r.loHalf || r.hiHalf) {
    if (!true16 || r.count != 1) {
      err = fail(k);
      return false;
    }
    if (r.index >= 128) {
      err = needsFeature(k);
      return false;
    }
    field = r.index | (r.hiHalf ? 0x80 : 0);
    return true;
  }
  if (true16 || r.count != d.regs) {
    err = fail(k);
    return false;
  }
  // 16-bit operands of the 32-bit forms address v0..v127 only (v128+ needs true16).
  if (!isVop3Form(form_) &&
      ((row_.flags >> (kLo128Shift + k)) & 1 || (row_.flags >> (kHiVgprFailsShift + k)) & 1) &&
      r.index >= 128) {
    err = needsFeature(k);
    return false;
  }
  field = r.index;
  return true;
}

bool FormMatcher::matchDef(const ParsedOperand &op, const OperandDesc &d, size_t k, Attempt &err) {
  err = fail(k);
  if (op.kind != Kind::Register || op.neg || op.abs || op.sext)
    return false;
  const Register &r = op.reg;
  if (d.field == Field::None && form_ == Form::Sdwa && row_.format == Format::VOPC) {
    // VOPC SDWA writes vcc or any SGPR pair.
    if (!isScalar(r) || !widthMatches(r, laneMaskRegs(in_)))
      return false;
    sdwaSd_ = r.encoding() != kVcc;
    sdwaSdst_ = r.encoding();
    return true;
  }
  if (d.field == Field::None) { // the implicit vcc of the 32-bit forms
    if (r.kind != RegKind::Special || r.index != kVcc)
      return false;
    if (r.count != laneMaskRegs(in_)) {
      otherWaveVcc_ = true; // see otherWaveSizeAttempt
      return false;
    }
    return true;
  }
  if (d.kind == OperandKind::VReg) {
    unsigned field = 0;
    if (r.kind != RegKind::VGPR || !matchVgpr(r, d, k, field, err))
      return false;
    vdst_ = field;
    return true;
  }
  if (!isScalar(r))
    return false;
  const unsigned regs = d.type == DataType::LaneMask ? laneMaskRegs(in_) : d.regs;
  // A 32-bit scalar destination (v_readfirstlane) is no aperture and no lds_direct.
  const unsigned enc = r.encoding();
  if (regs == 1 && d.type != DataType::LaneMask &&
      ((enc >= 235 && enc <= 238) || enc == kLdsDirect))
    return false;
  if (!widthMatches(r, regs))
    return false;
  (d.field == Field::SDST ? sdst_ : vdst_) = r.encoding();
  return true;
}

void FormMatcher::setSource(const OperandDesc &d, unsigned enc) {
  const int i = isa::valuSourceIndex(d.field);
  if (i >= 0)
    src_[i] = enc;
}

// A constant for source `src`: an inline constant or the literal. Without modifier bits in the
// encoding (the 32-bit forms) llvm-mc applies neg / abs to the value's sign bit instead.
bool FormMatcher::matchConstant(const ParsedOperand &op, const OperandDesc &d, int src,
                                bool foldModifiers, size_t k, unsigned &enc) {
  (void)src;
  if (op.kind == Kind::Expression) {
    // A symbolic literal fills a 32-bit operand of a 32-bit encoding only.
    if (op.neg || op.abs || op.sext || isVop3Form(form_) || d.regs != 1 ||
        d.type == DataType::F16 || d.type == DataType::I16 || d.type == DataType::U16 ||
        d.type == DataType::B16)
      return false;
    if (f_.literal || f_.literalExpr) {
      if (!literalConflict_)
        literalConflict_ = k;
    } else {
      f_.literalExpr = cloneExpr(*op.expr);
      f_.literal = 0;
    }
    noteLiteral(d, k);
    enc = kLiteral;
    return true;
  }
  Number n = op.number;
  const bool fpModifiers = op.neg || op.abs;
  if (fpModifiers && foldModifiers) {
    if (n.isReal) {
      if (op.abs)
        n.real = std::fabs(n.real);
      if (op.neg)
        n.real = -n.real;
    } else {
      const unsigned bits =
          d.type == DataType::F64 || d.regs == 2 ? 64 : (d.type == DataType::F16 ? 16 : 32);
      if (bits < 64 && !fitsSigned(n.integer, bits) && !fitsUnsigned(n.integer, bits))
        return false;
      uint64_t v = static_cast<uint64_t>(n.integer);
      if (bits < 64)
        v &= (uint64_t{1} << bits) - 1;
      const uint64_t sign = uint64_t{1} << (bits - 1);
      if (op.abs)
        v &= ~sign;
      if (op.neg)
        v ^= sign;
      n.integer = static_cast<int64_t>(v);
    }
  }
  std::optional<EncodedImm> imm = encodeImmediate(n, d.type);
  if (!imm)
    return false;
  if (imm->isInline) {
    enc = imm->inlineCode;
    return true;
  }
  // llvm-mc refuses fp modifiers on an integer literal for a 64-bit float operand: the
  // 32-bit and VOP3 forms would read it differently.
  if (fpModifiers && !op.number.isReal && d.type == DataType::F64)
    return false;
  if (f_.literalExpr || (f_.literal && *f_.literal != imm->literal)) {
    if (!literalConflict_)
      literalConflict_ = k;
  } else {
    f_.literal = imm->literal;
  }
  noteLiteral(d, k);
  enc = kLiteral;
  return true;
}

// gfx9's VOP3 interpolations: SRC0 is an LDS attribute `attrN.c` (N < 64), v_interp_mov's
// SRC1 a parameter p10 / p20 / p0.
bool FormMatcher::matchInterpOperand(const ParsedOperand &op, const OperandDesc &d, size_t k,
                                     Attempt &err) {
  err = fail(k);
  if (op.kind != Kind::Expression || op.expr->op != ExprOp::Symbol || op.neg || op.abs || op.sext)
    return false;
  const std::string_view name = op.expr->symbol;
  if (d.field == Field::SRC1) {
    static constexpr std::string_view kParams[] = {"p10", "p20", "p0"};
    for (unsigned v = 0; v < std::size(kParams); ++v)
      if (name == kParams[v]) {
        src_[1] = v;
        return true;
      }
    return false;
  }
  const size_t channel = name.size() > 6 && name.starts_with("attr") && name[name.size() - 2] == '.'
                             ? std::string_view("xyzw").find(name.back())
                             : std::string_view::npos;
  if (channel == std::string_view::npos)
    return false;
  unsigned number = 0;
  for (char c : name.substr(4, name.size() - 6)) {
    if (c < '0' || c > '9' || number > 63)
      return false;
    number = number * 10 + static_cast<unsigned>(c - '0');
  }
  if (number > 32) { // the decoder prints up to attr63
    err = Attempt{false, "out of bounds interpolation attribute number", op.offset,
                  static_cast<int>(k)};
    return false;
  }
  src_[0] = number | static_cast<unsigned>(channel) << 6;
  return true;
}

bool FormMatcher::matchSource(const ParsedOperand &op, const OperandDesc &d, size_t k,
                              Attempt &err) {
  if (d.kind == OperandKind::Special)
    return matchInterpOperand(op, d, k, err);
  err = fail(k);
  const int i = isa::valuSourceIndex(d.field);
  bool negOk = false, absOk = false, isInt = false;
  if (i >= 0)
    sourceModifierBits(d, i, negOk, absOk, isInt);
  // Modifier kinds: fp sources take -x / |x| (kept where the encoding has the bit), integer
  // sources sext(x) (the neg bit).
  const bool hasBits = negOk || absOk;
  if (op.sext && (!isInt || !negOk))
    return false;
  if ((op.neg || op.abs) && isInt)
    return false;
  const bool foldModifiers = !hasBits && (op.neg || op.abs);
  if (foldModifiers && op.kind == Kind::Register)
    return false;
  if (!foldModifiers && (op.neg || op.abs) && !hasBits)
    return false;
  const bool dppSrc0 = isDpp(form_) && d.field == Field::SRC0;
  if (op.kind == Kind::Register) {
    const Register &r = op.reg;
    if (r.kind == RegKind::VGPR) {
      if (d.kind == OperandKind::SReg || d.kind == OperandKind::SSrc)
        return false;
      unsigned field = 0;
      if (!matchVgpr(r, d, k, field, err))
        return false;
      if (dppSrc0)
        dppSrc0_ = field;
      else if (d.field == Field::VSRC1)
        src_[1] = field;
      else
        setSource(d, 256 + field);
    } else {
      if (scalarVsrc1_ && d.field == Field::VSRC1 && isScalar(r) && widthMatches(r, d.regs))
        return true;
      const bool sdwaSource = form_ == Form::Sdwa && i >= 0;
      if (!isScalar(r) || dppSrc0 ||
          (!sdwaSource && (d.kind == OperandKind::VReg || d.field == Field::VSRC1)))
        return false;
      if (form_ == Form::E64Dpp16 || form_ == Form::E64Dpp8) {
        if (d.field != Field::SRC2)
          return false;
      }
      const unsigned regs = d.type == DataType::LaneMask ? laneMaskRegs(in_) : d.regs;
      if (!widthMatches(r, regs)) {
        if (d.field == Field::None && r.encoding() == kVcc)
          otherWaveVcc_ = true; // see otherWaveSizeAttempt
        return false;
      }
      const unsigned enc = r.encoding();
      if (d.field == Field::None) { // the implicit vcc of the 32-bit forms
        if (enc != kVcc)
          return false;
        readsVcc_ = true; // counted before the operands, as llvm-mc does
      } else {
        if (enc != isa::targetInfo(in_.target).sregs.null && enc != kLdsDirect)
          noteScalar(enc, r.count, k); // null and lds_direct do not use the constant bus
        setSource(d, enc);
        if (sdwaSource)
          sdwaScalar_[i] = true;
        // gfx9 takes no lds_direct in SDWA forms or in the reversed-operand instructions.
        if (enc == kLdsDirect && (sdwaSource || row_.name.find("rev") != std::string_view::npos) &&
            !ldsDirectRejected_)
          ldsDirectRejected_ = k;
      }
    }
  } else if (op.kind == Kind::Number || op.kind == Kind::Expression) {
    const bool sdwaSource = form_ == Form::Sdwa && i >= 0;
    if (d.kind != OperandKind::VSrc && d.kind != OperandKind::SSrc && !sdwaSource &&
        !(isDpp(form_) && d.kind == OperandKind::VReg && d.field == Field::VSRC1))
      return false;
    if (dppSrc0 || (form_ == Form::E32 && d.field == Field::VSRC1))
      return false;
    unsigned enc = 0;
    if (!matchConstant(op, d, i, foldModifiers, k, enc))
      return false;
    // v_readlane / v_writelane select the lane with an SGPR or an inline constant (the table
    // types the field SSrc).
    const bool laneSelect = d.field == Field::SRC1 && (row_.name.starts_with("v_readlane") ||
                                                       row_.name.starts_with("v_writelane"));
    if (enc == kLiteral && (isDpp(form_) || laneSelect || sdwaSource))
      return false;
    if (isDpp(form_) && i == 1 && !dppSrc1Immediate_)
      dppSrc1Immediate_ = k;
    if (sdwaSource) {
      src_[i] = enc;
      sdwaScalar_[i] = true;
    } else if (d.field == Field::VSRC1) {
      src_[1] = 0; // only reachable in DPP forms, rejected by validate()
    } else {
      setSource(d, enc);
    }
  } else {
    return false;
  }
  if (!foldModifiers && i >= 0) {
    const bool neg = op.neg || op.sext;
    if (form_ == Form::Dpp16) {
      dppSrcMods_ |= (neg && negOk ? 1u : 0) << (2 * i) | (op.abs && absOk ? 2u : 0) << (2 * i);
    } else if (form_ == Form::Sdwa) {
      const unsigned base = 19 + 8 * static_cast<unsigned>(i); // sext, neg, abs
      if (neg && negOk)
        sdwaBits_ |= 1u << (isInt ? base : base + 1);
      if (op.abs && absOk)
        sdwaBits_ |= 1u << (base + 2);
    } else if (isVop3Form(form_)) {
      if (neg && negOk)
        mods_ |= 1u << (kNegBit + i);
      if (op.abs && absOk)
        mods_ |= 1u << (kAbsBit + i);
    }
  }
  return true;
}

bool FormMatcher::matchKImm(const ParsedOperand &op, const OperandDesc &d) {
  if (op.neg || op.abs || op.sext)
    return false;
  if (op.kind == Kind::Expression) {
    if (f_.literal || f_.literalExpr)
      return false;
    f_.literalExpr = cloneExpr(*op.expr);
    f_.literal = 0;
    return true;
  }
  if (op.kind != Kind::Number)
    return false;
  std::optional<EncodedImm> imm = encodeImmediate(op.number, d.type, false);
  if (!imm)
    return false;
  // The constant is the instruction's literal; a source literal must be the same value
  // (llvm-mc blames the source).
  if (numLiterals_ && ((f_.literal && *f_.literal != imm->literal) || f_.literalExpr) &&
      !literalConflict_)
    literalConflict_ = literals_[0].op;
  if (!f_.literalExpr)
    f_.literal = imm->literal;
  return true;
}

// op_sel, clamp and omod, each optional, in llvm-mc's order (an interpolation's `high` instead
// of op_sel). Returns the next operand index.
size_t FormMatcher::matchOutputModifiers(size_t i) {
  if (i < ops_.size() && (row_.modifiers & isa::mod::OpSel) && isInterpolation(row_) &&
      ops_[i].kind == Kind::Expression && ops_[i].expr->op == ExprOp::Symbol &&
      ops_[i].expr->symbol == "high" && !ops_[i].neg && !ops_[i].abs && !ops_[i].sext) {
    src_[0] |= 0x100;
    ++i;
  }
  if (i < ops_.size() && (row_.modifiers & isa::mod::OpSel) && !isInterpolation(row_) &&
      ops_[i].kind == Kind::KeyValue && ops_[i].name == "op_sel") {
    // One entry per source, then the destination's (bit 3), as many as llvm-mc prints for the
    // row; v_fmac_f16 counts its tied src2, so its fourth entry is the destination's.
    unsigned numSources = 0;
    for (unsigned k = 0; k < row_.numOperands; ++k)
      if (!row_.operands[k].isDef && isa::valuSourceIndex(row_.operands[k].field) >= 0)
        ++numSources;
    unsigned arity = (row_.flags >> kOpSelArityShift) & 7;
    if (arity == 0)
      arity = numSources + 1;
    const bool lastIsDst = arity == numSources + 1;
    const std::vector<ParsedOperand> &list = ops_[i].list;
    for (unsigned e = 0; e < list.size() && e < arity; ++e)
      if (list[e].number.integer)
        mods_ |= 1u << (kOpSelBit + (lastIsDst && e == arity - 1 ? 3 : e));
    ++i;
  }
  if (i < ops_.size() && (row_.modifiers & isa::mod::Clamp) && ops_[i].kind == Kind::Flag &&
      ops_[i].name == "clamp") {
    mods_ |= 1u << kClampBit;
    ++i;
  }
  if (i < ops_.size() && (row_.modifiers & isa::mod::Omod) && ops_[i].kind == Kind::KeyValue &&
      (ops_[i].name == "mul" || ops_[i].name == "div")) {
    const int64_t v = ops_[i].number.integer;
    const uint32_t omod = ops_[i].name == "div" ? (v == 2 ? 3 : 0) : (v == 2 ? 1 : v == 4 ? 2 : 0);
    mods_ |= omod << kOmodBit;
    ++i;
  }
  return i;
}

// SDWA's clamp and omod (where the row takes them), each optional, in this order.
size_t FormMatcher::matchSdwaOutputModifiers(size_t i) {
  const uint32_t accepted = row_.flags >> kSdwaModShift;
  // llvm-mc knows a clamp on VOPC SDWA from gfx10, which gfx9 lacks.
  if (i < ops_.size() && row_.format == Format::VOPC && ops_[i].kind == Kind::Flag &&
      ops_[i].name == "clamp") {
    vopcSdwaClamp_ = true;
    ++i;
  }
  if (i < ops_.size() && (accepted & 1) && ops_[i].kind == Kind::Flag && ops_[i].name == "clamp") {
    sdwaBits_ |= 1u << 13;
    ++i;
  }
  if (i < ops_.size() && (accepted & 2) && ops_[i].kind == Kind::KeyValue &&
      (ops_[i].name == "mul" || ops_[i].name == "div")) {
    const int64_t v = ops_[i].number.integer;
    const uint32_t omod = ops_[i].name == "div" ? (v == 2 ? 3 : 0) : (v == 2 ? 1 : v == 4 ? 2 : 0);
    sdwaBits_ |= omod << 14;
    ++i;
  }
  return i;
}

Attempt FormMatcher::match() {
  size_t i = 0;
  for (unsigned k = 0; k < row_.numOperands; ++k) {
    const OperandDesc &d = row_.operands[k];
    if (d.field == Field::None && !d.isDef && implicitVccOptional(row_) &&
        (i >= ops_.size() || ops_[i].kind != Kind::Register)) {
      readsVcc_ = true;
      continue;
    }
    if (i >= ops_.size())
      return Attempt::tooFew(in_);
    const ParsedOperand &op = ops_[i];
    Attempt err;
    bool ok = false;
    if (d.kind == OperandKind::KImm)
      ok = (hasKImm_ = matchKImm(op, d)) || ((err = fail(i)), false);
    else if (d.isDef)
      ok = matchDef(op, d, i, err);
    else
      ok = matchSource(op, d, i, err);
    if (!ok) {
      // llvm-mc reads the implicit vcc as a fixed token and blames the row's last operand
      // that is not one.
      if (d.field == Field::None && d.isDef && form_ == Form::E32 && !missingFeature_ &&
          !otherWaveVcc_) {
        size_t last = 0;
        for (unsigned n = 0; n < row_.numOperands; ++n)
          if (row_.operands[n].field != Field::None)
            last = n;
        return fail(std::min(last, ops_.size()));
      }
      return err;
    }
    ++i;
  }
  if (isVop3Form(form_))
    i = matchOutputModifiers(i);
  if (form_ == Form::Sdwa)
    i = readSdwaControls(ops_, matchSdwaOutputModifiers(i), row_.format, sdwa_);
  if (isDpp(form_)) {
    const bool want8 = form_ == Form::Dpp8 || form_ == Form::E64Dpp8;
    const DppControl lead = i < ops_.size() ? dppControlOf(ops_[i], in_.target) : DppControl::None;
    if (lead != (want8 ? DppControl::Dpp8 : DppControl::Dpp16Ctrl))
      return i < ops_.size() ? fail(i) : Attempt::tooFew(in_);
    i = readDppControls(ops_, i, dpp_, in_.target);
  }
  if (i < ops_.size())
    return fail(i);
  if (vopcSdwaClamp_ && !sdwaSd_)
    return needsFeature(ops_.size()); // gfx10's VOPC SDWA (result in vcc) has a clamp
  if (vopcSdwaClamp_)
    return fail(ops_.size() - 1);
  return Attempt::success(ops_.size());
}

std::optional<Attempt> FormMatcher::validate() const {
  auto failure = [&](std::string msg, size_t offset) {
    return Attempt{false, std::move(msg), offset, kValidationProgress};
  };
  if (dppSrc1Immediate_)
    return failure("src1 immediate operand invalid for instruction", in_.mnemonicOffset);
  const isa::TargetInfo &target = isa::targetInfo(in_.target);
  if (isVop3Form(form_) && numLiterals_ && !target.has(isa::TargetInfo::kVop3Literal))
    return failure("literal operands are not supported", ops_[literals_[0].op].offset);
  if (literalConflict_)
    return failure("only one unique literal operand is allowed", ops_[*literalConflict_].offset);
  if (ldsDirectRejected_)
    return failure("lds_direct cannot be used with this instruction",
                   offsetOf(*ldsDirectRejected_));
  // Constant bus: at most two scalar values (one for the 64-bit shifts). A register read twice
  // counts once, and so does the literal unless operands of different sizes read it.
  // v_div_fmas reads vcc besides its operands.
  const bool shift64 =
      row_.name == "v_lshlrev_b64" || row_.name == "v_lshrrev_b64" || row_.name == "v_ashrrev_i64";
  const unsigned limit = shift64 ? 1u : target.constantBusLimit;
  ScalarUse seen[4];
  size_t numSeen = 0;
  unsigned used = 0;
  if (row_.name.starts_with("v_div_fmas_") || readsVcc_) {
    seen[numSeen++] = {kVcc, laneMaskRegs(in_), 0};
    used = 1;
  }
  unsigned literalBytes = 0;
  if (hasKImm_) { // madmk / fmaak's constant is read before the sources
    literalBytes = 4;
    ++used;
  }
  size_t s = 0, l = 0;
  for (size_t k = 0; k < ops_.size(); ++k) {
    const unsigned before = used;
    if (s < numScalars_ && scalars_[s].op == k) {
      const ScalarUse &u = scalars_[s++];
      if (std::none_of(seen, seen + numSeen,
                       [&](const ScalarUse &x) { return x.enc == u.enc && x.count == u.count; })) {
        if (numSeen < std::size(seen))
          seen[numSeen++] = u;
        ++used;
      }
    } else if (l < numLiterals_ && literals_[l].op == k) {
      const unsigned bytes = literals_[l++].bytes;
      if (literalBytes == 0 || (literalBytes != bytes && literalBytes != ~0u))
        ++used;
      literalBytes = literalBytes == 0 ? bytes : (literalBytes != bytes ? ~0u : literalBytes);
    }
    if (used > before && used > limit) {
      // llvm-mc points at the last scalar or literal source, not the first one too many.
      size_t last = k;
      for (size_t n = 0; n < numScalars_; ++n)
        last = std::max(last, scalars_[n].op);
      for (size_t n = 0; n < numLiterals_; ++n)
        last = std::max(last, literals_[n].op);
      return failure("invalid operand (violates constant bus restrictions)", offsetOf(last));
    }
  }
  return std::nullopt;
}

void FormMatcher::encode(EncodedInstruction &out) {
  const uint32_t op = row_.opcode;
  if (isDpp(form_))
    src_[0] = dppSrc0Field(dpp_);
  if (form_ == Form::Sdwa)
    return encodeSdwa(out);
  if (isVop3Form(form_)) {
    bool hasVdst = false;
    for (unsigned k = 0; k < row_.numOperands; ++k)
      hasVdst |= row_.operands[k].field == Field::VDST;
    if (!hasVdst && row_.numOperands > 0)
      vdst_ = kExecLo; // v_cmpx: the result goes to exec
    uint32_t m = mods_ & keptModifiers(row_);
    if (row_.format == Format::VOP3SD)
      m = (m & ~0x7fu) | (sdst_ & 0x7f);
    appendDword(out.bytes, isa::targetInfo(in_.target).prefix(Format::VOP3) | op << 16 |
                               (m & 0xff) << 8 | (vdst_ & 0xff));
    appendDword(out.bytes, (src_[0] & 0x1ff) | (src_[1] & 0x1ff) << 9 | (src_[2] & 0x1ff) << 18 |
                               ((m >> 8) & 0x1f) << 27);
  } else {
    uint32_t w0 = 0;
    switch (row_.format) {
    case Format::VOP1:
      w0 = 0x7E000000u | (vdst_ & 0xff) << 17 | op << 9 | (src_[0] & 0x1ff);
      break;
    case Format::VOP2:
      w0 = op << 25 | (vdst_ & 0xff) << 17 | (src_[1] & 0xff) << 9 | (src_[0] & 0x1ff);
      break;
    default: // VOPC
      w0 = 0x7C000000u | op << 17 | (src_[1] & 0xff) << 9 | (src_[0] & 0x1ff);
      break;
    }
    appendDword(out.bytes, w0);
  }
  if (form_ == Form::Dpp16 || form_ == Form::E64Dpp16)
    appendDword(out.bytes, dpp16Dword(dpp_, dppSrc0_, form_ == Form::Dpp16 ? dppSrcMods_ : 0));
  else if (isDpp(form_))
    appendDword(out.bytes, dpp8Dword(dpp_, dppSrc0_));
  else
    appendLiteral(f_, out);
}

// VOP1 / VOP2 / VOPC with src0 = 0xF9 and the SDWA dword: sources by VGPR number or, with
// their s bit, scalar encoding.
void FormMatcher::encodeSdwa(EncodedInstruction &out) const {
  const uint32_t op = row_.opcode;
  const uint32_t src1 = src_[1] >= 256 ? src_[1] - 256 : src_[1];
  uint32_t w0 = 0;
  switch (row_.format) {
  case Format::VOP1:
    w0 = 0x7E000000u | (vdst_ & 0xff) << 17 | op << 9;
    break;
  case Format::VOP2:
    w0 = op << 25 | (vdst_ & 0xff) << 17 | (src1 & 0xff) << 9;
    break;
  default: // VOPC
    w0 = 0x7C000000u | op << 17 | (src1 & 0xff) << 9;
    break;
  }
  appendDword(out.bytes, w0 | 0xF9);
  uint32_t sdwa = (src_[0] & 0xff) | sdwaBits_ | sdwaControlBits(sdwa_, row_.format);
  if (sdwaScalar_[0])
    sdwa |= 1u << 23;
  if (sdwaScalar_[1])
    sdwa |= 1u << 31;
  if (sdwaSd_)
    sdwa |= (0x80u | (sdwaSdst_ & 0x7f)) << 8;
  appendDword(out.bytes, sdwa);
}

// The encodings llvm-mc tries as one "variant", and where that variant comes in its order.
struct VariantForms {
  Form forms[2];
  unsigned count;
  int rank; // 0: 32-bit, 1: VOP3, 2: SDWA, 3: DPP, 4: VOP3 DPP
};

// llvm-mc also knows the 32-bit forms (and their DPP forms) of the other wave size, whose
// implicit lane mask is spelled vcc_lo in wave32 and vcc in wave64, and, without a suffix,
// their SDWA forms, which GFX11 lacks and which take a scalar second source (SDWA VOP2 in both
// wave sizes, SDWA VOPC with an implicit vcc only in wave64). They compete like the forms of
// the current wave size, except that one that matches makes llvm-mc blame the mode. Returns
// the attempt of `form` as such a form, or nothing when the row has no implicit lane mask.
std::optional<Attempt> otherWaveSizeAttempt(const MatchInput &in, Form form) {
  const InstrDesc &row = in.row;
  if (form == Form::Sdwa) // gfx9's SDWA forms exist in wave64 only
    return std::nullopt;
  bool implicitMask = false;
  for (unsigned i = 0; i < row.numOperands; ++i)
    implicitMask = implicitMask || (row.operands[i].field == Field::None &&
                                    row.operands[i].type == DataType::LaneMask);
  if (!implicitMask)
    return std::nullopt;
  const MatchInput other{row, in.ops, in.mnemonicOffset, in.variant, !in.wave64, in.target};
  FormMatcher m(other, form);
  if (form == Form::E32 && in.variant == Variant::Any &&
      (row.format == Format::VOP2 || other.wave64))
    m.acceptScalarVsrc1();
  return m.match();
}

Attempt unsupported(const MatchInput &in, const char *variant) {
  return Attempt{false, std::string(variant) + " variant of this instruction is not supported",
                 in.mnemonicOffset, 0};
}

} // namespace

Attempt matchValu(const MatchInput &in, EncodedInstruction &out) {
  const InstrDesc &row = in.row;
  const RowPair rows = rowPairOf(in.target, row);
  if (rows.e32 != &row && rows.e64 != &row)
    return Attempt{false, "invalid instruction", in.mnemonicOffset, -1};
  // llvm-mc knows v_readlane / v_writelane as 32-bit instructions with a VOP3 encoding: `_e32`
  // names them, `_e64` does not.
  const bool laneAccess = row.name == "v_readlane_b32" || row.name == "v_writelane_b32";
  if (laneAccess && (in.variant == Variant::E64 || in.variant == Variant::E32))
    return in.variant == Variant::E64 ? unsupported(in, "e64")
                                      : matchValu(MatchInput{row, in.ops, in.mnemonicOffset,
                                                             Variant::Any, in.wave64, in.target},
                                                  out);
  const bool vop3 = isVop3(row);
  const bool dpp16 = row.modifiers & isa::mod::Dpp16, dpp8 = row.modifiers & isa::mod::Dpp8;
  VariantForms variants[3];
  unsigned numVariants = 0;
  auto addDpp = [&](Form f16, Form f8, int rank) {
    VariantForms v{{}, 0, rank};
    if (dpp16)
      v.forms[v.count++] = f16;
    if (dpp8)
      v.forms[v.count++] = f8;
    if (v.count)
      variants[numVariants++] = v;
  };
  const bool plain =
      in.variant == Variant::Any || in.variant == (vop3 ? Variant::E64 : Variant::E32);
  const bool dpp =
      in.variant == Variant::Any || in.variant == (vop3 ? Variant::E64Dpp : Variant::Dpp);
  const bool sdwa = (row.modifiers & isa::mod::Sdwa) &&
                    (in.variant == Variant::Any || in.variant == Variant::Sdwa);
  if (plain)
    variants[numVariants++] = VariantForms{{vop3 ? Form::E64 : Form::E32}, 1, vop3 ? 1 : 0};
  if (sdwa)
    variants[numVariants++] = VariantForms{{Form::Sdwa}, 1, 2};
  if (dpp)
    addDpp(vop3 ? Form::E64Dpp16 : Form::Dpp16, vop3 ? Form::E64Dpp8 : Form::Dpp8, vop3 ? 4 : 3);
  if (numVariants == 0 && in.variant == Variant::Sdwa) {
    const bool other = rows.e32 && rows.e32 != &row && (rows.e32->modifiers & isa::mod::Sdwa);
    return other ? Attempt{false, "", in.mnemonicOffset, -1} : unsupported(in, "sdwa");
  }
  if (numVariants == 0) {
    switch (in.variant) {
    case Variant::E32:
      return rows.e32 ? Attempt{false, "", in.mnemonicOffset, -1} : unsupported(in, "e32");
    case Variant::E64:
      return rows.e64 ? Attempt{false, "", in.mnemonicOffset, -1} : unsupported(in, "e64");
    default: {
      const bool other =
          vop3 ? rows.e32 && (rows.e32->modifiers & (isa::mod::Dpp16 | isa::mod::Dpp8))
               : rows.e64 && (rows.e64->modifiers & (isa::mod::Dpp16 | isa::mod::Dpp8));
      return other && in.variant == (vop3 ? Variant::Dpp : Variant::E64Dpp)
                 ? Attempt{false, "", in.mnemonicOffset, -1}
                 : unsupported(in, in.variant == Variant::E64Dpp ? "e64_dpp" : "dpp");
    }
    }
  }
  // An encoding the mnemonic's suffix forces is checked before the operands are parsed; then
  // come llvm-mc's parse errors.
  if (std::optional<Attempt> e = parseErrors(in, rows))
    return *e;
  Attempt last;
  bool missingFeature = false;
  const bool lastVariantReported =
      isa::targetInfo(in.target).has(isa::TargetInfo::kAsmReportsLastVariant);
  for (unsigned v = 0; v < numVariants; ++v) {
    // llvm-mc tries the VOP3 encoding before SDWA, whose operands are all optional: the 32-bit
    // row tries its VOP3 twin first (its failures are the twin's own candidate's to report).
    if (variants[v].forms[0] == Form::Sdwa && in.variant == Variant::Any && rows.e64) {
      const MatchInput twin{*rows.e64, in.ops, in.mnemonicOffset, in.variant, in.wave64, in.target};
      FormMatcher m(twin, Form::E64);
      if (Attempt a = m.match(); a.ok) {
        if (std::optional<Attempt> bad = m.validate())
          return *bad;
        m.encode(out);
        return a;
      }
    }
    Attempt worst;
    for (unsigned f = 0; f < variants[v].count; ++f) {
      FormMatcher m(in, variants[v].forms[f]);
      Attempt a = m.match();
      if (a.ok) {
        if (std::optional<Attempt> bad = m.validate())
          return *bad;
        m.encode(out);
        return a;
      }
      missingFeature |= m.missingFeature();
      if (a.progress > worst.progress)
        worst = a;
      if (std::optional<Attempt> other = otherWaveSizeAttempt(in, variants[v].forms[f])) {
        missingFeature |= other->ok;
        if (!other->ok && other->progress > worst.progress)
          worst = *other;
      }
    }
    // gfx11's llvm-mc reports the last variant it tried; gfx9's the one that got furthest.
    if (lastVariantReported) {
      worst.progress += 1 + variants[v].rank * kVariantProgress;
      last = worst;
    } else if (worst.progress + 1 > last.progress) {
      last = worst;
      last.progress += 1;
    }
  }
  if (missingFeature)
    return Attempt{false, kMissingFeature, in.mnemonicOffset, kMissingFeatureProgress};
  return last;
}

} // namespace gcnkit::assembler
