// Hostile text through the JavaScript API: whatever a visitor pastes gives a translation or an
// AttnseqError with a clear message, within a bounded time, in-thread and through the worker RPC
// alike; source spans always index the caller's string. Prints the time per input (quoted in
// docs/robustness.md). Also: option errors name the JavaScript key for every range-checked option,
// and labels made from pieces show control and bidi characters instead of obeying them.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';

import { AttnseqError, Translator } from '../../web/src/index.js';
import { WorkerClient } from '../../web/src/engine/client.js';
import { serve } from '../../web/src/engine/worker.js';
import { pieceText, visible } from '../../web/src/state/text.js';
import { ROOT, TINY, TINY_RNN, rejectsWith } from './helpers.js';
import { HOSTILE as SHARED } from '../data/hostile-inputs.mjs';

const REAL = path.join(ROOT, 'models/en-fr-gru-attn.i8.safetensors');

/** name → [text, what the API may give] (the shared table: tests/data/hostile-inputs.mjs). */
export const HOSTILE = Object.fromEntries(Object.entries(SHARED).map(([k, v]) => [k, [v.text, v.api]]));

const BOUND_MS = 5_000;  // per call; the real figures are printed (a few ms to ~0.5 s for 1 MB)

function checkResult(text, r) {
  assert.equal(typeof r.text, 'string');
  for (const s of r.sourceTokens) {
    if (s.span === null) continue;
    const [b, e] = s.span;
    assert.ok(Number.isInteger(b) && Number.isInteger(e) && 0 <= b && b <= e && e <= text.length, `span ${b}..${e} of ${text.length}`);
  }
  assert.ok(r.tokens.length <= 256);
}

async function expectOutcome(name, text, want, fn) {
  const t0 = performance.now();
  let outcome;
  try {
    outcome = { value: await fn() };
  } catch (error) {
    outcome = { error };
  }
  const ms = performance.now() - t0;
  assert.ok(ms < BOUND_MS, `${name}: ${ms.toFixed(0)} ms`);
  const allowed = want.split('|');
  if (!outcome.error) {
    assert.ok(allowed.includes('text'), `${name}: expected ${want}, got a result`);
  } else {
    assert.ok(outcome.error instanceof AttnseqError, `${name}: ${outcome.error.stack}`);
    assert.ok(allowed.includes(outcome.error.code), `${name}: expected ${want}, got ${outcome.error.code}: ${outcome.error.message}`);
    assert.match(outcome.error.message, /accepts at most \d+: translate it one sentence at a time/);
  }
  return { ms, value: outcome.value, code: outcome.error?.code };
}

async function exercise(translator, label) {
  const times = [];
  for (const [name, [text, want]] of Object.entries(HOSTILE)) {
    const a = await expectOutcome(name, text, want, () => translator.translate(text));
    if (a.value) checkResult(text, a.value);
    const b = await expectOutcome(name, text, want, () => translator.translate(text, { strategy: 'beam', beamSize: 3 }));
    if (b.value) checkResult(text, b.value);
    const c = await expectOutcome(name, text, want, async () => {
      let last = null;
      for await (const step of translator.generate(text)) last = step;
      return last?.result ?? null;
    });
    if (c.value) assert.equal(c.value.text, a.value.text, `${name}: generate() ends as translate() does`);
    const d = await expectOutcome(name, text, want, () => translator.tokenize(text));
    assert.ok(a.code === b.code && b.code === c.code && c.code === d.code, `${name}: the same outcome for every call`);
    times.push(`${name} ${a.ms.toFixed(1)}/${b.ms.toFixed(1)}/${c.ms.toFixed(1)} ms${a.code ? ` (${a.code})` : ''}`);
  }
  console.log(`# ${label} (translate greedy / beam 3 / generate): ${times.join('; ')}`);
}

