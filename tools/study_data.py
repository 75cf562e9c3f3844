#!/usr/bin/env python3
"""Plots of the strength study as SVG, with nothing but the standard library.

Usage: study_plots.py TOURNAMENT_JSON NODES_JSON OUT_DIR

NODES_JSON may be "-" (a run without the nodes-against-depth step, such as
the MCTS study): then there is no nodes_vs_depth.svg.

Reads the summaries written by `tournament play --json` and
`tournament nodes --json` and writes into OUT_DIR:
  rating_vs_time.svg   Elo (95% bootstrap interval) against time per move, log axis
  depth_vs_time.svg    mean depth reached (moves the search did not prove) against time
  kept_vs_time.svg     share of judged moves that kept the game value against time
  nodes_vs_depth.svg   mean nodes per position against depth, per pruning variant, log axis
  results.json         both summaries in one file, for a web page to load
  summary.csv          one line per player: games, W/D/L, Elo and interval,
                       depth, nodes per move, nodes per second, kept share
Players with every technique on form the main line; players with something
switched off (noorder, notable, minimax, ...) are drawn as separate series.
"""
import csv
import json
import math
import os
import sys

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"]


def esc(s):
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def nice_ticks(lo, hi, n=6):
    """Round tick values covering [lo, hi] on a linear axis."""
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / n
    mag = 10 ** math.floor(math.log10(raw))
    step = min((m * mag for m in (1, 2, 5, 10) if m * mag >= raw), default=10 * mag)
    first = math.floor(lo / step) * step
    ticks, t = [], first
    while t <= hi + step * 0.5:
        ticks.append(round(t, 10))
        t += step
    return ticks


def log_ticks(lo, hi):
    """Powers of ten covering [lo, hi], plus 2 and 5 (or 3) between when the range is short."""
    a, b = math.floor(math.log10(lo)), math.ceil(math.log10(hi))
    mults = (1, 3) if b - a <= 4 else (1,)
    if b - a <= 2:
        mults = (1, 2, 5)
    ticks = [m * 10 ** e for e in range(a, b + 1) for m in mults]
    return [t for t in ticks if lo / 1.0001 <= t <= hi * 1.0001] or [10 ** a, 10 ** b]


def fmt(v):
    if v == 0:
        return "0"
    if abs(v) >= 1e6:
        e = int(math.floor(math.log10(abs(v))))
        m = v / 10 ** e
        return ("%g" % m + "e%d" % e) if m != 1 else "1e%d" % e
    if abs(v) >= 1:
        return "%g" % v
    return "%g" % v


