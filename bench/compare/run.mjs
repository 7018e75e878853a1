#!/usr/bin/env node
// The runtime comparison (docs/benchmarks.md, "Comparison"): runs every contender once per repeat,
// round-robin (so that a change in the machine's load touches all of them alike), checks that they
// produce the same target ids, measures the demo's first visit, and writes the results JSON, the
// markdown table, the SVG chart and the "Comparison" section of docs/benchmarks.md.
// bench/run.sh prepares its inputs (builds, model export, ONNX export, sentences) and calls it:
//   node bench/compare/run.mjs --model F32 [--model-i8 I8] --onnx PREFIX --input IN.json --repeats 3
//        [--warmup 20] [--results bench/results] [--no-docs]
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliFileSize } from './brotli_size.mjs';
import { measureFirstVisit } from './first_visit.mjs';
import { machineInfo } from './machine.mjs';
import { profileBrowser, profileNative } from './profile.mjs';
import { profileWasm } from './profile_wasm.mjs';
import { renderMarkdown, renderSvg, updateDocs } from './report.mjs';
import { summarize } from './stats.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const argv = process.argv.slice(2);
const arg = (name, dflt) => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : dflt; };
const rel = (p) => path.relative(ROOT, path.resolve(p));

if (arg('--render')) {  // re-render the reports of a results JSON (no measurement)
  const results = JSON.parse(readFileSync(arg('--render'), 'utf8'));
  const dir = path.dirname(path.resolve(arg('--render')));
  const md = renderMarkdown(results);
  writeFileSync(path.resolve(arg('--render')), resultsJson(results));
  writeFileSync(path.join(dir, `${results.date.slice(0, 10)}.md`), md);
  writeFileSync(path.join(dir, 'throughput.svg'), renderSvg(results));
  if (!argv.includes('--no-docs')) updateDocs(path.join(ROOT, 'docs/benchmarks.md'), md);
  console.log(md);
  process.exit(0);
}
const model = arg('--model');
const modelI8 = arg('--model-i8');
const onnx = arg('--onnx');
const inputPath = arg('--input');
const repeats = Number(arg('--repeats', 3));
const warmup = Number(arg('--warmup', 20));
const resultsDir = path.resolve(arg('--results', path.join(ROOT, 'bench/results')));
const writeDocs = !argv.includes('--no-docs');
if (!model || !onnx || !inputPath) {
  console.error('usage: run.mjs --model F32 [--model-i8 I8] --onnx PREFIX --input IN.json [--repeats R] [--warmup W]');
  process.exit(2);
}
const input = JSON.parse(readFileSync(inputPath, 'utf8'));
const work = path.join(tmpdir(), `attnseq-bench-${process.pid}`);
mkdirSync(work, { recursive: true });

