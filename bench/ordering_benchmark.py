#!/usr/bin/env python3
"""What each move-ordering technique buys: node counts of the depth-limited
heuristic search (`gamesearch play --depth D`) on fixed positions, with every
technique on, with each one switched off, and with all of them off.

  bench/ordering_benchmark.py [--bin build/native/bin/gamesearch] [--depth 9] [--positions 40]

Positions: the first N lines of bench/data/Test_L1_R3 (1-13 stones, 28-42
moves left), where the search is heuristic rather than solved. Node counts are
exact and machine-independent.
"""
import argparse
from benchargs import positive
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
VARIANTS = [
    ("all techniques", []),
    ("no table (cut-offs and table move)", ["--no-table"]),
    ("no evaluation ordering", ["--no-eval-ordering"]),
    ("no killer moves", ["--no-killers"]),
    ("no history heuristic", ["--no-history"]),
    ("no ordering at all (natural order, no table)", ["--no-ordering", "--no-table"]),
    ("plain minimax", ["--algorithm", "minimax", "--no-table", "--no-ordering"]),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=os.path.join(HERE, "..", "build", "native", "bin", "gamesearch"))
    ap.add_argument("--depth", type=positive, default=8)
    ap.add_argument("--positions", type=positive, default=40)
    args = ap.parse_args()
    with open(os.path.join(HERE, "data", "Test_L1_R3")) as f:
        lines = [l.split()[0] for l in f.read().splitlines()[: args.positions]]
    inp = "".join(l + "\n" for l in lines).encode()
    base = None
    print(f"depth {args.depth}, {len(lines)} positions of Test_L1_R3")
    print("| variant | total nodes | vs all techniques |")
    print("|---|---|---|")
    for name, flags in VARIANTS:
        if "minimax" in flags and args.depth > 7:
            print(f"| {name} | (skipped: 7^{args.depth} leaves) | |")
            continue
        cmd = [args.bin, "play", "--depth", str(args.depth), "--time-ms", "3600000"] + flags
        out = subprocess.run(cmd, input=inp, capture_output=True, check=True).stdout.decode()
        nodes = sum(int(l.split()[10]) for l in out.splitlines())
        base = base or nodes
        print(f"| {name} | {nodes:,} | {nodes / base:.2f}x |", flush=True)


if __name__ == "__main__":
    main()
