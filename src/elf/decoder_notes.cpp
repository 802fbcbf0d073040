#include "elf/decoder_notes.h"

#include <charconv>
#include <iterator>

#include "disasm/salu.h"
#include "gcnkit/target.h"
#include "isa/encoding.h"
#include "isa/sdwa.h"
#include "isa/target_info.h"
#include "isa/wave_size.h"

namespace gcnkit::elf {

namespace {

using isa::Field;
using isa::Format;

// Where a scalar-capable operand field sits in each format (the same bits in the gfx11 and gfx9
// microcode layouts). Only the fields that can name a register tuple are listed; a VOP3 VDST
// counts where the row's operand is a scalar one (a compare's lane mask).
struct FieldPos {
  Format format;
  Field field;
  uint8_t word;
  uint8_t lo;
  uint8_t width;
  uint8_t scale; // SMEM's SBASE counts register pairs
};

constexpr FieldPos kScalarFields[] = {
    {Format::SOP1, Field::SDST, 0, 16, 7, 1},     {Format::SOP1, Field::SSRC0, 0, 0, 8, 1},
    {Format::SOP2, Field::SDST, 0, 16, 7, 1},     {Format::SOP2, Field::SSRC0, 0, 0, 8, 1},
    {Format::SOP2, Field::SSRC1, 0, 8, 8, 1},     {Format::SOPC, Field::SSRC0, 0, 0, 8, 1},
    {Format::SOPC, Field::SSRC1, 0, 8, 8, 1},     {Format::SOPK, Field::SDST, 0, 16, 7, 1},
    {Format::SMEM, Field::SDATA, 0, 6, 7, 1},     {Format::SMEM, Field::SBASE, 0, 0, 6, 2},
    {Format::VOP1, Field::SRC0, 0, 0, 9, 1},      {Format::VOP2, Field::SRC0, 0, 0, 9, 1},
    {Format::VOPC, Field::SRC0, 0, 0, 9, 1},      {Format::VOP3, Field::SRC0, 1, 0, 9, 1},
    {Format::VOP3, Field::SRC1, 1, 9, 9, 1},      {Format::VOP3, Field::SRC2, 1, 18, 9, 1},
    {Format::VOP3SD, Field::SRC0, 1, 0, 9, 1},    {Format::VOP3SD, Field::SRC1, 1, 9, 9, 1},
    {Format::VOP3SD, Field::SRC2, 1, 18, 9, 1},   {Format::VOP3P, Field::SRC0, 1, 0, 9, 1},
    {Format::VOP3P, Field::SRC1, 1, 9, 9, 1},     {Format::VOP3P, Field::SRC2, 1, 18, 9, 1},
    {Format::VOP3, Field::VDST, 0, 0, 8, 1},      {Format::VOP3SD, Field::SDST, 0, 8, 7, 1},
    {Format::FLAT, Field::SADDR, 1, 16, 7, 1},    {Format::GLOBAL, Field::SADDR, 1, 16, 7, 1},
    {Format::SCRATCH, Field::SADDR, 1, 16, 7, 1},
};

// kScalarFields indexed by (format, field): O(1) per operand on the objdump hot path.
struct FieldIndex {
  int8_t at[static_cast<int>(Format::Count)][static_cast<int>(Field::Count)];
  constexpr FieldIndex() : at() {
    for (auto &row : at)
      for (auto &v : row)
        v = -1;
    for (size_t i = 0; i < std::size(kScalarFields); ++i)
      at[static_cast<int>(kScalarFields[i].format)][static_cast<int>(kScalarFields[i].field)] =
          static_cast<int8_t>(i);
  }
};
constexpr FieldIndex kFieldIndex;

const FieldPos *findField(Format f, Field field) {
  const int i = kFieldIndex.at[static_cast<int>(f)][static_cast<int>(field)];
  return i < 0 ? nullptr : &kScalarFields[i];
}

void appendUnsigned(std::string &out, unsigned v) {
  char buf[12];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

} // namespace

void appendDecoderNotes(const disasm::Inst &inst, std::string &notes) {
  if (!inst.desc)
    return;
  const isa::InstrDesc &d = *inst.desc;
  // Lane masks are SGPR pairs where the processor runs wave64 only (gfx908); llvm-objdump
  // decodes gfx1100 code as wave32.
  const bool wave64 = !isa::supportsWave32(inst.target);
  // gfx9 VOPC SDWA with SD set: the result goes to the SDWA dword's SDST, not VCC.
  const bool sdwa =
      (d.format == Format::VOPC || d.format == Format::VOP1 || d.format == Format::VOP2) &&
      inst.size >= 8 && isa::bits(inst.words[0], 8, 0) == isa::sdwa::kSrc0Marker &&
      (d.modifiers & isa::mod::Sdwa);
  for (int i = 0; i < d.numOperands; ++i) {
    const isa::OperandDesc &o = d.operands[i];
    const unsigned regs = isa::operandRegs(d, static_cast<unsigned>(i), wave64);
    // An SGPR where the operand wants AccVGPRs (MFMA A / B / C) draws the note of the SGPR
    // class of its size; there is no 1024-bit one (a 32-register C gets none).
    if (regs < 2 || regs > 16 || o.kind == isa::OperandKind::Imm ||
        o.kind == isa::OperandKind::Label)
      continue;
    unsigned enc;
    const isa::sdwa::Word sdwaWord{inst.words[1]};
    if (sdwa && d.format == Format::VOPC && o.isDef) {
      if (!sdwaWord.sd())
        continue;
      enc = sdwaWord.sdst();
    } else {
      const FieldPos *pos = findField(d.format, o.field);
      if (!pos || 4u * (pos->word + 1) > inst.size ||
          (o.field == Field::VDST && o.kind != isa::OperandKind::SReg))
        continue;
      enc = isa::bits(inst.words[pos->word], pos->lo + pos->width - 1, pos->lo) * pos->scale;
    }
    // Scalar registers: the target's SGPRs and trap temporaries (VGPRs are 256 and up; gfx9's
    // flat_scratch and xnack_mask above its SGPRs get no note).
    const isa::ScalarRegisters &sr = isa::targetInfo(inst.target).sregs;
    const bool sgpr = enc < sr.sgprs, ttmp = enc >= sr.ttmp && enc < sr.ttmp + 16u;
    if (!sgpr && !ttmp)
      continue;
    const unsigned reg = sgpr ? enc : enc - sr.ttmp;
    const unsigned align = regs == 2 ? 2 : 4;
    if (reg % align == 0)
      continue;
    // A returning SMEM atomic (glc) names its data register twice: llvm's decoder holds it as
    // the result and as the source.
    const isa::SmemLayout &smem = isa::targetInfo(inst.target).smem;
    const bool twice = d.format == Format::SMEM && o.field == Field::SDATA &&
                       (d.flags & disasm::detail::salu::kSmemAtomic) &&
                       smem.glc != isa::SmemLayout::kNoBit && ((inst.words[0] >> smem.glc) & 1);
    for (int k = 0; k < (twice ? 2 : 1); ++k) {
      notes += "Warning: ";
      notes += sgpr ? "SGPR_" : "TTMP_";
      appendUnsigned(notes, 32u * regs);
      notes += ": scalar reg isn't aligned ";
      appendUnsigned(notes, reg);
    }
  }
}

} // namespace gcnkit::elf
