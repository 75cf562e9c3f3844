#!/usr/bin/env bash
# Reproduces the strength study of docs/study.md: builds the tournament tool
# (build/study), plays the round robin, measures nodes against depth for each
# pruning variant, and writes the plots and summaries.
#
#   scripts/study.sh [--quick|--medium|--full] [--fresh]
#
#   --quick    (default) times 1 3 10 30 100 ms, t=10 without ordering and as
#              plain minimax, 6 openings: 252 games, a few minutes on 2 cores
#   --medium   times 1 3 10 30 100 300 1000 ms, t=100 without ordering and
#              without table, 8 openings: 576 games, about 25 minutes on 2 cores
#   --full     times 1 3 10 30 100 300 1000 ms, t=100 without ordering, without
#              table and as minimax, 24 openings: 2,160 games, several hours
#   --mcts     Monte Carlo tree search against alpha-beta (issue 21): both at
#              10 30 100 300 1000 ms, and MCTS at 100 ms with each improvement
#              switched off (nosmart, nomctssolver, noreuse), 10 openings:
#              1,560 games, about 45 minutes on 2 cores; no nodes-against-depth
#              step
#   --fresh    delete the variant's games.csv first (otherwise games already
#              in it are kept and only the missing ones are played: resume)
#   --print-config  print the variant's settings (player=SPEC per player,
#              openings=N, depth=D, cap=C; nothing else is done): what
#              scripts/cluster.py study reads, so the variants live here only
#
# Output in docs/study/<variant>/: games.csv (one line per game), summary.txt
# and summary.csv (per player), tournament.json, nodes.csv, nodes.json,
# nodes.txt, fits.txt (slopes per doubling of time), results.json (what the
# page's Study view draws its charts from; tools/study_data.py) and the four
# SVG charts of docs/study.md (matplotlib, tools/study_charts.py);
# docs/study/results.json gathers every variant. Openings:
# bench/openings.txt (how they were chosen is in its header).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

VARIANT=quick
FRESH=0
PRINT=0
for a in "$@"; do
  case "$a" in
    --quick) VARIANT=quick ;;
    --medium) VARIANT=medium ;;
    --full) VARIANT=full ;;
    --mcts) VARIANT=mcts ;;
    --fresh) FRESH=1 ;;
    --print-config) PRINT=1 ;;
    -h|--help) sed -n '2,30p' "$0"; exit 0 ;;
    *) echo "study.sh: unknown option $a" >&2; exit 2 ;;
  esac
done

case "$VARIANT" in
  quick)
    TIMES="1 3 10 30 100"; EXTRA="t=10,noorder t=10,minimax"; OPENINGS=6; DEPTH=12; CAP=2e7 ;;
  medium)
    TIMES="1 3 10 30 100 300 1000"; EXTRA="t=100,noorder t=100,notable"; OPENINGS=8; DEPTH=14; CAP=3e7 ;;
  full)
    TIMES="1 3 10 30 100 300 1000"; EXTRA="t=100,noorder t=100,notable t=100,minimax"; OPENINGS=24; DEPTH=16
    CAP=2e8 ;;
  mcts)
    TIMES="10 30 100 300 1000"; EXTRA="mcts,t=100,nosmart mcts,t=100,nomctssolver mcts,t=100,noreuse"; OPENINGS=10 ;;
esac
if [[ $VARIANT == mcts ]]; then
  MC=""; for t in $TIMES; do MC+="mcts,t=$t "; done; EXTRA="$MC$EXTRA"
fi

if [[ $PRINT == 1 ]]; then
  for t in $TIMES; do echo "player=t=$t"; done
  for p in $EXTRA; do echo "player=$p"; done
  echo "openings=$OPENINGS"
  [[ $VARIANT != mcts ]] && echo "depth=$DEPTH" && echo "cap=$CAP"
  exit 0
fi

OUT=docs/study/$VARIANT
mkdir -p "$OUT"
[[ $FRESH == 1 ]] && rm -f "$OUT/games.csv"

cmake -S . -B build/study -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/study -j1 --target tournament >/dev/null
BIN=build/study/bin/tournament

PLAYERS=()
for t in $TIMES; do PLAYERS+=(--player "t=$t"); done
for p in $EXTRA; do PLAYERS+=(--player "$p"); done

echo "== $VARIANT: round robin (${PLAYERS[*]}), $OPENINGS openings x 2 colours" >&2
"$BIN" play "${PLAYERS[@]}" --openings bench/openings.txt --num-openings "$OPENINGS" --threads 2 --tt-mb 16 \
  --judge-stones 16 --csv "$OUT/games.csv" --json "$OUT/tournament.json" | tee "$OUT/summary.txt"

NODES=
if [[ $VARIANT != mcts ]]; then
NODES="$OUT/nodes.json"
echo "== $VARIANT: nodes against depth (first 8 openings, depth <= $DEPTH, cap $CAP nodes)" >&2
"$BIN" nodes --openings bench/openings.txt --num-openings 8 --max-depth "$DEPTH" --node-cap "$CAP" \
  --csv "$OUT/nodes.csv" --json "$OUT/nodes.json" | tee "$OUT/nodes.txt"
fi

echo "== $VARIANT: results and charts" >&2
python3 tools/study_data.py "$OUT/tournament.json" "${NODES:--}" "$OUT" | tee "$OUT/fits.txt"
# The docs' charts: Debian's matplotlib, for Debian's /usr/bin/python3.
need_pkgs python3-matplotlib
/usr/bin/python3 tools/study_charts.py "$OUT"
echo "wrote $OUT: $(cd "$OUT" && ls | tr '\n' ' ')" >&2

# docs/study/results.json: every variant's results in one file (what a web page loads).
python3 tools/study_results.py docs/study
echo "wrote docs/study/results.json" >&2
