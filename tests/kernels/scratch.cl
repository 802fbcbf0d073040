// Private arrays indexed with run-time values (scratch memory). The test compiles this file at
// -O2 and at -O0, where every variable lives in scratch and helper functions are real calls.
#include "ocl_prelude.h"

__kernel void private_array(__global const uint *idx, __global uint *out, uint n) {
  uint i = get_global_id(0);
  if (i >= n)
    return;
  uint arr[48];
  for (uint k = 0; k < 48; ++k)
    arr[k] = k * i + (k ^ 0x55u);
  uint acc = 0;
  for (uint k = 0; k < 24; ++k) {
    uint j = idx[(i + k) % n] % 48;
    arr[j] += acc;
    acc = acc * 31u + arr[(j * 7u + k) % 48u];
  }
  out[i] = acc ^ arr[i % 48];
}

// Doubles and a struct in a private array, a dynamic swap loop (bubble sort on 12 keys).
typedef struct {
  double key;
  uint tag;
} Item;

__kernel void private_sort(__global const double *keys, __global double *outKeys,
                           __global uint *outTags, uint n) {
  uint i = get_global_id(0);
  if (i >= n)
    return;
  Item items[12];
  for (uint k = 0; k < 12; ++k) {
    items[k].key = keys[(i * 5 + k * 3) % n];
    items[k].tag = k;
  }
  for (uint end = 12; end > 1; --end)
    for (uint k = 0; k + 1 < end; ++k)
      if (items[k].key > items[k + 1].key) {
        Item t = items[k];
        items[k] = items[k + 1];
        items[k + 1] = t;
      }
  uint sel = i % 12;
  outKeys[i] = items[sel].key;
  uint tags = 0;
  for (uint k = 0; k < 8; ++k)
    tags |= items[k].tag << (4 * k);
  outTags[i] = tags;
}
