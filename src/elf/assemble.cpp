#include "elf/assemble.h"

#include "asm/instruction.h"
#include "asm/parser.h"
#include "elf/object_streamer.h"
#include "gcnkit/disasm.h"

namespace gcnkit::elf {

AssembleResult assemble(std::string name, std::string source, const AssembleOptions &options,
                        const ListingSink &listingSink) {
  assembler::SourceManager sm;
  const uint32_t buffer = sm.addBuffer(std::move(name), std::move(source));
  const isa::Target target = options.target.target;
  assembler::InstructionAssembler instructions(target);
  instructions.setWave64(options.wave64);
  const disasm::WaveSize wave =
      options.wave64 ? disasm::WaveSize::Wave64 : disasm::WaveSize::Wave32;
  // The listing prints each instruction as the disassembler prints its bytes; an object needs
  // no text.
  if (!options.object)
    instructions.setPrinter([dis = disasm::Disassembler(target, wave)](
                                std::string_view bytes,
                                const assembler::EncodedInstruction &encoded, std::string &text) {
      text.clear();
      disasm::Inst inst;
      std::span<const uint8_t> code(reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size());
      disasm::PrintOptions po;
      po.assemblerListing = true;
      po.smemOffset = encoded.smemOffset;
      po.vaddrRegs = encoded.vaddrRegs;
      po.bufferOffset = encoded.bufferOffset;
      if (dis.decode(code, inst) == disasm::DecodeStatus::Success)
        dis.print(inst, text, po);
    });
  assembler::ParserOptions po;
  po.amdhsa = options.amdhsa;
  po.targetId = "amdgcn-amd-amdhsa--" + isa::targetIdString(options.target);
  po.codeObjectVersion = options.codeObjectVersion;
  po.wave64 = options.wave64;
  po.target = options.target;
  AssembleResult result;
  if (options.object) {
    ObjectOptions oo;
    oo.amdhsa = options.amdhsa;
    oo.target = options.target;
    ObjectStreamer streamer(sm, oo);
    assembler::Parser parser(sm, streamer, &instructions, po);
    instructions.setResolver([&parser](std::string_view n) { return parser.lookupSymbol(n); });
    // Like llvm-mc, fixups are resolved (and the object written) only when the source
    // assembled.
    if (parser.run(buffer))
      result.output = streamer.finish(parser.codeObjectVersion());
  } else {
    assembler::TextStreamer streamer(options.showEncoding);
    if (listingSink)
      streamer.setSink(listingSink);
    assembler::Parser parser(sm, streamer, &instructions, po);
    instructions.setResolver([&parser](std::string_view n) { return parser.lookupSymbol(n); });
    parser.run(buffer);
    result.output = streamer.text();
  }
  result.ok = sm.errorCount() == 0;
  if (options.object && !result.ok)
    result.output.clear();
  result.diagnostics = sm.diagnostics();
  return result;
}

} // namespace gcnkit::elf
