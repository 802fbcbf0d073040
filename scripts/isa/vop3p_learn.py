"""VOP3P rows derived from llvm-mc-19: the learning every target's packed-math table shares.

Facts come from llvm-mc's disassembler: which opcodes decode, which field each printed operand
comes from (every field gets a distinct register and is found again in the text), how many
registers it names (v[0:7] is 8), whether a source field takes scalars and constants (an SGPR
there prints without an "Invalid register" note), how its immediates print (a fixed set of
literals and inline constants is matched against the printing classes of operands.cpp), which
modifier bits print, which make the decode fail and which are dropped and re-encoded as 1, and
which instructions have DPP16 / DPP8 forms.

What printing cannot show is taken from the mnemonic llvm-mc prints: the data types of
VGPR-only operands and of destinations (v_dot4_i32_iu8 writes an i32).

A target is a Spec: its processor name and the bits its VOP3P format puts above the opcode
(gfx11: 0xCC in [31:24]; gfx9: 110100111 in [31:23]). The layout below them is the same.

Row conventions (read by src/disasm/vop3p_packed.cpp and src/asm/vop3p_match.cpp):

VOP3P: opcode = OP[22:16]. flags:
  bits 0..12   decode fails when this modifier bit is set (order of MOD_BITS below)
  bits 13..25  the bit is ignored by the decoder and re-encoded as 1 (op_sel_hi of operands an
               instruction does not have)
  bit 26       the source fields the instruction has no operand for must be zero (SRC2 of
               two-source instructions, SRC1 and SRC2 of one-source ones)
  bit 27       op_sel_hi prints unless it is all zero (v_fma_mix*), instead of unless all one
  bit 28       SRC2 immediates are 64-bit floating-point values to llvm-mc (WMMA C matrix):
               the literal dword becomes their high half (re-encoded as 0) unless an earlier
               source already read it
  bit 29       in the DPP forms SRC1 is VGPR-only
  bit 30       the clamp bit (15) is ignored by the decoder and re-encoded as 0
  bit 31       no source takes a literal (the decode fails on 255; gfx9)
Operand kinds beyond the VGPR / VALU-source ones: AReg for AccVGPR-only operands (printed aN,
a VDST field holding N, a source field 256 + N), as v_accvgpr_read/write have them.
"""

import re

import llvmmc
from row import Operand, Row


class Spec:
    """A target's VOP3P encoding: processor and the format bits above OP[22:16]."""

    def __init__(self, mcpu, prefix):
        self.mcpu, self.prefix = mcpu, prefix

    def probe(self, datas):
        """One llvmmc.Probe per byte string (.valid, .text, .encoding)."""
        return llvmmc.probe(datas, mcpu=self.mcpu)


def split(text):
    """'v_x v0, v1, v2 op_sel:[1,0]' -> ('v_x', ['v0', 'v1', 'v2'], 'op_sel:[1,0]')."""
    name, _, rest = text.partition(" ")
    ops = rest.split(", ") if rest else []
    mods = ""
    if ops:
        last, _, mods = ops[-1].partition(" ")
        ops[-1] = last
    return name, ops, mods


def regs(tok):
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
IMM_TESTS = [(255, 0x3C00), (255, 0x3F80), (255, 0x3F800000), (255, 0x12345678),
              (255, 0x3FF00000), (255, 0xFFFFFFF0), (255, 0xFFF0), (248, 0), (240, 0),
              (255, 0x3C003C00)]


def classify(printed):
    """The printing class whose texts for IMM_TESTS are `printed`, or None."""
    for c in _CLASSES:
        if [_imm_text(e, c, l) for e, l in IMM_TESTS] == printed:
            return c
    return None


# Which DataType each printing class implies for a source whose semantic type is `want`.
_CLASS_OF_TYPE = {"F32": "B32", "I32": "B32", "U32": "B32", "B32": "B32", "V2I16": "B32",
                  "V2F16": "V2F16", "V2BF16": "V2BF16", "F16": "F16"}

# ---- VOP3P ---------------------------------------------------------------------------------

# The modifier bits of a VOP3P instruction (bit positions in the 64-bit instruction).
MOD_BITS = [8, 9, 10, 11, 12, 13, 14, 15, 59, 60, 61, 62, 63]
_OP_SEL_HI_BITS = (14, 59, 60)
CLAMP_BIT = 15

