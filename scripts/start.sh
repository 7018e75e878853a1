#!/usr/bin/env bash
# The demo: builds the WebAssembly module and serves the page on localhost (port from PORT, default
# 8080), printing its URL. The default model (models/manifest.json) loads on open.
# `scripts/start.sh --cli` instead translates example sentences with the native CLI.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = --cli ]; then
  bash scripts/setup.sh native
  cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build/native -j "$(nproc 2>/dev/null || echo 2)" --target attnseq
  default=$(node -e 'const m=require("./models/manifest.json");console.log(m.models.find(x=>x.id===m.default).file)')
  model=${ATTNSEQ_MODEL:-models/$default}
  echo "model: $model"
  printf '%s\n' "You should wear shoes." "The cat drank the milk because it was hungry." "I ate an apple and then a banana." |
    build/native/attnseq --model "$model"
  exit 0
fi
bash scripts/setup.sh wasm
bash scripts/build_wasm.sh
exec node scripts/serve.mjs
