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
 * @property {string | Record<string, string>} [label]  its name ({en, zh}); app/model-names.js modelLabel()
 * @property {'transformer'|'rnn'|'conv'} arch  written from the file by scripts/manifest_sha256.mjs
 * @property {string} attention                'multihead' | 'additive' | 'dot' | 'general' | 'scaled_dot' | 'none' (idem)
 * @property {import('./paths.js').EncoderFacts} [encoder]  (idem)
 * @property {{token: number, sentence: number}} [confidence]  the unsure marks' thresholds (train/calibrate_confidence.py)
 * @property {string} [data]
 * @property {string} [sha256]
 * @property {number} [bytes]                  the file's size (idem): the loading status's total
 */
/** @typedef {{default: string, models: ModelEntry[]}} Catalog */
/**
 * What a single-file build inlines (scripts/build_single_file.mjs): its catalogue (no url yet) and the
 * models' bytes in base64, by id.
 * @typedef {{manifest: {default: string, models: Omit<ModelEntry, 'url'>[]}, models: Record<string, string>}} InlineData
 */

/** @type {InlineData | null | undefined} */
let inlineData;
/** The inlined catalogue of a single-file build (a JSON <script> element; never executed). */
export function inlined() {
  if (inlineData !== undefined) return inlineData;
  const el = globalThis.document?.getElementById('attnseq-inline');
  try { inlineData = el ? JSON.parse(el.textContent ?? '') : null; } catch { inlineData = null; }
  return inlineData;
}

/** @type {Map<string, Promise<Catalog>>} url → the catalogue (one fetch per page) */
const manifests = new Map();

/** @param {string} [url] @returns {Promise<Catalog>} */
export function loadManifest(url = MANIFEST_URL) {
  // A page that shows a catalogue model loads it in a worker: start one now, while the catalogue loads.
  if (!manifests.size && !inlined()) Translator.prewarm();
  let p = manifests.get(url);
  if (!p) {
    p = fetchManifest(url);
    p.catch(() => manifests.delete(url));  // a later call may try again
    manifests.set(url, p);
  }
  return p;
}

const catalogueError = (/** @type {string} */ url, /** @type {string} */ why) => new AttnseqError('LOAD_FAILED', `the model catalogue ${url} could not be loaded: ${why}`);

/**
 * The catalogue, as listed: no request per model (a missing file is a clear error when it is chosen;
 * offline, availableOffline() tells which files the service worker holds).
 * @param {string} url
 * @returns {Promise<Catalog>}
 */
async function fetchManifest(url) {
  const inline = inlined();
  if (inline) return { default: inline.manifest.default, models: inline.manifest.models.map((m) => ({ ...m, url: `inline:${m.id}` })) };
  let res;
  try {
    res = await fetch(url, { cache: 'no-cache' });
  } catch (e) {
    throw catalogueError(url, `${/** @type {{message?: unknown} | null | undefined} */ (e)?.message ?? e} (offline, and the page was not opened online before?)`);
  }
  if (!res.ok) throw catalogueError(url, `HTTP ${res.status}`);
  let manifest;
  try {
    manifest = await res.json();  // (untyped: checked below as far as the page needs)
  } catch {
    throw catalogueError(url, 'it is not JSON');
  }
  if (!Array.isArray(manifest?.models) || !manifest.models.length) throw catalogueError(url, 'it lists no models');
  /** @type {ModelEntry[]} */
  const models = manifest.models.map((/** @type {Omit<ModelEntry, 'url'>} */ m) => ({ ...m, url: new URL(m.file, res.url || url).href }));
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
  /** @type {Set<string>} */
  const have = new Set();
  await Promise.all(models.map(async (m) => {
    try { if (await caches.match(m.url, { ignoreSearch: true })) have.add(m.id); } catch { /* not cached */ }
  }));
  return have;
}

/** The fields of an entry the kinds are told by. @typedef {{arch?: string, attention?: string}} Kinded */
/** True for a model without attention (the fixed-context GRU): the catalogue says so, from the file. */
export const isNoAttention = (/** @type {Kinded} */ m) => m.attention === 'none';
/** True for an RNN with attention. */
export const isAttentionRnn = (/** @type {Kinded} */ m) => m.arch === 'rnn' && m.attention !== 'none';
/** A score function's model: an RNN (a conv model also scores with its GRU decoder, but is not one of the bi-GRUs the score comparison compares). */
const rnnScoring = (/** @type {string} */ kind) => (/** @type {Kinded} */ m) => m.arch !== 'conv' && m.attention === kind;

/** The attention score functions of the RNN models, in the order the score comparison shows them. */
export const SCORE_KINDS = ['additive', 'dot', 'general', 'scaled_dot'];

/**
 * The kinds a widget's `model` attribute may name instead of an id, each a test of the catalogue's
 * exact fields: transformer, gru-attn (an RNN with attention, additive first), noattn, conv (the
 * convolutional encoder), or a score function (additive, dot, general, scaled_dot: an RNN's).
 */
/** @type {Record<string, (m: Kinded) => boolean>} */
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

/**
 * The (no attention, attention) RNN pair of a language pair, for the Compare view; null when the
 * catalogue has none for that pair (never models of another pair).
 * @param {ModelEntry[]} models @param {string} src @param {string} tgt
 * @returns {[ModelEntry, ModelEntry] | null}
 */
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
 * @param {ModelEntry[]} models @param {string} src @param {string} tgt
 */
export function chartModels(models, src, tgt) {
  const pair = comparePair(models, src, tgt);
  return models.filter((m) => m.src === src && m.tgt === tgt && (!isAttentionRnn(m) || !pair || pair.includes(m)));
}

/**
 * The contract's ModelInfo: the model's facts from the engine's info (the loaded file), the label and
 * languages from the catalogue entry.
 * @param {ModelEntry} entry
 * @param {import('../index.js').ModelInfo} info  Translator.info
 * @returns {import('../state/schema.js').ModelInfo}
 */
export function modelInfo(entry, info) {
  const c = info.config;
  const tf = c.arch === 'transformer';
  // (the engine's config has the fields of its arch: attention for rnn and conv, the layers and heads for transformer)
  const n = (/** @type {number | undefined} */ v) => /** @type {number} */ (v);
  return {
    id: entry.id, label: entry.label, arch: c.arch, quantized: info.quantized, config: c,
    attention: tf ? 'multihead' : /** @type {string} */ (c.attention), src: entry.src, tgt: entry.tgt,
    decLayers: tf ? n(c.decLayers) : 1, encLayers: tf ? n(c.encLayers) : 0, heads: tf ? n(c.heads) : 1,
    hasAttention: info.hasAttention, bos: info.controlIds.bosPiece, eos: info.controlIds.eosPiece,
    description: info.description ?? '',
    confidence: entry.confidence ? { token: entry.confidence.token, sentence: entry.confidence.sentence } : null,
  };
}
