#!/usr/bin/env node
// A few attnseq contenders side by side, round-robin, for before/after measurements on a busy machine:
// each repeat runs every contender once (a fresh process or browser each), so that a change of the
// machine's load touches them alike; the verdict is the ratio of CPU time per generated token within the
// run, per repeat and of the medians. Prints the CPU, its flags that matter here and the load.
//   node bench/compare/side_by_side.mjs --model M --input IN.json [--repeats 3] [--warmup 20] [--json OUT]
//        --run LABEL=KIND[@DIR][#MODEL][+ENV=VALUE ...] ...
// KIND: native (DIR: an attnseq_bench binary, default build/native/attnseq_bench), node or chromium
// (DIR: a web/ folder, default the repository's). +ENV=VALUE sets an environment variable for that
// contender, e.g. chromium+BENCH_CHROMIUM_ARGS=--js-flags=--no-wasm-dynamic-tiering; #MODEL another model file
// for that contender than --model (e.g. the F32 file beside the I8 one). Ratios are against
// the first --run. Every run must give the same target ids as the first.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeMachine, machineInfo } from './machine.mjs';
import { median } from './stats.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const argv = process.argv.slice(2);
const arg = (name, dflt) => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : dflt; };
const all = (name) => argv.flatMap((a, i) => (a === name ? [argv[i + 1]] : []));
const model = arg('--model');
const input = arg('--input');
const repeats = Number(arg('--repeats', 3));
const warmup = Number(arg('--warmup', 20));
const specs = all('--run');
if (!model || !input || !specs.length) {
  console.error('usage: side_by_side.mjs --model M --input IN.json --run LABEL=KIND[@DIR][+ENV=V] ... [--repeats 3] [--warmup 20] [--json OUT]');
  process.exit(2);
}

/** LABEL=KIND[@DIR][+ENV=VALUE...] → {label, cmd, args, env} */
function parseRun(spec) {
  const eq = spec.indexOf('=');
  if (eq < 1) throw new Error(`--run ${spec}: expected LABEL=KIND[@DIR][+ENV=VALUE]`);
  const label = spec.slice(0, eq);
  const [head, ...envs] = spec.slice(eq + 1).split('+');
  const [where, own] = head.split('#');
  const [kind, dir] = where.split('@');
  const env = Object.fromEntries(envs.map((e) => { const i = e.indexOf('='); return [e.slice(0, i), e.slice(i + 1)]; }));
  const common = ['--model', path.resolve(own ?? model), '--input', path.resolve(input), '--warmup', String(warmup)];
  const web = dir ? ['--web', path.resolve(dir)] : [];
  if (kind === 'native') return { label, kind, cmd: path.resolve(dir ?? path.join(ROOT, 'build/native/attnseq_bench')), args: common, env };
  if (kind === 'node') return { label, kind, cmd: process.execPath, args: [path.join(ROOT, 'bench/compare/attnseq_node.mjs'), ...common, ...web], env };
  if (kind === 'chromium')
    return { label, kind, cmd: process.execPath, args: [path.join(ROOT, 'bench/compare/browser.mjs'), '--contender', 'wasm-chromium', ...common, ...web], env };
  throw new Error(`--run ${spec}: unknown kind ${kind} (native, node, chromium)`);
}

const runs = specs.map(parseRun);
const work = mkdtempSync(path.join(tmpdir(), 'attnseq-sbs-'));
const results = runs.map(() => []);
const before = machineInfo();
console.log(`side_by_side: ${describeMachine(before)}, load ${before.loadavg}`);
for (let r = 0; r < repeats; r++)
  for (const [i, run] of runs.entries()) {
    const out = path.join(work, `${i}.${r}.json`);
    const p = spawnSync(run.cmd, [...run.args, '--out', out], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...run.env }, maxBuffer: 64 << 20 });
    if (p.status !== 0) { console.error(`side_by_side: ${run.label} failed (exit ${p.status}):\n${p.stdout}${p.stderr}`); process.exit(1); }
    const res = JSON.parse(readFileSync(out, 'utf8'));
    results[i].push(res);
    console.log(`  repeat ${r + 1}/${repeats} ${run.label.padEnd(24)} ${(res.cpu_ms / res.steps).toFixed(4)} CPU ms/token  ${(res.total_ms / res.steps).toFixed(4)} wall`);
  }

const ref = JSON.stringify(results[0][0].outputs);
const same = results.map((rs) => rs.every((x) => JSON.stringify(x.outputs) === ref));
const cpu = (x) => x.cpu_ms / x.steps;
const rows = runs.map((run, i) => {
  const per = results[i].map(cpu);
  const ratios = results[i].map((x, r) => cpu(results[0][r]) / cpu(x));  // > 1: faster than the first run
  return { label: run.label, kind: run.kind, env: run.env, model: run.args[run.args.indexOf('--model') + 1], cpu_ms_per_token: per, median: median(per),
    ratio_of_medians: median(results[0].map(cpu)) / median(per), ratios_per_repeat: ratios, same_outputs_as_first: same[i] };
});
const after = machineInfo();
console.log(`\n| run | CPU ms / token, median (min–max) | first run / this one (medians) | per repeat | same ids |\n|---|---:|---:|---:|---|`);
for (const x of rows)
  console.log(`| ${x.label} | ${x.median.toFixed(4)} (${Math.min(...x.cpu_ms_per_token).toFixed(4)}–${Math.max(...x.cpu_ms_per_token).toFixed(4)}) | ` +
    `${x.ratio_of_medians.toFixed(3)}× | ${Math.min(...x.ratios_per_repeat).toFixed(3)}–${Math.max(...x.ratios_per_repeat).toFixed(3)}× | ${x.same_outputs_as_first ? 'yes' : 'NO'} |`);
console.log(`\n${results[0][0].steps} tokens, ${results[0][0].sentences} sentences, ${repeats} repeats, ${warmup} warm-up sentences; ` +
  `load ${before.loadavg} → ${after.loadavg}; ${describeMachine(before)}`);
if (arg('--json'))
  writeFileSync(arg('--json'), JSON.stringify({ date: new Date().toISOString(), command: `node bench/compare/side_by_side.mjs ${argv.join(' ')}`,
    machine: { ...before, loadavg_end: after.loadavg }, model, input, repeats, warmup, rows }, null, 1) + '\n');
if (!same.every(Boolean)) { console.error('side_by_side: the runs do NOT all give the same target ids'); process.exit(1); }
