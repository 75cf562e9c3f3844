#!/usr/bin/env bash
# scripts/cluster.py on a LocalCluster of 2 workers (docs/cluster.md, "Tests"):
#   1. a 24-game round robin, with a worker killed while it plays: the games
#      are those of `tournament play` on one machine (every column but the
#      times), and so is the summary's every deterministic column;
#   2. the same command again: every unit comes from the store, none is run;
#   3. solve on a file with a bad line: the store's disk "fills up" after 2
#      units (GS_CLUSTER_FAIL_WRITES_AFTER) -> a clear error, 2 kept; the client
#      is killed (SIGKILL) mid-run; started again, it runs only the missing
#      units, prints what `gamesearch solve` prints (all but the microseconds),
#      reports the bad line with the file's line number and its text, exits 1;
#   4. an unwritable results directory: a clear error, status 3;
#   5. a 3-move book (from a 15-stone position): byte-identical to bookgen's.
# Skipped (status 77) when Dask cannot be installed. KEEP_TMP=1 keeps the files.
#
#   cluster_test.sh BIN_DIR
set -u
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="$(cd "$1" && pwd)"
py=/usr/bin/python3
cl=("$py" "$root/scripts/cluster.py" --bin "$bin")
if ! "${cl[@]}" --check; then
  echo "SKIP: Dask (python3-dask, python3-distributed) cannot be installed here; nothing was tested"
  exit 77
fi
tmp=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -9 -- "-$p" 2>/dev/null; done
  if [[ -n ${KEEP_TMP:-} ]]; then echo "kept $tmp"; else rm -rf "$tmp"; fi
}
trap cleanup EXIT
fail=0
check() {  # check NAME CONDITION-STATUS DETAIL
  if [[ $2 == 0 ]]; then echo "ok   $1"; else echo "FAIL $1: $3"; fail=1; fi
}
# The games of two CSV files, without the time columns, one per line.
games_without_times() {
  "$py" - "$1" <<'PY'
import csv, sys
for row in csv.reader(open(sys.argv[1])):
    print(row[:9] + row[10:16] + row[17:])
PY
}
# A summary without its timing column (knodes/s, the third field from the end of a player's row).
summary_without_times() {
  "$py" - "$1" <<'PY'
import re, sys
for line in open(sys.argv[1]):
    f = line.split()
    if re.match(r"\S+\s+\d+\s+\d+\s+\d+\s+\d+\s+[+-]\d+\s", line):
        f[-3] = "T"
    print(" ".join(f))
PY
}

# --- 1, 2: the round robin ------------------------------------------------------------
# Depth-limited with time to spare: deterministic, and time-limited for the plots.
players=(--player t=1000,depth=2 --player t=2000,depth=4 --player t=3000,depth=6)
"$bin/tournament" play "${players[@]}" --openings "$root/bench/openings.txt" --num-openings 4 --threads 1 \
  --tt-mb 16 --judge-stones 16 --csv "$tmp/single.csv" --json "$tmp/single.json" >"$tmp/single.txt" 2>/dev/null
setsid "${cl[@]}" --local 2 --results "$tmp/store1" study "${players[@]}" --num-openings 4 --no-nodes \
  --out "$tmp/study" 2>"$tmp/study.err" &
client=$!
pids+=("$client")
# Kill a worker process (a child of the client) while it runs a game (its own child is `tournament`).
killed=""
for _ in $(seq 600); do
  for w in $(pgrep -P "$client"); do
    if pgrep -P "$w" -x tournament >/dev/null; then kill -9 "$w" && killed=$w; break; fi
  done
  [[ -n $killed ]] && break
  kill -0 "$client" 2>/dev/null || break
  sleep 0.1
done
wait "$client"; code=$?
check "a worker killed mid-run (pid ${killed:-none})" "$([[ -n $killed ]]; echo $?)" "the run ended before a worker could be killed"
check "study on 2 workers exits 0" "$code" "status $code: $(tail -5 "$tmp/study.err")"
diff <(games_without_times "$tmp/single.csv") <(games_without_times "$tmp/study/games.csv") >"$tmp/d1"
check "24 games, the same as tournament play's (all but the times)" $? "$(head -5 "$tmp/d1")"
[[ $(($(wc -l <"$tmp/study/games.csv") - 1)) == 24 ]]
check "games.csv holds 24 games" $? "$(wc -l <"$tmp/study/games.csv") lines"
diff <(summary_without_times "$tmp/single.txt") <(summary_without_times "$tmp/study/summary.txt") >"$tmp/d2"
check "the summary is tournament play's (all but the speeds)" $? "$(head -5 "$tmp/d2")"
ls "$tmp/study"/rating_vs_time.svg "$tmp/study"/tournament.json "$tmp/study"/fits.txt >/dev/null
check "the plots and tournament.json are written" $? "missing"
cp "$tmp/study/games.csv" "$tmp/first.csv"
"${cl[@]}" --local 2 --results "$tmp/store1" study "${players[@]}" --num-openings 4 --no-nodes \
  --out "$tmp/study" 2>"$tmp/study2.err"
