"""Batch probing of llvm-mc-19's AMDGPU disassembler: the one piece every table generator and
developer script uses to ask "what does this byte sequence decode to?".

Spawning llvm-mc once per question is far too slow, so probes are batched into one file: each
probe is an atomic block ([0x..,...], decoded in isolation, so a probe that fails part-way
cannot swallow what follows), and after each comes a marker block (s_nop 0x7ab, an instruction
every target has). The output is split at the markers, and the warnings on stderr are mapped
back to the probe through their line numbers (the probe's first byte is at column 2).

llvm-mc-19 crashes on some encodings (with -show-encoding, on gfx908 MFMA words whose srcA or
srcB is an inline constant); a run that dies on a signal is split in halves and retried, down
to the single probes that crash, which come back invalid with `crashed` set.

Every run also keeps a few of the texts it printed for each mnemonic (`printed`): statements
llvm-mc wrote itself, which the mnemonic alias generator assembles under other names.
"""

import os
import re
import subprocess
import tempfile

LLVM_MC = os.environ.get("LLVM_MC", "llvm-mc-19")
MARKER = bytes([0xAB, 0x07, 0x80, 0xBF])  # s_nop 0x7ab
MARKER_TEXT = "s_nop 0x7ab"
FIRST_COLUMN = 2  # the column of a probe's first byte (after the block's bracket)

_WARN = re.compile(r"^.*?:(\d+):(\d+): (warning|error): (.*)$")

# (mcpu, extra_args) -> printed mnemonic -> up to SAMPLES texts of valid probes without notes.
_PRINTED = {}
SAMPLES = 4


def printed(mcpu="gfx1100", extra_args=()):
    """{mnemonic: [texts]}: texts llvm-mc printed for probes of this processor so far, a few
    per mnemonic as printed (with its _e32 / _e64 / _dpp suffix), in the order they were
    probed."""
    return _PRINTED.get((mcpu, tuple(extra_args)), {})


class Probe:
    """What llvm-mc printed for one probe line."""

    __slots__ = ("data", "lines", "encodings", "diags", "crashed")

    def __init__(self, data):
        self.data = data
        self.crashed = False  # llvm-mc died on a signal decoding this probe alone
        self.lines = []  # instruction texts, without leading tab or encoding comment
        self.encodings = []  # bytes of each printed instruction (re-encoded by llvm-mc)
        self.diags = []  # (column, severity, message)

    @property
    def valid(self):
        """True when the first instruction of the probe decoded."""
        return bool(self.lines) and not any(c == FIRST_COLUMN for c, _, _ in self.diags)

    @property
    def text(self):
        return self.lines[0] if self.valid else None

    @property
    def encoding(self):
        """llvm-mc's re-encoding of the first instruction, or None."""
        return self.encodings[0] if self.valid else None

    @property
    def size(self):
        """Bytes llvm-mc's re-encoding of the first instruction takes."""
        return len(self.encodings[0]) if self.valid else 0

    def __repr__(self):
        return f"Probe({self.data.hex()}, {self.lines}, {self.diags})"


def hexline(data):
    return ",".join(f"0x{b:02x}" for b in data)


def probe(datas, mcpu="gfx1100", extra_args=(), chunk=20000):
    """Disassembles each byte string in datas separately; returns one Probe each.

    mcpu is the processor (gfx1100, gfx908); extra_args go to llvm-mc (-mattr=...)."""
    out = []
    for i in range(0, len(datas), chunk):
        out.extend(_probe_chunk(datas[i : i + chunk], mcpu, extra_args))
    return out


def _probe_chunk(datas, mcpu, extra_args):
    probes, crashed = _run(datas, mcpu, extra_args)
    if not crashed:
        return probes
    if len(datas) == 1:
        probes[0] = Probe(bytes(datas[0]))
        probes[0].crashed = True
        return probes
    half = len(datas) // 2
    return (_probe_chunk(datas[:half], mcpu, extra_args) +
            _probe_chunk(datas[half:], mcpu, extra_args))


