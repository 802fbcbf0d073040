#include "emu/trace.h"

#include <cstring>
#include <string>
#include <vector>

#include "emu/predecode.h"
#include "isa/target_info.h"
#include "support/numbers.h"

namespace gcnkit::emu {

namespace {

void appendScalarName(std::string &out, const isa::ScalarRegisters &sregs, unsigned r) {
  // gfx9 keeps flat_scratch and xnack_mask where gfx11 has s102..s105.
  if (sregs.flatScratch != isa::ScalarRegisters::kNone && (r & ~1u) == sregs.flatScratch) {
    out += r == sregs.flatScratch ? "flat_scratch_lo" : "flat_scratch_hi";
  } else if (sregs.xnackMask != isa::ScalarRegisters::kNone && (r & ~1u) == sregs.xnackMask) {
    out += r == sregs.xnackMask ? "xnack_mask_lo" : "xnack_mask_hi";
  } else if (r < 106) {
    out += 's';
    support::appendUDec(out, r);
  } else if (r == sreg::kVccLo || r == sreg::kVccHi) {
    out += r == sreg::kVccLo ? "vcc_lo" : "vcc_hi";
  } else if (r >= 108 && r < 124) {
    out += "ttmp";
    support::appendUDec(out, r - 108);
  } else if (r == sreg::kM0) {
    out += "m0";
  } else if (r == sreg::kExecLo || r == sreg::kExecHi) {
    out += r == sreg::kExecLo ? "exec_lo" : "exec_hi";
  } else {
    out += "null";
  }
}

const char *faultName(FaultKind k) {
  switch (k) {
  case FaultKind::MemoryViolation:
    return "memory violation";
  case FaultKind::LdsViolation:
    return "LDS violation";
  case FaultKind::UnsupportedInstruction:
    return "unsupported instruction";
  case FaultKind::InstructionLimit:
    return "instruction limit reached";
  case FaultKind::BadBranch:
    return "bad branch";
  case FaultKind::Trap:
    return "s_trap";
  case FaultKind::Halted:
    return "halted";
  case FaultKind::VgprIndexRange:
    return "VGPR index out of range";
  case FaultKind::GdsViolation:
    return "GDS violation";
  default:
    return "fault";
  }
}

void appendPaddedHex(std::string &out, uint64_t v, unsigned digits) {
  static constexpr char kDigits[] = "0123456789abcdef";
  out += "0x";
  for (unsigned i = digits; i-- > 0;)
    out += kDigits[(v >> (4 * i)) & 15];
}

// One VGPR (prefix 'v') or AccVGPR ('a') row: the lanes active before the instruction plus any
// other lane it changed (v_writelane ignores EXEC); a single value when all those lanes hold the
// same one.
void appendVgpr(std::string &out, char prefix, unsigned reg, const uint32_t *now,
                const uint32_t *was, uint32_t waveSize, uint64_t exec) {
  uint64_t shown = 0;
  for (uint32_t l = 0; l < waveSize; ++l)
    if (((exec >> l) & 1) || now[l] != was[l])
      shown |= uint64_t{1} << l;
  out += "    ";
  out += prefix;
  support::appendUDec(out, reg);
  out += " =";
  bool same = true;
  int first = -1;
  for (uint32_t l = 0; l < waveSize; ++l)
    if ((shown >> l) & 1) {
      if (first < 0)
        first = static_cast<int>(l);
      same = same && now[l] == now[first];
    }
  if (same && shown == exec && first >= 0) {
    out += ' ';
    support::appendHex(out, now[first]);
    out += " (all active lanes)\n";
    return;
  }
  for (uint32_t l = 0; l < waveSize; ++l)
    if ((shown >> l) & 1) {
      out += " [";
      support::appendUDec(out, l);
      out += "]=";
      support::appendHex(out, now[l]);
    }
  out += '\n';
}

} // namespace

void runWaveTraced(Wave &w, uint64_t limit, const Dim3 &group, const TraceSink &sink) {
  const Program &p = *w.group->program;
  const uint32_t W = w.waveSize;
  // The kernel's own VGPRs and AccVGPRs: the rows after them are the executors' sink, staging
  // and scratch rows.
  const uint32_t rows = p.registerRows();
  std::vector<uint32_t> vgprBefore(size_t{rows} * W);
  uint32_t sgprBefore[sreg::kCount];
  std::string text;
  uint64_t executed = w.executed;
  while (w.status == WaveStatus::Running) {
    const uint32_t index = w.pc;
    const DecodedInst &in = p.insts[index];
    std::memcpy(sgprBefore, w.sgpr, sizeof sgprBefore);
    std::memcpy(vgprBefore.data(), w.vgpr, vgprBefore.size() * 4);
    const bool sccBefore = w.scc;
    const uint64_t exec = w.exec();

    ++w.pc;
    in.fn(w, in);
    if (++executed > limit && w.status != WaveStatus::Faulted)
      w.raise(FaultKind::InstructionLimit, in);

    text.clear();
    text += "wg (";
    support::appendUDec(text, group.x);
    text += ',';
    support::appendUDec(text, group.y);
    text += ',';
    support::appendUDec(text, group.z);
    text += ") wave ";
    support::appendUDec(text, w.indexInGroup);
    text += " +";
    appendPaddedHex(text, in.address - p.codeAddress, 4);
    text += " exec ";
    appendPaddedHex(text, exec, W / 4);
    text += "  ";
    const std::string inst = p.text(index);
    text += inst.empty() ? "<end of code>" : inst;
    text += '\n';
    for (unsigned r = 0; r < sreg::kCount; ++r)
      if (w.sgpr[r] != sgprBefore[r] && r != sreg::kNull) {
        text += "    ";
        appendScalarName(text, isa::targetInfo(p.target).sregs, r);
        text += " = ";
        support::appendHex(text, w.sgpr[r]);
        text += '\n';
      }
    if (w.scc != sccBefore)
      text += w.scc ? "    scc = 1\n" : "    scc = 0\n";
    for (uint32_t r = 0; r < rows; ++r) {
      const uint32_t *now = w.vgpr + size_t{r} * W, *was = vgprBefore.data() + size_t{r} * W;
      if (std::memcmp(now, was, size_t{W} * 4) != 0) {
        const bool acc = r >= p.vgprCount;
        appendVgpr(text, acc ? 'a' : 'v', acc ? r - p.vgprCount : r, now, was, W, exec);
      }
    }
    if (w.status == WaveStatus::Faulted) {
      text += "    fault: ";
      text += faultName(w.fault.kind);
      text += '\n';
    }
    if (w.status == WaveStatus::Waiting) // a GWS / ordered-count wait: the group is parked
      text += "    waits\n";
    sink(text);
  }
  w.executed = executed;
}

} // namespace gcnkit::emu
