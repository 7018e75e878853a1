// A widget's `model` attribute → a catalogue entry (web/src/app/model-match.js): ids, and kinds spelled
// as the ids spell them (scaled-dot) or with an underscore; a name that is neither says which are accepted.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { matchModel, whyUnmatched, kindOf, KIND_NAMES } from '../../web/src/app/model-match.js';

const catalog = {
  default: 'en-fr-transformer',
  models: [
    { id: 'en-fr-transformer', src: 'en', tgt: 'fr', arch: 'transformer', attention: 'multihead' },
    { id: 'en-fr-gru-attn', src: 'en', tgt: 'fr', arch: 'rnn', attention: 'additive' },
    { id: 'en-fr-gru-scaled-dot', src: 'en', tgt: 'fr', arch: 'rnn', attention: 'scaled_dot' },
    { id: 'zh-en-gru-scaled-dot', src: 'zh', tgt: 'en', arch: 'rnn', attention: 'scaled_dot' },
  ],
};

test('a kind spelled with a hyphen, an underscore, in any case: the default pair\'s model of that kind', () => {
  for (const name of ['scaled-dot', 'scaled_dot', 'Scaled-Dot', ' SCALED_DOT ']) assert.equal(matchModel(catalog, name)?.id, 'en-fr-gru-scaled-dot', name);
  assert.equal(matchModel(catalog, 'gru_attn')?.id, 'en-fr-gru-attn');
  assert.equal(matchModel(catalog, 'en-fr-gru-scaled-dot')?.id, 'en-fr-gru-scaled-dot');
  assert.equal(matchModel(catalog, 'ZH-EN-GRU-SCALED-DOT')?.id, 'zh-en-gru-scaled-dot');
});

test('a name that matches nothing: unknown, with the ids and kinds accepted; a kind without a model: absent', () => {
  assert.equal(matchModel(catalog, 'gru-bahdanau'), undefined);
  assert.equal(matchModel(catalog, 'scaled'), undefined, 'no substring guessing');
  assert.deepEqual(whyUnmatched(catalog, 'gru-bahdanau'), { why: 'unknown', ids: catalog.models.map((m) => m.id), kinds: KIND_NAMES });
  assert.equal(matchModel(catalog, 'noattn'), undefined);
  assert.equal(whyUnmatched(catalog, 'noattn').why, 'absent');
  assert.deepEqual(KIND_NAMES, ['transformer', 'gru-attn', 'noattn', 'conv', 'additive', 'dot', 'general', 'scaled-dot']);
  assert.equal(kindOf('general')?.({ attention: 'general' }), true);
});
