// Operands of the 16-bit, packed (VOP3P), v_fma_mix* and WMMA instructions: which half each
// source reads and the result writes (op_sel), op_sel_hi / neg_lo / neg_hi, and f16 denormals
// (emu/valu16.h).
#include "emu/predecode_builder.h"

#include <string>
#include <utility>

#include "emu/valu16.h"
#include "gcnkit/kernel_descriptor.h"
#include "isa/wave_size.h"

namespace gcnkit::emu::predecode_detail {

namespace {

// gfx9's 16-bit instructions that zero the high half of their destination when they write the
// low half (the others keep it, as every 16-bit instruction of gfx10+ does). The list is LLVM's
// GCNSubtarget::zeroesHigh16BitsOfDest for gfx9 (facts measured on hardware, per its comment):
// v_mac_f16, v_madak / madmk_f16, v_fmac_f16 and v_mad_mix* keep the high half.
bool zeroesHighHalf(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "v_cvt_f16_f32", "v_cvt_f16_u16", "v_cvt_f16_i16", "v_rcp_f16", "v_rsq_f16", "v_sqrt_f16",
      "v_log_f16", "v_exp_f16", "v_sin_f16", "v_cos_f16", "v_floor_f16", "v_ceil_f16",
      "v_trunc_f16", "v_rndne_f16", "v_fract_f16", "v_frexp_mant_f16", "v_frexp_exp_i16_f16",
      "v_ldexp_f16", "v_lshlrev_b16", "v_lshrrev_b16", "v_ashrrev_i16", "v_add_u16", "v_sub_u16",
      "v_subrev_u16", "v_mul_lo_u16", "v_add_f16", "v_sub_f16", "v_subrev_f16", "v_mul_f16",
      "v_max_f16", "v_min_f16", "v_max_u16", "v_min_u16", "v_max_i16", "v_min_i16",
      // gfx9's legacy (gfx8) VOP3 forms; their op_sel successors v_mad_f16 / v_mad_u16 /
      // v_mad_i16 / v_fma_f16 / v_div_fixup_f16 write one half and keep the other, as do
      // v_mac_f16 / v_madak_f16 / v_madmk_f16 (clang masks their results, not the legacy ones).
      "v_mad_legacy_f16", "v_mad_legacy_u16", "v_mad_legacy_i16", "v_fma_legacy_f16",
      "v_div_fixup_legacy_f16"};
  for (std::string_view n : kNames)
    if (n == name)
      return true;
  return false;
}

} // namespace

uint32_t Builder::inline16(unsigned enc, DataType t) {
  if (enc <= 208)
    return static_cast<uint32_t>(inlineConstant(enc, DataType::I32)) & 0xFFFF;
  if (t == DataType::BF16 || t == DataType::V2BF16)
    return static_cast<uint32_t>(inlineConstant(enc, DataType::F32)) >> 16;
  return static_cast<uint32_t>(inlineConstant(enc, DataType::F16));
}

