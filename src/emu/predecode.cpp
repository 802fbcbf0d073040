// The pre-decoder: the disassembler validates each encoding and finds its table row; the
// Builder (emu/predecode_builder.h) reads the row's operands out of the encoding fields,
// resolves them (registers, inline constants and literals converted for the operand's type,
// float modifiers as masks) and picks the executor registered for the mnemonic. This file walks
// the kernel's code, dispatches each instruction to its family's decoder, resolves branch
// targets and gives constant sources their broadcast lane rows.
#include "emu/predecode.h"

#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "emu/gpr_index.h"
#include "emu/mode.h"
#include "emu/predecode_builder.h"
#include "emu/wave.h"

namespace gcnkit::emu::predecode_detail {

bool Builder::decodeOne(const disasm::Inst &inst, DecodedInst &d) {
  std::string why;
  if (!inst.desc) {
    trap(d, "undecodable instruction");
    return true;
  }
  if (inst.desc->format == Format::VOPD) {
    if (!dual(inst, d, why))
      trap(d, why);
    return true;
  }
  if (inst.desc->format == Format::MIMG) {
    if (!imageInstruction(inst, d, why))
      trap(d, why);
    return true;
  }
  const std::string_view name = baseName(inst.desc->name);
  const ExecEntry *entry = lookup(name);
  if (!entry) {
    trap(d, refusedReason(inst));
    return true;
  }
  if (entry->flags & entry::kNoEffect)
    return false;
  bool ok;
  if (isDppForm(inst))
    ok = dppInstruction(inst, name, *entry, d, why);
  else if (isSdwaForm(inst))
    ok = sdwaInstruction(inst, name, *entry, d, why);
  else
    ok = decodeUnderMode(inst, name, *entry, d, why);
  if (!ok) {
    trap(d, why);
    return true;
  }
  if (indexesVgprs && isValuFormat(inst.desc->format))
    wrapForVgprIndexing(inst, d);
  if (entry->flags & entry::kGlobalSync)
    prog.usesGlobalShare = true;
  if (entry->flags & entry::kWaitsAcrossGroups)
    prog.waitsAcrossGroups = true;
  if (inst.desc->format == Format::DS && !(entry->flags & entry::kGlobalSync) &&
      target.mem.ds[isa::mem::kDsGds].get(inst.words[0] | uint64_t{inst.words[1]} << 32))
    wrapForGds(inst, d);
  return true;
}

void Builder::wrapForGds(const disasm::Inst &inst, DecodedInst &d) {
  const uint32_t component = static_cast<uint32_t>(prog.components.size());
  prog.components.push_back(d);
  const std::string_view name = inst.desc->name;
  d.fn = gdsExecutor(info.waveSize);
  d.aux = component;
  d.target = 0;
  // Append and consume count every lane of EXEC even where GDS is single-lane.
  if (name == "ds_append" || name == "ds_consume")
    d.target |= gds::kM0Base;
  else if (target.has(isa::TargetInfo::kGdsSingleLane))
    d.target |= gds::kSingleLane;
  prog.usesGlobalShare = true;
}

bool Builder::isValuFormat(Format f) {
  return f == Format::VOP1 || f == Format::VOP2 || f == Format::VOPC || f == Format::VOP3 ||
         f == Format::VOP3SD || f == Format::VOP3P;
}

void Builder::wrapForVgprIndexing(const disasm::Inst &inst, DecodedInst &d) {
  using namespace gpr_index;
  const InstrDesc &row = *inst.desc;
  uint32_t flags = 0;
  const bool plain = d.fn != modeExecutor(info.waveSize) && !isDppForm(inst) && !isSdwaForm(inst);
  if (plain) {
    flags |= kIndexable;
    for (unsigned i = 0; i < row.numOperands; ++i) {
      const OperandDesc &o = row.operands[i];
      const unsigned regs = std::max(1u, dis.operandRegs(inst, i));
      if (o.isDef && o.kind == OperandKind::VReg && d.vdst < info.vgprCount) {
        flags |= kDstVgpr | std::min(regs - 1, 7u) << kDstRegsShift;
      } else if (!o.isDef && (o.field == Field::SRC0 || o.field == Field::SRC1 ||
                              o.field == Field::VSRC1 || o.field == Field::SRC2)) {
        const unsigned slot = slotOf(o.field);
        const Src &s = d.src[slot];
        if (s.kind == SrcKind::Vgpr && s.reg < info.vgprCount)
          flags |= 1u << (kSrcVgprShift + slot) | std::min(regs - 1, 3u)
                                                      << (kSrcRegsShift + 2 * slot);
      }
    }
  }
  const uint32_t component = static_cast<uint32_t>(prog.components.size());
  prog.components.push_back(d);
  if (!plain) {
    DecodedInst reason;
    trap(reason, "VGPR indexing (s_set_gpr_idx_on) of a DPP, SDWA or MODE-dependent "
                 "instruction not emulated");
    d.imm = reason.imm;
  }
  d.fn = gpr_index::wrapper(info.waveSize);
  d.aux = component;
  d.target = flags;
}

Program Builder::run() {
  prog.codeAddress = info.address;
  prog.target = info.target;
  prog.rsrc1 = info.rsrc1;
  prog.waveSize = info.waveSize;
  prog.vgprCount = info.vgprCount;
  prog.agprCount = info.agprCount;
  prog.vgprRows = programRows(registerRows());
  // Instructions without architectural effect (waits, scheduling hints, s_nop) are not kept:
  // their addresses map to the next kept instruction, so branches to them still land right
  // and the run loop never dispatches them.
  std::vector<std::pair<size_t, disasm::Inst>> decoded;
  size_t off = 0;
  while (off < info.code.size()) {
    disasm::Inst inst;
    if (dis.decode(info.code.subspan(off), inst) != disasm::DecodeStatus::Success)
      inst.desc = nullptr;
    decoded.emplace_back(off, inst);
    off += inst.size ? inst.size : 4;
  }
  wrapFloatMode = needsModeWrapper(decoded);
  for (const auto &[at, inst] : decoded)
    if (inst.desc && inst.desc->name == "s_set_gpr_idx_on")
      indexesVgprs = true;
  for (const auto &[at, inst] : decoded) {
    DecodedInst d;
    d.address = info.address + at;
    d.size = inst.size;
    const bool kept = decodeOne(inst, d);
    prog.addressIndex.emplace_back(d.address, static_cast<uint32_t>(prog.insts.size()));
    if (kept) {
      prog.insts.push_back(d);
      prog.raw.push_back(inst);
    }
  }
  DecodedInst end; // the sentinel
  end.address = info.address + off;
  trap(end, "execution ran past the end of the kernel code");
  prog.insts.push_back(end);
  prog.raw.push_back(disasm::Inst{});
  // Branch targets: SOPP simm16 counts dwords from the next instruction.
  for (size_t i = 0; i + 1 < prog.insts.size(); ++i) {
    const disasm::Inst &inst = prog.raw[i];
    if (!inst.desc || inst.desc->numOperands == 0)
      continue;
    // SOPP branches have a Label operand; s_call_b64's simm16 is a branch offset as well.
    if (inst.desc->operands[0].kind != OperandKind::Label && inst.desc->name != "s_call_b64")
      continue;
    DecodedInst &d = prog.insts[i];
    const uint64_t target = d.address + 4 + static_cast<int64_t>(d.imm) * 4;
    d.target = prog.indexOf(target);
  }
  return std::move(prog);
}

} // namespace gcnkit::emu::predecode_detail

