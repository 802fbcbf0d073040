#!/usr/bin/env bash
# Throughput, gcnkit vs LLVM, measured side by side in one run on the same inputs:
#   1. `gcnkit dis` vs `llvm-mc-19 -disassemble` on 1,000,000 instructions of llvm-mc hex text;
#   2. `gcnkit dis` vs `llvm-objdump-19 -d` on an ELF object holding the same instructions;
#   3. `gcnkit asm` vs `llvm-mc-19` assembling a 1,000,000-line source, to the -show-encoding
#      listing and with -filetype=obj;
#   4. the emulator on a VALU-bound kernel (gcnkit-bench-emu: wave-instructions per second with 1
#      and 2 worker threads, against native C++ doing the same arithmetic);
#   5. the emulator's gfx908 MFMA loops (gcnkit-bench-mfma: GFLOP/s on one core, against a native
#      f32 matrix multiply);
#   6. the in-process Google Benchmark figures (bench/bench_disasm.cpp, bench/bench_asm.cpp).
# The disassembler input: valid encodings of the target from the differential test's generators
# (gcnkit-bench-input), minus any llvm-mc-19 rejects, repeated to 1,000,000 lines. The assembler
# input: the same encodings as llvm-mc-19 disassembles them (every family), with clang-19's code
# for the example kernels (labels, branches, comments, calls) interleaved, minus any line either
# assembler rejects. Both tools' outputs are compared too.
#   BENCH_MCPU (gfx1100 or gfx908, default gfx1100: the target of parts 1-3),
#   BENCH_INSTRUCTIONS (default 1000000), BENCH_RUNS (best of, default 3),
#   BENCH_BUILD_DIR (default build-bench), BENCH_ONLY (dis, asm, emu or mfma: that part only),
#   BENCH_CALLGRIND (assembler: also count instructions per line with valgrind on that many
#   lines of the input; e.g. 30000)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BENCH_BUILD_DIR:-build-bench}
count=${BENCH_INSTRUCTIONS:-1000000}
runs=${BENCH_RUNS:-3}
mcpu=${BENCH_MCPU:-gfx1100}
echo "target: $mcpu"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGCNKIT_TESTS=ON -DGCNKIT_BENCH=ON \
  >/dev/null
if ! ninja -C "$build" -j "${JOBS:-2}" gcnkit gcnkit-bench-input gcnkit_bench gcnkit-bench-emu \
    gcnkit-bench-mfma >"$work/build.log"; then
  cat "$work/build.log"
  exit 1
fi
"$build/bench/gcnkit-bench-input" --count 200000 --seed 1 --mcpu "$mcpu" >"$work/pool.hex"

part() { [ -z "${BENCH_ONLY:-}" ] || [ "$BENCH_ONLY" = "$1" ]; }

if part dis; then
python3 - "$work" "$build/gcnkit" "$count" "$runs" "$mcpu" <<'PY'
import os, re, subprocess, sys, time
sys.path.insert(0, "scripts")
import bench_measure

work, gcnkit, count, runs, mcpu = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
mc = ["llvm-mc-19", "-arch=amdgcn", f"-mcpu={mcpu}", "-disassemble"]

# Keep only the encodings llvm-mc-19 decodes without a warning.
pool = open(f"{work}/pool.hex").read().splitlines()
err = subprocess.run(mc + [f"{work}/pool.hex"], capture_output=True, text=True).stderr
bad = {int(m.group(1)) for m in re.finditer(r"pool\.hex:(\d+):\d+: warning", err)}
pool = [l for i, l in enumerate(pool, 1) if i not in bad]
lines = [pool[i % len(pool)] for i in range(count)]
with open(f"{work}/input.hex", "w") as f:
    f.write("\n".join(lines) + "\n")
# The same instructions as an ELF object for the objdump comparison.
with open(f"{work}/input.s", "w") as f:
    f.write(".text\n.globl bench\n.type bench,@function\nbench:\n")
    for l in lines:
        f.write("  .byte " + l + "\n")
subprocess.run(["llvm-mc-19", "-arch=amdgcn", f"-mcpu={mcpu}", "-filetype=obj",
                f"{work}/input.s", "-o", f"{work}/input.o"], check=True)
print(f"input: {count} instructions (cycling through a pool of {len(pool)} encodings, "
      f"{len(bad)} dropped that llvm-mc-19 rejects), "
      f"{os.path.getsize(work + '/input.o') // 1024} KiB object")

def measure(argv, out):
    return bench_measure.measure(argv, out, runs)

