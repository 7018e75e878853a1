#!/usr/bin/env bash
# The runtime comparison (docs/benchmarks.md, "Comparison"): attnseq native, attnseq WebAssembly in
# Node and in Chromium, onnxruntime-web in Chromium (the same weights exported to ONNX) and PyTorch
# eager, greedy, batch 1, one thread, on the first N sentences of the held-out test split.
#
#   bash bench/run.sh [--model F32.safetensors] [--model-i8 I8.safetensors] [--ckpt best.pt]
#                     [--data work/data/en-fr] [--sentences 500] [--repeats 3] [--warmup 20] [--no-docs]
#                     [--no-build: measure the binaries already built]
#   (npm run bench -- --sentences 50 --repeats 1)
#
# Model: --model, else exported from --ckpt (e.g. work/ckpt/en-fr-transformer/best.pt) into
# build/bench/ (F32 and I8, re-exported when the checkpoint is newer), else models/en-fr-transformer
# .safetensors, else (the default: what the demo runs) the shipped models/en-fr-transformer.i8.safetensors dequantized to F32
# (train/dequantize.py) with the I8 file itself as the I8 contender. All five contenders read the F32 file (torch and ONNX through the
# PyTorch reference model loaded from it); the I8 file is measured with attnseq alone.
# Writes bench/results/<date>.{json,md}, bench/results/throughput.svg and the Comparison section of
# docs/benchmarks.md (--no-docs: not the docs).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=/usr/bin/python3

model= model_i8= ckpt= data=work/data/en-fr n=500 repeats=3 warmup=20 build=1 extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --model) model=$2; shift 2 ;;
    --model-i8) model_i8=$2; shift 2 ;;
    --ckpt) ckpt=$2; shift 2 ;;
    --data) data=$2; shift 2 ;;
    --sentences) n=$2; shift 2 ;;
    --repeats) repeats=$2; shift 2 ;;
    --warmup) warmup=$2; shift 2 ;;
    --no-docs) extra+=(--no-docs); shift ;;
    --no-build) build=0; shift ;;
    --results) extra+=(--results "$2"); shift 2 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "bench: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
# The test sentences: the held-out split of the pipeline's own preparation, made here when missing
# (deterministic: the same split and vocabulary as training; ATTNSEQ_TATOEBA overrides the corpus path).
if [ ! -f "$data/test.json" ]; then
  pairs=${ATTNSEQ_TATOEBA:-/work/shared/data/tatoeba}/eng-fra/pairs.tsv
  [ -f "$pairs" ] || { echo "bench: $data/test.json not found and no corpus at $pairs to prepare it from (set ATTNSEQ_TATOEBA)" >&2; exit 2; }
  echo "bench: preparing $data from $pairs (train/prepare.py, about 30 s)"
  bash scripts/setup.sh native
  mkdir -p "$data"
  $PY train/prepare.py --pairs "$pairs" --src en --tgt fr --out "$data" --vocab 4000 --joint > "$data.prepare.log"
fi

bash scripts/setup.sh bench
if [ $build = 1 ]; then
  echo "bench: building build/native/attnseq_bench and the WebAssembly module"
  cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build/native --target attnseq_bench -j "$(nproc 2>/dev/null || echo 2)" >/dev/null
  bash scripts/build_wasm.sh >/dev/null
  # the f32x4 peak (bench/kernels) and a build with function names for the profile by C++ function
  NODE_PATH=/usr/share/nodejs cmake --build build/wasm --target attnseq_bench_kernels -j "$(nproc 2>/dev/null || echo 2)" >/dev/null
  if [ ! -f build/wasm-prof/CMakeCache.txt ]; then
    NODE_PATH=/usr/share/nodejs emcmake cmake -S . -B build/wasm-prof -DCMAKE_BUILD_TYPE=Release -DATTNSEQ_WASM_PROFILING=ON \
      -DEigen3_DIR=/usr/share/eigen3/cmake -Dnlohmann_json_DIR="$PWD/wasm/cmake/nlohmann_json" >/dev/null
  fi
  NODE_PATH=/usr/share/nodejs cmake --build build/wasm-prof --target attnseq_wasm -j "$(nproc 2>/dev/null || echo 2)" >/dev/null
fi
for f in build/native/attnseq_bench web/dist/attnseq.wasm; do
  [ -f "$f" ] || { echo "bench: $f missing (run without --no-build)" >&2; exit 2; }
done

mkdir -p build/bench
if [ -z "$model" ]; then
  if [ -n "$ckpt" ]; then
    [ -f "$ckpt" ] || { echo "bench: $ckpt not found" >&2; exit 2; }
    name=$(basename "$(dirname "$ckpt")")
    model=build/bench/$name.safetensors
    model_i8=${model_i8:-build/bench/$name.i8.safetensors}
    [ "$model" -nt "$ckpt" ] || $PY train/export.py --ckpt "$ckpt" --out "$model"
    [ "$model_i8" -nt "$ckpt" ] || $PY train/export.py --ckpt "$ckpt" --out "$model_i8" --int8
  elif [ -f models/en-fr-transformer.safetensors ]; then
    model=models/en-fr-transformer.safetensors
  elif [ -f models/en-fr-transformer.i8.safetensors ]; then
    # the shipped I8 weights as F32 (train/dequantize.py): every contender multiplies the same values
    model=build/bench/en-fr-transformer.dequantized.safetensors
    model_i8=${model_i8:-models/en-fr-transformer.i8.safetensors}
    [ "$model" -nt "$model_i8" ] || $PY train/dequantize.py "$model_i8" "$model"
    echo "bench: no checkpoint: the F32 contenders read $model (the shipped I8 file dequantized)" >&2
  else
    echo "bench: no model: pass --model FILE or --ckpt CHECKPOINT" >&2; exit 2
  fi
fi
if [ -z "$model_i8" ] && [ -f "${model%.safetensors}.i8.safetensors" ]; then model_i8=${model%.safetensors}.i8.safetensors; fi
[ -f "$model" ] || { echo "bench: $model not found" >&2; exit 2; }

base=$(basename "${model%.safetensors}")
onnx=build/bench/onnx/$base
if [ ! "$onnx.decoder.onnx" -nt "$model" ] || [ ! "$onnx.decoder.onnx" -nt train/export_onnx.py ]; then
  $PY train/export_onnx.py --model "$model" --out "$onnx"
fi
inputs=build/bench/inputs-$base-$n.json
$PY bench/compare/prepare_inputs.py --model "$model" --data "$data" --n "$n" --out "$inputs"

args=(--model "$model" --onnx "$onnx" --input "$inputs" --repeats "$repeats" --warmup "$warmup")
[ -n "$model_i8" ] && args+=(--model-i8 "$model_i8")
BENCH_ARGS="$*" node bench/compare/run.mjs "${args[@]}" ${extra[@]+"${extra[@]}"}
