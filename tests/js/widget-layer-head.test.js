// A widget's `layer` and `head` attributes as its view store holds them (app/widget-notes.js
// layerHeadAttr; widgets.js checks them against the model once it is known, and notes a bad one). Until
// then the figures draw with what the store holds: an unreadable value, or the other attribute's word
// (layer="mean", head="alignment", layer="alignment" on a self-attention view), went in as it was and
// the figures' weights were NaN ("NaN%" labels, lines of width NaN) while the first run streamed.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { layerHeadAttr } from '../../web/src/app/widget-notes.js';
import { stepWeights, selfAttentionRows } from '../../web/src/state/math.js';

// one step of a 2-layer, 2-head model over 3 source tokens
const step = {
  alignment: new Float32Array([0.2, 0.3, 0.5]),
  crossAttention: { layers: 2, heads: 2, cols: 3, data: Float32Array.from({ length: 12 }, (_, k) => (k % 3 === 0 ? 0.5 : 0.25)) },
};
const stack = { layers: 2, heads: 2, rows: 3, cols: 3, data: new Float32Array(36).fill(1 / 3) };

test('layer and head: a number (1-based), the attribute\'s own word, else the default', () => {
  assert.equal(layerHeadAttr(null, 'alignment'), 'alignment');
  assert.equal(layerHeadAttr('2', 'alignment'), 1);
  assert.equal(layerHeadAttr('9', 'mean'), 8);  // (out of range: clamped by the figures, reported once the model is known)
  assert.equal(layerHeadAttr('alignment', 'alignment'), 'alignment');
  assert.equal(layerHeadAttr('mean', 'mean'), 'mean');
  // the other attribute's word, a word the view has none of, unreadable text: the default
  assert.equal(layerHeadAttr('mean', 'alignment'), 'alignment');
  assert.equal(layerHeadAttr('alignment', 'mean'), 'mean');
  assert.equal(layerHeadAttr('alignment', 0), 0);
  assert.equal(layerHeadAttr('x', 'mean'), 'mean');
  assert.equal(layerHeadAttr('1.5', 0), 0);
});

test('what a bad attribute puts in the view store draws no NaN weights', () => {
  for (const [layer, head] of [['mean', '2'], ['x', 'alignment'], ['1', 'y'], ['1.5', 'mean']]) {
    const w = stepWeights(step, layerHeadAttr(layer, 'alignment'), layerHeadAttr(head, 'mean'));
    assert.ok(Array.from(w).every(Number.isFinite), `layer="${layer}" head="${head}": ${Array.from(w)}`);
  }
  for (const [layer, head] of [['alignment', 'mean'], ['mean', '1'], ['x', 'y']]) {
    const rows = selfAttentionRows(stack, layerHeadAttr(layer, 0), layerHeadAttr(head, 'mean'));
    assert.ok(rows.flatMap((r) => Array.from(r)).every(Number.isFinite), `self view, layer="${layer}" head="${head}"`);
  }
});
