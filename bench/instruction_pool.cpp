#include "instruction_pool.h"

#include "gcnkit/disasm.h"
#include "gcnkit/target.h"
#include "random_encodings.h"

namespace gcnkit::bench {

InstructionPool makeInstructionPool(size_t count, uint64_t seed, isa::Target target) {
  InstructionPool pool;
  difftest::Rng rng(seed);
  const auto generators = difftest::familyGenerators(target);
  if (generators.empty())
    return pool;
  const disasm::Disassembler dis(target, isa::defaultWave64(target) ? disasm::WaveSize::Wave64
                                                                    : disasm::WaveSize::Wave32);
  // Generators are biased towards valid encodings; a bounded number of attempts keeps this
  // finite even if a family decodes nothing yet.
  for (size_t attempts = 0; pool.offsets.size() < count && attempts < count * 20; ++attempts) {
    const size_t start = pool.bytes.size();
    if (difftest::generateValid(generators[attempts % generators.size()], rng, dis, pool.bytes, 1))
      pool.offsets.push_back(static_cast<uint32_t>(start));
  }
  return pool;
}

std::string toHexLines(const InstructionPool &pool) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(pool.bytes.size() * 5 + pool.offsets.size());
  for (size_t i = 0; i < pool.offsets.size(); ++i) {
    const size_t end = i + 1 < pool.offsets.size() ? pool.offsets[i + 1] : pool.bytes.size();
    for (size_t k = pool.offsets[i]; k < end; ++k) {
      if (k != pool.offsets[i])
        out += ',';
      out += "0x";
      out += kHex[pool.bytes[k] >> 4];
      out += kHex[pool.bytes[k] & 15];
    }
    out += '\n';
  }
  return out;
}

} // namespace gcnkit::bench
