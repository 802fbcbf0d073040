"""SALU rows (SOP1, SOP2, SOPK, SOPC, SOPP, SMEM) derived from llvm-mc-19, for every target.

Every fact in the rows comes from asking llvm-mc's disassembler: which opcodes decode, which
fields it prints (by giving each field a distinct register number and finding it in the text),
how many registers a field names (s[10:11] is 2), whether a source takes constants (an inline
constant in the field prints, or the decode fails), its width (1/(2*pi) prints with 17 digits
for 64-bit operands), and how 16-bit immediates are spelled (0x41 or 65, symbolic forms).

The SOP formats have the same layout on every target (only opcodes differ); SMEM moved its
cache-policy bits and gained / lost the offset-form bits between gfx9 and gfx11, which a
target describes with an SmemLayout (the same facts as src/isa/target_info.h's SmemLayout).
A target module (gfx1100_salu.py, gfx908_salu.py) names its processor and layout.

Row flags of the salu family (read by src/disasm/salu_*.cpp), see kImm* / kSpecial* below.
"""

import os
import re
import subprocess
import tempfile

import llvmmc
import salu_symbols
from row import Operand, Row

LLVM_MC = llvmmc.LLVM_MC

# flags & 0xf: how the 16-bit immediate (SIMM16, or the SDATA immediate of s_atc_probe) prints.
IMM_HEX = 1  # always 0x..
IMM_DEC = 2  # unsigned decimal
IMM_SMALL_DEC = 3  # 0..64 decimal, larger values hex
# (flags >> 4) & 0xf: the symbolic printer of a Special operand.
SPECIAL = {"hwreg": 1, "sendmsg": 2, "waitcnt": 3, "delay_alu": 4, "depctr": 5, "version": 6,
           "gpr_idx": 7}
IMM_OPTIONAL = 1 << 8  # the immediate is not printed when zero (s_endpgm)
IMM_MUST_BE_ZERO = 1 << 9  # no operand; llvm-mc fails the decode when simm16 != 0
# The assembler takes a label for the immediate (a PC-relative target, s_call_b64), although
# llvm-objdump prints no branch target for it (so its kind stays Imm).
IMM_ACCEPTS_LABEL = 1 << 10
# The assembler takes inline constants but no literal for the sources (gfx9's s_cbranch_g_fork),
# although the disassembler prints one.
NO_LITERAL = 1 << 11
# How the assembler takes the 16-bit immediate (SIMM16 Imm / Special operands): truncated to 16
# bits, whatever its size (s_nop, s_waitcnt); or unsigned only (s_cmpk_*_u32, hwreg).
IMM_TRUNCATED = 1 << 12
IMM_UNSIGNED = 1 << 13
# SMEM atomics: with glc they return the pre-op value into sdata, which llvm's decoder then
# holds as two operands (llvm-objdump repeats its register notes).
SMEM_ATOMIC = 1 << 14


class SmemLayout:
    """Where a target keeps SMEM's variable bits: the encoding value of bits [31:26], the glc /
    dlc bits, and gfx9's imm (the offset field holds an immediate rather than an SGPR) and
    soffset_en (the soffset field holds an SGPR) bits; None where the target has none."""

    def __init__(self, encoding, glc, dlc=None, imm=None, soffset_en=None):
        self.encoding, self.glc, self.dlc = encoding, glc, dlc
        self.imm, self.soffset_en = imm, soffset_en

    def word0(self, op, sdata, sbase, extra=0):
        return (self.encoding << 26) | (op << 18) | (sdata << 6) | sbase | extra

    def offset_bits(self):
        """Dword-0 bits that make llvm-mc print both an SGPR and an immediate offset."""
        bits = 0
        for b in (self.imm, self.soffset_en):
            if b is not None:
                bits |= 1 << b
        return bits


SMEM_GFX11 = SmemLayout(0x3D, glc=14, dlc=13)
SMEM_GFX9 = SmemLayout(0x30, glc=16, imm=17, soffset_en=14)


class Target:
    """The processor llvm-mc is asked about and its SMEM layout."""

    def __init__(self, mcpu, smem):
        self.mcpu, self.smem = mcpu, smem

    def probe(self, datas):
        """Text of the first instruction of each byte string, or None when llvm-mc rejects it."""
        return [p.text for p in llvmmc.probe(datas, mcpu=self.mcpu)]


