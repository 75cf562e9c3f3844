#!/usr/bin/env python3
"""Tests of the gamesearch command-line tool: golden output and bad input.

Usage: cli_test.py path/to/gamesearch
"""
import os
import re
import subprocess
import sys

BIN = sys.argv[1]
failures = []


def run(args, stdin, timeout=60):
    p = subprocess.run([BIN] + args, input=stdin, capture_output=True, timeout=timeout)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def check(name, cond, detail=""):
    if not cond:
        failures.append(f"{name}: {detail}")
        print(f"FAIL {name}: {detail}")
    else:
        print(f"ok   {name}")


def fields(out):
    return [line.split() for line in out.splitlines()]


# Golden output: solve on benchmark lines (extra fields ignored), empty lines.
code, out, err = run(["solve"], b"2252576253462244111563365343671351441 -1\n7422341735647741166133573473242566 1\n")
f = fields(out)
check("solve golden", code == 0 and [x[:3] for x in f] == [
    ["2252576253462244111563365343671351441", "-1", "3"],
    ["7422341735647741166133573473242566", "1", "10"]], out + err)
check("solve prints microseconds", all(len(x) == 4 and x[3].isdigit() for x in f), out)
code, out, err = run(["solve", "--no-line-bounds", "--no-quick-wins"], b"7422341735647741166133573473242566\n")
check("solve --no-line-bounds", code == 0 and fields(out)[0][:3] == ["7422341735647741166133573473242566", "1", "11"], out + err)
code, out, err = run(["solve", "--no-quick-wins"], b"7422341735647741166133573473242566\n")
check("solve --no-quick-wins", code == 0 and fields(out)[0][:3] == ["7422341735647741166133573473242566", "1", "10"], out + err)
# An early position (28 empty cells or more near the root): the heuristic's
# gain orders the moves there unless switched off; same score either way.
code, out, err = run(["solve"], b"42434653771434\n")
check("solve gain ordering", code == 0 and fields(out)[0][:3] == ["42434653771434", "9", "2429"], out + err)
code, out, err = run(["solve", "--no-gain-ordering"], b"42434653771434\n")
check("solve --no-gain-ordering", code == 0 and fields(out)[0][:3] == ["42434653771434", "9", "5021"], out + err)
code, out, err = run(["solve", "--no-quick-wins"], b"42434653771434\n")
check("solve --no-quick-wins early", code == 0 and fields(out)[0][:3] == ["42434653771434", "9", "4305"], out + err)
# A forced move's node searched as any other: same score, other nodes.
code, out, err = run(["solve", "--no-forced-moves"], b"42434653771434\n")
check("solve --no-forced-moves", code == 0 and fields(out)[0][:3] == ["42434653771434", "9", "2267"], out + err)

# Threads: the same scores as one thread (node counts may differ), a line
# long enough for the helpers to join (Test_L1_R2), weak and exact.
lines = b"42434653771434\n335662333565\n7422341735647741166133573473242566\n"
for extra in ([], ["--weak"]):
    _, one, _ = run(["solve"] + extra, lines)
    code, out, err = run(["solve", "--threads", "3"] + extra, lines)
    check("solve --threads 3 " + " ".join(extra), code == 0 and [x[:2] for x in fields(out)] == [x[:2] for x in fields(one)]
          and len(fields(out)) == 3, out + err)
# --probes: one stderr line per null-window probe; stdout as without it; the
# probes' nodes add up to the solve's; every answer holds for the value.
PROBE = re.compile(r'^probe "(\d*)": value > (-?\d+)\? (yes|no) \((>=|<=) (-?\d+)\), (\d+) nodes \(calling thread (\d+)\), [\d.]+ ms$')
for extra in ([], ["--weak"], ["--threads", "2"]):
    _, plain, _ = run(["solve"] + extra, lines)
    code, out, err = run(["solve", "--probes"] + extra, lines)
    name = "solve --probes " + " ".join(extra)
    probes = [PROBE.match(x) for x in err.splitlines()]
    check(name + " stdout unchanged", code == 0 and [x[:2] for x in fields(out)] == [x[:2] for x in fields(plain)], out + err)
    check(name + " lines", probes and all(probes) and all((m[3] == "yes") == (m[4] == ">=") for m in probes)
          and all((int(m[5]) > int(m[2])) == (m[3] == "yes") for m in probes), err)
    if probes and all(probes):
        for moves, value, nodes, _ in fields(out):
            mine = [m for m in probes if m[1] == moves]
            # (A small tree, 14 empty cells or fewer, is searched with one
            # full window, without probes.)
            check(name + " nodes add up " + moves, sum(int(m[6]) for m in mine) == int(nodes)
                  and all(int(m[7]) <= int(m[6]) for m in mine) if mine else 42 - len(moves) <= 14, err)
            # The probes ask about the exact score (the sign's too): "yes"
            # exactly when it is above alpha.
            if "--weak" not in extra:
                check(name + " answers hold " + moves, all((int(value) > int(m[2])) == (m[3] == "yes") for m in mine), err)
