// The app controller in Node, on the test models (in-thread engine): what it stores is what the engine
// computed — steps with the engine's end flags, beam search from the engine's own step records (the
// same tokens and probabilities as the n-best's best hypothesis), the model's facts from the loaded
// file, the catalogue entry checked against it; and the contract's index math.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { AppController } from '../../web/src/app/controller.js';
import { createModelStore, createRunStore } from '../../web/src/state/stores.js';
import { createStore } from '../../web/src/state/store.js';
import { attentionRows, selfAttentionRows, stepWeights } from '../../web/src/state/math.js';
import { decoderInput } from '../../web/src/state/text.js';
import { optionTable, defaultsOf } from '../../web/src/state/options.js';
import { TEST_MODELS, cliJson, TINY } from './helpers.js';

const runCli = (model, lines, args = []) => cliJson(model, args, lines);

const entry = (id, file, arch, attention) => ({ id, file, url: `${TEST_MODELS}/${file}`, src: 'en', tgt: 'fr', arch, attention, label: id });

async function controller() {
  const c = new AppController({ model: createModelStore(), run: createRunStore(), work: createStore({ cached: [], uncached: [] }) });
  c.catalog = {
    default: 'tiny-transformer', fallback: false,
    models: [entry('tiny-transformer', 'tiny-transformer.safetensors', 'transformer', 'multihead'),
      entry('tiny-rnn-additive', 'tiny-rnn-additive.safetensors', 'rnn', 'additive'),
      entry('tiny-rnn-none', 'tiny-rnn-none.safetensors', 'rnn', 'none'),
      entry('mislabelled', 'tiny-rnn-none.safetensors', 'rnn', 'additive')],
  };
  c.optionTable = await optionTable();
  return c;
}

describe('app controller', () => {
  test('greedy: streamed steps carry the engine\'s end flag; the output is the CLI\'s', async () => {
    const c = await controller();
    await c.selectModel('tiny-transformer');
    const info = c.stores.model.get().info;
    assert.equal(info.arch, 'transformer');
    assert.equal(info.bos, '<s>');
    assert.equal(info.hasAttention, true);
    const defaults = defaultsOf(c.optionTable);
    const run = await c.translate('the cat is black', { ...defaults });
    const cli = runCli(TINY, ['the cat is black'])[0].hypotheses[0];
    assert.equal(run.output, cli.text);
    assert.deepEqual(run.steps.map((s) => s.token.id), cli.tokens.map((t) => t.id));
    const last = run.steps.at(-1);
    assert.equal(last.done, true);
    assert.equal(last.end, cli.finished);
    for (const s of run.steps.slice(0, -1)) assert.equal(s.end || s.done, false);
    assert.equal(c.stores.run.get().status, 'done');
    assert.equal(run.encoderAttention.layers, 2);
  });

  test('a run cut by the length limit ends with done && !end', async () => {
    const c = await controller();
    await c.selectModel('tiny-transformer');
    const run = await c.translate('the cat is black', { ...defaultsOf(c.optionTable), strategy: 'greedy', maxLength: 2 });
    assert.equal(run.steps.length, 2);
    assert.equal(run.steps[1].done, true);
    assert.equal(run.steps[1].end, run.steps[1].token.piece === info(c).eos);
  });

  test('beam: the steps are the engine\'s records of the best hypothesis, no replay', async () => {
    const c = await controller();
    await c.selectModel('tiny-rnn-additive');
    // as many hypotheses as the options ask for (the default returns the best one only)
    const one = await c.translate('the cat is black', { ...defaultsOf(c.optionTable), strategy: 'beam', beamSize: 3 });
    assert.equal(one.hypotheses.length, defaultsOf(c.optionTable).numHypotheses);
    const o = { ...defaultsOf(c.optionTable), strategy: 'beam', beamSize: 3, numHypotheses: 3 };
    const run = await c.translate('the cat is black', o);
    const cli = runCli(`${TEST_MODELS}/tiny-rnn-additive.safetensors`, ['the cat is black'], ['--strategy', 'beam', '--beam-size', '3', '--n-best', '3'])[0];
    const best = cli.hypotheses[0];
    assert.equal(run.output, best.text);
    assert.deepEqual(run.steps.map((s) => s.token.id), best.tokens.map((t) => t.id));
    run.steps.forEach((s, i) => assert.ok(Math.abs(s.probability - best.probabilities[i]) < 1e-6, `step ${i}`));
    assert.deepEqual(run.steps.map((s) => s.alternatives[0].probability >= s.probability), run.steps.map(() => true));
    assert.equal(run.hypotheses.length, 3);
    assert.ok(run.beamTrace.length >= run.steps.length);
    assert.equal(run.steps.at(-1).done, true);
    // the step's alignment row is the hypothesis's attention row
    const { data, cols } = cli.hypotheses[0].attention.length ? { data: cli.hypotheses[0].attention.flat(), cols: run.sourceTokens.length } : {};
    run.steps.forEach((s, i) => { for (let j = 0; j < cols; j++) assert.ok(Math.abs(s.alignment[j] - data[i * cols + j]) < 1e-5); });
  });

  test('kinds resolve through the catalogue\'s exact fields; a mislabelled entry is refused', async () => {
    const c = await controller();
    assert.equal(c.entryOf('noattn').id, 'tiny-rnn-none');
    assert.equal(c.entryOf('gru-attn').id, 'tiny-rnn-additive');
    assert.equal(c.entryOf('transformer').id, 'tiny-transformer');
    assert.equal(c.entryOf('additive').id, 'tiny-rnn-additive');
    assert.equal(c.entryOf('tiny'), undefined);  // no substring guessing
    await assert.rejects(c.selectModel('mislabelled'), (e) => e.code === 'MODEL_MISMATCH' && /none attention/.test(e.message));
  });

  test('translateWith before the engine\'s option table is known waits for it (it read a null table)', async () => {
    const c = await controller();
    c.optionTable = null;  // as on a page whose Compare is used before the engine has answered
    const r = await c.translateWith('tiny-transformer', 'the cat is black', { strategy: 'greedy', maxLength: 3 });
    const cli = runCli(TINY, ['the cat is black'], ['--max-length', '3'])[0].hypotheses[0];
    assert.ok(r.tokens.length <= 3, 'the options reached the engine');
    assert.equal(r.text, cli.text);
    assert.deepEqual(r.tokens.map((t) => t.id), cli.tokens.map((t) => t.id));
    assert.ok(c.optionTable?.length, 'the table was asked for');
  });
});