_words = llvmmc.words


def _split(text):
    """Mnemonic and operand strings of an instruction text."""
    name, _, rest = text.partition(" ")
    toks, depth, cur = [], 0, ""
    for c in rest:
        depth += (c == "(") - (c == ")")
        if c == "," and depth == 0:
            toks.append(cur.strip())
            cur = ""
        else:
            cur += c
    if cur.strip():
        toks.append(cur.strip())
    return name, toks


def _regs(tok, base):
    """Register count if tok names the SGPR tuple starting at base (s10, s[10:11])."""
    if tok == f"s{base}":
        return 1
    m = re.fullmatch(r"s\[(\d+):(\d+)\]", tok)
    if m and int(m.group(1)) == base:
        return int(m.group(2)) - base + 1
    return None


def _width_type(regs):
    return "B64" if regs == 2 else "B32"


def _special(tok):
    for prefix, kind in (("hwreg(", "hwreg"), ("sendmsg(", "sendmsg"), ("vmcnt(", "waitcnt"),
                         ("instid0(", "delay_alu"), ("depctr_", "depctr"),
                         ("UC_VERSION", "version"), ("gpr_idx(", "gpr_idx")):
        if tok.startswith(prefix):
            return SPECIAL[kind]
    return None


# ---- SOP1 / SOP2 / SOPC --------------------------------------------------------------------

SOP2 = lambda op, d, s0, s1: (0b10 << 30) | (op << 23) | (d << 16) | (s1 << 8) | s0
SOP1 = lambda op, d, s0: (0x17D << 23) | (d << 16) | (op << 8) | s0
SOPC = lambda op, s0, s1: (0x17E << 23) | (op << 16) | (s1 << 8) | s0

# Distinct register numbers per field so that printed operands can be traced to fields.
_BASE = {"SDST": 8, "SSRC0": 20, "SSRC1": 40}


def _alu_rows(target, fmt, nops, make):
    """make(op, values_by_field) -> dword. Fields not in values are given their base number."""

    def enc(op, **over):
        v = dict(_BASE)
        v.update(over)
        return _words(make(op, v), 0x12345678)

    texts = target.probe([enc(op) for op in range(nops)])
    valid = [(op, t) for op, t in enumerate(texts) if t is not None]
    fields = [f for f in ("SDST", "SSRC0", "SSRC1") if not (fmt == "SOPC" and f == "SDST")]
    if fmt == "SOP1":
        fields = ["SDST", "SSRC0"]
    # Kind and width probes for every source field: inline 1 (129) and 1/(2*pi) (248); the
    # symbolic probe puts 1 in the field (s_set_gpr_idx_on's mode prints gpr_idx(SRC0)).
    src_fields = [f for f in fields if f != "SDST"]
    keys = [(op, f) for op, _ in valid for f in src_fields]
    inl = dict(zip(keys, target.probe([enc(op, **{f: 129}) for op, f in keys])))
    inv = dict(zip(keys, target.probe([enc(op, **{f: 248}) for op, f in keys])))
    sym = dict(zip(keys, target.probe([enc(op, **{f: 1}) for op, f in keys])))
    rows = []
    for op, text in valid:
        name, toks = _split(text)
        operands, flags = [], 0
        for i, tok in enumerate(toks):
            for f in fields:
                n = _regs(tok, _BASE[f])
                if n:
                    break
            else:
                if tok.startswith("sendmsg("):
                    operands.append(Operand("SSRC0", "Special", 1, "B32"))
                    flags |= SPECIAL["sendmsg"] << 4
                    continue
                # A symbolic immediate in a source field (s_set_gpr_idx_on's mode).
                spec = None
                for f in src_fields:
                    sym_toks = _split(sym[(op, f)])[1] if sym[(op, f)] else []
                    if i < len(sym_toks) and _special(sym_toks[i]):
                        spec = f, _special(sym_toks[i])
                if spec:
                    operands.append(Operand(spec[0], "Special", 1, "B32"))
                    flags |= spec[1] << 4
                    continue
                raise RuntimeError(f"{fmt} {op:#x}: cannot place operand {tok!r} of {text!r}")
            if f == "SDST":
                operands.append(Operand(f, "SReg", n, _width_type(n), is_def=True))
                continue
            t1 = inl[(op, f)]
            kind = "SSrc" if t1 is not None and _split(t1)[1][i] == "1" else "SReg"
            t2 = inv[(op, f)]
            typ = _width_type(n)
            if t2 is not None and _split(t2)[1][i] == "0.15915494309189532":
                typ = "B64"
            operands.append(Operand(f, kind, n, typ))
        rows.append(Row(name, fmt, op, operands, flags=flags))
    _mark_literal_rejected(target, rows)
    return rows