code, out, err = run(["analyze", "--threads", "2"], b"335662333565\n")
check("analyze --threads 2", code == 0 and out.split() == ["335662333565", "-12", "-10", "-12", "-14", "-12", "-2", "-12"], out + err)

code, out, err = run(["--game", "tictactoe", "solve", "--algorithm", "minimax"], b"\n")
check("minimax tictactoe empty board", code == 0 and out.split()[:2] == ["0", "549946"], out + err)
# play --algorithm minimax searches with minimax (the solver would answer with alpha-beta's proof).
node_counts = []
for algo in ["minimax", "alphabeta"]:
    code, out, err = run(["--game", "tictactoe", "play", "--algorithm", algo, "--depth", "9"] + (["--no-solver"] if algo == "alphabeta" else []), b"\n")
    f = out.split()
    node_counts.append(int(f[f.index("nodes") + 1]) if code == 0 and "nodes" in f else -1)
check("play --algorithm minimax searches more nodes than alpha-beta", node_counts[0] > 2 * node_counts[1] > 0, str(node_counts))

code, out, err = run(["--game", "tictactoe", "solve", "--no-ordering", "--no-table"], b"\n1425\n")
f = fields(out)
check("alphabeta switches", code == 0 and f[0][0] == "0" and f[1][:2] == ["1425", "3"], out + err)

code, out, err = run(["analyze"], b"7422341735647741166133573473242566\n")
check("analyze golden", code == 0 and out.split()[0] == "7422341735647741166133573473242566" and len(out.split()) == 8, out + err)
code, out, err = run(["analyze"], b"2252576253462244111563365343671351441\n")
check("analyze full columns are x", code == 0 and out.split() == ["2252576253462244111563365343671351441", "x", "x", "x", "x", "x", "-1", "-2"], out + err)
# A timed analysis with the book: the empty board's moves are proven win or
# loss (W / L, their exact scores take minutes) or draws (0) at once.
book = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "web", "book.bin")
code, out, err = run(["analyze", "--book", book, "--time-ms", "100"], b"\n")
check("analyze --time-ms with the book", code == 0 and out.split() == ["L", "L", "0", "W", "0", "L", "L"], out + err)
code, out, err = run(["analyze", "--time-ms", "20"], b"\n")
check("analyze --time-ms marks what it could not prove", code == 0 and len(out.split()) == 7
      and set(out.split()) <= {"W", "L", "?", "0"} and "?" in out.split(), out + err)
# --lines N: after the values, "lines" and the best N moves' lines, best
# first, each in the game's notation (here X wins at once with 3).
code, out, err = run(["--game", "tictactoe", "analyze", "--lines", "2"], b"1425\n")
f = out.split()
check("analyze --lines 2", code == 0 and f[:4] == ["1425", "x", "x", "3"] and f[10] == "lines" and len(f) == 13
      and f[11] == "3" and f[12][0] in "6789", out + err)
code, out, err = run(["analyze", "--lines", "1"], b"44533444\n")
f = out.split()
check("analyze --lines 1: the proof's line", code == 0 and f[8] == "lines" and len(f) == 10 and f[9][0] == "4", out + err)
code, out, err = run(["--game", "tictactoe", "analyze"], b"1425\n")
check("analyze tictactoe", code == 0 and out.split() == ["1425", "x", "x", "3", "x", "x", "-2", "-2", "-2", "-2"]
      or (code == 0 and out.split()[3] == "3"), out + err)

code, out, err = run(["play", "--time-ms", "200"], b"445566\n")
f = fields(out)
check("play format", code == 0 and len(f) == 1 and f[0][1::2] == ["bestmove", "score", "exact", "depth", "nodes", "time_ms"], out + err)
check("play finds the win", f and f[0][2] in ("3", "7") and f[0][4] == "18" and f[0][6] == "1", out)
code, out, err = run(["play", "--depth", "4", "--time-ms", "100000"], b"4453\n")
f = fields(out)
check("play depth limit", code == 0 and f[0][8] == "4", out + err)

