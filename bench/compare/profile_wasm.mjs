// Where the time goes inside attnseq's WebAssembly: one pass of the Node contender (attnseq_node.mjs)
// with V8's sampling profiler (node --cpu-prof), on the profiling build of the module (function names
// kept: build/wasm-prof, configured with -DATTNSEQ_WASM_PROFILING=ON by bench/run.sh). Only the samples
// of the timed pass count (stacks under passAttnseq: no model load, no warm-up); self time by function.
//   node bench/compare/profile_wasm.mjs --model M --input INPUTS.json [--dist build/wasm-prof/wasm]
//        [--out profile.json] [--top 12]
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** C++ name without arguments and templates: attnseq::kernels::gemm_f32(float const*, …) → attnseq::kernels::gemm_f32 */
export function shortName(name) {
  let s = name.replace(/\(.*$/, '');
  for (let prev = ''; prev !== s;) { prev = s; s = s.replace(/<[^<>]*>/g, ''); }
  return s || '(anonymous)';
}

/** A .cpuprofile → [{name, ms}] self time per function of the samples below a frame named `under`. */
export function selfTimes(profile, under = 'passAttnseq') {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inPass = new Map();
  const isInPass = (id) => {
    if (inPass.has(id)) return inPass.get(id);
    const n = nodes.get(id);
    const v = n.callFrame.functionName === under || (parent.has(id) ? isInPass(parent.get(id)) : false);
    inPass.set(id, v);
    return v;
  };
  const ms = new Map();
  profile.samples.forEach((id, i) => {
    if (!isInPass(id)) return;
    const n = nodes.get(id);
    const name = n.callFrame.url.startsWith('wasm://') || !n.callFrame.url ? shortName(n.callFrame.functionName) :
      `${n.callFrame.functionName || '(anonymous)'} (${path.basename(n.callFrame.url)})`;
    ms.set(name, (ms.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...ms].map(([name, t]) => ({ name, ms: t })).sort((a, b) => b.ms - a.ms);
}

export function profileWasm({ model, input, dist = path.join(ROOT, 'build/wasm-prof/wasm'), top = 12 }) {
  const work = mkdtempSync(path.join(tmpdir(), 'attnseq-wasm-prof-'));
  try {
    // a web/ folder whose dist/ is the profiling build
    cpSync(path.join(ROOT, 'web/src'), path.join(work, 'web/src'), { recursive: true });
    mkdirSync(path.join(work, 'web/dist'));
    for (const f of ['attnseq.js', 'attnseq.wasm']) cpSync(path.join(dist, f), path.join(work, 'web/dist', f));
    const run = spawnSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', work, '--cpu-prof-interval', '100',
      path.join(ROOT, 'bench/compare/attnseq_node.mjs'), '--model', model, '--input', input, '--out', path.join(work, 'r.json'),
      '--web', path.join(work, 'web'), '--warmup', '20'], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`profiled pass failed: ${run.stderr}`);
    const file = readdirSync(work).find((f) => f.endsWith('.cpuprofile'));
    const times = selfTimes(JSON.parse(readFileSync(path.join(work, file), 'utf8')));
    const total = times.reduce((a, x) => a + x.ms, 0);
    const r = JSON.parse(readFileSync(path.join(work, 'r.json'), 'utf8'));
    return { total_ms: total, steps: r.steps, macs: r.macs, functions: times.slice(0, top).map((x) => ({ ...x, share: x.ms / total })) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name, dflt) => { const i = process.argv.indexOf(name); return i >= 0 ? process.argv[i + 1] : dflt; };
  const model = arg('--model'), input = arg('--input');
  if (!model || !input) {
    console.error('usage: profile_wasm.mjs --model M --input INPUTS.json [--dist DIR] [--out FILE] [--top N]');
    process.exit(2);
  }
  const p = profileWasm({ model, input, dist: arg('--dist', undefined), top: Number(arg('--top', 12)) });
  if (arg('--out')) writeFileSync(arg('--out'), JSON.stringify(p, null, 1));
  console.log(`timed pass: ${p.total_ms.toFixed(0)} ms of samples, ${p.steps} tokens`);
  for (const f of p.functions) console.log(`${(100 * f.share).toFixed(1).padStart(5)}%  ${f.name}`);
}
