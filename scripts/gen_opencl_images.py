#!/usr/bin/env python3
"""Writes examples/opencl_images.h: OpenCL C image built-ins over the LLVM image intrinsics for
kernels compiled without the device libraries (see the header's first comment)."""
import os

dims = [
  # name, image type, coord count, int coord type, float coord type, resinfo array comp
  ("1d", "image1d_t", 1, "int", "float"),
  ("2d", "image2d_t", 2, "int2", "float2"),
  ("3d", "image3d_t", 3, "int4", "float4"),
  ("1darray", "image1d_array_t", 2, "int2", "float2"),
  ("2darray", "image2d_array_t", 3, "int4", "float4"),
]
comps = "xyz"
out = []
w = out.append
w("""// OpenCL C image built-ins for kernels compiled without ROCm's device libraries (clang-19
// -nogpulib), for gcnkit's emulator and runtime: read_image{f,i,ui,h} with integer coordinates
// (image_load) and with a sampler (image_sample_lz), write_image{f,i,ui,h} (image_store),
// get_image_width / height / depth / array_size / dim (image_get_resinfo),
// get_image_channel_data_type / order (the descriptor's dwords 8 and 9), image1d_buffer_t
// through typed buffer loads and stores, and __translate_sampler_initializer, which clang calls
// for a `const sampler_t s = CLK_...` in kernel code. Use it with `-include opencl_images.h`
// (OpenCL C 2.0: -cl-std=CL2.0 for read_write images). Generated; the descriptors it reads are
// those gcnkit::runtime::encodeImage / encodeSampler write (docs/emulator.md, "Images").
#pragma once
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

typedef int gk_int8 __attribute__((ext_vector_type(8)));
#define GK_FN static inline __attribute__((overloadable, always_inline))
// The image resource (T#, 8 dwords), the 1-D buffer resource (V#, 4), the sampler (S#, 4).
#define GK_T(img) (*__builtin_astype(img, __constant gk_int8 *))
#define GK_V(img) (*__builtin_astype(img, __constant int4 *))
#define GK_D(img, n) (__builtin_astype(img, __constant int *)[n])
#define GK_S(smp) (*__builtin_astype(smp, __constant int4 *))

// The LLVM intrinsics behind the image instructions (declared under their own names).
""")
def cargs(n, t):
    return ", ".join(f"{t} {c}" for c in ("c0","c1","c2")[:n])
for d, img, n, ic, fc in dims:
    ci = cargs(n, "int"); cf = cargs(n, "float")
    for rt, suf in (("float4", "v4f32"), ("int4", "v4i32"), ("half4", "v4f16")):
        tag = {"float4": "f", "int4": "i", "half4": "h"}[rt]
        w(f"{rt} gk_load_{d}_{tag}(int dmask, {ci}, gk_int8 rsrc, int tfe, int cp) __asm(\"llvm.amdgcn.image.load.{d}.{suf}.i32\");")
        w(f"void gk_store_{d}_{tag}({rt} v, int dmask, {ci}, gk_int8 rsrc, int tfe, int cp) __asm(\"llvm.amdgcn.image.store.{d}.{suf}.i32\");")
        if tag != "h":
            w(f"{rt} gk_sample_{d}_{tag}(int dmask, {cf}, gk_int8 rsrc, int4 samp, bool unorm, int tfe, int cp) __asm(\"llvm.amdgcn.image.sample.lz.{d}.{suf}.f32\");")
    w(f"int4 gk_resinfo_{d}(int dmask, int mip, gk_int8 rsrc, int tfe, int cp) __asm(\"llvm.amdgcn.image.getresinfo.{d}.v4i32.i32\");")
w("""float4 gk_bload_f(int4 v, int index, int offset, int soffset, int aux) __asm("llvm.amdgcn.struct.buffer.load.format.v4f32");
int4 gk_bload_i(int4 v, int index, int offset, int soffset, int aux) __asm("llvm.amdgcn.struct.buffer.load.format.v4i32");
void gk_bstore_f(float4 d, int4 v, int index, int offset, int soffset, int aux) __asm("llvm.amdgcn.struct.buffer.store.format.v4f32");
void gk_bstore_i(int4 d, int4 v, int index, int offset, int soffset, int aux) __asm("llvm.amdgcn.struct.buffer.store.format.v4i32");
""")
def fconv(n, fc):
    # convert_floatN is a library function too: the components one by one.
    if n == 1:
        return "(float)c"
    k = 2 if fc == "float2" else 4
    return f"({fc})(" + ", ".join(f"(float)c.{c}" for c in "xyzw"[:k]) + ")"
