#!/usr/bin/env bash
# Runs every test of the project: native unit tests (Catch2 through ctest), the
# same tests under AddressSanitizer + UndefinedBehaviorSanitizer, and the wasm
# and browser tests. Installs what is missing on a Debian 12 machine (as root).
#
#   scripts/test.sh            everything
#   scripts/test.sh --native   native and sanitizer tests only
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

ONLY_NATIVE=0
[[ "${1:-}" == "--native" ]] && ONLY_NATIVE=1

need_pkgs cmake g++ catch2 make libcli11-dev nlohmann-json3-dev

step "native build (build/native)"
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release -DCMAKE_COMPILE_WARNING_AS_ERROR=ON >/dev/null
cmake --build build/native -j"$(nproc)"
step "native tests"
(cd build/native && ctest --output-on-failure -j"$(nproc)")

step "sanitizer build (build/asan: ASan + UBSan)"
cmake -S . -B build/asan -DCMAKE_BUILD_TYPE=Debug -DGS_SANITIZE=ON -DCMAKE_COMPILE_WARNING_AS_ERROR=ON >/dev/null
cmake --build build/asan -j"$(nproc)"
step "sanitizer tests"
(cd build/asan && ctest --output-on-failure -j"$(nproc)" -L fast)

if [[ $ONLY_NATIVE == 1 ]]; then exit 0; fi

step "wasm and browser tests (scripts/test-web.sh)"
scripts/test-web.sh

step "all tests passed"
