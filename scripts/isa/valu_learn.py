"""VALU rows (VOP1, VOP2, VOPC, VOP3, VOP3SD, with their DPP16 / DPP8 / SDWA variants) derived
from llvm-mc-19, for any target: what differs between targets (the VOP3 prefix and opcode space,
where the VOP3 forms of VOP1 / VOP2 / VOPC start, whether SDWA exists) is a Spec.

For every format the opcode field is enumerated with a few operand layouts; the first layout
that decodes is the base encoding. Its printed operands are mapped to encoding fields by changing
one field at a time, and each source field is then probed with SGPRs, VGPRs, inline constants
and literals to learn its kind, width and immediate type. VOP3 modifier bits are flipped one by
one to learn which ones the decoder accepts, which it prints and which the re-encoding keeps.

Row flags (src/disasm/valu_internal.h names them; valu_codec.cpp / valu_print.cpp read them):
  VOP3 / VOP3SD: bits 0..12  modifier bits the decoder accepts (bit i = word0 bit 8+i for
                             i < 8, word1 bit 27+(i-8) otherwise; VOP3SD: only clamp / omod /
                             neg are modifier bits, sdst is an operand)
                 bits 13..25 modifier bits the re-encoding keeps
                 bits 26..28 number of op_sel entries llvm-mc prints (0: none seen)
                 bits 29..31 source i is an integer operand in the DPP forms (neg prints as
                             sext(...) there, while the plain VOP3 form prints it as -x)
  VOP1/2/C:      bits 0..3   operand index i is a 16-bit VGPR limited to v0..v127 (llvm-mc
                             prints an "Invalid register" note for v128+)
                 bits 4..7   operand index i fails to decode with a VGPR >= v128
                 bits 8..11  DPP16 dword bit 20+k (src0 neg, src0 abs, src1 neg, src1 abs) is
                             accepted by the decoder
                 bits 12..15 ... and kept by the re-encoding
                 bits 16..23 SDWA dword bit 13, 14, 19, 20, 21, 27, 28, 29 (clamp, omod,
                             src0 sext / neg / abs, src1 sext / neg / abs) is accepted by the
                             decoder (rows with mod::Sdwa)
                 bits 24, 26 DPP16 dword bit 20 / 22 (src0 / src1 neg) is kept but not
                             printed (operands without input modifiers: gfx9's v_dot2c_*)
                 bit 31      16-bit VGPRs are printed with .l / .h (true16 forms)
"""

import re

import llvmmc
from row import Operand, Row

W = llvmmc.words
V = 256  # VGPR base in 9-bit source fields

TYPE_TOKEN = re.compile(r"^(bf16|[fiub](?:8|16|32|64))$")


def _vop1(op, vdst=1, src0=V + 2):
    return (0x3F << 25) | (vdst << 17) | (op << 9) | src0


def _vop2(op, vdst=1, src0=V + 2, vsrc1=3):
    return (op << 25) | (vdst << 17) | (vsrc1 << 9) | src0


def _vopc(op, src0=V + 2, vsrc1=3):
    return (0x3E << 25) | (op << 17) | (vsrc1 << 9) | src0


class Spec:
    """What a target's VALU encodings look like to the probes."""

    def __init__(self, mcpu, vop3_prefix, vop3_ops, twin_base, sdwa=False, skip_vop3=()):
        self.mcpu = mcpu
        self.vop3_prefix = vop3_prefix  # the 6-bit VOP3 prefix
        self.vop3_ops = vop3_ops  # the VOP3 opcodes to enumerate
        self.twin_base = twin_base  # VOP3 opcode of the VOP1 / VOP2 / VOPC opcode 0
        self.sdwa = sdwa
        self.skip_vop3 = set(skip_vop3)  # VOP3 opcodes another generator describes


_spec = None  # the Spec being learned (set by rows())


def _vop3(op, w0mods=0, vdst=1):
    return (_spec.vop3_prefix << 26) | (op << 16) | (w0mods << 8) | vdst


