// A conv model (arch "conv": convolutional encoder, GRU decoder with attention) through the engine's
// model info and the page's catalogue logic: its encoder's facts (kernel, layers, receptive field per
// layer) reach info.config; it is described as itself, shown like the GRUs (one layer, one head of
// cross-attention), never taken for one of the bi-GRUs that the Compare view and score kinds pick.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';

import { Translator } from '../../web/src/index.js';
import { withLanguage } from '../../web/src/i18n/index.js';
import { chartModels, comparePair, MODEL_KINDS, modelInfo } from '../../web/src/app/models.js';
import { modelDescription, modelLabel } from '../../web/src/app/model-names.js';
import { TEST_MODELS } from './helpers.js';

test('the engine reports the conv encoder\'s windows layer by layer', async () => {
  const t = await Translator.load(path.join(TEST_MODELS, 'tiny-conv-k5.safetensors'), { worker: false });
  try {
    const c = t.info.config;
    assert.equal(c.arch, 'conv');
    assert.deepEqual([c.kernel, c.convLayers, c.maxPositions], [5, 3, 64]);
    assert.deepEqual(c.receptiveField, [5, 9, 13]);  // 1 + l·(5 − 1)
    assert.deepEqual([c.embDim, c.hidden, c.attention], [8, 12, 'dot']);  // the GRU decoder's
    assert.equal(t.info.hasAttention, true);
    const info = modelInfo({ id: 'c', label: 'c', src: 'en', tgt: 'fr' }, t.info);
    assert.deepEqual([info.arch, info.attention, info.decLayers, info.encLayers, info.heads], ['conv', 'dot', 1, 0, 1]);
    const r = await t.translate('hello world');
    assert.equal(r.encoderAttention, null);  // windows, not self-attention
    assert.equal(r.attention.cols, r.sourceTokens.length);
    assert.ok(withLanguage('en', () => modelDescription(info)).startsWith(
      'convolutional encoder (3 layers of kernel 5: each source position sees 13 tokens) and GRU decoder with attention, state size 12; '));
    assert.match(withLanguage('zh', () => modelDescription(info)), /3 层，卷积核 5：每个源位置看到 13 个词元/);
  } finally {
    t.dispose();
  }
});

test('the catalogue tells a conv model from the bi-GRUs', () => {
  const m = (id, arch, attention) => ({ id, arch, attention, src: 'en', tgt: 'fr', file: `${id}.safetensors` });
  // the conv model first: additive attention too, but not a bi-GRU
  const catalog = [m('conv', 'conv', 'additive'), m('t', 'transformer', 'multihead'), m('add', 'rnn', 'additive'),
    m('dot', 'rnn', 'dot'), m('none', 'rnn', 'none')];
  assert.deepEqual(comparePair(catalog, 'en', 'fr').map((x) => x.id), ['none', 'add']);
  assert.deepEqual(chartModels(catalog, 'en', 'fr').map((x) => x.id), ['conv', 't', 'add', 'none']);
  assert.equal(catalog.find(MODEL_KINDS.conv).id, 'conv');
  assert.equal(catalog.find(MODEL_KINDS.additive).id, 'add');
  assert.equal(catalog.find(MODEL_KINDS['gru-attn']).id, 'add');
  assert.equal(withLanguage('en', () => modelLabel(catalog[0])), 'English → French, convolutional encoder with a GRU decoder (attention)');
  assert.equal(withLanguage('en', () => modelLabel(catalog[2])), 'English → French, GRU with additive attention (Bahdanau)');
});