SRC_MUST_BE_ZERO = 1 << 26
OP_SEL_HI_DEFAULT_ZERO = 1 << 27
SRC2_IMM64 = 1 << 28
DPP_SRC1_VGPR_ONLY = 1 << 29
CLAMP_IGNORED = 1 << 30
NO_LITERAL = 1 << 31


def word(spec, op, vdst=0, src=(257, 258, 259), mods=0):
    """The 64-bit instruction: op_sel_hi all one (the default), then `mods` toggled."""
    q = spec.prefix | op << 16 | vdst | src[0] << 32 | src[1] << 41 | src[2] << 50
    for b in _OP_SEL_HI_BITS:
        q |= 1 << b
    return q ^ mods


def encode(spec, op, vdst=0, src=(257, 258, 259), mods=0, extra=()):
    q = word(spec, op, vdst, src, mods)
    return llvmmc.words(q & 0xFFFFFFFF, q >> 32, *extra)


def type_token(tok):
    return {"f32": "F32", "f16": "F16", "bf16": "BF16", "i32": "I32", "u32": "U32"}.get(tok)


def _vop3p_types(name, nsrc):
    """(dst type, [src types]) from the mnemonic (used for what printing cannot show)."""
    parts = name.split("_")
    if name.startswith("v_pk_"):
        t = "V2F16" if parts[-1] == "f16" else "V2I16"
        return t, [t] * nsrc
    if name.startswith("v_dot"):
        dst = type_token(parts[2])
        src = {"f16": "V2F16", "bf16": "V2BF16", "i16": "V2I16", "u16": "V2I16"}.get(parts[3],
                                                                                   "B32")
        return dst, [src, src, dst]
    if name.startswith("v_fma_mix"):
        # Each source is f16 or f32 as op_sel_hi selects; llvm-mc prints them as f16.
        return type_token(parts[-1]), ["F16"] * 3
    if name.startswith("v_wmma_"):
        dst = {"f32": "F32", "f16": "V2F16", "bf16": "V2BF16", "i32": "I32"}[parts[2]]
        src = {"f16": "V2F16", "bf16": "V2BF16"}.get(parts[-1], "B32")
        return dst, [src, src, dst]
    if name.startswith("v_accvgpr_"):
        return "B32", ["B32"] * nsrc
    raise ValueError("no types known for " + name)


def base_rows(spec, ops=range(128)):
    """{op: (srcs, text)} of the opcodes that decode: with three VGPR sources, or with the
    source fields past two (then one) left zero."""
    shapes = [(257, 258, 259), (257, 258, 0), (257, 0, 0)]
    found = spec.probe([encode(spec, op, src=s) for op in ops for s in shapes])
    out = {}
    for k, op in enumerate(ops):
        for j, s in enumerate(shapes):
            p = found[len(shapes) * k + j]
            if p.valid:
                out[op] = (s, p.text)
                break
    return out


def packed_rows(spec, bases):
    """Rows of the packed-math opcodes in `bases` ({op: (srcs, text)}, as base_rows gives)."""
    return [_vop3p_row(spec, op, srcs, text) for op, (srcs, text) in sorted(bases.items())]


def _kind(tok, vreg_only, takes_imm):
    if tok.startswith("a"):
        return "AReg"  # AccVGPRs only (immediates print with an "Invalid immediate" note)
    if vreg_only:
        return "VRegOrImm" if takes_imm else "VReg"
    return "VSrc"


