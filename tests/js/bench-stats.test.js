// The benchmark's statistics (bench/compare/stats.mjs): medians, spreads and the per-repeat ratios
// the report reads a target against.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { cpuRatio, median, pairedCpuRatios, spread, summarize } from '../../bench/compare/stats.mjs';

const run = (cpu_ms, steps = 100) => ({ sentences: 10, total_ms: cpu_ms, cpu_ms, steps, load_ms: 1 });

test('median and spread leave out missing values', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 2, 3]), 2.5);
  assert.deepEqual(spread([2, null, 1, NaN, 3]), { median: 2, min: 1, max: 3, values: [2, 1, 3] });
  assert.equal(spread([null]), null);
});

test('per-repeat CPU ratios pair the contenders repeat by repeat', () => {
  // a: 10, 20, 30 ms per 100 tokens; b: 12, 18, 33 → b/a = 1.2, 0.9, 1.1
  const S = summarize([
    { id: 'a', label: 'A', runs: [run(10), run(20), run(30)] },
    { id: 'b', label: 'B', runs: [run(12), run(18), run(33)] },
  ]);
  const p = pairedCpuRatios(S, 'a', 'b');
  assert.deepEqual(p.values.map((x) => +x.toFixed(6)), [1.2, 0.9, 1.1]);
  assert.equal(+p.min.toFixed(6), 0.9);
  assert.equal(+p.max.toFixed(6), 1.2);
  assert.equal(+cpuRatio(S, 'a', 'b').toFixed(6), 0.9); // medians 0.2 and 0.18 ms/token, not a pair's ratio
  assert.equal(pairedCpuRatios(S, 'a', 'missing'), null);
});
