// Decoding options, one table: the C++ option table (ATTNSEQ_DECODE_OPTIONS) reaches the CLI (--options,
// --help), the WebAssembly module (decodingOptions(), the options object it accepts), index.d.ts
// (generated) and the front end (defaults, form labels, widget attributes). Any layer that disagrees fails.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { Translator } from '../../web/src/index.js';
import { engineOptions } from '../../web/src/app/engine-options.js';
import { UI_OPTION, attributeOf, defaultsOf, parseOption } from '../../web/src/state/options.js';
import en from '../../web/src/i18n/en.js';
import zh from '../../web/src/i18n/zh.js';
import { DTS_PATH, optionLines, withBlock } from '../../scripts/gen_dts.mjs';
import { CLI, TINY, rejectsWith } from './helpers.js';

const camel = (s) => s.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
const cli = (...args) => {
  const r = spawnSync(CLI, args, { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
};

describe('decoding options: one table', () => {
  test('the CLI (--options) and the WebAssembly module describe the same options', async () => {
    const native = JSON.parse(cli('--options'));
    const wasm = await Translator.decodingOptions();
    assert.ok(wasm.length >= 15);
    assert.deepEqual(wasm, native.map((o) => ({ ...o, name: camel(o.name) })));
    const names = wasm.map((o) => o.name);
    for (const n of ['strategy', 'beamSize', 'temperature', 'topK', 'topP', 'seed', 'prefix', 'kvCache']) assert.ok(names.includes(n), n);
  });

  test('--help lists every option with its default; every flag sets its option', async () => {
    const help = cli('--help');
    for (const o of JSON.parse(cli('--options'))) {
      const flag = o.name.replace(/_/g, '-');
      assert.match(help, new RegExp(`--(\\[no-\\])?${flag}\\b[^\\n]*${o.doc.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').slice(0, 20)}`), o.name);
    }
    // a flag taken from the table reaches decoding: beam size 1 with 2 hypotheses is refused by validate()
    const r = spawnSync(CLI, ['--model', TINY, '--text', 'the cat', '--strategy', 'beam', '--beam-size', '1', '--num-hypotheses', '2'], { encoding: 'utf8' });
    assert.equal(r.status, 2);  // options are validated once, before any sentence
    assert.match(r.stderr, /num_hypotheses = 2 is out of range: expected 1 \.\. 1 \(at most beam_size\)/);
    const nbest = spawnSync(CLI, ['--model', TINY, '--text', 'the cat', '--strategy', 'beam', '--n-best', '2', '--json'], { encoding: 'utf8' });
    assert.equal(JSON.parse(nbest.stdout).hypotheses.length, 2);
  });

  test('index.d.ts DecodeOptions is the generated block (node scripts/gen_dts.mjs)', async () => {
    const text = readFileSync(DTS_PATH, 'utf8');
    const table = await Translator.decodingOptions();
    assert.equal(text, withBlock(text, 'DecodeOptions', optionLines(table)), 'index.d.ts is stale: run node scripts/gen_dts.mjs');
    assert.match(text, /noRepeatNgramSize\?: number;/);
  });

  test('the module accepts exactly the table\'s keys, with the table\'s kinds', async () => {
    const table = await Translator.decodingOptions();
    const t = await Translator.load(TINY, { worker: false });
    try {
      for (const o of table) {
        const value = o.kind === 'prefix' ? [] : o.default;
        await t.translate('the cat', { [o.name]: value });  // every key, at its default
      }
      await rejectsWith(assert, t.translate('the cat', { beam_size: 4 }), 'BAD_OPTION', /unknown decoding option "beam_size"/);
      const int = table.find((o) => o.kind === 'int');
      await rejectsWith(assert, t.translate('the cat', { [int.name]: 1.5 }), 'BAD_OPTION', new RegExp(`${int.name} must be an integer`));
      const max = table.find((o) => o.name === 'alternatives');
      await rejectsWith(assert, t.translate('the cat', { alternatives: max.max + 1 }), 'BAD_OPTION', /alternatives = 51 is out of range: expected 0 \.\. 50/);
    } finally {
      t.dispose();
    }
  });

  test('the front end derives defaults, labels, attributes and the per-strategy options from the table', async () => {
    const table = await Translator.decodingOptions();
    const defaults = defaultsOf(table);
    for (const o of table.filter(UI_OPTION)) {
      assert.deepEqual(defaults[o.name], o.default, o.name);
      for (const [lang, cat] of Object.entries({ en, zh })) assert.ok(cat[`dec.${o.name}`], `i18n ${lang}: dec.${o.name}`);
      // field hints: English shows the engine's doc; Chinese translates every one of them
      if (o.kind !== 'strategy') {
        assert.equal(en[`dec.${o.name}.doc`], undefined, `en restates the engine's doc of ${o.name}`);
        assert.ok(zh[`dec.${o.name}.doc`], `zh: dec.${o.name}.doc`);
      }
    }
    for (const c of table.find((o) => o.kind === 'strategy').choices) assert.ok(en[`dec.${c}`] && zh[`dec.${c}`], `dec.${c}`);
    assert.equal(attributeOf('beamSize'), 'beam-size');
    assert.equal(attributeOf('lengthPenalty'), 'length-penalty');
    const spec = (n) => table.find((o) => o.name === n);
    assert.equal(parseOption(spec('beamSize'), '5'), 5);
    assert.equal(parseOption(spec('beamSize'), '5.5'), undefined);
    assert.equal(parseOption(spec('temperature'), '0.7'), 0.7);
    assert.equal(parseOption(spec('temperature'), 'hot'), undefined);
    assert.equal(parseOption(spec('strategy'), 'beam'), 'beam');
    assert.equal(parseOption(spec('strategy'), 'random'), undefined);
    assert.equal(parseOption(spec('kvCache'), 'false'), false);
    // a run sends the options of its strategy only
    const o = { ...defaults, strategy: 'beam', beamSize: 3, temperature: 2 };
    const sent = engineOptions(o, table);
    assert.equal(sent.beamSize, 3);
    assert.equal(sent.temperature, undefined);
    assert.deepEqual(Object.keys(engineOptions({ ...defaults, strategy: 'sample' }, table)).sort(),
      ['seed', 'strategy', 'temperature', 'topK', 'topP']);
  });
});
