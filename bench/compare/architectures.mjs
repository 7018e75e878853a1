#!/usr/bin/env node
// Per-token time of several model files side by side (docs/benchmarks.md, "Architectures"): the GRUs,
// the conv model, the Transformers, each through attnseq native (build/native/attnseq_bench) and
// WebAssembly in Node (attnseq_node.mjs): greedy, batch 1, one thread, the same sentences (the first N
// sources of a held-out split, by bench/compare/prepare_inputs.py), each model with its own tokenizer.
// Round-robin over the repeats (a change in the machine's load touches every model alike); medians of the
// repeats. The comparison of run.mjs (onnxruntime-web, PyTorch) is for Transformers; this one needs no
// export.
//   node bench/compare/architectures.mjs --models A.safetensors,B.safetensors [--data work/data/en-fr]
//        [--n 100] [--repeats 3] [--warmup 10] [--native-only] [--out build/bench/architectures.json]
//   node bench/compare/architectures.mjs [--manifest models/manifest.json ...] [--data-root work/data]
// Without --models: every model of the catalogue(s) (--manifest, repeatable; default models/manifest.json)
// whose file exists beside its manifest, each on the test split of its own direction (the entry's `data`:
// DATA_ROOT/<data>, else DATA_ROOT/<src>-<tgt>); a model whose file or split is missing is named and left
// out. New architectures and directions so appear as soon as their files and manifest entries exist
// (e.g. --manifest models/manifest.json --manifest ../seed/models/manifest.json for a branch's interim file).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median } from './stats.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const argv = process.argv.slice(2);
const arg = (name, dflt) => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : dflt; };
const all = (name) => argv.flatMap((a, i) => (a === name ? [argv[i + 1]] : []));
const dataRoot = path.resolve(arg('--data-root', path.join(ROOT, 'work/data')));
const data = path.resolve(arg('--data', path.join(dataRoot, 'en-fr')));
/** model file → its test data folder */
const dataOf = new Map();
let models = (arg('--models') ?? '').split(',').filter(Boolean).map((m) => path.resolve(m));
for (const m of models) dataOf.set(m, data);
if (!models.length) {
  const seen = new Set(), missing = new Map();  // id → why, for the entries no catalogue could run
  const leftOut = (id, why) => { if (!missing.has(id)) missing.set(id, why); };
  for (const manifest of (all('--manifest').length ? all('--manifest') : [path.join(ROOT, 'models/manifest.json')])) {
    const catalog = JSON.parse(readFileSync(manifest, 'utf8'));
    for (const e of catalog.models ?? []) {
      if (seen.has(e.id)) continue;  // the first catalogue that has it (and its file) wins
      const file = path.resolve(path.dirname(manifest), e.file);
      const dir = [e.data, `${e.src}-${e.tgt}`].filter(Boolean).map((d) => path.join(dataRoot, d)).find((d) => existsSync(path.join(d, 'test.json')));
      if (!existsSync(file)) { leftOut(e.id, `no file ${path.relative(ROOT, file)}`); continue; }
      if (!dir) { leftOut(e.id, `no test split ${path.join(dataRoot, e.data ?? `${e.src}-${e.tgt}`)}/test.json`); continue; }
      seen.add(e.id);
      models.push(file);
      dataOf.set(file, dir);
    }
  }
  for (const [id, why] of missing) if (!seen.has(id)) console.log(`architectures: ${id}: ${why} (left out)`);
}
const n = Number(arg('--n', 100));
const repeats = Number(arg('--repeats', 3));
const warmup = Number(arg('--warmup', 10));
const nativeOnly = argv.includes('--native-only');
const outPath = path.resolve(arg('--out', path.join(ROOT, 'build/bench/architectures.json')));
if (!models.length) {
  console.error('usage: architectures.mjs --models A.safetensors,B.safetensors [--data DIR] [--n 100] [--repeats 3] [--warmup 10] [--native-only]');
  process.exit(2);
}
const nativeBench = path.join(ROOT, 'build/native/attnseq_bench');
for (const f of [nativeBench, ...models, ...(nativeOnly ? [] : [path.join(ROOT, 'web/dist/attnseq.wasm')])])
  if (!existsSync(f)) { console.error(`architectures: ${path.relative(ROOT, f)} missing (build it: cmake --build build/native; bash scripts/build_wasm.sh)`); process.exit(2); }

/** The file's config and whether it is quantized, from its safetensors header. */
function describe(file) {
  const bytes = readFileSync(file);
  const len = Number(bytes.readBigUInt64LE(0));
  const header = JSON.parse(bytes.subarray(8, 8 + len).toString('utf8'));
  const c = JSON.parse(header.__metadata__.config);
  const i8 = Object.values(header).some((t) => t.dtype === 'I8');
  const arch = c.arch === 'transformer' ? `Transformer ${c.enc_layers}+${c.dec_layers} layers, d ${c.d_model}`
    : c.arch === 'conv' ? `conv encoder ${c.conv_layers}×k${c.kernel}, GRU ${c.hidden} (${c.attention})`
      : `bi-GRU, GRU ${c.hidden} (${c.attention})`;
  return { arch, i8, bytes: statSync(file).size };
}

