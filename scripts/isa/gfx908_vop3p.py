"""gfx908 VOP3P rows (packed math, dot products, v_fma_mix*, the MAI group: v_mfma_* and
v_accvgpr_read/write) and VINTRP rows, derived from llvm-mc-19.

gfx9's VOP3P is the gfx11 layout under another prefix (110100111 in [31:23]), so the packed
rows are learned by vop3p_learn.py (which documents the row flags); v_accvgpr_read/write are
packed rows whose AccVGPR operands have kind AReg. What is gfx908's own is learned here:

MFMA (VOP3P opcodes from 0x40 whose mnemonic is v_mfma_*): modifiers = mod::Mai. The
modifier bits of the VOP3P layout mean other things (checked below against llvm-mc):
CBSZ = [10:8] (the neg_hi bits), ABID = [14:11] (op_sel and op_sel_hi[2]), BLGP = [63:61]
(the neg_lo bits), and bits 59 / 60 (op_sel_hi[0:1]) select AccVGPRs for srcA / srcB. Bit 15
is ignored (CLAMP_IGNORED). Operands: VDST AReg (the 8-bit field holds N of aN), SRC0 / SRC1
AVReg (VGPR or AccVGPR by that bit), SRC2 ARegOrImm (256 + N for aN; llvm-mc's decoder also
takes inline constants there, which its assembler refuses). No source takes a literal. Flags
(besides CLAMP_IGNORED and NO_LITERAL), learned from llvm-mc's assembler:
  bit 0  every operand mismatch is reported at D (another target's instruction of the same
         mnemonic has a D of another width: v_mfma_f32_32x32x4bf16)
  bit 1  the mnemonic also names gfx90a's form with VGPR D and C: a statement that matches it
         is refused with "operands are not valid for this GPU or mode"

VINTRP: opcode = OP[17:16]; VDST[25:18], the 8-bit source [7:0] (a VGPR for p1 / p2, the
parameter p10 / p20 / p0 for mov: kind Special), ATTR[15:10], ATTRCHAN[9:8].

Mnemonic aliases (src/isa/gfx908/vop3p_aliases.inc): a row's name without its last `_` part
that llvm-mc's assembler takes for the row (v_accvgpr_read for v_accvgpr_read_b32), found by
assembling the text llvm-mc prints for the row under both names.
"""

import llvmmc
import mnemonic_aliases as aliases
import vop3p_learn as L
from row import Operand, Row

SPEC = L.Spec(mcpu="gfx908", prefix=0b110100111 << 23)

# Bits of the 64-bit MAI instruction (see the module comment).
CBSZ = (8, 3)
ABID = (11, 4)
BLGP = (61, 3)
ACC = (59, 60)
MAI_BITS = set(range(8, 16)) | {59, 60, 61, 62, 63}


def _mfma_types(name):
    """(C / D type, A / B type) from `v_mfma_<cd>_MxNxK<ab>`."""
    parts = name.split("_")
    cd = L.type_token(parts[2])
    ab = parts[3].split("x")[-1].lstrip("0123456789")
    return cd, {"f32": "F32", "f16": "V2F16", "bf16": "V2BF16", "i8": "B32"}[ab]


def _mai_row(op, text):
    name, toks, mods = L.split(text)
    base = dict(src=(257, 258, 259), mods=(1 << 14) | (1 << 59) | (1 << 60))  # all bits clear

    def enc(src=base["src"], mods=0, extra=()):
        return L.encode(SPEC, op, src=src, mods=base["mods"] ^ mods, extra=extra)

    checks = [enc()]
    fields = {"cbsz": CBSZ, "abid": ABID, "blgp": BLGP}
    for key, (lo, width) in fields.items():
        for k in range(width):
            checks.append(enc(mods=1 << (lo + k)))
    checks += [enc(mods=1 << ACC[0]), enc(mods=1 << ACC[1]), enc(mods=1 << 15)]
    checks += [enc(src=(255, 258, 259), extra=(0x3F800000,)),
               enc(src=(257, 258, 255), extra=(0x3F800000,)),
               enc(src=(257, 258, 240)), enc(src=(257, 258, 0)), enc(src=(0, 258, 259))]
    p = iter(SPEC.probe(checks))
    plain = next(p)
    _, ptoks, pmods = L.split(plain.text)
    if pmods or not all(t.startswith("v") for t in ptoks[1:3]):
        raise ValueError(f"{name}: unexpected plain form {plain.text}")
    for key, (lo, width) in fields.items():
        for k in range(width):
            q = next(p)
            if not q.valid or L.split(q.text)[2] != f"{key}:{1 << k}":
                raise ValueError(f"{name}: bit {lo + k} is not {key}")
    for i in range(2):
        q = next(p)
        if not q.valid or not L.split(q.text)[1][i + 1].startswith("a"):
            raise ValueError(f"{name}: bit {ACC[i]} does not select AccVGPRs for src{i}")
    ignored = next(p)
    if ignored.text != plain.text or ignored.encoding != plain.encoding:
        raise ValueError(f"{name}: bit 15 is not ignored")
    lit_a, lit_c, imm_c, sgpr_c, sgpr_a = (next(p) for _ in range(5))
    if lit_a.valid or lit_c.valid:
        raise ValueError(f"{name}: a literal decodes")
    if not imm_c.valid or L.split(imm_c.text)[1][3] != "0.5":
        raise ValueError(f"{name}: srcC inline constant prints {imm_c.text}")
    for q, cls in ((sgpr_c, "AReg_"), (sgpr_a, "AV_")):
        if f"operand has '{cls}" not in q.text:
            raise ValueError(f"{name}: scalar operand prints {q.text}")
    cd, ab = _mfma_types(name)
    flags = L.CLAMP_IGNORED | L.NO_LITERAL | _mai_assembler_flags(name, [L.regs(t) for t in toks])
    operands = [Operand("VDST", "AReg", L.regs(toks[0]), cd, True),
                Operand("SRC0", "AVReg", L.regs(toks[1]), ab),
                Operand("SRC1", "AVReg", L.regs(toks[2]), ab),
                Operand("SRC2", "ARegOrImm", L.regs(toks[3]), cd)]
    return Row(name, "VOP3P", op, operands, ["Mai"], flags)


