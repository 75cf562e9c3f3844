#!/usr/bin/python3
"""The strength study's charts for the docs, drawn with matplotlib from the
run's results.json (written by tools/study_data.py); the page's Study view
draws the same charts from the same file (web/study/study-charts.js).

Usage: study_charts.py RUN_DIR     (e.g. docs/study/medium)

Writes into RUN_DIR:
  rating_vs_time.svg   Elo (95% bootstrap interval) against time per move, log axis
  depth_vs_time.svg    mean depth reached (moves the search did not prove) against time
  kept_vs_time.svg     share of judged moves that kept the game value against time
                       (95% Wilson interval)
  nodes_vs_depth.svg   mean nodes per position against depth, per pruning variant,
                       log axis (only when the run measured nodes)

Debian's matplotlib (python3-matplotlib) installs for /usr/bin/python3, hence
the interpreter named above. The SVGs keep their text as text and carry no
date, so a redraw of unchanged data changes no byte.
"""
import json
import os
import sys

import matplotlib

matplotlib.use("svg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)

plt.rcParams.update({
    "svg.fonttype": "none",       # text stays text: smaller files, searchable
    "svg.hashsalt": "study",      # stable element ids
    "font.size": 11,
    "axes.grid": True,
    "grid.color": "#e5e5e5",
    "axes.spines.top": False,
    "axes.spines.right": False,
})
MARKERS = "osD^vP*X"
TIME_TICKS = [1, 3, 10, 30, 100, 300, 1000]


def save(fig, path):
    fig.tight_layout()
    fig.savefig(path, metadata={"Date": None, "Creator": None})
    plt.close(fig)


def time_axis(ax, times):
    ax.set_xscale("log")
    ticks = [t for t in TIME_TICKS if min(times) <= t <= max(times)]
    ax.set_xticks(ticks, [str(t) for t in ticks])
    ax.minorticks_off()
    ax.set_xlabel("thinking time per move (ms, log scale)")


def by_series(results):
    """(label, players sorted by time) per series of results.json."""
    by_name = {p["name"]: p for p in results["tournament"]["players"]}
    for s in results["series"]:
        yield s, sorted((by_name[n] for n in s["players"]), key=lambda p: p["timeMs"])


def time_chart(results, path, title, ylabel, value, interval=None, note=None):
    fig, ax = plt.subplots(figsize=(7, 4.6))
    times = [p["timeMs"] for _, ps in by_series(results) for p in ps]
    for k, (s, ps) in enumerate(by_series(results)):
        pts = [(p["timeMs"], value(p), interval(p) if interval else None) for p in ps if value(p) is not None]
        if not pts:
            continue
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        err = None
        if interval:
            err = [[y - iv[0] for (_, y, iv) in pts], [iv[1] - y for (_, y, iv) in pts]]
        ax.errorbar(xs, ys, yerr=err, marker=MARKERS[k % len(MARKERS)], capsize=3, linewidth=2 if len(xs) > 1 else 0,
                    elinewidth=1, label=s["label"] + (" (most visited line)" if s["search"] == "mcts" and "depth" in ylabel else ""))
    time_axis(ax, times)
    ax.set_ylabel(ylabel)
    ax.set_title(title, loc="left", fontsize=12, fontweight="bold")
    ax.legend(fontsize=9, frameon=False)
    if note:
        ax.annotate(note, xy=(1, 0), xycoords="axes fraction", xytext=(-6, 6), textcoords="offset points",
                    ha="right", va="bottom", fontsize=8, color="#555")
    save(fig, path)


def nodes_chart(results, path):
    nodes = results["nodes"]
    fig, ax = plt.subplots(figsize=(7, 4.6))
    for k, s in enumerate(results["nodeSeries"]):
        rows = sorted((r for r in nodes["rows"] if r["variant"] == s["variant"]), key=lambda r: r["depth"])
        ax.plot([r["depth"] for r in rows], [r["meanNodes"] for r in rows], marker=MARKERS[k % len(MARKERS)], linewidth=2,
                label="%s (branching factor %.2f)" % (s["label"], nodes["ebf"][s["variant"]]))
    first = [r for r in nodes["rows"] if r["variant"] == "minimax" and r["depth"] == 1]
    if first:
        n1 = first[0]["meanNodes"]
        dmax = max(r["depth"] for r in nodes["rows"])
        top = 10 * max(r["meanNodes"] for r in nodes["rows"])
        ds = [d for d in range(1, dmax + 1) if n1 * 7 ** (d - 1) <= top]
        ax.plot(ds, [n1 * 7 ** (d - 1) for d in ds], "k--", linewidth=1, label="$7^d$: every move searched")
        ds = list(range(1, dmax + 1))
        ax.plot(ds, [n1 * 7 ** ((d - 1) / 2) for d in ds], "k:", linewidth=1, label="$7^{d/2}$: perfect ordering")
    ax.set_yscale("log")
    ax.set_xticks(sorted({r["depth"] for r in nodes["rows"]}))
    ax.set_xlabel("depth d")
    ax.set_ylabel("mean nodes per position (log scale)")
    ax.set_title("Nodes to reach depth d (%d positions)" % nodes["positions"], loc="left", fontsize=12, fontweight="bold")
    ax.legend(fontsize=9, frameon=False)
    save(fig, path)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    with open(os.path.join(out, "results.json")) as f:
        results = json.load(f)
    tour = results["tournament"]
    sub = "%d games, %d openings × 2 colours" % (tour["games"], tour["openings"])
    time_chart(results, os.path.join(out, "rating_vs_time.svg"), "Rating against thinking time\n(%s)" % sub,
               "Elo (%s = 0), 95%% interval" % tour["anchor"], lambda p: p["elo"], lambda p: (p["eloLo"], p["eloHi"]))
    time_chart(results, os.path.join(out, "depth_vs_time.svg"), "Depth reached against thinking time",
               "mean depth (moves not proven)", lambda p: p["meanDepth"])
    kept = results["keptInterval"]
    time_chart(results, os.path.join(out, "kept_vs_time.svg"), "Moves that kept the game value (solver-judged)",
               "kept the value (% of judged moves)", lambda p: 100 * p["keptShare"] if p["name"] in kept else None,
               lambda p: kept[p["name"]],
               note="judged: moves from %d stones on, mover not lost; bars: 95%% Wilson interval" % tour["judgeStones"])
    if results.get("nodes"):
        nodes_chart(results, os.path.join(out, "nodes_vs_depth.svg"))


if __name__ == "__main__":
    main()
