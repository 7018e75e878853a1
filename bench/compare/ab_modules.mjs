#!/usr/bin/env node
// Two builds of the WebAssembly module side by side in Node (issue 33): each build's attnseq.js +
// attnseq.wasm with a copy of web/src beside it, so that both load at once.
//   node bench/compare/ab_modules.mjs --a DIR --b DIR [--model M] [--data work/data/en-fr] [--rounds 6] [--sentences 400]
// 1. cold: `rounds` alternating child processes per build, each loading the model and translating 20
//    test sentences (then 200 more): the load's wall ms, the first 20 sentences' CPU ms (what V8's
//    tier-up adds), and the next 200's CPU ms per token;
// 2. warm: both builds in one process, translating the same sentences in alternation (after 20 each),
//    CPU ms per token of each, and b / a: drifts of a noisy machine cancel out.
// Pause training first (pkill -STOP -f train/train.py). DIR: a folder with attnseq.js and attnseq.wasm
// (e.g. a copy of web/dist/ from a build). Both run with this checkout's web/src: compare builds whose
// JS boundary is the same. Node flags given to this script (node --flag ab_modules.mjs) reach the cold runs too.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name, dflt) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : dflt; };
const model = path.resolve(arg('model', path.join(ROOT, 'models/en-fr-transformer.i8.safetensors')));
const data = path.resolve(arg('data', path.join(ROOT, 'work/data/en-fr')));
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const sources = (n) => JSON.parse(readFileSync(path.join(data, 'test.json'), 'utf8')).map((g) => g.src).slice(0, n);

if (process.argv.includes('--child')) {
  // one cold run of one build: its index.js is argv's --index
  const t0 = performance.now();
  const { Translator } = await import(pathToFileURL(arg('index')).href);
  const t = await Translator.load(model, { worker: false });
  const load = performance.now() - t0;
  const srcs = sources(220);
  const c0 = cpu();
  for (const s of srcs.slice(0, 20)) await t.translate(s);
  const first20 = cpu() - c0;
  let toks = 0;
  const c1 = cpu();
  for (const s of srcs.slice(20)) toks += (await t.translate(s)).tokens.length;
  console.log(JSON.stringify({ load, first20, perToken: (cpu() - c1) / toks }));
  t.dispose();
  process.exit(0);
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'attnseq-ab-'));
writeFileSync(path.join(tmp, 'package.json'), '{"type": "module"}\n');  // the copies are ES modules, as under web/
const builds = {};
for (const k of ['a', 'b']) {
  const dir = arg(k);
  if (!dir) throw new Error('--a DIR --b DIR: folders with attnseq.js and attnseq.wasm');
  cpSync(path.join(ROOT, 'web/src'), path.join(tmp, k, 'src'), { recursive: true });
  for (const f of ['attnseq.js', 'attnseq.wasm']) cpSync(path.join(dir, f), path.join(tmp, k, 'dist', f));
  builds[k] = path.join(tmp, k, 'src/index.js');
}
try {
  const rounds = Number(arg('rounds', 6));
  const cold = { a: [], b: [] };
  for (let r = 0; r < rounds; r++) {
    for (const k of r % 2 ? ['b', 'a'] : ['a', 'b']) {
      cold[k].push(JSON.parse(execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--child', '--index', builds[k],
        '--model', model, '--data', data], { encoding: 'utf8' })));
    }
  }
  const med = (xs) => { const s = [...xs].sort((x, y) => x - y); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
  const range = (xs, d) => `${Math.min(...xs).toFixed(d)}–${Math.max(...xs).toFixed(d)} (median ${med(xs).toFixed(d)})`;
  for (const k of ['a', 'b']) {
    console.log(`cold ${k}: load ${range(cold[k].map((x) => x.load), 0)} ms; first 20 sentences ${range(cold[k].map((x) => x.first20), 0)} CPU ms; `
      + `next 200 ${range(cold[k].map((x) => x.perToken), 4)} CPU ms/token`);
  }
  // warm: both in one process, in alternation
  const A = await import(pathToFileURL(builds.a).href);
  const B = await import(pathToFileURL(builds.b).href);
  const t = { a: await A.Translator.load(model, { worker: false }), b: await B.Translator.load(model, { worker: false }) };
  const acc = { a: [0, 0], b: [0, 0] };
  const srcs = sources(Number(arg('sentences', 400)));
  for (let i = 0; i < srcs.length; i++) {
    for (const k of i % 2 ? ['b', 'a'] : ['a', 'b']) {
      const c0 = cpu();
      const r = await t[k].translate(srcs[i]);
      if (i >= 20) { acc[k][0] += cpu() - c0; acc[k][1] += r.tokens.length; }
    }
  }
  const per = (k) => acc[k][0] / acc[k][1];
  console.log(`warm, in alternation: a ${per('a').toFixed(4)}, b ${per('b').toFixed(4)} CPU ms/token (${acc.a[1]} tokens); b / a ${(per('b') / per('a')).toFixed(3)}`);
  t.a.dispose();
  t.b.dispose();
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
