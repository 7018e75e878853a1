#!/usr/bin/env node
// Where the CPU time of Chromium's renderers goes during attnseq's timed pass (after W warm-up sentences),
// by process and thread: the page's main thread runs the translations, its V8 worker threads compile and
// collect garbage; any other renderer process (Chromium had a second one running) is not the contender's.
// This is why browser.mjs counts the page's own renderer only (CDP ProcessTime).
//   node bench/compare/probe_threads.mjs --model M --input INPUTS.json [--warmup 20]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { descendants, launchBrowser, statCpuMs } from './browser.mjs';
import { startBenchServer } from './server.mjs';

const arg = (name, dflt) => { const i = process.argv.indexOf(name); return i >= 0 ? process.argv[i + 1] : dflt; };
const input = JSON.parse(readFileSync(arg('--input'), 'utf8'));
const warmup = Number(arg('--warmup', 20));
/** CPU ms per thread name over the renderer processes under pid. */
function threads(pid) {
  const by = {};
  for (const p of descendants(pid)) {
    let cmd;
    try { cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8'); } catch { continue; }
    if (!cmd.includes('--type=renderer')) continue;
    for (const t of readdirSync(`/proc/${p}/task`)) {
      try {
        const st = readFileSync(`/proc/${p}/task/${t}/stat`, 'utf8');
        const name = `${st.slice(st.indexOf('(') + 1, st.lastIndexOf(')')).replace(/\d+$/, '')} ${p}/${t}`;
        by[name] = (by[name] ?? 0) + statCpuMs(st);
      } catch { /* gone */ }
    }
  }
  return by;
}

const srv = await startBenchServer({ 'model.safetensors': path.resolve(arg('--model')) });
const b = await launchBrowser();
try {
  await b.page.goto(`${srv.url}bench/compare/page.html`);
  await b.page.waitForFunction(() => document.body.dataset.ready === '1');
  await b.page.evaluate((u) => globalThis.bench.attnseqLoad(u), '/files/model.safetensors');
  await b.page.evaluate(([s, n]) => globalThis.bench.attnseqWarmup(s, n), [input.sentences, warmup]);
  const t0 = threads(b.pid);
  const pass = await b.page.evaluate((s) => globalThis.bench.attnseqPass(s), input.sentences);
  const t1 = threads(b.pid);
  const rows = Object.keys(t1).map((k) => [k, t1[k] - (t0[k] ?? 0)]).filter(([, v]) => v > 0).sort((a, c) => c[1] - a[1]);
  console.log(`warm-up ${warmup}: wall ${pass.total_ms.toFixed(0)} ms for ${pass.steps} tokens; renderer CPU by thread (ms):`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(24)} ${v.toFixed(0)}`);
} finally {
  await b.browser.close();
  await srv.close();
}
