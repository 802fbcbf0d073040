// DPP16 / DPP8 instructions: the instruction becomes a component reading its permuted src0 from
// a buffer row that the DPP entry fills (emu/dpp.h).
#include "emu/predecode_builder.h"

#include <string_view>

#include "emu/dpp.h"
#include "emu/mode.h"

namespace gcnkit::emu::predecode_detail {

bool Builder::isDppForm(const disasm::Inst &inst) {
  const Format fmt = inst.desc->format;
  unsigned src0;
  if (fmt == Format::VOP1 || fmt == Format::VOP2 || fmt == Format::VOPC)
    src0 = isa::bits(inst.words[0], 8, 0);
  else if (fmt == Format::VOP3 || fmt == Format::VOP3SD || fmt == Format::VOP3P)
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

bool Builder::dppInstruction(const disasm::Inst &inst, std::string_view name,
                             const ExecEntry &entry, DecodedInst &d, std::string &why) {
  const Format fmt = inst.desc->format;
  const bool vop3 = fmt == Format::VOP3 || fmt == Format::VOP3SD || fmt == Format::VOP3P;
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
  if (!dpp8 && !dpp::validControl(target, isa::bits(word, 16, 8))) {
    why = "dpp_ctrl value not defined on this target";
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
  EntryFlags flags = 0;
  if (dpp8) {
    flags = dpp::kDpp8 | (marker == kEncDpp8Fi ? dpp::kFetchInactive : 0);
  } else {
    // Bit 18 is fi where the target has it (gfx10+); gfx9 ignores the bit.
    const bool fi = target.has(isa::TargetInfo::kDppFetchInactive) && ((word >> 18) & 1);
    flags = (fi ? dpp::kFetchInactive : 0) | ((word >> 19) & 1 ? dpp::kBoundCtrl : 0);
  }
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

} // namespace gcnkit::emu::predecode_detail
