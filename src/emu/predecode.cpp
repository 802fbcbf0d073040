// The pre-decoder: the disassembler validates each encoding and finds its table row; this file
// reads the row's operands out of the encoding fields, resolves them (registers, inline
// constants and literals converted for the operand's type, float modifiers as masks) and picks
// the executor registered for the mnemonic.
#include "emu/predecode.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>

#include "emu/apertures.h"
#include "emu/dpp.h"
#include "emu/mem_access.h"
#include "emu/mode.h"
#include "emu/registry.h"
#include "emu/valu16.h"
#include "emu/wave.h"
#include "gcnkit/kernel_descriptor.h"
#include "isa/encoding.h"
#include "isa/wave_size.h"

namespace gcnkit::emu {

namespace {

using isa::DataType;
using isa::Field;
using isa::Format;
using isa::InstrDesc;
using isa::OperandDesc;
using isa::OperandKind;

// Scalar source encodings with a fixed meaning (GFX11).
constexpr unsigned kEncNull = 124;
constexpr unsigned kEncSharedBase = 235;
constexpr unsigned kEncPrivateLimit = 238;
constexpr unsigned kEncVccz = 251;
constexpr unsigned kEncExecz = 252;
constexpr unsigned kEncScc = 253;
constexpr unsigned kEncLiteral = 255;
constexpr unsigned kEncDpp8 = 233;
constexpr unsigned kEncDpp8Fi = 234;
constexpr unsigned kEncDpp16 = 250;

// The raw fields of one decoded instruction, by the names the table rows use.
struct Encoding {
  const disasm::Inst &inst;

  uint32_t w(unsigned i) const { return inst.words[i]; }

  // The field's value: scalar encodings as 0..255, VGPR-only fields as 256 + VGPR number.
  uint32_t field(Field f, const OperandDesc &o) const {
    const Format fmt = inst.desc->format;
    const bool vreg = o.kind == OperandKind::VReg;
    switch (fmt) {
    case Format::SOP1:
    case Format::SOP2:
    case Format::SOPK:
    case Format::SOPC:
    case Format::SOPP:
      switch (f) {
      case Field::SDST:
        return isa::bits(w(0), 22, 16);
      case Field::SSRC0:
        return isa::bits(w(0), 7, 0);
      case Field::SSRC1:
        return isa::bits(w(0), 15, 8);
      case Field::SIMM16:
        return isa::bits(w(0), 15, 0);
      default:
        return 0;
      }
    case Format::SMEM:
      switch (f) {
      case Field::SDATA:
        return isa::bits(w(0), 12, 6);
      case Field::SBASE:
        return isa::bits(w(0), 5, 0) * 2;
      case Field::SOFFSET:
        return isa::bits(w(1), 31, 25);
      case Field::OFFSET:
        return isa::bits(w(1), 20, 0);
      default:
        return 0;
      }
    case Format::VOP1:
    case Format::VOP2:
    case Format::VOPC:
      switch (f) {
      case Field::VDST:
        return isa::bits(w(0), 24, 17) + (vreg ? 256 : 0);
      case Field::SRC0:
        return isa::bits(w(0), 8, 0);
      case Field::VSRC1:
        return isa::bits(w(0), 16, 9) + 256;
      default:
        return 0;
      }
    case Format::VOP3:
    case Format::VOP3SD:
    case Format::VOP3P:
      switch (f) {
      case Field::VDST:
        return isa::bits(w(0), 7, 0) + (vreg ? 256 : 0);
      case Field::SDST:
        return isa::bits(w(0), 14, 8);
      case Field::SRC0:
        return isa::bits(w(1), 8, 0);
      case Field::SRC1:
        return isa::bits(w(1), 17, 9);
      case Field::SRC2:
        return isa::bits(w(1), 26, 18);
      default:
        return 0;
      }
    case Format::DS:
      switch (f) {
      case Field::VADDR:
        return isa::bits(w(1), 7, 0) + 256;
      case Field::DATA0:
        return isa::bits(w(1), 15, 8) + 256;
      case Field::DATA1:
        return isa::bits(w(1), 23, 16) + 256;
      case Field::VDST:
        return isa::bits(w(1), 31, 24) + 256;
      default:
        return 0;
      }
    case Format::FLAT:
    case Format::GLOBAL:
    case Format::SCRATCH:
      switch (f) {
      case Field::OFFSET:
        return isa::bits(w(0), 12, 0);
      case Field::VADDR:
        return isa::bits(w(1), 7, 0) + 256;
      case Field::VDATA:
        return isa::bits(w(1), 15, 8) + 256;
      case Field::SADDR:
        return isa::bits(w(1), 22, 16);
      case Field::VDST:
        return isa::bits(w(1), 31, 24) + 256;
      default:
        return 0;
      }
    case Format::MUBUF:
    case Format::MTBUF:
      switch (f) {
      case Field::VADDR:
        return isa::bits(w(1), 7, 0) + 256;
      case Field::VDATA:
        return isa::bits(w(1), 15, 8) + 256;
      case Field::SRSRC:
        return isa::bits(w(1), 20, 16) * 4;
      case Field::SOFFSET:
        return isa::bits(w(1), 31, 24);
      default:
        return 0;
      }
    default:
      return 0;
    }
  }