namespace gcnkit::emu {

uint32_t Program::indexOf(uint64_t addr) const {
  auto it = std::lower_bound(addressIndex.begin(), addressIndex.end(), addr,
                             [](const auto &e, uint64_t a) { return e.first < a; });
  if (it != addressIndex.end() && it->first == addr)
    return it->second;
  return static_cast<uint32_t>(insts.size() - 1);
}

std::string Program::text(uint32_t index) const {
  std::string out;
  if (index < raw.size() && raw[index].desc)
    disasm::Disassembler(target,
                         waveSize == 64 ? disasm::WaveSize::Wave64 : disasm::WaveSize::Wave32)
        .print(raw[index], out);
  return out;
}

// Gives every constant source its broadcast lane row (shared by equal values).
void broadcastConstants(Program &prog) {
  std::unordered_map<uint32_t, const uint32_t *> rows;
  auto fill = [&](DecodedInst &d) {
    for (Src &s : d.src) {
      if (s.kind != SrcKind::Const)
        continue;
      const uint32_t v = modify(s, static_cast<uint32_t>(s.value));
      const uint32_t *&row = rows[v];
      if (!row) {
        prog.constantLanes.push_back(std::make_unique<Program::LaneRow>());
        std::fill(std::begin(prog.constantLanes.back()->lanes),
                  std::end(prog.constantLanes.back()->lanes), v);
        row = prog.constantLanes.back()->lanes;
      }
      s.constantLanes = row;
    }
  };
  for (DecodedInst &d : prog.insts)
    fill(d);
  for (DecodedInst &d : prog.components)
    fill(d);
}

Program predecode(const CodeInfo &info) {
  Program prog = predecode_detail::Builder(info).run();
  broadcastConstants(prog);
  prog.entry = prog.indexOf(info.entryAddress ? info.entryAddress : info.address);
  return prog;
}

} // namespace gcnkit::emu
