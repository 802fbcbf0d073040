// ELF / objdump mode: gcnkit's output on real code objects (OpenCL and HIP kernels compiled by
// clang-19, linked by ld.lld-19, and an llvm-mc-19 object with layout corner cases) compared with
// `llvm-objdump-19 -d`; and malformed objects (every truncation, field corruptions, random
// mutations) rejected with a clean error.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "elf/elf_file.h"
#include "gcnkit/disasm.h"
#include "gcnkit/objdump.h"
#include "gcnkit/target.h"
#include "oracle.h"
#include "random_encodings.h"

#ifndef GCNKIT_SOURCE_DIR
#error "GCNKIT_SOURCE_DIR must name the source tree (for examples/)"
#endif

namespace gcnkit::elf {
namespace {

using difftest::runTool;

// Differences caused by an instruction family codec (the instruction's own bytes decode to other
// text or size in gcnkit) are reported, and fail the test only when kFamiliesExact is set; every
// other difference (labels, layout, addresses, padding, branch targets) always fails.
constexpr bool kFamiliesExact = true;

std::string readFile(const std::string &path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  return std::move(ss).str();
}

std::string tempDir() {
  static std::string dir = [] {
    char tmpl[] = "/tmp/gcnkit-elf-XXXXXX";
    const char *d = mkdtemp(tmpl);
    return std::string(d ? d : "/tmp");
  }();
  return dir;
}

// Removes the temporary directory when the test program ends.
class TempDirCleanup : public ::testing::Environment {
public:
  void TearDown() override { runTool({"rm", "-rf", tempDir()}); }
};
[[maybe_unused]] ::testing::Environment *const kCleanup =
    ::testing::AddGlobalTestEnvironment(new TempDirCleanup);

std::string example(const std::string &name) {
  return std::string(GCNKIT_SOURCE_DIR) + "/examples/" + name;
}

// Builds an object with the given command; returns its path or "" (with a test failure).
std::string build(const std::vector<std::string> &argv, const std::string &out) {
  difftest::ToolRun r = runTool(argv);
  EXPECT_EQ(r.status, 0) << argv[0] << " failed: " << r.err;
  return r.status == 0 ? out : std::string();
}

std::string compileCl(const std::string &src, const std::string &opt) {
  std::string out = tempDir() + "/" + src + opt + ".o";
  return build({"clang-19", "-x", "cl", "-target", "amdgcn-amd-amdhsa", "-mcpu=gfx1100",
                "-nogpulib", opt, "-c", example(src), "-o", out},
               out);
}

std::string compileHip(const std::string &src, const std::string &opt) {
  std::string out = tempDir() + "/" + src + opt + ".so";
  return build({"clang-19", "-x", "hip", "--cuda-device-only", "-nogpuinc", "-nogpulib",
                "--offload-arch=gfx1100", "--no-gpu-bundle-output", opt, "-c", example(src), "-o",
                out},
               out);
}

std::string assemble(const std::string &src) {
  std::string out = tempDir() + "/" + src + ".o";
  return build(
      {"llvm-mc-19", "-arch=amdgcn", "-mcpu=gfx1100", "-filetype=obj", example(src), "-o", out},
      out);
}

std::string link(const std::string &object) {
  if (object.empty())
    return {};
  std::string out = object + ".so";
  return build({"ld.lld-19", "-shared", object, "-o", out}, out);
}

// One instruction line of llvm-objdump's output: "\t<text> <pad>// <ADDR>: <DWORDS>[ <target>]".
struct InstLine {
  std::string text;
  uint64_t address = 0;
  std::vector<uint8_t> bytes;
};

bool parseInstLine(const std::string &line, InstLine &inst) {
  if (line.size() < 2 || line[0] != '\t' || line[1] == '\t')
    return false;
  const size_t comment = line.find("// ", 1);
  if (comment == std::string::npos || line.size() < comment + 16 || line[comment + 15] != ':')
    return false;
  inst.text = line.substr(1, comment - 1);
  while (!inst.text.empty() && inst.text.back() == ' ')
    inst.text.pop_back();
  inst.address = std::stoull(line.substr(comment + 3, 12), nullptr, 16);
  inst.bytes.clear();
  std::istringstream words(line.substr(comment + 16));
  std::string w;
  while (words >> w && w[0] != '<' && w[0] != ';') {
    const uint32_t v = static_cast<uint32_t>(std::stoul(w, nullptr, 16));
    const size_t n = w.size() / 2; // 8 hex digits per dword, 2 per trailing byte
    for (size_t i = 0; i < n; ++i)
      inst.bytes.push_back(static_cast<uint8_t>(v >> (8 * i)));
  }
  return true;
}

std::vector<std::string> splitLines(const std::string &s) {
  std::vector<std::string> lines;
  std::istringstream in(s);
  std::string line;
  while (std::getline(in, line))
    lines.push_back(line);
  return lines;
}

// Does gcnkit's codec agree with llvm-objdump on this instruction's own bytes? Branches are left
// out: their text depends on symbols, which is the objdump layer's business.
bool codecAgrees(const disasm::Disassembler &dis, const InstLine &ref, std::string &got) {
  disasm::Inst inst;
  const bool refUndecodable = ref.text.rfind(".long ", 0) == 0 || ref.text.rfind(".byte ", 0) == 0;
  if (dis.decode(ref.bytes, inst) != disasm::DecodeStatus::Success) {
    got = "<does not decode>";
    return refUndecodable;
  }
  for (int i = 0; i < inst.desc->numOperands; ++i)
    if (inst.desc->operands[i].kind == isa::OperandKind::Label)
      return true;
  got.clear();
  disasm::PrintOptions opts;
  opts.objdump = true;
  opts.address = ref.address;
  dis.print(inst, got, opts);
  return !refUndecodable && inst.size == ref.bytes.size() && got == ref.text;
}

struct Comparison {
  std::vector<std::string> layerDiffs; // objdump-layer differences: always failures
  std::vector<std::string> codecDiffs; // instructions a family codec prints differently
  size_t instructions = 0;
};

Comparison compareWithLlvmObjdump(const std::string &path) {
  Comparison c;
  difftest::ToolRun ref = runTool({"llvm-objdump-19", "-d", path});
  if (ref.status != 0) {
    c.layerDiffs.push_back("llvm-objdump-19 failed: " + ref.err);
    return c;
  }
  const std::string data = readFile(path);
  // The object's processor, as the objdump layer reads it (for the per-instruction check).
  elf::ElfError elfError;
  std::optional<elf::ElfFile> file = elf::ElfFile::parse(data, elfError);
  const isa::Target target = file ? file->target() : isa::Target::GFX1100;
  const disasm::Disassembler dis(target, isa::defaultWave64(target) ? disasm::WaveSize::Wave64
                                                                    : disasm::WaveSize::Wave32);
  ObjdumpResult got = objdump(dis, data, path);
  if (!got.ok) {
    c.layerDiffs.push_back("gcnkit failed: " + got.err);
    return c;
  }
  const std::vector<std::string> refLines = splitLines(ref.out), gotLines = splitLines(got.out);
  std::vector<std::string> refOther, gotOther; // every line that is not an instruction
  // Instruction lines by (section number, address): each section has its own addresses.
  using Key = std::pair<int, uint64_t>;
  std::map<Key, std::string> gotByAddress;
  InstLine inst;
  int section = 0;
  for (const std::string &l : gotLines) {
    if (parseInstLine(l, inst)) {
      gotByAddress[{section, inst.address}] = l;
    } else {
      section += l.rfind("Disassembly of section ", 0) == 0;
      gotOther.push_back(l);
    }
  }
  // Byte ranges where a codec decoded a different length: gcnkit's lines there are shifted.
  std::vector<std::pair<Key, uint64_t>> shifted; // (start, end address)
  auto isShifted = [&](const Key &k) {
    for (const auto &[start, end] : shifted)
      if (start.first == k.first && k.second >= start.second && k.second < end + 16)
        return true;
    return false;
  };
  std::set<Key> refKeys;
  section = 0;
  for (const std::string &l : refLines) {
    if (!parseInstLine(l, inst)) {
      section += l.rfind("Disassembly of section ", 0) == 0;
      refOther.push_back(l);
      continue;
    }
    ++c.instructions;
    const Key key{section, inst.address};
    refKeys.insert(key);
    auto it = gotByAddress.find(key);
    if (it != gotByAddress.end() && it->second == l)
      continue;
    std::string codecText;
    if (!codecAgrees(dis, inst, codecText)) {
      c.codecDiffs.push_back("llvm: " + l + "\n  gcnkit codec: " + codecText);
      shifted.emplace_back(key, inst.address + inst.bytes.size());
    } else if (it == gotByAddress.end() && isShifted(key)) {
      c.codecDiffs.push_back("llvm: " + l + "\n  gcnkit: (shifted by a codec difference)");
    } else {
      c.layerDiffs.push_back("llvm:   " + l + "\ngcnkit: " +
                             (it == gotByAddress.end() ? "(no line at this address)" : it->second));
    }
  }
  for (const auto &[key, line] : gotByAddress)
    if (!refKeys.count(key) && !isShifted(key))
      c.layerDiffs.push_back("gcnkit has an extra line: " + line);
  if (refOther != gotOther) {
    std::string diff = "non-instruction lines differ:\n";
    for (size_t i = 0; i < std::max(refOther.size(), gotOther.size()); ++i) {
      const std::string a = i < refOther.size() ? refOther[i] : "<none>";
      const std::string b = i < gotOther.size() ? gotOther[i] : "<none>";
      if (a != b) {
        diff += "  llvm:   " + a + "\n  gcnkit: " + b + "\n";
        break;
      }
    }
    c.layerDiffs.push_back(diff);
  }
  if (c.layerDiffs.empty() && c.codecDiffs.empty() && got.out != ref.out)
    c.layerDiffs.push_back("outputs differ in a way the line comparison missed");
  return c;
}

void expectSameAsLlvmObjdump(const std::string &path) {
  ASSERT_FALSE(path.empty());
  Comparison c = compareWithLlvmObjdump(path);
  EXPECT_GT(c.instructions, 0u) << path;
  for (size_t i = 0; i < c.layerDiffs.size() && i < 10; ++i)
    ADD_FAILURE() << path << ":\n" << c.layerDiffs[i];
  if (!c.codecDiffs.empty()) {
    std::string report = path + ": " + std::to_string(c.codecDiffs.size()) + " of " +
                         std::to_string(c.instructions) +
                         " instructions differ because of an instruction-family codec:\n";
    for (size_t i = 0; i < c.codecDiffs.size() && i < 10; ++i)
      report += c.codecDiffs[i] + "\n";
    if (kFamiliesExact)
      ADD_FAILURE() << report;
    else
      std::printf("%s", report.c_str());
  }
}

class ElfTools : public ::testing::Test {
protected:
  void SetUp() override {
    for (const char *tool : {"clang-19", "llvm-mc-19", "llvm-objdump-19", "ld.lld-19"})
      ASSERT_TRUE(difftest::haveTool(tool)) << tool
                                            << " is needed (apt-get install llvm-19 "
                                               "clang-19 lld-19)";
  }
};

TEST_F(ElfTools, OpenClObjectsMatchLlvmObjdump) {
  for (const char *opt : {"-O0", "-O2", "-O3"}) {
    expectSameAsLlvmObjdump(compileCl("saxpy.cl", opt));
    expectSameAsLlvmObjdump(compileCl("reduce.cl", opt));
  }
}

TEST_F(ElfTools, LinkedObjectsMatchLlvmObjdump) {
  expectSameAsLlvmObjdump(link(compileCl("reduce.cl", "-O2")));
  expectSameAsLlvmObjdump(link(compileCl("saxpy.cl", "-O1")));
}

TEST_F(ElfTools, HipObjectsMatchLlvmObjdump) {
  expectSameAsLlvmObjdump(compileHip("histogram.hip", "-O2"));
  expectSameAsLlvmObjdump(compileHip("histogram.hip", "-O0"));
}

TEST_F(ElfTools, LayoutCornerCasesMatchLlvmObjdump) {
  expectSameAsLlvmObjdump(assemble("objdump_cases.s"));
}

// The differential generators' random encodings (valid and invalid, all families) as one .text
// section: exercises every codec in objdump mode, the decoder's notes on misaligned register
// tuples, PC-relative operands, and resynchronisation after bytes that do not decode.
// An object whose .text is 20000 random encodings of the target's families; with `decodable`,
// only those gcnkit decodes whole (a family whose other encodings would be read by families
// that have not landed for the target).
std::string randomStreamObject(isa::Target target, const std::string &name,
                               const char *family = nullptr, bool decodable = false) {
  difftest::Rng rng(20261121);
  std::vector<difftest::FamilyGenerator> generators;
  for (const auto &g : difftest::familyGenerators(target))
    if (!family || g.name == family)
      generators.push_back(g);
  const disasm::Disassembler dis(target, isa::defaultWave64(target) ? disasm::WaveSize::Wave64
                                                                    : disasm::WaveSize::Wave32);
  std::string src = ".text\n.globl stream\n.type stream,@function\nstream:\n";
  std::vector<uint8_t> enc;
  for (int i = 0; i < 20000; ++i) {
    enc.clear();
    generators[i % generators.size()].generate(rng, enc);
    disasm::Inst inst;
    if (decodable &&
        (dis.decode(enc, inst) != disasm::DecodeStatus::Success || inst.size != enc.size()))
      continue;
    src += "  .byte ";
    for (size_t k = 0; k < enc.size(); ++k)
      src += (k ? "," : "") + std::to_string(enc[k]);
    src += "\n";
  }
  const std::string asmPath = tempDir() + "/" + name + ".s",
                    objPath = tempDir() + "/" + name + ".o";
  std::ofstream(asmPath) << src;
  return build({"llvm-mc-19", "-arch=amdgcn", difftest::mcpuFlag(target), "-filetype=obj", asmPath,
                "-o", objPath},
               objPath);
}

TEST_F(ElfTools, RandomInstructionStreamMatchesLlvmObjdump) {
  expectSameAsLlvmObjdump(randomStreamObject(isa::Target::GFX1100, "stream"));
}

// gfx908 salu encodings (the objdump layer picks the target from e_flags): branch targets,
// the decoder's notes on misaligned tuples (twice for a returning SMEM atomic's data).
TEST_F(ElfTools, Gfx908SaluStreamMatchesLlvmObjdump) {
  expectSameAsLlvmObjdump(randomStreamObject(isa::Target::GFX908, "salu908", "salu", true));
}

// Every gfx908 family: lane masks are SGPR pairs (compare results, carries, SDWA compares with
// SD set), and an SGPR where MFMA wants AccVGPRs draws the note of its SGPR class.
TEST_F(ElfTools, Gfx908RandomInstructionStreamMatchesLlvmObjdump) {
  expectSameAsLlvmObjdump(randomStreamObject(isa::Target::GFX908, "stream908", nullptr, true));
}

// The command line: `gcnkit dis` recognises ELF input, reads it from a file or standard input
// (named <stdin>, as llvm-objdump does), and fails with status 1 and one error line.
TEST_F(ElfTools, CommandLineMatchesLlvmObjdump) {
  const std::string obj = compileCl("saxpy.cl", "-O2");
  ASSERT_FALSE(obj.empty());
  const std::string gcnkit = GCNKIT_BINARY;
  difftest::ToolRun ours = runTool({gcnkit, "dis", obj});
  difftest::ToolRun ref = runTool({"llvm-objdump-19", "-d", obj});
  EXPECT_EQ(ours.status, 0) << ours.err;
  EXPECT_EQ(ours.out, ref.out);
  ours = runTool({"sh", "-c", "\"$0\" dis - < \"$1\"", gcnkit, obj});
  ref = runTool({"sh", "-c", "llvm-objdump-19 -d - < \"$0\"", obj});
  EXPECT_EQ(ours.status, 0) << ours.err;
  EXPECT_EQ(ours.out, ref.out);
  const std::string cut = tempDir() + "/truncated.o";
  std::ofstream(cut, std::ios::binary) << readFile(obj).substr(0, 1000);
  ours = runTool({gcnkit, "dis", cut});
  EXPECT_EQ(ours.status, 1);
  EXPECT_EQ(ours.out, "");
  EXPECT_EQ(ours.err.rfind("gcnkit: error: '" + cut + "': ", 0), 0u) << ours.err;
}

// ---- malformed input ----------------------------------------------------------------------

// A malformed object must give exactly one error line naming the file and an offset.
void expectCleanResult(const std::string &data, const std::string &what) {
  disasm::Disassembler dis;
  ObjdumpResult r = objdump(dis, data, "bad.o");
  if (r.ok)
    return;
  EXPECT_TRUE(r.out.empty()) << what;
  EXPECT_EQ(r.err.rfind("gcnkit: error: 'bad.o': ", 0), 0u) << what << ": " << r.err;
  EXPECT_NE(r.err.find(" (at offset 0x"), std::string::npos) << what << ": " << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << what << ": " << r.err;
}

std::string errorOf(const std::string &data) {
  disasm::Disassembler dis;
  ObjdumpResult r = objdump(dis, data, "bad.o");
  return r.ok ? std::string("<ok>") : r.err;
}

uint64_t get(const std::string &d, size_t off, int n) {
  uint64_t v = 0;
  for (int i = n - 1; i >= 0; --i)
    v = v << 8 | static_cast<uint8_t>(d[off + i]);
  return v;
}

void put(std::string &d, size_t off, int n, uint64_t v) {
  for (int i = 0; i < n; ++i)
    d[off + i] = static_cast<char>(v >> (8 * i));
}

class MalformedElf : public ElfTools {
protected:
  void SetUp() override {
    ElfTools::SetUp();
    obj_ = readFile(assemble("objdump_cases.s"));
    ASSERT_GT(obj_.size(), 64u);
    shoff_ = get(obj_, 40, 8);
    shnum_ = get(obj_, 60, 2);
    ASSERT_LE(shoff_ + shnum_ * 64, obj_.size());
  }
  // File offset of field `field` in the header of the first section of this type.
  size_t sectionField(uint32_t type, size_t field) const {
    for (size_t i = 0; i < shnum_; ++i)
      if (get(obj_, shoff_ + i * 64 + 4, 4) == type)
        return shoff_ + i * 64 + field;
    ADD_FAILURE() << "no section of type " << type;
    return 0;
  }
  std::string obj_;
  uint64_t shoff_ = 0, shnum_ = 0;
};

TEST_F(MalformedElf, EveryTruncationFailsCleanly) {
  for (size_t n = 0; n < obj_.size(); ++n) {
    const std::string cut = obj_.substr(0, n);
    expectCleanResult(cut, "truncated to " + std::to_string(n));
    // The section header table is at the end of the file: every cut loses part of it.
    EXPECT_NE(errorOf(cut), "<ok>") << "truncated to " << n;
  }
}

TEST_F(MalformedElf, EveryHeaderByteCorruptionIsHandled) {
  // Every byte of the ELF header and the section header table, set to values that make offsets,
  // sizes, counts and indexes hostile.
  std::vector<size_t> offsets;
  for (size_t i = 0; i < 64; ++i)
    offsets.push_back(i);
  for (size_t i = shoff_; i < shoff_ + shnum_ * 64; ++i)
    offsets.push_back(i);
  for (size_t off : offsets)
    for (uint8_t v : {0x00, 0x01, 0x7F, 0x80, 0xFF}) {
      std::string d = obj_;
      d[off] = static_cast<char>(v);
      expectCleanResult(d, "byte " + std::to_string(off) + " = " + std::to_string(v));
    }
}

TEST_F(MalformedElf, RandomMutationsAreHandled) {
  std::mt19937_64 rng(20261121);
  for (int round = 0; round < 3000; ++round) {
    std::string d = obj_;
    const int flips = 1 + static_cast<int>(rng() % 8);
    for (int i = 0; i < flips; ++i)
      d[rng() % d.size()] = static_cast<char>(rng());
    expectCleanResult(d, "mutation round " + std::to_string(round));
  }
}

TEST_F(MalformedElf, ErrorsNameTheProblemAndOffset) {
  auto with = [&](size_t off, int n, uint64_t v) {
    std::string d = obj_;
    put(d, off, n, v);
    return errorOf(d);
  };
  EXPECT_EQ(errorOf(obj_.substr(0, 20)),
            "gcnkit: error: 'bad.o': truncated ELF header: the file has 20 bytes, an ELF64 header "
            "needs 64 (at offset 0x14)\n");
  EXPECT_NE(with(4, 1, 1).find("ELF class 1 is not ELFCLASS64 (only 64-bit AMDGPU code objects "
                               "are supported) (at offset 0x4)"),
            std::string::npos);
  EXPECT_NE(with(5, 1, 2).find("is not little-endian"), std::string::npos);
  EXPECT_NE(with(18, 2, 62).find("e_machine 62 is not EM_AMDGPU (224)"), std::string::npos);
  EXPECT_NE(with(48, 4, 0x3F)
                .find("e_flags 0x3f names AMDGPU processor 0x3f; supported: gfx1100 "
                      "(0x41), gfx908 (0x30) (at offset 0x30)"),
            std::string::npos);
  EXPECT_NE(with(40, 8, ~uint64_t{0}).find("section header table offset"), std::string::npos);
  const std::string manySections = with(60, 2, 0xFFF0);
  EXPECT_NE(manySections.find("section header table (65520 entries"), std::string::npos);
  EXPECT_NE(manySections.find("(at offset 0x3c)"), std::string::npos);
  EXPECT_NE(with(62, 2, 0xFFF0).find("section name table index 65520 is out of range"),
            std::string::npos);
  // The .text section's data offset and size.
  const size_t textHeader = sectionField(1, 0); // SHT_PROGBITS: .text comes first
  ASSERT_NE(textHeader, 0u);
  EXPECT_NE(with(textHeader + 24, 8, obj_.size()).find("extends past the end of the file"),
            std::string::npos);
  EXPECT_NE(with(textHeader + 32, 8, uint64_t{1} << 62).find("extends past the end of the file"),
            std::string::npos);
  EXPECT_NE(with(textHeader, 4, 0xFFFFFF).find("name offset 0xffffff is outside"),
            std::string::npos);
  // The symbol table: entry size, string table link, a symbol's name and section index.
  EXPECT_NE(with(sectionField(2, 56), 8, 0).find("symbol entry size 0 is not 24"),
            std::string::npos);
  EXPECT_NE(with(sectionField(2, 40), 4, 9999).find("linked string table index 9999"),
            std::string::npos);
  const size_t symtab = get(obj_, sectionField(2, 24), 8);
  EXPECT_NE(with(symtab + 24, 4, 0xFFFFFFF).find("symbol 1: name offset 0xfffffff is outside"),
            std::string::npos);
  EXPECT_NE(with(symtab + 24 + 6, 2, 0xFEFF).find("section index 65279 is out of range"),
            std::string::npos);
}

} // namespace
} // namespace gcnkit::elf
