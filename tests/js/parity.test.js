// The WebAssembly build gives the native CLI's outputs (build/native/attnseq --json): for every model
// (tests/data/models/*.safetensors and models/*.safetensors), every decoding mode (greedy, beam 4,
// seeded sampling) and a fixed set of English and French sentences: same source tokens and spans,
// same target tokens and text, same beam trace, same multiply-add count; probabilities, scores and
// attention within 1e-4 (F32 files; I8 files exactly, below). Greedy and sampling also compare every step as the views draw it:
// alternatives, cross-attention per layer and head (weights, scores, context), encoder self-attention.
//
// Native (x86 SIMD with FMA) and WebAssembly (wasm SIMD, no FMA) round differently in the last bits,
// so where two candidates score the same to ~1e-6 (random test models fall into repetition loops
// full of such ties) the two builds may break the tie differently. A divergence is accepted only
// when the test shows it starts at such a tie (the competing candidates within 1e-4), and is counted.
//
// I8 files (*.i8.safetensors) are compared exactly (I8_TOL = 0): both builds run the same integer
// kernel on them (I8Weights::Int8Int16: activations quantized to one int16 each), the same float code
// around it (our own exp and tanh, no Eigen products, no fused multiply-adds natively: -ffp-contract=off),
// so they give the same bits, and every number here must be equal. (With libm's tanh, or with GCC's
// default contraction, the last bits differed, an activation could round to the neighbouring int16, and
// scores differed by up to 1.2e-3.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import path from 'node:path';

import { Translator } from '../../web/src/index.js';
import { allModels, assertClose, cliJson, goldenTexts, utf16Offset } from './helpers.js';

const F32_TOL = 1e-4;
const I8_TOL = 0;  // bit-identical (see above)
// The tolerance of a model file: I8 files exactly, F32 files within 1e-4.
const toleranceOf = (model) => (/\.i8\.safetensors$/.test(model) ? I8_TOL : F32_TOL);
const TEXTS = [
  ...goldenTexts(),
  'You should wear shoes.',
  'I ate an apple and then a banana.',
  'Où est la gare ? Je voudrais un café, s’il vous plaît.',
  'Les élèves ont déjà mangé.',
];
const MODES = {
  greedy: { options: {}, args: [] },
  beam: { options: { strategy: 'beam', beamSize: 4, numHypotheses: 2 }, args: ['--strategy', 'beam', '--beam-size', '4', '--n-best', '2'] },
  // sampling with the no-repeat guard: the same bans, the same cut distributions in both builds
  sample: { options: { strategy: 'sample', seed: 7, temperature: 0.8, noRepeatNgramSize: 2 },
    args: ['--strategy', 'sample', '--seed', '7', '--temperature', '0.8', '--no-repeat-ngram-size', '2'] },
};

function compareSource(w, n, text) {
  assert.deepEqual(w.sourceTokens.map((t) => [t.id, t.piece]), n.source_tokens.map((t) => [t.id, t.piece]), 'source tokens');
  const spans = n.source_tokens.map((t) => (t.span === null ? null : [utf16Offset(text, t.span[0]), utf16Offset(text, t.span[1])]));
  assert.deepEqual(w.sourceTokens.map((t) => t.span), spans, 'source spans (UTF-16)');
}

function compareHypothesis(w, n, what, TOL) {
  assert.equal(w.text, n.text, `${what}: text`);
  assert.deepEqual(w.tokens.map((t) => [t.id, t.piece]), n.tokens.map((t) => [t.id, t.piece]), `${what}: tokens`);
  assert.equal(w.finished, n.finished, `${what}: finished`);
  assertClose(assert, w.score, n.score, TOL, `${what}: score`);
  w.probabilities.forEach((p, i) => assertClose(assert, p, n.probabilities[i], TOL, `${what}: probability ${i}`));
  w.scores.forEach((s, i) => assertClose(assert, s, Math.log(w.probabilities[i]), 1e-6, `${what}: scores[${i}] = log p`));
  assert.equal(w.attention.rows, n.attention.length, `${what}: attention rows`);
  n.attention.forEach((row, r) => row.forEach((x, c) => assertClose(assert, w.attention.data[r * w.attention.cols + c], x, TOL, `${what}: attention[${r}][${c}]`)));
}

