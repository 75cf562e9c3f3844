#!/usr/bin/env bash
# Web tests: the wasm engine against the native one in node, then the site in
# headless Chromium, all on node's own test runner (node --test). Installs what
# is missing (Debian packages and the npm packages of package.json), builds
# native + site, exits non-zero on failure.
# Screenshots of the main states land in build/screenshots/.
#
#   scripts/test-web.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

need_pkgs cmake g++ make catch2 libcli11-dev nlohmann-json3-dev python3 chromium
# node 20 and npm come with the machine (see docs); Debian's older nodejs is not used.
command -v node >/dev/null && command -v npm >/dev/null || { echo "test-web.sh: node and npm are needed" >&2; exit 1; }
if ! npm ls --silent >/dev/null 2>&1; then
  step "npm packages (package.json)"
  npm ci --no-audit --no-fund --loglevel=error
fi

# Fast checks first: the page's JavaScript type-checked (JSDoc types, web/types.d.ts)
# and linted, with no export left unused.
step "static checks: tsc --checkJs (page, workers), eslint, unused exports"
npx --no-install tsc -p tsconfig.json
npx --no-install tsc -p tsconfig.worker.json
npx --no-install eslint web tests/web eslint.config.mjs
node tests/web/unused-exports.mjs

step "native build (build/native)"
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j"$(nproc)" --target gamesearch

scripts/build-site.sh

# One file at a time: the browser tests measure thinking times, and the
# machine may have two cores only.
step "web tests (node --test): wasm vs native and page logic (node), the site (headless Chromium)"
node --test --test-reporter=spec --test-concurrency=1 --test-timeout=600000 tests/web/*.test.mjs
