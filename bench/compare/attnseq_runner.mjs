// The attnseq WebAssembly contender's steps, shared by Node (attnseq_node.mjs) and Chromium (page.mjs):
// load the model through the public API (timed), translate `warmup` sentences untimed, then every
// sentence timed one by one (greedy, batch 1, in the calling thread; per-token attention rows are not
// requested, as the native contender does not request them). Separate steps, so that a driver can
// read the CPU time of the timed pass alone.
const EOS = 3;
// The model's own greedy choices, as the other contenders make them (PyTorch's and onnxruntime's loops have no
// decoding guards and read the text as given): the number, name and repeat guards and the input restoration
// off (their cost is measured apart: docs/architecture.md). bench/native/attnseq_bench.cc sets the same.
const OPTIONS = { strategy: 'greedy', returnAttention: false, copyNumbers: false, copyNames: false, maxRepeatRun: 0, restoreInput: false };

/**
 * @param Translator the attnseq Translator class (web/src/index.js)
 * @param source what Translator.load takes: a file path (Node), a URL (browser), bytes
 */
export async function loadAttnseq(Translator, source) {
  const t0 = performance.now();
  const translator = await Translator.load(source, { worker: false });
  return { translator, load_ms: performance.now() - t0 };
}

export async function warmupAttnseq(translator, sentences, warmup) {
  for (const s of sentences.slice(0, warmup)) await translator.translate(s, OPTIONS);
}

export async function passAttnseq(translator, sentences) {
  const times = [];
  const outputs = [];
  let steps = 0;
  let macs = 0;
  for (const s of sentences) {
    const t = performance.now();
    const r = await translator.translate(s, OPTIONS);
    times.push(performance.now() - t);
    steps += r.tokens.length;
    macs += r.macs;
    outputs.push(r.tokens.map((x) => x.id).filter((id) => id !== EOS));
  }
  return { sentences: sentences.length, total_ms: times.reduce((a, b) => a + b, 0), times_ms: times, steps, macs, outputs };
}

/** WebAssembly memory of the instance (it never shrinks: its size is the peak) and bytes malloc'ed now. */
export async function finishAttnseq(translator) {
  const memory = await translator.memoryUsage();
  translator.dispose();
  return { wasm_memory_bytes: memory.memoryBytes, wasm_heap_used_bytes: memory.heapUsed };
}
