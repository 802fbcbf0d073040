// Helpers shared by the OpenCL C kernels of the emulator suite (the work-item functions come
// from the prelude in tests/emu_kernel_util.h, added with -include by the test).
#pragma once

// Work-group barrier with the release / acquire fences OpenCL's barrier() implies (the
// declaration of barrier() lives in the device libraries, which the tests do not use).
#define GK_BARRIER()                                                                               \
  do {                                                                                             \
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");                                         \
    __builtin_amdgcn_s_barrier();                                                                  \
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");                                         \
  } while (0)

// This work-item's lane in its wave (mbcnt over all ones; the high half adds 0 in wave32).
static inline uint gk_lane(void) {
  return __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
}

// Ballot returning 64 bits in both wave sizes (the builtin must match the wave size).
#if __AMDGCN_WAVEFRONT_SIZE == 64
#define GK_BALLOT(pred) __builtin_amdgcn_ballot_w64(pred)
#else
#define GK_BALLOT(pred) ((ulong)__builtin_amdgcn_ballot_w32(pred))
#endif
