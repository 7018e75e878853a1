#!/usr/bin/env bash
# Runs every test: native Catch2 suite, CLI checks and Python unit tests through ctest; then the
# WebAssembly build and its JavaScript tests (tests/js/*.test.js, node's test runner), which compare
# it with the native CLI built above; then the browser tests (scripts/test_e2e.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
# Everything the run needs, in one apt transaction (one package index update, one run of the dpkg
# triggers) instead of three; test_e2e.sh's own `setup.sh all` then finds it all there. Also npm ci:
# tests/py/test_export_onnx.py runs onnxruntime-web in node.
bash scripts/setup.sh all
jobs=$(nproc 2>/dev/null || echo 2)
# Every server the tests start (tests/js, the browser tests) shares its compressed .wasm and models.
export ATTNSEQ_COMPRESS_CACHE="${ATTNSEQ_COMPRESS_CACHE:-$PWD/build/compressed}"
phase() { echo "test.sh: $1 done at ${SECONDS} s"; }
phase setup
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j "$jobs"
ctest --test-dir build/native --output-on-failure -j "$jobs"
phase "native build and ctest"
bash scripts/test_native_hardening.sh   # ASan+UBSan suite, libFuzzer targets (ATTNSEQ_FUZZ_SECONDS each)
phase "sanitizers and fuzzing"

bash scripts/build_wasm.sh
# The SIMD128 kernels exist only in the WebAssembly build: tests/cpp/test_kernels.cc built for it, in Node.
NODE_PATH=/usr/share/nodejs cmake --build build/wasm -j "$jobs" --target attnseq_kernel_tests_wasm
node build/wasm/bench/kernels/attnseq_kernel_tests_wasm.cjs
phase "wasm build and kernel tests"
node --test --test-concurrency="$jobs" --test-reporter=spec tests/js/
phase "tests/js"

bash scripts/test_e2e.sh
phase "browser tests"
