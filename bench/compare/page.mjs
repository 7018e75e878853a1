// The browser contenders' page: globalThis.bench exposes each step to the driver (browser.mjs), which
// calls them one by one and reads the renderer's CPU time around the timed pass. Both contenders run
// in the page's main thread with one thread: attnseq through its public API ({worker: false}),
// onnxruntime-web with its WebAssembly backend (SIMD build, numThreads 1, no proxy worker).
import { finishAttnseq, loadAttnseq, passAttnseq, warmupAttnseq } from './attnseq_runner.mjs';
import { createOrtModel, ortGreedy } from './ort_greedy.mjs';

const state = {};

/** The largest WebAssembly memory seen (recorded by the driver's init script; memories never shrink). */
function wasmMemoryBytes() {
  return Math.max(0, ...(globalThis.__benchMemories ?? []).map((m) => m.buffer.byteLength));
}

globalThis.bench = {
  async attnseqLoad(url) {
    const t0 = performance.now();
    const { Translator } = await import('../../web/src/index.js');
    const { sharedCore } = await import('../../web/src/engine/shared-core.js');
    await sharedCore();
    const startup_ms = performance.now() - t0;
    const r = await loadAttnseq(Translator, url);
    state.translator = r.translator;
    return { startup_ms, load_ms: r.load_ms };
  },
  async attnseqWarmup(sentences, n) { await warmupAttnseq(state.translator, sentences, n); },
  async attnseqPass(sentences) { return passAttnseq(state.translator, sentences); },
  async attnseqFinish() { return { ...(await finishAttnseq(state.translator)), wasm_memory_seen_bytes: wasmMemoryBytes() }; },

  async ortLoad(encoderUrl, decoderUrl, info) {
    const t0 = performance.now();
    const ort = await import('/node_modules/onnxruntime-web/dist/ort.wasm.min.mjs');
    ort.env.wasm.wasmPaths = '/node_modules/onnxruntime-web/dist/';
    ort.env.wasm.numThreads = 1;
    ort.env.wasm.simd = true;
    ort.env.wasm.proxy = false;
    const startup_ms = performance.now() - t0;  // the import; the WebAssembly starts with the first session
    const t1 = performance.now();
    const [enc, dec] = await Promise.all([encoderUrl, decoderUrl].map(async (u) => new Uint8Array(await (await fetch(u)).arrayBuffer())));
    state.ort = await createOrtModel(ort, { encoder: enc, decoder: dec, info });
    return { startup_ms, load_ms: performance.now() - t1, ort_version: ort.env.versions?.web ?? null };
  },
  async ortWarmup(srcIds, n) { for (const s of srcIds.slice(0, n)) await ortGreedy(state.ort, s); },
  async ortPass(srcIds) {
    const times = [];
    const outputs = [];
    let steps = 0;
    let encodeMs = 0;
    for (const s of srcIds) {
      const t = performance.now();
      const r = await ortGreedy(state.ort, s);
      times.push(performance.now() - t);
      outputs.push(r.ids);
      steps += r.steps;
      encodeMs += r.encodeMs;
    }
    return { sentences: srcIds.length, total_ms: times.reduce((a, b) => a + b, 0), times_ms: times, steps, encode_ms: encodeMs, outputs };
  },
  async ortFinish() {
    await state.ort.enc.release();
    await state.ort.dec.release();
    return { wasm_memory_bytes: wasmMemoryBytes() };
  },
};
document.body.dataset.ready = '1';
