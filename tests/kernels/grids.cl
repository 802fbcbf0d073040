// 2-D and 3-D grids with partial work-groups at the edges (OpenCL 2.0: the test compiles this
// file with -cl-std=CL2.0, so get_local_size() of an edge group is its real size).
#include "ocl_prelude.h"

// Integer 5-point stencil; neighbours outside the grid count as 0.
__kernel void stencil2d(__global const int *in, __global int *out, int w, int h) {
  int x = get_global_id(0), y = get_global_id(1);
  if (x >= w || y >= h)
    return;
  int c = in[y * w + x];
  int l = x > 0 ? in[y * w + x - 1] : 0;
  int r = x + 1 < w ? in[y * w + x + 1] : 0;
  int u = y > 0 ? in[(y - 1) * w + x] : 0;
  int d = y + 1 < h ? in[(y + 1) * w + x] : 0;
  out[y * w + x] = 4 * c - l - r - u - d + (int)(get_local_size(0) * 1000 + get_local_size(1));
}

// Every work-item of a 3-D grid records where it is; a second output sums per work-group
// through an LDS atomic to check that each group has exactly its real size.
__kernel void grid3d(__global uint *out, __global uint *groupCount, uint w, uint h, uint d) {
  __local uint count;
  uint x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
  uint lx = get_local_id(0), ly = get_local_id(1), lz = get_local_id(2);
  if (lx == 0 && ly == 0 && lz == 0)
    count = 0;
  GK_BARRIER();
  __atomic_fetch_add(&count, 1u, __ATOMIC_RELAXED);
  if (x < w && y < h && z < d)
    out[(z * h + y) * w + x] = (lx + ly * 16 + lz * 256) ^ (get_group_id(0) << 12) ^
                               (get_group_id(1) << 18) ^ (get_group_id(2) << 24) ^
                               (get_local_size(0) * get_local_size(1) * get_local_size(2) << 4);
  GK_BARRIER();
  if (lx == 0 && ly == 0 && lz == 0) {
    uint gx = get_group_id(0), gy = get_group_id(1), gz = get_group_id(2);
    uint ngx = (w + 7) / 8, ngy = (h + 3) / 4;
    groupCount[(gz * ngy + gy) * ngx + gx] = count;
  }
}
