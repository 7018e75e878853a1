// The language identifier (issue 29: the direction follows the text): eld cut to the catalogue's
// languages (scripts/build_langid.mjs, web/dist/attnseq-langid.js) and web/src/lang/identify.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { identify, judge, modelFor } from '../../web/src/lang/identify.js';
import { catalogueLanguages } from '../../scripts/build_langid.mjs';

const root = new URL('../../', import.meta.url);
const bundle = fileURLToPath(new URL('web/dist/attnseq-langid.js', root));
const manifest = JSON.parse(readFileSync(new URL('models/manifest.json', root), 'utf8'));

test('the identifier knows every language the catalogue reads or writes', async () => {
  assert.ok(existsSync(bundle), 'web/dist/attnseq-langid.js: run scripts/build_wasm.sh (it runs scripts/build_langid.mjs)');
  const { LANGUAGES } = await import(new URL('web/dist/attnseq-langid.js', root).href);
  for (const m of manifest.models) {
    assert.ok(LANGUAGES.includes(m.src) && LANGUAGES.includes(m.tgt), m.id);
  }
  assert.deepEqual(LANGUAGES, catalogueLanguages(manifest));
});

test('the sentences of the well-known tutorials are named, confidently', async () => {
  const cases = {
    'Je suis étudiant.': 'fr',                      // PyTorch's seq2seq tutorial, the illustrated seq2seq
    'Hace mucho frío aquí.': 'es',                  // TensorFlow's NMT with attention
    'Ich bin ein Berliner und das ist gut.': 'de',
    'The animal didn\'t cross the street because it was too tired.': 'en',
    '我吃了一個蘋果。': 'zh',                          // Traditional as well as Simplified
    '今天天气很好。': 'zh',
    'Mi piace molto il formaggio.': 'it',            // no model reads it: named, not taken for French
  };
  for (const [text, lang] of Object.entries(cases)) {
    const r = await identify(text);
    assert.equal(r.language, lang, text);
    assert.equal(r.confident, true, `${text}: ${JSON.stringify(r.scores)}`);
  }
});

test('names, numbers and one word are not confident', async () => {
  for (const text of ['Tom', '1987', 'OK', '', '   ']) {
    const r = await identify(text);
    assert.equal(r.confident, false, `${JSON.stringify(text)}: ${JSON.stringify(r)}`);
  }
});

test('judge: the lead over the second language and the letter count decide', () => {
  assert.deepEqual(judge('Je suis là.', { language: 'fr', scores: { fr: 0.8, en: 0.75 } }).confident, false);
  assert.deepEqual(judge('Je suis là.', { language: 'fr', scores: { fr: 0.8, en: 0.6 } }).confident, true);
  assert.equal(judge('Ja', { language: 'de', scores: { de: 0.9 } }).confident, false);
  assert.equal(judge('你好', { language: 'zh', scores: { zh: 0.9 } }).confident, true);
  assert.equal(judge('xyz', { language: '', scores: {} }).confident, false);
});

test('modelFor: the model that reads the text, writing what the current one writes, else its reverse', () => {
  const m = (id, src, tgt, arch = 'transformer') => ({ id, src, tgt, arch });
  const models = [m('en-fr-transformer', 'en', 'fr'), m('en-fr-gru-attn', 'en', 'fr', 'rnn'), m('fr-en-transformer', 'fr', 'en'),
    m('de-en-transformer', 'de', 'en'), m('zh-en-transformer', 'zh', 'en'), m('en-zh-transformer', 'en', 'zh')];
  const [enFr, enFrGru, frEn, deEn, zhEn, enZh] = models;
  assert.equal(modelFor('fr', enFr, models), frEn);          // French typed into en->fr: fr->en
  assert.equal(modelFor('fr', enFrGru, models), frEn);       // no GRU reads French: the Transformer
  assert.equal(modelFor('de', zhEn, models), deEn);          // same target (en)
  assert.equal(modelFor('en', zhEn, models), enZh);          // English typed into zh->en: its reverse
  assert.equal(modelFor('en', frEn, models), enFr);
  assert.equal(modelFor('it', enFr, models), null);          // nothing reads Italian
});
