#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) and runs each for a
# while, growing its committed corpus in fuzz/corpus/<target>/.
#   scripts/fuzz.sh [seconds per target, default 60] [target ...]
# The whole libFuzzer output goes to build/fuzz/logs/<target>.log; printed are
# the final statistics and the last input that added coverage ("last new
# coverage at execution N of M": when N is far below M, the run had stopped
# finding new coverage).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
need_pkgs clang cmake libcli11-dev nlohmann-json3-dev
SECONDS_PER=${1:-60}
shift || true
TARGETS=("${@:-fuzz_moves fuzz_session fuzz_line_reader fuzz_book fuzz_link fuzz_request}")
step "libFuzzer build (build/fuzz)"
CXX=clang++ cmake -S . -B build/fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGS_FUZZ=ON -DGS_BUILD_TESTS=OFF >/dev/null
cmake --build build/fuzz -j"$(nproc)" --target ${TARGETS[@]}
mkdir -p build/fuzz/logs
for t in ${TARGETS[@]}; do
  step "fuzzing $t for ${SECONDS_PER}s"
  mkdir -p "fuzz/corpus/$t" "build/fuzz/crashes/$t"
  log="build/fuzz/logs/$t.log"
  build/fuzz/bin/"$t" -max_total_time="$SECONDS_PER" -max_len=4200 -print_final_stats=1 \
    -artifact_prefix="build/fuzz/crashes/$t/" "fuzz/corpus/$t" > "$log" 2>&1 || true
  grep -E "^(stat::|#[0-9]+.*DONE|==|SUMMARY)" "$log" || true
  last=$(grep -E "^#[0-9]+.*NEW" "$log" | tail -1 | sed -E 's/^#([0-9]+).*/\1/' || true)
  total=$(grep -E "^stat::number_of_executed_units" "$log" | awk '{print $2}' || true)
  echo "last new coverage at execution ${last:-none} of ${total:-?}"
done
