"""gfx1100 mnemonic aliases (src/isa/gfx1100/aliases.inc): the names llvm-mc-19's assembler takes
for gfx11 instructions besides their own. They are the names the instructions had before gfx11
renamed them (buffer_load_dword for buffer_load_b32, ds_read2_b32 for ds_load_2addr_b32,
v_cmp_tru_f32 for v_cmp_t_f32, s_andn2_b32 for s_and_not1_b32, v_add_u32 for v_add_nc_u32),
each found and verified against llvm-mc-19 here; nothing is taken on trust.

1. Candidates: every name in gfx1100_alias_candidates.txt (the mnemonics of the other AMDGPU
   processors: what llvm-mc-19's disassembler prints for gfx600 ... gfx1030 and gfx1200, and
   the old names of LLVM's AMDGPU instruction definitions), and every gfx1100 instruction's name
   with one or two of gfx11's renamings (RENAMES) undone. gfx1100's own spellings are no
   candidates.
2. llvm-mc is asked about each candidate alone, without operands: a name its assembler does not
   know for gfx1100 is "invalid instruction" (possibly with a suggestion) or "instruction not
   supported on this GPU"; any other answer ("too few operands for instruction") means it takes
   the name.
3. Each name it takes is paired with the gfx1100 instructions it may stand for: the renamings
   applied forward, and the instruction the candidate was made from. A pair is an alias when
   mnemonic_aliases.verify() holds for the statements llvm-mc printed for the instruction while
   the gfx1100 families were learned (a few per printed form: `_e32`, `_e64`, `_dpp`,
   `_e64_dpp`, VOPC DPP), each written with the candidate name plus the form's suffix, and
   without the suffix, in wave32 and wave64. A name llvm-mc takes that is an alias of no
   instruction, or of two, stops the generator: RENAMES then lacks a renaming.

The names llvm-mc answers "instruction not supported on this GPU" for are written to
src/isa/gfx1100/other_mnemonics.inc: the assembler gives that message for them, as llvm-mc does.
"""

import os

import families
import llvmmc
import mnemonic_aliases as aliases

MCPU = "gfx1100"
FAMILIES = ("salu", "valu", "vop3p", "mem")
CANDIDATES = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                          "gfx1100_alias_candidates.txt")
WAVE_MODES = ((), ("-mattr=+wavefrontsize64",))

# gfx11's renamings as (new, old) parts of a mnemonic. They only propose candidates: whether a
# candidate is an alias is llvm-mc's answer (see the module comment).
RENAMES = [
    # memory data sizes
    ("_b32", "_dword"), ("_b64", "_dwordx2"), ("_b96", "_dwordx3"), ("_b128", "_dwordx4"),
    ("_b256", "_dwordx8"), ("_b512", "_dwordx16"),
    ("_u8", "_ubyte"), ("_i8", "_sbyte"), ("_u16", "_ushort"), ("_i16", "_sshort"),
    ("_b8", "_byte"), ("_b16", "_short"),
    ("_d16_u8", "_ubyte_d16"), ("_d16_hi_u8", "_ubyte_d16_hi"), ("_d16_i8", "_sbyte_d16"),
    ("_d16_hi_i8", "_sbyte_d16_hi"), ("_d16_b16", "_short_d16"),
    ("_d16_hi_b16", "_short_d16_hi"), ("_d16_b8", "_byte_d16"), ("_d16_hi_b8", "_byte_d16_hi"),
    ("_d16_format_", "_format_d16_"), ("_d16_hi_format_", "_format_d16_hi_"),
    ("_addtid_b32", "_dword_addtid"),
    # LDS
    ("ds_load_", "ds_read_"), ("ds_store_", "ds_write_"),
    ("ds_load_2addr_stride64_", "ds_read2st64_"), ("ds_load_2addr_", "ds_read2_"),
    ("ds_store_2addr_stride64_", "ds_write2st64_"), ("ds_store_2addr_", "ds_write2_"),
    ("ds_storexchg_2addr_stride64_", "ds_wrxchg2st64_"), ("ds_storexchg_2addr_", "ds_wrxchg2_"),
    ("ds_storexchg_", "ds_wrxchg_"), ("ds_cmpstore_", "ds_cmpst_"),
    # scalar
    ("_and_not1_", "_andn2_"), ("_or_not1_", "_orn2_"), ("_and_not0_", "_andn1_"),
    ("_or_not0_", "_orn1_"),
    ("s_clz_i32_u32", "s_flbit_i32_b32"), ("s_clz_i32_u64", "s_flbit_i32_b64"),
    ("s_cls_i32", "s_flbit_i32"), ("s_cls_i32_i64", "s_flbit_i32_i64"),
    ("s_ctz_i32_b32", "s_ff1_i32_b32"), ("s_ctz_i32_b64", "s_ff1_i32_b64"),
    ("s_set_inst_prefetch_distance", "s_inst_prefetch"),
    # vector
    ("v_cvt_nearest_i32_f32", "v_cvt_rpi_i32_f32"), ("v_cvt_floor_i32_f32", "v_cvt_flr_i32_f32"),
    ("v_clz_i32_u32", "v_ffbh_u32"), ("v_ctz_i32_b32", "v_ffbl_b32"), ("v_cls_i32", "v_ffbh_i32"),
    ("_dx9_zero_", "_legacy_"), ("v_dot2acc_", "v_dot2c_"), ("v_cvt_pk_rtz_", "v_cvt_pkrtz_"),
    ("v_cvt_pk_norm_", "v_cvt_pknorm_"), ("v_cmp_t_", "v_cmp_tru_"), ("v_cmpx_t_", "v_cmpx_tru_"),
    ("_nc_", "_"), ("_co_ci_", "c_co_"), ("v_sub_co_ci_", "v_subb_co_"),
    ("v_subrev_co_ci_", "v_subbrev_co_"), ("_iu8", "_i8"), ("_iu4", "_i4"),
]
# Atomic operations (after `_atomic_`): gfx11 names the type, older names the signedness.
ATOMIC_RENAMES = [
    ("swap_b32", "swap"), ("cmpswap_b32", "cmpswap"), ("add_u32", "add"), ("sub_u32", "sub"),
    ("min_i32", "smin"), ("min_u32", "umin"), ("max_i32", "smax"), ("max_u32", "umax"),
    ("and_b32", "and"), ("or_b32", "or"), ("xor_b32", "xor"), ("inc_u32", "inc"),
    ("dec_u32", "dec"), ("cmpswap_f32", "fcmpswap"), ("min_f32", "fmin"), ("max_f32", "fmax"),
    ("csub_u32", "csub"), ("swap_b64", "swap_x2"), ("cmpswap_b64", "cmpswap_x2"),
    ("add_u64", "add_x2"), ("sub_u64", "sub_x2"), ("min_i64", "smin_x2"),
    ("min_u64", "umin_x2"), ("max_i64", "smax_x2"), ("max_u64", "umax_x2"),
    ("and_b64", "and_x2"), ("or_b64", "or_x2"), ("xor_b64", "xor_x2"), ("inc_u64", "inc_x2"),
    ("dec_u64", "dec_x2"), ("cmpswap_f64", "fcmpswap_x2"), ("min_f64", "fmin_x2"),
    ("max_f64", "fmax_x2"),
]
RENAMES += [("_atomic_" + new, "_atomic_" + old) for new, old in ATOMIC_RENAMES]

