// Whole kernels: OpenCL and HIP sources compiled by clang-19 to assembly at test time, then
// assembled by gcnkit (tests/assemble_file.h, the `gcnkit asm` path) and by llvm-mc-19. The
// objects are compared section by section (headers, contents, symbols, relocations) and the
// `-show-encoding` listings line by line, each as its own expectation so a failure names what
// differs. A hand-written SALU kernel checks the same comparisons on a source without clang's
// .amdgpu_metadata. Kernels name their target id (gfx1100 by default); for gfx908 the object
// clang-19 compiles is also disassembled and compared with llvm-objdump-19.
#include <gtest/gtest.h>

#include <unistd.h>

#include <fstream>
#include <iomanip>
#include <map>
#include <sstream>

#include "elf/assemble.h"
#include "elf/elf_file.h"
#include "gcnkit/objdump.h"
#include "oracle.h"

namespace gcnkit::assembler {
namespace {

struct KernelSource {
  const char *name;
  const char *language; // "cl", "hip" or "s" (assembly as is)
  const char *text;
  const char *target = "gfx1100"; // the target id clang compiles for (-mcpu, --offload-arch)
  const char *flags = "";         // another clang-19 flag (-munsafe-fp-atomics)
};

isa::TargetId targetIdOf(const KernelSource &k) {
  std::string error;
  return isa::parseTargetId(k.target, error).value_or(isa::TargetId{});
}

void PrintTo(const KernelSource &k, std::ostream *os) { *os << k.name; }

// The builtins stand in for the OpenCL work-item functions: with -nogpulib those would be calls
// into the device library.
#define GCNKIT_GID "(__builtin_amdgcn_workgroup_id_x() * 64 + __builtin_amdgcn_workitem_id_x())"

// Uniform control flow and scalar side effects: clang-19 compiles this to SALU / SMEM only.
constexpr const char *kGfx908Scalar = R"(
__kernel void scalar_waits(int n, int prio) {
  for (int i = 0; i < n; ++i) {
    __builtin_amdgcn_s_sleep(2);
    __builtin_amdgcn_s_setprio(3);
  }
  __builtin_amdgcn_s_sendmsg(1, n);
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_s_dcache_inv();
  __builtin_amdgcn_s_waitcnt(0);
  unsigned long t = __builtin_amdgcn_s_memtime();
  if (t & 1)
    __builtin_amdgcn_s_sendmsghalt(2, (int)(t >> 32));
}
__kernel void empty(void) {})";

// Kernels compiled for both targets: global loads and stores, LDS with barriers, global and
// LDS atomics.
constexpr const char *kSaxpy = R"(
__kernel void saxpy(float a, __global const float *x, __global float *y) {
  unsigned i = )" GCNKIT_GID R"(;
  y[i] = a * x[i] + y[i];
})";
constexpr const char *kLdsReduce = R"(
__kernel void lds_reduce(__global const float *in, __global float *out) {
  __local float tile[64];
  unsigned lid = __builtin_amdgcn_workitem_id_x();
  tile[lid] = in[)" GCNKIT_GID R"(];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned s = 32; s > 0; s >>= 1) {
    if (lid < s)
      tile[lid] += tile[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    out[__builtin_amdgcn_workgroup_id_x()] = tile[0];
})";
constexpr const char *kAtomics = R"(
__kernel void atomics(__global int *counter, __global unsigned *bits, __global int *cas,
                      volatile __local int *l) {
  unsigned i = )" GCNKIT_GID R"(;
  atomic_add(counter, 1);
  atomic_or(&bits[i & 7], 1u << (i & 31));
  atomic_cmpxchg(cas, (int)i, (int)i + 1);
  atomic_max(&l[i & 15], (int)i);
  barrier(CLK_LOCAL_MEM_FENCE);
  counter[1 + (i & 3)] = l[i & 15];
})";