def _w1(s0=V + 2, s1=V + 3, s2=V + 4, hi=0):
    return s0 | (s1 << 9) | (s2 << 18) | (hi << 27)


# ---- encoding builders: a format's instruction as a function of its fields ----------------


class Enc:
    """One instruction layout: fields -> bytes. Fields: vdst, sdst, src0, src1, src2, lit."""

    def __init__(self, fmt, op, fields):
        self.fmt, self.op, self.f = fmt, op, dict(fields)

    def with_(self, **kw):
        e = Enc(self.fmt, self.op, self.f)
        e.f.update(kw)
        return e

    def bytes(self, mods0=0, hi=0):
        f = self.f
        lit = f.get("lit", 0x12345678)
        if self.fmt == "VOP1":
            return W(_vop1(self.op, f["vdst"], f["src0"]), lit)
        if self.fmt == "VOP2":
            return W(_vop2(self.op, f["vdst"], f["src0"], f["src1"]), lit)
        if self.fmt == "VOPC":
            return W(_vopc(self.op, f["src0"], f["src1"]), lit)
        w0 = _vop3(self.op, mods0 | f.get("sdst", 0), f["vdst"])
        return W(w0, _w1(f["src0"], f["src1"], f["src2"], hi), lit)


def _layouts(fmt, op):
    if fmt == "VOP1":
        return [Enc(fmt, op, dict(vdst=1, src0=V + 2)), Enc(fmt, op, dict(vdst=0, src0=0))]
    if fmt == "VOP2":  # all-zero: v_illegal
        return [Enc(fmt, op, dict(vdst=1, src0=V + 2, src1=3)),
                Enc(fmt, op, dict(vdst=0, src0=0, src1=0))]
    if fmt == "VOPC":
        return [Enc(fmt, op, dict(src0=V + 2, src1=3))]
    base = dict(vdst=1, src0=V + 2, src1=V + 3, src2=V + 4)
    return [
        Enc(fmt, op, base),
        Enc(fmt, op, dict(base, src2=0)),
        Enc(fmt, op, dict(base, src1=0, src2=0)),
        Enc(fmt, op, dict(base, src2=106)),
        Enc(fmt, op, dict(vdst=0, src0=0, src1=0, src2=0)),
    ]


def _operands_text(text):
    """Operand tokens of a printed instruction (modifiers like clamp / op_sel stripped)."""
    parts = text.split(None, 1)
    if len(parts) == 1:
        return parts[0], []
    toks, depth, cur = [], False, ""
    rest = parts[1]
    i = 0
    while i < len(rest):
        if rest.startswith("/*", i):
            depth = True
        elif rest.startswith("*/", i):
            depth = False
        if rest[i] == "," and not depth:
            toks.append(cur.strip())
            cur = ""
        else:
            cur += rest[i]
        i += 1
    toks.append(cur.strip())
    return parts[0], toks


def _strip(tok):
    return re.sub(r"/\*.*?\*/", "", tok).strip("|-")


def _regs_of(tok):
    m = re.match(r"^[vs]\[(\d+):(\d+)\]$", tok) or re.match(r"^ttmp\[(\d+):(\d+)\]$", tok)
    if m:
        return int(m.group(2)) - int(m.group(1)) + 1
    if tok in ("vcc", "exec"):
        return 2
    return 1


def _probe_map(encs):
    """Probes a dict key -> bytes; returns key -> Probe."""
    keys = list(encs)
    return dict(zip(keys, llvmmc.probe([encs[k] for k in keys], mcpu=_spec.mcpu)))


# ---- type inference ------------------------------------------------------------------------


def _name_types(name):
    """Type tokens of a mnemonic, in order (ubyteN sources are u32, i4 a small integer)."""
    base = re.sub(r"_(e32|e64|dpp|e64_dpp)$", "", name)
    out = []
    for t in base.split("_"):
        if re.match(r"^ubyte\d$", t):
            out.append("u32")
        elif t == "i4":
            out.append("i32")
        elif TYPE_TOKEN.match(t):
            out.append(t)
    return out


