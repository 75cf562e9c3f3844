#!/usr/bin/env python3
"""Solver benchmark: pipes each benchmark file through `gamesearch solve` and
prints a table against the reference solver's figures (bench/data/README.md).

  bench/solve_benchmark.py [--bin build/native/bin/gamesearch] [--quick] [--files F ...]

The table clears the transposition table before every position (gamesearch
solve does) and uses no opening book. --quick takes the first 100 lines of the
easy files, 20 of Test_L1_R2 and 3 of Test_L1_R3 (a few minutes); the default
takes all of the first four files, the first 200 lines of Test_L1_R2 and the
first 40 of Test_L1_R3 (the same lines as the reference figures).
"""
import argparse
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# file: (reference mean nodes, reference mean time in microseconds, lines measured)
REFERENCE = {
    "Test_L3_R1": (51.3, 4.6, 1000),
    "Test_L2_R1": (449, 44, 1000),
    "Test_L2_R2": (39808, 4800, 1000),
    "Test_L1_R1": (3296, 320, 1000),
    "Test_L1_R2": (1116296, 152000, 200),
    "Test_L1_R3": (53.6e6, 6.9e6, 40),
}
QUICK = {"Test_L3_R1": 100, "Test_L2_R1": 100, "Test_L2_R2": 100, "Test_L1_R1": 100, "Test_L1_R2": 20, "Test_L1_R3": 3}


def fmt_time(us):
    if us >= 1e6:
        return f"{us / 1e6:.2f} s"
    if us >= 1e3:
        return f"{us / 1e3:.2f} ms"
    return f"{us:.1f} µs"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=os.path.join(HERE, "..", "build", "native", "bin", "gamesearch"))
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--files", nargs="*", default=list(REFERENCE))
    ap.add_argument("--extra", nargs="*", default=[], help="extra gamesearch options, e.g. --no-table")
    args = ap.parse_args()

    print("| file | positions | correct | mean nodes | mean time | nodes / ref | time / ref |")
    print("|---|---|---|---|---|---|---|")
    ok_all = True
    for name in args.files:
        ref_nodes, ref_us, lines = REFERENCE[name]
        if args.quick:
            lines = QUICK[name]
        with open(os.path.join(HERE, "data", name)) as f:
            data = [l.split() for l in f.read().splitlines()[:lines] if l.strip()]
        inp = "".join(f"{d[0]}\n" for d in data).encode()
        t0 = time.time()
        p = subprocess.run([args.bin, "solve"] + args.extra, input=inp, capture_output=True)
        if p.returncode != 0:
            print(p.stderr.decode(), file=sys.stderr)
            sys.exit(1)
        out = [l.split() for l in p.stdout.decode().splitlines()]
        correct = sum(1 for d, o in zip(data, out) if d[0] == o[0] and d[1] == o[1])
        ok_all &= correct == len(data)
        nodes = sum(int(o[2]) for o in out) / len(out)
        us = sum(int(o[3]) for o in out) / len(out)
        print(f"| {name} | {len(out)} | {correct} | {nodes:,.1f} | {fmt_time(us)} | "
              f"{nodes / ref_nodes:.2f} | {us / ref_us:.2f} |", flush=True)
    sys.exit(0 if ok_all else 1)


if __name__ == "__main__":
    main()
