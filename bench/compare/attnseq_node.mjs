#!/usr/bin/env node
// The "attnseq WebAssembly in Node" contender: web/src/index.js in-thread (one thread), one pass.
//   node bench/compare/attnseq_node.mjs --model M --input build/bench/inputs.json --out R.json [--warmup 20]
//        [--web DIR: the web/ folder to load the API and the module from (default: the repository's)]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { finishAttnseq, loadAttnseq, passAttnseq, warmupAttnseq } from './attnseq_runner.mjs';

const arg = (name, dflt) => { const i = process.argv.indexOf(name); return i >= 0 ? process.argv[i + 1] : dflt; };
const model = arg('--model');
const input = arg('--input');
const out = arg('--out');
if (!model || !input || !out) {
  console.error('usage: attnseq_node.mjs --model M --input INPUTS.json --out R.json [--warmup N]');
  process.exit(2);
}
const warmup = Number(arg('--warmup', 20));
const { sentences } = JSON.parse(readFileSync(input, 'utf8'));
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
// CPU of this process's threads (Linux): the main thread runs the translations, V8's other threads compile
// and collect garbage; the split answers whose time differs between Node and Chromium (probe_threads.mjs
// gives Chromium's renderer the same way).
const TICK_MS = 10;  // USER_HZ = 100 on Linux
const threadCpu = () => {
  const by = {};
  try {
    for (const t of readdirSync('/proc/self/task')) {
      const st = readFileSync(`/proc/self/task/${t}/stat`, 'utf8');
      const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
      by[t === String(process.pid) ? 'main' : 'other'] = (by[t === String(process.pid) ? 'main' : 'other'] ?? 0) + (Number(f[11]) + Number(f[12])) * TICK_MS;
    }
  } catch { return null; }  // not Linux
  return by;
};
const t0 = performance.now();
const web = path.resolve(arg('--web', path.join(path.dirname(fileURLToPath(import.meta.url)), '../../web')));
const { Translator } = await import(pathToFileURL(path.join(web, 'src/index.js')).href);
const { sharedCore } = await import(pathToFileURL(path.join(web, 'src/engine/shared-core.js')).href);
await sharedCore();  // instantiating the WebAssembly module (compile + start), before the model load
const startupMs = performance.now() - t0;
const { translator, load_ms } = await loadAttnseq(Translator, model);
await warmupAttnseq(translator, sentences, warmup);
const c0 = cpuMs(), th0 = threadCpu();
const pass = await passAttnseq(translator, sentences);
const cpu = cpuMs() - c0, th1 = threadCpu();
const threads = th0 && th1 ? { main_ms: (th1.main ?? 0) - (th0.main ?? 0), other_ms: (th1.other ?? 0) - (th0.other ?? 0) } : null;
const mem = await finishAttnseq(translator);
writeFileSync(out, JSON.stringify({
  contender: 'wasm-node', model, node: process.version, startup_ms: startupMs, load_ms, warmup, ...pass, cpu_ms: cpu, cpu_threads: threads,
  ...mem, peak_rss_bytes: process.resourceUsage().maxRSS * 1024,
}));
