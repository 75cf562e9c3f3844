#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) and runs each for a
# while, growing its committed corpus in fuzz/corpus/<target>/.
#   scripts/fuzz.sh [seconds per target, default 60] [target ...]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
need_pkgs clang cmake
SECONDS_PER=${1:-60}
shift || true
TARGETS=("${@:-fuzz_moves fuzz_session fuzz_line_reader fuzz_book}")
step "libFuzzer build (build/fuzz)"
CXX=clang++ cmake -S . -B build/fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGS_FUZZ=ON -DGS_BUILD_TESTS=OFF >/dev/null
cmake --build build/fuzz -j"$(nproc)" --target ${TARGETS[@]}
for t in ${TARGETS[@]}; do
  step "fuzzing $t for ${SECONDS_PER}s"
  mkdir -p "fuzz/corpus/$t" "build/fuzz/crashes/$t"
  build/fuzz/bin/"$t" -max_total_time="$SECONDS_PER" -max_len=4200 -print_final_stats=1 \
    -artifact_prefix="build/fuzz/crashes/$t/" "fuzz/corpus/$t" 2>&1 | grep -E "^(stat::|#[0-9]+.*DONE|==|SUMMARY)" || true
done
