// The format-specific flags and operands of DS, FLAT / GLOBAL / SCRATCH and buffer instructions
// (emu/mem_access.h), and the memory instructions the emulator refuses.
#include "emu/predecode_builder.h"

#include <string>
#include <string_view>

#include "emu/mem_access.h"
#include "gcnkit/kernel_descriptor.h"

namespace gcnkit::emu::predecode_detail {

std::string Builder::refusedReason(const disasm::Inst &inst) {
  // The LDS side of buffer_store_lds_dword has the address questions of the loads into LDS.
  if (inst.desc->name == "buffer_store_lds_dword")
    return "buffer_store_lds_dword (a store from LDS) not emulated";
  return "not implemented";
}

namespace {

// GWS, ordered-count and GS-register instructions: their executors reach the dispatch's
// GlobalShare themselves (entry::kGlobalSync).
bool globalSyncName(std::string_view name) {
  return name.starts_with("ds_gws_") || name == "ds_ordered_count" || name.ends_with("_gs_reg_rtn");
}

// ds_ordered_count's offset1[5:4] opcode: add and exchange are emulated; 2 is reserved and wrap
// (3, ds_wrap_rtn_b32) needs a second operand the instruction has no field for. On gfx11 the
// counter is a GS register, where exchange is only allowed on offset0[5:2] = 4-7 and 64-bit
// registers (8-15) take only the add (RDNA3 guide, "Ordered Count").
bool orderedCountForm(const isa::TargetInfo &target, uint32_t offsets, DecodedInst &d,
                      std::string &why) {
  const uint32_t op = (offsets >> 12) & 3, index = (offsets >> 2) & 15;
  if (op == 2 || op == 3) {
    why = std::string("ds_ordered_count with ordered-index opcode ") +
          (op == 2 ? "2 (reserved)" : "3 (wrap: its second operand is not documented)") +
          " not emulated";
    return false;
  }
  if (!target.has(isa::TargetInfo::kOrderedCountGsRegisters))
    return true;
  d.aux |= memflag::kOrderedGsRegisters;
  if (op == 1 && (index < 4 || index > 7)) {
    why = "ds_ordered_count exchange on GS register " + std::to_string(index) +
          " (the guide allows 4-7) not emulated";
    return false;
  }
  return true;
}

} // namespace

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
    if (globalSyncName(name)) {
      if (!mem.ds[isa::mem::kDsGds].get(v)) {
        why = std::string(name) + " without gds (a GDS-only instruction) not emulated";
        return false;
      }
      if (name == "ds_ordered_count" &&
          !orderedCountForm(target, static_cast<uint32_t>(d.imm), d, why))
        return false;
    } else if (mem.ds[isa::mem::kDsGds].get(v)) { // decodeOne puts it behind the GDS entry
      // addtid's base is M0[15:0], which holds the size for GDS: which field then gives the
      // base is not documented.
      if (name.find("addtid") != name.npos) {
        why = std::string(name) + " with gds not emulated";
        return false;
      }
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
