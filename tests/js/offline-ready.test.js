// "Available offline" (web/src/app/offline.js) is said only when a reload works offline: the service
// worker's answer must be to a request that held a model the page loaded. The demo registers the
// worker after its first translation or after 10 s, whichever comes first; on a slow engine (seen in
// WebKitGTK) the 10 s came first, the request held no model, the empty "missing" list of the answer
// marked the page ready, and a reload offline then had no model.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const listeners = new Map();
const posted = [];
const worker = { postMessage: (m) => posted.push(m) };
globalThis.location = /** @type {any} */ (new URL('http://localhost:8080/web/'));
globalThis.document = /** @type {any} */ ({ documentElement: { dataset: {} } });
Object.defineProperty(globalThis, 'navigator', { configurable: true, value: {
  language: 'en-US', languages: ['en-US'],
  serviceWorker: { addEventListener: (type, fn) => listeners.set(type, fn), register: async () => ({}), ready: Promise.resolve({ active: worker }) },
} });
const { registerServiceWorker, cacheLoadedResources, judgeAnswer } = await import('../../web/src/app/offline.js');

const answer = (data) => listeners.get('message')({ data });

test('an answer to a request that held no model of the page does not make the page "available offline"', async () => {
  const reports = [];
  registerServiceWorker(new URL('http://localhost:8080/web/sw.js'), (msg) => reports.push(msg));
  await new Promise((r) => setTimeout(r, 10));  // registered; it posts what the page loaded: no model yet
  assert.equal(posted.length, 1);
  assert.equal(posted[0].urls.some((u) => u.endsWith('.safetensors')), false);
  answer({ type: 'cached', id: posted[0].id, count: 90, missing: [], models: 0 });
  assert.equal(document.documentElement.dataset.offline, undefined, 'not ready without the page\'s model');
  assert.deepEqual(reports, []);
  // An answer of a worker of the previous version (no id) is taken as before.
  answer({ type: 'cached', count: 90, missing: [], models: 1 });
  assert.equal(document.documentElement.dataset.offline, 'ready');
  assert.equal(reports.length, 1);
  cacheLoadedResources();
  assert.equal(posted[1].id, posted[0].id + 1, 'each request has its own id');
});

// The worker answers each request when its downloads end. On a second page (the tutorial in Chinese,
// after the English one) an early request (the page's one model) was answered after the request that
// held the whole catalogue: "available offline" replaced "available offline, with all 8 models" (CI).
test('an answer to an earlier request than one already answered is stale: it does not replace the report', () => {
  const early = { withModel: true, keep: 0 }, late = { withModel: true, keep: 8 };
  assert.equal(judgeAnswer({ id: 7, missing: [], models: 8 }, late, 0), 'readyAll');
  assert.equal(judgeAnswer({ id: 5, missing: [], models: 1 }, early, 7), 'stale');
  // in order, each is what it says
  assert.equal(judgeAnswer({ id: 5, missing: [], models: 1 }, early, 0), 'ready');
  assert.equal(judgeAnswer({ id: 7, missing: [], models: 8 }, late, 5), 'readyAll');
  // "all" is judged against what that request asked for, not what the page asks for by now
  assert.equal(judgeAnswer({ id: 7, missing: [], models: 7 }, late, 5), 'ready');
  assert.equal(judgeAnswer({ id: 8, missing: ['x.safetensors'], models: 7 }, late, 7), 'retry');
  assert.equal(judgeAnswer({ id: 9, missing: [], models: 8 }, { withModel: false, keep: 8 }, 7), 'ignore');
});

test('the page keeps the newest report: a stale answer arriving last does not take "with all n models" away', async () => {
  const reports = [];
  const before = posted.length;
  registerServiceWorker(new URL('http://localhost:8080/web/sw.js'), (msg) => reports.push(msg));  // (the fake keeps this listener only)
  await new Promise((r) => setTimeout(r, 10));
  const [a] = posted.slice(before);
  answer({ type: 'cached', id: a.id + 100, missing: [], models: 1 });  // (no request of this id: taken as it comes)
  assert.deepEqual(reports, ['Available offline.']);
  answer({ type: 'cached', id: a.id + 50, missing: [], models: 1 });
  assert.deepEqual(reports, ['Available offline.'], 'an older answer is not reported');
});
