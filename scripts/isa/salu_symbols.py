"""The symbolic SALU operands of a target (src/isa/<target>/salu_symbols.inc), from llvm-mc-19.

What the disassembler prints is read off llvm-mc's disassembler: the hwreg() names by id, the
sendmsg() message names, whether message operations and streams are decoded, s_waitcnt's
counter bit layout, s_version's names and the gpr_idx() mode names. What the assembler accepts
is read off llvm-mc's assembler: every hwreg / message / operation name that any processor's
disassembler prints is assembled on this target, which tells the names it takes (and their
values), the names of other processors ("not supported on this GPU"), the messages that need
an operation, the operations each message takes and which of them take a stream.
"""

import re

import llvmmc

# Processors whose names llvm-mc knows; their disassemblers supply the candidate names.
NAME_SOURCES = ["gfx801", "gfx900", "gfx908", "gfx90a", "gfx940", "gfx1010", "gfx1030",
                "gfx1100", "gfx1200"]

_words = llvmmc.words
SOPK = lambda op, d, imm: (0b1011 << 28) | (op << 23) | (d << 16) | (imm & 0xFFFF)
SOPP = lambda op, imm: (0x17F << 23) | (op << 16) | (imm & 0xFFFF)
NAME = r"([A-Z_][A-Z0-9_]*)"


def _texts(datas, mcpu):
    return [p.text for p in llvmmc.probe(datas, mcpu=mcpu)]


def _opcode(mcpu, make, count, mnemonic):
    """The opcode of `mnemonic` in a format (make(op) -> dword), or None."""
    for op, t in enumerate(_texts([_words(make(op)) for op in range(count)], mcpu)):
        if t and t.split(" ")[0] == mnemonic:
            return op
    return None


def _getreg(mcpu):
    return _opcode(mcpu, lambda op: SOPK(op, 0, 31 << 11 | 1), 29, "s_getreg_b32")


def _sendmsg(mcpu):
    return _opcode(mcpu, lambda op: SOPP(op, 1), 128, "s_sendmsg")


def _printed_hwregs(mcpu):
    op = _getreg(mcpu)
    texts = _texts([_words(SOPK(op, 0, (31 << 11) | i)) for i in range(64)], mcpu)
    return [(m.group(1) if (m := t and re.search(r"hwreg\(" + NAME + r"\)", t)) else "")
            for t in texts]


def _printed_messages(mcpu, values):
    """{value: (message name, operation name or None)} for the values printed symbolically."""
    op = _sendmsg(mcpu)
    out = {}
    for v, t in zip(values, _texts([_words(SOPP(op, v)) for v in values], mcpu)):
        m = t and re.search(r"sendmsg\(" + NAME + r"(, " + NAME + r")?", t)
        if m:
            out[v] = (m.group(1), m.group(3))
    return out


def _candidates():
    """Every hwreg, message and operation name some processor's disassembler prints, with the
    message ids: {message name: id}."""
    hw, msgs, ops = set(), {}, set()
    for mcpu in NAME_SOURCES:
        hw |= {n for n in _printed_hwregs(mcpu) if n}
        id_mask = (1 << _message_layout(mcpu)[0]) - 1
        for v, (m, o) in _printed_messages(mcpu, range(1024)).items():
            msgs.setdefault(m, v & id_mask)
            if o:
                ops.add(o)
    return sorted(hw), msgs, sorted(ops)


def _value(a):
    """The 16-bit immediate of an assembled SOPK / SOPP statement."""
    return int.from_bytes(a.encoding[:2], "little")


NOT_SUPPORTED = "not supported on this GPU"


def _hwreg_names(mcpu, names):
    res = llvmmc.assemble([f"s_getreg_b32 s0, hwreg({n})" for n in names], mcpu)
    out = []
    for n, a in zip(names, res):
        if a.error is None:
            out.append((n, _value(a) & 63))
        elif NOT_SUPPORTED in a.error:
            out.append((n, -1))
    return out


