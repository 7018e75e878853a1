// The path-length view's numbers (web/src/app/paths.js) against the shipped models: the catalogue's
// encoder facts are the files' own configuration, the engine's receptive field agrees with them, and
// the convolution's "layers until one window holds both" is what a position-by-position walk over the
// windows gives (zero padding k/2 at either end, cpp/attnseq/nn/conv1d.h).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { Translator } from '../../web/src/index.js';
import { pathOf, schemesOf, pathsData, tokenIndex, defaultPair, runPaths, encoderOf } from '../../web/src/app/paths.js';
import { ROOT } from './helpers.js';

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'models/manifest.json'), 'utf8'));
const configOf = (e) => {
  const b = readFileSync(path.join(ROOT, 'models', e.file));
  return JSON.parse(JSON.parse(b.subarray(8, 8 + Number(b.readBigUInt64LE(0))).toString('utf8')).__metadata__.config);
};

/** The first layer at which some position's window (receptive field) covers tokens i and j, by walking every position. */
function walk(k, L, i, j, n) {
  const half = Math.floor(k / 2);
  for (let l = 0; l <= L; l++) {
    for (let c = 0; c < n; c++) if (Math.abs(c - i) <= l * half && Math.abs(c - j) <= l * half) return l;
  }
  return null;
}

test('the catalogue\'s encoder facts are the shipped files\' configuration', () => {
  for (const e of manifest.models) {
    const c = configOf(e);
    const want = c.arch === 'transformer' ? { kind: 'self-attention', layers: c.enc_layers }
      : c.arch === 'conv' ? { kind: 'conv', layers: c.conv_layers, kernel: c.kernel } : { kind: 'rnn', bidirectional: true };
    assert.deepEqual(e.encoder, want, e.id);
  }
});

test('each scheme comes from a shipped model of the text\'s language when there is one', () => {
  const en = schemesOf(manifest.models, 'en');
  assert.deepEqual(en.map((s) => s.kind), ['conv', 'rnn', 'self-attention']);
  for (const s of en) {
    assert.ok(s.entry, `a shipped ${s.kind} encoder`);
    assert.equal(s.entry.src, 'en');
    assert.equal(s.otherSource, false);
  }
  assert.notEqual(en[1].entry.attention, 'none', 'the bi-GRU under attention first');
  const zh = schemesOf(manifest.models, 'zh');
  assert.equal(zh[2].entry.src, 'zh');
  assert.equal(zh[0].otherSource, zh[0].entry.src !== 'zh');
});

test('the shipped conv model: its receptive field in the engine, and the windows walked position by position', async () => {
  const conv = manifest.models.find((m) => m.arch === 'conv');
  const t = await Translator.load(path.join(ROOT, 'models', conv.file), { worker: false });
  try {
    const { kernel, convLayers, receptiveField } = t.info.config;
    assert.deepEqual([kernel, convLayers], [conv.encoder.kernel, conv.encoder.layers]);
    const n = 40;
    for (let i = 0; i < n; i += 3) {
      for (let j = 0; j < n; j++) {
        const p = pathOf(conv.encoder, i, j, n);
        assert.equal(p.meet, walk(kernel, convLayers, i, j, n), `tokens ${i} and ${j}`);
        assert.equal(p.steps, p.meet);
        assert.deepEqual(p.layers.map((x) => x.field), receptiveField);
        // the farthest pair linked is the top layer's field less one
        assert.equal(p.meet === null, Math.abs(i - j) > receptiveField.at(-1) - 1);
        if (p.meet) assert.ok(p.layers[p.meet - 1].both, 'a window holds both at that layer');
        if (p.meet > 1) assert.equal(p.layers[p.meet - 2].both, null, 'and none at the layer before');
      }
    }
    // the tutorial's figure: tokens as far apart as 秋蝉 … 它们 are out of the stack's reach
    assert.equal(pathOf(conv.encoder, 0, receptiveField.at(-1), 60).steps, null);
  } finally {
    t.dispose();
  }
});

