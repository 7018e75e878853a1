// The demo's service worker: after the first visit the demo and the tutorial, their modules, the
// WebAssembly module and the models shown work with the network off.
//  - install: every file of precache.json (written by scripts/precache.mjs: the pages, modules,
//    styles, wasm, catalogue; not the models) is cached, so a page never visited online (the
//    tutorial) is served whole;
//  - code and data (HTML, JS, CSS, WASM, JSON): network first, the cached copy when offline; a
//    page is only ever answered with itself (never another page's HTML);
//  - models (*.safetensors): cache first (they are large), then revalidated in the background with
//    the cached ETag; a new body whose SHA-256 differs from the cached one replaces it and the pages
//    are told (a model update is detected by content hash, not by file name or date).
// A page posts {type: 'cache', id, urls} (what it loaded, its model included); the answer {type:
// 'cached', id, missing} lists what is still not in the cache: "available offline" only when none is.
const VERSION = 'attnseq-v2';
const CODE = `${VERSION}-code`;
const MODELS = `${VERSION}-models`;
const HASH_HEADER = 'x-attnseq-sha256';
const NETWORK_TIMEOUT_MS = 5000;

const scoped = (u) => new URL(u, self.registration.scope).href;

/** The precache list's URLs ([] when there is none: a checkout whose build did not write it). */
async function precacheList() {
  try {
    const res = await fetch(scoped('precache.json'), { cache: 'no-cache' });
    if (!res.ok) return [];
    const { files } = await res.json();
    return Array.isArray(files) ? files.map(scoped) : [];
  } catch {
    return [];
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CODE);
    // One by one: a file that fails now is fetched again when a page asks.
    await Promise.all((await precacheList()).map((u) => cacheFresh(cache, u).catch(() => {})));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (!key.startsWith(VERSION)) await caches.delete(key);
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  const msg = event.data ?? {};
  if (msg.type !== 'cache' || !Array.isArray(msg.urls)) return;
  event.waitUntil((async () => {
    const urls = msg.urls.filter(sameOrigin).map((u) => u.split('#')[0]);
    const code = await caches.open(CODE);
    const absent = new Set();  // what the server does not have (a 404 the page got too): not needed
    const gone = (status) => status === 404 || status === 410;
    await Promise.all(urls.map((u) => (isModel(u) ? revalidateModel(u).then((status) => { if (gone(status)) absent.add(u); }) : (async () => {
      if (await code.match(u)) return;
      const res = await cacheFresh(code, u);
      if (gone(res.status)) absent.add(u);
    })()).catch(() => {})));
    // What a reload needs, checked in the cache itself: the precache list and what the page posted.
    const want = [...new Set([...(await precacheList()), ...urls])].filter((u) => !absent.has(u));
    const missing = [];
    let models = 0;  // model files held (what "available offline with n models" may say)
    for (const u of want) {
      if (!(await caches.match(u, { ignoreSearch: !isModel(u) }))) missing.push(u);
      else if (isModel(u)) models++;
    }
    event.source?.postMessage({ type: 'cached', id: msg.id, count: want.length, missing, models });
  })());
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || !sameOrigin(req.url) || req.headers.has('range')) return;
  if (isModel(req.url)) event.respondWith(modelFirst(event));
  else event.respondWith(networkFirst(req));
});

function sameOrigin(url) {
  try { return new URL(url).origin === self.location.origin; } catch { return false; }
}

function isModel(url) {
  return /\.safetensors(\?|$)/.test(new URL(url).pathname);
}

async function cacheFresh(cache, url) {
  const res = await fetch(url, { cache: 'no-cache' });
  if (res.ok && res.status === 200) await cache.put(url, res);
  return res;
}

async function networkFirst(req) {
  const cache = await caches.open(CODE);
  // Pages are cached by path (a link's query string is the page's state, not another page).
  const key = req.mode === 'navigate' ? req.url.split('#')[0].split('?')[0] : req.url.split('#')[0];
  try {
    const res = await withTimeout(fetch(req), NETWORK_TIMEOUT_MS, () => cache.match(key));
    if (res.ok && res.status === 200 && res.type === 'basic') await cache.put(key, res.clone());
    return res;
  } catch (error) {
    const hit = await cache.match(key);
    if (hit) return hit;
    throw error;
  }
}

// Resolves with the network response, or rejects after `ms` when a cached copy exists (slow network).
function withTimeout(promise, ms, cached) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(async () => { if (await cached()) reject(new Error('network timeout')); }, ms);
    promise.then((r) => { clearTimeout(timer); resolve(r); }, (e) => { clearTimeout(timer); reject(e); });
  });
}

async function modelFirst(event) {
  const url = event.request.url;
  const cache = await caches.open(MODELS);
  const hit = await cache.match(url);
  if (hit) {
    event.waitUntil(revalidateModel(url).catch(() => {}));
    return hit;
  }
  const res = await fetch(event.request);
  if (res.ok && res.status === 200) {
    // a revalidation asked for while this is stored waits for it instead of downloading the file again
    const storing = storeModel(cache, url, res.clone()).catch(() => {}).finally(() => downloading.delete(url));
    downloading.set(url, storing);
    event.waitUntil(storing);
  }
  return res;
}
const downloading = new Map();  // url → Promise: a model the page is downloading through modelFirst

async function sha256(buffer) {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', buffer));
  return Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function storeModel(cache, url, res) {
  const body = await res.arrayBuffer();
  const hash = await sha256(body);
  const headers = new Headers(res.headers);
  headers.set(HASH_HEADER, hash);
  await cache.put(url, new Response(body, { status: 200, statusText: 'OK', headers }));
  return hash;
}

/**
 * Asks the server whether the model changed (If-None-Match); on a new content hash, replaces it and
 * tells the pages. One revalidation per URL at a time: the page's own load and its "cache what I
 * loaded" message both ask, and the second must not compare against a copy the first just replaced.
 */
const revalidating = new Map();  // url → Promise
function revalidateModel(url) {
  let p = revalidating.get(url);
  if (!p) {
    p = revalidateOnce(url).finally(() => revalidating.delete(url));
    revalidating.set(url, p);
  }
  return p;
}

/** -> the server's HTTP status (304: unchanged; 0: not asked, the page's own download just stored it). */
async function revalidateOnce(url) {
  if (downloading.has(url)) {
    await downloading.get(url);
    return 0;
  }
  const cache = await caches.open(MODELS);
  const hit = await cache.match(url);
  const etag = hit?.headers.get('etag');
  // With a cached copy, ask with its ETag; without one, let the HTTP cache answer (the page has
  // usually just downloaded the file).
  const res = await fetch(url, etag ? { headers: { 'If-None-Match': etag }, cache: 'no-store' } : { cache: 'no-cache' });
  if (res.status === 304 || !res.ok) return res.status;
  const oldHash = hit?.headers.get(HASH_HEADER) ?? null;
  const newHash = await storeModel(cache, url, res);
  if (oldHash && oldHash !== newHash) {
    for (const client of await self.clients.matchAll({ includeUncontrolled: true })) {
      client.postMessage({ type: 'model-updated', url, file: new URL(url).pathname.split('/').pop(), sha256: newHash });
    }
  }
  return res.status;
}