def _message_tables(mcpu, msg_ids, op_names):
    """(messages, operations, message_ops): [(name, id, supported, needs_op)] for the names
    the assembler knows (a name of another processor keeps that processor's id: llvm-mc reads
    its operation names before it reports the name); [(msg id, op name, op, supported)] for
    every message id that has operation names; [(msg id, valid ops mask, stream ops mask)]
    for the messages that take operations."""
    names = sorted(msg_ids)
    res = llvmmc.assemble([f"s_sendmsg sendmsg({n})" for n in names], mcpu)
    messages, needs_op = [], []
    for n, a in zip(names, res):
        if a.error is None:
            messages.append((n, _value(a), True, False))
        elif NOT_SUPPORTED in a.error:
            messages.append((n, msg_ids[n], False, False))
        elif a.error == "missing message operation":
            messages.append((n, msg_ids[n], True, True))
            needs_op.append(messages[-1])
    message_ops = []
    for n, i, _, _ in needs_op:
        res = llvmmc.assemble([f"s_sendmsg sendmsg({n}, {op})" for op in range(8)], mcpu)
        ok = [op for op in range(8) if res[op].error is None]
        assert all(_value(res[op]) & 0xF == i for op in ok), n
        streams = llvmmc.assemble([f"s_sendmsg sendmsg({n}, {op}, 0)" for op in ok], mcpu)
        stream_mask = sum(1 << op for op, a in zip(ok, streams) if a.error is None)
        message_ops.append((i, sum(1 << op for op in ok), stream_mask))
    ids = range(16)
    probes = [f"s_sendmsg sendmsg({i}, {o})" for i in ids for o in op_names]
    res = iter(llvmmc.assemble(probes, mcpu))
    operations = []
    for i in ids:
        for o in op_names:
            a = next(res)
            if a.error is None:
                operations.append((i, o, (_value(a) >> 4) & 7, True))
            elif NOT_SUPPORTED in a.error:
                operations.append((i, o, -1, False))
    return messages, operations, sorted(message_ops)


def _message_layout(mcpu):
    """(id bits, whether operations / streams are decoded): the id field is the low bits whose
    single-bit values print as a message alone (a name or sendmsg(ID, 0, 0)); operations are
    decoded when 0x10 prints as operation 1 of message 0."""
    op = _sendmsg(mcpu)
    texts = _texts([_words(SOPP(op, v)) for v in [0x10] + [1 << b for b in range(16)]], mcpu)
    decodes_ops = bool(texts[0]) and texts[0].endswith("sendmsg(0, 1, 0)")
    bits = 0
    while bits < 16 and re.search(r"sendmsg\(([A-Z_][A-Z0-9_]*|%d, 0, 0)\)$" % (1 << bits),
                                  texts[1 + bits] or ""):
        bits += 1
    return bits, decodes_ops


def _waitcnt(mcpu):
    """[(counter, [(shift, width), ...])]: which bit of which counter each simm16 bit is, from
    all-ones values with one bit cleared; counters in printed order."""
    op = _opcode(mcpu, lambda op: SOPP(op, 0), 128, "s_waitcnt")
    texts = _texts([_words(SOPP(op, 0xFFFF & ~(1 << b))) for b in range(16)], mcpu)
    order = re.findall(r"([a-z_]+)\(", _texts([_words(SOPP(op, 0))], mcpu)[0])
    full = dict(re.findall(r"([a-z_]+)\((\d+)\)", _texts([_words(SOPP(op, 0xFFFF))], mcpu)[0]))
    value_bit = {}  # (counter, bit of its value) -> bit of simm16
    for b, t in enumerate(texts):
        for name, v in re.findall(r"([a-z_]+)\((\d+)\)", t):
            diff = int(full[name]) ^ int(v)
            if diff:
                value_bit[(name, diff.bit_length() - 1)] = b
    counters = []
    for name in order:
        parts, width = [], int(full[name]).bit_length()
        vb = 0
        while vb < width:
            start = value_bit[(name, vb)]
            n = 1
            while vb + n < width and value_bit[(name, vb + n)] == start + n:
                n += 1
            parts.append((start, n))
            vb += n
        counters.append((name, parts))
    return counters


def _version(mcpu):
    op = _opcode(mcpu, lambda op: SOPK(op, 0, 0), 29, "s_version")
    if op is None:
        return {}, {}
    vers = _texts([_words(SOPK(op, 0, v)) for v in range(256)], mcpu)
    names = {v: m.group(1) for v, t in enumerate(vers)
             if (m := t and re.search(r"s_version " + NAME + "$", t))}
    bits = {}
    for b, t in enumerate(_texts([_words(SOPK(op, 0, 1 << b)) for b in range(16)], mcpu)):
        m = t and re.search(r"\|([A-Z_0-9]+)$", t)
        if m:
            bits[1 << b] = m.group(1)
    return names, bits


def _gpr_idx(mcpu):
    op = _opcode(mcpu, lambda op: SOPP(op, 0), 128, "s_set_gpr_idx_mode")
    if op is None:
        return []
    texts = _texts([_words(SOPP(op, 1 << b)) for b in range(8)], mcpu)
    return [m.group(1) for t in texts if (m := t and re.search(r"gpr_idx\(" + NAME + r"\)", t))]


