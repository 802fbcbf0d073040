// SDWA instructions (gfx9): the instruction becomes a component reading its selected sources
// from staging rows and writing a result row that the SDWA entry places (emu/sdwa.h).
#include "emu/predecode_builder.h"

#include <string>
#include <string_view>

#include "emu/mode.h"
#include "emu/sdwa.h"

namespace gcnkit::emu::predecode_detail {

bool Builder::sdwaOperands(const disasm::Inst &inst, DecodedInst &d, std::string &why) {
  const InstrDesc &row = *inst.desc;
  const isa::sdwa::Word word = Encoding{inst}.sdwa();
  sdwaSources[0] = sdwaSources[1] = Src{};
  sdwaDst = 0;
  sdwaPlaces = false;
  for (unsigned op = 0; op < row.numOperands; ++op) {
    const OperandDesc &o = row.operands[op];
    if (o.isDef) {
      if (row.format == Format::VOPC && o.field == Field::None && word.sd()) {
        // The compare result goes to the SGPR pair sdst names (else to vcc), a pair aligned
        // down as the disassembler prints it.
        const unsigned regs = dis.operandRegs(inst, op);
        const isa::ScalarRegisters &sr = target.sregs;
        unsigned enc = word.sdst();
        if (regs == 2 && (enc < sr.sgprs || (enc >= sr.ttmp && enc < sr.ttmp + 16u)))
          enc &= ~1u;
        if (!isNullEnc(enc) && ((regs == 2 && enc == sr.m0) || enc + regs > 128)) {
          why = "scalar destination " + std::to_string(enc) + " not emulated";
          return false;
        }
        d.sdst = scalarIndex(enc);
      } else if (o.field == Field::VDST && o.kind == OperandKind::VReg &&
                 word.dstSel() != isa::sdwa::kDword) {
        sdwaDst = d.vdst;
        d.vdst = scratchRow(registerRows(), kSdwaResultRow);
        sdwaPlaces = true;
      }
      continue;
    }
    if (o.field != Field::SRC0 && o.field != Field::VSRC1)
      continue;
    const unsigned i = o.field == Field::SRC0 ? 0 : 1;
    Src &s = d.src[slotOf(o.field)];
    const unsigned sel = word.srcSel(i);
    // neg / abs act on the sign of the operand's type in the selected value.
    const uint32_t sign = isHalfType(o.type) ? 0x8000u : 0x80000000u;
    if (s.kind == SrcKind::Const) { // the constant as the operand's type sees it, selected
      uint32_t v = sdwa::select(static_cast<uint32_t>(s.value), sel, word.sext(i));
      if (word.abs(i))
        v &= ~sign;
      if (word.neg(i))
        v ^= sign;
      s.value = v;
      continue;
    }
    if (sel != isa::sdwa::kDword) { // the entry selects the register into a staging row
      Src &raw = sdwaSources[i];
      raw.kind = s.kind;
      raw.reg = s.reg;
      s.kind = SrcKind::Vgpr;
      s.reg = scratchRow(registerRows(), kSdwaSourceRow + i);
    }
    if (word.abs(i))
      s.andMask &= ~sign;
    if (word.neg(i))
      s.xorMask ^= sign;
    s.modified = s.flushDenorm || s.andMask != 0xFFFFFFFFu || s.xorMask != 0;
  }
  return true;
}

bool Builder::sdwaInstruction(const disasm::Inst &inst, std::string_view name,
                              const ExecEntry &entry, DecodedInst &d, std::string &why) {
  DecodedInst inner;
  inner.address = d.address;
  inner.size = d.size;
  if (!decodeUnderMode(inst, name, entry, inner, why))
    return false;
  if (sdwaSources[0].kind == SrcKind::None && sdwaSources[1].kind == SrcKind::None &&
      !sdwaPlaces) { // whole sources and result: the instruction alone
    d = inner;
    return true;
  }
  d.aux = static_cast<uint32_t>(prog.components.size());
  prog.components.push_back(inner);
  d.fn = sdwa::executor(info.waveSize);
  d.src[0] = sdwaSources[0];
  d.src[1] = sdwaSources[1];
  d.vdst = sdwaDst;
  d.target = Encoding{inst}.sdwa().w;
  d.extra = sdwaPlaces ? sdwa::kPlaceResult : 0;
  d.imm = inner.fn == modeExecutor(info.waveSize) ? inner.imm : -1;
  return true;
}

} // namespace gcnkit::emu::predecode_detail
