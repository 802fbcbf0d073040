#include <charconv>

#include "asm/amdhsa.h"
#include "asm/metadata.h"
#include "asm/streamer.h"
#include "support/listing.h"
#include "support/numbers.h"

namespace gcnkit::assembler {

namespace {

using support::appendHex;
void appendInt(std::string &out, int64_t v) { support::appendDec(out, v); }

// A value as the listing shows it: the expression when it refers to labels, else the number.
void appendValue(std::string &out, const Expr *expr, int64_t value) {
  if (expr)
    out += printExpr(*expr);
  else
    appendInt(out, value);
}

// Characters .ascii prints as themselves; the rest as octal or C escapes (as llvm-mc does).
void appendQuoted(std::string &out, std::string_view bytes) {
  out += '"';
  for (unsigned char c : bytes) {
    switch (c) {
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    case '\r':
      out += "\\r";
      break;
    case '\b':
      out += "\\b";
      break;
    case '\f':
      out += "\\f";
      break;
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    default:
      if (c >= 0x20 && c < 0x7f) {
        out += static_cast<char>(c);
      } else {
        out += '\\';
        out += static_cast<char>('0' + ((c >> 6) & 7));
        out += static_cast<char>('0' + ((c >> 3) & 7));
        out += static_cast<char>('0' + (c & 7));
      }
    }
  }
  out += '"';
}

} // namespace

void TextStreamer::switchSection(const SectionSpec &section) {
  codeSection_ = section.flags.find('x') != std::string::npos;
  out_ += '\t';
  out_ += section.listing;
  out_ += '\n';
}

void TextStreamer::emitLabel(std::string_view name) {
  out_ += name;
  out_ += ":\n";
}

void TextStreamer::emitAssignment(std::string_view name, const Expr *expr, int64_t value) {
  out_ += ".set ";
  out_ += name;
  out_ += ", ";
  appendValue(out_, expr, value);
  out_ += '\n';
}

void TextStreamer::emitSymbolAttribute(std::string_view name, SymbolAttr attr) {
  switch (attr) {
  case SymbolAttr::Global:
    out_ += "\t.globl\t";
    break;
  case SymbolAttr::Local:
    out_ += "\t.local\t";
    break;
  case SymbolAttr::Weak:
    out_ += "\t.weak\t";
    break;
  case SymbolAttr::NoDeadStrip:
    out_ += "\t.no_dead_strip\t";
    break;
  case SymbolAttr::Protected:
    out_ += "\t.protected\t";
    break;
  case SymbolAttr::Hidden:
    out_ += "\t.hidden\t";
    break;
  case SymbolAttr::Internal:
    out_ += "\t.internal\t";
    break;
  case SymbolAttr::TypeFunction:
  case SymbolAttr::TypeObject:
    out_ += "\t.type\t";
    out_ += name;
    out_ += attr == SymbolAttr::TypeFunction ? ",@function\n" : ",@object\n";
    return;
  }
  out_ += name;
  out_ += '\n';
}

void TextStreamer::emitSize(std::string_view name, const Expr *expr, int64_t value) {
  out_ += "\t.size\t";
  out_ += name;
  out_ += ", ";
  appendValue(out_, expr, value);
  out_ += '\n';
}

void TextStreamer::emitValue(const Expr *expr, int64_t value, unsigned size) {
  switch (size) {
  case 1:
    out_ += "\t.byte\t";
    break;
  case 2:
    out_ += "\t.short\t";
    break;
  case 4:
    out_ += "\t.long\t";
    break;
  default:
    out_ += "\t.quad\t";
    break;
  }
  appendValue(out_, expr, value);
  out_ += '\n';
}

void TextStreamer::emitBytes(std::string_view bytes) {
  // llvm-mc prints a trailing NUL of a string as a separate .byte 0.
  bool nul = !bytes.empty() && bytes.back() == '\0';
  if (nul)
    bytes.remove_suffix(1);
  if (!bytes.empty() || !nul) {
    out_ += "\t.ascii\t";
    appendQuoted(out_, bytes);
    out_ += '\n';
  }
  if (nul)
    out_ += "\t.byte\t0\n";
}

void TextStreamer::emitFill(int64_t count, unsigned size, uint64_t value) {
  out_ += "\t.fill\t";
  appendInt(out_, count);
  out_ += ", ";
  appendInt(out_, size);
  out_ += ", ";
  appendHex(out_, value);
  out_ += '\n';
}

void TextStreamer::emitZeros(int64_t count, int64_t fill, bool hasFill) {
  out_ += "\t.zero\t";
  appendInt(out_, count);
  if (hasFill) {
    out_ += ',';
    appendInt(out_, fill & 0xff);
  }
  out_ += '\n';
}

// Data sections always show the fill byte; code sections (padded with s_nop unless a fill is
// given) show a non-zero fill only, and an empty place for it before a maximum.
void TextStreamer::emitAlign(const Alignment &alignment) {
  const auto [log2, fillSize, fill, hasFill, maxSkip, hasMax] = alignment;
  if (fillSize > 1) {
    // llvm-mc prints these as written, with the fill value always (no leading tab).
    out_ += fillSize == 2 ? ".p2alignw " : ".p2alignl ";
    appendInt(out_, log2);
    out_ += ", ";
    appendHex(out_, static_cast<uint64_t>(fill) & (fillSize == 2 ? 0xFFFF : 0xFFFFFFFF));
    if (hasMax) {
      out_ += ", ";
      appendInt(out_, maxSkip);
    }
    out_ += '\n';
    return;
  }
  out_ += "\t.p2align\t";
  appendInt(out_, log2);
  const bool showFill = codeSection_ ? hasFill && fill != 0 : true;
  if (showFill || hasMax) {
    out_ += ", ";
    if (showFill)
      appendHex(out_, static_cast<uint64_t>(hasFill ? fill : 0) & 0xff);
    if (hasMax) {
      out_ += ", ";
      appendInt(out_, maxSkip);
    }
  }
  out_ += '\n';
}

void TextStreamer::emitDirectiveLine(std::string_view text) {
  out_ += '\t';
  out_ += text;
  out_ += '\n';
}

void TextStreamer::emitAmdhsaKernel(const AmdhsaKernel &k) {
  out_ += "\t.amdhsa_kernel ";
  out_ += k.name;
  out_ += '\n';
  for (const auto &[name, value] : k.fields) {
    out_ += "\t\t.amdhsa_";
    out_ += name;
    out_ += ' ';
    appendInt(out_, value);
    out_ += '\n';
  }
  out_ += "\t.end_amdhsa_kernel\n";
}

void TextStreamer::emitIdent(std::string_view text) {
  out_ += "\t.ident\t";
  appendQuoted(out_, text);
  out_ += '\n';
}

void TextStreamer::emitAddrsigSym(std::string_view name) {
  out_ += "\t.addrsig_sym ";
  out_ += name;
  out_ += '\n';
}

void TextStreamer::emitAmdgpuMetadata(const MetadataNode &root) {
  out_ += "\t.amdgpu_metadata\n";
  out_ += metadataToYaml(root);
  out_ += "\n\t.end_amdgpu_metadata\n";
}

void TextStreamer::flushIfLarge() {
  if (sink_ && out_.size() >= (1u << 20)) {
    sink_(out_);
    out_.clear();
  }
}

void TextStreamer::emitInstruction(std::string_view text, const EncodedInstruction &inst,
                                   SourceLoc) {
  const size_t start = out_.size();
  support::appendListingLine(out_, text, inst.bytes, showEncoding_);
  if (!showEncoding_ || inst.fixups.empty())
    return;
  // The bytes a fixup fills show as its letter (A, B, ...), and a line per fixup follows.
  std::string line = out_.substr(start);
  out_.resize(start);
  const size_t list = line.rfind("; encoding: [") + 13;
  std::string encoding;
  for (size_t i = 0; i < inst.bytes.size(); ++i) {
    std::string_view item = std::string_view(line).substr(list + 5 * i, 4);
    for (size_t k = 0; k < inst.fixups.size(); ++k) {
      const InstFixup &fx = inst.fixups[k];
      if (i >= fx.offset && i < fx.offset + fixupSize(fx.kind))
        item = std::string_view("ABCDEFGH").substr(k, 1);
    }
    if (i)
      encoding += ',';
    encoding += item;
  }
  out_.append(line, 0, list);
  out_ += encoding;
  out_ += "]\n";
  for (size_t k = 0; k < inst.fixups.size(); ++k) {
    const InstFixup &fx = inst.fixups[k];
    out_.append(40, ' ');
    out_ += ";   fixup ";
    out_ += "ABCDEFGH"[k];
    out_ += " - offset: ";
    appendInt(out_, fx.offset);
    out_ += ", value: ";
    out_ += printFixupValue(*fx.expr);
    out_ += ", kind: ";
    out_ += fixupKindName(fx);
    out_ += '\n';
  }
  flushIfLarge();
}

} // namespace gcnkit::assembler