// gfx908 memory code: float atomics (global_atomic_add_f32 with -munsafe-fp-atomics, no
// return), private arrays (MUBUF scratch through the private segment buffer), a scalar-base
// global access.
constexpr const char *kGfx908FloatAtomics = R"(
#define __global__ __attribute__((global))
extern "C" __global__ void fp_atomics(float *sum, const float *in, int *count, unsigned *bits) {
  int i = __builtin_amdgcn_workgroup_id_x() * 64 + __builtin_amdgcn_workitem_id_x();
  __hip_atomic_fetch_add(sum, in[i], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_fetch_add(count, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  bits[i] = __hip_atomic_fetch_or(&bits[i & 7], 1u << (i & 31), __ATOMIC_RELAXED,
                                  __HIP_MEMORY_SCOPE_AGENT);
})";
constexpr const char *kGfx908Private = R"(
__kernel void private_array(__global int *out, __global const int *idx, int n) {
  int a[64];
  unsigned i = )" GCNKIT_GID R"(;
  for (int k = 0; k < 64; ++k)
    a[k] = k * n + (int)i;
  out[i] = a[idx[i] & 63] + a[(idx[i] >> 8) & 63];
})";

const KernelSource kKernels[] = {
    {"saxpy", "cl", kSaxpy},
    {"lds_reduce", "cl", kLdsReduce},
    {"atomics", "cl", kAtomics},
    {"half_math", "cl", R"(
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void half_math(__global half *a, __global const half *b, half s) {
  unsigned i = )" GCNKIT_GID R"(;
  half x = a[i], y = b[i];
  a[i] = fma(x, y, s) * (x > y ? x : y) - (half)1.5;
})"},
    {"double_math", "cl", R"(
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void double_math(__global double *a, __global const double *b, double s) {
  unsigned i = )" GCNKIT_GID R"(;
  double x = a[i];
  a[i] = x * b[i] + s / (x + 3.0) - sqrt(fabs(x)) + floor(x);
})"},
    {"branches", "cl", R"(
__kernel void branches(__global int *a, int n) {
  unsigned i = )" GCNKIT_GID R"(;
  int v = a[i], acc = 0;
  for (int k = 0; k < n; ++k) {
    switch ((v + k) & 3) {
    case 0: acc += k * v; break;
    case 1: acc ^= v >> k; break;
    case 2: acc -= v / (k + 1); break;
    default: acc = acc * 3 + 1;
    }
  }
  if (acc > 100)
    a[i] = acc;
  else
    a[i + 1] = acc % 7;
})"},
    {"wave_ops_and_calls", "hip", R"(
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
extern "C" __device__ float helper_ext(float);
__device__ __attribute__((noinline)) float helper(float x, int k) {
  return x * k + __builtin_sqrtf(x);
}
extern "C" __global__ void wave_ops(int *out, const int *in, float *f) {
  int lane = __builtin_amdgcn_workitem_id_x();
  int v = in[lane];
  int first = __builtin_amdgcn_readfirstlane(v);
  int perm = __builtin_amdgcn_ds_bpermute((lane ^ 1) << 2, v);
  int dpp = __builtin_amdgcn_update_dpp(0, v, 0x111, 0xf, 0xf, false);
  unsigned ballot = __builtin_amdgcn_ballot_w32(v > 3);
  out[lane] = first + perm + dpp + __builtin_popcount(ballot) +
              __builtin_amdgcn_mbcnt_lo(ballot, 0);
  f[lane] = helper(f[lane], v);
}
__device__ int table[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
extern "C" __global__ void globals_and_calls(float *f) {
  int lane = __builtin_amdgcn_workitem_id_x();
  f[lane] = helper_ext(f[lane]) + table[lane & 15];
})"},
    {"packed_and_scalar", "hip", R"(
#define __global__ __attribute__((global))
typedef _Float16 half2_t __attribute__((ext_vector_type(2)));
extern "C" __global__ void packed_math(half2_t *a, const half2_t *b, float *dots, unsigned n) {
  unsigned i = __builtin_amdgcn_workgroup_id_x() * 64 + __builtin_amdgcn_workitem_id_x();
  if (i >= n)
    return;
  half2_t x = a[i], y = b[i];
  a[i] = x * y + x;
  dots[i] = __builtin_amdgcn_fdot2(x, y, dots[i], false) +
            __builtin_amdgcn_udot4(i, 0x01020304u, 7u, false);
}
extern "C" __global__ void scalar_loop(int *out, const int *in, int n) {
  int acc = 0;
  for (int k = 0; k < n; ++k)
    acc += in[k] * (k | 1);
  out[__builtin_amdgcn_workitem_id_x()] = acc;
})"},
    {"salu_by_hand", "s", R"(	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.amdhsa_code_object_version 5
	.text
	.globl	salu_kernel
	.p2align	8
	.type	salu_kernel,@function
salu_kernel:
	s_load_b64 s[4:5], s[0:1], 0x0
	s_mov_b32 s6, 0x12345678
	s_add_u32 s7, s6, 64
	s_lshl_b32 s8, s7, 3
	s_and_b32 s9, s8, exec_lo
	s_cmp_lg_u32 s9, 0
	s_cselect_b32 s10, s8, s9
	s_bfe_u32 s11, s10, 0x40008
	s_waitcnt lgkmcnt(0)
	s_delay_alu instid0(SALU_CYCLE_1) | instskip(NEXT) | instid1(SALU_CYCLE_2)
	s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)
	s_endpgm
.Lsalu_kernel_end:
	.size	salu_kernel, .Lsalu_kernel_end-salu_kernel
	.rodata
	.p2align	6
	.amdhsa_kernel salu_kernel
		.amdhsa_next_free_vgpr 1
		.amdhsa_next_free_sgpr 12
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
	.end_amdhsa_kernel
)"},
    // gfx908: scalar code only (uniform loops, messages, barriers, cache and timer
    // instructions), for each xnack / sramecc setting of the target id.
    {"gfx908_scalar", "cl", kGfx908Scalar, "gfx908"},
    {"gfx908_scalar_xnack_on", "cl", kGfx908Scalar, "gfx908:xnack+"},
    {"gfx908_scalar_sramecc_off_xnack_off", "cl", kGfx908Scalar, "gfx908:sramecc-:xnack-"},
    {"gfx908_scalar_hip", "hip", R"(
#define __global__ __attribute__((global))
__global__ void uniform_wait(int n, int *unused) {
  for (int i = 0; i < n; ++i)
    __builtin_amdgcn_s_sleep(1);
  __builtin_amdgcn_s_barrier();
})",
     "gfx908:sramecc+"},
    // gfx908 memory instructions: global and LDS (DS) code, global / LDS atomics, float atomics,
    // MUBUF scratch.
    {"gfx908_saxpy", "cl", kSaxpy, "gfx908"},
    {"gfx908_lds_reduce", "cl", kLdsReduce, "gfx908"},
    {"gfx908_atomics", "cl", kAtomics, "gfx908:xnack-"},
    {"gfx908_fp_atomics", "hip", kGfx908FloatAtomics, "gfx908", "-munsafe-fp-atomics"},
    {"gfx908_private", "cl", kGfx908Private, "gfx908:sramecc+:xnack+"},
};

