// The demo's and the widgets' example chips (app/examples.js): every source language of the catalogue has
// its own, so that a model never offers sentences in a language it does not read (a French → English
// model offered English chips before it had French ones). Which sentences they may be is
// tests/py/test_heldout.py's (check sentences only).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { EXAMPLES } from '../../web/src/app/examples.js';
import { identify } from '../../web/src/lang/identify.js';

const manifest = JSON.parse(readFileSync(new URL('../../models/manifest.json', import.meta.url), 'utf8'));

test('every source language of the catalogue has example sentences', () => {
  const sources = [...new Set(manifest.models.map((m) => m.src))];
  for (const src of sources) assert.ok(EXAMPLES[src]?.length >= 3, `no example sentences for ${src}, which ${manifest.models.filter((m) => m.src === src).map((m) => m.id).join(', ')} read`);
});

test('each example is in its own language, as the language identifier reads it', async () => {
  for (const [lang, list] of Object.entries(EXAMPLES)) {
    for (const text of list) {
      const found = await identify(text);
      // (a short sentence may leave the identifier unsure: then the page offers nothing, which is right)
      if (found.confident) assert.equal(found.language, lang, `"${text}" is listed as ${lang} but reads as ${found.language}`);
    }
  }
});
