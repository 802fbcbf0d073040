// libFuzzer target: random valid programs on the emulator. Each input is a kernel for gfx1100
// (wave32 or wave64) or gfx908: an 8-byte header, then 6-byte records that are its body, one
// instruction each. The body runs after a fixed prologue that loads two random-filled buffers'
// addresses and a buffer resource, and is followed by s_endpgm. Whatever the code does, the
// launch must return: either completion or a fault report. Crashes, sanitizer reports and hangs
// (libFuzzer's -timeout) are bugs of the emulator.
//
// Header:
//   0  target and wave size (fuzz/targets.h bits 2-3); bit 0: two waves per work-group,
//      bit 1: a partial last work-group, bit 4: two work-groups, bit 5: a random buffer
//      resource word 3 (format, oob_select, add_tid), bits 6-7: the first buffer's size
//   1  bits 0-2: VGPRs per lane; bits 3-4: work-item id VGPRs; bits 5-7: work-group id y / z
//      and work-group info SGPRs
//   2  bits 0-2: LDS bytes; bits 3-5: private (scratch) bytes per work-item
//   3  MODE's FP round and denormal fields (COMPUTE_PGM_RSRC1 bits 12-19)
//   4  bit 0: DX10 clamp, bit 1: IEEE mode, bits 2-7: lanes missing from the last wave
//   5-7  seed of the buffers' and the kernarg segment's random contents
// Record (kind = byte 0 % 8; `a` = byte 1; `v` = bytes 2-5, little endian):
//   0-4  an instruction of the target's table (0, 1: VALU; 2: SALU / SMEM; 3: VOP3P / VOPD /
//        MAI; 4: memory) from the differential test's generator, seeded with the record, kept
//        only if the disassembler decodes it (a record no draw makes valid adds nothing)
//   5    s_mov_b32 s[a % 128], v (VCC, M0, EXEC and the trap registers included)
//   6    v_mov_b32 v[a], v
//   7    v[a] = (v * work-item id) ^ ~v (24-bit multiply): a value that differs between lanes
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "elf/assemble.h"
#include "elf/elf_file.h"
#include "gcnkit/kernel_descriptor.h"
#include "gcnkit/runtime.h"
#include "random_encodings.h"
#include "targets.h"