const work = path.join(tmpdir(), `attnseq-arch-${process.pid}`);
mkdirSync(work, { recursive: true });
// the first N sources of each test split (one input file per data folder, made with its first model)
const inputOf = new Map();
let sentences = [];
for (const m of models) {
  const d = dataOf.get(m);
  if (inputOf.has(d)) { inputOf.set(m, inputOf.get(d)); continue; }
  const input = path.join(work, `inputs-${path.basename(d)}.json`);
  const prep = spawnSync('/usr/bin/python3', [path.join(ROOT, 'bench/compare/prepare_inputs.py'), '--model', m, '--data', d,
    '--n', String(n), '--out', input], { cwd: ROOT, encoding: 'utf8' });
  if (prep.status !== 0) { console.error(prep.stdout + prep.stderr); process.exit(1); }
  inputOf.set(d, input).set(m, input);
  ({ sentences } = JSON.parse(readFileSync(input, 'utf8')));
}

const contenders = [['native', nativeBench, (m) => ['--model', m]]];
if (!nativeOnly) contenders.push(['wasm-node', process.execPath, (m) => [path.join(ROOT, 'bench/compare/attnseq_node.mjs'), '--model', m]]);
const runs = {};  // model → contender → [run]
console.log(`architectures: ${sentences.length} sentences × ${repeats} repeats (+${warmup} warm-up), ${models.length} models`);
for (let r = 0; r < repeats; r++)
  for (const m of models)
    for (const [id, cmd, args] of contenders) {
      const out = path.join(work, `${path.basename(m)}.${id}.${r}.json`);
      const p = spawnSync(cmd, [...args(m), '--input', inputOf.get(m), '--warmup', String(warmup), '--out', out], { cwd: ROOT, encoding: 'utf8' });
      if (p.status !== 0) { console.error(`architectures: ${id} on ${m} failed:\n${p.stdout}${p.stderr}`); process.exit(1); }
      const res = JSON.parse(readFileSync(out, 'utf8'));
      delete res.outputs;
      ((runs[m] ??= {})[id] ??= []).push(res);
      console.log(`  repeat ${r + 1}/${repeats} ${path.basename(m).padEnd(34)} ${id.padEnd(9)} ${(res.cpu_ms / res.steps).toFixed(3)} CPU ms/token`);
    }

const cell = (rs, f) => { const xs = rs.map(f); return `${median(xs).toFixed(3)} (${Math.min(...xs).toFixed(3)}–${Math.max(...xs).toFixed(3)})`; };
const rows = models.map((m) => {
  const d = describe(m);
  const nat = runs[m].native;
  const enc = (rs) => rs[0];  // steps and work are the same in every repeat
  return { model: path.relative(ROOT, m), data: path.relative(ROOT, dataOf.get(m)), ...d, steps: enc(nat).steps, mmacs_per_token: enc(nat).macs / enc(nat).steps / 1e6,
    native_cpu_ms_per_token: cell(nat, (x) => x.cpu_ms / x.steps),
    wasm_node_cpu_ms_per_token: runs[m]['wasm-node'] ? cell(runs[m]['wasm-node'], (x) => x.cpu_ms / x.steps) : null };
});
const md = ['| model | architecture | test split | file | tokens | M MACs / token | native, CPU ms / token | WebAssembly (Node), CPU ms / token |',
  '|---|---|---|---:|---:|---:|---:|---:|',
  ...rows.map((x) => `| \`${path.basename(x.model)}\` | ${x.arch}${x.i8 ? ', I8' : ''} | ${path.basename(x.data)} | ${(x.bytes / 2 ** 20).toFixed(2)} MiB | ${x.steps} | ${x.mmacs_per_token.toFixed(2)} | ${x.native_cpu_ms_per_token} | ${x.wasm_node_cpu_ms_per_token ?? '–'} |`)].join('\n');
mkdirSync(path.dirname(outPath), { recursive: true });
writeFileSync(outPath, JSON.stringify({ date: new Date().toISOString(), data: Object.fromEntries([...dataOf].map(([m, d]) => [path.relative(ROOT, m), path.relative(ROOT, d)])), sentences: sentences.length, repeats, warmup,
  loadavg: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '), rows, runs }, null, 1) + '\n');
console.log(`\n${md}\n\nmedian (min–max) over ${repeats} repeats; tokens = decoder steps, </s> included; MACs include the encoder`);
console.log(`architectures: wrote ${path.relative(ROOT, outPath)}`);
