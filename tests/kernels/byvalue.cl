// Kernel arguments by value of many types (sub-dword scalars, 64-bit, f16, vectors); each one
// is written back bit for bit, plus a little arithmetic on them.
#include "ocl_prelude.h"
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__kernel void byval_scalars(__global ulong *out, char c, uchar uc, short s, ushort us, int i,
                            uint ui, long l, ulong ul, float f, double d, half h, float2 f2,
                            float4 f4, int4 i4) {
  uint k = get_global_id(0);
  __global ulong *o = out + 20 * k;
  o[0] = (ulong)(long)c;
  o[1] = uc;
  o[2] = (ulong)(long)s;
  o[3] = us;
  o[4] = (ulong)(long)i;
  o[5] = ui;
  o[6] = (ulong)l;
  o[7] = ul;
  o[8] = as_uint(f);
  o[9] = as_ulong(d);
  o[10] = as_ushort(h);
  o[11] = as_uint(f2.x) | (ulong)as_uint(f2.y) << 32;
  o[12] = as_uint(f4.x) | (ulong)as_uint(f4.y) << 32;
  o[13] = as_uint(f4.z) | (ulong)as_uint(f4.w) << 32;
  o[14] = (uint)i4.x | (ulong)(uint)i4.y << 32;
  o[15] = (uint)i4.z | (ulong)(uint)i4.w << 32;
  o[16] = (ulong)((long)c + s + i + l + k) ^ ((ulong)uc << 8) ^ ((ulong)us << 16) ^ ul ^ ui;
  o[17] = as_uint(f * f2.y + f4.z + (float)h);
  o[18] = as_ulong(d * (double)f4.w + (double)k);
  o[19] = (ulong)(uint)(i4.x * i4.y + i4.z - i4.w + (int)k);
}
