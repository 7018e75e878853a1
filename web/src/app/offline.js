// Registers the service worker (web/sw.js) that keeps the page, the module and the models for
// offline use, tells it what this page loaded before it took control, and reports what it says:
// cached for offline use, or a model changed on the server.
import { t, withLanguage, onLanguageChange } from '../i18n/index.js';
import { loadedModelUrls } from './translators.js';
import { linkWithoutServiceWorker, pageParams } from './link.js';

/** @type {ServiceWorkerRegistration | null} */
let registration = null;
let retries = 0;
// Models to keep besides those the page loaded: the whole catalogue, so that after the first visit
// every view (compare, score functions, every widget) works offline; empty under data saver.
/** @type {Set<string>} */
const alsoKeep = new Set();
// Model files the service worker found changed on the server during this page's life. A notice about
// them stays up: the later "available offline" report must not hide it.
/** @type {string[]} */
const updatedFiles = [];
// The requests posted to the worker (their id, echoed in its answer) → whether they held a model this
// page loaded (a reload works offline only when that model is kept) and how many models they asked
// the worker to keep (the page's and the catalogue's).
/** @typedef {{withModel: boolean, keep: number}} Ask */
/** @type {Map<number, Ask>} */
const asks = new Map();
let lastAsk = 0;
// The newest request whose answer was taken: the worker answers each request when its downloads end,
// so an earlier, smaller request can be answered after a later one; its answer is then stale.
let lastAnswered = 0;

/**
 * What an answer of the service worker to a 'cache' request means for the page's report.
 * - 'retry': something a reload needs is still missing (ask again a little later);
 * - 'stale': it answers an earlier request than one already answered (it must not replace that report);
 * - 'ignore': the request held no model this page loaded, so a reload offline would have none;
 * - 'ready': everything this page loaded is kept; 'readyAll': and every model of the catalogue too.
 * An answer without id (a worker of an earlier version) is taken as it comes.
 * @param {{id?: number, missing?: unknown, models?: number}} m   the worker's answer
 * @param {Ask | undefined} ask    the request it answers
 * @param {number} newest          the id of the newest request answered before
 * @returns {'retry' | 'stale' | 'ignore' | 'ready' | 'readyAll'}
 */
export function judgeAnswer(m, ask, newest) {
  if (Array.isArray(m.missing) && m.missing.length) return 'retry';
  if (typeof m.id === 'number' && m.id < newest) return 'stale';
  if (ask && !ask.withModel) return 'ignore';
  const keep = ask?.keep ?? alsoKeep.size;
  return keep > 1 && Number(m.models) >= keep ? 'readyAll' : 'ready';
}

/**
 * Listens to the service worker at once (a page it controls hears about changed models during its
 * own load), and registers it when `when` resolves (the demo waits for its first translation, so the
 * install's downloads do not compete with the model's).
 * @param {URL} url        of sw.js
 * @param {(msg: string) => void} report
 * @param {Promise<unknown>} [when]
 * @param {string | null} [lang]  the language of the messages (a page's own, e.g. the tutorial's); default: the UI's
 */
export function registerServiceWorker(url, report, when = Promise.resolve(), lang = null) {
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  if (linkWithoutServiceWorker(pageParams())) return;
  // the last report, said again when the UI's language changes (a page with its own `lang` keeps it)
  /** @type {(() => string) | null} */
  let said = null;
  const say = (/** @type {() => string} */ fn) => { said = fn; report(withLanguage(lang, fn)); };
  if (!lang) onLanguageChange(() => { if (said) report(said()); });  // (for the page's life)
  let all = false, models = 0;  // what the last answer taken said
  navigator.serviceWorker.addEventListener('message', (e) => {
    const m = e.data ?? {};
    if (m.type === 'model-updated') {
      const file = String(m.file ?? '');
      if (!updatedFiles.includes(file)) updatedFiles.push(file);
      document.documentElement.dataset.modelUpdated = updatedFiles.join(' ');
    } else if (m.type === 'cached') {
      // Only when everything a reload needs is in the cache (otherwise ask again a little later), the
      // request held a model this page loaded (the worker registers after 10 s even when the first
      // translation takes longer; its model is then asked for later), and no later request was answered.
      const verdict = judgeAnswer(m, asks.get(m.id), lastAnswered);
      if (verdict === 'retry' && retries++ < 20) setTimeout(cacheLoadedResources, 1000);
      if (verdict !== 'ready' && verdict !== 'readyAll') return;
      if (typeof m.id === 'number') lastAnswered = m.id;
      document.documentElement.dataset.offline = 'ready';
      // "with all n models" only when the worker holds every model the request asked for (its own count)
      all = verdict === 'readyAll';
      models = Number(m.models);
    } else {
      return;
    }
    const files = updatedFiles.join(', '), n = models;
    say(() => (files ? t('sw.modelUpdated', { file: files }) : all ? t('sw.readyAll', { n }) : t('sw.ready')));
  });
  when.then(() => navigator.serviceWorker.register(url, { scope: new URL('./', url).href }))
    .then(() => navigator.serviceWorker.ready)
    .then((reg) => { registration = reg; cacheLoadedResources(); })
    .catch((e) => console.warn('attnseq: service worker not registered:', e.message));
}

/**
 * Adds model files (the catalogue's) to what cacheLoadedResources() asks the service worker to keep:
 * call both once the page's first translation is shown, so that their download does not compete with
 * the model it waits for.
 * Not under the browser's data saver (navigator.connection.saveData): then only the models a page
 * loads are kept. Without a service worker (?nosw, an unsupported browser) nothing is kept.
 * @param {string[]} urls
 */
export function keepModelsOffline(urls) {
  if (/** @type {Navigator & {connection?: {saveData?: boolean}}} */ (navigator).connection?.saveData) return;
  for (const u of urls) alsoKeep.add(u);
}

/**
 * Asks the service worker to keep everything this page has loaded so far (same origin; the rest of
 * what it needs is in precache.json, which the worker cached when it installed) and the models this
 * page downloaded; it answers with what is still missing.
 */
export function cacheLoadedResources() {
  const sw = registration?.active;
  if (!sw) return;
  const urls = new Set([location.href.split('#')[0]]);
  for (const e of performance.getEntriesByType('resource')) {
    try {
      if (new URL(e.name).origin === location.origin && !/\.safetensors$/.test(new URL(e.name).pathname)) urls.add(e.name);
    } catch { /* ignore */ }
  }
  const loaded = loadedModelUrls();
  for (const u of loaded) urls.add(u);
  for (const u of alsoKeep) urls.add(u);
  asks.set(++lastAsk, { withModel: loaded.length > 0, keep: alsoKeep.size });
  sw.postMessage({ type: 'cache', id: lastAsk, urls: [...urls] });
}
