#include "disasm/operands.h"

#include <array>
#include <charconv>
#include <string_view>

namespace gcnkit::disasm::detail {

void appendDec(std::string& out, int64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

void appendUDec(std::string& out, uint64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

void appendHex(std::string& out, uint64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v, 16);
  out += "0x";
  out.append(buf, r.ptr);
}

namespace {

void appendRange(std::string& out, std::string_view prefix, unsigned first, unsigned regs) {
  out += prefix;
  if (regs == 1) {
    appendUDec(out, first);
    return;
  }
  out += '[';
  appendUDec(out, first);
  out += ':';
  appendUDec(out, first + regs - 1);
  out += ']';
}

// Tuples of 2 registers are 2-aligned, larger tuples 4-aligned.
unsigned alignDown(unsigned enc, unsigned regs) {
  if (regs == 2)
    return enc & ~1u;
  if (regs >= 4)
    return enc & ~3u;
  return enc;
}

}  // namespace

bool appendScalarReg(std::string& out, unsigned enc, unsigned regs) {
  switch (enc) {
  case 235:
    out += "src_shared_base";
    return true;
  case 236:
    out += "src_shared_limit";
    return true;
  case 237:
    out += "src_private_base";
    return true;
  case 238:
    out += "src_private_limit";
    return true;
  case 239:
    out += "src_pops_exiting_wave_id";
    return true;
  case 251:
    out += "src_vccz";
    return true;
  case 252:
    out += "src_execz";
    return true;
  case 253:
    out += "src_scc";
    return true;
  default:
    break;
  }
  if (enc < sreg::kVccLo) {
    unsigned first = alignDown(enc, regs);
    if (first + regs > sreg::kVccLo)
      return false;
    appendRange(out, "s", first, regs);
    return true;
  }
  if (enc >= sreg::kTtmp0 && enc < sreg::kNull) {
    unsigned first = alignDown(enc - sreg::kTtmp0, regs);
    if (first + regs > 16)
      return false;
    appendRange(out, "ttmp", first, regs);
    return true;
  }
  if (regs == 1) {
    switch (enc) {
    case sreg::kVccLo:
      out += "vcc_lo";
      return true;
    case sreg::kVccHi:
      out += "vcc_hi";
      return true;
    case sreg::kNull:
      out += "null";
      return true;
    case sreg::kM0:
      out += "m0";
      return true;
    case sreg::kExecLo:
      out += "exec_lo";
      return true;
    case sreg::kExecHi:
      out += "exec_hi";
      return true;
    default:
      return false;
    }
  }
  if (regs == 2) {
    switch (enc) {
    case sreg::kVccLo:
      out += "vcc";
      return true;
    case sreg::kNull:
      out += "null";
      return true;
    case sreg::kExecLo:
      out += "exec";
      return true;
    default:
      return false;
    }
  }
  return false;
}

void appendVGPR(std::string& out, unsigned index, unsigned regs) {
  appendRange(out, "v", index, regs);
}

void appendInlineConstant(std::string& out, unsigned enc, isa::DataType type) {
  if (enc >= 128 && enc <= 192) {
    appendUDec(out, enc - 128);
    return;
  }
  if (enc >= 193 && enc <= 208) {
    appendDec(out, -static_cast<int>(enc - 192));
    return;
  }
  static constexpr std::array<std::string_view, 8> kFloats = {"0.5", "-0.5", "1.0", "-1.0",
                                                              "2.0", "-2.0", "4.0", "-4.0"};
  if (enc >= 240 && enc <= 247) {
    out += kFloats[enc - 240];
    return;
  }
  // 1/(2*pi): llvm-mc prints the shortest decimal that round-trips at the operand's width.
  using isa::DataType;
  switch (type) {
  case DataType::B64:
  case DataType::I64:
  case DataType::U64:
  case DataType::F64:
    out += "0.15915494309189532";
    return;
  default:
    out += "0.15915494";
    return;
  }
}

}  // namespace gcnkit::disasm::detail