// What the views draw, step by step (greedy and sampling): the chosen token, the alternatives (ids,
// pieces, probabilities, sampling's cut distribution), cross-attention per layer and head (weights, the
// scores before the softmax, the weighted sums), and the encoder's self-attention, against the CLI's --json steps.
async function compareSteps(translator, text, options, n, what, TOL) {
  const ns = n.hypotheses[0].steps;
  let k = 0;
  const gen = translator.generate(text, options);
  const src = await gen.source;
  if (n.encoder_attention) {
    const { layers, heads, rows, cols, data } = src.encoderAttention;
    assert.deepEqual([layers, heads, rows, cols], [n.encoder_attention.length, n.encoder_attention[0].length,
      n.encoder_attention[0][0].length, n.encoder_attention[0][0][0].length], `${what}: encoder attention shape`);
    n.encoder_attention.forEach((L, l) => L.forEach((H, h) => H.forEach((row, q) => row.forEach((x, c) =>
      assertClose(assert, data[((l * heads + h) * rows + q) * cols + c], x, TOL, `${what}: self L${l + 1}H${h + 1}[${q}][${c}]`)))));
  } else {
    assert.equal(src.encoderAttention, null, `${what}: no encoder attention`);
  }
  for await (const w of gen) {
    const s = ns[k++];
    const at = `${what} step ${w.step}`;
    assert.deepEqual([w.token.id, w.piece, w.copied, w.end, w.done, w.capped], [s.token, s.piece, s.copied, s.end, s.done, s.capped], `${at}: token`);
    // the piece shown is the token's, or for a copied <unk> the source text it writes
    assert.equal(w.piece, w.copied >= 0 ? src.sourceTokens[w.copied].piece : w.token.piece, `${at}: piece shown`);
    assert.deepEqual(w.blocked.map((a) => a.id), s.blocked.map((a) => a.id), `${at}: blocked`);
    assert.equal(w.text, s.text, `${at}: text so far`);
    assert.deepEqual(w.alternatives.map((a) => [a.id, a.piece]), s.alternatives.map((a) => [a.id, a.piece]), `${at}: alternatives`);
    w.alternatives.forEach((a, i) => assertClose(assert, a.probability, s.alternatives[i].probability, TOL, `${at}: alternative ${i}`));
    if (w.sampled || s.sampled) w.sampled.forEach((x, i) => assertClose(assert, x, s.sampled[i], TOL, `${at}: sampled ${i}`));
    assert.equal(w.macs, s.macs, `${at}: macs`);
    for (const [mine, theirs, name] of [[w.crossAttention, s.cross_attention, 'cross'], [w.crossScores, s.cross_scores, 'scores'], [w.context, s.context, 'context']]) {
      if (!theirs) { assert.equal(mine, null, `${at}: no ${name}`); continue; }
      assert.deepEqual([mine.layers, mine.heads, mine.cols], [theirs.length, theirs[0].length, theirs[0][0].length], `${at}: ${name} shape`);
      theirs.forEach((L, l) => L.forEach((H, h) => H.forEach((x, c) =>
        assertClose(assert, mine.data[(l * mine.heads + h) * mine.cols + c], x, TOL * Math.max(1, Math.abs(x)), `${at}: ${name} L${l + 1}H${h + 1}[${c}]`))));
    }
  }
  assert.equal(k, ns.length, `${what}: number of steps`);
}

// First index where two id lists differ (-1: none).
const firstDiff = (a, b) => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return i;
  return -1;
};

// Greedy: a divergence at step k must be a tie: under the WebAssembly model, with the common prefix
// forced, the two chosen tokens' probabilities differ by at most TOL.
async function greedyTie(translator, text, wIds, nIds, TOL) {
  const k = firstDiff(wIds, nIds);
  let step;
  for await (const s of translator.generate(text, { prefix: wIds.slice(0, k), alternatives: 50 })) if (s.step === k) { step = s; break; }
  const p = (id) => step.alternatives.find((a) => a.id === id)?.probability ?? 0;
  return Math.abs(p(wIds[k]) - p(nIds[k])) <= TOL;
}

// Beam: traces equal up to a position where the candidates differ but score the same within TOL.
// Returns 'same' or 'tie' (and asserts everything compared before the tie).
function compareTrace(wTrace, nTrace, TOL) {
  assert.equal(wTrace.length > 0, nTrace.length > 0, 'beam trace present');
  for (let s = 0; s < Math.max(wTrace.length, nTrace.length); s++) {
    const ws = wTrace[s] || [], ns = nTrace[s] || [];
    for (let c = 0; c < Math.max(ws.length, ns.length); c++) {
      const a = ws[c], b = ns[c];
      if (!a || !b || a.token !== b.token || a.parent !== b.parent || a.kept !== b.kept || a.finished !== b.finished) {
        if (a && b && Math.abs(a.score - b.score) <= TOL) return 'tie';
        assert.fail(`beam trace differs at step ${s} candidate ${c}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
      }
      assertClose(assert, a.logprob, b.logprob, TOL, `trace[${s}][${c}].logprob`);
      assertClose(assert, a.score, b.score, TOL, `trace[${s}][${c}].score`);
    }
  }
  return 'same';
}

for (const model of allModels()) {
  test(`wasm = native CLI: ${path.relative(process.cwd(), model)}`, async (t) => {
    const tol = toleranceOf(model);
    const translator = await Translator.load(model);
    try {
      for (const [mode, { options, args }] of Object.entries(MODES)) {
        await t.test(mode, async (t) => {
          const native = cliJson(model, args, TEXTS);
          let ties = 0;
          for (let i = 0; i < TEXTS.length; i++) {
            const text = TEXTS[i];
            const w = await translator.translate(text, options);
            const n = native[i];
            const what = `${mode} "${text}"`;
            compareSource(w, n, text);
            assert.equal(w.hypotheses.length, n.hypotheses.length, `${what}: n-best size`);
            if (mode === 'beam' && compareTrace(w.beamTrace, n.beam_trace, tol) === 'tie') {
              ties++;
              continue;
            }
            const wIds = w.tokens.map((x) => x.id), nIds = n.hypotheses[0].tokens.map((x) => x.id);
            if (mode === 'greedy' && firstDiff(wIds, nIds) >= 0) {
              assert.ok(await greedyTie(translator, text, wIds, nIds, tol), `${what}: tokens differ and not at a tie:\n${wIds}\n${nIds}`);
              ties++;
              continue;
            }
            w.hypotheses.forEach((h, k) => compareHypothesis(h, n.hypotheses[k], `${what} hypothesis ${k}`, tol));
            compareHypothesis(w, n.hypotheses[0], `${what} (top level)`, tol);
            assert.equal(w.macs, n.macs, `${what}: macs`);
            if (mode !== 'beam') await compareSteps(translator, text, options, n, what, tol);
          }
          if (ties) t.diagnostic(`${ties} of ${TEXTS.length} sentences diverged at a floating-point tie`);
        });
      }
    } finally {
      translator.dispose();
    }
  });
}
