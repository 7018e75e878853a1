// Every failure reaches JavaScript as an AttnseqError with the C++ message and a stable code:
// damaged and wrong model files, invalid options, unusable text; and the documented results for
// empty and whitespace-only text.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { AttnseqError, Translator } from '../../web/src/index.js';
import { sharedCore } from '../../web/src/engine/shared-core.js';
import { ERROR_CODES } from '../../web/src/engine/errors.js';
import { APP_ERROR_CODES } from '../../web/src/app/error-codes.js';
import en from '../../web/src/i18n/en.js';
import zh from '../../web/src/i18n/zh.js';
import { TEST_MODELS, TINY, TINY_RNN, readHeader, rejectsWith, withHeader } from './helpers.js';

const tinyBytes = () => new Uint8Array(readFileSync(TINY));

describe('damaged and wrong model files', () => {
  test('truncated file → MODEL_TRUNCATED', async () => {
    const bytes = tinyBytes();
    await rejectsWith(assert, Translator.load(bytes.subarray(0, bytes.length - 1000)), 'MODEL_TRUNCATED');
    await rejectsWith(assert, Translator.load(bytes.subarray(0, 5)), 'MODEL_TRUNCATED');
    await rejectsWith(assert, Translator.load(new Uint8Array(0)), 'MODEL_TRUNCATED');
  });

  test('damaged header → MODEL_BAD_HEADER', async () => {
    const bytes = tinyBytes();
    bytes[8] = 0x78;  // the header's opening brace
    await rejectsWith(assert, Translator.load(bytes), 'MODEL_BAD_HEADER');
  });

  test('a tensor holding NaN → MODEL_BAD_TENSOR naming it', async () => {
    const bytes = tinyBytes();
    const { n, header } = readHeader(bytes);
    const [begin] = header['decoder.embed.weight'].data_offsets;
    bytes.fill(0xff, 8 + n + begin, 8 + n + begin + 4);
    await rejectsWith(assert, Translator.load(bytes), 'MODEL_BAD_TENSOR', /decoder\.embed\.weight/);
  });

  test('a missing tensor → MODEL_BAD_TENSOR; a newer format version → MODEL_VERSION', async () => {
    // renamed (not deleted, which would leave a hole in the data: refused before the loader looks for it)
    await rejectsWith(assert, Translator.load(withHeader(tinyBytes(), (h) => {
      h['decoder.out_biaz'] = h['decoder.out_bias'];  // same length: the header still fits
      delete h['decoder.out_bias'];
    })), 'MODEL_BAD_TENSOR', /decoder\.out_bias/);
    await rejectsWith(assert, Translator.load(withHeader(tinyBytes(), (h) => (h.__metadata__.format_version = '9'))),
      'MODEL_VERSION', /version 9/);
  });

  test('broken config or tokenizer → MODEL_BAD_CONFIG / BAD_TOKENIZER', async () => {
    await rejectsWith(assert, Translator.load(withHeader(tinyBytes(), (h) => (h.__metadata__.config = '{"arch": "lstm"}'))),
      'MODEL_BAD_CONFIG');
    await rejectsWith(assert, Translator.load(withHeader(tinyBytes(), (h) => (h.__metadata__.src_tokenizer = '{"type": 3}'))),
      'BAD_TOKENIZER');
  });

  test('wrong files: an HTML page, a JSON file, random bytes → MODEL_BAD_HEADER', async () => {
    await rejectsWith(assert, Translator.load(new TextEncoder().encode('<!DOCTYPE html><html><body>Not Found</body></html>')),
      'MODEL_BAD_HEADER');
    await rejectsWith(assert, Translator.load(readFileSync(path.join(TEST_MODELS, 'golden.json'))), 'MODEL_BAD_HEADER');
    const random = new Uint8Array(4096);
    for (let i = 0; i < random.length; i++) random[i] = (i * 2654435761) >>> 24;
    await rejectsWith(assert, Translator.load(random), 'MODEL_BAD_HEADER');
  });

  test('a safetensors file that is not an attnseq model → MODEL_BAD_CONFIG', async () => {
    const header = new TextEncoder().encode(JSON.stringify({ __metadata__: { format: 'pt' }, w: { dtype: 'F32', shape: [1], data_offsets: [0, 4] } }));
    const bytes = new Uint8Array(8 + header.length + 4);
    new DataView(bytes.buffer).setBigUint64(0, BigInt(header.length), true);
    bytes.set(header, 8);
    await rejectsWith(assert, Translator.load(bytes), 'MODEL_BAD_CONFIG');
  });
});

