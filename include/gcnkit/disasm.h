// The disassembler: decodes machine code into instructions and prints them exactly as
// llvm-mc-19 / llvm-objdump-19 do.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "gcnkit/isa.h"

namespace gcnkit::disasm {

enum class DecodeStatus : uint8_t { Success, Fail };

// One decoded instruction: the table row plus the raw dwords it was decoded from. Printing,
// re-encoding and the emulator's pre-decoder all start from this.
struct Inst {
  const isa::InstrDesc *desc = nullptr;
  uint32_t words[4] = {}; // raw dwords, including a trailing literal / DPP dword
  uint8_t size = 0;       // bytes consumed
  uint8_t flags = 0;      // codec-specific facts found while decoding (e.g. DPP16, literal)
  isa::Target target = isa::Target::GFX1100; // whose table desc is from
};

// Where printing happens: llvm-mc prints branch targets as raw offsets, llvm-objdump adds the
// target address and a symbol.
struct PrintOptions {
  bool objdump = false;
  uint64_t address = 0; // address of the instruction (objdump mode)
  // The listing of assembled code (`llvm-mc -show-encoding` of a source) prints what llvm-mc's
  // parser built rather than what its decoder builds: SMEM offsets as they were written,
  // s_version in hex, f16 inline constants of 16-bit integer operands as floats.
  bool assemblerListing = false;
  isa::SmemOffsetForm smemOffset = isa::SmemOffsetForm::AsDecoded;
  uint8_t vaddrRegs = 0;     // gfx9 MIMG: the vaddr width as written (0: as decoded)
  uint32_t bufferOffset = 0; // MUBUF / MTBUF: an offset written past the field (0: as decoded)
};

// The wave size code is assembled for (llvm-mc's -mattr=+wavefrontsize64). It decides what
// lane-mask operands (compare results, carries, v_cndmask selectors, the implicit vcc of the
// 32-bit forms) are: one SGPR in wave32, an SGPR pair in wave64. VOPD exists only in wave32.
enum class WaveSize : uint8_t { Wave32, Wave64 };

class Disassembler {
public:
  explicit Disassembler(isa::Target target = isa::Target::GFX1100,
                        WaveSize waveSize = WaveSize::Wave32)
      : target_(target), waveSize_(waveSize) {}

  // Decodes one instruction from the front of bytes. On failure, inst.size says how many
  // bytes llvm-mc would skip (min(4, bytes.size())).
  DecodeStatus decode(std::span<const uint8_t> bytes, Inst &inst) const;

  // Appends the instruction text, without indentation or newline.
  void print(const Inst &inst, std::string &out, const PrintOptions &opts = {}) const;

  // Appends the bytes llvm-mc's encoder would emit for the decoded instruction (what it shows
  // with -show-encoding: a re-encoding, which drops bits the decoder ignores).
  void encode(const Inst &inst, std::string &out) const;

  // Registers that operand `operand` of the instruction's row spans in this encoding, as the
  // printer shows it: the row's count where it is fixed, otherwise what the other fields make
  // it (a GLOBAL address is one VGPR with an SGPR base and a pair without; MUBUF vaddr counts
  // offen + idxen; tfe adds a status dword to the data; image data follows dmask / d16 / tfe;
  // a lane mask is one SGPR in wave32 and a pair in wave64). 0 when the encoding has no such
  // operand (printed `off`, or the destination of an atomic that returns nothing). An NSA
  // image address list counts all its registers. Everything that reads an instruction's
  // registers (the emulator) asks here rather than reading the row's count.
  unsigned operandRegs(const Inst &inst, unsigned operand) const;

  isa::Target target() const { return target_; }
  WaveSize waveSize() const { return waveSize_; }

private:
  isa::Target target_;
  WaveSize waveSize_;
};

} // namespace gcnkit::disasm
