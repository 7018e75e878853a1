// Where the time goes: a sampling profile of attnseq native (Linux perf, when it is there and allowed)
// and of the two browser contenders (Chromium's CPU profiler through CDP, bench/compare/browser.mjs
// --profile): shares of the samples by function (native) or by kind of code (browser).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Eigen::internal::foo<...>::run → Eigen::internal::foo::run (templates and arguments dropped). */
export function simplifySymbol(s) {
  let out = s.replace(/\s+-\s+-\s*$/, '').trim();  // perf's empty columns
  for (let prev = ''; prev !== out;) { prev = out; out = out.replace(/<[^<>]*>/g, ''); }
  return out.replace(/\(.*\)$/, '').replace(/@@?GLIBC[\w.]*|@plt/, '');
}

/** perf record of one native pass → [{symbol, share}] (top `top`), or null when perf cannot run. */
export function profileNative({ bench, model, input, work, top = 10 }) {
  if (!existsSync('/usr/bin/perf')) return null;
  const data = path.join(work, 'perf.data');
  const rec = spawnSync('/usr/bin/perf', ['record', '-F', '2000', '-o', data, bench, '--model', model, '--input', input,
    '--out', path.join(work, 'perf-native.json'), '--warmup', '0'], { encoding: 'utf8' });
  if (rec.status !== 0) return null;
  const rep = spawnSync('/usr/bin/perf', ['report', '-i', data, '--no-children', '--stdio', '--sort', 'symbol', '-g', 'none'],
    { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (rep.status !== 0) return null;
  const shares = new Map();
  for (const line of rep.stdout.split('\n')) {
    const m = /^\s+([\d.]+)%\s+\[[.k]\]\s+(.*)$/.exec(line);
    if (!m) continue;
    const sym = simplifySymbol(m[2]);
    shares.set(sym, (shares.get(sym) ?? 0) + Number(m[1]) / 100);
  }
  return [...shares].sort((a, b) => b[1] - a[1]).slice(0, top).map(([symbol, share]) => ({ symbol, share }));
}

/** One profiled browser pass per contender (after its own measurements, in the same page). */
export function profileBrowser({ root, contender, model, onnx, input, work, web = [], sentences = 100 }) {
  const out = path.join(work, `profile-${contender}.json`);
  const all = JSON.parse(readFileSync(input, 'utf8'));
  const small = path.join(work, 'profile-input.json');
  writeFileSync(small, JSON.stringify({ ...all, sentences: all.sentences.slice(0, sentences), src_ids: all.src_ids.slice(0, sentences) }));
  const p = spawnSync(process.execPath, [path.join(root, 'bench/compare/browser.mjs'), '--contender', contender,
    '--model', model, '--onnx', onnx, '--input', small, '--warmup', '5', '--profile', String(sentences), ...web, '--out', out],
  { encoding: 'utf8' });
  if (p.status !== 0) return { error: p.stderr.slice(-500) };
  return JSON.parse(readFileSync(out, 'utf8')).profile;
}
