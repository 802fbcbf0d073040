#!/usr/bin/env bash
# The main job: builds gcnkit, compiles an example OpenCL kernel with clang-19 and disassembles
# the code object with `gcnkit dis` (llvm-objdump -d format), then a hex example (llvm-mc
# -disassemble format); each output is checked against the LLVM tool it stands in for. Then it
# assembles the kernel's clang-19 assembly, runs it with `gcnkit run` on generated data and
# checks the result against a reference.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh ca-certificates cmake ninja-build g++ clang-19 clang-tools-19 llvm-19 lld-19 libyaml-dev libzstd-dev zlib1g-dev pkg-config \
  python3

build=${DEMO_BUILD_DIR:-build-demo}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGCNKIT_TESTS=OFF -DGCNKIT_BENCH=OFF
ninja -C "$build" -j "${JOBS:-2}" gcnkit

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
clang-19 -x cl -target amdgcn-amd-amdhsa -mcpu=gfx1100 -nogpulib -O2 -c examples/saxpy.cl \
  -o "$out/saxpy.o"

echo "== gcnkit dis saxpy.o   (clang-19 -x cl ... -mcpu=gfx1100 -c examples/saxpy.cl)"
"$build/gcnkit" dis "$out/saxpy.o" | tee "$out/gcnkit-objdump.txt"
llvm-objdump-19 -d "$out/saxpy.o" >"$out/llvm-objdump.txt"
if cmp -s "$out/gcnkit-objdump.txt" "$out/llvm-objdump.txt"; then
  echo "== identical to llvm-objdump-19 -d"
else
  echo "== differs from llvm-objdump-19 -d:"
  diff "$out/gcnkit-objdump.txt" "$out/llvm-objdump.txt" || true
fi

echo
echo "== gcnkit dis -show-encoding examples/saxpy.hex"
"$build/gcnkit" dis -show-encoding examples/saxpy.hex | tee "$out/gcnkit-mc.txt"
llvm-mc-19 -arch=amdgcn -mcpu=gfx1100 -disassemble -show-encoding examples/saxpy.hex \
  >"$out/llvm-mc.txt"
if cmp -s "$out/gcnkit-mc.txt" "$out/llvm-mc.txt"; then
  echo "== identical to llvm-mc-19 -disassemble -show-encoding"
else
  echo "== differs from llvm-mc-19:"
  diff "$out/gcnkit-mc.txt" "$out/llvm-mc.txt" || true
fi

echo
echo "== gcnkit asm: clang-19 -S examples/saxpy.cl, assembled to a code object"
clang-19 -x cl -target amdgcn-amd-amdhsa -mcpu=gfx1100 -nogpulib -O2 -S examples/saxpy.cl \
  -o "$out/saxpy.s"
"$build/gcnkit" asm -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -show-encoding "$out/saxpy.s" \
  >"$out/gcnkit-asm.txt"
llvm-mc-19 -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -show-encoding "$out/saxpy.s" \
  >"$out/llvm-asm.txt"
grep -m 12 encoding "$out/gcnkit-asm.txt"
if cmp -s "$out/gcnkit-asm.txt" "$out/llvm-asm.txt"; then
  echo "== listing identical to llvm-mc-19 -show-encoding ($(wc -l <"$out/gcnkit-asm.txt") lines)"
else
  echo "== listing differs from llvm-mc-19 -show-encoding:"
  diff "$out/gcnkit-asm.txt" "$out/llvm-asm.txt" || true
  exit 1
fi
"$build/gcnkit" asm -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj "$out/saxpy.s" \
  -o "$out/gcnkit-saxpy.o"
llvm-mc-19 -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj "$out/saxpy.s" \
  -o "$out/llvm-saxpy.o"
if cmp -s "$out/gcnkit-saxpy.o" "$out/llvm-saxpy.o"; then
  echo "== object identical to llvm-mc-19 -filetype=obj ($(stat -c %s "$out/gcnkit-saxpy.o") bytes)"
else
  echo "== object differs from llvm-mc-19 -filetype=obj"
  exit 1
fi

echo
echo "== gcnkit run: the same assembly, assembled in memory and run on the emulator"
# Inputs chosen so every product and sum is exact in f32: the kernel's fused multiply-add and
# the reference's arithmetic agree bit for bit.
n=10000
python3 - "$out" "$n" <<'PY'
import struct, sys
out, n = sys.argv[1], int(sys.argv[2])
x = [(i % 1000) * 0.5 for i in range(n)]
y = [float(i // 7) for i in range(n)]
open(out + "/x.bin", "wb").write(struct.pack("<%df" % n, *x))
open(out + "/y.bin", "wb").write(struct.pack("<%df" % n, *y))
open(out + "/expected.bin", "wb").write(struct.pack("<%df" % n, *[2.5 * a + b for a, b in zip(x, y)]))
PY
"$build/gcnkit" run "$out/saxpy.s" --kernel saxpy --grid "$n" --block 256 \
  --arg "@$out/y.bin" --arg "@$out/x.bin" --arg f32:2.5 --arg "i32:$n" --save "0=$out/y.out"
if cmp -s "$out/y.out" "$out/expected.bin"; then
  echo "== y = 2.5 * x + y over $n work-items (40 work-groups, the last partial): matches the reference"
else
  echo "== gcnkit run output differs from the reference"
  exit 1
fi
echo "== gcnkit run --trace, one work-item (first 12 lines):"
"$build/gcnkit" run "$out/saxpy.s" --grid 1 --block 1 --arg "@$out/y.bin" --arg "@$out/x.bin" \
  --arg f32:2.5 --arg i32:1 --trace >"$out/trace.txt"
head -n 12 "$out/trace.txt"
