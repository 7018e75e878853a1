// The model catalogue: its entries, what the page compares, the model facts of the contract. The
// catalogue is models/manifest.json (or the URL a page gives); without it the page says so (the
// random-weight test models are for tests only). Its models' Translators: app/translators.js.
import { AttnseqError, Translator } from '../index.js';
import { assetUrl } from '../assets.js';

// The repository root as served (web/src/app/ → ../../../). In a single-file build this module is a
// data: URL, which has no relative URLs: the inlined catalogue is used there instead.
export const MANIFEST_URL = assetUrl('models')?.href ?? 'models/manifest.json';

/**
 * @typedef {Object} ModelEntry   (models/manifest.json "models" item, url resolved)
 * @property {string} id
 * @property {string} file
 * @property {string} url
 * @property {string} src
 * @property {string} tgt
 * @property {string} label
 * @property {'transformer'|'rnn'} arch        written from the file by scripts/manifest_sha256.mjs
 * @property {string} attention                'multihead' | 'additive' | 'dot' | 'general' | 'scaled_dot' | 'none' (idem)
 * @property {string} [data]
 * @property {string} [sha256]
 * @property {number} [bytes]                  the file's size (idem): the loading status's total
 */

/** The inlined catalogue of a single-file build (a JSON <script> element; never executed). */
let inlineData;
export function inlined() {
  if (inlineData !== undefined) return inlineData;
  const el = globalThis.document?.getElementById('attnseq-inline');
  try { inlineData = el ? JSON.parse(el.textContent) : null; } catch { inlineData = null; }
  return inlineData;
}

const manifests = new Map();  // url → Promise (one fetch per page)

/** @returns {Promise<{default: string, models: ModelEntry[]}>} */
export function loadManifest(url = MANIFEST_URL) {
  // A page that shows a catalogue model loads it in a worker: start one now, while the catalogue loads.
  if (!manifests.size && !inlined()) Translator.prewarm();
  if (!manifests.has(url)) {
    const p = fetchManifest(url);
    p.catch(() => manifests.delete(url));  // a later call may try again
    manifests.set(url, p);
  }
  return manifests.get(url);
}

/**
 * The catalogue entry id a page opens with: its link's `model` parameter when the catalogue has it,
 * else the default (the demo's main.js and boot.js both ask here).
 * @param {{default: string, models: ModelEntry[]}} catalog
 * @param {URLSearchParams} params
 */
export function initialModelId(catalog, params) {
  const id = params.get('model');
  return id && catalog.models.some((m) => m.id === id) ? id : catalog.default;
}

const catalogueError = (url, why) => new AttnseqError('LOAD_FAILED', `the model catalogue ${url} could not be loaded: ${why}`);

/**
 * The catalogue, as listed: no request per model (a missing file is a clear error when it is chosen;
 * offline, availableOffline() tells which files the service worker holds).
 */
async function fetchManifest(url) {
  const inline = inlined();
  if (inline) return { default: inline.manifest.default, models: inline.manifest.models.map((m) => ({ ...m, url: `inline:${m.id}` })) };
  let res;
  try {
    res = await fetch(url, { cache: 'no-cache' });
  } catch (e) {
    throw catalogueError(url, `${e?.message ?? e} (offline, and the page was not opened online before?)`);
  }
  if (!res.ok) throw catalogueError(url, `HTTP ${res.status}`);
  let manifest;
  try {
    manifest = await res.json();
  } catch {
    throw catalogueError(url, 'it is not JSON');
  }
  if (!Array.isArray(manifest?.models) || !manifest.models.length) throw catalogueError(url, 'it lists no models');
  const models = manifest.models.map((m) => ({ ...m, url: new URL(m.file, res.url || url).href }));
  const def = models.some((m) => m.id === manifest.default) ? manifest.default : models[0].id;
  return { default: def, models };
}

/**
 * The ids of the catalogue's models whose files this browser holds for offline use (Cache Storage of
 * the service worker); null when there is no Cache Storage (every model needs the network then).
 * @param {ModelEntry[]} models
 * @returns {Promise<Set<string> | null>}
 */
export async function availableOffline(models) {
  if (!globalThis.caches) return null;
  const have = new Set();
  await Promise.all(models.map(async (m) => {
    try { if (await caches.match(m.url, { ignoreSearch: true })) have.add(m.id); } catch { /* not cached */ }
  }));
  return have;
}

/** True for a model without attention (the fixed-context GRU): the catalogue says so, from the file. */
export const isNoAttention = (m) => m.attention === 'none';
/** True for an RNN with attention. */
export const isAttentionRnn = (m) => m.arch === 'rnn' && m.attention !== 'none';
/** A score function's model: an RNN (a conv model also scores with its GRU decoder, but is not one of the bi-GRUs the score comparison compares). */
const rnnScoring = (kind) => (m) => m.arch !== 'conv' && m.attention === kind;

/** The attention score functions of the RNN models, in the order the score comparison shows them. */
export const SCORE_KINDS = ['additive', 'dot', 'general', 'scaled_dot'];

/**
 * The kinds a widget's `model` attribute may name instead of an id, each a test of the catalogue's
 * exact fields: transformer, gru-attn (an RNN with attention, additive first), noattn, conv (the
 * convolutional encoder), or a score function (additive, dot, general, scaled_dot: an RNN's).
 */
/** @type {Record<string, (m: {arch?: string, attention?: string}) => boolean>} */
export const MODEL_KINDS = {
  transformer: (m) => m.arch === 'transformer',
  'gru-attn': isAttentionRnn,
  noattn: isNoAttention,
  conv: (m) => m.arch === 'conv',
  additive: rnnScoring('additive'),
  dot: rnnScoring('dot'),
  general: rnnScoring('general'),
  scaled_dot: rnnScoring('scaled_dot'),
};

/** The (no attention, attention) RNN pair of a language pair, for the Compare view; null when the
 *  catalogue has none for that pair (never models of another pair). */
export function comparePair(models, src, tgt) {
  const same = models.filter((m) => m.src === src && m.tgt === tgt);
  const none = same.find(isNoAttention);
  const attn = same.find((m) => isAttentionRnn(m) && m.attention === 'additive') ?? same.find(isAttentionRnn);
  return none && attn ? [none, attn] : null;
}

/**
 * The models the chart compares for a language pair: without attention, the attention GRU of the
 * comparison (not every score function: those have their own section) and the Transformers; one
 * colour each.
 */
export function chartModels(models, src, tgt) {
  const pair = comparePair(models, src, tgt);
  return models.filter((m) => m.src === src && m.tgt === tgt && (!isAttentionRnn(m) || !pair || pair.includes(m)));
}

/**
 * The contract's ModelInfo: the model's facts from the engine's info (the loaded file), the label and
 * languages from the catalogue entry.
 * @returns {import('../state/schema.js').ModelInfo}
 */
export function modelInfo(entry, info) {
  const c = info.config;
  const tf = c.arch === 'transformer';
  return {
    id: entry.id, label: entry.label, arch: c.arch, quantized: info.quantized, config: c,
    attention: tf ? 'multihead' : c.attention, src: entry.src, tgt: entry.tgt,
    decLayers: tf ? c.decLayers : 1, encLayers: tf ? c.encLayers : 0, heads: tf ? c.heads : 1,
    hasAttention: info.hasAttention, bos: info.controlIds.bosPiece, eos: info.controlIds.eosPiece,
    description: info.description ?? '',
    confidence: entry.confidence ? { token: entry.confidence.token, sentence: entry.confidence.sentence } : null,
  };
}
