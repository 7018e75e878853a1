#!/usr/bin/env node
// The browser contenders, one pass each in a fresh headless Chromium (Debian's /usr/bin/chromium via
// playwright-core): attnseq WebAssembly (`--contender wasm-chromium`) or onnxruntime-web on the ONNX
// export (`--contender ort-chromium`). Memory: the page's WebAssembly memory (an init script records
// every memory a module creates or imports) and the largest renderer process's peak RSS (VmHWM); CPU: the
// page's renderer process, all its threads, during the timed pass (CDP Performance.getMetrics ProcessTime).
//   node bench/compare/browser.mjs --contender wasm-chromium --model M --input IN.json --out R.json
//   node bench/compare/browser.mjs --contender ort-chromium --onnx PREFIX --input IN.json --out R.json
//   [--web DIR: the folder served as /web/ (default: the repository's web/)] [--profile N: then a profiled pass]
import { chromium } from 'playwright-core';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startBenchServer } from './server.mjs';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  // extra flags for experiments (e.g. BENCH_CHROMIUM_ARGS='--js-flags=--no-wasm-dynamic-tiering')
  ...(process.env.BENCH_CHROMIUM_ARGS ? process.env.BENCH_CHROMIUM_ARGS.split(' ').filter(Boolean) : [])];

/** Records WebAssembly memories (created by JS or exported by an instance) in globalThis.__benchMemories. */
export function recordWasmMemories() {
  const seen = (globalThis.__benchMemories = []);
  const note = (m) => { if (m instanceof WebAssembly.Memory && !seen.includes(m)) seen.push(m); };
  const Memory = WebAssembly.Memory;
  WebAssembly.Memory = function (...a) { const m = new Memory(...a); note(m); return m; };
  WebAssembly.Memory.prototype = Memory.prototype;
  const scan = (imports, instance) => {
    for (const mod of Object.values(imports ?? {})) for (const v of Object.values(mod ?? {})) note(v);
    for (const v of Object.values(instance?.exports ?? {})) note(v);
  };
  for (const name of ['instantiate', 'instantiateStreaming']) {
    const orig = WebAssembly[name];
    WebAssembly[name] = async function (src, imports) {
      const r = await orig.call(this, src, imports);
      scan(imports, r.instance ?? r);
      return r;
    };
  }
}

const PAGE_SIZE = 4096;
const TICKS = 100;  // USER_HZ on Linux

/** User + system CPU milliseconds in the text of a /proc/PID/stat or /proc/PID/task/TID/stat file. */
export const statCpuMs = (stat) => {
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 1000 / TICKS;  // utime, stime
};

export function descendants(pid) {
  const all = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  const parent = new Map();
  for (const d of all) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch { /* gone */ }
  }
  const out = [];
  const walk = (p) => { for (const [c, pp] of parent) if (pp === p) { out.push(c); walk(c); } };
  walk(pid);
  return out;
}

