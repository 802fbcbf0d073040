"""gfx908 VALU rows (VOP1, VOP2, VOPC with their SDWA and DPP forms, VOP3, VOP3B) learned from
llvm-mc-19 by valu_learn.py (which documents the row flags).

gfx9's VOP3 prefix is 110100 and its VOP3 opcodes stop at 0x37f (VOP3P sits above, in the same
prefix); the VOP3 forms of VOP1 start at 0x140 (gfx11: 0x180).

The VOP3 interpolation opcodes (0x270..0x27f) are learned here: their SRC0 field is an LDS
attribute (attr[5:0], channel[7:6], and bit 8 `high` for the 16-bit ones: mod::OpSel), which
prints as `attrN.c`; v_interp_mov's SRC1 is the parameter p10 / p20 / p0. Both are
OperandKind::Special operands; the other sources are VGPRs."""

import re

import llvmmc
import valu_learn
from row import Operand, Row

SPEC = valu_learn.Spec(mcpu="gfx908", vop3_prefix=0x34, vop3_ops=range(0x380),
                       twin_base={"VOP1": 0x140, "VOP2": 0x100, "VOPC": 0}, sdwa=True,
                       skip_vop3=range(0x270, 0x280))


V = 256
INTERP_OPS = range(0x270, 0x280)
ATTR = re.compile(r"^attr\d+\.[xyzw]$")


def _interp(op, w0mods=0, src0=0x02, src1=V + 3, src2=V + 4, hi=0):
    w0 = (0x34 << 26) | (op << 16) | (w0mods << 8) | 1
    return llvmmc.words(w0, src0 | (src1 << 9) | (src2 << 18) | (hi << 27))


def _probe(encs):
    keys = list(encs)
    return dict(zip(keys, llvmmc.probe([encs[k] for k in keys], mcpu="gfx908")))


def _interp_rows():
    layouts = [dict(), dict(src2=0), dict(src1=0), dict(src1=0, src2=0)]
    base = {}
    for lay in layouts:
        res = _probe({op: _interp(op, **lay) for op in INTERP_OPS if op not in base})
        for op, p in res.items():
            if p.valid:
                base[op] = (lay, p)
    mods = {}
    for op, (lay, p) in base.items():
        for i in range(13):
            mods[(op, i)] = _interp(op, w0mods=1 << i, **lay) if i < 8 else \
                _interp(op, hi=1 << (i - 8), **lay)
        mods[(op, "high")] = _interp(op, **dict(lay, src0=0x102))
    mres = _probe(mods)
    out = []
    for op in sorted(base):
        lay, p = base[op]
        name, toks = valu_learn._operands_text(p.text)
        width = "F16" if name.endswith("_f16") else "F32"
        operands = [Operand("VDST", "VReg", 1, width, True)]
        for tok in toks[1:]:
            if ATTR.match(tok):
                operands.append(Operand("SRC0", "Special", 1, "None"))
            elif tok == "v3":
                operands.append(Operand("SRC1", "VReg", 1, "F32"))
            elif tok == "v4":
                operands.append(Operand("SRC2", "VReg", 1, "F32"))
            else:  # v_interp_mov's parameter
                operands.append(Operand("SRC1", "Special", 1, "None"))
        valid = kept = 0
        printed = set()
        for i in range(13):
            q = mres[(op, i)]
            if not q.valid:
                continue
            valid |= 1 << i
            if q.encodings[0] != p.encodings[0]:
                kept |= 1 << i
            if q.text != p.text:
                t = q.text
                printed |= {m for m, key in (("Abs", "|"), ("Clamp", "clamp"), ("Omod", "mul:"),
                                              ("Neg", "-")) if key in t}
        modifiers = [m for m in ("Clamp", "Omod", "OpSel", "Neg", "Abs")
                     if m in printed or (m == "OpSel" and mres[(op, "high")].valid)]
        out.append(Row(name, "VOP3", op, operands, modifiers, valid | kept << 13))
    return out


def rows():
    return valu_learn.rows(SPEC) + _interp_rows()
