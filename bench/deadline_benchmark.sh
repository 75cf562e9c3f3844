#!/usr/bin/env bash
# How long a computer move takes against its budget: runs `gamesearch play`
# on 60 positions (Test_L1_R3, early game) at each budget and prints the
# median and worst time and the worst overshoot. Optional: --load starts a
# busy loop on every other core while measuring.
#   bench/deadline_benchmark.sh [--load] [budgets in ms...]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=build/native/bin/gamesearch
LOAD=0
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
  echo "usage: bench/deadline_benchmark.sh [--load] [budgets in ms, default 10 100 1000]"; exit 0
fi
if [[ "${1:-}" == "--load" ]]; then LOAD=1; shift; fi
BUDGETS=("${@:-10 100 1000}")
for b in ${BUDGETS[@]}; do
  [[ "$b" =~ ^[1-9][0-9]{0,6}$ ]] || { echo "deadline_benchmark.sh: a budget is a whole number of ms, not '$b'" >&2; exit 2; }
done
pids=()
if [[ $LOAD == 1 ]]; then
  for _ in $(seq 2 "$(nproc)"); do (while :; do :; done) & pids+=($!); done
  trap 'kill ${pids[*]} 2>/dev/null' EXIT
fi
echo "| budget ms | moves | median ms | worst ms | worst overshoot |"
echo "|---|---|---|---|---|"
for b in ${BUDGETS[@]}; do
  head -60 bench/data/Test_L1_R3 | "$BIN" play --time-ms "$b" | awk -v b="$b" '{print $NF}' | sort -n |
    awk -v b="$b" '{t[NR]=$1} END {m=t[int((NR+1)/2)]; w=t[NR]; printf "| %d | %d | %d | %d | %.1f%% |\n", b, NR, m, w, (w-b)*100.0/b}'
done