# Monte Carlo tree search: the play line with two fields appended; a playout
# budget and a seed give the same output (but the time) every run.
code, out, err = run(["play", "--algorithm", "mcts", "--playouts", "3000"], b"445566\n12131\n4453\n")
f = fields(out)
check("play mcts format", code == 0 and len(f) == 3 and all(
    x[1::2] == ["bestmove", "score", "exact", "depth", "nodes", "time_ms", "playouts", "verdict"] for x in f), out + err)
check("play mcts proves a win in one", f and f[0][2] in ("3", "7") and f[0][4] == "1000" and f[0][6] == "0"
      and f[0][14] == "1" and f[0][16] == "1", out)
check("play mcts blocks", len(f) > 1 and f[1][2] == "1" and f[1][14] == "3000" and f[1][16] == "?", out)
code2, out2, err2 = run(["play", "--algorithm", "mcts", "--playouts", "3000"], b"445566\n12131\n4453\n")
strip = lambda o: [x[:12] + x[13:] for x in fields(o)]
check("play mcts is deterministic", code2 == 0 and strip(out) == strip(out2), out + out2)
code, out, err = run(["--game", "tictactoe", "play", "--algorithm", "mcts", "--playouts", "2000", "--seed", "3",
                      "--mcts-c", "0.7", "--no-smart-playouts", "--no-mcts-solver", "--mcts-max-nodes", "1000"], b"1425\n")
f = fields(out)
check("play mcts switches", code == 0 and f[0][2] == "3" and f[0][14] == "2000" and f[0][16] == "?"
      and int(f[0][10]) <= 1000, out + err)
code, out, err = run(["play", "--algorithm", "mcts", "--time-ms", "100"], b"4\n")
f = fields(out)
check("play mcts time budget", code == 0 and int(f[0][14]) > 100 and 90 <= int(f[0][12]) < 400, out + err)

# Bad input: message on stderr with the line number, no stdout line, go on, exit 1.
bad = b"44a\n48\n4444444\n12121211\n" + b"4" * 5000 + b"\n0\n7422341735647741166133573473242566\n"
code, out, err = run(["solve"], bad)
lines = err.splitlines()
check("bad input exit status", code == 1, f"exit {code}")
check("bad input only good line printed", [x[0] for x in fields(out)] == ["7422341735647741166133573473242566"], out)
expected = [
    "line 1: invalid character 'a' at position 3 (moves are digits 1-7)",
    "line 2: column 8 at position 2 is out of range 1-7",
    "line 3: column 4 at position 7 is full",
    "line 4: move 1 at position 8 comes after the game has ended",
    "line 5: line is longer than 4096 characters",
    "line 6: column 0 at position 1 is out of range 1-7",
]
check("bad input messages", lines == expected, "\n".join(lines))
code, out, err = run(["play"], b"1212121\n")
check("play on a finished game", code == 1 and out == "" and "line 1: the game is already over" in err, out + err)
code, out, err = run(["--game", "tictactoe", "solve"], b"55\n")
check("tictactoe taken cell", code == 1 and "line 1: cell 5 at position 2 is already taken" in err, err)
code, out, err = run(["solve"], bytes(range(256)) + b"\n\xff\xfe\n")
check("binary garbage", code == 1 and out == "", out + err)
code, out, err = run(["solve"], b"7422341735647741166133573473242566\r\n")
check("CRLF line", code == 0 and out.split()[:2] == ["7422341735647741166133573473242566", "1"], out + err)
code, out, err = run(["solve"], b"")
check("no input", code == 0 and out == "", out + err)

# Command line errors.
for args, what in [(["frobnicate"], "unknown command"), (["solve", "--time-ms", "abc"], "must be a whole number"),
                   (["--game", "chess", "solve"], "--game must be"), ([], "no command"), (["solve", "--bogus"], "unknown option"),
                   (["solve", "--algorithm", "mcts"], "--algorithm mcts is for play"),
                   (["play", "--playouts", "100"], "--playouts needs --algorithm mcts"),
                   (["play", "--algorithm", "mcts", "--playouts", "0"], "--playouts must be a whole number"),
                   (["play", "--algorithm", "mcts", "--mcts-c", "-1"], "--mcts-c must be a number from 0 to 100"),
                   (["play", "--algorithm", "mcts", "--level", "strong", "--time-ms", "50"],
                    "--level sets the budget of --algorithm mcts"),
                   (["play", "--algorithm", "mcts", "--depth", "3"], "--depth is not for --algorithm mcts"),
                   (["play", "--algorithm", "nope"], "--algorithm must be alphabeta, minimax or mcts"),
                   (["play", "--threads", "2"], "--threads is for solve and analyze"),
                   (["analyze", "--probes"], "--probes is for solve"),
                   (["analyze", "--lines", "6"], "--lines must be a whole number from 0 to 5"),
                   (["play", "--lines", "2"], "--lines is for analyze, not play"),
                   (["solve", "--threads", "0"], "--threads must be a whole number"),
                   # An option that does nothing for the command is refused, not ignored.
                   (["solve", "--time-ms", "100"], "--time-ms is for play and analyze, not solve"),
                   (["count", "--weak"], "--weak is for solve and analyze, not count"),
                   (["analyze", "--no-killers"], "--no-killers is for play, not analyze"),
                   (["solve", "--level", "beginner"], "--level is for play, not solve"),
                   (["play", "--algorithm", "mcts", "--no-table"], "--no-table is not for --algorithm mcts"),
                   (["play", "--level", "casual", "--depth", "8"], "--level sets the depth and the time: no --depth"),
                   (["play", "--algorithm", "minimax", "--book", "web/book.bin"], "--book is not for play --algorithm minimax"),
                   (["count", "--depth", "11"], "--depth for count must be at most 10")]:
    code, out, err = run(args, b"")
    check("usage error " + " ".join(args), code == 2 and what in err, err)
