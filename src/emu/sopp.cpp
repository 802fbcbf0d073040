// SOPP executors: branches, end of program, barriers, and the scheduling hints / waits that
// have no architectural effect in an emulator that completes every memory access at once.
#include "emu/registry.h"
#include "emu/wave.h"

namespace gcnkit::emu {

namespace {

void nop(Wave &, const DecodedInst &) {}

void endpgm(Wave &w, const DecodedInst &) { w.status = WaveStatus::Ended; }

// The dispatcher resumes the wave at pc once every wave of the group has arrived.
void barrier(Wave &w, const DecodedInst &) { w.status = WaveStatus::AtBarrier; }

// No trap handler is installed: s_trap ends the kernel with a fault naming the trap id
// (SIMM16[7:0]).
void trap(Wave &w, const DecodedInst &in) {
  w.raise(FaultKind::Trap, in, -1, static_cast<uint32_t>(in.imm) & 0xFF);
}

// s_setkill: "kill this wave if the least significant bit of the immediate is 1" (the ISA);
// the wave ends as if it reached s_endpgm.
void setkill(Wave &w, const DecodedInst &in) {
  if (in.imm & 1)
    w.status = WaveStatus::Ended;
}

// s_sethalt 1 (HALT or, with SIMM16[2], FATAL_HALT) stops the wave until a debugger resumes
// it; with no debugger the kernel would never finish, so it ends with a Halted fault. 0 clears
// the bit: nothing happens. s_sendmsghalt sends its message (nothing here) and halts.
void sethalt(Wave &w, const DecodedInst &in) {
  if (in.imm & 1)
    w.raise(FaultKind::Halted, in, -1, static_cast<uint32_t>(in.imm) & 0xFFFF);
}
void sendmsghalt(Wave &w, const DecodedInst &in) {
  w.raise(FaultKind::Halted, in, -1, static_cast<uint32_t>(in.imm) & 0xFFFF);
}

// A branch whose target starts no instruction lands on the sentinel, which reports it.
void branchTo(Wave &w, const DecodedInst &in) {
  w.pc = in.target;
  if (in.target + 1 == w.group->program->insts.size())
    w.raise(FaultKind::BadBranch, in, -1, in.address + 4 + int64_t{in.imm} * 4);
}

void branch(Wave &w, const DecodedInst &in) { branchTo(w, in); }

template <bool kTaken> void cbranchScc(Wave &w, const DecodedInst &in) {
  if (w.scc == kTaken)
    branchTo(w, in);
}
template <bool kZero> void cbranchVcc(Wave &w, const DecodedInst &in) {
  if ((w.vcc() == 0) == kZero)
    branchTo(w, in);
}
template <bool kZero> void cbranchExec(Wave &w, const DecodedInst &in) {
  if ((w.exec() == 0) == kZero)
    branchTo(w, in);
}

} // namespace

void registerSopp(Registry &r) {
  auto add = [&r](std::string_view name, ExecFn fn) { r[name] = scalarEntry(fn); };
  // Every memory access completes before the next instruction, so waits are no-ops too.
  for (std::string_view name :
       {"s_nop", "s_sleep", "s_set_inst_prefetch_distance", "s_clause", "s_delay_alu",
        "s_waitcnt_depctr", "s_waitcnt", "s_wait_idle", "s_wait_event", "s_setprio", "s_sendmsg",
        "s_incperflevel", "s_decperflevel", "s_ttracedata", "s_ttracedata_imm", "s_icache_inv",
        "s_wakeup"})
    r[name] = scalarEntry(nop, entry::kNoEffect);
  // Branches on the debugger's conditional-debug flags: no debugger is attached, never taken.
  for (std::string_view name : {"s_cbranch_cdbgsys", "s_cbranch_cdbguser",
                                "s_cbranch_cdbgsys_or_user", "s_cbranch_cdbgsys_and_user"})
    r[name] = scalarEntry(nop, entry::kNoEffect);
  add("s_endpgm", endpgm);
  add("s_endpgm_saved", endpgm);
  add("s_barrier", barrier);
  add("s_trap", trap);
  add("s_setkill", setkill);
  add("s_sethalt", sethalt);
  add("s_sendmsghalt", sendmsghalt);
  // The RDNA3 ISA guide does not describe s_subvector_loop_begin / end (the machine-readable
  // ISA lists their opcodes only). They mark a block a wave64 may run as two 32-lane halves;
  // running it once for all lanes gives the same result for lane-independent code, which is
  // what gcnkit does (a documented choice): both are no-ops.
  for (std::string_view name : {"s_subvector_loop_begin", "s_subvector_loop_end"})
    r[name] = scalarEntry(nop, entry::kNoEffect);
  add("s_branch", branch);
  add("s_cbranch_scc0", cbranchScc<false>);
  add("s_cbranch_scc1", cbranchScc<true>);
  add("s_cbranch_vccz", cbranchVcc<true>);
  add("s_cbranch_vccnz", cbranchVcc<false>);
  add("s_cbranch_execz", cbranchExec<true>);
  add("s_cbranch_execnz", cbranchExec<false>);
}

} // namespace gcnkit::emu