def _mark_literal_rejected(target, rows):
    """Sets NO_LITERAL on the rows whose assembler rejects a literal in a scalar source."""
    statements, owners = [], []
    for r in rows:
        for k, o in enumerate(r.operands):
            if o.kind != "SSrc":
                continue
            args = ["0x12345678" if j == k else "0" if p.kind == "Special"
                    else "s10" if p.regs == 1 else f"s[8:{7 + p.regs}]"
                    for j, p in enumerate(r.operands)]
            statements.append(f"{r.name} " + ", ".join(args))
            owners.append(r)
    for r, a in zip(owners, llvmmc.assemble(statements, target.mcpu)):
        if a.error == "invalid operand for instruction":
            r.flags |= NO_LITERAL


# ---- SOPK ------------------------------------------------------------------------------------

SOPK = lambda op, d, imm: (0b1011 << 28) | (op << 23) | (d << 16) | (imm & 0xFFFF)


def _imm_style(samples):
    """Style of a 16-bit immediate from how 1, 65 and 0x1234 print (None if not an imm)."""
    one, big, mid = samples
    if one == "0x1" and big == "0x41":
        return IMM_HEX
    if one == "1" and big == "65" and mid == "4660":
        return IMM_DEC
    if one == "1" and big == "0x41":
        return IMM_SMALL_DEC
    return None


def _labels(target, fmt_words):
    """Which of these single-dword instructions llvm-objdump treats as branches (it prints a
    <symbol+offset> target after them). Each sits at address 8*k, followed by an s_nop that
    an instruction taking a literal may swallow."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "l.s")
        obj = os.path.join(tmp, "l.o")
        with open(src, "w") as f:
            f.write(".text\n.globl f\nf:\n")
            for w in fmt_words:
                f.write(".byte " + ",".join(f"0x{b:02x}" for b in _words(w, 0xBF800000)) + "\n")
        subprocess.run([LLVM_MC, "-arch=amdgcn", f"-mcpu={target.mcpu}", "-filetype=obj", src,
                        "-o", obj], check=True)
        out = subprocess.run(["llvm-objdump-19", "-d", obj], capture_output=True, text=True,
                             check=True).stdout
    is_label = [False] * len(fmt_words)
    for line in out.splitlines():
        m = re.search(r"// ([0-9A-F]+):", line)
        if m and int(m.group(1), 16) % 8 == 0:
            is_label[int(m.group(1), 16) // 8] = line.rstrip().endswith(">")
    return is_label


def _accepts_label(target, statement):
    """Whether llvm-mc assembles this statement, which names the label `lab` as an operand, into
    a branch fixup."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "a.s")
        with open(src, "w") as f:
            f.write("lab:\n" + statement + "\n")
        out = subprocess.run([LLVM_MC, "-arch=amdgcn", f"-mcpu={target.mcpu}", "-show-encoding",
                              src], capture_output=True, text=True).stdout
    return "fixup_si_sopp_br" in out


