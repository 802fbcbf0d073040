// Table access: the generated rows of every target and an O(1) (format, opcode) index.
#include <algorithm>
#include <array>
#include <memory>

#include "gcnkit/isa.h"

namespace gcnkit::isa {

namespace gfx1100 {
std::span<const InstrDesc> rows();
std::span<const MnemonicAlias> aliases();
std::span<const std::string_view> otherMnemonics();
} // namespace gfx1100
namespace gfx908 {
std::span<const InstrDesc> rows();
std::span<const MnemonicAlias> aliases();
} // namespace gfx908

std::string_view formatName(Format f) {
  static constexpr std::array<std::string_view, static_cast<size_t>(Format::Count)> names = {
      "SOP1",  "SOP2",  "SOPK",   "SOPC",   "SOPP",    "SMEM",    "VOP1",   "VOP2",
      "VOPC",  "VOP3",  "VOP3SD", "VOP3P",  "VOPD",    "VINTERP", "LDSDIR", "DS",
      "MUBUF", "MTBUF", "FLAT",   "GLOBAL", "SCRATCH", "MIMG",    "EXP",    "VINTRP"};
  auto i = static_cast<size_t>(f);
  return i < names.size() ? names[i] : "?";
}

namespace {

// Opcode fields are at most 10 bits wide (VOP3).
constexpr size_t kOpcodeSpace = 1024;

struct Index {
  std::span<const InstrDesc> rows;
  std::unique_ptr<const InstrDesc *[]> byOpcode; // [format][opcode]

  explicit Index(std::span<const InstrDesc> r)
      : rows(r),
        byOpcode(new const InstrDesc *[static_cast<size_t>(Format::Count) * kOpcodeSpace]()) {
    for (const InstrDesc &d : rows)
      byOpcode[static_cast<size_t>(d.format) * kOpcodeSpace + d.opcode] = &d;
  }
};

const Index &index(Target t) {
  switch (t) {
  case Target::GFX908: {
    static const Index idx(gfx908::rows());
    return idx;
  }
  case Target::GFX1100:
  default: {
    static const Index idx(gfx1100::rows());
    return idx;
  }
  }
}

} // namespace

std::span<const InstrDesc> instructions(Target t) { return index(t).rows; }

std::span<const MnemonicAlias> mnemonicAliases(Target t) {
  return t == Target::GFX908 ? gfx908::aliases() : gfx1100::aliases();
}

const MnemonicAlias *findMnemonicAlias(Target t, std::string_view alias) {
  std::span<const MnemonicAlias> all = mnemonicAliases(t);
  auto it = std::ranges::lower_bound(all, alias, {}, &MnemonicAlias::alias);
  return it != all.end() && it->alias == alias ? &*it : nullptr;
}

std::span<const std::string_view> otherProcessorMnemonics(Target t) {
  return t == Target::GFX908 ? std::span<const std::string_view>() : gfx1100::otherMnemonics();
}

const InstrDesc *lookup(Target t, Format f, uint32_t opcode) {
  if (opcode >= kOpcodeSpace || f >= Format::Count)
    return nullptr;
  return index(t).byOpcode[static_cast<size_t>(f) * kOpcodeSpace + opcode];
}

} // namespace gcnkit::isa
