// Private to the pre-decoder (emu/predecode*.cpp): the Builder that turns a kernel's code into
// a Program. Its work is split by instruction family: predecode.cpp (the walk over the code,
// executor lookup), predecode_operands.cpp (32/64-bit operands), predecode_memory.cpp,
// predecode_16bit.cpp (16-bit / packed / WMMA), predecode_mode.cpp (FP mode and the MODE
// wrapper), predecode_dpp.cpp, predecode_sdwa.cpp and predecode_vopd.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "emu/predecode.h"
#include "emu/predecode_encoding.h"
#include "emu/program.h"
#include "emu/registry.h"
#include "gcnkit/disasm.h"
#include "gcnkit/kernel_descriptor.h"
#include "isa/target_info.h"

namespace gcnkit::emu::predecode_detail {

struct Builder {
  explicit Builder(const CodeInfo &i)
      : info(i),
        dis(i.target, i.waveSize == 64 ? disasm::WaveSize::Wave64 : disasm::WaveSize::Wave32),
        target(isa::targetInfo(i.target)) {}

  const CodeInfo &info;
  // Decodes in the kernel's wave size, and says how many registers each operand of an
  // encoding spans (operandRegs): widths never come from the row alone.
  disasm::Disassembler dis;
  const isa::TargetInfo &target;
  Program prog;
  // MODE: set when the kernel writes MODE or starts in a mode the decoded flags cannot express
  // (directed rounding, f64 / f16 flushing); float instructions then run behind the MODE
  // wrapper and are decoded for nearest-even rounding with no flushing (`neutralMode`).
  bool wrapFloatMode = false;
  bool modeWritten = false;            // s_setreg (MODE), s_round_mode or s_denorm_mode
  bool staticModeNeedsWrapper = false; // the initial mode has directed rounding or f64 flushing
  bool neutralMode = false;
  // DPP: while decoding a DPP instruction's component, src0 comes from the DPP dword.
  bool dppActive = false;
  uint32_t dppWord = 0; // DPP16 dword (0 for DPP8)
  unsigned dppSource0 = 0;
  uint16_t dppSourceRow = 0;
  // SDWA: what the operand decoding of an SDWA component leaves for its entry (sdwaOperands).
  Src sdwaSources[2];      // sources the entry selects into staging rows (kind None: read whole)
  uint16_t sdwaDst = 0;    // the destination the entry places the result in
  bool sdwaPlaces = false; // the component writes the result row (dst_sel is not DWORD)
  int32_t modeReasonIndex = -1; // trap reason shared by the MODE wrapper entries (modeReason)
  // gfx9 VGPR indexing: the kernel turns it on somewhere, so every VALU instruction runs
  // behind the indexing wrapper (emu/gpr_index.h).
  bool indexesVgprs = false;

  uint32_t trap(DecodedInst &d, std::string reason) {
    d.fn = trapExecutor();
    d.imm = static_cast<int32_t>(prog.trapReasons.size());
    prog.trapReasons.push_back(std::move(reason));
    return 0;
  }

  uint32_t registerRows() const { return info.vgprCount + info.agprCount; }

  static bool isValuFormat(Format f);
  // Puts a decoded VALU instruction behind the VGPR indexing wrapper (predecode.cpp).
  void wrapForVgprIndexing(const disasm::Inst &inst, DecodedInst &d);
  // Puts a DS instruction with the gds bit behind the GDS entry (gds.cpp).
  void wrapForGds(const disasm::Inst &inst, DecodedInst &d);

  uint16_t vgprRow(unsigned v, unsigned regs, bool def) const {
    if (v + regs <= info.vgprCount)
      return static_cast<uint16_t>(v);
    // Out-of-range VGPRs: sources read v0, destinations are dropped (the VALU rules).
    return def ? sinkRow(registerRows()) : 0;
  }
  // AccVGPR a (gfx908): the rows after the VGPRs; out of range as for VGPRs (a0 for sources).
  uint16_t agprRow(unsigned a, unsigned regs, bool def) const {
    if (a + regs <= info.agprCount)
      return static_cast<uint16_t>(info.vgprCount + a);
    return def ? sinkRow(registerRows()) : static_cast<uint16_t>(info.vgprCount);
  }

  // The emulator's scalar register index (sreg::, the gfx11 numbering) of a target's 7-bit
  // scalar encoding: gfx9's m0 is 124 and it has no null (its decoder prints 125 as null).
  uint16_t scalarIndex(unsigned enc) const {
    if (enc == target.sregs.m0)
      return sreg::kM0;
    if (enc == target.sregs.null || enc == target.sregs.printedNull)
      return sreg::kNull;
    return static_cast<uint16_t>(enc);
  }
  bool isNullEnc(unsigned enc) const { return scalarIndex(enc) == sreg::kNull; }

