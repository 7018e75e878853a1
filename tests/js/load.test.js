// Translator.load(): every kind of source, download progress, and the errors of loading.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';

import { Translator } from '../../web/src/index.js';
import { TINY, httpServer, rejectsWith } from './helpers.js';

const BYTES = readFileSync(TINY);
const EXPECTED = 'The cat likes fresh bread.';

async function check(source, options) {
  const translator = await Translator.load(source, options);
  try {
    assert.equal(translator.info.name, 'tiny-transformer');
    assert.equal(translator.inWorker, false);  // Node: in-thread
    return (await translator.translate(EXPECTED, { maxLength: 5 })).text;
  } finally {
    translator.dispose();
  }
}

describe('sources', () => {
  let server;
  before(async () => {
    server = await httpServer({
      '/model': (req, res) => {  // with Content-Length, in chunks
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': BYTES.length });
        for (let i = 0; i < BYTES.length; i += 50000) res.write(BYTES.subarray(i, i + 50000));
        res.end();
      },
      '/chunked': (req, res) => {  // no Content-Length
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        for (let i = 0; i < BYTES.length; i += 30000) res.write(BYTES.subarray(i, i + 30000));
        res.end();
      },
      '/error': (req, res) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('boom');
      },
      '/html': (req, res) => {  // a server that answers 200 with a page instead of the model
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!DOCTYPE html><html><body>Sign in</body></html>');
      },
      '/stall': (req, res) => {  // sends part of the file, then nothing
        res.writeHead(200, { 'content-length': BYTES.length });
        res.write(BYTES.subarray(0, 1000));
      },
    });
  });
  after(() => server.close());

  test('every kind of source gives the same model', async () => {
    const want = await check(new Uint8Array(BYTES));
    const padded = new Uint8Array(BYTES.length + 16);
    padded.set(BYTES, 7);
    const sources = {
      'a file path (Node)': TINY,
      'a file: URL': pathToFileURL(TINY),
      'a file: URL string': pathToFileURL(TINY).href,
      'an http URL': `${server.url}/model`,
      'an http URL object': new URL(`${server.url}/chunked`),
      'a Response': new Response(BYTES),
      'a fetched Response': await fetch(`${server.url}/model`),
      'a Blob': new Blob([BYTES]),
      'an ArrayBuffer': BYTES.buffer.slice(BYTES.byteOffset, BYTES.byteOffset + BYTES.length),
      'a Uint8Array view with an offset': padded.subarray(7, 7 + BYTES.length),
      'a DataView': new DataView(padded.buffer, 7, BYTES.length),
    };
    for (const [what, source] of Object.entries(sources)) assert.equal(await check(source), want, what);
  });

  test('the caller\'s bytes are neither detached nor changed', async () => {
    const bytes = new Uint8Array(BYTES);
    await check(bytes);
    assert.equal(bytes.byteLength, BYTES.length);
    assert.deepEqual(bytes, new Uint8Array(BYTES));
  });

  test('download progress: {loaded, total} as chunks arrive, ending at total', async () => {
    const events = [];
    await check(`${server.url}/model`, { onProgress: (p) => events.push(p) });
    assert.ok(events.length >= 3, `${events.length} progress events`);
    assert.deepEqual(events.at(-1), { loaded: BYTES.length, total: BYTES.length });
    assert.ok(events.every((e) => e.total === BYTES.length));
    assert.ok(events.every((e, i) => i === 0 || e.loaded >= events[i - 1].loaded));

    const chunked = [];
    await check(`${server.url}/chunked`, { onProgress: (p) => chunked.push(p) });
    assert.ok(chunked.slice(0, -1).every((e) => e.total === null), 'total unknown without Content-Length');
    assert.deepEqual(chunked.at(-1), { loaded: BYTES.length, total: BYTES.length });

    const bytes = [];
    await check(new Uint8Array(BYTES), { onProgress: (p) => bytes.push(p) });
    assert.deepEqual(bytes, [{ loaded: BYTES.length, total: BYTES.length }]);
  });

  test('HTTP errors, network errors, missing files, other sources → LOAD_FAILED', async () => {
    await rejectsWith(assert, Translator.load(`${server.url}/missing.safetensors`), 'LOAD_FAILED', /HTTP 404/);
    await rejectsWith(assert, Translator.load(`${server.url}/error`), 'LOAD_FAILED', /HTTP 500/);
    await rejectsWith(assert, Translator.load(new Response('nope', { status: 403 })), 'LOAD_FAILED', /HTTP 403/);
    await rejectsWith(assert, Translator.load('http://127.0.0.1:1/model.safetensors'), 'LOAD_FAILED', /cannot download/);
    await rejectsWith(assert, Translator.load('/nonexistent/model.safetensors'), 'LOAD_FAILED', /cannot read the model file/);
    const used = new Response(BYTES);
    await used.arrayBuffer();
    await rejectsWith(assert, Translator.load(used), 'LOAD_FAILED', /already read/);
    for (const source of [42, null, undefined, {}, [1, 2, 3]])
      await rejectsWith(assert, Translator.load(source), 'LOAD_FAILED', /expected a URL, a Response, an ArrayBuffer or a Uint8Array/);
  });

  test('a page served instead of the model → MODEL_BAD_HEADER', async () => {
    await rejectsWith(assert, Translator.load(`${server.url}/html`), 'MODEL_BAD_HEADER');
  });

  test('an AbortSignal cancels a download → ABORTED', async () => {
    const controller = new AbortController();
    const p = Translator.load(`${server.url}/stall`, { signal: controller.signal,
      onProgress: ({ loaded }) => { if (loaded > 0) controller.abort(); } });
    await rejectsWith(assert, p, 'ABORTED');
    await rejectsWith(assert, Translator.load(TINY, { signal: AbortSignal.abort() }), 'ABORTED');
  });

  test('load options are checked', async () => {
    await rejectsWith(assert, Translator.load(TINY, { worker: true }), 'BAD_OPTION', /Web Workers/);
    await rejectsWith(assert, Translator.load(TINY, { worker: 'yes' }), 'BAD_OPTION');
    await rejectsWith(assert, Translator.load(TINY, { progress: () => {} }), 'BAD_OPTION', /unknown load option "progress"/);
    await rejectsWith(assert, Translator.load(TINY, { onProgress: 5 }), 'BAD_OPTION', /onProgress/);
    assert.equal(await check(TINY, { worker: false }), await check(TINY));
  });
});

