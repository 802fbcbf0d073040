// gfx908 code objects against llvm-mc-19 (-triple=amdgcn-amd-amdhsa -mcpu=gfx908 with each
// xnack / sramecc setting): the listing, the -filetype=obj bytes (e_flags, kernel descriptor,
// notes, symbols) and the diagnostics of .amdgcn_target and .amdhsa_kernel blocks, and whole
// kernels whose code is scalar.
#include <gtest/gtest.h>

#include <unistd.h>

#include "elf/assemble.h"
#include "oracle.h"

namespace gcnkit::assembler {
namespace {

struct Outcome {
  std::string listing, object, diagnostics;
};

// llvm-mc's listing and object (and their stderr) for `source` on `targetId`.
Outcome llvmMc(const isa::TargetId &id, const std::string &path) {
  Outcome o;
  std::vector<std::string> argv = {"llvm-mc-19", "-triple=amdgcn-amd-amdhsa"};
  for (const std::string &a : difftest::llvmMcTargetFlags(id))
    argv.push_back(a);
  argv.push_back(path);
  difftest::ToolRun l = difftest::runTool(argv);
  o.listing = l.out;
  o.diagnostics = l.err;
  const std::string obj = path + ".o";
  argv.insert(argv.end(), {"-filetype=obj", "-o", obj});
  if (difftest::runTool(argv).status == 0)
    o.object = difftest::readFile(obj);
  unlink(obj.c_str());
  return o;
}

Outcome gcnkitAsm(const std::string &source, const isa::TargetId &id, const std::string &path) {
  elf::AssembleOptions opts;
  opts.amdhsa = true;
  opts.target = id;
  opts.wave64 = isa::defaultWave64(id.target);
  Outcome o;
  elf::AssembleResult l = elf::assemble(path, source, opts);
  o.listing = l.output;
  o.diagnostics = l.diagnostics;
  opts.object = true;
  elf::AssembleResult obj = elf::assemble(path, source, opts);
  o.object = obj.ok ? obj.output : "";
  return o;
}

void expectSameAsLlvmMc(const std::string &source, const std::string &targetId) {
  std::string error;
  std::optional<isa::TargetId> id = isa::parseTargetId(targetId, error);
  ASSERT_TRUE(id) << error;
  const std::string path = difftest::writeTempFile(source, ".s");
  const Outcome want = llvmMc(*id, path);
  const Outcome got = gcnkitAsm(source, *id, path);
  unlink(path.c_str());
  EXPECT_EQ(got.listing, want.listing) << targetId << "\n" << source;
  EXPECT_EQ(got.diagnostics, want.diagnostics) << targetId << "\n" << source;
  EXPECT_EQ(got.object.size(), want.object.size()) << targetId << "\n" << source;
  EXPECT_TRUE(got.object == want.object) << targetId << " object bytes differ\n" << source;
}

// Without an OS in the triple (-arch=amdgcn), llvm-mc-19 writes the v3 form of e_flags: one
// bit each for xnack and sramecc, set when the feature is on or "any".
TEST(Gfx908ObjectNoOs, ElfFlagsOfEveryFeatureSetting) {
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  const std::string source = ".text\ns_nop 0\nv_mov_b32 v0, 1.0\n";
  const std::string path = difftest::writeTempFile(source, ".s");
  for (const char *mattr :
       {"", "+xnack", "-xnack", "+sramecc", "-sramecc", "+xnack,-sramecc", "-xnack,-sramecc"}) {
    for (const char *cpu : {"gfx908", "gfx1100"}) {
      std::vector<std::string> argv = {"llvm-mc-19", "-arch=amdgcn", std::string("-mcpu=") + cpu};
      if (*mattr)
        argv.push_back(std::string("-mattr=") + mattr);
      const std::string obj = path + ".o";
      argv.insert(argv.end(), {"-filetype=obj", "-o", obj, path});
      ASSERT_EQ(difftest::runTool(argv).status, 0) << cpu << " " << mattr;
      const std::string want = difftest::readFile(obj);
      unlink(obj.c_str());
      std::string error;
      std::optional<isa::TargetId> id = isa::parseTargetId(cpu, error);
      ASSERT_TRUE(id) << error;
      for (std::string_view rest = mattr; !rest.empty();) {
        const size_t comma = rest.find(',');
        const std::string_view f = rest.substr(0, comma);
        const isa::FeatureSetting v =
            f[0] == '+' ? isa::FeatureSetting::On : isa::FeatureSetting::Off;
        (f.substr(1) == "xnack" ? id->xnack : id->sramecc) = v;
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
      }
      elf::AssembleOptions opts;
      opts.target = *id;
      opts.wave64 = isa::defaultWave64(id->target);
      opts.object = true;
      const elf::AssembleResult got = elf::assemble(path, source, opts);
      ASSERT_TRUE(got.ok) << got.diagnostics;
      EXPECT_TRUE(got.output == want) << cpu << " -mattr=" << mattr << ": object bytes differ";
    }
  }
  unlink(path.c_str());
}

struct Case {
  const char *targetId;
  const char *source;
};

void PrintTo(const Case &c, std::ostream *os) { *os << c.targetId << ": " << c.source; }

class Gfx908Object : public ::testing::TestWithParam<Case> {};

TEST_P(Gfx908Object, SameAsLlvmMc) {
  ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
  expectSameAsLlvmMc(GetParam().source, GetParam().targetId);
}

// A descriptor block in .rodata.
#define KD(body) ".rodata\n.p2align 6\n.amdhsa_kernel k\n" body ".end_amdhsa_kernel\n"

// Descriptors: gfx9 defaults, the private segment buffer / flat scratch init user SGPRs, the
// scratch wave offset, the SGPR granule with each reservation and xnack setting, the VGPR
// limits, and the target ids.
INSTANTIATE_TEST_SUITE_P(
    Descriptors, Gfx908Object,
    ::testing::Values(
        Case{"gfx908", KD(".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 10\n")},
        Case{"gfx908:xnack-", KD(".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 10\n")},
        Case{"gfx908:xnack+", KD(".amdhsa_next_free_vgpr 5\n.amdhsa_next_free_sgpr 11\n")},
        Case{"gfx908:sramecc+", KD(".amdhsa_next_free_vgpr 256\n.amdhsa_next_free_sgpr 102\n")},
        Case{"gfx908:sramecc-:xnack-",
             KD(".amdhsa_next_free_vgpr 0\n.amdhsa_next_free_sgpr 0\n.amdhsa_reserve_vcc 0\n"
                ".amdhsa_reserve_flat_scratch 0\n")},
        Case{"gfx908:sramecc+:xnack-",
             KD(".amdhsa_next_free_vgpr 9\n.amdhsa_next_free_sgpr 7\n.amdhsa_reserve_vcc 1\n"
                ".amdhsa_reserve_flat_scratch 0\n.amdhsa_reserve_xnack_mask 0\n")},
        Case{"gfx908:sramecc-:xnack+",
             KD(".amdhsa_next_free_vgpr 9\n.amdhsa_next_free_sgpr 5\n.amdhsa_reserve_vcc 0\n"
                ".amdhsa_reserve_flat_scratch 0\n.amdhsa_reserve_xnack_mask 1\n")},
        Case{"gfx908:xnack-",
             KD(".amdhsa_next_free_vgpr 9\n.amdhsa_next_free_sgpr 3\n.amdhsa_reserve_vcc 0\n"
                ".amdhsa_reserve_flat_scratch 1\n")},
        Case{"gfx908",
             KD(".amdhsa_group_segment_fixed_size 65536\n.amdhsa_private_segment_fixed_size 272\n"
                ".amdhsa_kernarg_size 24\n.amdhsa_user_sgpr_private_segment_buffer 1\n"
                ".amdhsa_user_sgpr_dispatch_ptr 1\n.amdhsa_user_sgpr_queue_ptr 1\n"
                ".amdhsa_user_sgpr_kernarg_segment_ptr 1\n.amdhsa_user_sgpr_dispatch_id 1\n"
                ".amdhsa_user_sgpr_flat_scratch_init 1\n"
                ".amdhsa_user_sgpr_private_segment_size 1\n.amdhsa_uses_dynamic_stack 1\n"
                ".amdhsa_system_sgpr_private_segment_wavefront_offset 1\n"
                ".amdhsa_system_sgpr_workgroup_id_x 0\n.amdhsa_system_sgpr_workgroup_id_y 1\n"
                ".amdhsa_system_sgpr_workgroup_id_z 1\n.amdhsa_system_sgpr_workgroup_info 1\n"
                ".amdhsa_system_vgpr_workitem_id 2\n.amdhsa_next_free_vgpr 116\n"
                ".amdhsa_next_free_sgpr 40\n.amdhsa_float_round_mode_32 1\n"
                ".amdhsa_float_round_mode_16_64 2\n.amdhsa_float_denorm_mode_32 3\n"
                ".amdhsa_float_denorm_mode_16_64 0\n.amdhsa_dx10_clamp 0\n"
                ".amdhsa_ieee_mode 0\n.amdhsa_fp16_overflow 1\n"
                ".amdhsa_exception_fp_ieee_invalid_op 1\n.amdhsa_exception_fp_denorm_src 1\n"
                ".amdhsa_exception_fp_ieee_div_zero 1\n.amdhsa_exception_fp_ieee_overflow 1\n"
                ".amdhsa_exception_fp_ieee_underflow 1\n.amdhsa_exception_fp_ieee_inexact 1\n"
                ".amdhsa_exception_int_div_zero 1\n")},
        Case{"gfx908",
             KD(".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n"
                ".amdhsa_user_sgpr_private_segment_buffer 1\n.amdhsa_user_sgpr_count 17\n")},
        Case{"gfx908", ".amdhsa_code_object_version 4\n" KD(
                           ".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n"
                           ".amdhsa_uses_dynamic_stack 1\n")},
        Case{"gfx908:xnack+", ".amdhsa_code_object_version 4\n.amdgcn_target "
                              "\"amdgcn-amd-amdhsa--gfx908:xnack+\"\n" KD(
                                  ".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n")},
        Case{"gfx908:sramecc-:xnack+",
             ".amdgcn_target \"amdgcn-amd-amdhsa--gfx908:sramecc-:xnack+\"\n"
             ".text\n.globl k\n.p2align 8\n.type k,@function\nk:\ns_endpgm\n" KD(
                 ".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n")}));

// What llvm-mc rejects, with its message and column: directives of other GPUs, values the
// target id contradicts, register counts beyond the gfx9 files, target id mismatches.
INSTANTIATE_TEST_SUITE_P(
    Errors, Gfx908Object,
    ::testing::Values(
        Case{"gfx908", ".amdgcn_target \"amdgcn-amd-amdhsa--gfx908:xnack+\"\n"},
        Case{"gfx908:xnack-", ".amdgcn_target \"amdgcn-amd-amdhsa--gfx908\"\n"},
        Case{"gfx908", ".amdgcn_target \"amdgcn-amd-amdhsa--gfx1100\"\n"},
        Case{"gfx908", KD(".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n"
                          ".amdhsa_wavefront_size32 1\n")},
        Case{"gfx908", KD(".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n"
                          ".amdhsa_wavefront_size32 5\n")},
        Case{"gfx908", KD(".amdhsa_workgroup_processor_mode 1\n")},
        Case{"gfx908", KD(".amdhsa_memory_ordered 0\n")},
        Case{"gfx908", KD(".amdhsa_forward_progress 0\n")},
        Case{"gfx908", KD(".amdhsa_shared_vgpr_count 1\n")},
        Case{"gfx908", KD(".amdhsa_enable_private_segment 1\n")},
        Case{"gfx908", KD(".amdhsa_accum_offset 4\n")}, Case{"gfx908", KD(".amdhsa_tg_split 0\n")},
        Case{"gfx908", KD(".amdhsa_user_sgpr_kernarg_preload_length 1\n")},
        Case{"gfx908", KD(".amdhsa_round_robin_scheduling 1\n")},
        Case{"gfx908", KD(".amdhsa_next_free_agpr 1\n")},
        Case{"gfx908", KD(".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n"
                          ".amdhsa_reserve_xnack_mask 0\n")},
        Case{"gfx908:xnack-", KD(".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n"
                                 ".amdhsa_reserve_xnack_mask 1\n")},
        Case{"gfx908", KD(".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n"
                          ".amdhsa_reserve_xnack_mask 2\n")},
        Case{"gfx908", KD(".amdhsa_next_free_vgpr 257\n.amdhsa_next_free_sgpr 1\n")},
        Case{"gfx908", KD(".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 103\n")},
        Case{"gfx908", KD(".amdhsa_next_free_vgpr 300\n.amdhsa_next_free_sgpr 103\n")},
        Case{"gfx908", KD(".amdhsa_next_free_vgpr 600\n.amdhsa_next_free_sgpr 1\n"
                          ".amdhsa_user_sgpr_count 40\n")},
        Case{"gfx908", KD(".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n"
                          ".amdhsa_user_sgpr_private_segment_buffer 1\n"
                          ".amdhsa_user_sgpr_count 3\n")},
        Case{"gfx908", KD(".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n"
                          ".amdhsa_user_sgpr_count 32\n")},
        Case{"gfx908", KD(".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n"
                          ".amdhsa_reserve_flat_scratch 2\n")},
        Case{"gfx1100", KD(".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n"
                           ".amdhsa_user_sgpr_private_segment_buffer 1\n")},
        Case{"gfx1100", KD(".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n"
                           ".amdhsa_reserve_flat_scratch 0\n")},
        Case{"gfx1100", KD(".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n"
                           ".amdhsa_reserve_xnack_mask 1\n")},
        Case{"gfx1100", KD(".amdhsa_next_free_vgpr 1\n.amdhsa_next_free_sgpr 1\n"
                           ".amdhsa_reserve_xnack_mask 0\n")},
        Case{"gfx1100", KD(".amdhsa_next_free_vgpr 513\n.amdhsa_next_free_sgpr 1\n")},
        Case{"gfx1100", KD(".amdhsa_accum_offset 4\n")}));

// Whole kernels of scalar code: the prologue clang writes for gfx908 (scratch set-up through
// the private segment buffer and flat scratch init), scalar loads and stores, branches, and
// the metadata note.
constexpr const char *kScalarKernel = R"(	.amdgcn_target "amdgcn-amd-amdhsa--gfx908"
	.amdhsa_code_object_version 5
	.text
	.globl	scalar_sum
	.p2align	8
	.type	scalar_sum,@function
scalar_sum:
	s_add_u32 s0, s0, s9
	s_addc_u32 s1, s1, 0
	s_add_u32 flat_scratch_lo, s6, s9
	s_addc_u32 flat_scratch_hi, s7, 0
	s_load_dwordx4 s[8:11], s[4:5], 0x0
	s_waitcnt lgkmcnt(0)
	s_load_dword s12, s[8:9], 0x10
	s_load_dword s13, s[8:9], s10 offset:0x4
	s_mov_b32 s14, 0
.LBB0_1:
	s_waitcnt lgkmcnt(0)
	s_add_i32 s14, s14, s12
	s_sub_u32 s13, s13, 1
	s_cmp_lg_u32 s13, 0
	s_cbranch_scc1 .LBB0_1
	s_store_dword s14, s[10:11], 0x0 glc
	s_dcache_wb
	s_getreg_b32 s15, hwreg(HW_REG_HW_ID, 0, 4)
	s_memtime s[16:17]
	s_sendmsg sendmsg(MSG_INTERRUPT)
	s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
	s_endpgm
.Lfunc_end0:
	.size	scalar_sum, .Lfunc_end0-scalar_sum

