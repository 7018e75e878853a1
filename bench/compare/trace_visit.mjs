#!/usr/bin/env node
// A Chromium performance trace of one first visit of the demo (fresh context: empty cache, no service
// worker), summarised: where the page's and the worker's threads spent their time until the first
// translation, the network requests as the page and the worker saw them (sent, response, finished; the
// server's own time), and the WebAssembly functions compiled on first call (V8's lazy compilation,
// `wasm.CompileLazy`: time the worker spends compiling on the way to the first translation).
//   node bench/compare/trace_visit.mjs [--url URL] [--trace OUT.json] [--min-ms 2]
// Without --url it serves the repository as first_visit.mjs does (scripts/serve.mjs's handler, its large
// files compressed ahead; every other file is requested once before the visit, so that no response waits
// for its compression). The trace (Chrome's JSON trace format) opens in chrome://tracing or Perfetto.
import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import { writeFileSync } from 'node:fs';
import { handle, precompress } from '../../scripts/serve.mjs';
import { ARGS, CHROMIUM } from './browser.mjs';

const arg = (name, dflt) => { const i = process.argv.indexOf(name); return i >= 0 ? process.argv[i + 1] : dflt; };
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'v8',
  'v8.execute', 'v8.wasm', 'disabled-by-default-v8.compile', 'toplevel', 'blink'];

/** The repository served on a free port, every file of the first visit requested once (compressed ahead). */
async function warmServer() {
  await precompress();
  const server = createServer((req, res) => { handle(req, res, {}).catch((e) => { res.writeHead(500); res.end(String(e)); }); });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  const { files } = await (await fetch(`${base}/web/precache.json`)).json();
  const extra = ['/models/manifest.json', '/web/styles/base.css', '/web/styles/components.css', '/web/styles/app.css', '/web/styles/views.css'];
  for (const u of [...files.map((f) => new URL(f, `${base}/web/`).href), ...extra.map((p) => base + p)])
    await (await fetch(u, { headers: { 'accept-encoding': 'br' } })).arrayBuffer();
  return { url: `${base}/web/`, close: () => new Promise((r) => server.close(() => r())) };
}

/** @param {any[]} events the trace's events @param {number} minMs */
export function summarise(events, minMs = 2) {
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  const nav = events.find((e) => e.name === 'navigationStart' && JSON.stringify(e.args ?? {}).includes('http'));
  const t0 = nav ? nav.ts : Math.min(...events.filter((e) => e.ts).map((e) => e.ts));
  const ms = (ts) => (ts - t0) / 1000;
  const out = [];
  // User Timing marks and measures of attnseq (engine/timing.js), in time order
  const marks = events.filter((e) => typeof e.name === 'string' && e.name.startsWith('attnseq:') && ['b', 'e', 'n', 'R', 'I'].includes(e.ph))
    .sort((a, b) => a.ts - b.ts);
  out.push('attnseq marks (ms from navigation start; b/e: a measure begins/ends):');
  for (const e of marks) out.push(`  ${ms(e.ts).toFixed(1).padStart(8)} ${e.ph} ${e.name.slice(8)}  [${names.get(`${e.pid}:${e.tid}`) ?? '?'}]`);
  // requests
  const req = new Map();
  for (const e of events) {
    if (!['ResourceSendRequest', 'ResourceReceiveResponse', 'ResourceFinish'].includes(e.name)) continue;
    const d = e.args?.data ?? {};
    const r = req.get(d.requestId) ?? {};
    req.set(d.requestId, r);
    if (d.url) r.url = d.url;
    r[e.name] = ms(e.ts);
    if (e.name === 'ResourceReceiveResponse' && d.timing) r.server = d.timing.receiveHeadersEnd - d.timing.sendStart;
    if (e.name === 'ResourceFinish') r.bytes = d.encodedDataLength;
  }
  out.push('', 'requests: sent → response (as its thread saw it) → finished, ms; bytes on the wire; request → headers at the network layer:');
  for (const r of [...req.values()].filter((x) => x.url).sort((a, b) => (a.ResourceSendRequest ?? 1e9) - (b.ResourceSendRequest ?? 1e9))) {
    const f = (x) => (x === undefined ? '–' : x.toFixed(1)).padStart(8);
    out.push(`  ${f(r.ResourceSendRequest)} ${f(r.ResourceReceiveResponse)} ${f(r.ResourceFinish)} ${String(r.bytes ?? '–').padStart(8)}  ` +
      `${new URL(r.url).pathname}${r.server !== undefined ? `  (${r.server.toFixed(0)} ms)` : ''}`);
  }
  // lazy compilation of WebAssembly functions, per thread, per 100 ms
  const lazy = new Map();
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'wasm.CompileLazy') continue;
    const key = `${names.get(`${e.pid}:${e.tid}`) ?? '?'} ${Math.floor(ms(e.ts) / 100) * 100}`;
    const v = lazy.get(key) ?? { ms: 0, n: 0 };
    v.ms += e.dur / 1000;
    v.n++;
    lazy.set(key, v);
  }
  let total = 0, count = 0;
  out.push('', 'WebAssembly functions compiled on first call (wasm.CompileLazy), by thread and 100 ms window:');
  for (const [k, v] of lazy) {
    out.push(`  ${k.padEnd(32)} ${v.ms.toFixed(1).padStart(7)} ms  ${v.n} functions`);
    total += v.ms;
    count += v.n;
  }
  out.push(`  total ${total.toFixed(1)} ms, ${count} functions`);
  // the busy tasks of the page's and the worker's threads
  for (const thread of ['CrRendererMain', 'DedicatedWorker thread']) {
    const tasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && names.get(`${e.pid}:${e.tid}`) === thread && e.dur >= minMs * 1000)
      .sort((a, b) => a.ts - b.ts);
    out.push('', `${thread}: tasks of ${minMs} ms or more (start, ms; what inside takes most):`);
    for (const t of tasks) {
      if (ms(t.ts) < 0) continue;
      const inner = events.filter((e) => e.ph === 'X' && e.pid === t.pid && e.tid === t.tid && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur &&
        e !== t && !['ThreadControllerImpl::RunTask', 'Receive mojo message', 'Receive mojo reply', 'SimpleWatcher::OnHandleReady'].includes(e.name))
        .sort((a, b) => b.dur - a.dur).slice(0, 2)
        .map((e) => `${e.name}${e.args?.data?.url ? ` ${new URL(e.args.data.url).pathname.split('/').pop()}` : ''} ${(e.dur / 1000).toFixed(1)}`);
      out.push(`  ${ms(t.ts).toFixed(1).padStart(8)} ${(t.dur / 1000).toFixed(1).padStart(6)}  ${inner.join('; ')}`);
    }
  }
  return out.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = arg('--url') ? null : await warmServer();
  const url = arg('--url') ?? server.url;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  try {
    const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto('about:blank');
    await new Promise((r) => setTimeout(r, 2000));  // the browser's own start-up settles (as first_visit.mjs)
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.runs && document.querySelector('#translation')?.textContent.trim(), null,
      { timeout: 120_000, polling: 20 });
    await new Promise((r) => setTimeout(r, 300));
    const buf = await browser.stopTracing();
    if (arg('--trace')) writeFileSync(arg('--trace'), buf);
    const parsed = JSON.parse(buf.toString('utf8'));
    console.log(summarise(Array.isArray(parsed) ? parsed : parsed.traceEvents, Number(arg('--min-ms', 2))));
  } finally {
    await browser.close();
    if (server) await server.close();
  }
}
