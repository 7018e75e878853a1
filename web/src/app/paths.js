// Path length between two source tokens in the three encoder schemes (issue 30, the seed's 0x02):
// what connects token i to token j inside the encoder of the shipped models, from their real
// configuration (the catalogue's `encoder` facts, written from each file by scripts/manifest_sha256.mjs).
//
//   conv            a position of layer l sees the 1 + l·(k − 1) tokens around it (zero padding k/2 at
//                   either end, as cpp/attnseq/nn/conv1d.h): i and j first share a window at layer
//                   ceil(|i − j| / (k − 1)); a stack of L layers never links tokens more than L·(k − 1) apart
//   rnn             the bi-GRU's chain of states: |i − j| state updates from the earlier to the later
//   self-attention  one step (in every layer, each position attends to every other)
//
// No DOM here: tests/js/paths.test.js checks it against the shipped files' headers.
import { pieceLabels } from '../state/text.js';
import { typedPieces } from '../state/typed-pieces.js';
/** @typedef {typeof import('./model-names.js').modelLabel} ModelLabel */

/** @typedef {{kind: 'conv', layers: number, kernel: number} | {kind: 'rnn', bidirectional?: boolean} | {kind: 'self-attention', layers: number}} EncoderFacts */
/** @typedef {{id: string, src: string, tgt: string, label?: string | Record<string, string>, attention?: string, encoder?: EncoderFacts}} PathEntry */
/**
 * @typedef {{kind: 'self-attention', distance: number, steps: number, layers: number}} SelfPath
 * @typedef {{kind: 'rnn', distance: number, steps: number, chain: [number, number]}} RnnPath
 * @typedef {{layer: number, field: number, a: [number, number], b: [number, number], both: [number, number] | null}} ConvLayer
 * @typedef {{kind: 'conv', distance: number, kernel: number, layers: ConvLayer[], reach: number, meet: number | null, steps: number | null}} ConvPath
 */

export const SCHEMES = /** @type {const} */ (['conv', 'rnn', 'self-attention']);

/**
 * The encoder facts of a loaded model, from the engine's config (the catalogue's `encoder`, which
 * scripts/manifest_sha256.mjs writes from the file, says the same: tests/js/paths.test.js): for a
 * catalogue written without them (an author's own), the run's model still has its path drawn.
 * @param {import('../index.js').ModelConfig} c
 * @returns {EncoderFacts | undefined}
 */
export function encoderOf(c) {
  if (c.arch === 'transformer' && c.encLayers) return { kind: 'self-attention', layers: c.encLayers };
  if (c.arch === 'conv' && c.convLayers && c.kernel) return { kind: 'conv', layers: c.convLayers, kernel: c.kernel };
  if (c.arch === 'rnn') return { kind: 'rnn', bidirectional: true };
  return undefined;
}

/**
 * For each scheme, the shipped model whose encoder it is: one that reads `src` if the catalogue has
 * one (else one of another source language, marked `otherSource`; null when none has that encoder).
 * Among the RNNs, one with attention first (the bi-GRU under attention; the no-attention GRU has the same encoder).
 * @param {PathEntry[]} models
 * @param {string} src
 */
export function schemesOf(models, src) {
  return SCHEMES.map((kind) => {
    const of = models.filter((m) => m.encoder?.kind === kind);
    const rank = (/** @type {PathEntry} */ m) => (m.src === src ? 0 : 2) + (kind === 'rnn' && m.attention === 'none' ? 1 : 0);
    const entry = [...of].sort((a, b) => rank(a) - rank(b))[0] ?? null;
    return { kind, entry, otherSource: !!entry && entry.src !== src };
  });
}

/**
 * The path from token i to token j (0-based, of n tokens) in one encoder.
 * conv: per layer 1..L the tokens each position sees, spans [lo, hi] of the positions that see i (a)
 *   and j (b) and of those that see both (both: null while none does); `meet` the first layer where one
 *   window holds both (null when the stack never gets there), `reach` = L·(k − 1) the farthest distance linked.
 * rnn: the chain of states from min(i, j) to max(i, j).
 * self-attention: one step.
 * @param {EncoderFacts} enc
 * @param {number} i
 * @param {number} j
 * @param {number} n
 * @returns {SelfPath | RnnPath | ConvPath}
 */
