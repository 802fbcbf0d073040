// VOPD (dual issue): the X and Y halves become two component entries run by the VOPD executor.
#include "emu/predecode_builder.h"

#include <string>

#include "isa/encoding.h"

namespace gcnkit::emu::predecode_detail {

bool Builder::dual(const disasm::Inst &inst, DecodedInst &d, std::string &why) {
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
    ci.fn = pick(*entry);
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
      if (!source(enc, o, o.regs, Encoding{fake}, s, why))
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
  comp[0].vdst = stagingRow(registerRows());
  prog.components.push_back(comp[0]);
  prog.components.push_back(comp[1]);
  d.fn = vopdExecutor(32);
  return true;
}

} // namespace gcnkit::emu::predecode_detail