# An MCTS level: Casual's playout budget (levels.hpp, kMctsLevels), the same move for the same seed.
code, out, err = run(["play", "--algorithm", "mcts", "--level", "casual"], b"4453\n4453\n")
f = fields(out)
untimed = [x[:x.index("time_ms")] + x[x.index("time_ms") + 2:] for x in f if "time_ms" in x]
check("mcts level", code == 0 and len(untimed) == 2 and f[0][f[0].index("playouts") + 1] == "70"
      and untimed[0] == untimed[1], out + err)
# EinStein wurfelt nicht! (--game einstein: the CLI's play for a game with chance, tools/run_chance.hpp).
E = ["--game", "einstein", "play"]
code, out, err = run(E + ["--depth", "3"], b"123456/654321:66d,44h,5\n123456/123456:1 extra fields\n")
f = fields(out)
check("einstein play format", code == 0 and len(f) == 2 and all(
    x[1::2] == ["bestmove", "score", "exact", "depth", "nodes", "time_ms", "win_pct"] for x in f), out + err)
check("einstein play echoes the position", f and f[0][0] == "123456/654321:66d,44h,5" and f[1][0] == "123456/123456:1", out)
check("einstein play depth limit", f and all(x[8] == "3" for x in f), out)
check("einstein bestmove is a cube the die allows", f and f[1][2] in ("1h", "1v", "1d") and f[0][2][0] == "5", out)
# Red's cube 3 reaches e4 and rolls a 3: the win in one (3v) is found, with score 1000.
code, out, err = run(E + ["--time-ms", "2000"], b"123456/123456:33d,11v,33d,22h,33v,55h,3\n")
f = fields(out)
check("einstein finds the win in one", code == 0 and f and f[0][2] == "3v" and f[0][4] == "1000" and f[0][6] == "1" and f[0][14] == "100.0", out + err)
# The three algorithms: the same move and score at a fixed depth, fewer nodes with pruning.
results = {}
for algo in ("expectimax", "star1", "star2"):
    code, out, err = run(E + ["--depth", "4", "--algorithm", algo], b"123456/123456:4\n")
    results[algo] = fields(out)[0] if code == 0 and out else None
r = results
check("einstein algorithms agree", all(r.values()) and len({(x[2], x[4]) for x in r.values()}) == 1, str(r))
check("einstein pruning saves nodes", all(r.values()) and int(r["star2"][10]) < int(r["star1"][10]) < int(r["expectimax"][10]), str(r))
# MCTS with chance nodes: the play line extended by the playouts; same seed, same line.
M = E + ["--algorithm", "mcts", "--playouts", "400"]
code, out, err = run(M + ["--seed", "3"], b"123456/654321:66d,44h,5\n123456/123456:1\n")
f = fields(out)
check("einstein mcts format", code == 0 and len(f) == 2 and all(
    x[1::2] == ["bestmove", "score", "exact", "depth", "nodes", "time_ms", "win_pct", "playouts"] for x in f), out + err)
check("einstein mcts playouts", f and all(x[16] == "400" for x in f), out)
check("einstein mcts bestmove is a cube the die allows", f and f[1][2] in ("1h", "1v", "1d") and f[0][2][0] == "5", out)
again = run(M + ["--seed", "3"], b"123456/654321:66d,44h,5\n123456/123456:1\n")
check("einstein mcts same seed same line", [x[:11] for x in fields(again[1])] == [x[:11] for x in f], out + again[1])
# The win in one: proven at the root's expansion (exact 1, score 1000), the search stops early.
code, out, err = run(M, b"123456/123456:33d,11v,33d,22h,33v,55h,3\n")
f = fields(out)
check("einstein mcts finds the win in one", code == 0 and f and f[0][2] == "3v" and f[0][4] == "1000" and f[0][6] == "1"
      and f[0][14] == "100.0" and int(f[0][16]) < 400, out + err)
