// Cancellation reaches the engine's loop: an aborted translate() stops computing in the worker (worker.js
// runs it in slices and reads its messages between them), and translate() requests superseded by a newer
// one with the same `supersede` key are dropped before they are sent (WorkerClient). The worker is
// worker.js's serve() on one end of a MessageChannel with a Core whose decoder steps are counted
// (core.modelSteps), the client the WorkerClient on the other end, as in a page.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { Translator } from '../../web/src/index.js';
import { WorkerClient } from '../../web/src/engine/client.js';
import { Core } from '../../web/src/engine/core.js';
import { serve } from '../../web/src/engine/worker.js';
import { TINY, rejectsWith } from './helpers.js';

const TEXT = 'The cat likes fresh bread and the dog likes it too.';
// Beam search with room for many steps (the tiny test model has random weights: it rarely ends early, once
// the run guard, which would end its loops, is off).
const LONG = { strategy: 'beam', beamSize: 4, maxLengthRatio: 0, maxLengthExtra: 40, alternatives: 0, maxRepeatRun: 0 };

/** A worker on a MessageChannel: `slice` ms of steps between looks at its messages (0: one step). */
async function worker(slice) {
  const core = await Core.create({ fresh: true });
  const { port1, port2 } = new MessageChannel();
  serve(port1, async () => core, { slice });
  const client = new WorkerClient(port2, () => port2.close());
  const posted = [];
  const post = port2.postMessage.bind(port2);
  port2.postMessage = (message, transfer) => {
    posted.push(message);
    post(message, transfer);
  };
  const bytes = new Uint8Array(readFileSync(TINY));
  const { model, info } = await client.call('load', [bytes]);
  return { core, client, posted, translator: new Translator(client, model, info, true) };
}

test('an aborted translate() stops computing in the worker within one step', async (t) => {
  const { core, client, translator } = await worker(0);
  try {
    let before = core.modelSteps;
    const whole = await translator.translate(TEXT, LONG);
    const full = core.modelSteps - before;
    assert.ok(full >= 10, `the uncancelled translation takes ${full} decoder steps`);

    before = core.modelSteps;
    const controller = new AbortController();
    const pending = translator.translate(TEXT, { ...LONG, signal: controller.signal });
    while (core.modelSteps === before) await new Promise((resolve) => setImmediate(resolve));  // it has started
    controller.abort();
    await rejectsWith(assert, pending, 'ABORTED', /aborted/);
    await client.call('work');  // served after the cancelled request has ended
    const computed = core.modelSteps - before;
    // one slice (one step) at most after the one under way when the cancel arrived
    assert.ok(computed >= 1 && computed <= 2, `the cancelled translation computed ${computed} of ${full} steps`);
    t.diagnostic(`the cancelled translation computed ${computed} of the ${full} decoder steps of the whole one`);
    assert.equal(core.jobs.size, 0, 'its job was freed');
    // the worker serves the next request as usual
    assert.deepEqual((await translator.translate(TEXT, LONG)).tokens, whole.tokens);
  } finally {
    translator.dispose();
  }
});

test('a translate() aborted before it reached the worker is never sent', async () => {
  const { core, posted, translator } = await worker(0);
  try {
    const controller = new AbortController();
    controller.abort();
    await rejectsWith(assert, translator.translate(TEXT, { ...LONG, signal: controller.signal }), 'ABORTED', /aborted/);
    const before = core.modelSteps;
    // one waiting behind another translate(): aborted while it waits, so never posted
    const first = translator.translate(TEXT, LONG);
    const waiting = new AbortController();
    const second = translator.translate(TEXT, { ...LONG, signal: waiting.signal, supersede: 'demo' });
    waiting.abort();
    await rejectsWith(assert, second, 'ABORTED', /aborted/);
    await first;
    assert.equal(posted.filter((m) => m.method === 'translate').length, 1, 'only the first translate() was sent');
    assert.ok(core.modelSteps - before >= 10, "the first one ran to its end");
  } finally {
    translator.dispose();
  }
});

test('superseded translate() requests are dropped before they are sent: only the newest runs', async () => {
  const { posted, translator } = await worker(0);
  try {
    const texts = ['the cat', 'the dog', 'the bird', 'the fish'];
    const running = translator.translate(texts[0], { ...LONG, supersede: 'demo' });  // sent: none in the worker
    const superseded = [1, 2].map((i) => translator.translate(texts[i], { ...LONG, supersede: 'demo' }));
    const other = translator.translate(texts[2], { ...LONG, supersede: 'other' });  // another stream: kept
    const newest = translator.translate(texts[3], { ...LONG, supersede: 'demo' });
    for (const p of superseded) await rejectsWith(assert, p, 'ABORTED', /superseded by a newer one/);
    const results = await Promise.all([running, other, newest]);
    const sent = posted.filter((m) => m.method === 'translate').map((m) => m.args[1]);
    assert.deepEqual(sent, ['the cat', 'the bird', 'the fish'], 'the superseded requests never reached the worker');
    assert.deepEqual(results.map((r) => r.sourceTokens.length > 0), [true, true, true]);
    // without a key nothing waits or is dropped
    const plain = await Promise.all(texts.map((t) => translator.translate(t, { maxLength: 3 })));
    assert.equal(plain.length, 4);
  } finally {
    translator.dispose();
  }
});

test('supersede is a string and belongs to translate()', async () => {
  const translator = await Translator.load(TINY);
  try {
    await rejectsWith(assert, translator.translate(TEXT, { supersede: 3 }), 'BAD_OPTION', /supersede must be a string/);
    assert.throws(() => translator.generate(TEXT, { supersede: 'x' }), /supersede applies to translate/);
    // in-thread nothing waits: the key is accepted and changes nothing
    assert.ok((await translator.translate(TEXT, { supersede: 'x', maxLength: 3 })).tokens.length <= 3);
  } finally {
    translator.dispose();
  }
});