MISMATCH_AT_DST = 1 << 0
VGPR_FORM = 1 << 1


def _tuple(prefix, first, n):
    return f"{prefix}{first}" if n == 1 else f"{prefix}[{first}:{first + n - 1}]"


def _mai_assembler_flags(name, regs):
    d, a, b, c = regs
    ab = f"{_tuple('v', 40, a)}, {_tuple('v', 44, b)}"
    plain = f"{name} {_tuple('a', 0, d)}, {ab}, {_tuple('a', 0, c)}"
    vgpr, clamp = llvmmc.assemble([f"{name} {_tuple('v', 0, d)}, {ab}, {_tuple('v', 0, c)}",
                                   plain + " clamp"], mcpu=SPEC.mcpu)
    flags = 0
    if vgpr.diags == [(1, "error", "operands are not valid for this GPU or mode")]:
        flags |= VGPR_FORM
    column = clamp.diags[0][0] if clamp.diags else None
    if column == len(name) + 2:
        flags |= MISMATCH_AT_DST
    elif column != len(plain) + 2:
        raise ValueError(f"{name}: a trailing clamp is reported at {clamp.diags}")
    return flags


# The text llvm-mc prints for one encoding of each row, by name (for the alias probe).
_TEXTS = {}


def _vop3p_rows():
    bases = L.base_rows(SPEC)
    for _, text in bases.values():
        _TEXTS[L.split(text)[0]] = text
    mai = {op: b for op, b in bases.items() if b[1].startswith("v_mfma_")}
    packed = {op: b for op, b in bases.items() if op not in mai}
    rows = L.packed_rows(SPEC, packed) + [_mai_row(op, text) for op, (_, text) in mai.items()]
    return sorted(rows, key=lambda r: r.opcode)


# ---- VINTRP --------------------------------------------------------------------------------

VINTRP_PREFIX = 0b110101 << 26


def _vintrp(op, vdst=5, attr=3, chan=2, vsrc=7):
    return llvmmc.words(VINTRP_PREFIX | vdst << 18 | op << 16 | attr << 10 | chan << 8 | vsrc)


def _vintrp_rows():
    rows = []
    for op, p in enumerate(SPEC.probe([_vintrp(op) for op in range(4)])):
        if not p.valid:
            continue
        name, toks, _ = L.split(p.text)
        _TEXTS[name] = p.text
        if toks[0] != "v5" or toks[2] != "attr3.z":
            raise ValueError(f"unexpected VINTRP operands: {p.text}")
        # p1 / p2 read a VGPR (v7); mov reads a parameter (7 prints as invalid_param_7).
        src = Operand("SRC0", "VReg", 1, "F32") if toks[1] == "v7" else \
            Operand("SRC0", "Special", 0, "None")
        operands = [Operand("VDST", "VReg", 1, "F32", True), src,
                    Operand("ATTR", "Imm", 0, "None"), Operand("ATTRCHAN", "Imm", 0, "None")]
        rows.append(Row(name, "VINTRP", op, operands))
    return rows


def rows():
    return _vop3p_rows() + _vintrp_rows()


def _aliases():
    """[(alias, name)] of the rows rows() learned (the assembler finds `_e32` / `_e64` rows by
    their base name anyway)."""
    names = sorted(n for n in _TEXTS if not n.endswith(("_e32", "_e64")))
    shorter = [(n.rsplit("_", 1)[0], n) for n in names]
    cases = {(a, n): [(_TEXTS[n].replace(n, a, 1), _TEXTS[n])] for a, n in shorter
             if a not in _TEXTS}
    return aliases.verify(cases, SPEC.mcpu)


def extra_files():
    return {"src/isa/gfx908/vop3p_aliases.inc":
            aliases.render("gfx908", "vop3p mnemonic aliases", _aliases())}
