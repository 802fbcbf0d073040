// The executor registry and the executors the pre-decoder installs itself (traps, VOPD).
#include "emu/registry.h"

#include <unordered_map>
#include <utility>

#include "emu/predecode.h"
#include "emu/wave.h"
#include "gcnkit/isa.h"

namespace gcnkit::emu {

namespace {

void trap(Wave &w, const DecodedInst &in) { w.raise(FaultKind::UnsupportedInstruction, in); }

// VOPD: X ran into the staging row, so Y read X's destination before it changed; then the
// staged lanes are committed.
template <int W> void vopd(Wave &w, const DecodedInst &in) {
  const DecodedInst *comp = w.group->program->components.data() + in.aux;
  comp[0].fn(w, comp[0]);
  comp[1].fn(w, comp[1]);
  const uint32_t *staged = vrow<W>(w, comp[0].vdst);
  uint32_t *d = vrow<W>(w, in.vdst);
  writeLanes<W>(d, execMask<W>(w), [&](int l) { return staged[l]; });
}

} // namespace

const Registry &registry() {
  static const Registry r = [] {
    Registry reg;
    registerSalu(reg);
    registerSopp(reg);
    registerSmem(reg);
    registerValuInt(reg);
    registerValuFloat(reg);
    registerVopc(reg);
    registerGlobal(reg);
    registerLds(reg);
    registerValu16(reg);
    registerValuPacked(reg);
    registerWmma(reg);
    registerMfma(reg);
    registerScratch(reg);
    registerBuffer(reg);
    registerImage(reg);
    registerGws(reg);
    registerGds(reg);
    return reg;
  }();
  return r;
}

const ExecEntry *findExecutor(std::string_view name) {
  const Registry &reg = registry();
  if (auto it = reg.find(name); it != reg.end())
    return &it->second;
  // Older spellings: the renames LLVM's gfx11 assembler accepts (generated with its table).
  static const std::unordered_map<std::string_view, std::string_view> renamed = [] {
    std::unordered_map<std::string_view, std::string_view> m;
    for (const isa::MnemonicAlias &a : isa::mnemonicAliases(isa::Target::GFX1100))
      m.emplace(a.alias, a.name);
    return m;
  }();
  if (auto it = renamed.find(name); it != renamed.end())
    if (auto e = reg.find(it->second); e != reg.end())
      return &e->second;
  // gfx9 spellings of instructions gfx11 kept with the same semantics under a new name, which
  // LLVM's gfx11 assembler does not take as aliases (the ISA manuals of both).
  static constexpr std::pair<std::string_view, std::string_view> kGfx9Names[] = {
      {"v_addc_co_u32", "v_add_co_ci_u32"},
      {"v_subb_co_u32", "v_sub_co_ci_u32"},
      {"v_subbrev_co_u32", "v_subrev_co_ci_u32"},
      {"v_add_u16", "v_add_nc_u16"},
      {"v_sub_u16", "v_sub_nc_u16"},
      // The gfx8 encodings gfx9 kept beside the op_sel ones: the same operation (the
      // pre-decoder zeroes their high half).
      {"v_mad_legacy_f16", "v_mad_f16"},
      {"v_mad_legacy_u16", "v_mad_u16"},
      {"v_mad_legacy_i16", "v_mad_i16"},
      {"v_fma_legacy_f16", "v_fma_f16"},
      {"v_div_fixup_legacy_f16", "v_div_fixup_f16"},
  };
  for (const auto &[old, now] : kGfx9Names)
    if (old == name)
      if (auto e = reg.find(now); e != reg.end())
        return &e->second;
  return nullptr;
}

ExecFn trapExecutor() { return trap; }

ExecFn vopdExecutor(int wave) { return wave == 64 ? vopd<64> : vopd<32>; }

} // namespace gcnkit::emu
