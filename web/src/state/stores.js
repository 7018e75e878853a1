// The application's stores. Model state (what the engine holds and produced) is kept apart from UI
// state (what the user is looking at). Each page (demo, widget group) makes its own set.
import { createStore } from './store.js';

/** @typedef {import('./contract.js').Run} Run */
/** @typedef {import('./contract.js').ModelInfo} ModelInfo */
/** @typedef {import('./contract.js').RunOptions} RunOptions */

/**
 * @typedef {Object} ModelState
 * @property {'idle'|'loading'|'ready'|'error'} status
 * @property {number} progress        0..1 while loading
 * @property {string|null} modelId
 * @property {ModelInfo|null} info
 * @property {{id: string, label: string}[]} models   the manifest's models
 * @property {string|null} error
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
 * @property {string|null} error
 * @property {number} version   bumped when steps are appended to the same run
 */
export function createRunStore() {
  return createStore(/** @type {RunState} */ ({ run: null, status: 'idle', error: null, version: 0 }));
}

/**
 * UI state of the animation: `index` is the step being shown (-1: only `<s>`, nothing produced yet).
 * @typedef {Object} PlaybackState
 * @property {number} index
 * @property {boolean} playing
 * @property {number} speed        steps per second
 */
export function createPlaybackStore() {
  return createStore(/** @type {PlaybackState} */ ({ index: -1, playing: false, speed: 2 }));
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
 */
export function createViewStore() {
  return createStore(/** @type {ViewState} */ ({
    figure: 'lines', layer: 'alignment', head: 'mean', encLayer: 0, encHead: 'mean', query: 0,
  }));
}

/**
 * The decoding options the user set. Empty until the engine's option table is known: the page then
 * fills it with the engine's defaults (state/options.js defaultsOf); unset options are the engine's.
 * @returns {ReturnType<typeof createStore<RunOptions>>}
 */
export function createOptionsStore() {
  return createStore(/** @type {RunOptions} */ ({}));
}
