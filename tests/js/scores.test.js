// What the attention views show is what the engine computed: each step's scores before the softmax,
// the weights (their softmax), the context (the weighted sum of the returned attention values), for
// every score function and the Transformer's heads; equal to the PyTorch reference (golden.json). And
// a sampling step's distribution after temperature / top-k / top-p.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';

import { Translator } from '../../web/src/index.js';
import { TEST_MODELS } from './helpers.js';

const golden = JSON.parse(readFileSync(path.join(TEST_MODELS, 'golden.json'), 'utf8'));
const close = (a, b, tol, what) => assert.ok(Math.abs(a - b) <= tol, `${what}: ${a} vs ${b}`);

describe('scores → softmax → weighted sum, as computed', () => {
  for (const name of ['tiny-transformer', 'tiny-rnn-additive', 'tiny-rnn-dot', 'tiny-rnn-general', 'tiny-rnn-scaled_dot', 'tiny-conv', 'tiny-conv-k5']) {
    test(name, async () => {
      const t = await Translator.load(path.join(TEST_MODELS, `${name}.safetensors`), { worker: false });
      try {
        for (const [k, rec] of golden.models[name].entries()) {
          const text = golden.texts[k];
          const gen = t.generate(text, { alternatives: 3 });
          const { value: step } = await gen.next();
          const { attentionValues } = await gen.source;
          await gen.return();
          const { crossAttention: w, crossScores: sc, context: cx } = step;
          assert.equal(sc.layers, rec.cross_scores_step0.length);
          const S = w.cols, C = cx.cols, dh = C / w.heads;
          for (let l = 0; l < w.layers; l++) {
            const V = attentionValues[l];
            assert.equal(V.rows, S);
            assert.equal(V.cols, C);
            for (let h = 0; h < w.heads; h++) {
              const base = (l * w.heads + h) * S;
              const m = Math.max(...sc.data.subarray(base, base + S));
              let z = 0;
              for (let j = 0; j < S; j++) z += Math.exp(sc.data[base + j] - m);
              for (let j = 0; j < S; j++) {
                close(sc.data[base + j], rec.cross_scores_step0[l][h][j], 1e-4, `score ${l}/${h}/${j}`);
                close(w.data[base + j], Math.exp(sc.data[base + j] - m) / z, 1e-6, `softmax ${l}/${h}/${j}`);
              }
              for (let d = h * dh; d < (h + 1) * dh; d++) {
                let sum = 0;
                for (let j = 0; j < S; j++) sum += w.data[base + j] * V.data[j * C + d];
                close(cx.data[l * C + d], sum, 1e-5, `context ${l}/${d} = Σ α v`);
                close(cx.data[l * C + d], rec.cross_context_step0[l][d], 1e-4, `context ${l}/${d} (PyTorch)`);
              }
            }
          }
        }
      } finally {
        t.dispose();
      }
    });
  }

  test('the fixed-context model has no scores, context or values', async () => {
    const t = await Translator.load(path.join(TEST_MODELS, 'tiny-rnn-none.safetensors'), { worker: false });
    const gen = t.generate('hello world');
    const { value } = await gen.next();
    assert.equal(value.crossScores, null);
    assert.equal(value.context, null);
    assert.deepEqual((await gen.source).attentionValues, []);
    await gen.return();
    t.dispose();
  });

  test('a sampling step carries the distribution it was drawn from; greedy and beam steps do not', async () => {
    const t = await Translator.load(path.join(TEST_MODELS, 'tiny-transformer.safetensors'), { worker: false });
    try {
      // (the guards off: the random tiny model loops, and a banned token would leave top-2 with one)
      for await (const s of t.generate('hello world', { strategy: 'sample', seed: 3, topK: 2, alternatives: 4, maxRepeatRun: 0, copyNumbers: false })) {
        assert.equal(s.sampled.length, 4);
        close(s.sampled[0] + s.sampled[1], 1, 1e-5, 'top-2 keeps two tokens');
        assert.equal(s.sampled[2], 0);
        assert.equal(s.sampled[3], 0);
        close(s.sampled[0] / s.sampled[1], s.alternatives[0].probability / s.alternatives[1].probability, 1e-4, 'renormalized');
        assert.ok(s.alternatives.slice(0, 2).some((a) => a.id === s.token.id), 'the token is one of the kept ones');
      }
      for await (const s of t.generate('hello world', { alternatives: 4 })) assert.equal(s.sampled, null);
      const beam = await t.translate('hello world', { strategy: 'beam', beamSize: 3, alternatives: 4 });
      assert.ok(beam.steps.length > 0);
      for (const s of beam.steps) {
        assert.equal(s.sampled, null);
        assert.equal(s.crossScores.layers, 2);
      }
      assert.equal(beam.attentionValues.length, 2);
    } finally {
      t.dispose();
    }
  });
});
