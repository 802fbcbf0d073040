"""SALU rows (SOP1, SOP2, SOPK, SOPC, SOPP, SMEM) derived from llvm-mc-19.

Every fact in the rows comes from asking llvm-mc's disassembler: which opcodes decode, which
fields it prints (by giving each field a distinct register number and finding it in the text),
how many registers a field names (s[10:11] is 2), whether a source takes constants (an inline
constant in the field prints, or the decode fails), its width (1/(2*pi) prints with 17 digits
for 64-bit operands), and how 16-bit immediates are spelled (0x41 or 65, symbolic forms).

Row flags of the salu family (read by src/disasm/salu_*.cpp), see kImm* / kSpecial* below.
"""

import os
import re
import subprocess
import tempfile

import llvmmc
from row import Operand, Row

LLVM_MC = llvmmc.LLVM_MC

# flags & 0xf: how the 16-bit immediate (SIMM16, or the SDATA immediate of s_atc_probe) prints.
IMM_HEX = 1  # always 0x..
IMM_DEC = 2  # unsigned decimal
IMM_SMALL_DEC = 3  # 0..64 decimal, larger values hex
# (flags >> 4) & 0xf: the symbolic printer of a Special operand.
SPECIAL = {"hwreg": 1, "sendmsg": 2, "waitcnt": 3, "delay_alu": 4, "depctr": 5, "version": 6}
IMM_OPTIONAL = 1 << 8  # the immediate is not printed when zero (s_endpgm)
IMM_MUST_BE_ZERO = 1 << 9  # no operand; llvm-mc fails the decode when simm16 != 0
# The assembler takes a label for the immediate (a PC-relative target, s_call_b64), although
# llvm-objdump prints no branch target for it (so its kind stays Imm).
IMM_ACCEPTS_LABEL = 1 << 10


def _words(*ws):
    return b"".join((w & 0xFFFFFFFF).to_bytes(4, "little") for w in ws)


def probe(datas):
    """Text of the first instruction of each byte string, or None when llvm-mc rejects it."""
    return [p.text for p in llvmmc.probe(datas)]


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


# ---- SOP1 / SOP2 / SOPC --------------------------------------------------------------------

SOP2 = lambda op, d, s0, s1: (0b10 << 30) | (op << 23) | (d << 16) | (s1 << 8) | s0
SOP1 = lambda op, d, s0: (0x17D << 23) | (d << 16) | (op << 8) | s0
SOPC = lambda op, s0, s1: (0x17E << 23) | (op << 16) | (s1 << 8) | s0

# Distinct register numbers per field so that printed operands can be traced to fields.
_BASE = {"SDST": 8, "SSRC0": 20, "SSRC1": 40}


def _alu_rows(fmt, nops, make):
    """make(op, values_by_field) -> dword. Fields not in values are given their base number."""

    def enc(op, **over):
        v = dict(_BASE)
        v.update(over)
        return _words(make(op, v), 0x12345678)

    texts = probe([enc(op) for op in range(nops)])
    valid = [(op, t) for op, t in enumerate(texts) if t is not None]
    fields = [f for f in ("SDST", "SSRC0", "SSRC1") if not (fmt == "SOPC" and f == "SDST")]
    if fmt == "SOP1":
        fields = ["SDST", "SSRC0"]
    # Kind and width probes for every source field: inline 1 (129) and 1/(2*pi) (248).
    src_fields = [f for f in fields if f != "SDST"]
    inl = {(op, f): t for (op, f), t in zip(
        [(op, f) for op, _ in valid for f in src_fields],
        probe([enc(op, **{f: 129}) for op, _ in valid for f in src_fields]))}
    inv = {(op, f): t for (op, f), t in zip(
        [(op, f) for op, _ in valid for f in src_fields],
        probe([enc(op, **{f: 248}) for op, _ in valid for f in src_fields]))}
    rows = []
    for op, text in valid:
        name, toks = _split(text)
        operands = []
        for i, tok in enumerate(toks):
            for f in fields:
                n = _regs(tok, _BASE[f])
                if n:
                    break
            else:
                if tok.startswith("sendmsg("):
                    operands.append(Operand("SSRC0", "Special", 1, "B32"))
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
        flags = SPECIAL["sendmsg"] << 4 if any(o.kind == "Special" for o in operands) else 0
        rows.append(Row(name, fmt, op, operands, flags=flags))
    return rows


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


