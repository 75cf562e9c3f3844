#!/usr/bin/env bash
# End-to-end check of the tournament tool: a two-player match on one opening
# (two games), a rerun that must resume without playing, the nodes mode, and
# a bad command line. Usage: tournament_smoke.sh TOURNAMENT_BINARY OPENINGS_FILE
set -euo pipefail
bin=$1
openings=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
args=(play --player t=1 --player t=2,noorder --openings "$openings" --num-openings 1 --csv "$dir/g.csv"
  --json "$dir/s.json" --bootstrap 20 --judge-stones 30)

"$bin" "${args[@]}" >"$dir/out1" 2>"$dir/err1"
[[ $(wc -l <"$dir/g.csv") -eq 3 ]] || { echo "expected header + 2 games"; cat "$dir/g.csv"; exit 1; }
grep -q '^games 2,' "$dir/out1" || { echo "summary lacks 'games 2'"; cat "$dir/out1"; exit 1; }
grep -q '"games": 2' "$dir/s.json" || { echo "json lacks games"; exit 1; }

"$bin" "${args[@]}" >"$dir/out2" 2>"$dir/err2"
[[ $(wc -l <"$dir/g.csv") -eq 3 ]] || { echo "the rerun played again"; exit 1; }
if grep -q 'to play' "$dir/err2"; then echo "the rerun did not resume"; exit 1; fi
cmp -s "$dir/out1" "$dir/out2" || { echo "summaries differ after resume"; exit 1; }

# An MCTS player against alpha-beta (playouts only: the same games every run).
"$bin" play --player mcts,playouts=300 --player t=1 --openings "$openings" --num-openings 1 --csv "$dir/m.csv" \
  --bootstrap 0 --judge-stones 0 >"$dir/out3" 2>"$dir/err3"
[[ $(wc -l <"$dir/m.csv") -eq 3 ]] || { echo "mcts: expected header + 2 games"; cat "$dir/m.csv" "$dir/err3"; exit 1; }
grep -q 'mcts,playouts=300' "$dir/out3" || { echo "summary lacks the mcts player"; cat "$dir/out3"; exit 1; }

"$bin" nodes --openings "$openings" --num-openings 1 --max-depth 3 >"$dir/nodes"
grep -q '^+table' "$dir/nodes" || { echo "nodes output lacks +table"; exit 1; }

set +e
"$bin" play --player t=1 >/dev/null 2>&1
rc=$?
set -e
[[ $rc -eq 2 ]] || { echo "one player should be a usage error (2), got $rc"; exit 1; }
echo "tournament smoke test passed"
