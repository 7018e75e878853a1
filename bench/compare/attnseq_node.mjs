#!/usr/bin/env node
// The "attnseq WebAssembly in Node" contender: web/src/index.js in-thread (one thread), one pass.
//   node bench/compare/attnseq_node.mjs --model M --input build/bench/inputs.json --out R.json [--warmup 20]
//        [--web DIR: the web/ folder to load the API and the module from (default: the repository's)]
import { readFileSync, writeFileSync } from 'node:fs';
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
const t0 = performance.now();
const web = path.resolve(arg('--web', path.join(path.dirname(fileURLToPath(import.meta.url)), '../../web')));
const { Translator } = await import(pathToFileURL(path.join(web, 'src/index.js')).href);
const { sharedCore } = await import(pathToFileURL(path.join(web, 'src/engine/core.js')).href);
await sharedCore();  // instantiating the WebAssembly module (compile + start), before the model load
const startupMs = performance.now() - t0;
const { translator, load_ms } = await loadAttnseq(Translator, model);
await warmupAttnseq(translator, sentences, warmup);
const c0 = cpuMs();
const pass = await passAttnseq(translator, sentences);
const cpu = cpuMs() - c0;
const mem = await finishAttnseq(translator);
writeFileSync(out, JSON.stringify({
  contender: 'wasm-node', model, node: process.version, startup_ms: startupMs, load_ms, warmup, ...pass, cpu_ms: cpu,
  ...mem, peak_rss_bytes: process.resourceUsage().maxRSS * 1024,
}));
