// Assembler tests for the memory formats against llvm-mc-19: spelling variants (radixes,
// expressions, modifier order and spacing, short and long names, NSA lists) and error cases
// (message and column), for DS, MUBUF, MTBUF, FLAT / GLOBAL / SCRATCH, MIMG and EXP.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "expect_asm_llvm_mc.h"

namespace gcnkit::assembler {
namespace {

using Statements = std::vector<std::string>;

void append(Statements &to, std::initializer_list<const char *> statements) {
  for (const char *s : statements)
    to.emplace_back(s);
}

TEST(AsmMem, DsSpellingsAndErrors) {
  Statements s;
  for (const char *offset :
       {"0", "16", "0x10", "0b1000", "017", "65535", "4+4", "(1<<3)", "-0", "0xffff"})
    s.push_back(std::string("ds_add_u32 v1, v2 offset:") + offset);
  append(s, {"ds_add_u32 v1, v2 offset:4 gds",
             "ds_add_u32 v1, v2 gds",
             "ds_add_rtn_u32 v0, v1, v2 offset:100",
             "ds_store_2addr_b32 v1, v2, v3 offset0:4 offset1:8",
             "ds_store_2addr_b32 v1, v2, v3 offset1:8",
             "ds_load_2addr_b64 v[2:5], v1 offset0:1 offset1:255 gds",
             "ds_store_b128 v4, v[0:3] offset:64",
             "ds_load_b96 v[0:2], v4",
             "ds_nop",
             "ds_gws_init v1 gds",
             "ds_gws_sema_v gds",
             "ds_gws_barrier v3 offset:2 gds",
             "ds_append v5",
             "ds_consume v5 offset:8 gds",
             "ds_ordered_count v1, v2 offset:772 gds",
             "ds_bvh_stack_rtn_b32 v1, v2, v3, v[4:7] offset:16",
             "ds_permute_b32 v1, v2, v3",
             "ds_add_gs_reg_rtn v[0:1], v2 offset:4 gds",
             "ds_cmpstore_rtn_b64 v[0:1], v2, v[4:5], v[6:7]",
             "ds_swizzle_b32 v1, v2 offset:swizzle(QUAD_PERM,0,1,2,3)",
             "ds_swizzle_b32 v1, v2 offset:swizzle(QUAD_PERM, 3, 2, 1, 0)",
             "ds_swizzle_b32 v1, v2 offset:swizzle(BITMASK_PERM,\"01pi0\")",
             "ds_swizzle_b32 v1, v2 offset:swizzle(SWAP,4)",
             "ds_swizzle_b32 v1, v2 offset:swizzle(REVERSE,32)",
             "ds_swizzle_b32 v1, v2 offset:swizzle(BROADCAST,16,15)",
             "ds_swizzle_b32 v1, v2 offset:swizzle(SWAP,1+1)",
             "ds_swizzle_b32 v1, v2 offset:0x8055 gds",
             "DS_ADD_U32 v1, v2",
             "ds_add_u32 v1 v2 offset:4",
             "ds_add_u32 v1, v2, offset:4",
             "ds_add_u32   v255,v255",
             "ds_add_u32 v1, v2 offset:65536",
             "ds_add_u32 v1, v2 offset:-1",
             "ds_add_u32 v1, v2 offset:1.0",
             "ds_add_u32 v1, v2 offset:x",
             "ds_add_u32 v1, v2 gds offset:4",
             "ds_add_u32 v1, v2 offset:4 offset:8",
             "ds_add_u32 v1, v2 gds gds",
             "ds_store_2addr_b32 v1, v2, v3 offset0:256",
             "ds_store_2addr_b32 v1, v2, v3 offset1:-1",
             "ds_store_2addr_b32 v1, v2, v3 offset:4",
             "ds_store_2addr_b32 v1, v2, v3 offset1:3 offset0:2",
             "ds_store_2addr_b32 v1, v2, v3 gds offset1:3",
             "ds_nop offset:4",
             "ds_nop gds",
             "ds_gws_init v1",
             "ds_gws_sema_release_all gds offset:4",
             "ds_add_u32 v1, s2",
             "ds_add_u32 v1",
             "ds_add_u32 v1, v2, v3",
             "ds_load_b64 v[1:3], v3",
             "ds_load_b64 v1, v3",
             "ds_add_u32 v[1:2], v2",
             "ds_permute_b32 v1, v2, v3 gds",
             "ds_add_u32 v1, v2 dmask:1",
             "ds_add_u32 v1, v2 glc",
             "ds_ordered_count v1, v2 offset:4",
             "ds_swizzle_b32 v1, v2 offset:swizzle(SWAP,3)",
             "ds_swizzle_b32 v1, v2 offset:swizzle(SWAP,32)",
             "ds_swizzle_b32 v1, v2 offset:swizzle(QUAD_PERM,0,1,2)",
             "ds_swizzle_b32 v1, v2 offset:swizzle(QUAD_PERM,0,1,2,4)",
             "ds_swizzle_b32 v1, v2 offset:swizzle(BITMASK_PERM,\"01pi\")",
             "ds_swizzle_b32 v1, v2 offset:swizzle(BITMASK_PERM,\"01piX\")",
             "ds_swizzle_b32 v1, v2 offset:swizzle(BITMASK_PERM,01pip)",
             "ds_swizzle_b32 v1, v2 offset:swizzle(BROADCAST,3,1)",
             "ds_swizzle_b32 v1, v2 offset:swizzle(BROADCAST,4,4)",
             "ds_swizzle_b32 v1, v2 offset:swizzle(REVERSE,1)",
             "ds_swizzle_b32 v1, v2 offset:swizzle(FOO,3)",
             "ds_swizzle_b32 v1, v2 offset:swizzle(SWAP 3)",
             "ds_swizzle_b32 v1, v2 offset:swizzle(SWAP,16",
             "ds_swizzle_b32 v1, v2 offset:swizzle SWAP,16)",
             "ds_swizzle_b32 v1, v2 offset:swizzle(QUAD_PERM,0,1,2,x)",
             "ds_swizzle_b32 v1, v2 offset:65536",
             "ds_add_u32 v1, v2 offset:swizzle(SWAP,16)"});
  EXPECT_EQ(expectSameAsLlvmMc(s), 0u);
}

TEST(AsmMem, MubufSpellingsAndErrors) {
  Statements s;
  // Every addressing form with offsets and cache policy bits in several orders.
  const struct {
    const char *vaddr, *flags;
  } forms[] = {{"off", ""}, {"v2", " offen"}, {"v2", " idxen"}, {"v[2:3]", " idxen offen"}};
  for (const auto &form : forms)
    for (const char *extra :
         {"", " offset:4095", " offset:0xfff glc", " offset:4 glc slc dlc", " dlc slc glc", " slc"})
      s.push_back(std::string("buffer_load_b32 v1, ") + form.vaddr + ", s[4:7], s2" + form.flags +
                  extra);
  // soffset: registers, inline constants, and what it does not take.
  for (const char *soffset : {"0",      "-1",      "-16",   "64",     "0.5",
                              "-4.0",   "1.0",     "m0",    "null",   "exec_lo",
                              "vcc_hi", "src_scc", "ttmp2", "s105",   "src_shared_base",
                              "65",     "0x1234",  "v2",    "s[2:3]", "sym",
                              "off",    "vcc"})
    s.push_back(std::string("buffer_store_b32 v1, off, s[4:7], ") + soffset + " offset:8");
  append(s, {"buffer_load_b32 v[1:2], v2, s[4:7], s2 offen offset:4 tfe",
             "buffer_load_b128 v[1:5], off, ttmp[4:7], s2 tfe",
             "buffer_load_lds_b32 off, s[4:7], s2",
             "buffer_load_lds_u8 v1, s[4:7], s2 offen offset:12 glc",
             "buffer_gl0_inv",
             "buffer_gl1_inv",
             "buffer_atomic_add_u32 v1, off, s[4:7], s2 glc",
             "buffer_atomic_cmpswap_b64 v[0:3], v4, s[8:11], s1 offen glc slc",
             "buffer_load_d16_hi_format_x v1, off, s[4:7], s2",
             "buffer_load_b32 v1, off, s[4:7], s2 offset:4096",
             "buffer_load_b32 v1, v[2:3], s[4:7], s2 offen idxen",
             "buffer_load_b32 v1, v2, s[4:7], s2 offen glc slc dlc offset:4",
             "buffer_load_b32 v1, v2, s[4:7], s2 offen glc glc",
             "buffer_load_b32 v1, v2, s[4:7], s2 offen offset:4 tfe",
             "buffer_load_b32 v[1:2], v2, s[4:7], s2 offen tfe offset:4",
             "buffer_load_b32 v1, v2, s[4:7], s2 offset:4 offen",
             "buffer_load_b32 v1, off, s[4:7], s2 offset:65536",
             "buffer_load_b32 v1, off, s[4:7], s2 offset:-1",
             "buffer_load_b32 v1, off, null, s2",
             "buffer_load_b32 v1, off, s[4:7]",
             "buffer_load_b32 v1, off, s[5:8], s2",
             "buffer_load_b32 v1, off, s[4:7], s2 lds",
             "buffer_store_b32 v[1:2], off, s[4:7], s2 tfe",
             "buffer_store_b32 v1, off, s[4:7], s2 tfe",
             "buffer_gl0_inv glc",
             "buffer_gl0_inv offset:4",
             "buffer_load_b32 v[1:2], v2, s[4:7], s2 offen",
             "buffer_load_b32 v1, off, s[4:7], s2 offset:4 idxen",
             "buffer_load_b32 v1, off, s[4:7], s2 offset:4 offset:8",
             "buffer_load_b32 v1, off, s[4:7], s2 format:1",
             "buffer_load_b32 v1, off, s[4:7], s2 offset:x"});
  EXPECT_EQ(expectSameAsLlvmMc(s), 0u);
}

TEST(AsmMem, MtbufFormats) {
  Statements s;
  for (const char *format : {"0",
                             "1",
                             "22",
                             "127",
                             "[BUF_FMT_32_FLOAT]",
                             "[BUF_FMT_INVALID]",
                             "[BUF_DATA_FORMAT_32, BUF_NUM_FORMAT_FLOAT]",
                             "[BUF_NUM_FORMAT_FLOAT, BUF_DATA_FORMAT_32]",
                             "[BUF_DATA_FORMAT_8]",
                             "[BUF_NUM_FORMAT_UINT]",
                             "[BUF_DATA_FORMAT_INVALID]",
                             "[BUF_FMT_2_10_10_10_SSCALED]",
                             "1+1",
                             "128",
                             "-1",
                             "x",
                             "[BUF_NUM_FORMAT_FLOAT]",
                             "[BUF_FMT_FOO]",
                             "[BUF_DATA_FORMAT_10_11_11, BUF_NUM_FORMAT_SNORM]",
                             "[22]",
                             "[BUF_FMT_32_FLOAT,BUF_FMT_32_FLOAT]",
                             "[BUF_DATA_FORMAT_32,BUF_DATA_FORMAT_32]",
                             "[BUF_NUM_FORMAT_UINT, BUF_NUM_FORMAT_UINT]",
                             "[BUF_DATA_FORMAT_INVALID, BUF_NUM_FORMAT_UINT]",
                             "[]",
                             "[buf_fmt_32_float]"})
    s.push_back(std::string("tbuffer_load_format_x v1, off, s[4:7], s2 format:") + format);
  append(s, {"tbuffer_load_format_xyzw v[0:3], v[4:5], s[8:11], 0 format:[BUF_FMT_8_8_8_8_UINT] "
             "idxen offen offset:52 glc",
             "tbuffer_store_format_x v1, v2, s[4:7], format:22 s2 offen",
             "tbuffer_load_format_x v1, v2, s[4:7], s2 offen format:22",
             "tbuffer_load_format_x v1, off, s[4:7], s2 format:[BUF_FMT_32_FLOAT] format:1",
             "tbuffer_load_format_x v1, off, s[4:7], s2 tfe",
             "tbuffer_load_d16_format_xy v1, off, s[4:7], s2 format:[BUF_FMT_16_16_FLOAT] dlc"});
  EXPECT_EQ(expectSameAsLlvmMc(s), 0u);
}

TEST(AsmMem, FlatGlobalScratch) {
  Statements s;
  append(s, {"flat_load_b32 v1, v[2:3]",
             "flat_load_b32 v1, v[2:3] offset:4095",
             "flat_load_b32 v1, v[2:3] offset:0x7ff glc slc dlc",
             "flat_store_b64 v[2:3], v[4:5] offset:12",
             "flat_atomic_add_u32 v1, v[2:3], v4 glc",
             "flat_atomic_add_u32 v[2:3], v4",
             "flat_atomic_cmpswap_b64 v[0:1], v[2:3], v[4:7] offset:8 glc slc",
             "flat_load_d16_hi_b16 v1, v[2:3]",
             "global_load_b32 v1, v[2:3], off",
             "global_load_b32 v1, v2, s[4:5]",
             "global_load_b32 v1, v2, s[4:5] offset:-4096",
             "global_load_b32 v1, v[2:3], off offset:4095 slc",
             "global_load_b32 v1, v2, vcc",
             "global_load_b32 v1, v2, exec",
             "global_load_b32 v1, v2, null",
             "global_load_b32 v1, v2, ttmp[4:5]",
             "global_load_b128 v[0:3], v4, s[2:3] offset:-1",
             "global_store_b32 v[2:3], v1, off",
             "global_store_b96 v2, v[4:6], s[0:1] offset:16",
             "global_atomic_add_u32 v2, v1, s[4:5]",
             "global_atomic_add_u32 v0, v2, v1, s[4:5] glc",
             "global_atomic_cmpswap_b32 v1, v2, v[4:5], s[4:5] glc",
             "global_load_addtid_b32 v1, s[4:5]",
             "global_load_addtid_b32 v1, off offset:8",
             "global_store_addtid_b32 v1, off",
             "global_load_d16_hi_b16 v1, v2, s[4:5]",
             "scratch_load_b32 v1, v2, off",
             "scratch_load_b32 v1, off, s2",
             "scratch_load_b32 v1, v2, s2 offset:-8",
             "scratch_load_b32 v1, off, off",
             "scratch_load_b32 v1, off, m0",
             "scratch_load_b32 v1, off, vcc_lo",
             "scratch_load_b32 v1, off, null",
             "scratch_load_b32 v1, off, exec_lo",
             "scratch_store_b32 off, v1, s2",
             "scratch_store_b32 v2, v1, off offset:4095 glc",
             "scratch_store_b128 v2, v[4:7], s3",
             "flat_load_b32 v1, v[2:3] offset:4096",
             "flat_load_b32 v1, v[2:3] offset:-1",
             "flat_load_b32 v1, v[2:3], off",
             "flat_load_b32 v1, v[2:3], s[4:5]",
             "flat_load_b32 v1, v2",
             "flat_atomic_add_u32 v[2:3], v4 glc",
             "flat_atomic_add_u32 v1, v[2:3], v4",
             "global_load_b32 v1, v[2:3], s[4:5]",
             "global_load_b32 v1, v2, off",
             "global_load_b32 v1, v[2:3], off offset:-4097",
             "global_load_b32 v1, v[2:3], off offset:4096",
             "global_load_b32 v1, v[2:3]",
             "global_load_b32 v1, v2, s[5:6]",
             "global_atomic_add_u32 v1, v2, s[4:5] glc",
             "global_load_b32 v1, v2, s[4:5] offset:x",
             "global_load_b32 v1, v2, s[4:5] glc offset:4",
             "global_load_b32 v1, v2, s[4:5] offset:4 gds",
             "global_load_b32 v1, v2, s[4:5] dlc glc slc glc",
             "scratch_load_b32 v1, v[2:3], off",
             "scratch_load_b32 v1, off, s2 offset:4096",
             "scratch_load_b32 v1, off, exec_hi",
             "scratch_load_b32 v1, off, s[2:3]",
             "global_load_b32 v1, v2, s4"});
  EXPECT_EQ(expectSameAsLlvmMc(s), 0u);
}

TEST(AsmMem, MimgSizesDimsAndNsa) {
  Statements s;
  // Every dim in both spellings, with a tuple and with an NSA list of as many addresses.
  const struct {
    const char *dim;
    int coords;
  } dims[] = {{"2D", 2},       {"3D", 3},      {"CUBE", 3},         {"1D_ARRAY", 2},
              {"2D_ARRAY", 3}, {"2D_MSAA", 3}, {"2D_MSAA_ARRAY", 4}};
  for (const auto &d : dims) {
    const std::string tuple = "v[2:" + std::to_string(1 + d.coords) + "]";
    std::string nsa = "[";
    for (int i = 0; i < d.coords; ++i)
      nsa += (i ? ", v" : "v") + std::to_string(10 + 3 * i);
    nsa += "]";
    s.push_back("image_load v[4:7], " + tuple + ", s[8:15] dmask:0xf dim:SQ_RSRC_IMG_" + d.dim);
    s.push_back("image_load v4, " + tuple + ", s[8:15] dmask:0x2 dim:" + d.dim + " unorm glc");
    s.push_back("image_load v4, " + nsa + ", s[8:15] dmask:0x2 dim:" + d.dim);
  }
  append(s,
         {"image_load v1, v2, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D",
          "image_load v1, v2, s[0:7] dmask:0x1 dim:1D",
          "image_load v[1:5], v2, s[0:7] dmask:0xf dim:1D tfe",
          "image_load v[1:2], v2, s[0:7] dmask:0xf dim:1D d16",
          "image_load v1, v2, s[0:7] dmask:0x1 dim:2D a16",
          "image_load v1, v2, s[0:7] dmask:0x1 dim:1D r128 lwe",
          "image_load v1, [v2, v3], s[0:7] dmask:0x1 dim:2D",
          "image_load v1, [v2], s[0:7] dmask:0x1 dim:1D",
          "image_store v[1:4], v[2:3], s[0:7] dmask:0xf dim:2D slc",
          "image_atomic_add v1, v2, s[0:7] dmask:0x1 dim:1D glc",
          "image_atomic_cmpswap v[1:2], v2, s[0:7] dmask:0x3 dim:1D glc",
          "image_atomic_add v[1:5], v2, s[0:7] dmask:0xf dim:1D tfe",
          "image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf dim:2D",
          "image_sample  v1, [v2, v3], s[0:7], s[8:11] dmask:0x1 dim:2D",
          "image_sample_d v1, v[2:10], s[0:7], s[8:11] dmask:0x1 dim:3D",
          "image_sample_c_d_cl_o v1, v[2:9], s[0:7], s[8:11] dmask:0x1 dim:2D",
          "image_gather4 v[1:4], v[2:3], s[0:7], s[8:11] dmask:0x1 dim:2D",
          "image_gather4_c_lz v[1:4], v[2:4], s[0:7], s[8:11] dmask:0x8 dim:2D d16",
          "image_msaa_load v[1:4], v[2:4], s[0:7] dmask:0x1 dim:2D_MSAA",
          "image_get_resinfo v1, v2, s[0:7] dmask:0x1 dim:1D",
          "image_get_resinfo v1, v2, s[0:7] dim:1D",
          "image_get_lod v[0:1], v[2:3], s[0:7], s[8:11] dmask:0x3 dim:2D",
          "image_bvh_intersect_ray v[4:7], v[9:19], s[4:7]",
          "image_bvh_intersect_ray v[4:7], v[9:16], s[4:7] a16",
          "image_bvh64_intersect_ray v[4:7], v[9:20], s[4:7]",
          "image_bvh_intersect_ray v[4:7], [v9, v10, v[11:13], v[14:16], v[17:19]], s[4:7]",
          "image_bvh_intersect_ray v[4:7], [v9, v10, v[11:13], v[14:16]], s[4:7] a16",
          "image_bvh64_intersect_ray v[4:7], [v[9:10], v11, v[12:14], v[15:17], v[18:20]], s[4:7]",
          "image_sample_c_d_cl_g16 v1, [v2, v3, v4, v5, v[6:8]], s[0:7], s[8:11] dmask:0x1 dim:3D",
          "image_load v1, v[2:3], s[0:7] dmask:0x10 dim:2D",
          "image_load v1, v2, ttmp[8:15] dmask:0x1 dim:1D",
          "image_load v1, v2, s[0:7] dmask:0x1 dim:2D",
          "image_load v1, v[2:3], s[0:7] dmask:0x1 dim:2",
          "image_load v1, v2, s[0:7] dmask:0x1",
          "image_load v[1:4], v2, s[0:7] dmask:0xf dim:1D tfe",
          "image_load v[1:2], v2, s[0:7] dmask:0x7 dim:1D d16 tfe",
          "image_load v1, v[2:3], s[0:7] dmask:0x1 dim:2D a16",
          "image_load v1, [v2, v3], s[0:7] dmask:0x1 dim:1D",
          "image_load v1, v2, s[0:3] dmask:0x1 dim:1D",
          "image_load v1, v2, s[0:7] dim:1D dmask:0x1",
          "image_load v1, v2, s[0:7] dmask:0x1 dim:1D glc unorm",
          "image_load v1, v2, null dmask:0x1 dim:1D",
          "image_load v1, v2, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_FOO",
          "image_load v1, v2, s[0:7] dmask:0x1 dim:1D dim:2D",
          "image_store v1, v2, s[0:7] dmask:0x1 dim:1D tfe",
          "image_atomic_cmpswap v[1:2], v2, s[0:7] dmask:0x1 dim:1D glc",
          "image_atomic_add v[1:4], v2, s[0:7] dmask:0xf dim:1D",
          "image_atomic_add v[1:3], v2, s[0:7] dmask:0x7 dim:1D",
          "image_atomic_add v1, v2, s[0:7] dim:1D",
          "image_gather4 v[1:4], v[2:3], s[0:7], s[8:11] dmask:0x3 dim:2D",
          "image_msaa_load v[1:4], v[2:3], s[0:7] dmask:0x1 dim:2D",
          "image_load v[1:6], v2, s[0:7] dmask:0xf dim:1D",
          "image_sample v1, v[2:6], s[0:7], s[8:11] dmask:0x1 dim:1D",
          "image_sample_d v1, v[2:9], s[0:7], s[8:11] dmask:0x1 dim:3D",
          "image_load v1, [v2, v3, v4, v5, v6], s[0:7] dmask:0x1 dim:2D_MSAA_ARRAY",
          "image_bvh_intersect_ray v[4:7], v[9:18], s[4:7]",
          "image_bvh_intersect_ray v[4:6], v[9:19], s[4:7]",
          "image_bvh_intersect_ray v[4:7], v[9:19], s[4:7] dmask:0xf",
          "image_load v1, v2, s[0:7] dmask:x dim:1D",
          "image_sample v1, v2, s[0:7] dmask:0x1 dim:1D"});
  EXPECT_EQ(expectSameAsLlvmMc(s), 0u);
}

TEST(AsmMem, ExpTargetsAndSources) {
  Statements s;
  for (const char *target :
       {"mrt0", "mrt7", "mrtz", "pos0", "pos4", "prim", "dual_src_blend0", "dual_src_blend1",
        "null", "pos5", "param0", "invalid_target_9", "mrt8", "MRT0", "mrt01", "foo"})
    s.push_back(std::string("exp ") + target + " v1, v2, v3, v4");
  append(s, {"exp mrt0 v1, v2, v3, v4 done", "exp mrt7 off, v2, off, v4 done row_en",
             "exp mrt0 off, off, off, off", "exp prim v1, v2, v3, v4 row_en",
             "exp mrt0 v1 v2 v3 v4", "exp pos0 v255, off, v0, off done", "exp mrt0 v1, v2, v3",
             "exp mrt0 v1, v2, v3, v4 compr", "exp mrt0 v1, v2, v3, v4 row_en done",
             "exp mrt0 s1, v2, v3, v4", "exp mrt0 v[1:2], v2, v3, v4", "exp mrt0 1, v2, v3, v4",
             "exp v1, v2, v3, v4", "exp mrt0 v1, v2, v3, v4 done done",
             "exp mrt0 v1, v2, v3, v4, v5", "exp pos0 v1.l, v2, v3, v4"});
  EXPECT_EQ(expectSameAsLlvmMc(s), 0u);
}

} // namespace
} // namespace gcnkit::assembler