def cexpr(n, var):
    if n == 1: return var
    return ", ".join(f"{var}.{c}" for c in comps[:n])
accs_r = ["read_only", "read_write"]
accs_w = ["write_only", "read_write"]
w("// ---- reads and writes ----")
for d, img, n, ic, fc in dims:
    for acc in accs_r:
        I = f"{acc} {img}"
        ce = cexpr(n, "c")
        for rt, tag, conv in (("float4", "f", ""), ("int4", "i", ""), ("uint4", "i", "as_uint4"), ("half4", "h", "")):
            name = {"float4": "read_imagef", "int4": "read_imagei", "uint4": "read_imageui", "half4": "read_imageh"}[rt]
            w(f"GK_FN {rt} gk_{name}({I} img, {ic} c) {{ return {conv}(gk_load_{d}_{tag}(0xf, {ce}, GK_T(img), 0, 0)); }}")
            if tag != "h":
                # a sampler with float coordinates, and with integer coordinates (unnormalized, nearest)
                w(f"GK_FN {rt} gk_{name}({I} img, sampler_t s, {fc} c) {{ return {conv}(gk_sample_{d}_{tag}(0xf, {ce}, GK_T(img), GK_S(s), false, 0, 0)); }}")
                w(f"GK_FN {rt} gk_{name}({I} img, sampler_t s, {ic} c) {{ {fc} f = {fconv(n, fc)}; return {conv}(gk_sample_{d}_{tag}(0xf, {cexpr(n, 'f')}, GK_T(img), GK_S(s), false, 0, 0)); }}")
    for acc in accs_w:
        I = f"{acc} {img}"
        ce = cexpr(n, "c")
        for vt, tag, conv in (("float4", "f", ""), ("int4", "i", ""), ("uint4", "i", "as_int4"), ("half4", "h", "")):
            name = {"float4": "write_imagef", "int4": "write_imagei", "uint4": "write_imageui", "half4": "write_imageh"}[vt]
            w(f"GK_FN void gk_{name}({I} img, {ic} c, {vt} v) {{ gk_store_{d}_{tag}({conv}(v), 0xf, {ce}, GK_T(img), 0, 0); }}")
    for acc in ["read_only", "write_only", "read_write"]:
        I = f"{acc} {img}"
        w(f"GK_FN int gk_get_image_width({I} img) {{ return gk_resinfo_{d}(0xf, 0, GK_T(img), 0, 0).x; }}")
        if d in ("2d", "3d", "2darray"):
            w(f"GK_FN int gk_get_image_height({I} img) {{ return gk_resinfo_{d}(0xf, 0, GK_T(img), 0, 0).y; }}")
        if d == "3d":
            w(f"GK_FN int gk_get_image_depth({I} img) {{ return gk_resinfo_{d}(0xf, 0, GK_T(img), 0, 0).z; }}")
            w(f"GK_FN int4 gk_get_image_dim({I} img) {{ int4 r = gk_resinfo_{d}(0xf, 0, GK_T(img), 0, 0); return (int4)(r.x, r.y, r.z, 0); }}")
        if d in ("2d", "2darray"):
            w(f"GK_FN int2 gk_get_image_dim({I} img) {{ return gk_resinfo_{d}(0xf, 0, GK_T(img), 0, 0).xy; }}")
        if d == "1darray":
            w(f"GK_FN size_t gk_get_image_array_size({I} img) {{ return gk_resinfo_{d}(0xf, 0, GK_T(img), 0, 0).y; }}")
        if d == "2darray":
            w(f"GK_FN size_t gk_get_image_array_size({I} img) {{ return gk_resinfo_{d}(0xf, 0, GK_T(img), 0, 0).z; }}")
        w(f"GK_FN int gk_get_image_channel_data_type({I} img) {{ return gk_cl_channel_type(GK_D(img, 8)); }}")
        w(f"GK_FN int gk_get_image_channel_order({I} img) {{ return gk_cl_channel_order(GK_D(img, 9)); }}")
