// pct(): the percentages every view prints (web/src/components/format.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pct } from '../../web/src/components/format.js';

test('pct: whole numbers from 10 % to 99.5 %, one decimal below and above, bounds at the ends', () => {
  const cases = [[0, '0.0%'], [0.0004, '<0.1%'], [0.0005, '0.1%'], [0.0994, '9.9%'], [0.0995, '10%'], [0.5, '50%'],
    [0.9949, '99%'], [0.995, '99.5%'], [0.9953, '99.5%'], [0.9994, '99.9%'], [0.99951, '>99.9%'], [0.99999994, '100%'], [1, '100%']];
  for (const [p, s] of cases) assert.equal(pct(p), s, String(p));
});
