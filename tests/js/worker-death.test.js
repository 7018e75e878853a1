// When the engine dies. Worker path without a browser (worker.js's serve() on a MessageChannel, on a
// WebAssembly instance of its own): a real trap inside the module (throwForTest('trap') executes
// `unreachable`) makes the worker send its crash notice and exit; the client rejects the pending and
// every later call with WORKER_DIED and Translator.failure says so. In-thread: the crashed instance is
// replaced by a fresh one at the next Translator.load(). (The browser's Worker — 'error' event, a
// terminated worker, the app restarting it — is covered by tests/e2e/worker-restart.test.mjs.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { AttnseqError, Translator } from '../../web/src/index.js';
import { WorkerClient } from '../../web/src/engine/client.js';
import { Core } from '../../web/src/engine/core.js';
import { sharedCore } from '../../web/src/engine/shared-core.js';
import { serve } from '../../web/src/engine/worker.js';
import { TINY, rejectsWith } from './helpers.js';

const TEXT = 'The cat likes fresh bread.';

function servedTranslatorParts() {
  const { port1, port2 } = new MessageChannel();
  let exits = 0;
  serve(port1, () => Core.create({ fresh: true }), { exit: () => { exits++; port1.close(); } });
  const client = new WorkerClient(port2, () => port2.close());
  return { client, exits: () => exits };
}

test('a trap in the worker: crash notice, pending and later calls → WORKER_DIED, the worker exits', async () => {
  const { client, exits } = servedTranslatorParts();
  const bytes = new Uint8Array(readFileSync(TINY));
  const { model, info } = await client.call('load', [bytes]);
  const translator = new Translator(client, model, info, true);
  try {
    const reference = await translator.translate(TEXT);
    assert.equal(translator.failure, null);
    // Queued behind the trap: answered by nobody, rejected by the client once the notice arrives.
    const trap = client.call('throwForTest', ['trap']);
    const queued = translator.translate(TEXT);
    await rejectsWith(assert, trap, 'WORKER_DIED', /WebAssembly module crashed \(.*unreachable/);
    await rejectsWith(assert, queued, 'WORKER_DIED', /Load the model again/);
    assert.equal(translator.failure?.code, 'WORKER_DIED');
    await rejectsWith(assert, translator.translate(TEXT), 'WORKER_DIED');
    await rejectsWith(assert, translator.generate(TEXT).next(), 'WORKER_DIED');
    await rejectsWith(assert, translator.tokenize(TEXT), 'WORKER_DIED');
    assert.equal(exits(), 1, 'the worker closed itself');
    // A new worker (here: a new served port) loads the model again and works.
    const fresh = servedTranslatorParts();
    const again = await fresh.client.call('load', [new Uint8Array(readFileSync(TINY))]);
    const restarted = new Translator(fresh.client, again.model, again.info, true);
    assert.deepEqual((await restarted.translate(TEXT)).text, reference.text);
    restarted.dispose();
  } finally {
    translator.dispose();
  }
});

test('dispose() after a crash is clean; the error is not DISPOSED but WORKER_DIED until then', async () => {
  const { client } = servedTranslatorParts();
  const { model, info } = await client.call('load', [new Uint8Array(readFileSync(TINY))]);
  const translator = new Translator(client, model, info, true);
  await client.call('throwForTest', ['trap']).catch(() => {});
  await rejectsWith(assert, translator.translate(TEXT), 'WORKER_DIED');
  translator.dispose();
  await rejectsWith(assert, translator.translate(TEXT), 'DISPOSED');
});

test('in-thread: after a trap the translator reports its failure; the next load gets a fresh instance', async () => {
  const translator = await Translator.load(TINY);
  const reference = await translator.translate(TEXT);
  const core = await sharedCore();
  assert.throws(() => core.throwForTest('trap'), (e) => e.code === 'INTERNAL' && /unreachable/.test(e.message));
  assert.equal(translator.failure?.code, 'INTERNAL');
  await rejectsWith(assert, translator.translate(TEXT), 'INTERNAL', /crashed earlier/);
  const again = await Translator.load(TINY);
  try {
    assert.notEqual(await sharedCore(), core, 'a fresh instance replaced the crashed one');
    assert.equal(again.failure, null);
    assert.deepEqual((await again.translate(TEXT)).text, reference.text);
  } finally {
    again.dispose();
    translator.dispose();
  }
});

test('the module fails to start while fetchLoad downloads: the request gets its error, and the next one starts it again', async () => {
  const { port1, port2 } = new MessageChannel();
  let starts = 0;
  // the first start fails at once, while the model file is still being read
  const createCore = () => (++starts === 1 ? Promise.reject(new AttnseqError('LOAD_FAILED', 'the WebAssembly module could not start (test)')) : Core.create());
  serve(port1, createCore);
  const client = new WorkerClient(port2, () => port2.close());
  try {
    // (it read `core` again after the download, which the failure had reset to null: a TypeError, INTERNAL)
    await rejectsWith(assert, client.call('fetchLoad', [TINY, {}]), 'LOAD_FAILED', /could not start \(test\)/);
    const { model } = await client.call('fetchLoad', [TINY, {}]);
    assert.equal(typeof model, 'number');
    assert.equal(starts, 2);
  } finally {
    client.close();
  }
});
