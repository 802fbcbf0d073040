// The pre-decoder: the disassembler validates each encoding and finds its table row; this file
// reads the row's operands out of the encoding fields, resolves them (registers, inline
// constants and literals converted for the operand's type, float modifiers as masks) and picks
// the executor registered for the mnemonic.
#include "emu/predecode.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>

#include "emu/apertures.h"
#include "emu/registry.h"
#include "gcnkit/kernel_descriptor.h"
#include "isa/encoding.h"

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
    default:
      return 0;
    }
  }

  // Dwords before a literal.
  unsigned baseDwords() const {
    switch (inst.desc->format) {
    case Format::VOP3:
    case Format::VOP3SD:
    case Format::VOPD:
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
      s.kind = SrcKind::Const;
      s.value = enc < 237 ? aperture::kSharedHi : aperture::kPrivateHi;
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
    const InstrDesc &row = *inst.desc;
    const Encoding e{inst};
    const Format fmt = row.format;
    const bool vop3 = fmt == Format::VOP3 || fmt == Format::VOP3SD;
    const bool memory = fmt == Format::DS || fmt == Format::GLOBAL || fmt == Format::FLAT;
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
      if (o.field == Field::SOFFSET || o.field == Field::SADDR) {
        if (enc == kEncNull) { // "off" / null: no scalar part
          s.kind = o.field == Field::SADDR ? SrcKind::None : SrcKind::Const;
          continue;
        }
      }
      if (!vop3 && o.field == Field::SRC0 &&
          (enc == kEncDpp16 || enc == kEncDpp8 || enc == kEncDpp8Fi)) {
        why = "DPP not emulated";
        return false;
      }
      if (!source(enc, o, e, s, why))
        return false;
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
    if (vop3) {
      if ((row.modifiers & isa::mod::OpSel) && isa::bits(e.w(0), 14, 11)) {
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
        const uint32_t denorm = isa::kd::kFloatDenormMode32.get(info.rsrc1);
        if (!isa::kd::kEnableIeeeMode.get(info.rsrc1) && denorm <= 1) {
          static constexpr uint8_t kOmod[] = {0, post::kOmodMul2, post::kOmodMul4, post::kOmodDiv2};
          d.postOps |= kOmod[omod] | post::kFlushDenormF32;
        }
      }
    }
    if (entry.flags & entry::kAccumulator) {
      d.src[2].kind = SrcKind::Vgpr;
      d.src[2].reg = d.vdst;
    }
    applyDenormMode(entry, d);
    return true;
  }

  // FLOAT_DENORM_MODE_32: 0 flush inputs and results, 1 flush results, 2 flush inputs, 3 keep.
  void applyDenormMode(const ExecEntry &entry, DecodedInst &d) const {
    const uint32_t mode = isa::kd::kFloatDenormMode32.get(info.rsrc1);
    if ((entry.flags & entry::kF32Sources) && (mode == 0 || mode == 2)) {
      for (Src &s : d.src)
        if (s.kind != SrcKind::None) {
          s.modified = true;
          s.flushDenorm = true;
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
      }
      if (name == "v_cndmask_b32") {
        ci.src[2].kind = SrcKind::Sgpr;
        ci.src[2].reg = sreg::kVccLo;
      }
      if (entry->flags & entry::kAccumulator) {
        ci.src[2].kind = SrcKind::Vgpr;
        ci.src[2].reg = ci.vdst;
      }
      applyDenormMode(*entry, ci);
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
    const ExecEntry *entry = lookup(baseName(inst.desc->name));
    if (!entry) {
      trap(d, "not implemented");
      return true;
    }
    if (entry->flags & entry::kNoEffect)
      return false;
    if (!operands(inst, *entry, d, why)) {
      trap(d, why);
      return true;
    }
    d.fn = pick(*entry);
    return true;
  }

  Program run() {
    prog.codeAddress = info.address;
    prog.waveSize = info.waveSize;
    prog.vgprRows = info.vgprCount + kSinkRows + 1;
    // Instructions without architectural effect (waits, scheduling hints, s_nop) are not kept:
    // their addresses map to the next kept instruction, so branches to them still land right
    // and the run loop never dispatches them.
    size_t off = 0;
    while (off < info.code.size()) {
      disasm::Inst inst;
      if (dis.decode(info.code.subspan(off), inst) != disasm::DecodeStatus::Success)
        inst.desc = nullptr;
      DecodedInst d;
      d.address = info.address + off;
      d.size = inst.size;
      const bool kept = decodeOne(inst, d);
      prog.addressIndex.emplace_back(d.address, static_cast<uint32_t>(prog.insts.size()));
      if (kept) {
        prog.insts.push_back(d);
        prog.raw.push_back(inst);
      }
      off += inst.size ? inst.size : 4;
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

Program predecode(const CodeInfo &info) { return Builder(info).run(); }

} // namespace gcnkit::emu
