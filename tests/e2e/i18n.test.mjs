// UI text: every key the views, the app and the pages use exists in English and in Chinese, and the
// two catalogs have the same keys and placeholders. (No browser needed.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from './helpers.mjs';
import en from '../../web/src/i18n/en.js';
import zh from '../../web/src/i18n/zh.js';

async function files(dir) {
  const out = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) { if (e.name !== 'engine' && e.name !== 'dist') out.push(...await files(p)); } else if (/\.(js|html)$/.test(e.name)) out.push(p);
  }
  return out;
}

test('every used message key exists in both languages', async () => {
  const used = new Set();
  for (const f of await files(path.join(ROOT, 'web'))) {
    const src = await readFile(f, 'utf8');
    for (const m of src.matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z]+)'/g)) used.add(m[1]);
    for (const m of src.matchAll(/data-i18n(?:-label|-title|-placeholder)?="([^"]+)"/g)) used.add(m[1]);
  }
  assert.ok(used.size > 50);
  for (const k of used) {
    assert.ok(k in en, `en lacks ${k}`);
    assert.ok(k in zh, `zh lacks ${k}`);
  }
});

test('the catalogs have the same keys and placeholders', () => {
  assert.deepEqual(Object.keys(zh).sort(), Object.keys(en).sort());
  const vars = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const k of Object.keys(en)) assert.deepEqual(vars(zh[k]), vars(en[k]), k);
});
