#!/usr/bin/env bash
# Builds the static site into build/site/: the engine compiled to WebAssembly
# (build/wasm, Emscripten from Debian) plus the page from web/. Every path in
# the site is relative, so it works from any sub-path of any static host.
#
#   scripts/build-site.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

need_pkgs cmake make emscripten
# Debian's em++ needs the acorn module from /usr/share/nodejs (see docs).
export NODE_PATH=/usr/share/nodejs

step "wasm build (build/wasm)"
emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release -DGS_BUILD_TESTS=OFF \
  "-DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node;--no-experimental-fetch" >/dev/null
cmake --build build/wasm -j"$(nproc)"

step "site (build/site)"
rm -rf build/site
mkdir -p build/site/engine build/site/js
cp web/index.html web/style.css web/favicon.svg web/worker.js build/site/
cp web/js/*.js build/site/js/
cp build/wasm/bin/gamesearch.js build/wasm/bin/gamesearch.wasm build/site/engine/
du -ab build/site | sort -k2 | sed 's|build/site|  build/site|'