def _type_for(cls, letter_hint, bits):
    """DataType name from the probed immediate class and a type letter from the mnemonic."""
    if cls == "F64":
        return "F64"
    if cls == "I64":
        return {"i": "I64", "u": "U64"}.get(letter_hint, "B64")
    if cls == "F16":
        return "F16"
    if cls == "I16":
        return {"i": "I16", "u": "U16"}.get(letter_hint, "B16")
    if cls in ("BF16", "V2F16", "V2BF16"):
        return cls
    if bits == 64:
        return "F64" if letter_hint == "f" else {"i": "I64", "u": "U64"}.get(letter_hint, "B64")
    if bits == 16:
        return "F16" if letter_hint == "f" else {"i": "I16", "u": "U16"}.get(letter_hint, "B16")
    return {"f": "F32", "i": "I32", "u": "U32"}.get(letter_hint, "B32")


def _int_type(ty, regs):
    """The integer type of the same width (llvm-mc prints neg on it as sext)."""
    if ty in ("I16", "U16", "I32", "U32", "I64", "U64"):
        return ty
    if ty in ("F16", "B16", "BF16"):
        return "I16"
    if ty in ("F64", "B64") or regs == 2:
        return "I64"
    return "I32"


# ---- main learning -------------------------------------------------------------------------

SRC_FIELDS = ("src0", "src1", "src2")