/** A CDP CPU profile → shares of the samples: WebAssembly, JavaScript by file, GC, other. */
export function profileShares(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map();
  let total = 0;
  for (const id of profile.samples) {
    const { functionName: fn, url } = byId.get(id).callFrame;
    let key;
    if (fn === '(idle)') continue;
    if (url.startsWith('wasm://') || url.endsWith('.wasm') || /^\$?func\d+$|^wasm-function/.test(fn)) key = 'WebAssembly';
    else if (fn === '(garbage collector)') key = 'garbage collection';
    else if (fn === '(program)' || fn === '(root)') key = 'browser (outside JS and WebAssembly)';
    else key = `JavaScript: ${url ? url.replace(/^.*\/(node_modules\/onnxruntime-web\/dist|web|bench)\//, '$1/') : '(native V8 code)'}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    total++;
  }
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, v / total]));
}

/** The Chromium renderer processes under a process: [{pid, cpuMs, hwmBytes}]. */
export function renderers(browserPid) {
  const out = [];
  for (const pid of descendants(browserPid)) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      const cpuMs = statCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      out.push({ pid, cpuMs, hwmBytes: hwm ? Number(hwm[1]) * 1024 : 0 });
    } catch { /* gone */ }
  }
  return out;
}

/**
 * CPU milliseconds of the renderer process that hosts the page (CDP Performance.getMetrics ProcessTime,
 * all its threads). Not the sum over every renderer: a second renderer process, not the page's, was
 * measured using 110–150 ms of CPU during a timed pass that began ~1 s after launch
 * (bench/compare/probe_threads.mjs), time that belongs to no contender.
 */
async function pageCpuMs(cdp) {
  const m = (await cdp.send('Performance.getMetrics')).metrics.find((x) => x.name === 'ProcessTime');
  if (!m) throw new Error('browser.mjs: this Chromium reports no ProcessTime (CDP Performance.getMetrics)');
  return m.value * 1000;
}

export async function launchBrowser() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  // playwright-core starts Chromium as a child of this process: its renderers are our descendants
  return { browser, context, page, errors, pid: process.pid };
}

async function main(argv) {
  const arg = (name, dflt) => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : dflt; };
  const contender = arg('--contender');
  const input = JSON.parse(readFileSync(arg('--input'), 'utf8'));
  const warmup = Number(arg('--warmup', 20));
  const out = arg('--out');
  const files = {};
  let info;
  if (contender === 'wasm-chromium') files['model.safetensors'] = path.resolve(arg('--model'));
  if (contender === 'ort-chromium') {
    const prefix = path.resolve(arg('--onnx'));
    info = JSON.parse(readFileSync(`${prefix}.json`, 'utf8'));
    files['encoder.onnx'] = `${prefix}.encoder.onnx`;
    files['decoder.onnx'] = `${prefix}.decoder.onnx`;
  } else if (contender !== 'wasm-chromium') throw new Error(`unknown --contender ${contender}`);

  const srv = await startBenchServer(files, arg('--web') ? path.resolve(arg('--web')) : undefined);
  const b = await launchBrowser();
  try {
    await b.page.addInitScript(recordWasmMemories);
    await b.page.goto(`${srv.url}bench/compare/page.html`);
    await b.page.waitForFunction(() => document.body.dataset.ready === '1');
    const perf = await b.context.newCDPSession(b.page);
    await perf.send('Performance.enable');
    let load;
    let pass;
    let fin;
    let cpu;
    if (contender === 'wasm-chromium') {
      load = await b.page.evaluate((u) => globalThis.bench.attnseqLoad(u), '/files/model.safetensors');
      await b.page.evaluate(([s, n]) => globalThis.bench.attnseqWarmup(s, n), [input.sentences, warmup]);
      const c0 = await pageCpuMs(perf);
      pass = await b.page.evaluate((s) => globalThis.bench.attnseqPass(s), input.sentences);
      cpu = (await pageCpuMs(perf)) - c0;
      fin = await b.page.evaluate(() => globalThis.bench.attnseqFinish());
    } else {
      load = await b.page.evaluate(([i]) => globalThis.bench.ortLoad('/files/encoder.onnx', '/files/decoder.onnx', i), [info]);
      await b.page.evaluate(([s, n]) => globalThis.bench.ortWarmup(s, n), [input.src_ids, warmup]);
      const c0 = await pageCpuMs(perf);
      pass = await b.page.evaluate((s) => globalThis.bench.ortPass(s), input.src_ids);
      cpu = (await pageCpuMs(perf)) - c0;
      fin = await b.page.evaluate(() => globalThis.bench.ortFinish());
    }
    const rss = Math.max(...renderers(b.pid).map((r) => r.hwmBytes));
    // a profiled pass over the first `profile` sentences (after the measurements: sampling slows it down)
    let profile = null;
    const nProfile = Number(arg('--profile', 0));
    if (nProfile > 0) {
      const cdp = await b.context.newCDPSession(b.page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      if (contender === 'wasm-chromium') {
        await b.page.evaluate(([u]) => globalThis.bench.attnseqLoad(u), ['/files/model.safetensors']);
        await cdp.send('Profiler.start');
        await b.page.evaluate((s) => globalThis.bench.attnseqPass(s), input.sentences.slice(0, nProfile));
      } else {
        await b.page.evaluate(([i]) => globalThis.bench.ortLoad('/files/encoder.onnx', '/files/decoder.onnx', i), [info]);
        await cdp.send('Profiler.start');
        await b.page.evaluate((s) => globalThis.bench.ortPass(s), input.src_ids.slice(0, nProfile));
      }
      profile = profileShares((await cdp.send('Profiler.stop')).profile);
    }
    if (b.errors.length) throw new Error(`page errors: ${b.errors.join('\n')}`);
    const result = { contender, model: contender === 'wasm-chromium' ? arg('--model') : arg('--onnx'), chromium: b.browser.version(), ...load, warmup,
      ...pass, cpu_ms: cpu, ...fin, peak_rss_bytes: rss, profile };
    writeFileSync(out, JSON.stringify(result));
  } finally {
    await b.browser.close();
    await srv.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main(process.argv.slice(2)).catch((e) => { console.error(`browser.mjs: ${e.stack ?? e}`); process.exit(1); });
}
