// The vop3p family codec: VOP3P (packed math, dot products, v_fma_mix*, WMMA, with DPP16 /
// DPP8 forms; gfx908's MAI group), VOPD (dual issue), VINTERP and LDSDIR, and gfx9's VINTRP.
// This file routes by format; each format lives in its own file.
#include "disasm/vop3p_internal.h"

namespace gcnkit::disasm::detail {

namespace {

using isa::Format;

DecodeStatus decode(Format format, std::span<const uint8_t> bytes, WaveSize wave, Inst &inst) {
  switch (format) {
  case Format::VOP3P:
    return vop3p::decodePacked(bytes, wave, inst);
  case Format::VOPD:
    // Dual issue exists only in wave32: llvm-mc rejects every VOPD encoding in wave64.
    if (wave == WaveSize::Wave64)
      return DecodeStatus::Fail;
    return vop3p::decodeDual(bytes, inst);
  case Format::VINTERP:
    return vop3p::decodeInterp(bytes, inst);
  case Format::LDSDIR:
    return vop3p::decodeLdsDir(bytes, inst);
  case Format::VINTRP:
    return vop3p::decodeVintrp(bytes, inst);
  default:
    return DecodeStatus::Fail;
  }
}

void print(const Inst &inst, WaveSize wave, std::string &out, const PrintOptions &) {
  switch (inst.desc->format) {
  case Format::VOP3P:
    return vop3p::printPacked(inst, wave, out);
  case Format::VOPD:
    return vop3p::printDual(inst, out);
  case Format::VINTERP:
    return vop3p::printInterp(inst, out);
  case Format::LDSDIR:
    return vop3p::printLdsDir(inst, out);
  case Format::VINTRP:
    return vop3p::printVintrp(inst, out);
  default:
    return;
  }
}

void encode(const Inst &inst, WaveSize wave, std::string &out) {
  switch (inst.desc->format) {
  case Format::VOP3P:
    return vop3p::encodePacked(inst, wave, out);
  case Format::VOPD:
    return vop3p::encodeDual(inst, out);
  case Format::VINTERP:
    return vop3p::encodeInterp(inst, out);
  case Format::LDSDIR:
    return vop3p::encodeLdsDir(inst, out);
  case Format::VINTRP:
    return vop3p::encodeVintrp(inst, out);
  default:
    return;
  }
}

} // namespace

const Codec kVop3pCodec = {decode, print, encode, nullptr};

} // namespace gcnkit::disasm::detail