// clang-19's assembly for a kernel source, compiled once per test run.
const std::string &compiledAssembly(const KernelSource &k) {
  static std::map<std::string, std::string> cache;
  auto [it, fresh] = cache.try_emplace(k.name);
  if (!fresh)
    return it->second;
  if (std::string_view(k.language) == "s") {
    it->second = k.text;
    return it->second;
  }
  const bool hip = std::string_view(k.language) == "hip";
  std::string src = difftest::writeTempFile(k.text, hip ? ".hip" : ".cl");
  std::string out = src + ".s";
  std::vector<std::string> argv = {"clang-19", "-O2", "-S", "-nogpulib", "-o", out, src};
  if (*k.flags)
    argv.insert(argv.begin() + 1, k.flags);
  const std::vector<std::string> cl = {"-x", "cl", "-target", "amdgcn-amd-amdhsa",
                                       "-mcpu=" + std::string(k.target)};
  const std::vector<std::string> hipFlags = {"-x", "hip", "--cuda-device-only", "-nogpuinc",
                                             "--offload-arch=" + std::string(k.target)};
  argv.insert(argv.begin() + 1, hip ? hipFlags.begin() : cl.begin(),
              hip ? hipFlags.end() : cl.end());
  difftest::ToolRun r = difftest::runTool(argv);
  EXPECT_EQ(r.status, 0) << "clang-19 failed on " << k.name << ":\n" << r.err;
  it->second = difftest::readFile(out);
  unlink(src.c_str());
  unlink(out.c_str());
  return it->second;
}

