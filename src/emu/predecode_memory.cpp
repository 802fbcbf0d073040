// The format-specific flags and operands of DS, FLAT / GLOBAL / SCRATCH and buffer instructions
// (emu/mem_access.h), and the memory instructions the emulator refuses.
#include "emu/predecode_builder.h"

#include <string>
#include <string_view>

#include "emu/mem_access.h"
#include "gcnkit/kernel_descriptor.h"

namespace gcnkit::emu::predecode_detail {

bool Builder::memoryFlags(const disasm::Inst &inst, DecodedInst &d, std::string &why) const {
  const InstrDesc &row = *inst.desc;
  const Format fmt = row.format;
  const std::string_view name = row.name;
  const uint64_t v = inst.words[0] | uint64_t{inst.words[1]} << 32;
  const isa::mem::MemLayout &mem = target.mem;
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
    if (name == "ds_bvh_stack_rtn_b32") {
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
    if (mem.flat[isa::mem::kFlatGlc].get(v)) // glc: atomics return the old value
      d.aux |= memflag::kReturn;
    // SCRATCH reads vaddr when the encoding has it (gfx11's SVE bit; gfx9: no saddr).
    for (unsigned i = 0; i < row.numOperands; ++i)
      if (fmt == Format::SCRATCH && row.operands[i].field == Field::VADDR &&
          dis.operandRegs(inst, i) > 0)
        d.aux |= memflag::kScratchVaddr;
    if (row.modifiers & isa::mod::Lds) {
      why = std::string(name) + " lds not emulated";
      return false;
    }
    return true;
  case Format::MUBUF:
  case Format::MTBUF: {
    const isa::mem::FormatLayout &l = fmt == Format::MTBUF ? mem.mtbuf : mem.mubuf;
    if (l[isa::mem::kBufTfe].get(v)) {
      why = "tfe not emulated";
      return false;
    }
    if (name.starts_with("buffer_load_lds_") || name.find("d16_format") != name.npos ||
        name.find("d16_hi_format") != name.npos || (row.modifiers & isa::mod::Lds)) {
      why = std::string(name) + " not emulated";
      return false;
    }
    if (fmt == Format::MTBUF && mem.bufferFormat != isa::mem::BufferFormatSyntax::Unified) {
      why = "gfx9 typed buffer formats not emulated";
      return false;
    }
    d.imm = static_cast<int32_t>(l[isa::mem::kBufOffset].get(v));
    if (l[isa::mem::kBufOffen].get(v))
      d.aux |= memflag::kOffen;
    if (l[isa::mem::kBufIdxen].get(v))
      d.aux |= memflag::kIdxen;
    if (fmt == Format::MTBUF)
      d.aux |= l[isa::mem::kBufFormatOrReserved].get(v) << memflag::kFormatShift;
    if (name.starts_with("buffer_atomic_") && l[isa::mem::kBufGlc].get(v)) {
      d.aux |= memflag::kReturn; // the old value replaces VDATA
      d.vdst = d.src[2].reg;
    }
    return true;
  }
  default:
    return true;
  }
}

} // namespace gcnkit::emu::predecode_detail
