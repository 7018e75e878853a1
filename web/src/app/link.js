// The demo's state in its URL, so that a tutorial can link readers to a prepared example: the text,
// the model, the decoding options (the engine's names), the step shown, the figure options (layer,
// head, the encoder self-attention's layer and head, pieces/words) and the sentence. readLink() takes any query string, however hostile: what it
// cannot use is left out and named in `problems` (the page then shows its defaults and a notice).
import { UI_OPTION, parseOption } from '../state/options.js';
import { SPEEDS } from '../state/stores.js';

const MAX_TEXT = 2000;  // characters of text a link may carry

/**
 * @typedef {Object} LinkState
 * @property {string} [text]
 * @property {string} [model]
 * @property {Record<string, unknown>} options   decoding options given by the link (state/options.js parseOption)
 * @property {number} [step]                     0-based step to show
 * @property {number} [sentence]                 0-based sentence of the text to show
 * @property {number|'alignment'} [layer]        cross-attention layer (0-based)
 * @property {number|'mean'} [head]
 * @property {number} [encLayer]                 encoder self-attention layer (0-based)
 * @property {number|'mean'} [encHead]
 * @property {'piece'|'word'} [level]
 */

/** @type {(v: string, lo: number, hi: number) => number | undefined} */
const intIn = (v, lo, hi) => (/^\d{1,6}$/.test(v) && +v >= lo && +v <= hi ? +v : undefined);

/**
 * @param {URLSearchParams} params
 * @param {import('../state/options.js').OptionSpec[]} table  the engine's option table
 * @param {{models: {id: string}[]}} catalog
 * @returns {{state: LinkState, problems: string[]}}  problems: the parameters that were not used
 */
export function readLink(params, table, catalog) {
  /** @type {LinkState} */
  const state = { options: {} };
  // (the numbered fields, set by name below)
  const fields = /** @type {Record<string, unknown>} */ (state);
  /** @type {string[]} */
  const problems = [];
  const bad = (/** @type {string} */ name) => { if (!problems.includes(name)) problems.push(name); };
  const text = params.get('text');
  if (text !== null) {
    if (text.length > MAX_TEXT || !text.trim()) bad('text');
    else state.text = text;
  }
  const model = params.get('model');
  if (model !== null) {
    if (catalog.models.some((m) => m.id === model)) state.model = model;
    else bad('model');
  }
  for (const spec of table.filter(UI_OPTION)) {
    const raw = params.get(spec.name);
    if (raw === null) continue;
    const v = parseOption(spec, raw);
    const inRange = v !== undefined && (typeof v !== 'number' || spec.min === undefined || (v >= spec.min && v <= (spec.max ?? Infinity)));
    if (inRange) state.options[spec.name] = v;
    else bad(spec.name);
  }
  /** @param {string} name @param {number} lo @param {number} hi @param {string} [key] */
  const num = (name, lo, hi, key = name) => {
    const raw = params.get(name);
    if (raw === null) return;
    const v = intIn(raw, lo, hi);
    if (v === undefined) bad(name); else fields[key] = v - 1;  // links count from 1
  };
  num('step', 1, 100000);
  num('sentence', 1, 1000);
  // a layer or head: 1-based (1..64), or its named alternative (alignment, mean); the encoder
  // self-attention's (Transformers) as selfLayer=N, selfHead=N|mean
  /** @param {string} name @param {string} key @param {string} [word] */
  const indexOr = (name, key, word = '') => {
    if (word && params.get(name) === word) fields[key] = word;
    else num(name, 1, 64, key);
  };
  indexOr('layer', 'layer', 'alignment');
  indexOr('head', 'head', 'mean');
  indexOr('selfLayer', 'encLayer');
  indexOr('selfHead', 'encHead', 'mean');
  const level = params.get('level');
  if (level !== null) {
    if (level === 'piece' || level === 'word') state.level = level;
    else bad('level');
  }
  // lang, speed and nosw: page settings (linkLang, linkSpeed, linkWithoutServiceWorker), not part of the view's state
  const known = new Set(['text', 'model', 'step', 'sentence', 'layer', 'head', 'selfLayer', 'selfHead', 'level', 'lang', 'speed', 'nosw', ...table.map((o) => o.name)]);
  for (const k of params.keys()) if (!known.has(k)) bad(k);
  return { state, problems };
}

/** The page's own query (every reader of the URL takes it from here). */
export function pageParams() {
  return new URLSearchParams(globalThis.location?.search ?? '');
}

/**
 * The catalogue entry id a page opens with: its link's `model` parameter when the catalogue has it,
 * else the default (the demo's main.js and boot.js both ask here).
 * @param {{default: string, models: {id: string}[]}} catalog
 * @param {URLSearchParams} params
 */
export function linkModel(catalog, params) {
  const id = params.get('model');
  return id && catalog.models.some((m) => m.id === id) ? id : catalog.default;
}

/** The UI language the link asks for (`lang`), or null. @param {URLSearchParams} params */
export function linkLang(params) {
  return params.get('lang') || null;
}

/** The animation speed the link asks for (`speed`), when the player offers it. @param {URLSearchParams} params */
export function linkSpeed(params) {
  const speed = Number(params.get('speed'));
  return SPEEDS.includes(speed) ? speed : undefined;
}

/** `nosw`: the page runs without its service worker (tests, benchmarks). @param {URLSearchParams} params */
export function linkWithoutServiceWorker(params) {
  return params.has('nosw');
}

/**
 * The query string of a state: only what differs from the defaults, so links stay short.
 * @param {LinkState} state
 * @param {Record<string, unknown>} defaults  the engine's option defaults
 * @param {{lang?: string, speed?: number}} [page]  page settings the URL carries (language; animation speed when not the default)
 */
export function writeLink(state, defaults, page = {}) {
  const p = new URLSearchParams();
  if (state.text) p.set('text', state.text.slice(0, MAX_TEXT));
  if (state.model) p.set('model', state.model);
  const strategy = state.options.strategy ?? defaults.strategy;
  for (const [k, v] of Object.entries(state.options)) if (v !== undefined && v !== defaults[k] && (k === 'strategy' || strategy)) p.set(k, String(v));
  if (state.sentence) p.set('sentence', String(state.sentence + 1));
  if (state.step !== undefined && state.step >= 0) p.set('step', String(state.step + 1));
  if (state.layer !== undefined && state.layer !== 'alignment') p.set('layer', String(state.layer + 1));
  if (state.head !== undefined && state.head !== 'mean') p.set('head', String(state.head + 1));
  if (state.encLayer !== undefined && state.encLayer !== 0) p.set('selfLayer', String(state.encLayer + 1));
  if (state.encHead !== undefined && state.encHead !== 'mean') p.set('selfHead', String(state.encHead + 1));
  if (state.level === 'word') p.set('level', 'word');
  if (page.lang) p.set('lang', page.lang);
  if (page.speed) p.set('speed', String(page.speed));
  return p;
}
