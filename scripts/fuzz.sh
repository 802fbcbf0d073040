#!/usr/bin/env bash
# Builds the libFuzzer targets with clang-19 (ASan + UBSan) and runs each for a share of the
# given time on the checked-in corpus (fuzz/corpus: instruction lines, encodings and hex text
# of every family and target from scripts/fuzz_seeds.sh, directive snippets, random programs for
# the emulator, and the regression-* reproducers of fixed bugs) plus seeds made from the
# examples. Exits non-zero if a fuzzer finds a crash; the reproducer is saved in
# fuzz-artifacts/. Each fuzzer's summary gives its executions and its final coverage and corpus
# (libFuzzer's DONE line: units and bytes), the figures docs/benchmarks.md records.
#   scripts/fuzz.sh [DURATION] [FUZZER...]
#     DURATION: total fuzzing time, split over the fuzzers: seconds, or with a unit (90s, 30m,
#     2h); default $FUZZ_SECONDS or 60. FUZZER: fuzz_decoder fuzz_mc_text fuzz_elf fuzz_asm
#     fuzz_load fuzz_emu_program (default all). A long campaign: scripts/fuzz.sh 6h (an hour
#     each).
#   FUZZ_BUILD_DIR build directory (default build-fuzz); FUZZ_KEEP=DIR keeps each fuzzer's
#   grown corpus in DIR/<fuzzer> (to resume or inspect a campaign).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
duration=${1:-${FUZZ_SECONDS:-60}}
[ $# -gt 0 ] && shift
case $duration in
*h) seconds=$(( ${duration%h} * 3600 )) ;;
*m) seconds=$(( ${duration%m} * 60 )) ;;
*s) seconds=${duration%s} ;;
*) seconds=$duration ;;
esac
fuzzers=("$@")
[ ${#fuzzers[@]} -eq 0 ] &&
  fuzzers=(fuzz_decoder fuzz_mc_text fuzz_elf fuzz_asm fuzz_load fuzz_emu_program)
build=${FUZZ_BUILD_DIR:-build-fuzz}
jobs=${JOBS:-2}

CXX=clang++-19 CC=clang-19 cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DGCNKIT_FUZZ=ON -DGCNKIT_TESTS=OFF -DGCNKIT_BENCH=OFF >/dev/null
ninja -C "$build" -j "$jobs" fuzz_decoder fuzz_mc_text fuzz_elf fuzz_asm fuzz_load \
  fuzz_emu_program

# Seed corpus: example objects (clang-19, ld.lld-19, llvm-mc-19), their machine code, hex text.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work"/{elf,decoder,mc_text,asm,objs,load,emu_program}
clang-19 -x cl -target amdgcn-amd-amdhsa -mcpu=gfx1100 -nogpulib -O2 -c examples/saxpy.cl \
  -o "$work/objs/saxpy.o"
ld.lld-19 -shared "$work/objs/saxpy.o" -o "$work/objs/saxpy.so"
llvm-mc-19 -arch=amdgcn -mcpu=gfx1100 -filetype=obj examples/objdump_cases.s \
  -o "$work/objs/objdump_cases.o"
cp "$work"/objs/* "$work/elf/"
# Loader seeds: the objects and a HIP offload bundle.
cp "$work"/objs/*.o "$work"/objs/*.so "$work/load/"
clang-19 -x hip --cuda-device-only -nogpuinc -nogpulib --offload-arch=gfx1100 -O2 -c \
  examples/histogram.hip -o "$work/load/histogram.bundle"
for o in "$work"/objs/*; do
  name=$(basename "$o")
  llvm-objcopy-19 -O binary --only-section=.text "$o" "$work/$name.text"
  # Short slices: the decoder fuzzer does best with inputs of a few instructions. The first
  # byte holds the options (fuzz/targets.h; 0: gfx1100 wave32).
  split -b 32 "$work/$name.text" "$work/$name.slice."
  for slice in "$work/$name.slice."*; do
    { printf '\000'; cat "$slice"; } >"$work/decoder/$(basename "$slice")"
  done
done
for f in examples/*.hex; do
  { printf '\001'; cat "$f"; } >"$work/mc_text/$(basename "$f")"
done
printf '\000[0x01,0x05\n0x0a,0x7e]\n# comment\n0x00 0x00 0x01 0xd5 0x01 0x02 // c\n' \
  >"$work/mc_text/tokens.txt"
# Assembler seeds (the first byte picks amdhsa / -show-encoding): clang-19's assembly for the
# examples, llvm-mc's disassembly of their code (every family), and directive / macro snippets.
clang-19 -x cl -target amdgcn-amd-amdhsa -mcpu=gfx1100 -nogpulib -O2 -S examples/saxpy.cl \
  -o "$work/objs/saxpy.s"
clang-19 -x cl -target amdgcn-amd-amdhsa -mcpu=gfx1100 -nogpulib -O2 -S examples/reduce.cl \
  -o "$work/objs/reduce.s"
for s in "$work"/objs/*.s examples/objdump_cases.s; do
  { printf '\003'; cat "$s"; } >"$work/asm/$(basename "$s")"
done
for f in examples/*.hex; do
  { printf '\002'; llvm-mc-19 -arch=amdgcn -mcpu=gfx1100 -disassemble "$f" 2>/dev/null; } \
    >"$work/asm/$(basename "$f").s"
done
status=0
per=$(( seconds / ${#fuzzers[@]} > 0 ? seconds / ${#fuzzers[@]} : 1 ))
run() {  # target corpus max_len
  local target=$1 corpus=$2 maxlen=$3
  [[ " ${fuzzers[*]} " == *" $target "* ]] || return 0
  mkdir -p "$work/artifacts-$target"
  # New inputs go to the first directory (a scratch copy, or FUZZ_KEEP's); the checked-in
  # corpus is read only.
  local grow="$work/grow-$target"
  [ -n "${FUZZ_KEEP:-}" ] && grow="$FUZZ_KEEP/$target"
  mkdir -p "$grow"
  local extra=()
  [ -d "fuzz/corpus/$corpus" ] && extra=("fuzz/corpus/$corpus")
  echo "== $target: ${per}s"
  if ! "$build/fuzz/$target" "$grow" "$work/$corpus" "${extra[@]}" -max_total_time="$per" \
      -max_len="$maxlen" \
      -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 -print_final_stats=1 \
      -artifact_prefix="$work/artifacts-$target/" 2>"$work/$target.log"; then
    status=1
    tail -n 60 "$work/$target.log"
    mkdir -p "$root/fuzz-artifacts"
    cp "$work/artifacts-$target"/* "$root/fuzz-artifacts/" 2>/dev/null || true
    echo "$target: FAILED (reproducer saved in fuzz-artifacts/)"
  else
    grep -E 'stat::number_of_executed_units|Done|DONE' "$work/$target.log" | tail -n 3 || true
    echo "corpus: $(ls "$grow" | wc -l) new inputs"
  fi
}
run fuzz_decoder decoder 65
run fuzz_mc_text mc_text 4096
run fuzz_elf elf 65536
run fuzz_asm asm 16384
run fuzz_load load 65536
# Inputs of the emulator fuzzer are an 8-byte header and 6-byte records, one instruction each:
# 1024 bytes are about 170 instructions.
run fuzz_emu_program emu_program 1024
exit $status