export function pathOf(enc, i, j, n) {
  const d = Math.abs(i - j), lo = Math.min(i, j), hi = Math.max(i, j);
  if (enc.kind === 'self-attention') return { kind: enc.kind, distance: d, steps: d === 0 ? 0 : 1, layers: enc.layers };
  if (enc.kind === 'rnn') return { kind: enc.kind, distance: d, steps: d, chain: [lo, hi] };
  const k = enc.kernel, L = enc.layers, half = Math.floor(k / 2);
  /** @type {(c: number, l: number) => [number, number]} */
  const span = (c, l) => [Math.max(0, c - l * half), Math.min(n - 1, c + l * half)];
  /** @type {ConvLayer[]} */
  const layers = [];
  for (let l = 1; l <= L; l++) {
    const a = span(i, l), b = span(j, l);
    /** @type {[number, number] | null} */
    const both = Math.max(a[0], b[0]) <= Math.min(a[1], b[1]) ? [Math.max(a[0], b[0]), Math.min(a[1], b[1])] : null;
    layers.push({ layer: l, field: 1 + l * (k - 1), a, b, both });
  }
  const need = d === 0 ? 0 : Math.ceil(d / (k - 1));
  return { kind: 'conv', distance: d, kernel: k, layers, reach: L * (k - 1), meet: need <= L ? need : null, steps: need <= L ? need : null };
}

/**
 * The view's data: the tokens, the two picked, and each scheme's path with the model it comes from.
 * @param {string[]} tokens   the labels of the source tokens (as the model read them)
 * @param {number} from
 * @param {number} to
 * @param {ReturnType<typeof schemesOf>} schemes
 * @param {Parameters<ModelLabel>[0]} tokenModel  the model whose tokens these are (the view names it)
 */
export function pathsData(tokens, from, to, schemes, tokenModel) {
  const n = tokens.length;
  const clamp = (/** @type {number} */ x) => Math.max(0, Math.min(n - 1, x));
  const a = clamp(from), b = clamp(to);
  return {
    tokens, from: a, to: b, tokenModel,
    schemes: schemes.map((s) => ({ ...s, path: s.entry?.encoder ? pathOf(s.entry.encoder, a, b, n) : null })),
  };
}

/**
 * A token named by a widget attribute (`from`, `to`, `off`): its text as read or typed (case-insensitive;
 * a word read as several pieces names its first), or its 1-based number; -1 when none.
 * @param {string[]} labels
 * @param {string|null} value
 */
export function tokenIndex(labels, value) {
  if (value == null) return -1;
  const v = value.trim().toLowerCase();
  const bare = labels.map((x) => x.replace(/^·/, '').toLowerCase());
  const at = bare.findIndex((x) => x === v);
  if (at >= 0) return at;
  // a word the model reads as several pieces (秋蝉 → 秋 蝉): its first piece
  for (let k = 0; k < bare.length; k++) {
    if (!bare[k] || !v.startsWith(bare[k])) continue;
    let joined = '';
    for (let m = k; m < bare.length && joined.length < v.length; m++) joined += bare[m];
    if (joined === v) return k;
  }
  const num = Number(v);
  return Number.isInteger(num) && num >= 1 && num <= labels.length ? num - 1 : -1;
}

/**
 * Default picks: the first and the last token that are not <s>/</s> (the longest path in the sentence).
 * @param {string[]} labels
 * @param {string[]} [controls]
 * @returns {[number, number]}
 */
export function defaultPair(labels, controls = ['<s>', '</s>']) {
  const idx = labels.map((x, k) => (controls.includes(x) ? -1 : k)).filter((k) => k >= 0);
  return idx.length ? [idx[0], idx[idx.length - 1]] : [0, Math.max(0, labels.length - 1)];
}

/**
 * The path view's data for a run (widget view="paths", the demo's section): the source tokens as the
 * model read them (labels), the pair named by `from`/`to` (token text or 1-based number; else the first
 * and last word), the shipped encoders for the run's source language. bad: the attributes that named no token.
 * @param {{text: string, sourceTokens: {piece: string}[], model: {id: string, bos: string, eos: string, src: string, tgt: string,
 *   label?: string | Record<string, string>, attention?: string, config?: import('../index.js').ModelConfig}}} run
 * @param {PathEntry[]} models
 * @param {string|null} [fromAttr]
 * @param {string|null} [toAttr]
 */
export function runPaths(run, models, fromAttr, toAttr) {
  const labels = pieceLabels(typedPieces(run.sourceTokens, run.text), [run.model.bos, run.model.eos]);
  const [df, dt] = defaultPair(labels, [run.model.bos, run.model.eos]);
  const f = tokenIndex(labels, fromAttr ?? null), g = tokenIndex(labels, toAttr ?? null);
  const bad = [];
  if (fromAttr != null && f < 0) bad.push(fromAttr);
  if (toAttr != null && g < 0) bad.push(toAttr);
  // the run's own model, with its encoder from the engine where the catalogue does not say
  const m = run.model, listed = models.find((e) => e.id === m.id);
  const own = m.config && !listed?.encoder ? { ...(listed ?? { id: m.id, src: m.src, tgt: m.tgt, label: m.label, attention: m.attention }), encoder: encoderOf(m.config) } : null;
  const known = own ? [...models.filter((e) => e.id !== m.id), own] : models;
  const data = { tokens: labels, from: f >= 0 ? f : df, to: g >= 0 ? g : dt, tokenModel: run.model, schemes: schemesOf(known, run.model.src) };
  return { data, bad };
}