	.rodata
	.p2align	6, 0x0
	.amdhsa_kernel scalar_sum
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 16
		.amdhsa_kernarg_size 24
		.amdhsa_user_sgpr_count 8
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_flat_scratch_init 1
		.amdhsa_system_sgpr_private_segment_wavefront_offset 1
		.amdhsa_next_free_vgpr 1
		.amdhsa_next_free_sgpr 18
		.amdhsa_float_denorm_mode_32 3
	.end_amdhsa_kernel
	.text
	.p2alignl 6, 3212836864
	.fill 48, 4, 3212836864

	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     0
    .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 24
    .max_flat_workgroup_size: 256
    .name:           scalar_sum
    .private_segment_fixed_size: 16
    .sgpr_count:     24
    .sgpr_spill_count: 0
    .symbol:         scalar_sum.kd
    .vgpr_count:     1
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx908
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
)";

// Memory statements in a listing and an object: what the listing prints as written where the
// disassembler would print another text (gfx9 MIMG vaddr widths, NSA-style lists as one tuple,
// buffer offsets past the 12-bit field), and every memory format's gfx9 syntax.
constexpr const char *kMemoryStatements = R"(	.text
	ds_read_b32 v1, v2 offset:65535 gds
	ds_write2st64_b64 v1, v[2:3], v[4:5] offset0:255 offset1:1
	ds_gws_init v1 offset:4 gds
	ds_swizzle_b32 v1, v2 offset:swizzle(BROADCAST,8,3)
	buffer_load_dword v1, v[2:3], s[4:7], s1 idxen offen offset:4095 glc slc
	buffer_load_dword v1, off, s[4:7], s1 offset:5000
	tbuffer_load_format_x v1, off, s[0:3], 0 offset:65535
	buffer_load_dwordx2 v[1:3], off, s[4:7], 0 tfe
	buffer_load_ubyte v2, s[4:7], m0 offen offset:4 glc lds
	buffer_store_lds_dword s[4:7], s1 offset:4 lds slc
	buffer_atomic_add_f32 v1, v2, s[4:7], src_vccz offen slc
	tbuffer_load_format_x v1, off, s[0:3], dfmt:15, nfmt:7, 0
	tbuffer_store_format_xy v[1:2], v2, s[0:3], s5 format:[BUF_NUM_FORMAT_SINT] offen
	tbuffer_load_format_x v1, off, s[0:3], 0 format:22
	flat_load_dwordx4 v[1:4], v[2:3] offset:4095 glc slc
	global_load_dword v1, v2, s[4:5] offset:-4096
	global_load_dword v[2:3], off offset:4 lds
	global_atomic_pk_add_f16 v[2:3], v1, off
	global_atomic_cmpswap_x2 v[1:2], v[2:3], v[4:7], off glc
	scratch_load_dword v1, off, s4 offset:-1
	scratch_store_dword v2, v1, off
	scratch_load_sshort off, s4 lds
	image_load v[1:4], v[2:5], s[4:11] dmask:0xf unorm glc slc a16 lwe da
	image_load v[1:4], [v2, v3], s[4:11] dmask:0xf
	image_store v[1:2], v[2:4], s[4:11] dmask:0x3 d16
	image_sample_c_d_cl_o v[1:4], v[2:13], s[4:11], s[12:15] dmask:0xf
	image_atomic_cmpswap v[1:2], v2, s[4:11] dmask:0x3 glc
	exp mrt0 v1, v2, v3, v4 done vm
	exp mrtz v1, off, v3, off compr
	exp param31 off, off, off, off
	exp null v1, v2, v3, v4
)";

INSTANTIATE_TEST_SUITE_P(Kernels, Gfx908Object,
                         ::testing::Values(Case{"gfx908", kScalarKernel},
                                           Case{"gfx908", kMemoryStatements}));

} // namespace
} // namespace gcnkit::assembler
