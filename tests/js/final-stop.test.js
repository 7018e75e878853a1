// A sentence typed without its final stop is read with one (text/restore.h complete_final_stop): the
// shipped models learned only sentences that end in one, and without it they repeat themselves instead of
// stopping ("Je suis désolé" → "I'm sorry I'm sorry."). The result says what was read (readAs), the
// source tokens' spans stay within the typed text, and Chinese sources are read as typed.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { withShippedModel } from './helpers.js';

test('fr→en: "Je suis désolé" is read as "Je suis désolé." and stops; without the restoration it repeats', () => withShippedModel('fr-en-transformer.i8.safetensors', async (tr) => {
  const text = 'Je suis désolé';
  const r = await tr.translate(text);
  assert.equal(r.text, "I'm sorry.");
  assert.equal(r.readAs, 'Je suis désolé.');
  for (const s of r.sourceTokens) if (s.span) assert.ok(s.span[0] <= s.span[1] && s.span[1] <= text.length, JSON.stringify(s));
  const stop = r.sourceTokens.find((s) => s.piece === '.');
  assert.deepEqual(stop?.span, [text.length, text.length], 'the stop stands for the end of the typed text');
  const asTyped = await tr.translate(text, { restoreInput: false });
  assert.equal(asTyped.readAs, '');
  assert.equal(asTyped.text, "I'm sorry I'm sorry.");
  // typed with its stop: read as typed
  assert.equal((await tr.translate('Je suis désolé.')).readAs, '');
}));

test('zh→en: a Chinese sentence without 。 is read as typed', () => withShippedModel('zh-en-transformer.i8.safetensors', async (tr) => {
  assert.equal((await tr.translate('我很饿')).readAs, '');
}));

test('a text at the model\'s source limit is still translated: the stop is left out when it alone would pass the limit', () => withShippedModel('fr-en-transformer.i8.safetensors', async (tr) => {
  const max = tr.info.config.maxSrcLen;
  // "chat chat … chat" (no stop) with exactly `max` source tokens, </s> included
  let n = 1;
  const text = (k) => Array(k).fill('chat').join(' ');
  const count = async (k) => { try { return (await tr.tokenize(text(k))).length; } catch { return Infinity; } };
  while ((await count(n + 1)) <= max) n++;
  const r = await tr.translate(text(n), { maxLength: 8 });
  assert.ok(r.sourceTokens.length <= max);
  assert.ok(!r.readAs.endsWith('.'), 'read without the stop, which would pass the limit');
  await assert.rejects(tr.translate(text(n + 1)), (e) => e.code === 'INPUT_TOO_LONG');
}));
