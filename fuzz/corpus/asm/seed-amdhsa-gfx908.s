.amdgcn_target "amdgcn-amd-amdhsa--gfx908"
.text
k:
s_endpgm
.rodata
.p2align 6
.amdhsa_kernel k
.amdhsa_next_free_vgpr 8
.amdhsa_next_free_sgpr 8
.amdhsa_reserve_xnack_mask 0
.amdhsa_user_sgpr_private_segment_buffer 1
.end_amdhsa_kernel