def _run(datas, mcpu, extra_args):
    """One llvm-mc run over the probes: (probes, whether it died on a signal)."""
    probes = [Probe(bytes(d)) for d in datas]
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        for d in probes:
            f.write("[" + hexline(d.data) + "]\n")
            f.write("[" + hexline(MARKER) + "]\n")
        path = f.name
    try:
        r = subprocess.run(
            [LLVM_MC, "-arch=amdgcn", f"-mcpu={mcpu}", "-disassemble", "-show-encoding", path,
             *extra_args],
            capture_output=True,
            text=True,
        )
    finally:
        os.unlink(path)
    idx = 0
    for line in r.stdout.splitlines():
        line = line.strip()
        if not line or line == ".text":
            continue
        text, _, enc = line.partition("; encoding: ")
        text = text.rstrip()
        if text == MARKER_TEXT and enc.strip() == "[" + hexline(MARKER) + "]":
            idx += 1
            continue
        if idx >= len(probes):
            if r.returncode < 0:
                break
            raise RuntimeError("llvm-mc printed more than expected: " + line)
        probes[idx].lines.append(text)
        enc = enc.strip().strip("[]")
        probes[idx].encodings.append(bytes(int(x, 16) for x in enc.split(",") if x))
    for line in r.stderr.splitlines():
        m = _WARN.match(line)
        if not m:
            continue
        lineno, col = int(m.group(1)), int(m.group(2))
        if lineno % 2 == 1:  # probe lines are odd, marker lines even
            probes[(lineno - 1) // 2].diags.append((col, m.group(3), m.group(4)))
    seen = _PRINTED.setdefault((mcpu, tuple(extra_args)), {})
    for p in probes:
        if p.valid and not p.diags:
            texts = seen.setdefault(p.text.split(" ", 1)[0], [])
            if len(texts) < SAMPLES and p.text not in texts:
                texts.append(p.text)
    return probes, r.returncode < 0


def words(*ws):
    """Little-endian bytes of 32-bit words."""
    return b"".join(int(w & 0xFFFFFFFF).to_bytes(4, "little") for w in ws)



class Assembled:
    """What llvm-mc's assembler made of one statement."""

    __slots__ = ("statement", "text", "encoding", "diags")

    def __init__(self, statement):
        self.statement = statement
        self.text = None  # the instruction as llvm-mc prints it back, or None on an error
        self.encoding = None  # its bytes
        self.diags = []  # (column, severity, message)

    @property
    def error(self):
        """The first error message, or None when the statement assembled."""
        return next((m for _, s, m in self.diags if s == "error"), None)

    def __repr__(self):
        return f"Assembled({self.statement!r}, {self.text!r}, {self.diags})"


def assemble(statements, mcpu="gfx1100", extra_args=()):
    """Assembles each single-line statement (llvm-mc -show-encoding); returns one Assembled
    each. A statement that fails prints nothing, so outputs are matched to the statements
    without an error, in order."""
    results = [Assembled(s) for s in statements]
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write("".join(s + "\n" for s in statements))
        path = f.name
    try:
        r = subprocess.run(
            [LLVM_MC, "-arch=amdgcn", f"-mcpu={mcpu}", "-show-encoding", path, *extra_args],
            capture_output=True,
            text=True,
        )
    finally:
        os.unlink(path)
    for line in r.stderr.splitlines():
        m = _WARN.match(line)
        if m:
            results[int(m.group(1)) - 1].diags.append((int(m.group(2)), m.group(3), m.group(4)))
    ok = iter(a for a in results if a.error is None)
    for line in r.stdout.splitlines():
        text, sep, enc = line.strip().partition("; encoding: ")
        if not sep:
            continue
        a = next(ok)
        a.text = text.rstrip()
        a.encoding = bytes(int(x, 16) for x in enc.strip().strip("[]").split(",") if x)
    return results
