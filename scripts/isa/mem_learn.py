"""Memory-family rows (DS, MUBUF, MTBUF, FLAT / GLOBAL / SCRATCH, MIMG, EXP) learned from
llvm-mc-19: the learning every target's memory table shares.

A target is a Spec: its processor and, per format, a Layout naming where each field sits in the
64-bit instruction (the first dword's encoding bits come from the format). Every format has one
field order shared by all targets (the *_ORDER lists below); a target lacks some fields (width
0): gfx9 has no dlc, no NSA and no image dim, gfx11 no export compr / vm bits. A format's
opcode may be extended by a bit elsewhere in the word (gfx9's MUBUF / FLAT lds bit selects the
instruction that loads into LDS: another row, keyed by opcode | lds << opcode width). The same Layouts are written as C++ (src/isa/<target>/mem_layout.inc, read
through isa::TargetInfo::mem) for the codecs, the matchers and the emulator: the positions are
stated once, here.

For every format the opcode field is enumerated; each opcode that decodes gets a row. Operands
are found by giving every register field a distinct value and reading back where each number
appears in the printed text. Which fields the decoder requires to be zero and which it ignores
(drops on re-encoding) is found by flipping every bit of every field on a valid encoding; the
result is stored per field in the row's flags (see POLICY below), in the format's field order.
Bits a Layout declares ignored (or zero) for every instruction are checked on every row. Image
instructions store a model of how llvm-mc sizes vdata / vaddr instead (see the MIMG section).
"""

import re
import sys

import llvmmc
from row import Operand, Row

# Flags: 2 bits per field (in the format's field order): what the decoder does with the field.
POLICY = {"use": 0, "fixed": 1, "ignore": 2}
# Format-specific flag bits above the field policies.
FLAG_TWO_OFFSETS = 1 << 28  # DS: offset0 / offset1 instead of a 16-bit offset
FLAG_GDS_REQUIRED = 1 << 29  # DS: decodes only with gds set (GWS instructions)
FLAG_SWIZZLE = 1 << 30  # DS: offset printed as swizzle(...)
FLAG_ATOMIC = 1 << 28  # buffer / flat atomics: glc returns the pre-op value
FLAG_NO_VDATA_REG = 1 << 29  # MUBUF lds loads, buffer_gl*_inv: no vdata operand
FLAG_LDS_BEFORE_CPOL = 1 << 30  # MUBUF lds rows: ` lds` before glc / slc, not last

# The field order of each format (the order of the row flags' policies and of the C++ layout
# arrays in src/isa/mem_layout.h). Opcode and encoding bits are not listed.
DS_ORDER = ["offset0", "offset1", "reserved", "gds", "addr", "data0", "data1", "vdst"]
MUBUF_ORDER = ["offset", "slc", "dlc", "glc", "r15", "vaddr", "vdata", "srsrc", "tfe", "offen",
               "idxen", "soffset", "r53"]
MTBUF_ORDER = MUBUF_ORDER[:4] + ["format"] + MUBUF_ORDER[5:]  # the same with the format field
FLAT_ORDER = ["offset", "dlc", "glc", "slc", "r25", "vaddr", "vdata", "saddr", "sve", "vdst",
              "nv"]
# MIMG: the policy fields (a flag bit each), then the others.
MIMG_POLICY_ORDER = ["dim", "unorm", "dmask", "slc", "dlc", "glc", "r128", "a16", "d16", "tfe",
                     "lwe", "ssamp"]
MIMG_ORDER = MIMG_POLICY_ORDER + ["vaddr", "vdata", "srsrc", "nsa", "da"]
EXP_ORDER = ["en", "tgt", "r10", "done", "r12", "rowen", "r14", "vsrc0", "vsrc1", "vsrc2", "vsrc3",
             "compr", "vm"]


class Layout:
    """Where one format's fields sit on a target. fields: name -> (first bit, width) for the
    fields the target has; ignored / zero: bit ranges every instruction of the format ignores
    (dropped on re-encoding) / requires to be zero; opcode_ext: a bit that extends the opcode
    (the row key is opcode | ext << opcode width)."""

    def __init__(self, order, encoding, opcode, fields, ignored=(), zero=(), opcode_ext=(0, 0)):
        unknown = set(fields) - set(order)
        assert not unknown, unknown
        self.order, self.encoding, self.opcode, self.opcode_ext = order, encoding, opcode, opcode_ext
        self.fields = dict(fields)
        self.ignored, self.zero = list(ignored), list(zero)

    def has(self, name):
        return name in self.fields

    def present(self):
        """(name, lo, width) of the fields the target has, in the format's order."""
        return [(n, *self.fields[n]) for n in self.order if n in self.fields]

    def opcodes(self):
        """Every row key: the opcode with its extension bits above."""
        return range(1 << (self.opcode[1] + self.opcode_ext[1]))

    def base(self, op, **values):
        """The instruction words with this row key (opcode) and field values."""
        low = op & ((1 << self.opcode[1]) - 1)
        w = self.encoding | (low << self.opcode[0]) | (op >> self.opcode[1]) << self.opcode_ext[0]
        return words_with((w & 0xFFFFFFFF, w >> 32), self.present(), values)

    def extended(self, op):
        """Whether the row key has extension bits (gfx9: an lds instruction)."""
        return op >> self.opcode[1] != 0

    def mask(self, ranges):
        m = 0
        for lo, width in ranges:
            m |= ((1 << width) - 1) << lo
        return m


