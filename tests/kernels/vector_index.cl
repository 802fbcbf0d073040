// Vectors in registers indexed by a value the whole wave shares (a kernel argument): clang
// uses gfx9's VGPR indexing mode (s_set_gpr_idx_on) and gfx11's v_movrels / v_movreld.
#include "ocl_prelude.h"

typedef uint uint16_t __attribute__((ext_vector_type(16)));

__kernel void vector_index(__global uint16_t *v, __global uint *picked, uint n, uint w, uint r) {
  uint i = get_global_id(0);
  if (i >= n)
    return;
  uint16_t a = v[i];
  a[w & 15] = i * 7u; // insert at a uniform index
  a[(w + 3) & 15] += a[r & 15];
  v[i] = a;
  picked[i] = a[r & 15] ^ a[(r + 9) & 15]; // extract at uniform indices
}