def compare(name, ours, ref):
    g = open(ours).read().splitlines()
    r = open(ref).read().splitlines()
    diff = sum(1 for a, b in zip(g, r) if a != b) + abs(len(g) - len(r))
    return "identical output" if diff == 0 else f"{diff} output lines differ"

def row(label, wall, cpu):
    print(f"  {label:<28} {wall:8.3f} s wall {cpu:8.3f} s cpu  "
          f"{count / wall / 1e6:8.2f} M instr/s wall  {count / max(cpu, 1e-9) / 1e6:8.2f} M instr/s cpu")
    return wall, cpu

for title, ours, ref in [
    ("llvm-mc hex text", [gcnkit, "dis", f"-mcpu={mcpu}", f"{work}/input.hex"],
     mc + [f"{work}/input.hex"]),
    ("ELF object (objdump -d)", [gcnkit, "dis", f"{work}/input.o"],
     ["llvm-objdump-19", "-d", f"{work}/input.o"]),
]:
    print(f"{title}: best of {runs}")
    gw, gc = row("gcnkit dis", *measure(ours, f"{work}/ours.txt"))
    lw, lc = row(" ".join(ref[:1] + ref[1:2]) if "objdump" in ref[0] else "llvm-mc-19 -disassemble",
                 *measure(ref, f"{work}/ref.txt"))
    print(f"  speed-up: {lw / gw:.1f}x wall, {lc / max(gc, 1e-9):.1f}x cpu; "
          f"{compare(title, work + '/ours.txt', work + '/ref.txt')}")
PY
fi

if part asm; then
# Clang's code for the example kernels, for the assembler input.
clang-19 -x cl -target amdgcn-amd-amdhsa -mcpu="$mcpu" -nogpulib -O2 -S examples/reduce.cl \
  -o "$work/reduce.s"
clang-19 -x cl -target amdgcn-amd-amdhsa -mcpu="$mcpu" -nogpulib -O2 -S examples/saxpy.cl \
  -o "$work/saxpy.s"
clang-19 -x hip --cuda-device-only -nogpuinc -nogpulib --offload-arch="$mcpu" -O2 -S \
  examples/histogram.hip -o "$work/histogram.s"
python3 - "$work" "$build/gcnkit" "$count" "$runs" "$mcpu" <<'PY'
import os, re, subprocess, sys, time
sys.path.insert(0, "scripts")
import bench_measure

work, gcnkit, count, runs, mcpu = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
mc = ["llvm-mc-19", "-arch=amdgcn", f"-mcpu={mcpu}"]
ours = [gcnkit, "asm", "-arch=amdgcn", f"-mcpu={mcpu}"]

def rejected(argv, path):
    """1-based numbers of the lines a tool reports an error on."""
    err = subprocess.run(argv + [path], capture_output=True, text=True).stderr
    name = re.escape(os.path.basename(path))
    return {int(m.group(1)) for m in re.finditer(name + r":(\d+):\d+: error", err)}

def accepted(lines, tag):
    """The lines both assemblers accept (each line must stand on its own)."""
    path = f"{work}/{tag}.s"
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    bad = rejected(mc + ["-show-encoding"], path) | rejected(ours + ["-show-encoding"], path)
    return [l for i, l in enumerate(lines, 1) if i not in bad], len(bad)

# Every family: the pool as llvm-mc-19 disassembles it.
dis = subprocess.run(mc + ["-disassemble", f"{work}/pool.hex"], capture_output=True, text=True)
pool = [l for l in dis.stdout.splitlines() if l.startswith("\t") and not l.startswith("\t.")]
pool, pool_dropped = accepted(pool, "pool")

# Clang's kernel bodies, from each function label to its .Lfunc_end, with their comments,
# labels and .p2align; the copies get their own label names.
bodies = []
for name in ["reduce", "saxpy", "histogram"]:
    body, inside = [], False
    for l in open(f"{work}/{name}.s").read().splitlines():
        if re.match(r"^[A-Za-z_][\w.]*:", l) and not l.startswith(".L"):
            inside = True
        if inside:
            if l.startswith(".Lfunc_end"):
                inside = False
                bodies.append(body)
                body = []
            elif (not l.strip().startswith(".") or l.strip().startswith(".p2align")
                  or re.match(r"^\.L\w+:", l)):
                body.append(l)
kernel = [l for b in bodies for l in b]
kernel, kernel_dropped = accepted(kernel, "kernels")

