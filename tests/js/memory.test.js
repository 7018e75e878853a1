// No leaks: 2,000 translations in a row (all strategies, generate() run to the end, broken out of
// and aborted, errors) leave the WebAssembly heap exactly as it was after warm-up.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Translator } from '../../web/src/index.js';
import { TINY, TINY_RNN } from './helpers.js';

const TEXTS = ['The cat likes fresh bread.', 'Le chat aime le pain frais.', 'hello world', 'Où est la gare ?', '   '];

async function round(translator, i) {
  const text = TEXTS[i % TEXTS.length];
  switch (i % 8) {
    case 0: return translator.translate(text);
    case 1: return translator.translate(text, { strategy: 'beam', beamSize: 4, numHypotheses: 2 });
    case 2: return translator.translate(text, { strategy: 'sample', seed: i, temperature: 0.8, topK: 20 });
    case 3: return translator.translate(text, { prefix: 'le', maxLength: 8, kvCache: false });
    case 4: { for await (const step of translator.generate(text, { maxLength: 6 })) void step; return; }
    case 5: { for await (const step of translator.generate(text)) if (step.step === 1) break; return; }
    case 6: {
      const controller = new AbortController();
      try {
        for await (const step of translator.generate(text, { signal: controller.signal })) if (step.step === 0) controller.abort();
      } catch (error) {
        if (error.code !== 'ABORTED') throw error;
      }
      return;
    }
    default:
      return translator.translate(text, { beamSize: 0 }).catch((error) => assert.equal(error.code, 'BAD_OPTION'));
  }
}

for (const [name, model] of [['transformer', TINY], ['rnn', TINY_RNN]]) {
  test(`2,000 translations leave the heap unchanged (${name})`, async () => {
    const translator = await Translator.load(model);
    try {
      for (let i = 0; i < 80; i++) await round(translator, i);  // warm-up: caches, pools, memory growth
      const start = await translator.memoryUsage();
      for (let i = 0; i < 2000; i++) await round(translator, i);
      const end = await translator.memoryUsage();
      assert.equal(end.heapUsed, start.heapUsed, `heap in use: ${start.heapUsed} → ${end.heapUsed} bytes`);
      assert.equal(end.memoryBytes, start.memoryBytes, `WebAssembly memory: ${start.memoryBytes} → ${end.memoryBytes} bytes`);
    } finally {
      translator.dispose();
    }
  });
}
