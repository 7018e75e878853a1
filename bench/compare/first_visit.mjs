// The demo's first visit, as a new visitor gets it: a fresh Chromium profile (empty HTTP cache, no
// service worker) opens http://127.0.0.1:PORT/web/ served by scripts/serve.mjs's own handler (brotli or
// gzip, its large files compressed ahead). Measured: the bytes the server sends until the network has
// been quiet for 2 s after the first translation (the service worker's caching included), per file, as
// sent and as brotli (-q 11) would send them; the engine's timeline (User Timing measures); and
// the time from navigation start to the first translation on screen (the page's own clock: the first
// paint of the translation's whole text, by Element Timing; reduced motion, so it is shown whole, not
// animated. Until 2026-12-06 the bench took the moment the demo set body[data-runs] instead: in the
// same task as every figure, before the frame that showed them was painted).
import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { handle, precompress } from '../../scripts/serve.mjs';
import { brotliSize } from './brotli_size.mjs';
import { ARGS, CHROMIUM } from './browser.mjs';

function countingServer() {
  const served = [];
  const server = createServer((req, res) => {
    const chunks = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.write = (c, ...a) => { if (c) chunks.push(Buffer.from(c)); return write(c, ...a); };
    res.end = (c, ...a) => {
      if (c && typeof c !== 'function') chunks.push(Buffer.from(c));
      const body = Buffer.concat(chunks);
      // compressed after the visit: brotli -q 11 here would hold up the server
      served.push({ path: new URL(req.url, 'http://x').pathname, status: res.statusCode, bytes: body.byteLength, body, at: Date.now() });
      return end(c, ...a);
    };
    handle(req, res, {}).catch((e) => { res.writeHead(500); res.end(String(e)); });
  });
  const sockets = new Set();
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    served, url: `http://127.0.0.1:${server.address().port}/${process.env.BENCH_VISIT_PAGE ?? "web/"}`,
    close: () => new Promise((r) => { for (const s of sockets) s.destroy(); server.close(() => r()); }),
  })));
}

function watchFirstTranslation() {
  // When the first finished translation is painted: its text in #translation (a run that streams shows
  // its text as it grows; only the whole one counts), painted at the time the browser's Element Timing
  // gives (web/index.html marks #translation elementtiming="translation"; it reports the element's first
  // text paint). Where that paint came before the whole text (the run streamed), the first frame after
  // the whole text is taken instead (a task after that frame's animation callbacks: a bound from above).
  let paint = null, whole = null;
  const done = (late = false) => {
    if (!whole || globalThis.__firstTranslation) return;
    if (paint !== null && paint >= whole.set) globalThis.__firstTranslation = { ...whole, ms: paint, at: performance.timeOrigin + paint, by: 'element timing' };
    // (the paint's entry is delivered some time after the paint: the fallback waits for it)
    else if (late) globalThis.__firstTranslation = { ...whole, ms: whole.frame, at: performance.timeOrigin + whole.frame, by: 'next frame' };
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.identifier === 'translation' && paint === null) paint = e.renderTime || e.loadTime;
    done();
  }).observe({ type: 'element', buffered: true });
  new MutationObserver((_, obs) => {
    const text = document.querySelector('#translation')?.textContent ?? '';
    if (!text.trim() || globalThis.attnseqDemo?.stores.run.get().status !== 'done') return;
    obs.disconnect();
    whole = { set: performance.now(), text };
    requestAnimationFrame(() => setTimeout(() => { whole.frame = performance.now(); setTimeout(() => done(true), 500); }, 0));
  }).observe(document, { subtree: true, attributes: true, childList: true, characterData: true });
}

/**
 * Where the page's time went before the first translation (the page's clock, ms from navigation start):
 * the page's static modules (the bundle, web/dist/demo.js) loaded and run (DOMContentLoaded waits for module scripts), the manifest
 * fetched, the model's file checked (HEAD) and downloaded. (The worker's own fetches, its modules and
 * the .wasm, are in the worker's timeline, not the page's.)
 */
