#!/usr/bin/env bash
# Builds the WebAssembly module with Emscripten through the same CMake project (emcmake) into
# build/wasm/ and copies attnseq.js + attnseq.wasm to web/dist/ (where web/src/engine/module.js
# loads them). Incremental: when nothing changed, it only checks and returns.
# Usage: scripts/build_wasm.sh [--clean]
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's Emscripten finds acorn (used by its JS optimizer at -O2/-O3) only through NODE_PATH.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

build=build/wasm
if [ "${1:-}" = --clean ]; then rm -rf "$build"; fi

if ! command -v emcmake >/dev/null; then
  echo "build_wasm: emcmake not found: run scripts/setup.sh wasm (installs Debian's emscripten)" >&2
  exit 1
fi

if [ ! -f "$build/CMakeCache.txt" ]; then
  # Eigen and nlohmann-json are header-only host packages, which the Emscripten toolchain would not
  # find (it confines find_package to its sysroot): Eigen's own config is fine; nlohmann-json's adds
  # -isystem /usr/include, hence the shim in wasm/cmake/ (see there).
  emcmake cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release \
    -DEigen3_DIR=/usr/share/eigen3/cmake -Dnlohmann_json_DIR="$PWD/wasm/cmake/nlohmann_json" >/dev/null
fi
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" --target attnseq_wasm

for f in attnseq.js attnseq.wasm; do
  cmp -s "$build/wasm/$f" "web/dist/$f" || { mkdir -p web/dist; cp "$build/wasm/$f" web/dist/; }
done
node scripts/build_demo.mjs --if-stale  # web/dist/demo-*.js + attnseq-worker.js, the page's bundles
node scripts/build_langid.mjs --if-stale  # web/dist/attnseq-langid.js, the language identifier
node scripts/precache.mjs
echo "build_wasm: web/dist/attnseq.js + attnseq.wasm up to date"
