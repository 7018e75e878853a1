// The name guard (issue 29: names are kept; decode/name_guard.h): with the engine's default options a
// shipped model finishes a rare source name it has begun, letter for letter, the steps name where the
// guard changed the model's choice, and the note under the translation says so, in both languages.
// Without the guard (copyNames: false) the same model drops the "ñ" of "Begoña", which is why it exists.
// Names the model file lists as translated ("Afrique") are left to the model.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';

import { Translator } from '../../web/src/index.js';
import { confidenceOf } from '../../web/src/app/confidence.js';
import { outputNote } from '../../web/src/app/output-view.js';
import { withLanguage } from '../../web/src/i18n/index.js';
import { ROOT, collectSteps as steps } from './helpers.js';

test('es→en: "No quiero salir con Begoña." keeps Begoña (without the guard: Begoa), and the steps say where the guard acted', async () => {
  const tr = await Translator.load(path.join(ROOT, 'models/es-en-transformer.i8.safetensors'));
  try {
    const text = 'No quiero salir con Begoña.';
    const guarded = await steps(tr, text);
    assert.match(guarded.at(-1).text, /\bBegoña\b/);
    const acted = guarded.filter((s) => s.nameBlocked.length);
    assert.ok(acted.length >= 1, 'some step records what the guard removed');
    for (const s of acted) for (const b of s.nameBlocked) assert.ok(b.probability > s.probability, 'only tokens the model preferred are listed');
    const free = await steps(tr, text, { copyNames: false });
    assert.doesNotMatch(free.at(-1).text, /\bBegoña\b/, `the model alone: ${free.at(-1).text}`);
    for (const s of free) assert.deepEqual(s.nameBlocked, []);
    // translate(), greedy and beam, applies it too
    for (const o of [{}, { strategy: 'beam', beamSize: 4 }]) {
      const r = await tr.translate('¿Tenemos que ayudar a Mateo?', o);
      assert.match(r.hypotheses[0].text, /\bMateo\b/, `${JSON.stringify(o)}: ${r.hypotheses[0].text}`);
    }
    const c = confidenceOf(guarded, guarded.at(-1).text, { token: 0, sentence: -100 });
    assert.equal(c.names, acted.length);
    assert.match(outputNote(c), /The name guard changed \d+ token\(s\) so that a name of the source is written letter for letter\./);
    assert.match(withLanguage('zh', () => outputNote(c)), /名字保护改动了 \d+ 个词元/);
  } finally {
    tr.dispose();
  }
});

test('fr→en: a name the pair translates is left to the model ("Afrique" → "Africa"), the file says which', async () => {
  const tr = await Translator.load(path.join(ROOT, 'models/fr-en-transformer.i8.safetensors'));
  try {
    assert.equal(tr.info.metadata.names, undefined, 'the tables the engine reads are left out of info.metadata');
    const r = await tr.translate("Jane visite l'Afrique en septembre.");
    assert.match(r.hypotheses[0].text, /\bAfrica\b/, r.hypotheses[0].text);
  } finally {
    tr.dispose();
  }
});
