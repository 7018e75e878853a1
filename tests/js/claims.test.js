// Every sentence the tutorial (web/examples/tutorial.html) and the demo state about what a model does
// is checked here against the shipped model it is about, by reading the model's own outputs and
// attention. A new model that behaves otherwise fails this test until the text says what it does.
// The statements are marked in the page with data-claim="…" (checked to be there, with their words).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';

import { Translator } from '../../web/src/index.js';
import { pct } from '../../web/src/components/format.js';
import { ROOT } from './helpers.js';

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'models/manifest.json'), 'utf8'));
const html = readFileSync(path.join(ROOT, 'web/examples/tutorial.html'), 'utf8');
const entry = (test) => manifest.models.find((m) => test(m));
const defaultEntry = manifest.models.find((m) => m.id === manifest.default);
const transformer = entry((m) => m.arch === 'transformer' && m.src === defaultEntry.src && m.tgt === defaultEntry.tgt);
const gruAttn = entry((m) => m.attention === 'additive' && m.src === 'en');
const noAttn = entry((m) => m.attention === 'none' && m.src === 'en');
const claim = (name) => {
  const m = html.match(new RegExp(`data-claim="${name}">([\\s\\S]*?)</span>`));
  assert.ok(m, `the tutorial marks the "${name}" statement`);
  return m[1].replace(/\s+/g, ' ');
};

/** A shipped model file's metadata: its config and training record (the safetensors header). */
const header = (e) => {
  const b = readFileSync(path.join(ROOT, 'models', e.file));
  const meta = JSON.parse(b.subarray(8, 8 + Number(b.readBigUInt64LE(0))).toString('utf8')).__metadata__;
  return { config: JSON.parse(meta.config), training: JSON.parse(meta.training) };
};

const loaded = new Map();
const load = async (e) => {
  if (!loaded.has(e.id)) loaded.set(e.id, await Translator.load(path.join(ROOT, 'models', e.file), { worker: false }));
  return loaded.get(e.id);
};
after(() => { for (const t of loaded.values()) t.dispose(); });

/** argmax over the source of each alignment row, </s> rows left out. */
function alignmentArgmax(r) {
  const { data, rows, cols } = r.attention;
  const out = [];
  for (let i = 0; i < rows; i++) {
    let b = 0;
    for (let j = 1; j < cols; j++) if (data[i * cols + j] > data[i * cols + b]) b = j;
    if (b !== cols - 1) out.push(b);
  }
  return out;
}

