"""gfx1100 VALU rows (VOP1, VOP2, VOPC, VOP3, VOP3SD with DPP16 / DPP8), learned from llvm-mc-19
by valu_learn.py (which documents the row flags)."""

import valu_learn

SPEC = valu_learn.Spec(mcpu="gfx1100", vop3_prefix=0x35, vop3_ops=range(0x400),
                       twin_base={"VOP1": 0x180, "VOP2": 0x100, "VOPC": 0})


def rows():
    return valu_learn.rows(SPEC)
