// The data contract between the app controller (which talks to the engine) and the views (which only
// draw). Views receive these plain objects as properties and never call the engine; every field a
// view reads is listed here. Helpers at the bottom derive what several views need from a Run.

// The engine's own data, as the public API (web/src/index.d.ts) defines it: one definition each.
/** A source token as the encoder reads it (the last one is `</s>`); span: UTF-16 offsets in the input text.
 *  @typedef {import('../index.js').SourceToken} SourceToken */
/** A target token: {id, piece}. @typedef {import('../index.js').Token} Token */
/** One of the most likely tokens at a step, descending by probability. @typedef {import('../index.js').Alternative} Alternative */
/** Attention of one decoder step over the S source tokens, every layer and head (RNN: 1 × 1):
 *  `data[(layer * heads + head) * cols + j]`. @typedef {import('../index.js').StepAttention} StepAttention */
/** Encoder self-attention: `data[((l * heads + h) * rows + i) * cols + j]`. @typedef {import('../index.js').AttentionStack} AttentionStack */
/** A beam search candidate. @typedef {import('../index.js').BeamCandidate} BeamCandidate */

/** One decoder step, as the engine reports it (index.d.ts GenerationStep, generated from the engine's
 *  ATTNSEQ_STEP_FIELDS): the token produced, what produced it, and what the guards did.
 *  @typedef {import('../index.js').GenerationStep} Step */

/**
 * @typedef {Object} ModelInfo
 * @property {string} id              manifest id
 * @property {string|Record<string, string>|undefined} label  the catalogue's label ({en, zh}); app/model-names.js modelLabel() names it
 * @property {boolean} quantized       int8 weights
 * @property {import('../index.js').ModelConfig} config  the file's config
 * @property {'rnn'|'transformer'|'conv'} arch
 * @property {string} attention       'none' | 'additive' | 'dot' | 'general' | 'scaled_dot' | 'multihead'
 * @property {string} src             source language code
 * @property {string} tgt             target language code
 * @property {number} decLayers       cross-attention layers (RNN: 1)
 * @property {number} encLayers       encoder self-attention layers (RNN: 0)
 * @property {number} heads           (RNN: 1)
 * @property {boolean} hasAttention    false for the fixed-context RNN
 * @property {string} bos             the target vocabulary's `<s>` piece (the engine's)
 * @property {string} eos             its `</s>` piece
 * @property {string} description
 * @property {{token: number, sentence: number} | null} confidence  the catalogue's thresholds of the unsure marks
 *   (train/calibrate_confidence.py): a token below `token` probability is unsure; a translation whose mean
 *   log-probability per token is below `sentence` is called far from what the model learned from
 */

/**
 * The decoding options of a run: the engine's DecodeOptions (web/src/index.d.ts; the page and the widgets
 * set the strategy and the options of the strategies, state/options.js UI_OPTION), with the strategy
 * always given and the forced prefix as target ids.
 * @typedef {Omit<import('../index.js').DecodeOptions, 'strategy' | 'prefix'> & {
 *   strategy: 'greedy'|'beam'|'sample',
 *   prefix?: number[],
 * }} RunOptions
 */

/**
 * A whole translation as the views draw it.
 * @typedef {Object} Run
 * @property {number} id
 * @property {string} text                    the input text
 * @property {SourceToken[]} sourceTokens
 * @property {Step[]} steps                   grows while the run streams in
 * @property {AttentionStack|null} encoderAttention
 * @property {import('../index.js').Matrix[]} attentionValues  per decoder layer [S × C]: what the weighted sums run over
 * @property {ModelInfo} model
 * @property {RunOptions} options
 * @property {boolean} done                   no more steps will come
 * @property {string} output                  the translation text so far
 * @property {BeamCandidate[][]|null} beamTrace
 * @property {{text: string, score: number}[]} hypotheses
 * @property {number} encoderMacs
 */

/** Display text of a piece: `▁` word marks dropped (control pieces such as `<s>` are shown as they are). */
export function pieceText(piece) {
  const s = visible(piece.replace(/\u2581/g, ' ').trim());
  return s === '' ? '\u2423' : s;
}

const BIDI = { '\u061C': 'ALM', '\u200E': 'LRM', '\u200F': 'RLM', '\u202A': 'LRE', '\u202B': 'RLE', '\u202C': 'PDF', '\u202D': 'LRO',
  '\u202E': 'RLO', '\u2066': 'LRI', '\u2067': 'RLI', '\u2068': 'FSI', '\u2069': 'PDI' };

