"""gfx908 SALU rows and symbolic operand names from llvm-mc-19 (salu_family.py, salu_symbols.py)."""

import salu_family

rows, extra_files = salu_family.target_module("gfx908", salu_family.SMEM_GFX9)
