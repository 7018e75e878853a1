// The status line while a model downloads (app/errors.js statusOf): a percentage when the size is
// known, the megabytes so far when it is not (a compressed response has no usable Content-Length, so
// the engine reports total: null; a percentage would sit at 0 % until the end).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { statusOf } from '../../web/src/app/errors.js';
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
