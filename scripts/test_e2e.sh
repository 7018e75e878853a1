#!/usr/bin/env bash
# Browser tests of the web demo, the widgets, offline use and the single-file build: tests/e2e/*.test.mjs
# with node's test runner, driving Debian's Chromium (/usr/bin/chromium) through playwright-core; the
# suite's core (tests/e2e/core/) also in Firefox ESR and WebKitGTK (tests/e2e/engine-*.test.mjs, through
# the drivers of tests/e2e/engines/).
# Builds what they need first (native CLI for the reference translations, the WebAssembly module).
# Screenshots: artifacts/e2e/*.png. Models: the manifest's default when its file is in models/
# (ATTNSEQ_MODELS_DIR=<dir> uses another folder), else the random-weight models of tests/data/models.
# Usage: scripts/test_e2e.sh [test files...]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh all
if [ ! -x build/native/attnseq ]; then
  cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build/native -j "$(nproc 2>/dev/null || echo 2)" --target attnseq
fi
bash scripts/build_wasm.sh
mkdir -p artifacts/e2e
# The test files' servers share their compressed .wasm and models (scripts/serve.mjs).
export ATTNSEQ_COMPRESS_CACHE="${ATTNSEQ_COMPRESS_CACHE:-$PWD/build/compressed}"
if [ $# -gt 0 ]; then files=("$@"); else files=(tests/e2e/*.test.mjs); fi
# Test files run side by side, one per core (ATTNSEQ_E2E_JOBS=N sets how many): each launches its own
# browser on its own server (free ports) and builds into its own temporary folder.
jobs="${ATTNSEQ_E2E_JOBS:-$(nproc 2>/dev/null || echo 2)}"
node --test --test-concurrency="$jobs" --test-reporter=spec "${files[@]}"
echo "test_e2e: screenshots in artifacts/e2e/"