code, out, err = run(E + ["--algorithm", "mcts", "--time-ms", "50"], b"123456/123456:2\n")
f = fields(out)
check("einstein mcts time budget", code == 0 and f and int(f[0][16]) > 0 and int(f[0][12]) < 1000, out + err)
# '?' set-ups and rolls come from --seed and are printed resolved: same seed, same line.
a = run(E + ["--depth", "2", "--seed", "7"], b"?/?:?\n")
b = run(E + ["--depth", "2", "--seed", "7"], b"?/?:?\n")
check("einstein ? from --seed", a[0] == 0 and "?" not in a[1] and a[1].split()[:6] == b[1].split()[:6], a[1] + a[2])
# Bad positions: the line number and what is wrong; the good lines still answered.
code, out, err = run(E + ["--depth", "2"], b"123456/123456:63d\n113456/123456:1\n123456/123456\n123456/123456:4\n"
                     b"123456/123456:44h,11h,44h,11h,44h,11h,44h,11h,44v,11v,44v,11v,44v\n")
check("einstein bad lines", code == 1 and len(fields(out)) == 1
      and "line 1: turn 1 at position 15: die 6 lets Red move only cube 6, not cube 3" in err
      and "line 2: Red's set-up has cube 1 twice" in err
      and "line 3: Red has not rolled: end the position with the die face" in err
      and "line 5: the game is already over (Red won)" in err, out + err)
# analyze: every move's value, each searched with the full window, so the
# best is play's at the same depth (for every algorithm: Star1 and Star2 are exact).
A = ["--game", "einstein", "analyze"]
for alg in ["expectimax", "star1", "star2"]:
    code, out, err = run(A + ["--depth", "3", "--algorithm", alg], b"123456/654321:3\n123456/123456:44h,2\n")
    f = fields(out)
    check("einstein analyze " + alg + " format", code == 0 and len(f) == 2 and all(
        x[-6::2] == ["depth", "nodes", "time_ms"] and x[-5] == "3" and len(x) == 1 + 3 + 6 for x in f), out + err)
    moves = {x[0]: dict(t.split(":") for t in x[1:4]) for x in f}
    check("einstein analyze " + alg + " values", f and moves["123456/654321:3"] == {"3h": "~-50", "3v": "~-10", "3d": "~-16"}
          and moves["123456/123456:44h,2"] == {"2h": "~-83", "2v": "~-94", "2d": "~-85"}, out)
code, out, err = run(E + ["--depth", "3"], b"123456/654321:3\n123456/123456:44h,2\n")
check("einstein analyze's best is play's", [x[2:5] for x in fields(out)] == [["3v", "score", "-10"], ["2h", "score", "-83"]],
      out + err)
code, out, err = run(A + ["--depth", "4"], b"123456/123456:33d,11v,33d,22h,33v,55h,3\n?/?:?\n123456/123456\n")
f = fields(out)
check("einstein analyze a win in one is exact", code == 1 and f and f[0][1] == "3v:1000" and f[0][3] == "1", out + err)
check("einstein analyze resolves ? and needs a roll", len(f) == 2 and "?" not in f[1][0]
      and "line 3: Red has not rolled: end the position with the die face" in err, out + err)
code, out, err = run(["--game", "einstein", "count", "--depth", "4"], b"\n123456/123456:4\n")
check("einstein count", code == 0 and fields(out) == [["123456/123456", "1", "18", "324", "3323", "33958"],
                                                     ["123456/123456:4", "1", "3", "54", "864", "8851"]], out + err)
