// Heap diagnostics for leak tests and the demo's memory readout.
#include <emscripten/bind.h>
#include <malloc.h>

namespace attnseq_wasm {
namespace {

// Bytes currently allocated by malloc (dlmalloc's mallinfo().uordblks).
double heap_used() { return static_cast<double>(mallinfo().uordblks); }

// Size of the WebAssembly memory (grows, never shrinks).
double memory_bytes() { return static_cast<double>(__builtin_wasm_memory_size(0)) * 65536.0; }

}  // namespace

EMSCRIPTEN_BINDINGS(attnseq_memory) {
  emscripten::function("heapUsed", &heap_used);
  emscripten::function("memoryBytes", &memory_bytes);
}

}  // namespace attnseq_wasm
