// Unicode normalization. The JavaScript side does not normalize: the text goes as it is to the
// model's own SentencePiece normalizer, the one its training used (train/prepare.py: nmt_nfkc, i.e.
// NFKC plus whitespace rules), so the model sees what it saw in training, outputs equal the native
// runtime's, and spans index the string the caller passed even where NFKC changes it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { Translator } from '../../web/src/index.js';
import { TINY, allModels, cliJson, readHeader, utf16Offset } from './helpers.js';

// Text that NFKC changes: fullwidth forms, ligatures, decomposed accents, compatibility spaces,
// superscripts, circled digits, halfwidth katakana, the ohm sign; and emoji (surrogate pairs, which
// NFKC leaves alone but UTF-16 spans must not split).
const VARIANTS = [
  'Ｔｈｅ ｃａｔ ｌｉｋｅｓ ｆｒｅｓｈ ｂｒｅａｄ．',
  'ﬁne ﬂowers and ﬃ',
  'cafe\u0301 cre\u0300me bru\u0302le\u0301e',
  'Le\u00a0chat\u2003noir\u202f!',
  'x² + y³ = ① ②',
  'ｶﾀｶﾅ and \u2126hm',
  'I ❤️ 🐈 cats.',
];

const normalizerOf = (file) => JSON.parse(readHeader(new Uint8Array(readFileSync(file))).header.__metadata__.src_tokenizer).normalizer?.name;

test('spans index the text as passed (UTF-16), also where NFKC changes it; tokens equal the native CLI\'s', async () => {
  const translator = await Translator.load(TINY);
  try {
    const native = cliJson(TINY, [], VARIANTS);
    for (let i = 0; i < VARIANTS.length; i++) {
      const text = VARIANTS[i];
      const r = await translator.translate(text);
      assert.deepEqual(r.sourceTokens.map((t) => t.id), native[i].source_tokens.map((t) => t.id), text);
      assert.deepEqual(r.sourceTokens.map((t) => t.span),
        native[i].source_tokens.map((t) => (t.span ? [utf16Offset(text, t.span[0]), utf16Offset(text, t.span[1])] : null)), text);
      let last = 0;
      for (const { span } of r.sourceTokens.slice(0, -1)) {
        const [b, e] = span;
        assert.ok(b >= last && b <= e && e <= text.length, `${text}: span ${span}`);
        for (const at of [b, e]) {  // never inside a surrogate pair
          const c = text.charCodeAt(at);
          assert.ok(at === text.length || !(c >= 0xdc00 && c <= 0xdfff), `${text}: span ${span} splits a surrogate pair`);
        }
        last = e;
      }
      assert.equal(r.sourceTokens.at(-1).span, null, '</s> has no span');
    }
  } finally {
    translator.dispose();
  }
});

test('lone surrogates (no UTF-8 form) count as U+FFFD: spans stay inside the text', async () => {
  const translator = await Translator.load(TINY);
  try {
    for (const text of ['ab\uD800', '\uDC00cd', 'x\uD83D y', 'ok \uD83D\uDC08 \uD83D']) {
      const a = await translator.tokenize(text);
      const b = await translator.tokenize(text.replace(/[\uD800-\uDFFF]/g, (c, i) =>
        (/[\uD800-\uDBFF]/.test(c) && /[\uDC00-\uDFFF]/.test(text[i + 1] ?? '')) || (/[\uDC00-\uDFFF]/.test(c) && /[\uD800-\uDBFF]/.test(text[i - 1] ?? '')) ? c : '\uFFFD'));
      assert.deepEqual(a, b, JSON.stringify(text));
      for (const { span } of a.slice(0, -1)) assert.ok(span[0] <= span[1] && span[1] <= text.length, `${JSON.stringify(text)}: ${span}`);
      await translator.translate(text);
    }
  } finally {
    translator.dispose();
  }
});

const nfkcModels = allModels().filter((m) => normalizerOf(m) === 'nmt_nfkc');

test('models with the nmt_nfkc normalizer: text and its NFKC form translate the same', { skip: nfkcModels.length ? false :
  'no model with the nmt_nfkc normalizer in models/ (the tiny test models use a user-defined one); set ATTNSEQ_TEST_MODELS' },
async () => {
  for (const model of nfkcModels) {
    const translator = await Translator.load(model);
    try {
      for (const text of VARIANTS) {
        const nfkc = text.normalize('NFKC');
        // (restoreInput off: the restoration reads ASCII words only, so "ﬁne" is taken as typed where "fine"
        // may be read as "Fine"; the normalizer's promise is about the text as typed)
        const a = await translator.translate(text, { restoreInput: false }), b = await translator.translate(nfkc, { restoreInput: false });
        assert.deepEqual(a.sourceTokens.map((t) => [t.id, t.piece]), b.sourceTokens.map((t) => [t.id, t.piece]), `${path.basename(model)}: ${text}`);
        assert.equal(a.text, b.text);
        assert.deepEqual(a.tokens, b.tokens);
      }
    } finally {
      translator.dispose();
    }
  }
});

test('the tiny test models\' normalizer maps what it covers the way NFKC does', async () => {
  const translator = await Translator.load(TINY);
  try {
    for (const text of ['ﬁne ﬂowers', 'x² ①', 'ｶﾀｶﾅ', 'Le\u00a0chat']) {
      const ids = async (s) => (await translator.tokenize(s)).map((t) => t.id);
      assert.deepEqual(await ids(text), await ids(text.normalize('NFKC')), text);
    }
  } finally {
    translator.dispose();
  }
});
