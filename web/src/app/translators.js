// The one place translators are created. A model is loaded once per page: every controller and widget
// asking for the same file shares its Translator (so one worker, one copy of the weights); a widget
// holds the models it uses until it leaves the page, and the last one to leave frees them.
import { AttnseqError, Translator } from '../index.js';
import { availableOffline, inlined } from './models.js';

/** @typedef {import('./models.js').ModelEntry} ModelEntry */

/** @type {Map<string, Promise<Translator>>} url → its Translator */
const translators = new Map();
/** @type {Map<string, Translator>} url → its Translator, once loaded */
const ready = new Map();
/** @typedef {(p: {loaded: number, total: number | null}) => void} Progress */
/** @type {Map<string, Set<Progress>>} url → who follows its download */
const listeners = new Map();

/** @param {string} id */
function bytesOfInline(id) {
  const b64 = inlined()?.models?.[id];
  if (!b64) throw new Error(`model ${id} is not inlined in this page`);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** The model files this page downloaded (http URLs; inline models and failed loads excluded). */
export function loadedModelUrls() {
  return [...ready.keys()].filter((u) => /^https?:/.test(u));
}

/** Whether the model's loaded Translator lost its worker (WORKER_DIED): the next getTranslator() restarts it. @param {{url: string}} entry */
export function hasFailed(entry) {
  return !!ready.get(entry.url)?.failure;
}

const holders = new Map();  // url → Set of the owners (widgets) that hold its Translator
const unowned = new Set();  // urls asked for without an owner (the demo page): kept for the page's life

/**
 * The shared Translator of a model (loaded on first use, in a Web Worker; loaded again, in a new
 * worker, when the previous one died). With an `owner` (a widget) the model is held for it until
 * releaseTranslators(owner): the last owner's release frees it (its worker ends).
 * @param {ModelEntry} entry
 * @param {(p: {loaded: number, total: number|null}) => void} [onProgress]
 * @param {object} [owner]
 * @returns {Promise<Translator>}
 */
export function getTranslator(entry, onProgress, owner) {
  const key = entry.url;
  if (!owner) unowned.add(key);
  else if (/** @type {{isConnected?: boolean}} */ (owner).isConnected === false) freeUnheld(key);  // asked for by a widget already removed
  else holdTranslators(owner, [key]);
  const dead = ready.get(key);
  if (dead?.failure) {
    ready.delete(key);
    translators.delete(key);
    dead.dispose();
  }
  if (onProgress) listeners.set(key, (listeners.get(key) ?? new Set()).add(onProgress));
  let promise = translators.get(key);
  if (!promise) {
    const progress = (/** @type {{loaded: number, total: number | null}} */ p) => { for (const fn of listeners.get(key) ?? []) fn(p); };
    const inline = key.startsWith('inline:');
    // A single-file page cannot start a module worker (file:// has no origin): it runs in-thread.
    // A catalogue entry's sha256 is checked after the download (flipped weights load otherwise);
    // inline models came with the page itself.
    const check = !inline && typeof entry.sha256 === 'string' && globalThis.crypto?.subtle ? { sha256: entry.sha256 } : {};
    const loading = notOffline(entry).then(() => Translator.load(inline ? bytesOfInline(entry.id) : key, { onProgress: progress, worker: inline ? false : undefined, ...check }))
      .finally(() => listeners.delete(key));
    loading.then((tr) => { if (translators.get(key) === loading) ready.set(key, tr); },
      () => { if (translators.get(key) === loading) translators.delete(key); });  // a later call may try again
    translators.set(key, (promise = loading));
  }
  return promise;
}

/**
 * Offline, a model this browser does not hold is not asked for (the request could only fail, noisily):
 * it is a LOAD_FAILED error that says it needs the network.
 * @param {ModelEntry} entry
 */
async function notOffline(entry) {
  if (entry.url.startsWith('inline:') || globalThis.navigator?.onLine !== false) return;
  const held = await availableOffline([entry]);
  if (held && !held.has(entry.id)) {
    throw new AttnseqError('LOAD_FAILED', `${entry.file}: this browser is offline and did not download this model before`);
  }
}

/**
 * Lets go of every model `owner` holds (a widget removed from the page): a model no one else holds,
 * and never asked for without an owner, is freed once the current task ends (an element moved in the
 * page is removed and added again in one task: it holds its models again before that). Returns the
 * model URLs it held, for holdTranslators() when it comes back.
 * @param {object} owner
 * @returns {string[]}
 */
export function releaseTranslators(owner) {
  const held = [...holders].filter(([, set]) => set.delete(owner)).map(([url]) => url);
  for (const url of held) freeUnheld(url);
  return held;
}

/**
 * Frees the model of `url` once the current task ends, unless someone holds it then.
 * @param {string} url
 */
function freeUnheld(url) {
  queueMicrotask(() => {
    if (holders.get(url)?.size || unowned.has(url)) return;
    holders.delete(url);
    forgetTranslator({ url });
  });
}

/**
 * Holds the models of `urls` for `owner` again (a widget added back to the page), loading nothing.
 * @param {object} owner
 * @param {string[]} urls
 */
export function holdTranslators(owner, urls) {
  for (const url of urls) {
    if (!holders.has(url)) holders.set(url, new Set());
    holders.get(url).add(owner);
  }
}

/** The number of models held by owners (widgets), and of owners holding them: for tests. */
export function heldTranslators() {
  return { models: holders.size, owners: new Set([...holders.values()].flatMap((s) => [...s])).size };
}

/**
 * Frees a shared translator (e.g. when the model file changed).
 * @param {{url: string}} entry
 */
export async function forgetTranslator(entry) {
  const p = translators.get(entry.url);
  translators.delete(entry.url);
  ready.delete(entry.url);
  if (p) (await p.catch(() => null))?.dispose();
}
