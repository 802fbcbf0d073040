// LDS with barriers: a 1024-work-item tree reduction (partial last group), an inclusive scan
// and a tiled transpose in 2-D work-groups. Compiled with -cl-std=CL2.0 (real edge-group sizes).
#include "ocl_prelude.h"

__kernel void lds_reduce_1024(__global const uint *in, __global uint *sums, uint n) {
  __local uint part[1024];
  uint l = get_local_id(0), g = get_group_id(0), size = get_local_size(0);
  part[l] = in[get_global_id(0)] ^ (l << 20);
  GK_BARRIER();
  for (uint s = 512; s > 0; s >>= 1) {
    if (l < s && l + s < size)
      part[l] += part[l + s];
    GK_BARRIER();
  }
  if (l == 0)
    sums[g] = part[0];
}

// Hillis-Steele inclusive scan of each 256-work-item group, double-buffered in LDS.
__kernel void lds_scan(__global const int *in, __global int *out) {
  __local int buf[2][256];
  uint l = get_local_id(0), i = get_global_id(0);
  uint p = 0;
  buf[0][l] = in[i];
  GK_BARRIER();
  for (uint off = 1; off < 256; off <<= 1) {
    int v = buf[p][l];
    if (l >= off)
      v += buf[p][l - off];
    buf[p ^ 1][l] = v;
    p ^= 1;
    GK_BARRIER();
  }
  out[i] = buf[p][l];
}

// out (w x h) = transpose of in (h x w), through a 16x17 LDS tile (padding: no bank conflict).
// The grid is rounded up to whole 16x16 groups; work-items outside the matrix only take part
// in the barrier.
__kernel void lds_transpose(__global const float *in, __global float *out, uint w, uint h) {
  __local float tile[16][17];
  uint lx = get_local_id(0), ly = get_local_id(1);
  uint x = get_group_id(0) * 16 + lx, y = get_group_id(1) * 16 + ly;
  if (x < w && y < h)
    tile[ly][lx] = in[y * w + x];
  GK_BARRIER();
  uint ox = get_group_id(1) * 16 + lx, oy = get_group_id(0) * 16 + ly;
  if (ox < h && oy < w)
    out[oy * h + ox] = tile[lx][ly];
}
