"""The rows of each instruction family of a target, learned once per run: scripts/gen_tables.py
writes them, and generators that need what llvm-mc printed while learning (the mnemonic
aliases) ask for them through here instead of learning them again."""

import functools
import importlib


@functools.cache
def rows(target, family):
    """The rows scripts/isa/<target>_<family>.py learns (its rows())."""
    return importlib.import_module(f"{target}_{family}").rows()
