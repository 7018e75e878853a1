// The benchmark's report helpers that state where a figure comes from and draw it: the machine line
// (bench/compare/machine.mjs), the per-token SVG (per_token_svg.mjs) and the first visit's timeline
// (first_visit.mjs). No timing is asserted: these check what the reports say, not how fast anything is.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeMachine, machineInfo, KERNEL_FLAGS } from '../../bench/compare/machine.mjs';
import { contendersOf, perTokenSvg } from '../../bench/compare/per_token_svg.mjs';
import { timeline, timelineTable } from '../../bench/compare/first_visit.mjs';

const CPUINFO = `processor\t: 0
vendor_id\t: AuthenticAMD
cpu family\t: 26
model\t\t: 2
model name\t: AMD EPYC
cache size\t: 1024 KB
flags\t\t: fpu sse2 avx2 fma avx512f avx512bw avx512_vnni avx_vnni avx512_bf16 sha_ni

processor\t: 1
vendor_id\t: AuthenticAMD
model name\t: AMD EPYC
flags\t\t: fpu sse2 avx2 fma avx512f avx512bw avx512_vnni avx_vnni avx512_bf16 sha_ni
`;

test('machineInfo reads the model, vendor, family and the kernel flags in a fixed order', () => {
  const m = machineInfo(CPUINFO);
  assert.equal(m.cpu, 'AMD EPYC');
  assert.equal(m.vendor, 'AuthenticAMD');
  assert.equal(m.family, '26');
  assert.equal(m.model, '2');
  assert.equal(m.cache, '1024 KB');
  assert.deepEqual(m.flags, ['avx2', 'fma', 'avx512f', 'avx512bw', 'avx512_vnni', 'avx_vnni', 'avx512_bf16']);
  assert.ok(m.flags.every((f) => KERNEL_FLAGS.includes(f)));
  assert.ok(m.cores >= 1);
  assert.match(describeMachine(m), /^AMD EPYC \(AuthenticAMD family 26 model 2\), avx2 fma avx512f avx512bw avx512_vnni avx_vnni avx512_bf16, \d+ cores$/);
});

test('machineInfo says when the CPU has no AVX2', () => {
  const m = machineInfo('processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Old CPU\nflags\t\t: fpu sse2\n');
  assert.deepEqual(m.flags, []);
  assert.match(describeMachine({ ...m, cores: 2 }), /^Old CPU \(GenuineIntel\), no AVX2, 2 cores$/);
});

test('contendersOf reads both report formats', () => {
  const runReport = { summary: { native: { label: 'attnseq native (C++)', cpu_ms_per_token: { median: 0.2, min: 0.19, max: 0.21 } },
    other: { label: 'no CPU figure' } } };
  assert.deepEqual(contendersOf(runReport), [{ contender: 'attnseq native (C++)', median: 0.2, min: 0.19, max: 0.21 }]);
  const sbs = { rows: [{ label: 'node', median: 0.21, cpu_ms_per_token: [0.23, 0.21, 0.19] }] };
  assert.deepEqual(contendersOf(sbs), [{ contender: 'node', median: 0.21, min: 0.19, max: 0.23 }]);
  assert.throws(() => contendersOf({}), /neither/);
});

test('perTokenSvg draws one bar per contender and run, and marks a contender a run lacks', () => {
  const svg = perTokenSvg([
    { label: 'Intel <Xeon>', rows: [{ contender: 'A', median: 0.2, min: 0.19, max: 0.21 }, { contender: 'B', median: 0.6, min: 0.6, max: 0.7 }] },
    { label: 'AMD EPYC', rows: [{ contender: 'A', median: 0.3, min: 0.25, max: 0.35 }] },
  ]);
  assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.ok(svg.trimEnd().endsWith('</svg>'));
  assert.ok(svg.includes('Intel &lt;Xeon&gt;'), 'labels are escaped');
  assert.equal((svg.match(/<rect x="\d+" y="[\d.]+" width="[\d.]+" height="12"/g) ?? []).length, 3, 'three bars');
  assert.equal((svg.match(/not run/g) ?? []).length, 1);
  for (const v of ['0.200', '0.600', '0.300']) assert.ok(svg.includes(`>${v}<`), v);
});

test('timeline orders the page\'s and the worker\'s phases and ends with the translation shown', () => {
  const visit = { first_translation_ms: 447, phases: { dom_content_loaded: 113, manifest: 96, model_downloaded: null,
    engine: { module: [170, 206], download: [211, 295], 'worker started': [145, 145], 'fetchLoad sent': [150, 150] } } };
  const rows = timeline(visit);
  assert.deepEqual(rows.map((r) => r[0]), ['manifest (page)', 'DOMContentLoaded', 'worker started', 'fetchLoad sent', 'module', 'download', 'first translation shown']);
  const table = timelineTable(visit).split('\n');
  assert.equal(table[0], '| phase | from, ms | to, ms | takes, ms |');
  assert.ok(table.includes('| download | 211 | 295 | 84 |'));
});