  static unsigned slotOf(Field f) {
    switch (f) {
    case Field::SSRC0:
    case Field::SRC0:
    case Field::SRC0X:
    case Field::SRC0Y:
    case Field::SBASE:
    case Field::VADDR:
      return 0;
    case Field::SSRC1:
    case Field::SRC1:
    case Field::VSRC1:
    case Field::VSRC1X:
    case Field::VSRC1Y:
    case Field::SOFFSET:
    case Field::SADDR:
    case Field::DATA1:
      return 1;
    default: // SRC2, VDATA, the fmaak / fmamk constant, implicit VCC
      return 2;
    }
  }

  static std::string_view baseName(std::string_view name) {
    for (std::string_view suffix : {"_e32", "_e64"})
      if (name.size() > suffix.size() && name.substr(name.size() - suffix.size()) == suffix)
        return name.substr(0, name.size() - suffix.size());
    return name;
  }

  const ExecEntry *lookup(std::string_view name) const { return findExecutor(name); }

  // The executor for the kernel's wave size and the MODE.IEEE it starts with (the MODE wrapper
  // chooses per run in kernels that write MODE).
  ExecFn pick(const ExecEntry &entry) const {
    const bool nonIeee = entry.nonIeee32 && !isa::kd::kEnableIeeeMode.get(info.rsrc1);
    if (info.waveSize == 64)
      return nonIeee ? entry.nonIeee64 : entry.wave64;
    return nonIeee ? entry.nonIeee32 : entry.wave32;
  }

  // post::kClampKeepNan when the kernel starts with DX10_CLAMP off (behind the MODE wrapper,
  // which decides per run: nothing).
  uint8_t clampNanRule() const {
    return neutralMode || isa::kd::kEnableDx10Clamp.get(info.rsrc1) ? 0 : post::kClampKeepNan;
  }

  // v_cmpx on a target whose v_cmpx also writes VCC / SDST (gfx9): the executor's flag.
  void markCmpx(const InstrDesc &row, DecodedInst &d) const;

  // Fills d; false for an instruction without effect, which the program leaves out.
  bool decodeOne(const disasm::Inst &inst, DecodedInst &d);
  Program run();

  // ---- 32- and 64-bit operands (predecode_operands.cpp) ---------------------------------------

  // Resolves a source field value spanning `regs` registers; false (with a reason) when the
  // encoding is not emulated.
  bool source(unsigned enc, const OperandDesc &o, unsigned regs, const Encoding &e, Src &s,
              std::string &why);
  // Fills d's operands from the row; false (with a reason) when something is not emulated.
  bool operands(const disasm::Inst &inst, const ExecEntry &entry, DecodedInst &d, std::string &why);

  // ---- memory (predecode_memory.cpp) ----------------------------------------------------------

  // The memflag bits of a memory instruction (emu/mem_access.h) and its format-specific
  // operands; false (with a reason) for what the emulator does not run.
  bool memoryFlags(const disasm::Inst &inst, DecodedInst &d, std::string &why) const;
  // Why an instruction without an executor is not emulated: the memory instructions refused
  // by design have a reason of their own (stores from LDS), every other one is "not
  // implemented".
  static std::string refusedReason(const disasm::Inst &inst);

  // ---- images (predecode_image.cpp, emu/image.h) ----------------------------------------------

  // An image instruction: its executor, operands and flags; false (with the reason, naming the
  // instruction or the modifier) for what the emulator does not run.
  bool imageInstruction(const disasm::Inst &inst, DecodedInst &d, std::string &why);

  // ---- 16-bit and packed operands (predecode_16bit.cpp, emu/valu16.h) --------------------------

  static bool isHalfType(DataType t) {
    return t == DataType::F16 || t == DataType::BF16 || t == DataType::I16 || t == DataType::U16 ||
           t == DataType::B16;
  }
  static bool isPackedType(DataType t) {
    return t == DataType::V2F16 || t == DataType::V2I16 || t == DataType::V2BF16;
  }
  static bool isInlineEnc(unsigned enc) {
    return (enc >= 128 && enc <= 208) || (enc >= 240 && enc <= 248);
  }
  // An inline constant as a 16-bit operand sees it, in the low half only (the VALU document:
  // packed math copies it to the high element with op_sel_hi = 0): integers truncated to 16
  // bits, floats as f16 (also for integer operands, as llvm-mc prints them), bf16 operands the
  // high half of the f32 constant.
  static uint32_t inline16(unsigned enc, DataType t);
  // Operands of the 16-bit, packed and WMMA instructions (entry::k16Bit): which half each 16-bit
  // source reads (VOP1/VOP2/VOPC: VGPR field bit 7; VOP3: op_sel) and which half the result
  // goes to, op_sel / op_sel_hi / neg_lo / neg_hi of VOP3P, the source types of v_fma_mix*,
  // the signedness bits of the integer dot products and WMMA; f16 denormals follow
  // FLOAT_DENORM_MODE_16_64. Recorded in DecodedInst::aux and the source masks.
  bool operands16(const disasm::Inst &inst, const ExecEntry &entry, DecodedInst &d,
                  std::string &why);

