"""SALU rows (SOP1, SOP2, SOPK, SOPC, SOPP, SMEM) derived from llvm-mc-19."""

import llvmmc
from row import Row, Operand


def _sop2_rows():
    datas = [llvmmc.words((0b10 << 30) | (op << 23) | (2 << 16) | (1 << 8) | 0) for op in range(0x7F)]
    rows = []
    for op, p in enumerate(llvmmc.probe(datas)):
        if p.text:
            rows.append(Row(p.text.split()[0], "SOP2", op))
    return rows


def rows():
    return _sop2_rows()
