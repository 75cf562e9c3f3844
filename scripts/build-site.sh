#!/usr/bin/env bash
# Builds the static site into build/site/: the engine compiled to WebAssembly
# (build/wasm, Emscripten from Debian), its threaded build (build/wasm-mt:
# every object compiled with -pthread), plus the page from web/. Every path in
# the site is relative, so it works from any sub-path of any static host
# (docs/hosting.md: the headers that let the page use the threaded build).
#
#   scripts/build-site.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

need_pkgs cmake make emscripten nlohmann-json3-dev
# The chart library (Observable Plot and d3, package.json) comes from npm into
# node_modules/, never into the repository; the site gets its browser bundles.
command -v npm >/dev/null || { echo "build-site.sh: node and npm are needed" >&2; exit 1; }
if ! npm ls --silent >/dev/null 2>&1; then
  step "npm packages (package.json)"
  npm ci --no-audit --no-fund --loglevel=error
fi
# Debian's em++ needs the acorn module from /usr/share/nodejs (see docs).
export NODE_PATH=/usr/share/nodejs

step "wasm build (build/wasm)"
emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release -DGS_BUILD_TESTS=OFF \
  "-DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node;--no-experimental-fetch" >/dev/null
cmake --build build/wasm -j"$(nproc)"

step "threaded wasm build (build/wasm-mt)"
emcmake cmake -S . -B build/wasm-mt -DCMAKE_BUILD_TYPE=Release -DGS_BUILD_TESTS=OFF -DGS_WASM_THREADS=ON \
  "-DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node;--no-experimental-fetch" >/dev/null
cmake --build build/wasm-mt -j"$(nproc)"

step "site (build/site)"
rm -rf build/site
mkdir -p build/site/engine build/site/study
cp web/index.html web/style.css web/favicon.svg web/manifest.webmanifest web/worker.js web/sw.js web/_headers build/site/
# The page's modules, a folder each as in web/ (README.md: the layout of web/):
# app (the main page's entry and router), lib (shared helpers), engine (the
# workers and their clients, beside the wasm build below), play, tree, demo,
# menace, eval, study. Their relative imports need the same folders in the site.
for dir in app lib engine play tree demo menace eval study; do
  mkdir -p "build/site/$dir"
  find "web/$dir" -maxdepth 1 -type f \( -name '*.js' -o -name '*.css' \) -exec cp {} "build/site/$dir/" \;
done
# The standalone pages at their public addresses: the explorer (tree/index.html),
# the demo (tree/demo.html) and MENACE (tree/menace.html).
cp web/tree/index.html web/demo/demo.html web/menace/menace.html build/site/tree/
cp build/wasm/bin/gamesearch.js build/wasm/bin/gamesearch.wasm build/wasm/bin/link.js build/wasm/bin/link.wasm build/site/engine/
# The threaded engine: the worker loads it when the page is cross-origin isolated.
cp build/wasm-mt/bin/gamesearch-mt.js build/wasm-mt/bin/gamesearch-mt.wasm build/wasm-mt/bin/gamesearch-mt.worker.js build/site/engine/
# The opening book (made by tools/bookgen, see docs/book.md). The worker
# reports a missing or damaged book in the page and plays on without it.
cp web/book.bin build/site/book.bin
# The chart library (web/lib/charts.js loads it when a view first draws a
# chart): d3 and Observable Plot's browser bundles, plain scripts that define
# the globals d3 and Plot, as npm installed them (package.json pins Plot).
mkdir -p build/site/vendor
cp node_modules/d3/dist/d3.min.js node_modules/@observablehq/plot/dist/plot.umd.min.js build/site/vendor/

# Data the page shows, checked here so the page never asks for a file that is
# not there: the measured level results (docs/levels.json -> levels.json, an
# empty table when it is missing or not JSON) and the study's results
# (docs/study/<run>/results.json -> study/<run>/, listed in study/index.json;
# the biggest run first; the Study view draws its charts from them).
python3 - <<'PY'
import json, os, shutil
site = 'build/site'
levels = {'levels': []}
try:
    with open('docs/levels.json') as f:
        data = json.load(f)
    if isinstance(data, dict) and isinstance(data.get('levels'), list):
        levels = data
except (OSError, ValueError):
    pass
with open(os.path.join(site, 'levels.json'), 'w') as f:
    json.dump(levels, f)
runs = []
order = {'full': 0, 'medium': 1, 'mcts': 2, 'quick': 3}
base = 'docs/study'
for name in sorted(os.listdir(base) if os.path.isdir(base) else [], key=lambda n: (order.get(n, 9), n)):
    src = os.path.join(base, name)
    if not os.path.isfile(os.path.join(src, 'results.json')):
        continue
    try:
        with open(os.path.join(src, 'results.json')) as f:
            json.load(f)
    except ValueError:
        continue
    dst = os.path.join(site, 'study', name)
    os.makedirs(dst, exist_ok=True)
    shutil.copy(os.path.join(src, 'results.json'), dst)
    runs.append({'name': name})
with open(os.path.join(site, 'study', 'index.json'), 'w') as f:
    json.dump({'runs': runs}, f)
print(f"  levels.json: {len(levels['levels'])} levels; study runs: {', '.join(r['name'] for r in runs) or 'none'}")
PY
# Last, when the site is complete: the service worker's precache list and
# version (build/site/sw-manifest.js; see web/sw.js).
echo "  offline cache version: $(python3 scripts/precache.py build/site)"
du -ab build/site | sort -k2 | sed 's|build/site|  build/site|'
