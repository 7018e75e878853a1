// Shared helpers of the JavaScript tests (node --test tests/js/): paths, the models to test, the
// native CLI, the WebAssembly build's state.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CLI = path.join(ROOT, 'build/native/attnseq');
export const DIST = path.join(ROOT, 'web/dist');
export const TEST_MODELS = path.join(ROOT, 'tests/data/models');
export const TINY = path.join(TEST_MODELS, 'tiny-transformer.safetensors');
export const WEB_SRC = path.join(ROOT, 'web/src');

/** Every file under `dir` (default web/src), as paths relative to it. @param {string} [dir] @returns {string[]} */
export function sourceFiles(dir = WEB_SRC) {
  const walk = (/** @type {string} */ rel) => readdirSync(path.join(dir, rel), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(rel, e.name)) : [path.join(rel, e.name)]));
  return walk('');
}
export const TINY_RNN = path.join(TEST_MODELS, 'tiny-rnn-additive.safetensors');

/**
 * Runs fn with a Translator loaded from models/`file` (a shipped model), disposed of afterwards.
 * @template T @param {string} file @param {(tr: any) => Promise<T>} fn @returns {Promise<T>}
 */
export async function withShippedModel(file, fn) {
  const { Translator } = await import('../../web/src/index.js');
  const tr = await Translator.load(path.join(ROOT, 'models', file));
  try {
    return await fn(tr);
  } finally {
    tr.dispose();
  }
}

/**
 * Every step record of one translation (Translator#generate), in order; the last one holds the text.
 * @param {{generate: (text: string, options?: object) => AsyncIterable<any>}} translator
 * @param {string} text @param {object} [options] @returns {Promise<any[]>}
 */
export async function collectSteps(translator, text, options = {}) {
  const out = [];
  for await (const s of translator.generate(text, options)) out.push(s);
  return out;
}

/**
 * Every model the parity test covers: the tiny test models, whatever trained models ship in models/,
 * and the files listed in ATTNSEQ_TEST_MODELS (colon-separated paths, for checking other models by hand).
 */
export function allModels() {
  const list = (dir) =>
    existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.safetensors')).sort().map((f) => path.join(dir, f)) : [];
  const extra = (process.env.ATTNSEQ_TEST_MODELS || '').split(':').filter(Boolean).map((p) => path.resolve(p));
  return [...list(TEST_MODELS), ...list(path.join(ROOT, 'models')), ...extra];
}

export function goldenTexts() {
  return JSON.parse(readFileSync(path.join(TEST_MODELS, 'golden.json'), 'utf8')).texts;
}

/** Runs the native CLI with --json on several lines of stdin: one parsed object per line. */
export function cliJson(model, args, lines) {
  const r = spawnSync(CLI, ['--model', model, '--json', ...args], { input: lines.join('\n') + '\n', encoding: 'utf8',
    maxBuffer: 256 << 20 });
  if (r.error) throw r.error;
  const out = r.stdout.split('\n').filter((l) => l.length).map((l) => JSON.parse(l));
  if (out.length !== lines.length) throw new Error(`CLI printed ${out.length} lines for ${lines.length}: ${r.stderr}`);
  return out;
}

/** A UTF-8 byte offset of `text` → the UTF-16 offset (what the JavaScript API reports). */
export function utf16Offset(text, byteOffset) {
  const bytes = Buffer.from(text, 'utf8');
  return bytes.subarray(0, byteOffset).toString('utf8').length;
}

export function assertClose(assert, actual, expected, tol, what) {
  assert.ok(Math.abs(actual - expected) <= tol, `${what}: ${actual} vs ${expected} (tolerance ${tol})`);
}

/** The safetensors header of a model file: {n: header length, header: parsed JSON}. */
export function readHeader(bytes) {
  const n = Number(new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0, true));
  return { n, header: JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + n))) };
}

/** A model file with its header replaced (padded with spaces to keep the data where it was). */
export function withHeader(bytes, edit) {
  const { n, header } = readHeader(bytes);
  edit(header);
  const encoded = new TextEncoder().encode(JSON.stringify(header));
  if (encoded.length > n) throw new Error('edited header does not fit');
  const out = new Uint8Array(bytes);
  out.fill(0x20, 8, 8 + n);  // padded with spaces to the same length
  out.set(encoded, 8);
  return out;
}

/** Expects `promise` to reject with an AttnseqError of `code` whose message matches `pattern`. */
export async function rejectsWith(assert, promise, code, pattern) {
  const { AttnseqError } = await import('../../web/src/index.js');
  await assert.rejects(promise, (error) => {
    assert.ok(error instanceof AttnseqError, `expected an AttnseqError, got ${error && error.stack}`);
    assert.ok(error instanceof Error);
    assert.equal(error.name, 'AttnseqError');
    assert.equal(error.code, code, `code of: ${error.message}`);
    if (pattern) assert.match(error.message, pattern);
    return true;
  });
}

/** A local HTTP server for load tests: routes maps a path to (req, res) => void. */
export async function httpServer(routes) {
  const { createServer } = await import('node:http');
  const server = createServer((req, res) => {
    const route = routes[new URL(req.url, 'http://x').pathname];
    if (route) route(req, res);
    else {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<!DOCTYPE html><html><body>Not Found</body></html>');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return { url, close: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(resolve); }) };
}