struct McResult {
  difftest::ToolRun run;
  std::string object; // -filetype=obj
};

McResult llvmMc(const std::string &source, bool object, const isa::TargetId &target) {
  std::string path = difftest::writeTempFile(source, ".s");
  std::vector<std::string> argv = {"llvm-mc-19", "-triple=amdgcn-amd-amdhsa"};
  for (const std::string &f : difftest::llvmMcTargetFlags(target))
    argv.push_back(f);
  argv.push_back(path);
  McResult r;
  if (object) {
    argv.insert(argv.end(), {"-filetype=obj", "-o", path + ".o"});
    r.run = difftest::runTool(argv);
    r.object = difftest::readFile(path + ".o");
    unlink((path + ".o").c_str());
  } else {
    argv.push_back("-show-encoding");
    r.run = difftest::runTool(argv);
  }
  unlink(path.c_str());
  return r;
}

// The first `limit` diagnostics lines, enough to see what went wrong without flooding the log.
std::string head(const std::string &text, size_t limit = 30) {
  std::istringstream in(text);
  std::string out, line;
  for (size_t n = 0; n < limit && std::getline(in, line); ++n)
    out += line + "\n";
  return out;
}

// Readable views of an object's parts, so that differences show as text.
struct ObjectView {
  bool parsed = false;
  std::string error;
  std::string headers;                        // one line per section header
  std::map<std::string, std::string> content; // section name -> bytes (data sections)
  std::string symbols;                        // one line per symbol
  std::map<std::string, std::string> relocs;  // relocation section -> one line per entry
};

uint64_t readLe(std::string_view d, size_t off, int n) {
  uint64_t v = 0;
  for (int i = n - 1; i >= 0; --i)
    v = v << 8 | static_cast<uint8_t>(d[off + static_cast<size_t>(i)]);
  return v;
}

ObjectView viewObject(const std::string &bytes) {
  ObjectView v;
  elf::ElfError err;
  std::optional<elf::ElfFile> f = elf::ElfFile::parse(bytes, err);
  if (!f) {
    v.error = err.what;
    return v;
  }
  v.parsed = true;
  std::ostringstream headers;
  std::vector<elf::Symbol> symbols;
  for (const elf::Section &s : f->sections()) {
    headers << s.index << " " << s.name << " type=" << s.type << " flags=0x" << std::hex << s.flags
            << std::dec << " size=" << s.size << " link=" << s.link << " info=" << s.info
            << " entsize=" << s.entsize << "\n";
    if (s.type == elf::abi::kShtSymtab)
      f->readSymbols(s, symbols, err);
  }
  v.headers = headers.str();
  for (const elf::Section &s : f->sections()) {
    std::optional<std::string_view> c = f->contents(s, err);
    if (!c)
      continue;
    if (s.type == 4) { // SHT_RELA: offset, symbol, type, addend
      std::ostringstream out;
      for (size_t o = 0; o + 24 <= c->size(); o += 24) {
        uint64_t info = readLe(*c, o + 8, 8);
        size_t sym = info >> 32;
        out << "0x" << std::hex << readLe(*c, o, 8) << std::dec << " type=" << (info & 0xffffffff)
            << " " << (sym < symbols.size() ? std::string(symbols[sym].name) : "?")
            << " addend=" << static_cast<int64_t>(readLe(*c, o + 16, 8)) << "\n";
      }
      v.relocs[std::string(s.name)] = out.str();
    } else if (s.type != elf::abi::kShtSymtab && s.type != elf::abi::kShtStrtab) {
      v.content[std::string(s.name)] = std::string(*c);
    }
  }
  std::ostringstream syms;
  for (const elf::Symbol &s : symbols) {
    std::string section = "-";
    if (s.inSection && s.shndx < f->sections().size())
      section = std::string(f->sections()[s.shndx].name);
    syms << s.name << " value=0x" << std::hex << s.value << std::dec << " size=" << s.size
         << " type=" << int(s.type) << " bind=" << int(s.bind) << " section=" << section << "\n";
  }
  v.symbols = syms.str();
  return v;
}

