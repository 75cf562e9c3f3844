#!/usr/bin/env python3
"""Finds Connect Four positions that show the horizon effect.

A position qualifies when a fixed-depth alpha-beta search without quiescence
(`gamesearch play --depth D --no-quiescence`: no solver, no book) chooses a move that
the exact solver says gives the value away (a win or draw turned into a loss,
or a win into a draw), while the same search with quiescence (the forced-move
extension: a threat that must be blocked is played out at the horizon) keeps
it. Positions come from realistic games (docs/study/medium/games.csv), cut
after a random number of plies; each move's exact value is `gamesearch
analyze` (weak: win, draw or loss).

  bench/horizon_positions.py [--positions 200] [--depths 2 3 4] [--min-stones 10] [--max-stones 24] [--seed 1]

Prints one line per position found: moves, depth, the move without
quiescence and its score, the move with it, and every move's value.
The evaluation view's horizon lesson (docs/evaluation.md) is one of them.
"""
import argparse
import csv
import os
import random
import subprocess

from benchargs import positive

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..")


def run(binary, args, line):
    out = subprocess.run([binary, *args], input=line + "\n", capture_output=True, text=True, check=True).stdout.split()
    return out


def play(binary, moves, depth, quiescence):
    args = ["play", "--depth", str(depth)] + ([] if quiescence else ["--no-quiescence"])
    f = run(binary, args, moves)
    f = f[1:] if moves else f  # (an empty move string prints no first field)
    return int(f[1]), int(f[3])  # bestmove, score


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "native", "bin", "gamesearch"))
    ap.add_argument("--games", default=os.path.join(ROOT, "docs", "study", "medium", "games.csv"))
    ap.add_argument("--positions", type=positive, default=200)
    ap.add_argument("--depths", type=positive, nargs="+", default=[2, 3, 4])
    ap.add_argument("--min-stones", type=int, default=10)
    ap.add_argument("--max-stones", type=int, default=24)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    with open(a.games) as f:
        games = [row["moves"] for row in csv.DictReader(f) if len(row["moves"]) > a.min_stones]
    rng.shuffle(games)
    found = 0
    for moves in games[: a.positions]:
        cut = moves[: rng.randint(a.min_stones, min(a.max_stones, len(moves) - 1))]
        values = run(a.bin, ["analyze", "--weak"], cut)[1:]
        legal = [int(v) for v in values if v != "x"]
        if not legal:
            continue
        best = max(legal)
        for depth in a.depths:
            plain, plainScore = play(a.bin, cut, depth, False)
            quiet, _ = play(a.bin, cut, depth, True)
            plainValue, quietValue = int(values[plain - 1]), int(values[quiet - 1])
            if plainValue < best and quietValue == best:
                found += 1
                print(f"{cut} depth {depth}: without quiescence {plain} (score {plainScore}, value {plainValue}), "
                      f"with it {quiet} (value {quietValue}); values {' '.join(values)}", flush=True)
                break
    print(f"{found} positions found in {a.positions}")


if __name__ == "__main__":
    main()