namespace {

using namespace gcnkit;

constexpr size_t kHeaderBytes = 8;
constexpr size_t kRecordBytes = 6;
// A looping program stops at this many instructions per wave: enough for every record to run a
// few times, small enough that an endless loop costs about as much as a straight-line body.
constexpr uint64_t kInstructionLimit = 2048;
// Room for the body in the kernel template: about 300 records of the largest instructions.
constexpr size_t kBodyCapacity = 4096;

// The three ways to run: gfx1100 wave32 and wave64, gfx908 (wave64).
unsigned configIndex(uint8_t options) {
  if (fuzz::targetFor(options) == isa::Target::GFX908)
    return 2;
  return fuzz::wave64For(options) ? 1 : 0;
}

// s_endpgm on each target: it fills the body past the input's instructions.
uint32_t endpgmWord(isa::Target t) { return t == isa::Target::GFX908 ? 0xBF810000u : 0xBFB00000u; }

// The kernel around the body, assembled once per configuration: the ELF object, and the file
// offsets of the body, of the kernel descriptor and of the code section's size, which each input
// patches. The loader pre-decodes the whole code section, so each input cuts it to its body and
// one s_endpgm rather than pay for the rest of the room.
struct Template {
  std::string elf;
  size_t bodyOffset = 0;
  size_t descriptorOffset = 0;
  size_t textSizeOffset = 0;   // sh_size in the section header of .text
  uint64_t textBeforeBody = 0; // bytes of .text before the body (the prologue)
};

// The prologue: s[8:9] and s[10:11] point at the two buffers, s[12:15] is a buffer resource for
// the first, v1 = lane id * 4 and v[2:3] = the first buffer's address + v1, so that memory
// instructions with these common operands reach real memory. The kernarg pointer is in s[0:1]
// (gfx1100) or s[4:5] (gfx908, after the private segment buffer in s[0:3]).
std::string templateSource(unsigned config) {
  const bool gfx908 = config == 2;
  const bool wave32 = config == 0;
  std::string s = gfx908 ? ".amdgcn_target \"amdgcn-amd-amdhsa--gfx908\"\n"
                         : ".amdgcn_target \"amdgcn-amd-amdhsa--gfx1100\"\n";
  s += ".amdhsa_code_object_version 5\n.text\n.globl k\n.p2align 8\n.type k,@function\nk:\n";
  if (gfx908)
    s += "  s_load_dwordx8 s[8:15], s[4:5], 0x0\n"
         "  s_waitcnt lgkmcnt(0)\n"
         "  v_lshlrev_b32 v1, 2, v0\n"
         "  v_add_co_u32 v2, vcc, s8, v1\n"
         "  v_mov_b32 v3, s9\n"
         "  v_addc_co_u32 v3, vcc, 0, v3, vcc\n";
  else
    s += std::string("  s_load_b256 s[8:15], s[0:1], 0x0\n"
                     "  s_waitcnt lgkmcnt(0)\n"
                     "  v_lshlrev_b32 v1, 2, v0\n") +
         (wave32 ? "  v_add_co_u32 v2, vcc_lo, s8, v1\n"
                   "  v_add_co_ci_u32 v3, vcc_lo, s9, 0, vcc_lo\n"
                 : "  v_add_co_u32 v2, vcc, s8, v1\n"
                   "  v_add_co_ci_u32 v3, vcc, s9, 0, vcc\n");
  s += "body:\n  .fill " + std::to_string(kBodyCapacity / 4) + ", 4, " +
       std::to_string(endpgmWord(gfx908 ? isa::Target::GFX908 : isa::Target::GFX1100)) + "\n";
  s += ".rodata\n.p2align 6\n.amdhsa_kernel k\n"
       "  .amdhsa_kernarg_size 64\n"
       "  .amdhsa_user_sgpr_kernarg_segment_ptr 1\n"
       "  .amdhsa_next_free_vgpr 256\n"
       "  .amdhsa_next_free_sgpr 96\n";
  if (gfx908)
    s += "  .amdhsa_user_sgpr_count 6\n"
         "  .amdhsa_user_sgpr_private_segment_buffer 1\n"
         "  .amdhsa_system_sgpr_private_segment_wavefront_offset 1\n";
  else
    s += std::string("  .amdhsa_user_sgpr_count 2\n"
                     "  .amdhsa_enable_private_segment 1\n"
                     "  .amdhsa_wavefront_size32 ") +
         (wave32 ? "1\n" : "0\n");
  s += ".end_amdhsa_kernel\n";
  return s;
}

[[noreturn]] void die(const char *what, const std::string &detail) {
  std::fprintf(stderr, "fuzz_emu_program: %s\n%s\n", what, detail.c_str());
  std::abort();
}

Template buildTemplate(unsigned config) {
  elf::AssembleOptions options;
  options.amdhsa = true;
  options.object = true;
  options.wave64 = config != 0;
  options.target.target = config == 2 ? isa::Target::GFX908 : isa::Target::GFX1100;
  elf::AssembleResult obj = elf::assemble("k.s", templateSource(config), options);
  if (!obj.ok)
    die("the kernel template does not assemble", obj.diagnostics);
  Template t;
  t.elf = std::move(obj.output);
  elf::ElfError error;
  std::optional<elf::ElfFile> file = elf::ElfFile::parse(t.elf, error);
  if (!file)
    die("the kernel template is no ELF file", error.what);
  const elf::Section *symtab = nullptr;
  for (const elf::Section &s : file->sections())
    if (s.type == elf::abi::kShtSymtab)
      symtab = &s;
  std::vector<elf::Symbol> symbols;
  if (!symtab || !file->readSymbols(*symtab, symbols, error))
    die("the kernel template has no symbols", error.what);
  bool body = false, descriptor = false;
  for (const elf::Symbol &sym : symbols) {
    if (!sym.inSection || (sym.name != "body" && sym.name != "k.kd"))
      continue;
    const elf::Section &section = file->sections()[sym.shndx];
    if (sym.name == "k.kd") {
      t.descriptorOffset = section.offset + sym.value;
      descriptor = true;
    } else {
      t.bodyOffset = section.offset + sym.value;
      t.textBeforeBody = sym.value;
      constexpr size_t kShSize = 32; // Elf64_Shdr::sh_size
      t.textSizeOffset = section.headerOffset + kShSize;
      body = true;
    }
  }
  if (!body || !descriptor)
    die("the kernel template lacks the body or k.kd symbol", "");
  return t;
}

const Template &kernelTemplate(unsigned config) {
  static std::unique_ptr<Template> cache[3];
  if (!cache[config])
    cache[config] = std::make_unique<Template>(buildTemplate(config));
  return *cache[config];
}

// The table rows the initialising records encode, found by name so that the opcodes are the
// target's (the formats' layouts are the same on both targets).
struct InitRows {
  uint32_t sMov, vMov, vMulU24, vXor;
};

uint32_t opcodeOf(isa::Target target, std::string_view name) {
  for (const isa::InstrDesc &d : isa::instructions(target))
    if (d.name == name)
      return d.opcode;
  die("no table row named", std::string(name));
}

const InitRows &initRows(isa::Target target) {
  static const auto make = [](isa::Target t) {
    return InitRows{opcodeOf(t, "s_mov_b32"), opcodeOf(t, "v_mov_b32_e32"),
                    opcodeOf(t, "v_mul_u32_u24_e32"), opcodeOf(t, "v_xor_b32_e32")};
  };
  static const InitRows gfx1100 = make(isa::Target::GFX1100), gfx908 = make(isa::Target::GFX908);
  return target == isa::Target::GFX908 ? gfx908 : gfx1100;
}

constexpr uint32_t kLiteral = 255; // the source field value of a literal
uint32_t sop1(uint32_t op, uint32_t sdst) { return 0xBE800000u | sdst << 16 | op << 8 | kLiteral; }
uint32_t vop1(uint32_t op, uint32_t vdst) { return 0x7E000000u | vdst << 17 | op << 9 | kLiteral; }
uint32_t vop2(uint32_t op, uint32_t vdst, uint32_t vsrc1) {
  return op << 25 | vdst << 17 | vsrc1 << 9 | kLiteral;
}

// Appends an instruction with a literal when the disassembler decodes it in full (a register
// the target lacks, such as gfx9's 125, makes it invalid).
void appendWithLiteral(const disasm::Disassembler &dis, uint32_t word, uint32_t literal,
                       std::vector<uint8_t> &body) {
  const uint32_t words[2] = {word, literal};
  const std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t *>(words), sizeof words);
  disasm::Inst inst;
  if (dis.decode(bytes, inst) == disasm::DecodeStatus::Success && inst.size == bytes.size())
    body.insert(body.end(), bytes.begin(), bytes.end());
}

