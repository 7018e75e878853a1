// setLanguage sets <html lang> whatever the language was: the page's first call passes the browser's own
// language, which i18n already holds, and a Chinese UI must not be read out as English (browser pass of
// 2026-12-08: with a zh-CN browser the page kept lang="en").
import assert from 'node:assert/strict';
import { test } from 'node:test';

test('setLanguage sets <html lang> also when the language does not change, and tells subscribers of changes only', async () => {
  const root = { lang: 'en' };
  globalThis.document = /** @type {any} */ ({ documentElement: root });
  try {
    const { setLanguage, getLanguage, onLanguageChange } = await import('../../web/src/i18n/index.js');
    const heard = [];
    const off = onLanguageChange((c) => heard.push(c));
    const first = getLanguage();
    root.lang = 'xx';
    setLanguage(first);  // as main.js does at start, with the browser's language
    assert.equal(root.lang, first === 'zh' ? 'zh-Hans' : 'en');
    assert.deepEqual(heard, []);
    setLanguage('zh');
    assert.equal(root.lang, 'zh-Hans');
    setLanguage('zh');
    assert.equal(root.lang, 'zh-Hans');
    setLanguage('en');
    assert.equal(root.lang, 'en');
    assert.deepEqual(heard, first === 'zh' ? ['en'] : ['zh', 'en']);
    off();
  } finally {
    delete globalThis.document;
  }
});
