"""The Python side of gcnkit::isa::InstrDesc: one table row and how it is written as C++."""


class Operand:
    __slots__ = ("field", "kind", "regs", "type", "is_def")

    def __init__(self, field, kind, regs=1, type="None", is_def=False):
        self.field, self.kind, self.regs, self.type, self.is_def = field, kind, regs, type, is_def

    def render(self):
        d = "true" if self.is_def else "false"
        return f"{{F::{self.field}, K::{self.kind}, {self.regs}, T::{self.type}, {d}}}"


class Row:
    """One instruction: mnemonic as llvm-mc prints it, format, opcode, modifiers (mod:: names),
    format-specific flags and operands in printed order."""

    def __init__(self, name, fmt, opcode, operands=(), modifiers=(), flags=0):
        self.name, self.fmt, self.opcode = name, fmt, opcode
        self.operands, self.modifiers, self.flags = list(operands), list(modifiers), flags
        assert len(self.operands) <= 8, name

    def render(self):
        mods = " | ".join(f"mod::{m}" for m in self.modifiers) or "0"
        ops = ", ".join(o.render() for o in self.operands)
        return (f'{{"{self.name}", Fm::{self.fmt}, 0x{self.opcode:x}, {mods}, 0x{self.flags:x}, '
                f"{len(self.operands)}, {{{ops}}}}},")
