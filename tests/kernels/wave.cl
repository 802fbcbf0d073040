// Cross-lane operations: ballot, readfirstlane, mbcnt, DPP (update_dpp), ds_swizzle,
// permlane16 / permlanex16 (the DPP and permlane kernels use gfx11 controls and instructions). Lanes are numbered within the wave; a work-group's work-items fill
// its waves in order (local id / wave size).
#include "ocl_prelude.h"

// Ballots over all lanes and inside a divergent branch. The block size (80) leaves the last
// wave of each group partial in both wave sizes: its missing lanes are 0 in every mask.
__kernel void wave_ballot(__global const int *v, __global ulong *out, int thr) {
  uint i = get_global_id(0);
  int x = v[i];
  ulong all = GK_BALLOT(x > thr);
  ulong odd = 0;
  if (x & 1)
    odd = GK_BALLOT((x & 2) != 0);
  out[2 * i] = all;
  out[2 * i + 1] = odd;
}

__kernel void wave_readfirstlane(__global const uint *v, __global uint *out) {
  uint i = get_global_id(0);
  uint x = v[i];
  uint first = __builtin_amdgcn_readfirstlane(x);
  uint some = 0xFFFFFFFFu;
  if (x % 3 == 1)
    some = __builtin_amdgcn_readfirstlane(x * 2u + 1u);
  out[2 * i] = first;
  out[2 * i + 1] = some;
}

// mbcnt with per-lane masks, the lane id, and stream compaction (the slot of each selected
// lane among the selected lanes of its wave).
__kernel void wave_mbcnt(__global const uint *masks, __global const uint *v, __global uint *out) {
  uint i = get_global_id(0);
  uint lo = masks[2 * i], hi = masks[2 * i + 1];
  out[3 * i] = gk_lane();
  out[3 * i + 1] = __builtin_amdgcn_mbcnt_hi(hi, __builtin_amdgcn_mbcnt_lo(lo, 5u));
  uint pred = v[i] & 1;
  ulong sel = GK_BALLOT(pred != 0);
  uint slot =
      __builtin_amdgcn_mbcnt_hi((uint)(sel >> 32), __builtin_amdgcn_mbcnt_lo((uint)sel, 0u));
  out[3 * i + 2] = pred ? slot : 0xFFFFFFFFu;
}

#ifdef __GFX11__
// DPP16 controls through __builtin_amdgcn_update_dpp(old, src, ctrl, row_mask, bank_mask,
// bound_ctrl). Full waves only (EXEC all ones).
__kernel void wave_dpp(__global const int *src, __global const int *oldv, __global int *out) {
  uint i = get_global_id(0);
  int s = src[i], o = oldv[i];
  __global int *p = out + 16 * i;
  p[0] = __builtin_amdgcn_update_dpp(o, s, 0x1B, 0xF, 0xF, false);   // quad_perm:[3,2,1,0]
  p[1] = __builtin_amdgcn_update_dpp(o, s, 0x101, 0xF, 0xF, false);  // row_shl:1
  p[2] = __builtin_amdgcn_update_dpp(o, s, 0x10F, 0xF, 0xF, true);   // row_shl:15 bound_ctrl
  p[3] = __builtin_amdgcn_update_dpp(o, s, 0x111, 0xF, 0xF, false);  // row_shr:1
  p[4] = __builtin_amdgcn_update_dpp(o, s, 0x113, 0xF, 0xF, true);   // row_shr:3 bound_ctrl
  p[5] = __builtin_amdgcn_update_dpp(o, s, 0x121, 0xF, 0xF, false);  // row_ror:1
  p[6] = __builtin_amdgcn_update_dpp(o, s, 0x12C, 0xF, 0xF, false);  // row_ror:12
  p[7] = __builtin_amdgcn_update_dpp(o, s, 0x140, 0xF, 0xF, false);  // row_mirror
  p[8] = __builtin_amdgcn_update_dpp(o, s, 0x141, 0xF, 0xF, false);  // row_half_mirror
  p[9] = __builtin_amdgcn_update_dpp(o, s, 0x153, 0xF, 0xF, false);  // row_share:3
  p[10] = __builtin_amdgcn_update_dpp(o, s, 0x165, 0xF, 0xF, false); // row_xmask:5
  p[11] =
      __builtin_amdgcn_update_dpp(o, s, 0x4E, 0x5, 0xF, false); // quad_perm:[2,3,0,1], rows 0 and 2
  p[12] = __builtin_amdgcn_update_dpp(o, s, 0x112, 0xF, 0x6, true); // row_shr:2, banks 1 and 2
  // A row-wise inclusive prefix sum, the classic DPP scan (the compiler may fold the moves
  // into v_add_nc_u32_dpp).
  int v = s;
  v += __builtin_amdgcn_update_dpp(0, v, 0x111, 0xF, 0xF, true);
  v += __builtin_amdgcn_update_dpp(0, v, 0x112, 0xF, 0xF, true);
  v += __builtin_amdgcn_update_dpp(0, v, 0x114, 0xF, 0xF, true);
  v += __builtin_amdgcn_update_dpp(0, v, 0x118, 0xF, 0xF, true);
  p[13] = v;
  // f32 through DPP: the neighbour's value (row_shr:1, lane 0 of a row keeps its own) plus
  // its own.
  float f = as_float(s & 0x3FFFFFFF);
  p[14] = as_int(
      f + as_float(__builtin_amdgcn_update_dpp(as_int(f), as_int(f), 0x111, 0xF, 0xF, false)));
  p[15] = __builtin_amdgcn_update_dpp(o, s, 0x0, 0xF, 0xF, false) - s; // quad_perm:[0,0,0,0]
}

#endif

// ds_swizzle_b32: quad-permute mode (offset bit 15) and bit-mask mode (and / or / xor masks on
// the lane id within 32 lanes).
__kernel void wave_swizzle(__global const int *src, __global int *out) {
  uint i = get_global_id(0);
  int s = src[i];
  __global int *p = out + 6 * i;
  p[0] = __builtin_amdgcn_ds_swizzle(s, 0x801B); // quad perm [3,2,1,0]
  p[1] = __builtin_amdgcn_ds_swizzle(s, 0x80E1); // quad perm [1,0,2,3]
  p[2] = __builtin_amdgcn_ds_swizzle(s, 0x041F); // xor 1: swap neighbours
  p[3] = __builtin_amdgcn_ds_swizzle(s, 0x00B8); // and 0x18, or 5: lane 5 of each 8
  p[4] = __builtin_amdgcn_ds_swizzle(s, 0x7C1F); // xor 0x1F: reverse 32 lanes
  p[5] = __builtin_amdgcn_ds_swizzle(s, 0x21F0); // and 0x10, or 0xF, xor 8
}

#ifdef __GFX11__
// v_permlane16_b32 / v_permlanex16_b32 with lane selects from kernel arguments (SGPRs).
__kernel void wave_permlane16(__global const uint *src, __global const uint *oldv,
                              __global uint *out, uint sel0, uint sel1, uint sel2, uint sel3) {
  uint i = get_global_id(0);
  uint s = src[i], o = oldv[i];
  __global uint *p = out + 4 * i;
  p[0] = __builtin_amdgcn_permlane16(o, s, sel0, sel1, false, false);
  p[1] = __builtin_amdgcn_permlanex16(o, s, sel0, sel1, false, false);
  p[2] = __builtin_amdgcn_permlane16(o, s * 3u, sel2, sel3, false, true);
  p[3] = __builtin_amdgcn_permlanex16(o, s ^ 0xABCD, sel2, sel3, true, false);
}
#endif
