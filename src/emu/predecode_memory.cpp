// The format-specific flags and operands of DS, FLAT / GLOBAL / SCRATCH and buffer instructions
// (emu/mem_access.h), and the memory instructions the emulator refuses.
#include "emu/predecode_builder.h"

#include <string>
#include <string_view>

#include "emu/mem_access.h"
#include "gcnkit/kernel_descriptor.h"

namespace gcnkit::emu::predecode_detail {

std::string Builder::refusedReason(const disasm::Inst &inst) {
  const std::string_view name = inst.desc->name;
  if (inst.desc->format == Format::DS &&
      (name.starts_with("ds_gws_") || name == "ds_ordered_count" || name.ends_with("_gs_reg_rtn")))
    // GWS barriers and semaphores synchronise waves of the whole dispatch, and GDS ordered
    // counts order them by creation: work-groups here run to completion one after another on
    // each worker, and dispatches get no GDS / GWS allocation.
    return "GWS / GDS / ordered count not emulated (no GDS / GWS allocation for the dispatch)";
  if (name == "buffer_store_lds_dword") // the LDS side has the address questions of the loads
    return "buffer_store_lds_dword (a store from LDS) not emulated";
  return "not implemented";
}

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
  // The loads into LDS (gfx9's lds bit, gfx11's buffer_load_lds_*): the LDS address they write
  // (M0's offset field, whether the instruction offset and a per-lane dword are added, where a
  // byte or short lands in its dword) is not given clearly enough by the ISA guides to emulate
  // without guessing.
  if ((row.modifiers & isa::mod::Lds) || name.starts_with("buffer_load_lds_")) {
    why = std::string(name) + " lds (a load into LDS) not emulated";
    return false;
  }
  switch (fmt) {
  case Format::DS:
    if (mem.ds[isa::mem::kDsGds].get(v)) {
      why = "GDS not emulated";
      return false;
    }
    // The _src2_ forms with offset1[7] take B's offset from the address's high bits, A[31:17]:
    // which of A's bits then address the LDS is not documented.
    if (name.find("_src2_") != name.npos && (d.imm & 0x8000)) {
      why =
          std::string(name) + " with offset1[7] (offset from the address's high bits) not emulated";
      return false;
    }
    if (name == "ds_bvh_stack_rtn_b32") {
      why = std::string(name) + " not emulated";
      return false;
    }
    for (unsigned i = 0; i < row.numOperands; ++i)
      if (row.operands[i].isDef)
        d.aux |= memflag::kReturn; // the _rtn forms (and loads, which ignore it)
    if (!target.has(isa::TargetInfo::kPermuteWithinHalves))
      d.aux |= memflag::kPermuteWholeWave;
    if (target.has(isa::TargetInfo::kSwizzleRotateFft))
      d.aux |= memflag::kSwizzleRotateFft;
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
    // Without architected flat scratch the wave's private memory is guest memory at its
    // FLAT_SCRATCH register (which the kernel's prolog sets).
    if (fmt != Format::GLOBAL && !target.kernelDescriptor.architectedFlatScratch) {
      d.aux |= memflag::kGuestPrivate;
      d.sdst = scalarIndex(target.sregs.flatScratch);
    }
    return true;
  case Format::MUBUF:
  case Format::MTBUF: {
    const isa::mem::FormatLayout &l = fmt == Format::MTBUF ? mem.mtbuf : mem.mubuf;
    if (l[isa::mem::kBufTfe].get(v)) {
      why = "tfe not emulated";
      return false;
    }
    d.imm = static_cast<int32_t>(l[isa::mem::kBufOffset].get(v));
    if (l[isa::mem::kBufOffen].get(v))
      d.aux |= memflag::kOffen;
    if (l[isa::mem::kBufIdxen].get(v))
      d.aux |= memflag::kIdxen;
    if (fmt == Format::MTBUF) {
      d.aux |= l[isa::mem::kBufFormatOrReserved].get(v) << memflag::kFormatShift;
      if (mem.bufferFormat == isa::mem::BufferFormatSyntax::Split)
        d.aux |= memflag::kSplitFormat;
    }
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
