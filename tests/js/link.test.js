// The demo's state in its URL (web/src/app/link.js): what a link restores, and hostile links.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { Translator } from '../../web/src/index.js';
import { readLink, writeLink, linkModel, linkLang, linkSpeed, linkWithoutServiceWorker } from '../../web/src/app/link.js';
import { defaultsOf } from '../../web/src/state/options.js';
import { HOSTILE_TEXTS } from '../data/hostile-inputs.mjs';
import { WEB_SRC, sourceFiles } from './helpers.js';

const catalog = { models: [{ id: 'en-fr-transformer' }, { id: 'en-fr-gru-attn' }] };

test('a link restores text, model, options, step, sentence and figure options; round trip', async () => {
  const table = await Translator.decodingOptions();
  const q = new URLSearchParams('text=I+ate+an+apple.&model=en-fr-gru-attn&strategy=beam&beamSize=5&step=3&sentence=2&layer=2&head=1&selfLayer=3&selfHead=2&level=word&lang=zh');
  const { state, problems } = readLink(q, table, catalog);
  assert.deepEqual(problems, []);
  assert.deepEqual(state, { options: { strategy: 'beam', beamSize: 5 }, text: 'I ate an apple.', model: 'en-fr-gru-attn', step: 2, sentence: 1, layer: 1, head: 0, encLayer: 2, encHead: 1, level: 'word' });
  const back = writeLink(state, defaultsOf(table), { lang: 'zh' });
  assert.deepEqual(readLink(back, table, catalog), { state, problems: [] });
  assert.equal(writeLink({ options: defaultsOf(table) }, defaultsOf(table)).toString(), '', 'defaults are left out');
  // the page's language and a non-default animation speed travel with the link (a rewritten URL keeps ?speed=8)
  assert.equal(writeLink({ options: {} }, defaultsOf(table), { lang: 'zh', speed: 8 }).toString(), 'lang=zh&speed=8');
});

test('hostile or invalid parameters are left out and named, never thrown', async () => {
  const table = await Translator.decodingOptions();
  const cases = [
    ['model=../../etc/passwd', ['model']], ['beamSize=0', ['beamSize']], ['beamSize=1e9', ['beamSize']], ['temperature=NaN', ['temperature']],
    ['strategy=%3Cscript%3E', ['strategy']], ['step=-1', ['step']], ['step=2.5', ['step']], ['layer=0', ['layer']], ['head=x', ['head']],
    ['level=letters', ['level']], [`text=${'a'.repeat(5000)}`, ['text']], ['text=%20%20', ['text']], ['__proto__=1&constructor=2', ['__proto__', 'constructor']],
    ['topP=2', ['topP']], ['seed=-3', ['seed']], ['selfLayer=0', ['selfLayer']], ['selfHead=x', ['selfHead']],
    // nosw (run without the service worker, read by offline.js) is known: no notice; a misspelling is named
    ['nosw', []], ['nosw=1&nsw', ['nsw']],
  ];
  for (const [query, expected] of cases) {
    const { state, problems } = readLink(new URLSearchParams(query), table, catalog);
    assert.deepEqual(problems, expected, query);
    assert.equal(Object.getPrototypeOf(state.options), Object.prototype, query);
  }
  for (const text of HOSTILE_TEXTS) {
    const { state, problems } = readLink(new URLSearchParams({ text }), table, catalog);
    if (text.trim() && text.length <= 2000) assert.equal(state.text, text.toWellFormed());  // URLs carry no lone surrogates
    else assert.deepEqual(problems, ['text']);
  }
});

test('the page settings of a link: model (else the default), lang, speed (only the player\'s), nosw', () => {
  const catalog = { default: 'b', models: [{ id: 'a' }, { id: 'b' }] };
  const q = (s) => new URLSearchParams(s);
  assert.equal(linkModel(catalog, q('model=a')), 'a');
  assert.equal(linkModel(catalog, q('model=zz')), 'b');
  assert.equal(linkModel(catalog, q('')), 'b');
  assert.equal(linkLang(q('lang=zh')), 'zh');
  assert.equal(linkLang(q('lang=')), null);
  assert.equal(linkSpeed(q('speed=4')), 4);
  assert.equal(linkSpeed(q('speed=0.5')), 0.5);
  assert.equal(linkSpeed(q('speed=3')), undefined);
  assert.equal(linkSpeed(q('speed=abc')), undefined);
  assert.equal(linkSpeed(q('')), undefined);
  assert.equal(linkWithoutServiceWorker(q('nosw')), true);
  assert.equal(linkWithoutServiceWorker(q('x=1')), false);
});

test('the URL state in one module: only app/link.js reads the page\'s query (url-state.js writes it)', () => {
  const readers = sourceFiles().filter((rel) => rel.endsWith('.js') && rel !== path.join('app', 'link.js')
    && readFileSync(path.join(WEB_SRC, rel), 'utf8').split('\n').some((line) => /location\.search|URLSearchParams\(\s*location/.test(line)
      && !(rel === path.join('app', 'url-state.js') && /replaceState/.test(line))));
  assert.deepEqual(readers, [], 'these files read the URL themselves: use app/link.js (pageParams, linkModel, linkLang, linkSpeed, linkWithoutServiceWorker)');
});