class Spec:
    """A target's memory encodings: processor, a Layout per format, and the format facts that
    are values rather than positions."""

    def __init__(self, mcpu, ds, mubuf, mtbuf, flat, mimg, exp, flat_seg, saddr_off, flat_saddr,
                 scratch_bases, mimg_bvh, buffer_format):
        self.mcpu = mcpu
        self.ds, self.mubuf, self.mtbuf, self.flat, self.mimg, self.exp = (
            ds, mubuf, mtbuf, flat, mimg, exp)
        self.flat_seg = flat_seg  # (lo, width) of FLAT's segment field: 0 flat, 1 scratch, 2 global
        self.saddr_off = saddr_off  # the saddr value that means no scalar address (off)
        self.flat_saddr = flat_saddr  # the value FLAT (no scalar address) requires in saddr
        # SCRATCH's address forms as field values: the form with a vaddr (probed for the
        # policies), and what turns the probe with an saddr into the other form (to learn the
        # operands one form prints as `off`).
        self.scratch_bases = scratch_bases
        self.mimg_bvh = mimg_bvh  # the target has BVH intersect-ray instructions
        self.buffer_format = buffer_format  # "unified" (gfx10+) or "split" (dfmt / nfmt, gfx9)

    def probe(self, datas):
        return llvmmc.probe(datas, mcpu=self.mcpu)


_TYPES = {
    "b8": "B8", "u8": "U8", "i8": "I8", "b16": "B16", "u16": "U16", "i16": "I16", "f16": "F16",
    "b32": "B32", "u32": "U32", "i32": "I32", "f32": "F32", "b64": "B64", "u64": "U64",
    "i64": "I64", "f64": "F64", "b96": "B96", "b128": "B128",
}


def data_type(name):
    toks = name.split("_")
    for t in reversed(toks):
        if t in _TYPES:
            return _TYPES[t]
    if "d16" in toks:
        return "B16"
    return "B32"


