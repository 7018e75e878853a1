#!/usr/bin/env bash
# Native hardening checks (docs/robustness.md, "Native: fuzzing and sanitizers"):
#   1. the Catch2 suite, CLI smoke test and fuzz-corpus replays built with AddressSanitizer +
#      UndefinedBehaviorSanitizer (build/asan, -fno-sanitize-recover=all: any report fails the test);
#   2. each libFuzzer target of tests/fuzz/ (build/fuzz, clang-14) for ATTNSEQ_FUZZ_SECONDS seconds
#      (default 60; 0 only replays the corpus), starting from tests/fuzz/corpus/<target>/. Any crash,
#      sanitizer report, leak, timeout (> 10 s for one input) or out-of-memory fails the script; the
#      input is left in build/fuzz/findings/.
# Run alone with `bash scripts/test_native_hardening.sh` (after `bash scripts/setup.sh native`).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${ATTNSEQ_FUZZ_SECONDS:-60}
jobs=$(nproc 2>/dev/null || echo 2)
symbolizer=$(command -v llvm-symbolizer-14 || command -v llvm-symbolizer || true)
if [ -n "$symbolizer" ]; then export ASAN_SYMBOLIZER_PATH="$symbolizer"; fi
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

echo "== ASan + UBSan: Catch2 suite, CLI smoke test, fuzz corpus replay (build/asan)"
cmake -S . -B build/asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DATTNSEQ_SANITIZE=ON >/dev/null
cmake --build build/asan -j "$jobs" --target attnseq attnseq_tests \
  fuzz_model_loader_replay fuzz_tokenizer_replay fuzz_decode_options_replay
# The Python unit tests do not run attnseq code: they run in the plain native ctest.
ctest --test-dir build/asan --output-on-failure -j "$jobs" -E '^python_unittests$'

echo "== libFuzzer targets, ${seconds} s each (build/fuzz)"
CC=clang-14 CXX=clang++-14 cmake -S . -B build/fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DATTNSEQ_FUZZ=ON >/dev/null
cmake --build build/fuzz -j "$jobs"
mkdir -p build/fuzz/findings build/fuzz/logs
summary=()
for target in fuzz_model_loader fuzz_tokenizer fuzz_decode_options; do
  work=build/fuzz/corpus/$target   # new inputs go here (not committed); the seeds are read-only
  mkdir -p "$work"
  args=(-timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 -print_final_stats=1
        -artifact_prefix="build/fuzz/findings/$target-" -dict=tests/fuzz/fuzz.dict)
  if [ "$seconds" -gt 0 ]; then args+=(-max_total_time="$seconds"); else args+=(-runs=0); fi
  log=build/fuzz/logs/$target.log
  echo "-- $target"
  if ! "build/fuzz/$target" "${args[@]}" "$work" "tests/fuzz/corpus/$target" >"$log" 2>&1; then
    tail -n 60 "$log"
    echo "test_native_hardening: $target found a problem (input in build/fuzz/findings/, log $log)" >&2
    exit 1
  fi
  done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1 || true)
  stats=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}' || true)
  echo "   ${done_line:-(no DONE line)}"
  summary+=("$target: ${stats:-?} executions in ${seconds} s, no findings")
done
printf '%s\n' "== fuzzing summary" "${summary[@]}"