// Where two byte strings first differ, with the bytes around it.
std::string firstDifference(std::string_view got, std::string_view want) {
  size_t i = 0;
  while (i < got.size() && i < want.size() && got[i] == want[i])
    ++i;
  std::ostringstream out;
  out << "sizes " << got.size() << " (gcnkit) vs " << want.size() << " (llvm-mc); first difference "
      << "at offset 0x" << std::hex << i << "\n";
  size_t from = i & ~size_t{15};
  for (const auto &[who, bytes] : {std::pair{"gcnkit ", got}, std::pair{"llvm-mc", want}}) {
    out << "  " << who << ":";
    for (size_t k = from; k < from + 32 && k < bytes.size(); ++k)
      out << " " << std::setw(2) << std::setfill('0') << int(static_cast<uint8_t>(bytes[k]));
    out << "\n";
  }
  return out.str();
}

// The lines where two texts differ (at most `limit`), with line numbers.
std::string lineDifferences(const std::string &got, const std::string &want, size_t limit = 15) {
  std::istringstream g(got), w(want);
  std::string a, b, out;
  size_t line = 0, shown = 0, total = 0;
  for (;;) {
    bool ha = static_cast<bool>(std::getline(g, a)), hb = static_cast<bool>(std::getline(w, b));
    if (!ha && !hb)
      break;
    ++line;
    if (ha && hb && a == b)
      continue;
    ++total;
    if (shown++ < limit)
      out += "line " + std::to_string(line) + ":\n  gcnkit:  " + (ha ? a : "<end>") +
             "\n  llvm-mc: " + (hb ? b : "<end>") + "\n";
  }
  return std::to_string(total) + " lines differ\n" + out;
}

// gcnkit asm's options for a target id (-triple=amdgcn-amd-amdhsa; the listing shows
// encodings, as llvm-mc's -show-encoding does).
elf::AssembleOptions optionsFor(const isa::TargetId &target, bool object) {
  elf::AssembleOptions o;
  o.amdhsa = true;
  o.object = object;
  o.showEncoding = !object;
  o.target = target;
  o.wave64 = isa::defaultWave64(target.target);
  return o;
}

class AsmKernelTest : public ::testing::TestWithParam<KernelSource> {
protected:
  void SetUp() override {
    ASSERT_TRUE(difftest::haveTool("llvm-mc-19"));
    ASSERT_TRUE(difftest::haveTool("clang-19"));
  }
};

TEST_P(AsmKernelTest, ObjectSameAsLlvmMc) {
  const std::string &source = compiledAssembly(GetParam());
  ASSERT_FALSE(source.empty());
  const isa::TargetId target = targetIdOf(GetParam());
  McResult mc = llvmMc(source, true, target);
  ASSERT_EQ(mc.run.status, 0) << "llvm-mc-19 rejects clang's output:\n" << head(mc.run.err);
  elf::AssembleResult ours = elf::assemble("kernel.s", source, optionsFor(target, true));
  EXPECT_TRUE(ours.ok) << head(ours.diagnostics);

  ObjectView got = viewObject(ours.output), want = viewObject(mc.object);
  ASSERT_TRUE(want.parsed) << want.error;
  ASSERT_TRUE(got.parsed) << "gcnkit's object does not parse: " << got.error;
  EXPECT_EQ(got.headers, want.headers) << "section headers differ";
  for (const auto &[name, bytes] : want.content) {
    auto it = got.content.find(name);
    if (it == got.content.end()) {
      ADD_FAILURE() << "section " << name << " is missing";
      continue;
    }
    EXPECT_TRUE(it->second == bytes)
        << "section " << name << " differs: " << firstDifference(it->second, bytes);
  }
  for (const auto &[name, bytes] : got.content)
    EXPECT_TRUE(want.content.count(name)) << "extra section " << name;
  EXPECT_EQ(got.symbols, want.symbols) << "symbol tables differ";
  EXPECT_EQ(got.relocs, want.relocs) << "relocations differ";
  EXPECT_TRUE(ours.output == mc.object)
      << "object files differ: " << firstDifference(ours.output, mc.object);
}

