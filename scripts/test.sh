#!/usr/bin/env bash
# Every test, as CI runs it: the unit tests (ctest) in a Release build, the differential test
# against llvm-mc-19 (3 seeds), the unit tests again under ASan + UBSan, and the libFuzzer
# targets for a fixed short time. Exits non-zero if any step fails.
#   JOBS (default 2), FUZZ_SECONDS (default 60), BUILD_PREFIX (build directories, default build-)
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh ca-certificates cmake ninja-build g++ clang-19 clang-tools-19 llvm-19 lld-19 libyaml-dev libzstd-dev zlib1g-dev pkg-config libgtest-dev \
  libbenchmark-dev libfuzzer-19-dev libclang-rt-19-dev python3 || exit 1
jobs=${JOBS:-2}
prefix=${BUILD_PREFIX:-build-}
failed=()
step() {  # name command...
  local name=$1
  shift
  echo
  echo "==== $name"
  local start=$SECONDS
  if "$@"; then
    echo "==== $name: ok ($((SECONDS - start)) s)"
  else
    echo "==== $name: FAILED ($((SECONDS - start)) s)"
    failed+=("$name")
  fi
}
build() {  # dir cmake-args...
  local dir=$1
  shift
  cmake -S . -B "$dir" -G Ninja "$@" >/dev/null && ninja -C "$dir" -j "$jobs"
}

step "release build" build "${prefix}test" -DCMAKE_BUILD_TYPE=Release -DGCNKIT_TESTS=ON \
  -DGCNKIT_BENCH=ON
step "unit tests (ctest)" ctest --test-dir "${prefix}test" --output-on-failure -j "$jobs"
step "differential test (gfx1100: 3 seeds x 20000, 1 x 100000, wave64 x 20000; gfx908: 3 seeds x 40000, 1 x 100000)" env DIFF_BUILD_DIR="${prefix}test" scripts/difftest.sh
step "ASan+UBSan build" build "${prefix}asan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGCNKIT_SANITIZE=ON \
  -DGCNKIT_TESTS=ON -DGCNKIT_BENCH=OFF
step "unit tests under ASan+UBSan (ctest)" env GCNKIT_DIFF_COUNT=8000 \
  ctest --test-dir "${prefix}asan" --output-on-failure -j "$jobs"
step "fuzzers (${FUZZ_SECONDS:-60} s)" env FUZZ_BUILD_DIR="${prefix}fuzz" scripts/fuzz.sh

echo
if [ ${#failed[@]} -eq 0 ]; then
  echo "all test steps passed"
else
  echo "FAILED steps: ${failed[*]}"
  exit 1
fi
