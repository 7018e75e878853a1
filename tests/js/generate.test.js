// generate(): one step per model step, the same tokens as translate(), the source and the encoder
// self-attention up front, cancellation through AbortSignal and break.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';

import { Translator, attentionHead } from '../../web/src/index.js';
import { TINY, TINY_RNN, rejectsWith } from './helpers.js';

const TEXT = 'The cat likes fresh bread.';

async function collect(generation) {
  const steps = [];
  for await (const step of generation) steps.push(step);
  return steps;
}

describe('generate() on a Transformer', () => {
  let translator;
  before(async () => {
    translator = await Translator.load(TINY);
  });
  after(() => translator.dispose());

  for (const options of [{}, { strategy: 'sample', seed: 7, temperature: 0.8 }, { prefix: 'le chat', maxLength: 9 }]) {
    test(`steps = translate() ${JSON.stringify(options)}`, async () => {
      const result = await translator.translate(TEXT, options);
      const steps = await collect(translator.generate(TEXT, options));
      assert.equal(steps.length, result.tokens.length);
      steps.forEach((s, i) => {
        assert.equal(s.step, i);
        assert.deepEqual(s.token, result.tokens[i]);
        assert.ok(Math.abs(s.probability - result.probabilities[i]) < 1e-6);
        assert.equal(s.done, i === steps.length - 1);
        assert.deepEqual([...s.alignment], [...result.attention.data.subarray(i * result.attention.cols, (i + 1) * result.attention.cols)]);
        assert.equal(s.alternatives.length, 5);
        assert.ok(s.alternatives.every((a, k) => k === 0 || a.probability <= s.alternatives[k - 1].probability));
      });
      const forced = Array.isArray(options.prefix) ? options.prefix.length : options.prefix ? steps.filter((s) => s.forced).length : 0;
      assert.ok(steps.slice(0, forced).every((s) => s.forced) && steps.slice(forced).every((s) => !s.forced));
      assert.equal(steps.at(-1).text, result.text);
      const last = steps.at(-1).result;
      assert.equal(last.text, result.text);
      assert.deepEqual(last.tokens, result.tokens);
      assert.deepEqual(last.sourceTokens, result.sourceTokens);
      assert.equal(last.macs, result.macs);
      assert.ok(steps.slice(0, -1).every((s) => s.result === undefined));
    });
  }

  test('the first step and generation.source carry the source tokens and encoder self-attention', async () => {
    const { config } = translator.info;
    const g = translator.generate(TEXT, { alternatives: 0 });
    const source = await g.source;
    const S = source.sourceTokens.length;
    assert.deepEqual(source.sourceTokens, await translator.tokenize(TEXT));
    const att = source.encoderAttention;
    assert.equal(att.layers, config.encLayers);
    assert.equal(att.heads, config.heads);
    assert.equal(att.rows, S);
    assert.equal(att.cols, S);
    assert.ok(att.data instanceof Float32Array);
    assert.equal(att.data.length, config.encLayers * config.heads * S * S);
    const head = attentionHead(att, config.encLayers - 1, config.heads - 1);
    assert.equal(head.data.length, S * S);
    for (let r = 0; r < S; r++) {  // each query's weights sum to 1
      const sum = head.data.subarray(r * S, (r + 1) * S).reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(sum - 1) < 1e-4);
    }
    const { value: first } = await g.next();
    assert.equal(first.source, source);
    assert.deepEqual(first.alternatives, []);
    const cross = first.crossAttention;
    assert.equal(cross.layers, config.decLayers);
    assert.equal(cross.heads, config.heads);
    assert.equal(cross.cols, S);
    assert.equal(cross.data.length, config.decLayers * config.heads * S);
    assert.equal(attentionHead(cross, 0, 1).data.length, S);
    const { value: second } = await g.next();
    assert.equal(second.source, undefined);
    await g.return();
  });

  test('an AbortSignal cancels a generation in progress and frees its session', async () => {
    const before = (await translator.memoryUsage()).heapUsed;
    const controller = new AbortController();
    const g = translator.generate(TEXT, { signal: controller.signal });
    const steps = [];
    await rejectsWith(assert, (async () => {
      for await (const step of g) {
        steps.push(step);
        if (step.step === 2) controller.abort();
      }
    })(), 'ABORTED');
    assert.equal(steps.length, 3);
    assert.deepEqual(await g.next(), { done: true, value: undefined });
    assert.equal((await translator.memoryUsage()).heapUsed, before);
  });

  test('aborting while a step is pending rejects it at once', async () => {
    const controller = new AbortController();
    const g = translator.generate(TEXT, { signal: controller.signal });
    await g.next();
    const pending = g.next();
    controller.abort(new Error('user left'));
    await rejectsWith(assert, pending, 'ABORTED', /user left/);
  });

  test('an already aborted signal: nothing starts', async () => {
    const before = (await translator.memoryUsage()).heapUsed;
    await rejectsWith(assert, translator.generate(TEXT, { signal: AbortSignal.abort() }).next(), 'ABORTED');
    await rejectsWith(assert, translator.translate(TEXT, { signal: AbortSignal.abort() }), 'ABORTED');
    assert.equal((await translator.memoryUsage()).heapUsed, before);
  });

  test('break (return()) closes the session; concurrent next() calls are served in order', async () => {
    const before = (await translator.memoryUsage()).heapUsed;
    const g = translator.generate(TEXT);
    const [a, b, c] = await Promise.all([g.next(), g.next(), g.next()]);
    assert.deepEqual([a.value.step, b.value.step, c.value.step], [0, 1, 2]);
    for await (const step of g) if (step.step === 4) break;
    assert.deepEqual(await g.next(), { done: true, value: undefined });
    assert.equal((await translator.memoryUsage()).heapUsed, before);
    // A generation that was never iterated holds nothing.
    translator.generate(TEXT);
    assert.equal((await translator.memoryUsage()).heapUsed, before);
  });

  test('a signal for translate(): rejects with ABORTED once it fires', async () => {
    const controller = new AbortController();
    const p = translator.translate(TEXT, { signal: controller.signal });
    controller.abort();  // before the promise settles: its result is dropped
    await rejectsWith(assert, p, 'ABORTED');
    const done = await translator.translate(TEXT, { signal: controller.signal }).catch((e) => e);
    assert.equal(done.code, 'ABORTED');
    assert.ok((await translator.translate(TEXT, { signal: new AbortController().signal })).text.length > 0);
    await rejectsWith(assert, translator.translate(TEXT, { signal: 'stop' }), 'BAD_OPTION', /AbortSignal/);
  });
});

