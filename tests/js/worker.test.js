// The worker path without a browser: worker.js's serve() on one end of a MessageChannel, the
// WorkerClient on the other, and the public Translator on top, exactly as in a page (where the port
// is a module Worker). Checks the RPC, transferred typed arrays, rehydrated errors, cancellation
// and dispose.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { AttnseqError, Translator } from '../../web/src/index.js';
import { WorkerClient } from '../../web/src/engine/client.js';
import { serve, transferables } from '../../web/src/engine/worker.js';
import { TINY, rejectsWith } from './helpers.js';

const TEXT = 'The cat likes fresh bread.';

/** A served port pair; `sent` records what the "worker" posted and the transfer lists. */
function channel() {
  const { port1, port2 } = new MessageChannel();
  const sent = [];
  serve({
    addEventListener: (type, fn) => port1.addEventListener(type, fn),
    start: () => port1.start(),
    postMessage: (message, transfer) => {
      port1.postMessage(message, transfer);
      sent.push({ message, transfer });
    },
  });
  const client = new WorkerClient(port2, () => port2.close());
  return { client, sent };
}

async function workerTranslator() {
  const { client, sent } = channel();
  const bytes = new Uint8Array(readFileSync(TINY));
  const { model, info } = await client.call('load', [bytes], [bytes.buffer]);
  assert.equal(bytes.byteLength, 0, 'the model bytes were transferred to the worker, not copied');
  return { translator: new Translator(client, model, info, true), sent };
}

test('translate() through the worker RPC: same result as in-thread, typed arrays transferred', async () => {
  const { translator, sent } = await workerTranslator();
  const local = await Translator.load(TINY);
  try {
    assert.equal(translator.inWorker, true);
    assert.deepEqual(translator.info, local.info);
    for (const options of [{}, { strategy: 'beam', beamSize: 4, numHypotheses: 2 }, { strategy: 'sample', seed: 7 }]) {
      const a = await translator.translate(TEXT, options);
      const b = await local.translate(TEXT, options);
      assert.deepEqual(a, b);
      assert.ok(a.attention.data instanceof Float32Array && a.attention.data.length > 0);
      // On the worker's side the posted arrays were detached: transferred, not copied.
      const { message, transfer } = sent.at(-1);
      assert.ok(transfer.length >= 1);
      assert.deepEqual(transfer, transferables(message.value));
      assert.equal(message.value.attention.data.byteLength, 0);
    }
  } finally {
    translator.dispose();
    local.dispose();
  }
});

test('errors cross the worker boundary as AttnseqErrors with code and message', async () => {
  const { translator } = await workerTranslator();
  try {
    await rejectsWith(assert, translator.translate(TEXT, { beamSize: 'four' }), 'BAD_OPTION', /beamSize must be a number/);
    await rejectsWith(assert, translator.translate('x '.repeat(200)), 'INPUT_TOO_LONG');
    await rejectsWith(assert, translator.generate(TEXT, { strategy: 'beam' }).next(), 'BAD_OPTION');
    const { client } = channel();
    await rejectsWith(assert, client.call('load', [new Uint8Array(4)]), 'MODEL_TRUNCATED');
    await rejectsWith(assert, client.call('eval', ['1']), 'INTERNAL', /unknown method/);
    await rejectsWith(assert, client.call('throwForTest', ['std']), 'INTERNAL', /runtime_error/);
    client.close();
  } finally {
    translator.dispose();
  }
});

test('generate() through the worker: steps, source, abort frees the session', async () => {
  const { translator } = await workerTranslator();
  try {
    const local = await Translator.load(TINY);
    const want = [];
    for await (const step of local.generate(TEXT)) want.push(step);
    local.dispose();
    const got = [];
    for await (const step of translator.generate(TEXT)) got.push(step);
    assert.deepEqual(got, want);

    const before = (await translator.memoryUsage()).heapUsed;
    const controller = new AbortController();
    const g = translator.generate(TEXT, { signal: controller.signal });
    await g.next();
    const pending = g.next();
    controller.abort();
    await rejectsWith(assert, pending, 'ABORTED');
    assert.equal((await translator.memoryUsage()).heapUsed, before, 'the cancel reached the worker: session deleted');
  } finally {
    translator.dispose();
  }
});

test('generate() through the worker asks for the next step while the caller handles this one; break frees the session', async () => {
  const { client } = channel();
  const asked = [];
  const call = client.call.bind(client);
  client.call = (method, ...rest) => { asked.push(method); return call(method, ...rest); };
  const bytes = new Uint8Array(readFileSync(TINY));
  const { model, info } = await client.call('load', [bytes], [bytes.buffer]);
  const translator = new Translator(client, model, info, true);
  try {
    const before = (await translator.memoryUsage()).heapUsed;
    const g = translator.generate(TEXT);
    const first = await g.next();
    assert.equal(first.done, false);
    // step 1 answered, the next 8 already asked for, before the caller's next next()
    assert.equal(asked.filter((m) => m === "step").length, 9);
    const second = await g.next();
    assert.equal(second.value.step, first.value.step + 1);
    await g.return();  // what `break` calls: the steps asked ahead are answered, then the session closed
    assert.equal((await translator.memoryUsage()).heapUsed, before, 'the session was deleted');
  } finally {
    translator.dispose();
  }
});

test('dispose() ends the worker: pending and later calls → DISPOSED', async () => {
  const { translator } = await workerTranslator();
  const pending = translator.translate(TEXT);
  const g = translator.generate(TEXT);
  translator.dispose();
  await rejectsWith(assert, pending, 'DISPOSED');
  await rejectsWith(assert, translator.translate(TEXT), 'DISPOSED');
  await rejectsWith(assert, g.next(), 'DISPOSED');
  assert.ok(new AttnseqError('DISPOSED', 'x') instanceof Error);
});
