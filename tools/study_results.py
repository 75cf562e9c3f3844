#!/usr/bin/env python3
"""Gathers every study variant's results.json (DIR/<variant>/results.json) into
DIR/results.json, with the paths of each variant's plots: what a web page
loads. Run by scripts/study.sh and scripts/cluster.py study.

    tools/study_results.py [DIR]   (default docs/study)
"""
import glob
import json
import os
import sys

PLOTS = ("rating_vs_time", "depth_vs_time", "kept_vs_time", "nodes_vs_depth")


def gather(root):
    out = {"about": "strength study results, see docs/study.md; one entry per scripts/study.sh variant",
           "variants": {}}
    for path in sorted(glob.glob(os.path.join(root, "*", "results.json"))):
        v = os.path.basename(os.path.dirname(path))
        with open(path) as f:
            r = json.load(f)
        r["plots"] = {k: "%s/%s.svg" % (v, k) for k in PLOTS if os.path.exists(os.path.join(root, v, k + ".svg"))}
        out["variants"][v] = r
    with open(os.path.join(root, "results.json"), "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    gather(sys.argv[1] if len(sys.argv) > 1 else "docs/study")
