// Long runs: 10,000 translations through the WebAssembly API (every strategy, generate() run to the end,
// broken out of and aborted, blank and hostile texts, option and input errors) on the tiny Transformer
// and 2,000 on the shipped model (the tiny GRU's 2,000: memory.test.js): after warm-up, the
// WebAssembly heap in use may grow by at most 1 MB and the WebAssembly memory not at all. Prints the figures docs/robustness.md quotes.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';

import { Translator } from '../../web/src/index.js';
import { ROOT, TINY } from './helpers.js';

const REAL = path.join(ROOT, 'models/en-fr-gru-attn.i8.safetensors');
const LIMIT = 1 << 20;  // bytes of heap growth allowed after warm-up

const TEXTS = ['The cat likes fresh bread.', 'hello world', 'Où est la gare ?', '   ', 'I ate an apple.',
  '👩🏽‍💻 \u202Eevil\u202C <b>x</b>', 'a\u0000b \uD800', 'Ελληνικά 日本語', 'She reads.'];
const TOO_LONG = 'word '.repeat(400);

async function round(translator, i) {
  const text = TEXTS[i % TEXTS.length];
  switch (i % 10) {
    case 0: case 7: return translator.translate(text);
    case 1: return translator.translate(text, { strategy: 'beam', beamSize: 3, numHypotheses: 2 });
    case 2: return translator.translate(text, { strategy: 'sample', seed: i, temperature: 0.8, topK: 20 });
    case 3: return translator.translate(text, { maxLength: 6, returnAttention: false });
    case 4: { for await (const step of translator.generate(text, { maxLength: 6 })) void step; return undefined; }
    case 5: { for await (const step of translator.generate(text)) if (step.step === 1) break; return undefined; }
    case 6: {
      const controller = new AbortController();
      try {
        for await (const step of translator.generate(text, { signal: controller.signal })) if (step.step === 0) controller.abort();
      } catch (error) {
        if (error.code !== 'ABORTED') throw error;
      }
      return undefined;
    }
    case 8: return translator.translate(TOO_LONG).catch((error) => assert.equal(error.code, 'INPUT_TOO_LONG'));
    default: return translator.translate(text, { topP: 2 }).catch((error) => assert.equal(error.code, 'BAD_OPTION'));
  }
}

/** The JavaScript heap after a full collection (gc exposed at run time). */
function jsHeap() {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  gc();
  return process.memoryUsage().heapUsed;
}

async function longRun(model, rounds, warmup) {
  const translator = await Translator.load(model);
  try {
    for (let i = 0; i < warmup; i++) await round(translator, i);  // caches, pools, memory growth
    const start = await translator.memoryUsage();
    const js0 = jsHeap();
    const t0 = performance.now();
    for (let i = 0; i < rounds; i++) await round(translator, i);
    const ms = performance.now() - t0;
    const end = await translator.memoryUsage();
    const js1 = jsHeap();
    const growth = end.heapUsed - start.heapUsed;
    console.log(`# ${path.basename(model)}: ${rounds} translations in ${(ms / 1000).toFixed(1)} s (${(ms / rounds).toFixed(2)} ms each); ` +
      `WebAssembly heap in use ${start.heapUsed} → ${end.heapUsed} bytes (growth ${growth}), memory ${start.memoryBytes} → ${end.memoryBytes}; ` +
      `JS heap after gc ${(js0 / 1e6).toFixed(1)} → ${(js1 / 1e6).toFixed(1)} MB`);
    assert.ok(growth <= LIMIT, `heap in use grew by ${growth} bytes over ${rounds} translations (limit ${LIMIT})`);
    assert.equal(end.memoryBytes, start.memoryBytes, `WebAssembly memory: ${start.memoryBytes} → ${end.memoryBytes} bytes`);
    assert.ok(js1 - js0 <= 16 * LIMIT, `JavaScript heap grew by ${js1 - js0} bytes`);
  } finally {
    translator.dispose();
  }
}

test('10,000 translations: WebAssembly heap growth ≤ 1 MB after warm-up (tiny Transformer)', { timeout: 180_000 }, async () => {
  await longRun(TINY, 10_000, 100);
});

test('2,000 translations with the shipped model: heap growth ≤ 1 MB after warm-up', { timeout: 180_000, skip: !existsSync(REAL) && 'models/en-fr-gru-attn.i8.safetensors is not there' }, async () => {
  await longRun(REAL, 2_000, 50);
});
