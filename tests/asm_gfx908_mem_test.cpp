// Assembler tests for gfx908's memory syntax against llvm-mc-19: spelling variants and error
// cases (message and column) of what gfx9 has and gfx11 does not -- the MUBUF / GLOBAL /
// SCRATCH lds instructions and buffer_store_lds_dword, dfmt / nfmt and the split
// format:[BUF_DATA_FORMAT_*,BUF_NUM_FORMAT_*] (the unified names are not supported), gds and
// GWS, SCRATCH's vaddr-or-saddr forms, the no-return float atomics, MIMG's da / a16 without
// dim, compressed exports -- and what gfx9 lacks (dlc, r128, null, literals), offsets out of
// range and AccVGPR data.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "expect_asm_llvm_mc.h"

namespace gcnkit::assembler {
namespace {

using Statements = std::vector<std::string>;

TEST(AsmGfx908Mem, Ds) {
  Statements s = expand({"ds_add_u32 v1, v2 @", "ds_read_b32 v1, v2 @", "ds_write_b8 v1, v2 @"},
                        {"", "offset:0", "offset:65535", "offset:0x10 gds", "gds", "gds offset:4",
                         "offset:65536", "offset:-1", "offset:x", "offset:4 offset:8", "gds gds",
                         "glc", "dlc", "lds", "offset0:4"});
  s.insert(s.end(), {"ds_write2_b32 v1, v2, v3 offset0:4 offset1:8",
                     "ds_write2st64_b64 v1, v[2:3], v[4:5] offset0:255 offset1:1 gds",
                     "ds_write2_b32 v1, v2, v3 offset0:256",
                     "ds_write2_b32 v1, v2, v3 offset1:-1",
                     "ds_read2_b64 v[2:5], v1 offset:4",
                     "ds_gws_init v1 offset:4 gds",
                     "ds_gws_init v1 gds",
                     "ds_gws_init v1 offset:4",
                     "ds_gws_init v1 gds offset:4",
                     "ds_gws_sema_v gds",
                     "ds_gws_sema_release_all offset:4 gds",
                     "ds_gws_barrier v1 offset:65535 gds",
                     "ds_ordered_count v5, v1 offset:4 gds",
                     "ds_ordered_count v5, v1 offset:4",
                     "ds_append v5 offset:4",
                     "ds_consume v5 gds",
                     "ds_read_addtid_b32 v5 offset:8",
                     "ds_write_addtid_b32 v5 offset:8 gds",
                     "ds_add_rtn_f32 v5, v1, v2 offset:65535",
                     "ds_add_f32 v1, v2",
                     "ds_read_b128 v[4:7], v1 offset:16 gds",
                     "ds_read_b96 v[4:6], v1",
                     "ds_condxchg32_rtn_b64 v[4:5], v1, v[2:3]",
                     "ds_wrap_rtn_b32 v5, v1, v2, v3 offset:4",
                     "ds_read_u8_d16_hi v5, v1",
                     "ds_write_b16_d16_hi v1, v2",
                     "ds_add_src2_f32 v1 offset:4",
                     "ds_nop",
                     "ds_permute_b32 v1, v2, v3 offset:4",
                     "ds_bpermute_b32 v1, v2, v3",
                     "ds_swizzle_b32 v1, v2 offset:swizzle(BROADCAST,8,3)",
                     "ds_swizzle_b32 v1, v2 offset:swizzle(QUAD_PERM,3,2,1,0) gds",
                     "ds_swizzle_b32 v1, v2 offset:0x10000",
                     "ds_read_b32 a1, v2",
                     "ds_write_b32 v1, a2",
                     "ds_read_b32 v1, s2",
                     "ds_read_b64 v[1:2], v[2:3]",
                     "ds_read_b32 v256, v2"});
  EXPECT_EQ(expectSameAsLlvmMc(s, gfx908AsmOptions()), 0u);
}

TEST(AsmGfx908Mem, Mubuf) {
  Statements s;
  const struct {
    const char *vaddr, *flags;
  } forms[] = {{"off", ""}, {"v2", " offen"}, {"v2", " idxen"}, {"v[2:3]", " idxen offen"}};
  for (const auto &form : forms)
    for (const char *extra : {"", " offset:4095", " offset:0xfff glc", " offset:4 glc slc",
                              " slc glc", " slc", " tfe", " glc slc tfe"})
      s.push_back(std::string("buffer_load_dword v1, ") + form.vaddr + ", s[4:7], s2" + form.flags +
                  extra);
  for (const char *soffset : {"0",
                              "-1",
                              "64",
                              "0.5",
                              "-4.0",
                              "m0",
                              "exec_lo",
                              "exec_hi",
                              "vcc_hi",
                              "src_vccz",
                              "src_execz",
                              "src_scc",
                              "src_shared_base",
                              "flat_scratch_lo",
                              "xnack_mask_hi",
                              "ttmp2",
                              "s101",
                              "s102",
                              "65",
                              "0x1234",
                              "null",
                              "v2",
                              "s[2:3]",
                              "off"})
    s.push_back(std::string("buffer_store_dword v1, off, s[4:7], ") + soffset + " offset:8");
  for (const char *srsrc :
       {"s[4:7]", "ttmp[4:7]", "ttmp[12:15]", "s[100:103]", "xnack_mask", "null", "s[4:5]"})
    s.push_back(std::string("buffer_load_dword v1, off, ") + srsrc + ", s1");
  s.insert(s.end(), {
                        // lds loads (no vdata; lds last and required) and buffer_store_lds_dword.
                        "buffer_load_dword off, s[4:7], s1 lds",
                        "buffer_load_dword off, s[4:7], s1 offset:4095 glc slc lds",
                        "buffer_load_ubyte v2, s[4:7], 0 offen offset:4 lds",
                        "buffer_load_sshort v[2:3], s[4:7], m0 idxen offen lds",
                        "buffer_load_format_x v2, s[4:7], s1 idxen glc lds",
                        "buffer_load_dword off, s[4:7], s1 lds glc",
                        "buffer_load_dword off, s[4:7], s1 offset:4 lds tfe",
                        "buffer_load_dword v1, off, s[4:7], s1 lds",
                        "buffer_load_dword v1, s[4:7], s1 offset:4 lds",
                        "buffer_load_dwordx2 off, s[4:7], s1 lds",
                        "buffer_store_dword v1, off, s[4:7], s1 lds",
                        "buffer_store_lds_dword s[4:7], s1 lds",
                        "buffer_store_lds_dword s[4:7], s1 offset:4 lds glc slc",
                        "buffer_store_lds_dword s[4:7], s1 offset:4 glc lds",
                        "buffer_store_lds_dword s[4:7], s1 lds offset:4",
                        "buffer_store_lds_dword s[4:7], s1",
                        "buffer_store_lds_dword s[4:7], s1 offset:4 lds tfe",
                        // Atomics, the no-return float adds, cache invalidation, d16.
                        "buffer_atomic_add v1, off, s[4:7], s1 glc",
                        "buffer_atomic_cmpswap_x2 v[2:5], v1, s[8:11], s3 idxen glc",
                        "buffer_atomic_add_f32 v1, v2, s[4:7], 0 offen slc",
                        "buffer_atomic_pk_add_f16 v1, off, ttmp[4:7], s3 offset:12",
                        "buffer_atomic_add_f32 v1, off, s[4:7], s1 glc",
                        "buffer_atomic_add_f32 v1, off, s[4:7], s1 slc glc",
                        "buffer_atomic_pk_add_f16 v[1:2], off, s[4:7], s1 glc",
                        "buffer_wbinvl1",
                        "buffer_wbinvl1_vol",
                        "buffer_wbinvl1 glc",
                        "buffer_store_format_d16_hi_x v1, v2, s[4:7], vcc_lo offen",
                        "buffer_load_format_d16_xyzw v[1:2], off, s[4:7], 0",
                        "buffer_load_short_d16_hi v1, off, s[4:7], 0 offset:2",
                        // What gfx9 lacks or rejects.
                        "buffer_load_dword v1, off, s[4:7], s1 offset:4 dlc",
                        "buffer_load_dword v1, off, s[4:7], s1 dlc offset:4",
                        "buffer_load_dword v1, off, s[4:7], s1 scc",
                        "buffer_load_dword v1, off, s[4:7], s1 glc glc",
                        "buffer_load_dword v1, off, s[4:7], s1 offset:-1",
                        "buffer_load_dword v1, off, s[4:7], s1 offset:65536",
                        "buffer_load_dword v1, off, s[4:7], s1 offset:4 tfe glc",
                        "buffer_load_dword v1, off, s[4:7], s1 glc offset:4",
                        "buffer_load_dword v1, off, s[4:7], s1 tfe",
                        "buffer_store_dword v[1:2], off, s[4:7], s1 tfe",
                        "buffer_load_dword v1, v[2:3], s[4:7], s1 addr64",
                        "buffer_load_dword v1, v2, s[4:7], s1",
                        "buffer_load_dword v1, off, s[4:7], s1 offen",
                        "buffer_load_dword v1, v2, s[4:7], s1 idxen offen",
                        "buffer_load_dword v1, v[2:3], s[4:7], s1 offen idxen",
                        "buffer_load_dword a1, off, s[4:7], s1",
                        "buffer_store_dword a1, v2, s[4:7], s1 offen",
                        "buffer_load_dword v1, off, s[4:7]",
                    });
  EXPECT_EQ(expectSameAsLlvmMc(s, gfx908AsmOptions()), 0u);
}

TEST(AsmGfx908Mem, MtbufFormats) {
  Statements s =
      expand({"tbuffer_load_format_x v1, off, s[0:3], 0 @", "tbuffer_store_format_xy v[1:2], v2, "
                                                            "s[0:3], s5 @ offen offset:4"},
             {"",
              "format:0",
              "format:1",
              "format:22",
              "format:127",
              "format:128",
              "format:-1",
              "format:x",
              "format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]",
              "format:[BUF_NUM_FORMAT_FLOAT,BUF_DATA_FORMAT_32]",
              "format:[BUF_DATA_FORMAT_32]",
              "format:[BUF_NUM_FORMAT_SINT]",
              "format:[BUF_DATA_FORMAT_8, BUF_NUM_FORMAT_UNORM]",
              "format:[BUF_DATA_FORMAT_RESERVED_15]",
              "format:[BUF_NUM_FORMAT_RESERVED_6]",
              "format:[BUF_DATA_FORMAT_INVALID,BUF_NUM_FORMAT_SNORM]",
              "format:[BUF_FMT_32_FLOAT]",
              "format:[BUF_FMT_INVALID]",
              "format:[BUF_FMT_32_FLOAT,BUF_NUM_FORMAT_FLOAT]",
              "format:[BUF_DATA_FORMAT_32,BUF_DATA_FORMAT_16]",
              "format:[BUF_NUM_FORMAT_UINT,BUF_NUM_FORMAT_SINT]",
              "format:[]",
              "format:[FOO]",
              "format:[BUF_DATA_FORMAT_FOO]",
              "format:[0]",
              "dfmt:1",
              "nfmt:2",
              "dfmt:1 nfmt:2"});
  s.insert(s.end(), {"tbuffer_load_format_x v1, off, s[0:3], dfmt:15, nfmt:7, 0",
                     "tbuffer_load_format_x v1, off, s[0:3], nfmt:7, dfmt:15, 0",
                     "tbuffer_load_format_x v1, off, s[0:3], dfmt:15, 0",
                     "tbuffer_load_format_x v1, off, s[0:3], nfmt:7, 0",
                     "tbuffer_load_format_x v1, off, s[0:3], dfmt:15 nfmt:7, 0",
                     "tbuffer_load_format_x v1, off, s[0:3], dfmt:15, nfmt:7 0",
                     "tbuffer_load_format_x v1, off, s[0:3], dfmt:1,nfmt:0, 0",
                     "tbuffer_load_format_x v1, off, s[0:3], dfmt:(1+2), 0",
                     "tbuffer_load_format_x v1, v2, s[0:3], dfmt:1, nfmt:2, s5 offen offset:4 glc",
                     "tbuffer_load_format_x v1, off, s[0:3], dfmt:16, nfmt:7, 0",
                     "tbuffer_load_format_x v1, off, s[0:3], dfmt:15, nfmt:8, 0",
                     "tbuffer_load_format_x v1, off, s[0:3], dfmt:-1, 0",
                     "tbuffer_load_format_x v1, off, s[0:3], dfmt:x, 0",
                     "tbuffer_load_format_x v1, off, s[0:3], dfmt:15, dfmt:15, 0",
                     "tbuffer_load_format_x v1, off, s[0:3], dfmt:15, nfmt:7, 0 format:1",
                     "tbuffer_load_format_x v1, off, s[0:3], dfmt:15, nfmt:7, format:1, 0",
                     "tbuffer_load_format_x v1, off, s[0:3], format:22, 0",
                     "tbuffer_load_format_x v1, off, s[0:3], 0, dfmt:1",
                     "tbuffer_load_format_x v1, off, s[0:3], 0 glc dfmt:1",
                     "tbuffer_load_format_x v1, off, s[0:3], 0 format:1 offset:4 glc slc",
                     "tbuffer_load_format_x v1, off, s[0:3], 0 format:[BUF_DATA_FORMAT_32] dlc",
                     "tbuffer_load_format_x v[1:2], off, s[0:3], 0 tfe",
                     "tbuffer_load_format_d16_xyzw v[1:2], off, s[0:3], 0",
                     "tbuffer_store_format_d16_x v1, off, s[0:3], 1 format:[BUF_NUM_FORMAT_SINT]",
                     "tbuffer_load_format_x a1, off, s[0:3], 0"});
  EXPECT_EQ(expectSameAsLlvmMc(s, gfx908AsmOptions()), 0u);
}

TEST(AsmGfx908Mem, FlatGlobalScratch) {
  Statements s =
      expand({"flat_load_dword v1, v[2:3] @", "global_load_dword v1, v[2:3], off @",
              "global_load_dword v1, v2, s[4:5] @", "scratch_load_dword v1, v2, off @",
              "scratch_load_dword v1, off, s4 @", "global_store_dword v[2:3], v1, off @"},
             {"", "offset:4095", "offset:4096", "offset:-1", "offset:-4096", "offset:-4097", "glc",
              "slc glc", "offset:8 glc slc", "dlc", "scc", "lds", "tfe", "glc glc", "offset:x"});
  s.insert(s.end(), {
                        // lds loads: no vdst, lds last.
                        "global_load_dword v[2:3], off offset:4 lds",
                        "global_load_dword v2, s[4:5] offset:4 glc slc lds",
                        "global_load_ubyte v2, s[6:7] offset:-8 lds",
                        "global_load_dword v2, s[4:5] lds glc",
                        "global_load_dword v1, v2, s[4:5] lds",
                        "global_load_dwordx2 v[2:3], off lds",
                        "scratch_load_dword v2, off lds",
                        "scratch_load_sshort off, s4 offset:-2 lds",
                        "scratch_load_dword off, off lds",
                        "scratch_store_dword off, v1, s4 lds",
                        "flat_load_dword v[2:3] lds",
                        // SCRATCH addresses by vaddr or saddr.
                        "scratch_load_dword v1, v2, s4",
                        "scratch_load_dword v1, off, off",
                        "scratch_store_dwordx2 off, v[1:2], vcc_hi",
                        "scratch_load_dword v1, off, m0",
                        "scratch_load_dword v1, off, exec_hi",
                        "scratch_load_dword v1, off, exec_lo",
                        "scratch_load_dword v1, off, null",
                        "scratch_load_dword v1, off, flat_scratch_lo",
                        "scratch_load_dword v1, off, vcc",
                        // GLOBAL's saddr.
                        "global_load_dword v1, v2, off",
                        "global_load_dword v1, v[2:3], s[4:5]",
                        "global_load_dword v1, v2, exec",
                        "global_load_dword v1, v2, vcc",
                        "global_load_dword v1, v2, ttmp[2:3]",
                        "global_load_dword v1, v2, xnack_mask",
                        "global_load_dword v1, v2, flat_scratch",
                        "global_load_dword v1, v2, null",
                        "global_load_dword v1, v2, m0",
                        "global_load_dword v1, v2, s[5:6]",
                        // Atomics, the no-return float adds (glc refused), d16.
                        "flat_atomic_add v1, v[2:3], v4 glc",
                        "flat_atomic_add v[2:3], v4",
                        "flat_atomic_add v1, v[2:3], v4",
                        "flat_atomic_add v[2:3], v4 glc",
                        "flat_atomic_cmpswap_x2 v[1:2], v[2:3], v[4:7] glc slc",
                        "global_atomic_add_f32 v[2:3], v1, off",
                        "global_atomic_add_f32 v2, v1, s[4:5] offset:-8 slc",
                        "global_atomic_pk_add_f16 v[2:3], v1, off offset:4095",
                        "global_atomic_add_f32 v[2:3], v1, off glc",
                        "global_atomic_add_f32 v0, v[2:3], v1, off glc",
                        "global_atomic_add_f32 v0, v[2:3], v1, off",
                        "global_atomic_smax_x2 v[1:2], v[2:3], v[4:5], off glc",
                        "global_atomic_smax_x2 v[2:3], v[4:5], off",
                        "flat_store_short_d16_hi v[2:3], v1",
                        "global_load_short_d16_hi v1, v[2:3], off",
                        // AccVGPR data and other classes.
                        "global_load_dword a1, v[2:3], off",
                        "global_store_dword v[2:3], a1, off",
                        "flat_load_dword v1, s[2:3]",
                        "flat_load_dwordx2 v1, v[2:3]",
                    });
  EXPECT_EQ(expectSameAsLlvmMc(s, gfx908AsmOptions()), 0u);
}

TEST(AsmGfx908Mem, Mimg) {
  Statements s =
      expand({"image_load v[1:4], v2, s[4:11] @", "image_sample v[1:4], v2, s[4:11], s[12:15] @"},
             {"dmask:0xf",
              "dmask:0xf unorm glc slc a16 lwe da",
              "dmask:0xf da",
              "dmask:0xf a16",
              "dmask:0x7",
              "dmask:0x7 tfe",
              "dmask:0x3 tfe",
              "dmask:0xf d16",
              "dmask:0xf tfe",
              "dmask:0xf r128",
              "r128 dmask:0xf",
              "dmask:0xf dlc",
              "dmask:0xf dim:SQ_RSRC_IMG_2D",
              "dmask:0xf da unorm",
              "unorm dmask:0xf",
              "dmask:0xf glc slc lwe tfe",
              "dmask:0xf lds",
              "dmask:0xf glc glc",
              "dmask:0x10",
              "dmask:0xf d16 da",
              ""});
  for (const char *vaddr : {"v2", "v[2:3]", "v[2:4]", "v[2:5]", "v[2:6]", "v[2:9]", "[v2, v3]",
                            "[v2]", "[v2, v4]", "[v2,v3,v4,v5,v6]", "s2"})
    s.push_back(std::string("image_load v[1:4], ") + vaddr + ", s[4:11] dmask:0xf");
  for (const char *vaddr :
       {"v2", "v[2:3]", "v[2:4]", "v[2:5]", "v[2:6]", "v[2:9]", "v[2:13]", "v[2:14]", "v[2:17]"})
    s.push_back(std::string("image_sample_c_d_cl_o v[1:4], ") + vaddr +
                ", s[4:11], s[12:15] dmask:0xf");
  s.insert(s.end(), {"image_load v[1:2], v2, s[4:11] dmask:0xf d16",
                     "image_load v[1:2], v2, s[4:11] dmask:0xf da d16",
                     "image_load v1, v2, s[4:11]",
                     "image_load v[1:4], v2, ttmp[4:11] dmask:0xf",
                     "image_load v[1:4], v2, s[4:7] dmask:0xf",
                     "image_load v[1:4], v2, s[4:11], s[12:15] dmask:0xf",
                     "image_sample v[1:4], v2, s[4:11], s[12:19] dmask:0xf",
                     "image_store v[1:2], v[2:5], s[4:11] dmask:0x3 da",
                     "image_store v[1:4], v2, s[4:11] dmask:0xf tfe",
                     "image_gather4 v[1:4], v2, s[4:11], s[12:15] dmask:0x1",
                     "image_gather4 v[1:4], v2, s[4:11], s[12:15] dmask:0x3",
                     "image_gather4h v[1:4], v[2:3], s[4:11], s[12:15] dmask:0x4",
                     "image_atomic_add v1, v2, s[4:11] dmask:0x1",
                     "image_atomic_add v1, v2, s[4:11] dmask:0x3",
                     "image_atomic_add v[1:2], v2, s[4:11] dmask:0x1 tfe",
                     "image_atomic_cmpswap v[1:2], v2, s[4:11] dmask:0x3 glc",
                     "image_atomic_swap v[1:4], v2, s[4:11] dmask:0xf",
                     "image_atomic_swap v[1:5], v2, s[4:11] dmask:0xf",
                     "image_get_resinfo v[1:4], v2, s[4:11] dmask:0xf",
                     "image_load a[1:4], v2, s[4:11] dmask:0xf"});
  EXPECT_EQ(expectSameAsLlvmMc(s, gfx908AsmOptions()), 0u);
}

TEST(AsmGfx908Mem, Exp) {
  Statements s = expand({"exp @ v1, v2, v3, v4", "exp @ off, off, off, off done"},
                        {"mrt0", "mrt7", "mrt8", "mrtz", "null", "pos0", "pos3", "pos4", "param0",
                         "param31", "param32", "prim", "dual_src_blend0", "mrt01", "foo", "v1"});
  s.insert(s.end(), {"exp mrt0 v1, v2, v3, v4 done vm", "exp mrt0 v1, v2, v3, v4 vm done",
                     "exp mrt0 v1, v2, v3, v4 compr", "exp mrt0 v1, v2, off, off compr",
                     "exp mrt0 v1, off, v3, off compr", "exp mrt0 off, v2, off, v4 compr",
                     "exp mrt0 v1, v1, v2, v2 done compr vm", "exp mrt0 v1, v2, v3, v4 compr done",
                     "exp mrt0 v1, v2, v3, v4 row_en", "exp mrt0 v1, v2, v3, v4 dlc",
                     "exp mrt0 v1, v2, v3", "exp mrt0 v1, v2, v3, s4", "exp mrt0 v1, v2, v3, a4",
                     "exp mrt0 v1, v2, v3, v4 done done"});
  EXPECT_EQ(expectSameAsLlvmMc(s, gfx908AsmOptions()), 0u);
}

} // namespace
} // namespace gcnkit::assembler