def _vop3p_row(spec, op, srcs, text):
    name, toks, _ = split(text)
    nsrc = len(toks) - 1
    flags = 0
    checks = []

    def enc(**kw):
        return encode(spec, op, **kw)

    # The source fields past the instruction's, non-zero.
    for i in range(nsrc, 3):
        for v in (1, 256):
            s = list(srcs)
            s[i] = v
            checks.append(enc(src=s))
    # Which source fields take scalars, and how their immediates print.
    for i in range(nsrc):
        s = list(srcs)
        s[i] = 1
        checks.append(enc(src=s))
        s[i] = 128
        checks.append(enc(src=s))
        for e, lit in IMM_TESTS:
            s = list(srcs)
            s[i] = e
            checks.append(enc(src=s, extra=(lit,)))
    for b in MOD_BITS:
        checks.append(enc(src=srcs, mods=1 << b))
    lit_src2 = list(srcs)
    lit_src2[2] = 255
    checks.append(enc(src=lit_src2, extra=(0x12345678,)))
    checks.append(enc(src=(250,) + tuple(srcs[1:]), extra=(0xFF0000E5,)))
    checks.append(enc(src=(233,) + tuple(srcs[1:]), extra=(0x00FAC6E5,)))
    checks.append(enc(src=(250, 1) + tuple(srcs[2:]), extra=(0xFF0000E5,)))
    p = iter(spec.probe(checks))
    nonzero = [next(p).valid for _ in range(2 * (3 - nsrc))]
    if nonzero and not any(nonzero):
        flags |= SRC_MUST_BE_ZERO
    dst_type, src_types = _vop3p_types(name, nsrc)
    operands = [Operand("VDST", _kind(toks[0], True, False), regs(toks[0]), dst_type, True)]
    for i in range(nsrc):
        sgpr, zero = next(p), next(p)
        vreg_only = "Invalid register" in sgpr.text
        # (llvm-mc -show-encoding may crash on an immediate an AccVGPR operand cannot take)
        takes_imm = zero.valid and "Invalid" not in zero.text
        imm = [next(p) for _ in IMM_TESTS]
        printed = [split(q.text)[1][i + 1] if q.valid else None for q in imm]
        kind = _kind(toks[i + 1], vreg_only, takes_imm)
        # Inline constants decode (with or without a note) but no literal does: gfx9.
        if zero.valid and not any(q.valid for (e, _), q in zip(IMM_TESTS, imm) if e == 255):
            flags |= NO_LITERAL
        if kind != "AReg" and takes_imm:
            if flags & NO_LITERAL:
                # Only the inline constants show the printing class.
                want = _CLASS_OF_TYPE[src_types[i]]
                inline = [(e, t) for (e, _), t in zip(IMM_TESTS, printed) if e != 255]
                if any(_imm_text(e, want, 0) != t for e, t in inline):
                    raise ValueError(f"{name} src{i}: inline constants do not print as {want}")
            else:
                cls = classify(printed)
                if cls == "F64" and i == 2:
                    flags |= SRC2_IMM64  # printed as 64-bit: the WMMA C-matrix quirk
                elif cls != _CLASS_OF_TYPE[src_types[i]]:
                    raise ValueError(f"{name} src{i}: prints as {cls}, typed {src_types[i]}")
        operands.append(Operand(f"SRC{i}", kind, regs(toks[i + 1]), src_types[i]))
    base_mods = set(split(text)[2].split())
    modifiers = set()
    for k, b in enumerate(MOD_BITS):
        q = next(p)
        if not q.valid:
            flags |= 1 << k
            continue
        if q.text == text:
            # Ignored by the decoder: the re-encoding sets it (op_sel_hi of operands the
            # instruction lacks; the base has op_sel_hi all one) or clears it (clamp).
            e = int.from_bytes(q.encoding[:8], "little")
            if b in _OP_SEL_HI_BITS and (e >> b) & 1:
                flags |= 1 << (13 + k)
            elif b == CLAMP_BIT and not (e >> b) & 1:
                flags |= CLAMP_IGNORED
            else:
                raise ValueError(f"{name}: bit {b} is ignored in an unexpected way")
            continue
        qname, qtoks, qmods = split(q.text)
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
        flags |= OP_SEL_HI_DEFAULT_ZERO
    wmma_lit = next(p)
    if flags & SRC2_IMM64:
        if not wmma_lit.valid or wmma_lit.encoding[8:] != bytes(4):
            raise ValueError(f"{name}: 64-bit src2 without the zero literal")
    dpp16, dpp8, dpp_sgpr = next(p), next(p), next(p)
    if dpp16.valid:
        modifiers.add("Dpp16")
        if "Invalid register" in dpp_sgpr.text:
            flags |= DPP_SRC1_VGPR_ONLY
    if dpp8.valid:
        modifiers.add("Dpp8")
    order = ["Clamp", "OpSel", "OpSelHi", "Neg", "Abs", "NegLo", "NegHi", "Dpp16", "Dpp8"]
    return Row(name, "VOP3P", op, operands, [m for m in order if m in modifiers], flags)
