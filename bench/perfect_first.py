#!/usr/bin/env python3
"""Perfect, playing first from the empty board, against every level.

Connect Four is a first-player win, so the Perfect level (1 s per move, with
the opening book) must win every game it starts. Each game: Perfect
(`gamesearch play --level perfect --book BOOK`) plays Red from the empty
board; the opponent is a level (`gamesearch play --level NAME --seed S`, so
that the games differ: Beginner and Casual pick among good moves at random,
Strong and Perfect among equal moves). After every Perfect move the exact
solver checks that Red is still winning (`gamesearch solve --weak`, from 12
stones on; before that the book's proof stands).

  bench/perfect_first.py [--games 10] [--opponents beginner casual strong perfect] [--book web/book.bin]
                         [--json docs/levels/perfect_first.json]

Prints one line per game and a table: games, Perfect's wins, draws, losses,
moves where the value slipped, and Perfect's longest think.
"""
import argparse
from benchargs import positive
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")


def play(binary, moves, args):
    out = subprocess.run([binary, "play"] + args, input=(moves + "\n").encode(), capture_output=True, check=True)
    f = out.stdout.decode().split()
    return int(f[f.index("bestmove") + 1]), float(f[f.index("time_ms") + 1])


def wdl(binary, moves):
    out = subprocess.run([binary, "solve", "--weak"], input=(moves + "\n").encode(), capture_output=True, check=True)
    return int(out.stdout.decode().split()[-3])  # <moves> <score> <nodes> <us>


def winner(moves):
    """1 or 2 if that player has four in a row, 0 otherwise."""
    grid = [[0] * 6 for _ in range(7)]
    heights = [0] * 7
    for i, ch in enumerate(moves):
        c = int(ch) - 1
        grid[c][heights[c]] = 1 + i % 2
        heights[c] += 1
    for c in range(7):
        for r in range(6):
            p = grid[c][r]
            if not p:
                continue
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if all(0 <= c + k * dc < 7 and 0 <= r + k * dr < 6 and grid[c + k * dc][r + k * dr] == p for k in range(4)):
                    return p
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "native", "bin", "gamesearch"))
    ap.add_argument("--book", default=os.path.join(ROOT, "web", "book.bin"))
    ap.add_argument("--games", type=positive, default=10, help="games per opponent")
    ap.add_argument("--opponents", nargs="+", default=["beginner", "casual", "strong", "perfect"])
    ap.add_argument("--json", help="also write the results here (for tools/levels_json.py)")
    args = ap.parse_args()

    rows = []
    for opp in args.opponents:
        won = drawn = lost = slips = 0
        longest = 0.0
        for g in range(args.games):
            moves = ""
            while True:
                if len(moves) % 2 == 0:  # Perfect (Red)
                    m, ms = play(args.bin, moves, ["--level", "perfect", "--book", args.book])
                    longest = max(longest, ms)
                    moves += str(m)
                    if winner(moves) or len(moves) == 42:
                        break
                    if len(moves) >= 12 and wdl(args.bin, moves) != -1:  # Yellow to move must be lost
                        slips += 1
                else:
                    m, _ = play(args.bin, moves, ["--level", opp, "--seed", str(1000 * g + len(moves) + 1)])
                    moves += str(m)
                    if winner(moves) or len(moves) == 42:
                        break
            w = winner(moves)
            won += w == 1
            lost += w == 2
            drawn += w == 0
            print(f"perfect vs {opp} #{g + 1}: {moves} -> {'Perfect wins' if w == 1 else 'draw' if w == 0 else 'Perfect LOSES'}",
                  flush=True)
        rows.append((opp, args.games, won, drawn, lost, slips, longest))
    print()
    print("| Perfect (first) vs | games | wins | draws | losses | value slipped | longest think |")
    print("|---|---|---|---|---|---|---|")
    for opp, n, w, d, l, s, t in rows:
        print(f"| {opp} | {n} | {w} | {d} | {l} | {s} | {t:.0f} ms |")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"level": "perfect", "results": [
                {"vs": opp, "wins": w, "draws": d, "losses": l, "games": n, "value_slipped": s, "longest_ms": round(t)}
                for opp, n, w, d, l, s, t in rows]}, f, indent=1)
            f.write("\n")
    return 0 if all(r[4] == 0 and r[3] == 0 and r[5] == 0 for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
