// Test support for the emulator: hand-written assembly snippets (gfx1100, or gfx908 with
// AsmKernelOptions::target) wrapped in a kernel `k(out, in)`, assembled with gcnkit's assembler
// and run on one work-group.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "elf/assemble.h"
#include "emu_kernel_util.h"

namespace gcnkit::emutest {

struct AsmKernelOptions {
  isa::Target target = isa::Target::GFX1100; // gfx908 kernels are wave64
  std::string modes;                         // extra .amdhsa_* lines (FP modes)
  unsigned vgprs = 128;                      // .amdhsa_next_free_vgpr: the VGPRs each wave gets
  unsigned laneAddress = 100;                // the VGPR the prologue sets to lane * 4
  unsigned ldsBytes = 0;                     // static LDS of the work-group
  unsigned privateBytes = 0;                 // private segment (scratch) bytes of each work-item
};

// Options with the register allocation and memory sizes set (FP modes default).
inline AsmKernelOptions kernelOptions(unsigned vgprs, unsigned laneAddress, unsigned ldsBytes = 0,
                                      unsigned privateBytes = 0) {
  AsmKernelOptions o;
  o.vgprs = vgprs;
  o.laneAddress = laneAddress;
  o.ldsBytes = ldsBytes;
  o.privateBytes = privateBytes;
  return o;
}

// A kernel `k(out, in)` for one work-group of W lanes: s[4:5] = out, s[6:7] = in,
// v<laneAddress> = lane * 4; input j of lane l is in[64 j + l] (load with offset:256*j),
// outputs likewise in out. A gfx908 kernel with private memory gets the gfx9 scratch set-up
// clang's kernels have: the private segment buffer in s[0:3] (its base moved to the wave's
// scratch by the prolog, as the wave offset in s9 says) and FLAT_SCRATCH set from flat scratch
// init, so MUBUF, SCRATCH and FLAT instructions reach private memory.
inline std::string asmKernel(const std::string &body, unsigned wave,
                             const AsmKernelOptions &opts = {}) {
  const bool gfx9 = opts.target == isa::Target::GFX908;
  const bool gfx9Scratch = gfx9 && opts.privateBytes;
  const std::string processor = gfx9 ? "gfx908" : "gfx1100";
  std::ostringstream s;
  s << ".amdgcn_target \"amdgcn-amd-amdhsa--" << processor << "\"\n"
    << R"(.amdhsa_code_object_version 5
.text
.globl k
.p2align 8
.type k,@function
k:
)";
  if (gfx9Scratch)
    s << R"(  s_mov_b64 s[12:13], s[4:5]
  s_add_u32 flat_scratch_lo, s6, s9
  s_addc_u32 flat_scratch_hi, s7, 0
  s_add_u32 s0, s0, s9
  s_addc_u32 s1, s1, 0
  s_load_dwordx4 s[4:7], s[12:13], 0x0
)";
  else
    s << "  " << (gfx9 ? "s_load_dwordx4" : "s_load_b128") << " s[4:7], s[0:1], 0x0\n";
  s << R"(  s_waitcnt lgkmcnt(0)
  v_lshlrev_b32 v)"
    << opts.laneAddress << ", 2, v0\n"
    << body << R"(
  s_endpgm
.rodata
.p2align 6
.amdhsa_kernel k
  .amdhsa_kernarg_size 16
)"
    << (gfx9Scratch ? R"(  .amdhsa_user_sgpr_count 8
  .amdhsa_user_sgpr_private_segment_buffer 1
  .amdhsa_user_sgpr_flat_scratch_init 1
)"
                    : "  .amdhsa_user_sgpr_count 2\n")
    << R"(  .amdhsa_user_sgpr_kernarg_segment_ptr 1
  .amdhsa_group_segment_fixed_size )"
    << opts.ldsBytes << R"(
  .amdhsa_private_segment_fixed_size )"
    << opts.privateBytes << R"(
  )"
    << (gfx9 ? ".amdhsa_system_sgpr_private_segment_wavefront_offset "
             : ".amdhsa_enable_private_segment ")
    << (opts.privateBytes ? 1 : 0) << "\n"
    << (gfx9 ? "" : "  .amdhsa_wavefront_size32 " + std::to_string(wave == 32 ? 1 : 0) + "\n")
    << R"(  .amdhsa_next_free_vgpr )" << opts.vgprs << R"(
  .amdhsa_next_free_sgpr 48
)"
    << (opts.modes.find("float_denorm_mode_32") == std::string::npos
            ? "  .amdhsa_float_denorm_mode_32 3\n" // clang's default; the assembler's is 0
            : "")
    << opts.modes << R"(.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: )"
    << opts.ldsBytes << R"(
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .max_flat_workgroup_size: 64
    .name:           k
    .private_segment_fixed_size: )"
    << opts.privateBytes << R"(
    .sgpr_count:     48
    .symbol:         k.kd
    .vgpr_count:     )"
    << opts.vgprs << R"(
    .wavefront_size: )"
    << wave << R"(
