#!/usr/bin/env bash
# Size of the WebAssembly module as a page downloads it: raw, brotli (-q 11, what a CDN serves) and
# gzip -9, for web/dist/attnseq.wasm and its JavaScript glue attnseq.js. Target: the .wasm at most
# 300 KB (307,200 bytes) brotli; exits 1 when it is bigger.
# Usage: scripts/wasm_size.sh [--json] [DIR]   (DIR defaults to web/dist; `npm run size`)
set -euo pipefail
cd "$(dirname "$0")/.."
json=0
if [ "${1:-}" = --json ]; then json=1; shift; fi
dir=${1:-web/dist}
target=307200
for f in attnseq.wasm attnseq.js; do
  [ -f "$dir/$f" ] || { echo "wasm_size: $dir/$f not found: build it with scripts/build_wasm.sh" >&2; exit 2; }
done
command -v brotli >/dev/null || { echo "wasm_size: brotli not found (apt-get install brotli)" >&2; exit 2; }

sizes() {  # raw brotli gzip
  echo "$(wc -c <"$1") $(brotli -c -q 11 "$1" | wc -c) $(gzip -c -9 "$1" | wc -c)"
}
read -r wr wb wg < <(sizes "$dir/attnseq.wasm")
read -r jr jb jg < <(sizes "$dir/attnseq.js")
if [ $json = 1 ]; then
  printf '{"wasm":{"raw":%d,"brotli":%d,"gzip":%d},"js":{"raw":%d,"brotli":%d,"gzip":%d},"targetWasmBrotli":%d}\n' \
    "$wr" "$wb" "$wg" "$jr" "$jb" "$jg" "$target"
else
  printf '%-14s %10s %10s %10s\n' file raw brotli gzip
  printf '%-14s %10d %10d %10d\n' attnseq.wasm "$wr" "$wb" "$wg" attnseq.js "$jr" "$jb" "$jg"
  printf '%-14s %10d %10d %10d\n' total $((wr + jr)) $((wb + jb)) $((wg + jg))
  printf 'target: attnseq.wasm <= %d bytes brotli (%s)\n' "$target" "$([ "$wb" -le $target ] && echo met || echo MISSED)"
fi
[ "$wb" -le $target ]
