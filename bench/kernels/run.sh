#!/usr/bin/env bash
# Builds and runs the kernel microbenchmark natively and as WebAssembly in Node, after running the
# kernel tests (tests/cpp/test_kernels.cc) built for WebAssembly, where the SIMD128 kernels live.
# Prints one table per build (GF/s per model shape; kernel vs Eigen baseline; share of the measured
# mul+add peak). Uses build/native and build/wasm (as scripts/build_wasm.sh configures it).
# Usage: bench/kernels/run.sh [seconds per measurement, default 0.05] [--native-only | --wasm-only]
set -euo pipefail
cd "$(dirname "$0")/../.."
budget=${1:-0.05}
mode=${2:-both}
jobs=$(nproc 2>/dev/null || echo 2)
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

if [ "$mode" != --wasm-only ]; then
  [ -f build/native/CMakeCache.txt ] || cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build/native -j "$jobs" --target attnseq_bench_kernels >/dev/null
  echo "== native"
  build/native/bench/kernels/attnseq_bench_kernels "$budget"
fi

if [ "$mode" != --native-only ]; then
  command -v emcmake >/dev/null || { echo "run.sh: emcmake not found (scripts/setup.sh wasm)" >&2; exit 1; }
  if [ ! -f build/wasm/CMakeCache.txt ]; then
    emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release \
      -DEigen3_DIR=/usr/share/eigen3/cmake -Dnlohmann_json_DIR="$PWD/wasm/cmake/nlohmann_json" >/dev/null
  fi
  cmake --build build/wasm -j "$jobs" --target attnseq_kernel_tests_wasm attnseq_bench_kernels attnseq_probe_bf16 >/dev/null
  echo "== WebAssembly kernel tests (Node $(node --version))"
  node build/wasm/bench/kernels/attnseq_kernel_tests_wasm.cjs
  # Every function compiled by TurboFan before it runs: with V8's dynamic tiering a kernel first runs as
  # Liftoff code until its tier-up, and a 0.2 s measurement caught that at times (17 instead of 42 GF/s
  # on the first shape; 9 instead of 30 on gemm_bf16's 2-row tiles, 2026-12-05).
  echo "== WebAssembly (Node $(node --version), --no-wasm-dynamic-tiering)"
  node --no-wasm-dynamic-tiering build/wasm/bench/kernels/attnseq_bench_kernels.cjs "$budget"
  echo "== WebAssembly: one decoder step with F32 vs bfloat16 weights (probe_bf16.cc)"
  node --no-wasm-dynamic-tiering build/wasm/bench/kernels/attnseq_probe_bf16.cjs
fi
