#include "compare.h"

#include <unistd.h>

#include <algorithm>
#include <map>
#include <sstream>

#include "gcnkit/mc_text.h"
#include "oracle.h"
#include "random_encodings.h"

namespace gcnkit::difftest {

namespace {

std::vector<std::string> splitLines(const std::string &s) {
  std::vector<std::string> lines;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);)
    lines.push_back(l);
  return lines;
}

} // namespace

std::vector<Block> splitBlocks(const std::string &out, const std::string &err, size_t probes) {
  std::vector<Block> blocks(probes);
  size_t idx = 0;
  const std::string markerText = std::string("\t") + kMarkerStatement;
  for (const std::string &l : splitLines(out)) {
    if (l == "\t.text")
      continue;
    if (l.rfind(markerText, 0) == 0 && l.find(kMarkerHex) != std::string::npos) {
      ++idx;
      continue;
    }
    if (idx < probes)
      blocks[idx].out += l + "\n";
  }
  std::vector<std::string> el = splitLines(err);
  for (size_t i = 0; i < el.size(); ++i) {
    // "<file>:<line>:<col>: <severity>: <message>" followed by the source line and a caret.
    size_t c1 = el[i].find(':');
    if (c1 == std::string::npos)
      continue;
    size_t lineNo = std::strtoul(el[i].c_str() + c1 + 1, nullptr, 10);
    if (lineNo == 0)
      continue;
    size_t probe = std::min((lineNo - 1) / 2, probes - 1);
    std::string text = el[i].substr(c1) + "\n";
    for (size_t k = 1; k <= 2 && i + k < el.size(); ++k)
      text += el[i + k] + "\n";
    i += 2;
    blocks[probe].err += text;
  }
  return blocks;
}

std::string hexLine(const std::vector<uint8_t> &bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string s;
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (i)
      s += ',';
    s += "0x";
    s += kHex[bytes[i] >> 4];
    s += kHex[bytes[i] & 15];
  }
  return s;
}

std::string randomEncodingsText(const CompareOptions &opts) {
  std::string out;
  Rng rng(opts.seed);
  for (const FamilyGenerator &g : familyGenerators(opts.target)) {
    if (!opts.families.empty() &&
        std::find(opts.families.begin(), opts.families.end(), g.name) == opts.families.end())
      continue;
    std::vector<uint8_t> e;
    for (uint64_t i = 0; i < opts.count; ++i) {
      e.clear();
      g.generate(rng, e);
      out += hexLine(e);
      out += '\n';
    }
  }
  return out;
}

uint64_t CompareReport::mismatches() const {
  uint64_t n = 0;
  for (const FamilyStats &f : families)
    n += f.mismatches;
  return n;
}

CompareReport compareWithLlvmMc(const CompareOptions &opts) {
  CompareReport report;
  std::vector<const FamilyGenerator *> gens;
  const std::vector<FamilyGenerator> all = familyGenerators(opts.target);
  for (const FamilyGenerator &g : all)
    if (opts.families.empty() ||
        std::find(opts.families.begin(), opts.families.end(), g.name) != opts.families.end())
      gens.push_back(&g);
  if (gens.empty()) {
    report.error = "no such family";
    return report;
  }
  disasm::Disassembler dis(opts.target,
                           opts.wave64 ? disasm::WaveSize::Wave64 : disasm::WaveSize::Wave32);
  Rng rng(opts.seed);
  for (const FamilyGenerator *g : gens) {
    FamilyStats stats;
    stats.name = std::string(g->name);
    // Compares one batch of encodings; false when llvm-mc did not run.
    auto compareBatch = [&](const std::vector<std::vector<uint8_t>> &encodings) {
      std::string text;
      for (const auto &e : encodings) {
        // Each encoding and each marker is an atomic block: bytes a failed instruction leaves
        // behind are not decoded as a following instruction, so nothing can swallow a marker.
        text += '[';
        text += hexLine(e);
        text += "]\n[";
        text += kMarkerHex;
        text += "]\n";
      }
      const size_t n = encodings.size();
      std::string path = writeTempFile(text, ".txt");
      ToolRun ref = llvmMcDisassemble(path, opts.showEncoding, opts.wave64, opts.target);
      unlink(path.c_str());
      if (ref.status != 0 && ref.out.empty()) {
        report.error = "llvm-mc-19 did not run (status " + std::to_string(ref.status) + ")";
        return false;
      }
      disasm::McTextOptions mo;
      mo.showEncoding = opts.showEncoding;
      disasm::McTextResult ours = disasm::disassembleMcText(dis, text, path, mo);
      std::vector<Block> want = splitBlocks(ref.out, ref.err, n);
      std::vector<Block> got = splitBlocks(ours.out, ours.err, n);
      for (size_t i = 0; i < n; ++i) {
        // The first byte of a block is at column 2 (after the bracket).
        if (!want[i].out.empty() && want[i].err.find(":2: warning") == std::string::npos)
          ++stats.decoded;
        if (want[i].out == got[i].out && want[i].err == got[i].err)
          continue;
        ++stats.mismatches;
        if (report.examples.size() < opts.maxReported)
          report.examples.push_back("input:    " + hexLine(encodings[i]) + "\nllvm-mc:\n" +
                                    want[i].out + want[i].err + "gcnkit:\n" + got[i].out +
                                    got[i].err);
      }
      stats.encodings += n;
      return true;
    };
    if (opts.everyRow && g->everyRow) {
      std::vector<std::vector<uint8_t>> encodings;
      g->everyRow(rng, encodings);
      stats.everyRow = encodings.size();
      if (!compareBatch(encodings))
        return report;
    }
    uint64_t total = opts.count / gens.size();
    for (uint64_t done = 0; done < total;) {
      size_t n = static_cast<size_t>(std::min<uint64_t>(opts.chunk, total - done));
      std::vector<std::vector<uint8_t>> encodings(n);
      for (auto &e : encodings)
        g->generate(rng, e);
      if (!compareBatch(encodings))
        return report;
      done += n;
    }
    report.families.push_back(stats);
  }
  return report;
}

} // namespace gcnkit::difftest