for args, what in [(["--game", "einstein", "solve"], "has play, analyze and count (solve needs a game without dice)"),
                   (A + ["--algorithm", "mcts"], "--algorithm mcts is for play"),
                   (["--game", "einstein", "count", "--time-ms", "5"], "--time-ms is not for count (its option: --depth)"),
                   (["--game", "einstein", "count", "--depth", "7"], "--depth for count of einstein must be at most 6"),
                   (E + ["--algorithm", "alphabeta"], "--algorithm for einstein must be expectimax, star1, star2 or mcts"),
                   (E + ["--playouts", "100"], "--playouts needs --algorithm mcts"),
                   (E + ["--algorithm", "mcts", "--depth", "3"], "--depth is not for --algorithm mcts"),
                   (E + ["--algorithm", "mcts", "--no-ordering"], "--no-ordering is not for --algorithm mcts"),
                   (E + ["--algorithm", "mcts", "--algorithm", "star1"], "--algorithm given twice"),
                   (E + ["--algorithm", "mcts", "--level", "strong"], "--level is not for einstein"),
                   (E + ["--level", "strong"], "--level is not for einstein"),
                   (E + ["--depth", "19"], "--depth for einstein must be at most 18"),
                   (["play", "--algorithm", "star1"], "--algorithm star1 is for a game with dice")]:
    code, out, err = run(args, b"")
    check("usage error " + " ".join(args), code == 2 and what in err, err)

# Connect Four for three (--game connect3p: the CLI's play for a game of more players, tools/run_players.hpp).
T = ["--game", "connect3p", "play"]
code, out, err = run(T + ["--depth", "3"], b"4\n5564 ignored\n")
f = fields(out)
check("connect3p play format", code == 0 and len(f) == 2 and all(
    x[1::2] == ["bestmove", "player", "score", "values", "exact", "depth", "nodes", "time_ms"] for x in f), out + err)
check("connect3p play echoes the moves and names the mover", len(f) == 2 and f[0][0] == "4" and f[0][4] == "Yellow"
      and f[1][0] == "5564" and f[1][4] == "Yellow", out)
check("connect3p play depth limit", f and all(x[12] == "3" for x in f), out)
check("connect3p values hold the mover's score", f and all(
    int(x[8].split(",")[["Red", "Yellow", "Green"].index(x[4])]) == int(x[6]) for x in f), out)
code, out, err = run(T + ["--depth", "1"], b"\n")
check("connect3p empty line is the empty board", code == 0 and out.startswith(" bestmove ") and " player Red " in out, out + err)
# Red has three in column 1 and wins at once (1000 - 10 plies); every algorithm sees it.
r = {}
for alg in ["maxn", "maxn-plain", "paranoid", "brs"]:
    code, out, err = run(T + ["--algorithm", alg, "--depth", "4"], b"123123123\n")
    f = fields(out)
    r[alg] = f[0] if code == 0 and len(f) == 1 else None
check("connect3p finds the win in one", all(x and x[2] == "1" and x[6] == "990" for x in r.values()), str(r))
check("connect3p maxn vector", r["maxn"] and r["maxn"][8] == "990,0,0" and r["maxn-plain"][8] == "990,0,0", str(r))
check("connect3p paranoid has no vector", r["paranoid"] and r["paranoid"][8] == "-", str(r))
check("connect3p brs has no vector", r["brs"] and r["brs"][8] == "-", str(r))
# Shallow pruning keeps max^n's value and searches no more nodes; paranoid searches fewer.
r = {}
for alg in ["maxn", "maxn-plain", "paranoid"]:
    code, out, err = run(T + ["--algorithm", alg, "--depth", "5"], b"55646\n")
    f = fields(out)
    r[alg] = f[0] if code == 0 and len(f) == 1 else None
check("connect3p shallow pruning same value", all(r.values()) and r["maxn"][2:9] == r["maxn-plain"][2:9], str(r))
check("connect3p node counts", all(r.values()) and int(r["paranoid"][14]) < int(r["maxn"][14]) <= int(r["maxn-plain"][14]),
      str(r))
code, out, err = run(T + ["--time-ms", "100"], b"4\n")
f = fields(out)
check("connect3p time limit", code == 0 and f and int(f[0][12]) >= 1 and int(f[0][16]) < 1000, out + err)
code, out, err = run(T + ["--depth", "2"], b"45x\n1111111\n1231231231\n450\n4\n")
check("connect3p bad lines", code == 1 and len(fields(out)) == 1
      and "line 1: invalid character 'x' at position 3 (moves are digits 1-9)" in err
      and "line 2: column 1 at position 7 is full" in err
      and "line 3: the game is already over (Red won), there is no move to play" in err
      and "line 4: column 0 at position 3 is out of range 1-9" in err, out + err)
# analyze: each move's max^n vector (no pruning between the root's moves) or
# paranoid value; the best entry is play's. count: distinct positions per ply.
C = ["--game", "connect3p", "analyze"]
code, out, err = run(C + ["--depth", "3"], b"996997118\n")
f = fields(out)
check("connect3p analyze format", code == 0 and len(f) == 1 and f[0][1:3] == ["player", "Red"] and len(f[0]) == 3 + 9 + 6
      and f[0][-6::2] == ["depth", "nodes", "time_ms"], out + err)