/**
 * Characters a label must not carry as they are: control characters become their Control Pictures
 * (U+0000 → ␀) or [U+0085], bidi controls their name ([RLO]), so that a pasted override cannot
 * reorder the labels around it and a NUL cannot break an exported SVG.
 */
export function visible(text) {
  return text
    .replace(/[\u0000-\u001F\u007F-\u009F]/g, (c) => {
      const n = c.charCodeAt(0);
      return n < 0x20 ? String.fromCharCode(0x2400 + n) : n === 0x7f ? '\u2421' : `[U+${n.toString(16).toUpperCase().padStart(4, '0')}]`;
    })
    .replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, (c) => `[${BIDI[c]}]`);
}

/** True when the piece starts a word (a gap is drawn before it). */
export function startsWord(piece) {
  return piece.startsWith('\u2581');
}

const CJK = /[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/**
 * Groups of consecutive piece indices. Piece level (words = false): one group per piece, as the model
 * reads and writes them, a lone word-start piece "▁" included (SentencePiece writes one before a
 * character it has no "▁x" piece for, e.g. at the start of Chinese text; it is labelled ␣): merging it
 * would show two steps' numbers under one token. Word level: the pieces of each word (a word starts at
 * a "▁" piece, and a lone "▁" joins the piece after it; control pieces and Chinese or Japanese pieces,
 * which have no spaces to mark words, stand alone).
 * @param {string[]} pieces
 * @param {string[]} [controls]  the model's control pieces (<s>, </s>)
 * @param {boolean} [words]
 * @returns {number[][]}
 */
export function pieceGroups(pieces, controls = [], words = false) {
  const groups = [];
  pieces.forEach((p, i) => {
    const prev = pieces[i - 1];
    const joinsLone = words && prev === '\u2581' && groups.length;
    const continues = words && i > 0 && !startsWord(p) && !controls.includes(p) && !controls.includes(prev)
      && !CJK.test(p) && !CJK.test(prev ?? '');
    if (joinsLone || continues) groups[groups.length - 1].push(i);
    else groups.push([i]);
  });
  return groups;
}

/**
 * The self-attention query a figure starts on: "it" (or 它), the tutorial's classic example, when the
 * sentence has it, else the first piece that is not a lone "▁".
 * @param {{piece: string}[]} tokens
 */
export function defaultQuery(tokens) {
  const it = tokens.findIndex((x) => /^\u2581?(it|它)$/i.test(x.piece));
  if (it >= 0) return it;
  return Math.max(0, tokens.findIndex((x) => x.piece !== '\u2581'));
}

/** The text of a group of pieces (pieceText of their concatenation). */
export function groupText(pieces, group) {
  return pieceText(group.map((j) => pieces[j]).join(''));
}

/**
 * Label of each group, marking the ones that continue a word ("ate" → "a", "·te") so that every view
 * shows which pieces form a word.
 * @param {string[]} pieces
 * @param {number[][]} groups
 * @param {string[]} [controls]
 */
export function groupLabels(pieces, groups, controls = []) {
  return groups.map((g, k) => {
    const first = pieces[g[0]];
    const text = groupText(pieces, g);
    const before = k > 0 ? pieces[groups[k - 1].at(-1)] : undefined;
    const cont = k > 0 && !startsWord(first) && !controls.includes(first) && !controls.includes(before) && before !== '\u2581'
      && !CJK.test(first) && first !== '\u2581' && /[\p{L}\p{N}]/u.test(text);  // not punctuation
    return cont ? `\u00B7${text}` : text;
  });
}

/**
 * The label of the piece written at step i: marked "·" when it continues the word of the piece before
 * it (the decoder's input at that step), as the figures mark it.
 * @param {{model: {bos: string, eos: string}, steps: {piece: string}[]}} run
 * @param {number} i
 */
export function stepLabel(run, i) {
  const prev = i > 0 ? run.steps[i - 1].piece : run.model.bos;
  return labelAfter(prev, run.steps[i].piece, [run.model.bos, run.model.eos]);
}

/**
 * The label of a piece written after `prev` (the decoder's last input): "·" when it continues prev's
 * word, by the rule of groupLabels. Shared by the step label, the top-k bars and the decoder loop.
 * @param {string} prev
 * @param {string} piece
 * @param {string[]} [controls]
 */
export function labelAfter(prev, piece, controls = []) {
  return pieceLabels([prev, piece], controls)[1];
}

/** Labels of single pieces, marking those that continue a word (groupLabels with one piece per group). */
export function pieceLabels(pieces, controls = []) {
  return groupLabels(pieces, pieces.map((_, j) => [j]), controls);
}

/**
 * Attention aggregated over groups: row group I, column group J → the mean over I's rows of the sum
 * over J's columns (each row stays a distribution: it sums to 1 when the pieces' rows do).
 * @param {ArrayLike<number>[]} rows
 * @param {number[][]} rowGroups   groups of row indices (only rows that exist are used)
 * @param {number[][]} colGroups
 * @returns {Float32Array[]}
 */
export function aggregate(rows, rowGroups, colGroups) {
  const out = [];
  for (const I of rowGroups) {
    const have = I.filter((r) => r < rows.length);
    if (!have.length) break;
    const row = new Float32Array(colGroups.length);
    colGroups.forEach((J, c) => {
      let sum = 0;
      for (const r of have) for (const j of J) sum += rows[r][j] ?? 0;
      row[c] = sum / have.length;
    });
    out.push(row);
  }
  return out;
}

/**
 * The S weights of one step for a layer/head; head 'mean' averages the heads, layer 'alignment' (or a
 * step without cross-attention) gives the step's alignment.
 * @param {Step} step
 * @param {number|'alignment'} layer
 * @param {number|'mean'} head
 * @returns {Float32Array|number[]}
 */
export function stepWeights(step, layer = 'alignment', head = 'mean') {
  const ca = step.crossAttention;
  if (layer === 'alignment' || !ca || !ca.data || ca.data.length === 0) return step.alignment;
  const l = Math.min(Math.max(0, layer), ca.layers - 1);
  const S = ca.cols;
  const out = new Float32Array(S);
  if (head === 'mean') {
    for (let h = 0; h < ca.heads; h++) {
      const base = (l * ca.heads + h) * S;
      for (let j = 0; j < S; j++) out[j] += ca.data[base + j] / ca.heads;
    }
  } else {
    const base = (l * ca.heads + Math.min(Math.max(0, head), ca.heads - 1)) * S;
    for (let j = 0; j < S; j++) out[j] = ca.data[base + j];
  }
  return out;
}

/**
 * Rows (one per shown step) of source weights: the alignment matrix T × S up to step `upto` (inclusive).
 * @param {Run} run
 * @param {number} upto
 * @param {number|'alignment'} layer
 * @param {number|'mean'} head
 */
export function attentionRows(run, upto, layer = 'alignment', head = 'mean') {
  const rows = [];
  const n = Math.min(run.steps.length - 1, upto);
  for (let i = 0; i <= n; i++) rows.push(stepWeights(run.steps[i], layer, head));
  return rows;
}

/**
 * One S × S encoder self-attention matrix (rows: queries).
 * @param {AttentionStack} stack
 * @param {number} layer
 * @param {number|'mean'} head
 * @returns {Float32Array[]}
 */
export function selfAttentionRows(stack, layer, head = 'mean') {
  if (!stack) return [];
  const { rows: R, cols: C, heads: H } = stack;
  const l = Math.min(Math.max(0, layer), stack.layers - 1);
  const out = [];
  for (let i = 0; i < R; i++) {
    const row = new Float32Array(C);
    for (let h = 0; h < H; h++) {
      if (head !== 'mean' && h !== head) continue;
      const base = ((l * H + h) * R + i) * C;
      const w = head === 'mean' ? 1 / H : 1;
      for (let j = 0; j < C; j++) row[j] += stack.data[base + j] * w;
    }
    out.push(row);
  }
  return out;
}

/** The decoder input at step i: `<s>` followed by the tokens chosen before it. */
export function decoderInput(run, i) {
  return [run.model.bos, ...run.steps.slice(0, Math.max(0, i)).map((s) => s.piece)];
}

/**
 * Translated sentences as one text: a space between them, none after Chinese or Japanese (which
 * write no spaces), as the CLI's --sentences joins them.
 * @param {(string|null)[]} parts
 */
export function joinSentences(parts) {
  let out = '';
  for (const p of parts) {
    if (!p) continue;
    out += out && !/[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]$/.test(out) ? ` ${p}` : p;
  }
  return out;
}

/** An empty Run for a model and input (the controller fills it). */
export function emptyRun(id, text, model, options) {
  return {
    id, text, model, options,
    sourceTokens: [], steps: [], encoderAttention: null, attentionValues: [], done: false, output: '',
    beamTrace: null, hypotheses: [], encoderMacs: 0,
  };
}
