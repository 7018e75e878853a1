// The tutorial's statements of the seed's argument (issue 30: sections 3, 4 and 8, and the seed's long
// examples in section 7), each checked against what it is about: the N-gram table (web/data/ngram-en.json),
// the shipped models' configuration, outputs, attention and the engine's interventions and sensitivity.
// As in claims.test.js: a model or table that behaves otherwise fails here until the text says what it
// does. Both pages (tutorial.html, tutorial.zh.html) mark the same statements (data-claim).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';

import { Translator } from '../../web/src/index.js';
import { pathOf, tokenIndex } from '../../web/src/app/paths.js';
import { lookup, words } from '../../web/src/app/ngram.js';
import { ROOT } from './helpers.js';

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'models/manifest.json'), 'utf8'));
const html = readFileSync(path.join(ROOT, 'web/examples/tutorial.html'), 'utf8');
const zhHtml = readFileSync(path.join(ROOT, 'web/examples/tutorial.zh.html'), 'utf8');
const table = JSON.parse(readFileSync(path.join(ROOT, 'web/data/ngram-en.json'), 'utf8'));
const byId = (id) => manifest.models.find((m) => m.id === id);
const claim = (name, page = html) => {
  const m = page.match(new RegExp(`data-claim="${name}">([\\s\\S]*?)</span>`));
  assert.ok(m, `the tutorial marks the "${name}" statement`);
  return m[1].replace(/\s+/g, ' ');
};
const loaded = new Map();
const load = async (e) => {
  if (!loaded.has(e.id)) loaded.set(e.id, await Translator.load(path.join(ROOT, 'models', e.file), { worker: false }));
  return loaded.get(e.id);
};
after(() => { for (const t of loaded.values()) t.dispose(); });
const pct = (x) => `${Math.round(100 * x)}%`;
const ZH = '秋蝉的衰弱的残声，更是北国的特产，因为北平处处全长着树，屋子又低，所以无论在什么地方，都听得见它们的啼唱。';
const zhEn = manifest.models.find((m) => m.src === 'zh' && m.tgt === 'en');
const enZh = manifest.models.find((m) => m.src === 'en' && m.tgt === 'zh');
const enFr = byId(manifest.default);
const labelsOf = (r) => r.sourceTokens.map((x) => x.piece.replace(/^\u2581/, ''));

