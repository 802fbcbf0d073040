.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
.text
k:
s_endpgm
.rodata
.p2align 6
.amdhsa_kernel k
.amdhsa_next_free_vgpr 8
.amdhsa_next_free_sgpr 8
.amdhsa_user_sgpr_kernarg_segment_ptr 1
.end_amdhsa_kernel