class Plot:
    """A scatter/line plot with optional log axes, error bars and a legend."""

    W, H = 640, 420
    L, R, T, B = 70, 20, 40, 55

    def __init__(self, title, xlabel, ylabel, xlog=False, ylog=False, xstep=None):
        self.title, self.xlabel, self.ylabel = title, xlabel, ylabel
        self.xstep = xstep
        self.xlog, self.ylog = xlog, ylog
        self.series = []  # (label, points [(x, y, lo, hi)], style)
        self.notes = []

    def add(self, label, pts, line=True, dashed=False, marker=True):
        self.series.append((label, pts, dict(line=line, dashed=dashed, marker=marker)))

    def _range(self, vals, log):
        lo, hi = min(vals), max(vals)
        if log:
            return lo / 1.5, hi * 1.5
        pad = (hi - lo) * 0.08 or 1
        return lo - pad, hi + pad

    def svg(self):
        xs = [p[0] for _, pts, _ in self.series for p in pts]
        ys = [v for _, pts, _ in self.series for p in pts for v in (p[1], p[2], p[3]) if v is not None]
        x0, x1 = self._range(xs, self.xlog)
        y0, y1 = self._range(ys, self.ylog)
        if self.xlog:
            xt = log_ticks(x0, x1)
        elif self.xstep:
            xt = [t * self.xstep for t in range(math.ceil(x0 / self.xstep), math.floor(x1 / self.xstep) + 1)]
        else:
            xt = [t for t in nice_ticks(x0, x1) if x0 <= t <= x1]
        if self.ylog:
            yt = log_ticks(y0, y1)
        else:
            yt = nice_ticks(y0, y1)
            y0, y1 = min(y0, yt[0]), max(y1, yt[-1])
        pw, ph = self.W - self.L - self.R, self.H - self.T - self.B

        def sx(x):
            f = (math.log(x) - math.log(x0)) / (math.log(x1) - math.log(x0)) if self.xlog else (x - x0) / (x1 - x0)
            return self.L + f * pw

        def sy(y):
            f = (math.log(y) - math.log(y0)) / (math.log(y1) - math.log(y0)) if self.ylog else (y - y0) / (y1 - y0)
            return self.T + (1 - f) * ph

        o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
             'font-family="sans-serif" font-size="12">' % (self.W, self.H, self.W, self.H),
             '<rect width="100%" height="100%" fill="white"/>',
             '<text x="%d" y="22" font-size="15" font-weight="bold">%s</text>' % (self.L, esc(self.title))]
        for t in xt:
            X = sx(t)
            o.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#e5e5e5"/>' % (X, self.T, X, self.T + ph))
            o.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>' % (X, self.T + ph + 16, fmt(t)))
        for t in yt:
            Y = sy(t)
            o.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#e5e5e5"/>' % (self.L, Y, self.L + pw, Y))
            o.append('<text x="%d" y="%.1f" text-anchor="end">%s</text>' % (self.L - 6, Y + 4, fmt(t)))
        o.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#333"/>' % (self.L, self.T, pw, ph))
        o.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>' % (self.L + pw / 2, self.H - 12, esc(self.xlabel)))
        o.append('<text transform="translate(16,%.1f) rotate(-90)" text-anchor="middle">%s</text>'
                 % (self.T + ph / 2, esc(self.ylabel)))
        for k, (label, pts, st) in enumerate(self.series):
            c = COLOURS[k % len(COLOURS)]
            pts = sorted(pts)
            if st["line"] and len(pts) > 1:
                d = " ".join("%s%.1f,%.1f" % ("M" if i == 0 else "L", sx(p[0]), sy(p[1])) for i, p in enumerate(pts))
                o.append('<path d="%s" fill="none" stroke="%s" stroke-width="2"%s/>'
                         % (d, c, ' stroke-dasharray="6,4"' if st["dashed"] else ""))
            for p in pts:
                X, Y = sx(p[0]), sy(p[1])
                if p[2] is not None and p[3] is not None:
                    o.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s"/>' % (X, sy(p[2]), X, sy(p[3]), c))
                    for v in (p[2], p[3]):
                        o.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s"/>' % (X - 4, sy(v), X + 4, sy(v), c))
                if st["marker"]:
                    o.append('<circle cx="%.1f" cy="%.1f" r="3.5" fill="%s"><title>%s: %s, %s</title></circle>'
                             % (X, Y, c, esc(label), fmt(p[0]), "%.4g" % p[1]))
            ly = self.T + 14 + 16 * k
            o.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"%s/>'
                     % (self.L + 10, ly - 4, self.L + 30, ly - 4, c, ' stroke-dasharray="6,4"' if st["dashed"] else ""))
            o.append('<text x="%d" y="%d">%s</text>' % (self.L + 36, ly, esc(label)))
        for k, n in enumerate(self.notes):
            o.append('<text x="%d" y="%d" fill="#555" text-anchor="end">%s</text>'
                     % (self.L + pw - 8, self.T + ph - 8 - 15 * (len(self.notes) - 1 - k), esc(n)))
        o.append("</svg>")
        return "\n".join(o) + "\n"


def wilson(k, n, z=1.96):
    """95% Wilson score interval of a proportion k/n, in percent."""
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (100 * (c - h), 100 * (c + h))


def variant_of(p):
    """Series label: what is switched off, or 'full engine'; a Monte Carlo
    tree search player's label starts with 'MCTS'."""
    name = p["name"]
    flags = [t for t in name.split(",") if not t.startswith("t=")]
    if flags and flags[0] == "mcts":
        return "MCTS" if len(flags) == 1 else "MCTS, " + ", ".join(flags[1:])
    return "full engine" if not flags else ", ".join(flags)


