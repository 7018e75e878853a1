// The data contract between the app controller (which talks to the engine) and the views (which only
// draw): the schema of the plain objects views receive as properties (they never call the engine);
// every field a view reads is listed here. What is derived from them: state/text.js (labels, word
// groups, the joining of sentences) and state/math.js (attention rows and their aggregation).

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
 * @property {string} readAs                  the text the model read when the engine restored the typed text
 *                                            (accents, capitals, apostrophes: the option restoreInput); '' when as typed
 */

/**
 * An empty Run for a model and input (the controller fills it).
 * @param {number} id
 * @param {string} text
 * @param {ModelInfo} model
 * @param {RunOptions} options
 * @returns {Run}
 */
export function emptyRun(id, text, model, options) {
  return {
    id, text, model, options,
    sourceTokens: [], steps: [], encoderAttention: null, attentionValues: [], done: false, output: '',
    beamTrace: null, hypotheses: [], encoderMacs: 0, readAs: '',
  };
}
