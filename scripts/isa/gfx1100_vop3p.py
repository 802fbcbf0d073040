"""VOP3P, VOPD, VINTERP and LDSDIR rows derived from llvm-mc-19.

Facts come from llvm-mc's disassembler: which opcodes decode, which field each printed operand
comes from (every field gets a distinct register and is found again in the text), how many
registers it names (v[0:7] is 8), whether a source field takes scalars and constants (an SGPR
there prints without an "Invalid register" note), how its immediates print (a fixed set of
literals and inline constants is matched against the printing classes of operands.cpp), which
modifier bits print, which make the decode fail and which are dropped and re-encoded as 1, and
which instructions have DPP16 / DPP8 forms.

What printing cannot show is taken from the mnemonic llvm-mc prints: the data types of
VGPR-only operands and of destinations (v_dot4_i32_iu8 writes an i32), whether a VOPD
component accumulates into its destination (fmac, dot2acc) and whether it reads VCC (cndmask).

Row conventions (read by src/disasm/vop3p_*.cpp and vopd_codec.cpp):

VOP3P: opcode = OP[22:16]. flags:
  bits 0..12   decode fails when this modifier bit is set (order of MOD_BITS below)
  bits 13..25  the bit is ignored by the decoder and re-encoded as 1 (op_sel_hi of operands an
               instruction does not have)
  bit 26       the SRC2 field must be zero (two-source instructions)
  bit 27       op_sel_hi prints unless it is all zero (v_fma_mix*), instead of unless all one
  bit 28       SRC2 immediates are 64-bit floating-point values to llvm-mc (WMMA C matrix):
               the literal dword becomes their high half (re-encoded as 0) unless an earlier
               source already read it
  bit 29       in the DPP forms SRC1 is VGPR-only
VOPD: one row per component. X components have opcode = OPX, Y components opcode =
  0x20 + OPY, so both fit the (format, opcode) index; flags bit 0 marks Y components (their
  operands use the *Y fields), bit 1 says the component reads its destination (fmac,
  dot2acc), bit 2 says it reads VCC (cndmask).
VINTERP: opcode = OP[22:16]. LDSDIR: opcode = OP[21:20].
"""

import re

import llvmmc
from row import Operand, Row

def probe(datas):
    """One llvmmc.Probe per byte string (.valid, .text, .encoding)."""
    return llvmmc.probe(datas)


def _split(text):
    """'v_x v0, v1, v2 op_sel:[1,0]' -> ('v_x', ['v0', 'v1', 'v2'], 'op_sel:[1,0]')."""
    name, _, rest = text.partition(" ")
    ops = rest.split(", ") if rest else []
    mods = ""
    if ops:
        last, _, mods = ops[-1].partition(" ")
        ops[-1] = last
    return name, ops, mods


def _regs(tok):
    m = re.match(r"^[a-z]+\[(\d+):(\d+)\]", tok)
    return int(m.group(2)) - int(m.group(1)) + 1 if m else 1


# ---- immediate printing classes (mirror of operands.cpp, used to recognise them) ----------

_F32I = [0x3F000000, 0xBF000000, 0x3F800000, 0xBF800000, 0x40000000, 0xC0000000, 0x40800000,
         0xC0800000, 0x3E22F983]
_F64H = [0x3FE00000, 0xBFE00000, 0x3FF00000, 0xBFF00000, 0x40000000, 0xC0000000, 0x40100000,
         0xC0100000]
_F16I = [0x3800, 0xB800, 0x3C00, 0xBC00, 0x4000, 0xC000, 0x4400, 0xC400, 0x3118]
_BF16I = [0x3F00, 0xBF00, 0x3F80, 0xBF80, 0x4000, 0xC000, 0x4080, 0xC080, 0x3E22]
_FLOATS = ["0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0"]


