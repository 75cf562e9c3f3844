#!/usr/bin/env python3
"""Solver benchmark: pipes each benchmark file through `gamesearch solve` and
prints a table against the reference solver's figures (bench/data/README.md).

  bench/solve_benchmark.py [--bin build/native/bin/gamesearch] [--quick] [--files F ...]
  bench/solve_benchmark.py --against OTHER_BIN [--rounds N] [--quick] [--files F ...]
  bench/solve_benchmark.py --threads 1 2 [--rounds N] [--files F ...] [--lines N] [--positions P ...]

The table clears the transposition table before every position (gamesearch
solve does) and uses no opening book. --quick takes the first 100 lines of the
easy files, 20 of Test_L1_R2 and 3 of Test_L1_R3 (a few minutes); the default
takes all of the first four files, the first 200 lines of Test_L1_R2 and the
first 40 of Test_L1_R3 (the same lines as the reference figures).

--against OTHER_BIN compares two builds side by side in one run (the only
comparison that holds on a shared, noisy machine): each file is solved by
both, alternating which goes first, --rounds times; the table says whether
every score and node count is the same and gives the ratio of the summed
solve times (this build / the other).

--threads N1 N2 ... compares thread counts of one build (gamesearch solve
--threads N, engine/search/parallel_solver.hpp) in one run: each set (the
first --lines lines of each file, default Test_L1_R3's first 20, and each
position of --positions, default 444 4444 444444) is solved with every
thread count in turn, the order rotated every round, --rounds times; the
table gives, per set and thread count, whether the scores match the first
count's, the mean nodes (all threads), the summed wall time of the solves
(as gamesearch prints it), the CPU time the process used (user + system:
below threads x wall when the machine is busy), and the time ratio to the
first thread count.
"""
import argparse
from benchargs import positive
import os
import subprocess
import sys

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


def positions(name, quick):
    lines = QUICK[name] if quick else REFERENCE[name][2]
    with open(os.path.join(HERE, "data", name)) as f:
        return [l.split() for l in f.read().splitlines()[:lines] if l.strip()]


def solve(binary, data, extra):
    """[(moves, score, nodes, microseconds)] of `binary solve` on the positions."""
    inp = "".join(f"{d[0]}\n" for d in data).encode()
    p = subprocess.run([binary, "solve"] + extra, input=inp, capture_output=True)
    if p.returncode != 0:
        print(p.stderr.decode(), file=sys.stderr)
        sys.exit(1)
    return [l.split() for l in p.stdout.decode().splitlines()]


def compare(args):
    print(f"| file | positions | same scores and nodes | time this / other ({args.rounds} rounds, interleaved) |")
    print("|---|---|---|---|")
    same_all = True
    for name in args.files:
        data = positions(name, args.quick)
        total = {"this": 0, "other": 0}
        results = {}
        for r in range(args.rounds):
            order = [("this", args.bin), ("other", args.against)]
            for who, binary in (order if r % 2 == 0 else order[::-1]):
                out = solve(binary, data, args.extra)
                total[who] += sum(int(o[3]) for o in out)
                results[who] = [o[:3] for o in out]
        same = results["this"] == results["other"]
        same_all &= same
        print(f"| {name} | {len(data)} | {'yes' if same else 'NO'} | {total['this'] / total['other']:.3f} |", flush=True)
    return 0 if same_all else 1


def compare_threads(args):
    sets = [(f"{name} ({args.lines})", positions(name, False)[:args.lines]) for name in args.files]
    sets += [(p, [[p]]) for p in args.positions]
    print(f"| set | threads | same scores | mean nodes | time ({args.rounds} rounds) | CPU time | "
          f"time / {args.threads[0]} thread{'s' if args.threads[0] > 1 else ''} |")
    print("|---|---|---|---|---|---|---|")
    same_all = True
    for label, data in sets:
        wall = {n: 0 for n in args.threads}
        cpu = {n: 0.0 for n in args.threads}
        nodes = {n: 0 for n in args.threads}
        scores = {}
        for r in range(args.rounds):
            k = r % len(args.threads)
            for n in args.threads[k:] + args.threads[:k]:
                before = os.times()
                out = solve(args.bin, data, args.extra + ["--threads", str(n)])
                after = os.times()
                cpu[n] += (after.children_user - before.children_user) + (after.children_system - before.children_system)
                wall[n] += sum(int(o[3]) for o in out)
                nodes[n] += sum(int(o[2]) for o in out)
                scores.setdefault(n, []).append([o[:2] for o in out])
        ref = scores[args.threads[0]][0]
        for n in args.threads:
            same = all(s == ref for s in scores[n])
            same_all &= same
            print(f"| {label} | {n} | {'yes' if same else 'NO'} | {nodes[n] / (args.rounds * len(data)):,.0f} | "
                  f"{fmt_time(wall[n])} | {cpu[n]:.2f} s | {wall[n] / wall[args.threads[0]]:.3f} |", flush=True)
    return 0 if same_all else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=os.path.join(HERE, "..", "build", "native", "bin", "gamesearch"))
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--files", nargs="*", default=list(REFERENCE), choices=list(REFERENCE))
    ap.add_argument("--extra", nargs="*", default=[], help="extra gamesearch options, e.g. --no-table")
    ap.add_argument("--against", help="another gamesearch binary: compare with it, interleaved")
    ap.add_argument("--rounds", type=positive, default=3, help="with --against or --threads: runs of each per set")
    ap.add_argument("--threads", nargs="*", type=int, help="compare these thread counts of one build, interleaved")
    ap.add_argument("--lines", type=positive, default=20, help="with --threads: lines of each file")
    ap.add_argument("--positions", nargs="*", default=["444", "4444", "444444"],
                    help="with --threads: single positions, each its own set")
    args = ap.parse_args()
    if args.threads:
        if args.files == list(REFERENCE):
            args.files = ["Test_L1_R3"]
        sys.exit(compare_threads(args))
    if args.against:
        sys.exit(compare(args))

    print("| file | positions | correct | mean nodes | mean time | nodes / ref | time / ref |")
    print("|---|---|---|---|---|---|---|")
    ok_all = True
    for name in args.files:
        ref_nodes, ref_us, _ = REFERENCE[name]
        data = positions(name, args.quick)
        out = solve(args.bin, data, args.extra)
        correct = sum(1 for d, o in zip(data, out) if d[0] == o[0] and d[1] == o[1])
        ok_all &= correct == len(data)
        nodes = sum(int(o[2]) for o in out) / len(out)
        us = sum(int(o[3]) for o in out) / len(out)
        # The reference means are over its own lines: a ratio for fewer lines would mislead.
        same = len(data) == REFERENCE[name][2]
        ratios = f"{nodes / ref_nodes:.2f} | {us / ref_us:.2f}" if same else "– | –"
        print(f"| {name} | {len(out)} | {correct} | {nodes:,.1f} | {fmt_time(us)} | {ratios} |", flush=True)
    if args.quick:
        print("(--quick: fewer lines than the reference figures, so no ratios to them)")
    sys.exit(0 if ok_all else 1)


if __name__ == "__main__":
    main()
