"""gfx1100 memory rows (DS, MUBUF, MTBUF, FLAT / GLOBAL / SCRATCH, MIMG, EXP) learned from
llvm-mc-19 by mem_learn.py (which documents the row flags), and the field layout the codecs
read (src/isa/gfx1100/mem_layout.inc)."""

import mem_learn as ml
from mem_learn import Layout

SPEC = ml.Spec(
    mcpu="gfx1100",
    ds=Layout(ml.DS_ORDER, 0xD8000000, (18, 8), {
        "offset0": (0, 8), "offset1": (8, 8), "reserved": (16, 1), "gds": (17, 1),
        "addr": (32, 8), "data0": (40, 8), "data1": (48, 8), "vdst": (56, 8)}),
    mubuf=Layout(ml.MUBUF_ORDER, 0xE0000000, (18, 8), {
        "offset": (0, 12), "slc": (12, 1), "dlc": (13, 1), "glc": (14, 1), "r15": (15, 3),
        "vaddr": (32, 8), "vdata": (40, 8), "srsrc": (48, 5), "tfe": (53, 1), "offen": (54, 1),
        "idxen": (55, 1), "soffset": (56, 8)}),
    mtbuf=Layout(ml.MTBUF_ORDER, 0xE8000000, (15, 4), {
        "offset": (0, 12), "slc": (12, 1), "dlc": (13, 1), "glc": (14, 1), "format": (19, 7),
        "vaddr": (32, 8), "vdata": (40, 8), "srsrc": (48, 5), "tfe": (53, 1), "offen": (54, 1),
        "idxen": (55, 1), "soffset": (56, 8)}),
    flat=Layout(ml.FLAT_ORDER, 0xDC000000, (18, 7), {
        "offset": (0, 13), "dlc": (13, 1), "glc": (14, 1), "slc": (15, 1), "r25": (25, 1),
        "vaddr": (32, 8), "vdata": (40, 8), "saddr": (48, 7), "sve": (55, 1), "vdst": (56, 8)}),
    mimg=Layout(ml.MIMG_ORDER, 0xF0000000, (18, 8), {
        "dim": (2, 3), "unorm": (7, 1), "dmask": (8, 4), "slc": (12, 1), "dlc": (13, 1),
        "glc": (14, 1), "r128": (15, 1), "a16": (16, 1), "d16": (17, 1), "tfe": (53, 1),
        "lwe": (54, 1), "ssamp": (58, 5), "vaddr": (32, 8), "vdata": (40, 8), "srsrc": (48, 5),
        "nsa": (0, 1)}, ignored=[(1, 1), (5, 2), (55, 3), (63, 1)]),
    exp=Layout(ml.EXP_ORDER, 0xF8000000, (0, 0), {
        "en": (0, 4), "tgt": (4, 6), "r10": (10, 1), "done": (11, 1), "r12": (12, 1),
        "rowen": (13, 1), "r14": (14, 12), "vsrc0": (32, 8), "vsrc1": (40, 8), "vsrc2": (48, 8),
        "vsrc3": (56, 8)}),
    flat_seg=(16, 2), saddr_off=0x7C, flat_saddr=0x7C,
    scratch_bases=({"sve": 1, "saddr": 0x7C}, {"sve": 0}),
    mimg_bvh=True, buffer_format="unified")


def rows():
    return ml.rows(SPEC)


def extra_files():
    return ml.layout_files(SPEC)
