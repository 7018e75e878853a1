// The unsure marks (issue 29: a translation the model is unsure of is shown as unsure): the words and
// the mean log-probability that app/confidence.js computes from the engine's steps, with the thresholds
// that train/calibrate_confidence.py wrote into the catalogue.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { Translator } from '../../web/src/index.js';
import { confidenceOf, confidenceSteps, paragraphConfidence } from '../../web/src/app/confidence.js';
import { noteWord, outputNote } from '../../web/src/app/output-view.js';
import { withLanguage } from '../../web/src/i18n/index.js';
import { ROOT } from './helpers.js';

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'models/manifest.json'), 'utf8'));
const step = (piece, probability, extra = {}) => ({ piece, probability, ...extra });

const fixture = JSON.parse(readFileSync(path.join(ROOT, 'tests/data/confidence/words.json'), 'utf8'));

test('the words are the calibration\'s (tests/data/confidence/words.json, read by tests/py/test_confidence.py too)', () => {
  fixture.cases.forEach((k, i) => {
    const steps = k.steps.map(([piece, p]) => step(piece, p, piece === '</s>' ? { end: true } : {}));
    const c = confidenceOf(steps, k.output, { token: fixture.threshold, sentence: -1 });
    assert.ok(c, k.name);
    assert.deepEqual(c.words.map((w) => [w.text, w.probability]), k.words, k.name);
    assert.deepEqual(c.words.filter((w) => w.unsure).map((w) => w.text), fixture.unsure[i], k.name);
  });
});

test('the mean log-probability counts every step, </s> included (as the calibration counts it)', () => {
  const steps = [step('▁Le', 0.9), step('▁ch', 0.8), step('at', 0.2), step('▁est', 0.95), step('▁noir', 0.9), step('.', 0.9), step('</s>', 0.9, { end: true })];
  const c = confidenceOf(steps, 'Le chat est noir.', { token: 0.3, sentence: -1 });
  const mean = steps.reduce((s, x) => s + Math.log(x.probability), 0) / steps.length;
  assert.ok(Math.abs(c.meanLogprob - mean) < 1e-12);
  assert.equal(c.unsure, mean < -1);
  assert.equal(confidenceOf(steps, 'Le chat est noir.', { token: 0.3, sentence: -0.2 }).unsure, true);
});

test('a doubtful full stop marks the word it ends, and the note names the word without it', () => {
  const c = confidenceOf([step('▁I', 0.9), step('▁have', 0.9), step('▁', 0.55), step('2', 0.95), step('.', 0.18), step('</s>', 0.9, { end: true })],
    'I have 2.', { token: 0.3, sentence: -5 });
  assert.deepEqual(c.words.filter((w) => w.unsure).map((w) => w.text), [' 2.']);
  assert.equal(outputNote(c), 'Words it was unsure of (dotted underline): 2.');
  assert.equal(withLanguage('zh', () => outputNote(c)), '模型没有把握的词（点状下划线）：2。');
  // only sentence punctuation goes: a word's own marks stay
  assert.deepEqual(['2.', ' noir,', '了。', '100%', 'C++', "l'", 'Oui?!', '...'].map(noteWord), ['2', 'noir', '了', '100%', 'C++', "l'", 'Oui', '...']);
});

test('nothing is marked when the steps do not spell the output, or without thresholds', () => {
  const steps = [step('▁Le', 0.1), step('</s>', 0.9, { end: true })];
  assert.equal(confidenceOf(steps, 'La', { token: 0.3, sentence: -1 }), null);
  assert.equal(confidenceOf(steps, 'Le', null), null);
});

test('the note names the unsure words, a far input, and what the repeat guard removed, in both languages', () => {
  const c = confidenceOf([step('▁Jan', 0.1), step('an', 0.5), step('▁dort', 0.9), step('.', 0.9), step('</s>', 0.2, { end: true, blocked: [{ id: 5 }] })],
    'Janan dort.', { token: 0.3, sentence: -0.5 });
  assert.equal(outputNote(c), 'The model is unsure of this translation (its tokens 38% likely on average): the text is far from the short everyday sentences '
    + 'it learned from; long sentences, names and numbers are where it goes wrong. Words it was unsure of (dotted underline): Janan. '
    + 'The repeat guard removed 1 token(s) the model preferred.');
  assert.match(withLanguage('zh', () => outputNote(c)), /^模型对这个译文没有把握.*模型没有把握的词（点状下划线）：Janan。/);
});

test('a translation the length cap ended says its end may be missing, in both languages', () => {
  const c = confidenceOf([step('▁alors', 0.9), step('▁alors', 0.9, { done: true, capped: true })], 'alors alors', { token: 0.3, sentence: -1 });
  assert.equal(c.capped, true);
  assert.equal(outputNote(c), 'It stopped at the length limit before the end-of-sentence token: the end may be missing.');
  assert.equal(withLanguage('zh', () => outputNote(c)), '译文在生成句末词元之前就达到了长度上限：结尾可能缺失。');
});

