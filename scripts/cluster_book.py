"""The book job of scripts/cluster.py: bookgen's opening book, sharded by
position (docs/cluster.md, "The book").

bookgen keeps every solved position in its state file ("key value move
moves" per line) and, run again, solves only what that file lacks. So the
units solve, and bookgen merges:

  - every position of the first K plies after the root (mirror images and
    transpositions folded) is one unit, `bookgen --root P --depth 0`: it
    solves P alone;
  - every position P of ply K is one unit, `bookgen --root P --depth D-K
    --all A-K`: the book below P, for both sides (a superset of what the
    whole book needs below P, where only one side's tree may pass);
  - the units' state files are concatenated (a key solved twice must agree)
    and bookgen runs once with them, with the book's own arguments: it finds
    every position solved and writes the book, byte for byte the one a
    single run writes (the value is the solver's; the move the first one, in
    centre-first order, that keeps it, or in a lost position a depth-8
    search from a cleared table).

K <= A, so that every ply-K position is in the book (beyond --all, a ply-K
position may lie in neither tree, and its unit would be wasted); without
--all, K = 0: one unit, bookgen itself.
"""
import os
import subprocess
import tempfile

from cluster_jobs import UsageError, _parse, _parser, report_failures, say, tool

WIDTH, HEIGHT = 7, 6


class Board:
    """A Connect Four position as columns of stones (0: first player, 1: second)."""

    def __init__(self):
        self.cols = [[] for _ in range(WIDTH)]
        self.plies = 0

    def copy(self):
        b = Board()
        b.cols = [list(c) for c in self.cols]
        b.plies = self.plies
        return b

    def play(self, c):
        """Plays column c; True when it completes four in a row."""
        me = self.plies % 2
        self.cols[c].append(me)
        self.plies += 1
        r = len(self.cols[c]) - 1
        at = lambda x, y: 0 <= x < WIDTH and 0 <= y < len(self.cols[x]) and self.cols[x][y] == me
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            n = 1
            for s in (1, -1):
                x, y = c + s * dx, r + s * dy
                while at(x, y):
                    n, x, y = n + 1, x + s * dx, y + s * dy
            if n >= 4:
                return True
        return False

    def key(self):
        """The same for a position and its mirror image."""
        k = tuple(tuple(c) for c in self.cols)
        return min(k, k[::-1])


def positions_by_ply(root_moves, plies):
    """[[moves of each unfinished position of ply k after the root]] for k = 0..plies,
    one representative per position up to mirror image, in move-string order."""
    b = Board()
    for ch in root_moves:
        b.play(int(ch) - 1)
    level = {b.key(): (root_moves, b)}
    out = [[root_moves]]
    for _ in range(plies):
        nxt = {}
        for moves, pos in sorted(level.values(), key=lambda x: x[0]):
            for c in range(WIDTH):
                if len(pos.cols[c]) == HEIGHT:
                    continue
                ch = pos.copy()
                if ch.play(c) or ch.plies == WIDTH * HEIGHT:
                    continue
                nxt.setdefault(ch.key(), (moves + str(c + 1), ch))
        level = nxt
        out.append(sorted(m for m, _ in level.values()))
    return out


class Book:
    def __init__(self, name, rest, bin_dir, root):
        p = _parser("book")
        p.add_argument("--out", required=True, metavar="FILE")
        p.add_argument("--depth", type=int, default=8, metavar="D")
        p.add_argument("--all", type=int, default=-1, metavar="A")
        p.add_argument("--root", default="", metavar="MOVES")
        p.add_argument("--split-ply", type=int, metavar="K")
        p.add_argument("--tt-mb", type=int, default=256, metavar="M")
        a = _parse(p, rest)
        if not 0 <= a.depth <= 42 or a.all > a.depth:
            raise UsageError("--depth must be 0..42 and --all at most --depth")
        limit = max(a.all, 0)
        k = min(limit, 4) if a.split_ply is None else a.split_ply
        if not 0 <= k <= limit:
            raise UsageError("--split-ply must be from 0 to --all (%d)" % limit)
        if a.root and not a.root.isdigit():
            raise UsageError("--root: a move string, one digit per move")
        self.a, self.k = a, k
        self.bin = tool(bin_dir, "bookgen")

    def args(self, root, depth, all_):
        out = ["--depth", str(depth), "--threads", "1", "--tt-mb", str(self.a.tt_mb)]
        if root:
            out += ["--root", root]
        if all_ >= 0:
            out += ["--all", str(all_)]
        return out

    def unit(self, label, root, depth, all_):
        return (label, {"argv": [self.bin, "--out", "{dir}/book.bin", "--state", "{dir}/book.state",
                                 *self.args(root, depth, all_)], "outputs": ["book.state"]})

    def run(self, runner):
        a, k = self.a, self.k
        levels = positions_by_ply(a.root, k)
        units = []
        for ply in range(k):
            units += [self.unit("solve %s" % (p or "(empty board)"), p, 0, -1) for p in levels[ply]]
        units += [self.unit("book below %s" % (p or "(empty board)"), p, a.depth - k, a.all - k if a.all >= 0 else -1)
                  for p in levels[k]]
        say("book: %d positions solved alone (plies 0-%d after the root), %d books below ply %d" % (
            sum(len(l) for l in levels[:k]), k - 1, len(levels[k]), k) if k else "book: one unit (no --all)")
        results, failures = runner("book", units)
        if failures:
            return report_failures(failures, "no book written; the finished units are kept in the store")
        solved, conflicts = {}, []
        for (label, _), r in zip(units, results):
            for line in (r["outputs"]["book.state"] or "").splitlines():
                f = line.split()
                if len(f) != 4:
                    continue
                prev = solved.setdefault(f[0], line)
                if prev.split()[:3] != f[:3]:
                    conflicts.append("%s: %s against %s" % (label, line, prev))
        if conflicts:
            return report_failures([("merge", None, c) for c in conflicts[:10]],
                                   "two units solved one position differently; no book written")
        out = os.path.abspath(a.out)
        with tempfile.NamedTemporaryFile("w", dir=os.path.dirname(out), prefix=".cluster-", suffix=".state",
                                         delete=False) as st:
            st.write("".join(l + "\n" for l in solved.values()))
        try:
            r = subprocess.run([self.bin, "--out", out, "--state", st.name, *self.args(a.root, a.depth, a.all)],
                               capture_output=True, text=True)
        finally:
            os.unlink(st.name)
        if r.returncode != 0:
            say("bookgen could not write the book: " + r.stderr.strip())
            return 1
        extra = sum(int(x.split(", ")[-1].split()[0]) for x in r.stderr.splitlines()
                    if x.startswith("ply ") and x.endswith("to solve"))
        if extra:
            say("book: %d positions no unit covered were solved here" % extra)
        say("book: %d positions merged from the units; %s" % (len(solved), r.stderr.strip().splitlines()[-1]))
        return 0