// A private copy of the binaries under test (the WebAssembly module with its JavaScript API, and the
// native bench), so that a rebuild elsewhere during the run cannot change what is measured.
const snap = path.join(work, 'snapshot');
cpSync(path.join(ROOT, 'web/src'), path.join(snap, 'web/src'), { recursive: true });
cpSync(path.join(ROOT, 'web/dist'), path.join(snap, 'web/dist'), { recursive: true });
const nativeBench = path.join(snap, 'attnseq_bench');
copyFileSync(path.join(ROOT, 'build/native/attnseq_bench'), nativeBench);
const webArgs = ['--web', path.join(snap, 'web')];
const PY = '/usr/bin/python3';
const NODE = process.execPath;
const common = ['--input', inputPath, '--warmup', String(warmup)];
// Every contender: [id, label, command, args (without --out)]
const contenders = [
  ['native', 'attnseq native (C++)', nativeBench, ['--model', model, ...common]],
  ['wasm-node', 'attnseq WebAssembly, Node', NODE, [path.join(ROOT, 'bench/compare/attnseq_node.mjs'), '--model', model, ...webArgs, ...common]],
  ['wasm-chromium', 'attnseq WebAssembly, Chromium', NODE, [path.join(ROOT, 'bench/compare/browser.mjs'), '--contender', 'wasm-chromium', '--model', model, ...webArgs, ...common]],
  ['ort-chromium', 'onnxruntime-web (WASM SIMD), Chromium', NODE, [path.join(ROOT, 'bench/compare/browser.mjs'), '--contender', 'ort-chromium', '--onnx', onnx, ...common]],
  ['pytorch', 'PyTorch eager CPU', PY, [path.join(ROOT, 'bench/compare/torch_bench.py'), '--model', model, ...common]],
];
if (modelI8) {
  contenders.push(['native-i8', 'attnseq native, I8 file', nativeBench, ['--model', modelI8, ...common]]);
  contenders.push(['wasm-node-i8', 'attnseq WebAssembly, Node, I8 file', NODE, [path.join(ROOT, 'bench/compare/attnseq_node.mjs'), '--model', modelI8, ...webArgs, ...common]]);
  contenders.push(['wasm-chromium-i8', 'attnseq WebAssembly, Chromium, I8 file', NODE, [path.join(ROOT, 'bench/compare/browser.mjs'), '--contender', 'wasm-chromium', '--model', modelI8, ...webArgs, ...common]]);
}
const IDENTITY = ['native', 'wasm-node', 'wasm-chromium', 'ort-chromium', 'pytorch'];  // same F32 weights