test('generate() on an RNN: no encoder self-attention, one-layer one-head cross-attention', async () => {
  const translator = await Translator.load(TINY_RNN);
  try {
    const g = translator.generate(TEXT);
    const source = await g.source;
    assert.equal(source.encoderAttention, null);
    const { value } = await g.next();
    assert.equal(value.crossAttention.layers, 1);
    assert.equal(value.crossAttention.heads, 1);
    assert.equal(value.crossAttention.cols, source.sourceTokens.length);
    assert.deepEqual([...value.crossAttention.data], [...value.alignment]);
    await g.return();
  } finally {
    translator.dispose();
  }
});

test('a generation dropped half-way has its session freed once garbage-collected', () => {
  const script = `
    const { Translator } = await import(${JSON.stringify(new URL('../../web/src/index.js', import.meta.url).href)});
    const t = await Translator.load(${JSON.stringify(TINY)});
    const before = (await t.memoryUsage()).heapUsed;
    await (async () => { const g = t.generate('The cat likes fresh bread.'); await g.next(); await g.next(); })();
    const during = (await t.memoryUsage()).heapUsed;
    for (let i = 0; i < 10 && (await t.memoryUsage()).heapUsed !== before; i++) {
      globalThis.gc();
      await new Promise((r) => setTimeout(r, 20));
    }
    console.log(JSON.stringify({ before, during, after: (await t.memoryUsage()).heapUsed }));`;
  const r = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const { before, during, after } = JSON.parse(r.stdout);
  assert.ok(during > before, 'the open session holds memory');
  assert.equal(after, before);
});