def _sopk_rows(target):
    ops = range(32)
    # Opcodes 29..31 alias the SOP1 / SOPC / SOPP prefixes.
    ops = [op for op in ops if ((SOPK(op, 0, 0) >> 23) not in (0x17D, 0x17E, 0x17F))]
    texts = target.probe([_words(SOPK(op, 8, 0x10), 0x12345678) for op in ops])
    valid = [(op, t) for op, t in zip(ops, texts) if t is not None]
    vals = (1, 65, 0x1234, 0)
    samples = target.probe([_words(SOPK(op, 8, v), 0x12345678) for op, _ in valid for v in vals])
    labels = _labels(target, [SOPK(op, 8, 1) for op, _ in valid])
    rows = []
    for k, (op, text) in enumerate(valid):
        name, toks = _split(text)
        smp = [_split(t)[1][-1] if t else None for t in samples[4 * k:4 * k + 4]]
        zero = _split(samples[4 * k + 3])[1]
        operands, flags = [], 0
        for i, tok in enumerate(toks):
            n = _regs(tok, 8)
            if n:
                # The SDST field is a source of compares, s_setreg and the s_waitcnt_* forms.
                is_def = not re.match(r"s_(cmpk_|setreg|waitcnt_)", name)
                operands.append(Operand("SDST", "SReg", n, _width_type(n), is_def=is_def))
            elif tok == "0x12345678":  # s_setreg_imm32_b32 reads the next dword
                operands.append(Operand("LITERAL", "KImm", 1, "B32"))
            elif i < len(zero) and _special(zero[i]):
                flags |= _special(zero[i]) << 4
                operands.append(Operand("SIMM16", "Special", 1, "B16"))
            else:
                style = _imm_style(smp[:3])
                if style is None:
                    raise RuntimeError(f"SOPK {op:#x}: unknown immediate in {text!r}")
                flags |= style
                if labels[k]:
                    operands.append(Operand("SIMM16", "Label", 1, "I16"))
                else:
                    operands.append(Operand("SIMM16", "Imm", 1, "B16"))
                    if _accepts_label(target, name + " " + ", ".join(toks[:-1] + ["lab"])):
                        flags |= IMM_ACCEPTS_LABEL
        rows.append(Row(name, "SOPK", op, operands, flags=flags))
    _mark_imm_range(target, rows)
    return rows


def _mark_imm_range(target, rows):
    """Sets IMM_TRUNCATED / IMM_UNSIGNED on the rows whose assembler takes 65536 / rejects -1
    for a SIMM16 immediate (branch targets excepted: their rule is fixed)."""
    probes = []
    for r in rows:
        if not any(o.field == "SIMM16" and o.kind in ("Imm", "Special") for o in r.operands):
            continue
        for v in ("65536", "-1"):
            args = [v if o.field == "SIMM16" else "0" if o.kind == "KImm"
                    else "null" if r.name.startswith("s_waitcnt_")
                    else "s0" if o.regs == 1 else f"s[0:{o.regs - 1}]" for o in r.operands]
            probes.append((r, v, f"{r.name} " + ", ".join(args)))
    results = llvmmc.assemble([p for _, _, p in probes], target.mcpu)
    for (r, v, _), a in zip(probes, results):
        if v == "65536" and a.error is None:
            r.flags |= IMM_TRUNCATED
        elif v == "-1" and a.error is not None:
            r.flags |= IMM_UNSIGNED


# ---- SOPP ------------------------------------------------------------------------------------

SOPP = lambda op, imm: (0x17F << 23) | (op << 16) | (imm & 0xFFFF)


def _sopp_rows(target):
    vals = (0, 1, 65, 0x1234)
    texts = target.probe([_words(SOPP(op, v)) for op in range(128) for v in vals])
    labels = _labels(target, [SOPP(op, 1) for op in range(128)])
    rows = []
    for op in range(128):
        t0, t1, t65, tmid = texts[4 * op:4 * op + 4]
        if t0 is None and t1 is None:
            continue
        name = _split(t0 or t1)[0]
        operands, flags = [], 0
        if t1 is None:
            flags |= IMM_MUST_BE_ZERO
        else:
            toks = [_split(t)[1] for t in (t0, t1, t65, tmid)]
            if not toks[0]:
                flags |= IMM_OPTIONAL
            spec = next((_special(x[0]) for x in toks if x and _special(x[0])), None)
            if spec is not None:
                flags |= spec << 4
                operands.append(Operand("SIMM16", "Special", 1, "B16"))
            else:
                style = _imm_style([x[0] for x in toks[1:]])
                if style is None:
                    raise RuntimeError(f"SOPP {op:#x}: unknown immediate in {t1!r}")
                flags |= style
                kind = "Label" if labels[op] else "Imm"
                operands.append(Operand("SIMM16", kind, 1, "I16" if kind == "Label" else "B16"))
        rows.append(Row(name, "SOPP", op, operands, flags=flags))
    _mark_imm_range(target, rows)
    return rows


# ---- SMEM ------------------------------------------------------------------------------------