TEST_P(AsmKernelTest, ListingSameAsLlvmMc) {
  const std::string &source = compiledAssembly(GetParam());
  ASSERT_FALSE(source.empty());
  const isa::TargetId target = targetIdOf(GetParam());
  McResult mc = llvmMc(source, false, target);
  ASSERT_EQ(mc.run.status, 0) << head(mc.run.err);
  elf::AssembleResult ours = elf::assemble("kernel.s", source, optionsFor(target, false));
  EXPECT_TRUE(ours.ok) << head(ours.diagnostics);
  EXPECT_TRUE(ours.output == mc.run.out) << lineDifferences(ours.output, mc.run.out);
}

// gcnkit dis on the object clang-19 compiles (the kernel's target picked from e_flags) prints
// what llvm-objdump-19 -d prints. The gfx1100 kernels are covered by elf_test.cpp.
TEST_P(AsmKernelTest, ClangObjectDisassemblySameAsLlvmObjdump) {
  const KernelSource &k = GetParam();
  if (targetIdOf(k).target != isa::Target::GFX908 || std::string_view(k.language) == "s")
    GTEST_SKIP() << "gfx1100 objects: elf_test.cpp";
  ASSERT_TRUE(difftest::haveTool("llvm-objdump-19"));
  const bool hip = std::string_view(k.language) == "hip";
  const std::string src = difftest::writeTempFile(k.text, hip ? ".hip" : ".cl");
  const std::string obj = src + ".o";
  std::vector<std::string> argv = {"clang-19", "-O2", "-c", "-nogpulib", "-o", obj, src};
  if (*k.flags)
    argv.insert(argv.begin() + 1, k.flags);
  const std::vector<std::string> flags =
      hip ? std::vector<std::string>{"-x",
                                     "hip",
                                     "--cuda-device-only",
                                     "-nogpuinc",
                                     "--offload-arch=" + std::string(k.target),
                                     "--no-gpu-bundle-output"}
          : std::vector<std::string>{"-x", "cl", "-target", "amdgcn-amd-amdhsa",
                                     "-mcpu=" + std::string(k.target)};
  argv.insert(argv.begin() + 1, flags.begin(), flags.end());
  difftest::ToolRun cc = difftest::runTool(argv);
  ASSERT_EQ(cc.status, 0) << cc.err;
  const difftest::ToolRun want = difftest::runTool({"llvm-objdump-19", "-d", obj});
  const std::string data = difftest::readFile(obj);
  unlink(src.c_str());
  unlink(obj.c_str());
  ASSERT_EQ(want.status, 0) << want.err;
  ASSERT_NE(want.out.find("s_endpgm"), std::string::npos) << want.out;
  elf::ObjdumpResult got = elf::objdump(disasm::Disassembler(), data, obj);
  ASSERT_TRUE(got.ok) << got.err;
  EXPECT_TRUE(got.out == want.out) << lineDifferences(got.out, want.out);
}

INSTANTIATE_TEST_SUITE_P(Kernels, AsmKernelTest, ::testing::ValuesIn(kKernels),
                         [](const ::testing::TestParamInfo<KernelSource> &info) {
                           return std::string(info.param.name);
                         });

} // namespace
} // namespace gcnkit::assembler
