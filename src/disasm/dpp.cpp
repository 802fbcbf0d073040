// DPP16 and DPP8 controls as llvm-mc prints them, for every format with DPP forms (VOP1/2/C,
// VOP3 and VOP3P).
#include "disasm/dpp.h"

#include "disasm/operands.h"

namespace gcnkit::disasm::detail {

void appendDpp16(std::string &out, uint32_t dpp) {
  const unsigned ctrl = (dpp >> 8) & 0x1ff;
  if (ctrl <= 0xff) {
    out += " quad_perm:[";
    for (int i = 0; i < 4; ++i) {
      if (i)
        out += ',';
      out += static_cast<char>('0' + ((ctrl >> (2 * i)) & 3));
    }
    out += ']';
  } else if ((ctrl >= 0x101 && ctrl <= 0x10f) || (ctrl >= 0x111 && ctrl <= 0x11f) ||
             (ctrl >= 0x121 && ctrl <= 0x12f)) {
    out += ctrl < 0x110 ? " row_shl:" : ctrl < 0x120 ? " row_shr:" : " row_ror:";
    appendUDec(out, ctrl & 0xf);
  } else if (ctrl == 0x130) {
    out += " /* wave_shl is not supported starting from GFX10 */";
  } else if (ctrl == 0x134) {
    out += " /* wave_rol is not supported starting from GFX10 */";
  } else if (ctrl == 0x138) {
    out += " /* wave_shr is not supported starting from GFX10 */";
  } else if (ctrl == 0x13c) {
    out += " /* wave_ror is not supported starting from GFX10 */";
  } else if (ctrl == 0x140) {
    out += " row_mirror";
  } else if (ctrl == 0x141) {
    out += " row_half_mirror";
  } else if (ctrl == 0x142 || ctrl == 0x143) {
    out += " /* row_bcast is not supported starting from GFX10 */";
  } else if (ctrl >= 0x150 && ctrl <= 0x16f) {
    out += ctrl < 0x160 ? " row_share:" : " row_xmask:";
    appendUDec(out, ctrl & 0xf);
  } else {
    out += " /* Invalid dpp_ctrl value */";
  }
  out += " row_mask:";
  appendHex(out, dpp >> 28);
  out += " bank_mask:";
  appendHex(out, (dpp >> 24) & 0xf);
  if (dpp & (1u << 19))
    out += " bound_ctrl:1";
  if (dpp & (1u << 18))
    out += " fi:1";
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
