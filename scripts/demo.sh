#!/usr/bin/env bash
# The main job: builds gcnkit, compiles an example OpenCL kernel with clang-19 and disassembles
# the code object with `gcnkit dis` (llvm-objdump -d format), then a hex example (llvm-mc
# -disassemble format); each output is checked against the LLVM tool it stands in for.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh ca-certificates cmake ninja-build g++ clang-19 llvm-19 lld-19 libyaml-dev pkg-config

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
