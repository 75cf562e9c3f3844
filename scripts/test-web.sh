#!/usr/bin/env bash
# Web tests: the wasm engine against the native one in node, then the
# site in headless Chromium. Installs what is missing (Debian packages and the
# npm packages of tests/web), builds native + site, exits non-zero on failure.
# Screenshots of the main states land in build/screenshots/.
#
#   scripts/test-web.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

need_pkgs cmake g++ make catch2 python3 chromium
# node 20 and npm come with the machine (see docs); Debian's older nodejs is not used.
command -v node >/dev/null && command -v npm >/dev/null || { echo "test-web.sh: node and npm are needed" >&2; exit 1; }
if [[ ! -d tests/web/node_modules/playwright-core ]]; then
  step "npm packages (tests/web)"
  (cd tests/web && npm ci --no-audit --no-fund --loglevel=error)
fi

step "native build (build/native)"
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j"$(nproc)" --target gamesearch

scripts/build-site.sh

step "web tests through ctest: wasm vs native (node), browser (headless Chromium)"
ctest --test-dir build/wasm/wasm --output-on-failure
