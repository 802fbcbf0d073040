"""gfx908 memory rows (DS, MUBUF, MTBUF, FLAT / GLOBAL / SCRATCH, MIMG, EXP) learned from
llvm-mc-19 by mem_learn.py (which documents the row flags), and the field layout the codecs
read (src/isa/gfx908/mem_layout.inc).

gfx9 moves most fields against gfx11: DS's gds bit sits below the opcode (16, opcode 24:17);
MUBUF / MTBUF keep offen / idxen / glc in the first dword and slc / tfe elsewhere, have no dlc,
and MUBUF has an lds bit (16) that selects other instructions (loads into LDS, no vdata, and
buffer_store_lds_dword: rows keyed by opcode | 0x80); MTBUF's format field is a
data format (22:19) and a numeric format (25:23); FLAT's segment is 15:14 with glc / slc above
it and an lds bit (13) selecting GLOBAL / SCRATCH loads into LDS, its saddr `off` is 0x7f,
FLAT requires 0
there, and SCRATCH uses vaddr exactly when saddr is off; MIMG has no dim / NSA (a da bit, d16
in bit 63, a16 in bit 15) and prints vaddr at its default width; EXP has compr (10) and vm
(12)."""

import mem_learn as ml
from mem_learn import Layout

SPEC = ml.Spec(
    mcpu="gfx908",
    ds=Layout(ml.DS_ORDER, 0xD8000000, (17, 8), {
        "offset0": (0, 8), "offset1": (8, 8), "reserved": (25, 1), "gds": (16, 1),
        "addr": (32, 8), "data0": (40, 8), "data1": (48, 8), "vdst": (56, 8)}),
    mubuf=Layout(ml.MUBUF_ORDER, 0xE0000000, (18, 7), {
        "offset": (0, 12), "slc": (17, 1), "glc": (14, 1), "r15": (15, 1), "vaddr": (32, 8),
        "vdata": (40, 8), "srsrc": (48, 5), "tfe": (55, 1), "offen": (12, 1), "idxen": (13, 1),
        "soffset": (56, 8)}, ignored=[(25, 1), (53, 2)], opcode_ext=(16, 1)),
    mtbuf=Layout(ml.MTBUF_ORDER, 0xE8000000, (15, 4), {
        "offset": (0, 12), "slc": (54, 1), "glc": (14, 1), "format": (19, 7), "vaddr": (32, 8),
        "vdata": (40, 8), "srsrc": (48, 5), "tfe": (55, 1), "offen": (12, 1), "idxen": (13, 1),
        "soffset": (56, 8), "r53": (53, 1)}),
    flat=Layout(ml.FLAT_ORDER, 0xDC000000, (18, 7), {
        "offset": (0, 13), "glc": (16, 1), "slc": (17, 1), "r25": (25, 1), "vaddr": (32, 8),
        "vdata": (40, 8), "saddr": (48, 7), "vdst": (56, 8), "nv": (55, 1)},
        opcode_ext=(13, 1)),
    mimg=Layout(ml.MIMG_ORDER, 0xF0000000, (18, 7), {
        "unorm": (12, 1), "dmask": (8, 4), "slc": (25, 1), "glc": (13, 1), "a16": (15, 1),
        "d16": (63, 1), "tfe": (16, 1), "lwe": (17, 1), "ssamp": (53, 5), "vaddr": (32, 8),
        "vdata": (40, 8), "srsrc": (48, 5), "da": (14, 1)},
        ignored=[(1, 6), (58, 5)], zero=[(0, 1)]),
    exp=Layout(ml.EXP_ORDER, 0xC4000000, (0, 0), {
        "en": (0, 4), "tgt": (4, 6), "done": (11, 1), "r14": (13, 13), "vsrc0": (32, 8),
        "vsrc1": (40, 8), "vsrc2": (48, 8), "vsrc3": (56, 8), "compr": (10, 1), "vm": (12, 1)}),
    flat_seg=(14, 2), saddr_off=0x7F, flat_saddr=0,
    scratch_bases=({"saddr": 0x7F}, {"saddr": 0x7F}),
    mimg_bvh=False, buffer_format="split")


def rows():
    return ml.rows(SPEC)


def extra_files():
    return ml.layout_files(SPEC)
