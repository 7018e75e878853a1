#!/usr/bin/env bash
# Installs what building and testing attnseq needs on Debian 12 (run as root; idempotent and quick
# when everything is there). Usage: scripts/setup.sh [native|wasm|all|bench]
#   native: C++ toolchain, Eigen, Catch2, nlohmann-json; Python 3 with torch, numpy and sentencepiece;
#           the sentencepiece and opencc commands (Chinese normalization rules and t2s in train/prepare.py)
#           (the training pipeline's unit tests and the golden-data generators)
#           clang-14 with its sanitizer and libFuzzer runtimes, llvm-symbolizer (scripts/test_native_hardening.sh)
#   wasm:   native + Emscripten and the npm packages of package-lock.json (TypeScript, playwright-core):
#           the WebAssembly module and its JavaScript tests (Node 20 itself is assumed)
#   all:    wasm + Chromium and a CJK font (browser tests, screenshots of the Chinese UI), Firefox ESR,
#           WebKitGTK's WebDriver with its MiniBrowser and Xvfb to run it in (the browser suite's core in
#           Firefox and WebKit: tests/e2e/engine-*.test.mjs; puppeteer-core and selenium-webdriver are npm packages)
#   bench:  wasm + Chromium (bench/run.sh; onnxruntime-web is an npm devDependency)
set -euo pipefail
cd "$(dirname "$0")/.."

want=${1:-all}
pkgs=(cmake g++ make libeigen3-dev catch2 nlohmann-json3-dev brotli
      clang-14 libclang-rt-14-dev llvm-14
      python3 python3-numpy python3-torch python3-sentencepiece libopenblas0-pthread
      sentencepiece opencc libopencc-data)
case "$want" in
  native) ;;
  wasm) pkgs+=(emscripten) ;;
  all) pkgs+=(emscripten chromium fonts-wqy-microhei firefox-esr webkit2gtk-driver xvfb) ;;
  bench) pkgs+=(emscripten chromium) ;;
  *) echo "setup: unknown set '$want' (native, wasm, all or bench)" >&2; exit 2 ;;
esac

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  if [ "$(id -u)" != 0 ]; then
    echo "setup: need root to apt-get install: ${missing[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# npm packages: installed from package-lock.json when missing or when the lock file changed since.
if [ "$want" != native ] && [ -f package-lock.json ] &&
   { [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; }; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund
fi