  // Dwords before a literal.
  unsigned baseDwords() const {
    switch (inst.desc->format) {
    case Format::VOP3:
    case Format::VOP3SD:
    case Format::VOP3P:
    case Format::VOPD:
    case Format::MUBUF: // a literal SOFFSET follows the two dwords
    case Format::MTBUF:
      return 2;
    default:
      return 1;
    }
  }
  bool hasLiteral() const { return inst.size > 4 * baseDwords(); }
  uint32_t literal() const { return hasLiteral() ? w(baseDwords()) : 0; }
};

bool is64(DataType t) {
  return t == DataType::B64 || t == DataType::F64 || t == DataType::I64 || t == DataType::U64;
}
bool is16(DataType t) {
  return t == DataType::B16 || t == DataType::F16 || t == DataType::BF16 || t == DataType::I16 ||
         t == DataType::U16 || t == DataType::V2F16 || t == DataType::V2I16 ||
         t == DataType::V2BF16;
}

uint64_t f64Bits(double d) {
  uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}

// Inline constant `enc` (128..208, 240..248) as the operand's type sees it.
uint64_t inlineConstant(unsigned enc, DataType t) {
  if (enc <= 208) {
    const int64_t v = enc <= 192 ? int64_t(enc) - 128 : 192 - int64_t(enc);
    return is64(t) ? static_cast<uint64_t>(v) : static_cast<uint32_t>(v);
  }
  static constexpr uint32_t kF32[] = {0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000,
                                      0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983};
  static constexpr uint16_t kF16[] = {0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000,
                                      0xc000, 0x4400, 0xc400, 0x3118};
  static const uint64_t kF64[] = {f64Bits(0.5),  f64Bits(-0.5), f64Bits(1.0),
                                  f64Bits(-1.0), f64Bits(2.0),  f64Bits(-2.0),
                                  f64Bits(4.0),  f64Bits(-4.0), 0x3fc45f306dc9c882ull};
  const unsigned i = enc - 240;
  if (is64(t))
    return kF64[i];
  if (t == DataType::F16 || t == DataType::V2F16)
    return kF16[i];
  return kF32[i];
}

// The 32-bit literal as a source of the operand's type (64-bit floats take it as the high half).
uint64_t literalValue(uint32_t lit, DataType t) {
  switch (t) {
  case DataType::F64:
    return uint64_t{lit} << 32;
  case DataType::I64:
    return static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(lit)));
  default:
    return lit;
  }
}

struct Builder {
  explicit Builder(const CodeInfo &i) : info(i) {}

  const CodeInfo &info;
  const Registry &reg = registry();
  disasm::Disassembler dis;
  Program prog;
  // MODE: set when the kernel writes MODE or starts in a mode the decoded flags cannot express
  // (directed rounding, f64 / f16 flushing); float instructions then run behind the MODE
  // wrapper and are decoded for nearest-even rounding with no flushing (`neutralMode`).
  bool wrapFloatMode = false;
  bool modeWritten = false;            // s_setreg (MODE), s_round_mode or s_denorm_mode
  bool staticModeNeedsWrapper = false; // the initial mode has directed rounding or f64 flushing
  bool neutralMode = false;
  // DPP: while decoding a DPP instruction's component, src0 comes from the DPP dword.
  bool dppActive = false;
  uint32_t dppWord = 0; // DPP16 dword (0 for DPP8)
  unsigned dppSource0 = 0;
  uint16_t dppSourceRow = 0;

  uint32_t trap(DecodedInst &d, std::string reason) {
    d.fn = trapExecutor();
    d.imm = static_cast<int32_t>(prog.trapReasons.size());
    prog.trapReasons.push_back(std::move(reason));
    return 0;
  }

  uint16_t vgprRow(unsigned v, unsigned regs, bool def) const {
    if (v + regs <= info.vgprCount)
      return static_cast<uint16_t>(v);
    // Out-of-range VGPRs: sources read v0, destinations are dropped (the VALU rules).
    return def ? sinkRow(info.vgprCount) : 0;
  }