check("connect3p analyze column 4 is play's", f and f[0][6] == "4:~310,217,471"
      and max(int(t.split(":~")[1].split(",")[0]) for t in f[0][3:12]) == 310, out)
code, out, err = run(C + ["--depth", "3", "--algorithm", "paranoid"], b"996997118\n")
check("connect3p analyze paranoid", code == 0 and fields(out)[0][3:12] == ["1:~0", "2:~0", "3:~0", "4:~0", "5:~213", "6:~0",
                                                                            "7:~0", "8:~0", "9:~0"], out + err)
# Best-reply search: Red blocks Green's three (the best reply would win
# there); analyze's best value is play's score.
code, out, err = run(T + ["--depth", "3", "--algorithm", "brs"], b"996997118\n")
f = fields(out)
check("connect3p brs play", code == 0 and len(f) == 1 and f[0][2] == "5" and f[0][8] == "-" and f[0][12] == "3", out + err)
code, out2, err = run(C + ["--depth", "3", "--algorithm", "brs"], b"996997118\n")
a = fields(out2)
check("connect3p analyze brs", code == 0 and len(a) == 1 and f and a[0][7] == "5:~" + f[0][6]
      and max(int(t.split(":~")[1]) for t in a[0][3:12]) == int(f[0][6]), out2 + err)
code, out, err = run(C + ["--depth", "2"], b"123123123\n")
check("connect3p analyze the win in one is exact", code == 0 and fields(out)[0][3] == "1:990,0,0", out + err)
code, out, err = run(["--game", "connect3p", "count", "--depth", "6"], b"\n")
check("connect3p count", code == 0 and out.split() == ["1", "9", "81", "729", "4797", "30825", "195741"], out + err)
code, out2, err = run(["--game", "connect3p", "count"], b"\n")
check("connect3p count's default depth is 6", code == 0 and out2 == out, out2 + err)
for args, what in [(["--game", "connect3p", "solve"], "has play, analyze and count (solve needs a two-player game)"),
                   (["--game", "connect3p", "count", "--algorithm", "maxn"], "--algorithm is not for count"),
                   (["--game", "connect3p", "count", "--depth", "9"], "--depth for count of connect3p must be at most 8"),
                   (T + ["--algorithm", "alphabeta"], "--algorithm for connect3p must be maxn, maxn-plain, paranoid or brs"),
                   (T + ["--algorithm", "star1"], "--algorithm for connect3p must be maxn, maxn-plain, paranoid or brs"),
                   (T + ["--algorithm", "best-reply"], "connect3p: maxn, maxn-plain, paranoid or brs"),
                   (["play", "--algorithm", "brs"], "--algorithm brs is for a game of three players"),
                   (T + ["--seed", "3"], "--seed is not for connect3p"),
                   (T + ["--depth", "55"], "--depth"),
                   (["play", "--algorithm", "paranoid"], "--algorithm paranoid is for a game of three players"),
                   (E + ["--algorithm", "maxn"], "--algorithm maxn is for a game of three players"),
                   (["--game", "chess", "play"], "--game must be connect4, tictactoe, einstein or connect3p")]:
    code, out, err = run(args, b"")
    check("usage error " + " ".join(args), code == 2 and what in err, err)

# evaluate: the static evaluation's features for the side to move, and their
# weighted sum (the search's value at its horizon, core/game.hpp capability f).
code, out, err = run(["evaluate"], b"\n4453\n11223\n1212121\n")
f = fields(out)
check("evaluate format", code == 1 and len(f) == 3 and all(
    [t.split("=")[0] for t in x[1:]] == ["three", "two", "threat", "centre", "total"] for x in f[1:]), out + err)
check("evaluate empty board", f and f[0] == ["three=0-0*6=0", "two=0-0*2=0", "threat=0-0*12=0", "centre=0-0*1=0",
                                            "total=0"], out)
check("evaluate sums its contributions", all(
    sum(int(t.rsplit("=", 1)[1]) for t in x[1:-1]) == int(x[-1].split("=")[1]) for x in f[1:]), out)
check("evaluate an open three", len(f) > 2 and f[2][1].startswith("three=0-1*6=") and f[2][3] == "threat=0-1*12=-12", out)
check("evaluate a finished game", "line 4: the game is over: a finished position has no evaluation" in err, err)
code, out, err = run(["--game", "tictactoe", "evaluate"], b"152\n")
check("evaluate tictactoe", code == 0 and out.split() == ["152", "open=4-4*1=0", "two=0-1*4=-4", "total=-4"], out + err)
for args, what in [(["evaluate", "--depth", "3"], "--depth is for play and count, not evaluate"),
                   (["--game", "einstein", "evaluate"], "has play, analyze and count (evaluate needs a game without dice)")]:
    code, out, err = run(args, b"")
    check("usage error " + " ".join(args), code == 2 and what in err, err)

