"""The jobs of scripts/cluster.py: what each job's units are (native tool
runs, described as plain data for cluster.run_unit) and how their results are
merged into the single-machine tools' outputs (docs/cluster.md).

Runs on the client only; the workers run nothing of this file.
"""
import csv
import functools
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import tempfile


class UsageError(Exception):
    pass


def say(msg):
    print("cluster: " + msg, file=sys.stderr, flush=True)


@functools.lru_cache(maxsize=None)
def file_hash(path):
    """The tool's bytes are part of a unit's key: a rebuilt engine does not
    reuse results of the old one."""
    h = hashlib.sha256()
    try:
        with open(path, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                h.update(chunk)
    except OSError:
        raise UsageError("cannot read the tool %s (build it, or give --bin)" % path)
    return h.hexdigest()


def tool(bin_dir, name):
    path = os.path.join(os.path.abspath(bin_dir), name)
    file_hash(path)
    return path


def make_job(name, rest, bin_dir, root):
    return {"study": Study, "solve": Positions, "analyze": Positions, "book": Book}[name](name, rest, bin_dir, root)


# --- study: one game per unit ---------------------------------------------------

CSV_HEADER = ("first,second,opening,score,moves,f_moves,f_exact,f_depthsum,f_nodes,f_time_ms,f_judged,f_kept,"
              "s_moves,s_exact,s_depthsum,s_nodes,s_time_ms,s_judged,s_kept")
# The settings scripts/study.sh gives every variant's round robin.
STUDY_PLAY = ["--threads", "2", "--tt-mb", "16", "--judge-stones", "16"]


def csv_line(fields):
    out = io.StringIO()
    csv.writer(out, lineterminator="").writerow(fields)
    return out.getvalue()


class Study:
    """scripts/study.sh's round robin, one unit per game. The tournament tool
    plays a slice of two players and one opening (both colours); it skips a
    game its CSV already holds (the resume key: first player, second player,
    opening), so a unit's CSV starts with a stand-in line for the other colour
    and the tool plays exactly the one game. The unit's game is the line it
    appends. The nodes measurement is one more unit."""

    def __init__(self, name, rest, bin_dir, root):
        p = _parser("study")
        for v in ("quick", "medium", "full", "mcts"):
            p.add_argument("--" + v, dest="variant", action="store_const", const=v)
        p.add_argument("--player", action="append", metavar="SPEC", help="players instead of the variant's")
        p.add_argument("--num-openings", type=int, metavar="N", help="openings instead of the variant's")
        p.add_argument("--no-nodes", action="store_true", help="leave out the nodes-against-depth unit")
        p.add_argument("--nodes-max-depth", metavar="D", help="the nodes measurement's depth instead of the variant's")
        p.add_argument("--out", metavar="DIR", help="output directory (default docs/study/VARIANT)")
        a = _parse(p, rest)
        self.root, self.variant = root, a.variant or "quick"
        self.bin = tool(bin_dir, "tournament")
        conf = subprocess.run(["bash", os.path.join(root, "scripts", "study.sh"), "--" + self.variant,
                               "--print-config"], capture_output=True, text=True, check=True).stdout
        self.players = [l[7:] for l in conf.splitlines() if l.startswith("player=")]
        kv = dict(l.split("=", 1) for l in conf.splitlines() if not l.startswith("player="))
        if a.player:
            self.players = a.player
        self.num_openings = a.num_openings or int(kv["openings"])
        self.nodes = None if a.no_nodes or "depth" not in kv else (a.nodes_max_depth or kv["depth"], kv["cap"])
        self.out = os.path.abspath(a.out or os.path.join(root, "docs", "study", self.variant))
        self.openings_file = os.path.join(root, "bench", "openings.txt")
        if len(self.players) < 2:
            raise UsageError("at least two players are needed")

    def player_args(self):
        return [x for p in self.players for x in ("--player", p)]

    def canonical_names(self):
        """The players' names as the tool writes them (its canonical specs)."""
        with tempfile.TemporaryDirectory() as d:
            open(os.path.join(d, "g.csv"), "w").close()
            r = subprocess.run([self.bin, "play", *self.player_args(), "--openings", self.openings_file,
                                "--csv", os.path.join(d, "g.csv"), "--no-play", "--bootstrap", "1",
                                "--json", os.path.join(d, "t.json")], capture_output=True, text=True)
            if r.returncode != 0:
                raise UsageError(r.stderr.strip())
            with open(os.path.join(d, "t.json")) as f:
                return [p["name"] for p in json.load(f)["players"]]

    def openings(self):
        out = []
        with open(self.openings_file) as f:
            for line in f:
                field = line.split()
                if field and not field[0].startswith("#"):
                    out.append(field[0])
        return out[:self.num_openings]

    def game_unit(self, names, first, second, opening):
        other = csv_line([names[second], names[first], opening, 0, opening] + [0, 0, 0, 0, "0.000", 0, 0] * 2)
        return ("game %s vs %s, opening %s" % (names[first], names[second], opening), {
            "argv": [self.bin, "play", "--player", self.players[first], "--player", self.players[second],
                     "--openings", "{dir}/openings.txt", "--csv", "{dir}/games.csv", "--threads", "1",
                     "--tt-mb", "16", "--judge-stones", "16", "--bootstrap", "1"],
            "inputs": {"openings.txt": opening + "\n", "games.csv": CSV_HEADER + "\n" + other + "\n"},
            "outputs": ["games.csv"],
            "game": [names[first], names[second], opening],
        })

    def run(self, runner):
        names = self.canonical_names()
        n = len(self.players)
        units = []
        for op in self.openings():  # opening-major, as the tool orders its games
            for i in range(n):
                for j in range(i + 1, n):
                    units += [self.game_unit(names, i, j, op), self.game_unit(names, j, i, op)]
        if self.nodes:  # one more unit, run beside the games (it is the longest)
            with open(self.openings_file) as f:
                text = f.read()
            units.append(("nodes against depth", {
                "argv": [self.bin, "nodes", "--openings", "{dir}/openings.txt", "--num-openings", "8",
                         "--max-depth", self.nodes[0], "--node-cap", self.nodes[1], "--csv", "{dir}/nodes.csv",
                         "--json", "{dir}/nodes.json"],
                "inputs": {"openings.txt": text}, "outputs": ["nodes.csv", "nodes.json"]}))
        results, failures = runner("study", units)
        nodes_result = results.pop() if self.nodes else None
        lines, bad = [], list(failures)
        for (label, spec), r in zip(units, results):
            if r is None:
                continue
            rows = [row for row in csv.reader(io.StringIO(r["outputs"]["games.csv"] or ""))]
            mine = [row for row in rows if row[:3] == spec["game"]]
            if len(mine) != 1:
                bad.append((label, spec, "the tool did not write this game: " + r["stderr"].strip()[-500:]))
                continue
            lines.append(csv_line(mine[0]))
        if bad:
            return report_failures(bad, "no outputs written; the finished games are kept in the store")
        self.merge(lines, nodes_result)
        return 0

    def merge(self, lines, nodes_result):
        """The single-machine study's outputs, from the tools that make them."""
        os.makedirs(self.out, exist_ok=True)
        out = lambda name: os.path.join(self.out, name)
        with open(out("games.csv"), "w") as f:
            f.write(CSV_HEADER + "\n" + "".join(l + "\n" for l in lines))
        with open(out("summary.txt"), "w") as f:
            subprocess.run([self.bin, "play", *self.player_args(), "--openings", self.openings_file,
                            "--num-openings", str(self.num_openings), *STUDY_PLAY, "--csv", out("games.csv"),
                            "--json", out("tournament.json"), "--no-play"], stdout=f, check=True)
        nodes = "-"
        if nodes_result:
            for name in ("nodes.csv", "nodes.json"):
                with open(out(name), "w") as f:
                    f.write(nodes_result["outputs"][name])
            with open(out("nodes.txt"), "w") as f:
                f.write(nodes_result["stdout"])
            nodes = out("nodes.json")
        with open(out("fits.txt"), "w") as f:
            subprocess.run(["python3", os.path.join(self.root, "tools", "study_data.py"), out("tournament.json"),
                            nodes, self.out], stdout=f, check=True)
        # The charts with Debian's matplotlib, installed for /usr/bin/python3.
        subprocess.run(["/usr/bin/python3", os.path.join(self.root, "tools", "study_charts.py"), self.out], check=True)
        study_dir = os.path.join(self.root, "docs", "study")
        if os.path.dirname(self.out) == study_dir:
            subprocess.run(["python3", os.path.join(self.root, "tools", "study_results.py"), study_dir], check=True)
        say("wrote %s: %s" % (self.out, " ".join(sorted(os.listdir(self.out)))))


# --- solve, analyze: K lines per unit ------------------------------------------------

LINE_NO = re.compile(r"^line (\d+): ")


class Positions:
    """gamesearch solve|analyze on K lines per unit. The units' outputs are
    printed in the file's order; the line numbers of rejected lines are the
    file's, as gamesearch gives them."""

    def __init__(self, name, rest, bin_dir, root):
        self.command = name
        batch = 100
        if rest[:1] == ["--batch"]:
            try:
                batch = int(rest[1])
            except (IndexError, ValueError):
                raise UsageError("--batch needs a whole number")
            rest = rest[2:]
        if not rest or rest[0].startswith("-"):
            raise UsageError("usage: %s [--batch K] FILE [gamesearch options]" % name)
        if batch < 1:
            raise UsageError("--batch: must be at least 1")
        self.file, self.options, self.batch = rest[0], rest[1:], batch
        self.bin = tool(bin_dir, "gamesearch")
        try:
            with open(self.file, "rb") as f:
                data = f.read().decode("latin-1")
        except OSError as e:
            raise UsageError("cannot read %s: %s" % (self.file, e.strerror))
        self.lines = data.split("\n")
        if self.lines and self.lines[-1] == "":
            self.lines.pop()  # the last line's newline ends it; it does not start another

    def run(self, runner):
        pre = []  # gamesearch's own options (--game NAME) come before the command
        opts = list(self.options)
        if "--game" in opts:
            k = opts.index("--game")
            pre, opts = opts[k:k + 2], opts[:k] + opts[k + 2:]
        units = []
        for start in range(0, len(self.lines), self.batch):
            chunk = self.lines[start:start + self.batch]
            units.append(("lines %d-%d" % (start + 1, start + len(chunk)), {
                "argv": [self.bin, *pre, self.command, *opts], "stdin": "\n".join(chunk) + "\n",
                "encoding": "latin-1", "ok": [0, 1], "first_line": start + 1}))
        printed = [0]
        ready = {}

        def emit(i, r):
            ready[i] = r
            while printed[0] < len(units) and printed[0] in ready:
                self.print_unit(units[printed[0]][1], ready.pop(printed[0]))
                printed[0] += 1

        results, failures = runner(self.command, units, emit)
        for i in range(printed[0], len(units)):  # after a failed unit: the rest, in order
            if results[i] is not None:
                self.print_unit(units[i][1], results[i])
        rejected = [(label, spec, "rejected: " + "; ".join(file_lines(spec, r["stderr"])))
                    for (label, spec), r in zip(units, results) if r is not None and r["rc"] == 1]
        return report_failures(rejected + failures, "every other unit's output is printed") if (
            rejected or failures) else 0

    def print_unit(self, spec, r):
        sys.stdout.buffer.write(r["stdout"].encode("latin-1"))
        sys.stdout.flush()
        for line in file_lines(spec, r["stderr"]):
            sys.stderr.write(line + "\n")
        sys.stderr.flush()


def file_lines(spec, stderr):
    """A unit's stderr with the file's line numbers instead of the unit's,
    and each rejected line's text."""
    chunk, out = spec["stdin"].split("\n"), []
    for line in stderr.splitlines():
        m = LINE_NO.match(line)
        if m:
            k = int(m.group(1))
            line = "line %d: %s   [input: %r]" % (k + spec["first_line"] - 1, line[m.end():], chunk[k - 1])
        out.append(line)
    return out


def report_failures(failures, consequence):
    say("%d unit(s) failed (%s):" % (len(failures), consequence))
    for label, spec, why in failures:
        say("  %s: %s" % (label, why))
    return 1


def _parser(job):
    import argparse
    return argparse.ArgumentParser(prog="cluster.py " + job, add_help=False)


def _parse(p, rest):
    try:
        a, extra = p.parse_known_args(rest)
    except SystemExit:
        raise UsageError("bad arguments: %s" % " ".join(rest))
    if extra:
        raise UsageError("unknown arguments: %s" % " ".join(extra))
    return a


from cluster_book import Book  # noqa: E402  (the book job has a file of its own)
