// The number guard (issue 29, item 5; decode/number_guard.h): with the engine's default options a shipped
// model writes the source's numbers digit for digit, the steps name where the guard changed the model's
// choice, and the note under the translation says so, in both languages. Without the guard
// (copyNumbers: false) the same models rewrite the numbers, which is why it exists.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';

import { Translator } from '../../web/src/index.js';
import { confidenceOf } from '../../web/src/app/confidence.js';
import { outputNote } from '../../web/src/app/output-view.js';
import { withLanguage } from '../../web/src/i18n/index.js';
import { ROOT, collectSteps as steps } from './helpers.js';

const digits = (s) => s.match(/[0-9]+/g) ?? [];

test('en→zh: "She was born in 1987." keeps 1987 (without the guard: 197), and the steps say where the guard acted', async () => {
  const tr = await Translator.load(path.join(ROOT, 'models/en-zh-transformer.i8.safetensors'));
  try {
    const guarded = await steps(tr, 'She was born in 1987.');
    assert.deepEqual(digits(guarded.at(-1).text), ['1987'], guarded.at(-1).text);
    const acted = guarded.filter((s) => s.numberBlocked.length);
    assert.ok(acted.length >= 1, 'some step records what the guard removed');
    for (const s of acted) for (const b of s.numberBlocked) assert.ok(b.probability > s.probability, 'only tokens the model preferred are listed');
    const free = await steps(tr, 'She was born in 1987.', { copyNumbers: false });
    assert.notDeepEqual(digits(free.at(-1).text), ['1987'], `the model alone: ${free.at(-1).text}`);
    for (const s of free) assert.deepEqual(s.numberBlocked, []);
    // translate() (every strategy) and the beam search apply it too
    for (const o of [{}, { strategy: 'beam', beamSize: 4 }]) {
      const r = await tr.translate('The answer is 42.', o);
      assert.deepEqual(digits(r.hypotheses[0].text), ['42'], `${JSON.stringify(o)}: ${r.hypotheses[0].text}`);
    }
    // the note under the translation
    const c = confidenceOf(guarded, guarded.at(-1).text, { token: 0, sentence: -100 });
    assert.equal(c.numbers, acted.length);
    assert.match(outputNote(c), /The number guard changed \d+ token\(s\) so that the numbers are the source's, digit for digit\./);
    assert.match(withLanguage('zh', () => outputNote(c)), /数字保护改动了 \d+ 个词元/);
  } finally {
    tr.dispose();
  }
});

test('en→fr: years, counts and times come out as the source writes them', async () => {
  const tr = await Translator.load(path.join(ROOT, 'models/en-fr-transformer.i8.safetensors'));
  try {
    for (const [text, want] of [['She was born in 1987.', ['1987']], ['We met in 2019.', ['2019']], ['I have 11 dogs.', ['11']]]) {
      const r = await tr.translate(text);
      assert.deepEqual(digits(r.hypotheses[0].text), want, `${text} -> ${r.hypotheses[0].text}`);
    }
    // no number in the source: none invented
    const r = await tr.translate('I have three dogs.');
    assert.deepEqual(digits(r.hypotheses[0].text), [], r.hypotheses[0].text);
  } finally {
    tr.dispose();
  }
});
