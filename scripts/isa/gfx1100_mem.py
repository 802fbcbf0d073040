"""Memory-family rows (DS, MUBUF, MTBUF, FLAT / GLOBAL / SCRATCH, MIMG, EXP) from llvm-mc-19.

For every format the opcode field is enumerated; each opcode that decodes gets a row. Operands
are found by giving every register field a distinct value and reading back where each number
appears in the printed text. Which fields the decoder requires to be zero and which it ignores
(drops on re-encoding) is found by flipping every bit of every field on a valid encoding; the
result is stored per field in the row's flags (see POLICY below), in the field order the
format's codec (src/disasm/mem_*.cpp) uses. Image instructions store a model of how llvm-mc
sizes vdata / vaddr instead (see the MIMG section).
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

# Field lists: (name, first bit, width); the codecs (src/disasm/mem_*.cpp) use the same order.
# Opcode and encoding bits are not listed.
DS_FIELDS = [("offset0", 0, 8), ("offset1", 8, 8), ("r16", 16, 1), ("gds", 17, 1),
             ("addr", 32, 8), ("data0", 40, 8), ("data1", 48, 8), ("vdst", 56, 8)]
MUBUF_FIELDS = [("offset", 0, 12), ("slc", 12, 1), ("dlc", 13, 1), ("glc", 14, 1),
                ("r15", 15, 3), ("vaddr", 32, 8), ("vdata", 40, 8), ("srsrc", 48, 5),
                ("tfe", 53, 1), ("offen", 54, 1), ("idxen", 55, 1), ("soffset", 56, 8)]
MTBUF_FIELDS = [("offset", 0, 12), ("slc", 12, 1), ("dlc", 13, 1), ("glc", 14, 1),
                ("format", 19, 7), ("vaddr", 32, 8), ("vdata", 40, 8), ("srsrc", 48, 5),
                ("tfe", 53, 1), ("offen", 54, 1), ("idxen", 55, 1), ("soffset", 56, 8)]
FLAT_FIELDS = [("offset", 0, 13), ("dlc", 13, 1), ("glc", 14, 1), ("slc", 15, 1),
               ("r25", 25, 1), ("vaddr", 32, 8), ("vdata", 40, 8), ("saddr", 48, 7),
               ("sve", 55, 1), ("vdst", 56, 8)]
EXP_FIELDS = [("en", 0, 4), ("tgt", 4, 6), ("r10", 10, 1), ("done", 11, 1), ("r12", 12, 1),
              ("rowen", 13, 1), ("r14", 14, 12), ("vsrc0", 32, 8), ("vsrc1", 40, 8),
              ("vsrc2", 48, 8), ("vsrc3", 56, 8)]
# Every MIMG field but the NSA bit, for building probes.
MIMG_FIELDS = [("dim", 2, 3), ("r5", 5, 2), ("unorm", 7, 1), ("dmask", 8, 4), ("slc", 12, 1),
               ("dlc", 13, 1), ("glc", 14, 1), ("r128", 15, 1), ("a16", 16, 1), ("d16", 17, 1),
               ("vaddr", 32, 8), ("vdata", 40, 8), ("srsrc", 48, 5), ("tfe", 53, 1),
               ("lwe", 54, 1), ("r55", 55, 3), ("ssamp", 58, 5), ("r63", 63, 1)]

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


def policies(bases, fields):
    """For each (key, words): (probe, {field: use|fixed|ignore|None})."""
    datas = []
    for _, w in bases:
        datas.append(llvmmc.words(*w))
        for _, lo, width in fields:
            for b in range(lo, lo + width):
                ww = list(w)
                ww[b // 32] ^= 1 << (b % 32)
                datas.append(llvmmc.words(*ww))
    ps = llvmmc.probe(datas)
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


def policy_flags(pol, fields):
    f = 0
    for i, (name, _, _) in enumerate(fields):
        f |= POLICY[pol[name]] << (2 * i)
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


def _ds_rows():
    bases = []
    for op in range(256):
        for gds in (0, 1):
            bases.append(((op, gds), (0xD8000000 | (op << 18) | (gds << 17), 0)))
    res = policies(bases, DS_FIELDS)
    found = []
    for op in range(256):
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
        base = (0xD8000000 | (op << 18) | (int(gds_req) << 17), 0)
        probes.append(llvmmc.words(*words_with(base, DS_FIELDS, v)))
        probes.append(llvmmc.words(*words_with(base, DS_FIELDS, {"offset1": 1})))
        probes.append(llvmmc.words(*words_with(base, DS_FIELDS, {"offset0": 0x10})))
    ps = llvmmc.probe(probes)
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
        flags = policy_flags(pol, DS_FIELDS)
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


def _buffer_rows(fmt):
    if fmt == "MUBUF":
        fields, enc, nops, opshift = MUBUF_FIELDS, 0xE0000000, 256, 18
        extra = 0
    else:
        fields, enc, nops, opshift = MTBUF_FIELDS, 0xE8000000, 16, 15
        extra = 1 << 19  # format 1: the default, not printed
    bases = []
    for op in range(nops):
        # offen set so that vaddr is a used field; cache invalidations take no offen.
        for offen in (1, 0):
            bases.append(((op, offen), (enc | extra | (op << opshift), offen << 22)))
    res = policies(bases, fields)
    found = []
    for op in range(nops):
        for offen in (1, 0):
            if res[(op, offen)][0].valid:
                found.append((op, *res[(op, offen)], offen))
                break
    probes = []
    for op, p0, pol, offen in found:
        base = (enc | extra | (op << opshift), offen << 22)
        v = {"vaddr": 10, "vdata": 20, "srsrc": 2, "soffset": 5}
        v = {k: n for k, n in v.items() if pol[k] == "use"}
        probes.append(llvmmc.words(*words_with(base, fields, v)))
        probes.append(llvmmc.words(*words_with(base, fields, dict(v, glc=1))))
    ps = llvmmc.probe(probes)
    rows = []
    for i, (op, p0, pol, _) in enumerate(found):
        p, pg = ps[2 * i], ps[2 * i + 1]
        mnem, ops, _ = split_text(p.text)
        dt = data_type(mnem)
        atomic = "_atomic_" in mnem
        operands = []
        flags = policy_flags(pol, fields)
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
            if pg.text is None or not pg.text.endswith(" glc"):
                raise RuntimeError(f"{mnem}: glc form {pg.text}")
        mods = []
        for name, m in (("offset", "Offset"), ("glc", "Glc"), ("slc", "Slc"), ("dlc", "Dlc"),
                        ("tfe", "Tfe"), ("offen", "Offen"), ("idxen", "Idxen"),
                        ("format", "Format")):
            if any(f[0] == name for f in fields) and pol[name] == "use":
                mods.append(m)
        rows.append(Row(mnem, fmt, op, operands, mods, flags))
    return rows


# ------------------------------------------------------------------- FLAT / GLOBAL / SCRATCH


def _flat_rows():
    rows = []
    for seg, fmt in ((0, "FLAT"), (1, "SCRATCH"), (2, "GLOBAL")):
        bases = []
        for op in range(128):
            w0 = 0xDC000000 | (op << 18) | (seg << 16)
            if seg == 0:
                w1 = 0x7C << 16
            elif seg == 1:
                w1 = (1 << 23) | (0x7C << 16)  # vaddr form: sve set, saddr off
            else:
                w1 = 0  # saddr form
            bases.append((op, (w0, w1)))
        res = policies(bases, FLAT_FIELDS)
        found = [(op, w, *res[op]) for op, w in bases if res[op][0].valid]
        probes = []
        for op, base, p0, pol in found:
            v = {"vaddr": 10, "vdata": 20, "vdst": 40}
            v = {k: n for k, n in v.items() if pol[k] == "use"}
            if fmt == "SCRATCH":
                v["saddr"] = 6
            elif fmt == "GLOBAL":
                v["saddr"] = 6
            probes.append(llvmmc.words(*words_with(base, FLAT_FIELDS, v)))
            probes.append(llvmmc.words(*words_with(base, FLAT_FIELDS, dict(v, glc=1))))
            if fmt == "SCRATCH":
                probes.append(llvmmc.words(*words_with(base, FLAT_FIELDS, dict(v, sve=0))))
            else:
                probes.append(llvmmc.words(*words_with(base, FLAT_FIELDS, dict(v, saddr=0x7C))))
        ps = llvmmc.probe(probes)
        for i, (op, base, p0, pol) in enumerate(found):
            p, pg, palt = ps[3 * i], ps[3 * i + 1], ps[3 * i + 2]
            mnem, ops, _ = split_text(p.text)
            dt = data_type(mnem)
            atomic = "_atomic_" in mnem
            flags = policy_flags(pol, FLAT_FIELDS)
            operands = []
            for tok in ops:
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
                _, alt_ops, _ = split_text(palt.text)
                for tok in alt_ops:
                    vr = reg_range(tok, _VREG)
                    if vr and vr[0] == 10:
                        for o in operands:
                            if o.field == "VADDR":
                                o.regs, o.type = vr[1], "U64"
            if atomic:
                flags |= FLAG_ATOMIC
                _, gops, _ = split_text(pg.text)
                # With glc the pre-op value is returned into vdst (printed first).
                ret = reg_range(gops[0], _VREG)
                if not any(o.field == "VDST" for o in operands):
                    operands.insert(0, Operand("VDST", "VReg", ret[1], dt, True))
            mods = []
            for name, m in (("offset", "Offset"), ("glc", "Glc"), ("slc", "Slc"), ("dlc", "Dlc")):
                if pol[name] == "use":
                    mods.append(m)
            rows.append(Row(mnem, fmt, op, operands, mods, flags))
    return rows


# --------------------------------------------------------------------------------------- EXP


def _exp_rows():
    base = (0xF8000000, 0)
    res = policies([(0, base)], EXP_FIELDS)
    p0, pol = res[0]
    flags = policy_flags(pol, EXP_FIELDS)
    ops = [Operand("TGT", "Special", 0, "None")]
    ops += [Operand(f"VSRC{i}", "VReg", 1, "B32") for i in range(4)]
    return [Row(p0.text.split()[0], "EXP", 0, ops, [], flags)]


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
# instructions are the ones whose dmask is fixed (0xf).
MIMG_POLICY_FIELDS = [("dim", 2, 3), ("unorm", 7, 1), ("dmask", 8, 4), ("slc", 12, 1),
                      ("dlc", 13, 1), ("glc", 14, 1), ("r128", 15, 1), ("a16", 16, 1),
                      ("d16", 17, 1), ("tfe", 53, 1), ("lwe", 54, 1), ("ssamp", 58, 5)]
# Bits every image instruction ignores (src/disasm/mem_mimg.cpp drops them on re-encoding).
MIMG_IGNORED_FIELDS = [("nsa1", 1, 1), ("r5", 5, 2), ("r55", 55, 3), ("r63", 63, 1)]
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


def _mimg_rows():
    enc = 0xF0000000

    def base_of(op, bvh):
        if bvh:
            return (enc | (op << 18) | (0xF << 8) | (1 << 15) | (1 << 7), 0)
        return (enc | (op << 18) | (1 << 8), 0)

    bases = []
    for op in range(256):
        for bvh in (False, True):
            bases.append(((op, bvh), base_of(op, bvh)))
    res = policies(bases, MIMG_POLICY_FIELDS + MIMG_IGNORED_FIELDS)
    found = []
    for op in range(256):
        for bvh in (False, True):
            p0, pol = res[(op, bvh)]
            if p0.valid:
                found.append((op, bvh, p0, pol))
                break
    rows = []
    for op, bvh, p0, pol in found:
        base = base_of(op, bvh)
        mnem, ops, _ = split_text(p0.text)
        flags = 0
        for name, _, _ in MIMG_IGNORED_FIELDS:
            if pol[name] != "ignore":
                raise RuntimeError(f"{mnem}: {name} is not ignored ({pol[name]})")
        for i, (name, _, _) in enumerate(MIMG_POLICY_FIELDS):
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
        ps = llvmmc.probe([llvmmc.words(*words_with(base, MIMG_FIELDS,
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
        # vaddr widths over dim x a16 (non-NSA) and the NSA default.
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
        plain = llvmmc.probe([llvmmc.words(*words_with(base, MIMG_FIELDS,
                                                       {"dim": dim, "a16": a16, "dmask": dm}))
                              for dim, a16 in grid])
        nsa = llvmmc.probe([llvmmc.words(*words_with((base[0] | 1, base[1]), MIMG_FIELDS,
                                                     {"dim": dim, "a16": a16, "dmask": dm}),
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
            (pd,) = llvmmc.probe([llvmmc.words(*words_with(base, MIMG_FIELDS, probe_vals))])
            plain_default = _vregs(split_text(pd.text)[1][1])
            if _vregs(split_text(pd.text)[1][0]) != default:
                raise RuntimeError(f"{mnem}: default probe converted: {pd.text}")
        if bvh:
            max_plain = max(seen.values())
            flags |= max_plain << 28
        else:
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
                                    converted[k] == (s <= max_plain or
                                                     (s > 12 and max_plain >= 13))
                                    for k, s in sizes.items()))
                                if ok and fit is None:
                                    fit = (extra, grads, g16, coords, lcm, max_plain)
            if fit is None:
                raise RuntimeError(f"{mnem}: no address model fits {seen}")
            extra, grads, g16, coords, lcm, max_plain = fit
            flags |= (extra << 22 | grads << 24 | g16 << 25 | lcm << 26 |
                      min(max_plain, 15) << 28 | coords << 15)
        dt = data_type(mnem)
        is_load = not (atomic or "_store" in mnem)
        operands = [Operand("VDATA", "VReg", default, dt, is_load),
                    Operand("VADDR", "VReg", plain_default, "B32"),
                    Operand("SRSRC", "SReg", _sregs(ops[2]), "B128" if bvh else "B256")]
        if sampler:
            operands.append(Operand("SSAMP", "SReg", 4, "B128"))
        # The modifiers are the policy fields the instruction reads (BVH fixes most of them).
        mods = [name.capitalize() for name, _, _ in MIMG_POLICY_FIELDS
                if name != "ssamp" and pol[name] == "use"]
        rows.append(Row(mnem, "MIMG", op, operands, mods, flags))
    return rows


def nsa_count(text):
    """Number of addresses in the NSA list of an image instruction text."""
    start = text.index(", [") + 3
    return len(text[start:text.index("], s[", start)].split(", "))


def _sregs(tok):
    m = re.match(r"s\[(\d+):(\d+)\]", tok)
    return int(m.group(2)) - int(m.group(1)) + 1 if m else 1


def rows():
    return (_ds_rows() + _buffer_rows("MUBUF") + _buffer_rows("MTBUF") + _flat_rows() +
            _mimg_rows() + _exp_rows())