amdhsa.target:   amdgcn-amd-amdhsa--)"
    << processor << R"(
amdhsa.version:
  - 1
  - 2
...
.end_amdgpu_metadata
)";
  return s.str();
}

// gfx9 spells the dword loads and stores global_load_dword / global_store_dword.
inline std::string loadInput(unsigned vgpr, unsigned j, unsigned laneAddress = 100,
                             isa::Target target = isa::Target::GFX1100) {
  return std::string("  ") +
         (target == isa::Target::GFX908 ? "global_load_dword v" : "global_load_b32 v") +
         std::to_string(vgpr) + ", v" + std::to_string(laneAddress) +
         ", s[6:7] offset:" + std::to_string(256 * j) + "\n  s_waitcnt vmcnt(0)\n";
}
inline std::string storeOutput(unsigned vgpr, unsigned j, unsigned laneAddress = 100,
                               isa::Target target = isa::Target::GFX1100) {
  return std::string("  ") +
         (target == isa::Target::GFX908 ? "global_store_dword v" : "global_store_b32 v") +
         std::to_string(laneAddress) + ", v" + std::to_string(vgpr) +
         ", s[4:5] offset:" + std::to_string(256 * j) + "\n";
}

struct AsmRun {
  std::vector<uint32_t> out; // 64 * outputs words
  runtime::LaunchResult result;
};

// Assembles k and loads it; nullptr (with a test failure) when either fails.
inline std::unique_ptr<runtime::Module> loadAsm(runtime::Device &dev, const std::string &body,
                                                unsigned wave, const AsmKernelOptions &opts) {
  elf::AssembleOptions ao;
  ao.amdhsa = true;
  ao.object = true;
  ao.wave64 = wave == 64;
  ao.target.target = opts.target;
  elf::AssembleResult obj = elf::assemble("k.s", asmKernel(body, wave, opts), ao);
  EXPECT_TRUE(obj.ok) << obj.diagnostics;
  if (!obj.ok)
    return nullptr;
  std::string error;
  auto m = runtime::Module::load(
      dev,
      std::span<const uint8_t>(reinterpret_cast<const uint8_t *>(obj.output.data()),
                               obj.output.size()),
      error);
  EXPECT_TRUE(m) << error;
  return m;
}

// Assembles and runs k with `in` (64 words per input); returns `outputs` * 64 words.
inline AsmRun runAsm(runtime::Device &dev, const std::string &body, unsigned wave,
                     const std::vector<uint32_t> &in, unsigned outputs,
                     const AsmKernelOptions &opts = {}) {
  AsmRun run;
  auto m = loadAsm(dev, body, wave, opts);
  if (!m)
    return run;
  std::vector<uint32_t> input = in;
  input.resize(std::max<size_t>(input.size(), 64));
  const uint64_t din = upload(dev, input);
  std::vector<uint32_t> fill(64 * outputs, 0xDEADBEEF);
  const uint64_t dout = upload(dev, fill);
  run.result = runtime::launch(dev, *m, "k", runtime::LaunchConfig{{wave, 1, 1}, {wave, 1, 1}},
                               runtime::KernelArgs().add(dout).add(din));
  run.out = download<uint32_t>(dev, dout, 64 * outputs);
  return run;
}

inline std::vector<uint32_t> randomWords(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<uint32_t> v(n);
  for (uint32_t &x : v)
    x = rng();
  return v;
}

// The EXEC value for a snippet: the low W bits of `mask`.
inline std::string setExec(unsigned wave, uint64_t mask) {
  std::ostringstream s;
  if (wave == 32)
    s << "  s_mov_b32 exec_lo, 0x" << std::hex << uint32_t(mask) << "\n";
  else
    s << "  s_mov_b32 exec_lo, 0x" << std::hex << uint32_t(mask) << "\n  s_mov_b32 exec_hi, 0x"
      << uint32_t(mask >> 32) << "\n";
  return s.str();
}
inline std::string allExec(unsigned wave) {
  return wave == 32 ? "  s_mov_b32 exec_lo, -1\n" : "  s_mov_b64 exec, -1\n";
}

} // namespace gcnkit::emutest