grep -q "study: 0 units run now, 24 taken from the store, 0 failed" "$tmp/study2.err"
check "a second run redoes nothing (0 units run)" $? "$(grep 'units run now' "$tmp/study2.err")"
cmp -s "$tmp/first.csv" "$tmp/study/games.csv"
check "... and writes the same games.csv" $? "differs"

# --- 3: solve: disk full, the client killed, resumed; a bad line ---------------------
head -n 24 "$root/bench/data/Test_L1_R2" >"$tmp/pos.txt"
sed -i '7s/.*/12345678 (a bad line)/' "$tmp/pos.txt"
"$bin/gamesearch" solve --tt-mb 16 <"$tmp/pos.txt" >"$tmp/solve.single" 2>"$tmp/solve.single.err"
store="$tmp/store2"
GS_CLUSTER_FAIL_WRITES_AFTER=2 "${cl[@]}" --local 2 --results "$store" solve --batch 3 "$tmp/pos.txt" --tt-mb 16 \
  >/dev/null 2>"$tmp/full.err"
code=$?
[[ $code == 3 ]] && grep -q "No space left on device; the finished units are kept" "$tmp/full.err" &&
  [[ $(ls "$store" | wc -l) == 2 ]]
check "a full disk: status 3, a clear error, 2 units kept" $? "status $code, $(ls "$store" | wc -l) kept: $(tail -3 "$tmp/full.err")"
setsid "${cl[@]}" --local 2 --results "$store" solve --batch 3 "$tmp/pos.txt" --tt-mb 16 >/dev/null 2>"$tmp/killed.err" &
client=$!
pids+=("$client")
for _ in $(seq 600); do
  [[ $(ls "$store" | grep -c json) -ge 4 ]] && break
  kill -0 "$client" 2>/dev/null || break
  sleep 0.05
done
kill -9 "$client" 2>/dev/null
kill -9 -- "-$client" 2>/dev/null  # its workers
wait "$client" 2>/dev/null
kept=$(ls "$store" | grep -c json)
"${cl[@]}" --local 2 --results "$store" solve --batch 3 "$tmp/pos.txt" --tt-mb 16 >"$tmp/solve.cluster" 2>"$tmp/solve.err"
code=$?
grep -q "solve: $((8 - kept)) units run now, $kept taken from the store" "$tmp/solve.err"
check "the client killed with $kept of 8 units stored: the rerun runs only the $((8 - kept)) others" $? \
  "$(grep 'units run now' "$tmp/solve.err")"
[[ $code == 1 ]]
check "a bad line: status 1 at the end" $? "status $code"
diff <(cut -d' ' -f1-3 "$tmp/solve.single") <(cut -d' ' -f1-3 "$tmp/solve.cluster") >"$tmp/d3"
check "solve prints what gamesearch solve prints (but the microseconds), the others going on" $? "$(head -5 "$tmp/d3")"
[[ $(wc -l <"$tmp/solve.cluster") == 23 ]]
check "... 23 answers" $? "$(wc -l <"$tmp/solve.cluster") lines"
grep -q "^$(cat "$tmp/solve.single.err")   \[input: '12345678 (a bad line)'\]" "$tmp/solve.err" &&
  grep -q "lines 7-9: rejected: line 7: " "$tmp/solve.err"
check "the bad line is reported with its number and text, and its unit named" $? "$(grep -i line "$tmp/solve.err" | head -5)"

# --- 4: an unwritable results directory --------------------------------------------------
touch "$tmp/afile"
"${cl[@]}" --local 1 --results "$tmp/afile/store" solve "$tmp/pos.txt" >/dev/null 2>"$tmp/unwritable.err"
code=$?
[[ $code == 3 ]] && grep -q "cannot write the results directory $tmp/afile/store: Not a directory" "$tmp/unwritable.err"
check "an unwritable results directory: status 3 and a clear error" $? "status $code: $(cat "$tmp/unwritable.err")"

# --- 5: the book ------------------------------------------------------------------------------
book=(--root 274552224131661 --depth 3 --all 2 --tt-mb 16)
"$bin/bookgen" --out "$tmp/single.bin" --state "$tmp/single.state" "${book[@]}" 2>/dev/null
"${cl[@]}" --local 2 --results "$tmp/store3" book --out "$tmp/cluster.bin" "${book[@]}" 2>"$tmp/book.err"
code=$?
check "book on 2 workers exits 0" "$code" "status $code: $(tail -3 "$tmp/book.err")"
cmp "$tmp/single.bin" "$tmp/cluster.bin" >"$tmp/d5" 2>&1
check "the 3-move book is byte-identical to bookgen's" $? "$(cat "$tmp/d5")"
grep -q "positions no unit covered" "$tmp/book.err"
check "... and every position was solved by a unit" "$((1 - $?))" "$(grep 'no unit covered' "$tmp/book.err")"
exit $fail