function info(c) { return c.stores.model.get().info; }

describe('contract index math', () => {
  const S = 3;
  const step = (vals) => ({ alignment: Float32Array.from(vals.slice(0, S)), crossAttention: { layers: 2, heads: 2, cols: S, data: Float32Array.from(vals) } });
  // data [layer][head][S]: layer 0 head 0 = 0,1,2; head 1 = 3,4,5; layer 1 head 0 = 6,7,8; head 1 = 9,10,11
  const s0 = step([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  test('stepWeights picks a layer/head, averages heads, falls back to the alignment', () => {
    assert.deepEqual([...stepWeights(s0, 1, 1)], [9, 10, 11]);
    assert.deepEqual([...stepWeights(s0, 0, 'mean')], [1.5, 2.5, 3.5]);
    assert.deepEqual([...stepWeights(s0, 'alignment')], [0, 1, 2]);
    assert.deepEqual([...stepWeights({ ...s0, crossAttention: null }, 1, 1)], [0, 1, 2]);
  });
  test('attentionRows stops at the shown step; selfAttentionRows indexes [l][h][i][j]', () => {
    const run = { steps: [s0, s0, s0] };
    assert.equal(attentionRows(run, 1, 0, 0).length, 2);
    const stack = { layers: 1, heads: 2, rows: 2, cols: 2, data: Float32Array.from([1, 2, 3, 4, 5, 6, 7, 8]) };
    assert.deepEqual(selfAttentionRows(stack, 0, 1).map((r) => [...r]), [[5, 6], [7, 8]]);
    assert.deepEqual(selfAttentionRows(stack, 0, 'mean').map((r) => [...r]), [[3, 4], [5, 6]]);
  });
  test('decoderInput is the model\'s <s> then the tokens before the step', () => {
    const run = { model: { bos: '<s>' }, steps: [{ piece: '▁Le' }, { piece: '▁chat' }] };
    assert.deepEqual(decoderInput(run, 0), ['<s>']);
    assert.deepEqual(decoderInput(run, 2), ['<s>', '▁Le', '▁chat']);
  });
});

describe('pieces, words and aggregated attention', () => {
  test('piece groups are the model\'s pieces, a lone ▁ included (labelled ␣); word groups join a word\'s pieces', async () => {
    const { pieceGroups, groupLabels } = await import('../../web/src/state/text.js');
    const { aggregate } = await import('../../web/src/state/math.js');
    const pieces = ['▁I', '▁a', 'te', '▁an', '▁apple', '.', '</s>'];
    assert.deepEqual(pieceGroups(pieces, ['</s>']), [[0], [1], [2], [3], [4], [5], [6]]);
    assert.deepEqual(groupLabels(pieces, pieceGroups(pieces, ['</s>']), ['</s>']), ['I', 'a', '·te', 'an', 'apple', '.', '</s>']);
    assert.deepEqual(pieceGroups(pieces, ['</s>'], true), [[0], [1, 2], [3], [4, 5], [6]]);
    assert.deepEqual(groupLabels(pieces, pieceGroups(pieces, ['</s>'], true), ['</s>']), ['I', 'ate', 'an', 'apple.', '</s>']);
    const zh = ['▁', '猫', '喝了', '牛奶', '。', '</s>'];
    assert.deepEqual(pieceGroups(zh, ['</s>']), [[0], [1], [2], [3], [4], [5]]);
    assert.deepEqual(groupLabels(zh, pieceGroups(zh, ['</s>']), ['</s>']), ['\u2423', '猫', '喝了', '牛奶', '。', '</s>']);
    assert.deepEqual(pieceGroups(zh, ['</s>'], true), [[0, 1], [2], [3], [4], [5]]);
    assert.deepEqual(groupLabels(zh, pieceGroups(zh, ['</s>'], true), ['</s>']), ['猫', '喝了', '牛奶', '。', '</s>']);
    // a piece after a lone ▁ starts a word: not marked as a continuation
    const rare = ['▁', 'É', 'té', '</s>'];
    assert.deepEqual(groupLabels(rare, pieceGroups(rare, ['</s>']), ['</s>']), ['\u2423', 'É', '·té', '</s>']);
    // rows: mean over the row group, sum over the column group; rows stay distributions
    const rows = [[0.5, 0.3, 0.2], [0.1, 0.1, 0.8], [0.2, 0.2, 0.6]];
    const agg = aggregate(rows, [[0, 1], [2]], [[0, 1], [2]]);
    assert.deepEqual(agg.map((r) => [...r].map((x) => Math.round(x * 100) / 100)), [[0.5, 0.5], [0.4, 0.6]]);
    assert.equal(aggregate(rows.slice(0, 1), [[0, 1], [2]], [[0, 1, 2]]).length, 1);  // rows still to come are left out
  });
});

test('the BLEU chart of Compare: no attention, the pair\'s attention GRU and the Transformers, not every score function', async () => {
  const { chartModels } = await import('../../web/src/app/models.js');
  const m = (id, arch, attention, src = 'en', tgt = 'fr') => ({ id, arch, attention, src, tgt, file: `${id}.safetensors` });
  const catalog = [m('t', 'transformer', 'multihead'), m('add', 'rnn', 'additive'), m('dot', 'rnn', 'dot'), m('gen', 'rnn', 'general'),
    m('none', 'rnn', 'none'), m('zh', 'transformer', 'multihead', 'zh', 'en')];
  assert.deepEqual(chartModels(catalog, 'en', 'fr').map((x) => x.id), ['t', 'add', 'none']);
  assert.deepEqual(chartModels(catalog, 'zh', 'en').map((x) => x.id), ['zh']);
  // without a no-attention model there is no comparison: every model of the pair is charted
  assert.deepEqual(chartModels(catalog.filter((x) => x.id !== 'none'), 'en', 'fr').map((x) => x.id), ['t', 'add', 'dot', 'gen']);
});