def _array(ctype, cname, items):
    out = [f"inline constexpr std::array<{ctype}, {len(items)}> {cname} = {{{{"]
    out += [f"    {i}," for i in items]
    return out + ["}};"]


def _q(s):
    return f'"{s}"'


def generate(mcpu):
    """The text of src/isa/<target>/salu_symbols.inc."""
    hw_cands, msg_cands, op_cands = _candidates()
    hwreg = _printed_hwregs(mcpu)
    id_bits, decodes_ops = _message_layout(mcpu)
    # A message that needs an operation prints its name only with a valid one.
    printed = _printed_messages(mcpu, range(1 << id_bits << (3 if decodes_ops else 0)))
    id_mask = (1 << id_bits) - 1
    by_id = {}
    for v, (m, _) in sorted(printed.items()):
        by_id.setdefault(v & id_mask, m)
    message = [by_id.get(i, "") for i in range(1 << id_bits)]
    messages, operations, message_ops = _message_tables(mcpu, msg_cands, op_cands)
    version, version_bits = _version(mcpu)
    lines = [
        f"// Names and layouts of llvm-mc-19's symbolic SALU operands on {mcpu}: what its",
        "// disassembler prints and what its assembler accepts. Generated by scripts/gen_tables.py",
        "// (scripts/isa/salu_symbols.py); do not edit. Empty names are printed as numbers.",
        "#pragma once", "", "#include <array>", "#include <string_view>", "",
        '#include "isa/salu_symbol_types.h"', "",
        f"namespace gcnkit::isa::{mcpu}::salu_names {{", "",
        "// hwreg(): printed names by id; names the assembler knows (id -1: of another GPU).",
    ]
    lines += _array("std::string_view", "kHwreg", [_q(n) for n in hwreg]) + [""]
    lines += _array("salu::NamedId", "kHwregNames",
                    [f"{{{_q(n)}, {i}}}" for n, i in _hwreg_names(mcpu, hw_cands)]) + [""]
    lines += [
        "// sendmsg(): the message id field's width, whether the disassembler reads operations",
        "// and streams, printed message names by id; message names the assembler knows (and",
        "// whether this GPU has them and they need an operation); operation names by message",
        "// id (op -1: of another GPU); the operations (bit mask) each message takes and those",
        "// of them that take a stream.",
        f"inline constexpr unsigned kMessageIdBits = {id_bits};",
        f"inline constexpr bool kDecodesOperations = {'true' if decodes_ops else 'false'};",
    ]
    lines += _array("std::string_view", "kSendmsg", [_q(n) for n in message]) + [""]
    b = lambda x: "true" if x else "false"
    lines += _array("salu::MessageName", "kMessageNames",
                    [f"{{{_q(n)}, {i}, {b(s)}, {b(o)}}}" for n, i, s, o in messages]) + [""]
    lines += _array("salu::OperationName", "kOperationNames",
                    [f"{{{m}, {_q(n)}, {o}, {b(s)}}}" for m, n, o, s in operations]) + [""]
    lines += _array("salu::MessageOps", "kMessageOps",
                    [f"{{{m}, 0x{o:x}, 0x{s:x}}}" for m, o, s in message_ops]) + [""]
    lines += ["// s_waitcnt counters in printed order, each a list of simm16 bit fields (low value",
              "// bits first)."]
    lines += _array("salu::WaitcntCounter", "kWaitcnt",
                    [f"{{{_q(n)}, {{{{" + ", ".join(f"{{{s}, {w}}}" for s, w in parts) + "}}}"
                     for n, parts in _waitcnt(mcpu)]) + [""]
    lines += ["// s_version names (none: the target has no s_version) and flag bits, in the order",
              "// llvm-mc appends them."]
    lines += _array("std::string_view", "kVersion",
                    [_q(version.get(i, "")) for i in range(256 if version else 0)]) + [""]
    lines += _array("salu::VersionBit", "kVersionBits",
                    [f"{{0x{m:x}, {_q(n)}}}" for m, n in sorted(version_bits.items())]) + [""]
    lines += ["// gpr_idx() mode names by bit (none: the target has no VGPR indexing mode)."]
    lines += _array("std::string_view", "kGprIdx", [_q(n) for n in _gpr_idx(mcpu)]) + [""]
    lines += [f"}} // namespace gcnkit::isa::{mcpu}::salu_names", ""]
    return "\n".join(lines)