test('RNN chain and self-attention', () => {
  const rnn = manifest.models.find((m) => m.encoder.kind === 'rnn').encoder;
  const tf = manifest.models.find((m) => m.encoder.kind === 'self-attention').encoder;
  assert.deepEqual(pathOf(rnn, 7, 2, 10), { kind: 'rnn', distance: 5, steps: 5, chain: [2, 7] });
  assert.equal(pathOf(tf, 0, 37, 40).steps, 1);
  assert.equal(pathOf(tf, 4, 4, 40).steps, 0);
  const d = pathsData(['a', 'b', 'c'], 0, 9, schemesOf(manifest.models, 'en'), {});
  assert.equal(d.to, 2, 'a pick past the end is the last token');
  assert.deepEqual(d.schemes.map((s) => s.path.steps), [Math.ceil(2 / (manifest.models.find((m) => m.arch === 'conv').encoder.kernel - 1)), 2, 1]);
});

test('tokens named by attributes; the default pair; a real run of the shipped zh→en model', async () => {
  assert.equal(tokenIndex(['<s>', 'I', '·te', '.'], 'te'), 2);
  assert.equal(tokenIndex(['I', 'ate'], '2'), 1);
  assert.equal(tokenIndex(['I', 'ate'], 'dog'), -1);
  assert.equal(tokenIndex(['▁', '秋', '蝉', '的'], '秋蝉'), 1);
  assert.deepEqual(defaultPair(['I', 'ate', '.', '</s>']), [0, 2]);
  const zh = manifest.models.find((m) => m.src === 'zh');
  const t = await Translator.load(path.join(ROOT, 'models', zh.file), { worker: false });
  try {
    const text = '秋蝉的衰弱的残声，更是北国的特产，因为北平处处全长着树，屋子又低，所以无论在什么地方，都听得见它们的啼唱。';
    const r = await t.translate(text);
    const info = { ...r, text, model: { bos: t.info.controlIds.bosPiece, eos: t.info.controlIds.eosPiece, src: 'zh' } };
    const { data, bad } = runPaths(info, manifest.models, '它们', 'nothing-such');
    assert.deepEqual(bad, ['nothing-such']);
    assert.equal(data.tokens.length, r.sourceTokens.length);
    assert.equal(data.tokens.slice(data.from, data.from + 2).join(''), '它们');
    assert.equal(data.schemes[2].entry.id, zh.id);
  } finally {
    t.dispose();
  }
});

test('a catalogue without encoder facts (an author\'s own): the run\'s model gives its scheme from the engine\'s config, the others say there is none', async () => {
  const tf = manifest.models.find((m) => m.id === manifest.default);
  const t = await Translator.load(path.join(ROOT, 'models', tf.file), { worker: false });
  try {
    // the engine's config gives what the catalogue says, for every shipped model
    for (const e of manifest.models) {
      const u = e.id === tf.id ? t : await Translator.load(path.join(ROOT, 'models', e.file), { worker: false });
      try { assert.deepEqual(encoderOf(u.info.config), e.encoder, e.id); } finally { if (u !== t) u.dispose(); }
    }
    const text = 'The cat drank the milk because it was hungry.';
    const r = await t.translate(text);
    const bare = manifest.models.map(({ encoder, ...rest }) => rest);
    const run = { ...r, text, model: { id: tf.id, bos: t.info.controlIds.bosPiece, eos: t.info.controlIds.eosPiece, src: 'en', tgt: 'fr', config: t.info.config } };
    const { data } = runPaths(run, bare, 'cat', 'it');
    assert.deepEqual(data.schemes.map((s) => [s.kind, s.entry?.id ?? null]), [['conv', null], ['rnn', null], ['self-attention', tf.id]]);
    assert.deepEqual(data.schemes[2].entry.encoder, tf.encoder);
    assert.equal(pathOf(data.schemes[2].entry.encoder, data.from, data.to, data.tokens.length).steps, 1);
  } finally {
    t.dispose();
  }
});