function milestones(model) {
  const nav = performance.getEntriesByType('navigation')[0];
  const res = performance.getEntriesByType('resource');
  const ends = (test) => res.filter((e) => test(new URL(e.name).pathname)).map((e) => e.responseEnd);
  const modules = ends((p) => (p.startsWith('/web/src/') || p.startsWith('/web/dist/')) && p.endsWith('.js')).filter((t) => t <= nav.domContentLoadedEventEnd);
  const modelEnds = ends((p) => p.endsWith('.safetensors') && model && p.includes(`/${model}.`));
  return {
    dom_content_loaded: nav.domContentLoadedEventEnd, modules: modules.length,
    manifest: Math.max(0, ...ends((p) => p.endsWith('/manifest.json'))),
    model_downloaded: modelEnds.length ? Math.max(...modelEnds) : null,
  };
}

/**
 * The engine's User Timing measures (web/src/engine/timing.js) of the page and of its workers, on the
 * page's clock: {name: [start, end]} (ms from navigation start; the first of each name), e.g. download,
 * sha256 (page), worker started, fetch attnseq.wasm, module, decodingOptions, load, start (worker).
 */
async function engineMeasures(page) {
  const read = () => ({ origin: performance.timeOrigin, measures: [
    ...performance.getEntriesByType('measure').filter((e) => e.name.startsWith('attnseq:'))
      .map((e) => ({ name: e.name.slice(8), start: e.startTime, end: e.startTime + e.duration })),
    // a worker's own fetches: its code and the .wasm
    ...(typeof window === 'undefined' ? performance.getEntriesByType('resource') : [])
      .map((e) => ({ name: `fetch ${new URL(e.name).pathname.split('/').pop()}`, start: e.startTime, end: e.responseEnd })),
    ...(typeof window === 'undefined' ? [{ name: 'worker started', start: 0, end: 0 }] : []),
  ] });
  const pageSide = await page.evaluate(read);
  const out = {};
  for (const realm of [pageSide, ...await Promise.all(page.workers().map((w) => w.evaluate(read).catch(() => null)))]) {
    if (!realm) continue;
    const shift = realm.origin - pageSide.origin;
    for (const m of realm.measures) out[m.name] ??= [m.start + shift, m.end + shift];
  }
  return out;
}

const SETTLE_MS = 2000;  // between the browser's start and the visit