def _sext(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def _int_code(v):
    return 128 + v if 0 <= v <= 64 else (192 - v if -16 <= v < 0 else 0)


def _float_code(table, v):
    return 240 + table.index(v) if v in table else 0


def _imm_text(enc, cls, lit):
    if enc != 255:
        if cls == "I16" and enc >= 240:
            return hex(_F16I[enc - 240])
        code, shown = enc, 0
    else:
        lo, shown = lit & 0xFFFF, lit
        if cls == "B32":
            code = _int_code(_sext(lit, 32)) or _float_code(_F32I, lit)
        elif cls == "F64":
            code = 128 if lit == 0 else _float_code(_F64H, lit)
        elif cls == "F16":
            code, shown = _int_code(_sext(lo, 16)) or _float_code(_F16I, lo), lo
        elif cls == "BF16":
            code = _int_code(_sext(lo, 16)) or _float_code(_BF16I, lo)
        elif cls == "V2F16":
            code = _int_code(_sext(lit, 32)) or _float_code(_F16I, lit)
        elif cls == "V2BF16":
            code = _int_code(_sext(lit, 32)) or _float_code(_BF16I, lit)
    if code == 0:
        return hex(shown)
    if code <= 192:
        return str(code - 128)
    if code <= 208:
        return str(192 - code)
    if code < 248:
        return _FLOATS[code - 240]
    return "0.15915494309189532" if cls == "F64" else "0.15915494"


_CLASSES = ["B32", "F64", "F16", "BF16", "V2F16", "V2BF16"]
_IMM_TESTS = [(255, 0x3C00), (255, 0x3F80), (255, 0x3F800000), (255, 0x12345678),
              (255, 0x3FF00000), (255, 0xFFFFFFF0), (255, 0xFFF0), (248, 0), (240, 0),
              (255, 0x3C003C00)]


def _classify(printed):
    """The printing class whose texts for _IMM_TESTS are `printed`, or None."""
    for c in _CLASSES:
        if [_imm_text(e, c, l) for e, l in _IMM_TESTS] == printed:
            return c
    return None


# Which DataType each printing class implies for a source whose semantic type is `want`.
_CLASS_OF_TYPE = {"F32": "B32", "I32": "B32", "U32": "B32", "B32": "B32", "V2I16": "B32",
                  "V2F16": "V2F16", "V2BF16": "V2BF16", "F16": "F16"}

# ---- VOP3P ---------------------------------------------------------------------------------

VOP3P_ENC = 0xCC
# The modifier bits of a VOP3P instruction (bit positions in the 64-bit instruction).
MOD_BITS = [8, 9, 10, 11, 12, 13, 14, 15, 59, 60, 61, 62, 63]
_OP_SEL_HI_BITS = (14, 59, 60)


def _vop3p(op, vdst=0, src=(257, 258, 259), mods=0, extra=()):
    q = VOP3P_ENC << 24 | op << 16 | vdst | src[0] << 32 | src[1] << 41 | src[2] << 50
    for b in _OP_SEL_HI_BITS:
        q |= 1 << b
    q ^= mods
    return llvmmc.words(q & 0xFFFFFFFF, q >> 32, *extra)


def _type_token(tok):
    return {"f32": "F32", "f16": "F16", "bf16": "BF16", "i32": "I32", "u32": "U32"}.get(tok)


def _vop3p_types(name, nsrc):
    """(dst type, [src types]) from the mnemonic (used for what printing cannot show)."""
    parts = name.split("_")
    if name.startswith("v_pk_"):
        t = "V2F16" if parts[-1] == "f16" else "V2I16"
        return t, [t] * nsrc
    if name.startswith("v_dot"):
        dst = _type_token(parts[2])
        src = {"f16": "V2F16", "bf16": "V2BF16"}.get(parts[3], "B32")
        return dst, [src, src, dst]
    if name.startswith("v_fma_mix"):
        # Each source is f16 or f32 as op_sel_hi selects; llvm-mc prints them as f16.
        return _type_token(parts[-1]), ["F16"] * 3
    if name.startswith("v_wmma_"):
        dst = {"f32": "F32", "f16": "V2F16", "bf16": "V2BF16", "i32": "I32"}[parts[2]]
        src = {"f16": "V2F16", "bf16": "V2BF16"}.get(parts[-1], "B32")
        return dst, [src, src, dst]
    raise ValueError("no types known for " + name)


def _vop3p_rows():
    rows = []
    bases = []
    for op in range(128):
        bases.append(_vop3p(op))
        bases.append(_vop3p(op, src=(257, 258, 0)))
    found = probe(bases)
    for op in range(128):
        three, two = found[2 * op], found[2 * op + 1]
        if not three.valid and not two.valid:
            continue
        srcs = (257, 258, 259) if three.valid else (257, 258, 0)
        rows.append(_vop3p_row(op, srcs, (three if three.valid else two).text))
    return rows


def _vop3p_row(op, srcs, text):
    name, toks, _ = _split(text)
    nsrc = len(toks) - 1
    flags = 0
    checks = []
    if nsrc == 2:
        checks += [_vop3p(op, src=(257, 258, 1)), _vop3p(op, src=(257, 258, 256))]
    # Which source fields take scalars, and how their immediates print.
    for i in range(nsrc):
        s = list(srcs)
        s[i] = 1
        checks.append(_vop3p(op, src=s))
        s[i] = 128
        checks.append(_vop3p(op, src=s))
        for enc, lit in _IMM_TESTS:
            s = list(srcs)
            s[i] = enc
            checks.append(_vop3p(op, src=s, extra=(lit,)))
    for b in MOD_BITS:
        checks.append(_vop3p(op, src=srcs, mods=1 << b))
    lit_src2 = list(srcs)
    lit_src2[2] = 255
    checks.append(_vop3p(op, src=lit_src2, extra=(0x12345678,)))
    checks.append(_vop3p(op, src=(250,) + tuple(srcs[1:]), extra=(0xFF0000E5,)))
    checks.append(_vop3p(op, src=(233,) + tuple(srcs[1:]), extra=(0x00FAC6E5,)))
    checks.append(_vop3p(op, src=(250, 1) + tuple(srcs[2:]), extra=(0xFF0000E5,)))
    p = iter(probe(checks))
    if nsrc == 2:
        nonzero = [next(p).valid, next(p).valid]
        if not any(nonzero):
            flags |= 1 << 26
    dst_type, src_types = _vop3p_types(name, nsrc)
    operands = [Operand("VDST", "VReg", _regs(toks[0]), dst_type, True)]
    for i in range(nsrc):
        sgpr, zero = next(p), next(p)
        vreg_only = "Invalid register" in sgpr.text
        takes_imm = "Invalid" not in zero.text
        printed = []
        for _ in _IMM_TESTS:
            q = next(p)
            printed.append(_split(q.text)[1][i + 1] if q.valid else None)
        kind = ("VRegOrImm" if takes_imm else "VReg") if vreg_only else "VSrc"
        if takes_imm:
            cls = _classify(printed)
            if cls == "F64" and i == 2:
                flags |= 1 << 28  # printed as 64-bit: the WMMA C-matrix quirk
            elif cls != _CLASS_OF_TYPE[src_types[i]]:
                raise ValueError(f"{name} src{i}: prints as {cls}, typed {src_types[i]}")
        operands.append(Operand(f"SRC{i}", kind, _regs(toks[i + 1]), src_types[i]))
    base_mods = set(_split(text)[2].split())
    modifiers = set()
    for k, b in enumerate(MOD_BITS):
        q = next(p)
        if not q.valid:
            flags |= 1 << k
            continue
        if q.text == text:
            # Ignored by the decoder; the re-encoding sets it (base has op_sel_hi all one).
            enc = int.from_bytes(q.encoding[:8], "little")
            if b not in _OP_SEL_HI_BITS or not (enc >> b) & 1:
                raise ValueError(f"{name}: bit {b} is ignored in an unexpected way")
            flags |= 1 << (13 + k)
            continue
        qname, qtoks, qmods = _split(q.text)
        new = {t.split(":")[0] for t in set(qmods.split()) - base_mods}
        if any("|" in t for t in qtoks):
            modifiers.add("Abs")
        elif any(t.startswith("-") for t in qtoks):
            modifiers.add("Neg")
        elif len(new) == 1:
            modifiers.add({"op_sel": "OpSel", "op_sel_hi": "OpSelHi", "neg_lo": "NegLo",
                           "neg_hi": "NegHi", "clamp": "Clamp"}[new.pop()])
        else:
            raise ValueError(f"{name}: bit {b} prints {q.text}")
    if "op_sel_hi" in text:
        flags |= 1 << 27
    wmma_lit = next(p)
    if flags & (1 << 28):
        if not wmma_lit.valid or wmma_lit.encoding[8:] != bytes(4):
            raise ValueError(f"{name}: 64-bit src2 without the zero literal")
    dpp16, dpp8, dpp_sgpr = next(p), next(p), next(p)
    if dpp16.valid:
        modifiers.add("Dpp16")
        if "Invalid register" in dpp_sgpr.text:
            flags |= 1 << 29
    if dpp8.valid:
        modifiers.add("Dpp8")
    order = ["Clamp", "OpSel", "OpSelHi", "Neg", "Abs", "NegLo", "NegHi", "Dpp16", "Dpp8"]
    return Row(name, "VOP3P", op, operands, [m for m in order if m in modifiers], flags)


# ---- VOPD ----------------------------------------------------------------------------------

VOPD_Y = 0x20


def _vopd(opx, opy, s0x=257, v1x=2, s0y=259, v1y=4, vdstx=10, vdsty=5, lit=0x3C00):
    w0 = 0x32 << 26 | opx << 22 | opy << 17 | v1x << 9 | s0x
    w1 = vdstx << 24 | vdsty << 17 | v1y << 9 | s0y
    return llvmmc.words(w0, w1, lit)


def _vopd_rows():
    partner = 3  # v_dual_mul_f32 in both tables
    xs, ys = [], []
    cands = []
    for opx in range(16):
        cands += [_vopd(opx, partner), _vopd(opx, partner, v1x=0)]
    for opy in range(32):
        cands += [_vopd(partner, opy), _vopd(partner, opy, v1y=0)]
    found = probe(cands)
    rows = []
    for i in range(48):
        a, b = found[2 * i], found[2 * i + 1]
        if not a.valid and not b.valid:
            continue
        y = i >= 16
        op = i - 16 if y else i
        text = (a if a.valid else b).text.split(" :: ")[1 if y else 0]
        rows.append(_vopd_row(op, y, text, needs_zero_vsrc1=not a.valid))
    return rows


def _vopd_row(op, y, text, needs_zero_vsrc1):
    name, toks, _ = _split(text)
    sfx = "Y" if y else "X"
    # Base values: X src0 v1, vsrc1 v2, dst v10; Y src0 v3, vsrc1 v4, dst v11; literal 0x3c00.
    where = {("v3" if y else "v1"): "SRC0", ("v4" if y else "v2"): "VSRC1",
             ("v11" if y else "v10"): "VDST", "0x3c00": "LITERAL"}
    # How the src0 immediates print.
    checks = []
    for enc, lit in _IMM_TESTS:
        if y:
            checks.append(_vopd(3, op, s0y=enc, v1y=0 if needs_zero_vsrc1 else 4, lit=lit))
        else:
            checks.append(_vopd(op, 3, s0x=enc, v1x=0 if needs_zero_vsrc1 else 2, lit=lit))
    printed = []
    for q in probe(checks):
        half = q.text.split(" :: ")[1 if y else 0] if q.valid else None
        printed.append(_split(half)[1][1] if half else None)
    cls = _classify(printed)
    parts = name.split("_")
    src_type = {"B32": _type_token(parts[-1]) or "B32", "V2F16": "V2F16"}[cls]
    if parts[-1] == "b32":
        src_type = "B32"
    if name.endswith("_u32"):
        src_type = "U32"
    dst_type = _type_token(parts[3]) if "dot2acc" in name else src_type
    operands = []
    for i, tok in enumerate(toks):
        f = where[tok]
        if f == "LITERAL":
            operands.append(Operand("LITERAL", "KImm", 1, "F32"))
        elif f == "VDST":
            operands.append(Operand("VDST" + sfx, "VReg", 1, dst_type, True))
        elif f == "SRC0":
            operands.append(Operand("SRC0" + sfx, "VSrc", 1, src_type))
        else:
            operands.append(Operand("VSRC1" + sfx, "VReg", 1, src_type))
    flags = (1 if y else 0) | (2 if re.search(r"mac|acc", name) else 0) | \
        (4 if "cndmask" in name else 0)
    return Row(name, "VOPD", (VOPD_Y + op) if y else op, operands, [], flags)


# ---- VINTERP -------------------------------------------------------------------------------


def _vinterp(op, mods=0, src=(257, 258, 259)):
    return llvmmc.words(0xCD << 24 | op << 16 | mods,
                        src[0] | src[1] << 9 | src[2] << 18)


def _vinterp_types(name):
    # v_interp_p10_f32 / p2_f32: all f32. p10_f16_f32: f16 attribute data (src0, src2), f32
    # barycentric (src1), f32 result. p2_f16_f32: f16 P0 (src0), f32 coordinate and P10, f16
    # result.
    if name.endswith("_f16_f32"):
        if "_p10_" in name:
            return "F32", ["F16", "F32", "F16"]
        return "F16", ["F16", "F32", "F32"]
    return "F32", ["F32"] * 3


def _vinterp_rows():
    found = probe([_vinterp(op) for op in range(128)])
    rows = []
    for op, p in enumerate(found):
        if not p.valid:
            continue
        name, toks, _ = _split(p.text)
        opsel = probe([_vinterp(op, mods=1 << 11)])[0].valid
        dst, srcs = _vinterp_types(name)
        operands = [Operand("VDST", "VReg", 1, dst, True)]
        operands += [Operand(f"SRC{i}", "VReg", 1, t) for i, t in enumerate(srcs)]
        mods = ["Clamp"] + (["OpSel"] if opsel else []) + ["Neg", "WaitExp"]
        rows.append(Row(name, "VINTERP", op, operands, mods))
    return rows


# ---- LDSDIR --------------------------------------------------------------------------------


def _ldsdir_rows():
    found = probe([llvmmc.words(0xCE << 24 | op << 20 | 5 << 16 | 3 << 10 | 2 << 8 | 7)
                   for op in range(4)])
    rows = []
    for op, p in enumerate(found):
        if not p.valid:
            continue
        name, toks, _ = _split(p.text)
        operands = [Operand("VDST", "VReg", 1, "B32", True)]
        if len(toks) > 1:  # attr3.z: attribute and channel fields
            operands += [Operand("ATTR", "Imm", 0, "None"), Operand("ATTRCHAN", "Imm", 0, "None")]
        rows.append(Row(name, "LDSDIR", op, operands, ["WaitVdst"]))
    return rows


def rows():
    return _vop3p_rows() + _vopd_rows() + _vinterp_rows() + _ldsdir_rows()