def _learn(fmt, ops):
    """Rows for one format: opcode -> Row."""
    # 1. base encodings
    bases = {}
    for li in range(5):
        todo = {op: _layouts(fmt, op)[li] for op in ops
                if op not in bases and li < len(_layouts(fmt, op))}
        if not todo:
            break
        res = _probe_map({op: e.bytes() for op, e in todo.items()})
        for op, p in res.items():
            if p.valid:
                bases[op] = (todo[op], p)
    rows = []
    # 2. map printed tokens to fields by changing one field at a time
    deltas = {"vdst": 4, "src0": 4, "src1": 4, "src2": 4}
    variants = {}
    for op, (e, p) in bases.items():
        for fld in e.f:
            if fld == "lit":
                continue
            if e.f[fld] == 0 and fld != "vdst":
                continue
            variants[(op, fld)] = e.with_(**{fld: e.f[fld] + deltas.get(fld, 4)}).bytes()
        if fmt == "VOP3":
            variants[(op, "sdst")] = e.bytes(mods0=6)
    vres = _probe_map(variants)
    # 3. per-source probes: sgpr, const, literals, high vgpr
    SPROBES = {
        "sgpr": 10, "vgpr": V + 10, "c5": 128 + 5, "c05": 240, "c248": 248, "ttmp": 108 + 4,
        "l_3800": (255, 0x3800), "l_12343800": (255, 0x12343800), "l_3f00": (255, 0x3F00),
        "l_12343f00": (255, 0x12343F00), "vhi": V + 130,
    }
    sp = {}
    for op, (e, p) in bases.items():
        for fld in SRC_FIELDS:
            if fld not in e.f or (e.f[fld] == 0 and fmt == "VOP3"):
                continue
            for k, v in SPROBES.items():
                if fmt in ("VOP2", "VOPC") and fld == "src1" and k != "vhi":
                    continue
                if isinstance(v, tuple):
                    enc = e.with_(**{fld: v[0], "lit": v[1]})
                else:
                    if fmt in ("VOP2", "VOPC") and fld == "src1":
                        v = v - V
                    enc = e.with_(**{fld: v})
                sp[(op, fld, k)] = enc.bytes()
        sp[(op, "vdst", "vhi")] = e.with_(vdst=130).bytes()
        sp[(op, "vdst", "sgpr")] = e.with_(vdst=10).bytes()
    spres = _probe_map(sp)
    # 4. VOP3 modifier bits
    mres = {}
    if fmt == "VOP3":
        mp = {}
        for op, (e, p) in bases.items():
            for i in range(13):
                if i < 8:
                    mp[(op, i)] = e.bytes(mods0=1 << i)
                else:
                    mp[(op, i)] = e.bytes(hi=1 << (i - 8))
        mres = _probe_map(mp)
    # 5. DPP forms
    dp = {}
    for op, (e, p) in bases.items():
        if "src0" not in e.f:
            continue
        dpp16 = 0xFF0000E4 | 2  # quad_perm identity, all rows/banks, src0 = v2
        dpp8 = 0x00FAC688 | 2  # dpp8:[0,1,2,3,4,5,6,7]
        if fmt == "VOP3":
            w = e.bytes()
            w0 = int.from_bytes(w[0:4], "little")
            w1 = int.from_bytes(w[4:8], "little")
            dp[(op, 16)] = W(w0, (w1 & ~0x1FF) | 0xFA, dpp16)
            dp[(op, 8)] = W(w0, (w1 & ~0x1FF) | 0xE9, dpp8)
        else:
            dp[(op, 16)] = e.with_(src0=0xFA, lit=dpp16).bytes()
            dp[(op, 8)] = e.with_(src0=0xE9, lit=dpp8).bytes()
    dres = _probe_map(dp)
    # DPP source neg: which sources print it as sext(...) (integer operands of the DPP form)
    np_ = {}
    for (op, kind), b in dp.items():
        if kind != 16 or not dres[(op, 16)].valid:
            continue
        for si in range(2 if fmt != "VOP3" else 3):
            if fmt == "VOP3":
                w0 = int.from_bytes(b[0:4], "little")
                w1 = int.from_bytes(b[4:8], "little")
                np_[(op, si)] = W(w0, w1 | (1 << (29 + si)), int.from_bytes(b[8:12], "little"))
            else:
                w0 = int.from_bytes(b[0:4], "little")
                np_[(op, si)] = W(w0, int.from_bytes(b[4:8], "little") | (1 << (20 + 2 * si)))
    nres = _probe_map(np_)
    # 32-bit DPP16 source modifier bits (dword bits 20..23): accepted? kept?
    mp16 = {}
    if fmt != "VOP3":
        for (op, kind), b in dp.items():
            if kind != 16 or not dres[(op, 16)].valid or "quad_perm" not in dres[(op, 16)].text:
                continue
            w0 = int.from_bytes(b[0:4], "little")
            w1 = int.from_bytes(b[4:8], "little")
            for k in range(4):
                mp16[(op, k)] = W(w0, w1 | (1 << (20 + k)))
    m16res = _probe_map(mp16)
    # SDWA forms (src0 = 0xF9): which decode, and which modifier bits the decoder accepts
    sdres = _learn_sdwa(fmt, bases) if _spec.sdwa and fmt != "VOP3" else {}

    for op in sorted(bases):
        e, p = bases[op]
        name, toks = _operands_text(p.text)
        # which field each token follows
        tok_field = [None] * len(toks)
        for fld in list(e.f) + (["sdst"] if fmt == "VOP3" else []):
            q = vres.get((op, fld))
            if q is None or not q.valid:
                continue
            _, qt = _operands_text(q.text)
            if len(qt) != len(toks):
                continue
            for i, (a, b) in enumerate(zip(toks, qt)):
                if a != b and tok_field[i] is None:
                    tok_field[i] = fld
        ntypes = _name_types(name)
        no_i16 = set()  # operand indices that are 32-bit although the name says 16
        operands = []
        flags = 0
        is_sd = False
        for i, tok in enumerate(toks):
            fld = tok_field[i]
            clean = _strip(tok)
            regs = _regs_of(clean)
            if fld is None:
                if re.match(r"^0x[0-9a-f]+$", clean):  # fmamk / fmaak constant
                    bits = 16 if ntypes and ntypes[0].endswith("16") else 32
                    operands.append(Operand("LITERAL", "KImm", 1, _type_for(None, "f", bits)))
                else:
                    # vcc_lo: the VOPC result and v_*_co_ci carry-out come before any source
                    # (definitions); v_cndmask's selector and the carry-in come after them.
                    is_def = all(tf in (None, "vdst") for tf in tok_field[:i])
                    operands.append(Operand("None", "SReg", 1, "LaneMask", is_def))
                continue
            is_def = fld in ("vdst", "sdst")
            field = {"vdst": "VDST", "sdst": "SDST", "src0": "SRC0", "src1": "SRC1",
                     "src2": "SRC2"}[fld]
            if fmt in ("VOP2", "VOPC") and fld == "src1":
                field = "VSRC1"
            if fld == "sdst":
                is_sd = True
            # type hint letter
            if is_def:
                hint = ntypes[0] if ntypes else "b32"
            else:
                hint = ntypes[1] if len(ntypes) > 1 and "cvt" in name else (ntypes[-1] if ntypes else "b32")
            letter = hint[0]
            if fld in ("vdst", "sdst"):
                kind = "VReg" if clean.startswith("v") else "SReg"
                ty = _type_for(None, letter, 32 * regs if regs > 1 else int(re.sub(r"\D", "", hint) or 32))
                if hint == "bf16":
                    ty = "BF16"
                if "_pk_" in name and ty in ("F16", "I16", "U16"):
                    ty = "V2F16" if ty == "F16" else "V2I16"  # two packed results
                if kind == "SReg" and fmt in ("VOP3",) and (fld == "sdst" or "v_cmp" in name):
                    ty = "LaneMask"
                if ty == "LaneMask":
                    regs = 1  # the wave size decides (isa::operandRegs)
                hv = spres.get((op, fld, "vhi"))
                if kind == "VReg" and fmt != "VOP3" and (hv is None or not hv.valid):
                    flags |= 1 << (4 + i)
                operands.append(Operand(field, kind, regs, ty, True))
                continue
            pr = lambda k: spres.get((op, fld, k))
            def ok(k):
                q = pr(k)
                if q is None or not q.valid:
                    return False
                qt = _operands_text(q.text)[1]
                return len(qt) == len(toks) and "Invalid" not in qt[i]
            acc_s, acc_c = ok("sgpr"), ok("c5")
            if fmt in ("VOP2", "VOPC") and fld == "src1":
                acc_s, acc_c, acc_v = False, False, True
            else:
                acc_v = ok("vgpr")
            if acc_c and acc_v:
                kind = "VSrc"
            elif acc_v and acc_s:
                kind = "SOrVReg"
            elif acc_v:
                kind = "VReg"
            elif acc_c:
                kind = "SSrc"
            else:
                kind = "SReg"
            hv = pr("vhi")
            if fmt != "VOP3" and hv is not None and hv.valid and "Lo128" in hv.text:
                flags |= 1 << i
            if fmt != "VOP3" and (hv is None or not hv.valid):
                flags |= 1 << (4 + i)
            # immediate class
            cls = None
            if acc_c:
                def txt(k):
                    q = pr(k)
                    if q is None or not q.valid:
                        return None
                    return _strip(_operands_text(q.text)[1][i])
                t05, t248 = txt("c05"), txt("c248")
                l1, l2, l3, l4 = txt("l_3800"), txt("l_12343800"), txt("l_3f00"), txt("l_12343f00")
                if t248 == "0.15915494309189532":
                    cls = "F64" if l1 == "0x3800" and t05 == "0.5" and letter == "f" else "I64"
                    if regs == 1:
                        cls = None
                elif t05 == "0x3800":
                    cls = "I16"
                elif l2 == "0.5":
                    cls = "F16"
                elif l4 == "0.5":
                    cls = "BF16"
                elif l1 == "0.5":
                    cls = "V2F16"
                elif l3 == "0.5":
                    cls = "V2BF16"
                elif l1 is None and l2 is None and l3 is None and l4 is None:
                    # No literals in this encoding (gfx9 VOP3): the name decides, except that
                    # an operand printing float constants as floats is no 16-bit integer.
                    cls = None
                    no_i16.add(i)
                else:
                    cls = "B32"
            bits = 32 * regs
            if cls is None and regs == 1:
                bits = int(re.sub(r"\D", "", hint) or 32)
                bits = 16 if bits == 16 else 32
            ty = _type_for(cls, letter, bits)
            if kind == "SReg" and ("cndmask" in name or "_co_" in name or "div_fmas" in name):
                ty = "LaneMask"
                regs = 1
            operands.append(Operand(field, kind, regs, ty, False))
        if any(".l" in t or ".h" in t for t in toks):
            flags |= 1 << 31
        wide = {"I16": "I32", "U16": "U32", "B16": "B32"}
        mods = []
        if fmt == "VOP3":
            valid = kept = 0
            printed = set()
            base_enc = p.encodings[0]
            for i in range(13):
                q = mres[(op, i)]
                if is_sd and i < 7:
                    continue  # sdst field
                if not q.valid:
                    continue
                valid |= 1 << i
                if q.encodings[0] != base_enc:
                    kept |= 1 << i
                t = q.text
                if t != p.text:
                    if "|" in t:
                        printed.add("Abs")
                    if "op_sel" in t:
                        printed.add("OpSel")
                    if "clamp" in t:
                        printed.add("Clamp")
                    if "mul:" in t or "div:" in t:
                        printed.add("Omod")
                    if re.search(r"(^|[ ,])(-[vst0-9|]|neg\()", t.split(None, 1)[1]):
                        printed.add("Neg")
            flags |= valid | (kept << 13)
            # op_sel arity (entries printed) and integer sources (neg prints as sext)
            arity = 0
            for i in range(3, 7):
                q = mres[(op, i)]
                m = re.search(r"op_sel:\[([0-9,]*)\]", q.text or "") if q.valid else None
                if m:
                    arity = len(m.group(1).split(","))
            flags |= arity << 26
            for si in range(3):
                # A float-named source that takes neither abs nor neg where others do is an
                # integer operand (v_cmp_class mask, v_ldexp exponent).
                if ("Abs" in printed or "Neg" in printed) and not (valid >> si) & 1 and \
                        not (valid >> (10 + si)) & 1:
                    for o in operands:
                        if o.field == "SRC%d" % si and not o.is_def and o.type in ("F16", "F32", "F64"):
                            o.type = _int_type(o.type, o.regs)
                q = mres[(op, 10 + si)]
                if q.valid and "sext(" in q.text:
                    for o in operands:
                        if o.field == "SRC%d" % si and not o.is_def:
                            o.type = _int_type(o.type, o.regs)
            mods = [m for m in ("Clamp", "Omod", "OpSel", "Neg", "Abs") if m in printed]
        for si in range(3):
            q = nres.get((op, si))
            if q is None or not q.valid or "sext(" not in q.text:
                continue
            if fmt == "VOP3":
                flags |= 1 << (29 + si)
            else:
                want = "SRC0" if si == 0 else "VSRC1"
                for o in operands:
                    if o.field == want and not o.is_def:
                        o.type = _int_type(o.type, o.regs)
        for i in no_i16:
            operands[i].type = wide.get(operands[i].type, operands[i].type)
        for k in range(4):
            q = m16res.get((op, k))
            if q is None or not q.valid:
                continue
            flags |= 1 << (8 + k)
            if q.encodings[0] != dres[(op, 16)].encodings[0]:
                flags |= 1 << (12 + k)
                if q.text == dres[(op, 16)].text and k % 2 == 0:
                    # A neg bit kept but not printed (gfx9 v_dot2c_*). An abs bit on an
                    # integer operand is not printed either, which its type says.
                    flags |= 1 << (24 + k)
        if sdres.get(op) is not None:
            mods.append("Sdwa")
            flags |= sdres[op] << SDWA_FLAGS_SHIFT
        q16, q8 = dres.get((op, 16)), dres.get((op, 8))
        if q16 is not None and q16.valid and "quad_perm" in q16.text:
            mods.append("Dpp16")
        if q8 is not None and q8.valid and "dpp8:" in q8.text:
            mods.append("Dpp8")
        rfmt = "VOP3SD" if is_sd else fmt
        rows.append(Row(name, rfmt, op, operands, mods, flags))
    return rows


