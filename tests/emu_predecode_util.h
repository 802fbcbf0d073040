// Test support for the pre-decoder: one gfx1100 instruction given as dwords, pre-decoded the
// way a kernel's code is, and the reason the emulator refuses it (empty when it runs it).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "emu/predecode.h"
#include "emu/registry.h"
#include "gcnkit/disasm.h"

namespace gcnkit::emutest {

struct PredecodedWords {
  bool decoded = false; // the disassembler decodes the words, as `row` when one was given
  std::string refusal;  // the trap reason of the pre-decoded instruction ("": an executor)
};

inline PredecodedWords predecodeWords(std::initializer_list<uint32_t> words, bool wave64,
                                      const isa::InstrDesc *row = nullptr) {
  std::vector<uint8_t> code;
  for (uint32_t w : words)
    for (int b = 0; b < 4; ++b)
      code.push_back(static_cast<uint8_t>(w >> (8 * b)));
  for (int b = 0; b < 4; ++b) // s_endpgm
    code.push_back(static_cast<uint8_t>(0xBFB00000u >> (8 * b)));
  const disasm::Disassembler dis(isa::Target::GFX1100,
                                 wave64 ? disasm::WaveSize::Wave64 : disasm::WaveSize::Wave32);
  disasm::Inst inst;
  PredecodedWords r;
  r.decoded = dis.decode(code, inst) == disasm::DecodeStatus::Success && inst.desc &&
              (!row || inst.desc == row);
  if (!r.decoded)
    return r;
  emu::CodeInfo info;
  info.code = code;
  info.waveSize = wave64 ? 64 : 32;
  info.vgprCount = 256;
  const emu::Program prog = emu::predecode(info);
  if (prog.insts[0].fn == emu::trapExecutor())
    r.refusal = prog.trapReasons[static_cast<size_t>(prog.insts[0].imm)];
  return r;
}

} // namespace gcnkit::emutest
