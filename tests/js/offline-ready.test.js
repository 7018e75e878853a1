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
const { registerServiceWorker, cacheLoadedResources } = await import('../../web/src/app/offline.js');

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
