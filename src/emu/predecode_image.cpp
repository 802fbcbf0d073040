// Image (MIMG) instructions: the executor of the mnemonic, the operand registers (the address
// dwords, NSA or a tuple; VDATA; the resource and sampler SGPRs) and the modifier bits the
// executors read (emu/image.h). What is refused here is refused for every descriptor: the
// instructions and modifiers the emulator does not run, each with its name.
#include <string>
#include <string_view>

#include "emu/image.h"
#include "emu/mem_access.h"
#include "emu/predecode_builder.h"
#include "isa/image_resource.h"

namespace gcnkit::emu::predecode_detail {

namespace {

// Why an image instruction without an executor is not run.
std::string missingReason(std::string_view name) {
  std::string n(name);
  if (name.starts_with("image_gather4"))
    return n + " not emulated (gather4)";
  if (name.starts_with("image_sample_c"))
    return n + " not emulated (depth-compare samplers)";
  if (name.starts_with("image_sample_d") || name.find("_g16") != name.npos)
    return n + " not emulated (user derivatives)";
  if (name.ends_with("_o") || name.find("_o_") != name.npos)
    return n + " not emulated (texel offsets)";
  if (name.starts_with("image_bvh"))
    return n + " not emulated (ray tracing)";
  if (name.find("_pck") != name.npos)
    return n + " not emulated (packed load / store)";
  return n + " not emulated";
}

} // namespace

bool Builder::imageInstruction(const disasm::Inst &inst, DecodedInst &d, std::string &why) {
  namespace m = isa::mem;
  const InstrDesc &row = *inst.desc;
  const std::string_view name = row.name;
  if (!isa::image::descriptorLayouts(info.target)) {
    why = std::string(name) + " not emulated on this target (no image descriptor layout)";
    return false;
  }
  const ExecEntry *entry = lookup(name);
  if (!entry) {
    why = missingReason(name);
    return false;
  }
  const Encoding e{inst};
  const m::FormatLayout &l = e.mem().mimg;
  const uint64_t v = e.w64();
  if (l[m::kMimgTfe].get(v) || l[m::kMimgLwe].get(v)) {
    why = "tfe / lwe (partially resident texture status) not emulated";
    return false;
  }
  const unsigned dim = l[m::kMimgDim].get(v);
  if (dim == 3 || dim == m::kImageDimMsaa || dim == m::kImageDimMsaaArray) {
    why = "image dim " + std::string(m::kImageDims[dim]) + " not emulated";
    return false;
  }
  d.fn = pick(*entry);
  d.aux |= dim << image::kDimShift | l[m::kMimgDmask].get(v) << image::kDmaskShift;
  if (l[m::kMimgUnorm].get(v))
    d.aux |= image::kUnorm;
  if (l[m::kMimgA16].get(v))
    d.aux |= image::kA16;
  if (l[m::kMimgD16].get(v))
    d.aux |= image::kD16;
  if (l[m::kMimgR128].get(v))
    d.aux |= image::kR128;
  const bool nsa = l[m::kMimgNsa].get(v);
  if (nsa)
    d.aux |= image::kNsa;
  // Which address components the variant has (the row's address model, isa/mem_symbolic.h, says
  // how many; the names say what they are).
  if (name.find("_b") != name.npos && name.starts_with("image_sample"))
    d.aux |= image::kBias;
  if (name.starts_with("image_sample_l") && !name.starts_with("image_sample_lz"))
    d.aux |= image::kLodExplicit;
  if (name.starts_with("image_sample_lz"))
    d.aux |= image::kLodZero;
  if (name.find("_cl") != name.npos)
    d.aux |= image::kLodClamp;
  if (name.find("_mip") != name.npos || name == "image_get_resinfo")
    d.aux |= image::kMip;
  const bool atomic = name.starts_with("image_atomic_");
  if (atomic && l[m::kMimgGlc].get(v))
    d.aux |= memflag::kReturn;

  for (unsigned i = 0; i < row.numOperands; ++i) {
    const OperandDesc &o = row.operands[i];
    const unsigned regs = dis.operandRegs(inst, i);
    switch (o.field) {
    case Field::VDATA: {
      const unsigned vdata = l[m::kMimgVdata].get(v);
      if (vdata + regs > info.vgprCount) {
        why = "image VDATA v" + std::to_string(vdata) + " lies beyond the kernel's VGPRs";
        return false;
      }
      if (o.isDef || atomic) {
        d.vdst = static_cast<uint16_t>(vdata);
        d.dstRegs = static_cast<uint8_t>(regs);
      }
      if (!o.isDef)
        d.src[2] = Src{SrcKind::Vgpr, false, false, static_cast<uint16_t>(vdata)};
      break;
    }
    case Field::VADDR: {
      // Address dword 0 is the VADDR field; NSA adds one register per byte of dword 2, the
      // last of five operands spanning the rest of the address.
      unsigned first[5] = {l[m::kMimgVaddr].get(v), 0, 0, 0, 0};
      unsigned operandsUsed = 1, lastRegs = regs;
      if (nsa) {
        operandsUsed = regs > 5 ? 5 : regs;
        lastRegs = regs > 5 ? regs - 4 : 1;
        for (unsigned k = 1; k < operandsUsed; ++k)
          first[k] = (inst.words[2] >> (8 * (k - 1))) & 0xFF;
      }
      for (unsigned k = 0; k < operandsUsed; ++k) {
        const unsigned span = k + 1 == operandsUsed ? lastRegs : 1;
        if (first[k] + span > info.vgprCount) {
          why = "image address v" + std::to_string(first[k]) + " lies beyond the kernel's VGPRs";
          return false;
        }
      }
      d.src[0] = Src{SrcKind::Vgpr, false, false, static_cast<uint16_t>(first[0])};
      for (unsigned k = 1; k < 5; ++k)
        d.target |= first[k] << (8 * (k - 1));
      break;
    }
    case Field::SRSRC:
    case Field::SSAMP: {
      const unsigned enc = l[o.field == Field::SRSRC ? m::kMimgSrsrc : m::kMimgSsamp].get(v) * 4;
      if (enc + regs > 128 || isNullEnc(enc)) {
        why = "image resource / sampler registers out of range";
        return false;
      }
      if (o.field == Field::SRSRC)
        d.sdst = scalarIndex(enc);
      else
        d.src[1] = Src{SrcKind::Sgpr, false, false, scalarIndex(enc)};
      break;
    }
    default:
      break;
    }
  }
  return true;
}

} // namespace gcnkit::emu::predecode_detail
