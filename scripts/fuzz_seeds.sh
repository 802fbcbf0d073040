#!/usr/bin/env bash
# Regenerates the checked-in seed corpora of the fuzzers (fuzz/corpus/<fuzzer>/seed-*) from the
# differential test's random encodings of every instruction family of every target: machine
# code for fuzz_decoder, hex text for fuzz_mc_text, and llvm-mc-19's text of those encodings
# (instruction lines of every family) for fuzz_asm. Files named regression-* are reproducers
# of fixed bugs and are never regenerated. The first byte of each seed holds the fuzz target's
# option bits (fuzz/targets.h: bit 2 gfx908, bit 3 wave64).
#   SEED_BUILD_DIR  a build with gcnkit-difftest (default build)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${SEED_BUILD_DIR:-build}
[ -f "$build/build.ninja" ] ||
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGCNKIT_BENCH=OFF >/dev/null
ninja -C "$build" -j "${JOBS:-2}" gcnkit-difftest >/dev/null
difftest=$build/tests/gcnkit-difftest
corpus=fuzz/corpus
mkdir -p "$corpus"/{decoder,mc_text,asm}
rm -f "$corpus"/{decoder,mc_text,asm}/seed-*
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# emit TARGET OPTION-BITS FAMILY...
emit() {
  local target=$1 bits=$2
  shift 2
  for family in "$@"; do
    "$difftest" --dump --mcpu "$target" --family "$family" --count 400 --seed 11 >"$work/hex"
    local tag="$target-$family"
    # Machine code: 8 encodings a file.
    split -l 8 -d -a 3 "$work/hex" "$work/dec.$tag."
    for f in "$work/dec.$tag".*; do
      { printf "\\$(printf '%03o' "$bits")"; tr ',' '\n' <"$f" | sed 's/^0x//' | xxd -r -p; } \
        >"$corpus/decoder/seed-$tag-${f##*.}"
    done
    # Hex text: 50 lines a file.
    split -l 50 -d -a 2 "$work/hex" "$work/txt.$tag."
    for f in "$work/txt.$tag".*; do
      { printf "\\$(printf '%03o' "$bits")"; cat "$f"; } >"$corpus/mc_text/seed-$tag-${f##*.}"
    done
    # Instruction lines as llvm-mc prints them: 100 a file, as a listing (option bit 1).
    local mattr=()
    [ $((bits & 8)) -ne 0 ] && mattr=(-mattr=+wavefrontsize64)
    llvm-mc-19 -arch=amdgcn -mcpu="$target" "${mattr[@]}" -disassemble "$work/hex" 2>/dev/null |
      grep -v '^\s*\.text' >"$work/asm.$tag" || true
    split -l 100 -d -a 2 "$work/asm.$tag" "$work/asmpart.$tag."
    for f in "$work/asmpart.$tag".*; do
      { printf "\\$(printf '%03o' $((bits | 2)))"; cat "$f"; } >"$corpus/asm/seed-$tag-${f##*.}"
    done
  done
}
families() { "$difftest" --mcpu "$1" --list-families; }
emit gfx1100 0 $(families gfx1100)
emit gfx1100 8 valu vop3p
gfx908_families=$(families gfx908)
[ -n "$gfx908_families" ] && emit gfx908 4 $gfx908_families

# Directive and macro snippets for the assembler.
printf '\000.macro m a, b=2\n.long \\a + \\b\n.endm\nm 1\n.rept 2\n.byte 1\n.endr\n.irp r, 1, 2\n.short \\r\n.endr\n.if 1 > 0\n.p2align 3\n.else\n.fill 2, 2, 1\n.endif\nx = (1 << 4) | ~3\n.quad x\n' \
  >"$corpus/asm/seed-directives.s"
printf '\001.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"\n.text\nk:\ns_endpgm\n.rodata\n.p2align 6\n.amdhsa_kernel k\n.amdhsa_next_free_vgpr 8\n.amdhsa_next_free_sgpr 8\n.amdhsa_user_sgpr_kernarg_segment_ptr 1\n.end_amdhsa_kernel\n' \
  >"$corpus/asm/seed-amdhsa.s"
printf '\005.amdgcn_target "amdgcn-amd-amdhsa--gfx908"\n.text\nk:\ns_endpgm\n.rodata\n.p2align 6\n.amdhsa_kernel k\n.amdhsa_next_free_vgpr 8\n.amdhsa_next_free_sgpr 8\n.amdhsa_reserve_xnack_mask 0\n.amdhsa_user_sgpr_private_segment_buffer 1\n.end_amdhsa_kernel\n' \
  >"$corpus/asm/seed-amdhsa-gfx908.s"
for d in decoder mc_text asm; do
  echo "$corpus/$d: $(ls "$corpus/$d" | wc -l) files, $(du -sk "$corpus/$d" | cut -f1) KiB"
done