def words_with(base, fields, values):
    """base words with the named fields set to values."""
    w = list(base)
    for name, lo, width in fields:
        if name in values:
            v = values[name] & ((1 << width) - 1)
            for b in range(width):
                idx = lo + b
                if (v >> b) & 1:
                    w[idx // 32] |= 1 << (idx % 32)
                else:
                    w[idx // 32] &= ~(1 << (idx % 32))
    return tuple(w)


def policies(spec, bases, fields):
    """For each (key, words): (probe, {field: use|fixed|ignore|None})."""
    datas = []
    for _, w in bases:
        datas.append(llvmmc.words(*w))
        for _, lo, width in fields:
            for b in range(lo, lo + width):
                ww = list(w)
                ww[b // 32] ^= 1 << (b % 32)
                datas.append(llvmmc.words(*ww))
    ps = spec.probe(datas)
    out = {}
    i = 0
    for key, _ in bases:
        p0 = ps[i]
        i += 1
        pol = {}
        for name, lo, width in fields:
            votes = []
            for _ in range(width):
                p = ps[i]
                i += 1
                if not p0.valid:
                    continue
                if not p.valid:
                    votes.append("fixed")
                elif p.encodings[0] == p0.encodings[0] and p.text == p0.text:
                    votes.append("ignore")
                else:
                    votes.append("use")
            if not votes:
                pol[name] = None
            elif "use" in votes:
                pol[name] = "use"
            elif all(v == "fixed" for v in votes):
                pol[name] = "fixed"
            elif all(v == "ignore" for v in votes):
                pol[name] = "ignore"
            else:
                print(f"warning: {key} {name}: mixed policy {votes}", file=sys.stderr)
                pol[name] = "fixed" if "fixed" in votes else "ignore"
        out[key] = (p0, pol)
    return out


def layout_policies(spec, layout, bases):
    """policies() over the layout's fields plus its every-instruction ignored / zero bits, which
    are checked here (a row that disagrees is an error in the Layout)."""
    extra = [(f"ignored{lo}", lo, w) for lo, w in layout.ignored]
    extra += [(f"zero{lo}", lo, w) for lo, w in layout.zero]
    res = policies(spec, bases, layout.present() + extra)
    for key, (p0, pol) in res.items():
        if not p0.valid:
            continue
        for name, _, _ in extra:
            want = "ignore" if name.startswith("ignored") else "fixed"
            if pol[name] != want:
                raise RuntimeError(f"{spec.mcpu} {key} {p0.text}: bits {name} are {pol[name]}")
    return res


def policy_flags(pol, order):
    """The row flags' field policies; fields the target lacks are 0."""
    f = 0
    for i, name in enumerate(order):
        f |= POLICY[pol.get(name) or "use"] << (2 * i)
    return f


_VREG = re.compile(r"^v(\d+)$|^v\[(\d+):(\d+)\]$")
_SREG = re.compile(r"^s(\d+)$|^s\[(\d+):(\d+)\]$")


def split_text(text):
    """Mnemonic, operand strings, modifier strings of an instruction text."""
    mnem, _, rest = text.partition(" ")
    if not rest:
        return mnem, [], []
    parts = rest.split(", ")
    last = parts[-1].split(" ")
    ops = parts[:-1] + [last[0]]
    mods = last[1:]
    if ops and (":" in ops[0] and not ops[0].startswith(("v[", "s["))) or ops == ["gds"]:
        mods = ops + mods
        ops = []
    return mnem, ops, mods


def reg_range(tok, rx):
    m = rx.match(tok)
    if not m:
        return None
    if m.group(1) is not None:
        return int(m.group(1)), 1
    return int(m.group(2)), int(m.group(3)) - int(m.group(2)) + 1


# ---------------------------------------------------------------------------------------- DS


def ds_rows(spec):
    lay = spec.ds
    bases = []
    for op in lay.opcodes():
        for gds in (0, 1):
            bases.append(((op, gds), lay.base(op, gds=gds)))
    res = layout_policies(spec, lay, bases)
    found = []
    for op in lay.opcodes():
        p0, pol = res[(op, 0)]
        gds_req = False
        if not p0.valid:
            p0, pol = res[(op, 1)]
            gds_req = True
            if not p0.valid:
                continue
        found.append((op, p0, pol, gds_req))
    # Operands: distinct values in every used register field.
    vals = {"addr": 10, "data0": 20, "data1": 30, "vdst": 40}
    probes = []
    for op, p0, pol, gds_req in found:
        v = {k: n for k, n in vals.items() if pol[k] == "use"}
        base = lay.base(op, gds=int(gds_req))
        probes.append(llvmmc.words(*words_with(base, lay.present(), v)))
        probes.append(llvmmc.words(*words_with(base, lay.present(), {"offset1": 1})))
        probes.append(llvmmc.words(*words_with(base, lay.present(), {"offset0": 0x10})))
    ps = spec.probe(probes)
    rows = []
    field_of = {10: "VADDR", 20: "DATA0", 30: "DATA1", 40: "VDST"}
    for i, (op, p0, pol, gds_req) in enumerate(found):
        p, p_off1, p_swz = ps[3 * i], ps[3 * i + 1], ps[3 * i + 2]
        mnem, ops, _ = split_text(p.text)
        dt = data_type(mnem)
        operands = []
        for tok in ops:
            first, regs = reg_range(tok, _VREG)
            fld = field_of[first]
            if fld == "VADDR":
                operands.append(Operand("VADDR", "VReg", regs, "U32"))
            else:
                operands.append(Operand(fld, "VReg", regs, dt, fld == "VDST"))
        flags = policy_flags(pol, DS_ORDER)
        mods = []
        if pol["offset0"] == "use":
            mods.append("Offset")
        if pol["gds"] == "use" or gds_req:
            mods.append("Gds")
        if p_off1.text and "offset1:" in p_off1.text:
            flags |= FLAG_TWO_OFFSETS
        if p_swz.text and "swizzle(" in p_swz.text:
            flags |= FLAG_SWIZZLE
        if gds_req:
            flags |= FLAG_GDS_REQUIRED
        rows.append(Row(mnem, "DS", op, operands, mods, flags))
    return rows


# ------------------------------------------------------------------------------ MUBUF / MTBUF


def buffer_rows(spec, fmt):
    lay = spec.mubuf if fmt == "MUBUF" else spec.mtbuf
    order = MUBUF_ORDER if fmt == "MUBUF" else MTBUF_ORDER
    extra = {"format": 1} if fmt == "MTBUF" else {}  # format 1: the default, not printed
    bases = []
    for op in lay.opcodes():
        # offen set so that vaddr is a used field; cache invalidations take no offen.
        for offen in (1, 0):
            bases.append(((op, offen), lay.base(op, offen=offen, **extra)))
    res = layout_policies(spec, lay, bases)
    found = []
    for op in lay.opcodes():
        for offen in (1, 0):
            if res[(op, offen)][0].valid:
                found.append((op, *res[(op, offen)], offen))
                break
    probes = []
    for op, p0, pol, offen in found:
        base = lay.base(op, offen=offen, **extra)
        v = {"vaddr": 10, "vdata": 20, "srsrc": 2, "soffset": 5}
        v = {k: n for k, n in v.items() if pol[k] == "use"}
        probes.append(llvmmc.words(*words_with(base, lay.present(), v)))
        probes.append(llvmmc.words(*words_with(base, lay.present(), dict(v, glc=1))))
    ps = spec.probe(probes)
    rows = []
    for i, (op, p0, pol, _) in enumerate(found):
        p, pg = ps[2 * i], ps[2 * i + 1]
        mnem, ops, _ = split_text(p.text)
        dt = data_type(mnem)
        atomic = "_atomic_" in mnem
        operands = []
        flags = policy_flags(pol, order)
        for tok in ops:
            vr = reg_range(tok, _VREG)
            sr = reg_range(tok, _SREG)
            if vr and vr[0] == 20:
                is_load = "_load_" in mnem
                operands.append(Operand("VDATA", "VReg", vr[1], dt, is_load))
            elif vr and vr[0] == 10:
                operands.append(Operand("VADDR", "VReg", 1, "U32"))
            elif sr and sr[0] == 8:
                operands.append(Operand("SRSRC", "SReg", 4, "B128"))
            elif sr and sr[0] == 5:
                operands.append(Operand("SOFFSET", "SSrc", 1, "U32"))
            else:
                raise RuntimeError(f"{fmt} {op:#x}: unexpected operand {tok} in {p.text}")
        if not any(o.field == "VDATA" for o in operands):
            flags |= FLAG_NO_VDATA_REG
        if atomic:
            flags |= FLAG_ATOMIC
            # Atomics without a returning form (gfx9's float adds) have glc fixed at 0.
            if pol["glc"] != "fixed" and (pg.text is None or not pg.text.endswith(" glc")):
                raise RuntimeError(f"{mnem}: glc form {pg.text}")
        mods = []
        for name, m in (("offset", "Offset"), ("glc", "Glc"), ("slc", "Slc"), ("dlc", "Dlc"),
                        ("tfe", "Tfe"), ("offen", "Offen"), ("idxen", "Idxen"),
                        ("format", "Format")):
            if lay.has(name) and pol[name] == "use":
                mods.append(m)
        if lay.extended(op):
            mods.append("Lds")
            flags |= _lds_flags(p.text, pg)
        rows.append(Row(mnem, fmt, op, operands, mods, flags))
    return rows


def _lds_flags(text, pg):
    """An lds instruction (gfx9: the data goes to LDS) prints ` lds` after its cache policy
    bits, or, for buffer_store_lds_dword, before them (checked on its glc form)."""
    if not text.endswith(" lds"):
        raise RuntimeError(f"{text}: no trailing lds")
    if pg.text and " lds glc" in pg.text:
        return FLAG_LDS_BEFORE_CPOL
    if pg.text and not pg.text.endswith(" glc lds"):
        raise RuntimeError(f"{text}: glc form {pg.text}")
    return 0


# ------------------------------------------------------------------- FLAT / GLOBAL / SCRATCH


def flat_rows(spec):
    lay = spec.flat
    seg_lo = spec.flat_seg[0]
    rows = []
    for seg, fmt in ((0, "FLAT"), (1, "SCRATCH"), (2, "GLOBAL")):
        # The form whose probe names every operand a register: FLAT has no scalar address;
        # SCRATCH's vaddr form, GLOBAL's saddr form (its vaddr is then a 32-bit offset).
        if seg == 0:
            form = {"saddr": spec.flat_saddr}
        elif seg == 1:
            form = dict(spec.scratch_bases[0])
        else:
            form = {"saddr": 0}
        bases = []
        for op in lay.opcodes():
            w = lay.base(op, **form)
            bases.append((op, (w[0] | seg << seg_lo, w[1])))
        res = layout_policies(spec, lay, bases)
        found = [(op, w, *res[op]) for op, w in bases if res[op][0].valid]
        probes = []
        for op, base, p0, pol in found:
            v = {"vaddr": 10, "vdata": 20, "vdst": 40}
            v = {k: n for k, n in v.items() if pol[k] == "use"}
            if fmt != "FLAT":
                v["saddr"] = 6
            # The other address form: operands this one prints as `off` come from it.
            if fmt == "SCRATCH":
                alt = {**v, **spec.scratch_bases[1]}
            else:
                alt = dict(v, saddr=spec.saddr_off)
            for values in (v, dict(v, glc=1), alt):
                probes.append(llvmmc.words(*words_with(base, lay.present(), values)))
        ps = spec.probe(probes)
        for i, (op, base, p0, pol) in enumerate(found):
            p, pg, palt = ps[3 * i: 3 * i + 3]
            mnem, ops, _ = split_text(p.text)
            dt = data_type(mnem)
            atomic = "_atomic_" in mnem
            flags = policy_flags(pol, FLAT_ORDER)
            _, alt_ops, _ = split_text(palt.text) if palt.valid else (None, [], None)
            operands = []
            for k, tok in enumerate(ops):
                if tok == "off" and k < len(alt_ops) and alt_ops[k] != "off":
                    tok = alt_ops[k]
                vr = reg_range(tok, _VREG)
                sr = reg_range(tok, _SREG)
                if vr and vr[0] == 20:
                    operands.append(Operand("VDATA", "VReg", vr[1], dt))
                elif vr and vr[0] == 40:
                    operands.append(Operand("VDST", "VReg", vr[1], dt, True))
                elif vr and vr[0] == 10:
                    # The address width of the vaddr-only form (64-bit for FLAT / GLOBAL).
                    operands.append(Operand("VADDR", "VReg", vr[1], "U64" if vr[1] == 2 else "U32"))
                elif sr and sr[0] in (6, 6 & ~1):
                    operands.append(Operand("SADDR", "SReg", sr[1], "U64" if sr[1] == 2 else "U32"))
                elif tok == "off":
                    pass
                else:
                    raise RuntimeError(f"{fmt} {op:#x}: unexpected operand {tok} in {p.text}")
            if fmt == "GLOBAL" and palt.valid:
                # The row describes the saddr-off form, where vaddr holds the 64-bit address;
                # with an saddr it is a 32-bit offset (one register).
                for tok in alt_ops:
                    vr = reg_range(tok, _VREG)
                    if vr and vr[0] == 10:
                        for o in operands:
                            if o.field == "VADDR":
                                o.regs, o.type = vr[1], "U64"
            if atomic:
                flags |= FLAG_ATOMIC
                # With glc the pre-op value is returned into vdst (printed first); atomics
                # without a returning form (gfx9's float adds) have glc fixed at 0.
                if pol["glc"] != "fixed":
                    _, gops, _ = split_text(pg.text)
                    ret = reg_range(gops[0], _VREG)
                    if not any(o.field == "VDST" for o in operands):
                        operands.insert(0, Operand("VDST", "VReg", ret[1], dt, True))
            mods = []
            for name, m in (("offset", "Offset"), ("glc", "Glc"), ("slc", "Slc"), ("dlc", "Dlc")):
                if lay.has(name) and pol[name] == "use":
                    mods.append(m)
            if lay.extended(op):
                mods.append("Lds")
                if _lds_flags(p.text, pg):
                    raise RuntimeError(f"{p.text}: lds before glc")
            rows.append(Row(mnem, fmt, op, operands, mods, flags))
    return rows


# --------------------------------------------------------------------------------------- EXP


def exp_rows(spec):
    lay = spec.exp
    res = layout_policies(spec, lay, [(0, lay.base(0))])
    p0, pol = res[0]
    flags = policy_flags(pol, EXP_ORDER)
    ops = [Operand("TGT", "Special", 0, "None")]
    ops += [Operand(f"VSRC{i}", "VReg", 1, "B32") for i in range(4)]
    return [Row(p0.text.split()[0], "EXP", 0, ops, [], flags)]


def exp_target_names(spec):
    """The name llvm-mc's printer gives each 6-bit export target (None: invalid_target_N)."""
    lay = spec.exp
    ps = spec.probe([llvmmc.words(*lay.base(0, tgt=t)) for t in range(64)])
    names = []
    for t, p in enumerate(ps):
        name = p.text.split()[1]
        names.append(None if name == f"invalid_target_{t}" else name)
    return names


# -------------------------------------------------------------------------------------- MIMG
#
# An image instruction's vdata and vaddr widths depend on dmask / d16 / tfe and on dim / a16.
# llvm-mc decodes a default variant and converts it to the widths these fields ask for when
# the instruction has such a variant; otherwise both widths stay at the default. Each row
# stores the model that reproduces what llvm-mc prints (checked here against probes):
#   flags bits 0..11   the policy fields below that must hold their fixed value
#   bit 12             gather4 / msaa_load: four results whatever dmask says
#   bits 13..14        the default address count of the NSA form, minus 2
#   bits 16..20        vdata widths 1..5 the instruction has variants for
#   bit 21             a 4-dword vdata variant prints five registers (32-bit atomics)
#   bits 22..23        extra address arguments (offset, bias, z-compare)
#   bit 24             gradients; bit 25: 16-bit gradients (_g16)
#   bits 26..27        lod / clamp / mip / fragment arguments after the coordinates
#   bits 28..31        the widest non-NSA vaddr variant (13..16 mean 16)
#   bit 15             has coordinates
# VDATA.regs is the default vdata width, VADDR.regs the default (non-NSA) vaddr width. BVH
# instructions are the ones whose dmask is fixed (0xf). A target without the dim field (gfx9)
# prints vaddr at its default width whatever the other fields say: its rows have no address
# model; bits 13..15 and 22..31 hold instead the vaddr widths llvm-mc's assembler takes
# (widths 1..3 in bits 13..15, 4..13 in bits 22..31), probed through the assembler.
MIMG_COORDS = [1, 2, 3, 3, 2, 3, 3, 4]  # per dim: 1D 2D 3D CUBE 1D_ARRAY 2D_ARRAY MSAA MSAA_ARRAY
MIMG_GRADIENTS = [2, 4, 6, 4, 2, 4, 4, 4]


def mimg_addr_size(extra, grads, g16, coords, lcm, dim, a16):
    n = extra
    if grads:
        n += (((MIMG_GRADIENTS[dim] // 2) + 1) & ~1) if g16 else MIMG_GRADIENTS[dim]
    comps = (MIMG_COORDS[dim] if coords else 0) + lcm
    n += (comps + 1) // 2 if a16 else comps
    return n


def _vregs(tok):
    m = re.match(r"v\[(\d+):(\d+)\]", tok)
    return int(m.group(2)) - int(m.group(1)) + 1 if m else 1


def mimg_rows(spec):
    lay = spec.mimg
    fields = lay.present()
    policy_fields = [(n, lo, w) for n, lo, w in fields if n in MIMG_POLICY_ORDER]

    def base_of(op, bvh):
        if bvh:
            return lay.base(op, dmask=0xF, r128=1, unorm=1)
        return lay.base(op, dmask=1)

    bvh_forms = (False, True) if spec.mimg_bvh else (False,)
    bases = []
    for op in lay.opcodes():
        for bvh in bvh_forms:
            bases.append(((op, bvh), base_of(op, bvh)))
    res = layout_policies(spec, Layout(MIMG_ORDER, lay.encoding, lay.opcode,
                                       {n: (lo, w) for n, lo, w in policy_fields},
                                       lay.ignored, lay.zero), bases)
    found = []
    for op in lay.opcodes():
        for bvh in bvh_forms:
            p0, pol = res[(op, bvh)]
            if p0.valid:
                found.append((op, bvh, p0, pol))
                break
    has_dim = lay.has("dim")
    if lay.has("da"):
        # gfx9's da (array) bit: every image instruction takes it (the printer and the matcher
        # assume so).
        das = spec.probe([llvmmc.words(*words_with(base_of(op, bvh), fields, {"da": 1}))
                          for op, bvh, _, _ in found])
        for (op, bvh, p0, _), p in zip(found, das):
            if not p.valid or " da" not in p.text:
                raise RuntimeError(f"{p0.text}: da form {p.text}")
    rows = []
    for op, bvh, p0, pol in found:
        base = base_of(op, bvh)
        mnem, ops, _ = split_text(p0.text)
        flags = 0
        for i, name in enumerate(MIMG_POLICY_ORDER):
            if not lay.has(name):
                continue
            if pol[name] == "fixed":
                flags |= 1 << i
            elif pol[name] != "use":
                raise RuntimeError(f"{mnem}: field {name} policy {pol[name]}")
        atomic = "_atomic_" in mnem
        gather = "gather4" in mnem or "msaa_load" in mnem
        sampler = len(ops) == 4
        flags |= int(gather) << 12
        # vdata widths: every dmask with d16 / tfe where the fields are usable, dim 1D.
        combos = [(dm, d16, tfe) for dm in range(16) for d16 in (0, 1) for tfe in (0, 1)
                  if (d16 == 0 or pol["d16"] == "use") and (tfe == 0 or pol["tfe"] == "use")
                  and (not bvh or dm == 0xF)]
        ps = spec.probe([llvmmc.words(*words_with(base, fields,
                                                  {"dmask": dm, "d16": d16, "tfe": tfe}))
                         for dm, d16, tfe in combos])
        printed = {}
        for (dm, d16, tfe), p in zip(combos, ps):
            if not p.valid:
                raise RuntimeError(f"{mnem}: dmask {dm} d16 {d16} tfe {tfe} invalid")
            dst = 4 if gather else max(bin(dm).count("1"), 1)
            if d16:
                dst = (dst + 1) // 2
            dst += tfe
            printed.setdefault(dst, set()).add(_vregs(split_text(p.text)[1][0]))
        allowed, quirk45, default = 0, False, None
        for dst, seen in printed.items():
            if len(seen) != 1:
                raise RuntimeError(f"{mnem}: vdata {dst} prints {seen}")
            (n,) = seen
            if n == dst or (dst == 4 and n == 5):
                allowed |= 1 << (dst - 1)
                quirk45 = quirk45 or n != dst
            else:
                default = n
        if default is None:
            default = 4 if gather else min(d for d in range(1, 6) if allowed >> (d - 1) & 1)
        if bvh:
            default = 4
        flags |= allowed << 16 | int(quirk45) << 21
        if has_dim:
            flags, plain_default = _mimg_address_model(spec, mnem, base, bvh, pol, flags,
                                                       allowed, default, gather)
        else:
            plain_default = _vregs(ops[1])
            flags |= _mimg_vaddr_widths(spec, [p.text for p in ps])
        dt = data_type(mnem)
        is_load = not (atomic or "_store" in mnem)
        operands = [Operand("VDATA", "VReg", default, dt, is_load),
                    Operand("VADDR", "VReg", plain_default, "B32"),
                    Operand("SRSRC", "SReg", _sregs(ops[2]), "B128" if bvh else "B256")]
        if sampler:
            operands.append(Operand("SSAMP", "SReg", 4, "B128"))
        # The modifiers are the policy fields the instruction reads (BVH fixes most of them).
        mods = [name.capitalize() for name in MIMG_POLICY_ORDER
                if name != "ssamp" and lay.has(name) and pol[name] == "use"]
        rows.append(Row(mnem, "MIMG", op, operands, mods, flags))
    return rows


def _mimg_address_model(spec, mnem, base, bvh, pol, flags, allowed, default, gather):
    """gfx10+: the vaddr widths over dim x a16 (non-NSA) and the NSA default, as row flags;
    returns (flags, the default non-NSA vaddr width)."""
    lay = spec.mimg
    fields = lay.present()
    grid = [(dim, a16) for a16 in (0, 1) for dim in range(8)
            if (pol["dim"] == "use" or dim == 0) and (pol["a16"] == "use" or a16 == 0)]

    def dst_of(d):
        return 4 if gather else max(bin(d).count("1"), 1)

    # A dmask whose vdata width has a variant and differs from the default shows whether
    # llvm-mc converted the instruction for each dim / a16.
    cands = [d for d in (3, 1, 15, 7) if allowed >> (dst_of(d) - 1) & 1]
    cands.sort(key=lambda d: dst_of(d) == default)
    dm = 0xF if bvh else cands[0]
    telling = not bvh and dst_of(dm) != default
    plain = spec.probe([llvmmc.words(*words_with(base, fields,
                                                 {"dim": dim, "a16": a16, "dmask": dm}))
                        for dim, a16 in grid])
    nsa = spec.probe([llvmmc.words(*words_with(base, fields,
                                               {"dim": dim, "a16": a16, "dmask": dm, "nsa": 1}),
                                   0x04030201) for dim, a16 in grid])
    seen, converted = {}, {}
    for (dim, a16), p in zip(grid, plain):
        seen[(dim, a16)] = _vregs(split_text(p.text)[1][1])
        converted[(dim, a16)] = _vregs(split_text(p.text)[1][0]) == dst_of(dm)
    nsa_default = max(nsa_count(p.text) for p in nsa)
    flags |= (nsa_default - 2) << 13
    # The default vaddr width: what prints when the converted vdata would not fit.
    if bvh:
        plain_default = seen[(0, 0)]
    else:
        probe_vals = {"dmask": 0xF, "vdata": 256 - default}
        if gather or default >= 4:
            probe_vals["tfe"] = 1
        (pd,) = spec.probe([llvmmc.words(*words_with(base, fields, probe_vals))])
        plain_default = _vregs(split_text(pd.text)[1][1])
        if _vregs(split_text(pd.text)[1][0]) != default:
            raise RuntimeError(f"{mnem}: default probe converted: {pd.text}")
    if bvh:
        max_plain = max(seen.values())
        flags |= max_plain << 28
        return flags, plain_default
    fit = None
    for extra in range(4):
        for grads in (0, 1):
            for g16 in (0, 1) if grads else (0,):
                for coords in (1, 0):
                    for lcm in range(3):
                        sizes = {k: mimg_addr_size(extra, grads, g16, coords, lcm, *k)
                                 for k in seen}
                        max_plain = max([v for k, v in seen.items() if v == sizes[k] or
                                         (sizes[k] > 12 and v == 16)], default=0)
                        ok = all(v == (s if s <= max_plain else plain_default) or
                                 (s > 12 and v == 16)
                                 for (k, v), s in zip(seen.items(), sizes.values()))
                        ok = ok and (not telling or all(
                            converted[k] == (s <= max_plain or (s > 12 and max_plain >= 13))
                            for k, s in sizes.items()))
                        if ok and fit is None:
                            fit = (extra, grads, g16, coords, lcm, max_plain)
    if fit is None:
        raise RuntimeError(f"{mnem}: no address model fits {seen}")
    extra, grads, g16, coords, lcm, max_plain = fit
    flags |= (extra << 22 | grads << 24 | g16 << 25 | lcm << 26 | min(max_plain, 15) << 28 |
              coords << 15)
    return flags, plain_default


def _mimg_vaddr_widths(spec, texts):
    """The vaddr widths llvm-mc's assembler takes for an image instruction (texts: how it
    prints, for several dmask / d16 / tfe; the first the assembler takes back is varied), as
    row flags: widths 1..3 in bits 13..15, 4..13 in bits 22..31."""
    text = next(t for t, a in zip(texts, llvmmc.assemble(texts, mcpu=spec.mcpu))
                if a.error is None)
    mnem, ops, mods = split_text(text)
    first = int(re.match(r"v\[?(\d+)", ops[1]).group(1))
    stmts = []
    for n in range(1, 14):
        vaddr = f"v{first}" if n == 1 else f"v[{first}:{first + n - 1}]"
        stmts.append(f"{mnem} {', '.join([ops[0], vaddr] + ops[2:])} {' '.join(mods)}")
    widths = [n for n, a in zip(range(1, 14), llvmmc.assemble(stmts, mcpu=spec.mcpu))
              if a.error is None]
    if _vregs(ops[1]) not in widths:
        raise RuntimeError(f"{text}: the assembler rejects the printed vaddr ({widths})")
    flags = 0
    for n in widths:
        flags |= 1 << (13 + n - 1) if n <= 3 else 1 << (22 + n - 4)
    return flags


def nsa_count(text):
    """Number of addresses in the NSA list of an image instruction text."""
    start = text.index(", [") + 3
    return len(text[start:text.index("], s[", start)].split(", "))


def _sregs(tok):
    m = re.match(r"s\[(\d+):(\d+)\]", tok)
    return int(m.group(2)) - int(m.group(1)) + 1 if m else 1


def rows(spec):
    return (ds_rows(spec) + buffer_rows(spec, "MUBUF") + buffer_rows(spec, "MTBUF") +
            flat_rows(spec) + mimg_rows(spec) + exp_rows(spec))


# ------------------------------------------------------------------------- the C++ layout

# Export target names every processor's llvm-mc knows (src/isa/mem_symbolic.h has the same):
# a target prints the ones it has and rejects the others as "not supported on this GPU".
def exp_target_name(t):
    if t <= 7:
        return f"mrt{t}"
    named = {8: "mrtz", 9: "null", 20: "prim", 21: "dual_src_blend0", 22: "dual_src_blend1"}
    if t in named:
        return named[t]
    if 12 <= t <= 16:
        return f"pos{t - 12}"
    if 32 <= t <= 63:
        return f"param{t - 32}"
    return None


def exp_targets_mask(spec):
    """Bit t set when the target prints export target t by name (checked against the names
    shared by every processor)."""
    mask = 0
    for t, name in enumerate(exp_target_names(spec)):
        if name is None:
            continue
        if name != exp_target_name(t):
            raise RuntimeError(f"{spec.mcpu}: export target {t} prints {name}")
        mask |= 1 << t
    return mask


def soffset_literal(spec):
    """Whether MUBUF's soffset takes a literal (255 and a dword after the instruction; gfx9:
    no), probed on buffer_load_dword's first opcode that decodes with it."""
    lay = spec.mubuf
    for op in range(1 << lay.opcode[1]):
        plain, lit = spec.probe([llvmmc.words(*lay.base(op, soffset=s), 0x12345678)
                                 for s in (1, 255)])
        if plain.valid:
            return lit.valid and lit.size == 12
    raise RuntimeError("no MUBUF opcode decodes")


def _render_layout(name, lay):
    lines = [f"    .{name} = {{{{{lay.opcode[0]}, {lay.opcode[1]}}}, // opcode",
             f"        {{{lay.opcode_ext[0]}, {lay.opcode_ext[1]}}}, // opcode extension",
             "        {{"]
    for n in lay.order:
        lo, width = lay.fields.get(n, (0, 0))
        lines.append(f"            {{{lo}, {width}}}, // {n}")
    lines.append("        }},")
    lines.append(f"        0x{lay.mask(lay.ignored):x}, // ignored")
    lines.append(f"        0x{lay.mask(lay.zero):x}}}, // zero")
    return "\n".join(lines) + "\n"


def layout_files(spec):
    """src/isa/<target>/mem_layout.inc: the Spec's layouts as an isa::mem::MemLayout."""
    out = [f"// {spec.mcpu} memory-format field layouts. Generated by scripts/gen_tables.py from",
           "// scripts/isa/mem_learn.py's Spec (the layout the table's probes used); do not edit.",
           "// FormatLayout: {opcode, opcode extension, {fields in the format's order}, ignored",
           "// bits, zero bits}.",
           "{\n"]
    for name in ("ds", "mubuf", "mtbuf", "flat", "mimg", "exp"):
        out.append(_render_layout(name, getattr(spec, name)))
    syntax = "Unified" if spec.buffer_format == "unified" else "Split"
    out.append(f"    .flatSegment = {{{spec.flat_seg[0]}, {spec.flat_seg[1]}}},\n"
               f"    .saddrOff = 0x{spec.saddr_off:x},\n"
               f"    .flatSaddr = 0x{spec.flat_saddr:x},\n"
               f"    .bufferFormat = mem::BufferFormatSyntax::{syntax},\n"
               f"    .soffsetLiteral = {'true' if soffset_literal(spec) else 'false'},\n"
               f"    .expTargets = 0x{exp_targets_mask(spec):x},\n"
               "}\n")
    text = "\n".join(out[:4]) + "\n" + "".join(out[4:])
    return {f"src/isa/{spec.mcpu}/mem_layout.inc": text}