  // ---- FP mode (predecode_mode.cpp) -----------------------------------------------------------

  // hwreg(ID, OFFSET, SIZE) with the register id renumbered from the kernel's processor to the
  // executors' numbering (emu/mode.h: gfx11's ids, gfx9's HW_ID as hwreg::kHwId), matched by
  // register name; a register the executors do not know becomes hwreg::kUnknown (reads 0).
  int32_t canonicalHwreg(int32_t simm16) const;

  // FLOAT_DENORM_MODE_32: 0 flush inputs and results, 1 flush results, 2 flush inputs, 3 keep.
  // Only the f32 sources are flushed: a class mask or an integer operand is not a float.
  void applyDenormMode(const ExecEntry &entry, const InstrDesc &row, DecodedInst &d) const;
  // True when the kernel writes MODE (s_setreg* of hwreg 1, s_round_mode, s_denorm_mode) or
  // starts with directed rounding or f64 / f16 flushing, which the decoded flags do not express.
  bool needsModeWrapper(const std::vector<std::pair<size_t, disasm::Inst>> &decoded);
  // Whether an instruction (modeinfo bits) must run behind the wrapper in a kernel that never
  // writes MODE: only when its initial mode is one the decoded flags cannot express for it
  // (f16 flushing is decoded statically by the 16-bit operand code).
  bool staticModeWraps(uint32_t bits) const;
  static bool writesMode(const std::vector<std::pair<size_t, disasm::Inst>> &decoded);
  // Source slots (bit i: src[i]) holding f32 values, the accumulator of v_fmac included.
  static unsigned f32SourceSlots(const ExecEntry &entry, const InstrDesc &row);
  static bool isFloat16(DataType t);
  // What the MODE wrapper must do for this instruction (modeinfo bits); 0: MODE-independent.
  static uint32_t floatModeInfo(const disasm::Inst &inst, const ExecEntry &entry);
  // Instructions whose float result never depends on the round mode.
  static bool roundsExactly(std::string_view name);
  // Decodes inst into d; behind the MODE wrapper when the kernel needs it.
  bool decodeUnderMode(const disasm::Inst &inst, std::string_view name, const ExecEntry &entry,
                       DecodedInst &d, std::string &why);
  int32_t modeReason();

  // ---- DPP (predecode_dpp.cpp) and VOPD (predecode_vopd.cpp) ----------------------------------

  static bool isDppMarker(unsigned enc) {
    return enc == kEncDpp16 || enc == kEncDpp8 || enc == kEncDpp8Fi;
  }
  static bool isDppForm(const disasm::Inst &inst);
  // A DPP16 / DPP8 instruction: the instruction itself becomes a component reading src0 from
  // the DPP buffer row; d becomes the DPP entry that fills that row (emu/dpp.h).
  bool dppInstruction(const disasm::Inst &inst, std::string_view name, const ExecEntry &entry,
                      DecodedInst &d, std::string &why);
  // ---- SDWA (predecode_sdwa.cpp) ---------------------------------------------------------------

  static bool isSdwaForm(const disasm::Inst &inst) { return Encoding{inst}.isSdwa(); }
  // An SDWA instruction: the instruction itself becomes a component that reads staging rows
  // and writes a result row where it must; d becomes the SDWA entry around it (emu/sdwa.h), or
  // the instruction itself when it needs neither.
  bool sdwaInstruction(const disasm::Inst &inst, std::string_view name, const ExecEntry &entry,
                       DecodedInst &d, std::string &why);
  // The end of operands() / operands16() for an SDWA instruction, whose sources the encoding
  // already resolved: constants selected in place, register sources read whole or from a
  // staging row, neg / abs as masks on the selected value, the VOPC result register, the
  // result row; what the entry needs goes to sdwaSources / sdwaDst / sdwaPlaces.
  bool sdwaOperands(const disasm::Inst &inst, DecodedInst &d, std::string &why);

  // VOPD: both halves become component entries run by the VOPD executor; X writes the staging
  // row so that Y still reads X's old destination.
  bool dual(const disasm::Inst &inst, DecodedInst &d, std::string &why);
};

} // namespace gcnkit::emu::predecode_detail
