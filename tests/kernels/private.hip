// Insertion sort of a private array with run-time indices (scratch), compiled at -O1.
#include "hip_prelude.h"

extern "C" __global__ void hip_private_sort(const int *in, int *out, int *rank, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int a[20];
  for (int k = 0; k < 20; ++k)
    a[k] = in[(i * 7 + k * 13) % n];
  for (int k = 1; k < 20; ++k) {
    int v = a[k], j = k - 1;
    while (j >= 0 && a[j] > v) {
      a[j + 1] = a[j];
      --j;
    }
    a[j + 1] = v;
  }
  int pick = in[i] % 20;
  pick = pick < 0 ? -pick : pick;
  out[2 * i] = a[pick];
  out[2 * i + 1] = a[0] ^ a[19];
  int r = 0;
  for (int k = 0; k < 20; ++k)
    r += a[k] < in[i];
  rank[i] = r;
}
