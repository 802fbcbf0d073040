// OpenCL C image built-ins for kernels compiled without ROCm's device libraries (clang-19
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

float4 gk_load_1d_f(int dmask, int c0, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.load.1d.v4f32.i32");
void gk_store_1d_f(float4 v, int dmask, int c0, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.store.1d.v4f32.i32");
float4 gk_sample_1d_f(int dmask, float c0, gk_int8 rsrc, int4 samp, bool unorm, int tfe, int cp) __asm("llvm.amdgcn.image.sample.lz.1d.v4f32.f32");
int4 gk_load_1d_i(int dmask, int c0, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.load.1d.v4i32.i32");
void gk_store_1d_i(int4 v, int dmask, int c0, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.store.1d.v4i32.i32");
int4 gk_sample_1d_i(int dmask, float c0, gk_int8 rsrc, int4 samp, bool unorm, int tfe, int cp) __asm("llvm.amdgcn.image.sample.lz.1d.v4i32.f32");
half4 gk_load_1d_h(int dmask, int c0, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.load.1d.v4f16.i32");
void gk_store_1d_h(half4 v, int dmask, int c0, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.store.1d.v4f16.i32");
int4 gk_resinfo_1d(int dmask, int mip, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.getresinfo.1d.v4i32.i32");
float4 gk_load_2d_f(int dmask, int c0, int c1, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.load.2d.v4f32.i32");
void gk_store_2d_f(float4 v, int dmask, int c0, int c1, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.store.2d.v4f32.i32");
float4 gk_sample_2d_f(int dmask, float c0, float c1, gk_int8 rsrc, int4 samp, bool unorm, int tfe, int cp) __asm("llvm.amdgcn.image.sample.lz.2d.v4f32.f32");
int4 gk_load_2d_i(int dmask, int c0, int c1, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.load.2d.v4i32.i32");
void gk_store_2d_i(int4 v, int dmask, int c0, int c1, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.store.2d.v4i32.i32");
int4 gk_sample_2d_i(int dmask, float c0, float c1, gk_int8 rsrc, int4 samp, bool unorm, int tfe, int cp) __asm("llvm.amdgcn.image.sample.lz.2d.v4i32.f32");
half4 gk_load_2d_h(int dmask, int c0, int c1, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.load.2d.v4f16.i32");
void gk_store_2d_h(half4 v, int dmask, int c0, int c1, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.store.2d.v4f16.i32");
int4 gk_resinfo_2d(int dmask, int mip, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.getresinfo.2d.v4i32.i32");
float4 gk_load_3d_f(int dmask, int c0, int c1, int c2, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.load.3d.v4f32.i32");
void gk_store_3d_f(float4 v, int dmask, int c0, int c1, int c2, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.store.3d.v4f32.i32");
float4 gk_sample_3d_f(int dmask, float c0, float c1, float c2, gk_int8 rsrc, int4 samp, bool unorm, int tfe, int cp) __asm("llvm.amdgcn.image.sample.lz.3d.v4f32.f32");
int4 gk_load_3d_i(int dmask, int c0, int c1, int c2, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.load.3d.v4i32.i32");
void gk_store_3d_i(int4 v, int dmask, int c0, int c1, int c2, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.store.3d.v4i32.i32");
int4 gk_sample_3d_i(int dmask, float c0, float c1, float c2, gk_int8 rsrc, int4 samp, bool unorm, int tfe, int cp) __asm("llvm.amdgcn.image.sample.lz.3d.v4i32.f32");
half4 gk_load_3d_h(int dmask, int c0, int c1, int c2, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.load.3d.v4f16.i32");
void gk_store_3d_h(half4 v, int dmask, int c0, int c1, int c2, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.store.3d.v4f16.i32");
int4 gk_resinfo_3d(int dmask, int mip, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.getresinfo.3d.v4i32.i32");
float4 gk_load_1darray_f(int dmask, int c0, int c1, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.load.1darray.v4f32.i32");
void gk_store_1darray_f(float4 v, int dmask, int c0, int c1, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.store.1darray.v4f32.i32");
float4 gk_sample_1darray_f(int dmask, float c0, float c1, gk_int8 rsrc, int4 samp, bool unorm, int tfe, int cp) __asm("llvm.amdgcn.image.sample.lz.1darray.v4f32.f32");
int4 gk_load_1darray_i(int dmask, int c0, int c1, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.load.1darray.v4i32.i32");
void gk_store_1darray_i(int4 v, int dmask, int c0, int c1, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.store.1darray.v4i32.i32");
int4 gk_sample_1darray_i(int dmask, float c0, float c1, gk_int8 rsrc, int4 samp, bool unorm, int tfe, int cp) __asm("llvm.amdgcn.image.sample.lz.1darray.v4i32.f32");
half4 gk_load_1darray_h(int dmask, int c0, int c1, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.load.1darray.v4f16.i32");
void gk_store_1darray_h(half4 v, int dmask, int c0, int c1, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.store.1darray.v4f16.i32");
int4 gk_resinfo_1darray(int dmask, int mip, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.getresinfo.1darray.v4i32.i32");
float4 gk_load_2darray_f(int dmask, int c0, int c1, int c2, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.load.2darray.v4f32.i32");
void gk_store_2darray_f(float4 v, int dmask, int c0, int c1, int c2, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.store.2darray.v4f32.i32");
float4 gk_sample_2darray_f(int dmask, float c0, float c1, float c2, gk_int8 rsrc, int4 samp, bool unorm, int tfe, int cp) __asm("llvm.amdgcn.image.sample.lz.2darray.v4f32.f32");
int4 gk_load_2darray_i(int dmask, int c0, int c1, int c2, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.load.2darray.v4i32.i32");
void gk_store_2darray_i(int4 v, int dmask, int c0, int c1, int c2, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.store.2darray.v4i32.i32");
int4 gk_sample_2darray_i(int dmask, float c0, float c1, float c2, gk_int8 rsrc, int4 samp, bool unorm, int tfe, int cp) __asm("llvm.amdgcn.image.sample.lz.2darray.v4i32.f32");
half4 gk_load_2darray_h(int dmask, int c0, int c1, int c2, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.load.2darray.v4f16.i32");
void gk_store_2darray_h(half4 v, int dmask, int c0, int c1, int c2, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.store.2darray.v4f16.i32");
int4 gk_resinfo_2darray(int dmask, int mip, gk_int8 rsrc, int tfe, int cp) __asm("llvm.amdgcn.image.getresinfo.2darray.v4i32.i32");
float4 gk_bload_f(int4 v, int index, int offset, int soffset, int aux) __asm("llvm.amdgcn.struct.buffer.load.format.v4f32");
int4 gk_bload_i(int4 v, int index, int offset, int soffset, int aux) __asm("llvm.amdgcn.struct.buffer.load.format.v4i32");
void gk_bstore_f(float4 d, int4 v, int index, int offset, int soffset, int aux) __asm("llvm.amdgcn.struct.buffer.store.format.v4f32");
void gk_bstore_i(int4 d, int4 v, int index, int offset, int soffset, int aux) __asm("llvm.amdgcn.struct.buffer.store.format.v4i32");


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


// The sampler (S#) of each OpenCL sampler initializer value (CLK_NORMALIZED_COORDS_TRUE 1,
// CLK_ADDRESS_* 0 / 2 / 4 / 6 / 8, CLK_FILTER_NEAREST 0x10, _LINEAR 0x20), as encodeSampler
// writes it: CLAMP_X / Y / Z (wrap 0, mirror 1, last texel 2, border 6), FORCE_UNNORMALIZED, MAX_LOD,
// XY_MAG / MIN_FILTER (point 0, bilinear 1).
__constant int4 gk_samplers[64] = {
    (int4)(0x8000, 0xfff000, 0x0, 0), (int4)(0x0, 0xfff000, 0x0, 0),
    (int4)(0x8092, 0xfff000, 0x0, 0), (int4)(0x92, 0xfff000, 0x0, 0),
    (int4)(0x81b6, 0xfff000, 0x0, 0), (int4)(0x1b6, 0xfff000, 0x0, 0),
    (int4)(0x8000, 0xfff000, 0x0, 0), (int4)(0x0, 0xfff000, 0x0, 0),
    (int4)(0x8049, 0xfff000, 0x0, 0), (int4)(0x49, 0xfff000, 0x0, 0),
    (int4)(0x8000, 0xfff000, 0x0, 0), (int4)(0x0, 0xfff000, 0x0, 0),
    (int4)(0x8000, 0xfff000, 0x0, 0), (int4)(0x0, 0xfff000, 0x0, 0),
    (int4)(0x8000, 0xfff000, 0x0, 0), (int4)(0x0, 0xfff000, 0x0, 0),
    (int4)(0x8000, 0xfff000, 0x0, 0), (int4)(0x0, 0xfff000, 0x0, 0),
    (int4)(0x8092, 0xfff000, 0x0, 0), (int4)(0x92, 0xfff000, 0x0, 0),
    (int4)(0x81b6, 0xfff000, 0x0, 0), (int4)(0x1b6, 0xfff000, 0x0, 0),
    (int4)(0x8000, 0xfff000, 0x0, 0), (int4)(0x0, 0xfff000, 0x0, 0),
    (int4)(0x8049, 0xfff000, 0x0, 0), (int4)(0x49, 0xfff000, 0x0, 0),
    (int4)(0x8000, 0xfff000, 0x0, 0), (int4)(0x0, 0xfff000, 0x0, 0),
    (int4)(0x8000, 0xfff000, 0x0, 0), (int4)(0x0, 0xfff000, 0x0, 0),
    (int4)(0x8000, 0xfff000, 0x0, 0), (int4)(0x0, 0xfff000, 0x0, 0),
    (int4)(0x8000, 0xfff000, 0x500000, 0), (int4)(0x0, 0xfff000, 0x500000, 0),
    (int4)(0x8092, 0xfff000, 0x500000, 0), (int4)(0x92, 0xfff000, 0x500000, 0),
    (int4)(0x81b6, 0xfff000, 0x500000, 0), (int4)(0x1b6, 0xfff000, 0x500000, 0),
    (int4)(0x8000, 0xfff000, 0x500000, 0), (int4)(0x0, 0xfff000, 0x500000, 0),
    (int4)(0x8049, 0xfff000, 0x500000, 0), (int4)(0x49, 0xfff000, 0x500000, 0),
    (int4)(0x8000, 0xfff000, 0x500000, 0), (int4)(0x0, 0xfff000, 0x500000, 0),
    (int4)(0x8000, 0xfff000, 0x500000, 0), (int4)(0x0, 0xfff000, 0x500000, 0),
    (int4)(0x8000, 0xfff000, 0x500000, 0), (int4)(0x0, 0xfff000, 0x500000, 0),
    (int4)(0x8000, 0xfff000, 0x0, 0), (int4)(0x0, 0xfff000, 0x0, 0),
    (int4)(0x8092, 0xfff000, 0x0, 0), (int4)(0x92, 0xfff000, 0x0, 0),
    (int4)(0x81b6, 0xfff000, 0x0, 0), (int4)(0x1b6, 0xfff000, 0x0, 0),
    (int4)(0x8000, 0xfff000, 0x0, 0), (int4)(0x0, 0xfff000, 0x0, 0),
    (int4)(0x8049, 0xfff000, 0x0, 0), (int4)(0x49, 0xfff000, 0x0, 0),
    (int4)(0x8000, 0xfff000, 0x0, 0), (int4)(0x0, 0xfff000, 0x0, 0),
    (int4)(0x8000, 0xfff000, 0x0, 0), (int4)(0x0, 0xfff000, 0x0, 0),
    (int4)(0x8000, 0xfff000, 0x0, 0), (int4)(0x0, 0xfff000, 0x0, 0),
};
__constant void *__translate_sampler_initializer(int bits) { return &gk_samplers[bits & 63]; }

// ---- reads and writes ----
GK_FN float4 gk_read_imagef(read_only image1d_t img, int c) { return (gk_load_1d_f(0xf, c, GK_T(img), 0, 0)); }
GK_FN float4 gk_read_imagef(read_only image1d_t img, sampler_t s, float c) { return (gk_sample_1d_f(0xf, c, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN float4 gk_read_imagef(read_only image1d_t img, sampler_t s, int c) { float f = (float)c; return (gk_sample_1d_f(0xf, f, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN int4 gk_read_imagei(read_only image1d_t img, int c) { return (gk_load_1d_i(0xf, c, GK_T(img), 0, 0)); }
GK_FN int4 gk_read_imagei(read_only image1d_t img, sampler_t s, float c) { return (gk_sample_1d_i(0xf, c, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN int4 gk_read_imagei(read_only image1d_t img, sampler_t s, int c) { float f = (float)c; return (gk_sample_1d_i(0xf, f, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN uint4 gk_read_imageui(read_only image1d_t img, int c) { return as_uint4(gk_load_1d_i(0xf, c, GK_T(img), 0, 0)); }
GK_FN uint4 gk_read_imageui(read_only image1d_t img, sampler_t s, float c) { return as_uint4(gk_sample_1d_i(0xf, c, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN uint4 gk_read_imageui(read_only image1d_t img, sampler_t s, int c) { float f = (float)c; return as_uint4(gk_sample_1d_i(0xf, f, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN half4 gk_read_imageh(read_only image1d_t img, int c) { return (gk_load_1d_h(0xf, c, GK_T(img), 0, 0)); }
GK_FN float4 gk_read_imagef(read_write image1d_t img, int c) { return (gk_load_1d_f(0xf, c, GK_T(img), 0, 0)); }
GK_FN float4 gk_read_imagef(read_write image1d_t img, sampler_t s, float c) { return (gk_sample_1d_f(0xf, c, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN float4 gk_read_imagef(read_write image1d_t img, sampler_t s, int c) { float f = (float)c; return (gk_sample_1d_f(0xf, f, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN int4 gk_read_imagei(read_write image1d_t img, int c) { return (gk_load_1d_i(0xf, c, GK_T(img), 0, 0)); }
GK_FN int4 gk_read_imagei(read_write image1d_t img, sampler_t s, float c) { return (gk_sample_1d_i(0xf, c, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN int4 gk_read_imagei(read_write image1d_t img, sampler_t s, int c) { float f = (float)c; return (gk_sample_1d_i(0xf, f, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN uint4 gk_read_imageui(read_write image1d_t img, int c) { return as_uint4(gk_load_1d_i(0xf, c, GK_T(img), 0, 0)); }
GK_FN uint4 gk_read_imageui(read_write image1d_t img, sampler_t s, float c) { return as_uint4(gk_sample_1d_i(0xf, c, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN uint4 gk_read_imageui(read_write image1d_t img, sampler_t s, int c) { float f = (float)c; return as_uint4(gk_sample_1d_i(0xf, f, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN half4 gk_read_imageh(read_write image1d_t img, int c) { return (gk_load_1d_h(0xf, c, GK_T(img), 0, 0)); }
GK_FN void gk_write_imagef(write_only image1d_t img, int c, float4 v) { gk_store_1d_f((v), 0xf, c, GK_T(img), 0, 0); }
GK_FN void gk_write_imagei(write_only image1d_t img, int c, int4 v) { gk_store_1d_i((v), 0xf, c, GK_T(img), 0, 0); }
GK_FN void gk_write_imageui(write_only image1d_t img, int c, uint4 v) { gk_store_1d_i(as_int4(v), 0xf, c, GK_T(img), 0, 0); }
GK_FN void gk_write_imageh(write_only image1d_t img, int c, half4 v) { gk_store_1d_h((v), 0xf, c, GK_T(img), 0, 0); }
GK_FN void gk_write_imagef(read_write image1d_t img, int c, float4 v) { gk_store_1d_f((v), 0xf, c, GK_T(img), 0, 0); }
GK_FN void gk_write_imagei(read_write image1d_t img, int c, int4 v) { gk_store_1d_i((v), 0xf, c, GK_T(img), 0, 0); }
GK_FN void gk_write_imageui(read_write image1d_t img, int c, uint4 v) { gk_store_1d_i(as_int4(v), 0xf, c, GK_T(img), 0, 0); }
GK_FN void gk_write_imageh(read_write image1d_t img, int c, half4 v) { gk_store_1d_h((v), 0xf, c, GK_T(img), 0, 0); }
GK_FN int gk_get_image_width(read_only image1d_t img) { return gk_resinfo_1d(0xf, 0, GK_T(img), 0, 0).x; }
GK_FN int gk_get_image_channel_data_type(read_only image1d_t img) { return gk_cl_channel_type(GK_D(img, 8)); }
GK_FN int gk_get_image_channel_order(read_only image1d_t img) { return gk_cl_channel_order(GK_D(img, 9)); }
GK_FN int gk_get_image_width(write_only image1d_t img) { return gk_resinfo_1d(0xf, 0, GK_T(img), 0, 0).x; }
GK_FN int gk_get_image_channel_data_type(write_only image1d_t img) { return gk_cl_channel_type(GK_D(img, 8)); }
GK_FN int gk_get_image_channel_order(write_only image1d_t img) { return gk_cl_channel_order(GK_D(img, 9)); }
GK_FN int gk_get_image_width(read_write image1d_t img) { return gk_resinfo_1d(0xf, 0, GK_T(img), 0, 0).x; }
GK_FN int gk_get_image_channel_data_type(read_write image1d_t img) { return gk_cl_channel_type(GK_D(img, 8)); }
GK_FN int gk_get_image_channel_order(read_write image1d_t img) { return gk_cl_channel_order(GK_D(img, 9)); }
GK_FN float4 gk_read_imagef(read_only image2d_t img, int2 c) { return (gk_load_2d_f(0xf, c.x, c.y, GK_T(img), 0, 0)); }
GK_FN float4 gk_read_imagef(read_only image2d_t img, sampler_t s, float2 c) { return (gk_sample_2d_f(0xf, c.x, c.y, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN float4 gk_read_imagef(read_only image2d_t img, sampler_t s, int2 c) { float2 f = (float2)((float)c.x, (float)c.y); return (gk_sample_2d_f(0xf, f.x, f.y, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN int4 gk_read_imagei(read_only image2d_t img, int2 c) { return (gk_load_2d_i(0xf, c.x, c.y, GK_T(img), 0, 0)); }
GK_FN int4 gk_read_imagei(read_only image2d_t img, sampler_t s, float2 c) { return (gk_sample_2d_i(0xf, c.x, c.y, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN int4 gk_read_imagei(read_only image2d_t img, sampler_t s, int2 c) { float2 f = (float2)((float)c.x, (float)c.y); return (gk_sample_2d_i(0xf, f.x, f.y, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN uint4 gk_read_imageui(read_only image2d_t img, int2 c) { return as_uint4(gk_load_2d_i(0xf, c.x, c.y, GK_T(img), 0, 0)); }
GK_FN uint4 gk_read_imageui(read_only image2d_t img, sampler_t s, float2 c) { return as_uint4(gk_sample_2d_i(0xf, c.x, c.y, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN uint4 gk_read_imageui(read_only image2d_t img, sampler_t s, int2 c) { float2 f = (float2)((float)c.x, (float)c.y); return as_uint4(gk_sample_2d_i(0xf, f.x, f.y, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN half4 gk_read_imageh(read_only image2d_t img, int2 c) { return (gk_load_2d_h(0xf, c.x, c.y, GK_T(img), 0, 0)); }
GK_FN float4 gk_read_imagef(read_write image2d_t img, int2 c) { return (gk_load_2d_f(0xf, c.x, c.y, GK_T(img), 0, 0)); }
GK_FN float4 gk_read_imagef(read_write image2d_t img, sampler_t s, float2 c) { return (gk_sample_2d_f(0xf, c.x, c.y, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN float4 gk_read_imagef(read_write image2d_t img, sampler_t s, int2 c) { float2 f = (float2)((float)c.x, (float)c.y); return (gk_sample_2d_f(0xf, f.x, f.y, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN int4 gk_read_imagei(read_write image2d_t img, int2 c) { return (gk_load_2d_i(0xf, c.x, c.y, GK_T(img), 0, 0)); }
GK_FN int4 gk_read_imagei(read_write image2d_t img, sampler_t s, float2 c) { return (gk_sample_2d_i(0xf, c.x, c.y, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN int4 gk_read_imagei(read_write image2d_t img, sampler_t s, int2 c) { float2 f = (float2)((float)c.x, (float)c.y); return (gk_sample_2d_i(0xf, f.x, f.y, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN uint4 gk_read_imageui(read_write image2d_t img, int2 c) { return as_uint4(gk_load_2d_i(0xf, c.x, c.y, GK_T(img), 0, 0)); }
GK_FN uint4 gk_read_imageui(read_write image2d_t img, sampler_t s, float2 c) { return as_uint4(gk_sample_2d_i(0xf, c.x, c.y, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN uint4 gk_read_imageui(read_write image2d_t img, sampler_t s, int2 c) { float2 f = (float2)((float)c.x, (float)c.y); return as_uint4(gk_sample_2d_i(0xf, f.x, f.y, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN half4 gk_read_imageh(read_write image2d_t img, int2 c) { return (gk_load_2d_h(0xf, c.x, c.y, GK_T(img), 0, 0)); }
GK_FN void gk_write_imagef(write_only image2d_t img, int2 c, float4 v) { gk_store_2d_f((v), 0xf, c.x, c.y, GK_T(img), 0, 0); }
GK_FN void gk_write_imagei(write_only image2d_t img, int2 c, int4 v) { gk_store_2d_i((v), 0xf, c.x, c.y, GK_T(img), 0, 0); }
GK_FN void gk_write_imageui(write_only image2d_t img, int2 c, uint4 v) { gk_store_2d_i(as_int4(v), 0xf, c.x, c.y, GK_T(img), 0, 0); }
GK_FN void gk_write_imageh(write_only image2d_t img, int2 c, half4 v) { gk_store_2d_h((v), 0xf, c.x, c.y, GK_T(img), 0, 0); }
GK_FN void gk_write_imagef(read_write image2d_t img, int2 c, float4 v) { gk_store_2d_f((v), 0xf, c.x, c.y, GK_T(img), 0, 0); }
GK_FN void gk_write_imagei(read_write image2d_t img, int2 c, int4 v) { gk_store_2d_i((v), 0xf, c.x, c.y, GK_T(img), 0, 0); }
GK_FN void gk_write_imageui(read_write image2d_t img, int2 c, uint4 v) { gk_store_2d_i(as_int4(v), 0xf, c.x, c.y, GK_T(img), 0, 0); }
GK_FN void gk_write_imageh(read_write image2d_t img, int2 c, half4 v) { gk_store_2d_h((v), 0xf, c.x, c.y, GK_T(img), 0, 0); }
GK_FN int gk_get_image_width(read_only image2d_t img) { return gk_resinfo_2d(0xf, 0, GK_T(img), 0, 0).x; }
GK_FN int gk_get_image_height(read_only image2d_t img) { return gk_resinfo_2d(0xf, 0, GK_T(img), 0, 0).y; }
GK_FN int2 gk_get_image_dim(read_only image2d_t img) { return gk_resinfo_2d(0xf, 0, GK_T(img), 0, 0).xy; }
GK_FN int gk_get_image_channel_data_type(read_only image2d_t img) { return gk_cl_channel_type(GK_D(img, 8)); }
GK_FN int gk_get_image_channel_order(read_only image2d_t img) { return gk_cl_channel_order(GK_D(img, 9)); }
GK_FN int gk_get_image_width(write_only image2d_t img) { return gk_resinfo_2d(0xf, 0, GK_T(img), 0, 0).x; }
GK_FN int gk_get_image_height(write_only image2d_t img) { return gk_resinfo_2d(0xf, 0, GK_T(img), 0, 0).y; }
GK_FN int2 gk_get_image_dim(write_only image2d_t img) { return gk_resinfo_2d(0xf, 0, GK_T(img), 0, 0).xy; }
GK_FN int gk_get_image_channel_data_type(write_only image2d_t img) { return gk_cl_channel_type(GK_D(img, 8)); }
GK_FN int gk_get_image_channel_order(write_only image2d_t img) { return gk_cl_channel_order(GK_D(img, 9)); }
GK_FN int gk_get_image_width(read_write image2d_t img) { return gk_resinfo_2d(0xf, 0, GK_T(img), 0, 0).x; }
GK_FN int gk_get_image_height(read_write image2d_t img) { return gk_resinfo_2d(0xf, 0, GK_T(img), 0, 0).y; }
GK_FN int2 gk_get_image_dim(read_write image2d_t img) { return gk_resinfo_2d(0xf, 0, GK_T(img), 0, 0).xy; }
GK_FN int gk_get_image_channel_data_type(read_write image2d_t img) { return gk_cl_channel_type(GK_D(img, 8)); }
GK_FN int gk_get_image_channel_order(read_write image2d_t img) { return gk_cl_channel_order(GK_D(img, 9)); }
GK_FN float4 gk_read_imagef(read_only image3d_t img, int4 c) { return (gk_load_3d_f(0xf, c.x, c.y, c.z, GK_T(img), 0, 0)); }
GK_FN float4 gk_read_imagef(read_only image3d_t img, sampler_t s, float4 c) { return (gk_sample_3d_f(0xf, c.x, c.y, c.z, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN float4 gk_read_imagef(read_only image3d_t img, sampler_t s, int4 c) { float4 f = (float4)((float)c.x, (float)c.y, (float)c.z, (float)c.w); return (gk_sample_3d_f(0xf, f.x, f.y, f.z, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN int4 gk_read_imagei(read_only image3d_t img, int4 c) { return (gk_load_3d_i(0xf, c.x, c.y, c.z, GK_T(img), 0, 0)); }
GK_FN int4 gk_read_imagei(read_only image3d_t img, sampler_t s, float4 c) { return (gk_sample_3d_i(0xf, c.x, c.y, c.z, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN int4 gk_read_imagei(read_only image3d_t img, sampler_t s, int4 c) { float4 f = (float4)((float)c.x, (float)c.y, (float)c.z, (float)c.w); return (gk_sample_3d_i(0xf, f.x, f.y, f.z, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN uint4 gk_read_imageui(read_only image3d_t img, int4 c) { return as_uint4(gk_load_3d_i(0xf, c.x, c.y, c.z, GK_T(img), 0, 0)); }
GK_FN uint4 gk_read_imageui(read_only image3d_t img, sampler_t s, float4 c) { return as_uint4(gk_sample_3d_i(0xf, c.x, c.y, c.z, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN uint4 gk_read_imageui(read_only image3d_t img, sampler_t s, int4 c) { float4 f = (float4)((float)c.x, (float)c.y, (float)c.z, (float)c.w); return as_uint4(gk_sample_3d_i(0xf, f.x, f.y, f.z, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN half4 gk_read_imageh(read_only image3d_t img, int4 c) { return (gk_load_3d_h(0xf, c.x, c.y, c.z, GK_T(img), 0, 0)); }
GK_FN float4 gk_read_imagef(read_write image3d_t img, int4 c) { return (gk_load_3d_f(0xf, c.x, c.y, c.z, GK_T(img), 0, 0)); }
GK_FN float4 gk_read_imagef(read_write image3d_t img, sampler_t s, float4 c) { return (gk_sample_3d_f(0xf, c.x, c.y, c.z, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN float4 gk_read_imagef(read_write image3d_t img, sampler_t s, int4 c) { float4 f = (float4)((float)c.x, (float)c.y, (float)c.z, (float)c.w); return (gk_sample_3d_f(0xf, f.x, f.y, f.z, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN int4 gk_read_imagei(read_write image3d_t img, int4 c) { return (gk_load_3d_i(0xf, c.x, c.y, c.z, GK_T(img), 0, 0)); }
GK_FN int4 gk_read_imagei(read_write image3d_t img, sampler_t s, float4 c) { return (gk_sample_3d_i(0xf, c.x, c.y, c.z, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN int4 gk_read_imagei(read_write image3d_t img, sampler_t s, int4 c) { float4 f = (float4)((float)c.x, (float)c.y, (float)c.z, (float)c.w); return (gk_sample_3d_i(0xf, f.x, f.y, f.z, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN uint4 gk_read_imageui(read_write image3d_t img, int4 c) { return as_uint4(gk_load_3d_i(0xf, c.x, c.y, c.z, GK_T(img), 0, 0)); }
GK_FN uint4 gk_read_imageui(read_write image3d_t img, sampler_t s, float4 c) { return as_uint4(gk_sample_3d_i(0xf, c.x, c.y, c.z, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN uint4 gk_read_imageui(read_write image3d_t img, sampler_t s, int4 c) { float4 f = (float4)((float)c.x, (float)c.y, (float)c.z, (float)c.w); return as_uint4(gk_sample_3d_i(0xf, f.x, f.y, f.z, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN half4 gk_read_imageh(read_write image3d_t img, int4 c) { return (gk_load_3d_h(0xf, c.x, c.y, c.z, GK_T(img), 0, 0)); }
GK_FN void gk_write_imagef(write_only image3d_t img, int4 c, float4 v) { gk_store_3d_f((v), 0xf, c.x, c.y, c.z, GK_T(img), 0, 0); }
GK_FN void gk_write_imagei(write_only image3d_t img, int4 c, int4 v) { gk_store_3d_i((v), 0xf, c.x, c.y, c.z, GK_T(img), 0, 0); }
GK_FN void gk_write_imageui(write_only image3d_t img, int4 c, uint4 v) { gk_store_3d_i(as_int4(v), 0xf, c.x, c.y, c.z, GK_T(img), 0, 0); }
GK_FN void gk_write_imageh(write_only image3d_t img, int4 c, half4 v) { gk_store_3d_h((v), 0xf, c.x, c.y, c.z, GK_T(img), 0, 0); }
GK_FN void gk_write_imagef(read_write image3d_t img, int4 c, float4 v) { gk_store_3d_f((v), 0xf, c.x, c.y, c.z, GK_T(img), 0, 0); }
GK_FN void gk_write_imagei(read_write image3d_t img, int4 c, int4 v) { gk_store_3d_i((v), 0xf, c.x, c.y, c.z, GK_T(img), 0, 0); }
GK_FN void gk_write_imageui(read_write image3d_t img, int4 c, uint4 v) { gk_store_3d_i(as_int4(v), 0xf, c.x, c.y, c.z, GK_T(img), 0, 0); }
GK_FN void gk_write_imageh(read_write image3d_t img, int4 c, half4 v) { gk_store_3d_h((v), 0xf, c.x, c.y, c.z, GK_T(img), 0, 0); }
GK_FN int gk_get_image_width(read_only image3d_t img) { return gk_resinfo_3d(0xf, 0, GK_T(img), 0, 0).x; }
GK_FN int gk_get_image_height(read_only image3d_t img) { return gk_resinfo_3d(0xf, 0, GK_T(img), 0, 0).y; }
GK_FN int gk_get_image_depth(read_only image3d_t img) { return gk_resinfo_3d(0xf, 0, GK_T(img), 0, 0).z; }
GK_FN int4 gk_get_image_dim(read_only image3d_t img) { int4 r = gk_resinfo_3d(0xf, 0, GK_T(img), 0, 0); return (int4)(r.x, r.y, r.z, 0); }
GK_FN int gk_get_image_channel_data_type(read_only image3d_t img) { return gk_cl_channel_type(GK_D(img, 8)); }
GK_FN int gk_get_image_channel_order(read_only image3d_t img) { return gk_cl_channel_order(GK_D(img, 9)); }
GK_FN int gk_get_image_width(write_only image3d_t img) { return gk_resinfo_3d(0xf, 0, GK_T(img), 0, 0).x; }
GK_FN int gk_get_image_height(write_only image3d_t img) { return gk_resinfo_3d(0xf, 0, GK_T(img), 0, 0).y; }
GK_FN int gk_get_image_depth(write_only image3d_t img) { return gk_resinfo_3d(0xf, 0, GK_T(img), 0, 0).z; }
GK_FN int4 gk_get_image_dim(write_only image3d_t img) { int4 r = gk_resinfo_3d(0xf, 0, GK_T(img), 0, 0); return (int4)(r.x, r.y, r.z, 0); }
GK_FN int gk_get_image_channel_data_type(write_only image3d_t img) { return gk_cl_channel_type(GK_D(img, 8)); }
GK_FN int gk_get_image_channel_order(write_only image3d_t img) { return gk_cl_channel_order(GK_D(img, 9)); }
GK_FN int gk_get_image_width(read_write image3d_t img) { return gk_resinfo_3d(0xf, 0, GK_T(img), 0, 0).x; }
GK_FN int gk_get_image_height(read_write image3d_t img) { return gk_resinfo_3d(0xf, 0, GK_T(img), 0, 0).y; }
GK_FN int gk_get_image_depth(read_write image3d_t img) { return gk_resinfo_3d(0xf, 0, GK_T(img), 0, 0).z; }
GK_FN int4 gk_get_image_dim(read_write image3d_t img) { int4 r = gk_resinfo_3d(0xf, 0, GK_T(img), 0, 0); return (int4)(r.x, r.y, r.z, 0); }
GK_FN int gk_get_image_channel_data_type(read_write image3d_t img) { return gk_cl_channel_type(GK_D(img, 8)); }
GK_FN int gk_get_image_channel_order(read_write image3d_t img) { return gk_cl_channel_order(GK_D(img, 9)); }
GK_FN float4 gk_read_imagef(read_only image1d_array_t img, int2 c) { return (gk_load_1darray_f(0xf, c.x, c.y, GK_T(img), 0, 0)); }
GK_FN float4 gk_read_imagef(read_only image1d_array_t img, sampler_t s, float2 c) { return (gk_sample_1darray_f(0xf, c.x, c.y, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN float4 gk_read_imagef(read_only image1d_array_t img, sampler_t s, int2 c) { float2 f = (float2)((float)c.x, (float)c.y); return (gk_sample_1darray_f(0xf, f.x, f.y, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN int4 gk_read_imagei(read_only image1d_array_t img, int2 c) { return (gk_load_1darray_i(0xf, c.x, c.y, GK_T(img), 0, 0)); }
GK_FN int4 gk_read_imagei(read_only image1d_array_t img, sampler_t s, float2 c) { return (gk_sample_1darray_i(0xf, c.x, c.y, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN int4 gk_read_imagei(read_only image1d_array_t img, sampler_t s, int2 c) { float2 f = (float2)((float)c.x, (float)c.y); return (gk_sample_1darray_i(0xf, f.x, f.y, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN uint4 gk_read_imageui(read_only image1d_array_t img, int2 c) { return as_uint4(gk_load_1darray_i(0xf, c.x, c.y, GK_T(img), 0, 0)); }
GK_FN uint4 gk_read_imageui(read_only image1d_array_t img, sampler_t s, float2 c) { return as_uint4(gk_sample_1darray_i(0xf, c.x, c.y, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN uint4 gk_read_imageui(read_only image1d_array_t img, sampler_t s, int2 c) { float2 f = (float2)((float)c.x, (float)c.y); return as_uint4(gk_sample_1darray_i(0xf, f.x, f.y, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN half4 gk_read_imageh(read_only image1d_array_t img, int2 c) { return (gk_load_1darray_h(0xf, c.x, c.y, GK_T(img), 0, 0)); }
GK_FN float4 gk_read_imagef(read_write image1d_array_t img, int2 c) { return (gk_load_1darray_f(0xf, c.x, c.y, GK_T(img), 0, 0)); }
GK_FN float4 gk_read_imagef(read_write image1d_array_t img, sampler_t s, float2 c) { return (gk_sample_1darray_f(0xf, c.x, c.y, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN float4 gk_read_imagef(read_write image1d_array_t img, sampler_t s, int2 c) { float2 f = (float2)((float)c.x, (float)c.y); return (gk_sample_1darray_f(0xf, f.x, f.y, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN int4 gk_read_imagei(read_write image1d_array_t img, int2 c) { return (gk_load_1darray_i(0xf, c.x, c.y, GK_T(img), 0, 0)); }
GK_FN int4 gk_read_imagei(read_write image1d_array_t img, sampler_t s, float2 c) { return (gk_sample_1darray_i(0xf, c.x, c.y, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN int4 gk_read_imagei(read_write image1d_array_t img, sampler_t s, int2 c) { float2 f = (float2)((float)c.x, (float)c.y); return (gk_sample_1darray_i(0xf, f.x, f.y, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN uint4 gk_read_imageui(read_write image1d_array_t img, int2 c) { return as_uint4(gk_load_1darray_i(0xf, c.x, c.y, GK_T(img), 0, 0)); }
GK_FN uint4 gk_read_imageui(read_write image1d_array_t img, sampler_t s, float2 c) { return as_uint4(gk_sample_1darray_i(0xf, c.x, c.y, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN uint4 gk_read_imageui(read_write image1d_array_t img, sampler_t s, int2 c) { float2 f = (float2)((float)c.x, (float)c.y); return as_uint4(gk_sample_1darray_i(0xf, f.x, f.y, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN half4 gk_read_imageh(read_write image1d_array_t img, int2 c) { return (gk_load_1darray_h(0xf, c.x, c.y, GK_T(img), 0, 0)); }
GK_FN void gk_write_imagef(write_only image1d_array_t img, int2 c, float4 v) { gk_store_1darray_f((v), 0xf, c.x, c.y, GK_T(img), 0, 0); }
GK_FN void gk_write_imagei(write_only image1d_array_t img, int2 c, int4 v) { gk_store_1darray_i((v), 0xf, c.x, c.y, GK_T(img), 0, 0); }
GK_FN void gk_write_imageui(write_only image1d_array_t img, int2 c, uint4 v) { gk_store_1darray_i(as_int4(v), 0xf, c.x, c.y, GK_T(img), 0, 0); }
GK_FN void gk_write_imageh(write_only image1d_array_t img, int2 c, half4 v) { gk_store_1darray_h((v), 0xf, c.x, c.y, GK_T(img), 0, 0); }
GK_FN void gk_write_imagef(read_write image1d_array_t img, int2 c, float4 v) { gk_store_1darray_f((v), 0xf, c.x, c.y, GK_T(img), 0, 0); }
GK_FN void gk_write_imagei(read_write image1d_array_t img, int2 c, int4 v) { gk_store_1darray_i((v), 0xf, c.x, c.y, GK_T(img), 0, 0); }
GK_FN void gk_write_imageui(read_write image1d_array_t img, int2 c, uint4 v) { gk_store_1darray_i(as_int4(v), 0xf, c.x, c.y, GK_T(img), 0, 0); }
GK_FN void gk_write_imageh(read_write image1d_array_t img, int2 c, half4 v) { gk_store_1darray_h((v), 0xf, c.x, c.y, GK_T(img), 0, 0); }
GK_FN int gk_get_image_width(read_only image1d_array_t img) { return gk_resinfo_1darray(0xf, 0, GK_T(img), 0, 0).x; }
GK_FN size_t gk_get_image_array_size(read_only image1d_array_t img) { return gk_resinfo_1darray(0xf, 0, GK_T(img), 0, 0).y; }
GK_FN int gk_get_image_channel_data_type(read_only image1d_array_t img) { return gk_cl_channel_type(GK_D(img, 8)); }
GK_FN int gk_get_image_channel_order(read_only image1d_array_t img) { return gk_cl_channel_order(GK_D(img, 9)); }
GK_FN int gk_get_image_width(write_only image1d_array_t img) { return gk_resinfo_1darray(0xf, 0, GK_T(img), 0, 0).x; }
GK_FN size_t gk_get_image_array_size(write_only image1d_array_t img) { return gk_resinfo_1darray(0xf, 0, GK_T(img), 0, 0).y; }
GK_FN int gk_get_image_channel_data_type(write_only image1d_array_t img) { return gk_cl_channel_type(GK_D(img, 8)); }
GK_FN int gk_get_image_channel_order(write_only image1d_array_t img) { return gk_cl_channel_order(GK_D(img, 9)); }
GK_FN int gk_get_image_width(read_write image1d_array_t img) { return gk_resinfo_1darray(0xf, 0, GK_T(img), 0, 0).x; }
GK_FN size_t gk_get_image_array_size(read_write image1d_array_t img) { return gk_resinfo_1darray(0xf, 0, GK_T(img), 0, 0).y; }
GK_FN int gk_get_image_channel_data_type(read_write image1d_array_t img) { return gk_cl_channel_type(GK_D(img, 8)); }
GK_FN int gk_get_image_channel_order(read_write image1d_array_t img) { return gk_cl_channel_order(GK_D(img, 9)); }
GK_FN float4 gk_read_imagef(read_only image2d_array_t img, int4 c) { return (gk_load_2darray_f(0xf, c.x, c.y, c.z, GK_T(img), 0, 0)); }
GK_FN float4 gk_read_imagef(read_only image2d_array_t img, sampler_t s, float4 c) { return (gk_sample_2darray_f(0xf, c.x, c.y, c.z, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN float4 gk_read_imagef(read_only image2d_array_t img, sampler_t s, int4 c) { float4 f = (float4)((float)c.x, (float)c.y, (float)c.z, (float)c.w); return (gk_sample_2darray_f(0xf, f.x, f.y, f.z, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN int4 gk_read_imagei(read_only image2d_array_t img, int4 c) { return (gk_load_2darray_i(0xf, c.x, c.y, c.z, GK_T(img), 0, 0)); }
GK_FN int4 gk_read_imagei(read_only image2d_array_t img, sampler_t s, float4 c) { return (gk_sample_2darray_i(0xf, c.x, c.y, c.z, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN int4 gk_read_imagei(read_only image2d_array_t img, sampler_t s, int4 c) { float4 f = (float4)((float)c.x, (float)c.y, (float)c.z, (float)c.w); return (gk_sample_2darray_i(0xf, f.x, f.y, f.z, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN uint4 gk_read_imageui(read_only image2d_array_t img, int4 c) { return as_uint4(gk_load_2darray_i(0xf, c.x, c.y, c.z, GK_T(img), 0, 0)); }
GK_FN uint4 gk_read_imageui(read_only image2d_array_t img, sampler_t s, float4 c) { return as_uint4(gk_sample_2darray_i(0xf, c.x, c.y, c.z, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN uint4 gk_read_imageui(read_only image2d_array_t img, sampler_t s, int4 c) { float4 f = (float4)((float)c.x, (float)c.y, (float)c.z, (float)c.w); return as_uint4(gk_sample_2darray_i(0xf, f.x, f.y, f.z, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN half4 gk_read_imageh(read_only image2d_array_t img, int4 c) { return (gk_load_2darray_h(0xf, c.x, c.y, c.z, GK_T(img), 0, 0)); }
GK_FN float4 gk_read_imagef(read_write image2d_array_t img, int4 c) { return (gk_load_2darray_f(0xf, c.x, c.y, c.z, GK_T(img), 0, 0)); }
GK_FN float4 gk_read_imagef(read_write image2d_array_t img, sampler_t s, float4 c) { return (gk_sample_2darray_f(0xf, c.x, c.y, c.z, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN float4 gk_read_imagef(read_write image2d_array_t img, sampler_t s, int4 c) { float4 f = (float4)((float)c.x, (float)c.y, (float)c.z, (float)c.w); return (gk_sample_2darray_f(0xf, f.x, f.y, f.z, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN int4 gk_read_imagei(read_write image2d_array_t img, int4 c) { return (gk_load_2darray_i(0xf, c.x, c.y, c.z, GK_T(img), 0, 0)); }
GK_FN int4 gk_read_imagei(read_write image2d_array_t img, sampler_t s, float4 c) { return (gk_sample_2darray_i(0xf, c.x, c.y, c.z, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN int4 gk_read_imagei(read_write image2d_array_t img, sampler_t s, int4 c) { float4 f = (float4)((float)c.x, (float)c.y, (float)c.z, (float)c.w); return (gk_sample_2darray_i(0xf, f.x, f.y, f.z, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN uint4 gk_read_imageui(read_write image2d_array_t img, int4 c) { return as_uint4(gk_load_2darray_i(0xf, c.x, c.y, c.z, GK_T(img), 0, 0)); }
GK_FN uint4 gk_read_imageui(read_write image2d_array_t img, sampler_t s, float4 c) { return as_uint4(gk_sample_2darray_i(0xf, c.x, c.y, c.z, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN uint4 gk_read_imageui(read_write image2d_array_t img, sampler_t s, int4 c) { float4 f = (float4)((float)c.x, (float)c.y, (float)c.z, (float)c.w); return as_uint4(gk_sample_2darray_i(0xf, f.x, f.y, f.z, GK_T(img), GK_S(s), false, 0, 0)); }
GK_FN half4 gk_read_imageh(read_write image2d_array_t img, int4 c) { return (gk_load_2darray_h(0xf, c.x, c.y, c.z, GK_T(img), 0, 0)); }
GK_FN void gk_write_imagef(write_only image2d_array_t img, int4 c, float4 v) { gk_store_2darray_f((v), 0xf, c.x, c.y, c.z, GK_T(img), 0, 0); }
GK_FN void gk_write_imagei(write_only image2d_array_t img, int4 c, int4 v) { gk_store_2darray_i((v), 0xf, c.x, c.y, c.z, GK_T(img), 0, 0); }
GK_FN void gk_write_imageui(write_only image2d_array_t img, int4 c, uint4 v) { gk_store_2darray_i(as_int4(v), 0xf, c.x, c.y, c.z, GK_T(img), 0, 0); }
GK_FN void gk_write_imageh(write_only image2d_array_t img, int4 c, half4 v) { gk_store_2darray_h((v), 0xf, c.x, c.y, c.z, GK_T(img), 0, 0); }
GK_FN void gk_write_imagef(read_write image2d_array_t img, int4 c, float4 v) { gk_store_2darray_f((v), 0xf, c.x, c.y, c.z, GK_T(img), 0, 0); }
GK_FN void gk_write_imagei(read_write image2d_array_t img, int4 c, int4 v) { gk_store_2darray_i((v), 0xf, c.x, c.y, c.z, GK_T(img), 0, 0); }
GK_FN void gk_write_imageui(read_write image2d_array_t img, int4 c, uint4 v) { gk_store_2darray_i(as_int4(v), 0xf, c.x, c.y, c.z, GK_T(img), 0, 0); }
GK_FN void gk_write_imageh(read_write image2d_array_t img, int4 c, half4 v) { gk_store_2darray_h((v), 0xf, c.x, c.y, c.z, GK_T(img), 0, 0); }
GK_FN int gk_get_image_width(read_only image2d_array_t img) { return gk_resinfo_2darray(0xf, 0, GK_T(img), 0, 0).x; }
GK_FN int gk_get_image_height(read_only image2d_array_t img) { return gk_resinfo_2darray(0xf, 0, GK_T(img), 0, 0).y; }
GK_FN int2 gk_get_image_dim(read_only image2d_array_t img) { return gk_resinfo_2darray(0xf, 0, GK_T(img), 0, 0).xy; }
GK_FN size_t gk_get_image_array_size(read_only image2d_array_t img) { return gk_resinfo_2darray(0xf, 0, GK_T(img), 0, 0).z; }
GK_FN int gk_get_image_channel_data_type(read_only image2d_array_t img) { return gk_cl_channel_type(GK_D(img, 8)); }
GK_FN int gk_get_image_channel_order(read_only image2d_array_t img) { return gk_cl_channel_order(GK_D(img, 9)); }
GK_FN int gk_get_image_width(write_only image2d_array_t img) { return gk_resinfo_2darray(0xf, 0, GK_T(img), 0, 0).x; }
GK_FN int gk_get_image_height(write_only image2d_array_t img) { return gk_resinfo_2darray(0xf, 0, GK_T(img), 0, 0).y; }
GK_FN int2 gk_get_image_dim(write_only image2d_array_t img) { return gk_resinfo_2darray(0xf, 0, GK_T(img), 0, 0).xy; }
GK_FN size_t gk_get_image_array_size(write_only image2d_array_t img) { return gk_resinfo_2darray(0xf, 0, GK_T(img), 0, 0).z; }
GK_FN int gk_get_image_channel_data_type(write_only image2d_array_t img) { return gk_cl_channel_type(GK_D(img, 8)); }
GK_FN int gk_get_image_channel_order(write_only image2d_array_t img) { return gk_cl_channel_order(GK_D(img, 9)); }
GK_FN int gk_get_image_width(read_write image2d_array_t img) { return gk_resinfo_2darray(0xf, 0, GK_T(img), 0, 0).x; }
GK_FN int gk_get_image_height(read_write image2d_array_t img) { return gk_resinfo_2darray(0xf, 0, GK_T(img), 0, 0).y; }
GK_FN int2 gk_get_image_dim(read_write image2d_array_t img) { return gk_resinfo_2darray(0xf, 0, GK_T(img), 0, 0).xy; }
GK_FN size_t gk_get_image_array_size(read_write image2d_array_t img) { return gk_resinfo_2darray(0xf, 0, GK_T(img), 0, 0).z; }
GK_FN int gk_get_image_channel_data_type(read_write image2d_array_t img) { return gk_cl_channel_type(GK_D(img, 8)); }
GK_FN int gk_get_image_channel_order(read_write image2d_array_t img) { return gk_cl_channel_order(GK_D(img, 9)); }
GK_FN float4 gk_read_imagef(read_only image1d_buffer_t img, int c) { return gk_bload_f(GK_V(img), c, 0, 0, 0); }
GK_FN int4 gk_read_imagei(read_only image1d_buffer_t img, int c) { return gk_bload_i(GK_V(img), c, 0, 0, 0); }
GK_FN uint4 gk_read_imageui(read_only image1d_buffer_t img, int c) { return as_uint4(gk_bload_i(GK_V(img), c, 0, 0, 0)); }
GK_FN float4 gk_read_imagef(read_write image1d_buffer_t img, int c) { return gk_bload_f(GK_V(img), c, 0, 0, 0); }
GK_FN int4 gk_read_imagei(read_write image1d_buffer_t img, int c) { return gk_bload_i(GK_V(img), c, 0, 0, 0); }
GK_FN uint4 gk_read_imageui(read_write image1d_buffer_t img, int c) { return as_uint4(gk_bload_i(GK_V(img), c, 0, 0, 0)); }
GK_FN void gk_write_imagef(write_only image1d_buffer_t img, int c, float4 v) { gk_bstore_f(v, GK_V(img), c, 0, 0, 0); }
GK_FN void gk_write_imagei(write_only image1d_buffer_t img, int c, int4 v) { gk_bstore_i(v, GK_V(img), c, 0, 0, 0); }
GK_FN void gk_write_imageui(write_only image1d_buffer_t img, int c, uint4 v) { gk_bstore_i(as_int4(v), GK_V(img), c, 0, 0, 0); }
GK_FN void gk_write_imagef(read_write image1d_buffer_t img, int c, float4 v) { gk_bstore_f(v, GK_V(img), c, 0, 0, 0); }
GK_FN void gk_write_imagei(read_write image1d_buffer_t img, int c, int4 v) { gk_bstore_i(v, GK_V(img), c, 0, 0, 0); }
GK_FN void gk_write_imageui(read_write image1d_buffer_t img, int c, uint4 v) { gk_bstore_i(as_int4(v), GK_V(img), c, 0, 0, 0); }
GK_FN int gk_get_image_width(read_only image1d_buffer_t img) { return GK_D(img, 10); }
GK_FN int gk_get_image_width(write_only image1d_buffer_t img) { return GK_D(img, 10); }
GK_FN int gk_get_image_width(read_write image1d_buffer_t img) { return GK_D(img, 10); }

#define read_imagef gk_read_imagef
#define read_imagei gk_read_imagei
#define read_imageui gk_read_imageui
#define read_imageh gk_read_imageh
#define write_imagef gk_write_imagef
#define write_imagei gk_write_imagei
#define write_imageui gk_write_imageui
#define write_imageh gk_write_imageh
#define get_image_width gk_get_image_width
#define get_image_height gk_get_image_height
#define get_image_depth gk_get_image_depth
#define get_image_dim gk_get_image_dim
#define get_image_array_size gk_get_image_array_size
#define get_image_channel_data_type gk_get_image_channel_data_type
#define get_image_channel_order gk_get_image_channel_order