# ---- SDWA (gfx9) -----------------------------------------------------------------------------

# The SDWA dword: src0[7:0], dst_sel[10:8], dst_unused[12:11], clamp[13], omod[15:14] (VOPC:
# sdst[14:8], sd[15]), src0_sel[18:16], sext[19], neg[20], abs[21], s0[23], src1_sel[26:24],
# sext[27], neg[28], abs[29], s1[31]. Sels are DWORD (6) except the second source's of VOP1.
SDWA_BASE = {"VOP1": 0x00060602, "VOP2": 0x06060602, "VOPC": 0x06060002}
SDWA_MOD_BITS = (13, 14, 19, 20, 21, 27, 28, 29)  # clamp, omod, src0/src1 sext, neg, abs
SDWA_FLAGS_SHIFT = 16


def _learn_sdwa(fmt, bases):
    """op -> mask of SDWA_MOD_BITS the decoder accepts, for the ops with an SDWA form."""
    enc = {}
    for op, (e, p) in bases.items():
        if "src0" not in e.f:
            continue
        w0 = int.from_bytes(e.with_(src0=0xF9).bytes()[0:4], "little")
        enc[(op, None)] = W(w0, SDWA_BASE[fmt])
        for i, bit in enumerate(SDWA_MOD_BITS):
            if fmt == "VOPC" and bit < 16:
                continue  # the sdst field
            if fmt == "VOP1" and bit > 24:
                continue
            enc[(op, i)] = W(w0, SDWA_BASE[fmt] | (1 << bit))
    res = _probe_map(enc)
    out = {}
    for (op, i), q in res.items():
        if i is not None or not q.valid or "_sdwa" not in q.text.split()[0]:
            continue
        out[op] = 0
    for (op, i), q in res.items():
        if i is not None and op in out and q.valid:
            out[op] |= 1 << i
    return out