const runs = Object.fromEntries(contenders.map(([id]) => [id, []]));
const started = new Date();
const otherLoad = await measureOtherLoad();
console.log(`bench: ${input.sentences.length} sentences × ${repeats} repeats (+${warmup} warm-up sentences per pass), model ${rel(model)}`);
for (let r = 0; r < repeats; r++) {
  for (const [id, , cmd, args] of contenders) {
    const out = path.join(work, `${id}.${r}.json`);
    const t0 = Date.now();
    const p = spawnSync(cmd, [...args, '--out', out], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
    if (p.status !== 0) {
      console.error(`bench: ${id} failed (exit ${p.status}):\n${p.stdout}${p.stderr}`);
      process.exit(1);
    }
    const res = JSON.parse(readFileSync(out, 'utf8'));
    runs[id].push(res);
    console.log(`  repeat ${r + 1}/${repeats} ${id.padEnd(17)} ${(res.sentences / (res.total_ms / 1e3)).toFixed(1).padStart(7)} sent/s ` +
      `${(res.total_ms / res.steps).toFixed(3).padStart(7)} ms/token (cpu ${(res.cpu_ms / res.steps).toFixed(3)})  [${((Date.now() - t0) / 1e3).toFixed(0)} s]`);
  }
}

// ---------------------------------------------------------------- identity
const ref = runs.native[0].outputs;
function differences(outputs) {
  const diffs = [];
  outputs.forEach((o, i) => {
    const a = ref[i];
    if (a.length === o.length && a.every((x, k) => x === o[k])) return;
    let k = 0;
    while (k < a.length && k < o.length && a[k] === o[k]) k++;
    diffs.push({ index: i, src: input.sentences[i], first_difference_at: k, native: a, other: o });
  });
  return diffs;
}
const identity = {};
for (const [id] of contenders) {
  const base = IDENTITY.includes(id) ? 'native' : null;
  const perRepeat = runs[id].map((x) => differences(x.outputs));
  const stable = runs[id].every((x) => JSON.stringify(x.outputs) === JSON.stringify(runs[id][0].outputs));
  identity[id] = { compared_with: base ?? 'native (F32)', identical: input.sentences.length - perRepeat[0].length,
    of: input.sentences.length, same_across_repeats: stable, differences: perRepeat[0] };
}
const why = explainDifferences(identity);

// ---------------------------------------------------------------- sizes and first visit
const size = (f) => (existsSync(f) ? statSync(f).size : null);
const brotli = (f) => brotliFileSize(f);
const wasmFile = path.join(snap, 'web/dist/attnseq.wasm');
const jsFile = path.join(snap, 'web/dist/attnseq.js');
const onnxInfo = JSON.parse(readFileSync(`${onnx}.json`, 'utf8'));
const sizes = {
  wasm: { raw: size(wasmFile), brotli: brotli(wasmFile) },
  wasm_glue_js: { raw: size(jsFile), brotli: brotli(jsFile) },
  model_f32: { file: rel(model), raw: size(model), brotli: brotli(model) },
  model_i8: modelI8 ? { file: rel(modelI8), raw: size(modelI8), brotli: brotli(modelI8) } : null,
  onnx: { encoder: size(`${onnx}.encoder.onnx`), decoder: size(`${onnx}.decoder.onnx`), opset: onnxInfo.opset },
  ort_wasm: (() => {
    const f = path.join(ROOT, 'node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.wasm');
    return { raw: size(f), brotli: brotli(f) };
  })(),
};
console.log('bench: profiles (native: perf; Chromium: CDP sampling profiler over 100 sentences)');
const profiles = {
  native: profileNative({ bench: nativeBench, model, input: inputPath, work }),
  'wasm-chromium': profileBrowser({ root: ROOT, contender: 'wasm-chromium', model, onnx, input: inputPath, work, web: webArgs }),
  'ort-chromium': profileBrowser({ root: ROOT, contender: 'ort-chromium', model, onnx, input: inputPath, work, web: webArgs }),
  'wasm-node': (() => {  // by C++ function: the profiling build of the same sources (bench/run.sh builds it)
    if (!existsSync(path.join(ROOT, 'build/wasm-prof/wasm/attnseq.wasm'))) return null;
    try { return profileWasm({ model, input: inputPath }); } catch (e) { return { error: e.message }; }
  })(),
};
// The measured f32x4 mul+add peak of this machine in Node (bench/kernels), to set the kernels against.
const kernelsBench = path.join(ROOT, 'build/wasm/bench/kernels/attnseq_bench_kernels.cjs');
const wasmPeak = existsSync(kernelsBench) ?
  JSON.parse(execFileSync(process.execPath, [kernelsBench, '--peak', '0.2'], { encoding: 'utf8' })).peak_gflops : null;
console.log('bench: first visits of the demo');
const firstVisit = await measureFirstVisit({ repeats: Math.max(5, repeats) });  // the goal is a median of 5 cold visits

// ---------------------------------------------------------------- summary and reports
const ortVersion = JSON.parse(readFileSync(path.join(ROOT, 'node_modules/onnxruntime-web/package.json'), 'utf8')).version;
const summary = summarize(contenders.map(([id, label]) => ({ id, label, runs: runs[id] })));
// (the CPU's model, family and the flags that decide the kernels: issue 33 asks every figure to say them)
const machine = {
  ...machineInfo(),
  node: process.version,
  chromium: runs['wasm-chromium'][0].chromium,
  onnxruntime_web: ortVersion,
  torch: runs.pytorch[0].torch,
  other_load: otherLoad,
  wasm_simd128_peak_gflops: wasmPeak,
};
const date = started.toISOString().slice(0, 10);
const fileId = (f) => ({ mtime: statSync(f).mtime.toISOString(), sha256: createHash('sha256').update(readFileSync(f)).digest('hex') });
const git = spawnSync('git', ['describe', '--always', '--dirty'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
const binaries = { wasm: fileId(wasmFile), native: fileId(nativeBench),
  git: git.endsWith('-dirty') ? `${git} (uncommitted changes)` : git };
const results = {
  date: started.toISOString(), binaries, command: `bash bench/run.sh ${process.env.BENCH_ARGS ?? ''}`.trim(), machine,
  model: rel(model), model_i8: modelI8 ? rel(modelI8) : null, onnx: rel(onnx), data: input.data, split: input.split,
  sentences: input.sentences.length, repeats, warmup, summary, identity, why, sizes, first_visit: firstVisit, profiles,
  runs: Object.fromEntries(Object.entries(runs).map(([id, rs]) => [id, rs.map(({ outputs, ...rest }) => rest)])),
};
mkdirSync(resultsDir, { recursive: true });
const jsonPath = path.join(resultsDir, `${date}.json`);
writeFileSync(jsonPath, resultsJson(results));
const md = renderMarkdown(results);
writeFileSync(path.join(resultsDir, `${date}.md`), md);
writeFileSync(path.join(resultsDir, 'throughput.svg'), renderSvg(results));
if (writeDocs) updateDocs(path.join(ROOT, 'docs/benchmarks.md'), md);
console.log('\n' + md);
console.log(`bench: wrote ${rel(jsonPath)}, ${rel(path.join(resultsDir, `${date}.md`))}, ${rel(path.join(resultsDir, 'throughput.svg'))}` +
  (writeDocs ? ', docs/benchmarks.md (Comparison)' : ''));
const allSame = IDENTITY.every((id) => identity[id].identical === identity[id].of);
if (!allSame) console.log('bench: the contenders do NOT all produce the same translations (see the report)');

/** The results as JSON: indented, except the per-sentence times (one line, rounded to 1 µs). */
function resultsJson(res) {
  const runsText = JSON.stringify(res.runs, (k, v) => (typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 1e3) / 1e3 : v));
  return JSON.stringify({ ...res, runs: '@RUNS@' }, null, 1).replace('"@RUNS@"', runsText) + '\n';
}

/** For each sentence where a contender differs from native: the reference model's top-2 logit gap at
 *  the first differing step (teacher-forced over the common prefix), from bench/compare/why.py. */
function explainDifferences(ident) {
  const cases = [];
  for (const [id, v] of Object.entries(ident)) {
    for (const d of v.differences.slice(0, 20)) cases.push({ contender: id, index: d.index, src_ids: input.src_ids[d.index],
      prefix: d.native.slice(0, d.first_difference_at), native_next: d.native[d.first_difference_at] ?? 3,
      other_next: d.other[d.first_difference_at] ?? 3 });
  }
  if (!cases.length) return [];
  const f = path.join(work, 'why.json');
  writeFileSync(f, JSON.stringify(cases));
  const p = spawnSync(PY, [path.join(ROOT, 'bench/compare/why.py'), '--model', model, '--cases', f], { encoding: 'utf8' });
  if (p.status !== 0) return [{ error: p.stderr.slice(-500) }];
  return JSON.parse(p.stdout);
}

/**
 * What else used the CPUs when the run began: busy cores over 2 s (from /proc/stat) and the processes
 * using the most CPU then (ps), so that the report says whether the contenders shared the machine.
 */
async function measureOtherLoad() {
  const ticks = () => {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { idle: f[3] + (f[4] ?? 0), total: f.reduce((a, b) => a + b, 0) };
  };
  const a = ticks();
  await new Promise((r) => setTimeout(r, 2000));
  const b = ticks();
  const cores = Number(execFileSync('nproc', { encoding: 'utf8' }).trim());
  const busy = (1 - (b.idle - a.idle) / Math.max(1, b.total - a.total)) * cores;
  const ps = spawnSync('ps', ['-eo', 'pcpu=,ni=,args=', '--sort=-pcpu'], { encoding: 'utf8' }).stdout ?? '';
  const top = ps.split('\n').map((l) => l.trim()).filter(Boolean).slice(0, 8)
    .map((l) => { const [pcpu, ni, ...args] = l.split(/\s+/); return { pcpu: Number(pcpu), nice: ni, command: args.join(' ').slice(0, 120) }; })
    .filter((p) => p.pcpu >= 20 && !/bench\/(run|compare)/.test(p.command));
  return { busy_cores: Math.round(busy * 100) / 100, cores, top };
}
