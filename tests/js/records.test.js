// The engine's records, one declaration (cpp/attnseq/records.h): the CLI's JSON, the WebAssembly module's
// objects and index.d.ts (generated) all have exactly its fields, and the error codes have one list
// (core/errors.h) from which index.d.ts's ErrorCode and web/src/engine/error-codes.js are generated. A
// field renamed in one place and not in the others fails here (or in tsc: tests/js/types.test.js).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { Translator } from '../../web/src/index.js';
import { sharedCore } from '../../web/src/engine/shared-core.js';
import { ERROR_CODES } from '../../web/src/engine/errors.js';
import { engineLists, generatedFiles } from '../../scripts/gen_dts.mjs';
import { CLI, TINY, TINY_RNN, cliJson } from './helpers.js';
import { execFileSync } from 'node:child_process';

const snake = (s) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const names = (list) => list.map((f) => f.name);
const sorted = (a) => [...a].sort();
// Fields an output leaves out when their data is empty (JSON: attention with --no-return-attention, the
// trace of greedy search, …; JavaScript: the config's fields of the other architecture).
const OMITTED_WHEN_EMPTY = new Set(['floats', 'opt_floats', 'step_stack', 'stack', 'steps', 'trace', 'opt_int', 'opt_ints', 'opt_attention']);

describe('records: one declaration', async () => {
  const core = await sharedCore();
  const lists = core.mod.recordFields();

  test('index.d.ts, engine/attnseq.d.ts and engine/error-codes.js are what scripts/gen_dts.mjs writes', () => {
    for (const [path, text] of Object.entries(generatedFiles(engineLists(core))))
      assert.equal(readFileSync(path, 'utf8'), text, `${path} is stale: run node scripts/gen_dts.mjs`);
  });

  test('the WebAssembly module\'s objects have exactly the declared fields', async () => {
    const t = await Translator.load(TINY, { worker: false });
    try {
      const beam = await t.translate('the cat is black', { strategy: 'beam', beamSize: 3, alternatives: 2 });
      const { hypotheses: _h, ...rest } = beam;
      assert.deepEqual(sorted(Object.keys(beam)), sorted([...names(lists.hypothesis), ...names(lists.result)]));
      assert.deepEqual(sorted(Object.keys(beam.hypotheses[0])), sorted(names(lists.hypothesis)));
      assert.deepEqual(sorted(Object.keys(beam.steps[0])), sorted(names(lists.step)));
      assert.deepEqual(sorted(Object.keys(beam.beamTrace[0][0])), sorted(names(lists.candidate)));
      assert.ok(rest.sourceTokens.length > 0);
      const gen = t.generate('the cat is black', { strategy: 'sample', seed: 3 });
      assert.deepEqual(sorted(Object.keys(await gen.source)), sorted(names(lists.source)));
      const { value: step } = await gen.next();
      const { source: _s, ...engineStep } = step;  // `source` (first step) and `result` (last) are the JavaScript side's
      assert.deepEqual(sorted(Object.keys(engineStep)), sorted(names(lists.step)));
      await gen.return();
      assert.deepEqual(sorted(Object.keys(t.info)), sorted(names(lists.model_info)));
      assert.deepEqual(sorted(Object.keys(t.info.controlIds)), sorted(names(lists.control_ids)));
      const transformer = names(lists.config).filter((n) => !['embDim', 'hidden', 'attention', 'attnDim', 'kernel', 'convLayers', 'receptiveField'].includes(n));
      assert.deepEqual(sorted(Object.keys(t.info.config)), sorted(transformer));
    } finally {
      t.dispose();
    }
    const rnn = await Translator.load(TINY_RNN, { worker: false });
    try {
      const kept = lists.config.filter((f) => !['dModel', 'heads', 'ffnDim', 'encLayers', 'decLayers', 'maxPositions', 'kernel', 'convLayers', 'receptiveField'].includes(f.name));
      assert.deepEqual(sorted(Object.keys(rnn.info.config)), sorted(names(kept)));
      // greedy translate(): no steps, no trace: null, not left out
      const greedy = await rnn.translate('the cat');
      assert.equal(greedy.steps, null);
      assert.equal(greedy.beamTrace, null);
      assert.equal(greedy.sampled, undefined, 'a step field is not a hypothesis field');
    } finally {
      rnn.dispose();
    }
  });

  test('the CLI\'s JSON has exactly the declared fields (snake_case), those with empty data left out', () => {
    const keys = (o) => sorted(Object.keys(o));
    const declared = (list, present) => sorted(list.filter((f) => !OMITTED_WHEN_EMPTY.has(f.kind) || present.includes(snake(f.name)))
      .map((f) => snake(f.name)));
    const [greedy] = cliJson(TINY, ['--alternatives', '2'], ['the cat is black']);
    const [beam] = cliJson(TINY, ['--strategy', 'beam', '--beam-size', '3'], ['the cat is black']);
    const [sample] = cliJson(TINY, ['--strategy', 'sample', '--seed', '3'], ['the cat is black']);
    for (const r of [greedy, beam, sample]) {
      assert.deepEqual(keys(r), declared(lists.result, Object.keys(r)));
      for (const h of r.hypotheses) assert.deepEqual(keys(h), declared(lists.hypothesis, Object.keys(h)));
      for (const s of r.hypotheses[0].steps) assert.deepEqual(keys(s), declared(lists.step, Object.keys(s)));
    }
    assert.ok(greedy.encoder_attention && beam.beam_trace && !greedy.beam_trace, 'the data-dependent fields are there when they have data');
    assert.ok(sample.hypotheses[0].steps[0].sampled && !greedy.hypotheses[0].steps[0].sampled);
    for (const c of beam.beam_trace[0]) assert.deepEqual(keys(c), sorted(names(lists.candidate).map(snake)));
    const info = JSON.parse(execFileSync(CLI, ['--model', TINY, '--info'], { encoding: 'utf8' }));
    assert.deepEqual(keys(info), sorted(names(lists.model_info).map(snake)));
    assert.deepEqual(keys(info.control_ids), sorted(names(lists.control_ids).map(snake)));
    assert.deepEqual(keys(info.config), declared(lists.config, Object.keys(info.config)));
    assert.equal(info.config.d_model > 0, true);
  });

  test('the same values: the CLI\'s --info is the module\'s info (snake_case for camelCase)', async () => {
    const t = await Translator.load(TINY_RNN, { worker: false });
    try {
      const info = JSON.parse(execFileSync(CLI, ['--model', TINY_RNN, '--info'], { encoding: 'utf8' }));
      const toSnake = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k === 'metadata' ? k : snake(k),
        v && typeof v === 'object' && !Array.isArray(v) && k !== 'metadata' ? toSnake(v) : v]));
      assert.deepEqual(info, toSnake(t.info));
    } finally {
      t.dispose();
    }
  });

  test('error codes: one list, the engine\'s, in index.d.ts and error-codes.js', () => {
    const codes = core.mod.errorCodes();
    assert.deepEqual(ERROR_CODES, codes.map((c) => c.code));
    assert.equal(new Set(ERROR_CODES).size, ERROR_CODES.length, 'no code listed twice');
    for (const c of codes) assert.ok(['engine', 'wasm', 'js'].includes(c.origin) && c.doc.length > 10, c.code);
    assert.ok(ERROR_CODES.includes('ABORTED') && codes.find((c) => c.code === 'ABORTED').origin === 'engine');
  });
});
