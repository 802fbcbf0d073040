// In-process throughput of the disassembler (Google Benchmark): decode alone, decode + print
// (llvm-mc text), the full llvm-mc hex front end, and objdump mode on an in-memory ELF object.
// Items are instructions.
#include <benchmark/benchmark.h>

#include <cstring>
#include <span>
#include <string>

#include "gcnkit/disasm.h"
#include "gcnkit/mc_text.h"
#include "gcnkit/objdump.h"
#include "instruction_pool.h"

namespace gcnkit::bench {
namespace {

const InstructionPool &pool() {
  static const InstructionPool p = makeInstructionPool(200000, 1);
  return p;
}

void BM_Decode(benchmark::State &state) {
  const disasm::Disassembler dis;
  const InstructionPool &p = pool();
  disasm::Inst inst;
  for (auto _ : state) {
    std::span<const uint8_t> bytes(p.bytes);
    size_t offset = 0;
    while (offset < bytes.size()) {
      dis.decode(bytes.subspan(offset), inst);
      offset += inst.size;
    }
    benchmark::DoNotOptimize(inst);
  }
  state.SetItemsProcessed(state.iterations() * p.offsets.size());
}
BENCHMARK(BM_Decode);

void BM_DecodePrint(benchmark::State &state) {
  const disasm::Disassembler dis;
  const InstructionPool &p = pool();
  disasm::Inst inst;
  std::string out;
  for (auto _ : state) {
    out.clear();
    std::span<const uint8_t> bytes(p.bytes);
    size_t offset = 0;
    while (offset < bytes.size()) {
      dis.decode(bytes.subspan(offset), inst);
      out += '\t';
      dis.print(inst, out);
      out += '\n';
      offset += inst.size;
    }
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * p.offsets.size());
}
BENCHMARK(BM_DecodePrint);

void BM_McTextFrontEnd(benchmark::State &state) {
  const disasm::Disassembler dis;
  const std::string text = toHexLines(pool());
  for (auto _ : state) {
    disasm::McTextResult r = disasm::disassembleMcText(dis, text, "bench.hex");
    benchmark::DoNotOptimize(r.out.data());
  }
  state.SetItemsProcessed(state.iterations() * pool().offsets.size());
}
BENCHMARK(BM_McTextFrontEnd);

// A minimal relocatable ELF64 AMDGPU object: .text holding the pool, .shstrtab, no symbols.
std::string makeObject(const InstructionPool &p) {
  auto put = [](std::string &s, size_t off, uint64_t v, int n) {
    for (int i = 0; i < n; ++i)
      s[off + i] = static_cast<char>(v >> (8 * i));
  };
  const std::string names = std::string("\0.text\0.shstrtab\0", 17);
  const size_t textOff = 256, namesOff = textOff + p.bytes.size();
  const size_t shoff = (namesOff + names.size() + 7) & ~size_t{7};
  std::string obj(shoff + 3 * 64, '\0');
  std::memcpy(obj.data(),
              "\x7f"
              "ELF\x02\x01\x01\x40\x03",
              9);       // ELF64 LE, HSA ABI v3
  put(obj, 16, 1, 2);   // ET_REL
  put(obj, 18, 224, 2); // EM_AMDGPU
  put(obj, 20, 1, 4);
  put(obj, 40, shoff, 8);
  put(obj, 48, 0x41, 4); // gfx1100
  put(obj, 52, 64, 2);
  put(obj, 58, 64, 2);
  put(obj, 60, 3, 2);
  put(obj, 62, 2, 2);
  std::memcpy(obj.data() + textOff, p.bytes.data(), p.bytes.size());
  std::memcpy(obj.data() + namesOff, names.data(), names.size());
  const size_t text = shoff + 64, strtab = shoff + 128;
  put(obj, text + 0, 1, 4);   // ".text"
  put(obj, text + 4, 1, 4);   // SHT_PROGBITS
  put(obj, text + 8, 0x6, 8); // SHF_ALLOC | SHF_EXECINSTR
  put(obj, text + 24, textOff, 8);
  put(obj, text + 32, p.bytes.size(), 8);
  put(obj, strtab + 0, 7, 4); // ".shstrtab"
  put(obj, strtab + 4, 3, 4); // SHT_STRTAB
  put(obj, strtab + 24, namesOff, 8);
  put(obj, strtab + 32, names.size(), 8);
  return obj;
}

void BM_Objdump(benchmark::State &state) {
  const disasm::Disassembler dis;
  const std::string obj = makeObject(pool());
  for (auto _ : state) {
    elf::ObjdumpResult r = elf::objdump(dis, obj, "bench.o");
    if (!r.ok)
      state.SkipWithError(r.err.c_str());
    benchmark::DoNotOptimize(r.out.data());
  }
  state.SetItemsProcessed(state.iterations() * pool().offsets.size());
}
BENCHMARK(BM_Objdump);

} // namespace
} // namespace gcnkit::bench

BENCHMARK_MAIN();