// Appends the encoding(s) of one record to body.
void appendRecord(const uint8_t *rec, isa::Target target, const disasm::Disassembler &dis,
                  std::span<const difftest::FamilyGenerator> families, std::vector<uint8_t> &body) {
  const unsigned kind = rec[0] % 8;
  const uint32_t a = rec[1];
  uint32_t v;
  std::memcpy(&v, rec + 2, 4);
  const InitRows &rows = initRows(target);
  switch (kind) {
  case 5:
    appendWithLiteral(dis, sop1(rows.sMov, a % 128), v, body);
    return;
  case 6:
    appendWithLiteral(dis, vop1(rows.vMov, a), v, body);
    return;
  case 7:
    appendWithLiteral(dis, vop2(rows.vMulU24, a, 0), v, body); // v0 holds the work-item id
    appendWithLiteral(dis, vop2(rows.vXor, a, a), ~v, body);
    return;
  default: {
    static constexpr std::string_view kFamilies[] = {"valu", "valu", "salu", "vop3p", "mem"};
    for (const difftest::FamilyGenerator &g : families)
      if (g.name == kFamilies[kind]) {
        difftest::Rng rng(uint64_t{rec[0]} | uint64_t{a} << 8 | uint64_t{v} << 16);
        difftest::generateValid(g, rng, dis, body, 8);
        return;
      }
    return;
  }
  }
}

