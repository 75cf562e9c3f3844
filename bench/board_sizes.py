#!/usr/bin/env python3
"""The value of Connect Four's empty board on every size, for the table of
docs/board-sizes.md: one thread, natively, each board given a time limit.

  bench/board_sizes.py [--bin build/native/bin/gamesearch] [--max-cells 42]
                       [--limit-s 300] [--sizes 6x4 7x5 ...] [--tt-mb 256]

For each board (smallest first): `gamesearch --size WxH solve` on the empty
board (exact score, nodes, time), then `solve --weak` after each first move,
which gives the first moves that keep the win/draw/loss. A board whose root
solve does not finish within --limit-s seconds is reported as given up (its
first moves are then not tried). Prints one Markdown row per board.

Scores: on the sized boards a win with the n-th stone scores 31 - n
(kWinBase = 31, engine/games/connect4/connect4.hpp); 7x6 is the compiled
board, where kWinBase = 22. The table also gives the score on the scale of
Pons' solver, ((W * H + 1) / 2 + 1) - n (rounded down).
"""
import argparse
import datetime
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def fits(w, h):
    return w >= 4 and h >= 4 and w * (h + 1) <= 64


def symbol(c):
    return str(c + 1) if c < 9 else chr(ord("a") + c - 9)


def run(binary, size, moves, extra, limit):
    """(score, nodes, seconds) of one solve, or None when it did not finish in time."""
    try:
        p = subprocess.run([binary, "--size", size, "solve"] + extra, input=(moves + "\n").encode(),
                           capture_output=True, timeout=limit)
    except subprocess.TimeoutExpired:
        return None
    if p.returncode != 0:
        sys.exit(p.stderr.decode())
    fields = p.stdout.decode().split()
    if not moves:
        fields = [""] + fields
    return int(fields[1]), int(fields[2]), int(fields[3]) / 1e6


def describe(score, w, h, base):
    if score == 0:
        return "draw", "0", "0"
    n = base - abs(score)  # the winner's stones
    pons = ((w * h + 1) // 2 + 1) - n
    first_wins = score > 0  # the empty board: the first player is to move
    who = "first player wins" if first_wins else "second player wins"
    return who, f"{'+' if score > 0 else '-'}{abs(score)} (stone {n})", f"{'+' if score > 0 else '-'}{pons}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=os.path.join(HERE, "..", "build", "native", "bin", "gamesearch"))
    ap.add_argument("--max-cells", type=int, default=42)
    ap.add_argument("--limit-s", type=float, default=300)
    ap.add_argument("--sizes", nargs="*", help="WxH boards (default: every board of at most --max-cells cells)")
    ap.add_argument("--tt-mb", type=int, default=256)
    args = ap.parse_args()
    if args.sizes:
        boards = [tuple(int(x) for x in s.split("x")) for s in args.sizes]
    else:
        boards = sorted(((w, h) for w in range(4, 17) for h in range(4, 17) if fits(w, h) and w * h <= args.max_cells),
                        key=lambda b: (b[0] * b[1], b[1], b[0]))
    today = datetime.date.today().isoformat()
    extra = ["--tt-mb", str(args.tt_mb)]
    print("| board | cells | value | exact score: sized scale (stone), Pons' scale | first moves that keep the value "
          "| nodes | time | measured |")
    print("|---|---|---|---|---|---|---|---|")
    for w, h in boards:
        size = f"{w}x{h}"
        base = 22 if (w, h) == (7, 6) else 31
        t0 = time.time()
        root = run(args.bin, size, "", extra, args.limit_s)
        if root is None:
            print(f"| {w}×{h} | {w * h} | not solved: gave up after {args.limit_s:.0f} s | | | | | {today} |", flush=True)
            continue
        score, nodes, secs = root
        who, exact, pons = describe(score, w, h, base)
        sign = (score > 0) - (score < 0)
        keep = []
        for c in range(w):
            child = run(args.bin, size, symbol(c), extra + ["--weak"], max(1.0, args.limit_s - (time.time() - t0)))
            if child is None:
                keep.append(f"{symbol(c)}?")
            elif -child[0] == sign:
                keep.append(symbol(c))
        print(f"| {w}×{h} | {w * h} | {who} | {exact}, {pons} | {' '.join(keep) or 'none'} | {nodes:,} | {secs:.2f} s "
              f"| {today} |", flush=True)


if __name__ == "__main__":
    main()
