#!/usr/bin/env python3
"""Share of the computer's moves that keep the game value, by thinking time.

Positions come from realistic games (the engine-vs-engine games of the study,
docs/study/medium/games.csv; not the benchmark files): every game is cut after
a random number of plies in the range asked for, one position per game. For
each position the value of every move is computed once (`gamesearch analyze
--weak`: win, draw or loss), then `gamesearch play --time-ms T` chooses a move
for every budget T, and a move keeps the value when it has the best value of
all moves. With --exact, the exact scores are used instead (a slower win then
counts as a mistake too). With --book FILE, the player answers from that
opening book first, as in the page. With --wasm DIR the moves are chosen by
the browser's engine (DIR/gamesearch.wasm, the module the page's worker runs,
in node: bench/wasm_play.mjs) instead of the native `gamesearch play`; the
judge stays native.

  bench/value_keeping.py [--positions 60] [--min-stones 8] [--max-stones 30] [--times 10 100 1000]
                         [--book web/book.bin] [--exact] [--wasm build/wasm/bin]

Prints one table row per budget and per stone range. Analysis of early
positions is slow (seconds each); the defaults take several minutes.
"""
import argparse
from benchargs import positive
import csv
import json
import os
import random
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "native", "bin", "gamesearch"))
    ap.add_argument("--games", default=os.path.join(ROOT, "docs", "study", "medium", "games.csv"))
    ap.add_argument("--positions", type=positive, default=60)
    ap.add_argument("--min-stones", type=int, default=8)
    ap.add_argument("--max-stones", type=int, default=30)
    ap.add_argument("--times", type=positive, nargs="+", default=[10, 100, 1000])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--book", help="opening book for the player (e.g. web/book.bin)")
    ap.add_argument("--exact", action="store_true", help="judge by exact scores, not win/draw/loss")
    ap.add_argument("--cache", help="keep the judge's values in this JSON file between runs")
    ap.add_argument("--wasm", metavar="DIR", help="choose the moves with the wasm engine in DIR (node), not natively")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    with open(args.games) as f:
        games = [row["moves"] for row in csv.DictReader(f)]
    rng.shuffle(games)
    positions = []
    for g in games:
        if len(positions) >= args.positions:
            break
        hi = min(args.max_stones, len(g) - 1)
        if hi < args.min_stones:
            continue
        positions.append(g[: rng.randint(args.min_stones, hi)])
    inp = "".join(p + "\n" for p in positions).encode()
    # The judge's values, cached by position (early positions take minutes).
    kind = "exact" if args.exact else "weak"
    cache = {}
    if args.cache and os.path.exists(args.cache):
        with open(args.cache) as f:
            cache = json.load(f).get(kind, {})
    todo = [p for p in positions if p not in cache]
    if todo:
        out = subprocess.run([args.bin, "analyze"] + ([] if args.exact else ["--weak"]),
                             input="".join(p + "\n" for p in todo).encode(), capture_output=True, check=True).stdout.decode()
        for line in out.splitlines():
            f = line.split()
            if len(f) == 7:  # the empty board prints no move string
                f = [""] + f
            cache[f[0]] = [None if x == "x" else int(x) for x in f[1:]]
    if args.cache:
        data = {}
        if os.path.exists(args.cache):
            with open(args.cache) as f:
                data = json.load(f)
        data[kind] = cache
        with open(args.cache, "w") as f:
            json.dump(data, f)
    scores = cache
    buckets = [(args.min_stones, 13), (14, 21), (22, args.max_stones)]
    if args.min_stones < 8:
        buckets = [(args.min_stones, 7), (8, 13), (14, 21), (22, args.max_stones)]
    # Only the bands that overlap the range asked for, clipped to it.
    buckets = [(max(a, args.min_stones), min(b, args.max_stones)) for a, b in buckets
               if a <= args.max_stones and b >= args.min_stones]
    judge = "exact scores" if args.exact else "win/draw/loss"
    book = f", book {os.path.relpath(args.book, ROOT)}" if args.book else ", no book"
    engine = f", moves by the wasm engine in {os.path.relpath(args.wasm, ROOT)}" if args.wasm else ""
    print(f"{len(positions)} positions from {os.path.relpath(args.games, ROOT)}, "
          f"{args.min_stones}-{args.max_stones} stones, judged by {judge}{book}{engine}")
    print("| time per move | positions | kept the value | " + " | ".join(f"{a}-{b} stones" for a, b in buckets) + " |")
    print("|---|---|---|" + "---|" * len(buckets))
    all_misses = []
    for t in args.times:
        if args.wasm:
            play = ["node", os.path.join(HERE, "wasm_play.mjs"), "--bin", args.wasm, "--time-ms", str(t)]
        else:
            play = [args.bin, "play", "--time-ms", str(t)]
        play += ["--book", args.book] if args.book else []
        out = subprocess.run(play, input=inp, capture_output=True, check=True).stdout.decode()
        kept = {b: [0, 0] for b in buckets}
        total = [0, 0]
        misses = []
        for line in out.splitlines():
            f = line.split()
            k = f.index("bestmove")
            moves, best = ("" if k == 0 else f[0]), int(f[k + 1])
            s = scores[moves]
            ok = s[best - 1] == max(x for x in s if x is not None)
            if not ok:
                misses.append(f"{moves or '(empty)'}: played {best} ({s[best - 1]}), values {' '.join('x' if x is None else str(x) for x in s)}")
            total[0] += ok
            total[1] += 1
            for b in buckets:
                if b[0] <= len(moves) <= b[1]:
                    kept[b][0] += ok
                    kept[b][1] += 1
        cells = " | ".join(f"{k[0]}/{k[1]}" for k in kept.values())
        print(f"| {t} ms | {total[1]} | {100.0 * total[0] / total[1]:.1f}% | {cells} |", flush=True)
        all_misses.extend(f"  {t} ms: {m}" for m in misses)
    if all_misses:
        print("\nMoves that did not keep the value (position: move played (its value), every move's value):")
        print("\n".join(all_misses))


if __name__ == "__main__":
    main()
