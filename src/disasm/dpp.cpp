// DPP16 and DPP8 controls as llvm-mc prints them, for every format with DPP forms (VOP1/2/C,
// VOP3 and VOP3P).
#include "disasm/dpp.h"

#include "disasm/operands.h"
#include "isa/target_info.h"

namespace gcnkit::disasm::detail {

void appendDpp16(std::string &out, isa::Target target, uint32_t dpp) {
  const isa::TargetInfo &info = isa::targetInfo(target);
  const unsigned ctrl = (dpp >> 8) & 0x1ff;
  const isa::DppControlSpelling *spelling = nullptr;
  for (const isa::DppControlSpelling &c : info.dppControls)
    if (ctrl >= c.first && ctrl <= c.last)
      spelling = &c;
  if (!spelling) {
    out += " /* Invalid dpp_ctrl value */";
  } else if (spelling->isNote) {
    out += spelling->name;
  } else if (spelling->first == 0) { // quad_perm
    out += " quad_perm:[";
    for (int i = 0; i < 4; ++i) {
      if (i)
        out += ',';
      out += static_cast<char>('0' + ((ctrl >> (2 * i)) & 3));
    }
    out += ']';
  } else {
    out += ' ';
    out += spelling->name;
    if (spelling->valueOfFirst >= 0) {
      out += ':';
      appendUDec(out, spelling->valueOfFirst + (ctrl - spelling->first));
    }
  }
  out += " row_mask:";
  appendHex(out, dpp >> 28);
  out += " bank_mask:";
  appendHex(out, (dpp >> 24) & 0xf);
  if (dpp & (1u << 19))
    out += " bound_ctrl:1";
  if ((dpp & (1u << 18)) && info.has(isa::TargetInfo::kDppFetchInactive))
    out += " fi:1";
}

uint32_t reencodedDpp16(isa::Target target, uint32_t dpp) {
  uint32_t reserved = 1u << 17;
  if (!isa::targetInfo(target).has(isa::TargetInfo::kDppFetchInactive))
    reserved |= 1u << 18;
  return dpp & ~reserved;
}

void appendDpp8(std::string &out, uint32_t dpp, bool fi) {
  out += " dpp8:[";
  for (int i = 0; i < 8; ++i) {
    if (i)
      out += ',';
    out += static_cast<char>('0' + ((dpp >> (8 + 3 * i)) & 7));
  }
  out += ']';
  if (fi)
    out += " fi:1";
}

} // namespace gcnkit::disasm::detail
