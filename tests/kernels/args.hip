// A struct passed by value (mixed member sizes and padding) next to scalar arguments.
#include "hip_prelude.h"

struct Params {
  char c;
  short s;
  int i;
  long long l;
  float f;
  double d;
  float v[3];
  unsigned char flags;
};

extern "C" __global__ void hip_struct_arg(unsigned long long *out, Params p, short scale,
                                          Params q) {
  unsigned t = threadIdx.x;
  unsigned long long *o = out + 12 * t;
  o[0] = (unsigned long long)(long long)p.c;
  o[1] = (unsigned long long)(long long)p.s;
  o[2] = (unsigned long long)(long long)p.i;
  o[3] = (unsigned long long)p.l;
  o[4] = __builtin_bit_cast(unsigned, p.f);
  o[5] = __builtin_bit_cast(unsigned long long, p.d);
  o[6] = __builtin_bit_cast(unsigned, p.v[t % 3]);
  o[7] = p.flags;
  o[8] = (unsigned long long)(p.l * scale + p.i * (long long)t + q.c);
  o[9] = __builtin_bit_cast(unsigned long long, p.d *q.d + (double)q.f);
  o[10] = __builtin_bit_cast(unsigned, q.v[0] + q.v[1] * q.v[2]);
  o[11] = (unsigned long long)q.l ^ q.flags ^ ((unsigned long long)(unsigned short)q.s << 40);
}
