#!/usr/bin/env python3
"""The strength study's data, for the charts of the page and of the docs.

Usage: study_data.py TOURNAMENT_JSON NODES_JSON OUT_DIR

NODES_JSON may be "-" (a run without the nodes-against-depth step, such as
the MCTS study).

Reads the summaries written by `tournament play --json` and
`tournament nodes --json` and writes into OUT_DIR:
  results.json   both summaries, the slopes per doubling of time ("fits"), and
                 what the charts draw: the players grouped into series with
                 words a visitor understands ("series"), the 95% Wilson
                 interval of each player's kept share ("keptInterval"), and the
                 node-count variants' names ("nodeSeries")
  summary.csv    one line per player: games, W/D/L, Elo and interval,
                 depth, nodes per move, nodes per second, kept share
and prints the slopes (scripts/study.sh keeps them in fits.txt).
Players with every technique on form the main line; players with something
switched off (noorder, notable, minimax, ...) are separate series.
The charts: tools/study_charts.py (matplotlib, for docs/study.md) and the
page's Study view (web/study/study-charts.js), both from results.json.
"""
import csv
import json
import math
import os
import sys

# What a player's flags switch off, in words (tournament's --player SPEC).
FLAG_WORDS = {
    "noorder": "no move ordering",
    "notable": "no transposition table",
    "minimax": "plain minimax (no pruning)",
    "nosmart": "random playouts",
    "nomctssolver": "no MCTS-Solver",
    "noreuse": "no tree reuse",
}
# The node-count variants (tournament nodes), in words, in the order drawn.
NODE_VARIANTS = {
    "minimax": "minimax",
    "alphabeta": "alpha-beta",
    "+ordering": "alpha-beta + move ordering",
    "+table": "alpha-beta + ordering + table",
    "table,noorder": "alpha-beta + table, no ordering",
}


def wilson(k, n, z=1.96):
    """95% Wilson score interval of a proportion k/n, in percent."""
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (100 * (c - h), 100 * (c + h))


def series_key(p):
    """What is switched off in player p ('' = the complete engine); 'mcts' first
    for a Monte Carlo tree search player."""
    return ",".join(t for t in p["name"].split(",") if not t.startswith("t="))


def series_label(key, with_mcts):
    """The series' words: 'alpha-beta' (or 'alpha-beta, every technique' when
    no MCTS is beside it), 'MCTS', or what is switched off."""
    flags = key.split(",") if key else []
    mcts = bool(flags) and flags[0] == "mcts"
    if mcts:
        flags = flags[1:]
    base = "MCTS" if mcts else ("alpha-beta" if with_mcts or flags else "alpha-beta, every technique")
    if flags == ["minimax"]:
        return "plain minimax (no pruning)"
    return base + "".join(", " + FLAG_WORDS.get(f, f) for f in flags)


def series(players):
    """The timed players grouped by what is switched off, in the tournament's
    order: [{key, label, search, players: [names]}]."""
    out = {}
    for p in players:
        if p["timeMs"] > 0:
            out.setdefault(series_key(p), []).append(p["name"])
    with_mcts = "mcts" in out
    return [{"key": k, "label": series_label(k, with_mcts), "search": "mcts" if k.split(",")[0] == "mcts" else "alphabeta",
             "players": names} for k, names in out.items()]


def slopes(tour, groups):
    """Least-squares slopes per doubling of time for each complete engine
    (alpha-beta's, and MCTS's when the run has it), overall and over the
    longer half of the times (where a flattening would show)."""
    by_name = {p["name"]: p for p in tour["players"]}
    fits = {}
    for key, prefix in (("", ""), ("mcts", "mcts_")):
        names = next((s["players"] for s in groups if s["key"] == key), [])
        line = sorted((by_name[n] for n in names), key=lambda q: q["timeMs"])
        for field in ("meanDepth", "elo", "keptShare"):
            for part, ps in (("all", line), ("upperHalf", line[len(line) // 2:])):
                if len(ps) >= 2:
                    xs = [math.log2(q["timeMs"]) for q in ps]
                    ys = [q[field] for q in ps]
                    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
                    sxx = sum((x - mx) ** 2 for x in xs)
                    fits["%s%sPerDoubling_%s" % (prefix, field, part)] = \
                        sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx
    return fits


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        tour = json.load(f)
    nodes = None
    if sys.argv[2] != "-":
        with open(sys.argv[2]) as f:
            nodes = json.load(f)
    out = sys.argv[3]
    os.makedirs(out, exist_ok=True)
    groups = series(tour["players"])

    cols = ["name", "timeMs", "games", "wins", "draws", "losses", "elo", "eloLo", "eloHi", "meanDepth",
            "meanNodes", "nodesPerSecond", "judged", "kept", "keptShare"]
    with open(os.path.join(out, "summary.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(cols)
        for q in tour["players"]:
            w.writerow([q[c] for c in cols])

    fits = slopes(tour, groups)
    for k, v in sorted(fits.items()):
        print("%-34s %8.3f" % (k, v))

    results = {"tournament": tour, "nodes": nodes, "fits": fits, "series": groups,
               "keptInterval": {q["name"]: [round(v, 2) for v in wilson(q["kept"], q["judged"])]
                                for q in tour["players"] if q["judged"] > 0}}
    if nodes is not None:
        present = {r["variant"] for r in nodes["rows"]}
        results["nodeSeries"] = [{"variant": v, "label": label} for v, label in NODE_VARIANTS.items() if v in present]
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
