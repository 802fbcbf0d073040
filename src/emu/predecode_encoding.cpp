// Reads operand fields and literals out of the instruction words, and gives inline constants
// and literals the value an operand of a given type sees.
#include "emu/predecode_encoding.h"

#include <cstring>

namespace gcnkit::emu::predecode_detail {

uint32_t Encoding::field(Field f, const OperandDesc &o) const {
  const Format fmt = inst.desc->format;
  const bool vreg = o.kind == OperandKind::VReg;
  switch (fmt) {
  case Format::SOP1:
  case Format::SOP2:
  case Format::SOPK:
  case Format::SOPC:
  case Format::SOPP:
    switch (f) {
    case Field::SDST:
      return isa::bits(w(0), 22, 16);
    case Field::SSRC0:
      return isa::bits(w(0), 7, 0);
    case Field::SSRC1:
      return isa::bits(w(0), 15, 8);
    case Field::SIMM16:
      return isa::bits(w(0), 15, 0);
    default:
      return 0;
    }
  case Format::SMEM:
    switch (f) {
    case Field::SDATA:
      return isa::bits(w(0), 12, 6);
    case Field::SBASE:
      return isa::bits(w(0), 5, 0) * 2;
    case Field::SOFFSET:
      return isa::bits(w(1), 31, 25);
    case Field::OFFSET:
      return isa::bits(w(1), 20, 0);
    default:
      return 0;
    }
  case Format::VOP1:
  case Format::VOP2:
  case Format::VOPC:
    switch (f) {
    case Field::VDST:
      return isa::bits(w(0), 24, 17) + (vreg ? 256 : 0);
    case Field::SRC0:
      return isa::bits(w(0), 8, 0);
    case Field::VSRC1:
      return isa::bits(w(0), 16, 9) + 256;
    default:
      return 0;
    }
  case Format::VOP3:
  case Format::VOP3SD:
  case Format::VOP3P:
    switch (f) {
    case Field::VDST:
      return isa::bits(w(0), 7, 0) + (vreg ? 256 : 0);
    case Field::SDST:
      return isa::bits(w(0), 14, 8);
    case Field::SRC0:
      return isa::bits(w(1), 8, 0);
    case Field::SRC1:
      return isa::bits(w(1), 17, 9);
    case Field::SRC2:
      return isa::bits(w(1), 26, 18);
    default:
      return 0;
    }
  case Format::DS: {
    const isa::mem::FormatLayout &l = mem().ds;
    switch (f) {
    case Field::VADDR:
      return l[isa::mem::kDsAddr].get(w64()) + 256;
    case Field::DATA0:
      return l[isa::mem::kDsData0].get(w64()) + 256;
    case Field::DATA1:
      return l[isa::mem::kDsData1].get(w64()) + 256;
    case Field::VDST:
      return l[isa::mem::kDsVdst].get(w64()) + 256;
    default:
      return 0;
    }
  }
  case Format::FLAT:
  case Format::GLOBAL:
  case Format::SCRATCH: {
    const isa::mem::FormatLayout &l = mem().flat;
    switch (f) {
    case Field::OFFSET:
      return l[isa::mem::kFlatOffset].get(w64());
    case Field::VADDR:
      return l[isa::mem::kFlatVaddr].get(w64()) + 256;
    case Field::VDATA:
      return l[isa::mem::kFlatVdata].get(w64()) + 256;
    case Field::SADDR:
      return l[isa::mem::kFlatSaddr].get(w64());
    case Field::VDST:
      return l[isa::mem::kFlatVdst].get(w64()) + 256;
    default:
      return 0;
    }
  }
  case Format::MUBUF:
  case Format::MTBUF: {
    const isa::mem::FormatLayout &l = fmt == Format::MTBUF ? mem().mtbuf : mem().mubuf;
    switch (f) {
    case Field::VADDR:
      return l[isa::mem::kBufVaddr].get(w64()) + 256;
    case Field::VDATA:
      return l[isa::mem::kBufVdata].get(w64()) + 256;
    case Field::SRSRC:
      return l[isa::mem::kBufSrsrc].get(w64()) * 4;
    case Field::SOFFSET:
      return l[isa::mem::kBufSoffset].get(w64());
    default:
      return 0;
    }
  }
  default:
    return 0;
  }
}

unsigned Encoding::baseDwords() const {
  switch (inst.desc->format) {
  case Format::VOP3:
  case Format::VOP3SD:
  case Format::VOP3P:
  case Format::VOPD:
  case Format::MUBUF: // a literal SOFFSET follows the two dwords
  case Format::MTBUF:
    return 2;
  default:
    return 1;
  }
}

namespace {

uint64_t f64Bits(double d) {
  uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}

} // namespace

uint64_t inlineConstant(unsigned enc, DataType t) {
  if (enc <= 208) {
    const int64_t v = enc <= 192 ? int64_t(enc) - 128 : 192 - int64_t(enc);
    return is64(t) ? static_cast<uint64_t>(v) : static_cast<uint32_t>(v);
  }
  static constexpr uint32_t kF32[] = {0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000,
                                      0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983};
  static constexpr uint16_t kF16[] = {0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000,
                                      0xc000, 0x4400, 0xc400, 0x3118};
  static const uint64_t kF64[] = {f64Bits(0.5),  f64Bits(-0.5), f64Bits(1.0),
                                  f64Bits(-1.0), f64Bits(2.0),  f64Bits(-2.0),
                                  f64Bits(4.0),  f64Bits(-4.0), 0x3fc45f306dc9c882ull};
  const unsigned i = enc - 240;
  if (is64(t))
    return kF64[i];
  if (t == DataType::F16 || t == DataType::V2F16)
    return kF16[i];
  return kF32[i];
}

uint64_t literalValue(uint32_t lit, DataType t) {
  switch (t) {
  case DataType::F64:
    return uint64_t{lit} << 32;
  case DataType::I64:
    return static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(lit)));
  default:
    return lit;
  }
}

} // namespace gcnkit::emu::predecode_detail