describe('the tutorial\'s statements are true of the shipped models', () => {
  test('the loop: "<s> → <s> Tu → <s> Tu devrais" for "You should wear shoes."', async () => {
    assert.match(html, /&lt;s&gt; Tu<\/code> → <code>&lt;s&gt; Tu devrais/);
    const r = await (await load(defaultEntry)).translate('You should wear shoes.');
    assert.deepEqual(r.tokens.slice(0, 2).map((t) => t.piece), ['▁Tu', '▁devrais']);
  });

  test('alignment: "mostly a diagonal" for "I ate an apple and then a banana." (both models the section shows)', async () => {
    assert.match(claim('diagonal'), /mostly a diagonal/);
    for (const e of [defaultEntry, gruAttn]) {
      const arg = alignmentArgmax(await (await load(e)).translate('I ate an apple and then a banana.'));
      let monotone = 0;
      for (let i = 1; i < arg.length; i++) if (arg[i] >= arg[i - 1]) monotone++;
      assert.ok(arg.length >= 5 && monotone / (arg.length - 1) >= 0.8, `${e.id}: argmax positions ${arg.join(',')}`);
    }
  });

  test('alignment: "with a few steps resting on the end token </s>" (the same sentence, both models)', async () => {
    assert.match(claim('end-token'), /with a few steps\s+resting on the end token <code>&lt;\/s&gt;<\/code>/);
    for (const e of [defaultEntry, gruAttn]) {
      const r = await (await load(e)).translate('I ate an apple and then a banana.');
      const { data, rows, cols } = r.attention;
      const arg = [];
      for (let i = 0; i < rows - 1; i++) {  // the final </s> row left out
        let b = 0;
        for (let j = 1; j < cols; j++) if (data[i * cols + j] > data[i * cols + b]) b = j;
        arg.push(b);
      }
      const onEnd = arg.filter((b) => b === cols - 1).length;
      assert.ok(onEnd >= 1 && onEnd <= arg.length / 3, `${e.id}: ${onEnd} of ${arg.length} steps rest on </s>`);
    }
  });

  test('alignment: "the end comes out wrong, and the figures show where" (the default model, the percentages of the text)', async () => {
    const text = claim('banana');
    assert.match(text, /The end of this sentence comes out wrong/);
    const r = await (await load(defaultEntry)).translate('I ate an apple and then a banana.');
    assert.ok(r.text.startsWith("J'ai mangé une pomme et"), r.text);
    assert.doesNotMatch(r.text, /une banane/, `the translation is right now: ${r.text}; rewrite the tutorial`);
    const { data, cols } = r.attention;
    const src = r.sourceTokens.map((t) => t.piece), tgt = r.tokens.map((t) => t.piece);
    const w = (i, piece) => data[i * cols + src.indexOf(piece)];
    // "Up to “et” each step looks at its English word": the weights the text gives, in whole percent
    for (const [fr, en] of [['▁une', '▁an'], ['▁pomme', '▁apple'], ['▁et', '▁and']]) {
      const i = tgt.indexOf(fr);
      const said = text.match(new RegExp(`“${fr.slice(1)}” at “${en.slice(1)}” (\\d+)%`));
      assert.ok(i >= 0 && said, `${fr} → ${en} in the output and the text`);
      assert.equal(Math.round(100 * w(i, en)), Number(said[1]), `${fr} → ${en}`);
      assert.ok(w(i, en) >= 0.5, `${fr} → ${en}: the step's largest weight`);
    }
    // "writes “alors” twice, both times looking at “the”, the first piece of “then” (75% and 52%), and in
    // place of “banane” a word of its own, “l'adha”: after the second “alors”, no step gives any word of the
    // source half of its attention" (the end token </s> is not a word of the source)
    const alors = tgt.flatMap((p, i) => (p === '▁alors' ? [i] : []));
    const twice = text.match(/writes “alors” twice, both times looking at “the”, the first piece of “then” \((\d+)% and (\d+)%\)/);
    assert.ok(twice, text);
    assert.deepEqual(alors, [alors[0], alors[0] + 1], tgt.join(' '));
    assert.deepEqual(src.slice(src.indexOf('▁the'), src.indexOf('▁the') + 2), ['▁the', 'n'], 'then = ▁the n');
    alors.forEach((i, k) => {
      const row = Array.from(data.slice(i * cols, (i + 1) * cols));
      assert.equal(row.indexOf(Math.max(...row)), src.indexOf('▁the'), `alors ${k + 1} looks most at ▁the`);
      assert.equal(Math.round(100 * w(i, '▁the')), Number(twice[k + 1]), `alors ${k + 1}`);
    });
    const own = text.match(/in place of “banane” a word of its own, “([^”]+)”/);
    assert.ok(own && r.text.includes(own[1]), `${own?.[1]} in ${r.text}`);
    for (let i = alors[1] + 1; i < tgt.length; i++) {
      const row = Array.from(data.slice(i * cols, (i + 1) * cols - 1));
      assert.ok(Math.max(...row) < 0.5, `step ${i + 1} (${tgt[i]}): ${Math.max(...row).toFixed(2)}`);
    }
    assert.equal(tgt.at(-1), '</s>');
  });

  test('alignment in Chinese: the banana sentence and one piece for two words (zh→en, tutorial §3)', async () => {
    const zhEn = entry((m) => m.src === 'zh' && m.tgt === 'en');
    assert.ok(zhEn, 'a zh→en model is shipped');
    const t = await load(zhEn);
    const weights = (r) => {
      const { data, cols } = r.attention;
      const src = r.sourceTokens.map((x) => x.piece), tgt = r.tokens.map((x) => x.piece);
      return { src, tgt, w: (i, j) => data[i * cols + j], row: (i) => Array.from(data.slice(i * cols, (i + 1) * cols)) };
    };
    const argmax = (row) => row.indexOf(Math.max(...row));
    const banana = claim('zh-banana');
    const r = await t.translate('我吃了一个苹果，然后吃了一个香蕉。');
    assert.match(banana, new RegExp(`comes out as “${r.text.replace(/[.]/g, '\\.')}”`), r.text);
    const a = weights(r);
    for (const [en, zh] of [['▁apple', '苹果'], ['▁banana', '香蕉']]) {
      const i = a.tgt.indexOf(en), j = a.src.indexOf(zh);
      const said = banana.match(new RegExp(`“${en.slice(1)}” (?:looks )?at ${zh} (\\d+)%`));
      assert.ok(i >= 0 && j >= 0 && said, `${en} → ${zh} in the output, the source and the text`);
      assert.equal(Math.round(100 * a.w(i, j)), Number(said[1]), `${en} → ${zh}`);
      assert.equal(argmax(a.row(i)), j, `${en} looks most at ${zh}`);
    }
    const then = a.src.indexOf('然后');
    assert.ok(then >= 0, a.src.join(' '));
    a.tgt.forEach((p, i) => assert.notEqual(argmax(a.row(i)), then, `step ${i + 1} (${p}) looks most at 然后`));
    assert.doesNotMatch(r.text, /then/i);
    const shoes = claim('zh-shoes');
    const s = weights(await t.translate('你应该穿鞋。'));
    const piece = s.src.indexOf('▁你应该');
    assert.ok(piece >= 0, `你应该 is one piece: ${s.src.join(' ')}`);
    for (const en of ['▁You', '▁should']) {
      const i = s.tgt.indexOf(en);
      const said = shoes.match(new RegExp(`“${en.slice(1)}” \\((\\d+)%\\)`));
      assert.ok(i >= 0 && said, `${en} in the output and the text`);
      assert.equal(Math.round(100 * s.w(i, piece)), Number(said[1]), `${en} → 你应该`);
      assert.equal(argmax(s.row(i)), piece, `${en} looks most at 你应该`);
    }
  });

  test('the KV cache: per-step work with and without it, the totals and the factor (tutorial §7)', async () => {
    const text = claim('kv');
    assert.match(text, /^The default model translates/);
    assert.equal(transformer.id, defaultEntry.id, 'the widget\'s model="transformer" is the default model the text names');
    const t = await load(transformer);
    const work = async (sentence) => {
      const r = await t.translate(sentence);
      const cached = [];
      let encoder = 0;
      for await (const s of t.generate(sentence, { kvCache: true, alternatives: 1 })) {
        cached.push(s.macs);
        if (s.source) encoder = s.source.macs;
      }
      // the same tokens again without the cache (as the demo's and the widget's counter do): all but </s> forced
      assert.ok(r.finished, sentence);
      const prefix = r.tokens.slice(0, -1).map((x) => x.id);
      const uncached = [];
      for await (const s of t.generate(sentence, { kvCache: false, alternatives: 1, prefix })) uncached.push(s.macs);
      const sum = (a) => a.reduce((x, y) => x + y, 0);
      return { cached, uncached, encoder, totalC: sum(cached), totalU: sum(uncached) };
    };
    const cat = await work('The cat drank the milk because it was hungry.');
    assert.equal(cat.uncached.length, cat.cached.length);
    const steps = Number(text.match(/in (\d+) decoder steps/)[1]);
    assert.equal(cat.cached.length, steps);
    const about = Number(text.match(/each step costs about ([\d.]+) million/)[1]);
    for (const m of cat.cached) assert.equal((m / 1e6).toFixed(2), about.toFixed(2), `a cached step: ${m}`);
    const adds = cat.cached.slice(1).map((m, i) => m - cat.cached[i]);
    assert.ok(adds.every((a) => a > 0), `each cached step costs more than the one before: ${adds.join(' ')}`);
    const addSaid = Number(text.match(/each adds about (\d+) \(one more key/)[1]);
    assert.equal(Math.round(adds.reduce((x, y) => x + y, 0) / adds.length / 100) * 100, addSaid, adds.join(' '));
    assert.equal((cat.uncached.at(-1) / 1e6).toFixed(2), text.match(/step costs ([\d.]+) million, and/)[1]);
    // "about half (512 thousand) is the last product, a score for each of the 4,000 entries of the vocabulary"
    const cfg = t.info.config;
    const [, vocabK, vocabN] = text.match(/about half \((\d+) thousand\) is the last product, a score for each of the ([\d,]+) entries/);
    assert.equal(Number(vocabN.replace(/,/g, '')), cfg.vocabTgt);
    assert.equal(cfg.dModel * cfg.vocabTgt / 1000, Number(vocabK));
    for (const m of cat.cached) assert.ok(Math.abs((cfg.dModel * cfg.vocabTgt) / m - 0.5) < 0.1, `about half of ${m}`);
    const [, u, c, f] = text.match(/the \d+ decoder steps ([\d.]+)\s+million instead of ([\d.]+) million: ([\d.]+)\s+times/);
    assert.equal((cat.totalU / 1e6).toFixed(1), u);
    assert.equal((cat.totalC / 1e6).toFixed(1), c);
    assert.equal((cat.totalU / cat.totalC).toFixed(1), f);
    assert.equal((cat.encoder / 1e6).toFixed(1), text.match(/The\s+encoder, ([\d.]+) million multiply-adds for the first sentence/)[1]);
    const [, n, longSentence] = text.match(/the (\d+)\s+steps of “([^”]+)”/);
    const long = await work(longSentence);
    assert.equal(long.cached.length, Number(n));
    assert.equal((long.totalU / long.totalC).toFixed(1), text.match(/([\d.]+) for the \d+ steps/)[1]);
    assert.ok(long.totalU / long.totalC > cat.totalU / cat.totalC, 'the factor grows with the length');
  });

  test('self-attention and "it": its neighbours in every layer; the head that reaches furthest for a noun picks the same one in both sentences; the translations tell them apart', async () => {
    const text = claim('it');
    assert.match(text, /in both sentences and in every layer, “it” looks mostly at its neighbours/);
    const head = text.match(/The head that reaches furthest for a noun, layer (\d+), head (\d+), picks “(\w+)” in both/);
    assert.ok(head, text);
    const [hl, hh, noun] = [Number(head[1]), Number(head[2]), head[3]];
    assert.match(text, /about a third of its attention with “hungry”, where “it” is the cat, and a fifth with “sweet”, where it is the milk/);
    assert.match(text, /No head gives the referent itself \(the cat that was hungry, the milk that was sweet\) more than about a quarter/);
    const said = claim('it-output');
    const t = await load(transformer);
    // [adjective, the referent, the head's weight on the stated noun: the text's "about a third" / "a fifth",
    //  the translation's ending]
    const cases = [['hungry', 'cat', [0.28, 0.4], "parce qu'il avait faim."],
      ['sweet', 'milk', [0.16, 0.24], "parce que c'était sucré."]];
    for (const [end, referent, [lo, hi], out] of cases) {
      const sentence = `The cat drank the milk because it was ${end}.`;
      const gen = t.generate(sentence);
      const src = await gen.source;
      await gen.return();
      const pieces = src.sourceTokens.map((x) => x.piece);
      const [it, ref, cat, milk] = ['▁it', `▁${referent}`, '▁cat', '▁milk'].map((p) => pieces.indexOf(p));
      assert.ok(it > 1 && ref >= 0 && cat >= 0 && milk >= 0, pieces.join(' '));
      const { layers, heads, rows, cols, data } = src.encoderAttention;
      const row = (l, h) => data.subarray(((l * heads + h) * rows + it) * cols, ((l * heads + h) * rows + it + 1) * cols);
      let best = { w: -1 };
      for (let l = 0; l < layers; l++) {
        // neighbours: the two pieces before "it" (▁be cause) and the two after (was, the adjective)
        let near = 0;
        for (let h = 0; h < heads; h++) for (const j of [it - 2, it - 1, it + 1, it + 2]) near += row(l, h)[j] / heads;
        assert.ok(near > 0.5, `${end}: layer ${l + 1} gives the neighbours ${near.toFixed(2)} (${pieces.slice(it - 2, it + 3).join(' ')})`);
        for (let h = 0; h < heads; h++) {
          assert.ok(row(l, h)[ref] < 0.25, `${end}: L${l + 1}H${h + 1} gives the referent ${referent} ${row(l, h)[ref]}`);
          for (const j of [cat, milk]) if (row(l, h)[j] > best.w) best = { w: row(l, h)[j], l: l + 1, h: h + 1, j };
        }
      }
      // of all heads, the largest weight on either noun is the stated head's, on the stated noun, in both sentences
      assert.deepEqual([best.l, best.h, pieces[best.j]], [hl, hh, `▁${noun}`], `${end}: ${JSON.stringify(best)}`);
      assert.ok(best.w >= lo && best.w <= hi, `${end}: L${hl}H${hh} gives ${noun} ${best.w.toFixed(2)}`);
      const { text: translation } = await t.translate(sentence);
      assert.ok(translation.endsWith(out), `${sentence} → ${translation}`);
      assert.ok(said.includes(`…${out}`), `the tutorial quotes "${out}"`);
    }
  });

  test('fixed context: "the longer the sentence, the more it loses" (test BLEU by length, against attention)', () => {
    assert.match(claim('longer'), /longer the sentence, the more it loses/);
    const bleu = (e) => JSON.parse(readFileSync(path.join(ROOT, 'docs/eval', `${e.id}.json`), 'utf8')).greedy.buckets;
    const none = bleu(noAttn), attn = bleu(gruAttn);
    const buckets = ['1-5', '6-10', '11-15', '16+'];
    for (let k = 1; k < buckets.length; k++) {
      assert.ok(none[buckets[k]].bleu < none[buckets[k - 1]].bleu, `no attention: BLEU falls from ${buckets[k - 1]} to ${buckets[k]}`);
      // relative to the attention model, the fixed context loses more on longer sentences
      assert.ok(none[buckets[k]].bleu / attn[buckets[k]].bleu < none[buckets[k - 1]].bleu / attn[buckets[k - 1]].bleu,
        `the gap to attention widens at ${buckets[k]}`);
    }
  });

  test('score functions: the same French, the weights at “porter”, and the scaled dot product the narrowest at every step (tutorial §4)', async () => {
    const text = claim('scores');
    const said = /“Tu devrais porter des chaussures\.”/;
    assert.match(text, said);
    const kinds = { additive: 'additive', dot: 'dot', general: 'general', scaled_dot: 'scaled dot' };
    const per = {};
    for (const [kind, name] of Object.entries(kinds)) {
      const e = entry((m) => m.arch === 'rnn' && m.attention === kind && m.src === 'en' && m.tgt === 'fr');
      assert.ok(e, `an en→fr GRU with the ${kind} score is shipped`);
      const t = await load(e);
      const steps = [];
      for await (const st of t.generate('You should wear shoes.')) steps.push(st);
      const src = steps[0].source.sourceTokens.map((x) => x.piece);
      assert.equal(steps.at(-1).result.text, 'Tu devrais porter des chaussures.', kind);
      const rows = steps.map((st) => ({ w: Array.from(st.crossAttention.data), e: Array.from(st.crossScores.data), piece: st.token.piece }));
      const porter = rows.find((r) => r.piece === '▁porter'), wear = src.indexOf('▁wear');
      assert.equal(porter.w.indexOf(Math.max(...porter.w)), wear, `${kind}: “porter” looks most at “wear”`);
      const pctSaid = text.match(new RegExp(`${name} ([\\d.]+)%`));
      assert.ok(pctSaid, `the text gives the ${name} weight`);
      assert.equal(pct(porter.w[wear]), `${pctSaid[1]}%`, `${kind}: porter → wear, as the card shows it`);
      per[kind] = rows.map((r) => ({ range: Math.max(...r.e) - Math.min(...r.e), lo: Math.min(...r.e), hi: Math.max(...r.e), top: Math.max(...r.w), piece: r.piece }));
    }
    // "here √256 = 16": the scaled dot product divides by √H, H the GRU's hidden size
    const scaled = entry((m) => m.arch === 'rnn' && m.attention === 'scaled_dot' && m.src === 'en' && m.tgt === 'fr');
    const hidden = header(scaled).config.hidden;
    const root = text.match(/here √(\d+) =\s+(\d+)/);
    assert.ok(root, 'the text gives d');
    assert.equal(Number(root[1]), hidden);
    assert.equal(Number(root[2]), Math.sqrt(hidden));
    const others = ['additive', 'dot', 'general'];
    per.scaled_dot.forEach((r, i) => {
      for (const k of others) {
        assert.ok(r.range < per[k][i].range, `step ${i + 1}: scaled dot's score range ${r.range.toFixed(2)} < ${k}'s ${per[k][i].range.toFixed(2)}`);
        assert.ok(r.top < per[k][i].top, `step ${i + 1}: scaled dot's largest weight ${r.top.toFixed(2)} < ${k}'s ${per[k][i].top.toFixed(2)}`);
      }
    });
    // as the cards show it: the difference of the two ends rounded to 2 decimals
    const at = (k) => { const r = per[k].find((x) => x.piece === '▁porter'); return (Number(r.hi.toFixed(2)) - Number(r.lo.toFixed(2))).toFixed(2); };
    const m = text.match(/\(([\d.]+) at “porter”, against ([\d.]+) to ([\d.]+)\)/);
    assert.ok(m, 'the text gives the ranges at “porter”');
    assert.equal(m[1], at('scaled_dot'));
    const rest = others.map((k) => Number(at(k)));
    assert.deepEqual([m[2], m[3]], [Math.min(...rest).toFixed(2), Math.max(...rest).toFixed(2)]);
  });

  test('score functions: "the same embedding and hidden sizes and the same training recipe" (the demo\'s section)', async () => {
    const { default: en } = await import('../../web/src/i18n/en.js');
    assert.match(en['sc.hint'], /same embedding and hidden sizes and the same training recipe/);
    for (const pair of new Set(manifest.models.filter((m) => m.arch === 'rnn').map((m) => `${m.src}-${m.tgt}`))) {
      const scored = manifest.models.filter((m) => m.arch === 'rnn' && m.attention !== 'none' && `${m.src}-${m.tgt}` === pair).map(header);
      for (const h of scored.slice(1)) {
        for (const k of ['emb_dim', 'hidden', 'vocab_src', 'vocab_tgt']) assert.equal(h.config[k], scored[0].config[k], `${pair}: ${k}`);
        assert.deepEqual(h.training.train_params, scored[0].training.train_params, `${pair}: training parameters`);
        assert.equal(h.training.data.pairs_sha256, scored[0].training.data.pairs_sha256, `${pair}: training data`);
      }
    }
  });
});

// The Chinese tutorial (tutorial.zh.html) says the same as the English one: the same statements, each
// with the same numbers (units read: million, thousand, 万) and the same quoted tokens and outputs, so
// the checks above hold for it; and the same widgets, so its figures are the ones the numbers are about.
describe('the Chinese tutorial states what the English one does', () => {
  const zh = readFileSync(path.join(ROOT, 'web/examples/tutorial.zh.html'), 'utf8');
  const claims = (page) => Object.fromEntries([...page.matchAll(/data-claim="([^"]+)">([\s\S]*?)<\/span>/g)].map((m) => [m[1], m[2].replace(/\s+/g, ' ')]));
  const numbers = (s) => [...s.matchAll(/(\d[\d,]*(?:\.\d+)?)\s*(million|thousand|万)?/g)]
    .map(([, n, unit]) => Math.round(Number(n.replace(/,/g, '')) * ({ million: 1e6, thousand: 1e3, 万: 1e4 }[unit] ?? 1) * 1000) / 1000)
    .sort((a, b) => a - b);
  const quoted = (s) => [...s.matchAll(/“([^”]+)”/g)].map((m) => m[1]).sort();
  const widgets = (page) => [...page.matchAll(/<attnseq-[a-z]+\b[^>]*>/g)].map((m) => m[0]);

  test('the same statements, numbers and quoted tokens', () => {
    const a = claims(html), b = claims(zh);
    assert.deepEqual(Object.keys(b), Object.keys(a));
    for (const k of Object.keys(a)) {
      assert.deepEqual(numbers(b[k]), numbers(a[k]), `${k}: numbers`);
      assert.deepEqual(quoted(b[k]), quoted(a[k]), `${k}: quoted tokens`);
    }
  });

  test('the same widgets, in the same order; the page is Chinese and links to the English one', () => {
    assert.deepEqual(widgets(zh), widgets(html));
    assert.match(zh, /<html lang="zh-Hans">/);
    assert.match(zh, /href="tutorial\.html"/);
    assert.match(html, /href="tutorial\.zh\.html"/);
  });
});