label = re.compile(r"(\.L\w+|^[A-Za-z_]\w*(?=:))")
lines, copies, at = [], 0, 0
while len(lines) < count:
    for _ in range(min(1000, count - len(lines))):
        lines.append(pool[at % len(pool)])
        at += 1
    # Only whole kernel copies: a cut one would branch to a label it no longer defines.
    if len(lines) + len(kernel) <= count:
        lines += [label.sub(lambda m: f"{m.group(0)}_{copies}", l) for l in kernel]
        copies += 1
    elif len(lines) < count:
        lines += [pool[(at + k) % len(pool)] for k in range(count - len(lines))]
with open(f"{work}/input.s", "w") as f:
    f.write("\n".join(lines) + "\n")
print(f"assembler input: {count} lines, {os.path.getsize(work + '/input.s') // (1 << 20)} MiB: "
      f"{len(pool)} distinct llvm-mc-19 disassembly lines ({pool_dropped} dropped that either "
      f"assembler rejects) and {copies} copies of {len(kernel)} lines of clang-19 kernel code "
      f"({kernel_dropped} dropped)")

def measure(argv, out):
    return bench_measure.measure(argv, out, runs)

def row(label, wall, cpu):
    print(f"  {label:<28} {wall:8.3f} s wall {cpu:8.3f} s cpu  "
          f"{count / wall / 1e6:8.2f} M lines/s wall  {count / max(cpu, 1e-9) / 1e6:8.2f} M lines/s cpu")
    return wall, cpu

def compare_text(a, b):
    g, r = open(a).read().splitlines(), open(b).read().splitlines()
    diff = sum(1 for x, y in zip(g, r) if x != y) + abs(len(g) - len(r))
    return "identical output" if diff == 0 else f"{diff} output lines differ"

def compare_bytes(a, b):
    return "identical objects" if open(a, "rb").read() == open(b, "rb").read() else "objects differ"

src = f"{work}/input.s"
for title, flags, out, check in [
    ("listing (-show-encoding)", ["-show-encoding"], None, compare_text),
    ("ELF object (-filetype=obj)", ["-filetype=obj"], "obj", compare_bytes),
]:
    print(f"{title}: best of {runs}")
    g_out, r_out = f"{work}/ours.{out or 'txt'}", f"{work}/ref.{out or 'txt'}"
    to = lambda path: ["-o", path] if out else []
    gw, gc = row("gcnkit asm", *measure(ours + flags + [src] + to(g_out), g_out if not out else os.devnull))
    lw, lc = row("llvm-mc-19", *measure(mc + flags + [src] + to(r_out), r_out if not out else os.devnull))
    print(f"  speed-up: {lw / gw:.1f}x wall, {lc / max(gc, 1e-9):.1f}x cpu; {check(g_out, r_out)}")

# Instructions per line (callgrind), which the machine's load does not disturb: the input's
# first BENCH_CALLGRIND lines (cut after a whole kernel copy), minus a run on its first 1,000
# lines for the start-up.
cg_lines = int(os.environ.get("BENCH_CALLGRIND", "0"))
if cg_lines:
    cycle = 1000 + len(kernel)
    cg_lines = max(1, cg_lines // cycle) * cycle
    text = open(src).read().splitlines(keepends=True)
    for n in (cg_lines, 1000):
        with open(f"{work}/head{n}.s", "w") as f:
            f.writelines(text[:n])

    def instructions(argv):
        r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] +
                           argv, capture_output=True, text=True)
        return int(re.search(r"Collected : (\d+)", r.stderr).group(1))

    print(f"instructions per line (callgrind, lines 1,001 to {cg_lines:,}):")
    for title, flags in [("listing", ["-show-encoding"]), ("object", ["-filetype=obj"])]:
        per_line = {}
        for name, argv in [("gcnkit asm", ours), ("llvm-mc-19", mc)]:
            run = lambda n: instructions(argv + flags + [f"{work}/head{n}.s", "-o", f"{work}/cg.out"])
            per_line[name] = (run(cg_lines) - run(1000)) / (cg_lines - 1000)
        g, l = per_line["gcnkit asm"], per_line["llvm-mc-19"]
        print(f"  {title:<8} gcnkit asm {g:8,.0f}   llvm-mc-19 {l:8,.0f}   ratio {l / g:.1f}x")
PY
fi

if part emu; then
  "$build/bench/gcnkit-bench-emu" --runs "$runs"
fi

if part mfma; then
  "$build/bench/gcnkit-bench-mfma" --runs "$runs"
fi

if [ -z "${BENCH_ONLY:-}" ]; then
  echo "in-process (Google Benchmark, 200,000-instruction pool):"
  "$build/bench/gcnkit_bench" --benchmark_min_time=0.5 2>/dev/null | grep '^BM_' || true
fi