describe('hostile text through the API', () => {
  for (const [name, model] of [['tiny Transformer', TINY], ['tiny GRU', TINY_RNN], ['shipped model', REAL]]) {
    test(`${name}, in-thread: a translation or a clear error, in bounded time`, { skip: !existsSync(model) && `${model} missing` }, async () => {
      const translator = await Translator.load(model);
      try {
        await exercise(translator, `${path.basename(model)} in-thread`);
      } finally {
        translator.dispose();
      }
    });
  }

  test('through the worker RPC: the same outcomes (and the same texts) as in-thread', async () => {
    const { port1, port2 } = new MessageChannel();
    serve(port1);
    const client = new WorkerClient(port2, () => port2.close());
    const { model, info } = await client.call('load', [new Uint8Array(readFileSync(TINY))]);
    const remote = new Translator(client, model, info, true);
    const local = await Translator.load(TINY);
    try {
      await exercise(remote, 'tiny-transformer through the worker RPC');
      for (const [name, [text, want]] of Object.entries(HOSTILE)) {
        if (want !== 'text') continue;
        assert.deepEqual(await remote.translate(text), await local.translate(text), name);
      }
    } finally {
      remote.dispose();
      local.dispose();
    }
  });

  test('lone surrogates become U+FFFD one for one: spans still index the caller\'s string', async () => {
    const translator = await Translator.load(TINY);
    try {
      const text = HOSTILE['lone surrogates'][0];
      const tokens = await translator.tokenize(text);
      const same = await translator.tokenize(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
      assert.deepEqual(tokens, same);
      assert.ok(tokens.some((x) => x.span && text.slice(...x.span).includes('\uD800')));
    } finally {
      translator.dispose();
    }
  });
});

test('every range-checked option names its JavaScript key (the C++ field mapped by bind_errors.cc)', async () => {
  const translator = await Translator.load(TINY);
  try {
    const cases = {
      beamSize: { strategy: 'beam', beamSize: 65 }, lengthPenalty: { lengthPenalty: 11 }, temperature: { temperature: 101 },
      topK: { topK: -1 }, topP: { topP: 0 }, maxLengthRatio: { maxLengthRatio: -1 }, maxLengthExtra: { maxLengthExtra: -1 },
      maxLength: { maxLength: 0 }, alternatives: { alternatives: -1 },
    };
    for (const [key, options] of Object.entries(cases)) {
      await rejectsWith(assert, translator.translate('the cat', options), 'BAD_OPTION', new RegExp(`^decoding option ${key} = .* is out of range`));
      await rejectsWith(assert, translator.generate('', options).next(), 'BAD_OPTION', new RegExp(`decoding option ${key} `));
    }
    await rejectsWith(assert, translator.translate('the cat', { strategy: 'nucleus' }), 'BAD_OPTION', /^decoding option strategy = "nucleus": expected greedy, beam or sample/);
    await rejectsWith(assert, translator.translate('the cat', { strategy: 'beam', beamSize: 2, numHypotheses: 3 }), 'BAD_OPTION',
      /^decoding option numHypotheses = 3 is out of range: expected 1 \.\. 2 \(at most beamSize\)$/);
    await rejectsWith(assert, translator.translate('the cat', { topK: 1000 }), 'BAD_OPTION', /topK = 1000 is out of range: expected 0 \.\. \d+ \(0 = no limit\)$/);
    const r = await translator.translate('the cat', { lengthPenalty: 20 }).catch((e) => e);
    assert.doesNotMatch(r.message, /length_penalty/);
  } finally {
    translator.dispose();
  }
});

test('labels show control and bidi characters instead of obeying them', () => {
  assert.equal(pieceText('\u2581a\u0000b'), 'a␀b');
  assert.equal(pieceText('\u202E'), '[RLO]');
  assert.equal(pieceText('x\u0085\u007F'), 'x[U+0085]␡');
  assert.equal(visible('\u2067x\u2069\u200F'), '[RLI]x[PDI][RLM]');
  assert.equal(visible('שלום 👩🏽‍💻 <b>'), 'שלום 👩🏽‍💻 <b>', 'everything else is left as it is');
});
