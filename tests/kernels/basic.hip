// HIP kernels: 1-D grids of one-work-item blocks, a 3-D grid with partial blocks, a divergent
// float loop (escape-time iteration) and 128-bit integer products.
#include "hip_prelude.h"

extern "C" __global__ void hip_saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = __builtin_fmaf(a, x[i], y[i]);
}

extern "C" __global__ void hip_grid3d(unsigned *out, unsigned w, unsigned h, unsigned d) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  unsigned z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x >= w || y >= h || z >= d)
    return;
  out[(z * h + y) * w + x] = threadIdx.x | threadIdx.y << 5 | threadIdx.z << 10 | blockIdx.x << 14 |
                             blockIdx.y << 19 | blockIdx.z << 24 |
                             (gridDim.x * 100 + gridDim.y * 10 + gridDim.z) << 27;
}

// Escape-time iteration of z = z^2 + c: lanes leave the loop at different counts. With
// contraction off every operation is one IEEE f32 operation.
extern "C" __global__ void hip_mandel(unsigned *iters, float *zabs, int w, int h, int maxIter) {
  int px = blockIdx.x * blockDim.x + threadIdx.x, py = blockIdx.y * blockDim.y + threadIdx.y;
  if (px >= w || py >= h)
    return;
  float cr = -2.0f + 2.5f * (float)px / (float)w, ci = -1.25f + 2.5f * (float)py / (float)h;
  float zr = 0.0f, zi = 0.0f;
  int k = 0;
  while (k < maxIter) {
    float zr2 = zr * zr, zi2 = zi * zi;
    if (zr2 + zi2 > 4.0f)
      break;
    zi = 2.0f * zr * zi + ci;
    zr = zr2 - zi2 + cr;
    ++k;
  }
  iters[py * w + px] = k;
  zabs[py * w + px] = zr * zr + zi * zi;
}

extern "C" __global__ void hip_int128(const unsigned long long *a, const unsigned long long *b,
                                      unsigned long long *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned __int128 p = (unsigned __int128)a[i] * b[i];
  __int128 s = (__int128)(long long)a[i] * (long long)b[i];
  unsigned __int128 acc = p + ((unsigned __int128)a[i] << 64) + (unsigned __int128)s;
  out[4 * i] = (unsigned long long)p;
  out[4 * i + 1] = (unsigned long long)(p >> 64);
  out[4 * i + 2] = (unsigned long long)((unsigned __int128)s >> 64);
  out[4 * i + 3] = (unsigned long long)(acc >> 64) ^ (unsigned long long)(acc >> 3);
}