uint64_t splitmix(uint64_t &state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::vector<uint8_t> randomBytes(uint64_t &state, size_t n) {
  std::vector<uint8_t> out(n);
  for (size_t i = 0; i < n; i += 8) {
    const uint64_t r = splitmix(state);
    std::memcpy(out.data() + i, &r, std::min<size_t>(8, n - i));
  }
  return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < kHeaderBytes)
    return 0;
  const uint8_t *h = data;
  const isa::Target target = fuzz::targetFor(h[0]);
  const unsigned config = configIndex(h[0]);
  const unsigned wave = fuzz::wave64For(h[0]) ? 64 : 32;
  const disasm::Disassembler &dis = fuzz::disassemblerFor(h[0]);
  const std::vector<difftest::FamilyGenerator> families = difftest::familyGenerators(target);

  // The body: every record's instructions, as many as the largest template holds.
  std::vector<uint8_t> body;
  const size_t maxBody = kBodyCapacity - 4; // the last s_endpgm stays
  std::vector<uint8_t> one;
  for (size_t at = kHeaderBytes; at + kRecordBytes <= size; at += kRecordBytes) {
    one.clear();
    appendRecord(data + at, target, dis, families, one);
    if (body.size() + one.size() > maxBody)
      break;
    body.insert(body.end(), one.begin(), one.end());
  }
  const Template &tmpl = kernelTemplate(config);

  // The code object: the template with the body and the header's descriptor fields.
  std::string elf = tmpl.elf;
  if (!body.empty()) // an empty vector's data() may be null
    std::memcpy(&elf[tmpl.bodyOffset], body.data(), body.size());
  const uint64_t textSize = tmpl.textBeforeBody + body.size() + 4;
  std::memcpy(&elf[tmpl.textSizeOffset], &textSize, 8);
  static constexpr uint32_t kVgprs[] = {256, 256, 256, 128, 64, 32, 16, 8};
  static constexpr uint32_t kLdsBytes[] = {0, 64, 1024, 65536, 4096, 16, 256, 32768};
  static constexpr uint32_t kPrivateBytes[] = {0, 4, 64, 256, 1024, 16, 8, 128};
  uint8_t *kdBytes = reinterpret_cast<uint8_t *>(&elf[tmpl.descriptorOffset]);
  isa::KernelDescriptor kd;
  isa::KernelDescriptor::decode(std::span<const uint8_t>(kdBytes, isa::KernelDescriptor::kSize),
                                kd);
  kd.groupSegmentFixedSize = kLdsBytes[h[2] & 7];
  kd.privateSegmentFixedSize = kPrivateBytes[(h[2] >> 3) & 7];
  namespace f = isa::kd;
  uint32_t &rsrc1 = kd.computePgmRsrc1;
  rsrc1 = f::kGranulatedWorkitemVgprCount.set(rsrc1, kVgprs[h[1] & 7] / (wave == 32 ? 8 : 4) - 1);
  rsrc1 = f::kFloatRoundMode32.set(rsrc1, h[3] & 3);
  rsrc1 = f::kFloatRoundMode16_64.set(rsrc1, (h[3] >> 2) & 3);
  rsrc1 = f::kFloatDenormMode32.set(rsrc1, (h[3] >> 4) & 3);
  rsrc1 = f::kFloatDenormMode16_64.set(rsrc1, (h[3] >> 6) & 3);
  rsrc1 = f::kEnableDx10Clamp.set(rsrc1, h[4] & 1);
  rsrc1 = f::kEnableIeeeMode.set(rsrc1, (h[4] >> 1) & 1);
  uint32_t &rsrc2 = kd.computePgmRsrc2;
  rsrc2 = f::kEnableVgprWorkitemId.set(rsrc2, (h[1] >> 3) & 3);
  rsrc2 = f::kEnableSgprWorkgroupIdY.set(rsrc2, (h[1] >> 5) & 1);
  rsrc2 = f::kEnableSgprWorkgroupIdZ.set(rsrc2, (h[1] >> 6) & 1);
  rsrc2 = f::kEnableSgprWorkgroupInfo.set(rsrc2, (h[1] >> 7) & 1);
  const std::array<uint8_t, isa::KernelDescriptor::kSize> encoded = kd.encode();
  std::memcpy(kdBytes, encoded.data(), encoded.size());

  // A fresh device for every input: guest addresses, and so every value the program computes
  // from them, are the same each time the input runs.
  runtime::DeviceOptions options;
  options.threads = 1;
  options.maxInstructionsPerWave = kInstructionLimit;
  runtime::Device device(options);
  uint64_t state = uint64_t{h[5]} | uint64_t{h[6]} << 8 | uint64_t{h[7]} << 16;
  static constexpr uint32_t kBuffer0Bytes[] = {4096, 256, 64, 65536};
  const uint32_t bytes0 = kBuffer0Bytes[h[0] >> 6], bytes1 = 1024;
  const uint64_t buf0 = device.alloc(bytes0), buf1 = device.alloc(bytes1);
  device.copyIn(buf0, randomBytes(state, bytes0).data(), bytes0);
  device.copyIn(buf1, randomBytes(state, bytes1).data(), bytes1);

  // GCNKIT_FUZZ_OBJECT=FILE writes the code object (llvm-objdump-19 -d shows what an input runs).
  if (const char *path = std::getenv("GCNKIT_FUZZ_OBJECT"))
    if (std::FILE *out = std::fopen(path, "wb")) {
      std::fwrite(elf.data(), 1, elf.size(), out);
      std::fclose(out);
    }
  std::string error;
  std::unique_ptr<runtime::Module> module = runtime::Module::load(
      device, std::span<const uint8_t>(reinterpret_cast<const uint8_t *>(elf.data()), elf.size()),
      error);
  if (!module)
    die("the kernel does not load", error);

  // Kernarg: the buffers, a raw buffer resource for the first (base, num_records, stride 0,
  // oob_select 3: accesses checked against num_records; or a random word 3 with another format,
  // range rule or add_tid), and random bytes for whatever else the program loads from it.
  std::vector<uint8_t> kernarg = randomBytes(state, 64);
  constexpr uint32_t kRawOob = 3u << 28;
  const uint32_t word3 = (h[0] & 0x20) ? static_cast<uint32_t>(splitmix(state)) : kRawOob;
  const uint32_t rsrc[4] = {static_cast<uint32_t>(buf0), static_cast<uint32_t>(buf0 >> 32) & 0xFFFF,
                            bytes0, word3};
  std::memcpy(kernarg.data(), &buf0, 8);
  std::memcpy(kernarg.data() + 8, &buf1, 8);
  std::memcpy(kernarg.data() + 16, rsrc, 16);

  const uint32_t waves = 1 + (h[0] & 1), groups = 1 + ((h[0] >> 4) & 1);
  const uint32_t block = waves * wave - (h[4] >> 2) % wave;
  uint32_t grid = block * groups;
  if ((h[0] & 2) && groups > 1)
    grid -= block / 2;
  // GCNKIT_FUZZ_TRACE=1 prints every executed instruction (to see what a reproducer runs).
  static const bool traced = std::getenv("GCNKIT_FUZZ_TRACE") != nullptr;
  runtime::LaunchOptions launchOptions;
  if (traced)
    launchOptions.trace = [](std::string_view line) {
      std::fwrite(line.data(), 1, line.size(), stderr);
    };
  runtime::KernelArgs args;
  args.addBytes(kernarg.data(), kernarg.size());
  const runtime::LaunchResult r =
      runtime::launch(device, *module, "k", runtime::LaunchConfig{{grid, 1, 1}, {block, 1, 1}, 0},
                      args, launchOptions);
  if (traced)
    std::fprintf(stderr, "%s\n", r.ok() ? "completed" : r.error.c_str());
  // Every stop is a completion or a fault report: the launch itself is always valid.
  if (!r.ok() && !r.fault)
    die("the launch failed without a fault", r.error);
  return 0;
}
