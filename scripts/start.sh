#!/usr/bin/env bash
# The demo. Until the web front end lands: build the CLI and translate example sentences with the
# default model, printing the tokens, the translation and its attention.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh native
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j "$(nproc 2>/dev/null || echo 2)" --target attnseq
default=$(node -e 'const m=require("./models/manifest.json");console.log(m.models.find(x=>x.id===m.default).file)')
model=${ATTNSEQ_MODEL:-models/$default}
echo "model: $model"
printf '%s\n' "You should wear shoes." "The cat drank the milk because it was hungry." "I ate an apple and then a banana." |
  build/native/attnseq --model "$model"