test('with the shipped default model and its calibrated thresholds: an everyday sentence is sure, made-up words are not', async () => {
  const entry = manifest.models.find((m) => m.id === manifest.default);
  assert.ok(entry.confidence && entry.confidence.token > 0 && entry.confidence.token < 1 && entry.confidence.sentence < 0,
    'the catalogue carries the thresholds of train/calibrate_confidence.py');
  const tr = await Translator.load(path.join(ROOT, 'models', entry.file));
  try {
    for (const [text, unsure] of [['I ate an apple.', false], ['Blorfing zendrax quimble trossed the vorpish glimmerwock.', true]]) {
      const steps = [];
      for await (const s of tr.generate(text)) steps.push(s);  // the steps the demo's run holds
      const out = steps.at(-1).text;
      const c = confidenceOf(steps, out, entry.confidence);
      assert.ok(c, `${text}: the steps spell the output "${out}"`);
      assert.equal(c.unsure, unsure, `${text} -> ${out}: mean log p ${c.meanLogprob}`);
      if (unsure) assert.ok(c.words.some((w) => w.unsure), out);
    }
  } finally {
    tr.dispose();
  }
});

test('the note says what the model read when the engine restored the typed text, first', () => {
  assert.equal(outputNote(null), '');
  assert.equal(outputNote(null, "I'm cold ."), "Read as “I'm cold .”: this model learned written text, so text typed without accents, capitals, apostrophes or a final stop is read in its written form.");
  assert.match(outputNote(null, 'Je suis désolé .', { k: 2, n: 3 }), /^Sentence 2 of 3 read as “Je suis désolé \.”:/);
  assert.match(withLanguage('zh', () => outputNote(null, 'Je suis désolé .', { k: 2, n: 3 })), /^第 2 句（共 3 句）按“Je suis désolé \.”读入/);
  const c = { unsure: false, meanLogprob: -0.1, words: [{ text: 'froid', unsure: true, probability: 0.2 }], capped: false, blocked: 0, numbers: 0, names: 0 };
  assert.match(outputNote(/** @type {any} */ (c), "I'm cold ."), /^Read as .*\. Words it was unsure of \(dotted underline\): froid\.$/);
});

test('a translate() result gives the same confidence as the steps of generate() for the same sentence', async () => {
  const entry = manifest.models.find((x) => x.id === manifest.default);
  const tr = await Translator.load(path.join(ROOT, 'models', entry.file));
  try {
    for (const text of ['I love pizza and coffee!', 'Blorfing zendrax quimble trossed the vorpish glimmerwock.']) {
      const r = await tr.translate(text);
      const steps = [];
      for await (const s of tr.generate(text)) steps.push(s);
      const fromSteps = confidenceOf(steps, steps.at(-1).text, entry.confidence);
      const fromResult = confidenceOf(confidenceSteps(r), r.text, entry.confidence);
      assert.ok(fromResult, text);
      assert.deepEqual(fromResult.words, fromSteps.words, text);
      assert.ok(Math.abs(fromResult.meanLogprob - fromSteps.meanLogprob) < 1e-9, text);
      assert.equal(fromResult.unsure, fromSteps.unsure, text);
    }
  } finally {
    tr.dispose();
  }
});

test('a text of several sentences: each sentence is marked by its own confidence, and the note names the sentence', () => {
  const thresholds = { token: 0.3, sentence: -1 };
  const sure = confidenceOf([step('▁Le', 0.9), step('▁chat', 0.9), step('.', 0.9), step('</s>', 0.9, { end: true })], 'Le chat.', thresholds);
  const unsure = confidenceOf([step('▁On', 0.9), step('▁soup', 0.1), step('ersa', 0.2), step('.', 0.9), step('</s>', 0.1, { end: true })], 'On soupersa.', thresholds);
  const p = paragraphConfidence([{ output: 'Le chat.', confidence: sure }, { output: 'Il dort.', confidence: null }, { output: 'On soupersa.', confidence: unsure }]);
  assert.deepEqual(p.words.map((w) => [w.text, w.unsure]), [['Le', false], [' chat.', false], [' Il dort.', false], [' On', false], [' soupersa.', true]]);
  assert.equal(p.words.map((w) => w.text).join(''), 'Le chat. Il dort. On soupersa.');
  assert.deepEqual(p.sentences.map((s) => s.k), [1, 3]);
  const en = withLanguage('en', () => outputNote(p));
  assert.match(en, /^Sentence 3 of 3: The model is unsure of this translation .* Words it was unsure of \(dotted underline\): soupersa\.$/);
  assert.ok(!en.includes('Sentence 1'), 'a sure sentence says nothing');
  assert.match(withLanguage('zh', () => outputNote(p)), /^第 3 句（共 3 句）：模型对这个译文没有把握/);
  // Chinese sentences join without a space
  const zh = confidenceOf([step('▁我', 0.9), step('饿', 0.1), step('了', 0.9), step('。', 0.9), step('</s>', 0.9, { end: true })], '我饿了。', thresholds);
  const q = paragraphConfidence([{ output: '你好。', confidence: null }, { output: '我饿了。', confidence: zh }]);
  assert.equal(q.words.map((w) => w.text).join(''), '你好。我饿了。');
  assert.equal(paragraphConfidence([{ output: 'a', confidence: null }]), null, 'no sentence has a confidence');
  // steps that do not spell the shown output: the text stays plain (no words), the notes stay
  const r = paragraphConfidence([{ output: 'Le chien.', confidence: sure }]);
  assert.equal(r.words, null);
});
