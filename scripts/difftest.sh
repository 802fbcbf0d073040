#!/usr/bin/env bash
# The differential test: random encodings of every instruction family, decoded by gcnkit and by
# llvm-mc-19 in the same run (text, -show-encoding bytes and warnings must be identical), for
# several seeds, then one larger run, then one wave64 run (gfx1100); then the same seeds and a
# larger run for gfx908 (wave64 only). Families that can make them (mem) also check one encoding
# of every row of the table in each run. Extra arguments go to gcnkit-difftest (e.g. --family
# valu).
#   DIFF_SEEDS (default "1 2 3"), DIFF_COUNT (default 20000), DIFF_LARGE_COUNT (default 100000,
#   0 to skip), DIFF_GFX908_COUNT (default 40000 per seed: 10000 per family), DIFF_BUILD_DIR
#   (default build-test)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${DIFF_BUILD_DIR:-build-test}
if [ ! -f "$build/build.ninja" ]; then
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGCNKIT_BENCH=OFF >/dev/null
fi
ninja -C "$build" -j "${JOBS:-2}" gcnkit-difftest >/dev/null
status=0
for seed in ${DIFF_SEEDS:-1 2 3}; do
  echo "== gcnkit-difftest --count ${DIFF_COUNT:-20000} --seed $seed $*"
  "$build/tests/gcnkit-difftest" --count "${DIFF_COUNT:-20000}" --seed "$seed" --show 5 "$@" ||
    status=1
done
large=${DIFF_LARGE_COUNT:-100000}
if [ "$large" -gt 0 ]; then
  echo "== gcnkit-difftest --count $large --seed 100 $*"
  "$build/tests/gcnkit-difftest" --count "$large" --seed 100 --show 5 "$@" || status=1
fi
# Wave64 (-mattr=+wavefrontsize64): lane masks are SGPR pairs, VOPD does not exist.
echo "== gcnkit-difftest --count ${DIFF_COUNT:-20000} --seed 7 --wave64 $*"
"$build/tests/gcnkit-difftest" --count "${DIFF_COUNT:-20000}" --seed 7 --wave64 --show 5 "$@" ||
  status=1
# gfx908: every family, each seed at least 20,000 random encodings plus every memory row.
gfx908=${DIFF_GFX908_COUNT:-40000}
for seed in ${DIFF_SEEDS:-1 2 3}; do
  echo "== gcnkit-difftest --mcpu gfx908 --count $gfx908 --seed $seed $*"
  "$build/tests/gcnkit-difftest" --mcpu gfx908 --count "$gfx908" --seed "$seed" --show 5 "$@" ||
    status=1
done
if [ "$large" -gt 0 ]; then
  echo "== gcnkit-difftest --mcpu gfx908 --count $large --seed 100 $*"
  "$build/tests/gcnkit-difftest" --mcpu gfx908 --count "$large" --seed 100 --show 5 "$@" ||
    status=1
fi
exit $status