def _share_types(small, vop3):
    """32-bit forms take integer source types learned on their VOP3 form (sext probes)."""
    base = _spec.twin_base
    by_op = {r.opcode: r for r in vop3}
    for r in small:
        twin = by_op.get(r.opcode + base[r.fmt])
        if twin is None:
            continue
        for o in r.operands:
            if o.is_def or o.field not in ("SRC0", "VSRC1"):
                continue
            want = "SRC0" if o.field == "SRC0" else "SRC1"
            for t in twin.operands:
                if t.field == want and t.type in ("I16", "I32", "I64") and o.type != t.type:
                    o.type = _int_type(o.type, o.regs) if o.type in ("F16", "B16") else t.type
                    if t.type == "I32" and o.regs == 1 and _spec.sdwa:
                        # SDWA forms take constants in VSRC1: a 32-bit integer operand of an
                        # f16 instruction (v_cmp_class_f16's mask) prints as one.
                        o.type = "I32"


def rows(spec):
    global _spec
    _spec = spec
    small = _learn("VOP1", range(0x80)) + _learn("VOP2", range(0x3F)) + _learn("VOPC", range(0x100))
    vop3 = _learn("VOP3", [op for op in spec.vop3_ops if op not in spec.skip_vop3])
    _share_types(small, vop3)
    return small + vop3