  // Resolves a source field value; false (with a reason) when the encoding is not emulated.
  bool source(unsigned enc, const OperandDesc &o, const Encoding &e, Src &s, std::string &why) {
    const unsigned regs = o.type == DataType::LaneMask ? info.waveSize / 32 : o.regs;
    if (enc >= 256) {
      s.kind = SrcKind::Vgpr;
      s.reg = vgprRow(enc - 256, regs, false);
      return true;
    }
    if (enc < 128) {
      if (enc == kEncNull) {
        s.kind = SrcKind::Const;
        return true;
      }
      if (enc + regs > 128) {
        why = "scalar register tuple out of range";
        return false;
      }
      s.kind = SrcKind::Sgpr;
      s.reg = static_cast<uint16_t>(enc);
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

  static unsigned slotOf(Field f) {
    switch (f) {
    case Field::SSRC0:
    case Field::SRC0:
    case Field::SRC0X:
    case Field::SRC0Y:
    case Field::SBASE:
    case Field::VADDR:
      return 0;
    case Field::SSRC1:
    case Field::SRC1:
    case Field::VSRC1:
    case Field::VSRC1X:
    case Field::VSRC1Y:
    case Field::SOFFSET:
    case Field::SADDR:
    case Field::DATA1:
      return 1;
    default: // SRC2, VDATA, the fmaak / fmamk constant, implicit VCC
      return 2;
    }
  }

  // Fills d's operands from the row; false (with a reason) when something is not emulated.
  bool operands(const disasm::Inst &inst, const ExecEntry &entry, DecodedInst &d,
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
      if (isa::bits(e.w(0), 17, 17)) {
        why = "GDS not emulated";
        return false;
      }
      d.imm = static_cast<int32_t>(isa::bits(e.w(0), 15, 0)); // offset1:offset0
    }
    for (unsigned i = 0; i < row.numOperands; ++i) {
      const OperandDesc &o = row.operands[i];
      const unsigned regs = o.type == DataType::LaneMask ? info.waveSize / 32 : o.regs;
      if (o.isDef) {
        if (o.field == Field::None) { // VOP2 carry-out / VOPC e32 result: VCC
          d.sdst = sreg::kVccLo;
          continue;
        }
        const unsigned enc = e.field(o.field, o);
        if (o.kind == OperandKind::VReg) {
          d.vdst = vgprRow(enc - 256, regs, true);
          d.dstRegs = static_cast<uint8_t>(regs);
        } else {
          if (enc >= 128 || (enc != kEncNull && enc + regs > 128)) {
            why = "scalar destination " + std::to_string(enc) + " not emulated";
            return false;
          }
          d.sdst = static_cast<uint16_t>(enc);
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
      if (is16(o.type) && !memory) {
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
        if (enc == kEncNull) { // "off" / null: no scalar part
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
      if (!source(enc, o, e, s, why))
        return false;
      if (dppSource) { // the component reads the permuted lanes from the DPP buffer row
        dppSourceRow = s.reg;
        s.reg = scratchRow(info.vgprCount, 0);
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
    if (fmt == Format::GLOBAL || fmt == Format::FLAT || fmt == Format::SCRATCH) {
      // The offset is a modifier, not an operand: 13 bits, signed except for FLAT (as the
      // disassembler prints it).
      const uint32_t raw = isa::bits(e.w(0), 12, 0);
      d.imm =
          fmt == Format::FLAT ? static_cast<int32_t>(raw) : static_cast<int32_t>(raw << 19) >> 19;
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
      const bool clamp = (e.w(0) >> 15) & 1;
      const unsigned omod = (row.modifiers & isa::mod::Omod) ? isa::bits(e.w(1), 28, 27) : 0;
      if (clamp && !(entry.flags & (entry::kF32Result | entry::kCompare | entry::kIntClamp))) {
        why = "clamp not emulated for this instruction";
        return false;
      }
      if (clamp && (entry.flags & entry::kF32Result))
        d.postOps |= post::kClamp;
      if (clamp && (entry.flags & entry::kIntClamp))
        d.extra = 1;
      if (omod) {
        if (!(entry.flags & entry::kF32Result)) {
          why = "omod not emulated for this instruction";
          return false;
        }
        // Output modifiers are ignored in IEEE mode and when f32 denormal results are kept
        // (denorm modes 2 and 3); otherwise they apply and the result's denormals are flushed.
        // Behind the MODE wrapper the raw omod is kept and the wrapper decides per run.
        static constexpr uint8_t kOmod[] = {0, post::kOmodMul2, post::kOmodMul4, post::kOmodDiv2};
        const uint32_t denorm = isa::kd::kFloatDenormMode32.get(info.rsrc1);
        if (neutralMode)
          d.postOps |= kOmod[omod];
        else if (!isa::kd::kEnableIeeeMode.get(info.rsrc1) && denorm <= 1)
          d.postOps |= kOmod[omod] | post::kFlushDenormF32;
      }
    }
    if (entry.flags & entry::kAccumulator) {
      d.src[2].kind = SrcKind::Vgpr;
      d.src[2].reg = d.vdst;
    }
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
    if (!neutralMode)
      applyDenormMode(entry, row, d);
    return true;
  }

  // The memflag bits of a memory instruction (emu/mem_access.h) and its format-specific
  // operands; false (with a reason) for what the emulator does not run.
  bool memoryFlags(const disasm::Inst &inst, DecodedInst &d, std::string &why) const {
    const InstrDesc &row = *inst.desc;
    const Format fmt = row.format;
    const std::string_view name = row.name;
    const uint32_t w0 = inst.words[0], w1 = inst.words[1];
    // Float atomics follow the FP mode's input / output denormal bits (bit 0: inputs kept,
    // bit 1: results kept) for f32 and f64.
    const uint32_t mode32 = isa::kd::kFloatDenormMode32.get(info.rsrc1);
    const uint32_t mode64 = isa::kd::kFloatDenormMode16_64.get(info.rsrc1);
    if (!(mode32 & 1))
      d.aux |= memflag::kFlushF32In;
    if (!(mode32 & 2))
      d.aux |= memflag::kFlushF32Out;
    if (!(mode64 & 1))
      d.aux |= memflag::kFlushF64In;
    switch (fmt) {
    case Format::DS:
      if (name.starts_with("ds_gws_") || name == "ds_ordered_count" ||
          name.ends_with("_gs_reg_rtn")) {
        why = "GWS / GDS / ordered count are not available to RDNA3 compute kernels";
        return false;
      }
      if (name == "ds_condxchg32_rtn_b64" || name == "ds_bvh_stack_rtn_b32") {
        why = std::string(name) + " not emulated";
        return false;
      }
      for (unsigned i = 0; i < row.numOperands; ++i)
        if (row.operands[i].isDef)
          d.aux |= memflag::kReturn; // the _rtn forms (and loads, which ignore it)
      return true;
    case Format::GLOBAL:
    case Format::FLAT:
    case Format::SCRATCH:
      if ((w0 >> 14) & 1) // glc: atomics return the old value
        d.aux |= memflag::kReturn;
      if (fmt == Format::SCRATCH && ((w1 >> 23) & 1)) // SVE
        d.aux |= memflag::kScratchVaddr;
      return true;
    case Format::MUBUF:
    case Format::MTBUF:
      if ((w1 >> 21) & 1) {
        why = "tfe not emulated";
        return false;
      }
      if (name.starts_with("buffer_load_lds_") || name.find("d16_format") != name.npos ||
          name.find("d16_hi_format") != name.npos) {
        why = std::string(name) + " not emulated";
        return false;
      }
      d.imm = static_cast<int32_t>(isa::bits(w0, 11, 0));
      if ((w1 >> 22) & 1)
        d.aux |= memflag::kOffen;
      if ((w1 >> 23) & 1)
        d.aux |= memflag::kIdxen;
      if (fmt == Format::MTBUF)
        d.aux |= isa::bits(w0, 25, 19) << memflag::kFormatShift;
      if (name.starts_with("buffer_atomic_") && ((w0 >> 14) & 1)) {
        d.aux |= memflag::kReturn; // the old value replaces VDATA
        d.vdst = d.src[2].reg;
      }
      return true;
    default:
      return true;
    }
  }

  // ---- 16-bit and packed operands (emu/valu16.h) ----------------------------------------------

  static bool isHalfType(DataType t) {
    return t == DataType::F16 || t == DataType::BF16 || t == DataType::I16 || t == DataType::U16 ||
           t == DataType::B16;
  }
  static bool isPackedType(DataType t) {
    return t == DataType::V2F16 || t == DataType::V2I16 || t == DataType::V2BF16;
  }
  static bool isInlineEnc(unsigned enc) {
    return (enc >= 128 && enc <= 208) || (enc >= 240 && enc <= 248);
  }
  // An inline constant as a 16-bit operand sees it, in the low half only (the VALU document:
  // packed math copies it to the high element with op_sel_hi = 0): integers truncated to 16
  // bits, floats as f16 (also for integer operands, as llvm-mc prints them), bf16 operands the
  // high half of the f32 constant.
  static uint32_t inline16(unsigned enc, DataType t) {
    if (enc <= 208)
      return static_cast<uint32_t>(inlineConstant(enc, DataType::I32)) & 0xFFFF;
    if (t == DataType::BF16 || t == DataType::V2BF16)
      return static_cast<uint32_t>(inlineConstant(enc, DataType::F32)) >> 16;
    return static_cast<uint32_t>(inlineConstant(enc, DataType::F16));
  }

  // Operands of the 16-bit, packed and WMMA instructions (entry::k16Bit): which half each 16-bit
  // source reads (VOP1/VOP2/VOPC: VGPR field bit 7; VOP3: op_sel) and which half the result
  // goes to, op_sel / op_sel_hi / neg_lo / neg_hi of VOP3P, the source types of v_fma_mix*,
  // the signedness bits of the integer dot products and WMMA; f16 denormals follow
  // FLOAT_DENORM_MODE_16_64. Recorded in DecodedInst::aux and the source masks.
  bool operands16(const disasm::Inst &inst, const ExecEntry &entry, DecodedInst &d,
                  std::string &why) {
    using namespace half16;
    const InstrDesc &row = *inst.desc;
    const Encoding e{inst};
    const Format fmt = row.format;
    const bool vop3 = fmt == Format::VOP3 || fmt == Format::VOP3SD;
    const bool vop3p = fmt == Format::VOP3P;
    const bool wide = vop3 || vop3p;
    const bool wmma = isa::isWmma(row);
    const bool mix = vop3p && (row.modifiers & isa::mod::Abs);
    const bool wave64 = info.waveSize == 64;
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
      const unsigned regs = isa::operandRegs(row, i, wave64);
      if (o.isDef) {
        if (o.field == Field::None) { // VOPC e32: VCC
          d.sdst = sreg::kVccLo;
          continue;
        }
        const unsigned enc = e.field(o.field, o);
        if (o.kind == OperandKind::VReg) {
          unsigned r = enc - 256;
          if (isHalfType(o.type) && !wide) {
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
          if (enc >= 128 || (enc != kEncNull && enc + regs > 128))
            return fail("scalar destination " + std::to_string(enc) + " not emulated");
          d.sdst = static_cast<uint16_t>(enc);
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
        if (!dppActive || vop3p)
          return fail("DPP not emulated");
        enc = 256 + dppSource0;
      }
      const bool half = isHalfType(o.type) && !packedRegs && !mix && !wmma && !vop3p;
      const bool packed =
          !mix && !wmma && (isPackedType(o.type) || (packedRegs && isHalfType(o.type)));
      bool hi = false;
      if (half && !wide && enc >= 256) { // VOP1 / VOP2 / VOPC: bit 7 names the high half
        hi = (enc - 256) >> 7;
        enc = 256 + ((enc - 256) & 0x7F);
      }
      if (!source(enc, o, e, s, why))
        return false;
      if (dppSource) { // the DPP entry permutes the lanes into the buffer row
        dppSourceRow = s.reg;
        s.reg = scratchRow(info.vgprCount, 0);
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
          const bool isFloat = o.type != DataType::V2I16;
          if (((negLo | negHi) >> slot) & 1) {
            if (!isFloat)
              return fail("neg_lo / neg_hi on integer packed operands not emulated");
            if ((negLo >> slot) & 1)
              xorMask |= 0x8000u;
            if ((negHi >> slot) & 1)
              xorMask |= 0x80000000u;
          }
        } else {
          // VOP3 v_dot2_{f16_f16,bf16_bf16} and the VOP2 forms: inline constants fill both
          // halves (the VALU document); op_sel of these sources is not emulated.
          if (vop3 && ((opsel >> slot) & 1))
            return fail("op_sel on a packed source of a VOP3 instruction not emulated");
          if (dppAbs || dppNeg)
            return fail("DPP source modifiers on packed operands not emulated");
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
        if (integerDot) { // neg_lo[1:0] of the iu forms: signed sources
          const bool iu = row.name.find("_iu") != std::string_view::npos;
          if (((negHi >> slot) & 1) || (((negLo >> slot) & 1) && (!iu || slot == 2)))
            return fail("neg on unsigned dot-product operands not emulated");
          if ((negLo >> slot) & 1)
            d.aux |= kSigned << slot;
        } else if (vop3p && (((negLo | negHi) >> slot) & 1)) {
          if (!isFloat)
            return fail("neg on integer operands not emulated");
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
      if (isa::bits(opsel, 1, 0) || (!halfResult && ((opsel >> 2) & 1)))
        return fail("op_sel on WMMA A / B not emulated");
      if (halfResult && ((opsel >> 2) & 1))
        d.aux |= kWmmaHi;
    }
    // Result post-processing: clamp, omod and denormal flushing of the result's type.
    const bool f16Result = dstType == DataType::F16 || dstType == DataType::V2F16 ||
                           dstType == DataType::BF16 || dstType == DataType::V2BF16;
    const uint32_t resultMode = f16Result ? mode16 : mode32;
    if (wide && ((w0 >> 15) & 1)) {
      if (entry.flags & entry::kF32Result)
        d.postOps |= post::kClamp;
      else if (entry.flags & entry::kIntClamp)
        d.extra |= 1;
      else if (!(entry.flags & entry::kCompare))
        return fail("clamp not emulated for this instruction");
    }
    const unsigned omod = vop3 && (row.modifiers & isa::mod::Omod) ? isa::bits(w1, 28, 27) : 0;
    if (omod) {
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
    return true;
  }

  // FLOAT_DENORM_MODE_32: 0 flush inputs and results, 1 flush results, 2 flush inputs, 3 keep.
  // Only the f32 sources are flushed: a class mask or an integer operand is not a float.
  void applyDenormMode(const ExecEntry &entry, const InstrDesc &row, DecodedInst &d) const {
    const uint32_t mode = isa::kd::kFloatDenormMode32.get(info.rsrc1);
    if ((entry.flags & entry::kF32Sources) && (mode == 0 || mode == 2)) {
      const unsigned slots = f32SourceSlots(entry, row);
      for (unsigned i = 0; i < kMaxSources; ++i)
        if (((slots >> i) & 1) && d.src[i].kind != SrcKind::None) {
          d.src[i].modified = true;
          d.src[i].flushDenorm = true;
        }
    }
    if ((entry.flags & entry::kF32Result) && (mode == 0 || mode == 1))
      d.postOps |= post::kFlushDenormF32;
  }

  static std::string_view baseName(std::string_view name) {
    for (std::string_view suffix : {"_e32", "_e64"})
      if (name.size() > suffix.size() && name.substr(name.size() - suffix.size()) == suffix)
        return name.substr(0, name.size() - suffix.size());
    return name;
  }

  const ExecEntry *lookup(std::string_view name) const {
    auto it = reg.find(name);
    return it == reg.end() ? nullptr : &it->second;
  }

  ExecFn pick(const ExecEntry &entry) const {
    return info.waveSize == 64 ? entry.wave64 : entry.wave32;
  }

  // VOPD: both halves become component entries run by the VOPD executor; X writes the staging
  // row so that Y still reads X's old destination.
  bool dual(const disasm::Inst &inst, DecodedInst &d, std::string &why) {
    if (info.waveSize != 32) {
      why = "VOPD is wave32 only";
      return false;
    }
    const InstrDesc *rows[2] = {inst.desc, isa::lookup(isa::Target::GFX1100, Format::VOPD,
                                                       0x20 + isa::bits(inst.words[0], 21, 17))};
    const uint32_t w0 = inst.words[0], w1 = inst.words[1];
    const uint32_t literal = inst.size == 12 ? inst.words[2] : 0;
    const unsigned vdstX = isa::bits(w1, 31, 24);
    const unsigned fields[2][3] = {{isa::bits(w0, 8, 0), isa::bits(w0, 16, 9) + 256u, vdstX + 256u},
                                   {isa::bits(w1, 8, 0), isa::bits(w1, 16, 9) + 256u,
                                    (isa::bits(w1, 23, 17) << 1 | ((vdstX & 1) ^ 1)) + 256u}};
    DecodedInst comp[2];
    for (int c = 0; c < 2; ++c) {
      const InstrDesc *row = rows[c];
      std::string name = "v_" + std::string(row->name.substr(7)); // strip "v_dual_"
      const ExecEntry *entry = lookup(name);
      if (!entry) {
        why = std::string(row->name) + " not emulated";
        return false;
      }
      DecodedInst &ci = comp[c];
      ci.fn = entry->wave32;
      ci.address = d.address;
      for (unsigned i = 0; i < row->numOperands; ++i) {
        const OperandDesc &o = row->operands[i];
        if (o.isDef) {
          ci.vdst = vgprRow(fields[c][2] - 256, 1, true);
          ci.dstRegs = 1;
          continue;
        }
        Src &s = ci.src[slotOf(o.field)];
        if (o.kind == OperandKind::KImm) {
          s.kind = SrcKind::Const;
          s.value = literal;
          continue;
        }
        const unsigned enc =
            o.field == Field::SRC0X || o.field == Field::SRC0Y ? fields[c][0] : fields[c][1];
        if (enc == kEncLiteral) {
          s.kind = SrcKind::Const;
          s.value = literal;
          continue;
        }
        const disasm::Inst fake{row, {w0, w1, literal, 0}, inst.size, 0};
        if (!source(enc, o, Encoding{fake}, s, why))
          return false;
        if (o.type == DataType::V2F16 && isInlineEnc(enc)) // v_dual_dot2acc: both halves
          s.value = inline16(enc, o.type) * 0x10001u;
      }
      if (name == "v_cndmask_b32") {
        ci.src[2].kind = SrcKind::Sgpr;
        ci.src[2].reg = sreg::kVccLo;
      }
      if (entry->flags & entry::kAccumulator) {
        ci.src[2].kind = SrcKind::Vgpr;
        ci.src[2].reg = ci.vdst;
      }
      applyDenormMode(*entry, *row, ci);
    }
    d.aux = static_cast<uint32_t>(prog.components.size());
    d.vdst = comp[0].vdst; // the real X destination; X itself writes the staging row
    comp[0].vdst = stagingRow(info.vgprCount);
    prog.components.push_back(comp[0]);
    prog.components.push_back(comp[1]);
    d.fn = vopdExecutor(32);
    return true;
  }

  // Fills d; false for an instruction without effect, which the program leaves out.
  bool decodeOne(const disasm::Inst &inst, DecodedInst &d) {
    std::string why;
    if (!inst.desc) {
      trap(d, "undecodable instruction");
      return true;
    }
    if (inst.desc->format == Format::VOPD) {
      if (!dual(inst, d, why))
        trap(d, why);
      return true;
    }
    const std::string_view name = baseName(inst.desc->name);
    const ExecEntry *entry = lookup(name);
    if (!entry) {
      trap(d, "not implemented");
      return true;
    }
    if (entry->flags & entry::kNoEffect)
      return false;
    const bool ok = isDppForm(inst) ? dppInstruction(inst, name, *entry, d, why)
                                    : decodeUnderMode(inst, name, *entry, d, why);
    if (!ok)
      trap(d, why);
    return true;
  }

  // ---- MODE -----------------------------------------------------------------------------------

  // True when the kernel writes MODE (s_setreg* of hwreg 1, s_round_mode, s_denorm_mode) or
  // starts with directed rounding or f64 / f16 flushing, which the decoded flags do not express.
  bool needsModeWrapper(const std::vector<std::pair<size_t, disasm::Inst>> &decoded) {
    const uint32_t m = mode::fromRsrc1(info.rsrc1);
    if (mode::round32(m) != mode::kNearestEven || mode::round64(m) != mode::kNearestEven ||
        mode::denorm64(m) != mode::kKeep)
      staticModeNeedsWrapper = true;
    modeWritten = writesMode(decoded);
    return staticModeNeedsWrapper || modeWritten;
  }

  // Whether an instruction (modeinfo bits) must run behind the wrapper in a kernel that never
  // writes MODE: only when its initial mode is one the decoded flags cannot express for it
  // (f16 flushing is decoded statically by the 16-bit operand code).
  bool staticModeWraps(uint32_t bits) const {
    const uint32_t m = mode::fromRsrc1(info.rsrc1);
    if ((bits & modeinfo::kRoundWide)
            ? mode::round64(m) != mode::kNearestEven
            : (bits & modeinfo::kF32Result) && mode::round32(m) != mode::kNearestEven)
      return true;
    const bool f64 = bits & (modeinfo::kF64Result | modeinfo::kF64Source0 * 7);
    return f64 && mode::denorm64(m) != mode::kKeep;
  }

  static bool writesMode(const std::vector<std::pair<size_t, disasm::Inst>> &decoded) {
    for (const auto &[at, inst] : decoded) {
      if (!inst.desc)
        continue;
      const std::string_view n = inst.desc->name;
      if (n == "s_round_mode" || n == "s_denorm_mode")
        return true;
      if ((n == "s_setreg_b32" || n == "s_setreg_imm32_b32") &&
          (isa::bits(inst.words[0], 5, 0) == hwreg::kMode))
        return true;
    }
    return false;
  }

  // Source slots (bit i: src[i]) holding f32 values, the accumulator of v_fmac included.
  static unsigned f32SourceSlots(const ExecEntry &entry, const InstrDesc &row) {
    unsigned slots = 0;
    for (unsigned i = 0; i < row.numOperands; ++i) {
      const OperandDesc &o = row.operands[i];
      if (!o.isDef && o.type == DataType::F32) // fmaak / fmamk constants included
        slots |= 1u << slotOf(o.field);
      if (o.isDef && o.type == DataType::F32 && (entry.flags & entry::kAccumulator))
        slots |= 4u; // the accumulator of an f32 result (not v_fmac_f16 / v_pk_fmac_f16)
    }
    return slots;
  }

  static bool isFloat16(DataType t) {
    return t == DataType::F16 || t == DataType::BF16 || t == DataType::V2F16 ||
           t == DataType::V2BF16;
  }

  // What the MODE wrapper must do for this instruction (modeinfo bits); 0: MODE-independent.
  static uint32_t floatModeInfo(const disasm::Inst &inst, const ExecEntry &entry) {
    const InstrDesc &row = *inst.desc;
    if (row.format == Format::DS || row.format == Format::GLOBAL || row.format == Format::FLAT ||
        row.format == Format::SCRATCH || row.format == Format::SMEM ||
        row.format == Format::MUBUF || row.format == Format::MTBUF || row.format == Format::MIMG)
      return 0; // memory atomics follow their own rules, not MODE
    uint32_t bits = 0;
    if (entry.flags & entry::kF32Sources)
      bits |= f32SourceSlots(entry, row) << modeinfo::kF32SourceShift;
    // 16-bit entries use kF32Result for f16 results too; only an f32 result is the wrapper's.
    bool f32Def = !(entry.flags & entry::k16Bit);
    for (unsigned i = 0; i < row.numOperands; ++i)
      f32Def |= row.operands[i].isDef && row.operands[i].type == DataType::F32;
    if ((entry.flags & entry::kF32Result) && f32Def)
      bits |= modeinfo::kF32Result;
    for (unsigned i = 0; i < row.numOperands; ++i) {
      const OperandDesc &o = row.operands[i];
      if (isFloat16(o.type))
        bits |= modeinfo::kF16 | (o.isDef ? modeinfo::kRoundWide : 0);
      if (o.type != DataType::F64)
        continue;
      if (o.isDef)
        bits |= modeinfo::kF64Result | modeinfo::kRoundWide;
      else if (o.field == Field::SRC0 || o.field == Field::SRC1 || o.field == Field::SRC2)
        bits |= modeinfo::kF64Source0 << slotOf(o.field);
    }
    const bool vop3 = row.format == Format::VOP3 || row.format == Format::VOP3SD;
    if (vop3 && (row.modifiers & isa::mod::Omod) && isa::bits(inst.words[1], 28, 27))
      bits |= modeinfo::kOmod;
    return bits;
  }

  // Instructions whose float result never depends on the round mode.
  static bool roundsExactly(std::string_view name) {
    for (std::string_view prefix :
         {"v_min", "v_max", "v_med3_", "v_floor_", "v_ceil_", "v_trunc_", "v_rndne_",
          "v_frexp_mant_", "v_cvt_f32_ubyte", "v_mov_", "v_cndmask_", "v_div_fixup_", "v_cmp",
          "v_cvt_f64_f32", "v_cvt_f64_i32", "v_cvt_f64_u32", "v_cvt_f32_f16"})
      if (name.substr(0, prefix.size()) == prefix)
        return true;
    return false;
  }

  // Decodes inst into d; behind the MODE wrapper when the kernel needs it.
  bool decodeUnderMode(const disasm::Inst &inst, std::string_view name, const ExecEntry &entry,
                       DecodedInst &d, std::string &why) {
    uint32_t modeBits = wrapFloatMode ? floatModeInfo(inst, entry) : 0;
    if (modeBits && !modeWritten && !staticModeWraps(modeBits))
      modeBits = 0;
    neutralMode = modeBits != 0;
    const bool ok = operands(inst, entry, d, why);
    neutralMode = false;
    if (!ok)
      return false;
    d.fn = pick(entry);
    if (!modeBits)
      return true;
    // components[aux + r]: the instruction for round mode r (nullptr: not emulated).
    const bool resultRounds =
        (modeBits & (modeinfo::kF32Result | modeinfo::kF64Result | modeinfo::kRoundWide)) &&
        !roundsExactly(name);
    const uint32_t first = static_cast<uint32_t>(prog.components.size());
    prog.components.push_back(d);
    for (uint32_t r = 1; r <= 3; ++r) {
      DecodedInst v = d;
      if (resultRounds)
        v.fn = (modeBits & modeinfo::kF16) ? nullptr : roundingExecutor(name, r, info.waveSize);
      prog.components.push_back(v);
    }
    d.fn = modeExecutor(info.waveSize);
    d.aux = first;
    d.target = modeBits;
    d.imm = modeReason();
    return true;
  }

  int32_t modeReasonIndex = -1;
  int32_t modeReason() {
    if (modeReasonIndex < 0) {
      modeReasonIndex = static_cast<int32_t>(prog.trapReasons.size());
      prog.trapReasons.push_back("the MODE register's round mode or f16 denormal mode is not "
                                 "emulated for this instruction (only round-to-nearest-even)");
    }
    return modeReasonIndex;
  }

  // ---- DPP ------------------------------------------------------------------------------------

  static bool isDppMarker(unsigned enc) {
    return enc == kEncDpp16 || enc == kEncDpp8 || enc == kEncDpp8Fi;
  }

  static bool isDppForm(const disasm::Inst &inst) {
    const Format fmt = inst.desc->format;
    unsigned src0;
    if (fmt == Format::VOP1 || fmt == Format::VOP2 || fmt == Format::VOPC)
      src0 = isa::bits(inst.words[0], 8, 0);
    else if (fmt == Format::VOP3 || fmt == Format::VOP3SD)
      src0 = isa::bits(inst.words[1], 8, 0);
    else
      return false;
    if (!isDppMarker(src0))
      return false;
    for (unsigned i = 0; i < inst.desc->numOperands; ++i)
      if (inst.desc->operands[i].field == Field::SRC0 && !inst.desc->operands[i].isDef)
        return (inst.desc->modifiers & (isa::mod::Dpp16 | isa::mod::Dpp8)) != 0;
    return false;
  }

  // A DPP16 / DPP8 instruction: the instruction itself becomes a component reading src0 from
  // the DPP buffer row; d becomes the DPP entry that fills that row (emu/dpp.h).
  bool dppInstruction(const disasm::Inst &inst, std::string_view name, const ExecEntry &entry,
                      DecodedInst &d, std::string &why) {
    const bool vop3 = inst.desc->format == Format::VOP3 || inst.desc->format == Format::VOP3SD;
    const unsigned wordIndex = vop3 ? 2 : 1;
    if (inst.size != 4 * (wordIndex + 1)) {
      why = "a literal constant cannot be used with DPP";
      return false;
    }
    if (name.substr(0, 8) == "v_movrel") { // the executor indexes from the real src0 VGPR
      why = "DPP with an M0-relative move not emulated";
      return false;
    }
    const uint32_t word = inst.words[wordIndex];
    const unsigned marker = isa::bits(inst.words[vop3 ? 1 : 0], 8, 0);
    const bool dpp8 = marker != kEncDpp16;
    if (!dpp8 && !dpp::validControl(isa::bits(word, 16, 8))) {
      why = "dpp_ctrl value not defined on gfx11";
      return false;
    }
    DecodedInst inner;
    inner.address = d.address;
    inner.size = d.size;
    dppActive = true;
    dppWord = dpp8 ? 0 : word; // DPP8 has no source modifiers
    dppSource0 = word & 0xFF;
    const bool ok = decodeUnderMode(inst, name, entry, inner, why);
    dppActive = false;
    if (!ok)
      return false;
    const DecodedInst &base =
        inner.fn == modeExecutor(info.waveSize) ? prog.components[inner.aux] : inner;
    // The component runs with EXEC narrowed to the lanes DPP enables, so it must not read EXEC
    // as a value.
    for (const Src &s : base.src)
      if ((s.kind == SrcKind::Sgpr && s.reg >= sreg::kExecLo) || s.kind == SrcKind::Execz) {
        why = "DPP instruction reading EXEC not emulated";
        return false;
      }
    const bool writesExec =
        name.substr(0, 7) == "v_cmpx_" || base.sdst == sreg::kExecLo || base.sdst == sreg::kExecHi;
    uint8_t flags = 0;
    if (dpp8)
      flags = dpp::kDpp8 | (marker == kEncDpp8Fi ? dpp::kFetchInactive : 0);
    else
      flags =
          ((word >> 18) & 1 ? dpp::kFetchInactive : 0) | ((word >> 19) & 1 ? dpp::kBoundCtrl : 0);
    if (writesExec)
      flags |= dpp::kWritesExec;
    d.aux = static_cast<uint32_t>(prog.components.size());
    prog.components.push_back(inner);
    d.fn = dpp::executor(info.waveSize);
    d.src[0].kind = SrcKind::Vgpr;
    d.src[0].reg = dppSourceRow;
    d.target = word;
    d.extra = flags;
    d.imm = inner.fn == modeExecutor(info.waveSize) ? inner.imm : -1;
    return true;
  }

  Program run() {
    prog.codeAddress = info.address;
    prog.waveSize = info.waveSize;
    prog.vgprRows = programRows(info.vgprCount);
    // Instructions without architectural effect (waits, scheduling hints, s_nop) are not kept:
    // their addresses map to the next kept instruction, so branches to them still land right
    // and the run loop never dispatches them.
    std::vector<std::pair<size_t, disasm::Inst>> decoded;
    size_t off = 0;
    while (off < info.code.size()) {
      disasm::Inst inst;
      if (dis.decode(info.code.subspan(off), inst) != disasm::DecodeStatus::Success)
        inst.desc = nullptr;
      decoded.emplace_back(off, inst);
      off += inst.size ? inst.size : 4;
    }
    wrapFloatMode = needsModeWrapper(decoded);
    for (const auto &[at, inst] : decoded) {
      DecodedInst d;
      d.address = info.address + at;
      d.size = inst.size;
      const bool kept = decodeOne(inst, d);
      prog.addressIndex.emplace_back(d.address, static_cast<uint32_t>(prog.insts.size()));
      if (kept) {
        prog.insts.push_back(d);
        prog.raw.push_back(inst);
      }
    }
    DecodedInst end; // the sentinel
    end.address = info.address + off;
    trap(end, "execution ran past the end of the kernel code");
    prog.insts.push_back(end);
    prog.raw.push_back(disasm::Inst{});
    // Branch targets: SOPP simm16 counts dwords from the next instruction.
    for (size_t i = 0; i + 1 < prog.insts.size(); ++i) {
      const disasm::Inst &inst = prog.raw[i];
      if (!inst.desc || inst.desc->numOperands == 0)
        continue;
      // SOPP branches have a Label operand; s_call_b64's simm16 is a branch offset as well.
      if (inst.desc->operands[0].kind != OperandKind::Label && inst.desc->name != "s_call_b64")
        continue;
      DecodedInst &d = prog.insts[i];
      const uint64_t target = d.address + 4 + static_cast<int64_t>(d.imm) * 4;
      d.target = prog.indexOf(target);
    }
    return std::move(prog);
  }
};

} // namespace

uint32_t Program::indexOf(uint64_t addr) const {
  auto it = std::lower_bound(addressIndex.begin(), addressIndex.end(), addr,
                             [](const auto &e, uint64_t a) { return e.first < a; });
  if (it != addressIndex.end() && it->first == addr)
    return it->second;
  return static_cast<uint32_t>(insts.size() - 1);
}

std::string Program::text(uint32_t index) const {
  std::string out;
  if (index < raw.size() && raw[index].desc)
    disasm::Disassembler().print(raw[index], out);
  return out;
}

// Gives every constant source its broadcast lane row (shared by equal values).
void broadcastConstants(Program &prog) {
  std::unordered_map<uint32_t, const uint32_t *> rows;
  auto fill = [&](DecodedInst &d) {
    for (Src &s : d.src) {
      if (s.kind != SrcKind::Const)
        continue;
      const uint32_t v = modify(s, static_cast<uint32_t>(s.value));
      const uint32_t *&row = rows[v];
      if (!row) {
        prog.constantLanes.push_back(std::make_unique<Program::LaneRow>());
        std::fill(std::begin(prog.constantLanes.back()->lanes),
                  std::end(prog.constantLanes.back()->lanes), v);
        row = prog.constantLanes.back()->lanes;
      }
      s.constantLanes = row;
    }
  };
  for (DecodedInst &d : prog.insts)
    fill(d);
  for (DecodedInst &d : prog.components)
    fill(d);
}

Program predecode(const CodeInfo &info) {
  Program prog = Builder(info).run();
  broadcastConstants(prog);
  prog.entry = prog.indexOf(info.entryAddress ? info.entryAddress : info.address);
  return prog;
}

} // namespace gcnkit::emu