def _special(tok):
    for prefix, kind in (("hwreg(", "hwreg"), ("sendmsg(", "sendmsg"), ("vmcnt(", "waitcnt"),
                         ("instid0(", "delay_alu"), ("depctr_", "depctr"),
                         ("UC_VERSION", "version")):
        if tok.startswith(prefix):
            return SPECIAL[kind]
    return None


def _labels(fmt_words):
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
        subprocess.run([LLVM_MC, "-arch=amdgcn", "-mcpu=gfx1100", "-filetype=obj", src, "-o",
                        obj], check=True)
        out = subprocess.run(["llvm-objdump-19", "-d", obj], capture_output=True, text=True,
                             check=True).stdout
    is_label = [False] * len(fmt_words)
    for line in out.splitlines():
        m = re.search(r"// ([0-9A-F]+):", line)
        if m and int(m.group(1), 16) % 8 == 0:
            is_label[int(m.group(1), 16) // 8] = line.rstrip().endswith(">")
    return is_label


def _accepts_label(statement):
    """Whether llvm-mc assembles this statement, which names the label `lab` as an operand, into
    a branch fixup."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "a.s")
        with open(src, "w") as f:
            f.write("lab:\n" + statement + "\n")
        out = subprocess.run([LLVM_MC, "-arch=amdgcn", "-mcpu=gfx1100", "-show-encoding", src],
                             capture_output=True, text=True).stdout
    return "fixup_si_sopp_br" in out


def _sopk_rows():
    ops = range(32)
    # Opcodes 29..31 alias the SOP1 / SOPC / SOPP prefixes.
    ops = [op for op in ops if ((SOPK(op, 0, 0) >> 23) not in (0x17D, 0x17E, 0x17F))]
    texts = probe([_words(SOPK(op, 8, 0x10), 0x12345678) for op in ops])
    valid = [(op, t) for op, t in zip(ops, texts) if t is not None]
    vals = (1, 65, 0x1234, 0)
    samples = probe([_words(SOPK(op, 8, v), 0x12345678) for op, _ in valid for v in vals])
    labels = _labels([SOPK(op, 8, 1) for op, _ in valid])
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
                    if _accepts_label(name + " " + ", ".join(toks[:-1] + ["lab"])):
                        flags |= IMM_ACCEPTS_LABEL
        rows.append(Row(name, "SOPK", op, operands, flags=flags))
    return rows


# ---- SOPP ------------------------------------------------------------------------------------

SOPP = lambda op, imm: (0x17F << 23) | (op << 16) | (imm & 0xFFFF)


def _sopp_rows():
    vals = (0, 1, 65, 0x1234)
    texts = probe([_words(SOPP(op, v)) for op in range(128) for v in vals])
    labels = _labels([SOPP(op, 1) for op in range(128)])
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
    return rows


# ---- SMEM ------------------------------------------------------------------------------------

SMEM0 = lambda op, sdata, sbase: (0x3D << 26) | (op << 18) | (sdata << 6) | sbase
SMEM1 = lambda offset, soffset: (soffset << 25) | (offset & 0x1FFFFF)


def _smem_rows():
    sdata0, sbase0, soffset0 = 8, 5, 30  # sbase counts register pairs: 5 is s[10:11]
    enc = lambda op, sdata=sdata0, extra=0: _words(SMEM0(op, sdata, sbase0) | extra,
                                                   SMEM1(0x10, soffset0))
    texts = probe([enc(op) for op in range(256)])
    valid = [(op, t) for op, t in enumerate(texts) if t is not None]
    glc_dlc = probe([enc(op, extra=3 << 13) for op, _ in valid])
    imm_samples = probe([enc(op, sdata=v) for op, _ in valid for v in (1, 65)])
    rows = []
    for k, (op, text) in enumerate(valid):
        name, toks = _split(text)
        operands, flags, modifiers = [], 0, []
        if toks and (glc_dlc[k] or "").endswith(" glc dlc"):
            modifiers = ["Glc", "Dlc"]
        for i, tok in enumerate(toks):
            if i == 0:
                n = _regs(tok, sdata0)
                if n:
                    typ = {1: "B32", 2: "B64", 4: "B128"}.get(n, "None")
                    operands.append(Operand("SDATA", "SReg", n, typ, is_def=True))
                else:
                    smp = [_split(t)[1][0] for t in imm_samples[2 * k:2 * k + 2]]
                    flags |= _imm_style(smp + ["4660"])
                    operands.append(Operand("SDATA", "Imm", 1, "None"))
            elif i == 1:
                mm = re.fullmatch(r"s\[(\d+):(\d+)\]", tok)
                n = int(mm.group(2)) - int(mm.group(1)) + 1
                operands.append(Operand("SBASE", "SReg", n, "B64" if n == 2 else "B128"))
            elif i == 2:
                # "s30 offset:0x10": the scalar offset and the 21-bit signed immediate offset.
                operands.append(Operand("SOFFSET", "SReg", 1, "B32"))
                operands.append(Operand("OFFSET", "Imm", 1, "I32"))
        rows.append(Row(name, "SMEM", op, operands, modifiers=modifiers, flags=flags))
    return rows


def rows():
    sop2 = _alu_rows("SOP2", 0x60, lambda op, v: SOP2(op, v["SDST"], v["SSRC0"], v["SSRC1"]))
    sop1 = _alu_rows("SOP1", 0x100, lambda op, v: SOP1(op, v["SDST"], v["SSRC0"]))
    sopc = _alu_rows("SOPC", 0x80, lambda op, v: SOPC(op, v["SSRC0"], v["SSRC1"]))
    return sop1 + sop2 + _sopk_rows() + sopc + _sopp_rows() + _smem_rows()


# ---- Symbolic operand names (src/isa/gfx1100/salu_symbols.inc) ------------------------------


def _names(texts, pattern):
    """{value: NAME} for the probes whose text matches pattern with a symbolic name."""
    out = {}
    for v, t in texts:
        m = t and re.search(pattern, t)
        if m:
            out[v] = m.group(1)
    return out


def symbols():
    """C++ tables of the names llvm-mc prints inside hwreg(), sendmsg() and s_version."""
    ids = range(64)
    hw = _names(zip(ids, probe([_words(SOPK(0x11, 0, (31 << 11) | i)) for i in ids])),
                r"hwreg\(([A-Z_][A-Z0-9_]*)\)")
    msgs = range(256)
    msg = _names(zip(msgs, probe([_words(SOPP(0x36, m)) for m in msgs])),
                 r"sendmsg\(([A-Z_][A-Z0-9_]*)\)")
    vers = range(256)
    ver = _names(zip(vers, probe([_words(SOPK(0x1, 0, v)) for v in vers])),
                 r"s_version ([A-Z_][A-Z0-9_]*)$")
    bits = {}
    for b in range(16):
        t = probe([_words(SOPK(0x1, 0, 1 << b))])[0]
        m = t and re.search(r"\|([A-Z_0-9]+)$", t)
        if m:
            bits[1 << b] = m.group(1)

    def table(cname, size, names):
        out = [f"inline constexpr std::string_view {cname}[{size}] = {{"]
        out += [f'    "{names.get(i, "")}",' for i in range(size)]
        return out + ["};"]

    lines = ["// Names llvm-mc-19 prints in symbolic SALU operands. Generated by",
             "// scripts/gen_tables.py (scripts/isa/gfx1100_salu.py); do not edit. Empty: printed",
             "// as a number.",
             "#pragma once", "", "#include <string_view>", "",
             "namespace gcnkit::isa::gfx1100::salu_names {", ""]
    lines += table("kHwreg", 64, hw) + [""]
    lines += table("kSendmsg", 256, msg) + [""]
    lines += table("kVersion", 256, ver) + [""]
    lines += ["// s_version flag bits, in the order llvm-mc appends them.",
              "struct VersionBit {", "  unsigned mask;", "  std::string_view name;", "};",
              f"inline constexpr VersionBit kVersionBits[{len(bits)}] = {{"]
    lines += [f'    {{0x{m:x}, "{n}"}},' for m, n in sorted(bits.items())]
    lines += ["};", "", "}  // namespace gcnkit::isa::gfx1100::salu_names", ""]
    return "\n".join(lines)


def extra_files():
    """Generated files besides the table rows, for scripts/gen_tables.py."""
    return {os.path.join("src", "isa", "gfx1100", "salu_symbols.inc"): symbols()}
