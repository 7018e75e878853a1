// The status line while a model downloads (app/errors.js statusOf): a percentage when the size is
// known, the megabytes so far when it is not (a compressed response has no usable Content-Length, so
// the engine reports total: null; a percentage would sit at 0 % until the end).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { statusOf } from '../../web/src/app/errors.js';
import { loadProgress } from '../../web/src/app/load-progress.js';
import { withLanguage } from '../../web/src/i18n/index.js';

const idle = { status: 'idle' };

test('loading with a known size shows a percentage', () => {
  const s = statusOf({ status: 'loading', progress: 0.42, loadedBytes: 1_000_000 }, idle);
  assert.equal(s.text, 'Loading the model… 42%');
  assert.equal(s.error, false);
});

test('loading without a known size shows the megabytes so far, in both languages', () => {
  const m = { status: 'loading', progress: null, loadedBytes: 1_234_567 };
  assert.equal(statusOf(m, idle).text, 'Loading the model… 1.2 MB');
  assert.equal(withLanguage('zh', () => statusOf(m, idle).text), '正在加载模型… 1.2 MB');
  assert.equal(statusOf({ status: 'loading', progress: null }, idle).text, 'Loading the model… 0.0 MB');
});

test('a compressed download of a model whose size the catalogue knows: how much of how much, and a bar', () => {
  // the download has no total (total: null); the catalogue's `bytes` is the file's size
  const m = { status: 'loading', ...loadProgress(1_350_000, null, 2_702_169) };
  assert.deepEqual([m.totalBytes, m.progress.toFixed(3)], [2_702_169, '0.500']);
  const s = statusOf(m, idle);
  assert.equal(s.text, 'Loading the model… 1.4 of 2.7 MB (50%)');
  assert.equal(s.progress, m.progress, 'the status line draws a bar');
  assert.equal(withLanguage('zh', () => statusOf(m, idle).text), '正在加载模型… 1.4 / 2.7 MB（50%）');
  // the download's own total, when it has one, wins; neither: the bytes so far, no bar
  assert.equal(loadProgress(10, 40, 2_702_169).progress, 0.25);
  const none = { status: 'loading', ...loadProgress(1_234_567, null, undefined) };
  assert.equal(statusOf(none, idle).text, 'Loading the model… 1.2 MB');
  assert.equal(statusOf(none, idle).progress, null);
});

test('a too-long text is said once: the explanation names the limit and what to do, no detail repeats it', () => {
  const ready = { status: 'ready' };
  const r = { status: 'error', errorCode: 'INPUT_TOO_LONG', errorVars: { max: 128 },
    error: 'the text has 770 tokens (with </s>); this model accepts at most 128: translate it one sentence at a time' };
  const s = statusOf(ready, r);
  assert.equal(s.text, 'Translation failed: the text is too long for this model, which reads at most 128 tokens. Translate one sentence at a time.');
  assert.equal(s.detail, '');
  // too many sentences: the count and the limit are in the sentence, no detail either
  const many = statusOf(ready, { status: 'error', errorCode: 'TOO_MANY_SENTENCES', errorVars: { n: 125, max: 100 },
    error: 'the text has 125 sentences; at most 100 are translated at a time' });
  assert.equal(many.text, 'Translation failed: the text has 125 sentences; at most 100 are translated at a time. Translate it in parts.');
  assert.equal(many.detail, '');
  // other failures keep the engine's message under the explanation
  assert.match(statusOf(ready, { ...r, errorCode: 'BAD_OPTION', error: 'beam_size 0 is out of range' }).detail, /beam_size 0/);
});


test('a notice with parameters names its option in the UI language of when the status is drawn', () => {
  // (the user may switch the language while the notice shows)
  const r = { status: 'idle', notice: { key: 'dec.invalid', params: { option: 'temperature', min: '0.01', max: '100' } } };
  assert.equal(statusOf({ status: 'ready' }, r).text, "Not translated: Temperature must be a number from 0.01 to 100 (the engine's range).");
  assert.equal(withLanguage('zh', () => statusOf({ status: 'ready' }, r).text), '未翻译：温度必须是 0.01 到 100 之间的数（引擎规定的范围）。');
});

test('a Chinese message spaces a filled-in value that meets its Chinese characters with a Latin letter or digit', async () => {
  const { t } = await import('../../web/src/i18n/index.js');
  withLanguage('zh', () => {
    assert.equal(t('lang.offer', { lang: '法语', model: '英语 → 法语，Transformer', src: '英语' }),
      '这段文字看起来是法语，但英语 → 法语，Transformer 读的是英语：没有翻译。');
    assert.equal(t('lang.switch', { model: 'French → English' }), '改用 French → English');
    // full-width punctuation and Chinese values are left alone
    assert.equal(t('lang.offer', { lang: '法语', model: '英语 → 法语，带注意力的 GRU（Bahdanau）', src: '英语' }),
      '这段文字看起来是法语，但英语 → 法语，带注意力的 GRU（Bahdanau）读的是英语：没有翻译。');
  });
  withLanguage('en', () => assert.equal(t('lang.switch', { model: 'French → English' }), 'Use French → English'));
});