# Board sizes (--size WxH, docs/board-sizes.md): the same commands on any board
# that fits, 7x6 the compiled board with the same output, bad sizes refused.
code, out, err = run(["--size", "7x6", "solve"], b"7422341735647741166133573473242566\n")
check("--size 7x6 is the default board", code == 0 and fields(out)[0][:3] == ["7422341735647741166133573473242566", "1", "10"],
      out + err)
code, out, err = run(["--size", "5x4", "solve"], b"\n3\n")
f = fields(out)
check("--size 5x4 solve: a draw", code == 0 and len(f) == 2 and f[0][0] == "0" and f[1][:2] == ["3", "0"], out + err)
code, out, err = run(["--size", "6x4", "solve", "--weak"], b"\n")
check("--size 6x4 solve --weak: the second player wins", code == 0 and out.split()[0] == "-1", out + err)
code, out, err = run(["--size", "5x4", "analyze"], b"3\n")
check("--size 5x4 analyze: a value per column", code == 0 and out.split()[0] == "3" and len(out.split()) == 6, out + err)
code, out, err = run(["--size", "12x4", "analyze", "--weak"], b"6c6c6c7a7a7a\n")
f = out.split()
check("--size 12x4 analyze: columns a-c, twelve values", code == 0 and len(f) == 13 and f[0] == "6c6c6c7a7a7a"
      and f[6] == "1", out + err)
code, out, err = run(["--size", "12x4", "play", "--time-ms", "100"], b"cbcbcb\n")
f = fields(out)
check("--size 12x4 play writes column 12 as c", code == 0 and f and f[0][2] == "c", out + err)
code, out, err = run(["--size", "5x4", "count", "--depth", "3"], b"\n")
check("--size 5x4 count", code == 0 and out.split() == ["1", "5", "25", "95"], out + err)
code, out, err = run(["--size", "8x7", "play", "--level", "casual"], b"44\n")
check("--size 8x7 play", code == 0 and fields(out)[0][1] == "bestmove", out + err)
code, out, err = run(["--size", "5x4", "solve"], b"16\n1a\n")
check("--size 5x4: a column beyond the width", code == 1 and "line 1: column 6 at position 2 is out of range 1-5" in err
      and "line 2: column a at position 2 is out of range 1-5" in err, err)
for args, what in [(["--size", "13x4", "solve"], "--size 13x4 does not fit: Connect Four is played on 4x4 to 12x4, 4x5 to 10x5,"),
                   (["--size", "9x7", "solve"], "--size 9x7 does not fit"),
                   (["--size", "3x6", "solve"], "4x15 (W columns, H rows: W, H >= 4 and W x (H + 1) <= 64)"),
                   (["--size", "7", "solve"], "--size must be WxH, the columns and the rows (e.g. 8x7), not '7'"),
                   (["--size", "7x6x2", "solve"], "--size must be WxH"),
                   (["--size", "x6", "solve"], "--size must be WxH"),
                   (["solve", "--size"], "--size needs a value: WxH"),
                   (["--game", "tictactoe", "--size", "4x4", "count"], "--size is for connect4, not tictactoe"),
                   (["--game", "einstein", "--size", "5x5", "play"], "--size is not for einstein"),
                   (["--size", "8x7", "solve", "--tt-mb", "4"], "--tt-mb must be at least 16 on 8x7")]:
    code, out, err = run(args, b"")
    check("usage error " + " ".join(args), code == 2 and what in err, err)

code, out, err = run(["--help"], b"")
check("help documents connect3p", code == 0 and "--game connect3p" in out and "maxn|maxn-plain|paranoid" in out
      and "maxn|maxn-plain|paranoid|brs" in out
      and "values <r,y,g>" in out, out)
check("help documents einstein", code == 0 and "--game einstein" in out and "expectimax|star1|star2|mcts" in out
      and "win_pct" in out and "win_pct <p> playouts <p>" in out, out)
check("help documents --size", code == 0 and "--size WxH" in out, out)
check("help", code == 0 and "solve" in out and "analyze" in out and "play" in out and "--playouts" in out, out)
code, out, err = run(["--version"], b"")
check("version", code == 0 and out.startswith("gamesearch "), out)

if failures:
    print(f"{len(failures)} failure(s)")
    sys.exit(1)
print("all CLI tests passed")
