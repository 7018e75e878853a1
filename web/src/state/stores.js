// The application's stores. Model state (what the engine holds and produced) is kept apart from UI
// state (what the user is looking at). Each page (demo, widget group) makes its own set.
import { createStore } from './store.js';

/** @typedef {import('./schema.js').Run} Run */
/** @typedef {import('./schema.js').ModelInfo} ModelInfo */
/** @typedef {import('./schema.js').RunOptions} RunOptions */
/** @template T @typedef {import('./store.js').Store<T>} Store */

/**
 * A failure is kept as error, errorCode and errorVars (app/errors.js errorFields sets them together,
 * statusOf reads them); the optional fields are absent until first set.
 * @typedef {Object} ModelState
 * @property {'idle'|'loading'|'ready'|'error'} status
 * @property {number|null} progress   0..1 while loading; null when the size is not known (a compressed download)
 * @property {number} [loadedBytes]   bytes downloaded so far while loading
 * @property {number|null} [totalBytes]  the file's size, when known (the download's, or the catalogue's `bytes`)
 * @property {string|null} modelId    the catalogue entry loading or loaded
 * @property {ModelInfo|null} info    the loaded model (the one kept when another failed to load)
 * @property {{id: string, label?: string|Record<string, string>, src: string, tgt: string, arch?: string, attention?: string}[]} models
 *   the catalogue's models (modelLabel() names them)
 * @property {string[]|null} [offline]  offline: the ids of the models this browser holds (null online)
 * @property {string|null} error      technical message of the last load failure
 * @property {string|null} [errorCode]  its code (AttnseqError.code, MODEL_MISMATCH, ...): the sentence shown
 * @property {Record<string, string|number>} [errorVars]  values for that sentence
 * @property {string|null} [failed]   label of the model that failed to load while `info` stayed loaded
 */
export function createModelStore() {
  return createStore(/** @type {ModelState} */ ({
    status: 'idle', progress: 0, modelId: null, info: null, models: [], error: null,
  }));
}

/**
 * @typedef {Object} RunState
 * @property {Run|null} run
 * @property {'idle'|'running'|'done'|'error'} status
 * @property {string|null} error      technical message of the run's failure
 * @property {string|null} [errorCode]  its code: the sentence shown (app/errors.js)
 * @property {Record<string, string|number>} [errorVars]  values for that sentence (e.g. max: the source limit)
 * @property {string|{key: string, params: Record<string, string>}|null} [notice]   i18n key (and its parameters; `lang`: a language code) of a note on the status line (app.empty: nothing to translate; app.otherLanguage: text kept untranslated after a model switch)
 * @property {number} version         bumped when steps are appended to the same run
 */
export function createRunStore() {
  return createStore(/** @type {RunState} */ ({ run: null, status: 'idle', error: null, version: 0 }));
}

/**
 * The KV-cache work counter (Transformer): multiply-adds of each step with the cache and without.
 * @typedef {Object} WorkState
 * @property {number[]} cached     per step, as decoded (kvCache on)
 * @property {number[]} uncached   the same tokens decoded again with kvCache off (fills in afterwards)
 * @property {number} [hypotheses] beam search: the beam size (cached is each step's work per hypothesis,
 *                                 uncached that of the returned one; the run did up to this many times it)
 */
export function createWorkStore() {
  return createStore(/** @type {WorkState} */ ({ cached: [], uncached: [] }));
}

/** The speeds (steps per second) a reader may choose: the player's menu, and a link's `speed`. */
export const SPEEDS = [0.5, 1, 2, 4, 8];

/**
 * UI state of the animation: `index` is the step being shown (-1: only `<s>`, nothing produced yet).
 * @typedef {Object} PlaybackState
 * @property {number} index
 * @property {boolean} playing
 * @property {number} speed        steps per second, when the reader chose it (auto false)
 * @property {boolean} [auto]      no speed chosen: the pace follows the run's length (app/pace.js)
 */
export function createPlaybackStore() {
  return createStore(/** @type {PlaybackState} */ ({ index: -1, playing: false, speed: 2, auto: true }));
}

/**
 * UI state of the attention views.
 * @typedef {Object} ViewState
 * @property {'lines'|'heatmap'} figure
 * @property {number|'alignment'} layer   cross-attention layer
 * @property {number|'mean'} head
 * @property {number} encLayer           encoder self-attention layer
 * @property {number|'mean'} encHead
 * @property {number} query              source token whose self-attention is shown
 * @property {'piece'|'word'} level      figures by piece, or aggregated to words
 */
export function createViewStore() {
  return createStore(/** @type {ViewState} */ ({
    figure: 'lines', layer: 'alignment', head: 'mean', encLayer: 0, encHead: 'mean', query: 0, level: 'piece',
  }));
}

/**
 * The decoding options the user set. Empty until the engine's option table is known: the page then
 * fills it with the engine's defaults (state/options.js defaultsOf); unset options are the engine's.
 * @returns {Store<RunOptions>}
 */
export function createOptionsStore() {
  return createStore(/** @type {RunOptions} */ ({}));
}

/**
 * One sentence of the text, and its translation (model state: what the engine computed).
 * @typedef {Object} Sentence
 * @property {string} text
 * @property {[number, number]} span     UTF-16 offsets in the whole text
 * @property {string|null} output        its translation; null until computed
 * @property {boolean|null} ended        false when the length limit stopped it before the end token
 * @property {import('../app/confidence.js').ConfidenceStep[]|null} [steps]  what the engine computed for each
 *   token of `output` (piece, probability, end, the guards; no attention), for its confidence; null until computed
 */
/**
 * The text as sentences (the engine splits it; each is translated by itself) and which one the
 * views show (the run store holds that sentence's run).
 * @typedef {Object} ParagraphState
 * @property {string} text
 * @property {Sentence[]} sentences
 * @property {number} selected
 */
/** @returns {Store<ParagraphState>} */
export function createParagraphStore() {
  return createStore(/** @type {ParagraphState} */ ({ text: '', sentences: [], selected: 0 }));
}

/**
 * The stores of a page (the demo) or of a widget: each makes its own set.
 * @typedef {Object} Stores
 * @property {Store<ModelState>} model
 * @property {Store<RunState>} run
 * @property {Store<PlaybackState>} playback
 * @property {Store<ViewState>} view
 * @property {Store<WorkState>} [work]   the KV-cache counter (the demo; a widget only with view="work")
 * @property {Store<RunOptions>} [options]   the demo's decoding form (a widget reads its attributes instead)
 * @property {Store<ParagraphState>} [paragraph]  the text's sentences and their translations
 */