UNKNOWN = "invalid instruction"
OTHER_GPU = "instruction not supported on this GPU"


def _renamed(name, forward, depth=2):
    """The names made from name by up to `depth` renamings (old to new when forward)."""
    out, level = set(), {name}
    for _ in range(depth):
        nxt = set()
        for n in level:
            for new, old in RENAMES:
                a, b = (old, new) if forward else (new, old)
                at = n.find(a)
                while at >= 0:
                    nxt.add(n[:at] + b + n[at + len(a):])
                    at = n.find(a, at + 1)
        level = nxt - out - {name}
        out |= level
    return out


def _candidates():
    with open(CANDIDATES) as f:
        return {line.strip() for line in f if line.strip() and not line.startswith("#")}


def _search():
    """(the aliases as sorted [(alias, name)], the candidates llvm-mc knows from other
    processors)."""
    rows = [r for fam in FAMILIES for r in families.rows(MCPU, fam)]
    names = {aliases.split_suffix(r.name)[0] for r in rows}
    spellings = names | {r.name for r in rows}
    made_from = {}
    for n in names:
        for old in _renamed(n, forward=False):
            made_from.setdefault(old, set()).add(n)
    candidates = sorted((set(made_from) | _candidates()) - spellings)
    answers = llvmmc.assemble(candidates, mcpu=MCPU)
    taken = [c for c, a in zip(candidates, answers)
             if not (a.error or "").startswith((UNKNOWN, OTHER_GPU))]
    other = [c for c, a in zip(candidates, answers) if a.error == OTHER_GPU]

    forms = {}  # instruction name -> [(printed mnemonic, text)]
    for printed, texts in llvmmc.printed(MCPU).items():
        forms.setdefault(aliases.split_suffix(printed)[0], []).extend(
            (printed, t) for t in texts)
    cases = {}
    for a in taken:
        for n in sorted(made_from.get(a, set()) | (_renamed(a, forward=True) & names)):
            pairs = []
            for printed, text in forms.get(n, []):
                suffix, rest = printed[len(n):], text[len(printed):]
                pairs.append((a + suffix + rest, text))
                if suffix:
                    pairs.append((a + rest, n + rest))
            cases[(a, n)] = pairs
    found = aliases.verify(cases, MCPU, WAVE_MODES)
    of = {}
    for a, n in found:
        of.setdefault(a, []).append(n)
    wrong = [(a, of.get(a)) for a in taken if len(of.get(a, [])) != 1]
    if wrong:
        raise ValueError(f"llvm-mc takes these names, but as no single instruction: {wrong}")
    return sorted(found), other


def extra_files():
    found, other = _search()
    lines = ["// Mnemonics llvm-mc-19 knows from other AMDGPU processors (it answers \"instruction",
             "// not supported on this GPU\" for gfx1100), among the alias candidates of",
             "// scripts/isa/gfx1100_aliases.py. Generated by scripts/gen_tables.py; do not edit."]
    lines += [f'"{n}",' for n in other]
    return {
        "src/isa/gfx1100/aliases.inc": aliases.render(MCPU, "mnemonic aliases", found),
        "src/isa/gfx1100/other_mnemonics.inc": "\n".join(lines) + "\n",
    }
