"""gfx1100 VOP3P, VOPD, VINTERP and LDSDIR rows derived from llvm-mc-19.

VOP3P is learned by vop3p_learn.py (which documents its row flags). The formats only gfx11 has
are learned here the same way: which opcodes decode, which field each printed operand comes
from, how src0 immediates print; what printing cannot show comes from the mnemonic (whether a
VOPD component accumulates into its destination (fmac, dot2acc) and whether it reads VCC
(cndmask)).

Row conventions (read by src/disasm/vopd_codec.cpp and vinterp_ldsdir.cpp):

VOPD: one row per component. X components have opcode = OPX, Y components opcode =
  0x20 + OPY, so both fit the (format, opcode) index; flags bit 0 marks Y components (their
  operands use the *Y fields), bit 1 says the component reads its destination (fmac,
  dot2acc), bit 2 says it reads VCC (cndmask).
VINTERP: opcode = OP[22:16]. LDSDIR: opcode = OP[21:20].
"""

import re

import llvmmc
import vop3p_learn as L
from row import Operand, Row

SPEC = L.Spec(mcpu="gfx1100", prefix=0xCC << 24)


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
    found = SPEC.probe(cands)
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
    name, toks, _ = L.split(text)
    sfx = "Y" if y else "X"
    # Base values: X src0 v1, vsrc1 v2, dst v10; Y src0 v3, vsrc1 v4, dst v11; literal 0x3c00.
    where = {("v3" if y else "v1"): "SRC0", ("v4" if y else "v2"): "VSRC1",
             ("v11" if y else "v10"): "VDST", "0x3c00": "LITERAL"}
    # How the src0 immediates print.
    checks = []
    for enc, lit in L.IMM_TESTS:
        if y:
            checks.append(_vopd(3, op, s0y=enc, v1y=0 if needs_zero_vsrc1 else 4, lit=lit))
        else:
            checks.append(_vopd(op, 3, s0x=enc, v1x=0 if needs_zero_vsrc1 else 2, lit=lit))
    printed = []
    for q in SPEC.probe(checks):
        half = q.text.split(" :: ")[1 if y else 0] if q.valid else None
        printed.append(L.split(half)[1][1] if half else None)
    cls = L.classify(printed)
    parts = name.split("_")
    src_type = {"B32": L.type_token(parts[-1]) or "B32", "V2F16": "V2F16"}[cls]
    if parts[-1] == "b32":
        src_type = "B32"
    if name.endswith("_u32"):
        src_type = "U32"
    dst_type = L.type_token(parts[3]) if "dot2acc" in name else src_type
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
    found = SPEC.probe([_vinterp(op) for op in range(128)])
    rows = []
    for op, p in enumerate(found):
        if not p.valid:
            continue
        name, toks, _ = L.split(p.text)
        opsel = SPEC.probe([_vinterp(op, mods=1 << 11)])[0].valid
        dst, srcs = _vinterp_types(name)
        operands = [Operand("VDST", "VReg", 1, dst, True)]
        operands += [Operand(f"SRC{i}", "VReg", 1, t) for i, t in enumerate(srcs)]
        mods = ["Clamp"] + (["OpSel"] if opsel else []) + ["Neg", "WaitExp"]
        rows.append(Row(name, "VINTERP", op, operands, mods))
    return rows


# ---- LDSDIR --------------------------------------------------------------------------------


def _ldsdir_rows():
    found = SPEC.probe([llvmmc.words(0xCE << 24 | op << 20 | 5 << 16 | 3 << 10 | 2 << 8 | 7)
                   for op in range(4)])
    rows = []
    for op, p in enumerate(found):
        if not p.valid:
            continue
        name, toks, _ = L.split(p.text)
        operands = [Operand("VDST", "VReg", 1, "B32", True)]
        if len(toks) > 1:  # attr3.z: attribute and channel fields
            operands += [Operand("ATTR", "Imm", 0, "None"), Operand("ATTRCHAN", "Imm", 0, "None")]
        rows.append(Row(name, "LDSDIR", op, operands, ["WaitVdst"]))
    return rows


def rows():
    packed = L.packed_rows(SPEC, L.base_rows(SPEC))
    return packed + _vopd_rows() + _vinterp_rows() + _ldsdir_rows()
