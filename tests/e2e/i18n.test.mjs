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

// Keys built at run time, by prefix: where their values come from and the test that checks every one.
const DYNAMIC = {
  'dec.': 'the engine\'s option table and strategy choices: tests/js/options.test.js',
  'err.': 'the error codes of the module and the JavaScript side: tests/js/errors.test.js',
};

test('every used message key exists in both languages (direct, in ternaries, in data, or built at run time)', async () => {
  const namespaces = new Set(Object.keys(en).map((k) => k.split('.')[0]));
  const used = new Set();
  for (const f of await files(path.join(ROOT, 'web'))) {
    if (f.includes(`${path.sep}i18n${path.sep}`)) continue;
    const src = await readFile(f, 'utf8');
    // any quoted 'ns.key' whose namespace is a catalog's: t('a.b'), t(x ? 'a.b' : 'c.d'), {notice: 'a.b'}
    for (const m of src.matchAll(/['"]([a-z][a-zA-Z]*)\.([a-zA-Z][a-zA-Z0-9]*)['"]/g)) if (namespaces.has(m[1])) used.add(`${m[1]}.${m[2]}`);
    for (const m of src.matchAll(/data-i18n(?:-label|-title|-placeholder)?="([^"]+)"/g)) used.add(m[1]);
    // a key built at run time must have a declared prefix (checked by its own test)
    for (const m of src.matchAll(/`([a-z][a-zA-Z]*\.)\$\{/g)) {
      if (namespaces.has(m[1].slice(0, -1))) assert.ok(m[1] in DYNAMIC, `${path.relative(ROOT, f)}: key \`${m[1]}\${…}\` built at run time: declare its prefix in DYNAMIC with the test that checks its values`);
    }
  }
  assert.ok(used.size > 50);
  for (const k of used) {
    assert.ok(k in en, `en lacks ${k}`);
    assert.ok(k in zh, `zh lacks ${k}`);
  }
  for (const k of ['beam.finished', 'beam.kept', 'beam.pruned', 'topk.chosen', 'topk.choose']) assert.ok(used.has(k), `the scan sees ${k}`);
});

test('the catalogs have the same keys and placeholders', () => {
  // except the hints of the decoding fields: English shows the engine's own doc of each option (the one
  // source of what an option does), Chinese translates them (dec.<option>.doc)
  const hint = /^dec\.\w+\.doc$/;
  assert.deepEqual(Object.keys(zh).filter((k) => !hint.test(k)).sort(), Object.keys(en).sort());
  assert.deepEqual(Object.keys(en).filter((k) => hint.test(k)), []);
  const vars = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const k of Object.keys(en)) assert.deepEqual(vars(zh[k]), vars(en[k]), k);
});
