#!/usr/bin/env bash
# Native hardening checks (docs/robustness.md, "Native: fuzzing and sanitizers"), from one build
# (build/san: clang-14, AddressSanitizer + UndefinedBehaviorSanitizer with -fno-sanitize-recover=all, so
# any report fails; libFuzzer's coverage in every object; -O1 with line tables):
#   1. the Catch2 suite, CLI smoke test and fuzz-corpus replays;
#   2. each libFuzzer target of tests/fuzz/ for ATTNSEQ_FUZZ_SECONDS seconds (default 60; 0 only
#      replays the corpus), starting from tests/fuzz/corpus/<target>/, with inputs capped at the
#      target's -max_len below (each target fuzzes one thing: see the table in docs/robustness.md). Any
#      crash, broken invariant, sanitizer report, leak, timeout (> 10 s for one input) or out-of-memory
#      fails the script; the input is left in build/fuzz/findings/ (new inputs in build/fuzz/corpus/,
#      logs in build/fuzz/logs/).
# One build instead of a GCC one for step 1 and a clang one for step 2: clang compiles the sanitized
# code about 3x faster than GCC here (tests/cpp/test_models.cc: 29 s against 103 s), and the library is
# compiled once.
# Run alone with `bash scripts/test_native_hardening.sh` (after `bash scripts/setup.sh native`);
# ATTNSEQ_FUZZ_ONLY=1 skips step 1 (only the libFuzzer runs). `npm run fuzz -- --runs 1000000` is the
# long run of docs/robustness.md: the libFuzzer step alone, each target until it has made that many
# executions (ATTNSEQ_FUZZ_RUNS; no time limit), resuming from build/fuzz/corpus/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${ATTNSEQ_FUZZ_SECONDS:-60}
runs=${ATTNSEQ_FUZZ_RUNS:-0}
while [ $# -gt 0 ]; do
  case $1 in
    --runs) runs=$2; ATTNSEQ_FUZZ_ONLY=1; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --fuzz-only) ATTNSEQ_FUZZ_ONLY=1; shift ;;
    *) echo "test_native_hardening: unknown argument $1 (--runs N, --seconds S, --fuzz-only)" >&2; exit 2 ;;
  esac
done
# target -> -max_len (bytes). Small caps keep every target above 1,000 executions per second.
targets=(fuzz_tokenizer_text fuzz_tokenizer_json fuzz_safetensors_header fuzz_model_loader fuzz_decode_options)
declare -A max_len=(
  [fuzz_tokenizer_text]=512        # tokenizer byte + text for one of 3 fixed tokenizers
  [fuzz_tokenizer_json]=8192       # tokenizer JSON (the byte-fallback seed is 4.7 kB)
  [fuzz_safetensors_header]=16384  # a safetensors container
  [fuzz_model_loader]=16384        # a whole model file (miniature seeds of 3-11 kB)
  [fuzz_decode_options]=112        # 52 option bytes, a prefix of up to 7 ids, 32 bytes of text
)
jobs=$(nproc 2>/dev/null || echo 2)
symbolizer=$(command -v llvm-symbolizer-14 || command -v llvm-symbolizer || true)
if [ -n "$symbolizer" ]; then export ASAN_SYMBOLIZER_PATH="$symbolizer"; fi
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

CC=clang-14 CXX=clang++-14 cmake -S . -B build/san -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO='-O1 -gline-tables-only -DNDEBUG' -DATTNSEQ_SANITIZE=ON -DATTNSEQ_FUZZ=ON >/dev/null
if [ "${ATTNSEQ_FUZZ_ONLY:-0}" != 1 ]; then
  echo "== ASan + UBSan: Catch2 suite, CLI smoke test, fuzz corpus replay (build/san)"
  cmake --build build/san -j "$jobs" --target attnseq attnseq_tests "${targets[@]/%/_replay}" "${targets[@]}"
  # The Python unit tests do not run attnseq code: they run in the plain native ctest.
  ctest --test-dir build/san --output-on-failure -j "$jobs" -E '^python_'
fi

if [ "$runs" -gt 0 ]; then
  echo "== libFuzzer targets, ${runs} executions each (build/san)"
else
  echo "== libFuzzer targets, ${seconds} s each (build/san)"
fi
cmake --build build/san -j "$jobs" --target "${targets[@]}"
mkdir -p build/fuzz/findings build/fuzz/logs
# One target per core at a time (each libFuzzer process is single-threaded): every target still gets
# its ${seconds} s (ATTNSEQ_FUZZ_JOBS at a time, default the core count), the whole step takes ceil(targets / cores) x ${seconds} s instead of targets x ${seconds} s.
fuzz_one() {
  local target=$1 work=build/fuzz/corpus/$1   # new inputs go to work (not committed); the seeds are read-only
  mkdir -p "$work"
  local args=(-max_len="${max_len[$target]}" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 -print_final_stats=1
        -artifact_prefix="build/fuzz/findings/$target-" -dict=tests/fuzz/fuzz.dict)
  if [ "$runs" -gt 0 ]; then args+=(-runs="$runs")
  elif [ "$seconds" -gt 0 ]; then args+=(-max_total_time="$seconds")
  else args+=(-runs=0); fi
  local rc=0 start=$SECONDS
  "build/san/$target" "${args[@]}" "$work" "tests/fuzz/corpus/$target" >"build/fuzz/logs/$target.log" 2>&1 || rc=$?
  echo "$((SECONDS - start))" >"build/fuzz/logs/$target.seconds"
  echo "$rc" >"build/fuzz/logs/$target.rc"
}
for target in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "${ATTNSEQ_FUZZ_JOBS:-$jobs}" ]; do wait -n || true; done
  echo "-- $target"
  rm -f "build/fuzz/logs/$target.rc"
  fuzz_one "$target" &
done
wait
summary=()
failed=0
for target in "${targets[@]}"; do
  log=build/fuzz/logs/$target.log
  if [ "$(cat "build/fuzz/logs/$target.rc" 2>/dev/null || echo missing)" != 0 ]; then
    tail -n 60 "$log"
    echo "test_native_hardening: $target found a problem (input in build/fuzz/findings/, log $log)" >&2
    failed=1
    continue
  fi
  done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1 || true)
  stats=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}' || true)
  rate=$(grep -E '^stat::average_exec_per_sec' "$log" | awk '{print $2}' || true)
  echo "   $target: ${done_line:-(no DONE line)}"
  took=$(cat "build/fuzz/logs/$target.seconds" 2>/dev/null || echo "$seconds")
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -n 1 | awk '{print $2}' || true)
  summary+=("$target: ${stats:-?} executions in ${took} s (${rate:-?}/s, cov ${cov:-?}, -max_len=${max_len[$target]}), no findings")
done
[ "$failed" = 0 ] || exit 1
printf '%s\n' "== fuzzing summary" "${summary[@]}"