async function visit() {
  const srv = await countingServer();
  const dir = await mkdtemp(path.join(tmpdir(), 'attnseq-visit-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args: ARGS,
    reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });
  try {
    const page = context.pages()[0] ?? await context.newPage();
    await page.addInitScript(watchFirstTranslation);
    // A user opens the page in a browser that is already running: the visit starts once the new
    // browser has finished starting up (its processes busy the 2 cores for about a second), with the
    // profile, and so the cache, still empty.
    await page.goto('about:blank');
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    await page.goto(srv.url);
    const h = await page.waitForFunction(() => globalThis.__firstTranslation, null, { timeout: 120_000, polling: 50 });
    const first = await h.jsonValue();
    const shownAt = first.at;  // (the machine's clock, as the server's) what was served until then is what it needed
    const model = await page.evaluate(() => globalThis.attnseqDemo?.stores.model.get().modelId ?? null);
    const phases = await page.evaluate(milestones, model);
    phases.engine = await engineMeasures(page);
    // until the network has been quiet for 2 s (the service worker caches what the page loaded)
    for (let quiet = 0; quiet < 2000;) {
      const last = Math.max(...srv.served.map((s) => s.at));
      quiet = Date.now() - last;
      if (quiet < 2000) await new Promise((r) => setTimeout(r, 2000 - quiet + 50));
    }
    const files = {};
    for (const s of srv.served) {
      s.brotli = brotliSize(s.body);
      delete s.body;
      const f = (files[s.path] ??= { requests: 0, bytes: 0, brotli: 0 });
      f.requests++;
      f.bytes += s.bytes;
      f.brotli += s.brotli;
    }
    const t0 = Math.min(...srv.served.map((s) => s.at));
    if (process.env.BENCH_VISIT_TRACE) {
      console.log(`    phases ${JSON.stringify(phases)}`);
      for (const s of srv.served) console.log(`    +${s.at - t0} ms ${s.status} ${s.path} ${s.bytes}`);
    }
    return { first_translation_ms: first.ms, first_translation_set_ms: first.set, first_translation_by: first.by, first_translation: first.text, model, phases,
      requests: srv.served.length, bytes: srv.served.reduce((a, s) => a + s.bytes, 0),
      // before the first translation was on screen; the rest is the service worker caching the page and,
      // for offline use, the whole model catalogue (downloaded in the background after that)
      bytes_before_first: srv.served.filter((s) => s.at <= shownAt).reduce((a, s) => a + s.bytes, 0),
      brotli_bytes: srv.served.reduce((a, s) => a + s.brotli, 0), files };
  } finally {
    await context.close().catch(() => {});
    await srv.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A visit's phases as rows in time order: [name, start, end] (ms from navigation start), the page's
 * milestones and the engine's measures of page and worker together, ending with the translation shown.
 */
export function timeline(visit) {
  const p = visit.phases;
  const rows = [['DOMContentLoaded', p.dom_content_loaded, p.dom_content_loaded], ['manifest (page)', p.manifest, p.manifest],
    ...Object.entries(p.engine ?? {}).map(([k, [s, e]]) => [k, s, e])].filter((r) => r[1] != null && r[1] > 0);
  rows.sort((a, b) => a[1] - b[1] || a[2] - b[2]);
  return [...rows, ['first translation shown', visit.first_translation_ms, visit.first_translation_ms]];
}

/** timeline() as a Markdown table */
export function timelineTable(visit) {
  return ['| phase | from, ms | to, ms | takes, ms |', '|---|---:|---:|---:|',
    ...timeline(visit).map(([k, s, e]) => `| ${k} | ${s.toFixed(0)} | ${e.toFixed(0)} | ${(e - s).toFixed(0)} |`)].join('\n');
}

/** → {visits: [...], first_translation_ms: spread-ready list, bytes of the first visit, files} */
export async function measureFirstVisit({ repeats = 3 } = {}) {
  // as `npm start` has them a few seconds after it starts, and a static host with precompressed files
  await precompress();
  const visits = [];
  for (let i = 0; i < repeats; i++) {
    const v = await visit();
    console.log(`  visit ${i + 1}/${repeats}: first translation after ${v.first_translation_ms.toFixed(0)} ms (its text in the page at ${v.first_translation_set_ms.toFixed(0)}; paint by ${v.first_translation_by}), ` +
      `${v.requests} requests, ${v.bytes} bytes (${v.brotli_bytes} as brotli; ${v.bytes_before_first} before the first translation), model ${v.model}`);
    visits.push(v);
  }
  return { visits: visits.map(({ files, ...rest }) => rest), files: visits[0].files };
}

// node bench/compare/first_visit.mjs [visits]: the first visits alone (BENCH_VISIT_TRACE=1: every request;
// BENCH_VISIT_PAGE=web/other.html: another page of the repository, for experiments)
if (import.meta.url === `file://${process.argv[1]}`) {
  const { visits } = await measureFirstVisit({ repeats: Number(process.argv[2] ?? 5) });
  const ms = visits.map((v) => v.first_translation_ms).sort((a, b) => a - b);
  const mid = visits.find((v) => v.first_translation_ms === ms[Math.floor(ms.length / 2)]);
  console.log(`\ntimeline of the median visit (the page's clock, ms from navigation start; worker measures shifted onto it):\n${timelineTable(mid)}\n`);
  console.log(`median ${ms[Math.floor(ms.length / 2)].toFixed(0)} ms (${ms.map((x) => x.toFixed(0)).join(', ')})`);
}