describe('options, text and lifetime', () => {
  let translator;
  before(async () => {
    translator = await Translator.load(TINY);
  });
  after(() => translator.dispose());

  test('unknown option keys → BAD_OPTION naming the key', async () => {
    await rejectsWith(assert, translator.translate('the cat', { beamsize: 4 }), 'BAD_OPTION', /"beamsize"/);
    await rejectsWith(assert, translator.translate('the cat', { beam_size: 4 }), 'BAD_OPTION', /"beam_size"/);
  });

  test('wrong types → BAD_OPTION naming the key and what it expects', async () => {
    const cases = [
      [{ beamSize: '4' }, /beamSize must be a number, got string/],
      [{ beamSize: 2.5 }, /beamSize must be an integer/],
      [{ temperature: NaN }, /temperature must be a finite number/],
      [{ temperature: null }, /temperature must be a number, got null/],
      [{ kvCache: 1 }, /kvCache must be true or false/],
      [{ strategy: 1 }, /strategy must be a string/],
      [{ strategy: 'nucleus' }, /strategy = "nucleus"/],
      [{ seed: -1 }, /seed must be a non-negative safe integer/],
      [{ seed: 2 ** 60 }, /seed must be a non-negative safe integer/],
      [{ prefix: { ids: [1] } }, /prefix must be a string or an array/],
      [{ prefix: [5, 'x'] }, /prefix\[1\] must be an integer token id/],
      [{ returnAttention: 'yes' }, /returnAttention must be true or false/],
    ];
    for (const [options, pattern] of cases) await rejectsWith(assert, translator.translate('the cat', options), 'BAD_OPTION', pattern);
    for (const options of [5, 'beam', [1]]) await rejectsWith(assert, translator.translate('the cat', options), 'BAD_OPTION', /must be an object/);
  });

  test('out-of-range values → BAD_OPTION with the JavaScript key and the accepted range', async () => {
    const cases = [
      [{ strategy: 'beam', beamSize: 0 }, /beamSize = 0 is out of range: expected 1 \.\. 64/],
      [{ strategy: 'beam', beamSize: 2, numHypotheses: 3 }, /numHypotheses = 3 is out of range: expected 1 \.\. 2 \(at most beamSize\)/],
      [{ temperature: 0 }, /temperature = 0 is out of range/],
      [{ topK: 401 }, /topK = 401 is out of range: expected 0 \.\. 400/],
      [{ topP: 1.5 }, /topP = 1\.5 is out of range/],
      [{ maxLength: 0 }, /maxLength = 0 is out of range/],
      [{ alternatives: 51 }, /alternatives = 51 is out of range/],
      [{ prefix: [400] }, /prefix\[0\] = 400 is not a target vocabulary id/],
      [{ prefix: [1, 2, 3], maxLength: 3 }, /prefix has 3 tokens, not fewer than the length limit 3/],
    ];
    for (const [options, pattern] of cases) await rejectsWith(assert, translator.translate('the cat', options), 'BAD_OPTION', pattern);
  });

  test('undefined option values are ignored; valid options work', async () => {
    const r = await translator.translate('the cat', { beamSize: undefined, strategy: 'sample', seed: 3, topK: 5, topP: 0.9, maxLength: 4 });
    assert.ok(r.tokens.length >= 1 && r.tokens.length <= 4);
  });

  test('generate() takes greedy or sample: beam → BAD_OPTION', async () => {
    await rejectsWith(assert, translator.generate('the cat', { strategy: 'beam' }).next(), 'BAD_OPTION', /not step-wise/);
    await rejectsWith(assert, translator.generate('the cat', { bogus: true }).next(), 'BAD_OPTION', /"bogus"/);
  });

  test('empty and whitespace-only text → an empty result (no model work)', async () => {
    for (const text of ['', ' ', ' \t\n\r ']) {
      for (const strategy of ['greedy', 'beam', 'sample']) {
        const r = await translator.translate(text, { strategy });
        assert.equal(r.text, '');
        assert.deepEqual(r.tokens, []);
        assert.deepEqual(r.sourceTokens, []);
        assert.deepEqual(r.hypotheses, []);
        assert.deepEqual(r.scores, []);
        assert.equal(r.macs, 0);
        assert.equal(r.attention.rows, 0);
      }
      const g = translator.generate(text);
      assert.deepEqual((await g.source).sourceTokens, []);
      assert.deepEqual(await g.next(), { done: true, value: undefined });
    }
  });

  test('options are still checked for blank text', async () => {
    await rejectsWith(assert, translator.translate('  ', { beamSize: -1 }), 'BAD_OPTION');
  });

  test('text beyond the model\'s maximum input length → INPUT_TOO_LONG (nothing is truncated)', async () => {
    const { maxSrcLen } = translator.info.config;
    const long = Array.from({ length: maxSrcLen }, (_, i) => `word${i}`).join(' ');
    const pattern = new RegExp(`this model accepts at most ${maxSrcLen}`);
    await rejectsWith(assert, translator.translate(long), 'INPUT_TOO_LONG', pattern);
    await rejectsWith(assert, translator.translate(long, { strategy: 'beam' }), 'INPUT_TOO_LONG', pattern);
    await rejectsWith(assert, translator.generate(long).next(), 'INPUT_TOO_LONG', pattern);
    await rejectsWith(assert, translator.tokenize(long), 'INPUT_TOO_LONG', pattern);
    // The longest accepted text works.
    const words = long.split(' ');
    let n = words.length;
    while (n > 0 && (await translator.tokenize(words.slice(0, n).join(' ')).catch(() => null)) === null) n--;
    const ok = await translator.tokenize(words.slice(0, n).join(' '));
    assert.equal(ok.length <= maxSrcLen, true);
    assert.ok((await translator.translate(words.slice(0, n).join(' '), { maxLength: 3 })).tokens.length > 0);
  });

  test('text that is not a string → BAD_INPUT', async () => {
    for (const text of [undefined, null, 42, ['a'], { text: 'a' }]) {
      await rejectsWith(assert, translator.translate(text), 'BAD_INPUT', /must be a string/);
      await rejectsWith(assert, translator.generate(text).next(), 'BAD_INPUT', /must be a string/);
    }
  });

  test('a C++ exception thrown inside a binding becomes an AttnseqError (and is freed)', async () => {
    const core = await sharedCore();
    const before = core.memory().heapUsed;
    const cases = { attnseq: ['BAD_INPUT', /test error from C\+\+/], std: ['INTERNAL', /test std::runtime_error/],
      bad_alloc: ['OUT_OF_MEMORY', /out of memory/], other: ['INTERNAL', /unknown C\+\+ exception/] };
    for (const [kind, [code, pattern]] of Object.entries(cases)) {
      for (let i = 0; i < 50; i++) {
        assert.throws(() => core.throwForTest(kind), (e) => e instanceof AttnseqError && e.code === code && pattern.test(e.message));
      }
    }
    assert.equal(core.throwForTest('none'), 'none');
    assert.equal(core.memory().heapUsed, before, 'exceptions caught in C++ leave nothing allocated');
  });

  test('error codes, one list (the engine\'s, core/errors.h) = index.d.ts = the i18n catalogues', async () => {
    const core = await sharedCore();
    const api = core.mod.errorCodes().map((c) => c.code);
    assert.deepEqual(api, [...ERROR_CODES], 'web/src/engine/error-codes.js is generated from it');
    assert.equal(new Set(api).size, api.length, 'no code listed twice');
    const dts = readFileSync(new URL('../../web/src/index.d.ts', import.meta.url), 'utf8');
    const union = dts.match(/export type ErrorCode =([^;]*);/)[1];
    assert.deepEqual([...union.matchAll(/'([A-Z_]+)'/g)].map((m) => m[1]).sort(), [...api].sort());
    for (const code of api) assert.match(dts, new RegExp(`\\* - \`${code}\``), `index.d.ts documents ${code}`);
    for (const [lang, cat] of Object.entries({ en, zh })) {
      const keys = Object.keys(cat).filter((k) => k.startsWith('err.')).map((k) => k.slice(4)).sort();
      assert.deepEqual(keys, [...api, ...APP_ERROR_CODES].sort(), `i18n ${lang}: one err.* sentence per code`);
    }
    // every code the JavaScript sources raise is a listed one
    const listed = new Set([...api, ...APP_ERROR_CODES]);
    for (const file of sourceFiles(new URL('../../web/src/', import.meta.url))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/new AttnseqError\('([A-Z_]+)'|code: '([A-Z_]+)'/g)) {
        assert.ok(listed.has(m[1] ?? m[2]), `${file}: ${m[1] ?? m[2]} is not a listed error code`);
      }
    }
  });
});

function sourceFiles(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = new URL(e.name + (e.isDirectory() ? '/' : ''), dir);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else if (e.name.endsWith('.js')) out.push(p);
  }
  return out;
}

describe('dispose', () => {
  test('dispose() frees the model; every later call → DISPOSED', async () => {
    const translator = await Translator.load(TINY_RNN);
    const usage = await translator.memoryUsage();
    const g = translator.generate('the cat is black');
    await g.next();
    translator.dispose();
    translator.dispose();  // idempotent
    assert.equal(translator.disposed, true);
    await rejectsWith(assert, translator.translate('the cat'), 'DISPOSED');
    await rejectsWith(assert, translator.tokenize('the cat'), 'DISPOSED');
    await rejectsWith(assert, translator.memoryUsage(), 'DISPOSED');
    await rejectsWith(assert, translator.generate('the cat').next(), 'DISPOSED');
    await rejectsWith(assert, g.next(), 'DISPOSED');  // a generation in progress ends too
    assert.deepEqual(await g.next(), { done: true, value: undefined });
    const core = await sharedCore();
    assert.ok(core.memory().heapUsed < usage.heapUsed, 'the model\'s memory was freed');
  });
});