# buffers
for acc in accs_r:
    I = f"{acc} image1d_buffer_t"
    w(f"GK_FN float4 gk_read_imagef({I} img, int c) {{ return gk_bload_f(GK_V(img), c, 0, 0, 0); }}")
    w(f"GK_FN int4 gk_read_imagei({I} img, int c) {{ return gk_bload_i(GK_V(img), c, 0, 0, 0); }}")
    w(f"GK_FN uint4 gk_read_imageui({I} img, int c) {{ return as_uint4(gk_bload_i(GK_V(img), c, 0, 0, 0)); }}")
for acc in accs_w:
    I = f"{acc} image1d_buffer_t"
    w(f"GK_FN void gk_write_imagef({I} img, int c, float4 v) {{ gk_bstore_f(v, GK_V(img), c, 0, 0, 0); }}")
    w(f"GK_FN void gk_write_imagei({I} img, int c, int4 v) {{ gk_bstore_i(v, GK_V(img), c, 0, 0, 0); }}")
    w(f"GK_FN void gk_write_imageui({I} img, int c, uint4 v) {{ gk_bstore_i(as_int4(v), GK_V(img), c, 0, 0, 0); }}")
for acc in ["read_only", "write_only", "read_write"]:
    w(f"GK_FN int gk_get_image_width({acc} image1d_buffer_t img) {{ return GK_D(img, 10); }}")
text = "\n".join(out)
# channel maps must precede use: insert after intrinsics
maps = """
// HSA channel type / order (the descriptor's dwords 8, 9) as OpenCL's CLK_* values.
static inline int gk_cl_channel_type(int hsa) {
  const int cl[16] = {0x10D0, 0x10D1, 0x10D2, 0x10D3, 0x10DF, 0x10D5, 0x10D4, 0x10D6,
                      0x10D7, 0x10D8, 0x10D9, 0x10DA, 0x10DB, 0x10DC, 0x10DD, 0x10DE};
  return hsa >= 0 && hsa < 16 ? cl[hsa] : 0;
}
static inline int gk_cl_channel_order(int hsa) {
  const int cl[12] = {0x10B1, 0x10B0, 0x10BA, 0x10B2, 0x10BB, 0x10B3,
                      0x10B4, 0x10BC, 0x10B5, 0x10B6, 0x10B7, 0x10C3};
  return hsa >= 0 && hsa < 12 ? cl[hsa] : 0;
}
"""
text = text.replace("// ---- reads and writes ----", maps + "\n// ---- reads and writes ----")
# sampler table
def sdesc(b):
    norm = b & 1; addr = (b >> 1) & 7; filt = b >> 4
    clamp = {0: 0, 1: 2, 2: 6, 3: 0, 4: 1}.get(addr, 0)
    xy = 1 if filt == 2 else 0
    w0 = clamp | clamp << 3 | clamp << 6 | ((0 if norm else 1) << 15)
    w1 = 4095 << 12
    w2 = xy << 20 | xy << 22
    return f"(int4)(0x{w0:x}, 0x{w1:x}, 0x{w2:x}, 0)"
rows = [sdesc(b) for b in range(64)]
table = "\n// The sampler (S#) of each OpenCL sampler initializer value (CLK_NORMALIZED_COORDS_TRUE 1,\n// CLK_ADDRESS_* 0 / 2 / 4 / 6 / 8, CLK_FILTER_NEAREST 0x10, _LINEAR 0x20), as encodeSampler\n// writes it: CLAMP_X / Y / Z (wrap 0, mirror 1, last texel 2, border 6), FORCE_UNNORMALIZED, MAX_LOD,\n// XY_MAG / MIN_FILTER (point 0, bilinear 1).\n__constant int4 gk_samplers[64] = {\n"
for i in range(0, 64, 2):
    table += "    " + rows[i] + ", " + rows[i+1] + ",\n"
table += "};\n__constant void *__translate_sampler_initializer(int bits) { return &gk_samplers[bits & 63]; }\n"
text = text.replace("// ---- reads and writes ----", table + "\n// ---- reads and writes ----")
names = ["read_imagef","read_imagei","read_imageui","read_imageh","write_imagef","write_imagei","write_imageui","write_imageh","get_image_width","get_image_height","get_image_depth","get_image_dim","get_image_array_size","get_image_channel_data_type","get_image_channel_order"]
text += "\n\n" + "\n".join(f"#define {n} gk_{n}" for n in names) + "\n"
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "opencl_images.h"), "w").write(text)