describe('sha256 load option', () => {
  const sha = createHash('sha256').update(BYTES).digest('hex');

  test('the right SHA-256 loads (either case); a single flipped weight byte is MODEL_CHECKSUM', async () => {
    assert.equal(typeof await check(new Uint8Array(BYTES), { sha256: sha }), 'string');
    assert.equal(typeof await check(new Uint8Array(BYTES), { sha256: sha.toUpperCase() }), 'string');
    const damaged = new Uint8Array(BYTES);
    damaged[damaged.length - 3] ^= 0x10;  // inside the last tensor's data: the loader itself accepts it
    const loaded = await Translator.load(damaged);
    loaded.dispose();
    await rejectsWith(assert, Translator.load(damaged, { sha256: sha }), 'MODEL_CHECKSUM',
      new RegExp(`expected ${sha.slice(0, 12)}….*damaged in transit or replaced`));
  });

  test('a malformed sha256 is BAD_OPTION', async () => {
    for (const bad of ['', 'abc', sha + '0', 'g'.repeat(64), 42]) {
      await rejectsWith(assert, Translator.load(new Uint8Array(BYTES), { sha256: bad }), 'BAD_OPTION', /sha256/);
    }
  });

  test('models/manifest.json lists the SHA-256 of every shipped file', () => {
    execFileSync(process.execPath, [new URL('../../scripts/manifest_sha256.mjs', import.meta.url).pathname, '--check'], { encoding: 'utf8' });
  });
});
