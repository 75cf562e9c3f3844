#!/usr/bin/env bash
# Issue 19's single-thread targets side by side with Christophe Steininger's
# solver (github.com/ChristopheSteininger/c4), in one run: for each set, ours
# (`gamesearch solve [--weak] --tt-mb 64`, the solves' own microseconds)
# then his, ROUNDS times, and a table of the times and their ratio.
#
#   bench/steininger_vs.sh C4_CLONE [--rounds N] [--quick]
#
# C4_CLONE: a clone of his repository, outside this one; it is not changed.
# His solver is built in a temporary directory (removed at the end) from a
# copy of his src/solver with his release flags (-O3 -flto, NDEBUG) plus
# -march=native, one search thread, a 64 MB table (8,388,617 entries, as
# our 64 MiB) and his 2 MB pages on (ours uses them too), together with a
# driver of a few lines written here: it reads "MOVES weak|strong" lines,
# clears his state, and times solve_weak / solve_strong per position.
# Ours: build/native/bin/gamesearch (build it first, Release).
# --quick: the short sets only (no empty board, no `4`, 50 lines of the
# long files), for a check that it runs.
# On a shared machine single times move by 10-40 %: read the ratios of one
# run (docs/benchmarks.md has the runs so far).
set -euo pipefail
cd "$(dirname "$0")/.."
usage() { echo "usage: bench/steininger_vs.sh C4_CLONE [--rounds N] [--quick]"; }
[[ "${1:-}" == "--help" || "${1:-}" == "-h" ]] && { usage; exit 0; }
[[ $# -ge 1 ]] || { usage >&2; exit 2; }
C4=$1; shift
ROUNDS=2
QUICK=0
while (($#)); do
  case "$1" in
    --rounds) ROUNDS="${2:-}"; shift 2 || true ;;
    --quick) QUICK=1; shift ;;
    *) echo "steininger_vs.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
[[ "$ROUNDS" =~ ^[1-9][0-9]?$ ]] || { echo "steininger_vs.sh: --rounds is a number from 1 to 99" >&2; exit 2; }
[[ -f "$C4/src/solver/solver.h" && -f "$C4/src/solver/settings.h" ]] ||
  { echo "steininger_vs.sh: '$C4' is not a clone of ChristopheSteininger/c4 (no src/solver/solver.h)" >&2; exit 2; }
BIN=build/native/bin/gamesearch
[[ -x $BIN ]] || { echo "steininger_vs.sh: $BIN is missing: build the native Release first (README)" >&2; exit 2; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cp -r "$C4/src/solver" "$WORK/solver"
# One thread, 64 MB, 2 MB pages (the settings must say so, or the build stops here).
sed -i -E 's/(NUM_THREADS = )[0-9]+;/\11;/; s/(NUM_TABLE_ENTRIES = )[0-9]+;/\18388617;/; s/(ENABLE_HUGE_PAGES = )(true|false);/\1true;/' "$WORK/solver/settings.h"
for want in 'NUM_THREADS = 1;' 'NUM_TABLE_ENTRIES = 8388617;' 'ENABLE_HUGE_PAGES = true;'; do
  grep -q "$want" "$WORK/solver/settings.h" || { echo "steininger_vs.sh: his settings.h has no '$want' after editing: the script needs updating" >&2; exit 1; }
done
cat > "$WORK/driver.cpp" <<'CPP'
// Reads "MOVES weak|strong" (MOVES: columns 1-7, "-" for the empty board),
// prints "MOVES score microseconds", his state cleared before each solve.
#include <chrono>
#include <iostream>
#include <string>
#include "solver/position.h"
#include "solver/solver.h"
int main() {
  Solver solver{};
  std::string moves, kind;
  while (std::cin >> moves >> kind) {
    Position pos{};
    if (moves != "-")
      for (char c : moves) pos.move(c - '1');
    solver.clear_state();
    const auto t0 = std::chrono::steady_clock::now();
    const int s = kind == "weak" ? solver.solve_weak(pos) : solver.solve_strong(pos);
    const auto us = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - t0).count();
    std::cout << moves << " " << s << " " << us << std::endl;
  }
}
CPP
echo "building his solver (one thread, 64 MB) in $WORK ..." >&2
g++ -std=c++20 -O3 -flto -march=native -DNDEBUG -I"$WORK" $(find "$WORK/solver" -name '*.cpp') "$WORK/driver.cpp" \
  -o "$WORK/his" -lpthread

D=bench/data
# name | positions (a file of move strings, "-" = the empty board) | weak or strong | target
sets=()
add() { sets+=("$1|$2|$3|$4"); }
mk() { local f="$WORK/$1"; shift; printf '%s\n' "$@" > "$f"; echo "$f"; }
lines() { local f="$WORK/$1"; head -"$3" "$D/$2" | awk '{print $1}' > "$f"; echo "$f"; }
if ((QUICK)); then
  add "444" "$(mk p444 444)" strong "<= 0.7"
  add "Test_L1_R3, first 3" "$(lines l13 Test_L1_R3 3)" strong "<= 0.7"
  add "Test_L1_R2, first 50" "$(lines l12 Test_L1_R2 50)" strong "<= 0.7"
  add "Test_L2_R2, first 300" "$(lines l22 Test_L2_R2 300)" strong "<= 0.7"
else
  add "the empty board, win/draw/loss" "$(mk e -)" weak "ours under 10 s"
  add "the empty board, exact score" "$WORK/e" strong "ours under 17 s"
  add "4" "$(mk p4 4)" strong "<= 0.7"
  add "44" "$(mk p44 44)" strong "<= 0.7"
  add "444" "$(mk p444 444)" strong "<= 0.7"
  add "Test_L1_R3, first 10" "$(lines l13 Test_L1_R3 10)" strong "<= 0.7"
  add "Test_L1_R2, first 200" "$(lines l12 Test_L1_R2 200)" strong "<= 0.7"
  for f in Test_L2_R2 Test_L1_R1 Test_L2_R1 Test_L3_R1; do add "$f" "$(lines "${f,,}" "$f" 1000)" strong "<= 0.7"; done
fi

# Seconds of all solves of a set: ours, then his.
ours() { # file kind
  local flag=""; [[ $2 == weak ]] && flag=--weak
  sed 's/^-$//' "$1" | "$BIN" solve $flag --tt-mb 64 | awk '{t += $NF} END {printf "%.3f", t / 1e6}'
}
his() { awk -v k="$2" '{print $1, k}' "$1" | "$WORK/his" | awk '{t += $NF} END {printf "%.3f", t / 1e6}'; }

join() { local IFS=','; echo "$*" | sed 's/,/, /g'; }   # a, b, c
echo "| set | ours | his | ours / his | target |"
echo "|---|---|---|---|---|"
for s in "${sets[@]}"; do
  IFS='|' read -r name file kind target <<< "$s"
  o=(); h=(); r=()
  for ((i = 0; i < ROUNDS; i++)); do
    a=$(ours "$file" "$kind"); b=$(his "$file" "$kind")
    o+=("$a s"); h+=("$b s"); r+=("$(awk -v a="$a" -v b="$b" 'BEGIN {printf "%.2f", (b > 0) ? a / b : 0}')")
  done
  echo "| $name | $(join "${o[@]}") | $(join "${h[@]}") | $(join "${r[@]}") | $target |"
done