describe('the seed\'s argument in the tutorial is true of the shipped models and data', () => {
  test('both pages mark the same statements', () => {
    const names = (p) => [...p.matchAll(/data-claim="([\w-]+)"/g)].map((m) => m[1]).sort();
    for (const n of ['ngram-counts', 'ngram-neural', 'conv-field', 'cicada-distance', 'memory', 'cicada', 'transformers', 'iv-an', 'iv-heads', 'iv-it']) {
      assert.ok(names(html).includes(n) && names(zhHtml).includes(n), n);
    }
  });

  test('N-gram counts: "I want" → "to", "want to" → "go"', () => {
    const c = claim('ngram-counts');
    const iw = lookup(table, ['I', 'want']), wt = lookup(table, ['want', 'to']);
    const n = (x) => x.toLocaleString('en-US');
    const to = iw.next.find(([w]) => w === 'to')[1], go = wt.next.find(([w]) => w === 'go')[1];
    assert.ok(c.includes(`In the ${n(table.sentences)} English sentences`), c);
    assert.ok(c.includes(`“I want” comes ${n(iw.total)} times and is followed by “to” ${n(to)} times (${pct(to / iw.total)})`), c);
    assert.ok(c.includes(`“go” comes ${n(go)} times of ${n(wt.total)} (${pct(go / wt.total)})`), c);
    assert.ok(wt.next.every(([, k]) => k / wt.total < 0.1), 'no word gets a tenth after "want to"');
    const zc = claim('ngram-counts', zhHtml);
    for (const x of [table.sentences, iw.total, to, go, wt.total]) assert.ok(zc.includes(n(x)), `zh: ${n(x)}`);
  });

  test('N-gram beside the decoder: 我想去北京。', async () => {
    const c = claim('ngram-neural');
    const steps = [];
    for await (const s of (await load(zhEn)).generate('我想去北京。', { strategy: 'greedy' })) steps.push(s);
    const text = steps.at(-1).text;
    assert.ok(c.includes(`the model writes “${text}”`), `${c} / ${text}`);
    const i = steps.findIndex((s, k) => k > 0 && words(steps[k - 1].text).join(' ') === 'I want to');
    assert.ok(i > 0, 'the translation starts "I want to"');
    assert.equal(steps[i].piece, '\u2581go');
    assert.ok(c.includes(`gives “go” ${pct(steps[i].probability)} after “I want to”`), c);
    assert.ok(!/Beijing|Peking/.test(text));
    // the widget shows that step: step="4"
    assert.match(html, new RegExp(`view="ngram" text="我想去北京。" step="${i + 1}"`));
  });

  test('conv: the shipped model\'s layers, kernel and reach', async () => {
    const c = claim('conv-field');
    const conv = manifest.models.find((m) => m.arch === 'conv');
    const { kernel, convLayers, receptiveField } = (await load(conv)).info.config;
    const field = receptiveField.at(-1);
    assert.ok(c.includes(`has ${convLayers} layers of kernel ${kernel}: a position of its top layer sees ${field} tokens, so two tokens more than ${field - 1} apart never share a window`), c);
    assert.equal(pathOf(conv.encoder, 0, field - 1, 40).steps, convLayers);
    assert.equal(pathOf(conv.encoder, 0, field, 40).steps, null);
  });

  test('秋蝉 … 它们: distance in the zh-en model\'s tokens, and each scheme\'s path', async () => {
    const c = claim('cicada-distance');
    const r = await (await load(zhEn)).translate(ZH);
    const labels = labelsOf(r);
    const a = tokenIndex(labels, '秋蝉'), b = tokenIndex(labels, '它们');
    assert.deepEqual([labels[a], labels[b]], ['秋', '它']);
    const d = b - a;
    const conv = manifest.models.find((m) => m.arch === 'conv').encoder;
    assert.ok(c.includes(`are ${d} tokens apart: kernel-${conv.kernel} windows would need ${Math.ceil(d / (conv.kernel - 1))} layers to hold both, the chain takes ${d} steps, self-attention one`), c);
    assert.equal(pathOf({ kind: 'rnn' }, a, b, labels.length).steps, d);
    assert.ok(claim('cicada-distance', zhHtml).includes(`相隔 ${d} 个词元`));
  });

  test('fading memory of the GRU without attention', async () => {
    const c = claim('memory');
    assert.match(c, /forward GRU's last state changes more than twice as much when the last token, the full stop, is replaced as when the first word is/);
    const s = await (await load(manifest.models.find((m) => m.attention === 'none'))).sensitivity('I ate an apple and then a banana.', { strategy: 'greedy' });
    assert.equal(s.measure, 'fixed');
    const P = s.change.length;  // the positions measured: the source less </s>; the last is "."
    assert.equal(s.sourceTokens[P - 1].piece, '.');
    assert.ok(s.forward[P - 1] > 2 * s.forward[0], `first ${s.forward[0]}, last ${s.forward[P - 1]}`);
    assert.match(c, /fixed vector changes most when the first word is replaced/);
    assert.equal(Math.max(...s.change), s.change[0]);
    assert.ok(s.backward[0] === Math.max(...s.backward), 'the backward GRU ends on the first word');
    assert.match(c, /the words in the middle reach it least/);
    const min = s.change.indexOf(Math.min(...s.change));
    assert.ok(min > 0 && min < P - 1, `least at ${min} of ${P}`);
  });

  test('the seed\'s long examples: 秋蝉 (zh-en) and "transformers" (en-zh) are beyond the small models', async () => {
    assert.match(claim('cicada'), /its translation says nothing of cicadas/);
    const r = await (await load(zhEn)).translate(ZH);
    assert.ok(!/cicada/i.test(r.text), r.text);
    assert.match(claim('cicada'), /in no layer and no head does 它 \(of 它们\) give 秋蝉 a tenth of its attention/);
    const labels = labelsOf(r);
    const q = tokenIndex(labels, '它们'), cic = [tokenIndex(labels, '秋蝉'), tokenIndex(labels, '秋蝉') + 1];
    const e = r.encoderAttention;
    for (let l = 0; l < e.layers; l++) {
      for (let h = 0; h < e.heads; h++) {
        const at = (j) => e.data[((l * e.heads + h) * e.rows + q) * e.cols + j];
        assert.ok(at(cic[0]) + at(cic[1]) < 0.1, `layer ${l + 1} head ${h + 1}: ${at(cic[0]) + at(cic[1])}`);
      }
    }
    assert.match(claim('transformers'), /it writes no 变压器, for that sentence or for “The transformer is broken\.”/);
    for (const s of ['Several distributor transformers had fallen from the poles, and linemen were at work on them.', 'The transformer is broken.']) {
      assert.ok(!(await (await load(enZh)).translate(s)).text.includes('变压器'), s);
    }
  });

  test('interventions: "an" before 苹果 (en-zh)', async () => {
    const c = claim('iv-an'), ch = claim('iv-heads');
    const t = await load(enZh);
    const S = 'She bought an apple.';
    const tx = async (o = {}) => (await t.translate(S, { strategy: 'greedy', ...o })).text;
    const base = await t.translate(S, { strategy: 'greedy' });
    assert.ok(c.includes(`writes ${base.text} for “${S}”`), c);
    const src = labelsOf(base), an = src.indexOf('an'), apple = src.indexOf('apple');
    const step = base.tokens.findIndex((x) => x.piece.replace(/^\u2581/, '') === '一');
    const row = (i) => base.attention.data.subarray(i * base.attention.cols, (i + 1) * base.attention.cols);
    assert.ok(Math.abs(row(step)[an] - 0.25) < 0.05 && Math.abs(row(step)[apple] - 2 / 3) < 0.05, `an ${row(step)[an]}, apple ${row(step)[apple]}`);
    assert.ok(c.includes(`Switch off “an” and the classifier goes: ${await tx({ sourceMask: [an] })}`), c);
    assert.ok(c.includes(`Switch off “apple” and it writes ${await tx({ sourceMask: [apple] })}`), c);
    // per head at that step (generate(): each step's cross-attention, [layers][heads][cols])
    const steps = [];
    for await (const s of t.generate(S, { strategy: 'greedy' })) steps.push(s);
    const ca = steps[step].crossAttention;
    const w = (l, h, j) => ca.data[(l * ca.heads + h) * ca.cols + j];
    assert.ok(w(0, 0, an) > 0.9 && w(1, 0, an) > 0.85, 'layer 1 head 1 and layer 2 head 1 give "an" almost all');
    assert.ok(w(0, 1, an) < 0.01, 'layer 1 head 2 gives "an" no weight');
    assert.ok(w(1, 3, apple) > 0.9, 'layer 2 head 4 looks at "apple"');
    for (const [l, h] of [[0, 0], [1, 0], [0, 1]]) assert.ok(!(await tx({ headMask: [{ layer: l, head: h }] })).includes('一颗'), `head ${l + 1}.${h + 1}`);
    const l2h4 = await tx({ headMask: [{ layer: 1, head: 3 }] });
    assert.ok(l2h4.includes('一位'), l2h4);
    assert.match(ch, /layer 2 head 4, which looks at “apple”, keeps the classifier but writes 一位/);
  });

  test('interventions: "it" with "cat" and "milk" switched off (en-fr)', async () => {
    const c = claim('iv-it');
    const t = await load(enFr);
    const S = 'The cat drank the milk because it was hungry.';
    const base = await t.translate(S, { strategy: 'greedy' });
    const src = labelsOf(base);
    const off = await t.translate(S, { strategy: 'greedy', sourceMask: [src.indexOf('cat'), src.indexOf('milk')] });
    assert.ok(!/chat|lait/.test(off.text) && off.text.includes('il avait faim'), off.text);
    assert.match(c, /loses the nouns, but still writes “il avait faim”; no single cross-attention head, switched off, takes “il” away/);
    const { decLayers, heads } = t.info.config;
    for (let l = 0; l < decLayers; l++) {
      for (let h = 0; h < heads; h++) {
        const x = (await t.translate(S, { strategy: 'greedy', headMask: [{ layer: l, head: h }] })).text;
        assert.match(x, /\bil\b|qu'il/, `head ${l + 1}.${h + 1}: ${x}`);
      }
    }
  });
});