SMEM1 = lambda offset, soffset: (soffset << 25) | (offset & 0x1FFFFF)


def _smem_rows(target):
    lay = target.smem
    sdata0, sbase0, soffset0 = 8, 5, 30  # sbase counts register pairs: 5 is s[10:11]
    both = lay.offset_bits()

    def enc(op, sdata=sdata0, extra=both):
        return _words(lay.word0(op, sdata, sbase0, extra), SMEM1(0x10, soffset0))

    # gfx9 instructions without an offset operand (s_dcache_inv, s_memtime) decode only with
    # the imm bit clear.
    texts = target.probe([enc(op) for op in range(256)])
    if both:
        plain = target.probe([enc(op, extra=0) for op in range(256)])
        texts = [t if t is not None else p for t, p in zip(texts, plain)]
    valid = [(op, t) for op, t in enumerate(texts) if t is not None]
    policy = (1 << lay.glc) | (1 << lay.dlc if lay.dlc is not None else 0)
    glc_dlc = target.probe([enc(op, extra=both | policy) for op, _ in valid])
    imm_samples = target.probe([enc(op, sdata=v) for op, _ in valid for v in (1, 65)])
    rows = []
    for k, (op, text) in enumerate(valid):
        name, toks = _split(text)
        operands, flags, modifiers = [], 0, []
        printed = glc_dlc[k] or ""
        if toks and lay.dlc is not None and printed.endswith(" glc dlc"):
            modifiers = ["Glc", "Dlc"]
        elif toks and lay.dlc is None and printed.endswith(" glc"):
            modifiers = ["Glc"]
        # Operands before the offsets: sdata (a register at sdata0, or s_atc_probe's
        # immediate) and sbase; a lone register is sdata when it starts at sdata0.
        regs = [t for t in toks if not t.startswith(f"s{soffset0}") and not t.startswith("0x")]
        for i, tok in enumerate(toks):
            if tok.startswith(f"s{soffset0}") or tok.startswith("0x"):
                # "s30 offset:0x10": the scalar offset and the 21-bit signed immediate offset.
                operands.append(Operand("SOFFSET", "SReg", 1, "B32"))
                operands.append(Operand("OFFSET", "Imm", 1, "I32"))
            elif i == 0 and (len(regs) == 2 or _regs(tok, sdata0)):
                n = _regs(tok, sdata0)
                if n:
                    typ = {1: "B32", 2: "B64", 4: "B128"}.get(n, "None")
                    # Stores read sdata; loads and atomics (which may return) write it.
                    operands.append(Operand("SDATA", "SReg", n, typ, is_def="_store" not in name))
                else:
                    smp = [_split(t)[1][0] for t in imm_samples[2 * k:2 * k + 2]]
                    flags |= _imm_style(smp + ["4660"])
                    operands.append(Operand("SDATA", "Imm", 1, "None"))
            else:
                mm = re.fullmatch(r"s\[(\d+):(\d+)\]", tok)
                n = int(mm.group(2)) - int(mm.group(1)) + 1
                operands.append(Operand("SBASE", "SReg", n, "B64" if n == 2 else "B128"))
        if "_atomic_" in name:
            flags |= SMEM_ATOMIC
        rows.append(Row(name, "SMEM", op, operands, modifiers=modifiers, flags=flags))
    return rows


def rows(target):
    sop2 = _alu_rows(target, "SOP2", 0x60,
                     lambda op, v: SOP2(op, v["SDST"], v["SSRC0"], v["SSRC1"]))
    sop1 = _alu_rows(target, "SOP1", 0x100, lambda op, v: SOP1(op, v["SDST"], v["SSRC0"]))
    sopc = _alu_rows(target, "SOPC", 0x80, lambda op, v: SOPC(op, v["SSRC0"], v["SSRC1"]))
    return sop1 + sop2 + _sopk_rows(target) + sopc + _sopp_rows(target) + _smem_rows(target)


def target_module(mcpu, smem):
    """The rows() and extra_files() of a target module (scripts/gen_tables.py's interface)."""
    target = Target(mcpu, smem)

    def extra_files():
        path = os.path.join("src", "isa", mcpu, "salu_symbols.inc")
        return {path: salu_symbols.generate(mcpu)}

    return (lambda: rows(target)), extra_files
