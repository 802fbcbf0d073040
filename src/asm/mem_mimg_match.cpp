// MIMG statements: `image_op vdata, vaddr, srsrc[, ssamp] dmask:N dim:D [unorm] [glc slc dlc]
// [r128] [a16] [tfe] [lwe] [d16]`. vaddr is a VGPR tuple or an NSA list `[v4, v9, ...]`. The
// register counts must agree with dmask / d16 / tfe and with dim / a16 (llvm-mc's "image data
// size" and "image address size" checks); BVH intersect_ray takes fixed-size operands.
#include "asm/mem_match.h"

#include <bit>
#include <string_view>

#include "isa/mem_symbolic.h"
#include "isa/target_info.h"

namespace gcnkit::assembler::mem {

namespace {

using isa::Field;
namespace m = isa::mem;

constexpr struct {
  Mod mod;
  uint32_t rowBit;
} kMimgMods[] = {
    {Mod::Dmask, isa::mod::Dmask}, {Mod::Dim, isa::mod::Dim},   {Mod::Unorm, isa::mod::Unorm},
    {Mod::CPol, isa::mod::Glc},    {Mod::R128, isa::mod::R128}, {Mod::A16, isa::mod::A16},
    {Mod::Tfe, isa::mod::Tfe},     {Mod::Lwe, isa::mod::Lwe},   {Mod::Da, 0},
    {Mod::D16, isa::mod::D16}};
constexpr Mod kNoR128[] = {Mod::R128}; // gfx9: "r128 modifier is not supported on this GPU"

constexpr unsigned kNsaMax = 5; // addresses an NSA encoding holds

// BVH intersect-ray instructions are the image rows without a dmask modifier (dmask, unorm and
// r128 are fixed).
bool isBvh(const isa::InstrDesc &row) { return !(row.modifiers & isa::mod::Dmask); }

// dim:SQ_RSRC_IMG_2D or dim:2D.
std::optional<unsigned> dimOf(std::string_view name) {
  constexpr std::string_view kPrefix = "SQ_RSRC_IMG_";
  for (unsigned d = 0; d < m::kImageDims.size(); ++d) {
    const std::string_view full = m::kImageDims[d];
    if (name == full || name == full.substr(kPrefix.size()))
      return d;
  }
  return std::nullopt;
}

bool readMimgValue(const MatchInput &, Mod mod, const ParsedOperand &op, uint32_t &value,
                   MatchFailure &fail) {
  if (mod == Mod::Dim) {
    std::optional<unsigned> d;
    if (op.expr && op.expr->op == ExprOp::Symbol)
      d = dimOf(op.expr->symbol);
    if (!d) {
      fail = {"invalid dim value", op.valueOffset};
      return false;
    }
    value = *d;
    return true;
  }
  if (op.expr || op.isList || op.swizzle || op.number.isReal) {
    fail = {"expected absolute expression", op.valueOffset};
    return false;
  }
  value = static_cast<uint32_t>(op.number.integer);
  return true;
}

bool isResource(const ParsedOperand &op, unsigned regs) {
  return op.kind == Kind::Register && op.reg.count == regs &&
         (op.reg.kind == RegKind::SGPR || op.reg.kind == RegKind::TTMP) && !op.neg && !op.abs;
}

// Register widths of the BVH NSA addresses: node pointer (two for bvh64), ray extent, origin,
// direction, inverse direction (direction and inverse direction share one operand with a16).

// The vaddr operand as a list of register tuples: one for a plain tuple (or a one-element
// list), up to five for NSA. `[v4, v5]` parses as one register but is an NSA list too.
struct Addresses {
  struct Tuple {
    unsigned index, regs;
  } tuples[kNsaMax] = {};
  size_t count = 0;
};

Addresses addressesOf(const ParsedOperand &op) {
  Addresses a;
  if (op.kind == Kind::RegisterList) {
    a.count = op.list.size();
    for (size_t j = 0; j < a.count; ++j)
      a.tuples[j] = {op.list[j].reg.index, op.list[j].reg.count};
  } else if (op.bracketed && op.reg.count <= kNsaMax) {
    a.count = op.reg.count;
    for (size_t j = 0; j < a.count; ++j)
      a.tuples[j] = {op.reg.index + static_cast<unsigned>(j), 1};
  } else {
    a.count = 1;
    a.tuples[0] = {op.reg.index, op.reg.count};
  }
  return a;
}

// gfx9 (no NSA): a bracketed list is one tuple, whose registers must be consecutive.
std::optional<Attempt> checkTupleList(const MatchInput &in, const ParsedOperand &op) {
  if (op.kind != Kind::RegisterList)
    return std::nullopt;
  for (size_t j = 1; j < op.list.size(); ++j)
    if (op.list[j].reg.index != op.list[j - 1].reg.index + op.list[j - 1].reg.count)
      return parseFailure(in,
                          {"registers in a list must have consecutive indices", op.list[j].offset});
  return std::nullopt;
}

} // namespace

Attempt matchMimg(const MatchInput &in, EncodedInstruction &out) {
  const isa::InstrDesc &row = in.row;
  const isa::TargetInfo &info = isa::targetInfo(in.target);
  const m::FormatLayout &lay = info.mem.mimg;
  // gfx9 has no image dim (nor the address model that goes with it) and no NSA; da instead.
  const bool addressModel = lay[m::kMimgDim].present();
  const bool nsaForm = lay[m::kMimgNsa].present();
  Mod order[std::size(kMimgMods)];
  size_t orderSize = 0;
  for (const auto &mm : kMimgMods)
    if (mm.mod == Mod::Da ? lay[m::kMimgDa].present() : (row.modifiers & mm.rowBit) != 0)
      order[orderSize++] = mm.mod;
  ModifierSyntax syntax{std::span<const Mod>(order, orderSize), row.numOperands, readMimgValue};
  syntax.nsaAddresses = !nsaForm ? 1 : isBvh(row) ? kNsaMax : m::mimgNsaDefault(row.flags);
  if (!lay[m::kMimgR128].present())
    syntax.unsupported = kNoR128;
  syntax.dlc = lay[m::kMimgDlc].present();
  Modifiers mods;
  if (std::optional<Attempt> a = parseModifiers(in, syntax, mods))
    return *a;

  // Registers: vdata, vaddr (tuple or NSA list), srsrc, ssamp.
  uint32_t srsrc = 0, ssamp = 0;
  bool agprData = false;
  for (unsigned k = 0; k < row.numOperands; ++k) {
    if (k >= in.ops.size())
      return Attempt::tooFew(in);
    const ParsedOperand &op = in.ops[k];
    const isa::OperandDesc &d = row.operands[k];
    bool ok = false;
    switch (d.field) {
    case Field::VDATA:
      // AccVGPR data (gfx90a's) is matched, then refused.
      agprData = op.kind == Kind::Register && op.reg.kind == RegKind::AGPR && !op.neg && !op.abs;
      ok = isAnyVgpr(op) || agprData;
      break;
    case Field::VADDR:
      ok = isAnyVgpr(op);
      if (!nsaForm)
        if (std::optional<Attempt> a = checkTupleList(in, op))
          return *a;
      if (op.kind == Kind::RegisterList) {
        ok = !op.list.empty() && op.list.size() <= kNsaMax;
        for (const ParsedOperand &r : op.list)
          ok = ok && isAnyVgpr(r);
      }
      break;
    case Field::SRSRC:
      ok = isResource(op, d.regs);
      srsrc = op.reg.encoding() / 4;
      break;
    default: // SSAMP
      ok = isResource(op, d.regs);
      ssamp = op.reg.encoding() / 4;
      break;
    }
    if (!ok)
      return Attempt::failure(in, k);
  }
  if (std::optional<Attempt> a = matchModifiers(in, row.numOperands, syntax, mods))
    return *a;

  const ParsedOperand &vdataOp = in.ops[0];
  Addresses addr = addressesOf(in.ops[1]);
  if (!nsaForm) { // one tuple however it was written
    unsigned regs = 0;
    for (size_t j = 0; j < addr.count; ++j)
      regs += addr.tuples[j].regs;
    addr.tuples[0].regs = regs;
    addr.count = 1;
  }
  const bool nsa = addr.count > 1;
  const bool a16 = mods.has(Mod::A16), tfe = mods.has(Mod::Tfe), d16 = mods.has(Mod::D16);
  const uint32_t dmask = mods.get(Mod::Dmask) & 0xF;
  const unsigned dim = mods.get(Mod::Dim);

  if (isBvh(row)) {
    const bool bvh64 = row.operands[1].regs == 12;
    if (vdataOp.reg.count != 4)
      return Attempt::failure(in, 0);
    bool addrOk = false;
    if (nsa) {
      const unsigned want[] = {bvh64 ? 2u : 1u, 1, 3, 3, 3};
      addrOk = addr.count == (a16 ? 4u : 5u);
      for (size_t j = 0; addrOk && j < addr.count; ++j)
        addrOk = addr.tuples[j].regs == want[j];
    } else {
      addrOk = addr.tuples[0].regs == row.operands[1].regs - (a16 ? 3u : 0u);
    }
    if (!addrOk)
      return Attempt::failure(in, 1);
  } else {
    if (addressModel && !mods.has(Mod::Dim))
      return Attempt::failure(in, in.ops.size() + 1, "operands are not valid for this GPU or mode");
    const bool gatherLike = row.flags & m::kMimgGatherLike;
    // vdata widths the instruction has variants for (what the decoder knows; the assembler
    // also takes the 32-bit-with-tfe / 64-bit atomic widths and one-register msaa_load data,
    // which the table does not say).
    const unsigned vdataRegs = vdataOp.reg.count;
    uint32_t variants = (row.flags >> m::kMimgVdataVariantsShift) & 0x1F;
    if (row.name.starts_with("image_atomic_"))
      variants = 0x1Fu & ~((variants & -variants) - 1); // every width from the narrowest
    else if (row.name == "image_msaa_load")
      variants = 0x1F;
    if (row.flags & m::kMimgVdata4As5)
      variants &= ~0x8u; // 32-bit atomics: the 4-dword variant takes five registers
    if (vdataRegs > 5 || !((variants >> (vdataRegs - 1)) & 1))
      return Attempt::failure(in, 0);
    // Without an address model the vaddr widths are the instruction's variants (as probed).
    if (!addressModel) {
      const unsigned regs = addr.tuples[0].regs;
      if (regs > 13 || !((m::mimgVaddrWidths(row.flags) >> (regs - 1)) & 1))
        return Attempt::failure(in, 1);
    }
    if (row.name == "image_msaa_load" && dim != m::kImageDimMsaa && dim != m::kImageDimMsaaArray)
      return Attempt::failure(in, mods.at(Mod::Dim), "invalid dim; must be MSAA type");
    // Data: one dword per dmask bit (four for gather4 / msaa_load), packed in pairs with d16,
    // plus the tfe status dword.
    unsigned data = gatherLike ? 4 : std::max(std::popcount(dmask), 1);
    if (d16)
      data = (data + 1) / 2;
    data += tfe;
    if (data != vdataRegs)
      return Attempt::failure(in, in.ops.size() + 1,
                              (row.modifiers & isa::mod::D16)
                                  ? "image data size does not match dmask, d16 and tfe"
                                  : "image data size does not match dmask and tfe");
    // Address: NSA lists hold one dword per register but the last, which may take the rest.
    unsigned expected = m::mimgAddressSize(row.flags, dim, a16);
    const unsigned maxPlain = m::mimgMaxPlainVaddr(row.flags);
    bool addrOk = !addressModel;
    if (!addressModel) {
    } else if (nsa) {
      const size_t n = addr.count;
      bool singles = true;
      for (size_t j = 0; j + 1 < n; ++j)
        singles = singles && addr.tuples[j].regs == 1;
      const unsigned last = addr.tuples[n - 1].regs;
      if (!singles || n > m::mimgNsaDefault(row.flags) || (last != 1 && expected <= kNsaMax))
        return Attempt::failure(in, 1);
      addrOk = (n - 1) + last == expected;
    } else {
      const unsigned regs = addr.tuples[0].regs;
      const bool variant = regs <= maxPlain ? regs <= 12 : (regs == 16 && maxPlain >= 13);
      if (!variant)
        return Attempt::failure(in, 1);
      if (expected > 12)
        expected = 16;
      addrOk = regs == expected || (regs == 8 && expected >= 5 && expected <= 7);
    }
    if (!addrOk)
      return Attempt::failure(in, in.ops.size() + 1,
                              "image address size does not match dim and a16");
    if (row.name.starts_with("image_atomic_") && dmask != 0x1 && dmask != 0x3 && dmask != 0xF)
      return Attempt::failure(in, mods.has(Mod::Dmask) ? mods.at(Mod::Dmask) : in.ops.size() + 1,
                              "invalid atomic image dmask");
    if (gatherLike && std::popcount(dmask) != 1)
      return Attempt::failure(in, mods.has(Mod::Dmask) ? mods.at(Mod::Dmask) : in.ops.size() + 1,
                              "invalid image_gather dmask: only one bit must be set");
  }

  if (agprData)
    return otherGpuForm(in);
  const bool bvh = isBvh(row);
  uint64_t v = lay.withKey(info.prefix(isa::Format::MIMG), row.opcode);
  v = lay[m::kMimgD16].set(v, d16);
  v = lay[m::kMimgA16].set(v, a16);
  v = lay[m::kMimgR128].set(v, bvh || mods.has(Mod::R128));
  v = withCachePolicy(v, mods, lay[m::kMimgGlc], lay[m::kMimgSlc], lay[m::kMimgDlc]);
  v = lay[m::kMimgDmask].set(v, bvh ? 0xFu : dmask);
  v = lay[m::kMimgUnorm].set(v, bvh || mods.has(Mod::Unorm));
  v = lay[m::kMimgDim].set(v, dim);
  v = lay[m::kMimgNsa].set(v, nsa);
  v = lay[m::kMimgDa].set(v, mods.has(Mod::Da));
  v = lay[m::kMimgVaddr].set(v, addr.tuples[0].index);
  v = lay[m::kMimgVdata].set(v, vdataOp.reg.index);
  v = lay[m::kMimgSrsrc].set(v, srsrc);
  v = lay[m::kMimgTfe].set(v, tfe);
  v = lay[m::kMimgLwe].set(v, mods.has(Mod::Lwe));
  v = lay[m::kMimgSsamp].set(v, ssamp);
  appendQword(out.bytes, v);
  // The listing shows the vaddr tuple as written where the decoder prints a fixed width.
  if (!addressModel)
    out.vaddrRegs = static_cast<uint8_t>(addr.tuples[0].regs);
  if (nsa) {
    uint32_t extra = 0;
    for (size_t j = 1; j < addr.count; ++j)
      extra |= addr.tuples[j].index << (8 * (j - 1));
    appendDword(out.bytes, extra);
  }
  return Attempt::success(in.ops.size());
}

} // namespace gcnkit::assembler::mem
