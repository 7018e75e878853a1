// ATTNSEQ_NOINLINE: keep a function out of its callers. For code that runs rarely beside code that runs
// at every decoder step: in WebAssembly the engine's optimizing compiler compiles a function that runs
// often, with everything inlined into it, so a rare path inlined into a per-step function is compiled
// too (docs/benchmarks.md, "Compiled for the first visit").
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define ATTNSEQ_NOINLINE __attribute__((noinline))
#else
#define ATTNSEQ_NOINLINE
#endif