def group(players):
    out = {}
    for p in players:
        if p["timeMs"] > 0:
            out.setdefault(variant_of(p), []).append(p)
    return out


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    tour = json.load(open(sys.argv[1]))
    nodes = json.load(open(sys.argv[2])) if sys.argv[2] != "-" else None
    out = sys.argv[3]
    os.makedirs(out, exist_ok=True)
    groups = group(tour["players"])
    sub = "%d games, %d openings x 2 colours" % (tour["games"], tour["openings"])

    p = Plot("Rating vs thinking time (%s)" % sub, "time per move (ms, log scale)",
             "Elo (%s = 0), 95%% interval" % tour["anchor"], xlog=True)
    # Beside MCTS, the alpha-beta 'full engine' is named by its algorithm.
    shown = {k: ("alpha-beta" if k == "full engine" and "MCTS" in groups else k) for k in groups}
    for label, ps in groups.items():
        p.add(shown[label], [(q["timeMs"], q["elo"], q["eloLo"], q["eloHi"]) for q in ps], line=len(ps) > 1)
    open(os.path.join(out, "rating_vs_time.svg"), "w").write(p.svg())

    p = Plot("Depth reached vs thinking time", "time per move (ms, log scale)",
             "mean depth (moves not proven)", xlog=True)
    # An MCTS player's "depth" is the length of its most visited line, not a
    # search depth: its series say so.
    for label, ps in groups.items():
        name = shown[label] + (" (most visited line)" if label.startswith("MCTS") else "")
        p.add(name, [(q["timeMs"], q["meanDepth"], None, None) for q in ps], line=len(ps) > 1)
    open(os.path.join(out, "depth_vs_time.svg"), "w").write(p.svg())

    p = Plot("Moves that kept the game value (solver-judged)", "time per move (ms, log scale)",
             "kept the value (% of judged moves)", xlog=True)
    for label, ps in groups.items():
        pts = [(q["timeMs"], 100 * q["keptShare"]) + wilson(q["kept"], q["judged"]) for q in ps if q["judged"] > 0]
        if pts:
            p.add(shown[label], pts, line=len(pts) > 1)
    p.notes.append("judged: moves from >= %d stones, mover not lost" % tour["judgeStones"])
    p.notes.append("bars: 95% Wilson interval")
    open(os.path.join(out, "kept_vs_time.svg"), "w").write(p.svg())

    if nodes is not None:
        nodes_plot(nodes, out)

    cols = ["name", "timeMs", "games", "wins", "draws", "losses", "elo", "eloLo", "eloHi", "meanDepth",
            "meanNodes", "nodesPerSecond", "judged", "kept", "keptShare"]
    with open(os.path.join(out, "summary.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(cols)
        for q in tour["players"]:
            w.writerow([q[c] for c in cols])

    # Least-squares slopes per doubling of time for each complete engine
    # (alpha-beta's 'full engine', and 'MCTS' when the run has it), overall
    # and over the longer half of the times (where a flattening would show).
    fits = {}
    for series, prefix in (("full engine", ""), ("MCTS", "mcts_")):
        line = sorted(groups.get(series, []), key=lambda q: q["timeMs"])
        for key in ("meanDepth", "elo", "keptShare"):
            for part, ps in (("all", line), ("upperHalf", line[len(line) // 2:])):
                if len(ps) >= 2:
                    xs = [math.log2(q["timeMs"]) for q in ps]
                    ys = [q[key] for q in ps]
                    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
                    sxx = sum((x - mx) ** 2 for x in xs)
                    fits["%s%sPerDoubling_%s" % (prefix, key, part)] = \
                        sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx
    for k, v in sorted(fits.items()):
        print("%-34s %8.3f" % (k, v))

    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump({"tournament": tour, "nodes": nodes, "fits": fits}, f, indent=1)
        f.write("\n")


def nodes_plot(nodes, out):
    p = Plot("Nodes to reach depth d (%d positions)" % nodes["positions"], "depth d",
             "mean nodes per position (log scale)", ylog=True, xstep=1)
    byv = {}
    for r in nodes["rows"]:
        byv.setdefault(r["variant"], []).append((r["depth"], r["meanNodes"], None, None))
    for v in ("minimax", "alphabeta", "+ordering", "+table", "table,noorder"):
        if v in byv:
            p.add("%s (b_eff %.2f)" % (v, nodes["ebf"][v]), byv[v])
    if "minimax" in byv:
        d1 = byv["minimax"][0]
        dmax = max(r["depth"] for r in nodes["rows"])
        top = 10 * max(r["meanNodes"] for r in nodes["rows"])
        p.add("7^d", [(d, d1[1] * 7 ** (d - 1), None, None) for d in range(1, dmax + 1) if d1[1] * 7 ** (d - 1) <= top],
              dashed=True, marker=False)
        p.add("7^(d/2)", [(d, d1[1] * 7 ** ((d - 1) / 2), None, None) for d in range(1, dmax + 1)], dashed=True,
              marker=False)
    p.notes.append("b_eff: geometric mean of N(d)/N(d-1) over each variant's deepest 4 steps")
    p.notes.append("every iteration of iterative deepening counted, table cleared per position")
    open(os.path.join(out, "nodes_vs_depth.svg"), "w").write(p.svg())


if __name__ == "__main__":
    main()
