// The MODE register at run time: the hardware-register instructions (s_getreg / s_setreg,
// s_round_mode, s_denorm_mode, s_sendmsg_rtn) and the MODE wrapper that runs a floating-point
// instruction under the mode the wave has when it executes (see emu/mode.h).
#include "emu/mode.h"

#include "emu/apertures.h"
#include "emu/predecode.h"
#include "emu/wave.h"
#include "gcnkit/kernel_descriptor.h"
#include "isa/target_info.h"

namespace gcnkit::emu {

namespace {

// ---- MODE wrapper ---------------------------------------------------------------------------

bool isDenormF64(uint32_t hi, uint32_t lo) {
  return (hi & 0x7FF00000u) == 0 && ((hi & 0xFFFFFu) | lo) != 0;
}

template <int W> void underMode(Wave &w, const DecodedInst &in) {
  const Program &p = *w.group->program;
  const uint32_t info = in.target;
  const uint32_t m = w.mode;
  const uint32_t round = (info & modeinfo::kRoundWide) ? mode::round64(m) : mode::round32(m);
  const uint32_t denorm64 = mode::denorm64(m);
  const bool nonIeee = (info & modeinfo::kIeeeVariant) && !(m & mode::kIeee);
  const DecodedInst &variant = p.components[in.aux + (nonIeee ? 4 : round)];
  if (!variant.fn || ((info & modeinfo::kF16) && denorm64 != mode::kKeep)) {
    w.raise(FaultKind::UnsupportedInstruction, in);
    return;
  }
  DecodedInst c = variant;
  if (info & modeinfo::kClamp) {
    if (m & mode::kDx10Clamp)
      c.postOps &= static_cast<uint8_t>(~post::kClampKeepNan);
    else
      c.postOps |= post::kClampKeepNan;
  }
  // f32 denormals (FP_DENORM[1:0]) and the output modifier.
  const uint32_t denorm32 = mode::denorm32(m);
  if (mode::flushesInputs(denorm32))
    for (unsigned i = 0; i < kMaxSources; ++i)
      if (((info >> (modeinfo::kF32SourceShift + i)) & 1) && c.src[i].kind != SrcKind::None) {
        c.src[i].modified = true;
        c.src[i].flushDenorm = true;
        c.src[i].constantLanes = nullptr; // broadcast unflushed when the program was built
      }
  if (info & modeinfo::kF32Result) {
    if (mode::flushesResults(denorm32))
      c.postOps |= post::kFlushDenormF32;
    constexpr uint8_t omodBits = post::kOmodMul2 | post::kOmodMul4 | post::kOmodDiv2;
    // omod is ignored in IEEE mode and when f32 denormal results are kept.
    if ((m & mode::kIeee) || !mode::flushesResults(denorm32))
      c.postOps &= static_cast<uint8_t>(~omodBits);
  }
  // f64 denormals (FP_DENORM[3:2]): flushed sources are staged in the scratch rows.
  const bool flush64In = mode::flushesInputs(denorm64), flush64Out = mode::flushesResults(denorm64);
  if ((info & modeinfo::kF64Result) && (info & modeinfo::kOmod)) {
    constexpr uint8_t omodBits = post::kOmodMul2 | post::kOmodMul4 | post::kOmodDiv2;
    // As for f32: omod is ignored in IEEE mode and when f64 denormal results are kept.
    if ((m & mode::kIeee) || !flush64Out)
      c.postOps &= static_cast<uint8_t>(~omodBits);
    else
      c.postOps |= post::kFlushDenormF64;
  }
  if (flush64In) {
    const uint32_t vgprs = p.registerRows();
    for (unsigned i = 0; i < kMaxSources; ++i) {
      if (!(info & (modeinfo::kF64Source0 << i)))
        continue;
      Src &s = c.src[i];
      if (s.kind == SrcKind::Vgpr) {
        const uint32_t *lo = vrow<W>(w, s.reg), *hi = vrow<W>(w, static_cast<uint16_t>(s.reg + 1));
        const uint16_t row = scratchRow(vgprs, 1 + 2 * i);
        uint32_t *flo = vrow<W>(w, row), *fhi = vrow<W>(w, static_cast<uint16_t>(row + 1));
        for (int l = 0; l < W; ++l) {
          const bool tiny = isDenormF64(hi[l], lo[l]);
          flo[l] = tiny ? 0 : lo[l];
          fhi[l] = tiny ? hi[l] & 0x80000000u : hi[l];
        }
        s.reg = row;
      } else if (s.kind != SrcKind::None) {
        uint64_t v = readScalar64(w, s);
        if (isDenormF64(static_cast<uint32_t>(v >> 32), static_cast<uint32_t>(v)))
          v &= uint64_t{1} << 63;
        s.kind = SrcKind::Const;
        s.value = v;
        s.constantLanes = nullptr;
      }
    }
  }
  c.fn(w, c);
  if (flush64Out && (info & modeinfo::kF64Result)) {
    const uint64_t exec = execMask<W>(w);
    uint32_t *lo = vrow<W>(w, c.vdst), *hi = vrow<W>(w, static_cast<uint16_t>(c.vdst + 1));
    for (int l = 0; l < W; ++l)
      if (((exec >> l) & 1) && isDenormF64(hi[l], lo[l])) {
        lo[l] = 0;
        hi[l] &= 0x80000000u;
      }
  }
}

// ---- hardware registers ---------------------------------------------------------------------

// hwreg(id, offset, size) of s_getreg / s_setreg: id [5:0], offset [10:6], size - 1 [15:11].
struct HwregField {
  uint32_t id, offset, mask;
};
HwregField hwregField(int32_t simm16) {
  const uint32_t v = static_cast<uint32_t>(simm16) & 0xFFFF;
  const uint32_t size = ((v >> 11) & 31) + 1;
  const uint32_t offset = (v >> 6) & 31;
  const uint64_t bits = ((uint64_t{1} << size) - 1) << offset;
  return {v & 63, offset, static_cast<uint32_t>(bits)};
}

uint32_t readHwreg(const Wave &w, uint32_t id) {
  const Program &p = *w.group->program;
  switch (id) {
  case hwreg::kMode:
    return w.mode;
  case hwreg::kStatus: // SCC [0], EXECZ [9], VCCZ [10], IN_TG [11], VALID [16]
    return uint32_t{w.scc} | uint32_t{w.exec() == 0} << 9 | uint32_t{w.vcc() == 0} << 10 |
           1u << 11 | 1u << 16;
  case hwreg::kGprAlloc: {
    const uint32_t vgprs = p.registerRows();
    if (isa::targetInfo(p.target).kernelDescriptor.gfxMajor == 9) {
      // VGPR_SIZE [13:8]: blocks of 4 VGPRs, minus 1 (gfx908 allocates as many AccVGPRs in
      // their own file); SGPR_SIZE [27:24]: blocks of 16, minus 1 (the descriptor counts
      // blocks of 8).
      const uint32_t sgprBlocks = isa::kd::kGranulatedWavefrontSgprCount.get(p.rsrc1) / 2;
      return (p.vgprCount ? (p.vgprCount + 3) / 4 - 1 : 0) << 8 | sgprBlocks << 24;
    }
    // VGPR_BASE [7:0] = 0, VGPR_SIZE [15:8]: blocks of 8 VGPRs, minus 1
    return (vgprs ? (vgprs + 7) / 8 - 1 : 0) << 8;
  }
  case hwreg::kHwId: // WAVE_ID [3:0], TG_ID [19:16] (the rest: SIMD, CU, SE, queue ... 0)
    return (w.hwId1 & 15) | ((w.hwId2 >> 16) & 15) << 16;
  case hwreg::kLdsAlloc: // LDS_BASE [7:0] = 0, LDS_SIZE [20:12]: 64-dword blocks
    return ((w.group->ldsBytes + 255) / 256) << 12;
  case hwreg::kShMemBases: // PRIVATE_BASE [15:0], SHARED_BASE [31:16]: address bits 63:48
    return (aperture::kSharedHi >> 16) << 16 | (aperture::kPrivateHi >> 16);
  case hwreg::kHwId1:
    return w.hwId1;
  case hwreg::kHwId2:
    return w.hwId2;
  case hwreg::kShaderCycles: // a deterministic 20-bit cycle count: instructions executed
    return static_cast<uint32_t>(w.executed) & 0xFFFFF;
  default: // TRAPSTS, IB_STS, FLAT_SCR_LO/HI (no flat scratch base), performance snapshots
    return 0;
  }
}

void getreg(Wave &w, const DecodedInst &in) {
  const HwregField f = hwregField(in.imm);
  if (in.sdst != sreg::kNull)
    w.sgpr[in.sdst] = (readHwreg(w, f.id) & f.mask) >> f.offset;
}

// Only MODE is writable from a kernel; writes to the other registers are dropped, as the
// hardware drops writes to read-only registers.
void setregValue(Wave &w, const DecodedInst &in, uint32_t value) {
  const HwregField f = hwregField(in.imm);
  if (f.id == hwreg::kMode)
    w.mode = (w.mode & ~f.mask) | ((value << f.offset) & f.mask);
}
void setreg(Wave &w, const DecodedInst &in) { setregValue(w, in, readScalar32(w, in.src[2])); }

void roundMode(Wave &w, const DecodedInst &in) {
  w.mode = (w.mode & ~0xFu) | (static_cast<uint32_t>(in.imm) & 0xF);
}
void denormMode(Wave &w, const DecodedInst &in) {
  w.mode = (w.mode & ~0xF0u) | ((static_cast<uint32_t>(in.imm) & 0xF) << 4);
}

// s_sendmsg_rtn: MSG_RTN_GET_DOORBELL (128), _GET_DDID (129), _GET_TMA (130), _GET_REALTIME
// (131), _SAVE_WAVE (132), _GET_TBA (133). The emulated device has no doorbells, trap handlers
// or wave saving (0); the real-time clock is a deterministic counter (instructions the wave
// has executed), like s_getreg SHADER_CYCLES.
template <bool k64> void sendmsgRtn(Wave &w, const DecodedInst &in) {
  const uint32_t msg = static_cast<uint32_t>(in.imm) & 0xFF;
  uint64_t v = 0;
  if (msg == 131)
    v = w.executed;
  if (in.sdst == sreg::kNull)
    return;
  w.sgpr[in.sdst] = static_cast<uint32_t>(v);
  if (k64)
    w.sgpr[in.sdst + 1] = static_cast<uint32_t>(v >> 32);
}

} // namespace

ExecFn modeExecutor(int wave) { return wave == 64 ? underMode<64> : underMode<32>; }

void registerHwreg(Registry &r) {
  r["s_getreg_b32"] = scalarEntry(getreg);
  r["s_setreg_b32"] = scalarEntry(setreg);
  r["s_setreg_imm32_b32"] = scalarEntry(setreg);
  r["s_round_mode"] = scalarEntry(roundMode);
  r["s_denorm_mode"] = scalarEntry(denormMode);
  r["s_sendmsg_rtn_b32"] = scalarEntry(sendmsgRtn<false>);
  r["s_sendmsg_rtn_b64"] = scalarEntry(sendmsgRtn<true>);
}

} // namespace gcnkit::emu
