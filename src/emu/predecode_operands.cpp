// Operands of the 32- and 64-bit VALU, SALU, SMEM and memory instructions: registers, inline
// constants and literals resolved for the operand's type, abs / neg as source masks, clamp and
// omod as post-operations.
#include "emu/predecode_builder.h"

#include <string>

#include "emu/apertures.h"
#include "emu/mfma.h"
#include "emu/valu_exec.h"
#include "gcnkit/kernel_descriptor.h"
#include "isa/smem_offsets.h"

namespace gcnkit::emu::predecode_detail {

bool Builder::source(unsigned enc, const OperandDesc &o, unsigned regs, const Encoding &e, Src &s,
                     std::string &why) {
  if (enc >= 256) {
    s.kind = SrcKind::Vgpr;
    s.reg = vgprRow(enc - 256, regs, false);
    return true;
  }
  if (enc < 128) {
    if (isNullEnc(enc)) {
      s.kind = SrcKind::Const;
      return true;
    }
    if (enc + regs > 128) {
      why = "scalar register tuple out of range";
      return false;
    }
    s.kind = SrcKind::Sgpr;
    s.reg = scalarIndex(enc);
    return true;
  }
  if ((enc >= 128 && enc <= 208) || (enc >= 240 && enc <= 248)) {
    s.kind = SrcKind::Const;
    s.value = inlineConstant(enc, o.type);
    return true;
  }
  switch (enc) {
  case kEncLiteral:
    s.kind = SrcKind::Const;
    s.value = literalValue(e.literal(), o.type);
    return true;
  case kEncVccz:
    s.kind = SrcKind::Vccz;
    return true;
  case kEncExecz:
    s.kind = SrcKind::Execz;
    return true;
  case kEncScc:
    s.kind = SrcKind::Scc;
    return true;
  default:
    break;
  }
  if (enc >= kEncSharedBase && enc <= kEncPrivateLimit) {
    // src_*_base: the aperture's high half; src_*_limit: the high half of its last byte.
    // A 64-bit operand reads the whole address (the base, or the limit: base + 4 GiB - 1).
    s.kind = SrcKind::Const;
    s.value = enc < 237 ? aperture::kSharedHi : aperture::kPrivateHi;
    if (is64(o.type))
      s.value = (s.value << 32) | ((enc - kEncSharedBase) % 2 ? 0xFFFFFFFFu : 0);
    return true;
  }
  why = "source encoding " + std::to_string(enc) + " not emulated";
  return false;
}

void Builder::markCmpx(const InstrDesc &row, DecodedInst &d) const {
  if (target.has(isa::TargetInfo::kCmpxWritesResult) && row.name.starts_with("v_cmpx_"))
    d.extra |= valu::kCmpxWritesResult;
}

bool Builder::operands(const disasm::Inst &inst, const ExecEntry &entry, DecodedInst &d,
                       std::string &why) {
  if (entry.flags & entry::k16Bit)
    return operands16(inst, entry, d, why);
  const InstrDesc &row = *inst.desc;
  const Encoding e{inst};
  const Format fmt = row.format;
  const bool vop3 = fmt == Format::VOP3 || fmt == Format::VOP3SD;
  const bool memory = fmt == Format::DS || fmt == Format::GLOBAL || fmt == Format::FLAT ||
                      fmt == Format::SCRATCH || fmt == Format::MUBUF || fmt == Format::MTBUF;
  if (fmt == Format::DS) {
    const isa::mem::FormatLayout &l = e.mem().ds;
    d.imm = static_cast<int32_t>(l[isa::mem::kDsOffset0].get(e.w64()) |
                                 l[isa::mem::kDsOffset1].get(e.w64()) << 8); // offset1:offset0
  }
  // MFMA (gfx908): A / B hold packed data the executor unpacks; CBSZ [10:8], ABID [14:11] and
  // BLGP (dword 1 [31:29]) go to aux (emu/mfma.h).
  const bool mai = row.modifiers & isa::mod::Mai;
  if (mai)
    d.aux = isa::bits(e.w(0), 10, 8) << mfma::kCbszShift |
            isa::bits(e.w(0), 14, 11) << mfma::kAbidShift |
            isa::bits(e.w(1), 31, 29) << mfma::kBlgpShift;
  for (unsigned i = 0; i < row.numOperands; ++i) {
    const OperandDesc &o = row.operands[i];
    const unsigned regs = dis.operandRegs(inst, i);
    if (o.isDef) {
      if (o.field == Field::None) { // VOP2 carry-out / VOPC e32 result: VCC
        d.sdst = sreg::kVccLo;
        continue;
      }
      const unsigned enc = e.field(o.field, o);
      if (o.kind == OperandKind::VReg) {
        d.vdst = vgprRow(enc - 256, regs, true);
        d.dstRegs = static_cast<uint8_t>(regs);
      } else if (o.kind == OperandKind::AReg) { // an AccVGPR number in the 8-bit field
        d.vdst = agprRow(enc & 0xFF, regs, true);
        d.dstRegs = static_cast<uint8_t>(regs);
      } else {
        if (enc >= 128 || (!isNullEnc(enc) && enc + regs > 128)) {
          why = "scalar destination " + std::to_string(enc) + " not emulated";
          return false;
        }
        d.sdst = scalarIndex(enc);
        if (fmt != Format::VOP3SD || o.field != Field::SDST)
          d.dstRegs = static_cast<uint8_t>(regs);
      }
      continue;
    }
    switch (o.kind) {
    case OperandKind::Imm:
    case OperandKind::Label:
    case OperandKind::Special: {
      const uint32_t raw = e.field(o.field, o);
      if (o.field == Field::OFFSET && fmt == Format::SMEM)
        d.imm = static_cast<int32_t>(raw << 11) >> 11;
      else if (o.field == Field::OFFSET)
        d.imm = static_cast<int32_t>(raw << 19) >> 19;
      else
        d.imm = static_cast<int16_t>(raw);
      continue;
    }
    case OperandKind::KImm: {
      Src &s = d.src[slotOf(o.field)];
      s.kind = SrcKind::Const;
      s.value = e.literal();
      continue;
    }
    default:
      break;
    }
    if (is16(o.type) && !memory && !mai) {
      why = "16-bit operands not emulated";
      return false;
    }
    Src &s = d.src[slotOf(o.field)];
    if (o.field == Field::None) { // implicit VCC (carry-in, v_cndmask_b32_e32 selector)
      s.kind = SrcKind::Sgpr;
      s.reg = sreg::kVccLo;
      continue;
    }
    unsigned enc = e.field(o.field, o);
    if (o.field == Field::SRSRC) { // the buffer resource's first SGPR (memoryFlags)
      if (enc + 4 > 128) {
        why = "buffer resource out of range";
        return false;
      }
      d.sdst = static_cast<uint16_t>(enc);
      continue;
    }
    if (o.field == Field::SOFFSET || o.field == Field::SADDR) {
      // "off" (the layout's saddr value: gfx9 0x7f) or null: no scalar part.
      if (isNullEnc(enc) || (o.field == Field::SADDR && enc == e.mem().saddrOff)) {
        s.kind = o.field == Field::SADDR ? SrcKind::None : SrcKind::Const;
        continue;
      }
    }
    const bool dppSource = o.field == Field::SRC0 && isDppMarker(enc);
    if (dppSource) {
      if (!dppActive) {
        why = "DPP not emulated";
        return false;
      }
      enc = 256 + dppSource0; // the real src0: a VGPR named by the DPP dword
    }
    if (!source(enc, o, regs, e, s, why))
      return false;
    // A VGPR-only operand in a 9-bit source field (v_mqsad_u32_u8's VReg_128 accumulator) that
    // holds a scalar register or a constant decodes, with llvm-mc's "Invalid register" note; the
    // executors index VGPR rows with it, so it stops the wave by name instead. (SDWA's s bits
    // make a VGPR field scalar on purpose.)
    if (o.kind == OperandKind::VReg && s.kind != SrcKind::Vgpr && !e.isSdwa()) {
      why = "VGPR operand given a scalar register or a constant";
      return false;
    }
    // MFMA A / B are VGPRs or AccVGPRs and C AccVGPRs or an inline constant (llvm-mc prints a
    // scalar or constant A / B as an invalid operand); other encodings stop the wave by name.
    if (mai && s.kind != SrcKind::Vgpr &&
        (o.kind == OperandKind::AVReg || s.kind != SrcKind::Const)) {
      why = "MFMA operand from a scalar register or a constant not emulated";
      return false;
    }
    // AccVGPR sources (gfx908): v_accvgpr_read's source and MFMA C always, MFMA A / B when
    // their ACC bit (dword 1 bit 27 + source) says so.
    const bool acc = o.kind == OperandKind::AReg || o.kind == OperandKind::ARegOrImm ||
                     (o.kind == OperandKind::AVReg && ((e.w(1) >> (27 + slotOf(o.field))) & 1));
    if (acc && s.kind == SrcKind::Vgpr)
      s.reg = agprRow(enc - 256, regs, false);
    if (dppSource) { // the component reads the permuted lanes from the DPP buffer row
      dppSourceRow = s.reg;
      s.reg = scratchRow(registerRows(), 0);
    }
    if (vop3) {
      const unsigned idx = slotOf(o.field);
      const bool abs = (row.modifiers & isa::mod::Abs) && ((e.w(0) >> (8 + idx)) & 1);
      const bool neg = (row.modifiers & isa::mod::Neg) && ((e.w(1) >> (29 + idx)) & 1);
      if (abs)
        s.andMask = 0x7FFFFFFFu;
      if (neg)
        s.xorMask = 0x80000000u;
      if (abs || neg) {
        if (s.kind == SrcKind::Const && !is64(o.type)) {
          s.value = (static_cast<uint32_t>(s.value) & s.andMask) ^ s.xorMask;
          s.andMask = 0xFFFFFFFFu;
          s.xorMask = 0;
        } else {
          s.modified = true;
        }
      }
    }
  }
  if (fmt == Format::SMEM) {
    // The offsets as the target's SMEM layout gives them (gfx9: an immediate and / or an SGPR
    // in the offset or soffset field, as its imm / soffset_en bits say).
    const isa::SmemOffsets off = isa::smemOffsets(target, inst.words);
    d.imm = off.hasImm ? off.imm : 0;
    Src &so = d.src[1];
    so = Src{};
    so.kind = SrcKind::Const;
    if (off.hasReg && !isNullEnc(off.reg)) {
      so.kind = SrcKind::Sgpr;
      so.reg = scalarIndex(off.reg);
    }
    // glc on a scalar atomic asks for the old value (aux bit 0, see smem.cpp).
    const uint8_t glc = target.smem.glc;
    if (glc != isa::SmemLayout::kNoBit && ((e.w(0) >> glc) & 1))
      d.aux |= 1;
  }
  if (fmt == Format::GLOBAL || fmt == Format::FLAT || fmt == Format::SCRATCH) {
    // The offset is a modifier, not an operand: signed except for FLAT (as the disassembler
    // prints it).
    const isa::mem::BitField f = e.mem().flat[isa::mem::kFlatOffset];
    const uint32_t raw = f.get(e.w64());
    const unsigned shift = 32 - f.width;
    d.imm = fmt == Format::FLAT ? static_cast<int32_t>(raw)
                                : static_cast<int32_t>(raw << shift) >> shift;
  }
  if (memory && !memoryFlags(inst, d, why))
    return false;
  if (vop3) {
    if ((row.modifiers & isa::mod::OpSel) && (entry.flags & entry::kOpSelControls)) {
      d.extra = static_cast<uint8_t>(isa::bits(e.w(0), 14, 11));
    } else if ((row.modifiers & isa::mod::OpSel) && isa::bits(e.w(0), 14, 11)) {
      why = "op_sel not emulated";
      return false;
    }
  }
  if (vop3 || e.isSdwa()) {
    const bool clamp = e.clamp();
    const unsigned omod = e.omod();
    constexpr EntryFlags kFloatResult = entry::kF32Result | entry::kF64Result;
    if (clamp && !(entry.flags & (kFloatResult | entry::kCompare | entry::kIntClamp))) {
      why = "clamp not emulated for this instruction";
      return false;
    }
    if (clamp && (entry.flags & kFloatResult))
      d.postOps |= post::kClamp | clampNanRule();
    if (clamp && (entry.flags & entry::kIntClamp))
      d.extra = 1;
    // Integer results ignore omod (the VALU document).
    if (omod && !(entry.flags & entry::kIntClamp)) {
      if (!(entry.flags & kFloatResult)) {
        why = "omod not emulated for this instruction";
        return false;
      }
      // Output modifiers are ignored in IEEE mode and when denormal results of the result's
      // type are kept (denorm modes 2 and 3); otherwise they apply and the result's
      // denormals are flushed. Behind the MODE wrapper the raw omod is kept and the wrapper
      // decides per run.
      static constexpr uint8_t kOmod[] = {0, post::kOmodMul2, post::kOmodMul4, post::kOmodDiv2};
      const bool f64 = entry.flags & entry::kF64Result;
      const uint32_t denorm = f64 ? isa::kd::kFloatDenormMode16_64.get(info.rsrc1)
                                  : isa::kd::kFloatDenormMode32.get(info.rsrc1);
      if (neutralMode)
        d.postOps |= kOmod[omod];
      else if (!isa::kd::kEnableIeeeMode.get(info.rsrc1) && denorm <= 1)
        d.postOps |= kOmod[omod] | (f64 ? post::kFlushDenormF64 : post::kFlushDenormF32);
    }
  }
  if (entry.flags & entry::kAccumulator) {
    d.src[2].kind = SrcKind::Vgpr;
    d.src[2].reg = d.vdst;
  }
  markCmpx(row, d);
  if (dppActive && !vop3) { // DPP16 source modifiers of the 32-bit encodings (bits 20-23)
    for (unsigned i = 0; i < 2; ++i) {
      const bool neg = (dppWord >> (20 + 2 * i)) & 1, abs = (dppWord >> (21 + 2 * i)) & 1;
      if (abs)
        d.src[i].andMask = 0x7FFFFFFFu;
      if (neg)
        d.src[i].xorMask = 0x80000000u;
      if (abs || neg)
        d.src[i].modified = true;
    }
  }
  if (e.isSdwa() && !sdwaOperands(inst, d, why))
    return false;
  if (row.name.starts_with("s_getreg_") || row.name.starts_with("s_setreg_"))
    d.imm = canonicalHwreg(d.imm);
  if (!neutralMode)
    applyDenormMode(entry, row, d);
  return true;
}

} // namespace gcnkit::emu::predecode_detail
