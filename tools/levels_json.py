#!/usr/bin/env python3
"""Turns the levels tournament summary (tournament --json) into docs/levels.json,
the file the page shows next to the level picker:
{"levels":[{"name":..., "elo":..., "results":[{"vs":..., "wins":W, "draws":D,
"losses":L, "games":N}, ...]}], "method": "..."}.

  tools/levels_json.py docs/levels/tournament.json [docs/levels/perfect_first.json] > docs/levels.json

The optional second file (bench/perfect_first.py --json) adds, under
"first", the Perfect level's games moving first from the empty board.
"""
import json
import sys

t = json.load(open(sys.argv[1]))
names = [p["name"] for p in t["players"]]
levels = []
for p in t["players"]:
    results = []
    for q in t["pairings"]:
        if q["a"] == p["name"]:
            w, d, l, vs = q["wins"], q["draws"], q["losses"], q["b"]
        elif q["b"] == p["name"]:
            w, d, l, vs = q["losses"], q["draws"], q["wins"], q["a"]
        else:
            continue
        results.append({"vs": vs, "wins": w, "draws": d, "losses": l, "games": w + d + l})
    results.sort(key=lambda r: names.index(r["vs"]))
    entry = {"name": p["name"], "results": results}
    if "elo" in p:
        entry["elo"] = round(p["elo"])
    levels.append(entry)
method = (f"{t['games']} Connect Four games between the levels, {t['openings']} balanced openings "
          "(bench/openings.txt) each played with both colours, by `tournament play --player level=...` "
          "(docs/levels.md).")
if len(sys.argv) > 2:
    first = json.load(open(sys.argv[2]))
    for entry in levels:
        if entry["name"] == first["level"]:
            entry["first"] = first["results"]
    method += (f" {first['level'].capitalize()} moving first: {sum(r['games'] for r in first['results'])} games "
               "from the empty board (bench/perfect_first.py).")
json.dump({"game": "connect4", "levels": levels, "method": method}, sys.stdout, indent=1)
print()
