// Registers the service worker (web/sw.js) that keeps the page, the module and the models for
// offline use, tells it what this page loaded before it took control, and reports what it says:
// cached for offline use, or a model changed on the server.
import { t } from '../i18n/index.js';
import { loadedModelUrls } from './models.js';

let registration = null;
let retries = 0;
// Model files the service worker found changed on the server during this page's life. A notice about
// them stays up: the later "available offline" report must not hide it.
const updatedFiles = [];

/**
 * Listens to the service worker at once (a page it controls hears about changed models during its
 * own load), and registers it when `when` resolves (the demo waits for its first translation, so the
 * install's downloads do not compete with the model's).
 * @param {URL} url        of sw.js
 * @param {(msg: string) => void} report
 * @param {Promise<unknown>} [when]
 */
export function registerServiceWorker(url, report, when = Promise.resolve()) {
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  if (new URLSearchParams(location.search).has('nosw')) return;
  navigator.serviceWorker.addEventListener('message', (e) => {
    const m = e.data ?? {};
    if (m.type === 'model-updated') {
      const file = String(m.file ?? '');
      if (!updatedFiles.includes(file)) updatedFiles.push(file);
      document.documentElement.dataset.modelUpdated = updatedFiles.join(' ');
    } else if (m.type === 'cached') {
      // Only when everything a reload needs is in the cache; otherwise ask again a little later.
      if (Array.isArray(m.missing) && m.missing.length) {
        if (retries++ < 20) setTimeout(cacheLoadedResources, 1000);
        return;
      }
      document.documentElement.dataset.offline = 'ready';
    } else {
      return;
    }
    report(updatedFiles.length ? t('sw.modelUpdated', { file: updatedFiles.join(', ') }) : t('sw.ready'));
  });
  when.then(() => navigator.serviceWorker.register(url, { scope: new URL('./', url).href }))
    .then(() => navigator.serviceWorker.ready)
    .then((reg) => { registration = reg; cacheLoadedResources(); })
    .catch((e) => console.warn('attnseq: service worker not registered:', e.message));
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
  for (const u of loadedModelUrls()) urls.add(u);
  sw.postMessage({ type: 'cache', urls: [...urls] });
}
