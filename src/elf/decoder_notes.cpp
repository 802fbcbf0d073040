#include "elf/decoder_notes.h"

#include <charconv>
#include <iterator>

#include "disasm/salu.h"
#include "isa/encoding.h"
#include "isa/target_info.h"

namespace gcnkit::elf {

namespace {

using isa::Field;
using isa::Format;

// Where a scalar-capable operand field sits in each format (GFX11 microcode layouts). Only the
// fields that can name a register tuple are listed.
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
  for (int i = 0; i < d.numOperands; ++i) {
    const isa::OperandDesc &o = d.operands[i];
    if (o.regs < 2 || o.kind == isa::OperandKind::Imm || o.kind == isa::OperandKind::Label)
      continue;
    const FieldPos *pos = findField(d.format, o.field);
    if (!pos || 4u * (pos->word + 1) > inst.size)
      continue;
    const unsigned enc =
        isa::bits(inst.words[pos->word], pos->lo + pos->width - 1, pos->lo) * pos->scale;
    // Scalar registers: the target's SGPRs and trap temporaries (VGPRs are 256 and up; gfx9's
    // flat_scratch and xnack_mask above its SGPRs get no note).
    const isa::ScalarRegisters &sr = isa::targetInfo(inst.target).sregs;
    const bool sgpr = enc < sr.sgprs, ttmp = enc >= sr.ttmp && enc < sr.ttmp + 16u;
    if (!sgpr && !ttmp)
      continue;
    const unsigned reg = sgpr ? enc : enc - sr.ttmp;
    const unsigned align = o.regs == 2 ? 2 : 4;
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
      appendUnsigned(notes, 32u * o.regs);
      notes += ": scalar reg isn't aligned ";
      appendUnsigned(notes, reg);
    }
  }
}

} // namespace gcnkit::elf