bool Builder::operands16(const disasm::Inst &inst, const ExecEntry &entry, DecodedInst &d,
                         std::string &why) {
  using namespace half16;
  const InstrDesc &row = *inst.desc;
  const Encoding e{inst};
  const Format fmt = row.format;
  const bool vop3 = fmt == Format::VOP3 || fmt == Format::VOP3SD;
  const bool vop3p = fmt == Format::VOP3P;
  const bool wide = vop3 || vop3p;
  const bool wmma = isa::isWmma(row);
  const bool halfBit = target.has(isa::TargetInfo::kVgprHalfBit);
  const bool mix = vop3p && (row.modifiers & isa::mod::Abs);
  const uint32_t w0 = e.w(0), w1 = wide ? e.w(1) : 0;
  const unsigned opsel = wide ? isa::bits(w0, 14, 11) : 0; // VOP3P: bit 3 is op_sel_hi[2]
  const unsigned opselHi = vop3p ? (isa::bits(w1, 28, 27) | ((w0 >> 14) & 1) << 2) : 7;
  const unsigned negLo = wide ? isa::bits(w1, 31, 29) : 0; // VOP3: neg
  const unsigned negHi = wide ? isa::bits(w0, 10, 8) : 0;  // VOP3: abs
  // v_pk_fmac_f16 / v_dot2acc_f32_f16: whole registers (llvm-mc types VSRC1 as f16).
  bool packedRegs = false;
  for (unsigned i = 0; i < row.numOperands; ++i)
    packedRegs |= fmt == Format::VOP2 && isPackedType(row.operands[i].type);
  const uint32_t mode16 = neutralMode ? 3 : isa::kd::kFloatDenormMode16_64.get(info.rsrc1);
  const uint32_t mode32 = neutralMode ? 3 : isa::kd::kFloatDenormMode32.get(info.rsrc1);
  const bool floatSources = entry.flags & entry::kF32Sources;
  const bool ldexp = baseName(row.name) == "v_ldexp_f16"; // S1 is an integer exponent
  const bool integerDot = vop3p && !wmma && !mix && row.operands[1].type == DataType::B32;
  DataType dstType = DataType::None;
  auto fail = [&why](std::string reason) {
    why = std::move(reason);
    return false;
  };
  for (unsigned i = 0; i < row.numOperands; ++i) {
    const OperandDesc &o = row.operands[i];
    const unsigned regs = dis.operandRegs(inst, i);
    if (o.isDef) {
      if (o.field == Field::None) { // VOPC e32: VCC
        d.sdst = sreg::kVccLo;
        continue;
      }
      const unsigned enc = e.field(o.field, o);
      if (o.kind == OperandKind::VReg) {
        unsigned r = enc - 256;
        if (isHalfType(o.type) && !wide && halfBit) {
          if (r >> 7)
            d.aux |= kDstHi;
          r &= 0x7F;
        } else if (isHalfType(o.type) && vop3 && ((opsel >> 3) & 1)) {
          d.aux |= kDstHi;
        }
        d.vdst = vgprRow(r, regs, true);
        d.dstRegs = static_cast<uint8_t>(regs);
        dstType = o.type;
      } else {
        if (enc >= 128 || (!isNullEnc(enc) && enc + regs > 128))
          return fail("scalar destination " + std::to_string(enc) + " not emulated");
        d.sdst = scalarIndex(enc);
      }
      continue;
    }
    const unsigned slot = slotOf(o.field);
    Src &s = d.src[slot];
    if (o.kind == OperandKind::KImm) { // fmaak / fmamk: the literal's low half
      s.kind = SrcKind::Const;
      s.value = e.literal();
      continue;
    }
    if (o.field == Field::None) { // implicit VCC
      s.kind = SrcKind::Sgpr;
      s.reg = sreg::kVccLo;
      continue;
    }
    unsigned enc = e.field(o.field, o);
    const bool dppSource = o.field == Field::SRC0 && isDppMarker(enc);
    if (dppSource) {
      if (!dppActive)
        return fail("DPP not emulated");
      enc = 256 + dppSource0;
    }
    const bool half = isHalfType(o.type) && !packedRegs && !mix && !wmma && !vop3p;
    const bool packed =
        !mix && !wmma && (isPackedType(o.type) || (packedRegs && isHalfType(o.type)));
    bool hi = false;
    if (half && !wide && enc >= 256 && halfBit) { // VOP1 / VOP2 / VOPC: bit 7, the high half
      hi = (enc - 256) >> 7;
      enc = 256 + ((enc - 256) & 0x7F);
    }
    if (!source(enc, o, regs, e, s, why))
      return false;
    if (dppSource) { // the DPP entry permutes the lanes into the buffer row
      dppSourceRow = s.reg;
      s.reg = scratchRow(registerRows(), 0);
    }
    const bool inl = isInlineEnc(enc);
    const bool dppMods = dppActive && !wide && slot < 2;
    const bool dppNeg = dppMods && ((dppWord >> (20 + 2 * slot)) & 1);
    const bool dppAbs = dppMods && ((dppWord >> (21 + 2 * slot)) & 1);
    const bool vop3Abs = vop3 && (row.modifiers & isa::mod::Abs) && ((negHi >> slot) & 1);
    const bool vop3Neg = vop3 && (row.modifiers & isa::mod::Neg) && ((negLo >> slot) & 1);
    const bool abs = vop3Abs || dppAbs, neg = vop3Neg || dppNeg;
    uint32_t andMask = 0xFFFFFFFFu, xorMask = 0;
    bool flush = false;
    if (wmma) {
      if (slot < 2 && s.kind != SrcKind::Vgpr)
        return fail("WMMA A / B must be VGPRs");
      if (row.operands[0].type == DataType::I32) { // iu8 / iu4: neg_lo[1:0] = signed A / B
        if (slot == 2 ? ((negLo >> 2) & 1) : false)
          return fail("neg on the WMMA integer accumulator");
        if (slot < 2 && ((negLo >> slot) & 1))
          d.aux |= kSigned << slot;
        if (slot == 2 && negHi)
          return fail("neg_hi on WMMA integer inputs");
      } else {
        if ((negLo >> slot) & 1)
          d.aux |= kNegLo << slot;
        if ((negHi >> slot) & 1)
          d.aux |= kNegHi << slot;
      }
      if (slot == 2 && inl) { // C: the constant in every element (both halves for 16-bit)
        if (isPackedType(o.type)) {
          const uint32_t v = inline16(enc, o.type);
          s.value = v | v << 16;
        } else {
          s.value = static_cast<uint32_t>(inlineConstant(enc, o.type));
        }
      }
      continue;
    }
    if (mix) { // f16 (op_sel_hi[i], half op_sel[i]) or f32; neg_lo: neg, neg_hi: abs
      const bool isF16 = (opselHi >> slot) & 1;
      if (isF16) {
        d.aux |= kMixF16 << slot;
        if ((opsel >> slot) & 1)
          d.aux |= kSrcHi << slot;
        if (inl)
          s.value = inline16(enc, DataType::F16);
      } else if (inl) {
        s.value = static_cast<uint32_t>(inlineConstant(enc, DataType::F32));
      }
      if ((negHi >> slot) & 1)
        andMask = 0x7FFFFFFFu;
      if ((negLo >> slot) & 1)
        xorMask = 0x80000000u;
      flush = floatSources && (isF16 ? mode16 == 0 || mode16 == 2 : mode32 == 0 || mode32 == 2);
      s.andMask = andMask;
      s.xorMask = xorMask;
      s.flushDenorm = flush;
      s.modified = flush || andMask != 0xFFFFFFFFu || xorMask;
      continue;
    }
    if (half) {
      if (vop3 && ((opsel >> slot) & 1))
        hi = true;
      if (inl)
        s.value = inline16(enc, o.type);
      if (abs)
        andMask = 0xFFFF7FFFu;
      if (neg)
        xorMask = 0x8000u;
      flush = floatSources && o.type == DataType::F16 && !(ldexp && slot == 1) &&
              (mode16 == 0 || mode16 == 2);
      if (s.kind == SrcKind::Const) { // fold the half, flushing and modifiers
        uint32_t v =
            (hi ? static_cast<uint32_t>(s.value) >> 16 : static_cast<uint32_t>(s.value)) & 0xFFFF;
        if (flush)
          v = flushF16(v);
        s.value = (v & andMask) ^ xorMask;
        continue;
      }
      if (hi)
        d.aux |= kSrcHi << slot;
    } else if (packed) {
      bool loFromHi = false, hiFromLo = false;
      if (vop3p) {
        loFromHi = (opsel >> slot) & 1;
        hiFromLo = !((opselHi >> slot) & 1);
        // neg_lo / neg_hi flip the sign bit of each element, for integer elements too (the
        // ISA gives no integer meaning: the bit the float modifier flips, a documented choice).
        if (((negLo | negHi) >> slot) & 1) {
          if ((negLo >> slot) & 1)
            xorMask |= 0x8000u;
          if ((negHi >> slot) & 1)
            xorMask |= 0x80000000u;
        }
      } else {
        // VOP3 v_dot2_{f16_f16,bf16_bf16} and the VOP2 forms: inline constants fill both
        // halves (the VALU document). op_sel of these whole-register sources selects nothing
        // and is ignored (a documented choice); abs / neg (VOP3 or DPP) apply to both halves.
        if (abs)
          andMask = 0x7FFF7FFFu;
        if (neg)
          xorMask = 0x80008000u;
      }
      if (inl) {
        const uint32_t v = inline16(enc, o.type);
        s.value = vop3p ? v : v | v << 16;
      }
      flush = floatSources && (o.type == DataType::V2F16 || o.type == DataType::F16) &&
              (mode16 == 0 || mode16 == 2);
      if (s.kind == SrcKind::Const) {
        const uint32_t v = static_cast<uint32_t>(s.value);
        const uint32_t lo = loFromHi ? v >> 16 : v & 0xFFFF;
        const uint32_t hiElem = hiFromLo ? v & 0xFFFF : v >> 16;
        uint32_t p = lo | hiElem << 16;
        if (flush)
          p = flushF16(p & 0xFFFF) | flushF16(p >> 16) << 16;
        s.value = (p & andMask) ^ xorMask;
        continue;
      }
      if (loFromHi)
        d.aux |= kSrcHi << slot;
      if (hiFromLo)
        d.aux |= kSrcHiFromLo << slot;
    } else { // a 32-bit source
      const bool isFloat = o.type == DataType::F32;
      const bool iu = integerDot && row.name.find("_iu") != std::string_view::npos;
      if (iu && slot < 2) { // neg_lo[1:0] of the iu forms: signed sources
        if ((negLo >> slot) & 1)
          d.aux |= kSigned << slot;
        if ((negHi >> slot) & 1)
          andMask = 0x7FFFFFFFu;
      } else if (vop3p && (((negLo | negHi) >> slot) & 1)) {
        // On integer operands the modifiers act on the bit pattern as on an f32 (neg_hi clears
        // and neg_lo flips bit 31): the ISA gives them no integer meaning; a documented choice.
        if ((negHi >> slot) & 1)
          andMask = 0x7FFFFFFFu;
        if ((negLo >> slot) & 1)
          xorMask = 0x80000000u;
      } else if (isFloat) {
        if (abs)
          andMask = 0x7FFFFFFFu;
        if (neg)
          xorMask = 0x80000000u;
      }
      flush = floatSources && isFloat && (mode32 == 0 || mode32 == 2);
      if (s.kind == SrcKind::Const) {
        s.value = (static_cast<uint32_t>(s.value) & andMask) ^ xorMask;
        continue;
      }
    }
    s.andMask = andMask;
    s.xorMask = xorMask;
    s.flushDenorm = flush;
    s.modified = flush || andMask != 0xFFFFFFFFu || xorMask != 0;
  }
  if (wmma) {
    const bool halfResult =
        row.operands[0].type == DataType::V2F16 || row.operands[0].type == DataType::V2BF16;
    // op_sel[1:0] (A / B) and op_sel[2] of an f32 / i32 result select nothing: whole registers
    // hold the matrices (AMD's matrix instruction calculator gives op_sel a meaning only for
    // 16-bit C / D). They are ignored, a documented choice.
    if (halfResult && ((opsel >> 2) & 1))
      d.aux |= kWmmaHi;
  }
  markCmpx(row, d);
  if (!target.has(isa::TargetInfo::k16BitResultsKeepHigh) && !(d.aux & kDstHi) &&
      zeroesHighHalf(baseName(row.name)))
    d.aux |= kZeroHigh;
  // Result post-processing: clamp, omod and denormal flushing of the result's type.
  const bool f16Result = dstType == DataType::F16 || dstType == DataType::V2F16 ||
                         dstType == DataType::BF16 || dstType == DataType::V2BF16;
  const uint32_t resultMode = f16Result ? mode16 : mode32;
  if (e.clamp()) {
    if (entry.flags & entry::kF32Result)
      d.postOps |= post::kClamp | clampNanRule();
    else if (entry.flags & entry::kIntClamp) {
      d.extra |= 1;
      d.postOps |= clampNanRule(); // the f16 packs' clamp reads the NaN rule too
    } else if (!(entry.flags & entry::kCompare))
      return fail("clamp not emulated for this instruction");
  }
  const unsigned omod = e.omod();
  // Integer and packed f16 results ignore omod (the VALU document): kIntClamp entries.
  if (omod && !(entry.flags & entry::kIntClamp)) {
    if (!(entry.flags & entry::kF32Result))
      return fail("omod not emulated for this instruction");
    static constexpr uint8_t kOmod[] = {0, post::kOmodMul2, post::kOmodMul4, post::kOmodDiv2};
    // As for f32: ignored in IEEE mode and when the result type keeps denormal results. The
    // MODE wrapper decides for f32 results; it runs f16 ones only with f16 denormals kept.
    if (neutralMode) {
      if (!f16Result)
        d.postOps |= kOmod[omod];
    } else if (!isa::kd::kEnableIeeeMode.get(info.rsrc1) && resultMode <= 1) {
      d.postOps |= kOmod[omod] | post::kFlushDenormF32;
    }
  }
  if ((entry.flags & entry::kF32Result) && (resultMode == 0 || resultMode == 1))
    d.postOps |= post::kFlushDenormF32;
  if (entry.flags & entry::kAccumulator) { // v_fmac_f16 reads the half it writes
    Src &acc = d.src[2];
    acc = Src{};
    acc.kind = SrcKind::Vgpr;
    acc.reg = d.vdst;
    if (d.aux & kDstHi)
      d.aux |= kSrcHi << 2;
    if (floatSources && (mode16 == 0 || mode16 == 2) && !packedRegs) {
      acc.flushDenorm = acc.modified = true;
    } else if (floatSources && packedRegs && (mode16 == 0 || mode16 == 2) &&
               dstType == DataType::V2F16) {
      acc.flushDenorm = acc.modified = true;
    } else if (floatSources && dstType == DataType::F32 && (mode32 == 0 || mode32 == 2)) {
      acc.flushDenorm = acc.modified = true;
    }
  }
  return !e.isSdwa() || sdwaOperands(inst, d, why);
}

} // namespace gcnkit::emu::predecode_detail
